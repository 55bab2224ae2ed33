#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "roofline/io/json_io.h"
#include "roofline/io/preset_library.h"

namespace roofline {
namespace {

namespace fs = std::filesystem;

const fs::path kPresetsDir = ROOFLINE_PRESETS_DIR;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<fs::path> files_in(std::string_view kind) {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(kPresetsDir / kind)) {
    if (e.path().extension() == ".json") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

const PresetLibrary& lib() { return PresetLibrary::builtin(); }

TEST(PresetLibrary, EmbedsEveryFileOfTheSourceTree) {
  const std::pair<std::string_view, const std::vector<PresetEntry>*> kinds[] = {
      {"gpus", &lib().gpus()}, {"models", &lib().models()}, {"scenarios", &lib().scenarios()}};
  for (const auto& [kind, entries] : kinds) {
    auto files = files_in(kind);
    ASSERT_FALSE(files.empty()) << kind;
    ASSERT_EQ(entries->size(), files.size()) << kind;
    for (size_t i = 0; i < files.size(); ++i) {
      const PresetEntry& e = (*entries)[i];
      EXPECT_EQ(e.id, files[i].stem().string());
      EXPECT_EQ(e.origin, "presets/" + std::string(kind) + "/" + files[i].filename().string());
      EXPECT_EQ(e.text, slurp(files[i])) << e.origin << " differs from the embedded copy";
      EXPECT_FALSE(e.name.empty());
    }
  }
}

TEST(PresetLibrary, EntriesAreSortedById) {
  for (const auto* entries : {&lib().gpus(), &lib().models(), &lib().scenarios()}) {
    EXPECT_TRUE(std::is_sorted(entries->begin(), entries->end(),
                               [](const auto& a, const auto& b) { return a.id < b.id; }));
  }
}

TEST(PresetLibrary, EveryBuiltinGpuParsesAndValidates) {
  for (const auto& e : lib().gpus()) {
    auto g = lib().gpu(e.id);
    ASSERT_TRUE(g) << g.error();
    EXPECT_EQ(g->id, e.id);
    EXPECT_EQ(g->name, e.name);
    EXPECT_FALSE(g->source.empty())
        << e.origin << ": every preset says where its numbers come from";
    // A roof for the usual math, or a note saying what the vendor does not publish.
    EXPECT_TRUE(g->peak(Precision::bf16) || g->peak(Precision::fp16) || g->peak(Precision::fp32) ||
                !g->peak_flops_note.empty())
        << e.origin;
  }
}

// Issue 27: every GPU preset has a calibration, fitted on its measurements or a prior carried
// over from a fitted one (tools/fit_priors.py), and says which; exactly one kind per GPU.
TEST(PresetLibrary, EveryBuiltinGpuHasACalibrationThatSaysWhetherItIsAPrior) {
  int priors = 0;
  for (const auto& e : lib().gpus()) {
    const std::vector<std::string> ids = lib().calibrations_for(e.id);
    ASSERT_FALSE(ids.empty()) << e.id << " has no calibration";
    bool fitted = false, prior = false;
    for (const std::string& id : ids) {
      auto c = lib().calibration(id);
      ASSERT_TRUE(c) << c.error();
      if (c->prior_from.empty()) {
        fitted = true;
        continue;
      }
      prior = true;
      // A prior carries a fitted calibration over, and every interval it gives is a transfer's.
      auto anchor = lib().calibration(c->prior_from);
      ASSERT_TRUE(anchor) << id << ": " << anchor.error();
      EXPECT_TRUE(anchor->prior_from.empty()) << id;
      EXPECT_EQ(c->kernel_latency_s, anchor->kernel_latency_s) << id;
      EXPECT_EQ(c->step_overhead_s, anchor->step_overhead_s) << id;
      EXPECT_EQ(c->step_overhead_per_sequence_s, anchor->step_overhead_per_sequence_s) << id;
      EXPECT_EQ(c->allreduce_latency_s, anchor->allreduce_latency_s) << id;
      for (const CalibrationError& err : c->errors)
        EXPECT_TRUE(err.interval_transfer && err.points == 0) << id << " " << err.metric;
    }
    EXPECT_NE(fitted, prior) << e.id << ": fitted and a prior at once";
    priors += prior ? 1 : 0;
  }
  // 7 GPUs have fitted calibrations (H100 SXM, NVL, PCIe; H200; A100 80 and 40 GB; MI300X).
  EXPECT_EQ(priors, static_cast<int>(lib().gpus().size()) - 7);
}

TEST(PresetLibrary, EveryBuiltinModelParsesAndValidates) {
  for (const auto& e : lib().models()) {
    auto m = lib().model(e.id);
    ASSERT_TRUE(m) << m.error();
    EXPECT_EQ(m->id, e.id);
    EXPECT_EQ(validate(m.value()), "");
    EXPECT_FALSE(m->source.empty()) << e.origin;
  }
}

// The files themselves, as a user would load them by path (ids in the files match their names).
TEST(PresetLibrary, EverySourceFileLoadsByPath) {
  for (const auto& f : files_in("gpus")) {
    auto by_path = lib().gpu(f.string());
    ASSERT_TRUE(by_path) << by_path.error();
    EXPECT_EQ(by_path->id, f.string());
    auto own = parse_gpu(slurp(f), f.string());
    ASSERT_TRUE(own) << own.error();
    EXPECT_EQ(own->id, f.stem().string()) << f << ": its \"id\" should be its file name";
  }
  for (const auto& f : files_in("models")) {
    auto m = lib().model(f.string());
    ASSERT_TRUE(m) << m.error();
    EXPECT_EQ(m->id, f.string());
  }
  // (Scenario files: tests/persist/preset_scenario_test.cpp.)
}

TEST(PresetLibrary, KnownPresetValues) {
  auto h100 = lib().gpu("h100-sxm");
  ASSERT_TRUE(h100) << h100.error();
  EXPECT_EQ(h100->peak(Precision::bf16), 989e12);
  EXPECT_EQ(h100->peak(Precision::fp8), 1979e12);
  EXPECT_EQ(h100->memory_bandwidth_bytes_per_s, 3.35e12);
  EXPECT_EQ(h100->memory_capacity_bytes, 81559.0 * 1048576);  // nvidia-smi's total, not 80e9

  auto llama = lib().model("llama-3-8b");
  ASSERT_TRUE(llama) << llama.error();
  EXPECT_EQ(llama->layers, 32);
  EXPECT_EQ(llama->hidden, 4096);
  EXPECT_EQ(llama->heads, 32);
  EXPECT_EQ(llama->kv_heads, 8);
  EXPECT_EQ(llama->head_dim, 128);
  EXPECT_EQ(find_ffn(*llama, FfnKind::dense)->width, 14336);
  EXPECT_EQ(llama->vocab, 128256);
  EXPECT_TRUE(llama->gated_mlp);

  auto ds = lib().model("deepseek-v3");
  ASSERT_TRUE(ds) << ds.error();
  const FfnType* ds_moe = find_ffn(*ds, FfnKind::moe);
  ASSERT_TRUE(ds->mla && ds_moe);
  EXPECT_EQ(ds->head_dim, 192);
  EXPECT_EQ(ds_moe->moe.experts, 256);
  EXPECT_EQ(ffn_layers(*ds, FfnKind::dense), 3);
  EXPECT_EQ(kv_elements_per_token(ds.value()), 576);

  auto mixtral = lib().model("mixtral-8x7b");
  ASSERT_TRUE(mixtral) << mixtral.error();
  const FfnType* mixtral_moe = find_ffn(*mixtral, FfnKind::moe);
  ASSERT_TRUE(mixtral_moe);
  EXPECT_EQ(mixtral_moe->moe.experts, 8);
  EXPECT_EQ(mixtral_moe->moe.top_k, 2);
  EXPECT_EQ(mixtral_moe->moe.width, 14336);

  auto gpt2 = lib().model("gpt2-small");
  ASSERT_TRUE(gpt2) << gpt2.error();
  EXPECT_FALSE(gpt2->gated_mlp);
  EXPECT_TRUE(gpt2->tie_word_embeddings);
}

TEST(PresetLibrary, UnknownIdListsEveryValidId) {
  std::string ids;
  for (const auto& e : lib().gpus()) ids += (ids.empty() ? "" : ", ") + e.id;
  auto r = lib().gpu("h900");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), "unknown GPU 'h900': expected one of " + ids + " or a path to a .json file");
  EXPECT_NE(r.error().find("h100-sxm"), std::string::npos);

  auto m = lib().model("llama-9");
  ASSERT_FALSE(m);
  EXPECT_EQ(m.error().rfind("unknown model 'llama-9': expected one of ", 0), 0u) << m.error();
  // (Scenarios: tests/persist/preset_scenario_test.cpp.)
}

TEST(PresetLibrary, MissingFileNamesThePath) {
  auto r = lib().model("/no/such/config.json");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), "/no/such/config.json: cannot read (No such file or directory)");
}

// A config without _name is named by its folder (a config.json), its Hugging Face cache repo,
// or its file: the whole path crowded the title, the model list, the status line and figures.
TEST(PresetLibrary, AModelWithoutANameIsNamedByItsFolderOrFile) {
  EXPECT_EQ(model_display_name("/home/u/Llama-3.1-8B/config.json"), "Llama-3.1-8B");
  EXPECT_EQ(model_display_name("/home/u/Llama-3.1-8B/"), "Llama-3.1-8B");
  EXPECT_EQ(model_display_name("/c/hub/models--meta-llama--Llama-3.1-8B/snapshots/0e9e39f/"),
            "meta-llama/Llama-3.1-8B");
  EXPECT_EQ(
      model_display_name("/c/hub/models--meta-llama--Llama-3.1-8B/snapshots/0e9e39f/config.json"),
      "meta-llama/Llama-3.1-8B");
  EXPECT_EQ(model_display_name("models/qwen3-8b.json"), "qwen3-8b");
  EXPECT_EQ(model_display_name("llama-3-8b"), "llama-3-8b");
  EXPECT_EQ(model_display_name("./config.json"), "./config.json");
  EXPECT_EQ(model_display_name("/"), "/");  // the loop over trailing slashes ends at the root
  // ORG/NAME from the Hugging Face cache keeps its organisation.
  EXPECT_EQ(model_display_name("no-such-org/No-Such-Model"), "no-such-org/No-Such-Model");
}

TEST(PresetLibrary, UserConfigJsonByPath) {
  fs::path dir = fs::temp_directory_path() / "roofline_io_user_model";
  fs::create_directories(dir);
  fs::path file = dir / "config.json";
  std::ofstream(file) << R"({"architectures": ["Qwen2ForCausalLM"], "hidden_act": "silu",
    "hidden_size": 3584, "intermediate_size": 18944, "num_attention_heads": 28,
    "num_hidden_layers": 28, "num_key_value_heads": 4, "vocab_size": 152064,
    "tie_word_embeddings": false, "torch_dtype": "bfloat16"})";
  auto m = lib().model(file.string());
  ASSERT_TRUE(m) << m.error();
  EXPECT_EQ(m->id, file.string());
  EXPECT_EQ(m->name, "roofline_io_user_model");  // its folder, not the whole path (issue 28)
  EXPECT_EQ(m->layers, 28);
  EXPECT_EQ(m->kv_heads, 4);
  EXPECT_EQ(m->head_dim, 128);  // 3584 / 28

  std::ofstream(file) << R"({"hidden_size": 3584})";
  auto bad = lib().model(file.string());
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error(),
            file.string() + ": num_hidden_layers: missing, expected a positive integer");
  fs::remove_all(dir);
}

TEST(PresetLibrary, DefaultScenario) {
  Scenario s = lib().default_scenario();
  EXPECT_EQ(s.gpu.id, "h100-sxm");
  EXPECT_EQ(s.model.id, "llama-3-8b");
  EXPECT_EQ(s.phase, Phase::decode);
  EXPECT_EQ(s.batch, 1);
  EXPECT_EQ(s.seq, 1024);
  EXPECT_EQ(s.weights, std::nullopt);  // "auto": Llama-3-8B has no quantization_config, so bf16
  EXPECT_TRUE(s.flash_attention);
  EXPECT_EQ(s.memory_utilization, 0.9);
}

TEST(PresetLibrary, DefaultScenarioWithoutPresetsFileUsesTheDocumentedDefaults) {
  const PresetLibrary& b = lib();
  PresetLibrary no_scenarios(b.gpus(), b.models(), {});
  Scenario s = no_scenarios.default_scenario();
  EXPECT_EQ(s.gpu.id, "h100-sxm");
  EXPECT_EQ(s.model.id, "llama-3-8b");
  EXPECT_EQ(s.batch, 1);
  EXPECT_EQ(s.seq, 1024);
}

}  // namespace
}  // namespace roofline
