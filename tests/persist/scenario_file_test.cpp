// scenario_file.h: scenario files as text (the workload, the view, the unknown keys kept for
// saving), and the scenarios of `roofline-cli list --format json`.
#include "roofline/persist/scenario_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "roofline/io/json_io.h"
#include "roofline/io/preset_library.h"
#include "roofline/io/preset_list.h"

namespace roofline {
namespace {

constexpr const char* kGpuA = R"({"name": "GPU A", "memory_bandwidth": 2e12,
  "memory_capacity": 40e9, "peak_flops": {"bf16": 300e12, "fp8": 600e12}})";
constexpr const char* kGpuB = R"({"name": "GPU B", "memory_bandwidth": 4e12,
  "memory_capacity": 80e9, "peak_flops": {"bf16": 1000e12}})";
constexpr const char* kModel = R"({"_name": "Tiny", "num_hidden_layers": 4, "hidden_size": 512,
  "num_attention_heads": 8, "num_key_value_heads": 2, "intermediate_size": 1024,
  "vocab_size": 1000})";

// A library of inline presets whose ids are also the interfaces.md defaults.
const PresetLibrary& library() {
  static const PresetLibrary lib({{"gpu-b", "GPU B", "presets/gpus/gpu-b.json", kGpuB},
                                  {"h100-sxm", "GPU A", "presets/gpus/h100-sxm.json", kGpuA}},
                                 {{"llama-3-8b", "Tiny", "presets/models/llama-3-8b.json", kModel}},
                                 {});
  return lib;
}

std::string error_of(const std::string& text) {
  auto r = parse_scenario(text, "scenarios/bad.json", library());
  EXPECT_FALSE(r) << "parsed: " << text;
  return r ? std::string() : r.error();
}

TEST(ScenarioJson, MissingKeysTakeTheDefaults) {
  auto r = parse_scenario("{}", "<string>", library());
  ASSERT_TRUE(r) << r.error();
  const Scenario& s = r.value().scenario;
  EXPECT_EQ(s.gpu.id, "h100-sxm");
  EXPECT_EQ(s.gpu.name, "GPU A");
  EXPECT_EQ(s.model.id, "llama-3-8b");
  EXPECT_FALSE(s.compare_gpu.has_value());
  EXPECT_EQ(s.phase, Phase::decode);
  EXPECT_EQ(s.batch, 1);
  EXPECT_EQ(s.seq, 1024);
  EXPECT_EQ(s.weights, std::nullopt);  // auto: the config's quantization, else bf16
  EXPECT_EQ(s.expert_weights, std::nullopt);
  EXPECT_EQ(weight_formats(s).of(WeightGroup::mixer).precision, Precision::bf16);
  EXPECT_EQ(s.activations, Precision::bf16);
  EXPECT_EQ(s.kv, Precision::bf16);
  EXPECT_TRUE(s.flash_attention);
  EXPECT_FALSE(s.fuse_elementwise);
  EXPECT_EQ(s.tp, 1);
  EXPECT_EQ(s.compute_efficiency, 1.0);
  EXPECT_EQ(s.memory_efficiency, 1.0);
  EXPECT_EQ(s.memory_utilization, 0.9);
  EXPECT_EQ(r.value().view, ChartView{});
  EXPECT_EQ(r.value().extra_keys_json, "");
}

constexpr const char* kFull = R"({
  "_description": "kept verbatim",
  "gpu": "gpu-b", "model": "llama-3-8b", "compare_gpu": "h100-sxm",
  "phase": "prefill", "batch": 8, "seq": 2048,
  "weights": "fp8", "activations": "bf16", "kv": "fp8",
  "flash_attention": false, "fuse_elementwise": true, "tp": 2,
  "compute_efficiency": 0.7, "memory_efficiency": 0.85, "memory_utilization": 0.95,
  "view": {"x_min": 0.1, "x_max": 10000, "y_min": null, "y_max": 2e15,
           "show_ops": true, "show_trail": false, "theme": "dark", "legend": "lower right",
           "pinned": ["fc"]},
  "future_knob": {"a": [1, 2, 3]}
})";

TEST(ScenarioJson, ReadsEveryKey) {
  auto r = parse_scenario(kFull, "<string>", library());
  ASSERT_TRUE(r) << r.error();
  const Scenario& s = r.value().scenario;
  const ChartView& view = r.value().view;
  EXPECT_EQ(s.gpu.id, "gpu-b");
  EXPECT_EQ(s.gpu.memory_bandwidth_bytes_per_s, 4e12);
  ASSERT_TRUE(s.compare_gpu.has_value());
  EXPECT_EQ(s.compare_gpu->id, "h100-sxm");
  EXPECT_EQ(s.phase, Phase::prefill);
  EXPECT_EQ(s.batch, 8);
  EXPECT_EQ(s.seq, 2048);
  EXPECT_EQ(s.weights, Precision::fp8);
  EXPECT_EQ(s.activations, Precision::bf16);
  EXPECT_EQ(s.kv, Precision::fp8);
  EXPECT_FALSE(s.flash_attention);
  EXPECT_TRUE(s.fuse_elementwise);
  EXPECT_EQ(s.tp, 2);
  EXPECT_EQ(s.compute_efficiency, 0.7);
  EXPECT_EQ(s.memory_efficiency, 0.85);
  EXPECT_EQ(s.memory_utilization, 0.95);
  EXPECT_EQ(view.x_min, 0.1);
  EXPECT_EQ(view.x_max, 10000.0);
  EXPECT_FALSE(view.y_min.has_value());
  EXPECT_EQ(view.y_max, 2e15);
  EXPECT_TRUE(view.show_ops);
  EXPECT_FALSE(view.show_trail);
  EXPECT_TRUE(view.show_fc);
  EXPECT_EQ(view.theme, ChartTheme::dark);
  EXPECT_EQ(view.legend, LegendPlace::lower_right);
  EXPECT_EQ(
      r.value().extra_keys_json,
      R"({"view":{"pinned":["fc"]},"_description":"kept verbatim","future_knob":{"a":[1,2,3]}})");
}

TEST(ScenarioJson, RoundTripKeepsEverythingIncludingUnknownKeys) {
  auto first = parse_scenario(kFull, "<string>", library());
  ASSERT_TRUE(first) << first.error();
  std::string saved = scenario_to_json(first.value());
  EXPECT_NE(saved.find("\"_description\": \"kept verbatim\""), std::string::npos) << saved;
  EXPECT_NE(saved.find("\"pinned\""), std::string::npos) << saved;
  auto second = parse_scenario(saved, "<string>", library());
  ASSERT_TRUE(second) << second.error() << "\n" << saved;
  EXPECT_EQ(first.value(), second.value());
  EXPECT_EQ(scenario_to_json(second.value()), saved);
}

TEST(ScenarioJson, DefaultsRoundTrip) {
  auto first = parse_scenario("{}", "<string>", library());
  ASSERT_TRUE(first);
  auto second = parse_scenario(scenario_to_json(first.value()), "<string>", library());
  ASSERT_TRUE(second) << second.error();
  EXPECT_EQ(first.value(), second.value());
}

TEST(ScenarioJson, UnknownPresetIdListsTheValidOnes) {
  EXPECT_EQ(error_of(R"({"gpu": "h900"})"),
            "scenarios/bad.json: gpu: unknown GPU 'h900': expected one of gpu-b, h100-sxm or a "
            "path to a .json file");
  EXPECT_EQ(error_of(R"({"model": "llama-9"})"),
            "scenarios/bad.json: model: unknown model 'llama-9': expected one of llama-3-8b or a "
            "path to a .json file, a folder or a model id in the Hugging Face cache");
  EXPECT_EQ(error_of(R"({"compare_gpu": "nope"})"),
            "scenarios/bad.json: compare_gpu: unknown GPU 'nope': expected one of gpu-b, "
            "h100-sxm or a path to a .json file");
}

TEST(ScenarioJson, UnknownPrecision) {
  EXPECT_EQ(error_of(R"({"weights": "fp7"})"),
            "scenarios/bad.json: weights: expected \"auto\" or one of fp32, tf32, bf16, fp16, fp8, "
            "int8, fp4, int4, mxfp4, nvfp4, got \"fp7\"");
  EXPECT_EQ(error_of(R"({"kv": 8})"),
            "scenarios/bad.json: kv: expected one of fp32, tf32, bf16, fp16, fp8, int8, fp4, "
            "int4, mxfp4, nvfp4, got 8");
}

TEST(ScenarioJson, BatchOutOfRange) {
  EXPECT_EQ(error_of(R"({"batch": 0})"),
            "scenarios/bad.json: batch must be between 1 and 1000000, got 0");
  EXPECT_EQ(error_of(R"({"batch": 1e12})"),
            "scenarios/bad.json: batch must be between 1 and 1000000, got 1000000000000");
  EXPECT_EQ(error_of(R"({"batch": 1000000000000})"),
            "scenarios/bad.json: batch must be between 1 and 1000000, got 1000000000000");
  EXPECT_EQ(error_of(R"({"seq": -4})"),
            "scenarios/bad.json: seq must be between 1 and 10000000, got -4");
}

// The integer rule of every reader (io's json_reader.h): a float with no fraction is an integer.
TEST(ScenarioJson, IntegersMayBeWrittenAsWholeFloats) {
  auto r = parse_scenario(R"({"batch": 64.0, "seq": 4096.0, "tp": 2.0})", "<string>", library());
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->scenario.batch, 64);
  EXPECT_EQ(r->scenario.seq, 4096);
  EXPECT_EQ(r->scenario.tp, 2);
}

// A knob's type error says what the knob takes, as a lesson change's does (knobs.h expected()).
TEST(ScenarioJson, WrongTypes) {
  EXPECT_EQ(error_of(R"({"batch": "8"})"),
            "scenarios/bad.json: batch: expected a positive integer, got \"8\"");
  EXPECT_EQ(error_of(R"({"batch": 2.5})"),
            "scenarios/bad.json: batch: expected a positive integer, got 2.5");
  EXPECT_EQ(error_of(R"({"memory_efficiency": "high"})"),
            "scenarios/bad.json: memory_efficiency: expected a number in [0.01, 1], got \"high\"");
  EXPECT_EQ(error_of(R"({"flash_attention": "yes"})"),
            "scenarios/bad.json: flash_attention: expected true or false, got \"yes\"");
  EXPECT_EQ(error_of(R"({"phase": "train"})"),
            "scenarios/bad.json: phase: expected \"prefill\" or \"decode\", got \"train\"");
  EXPECT_EQ(error_of(R"({"gpu": 3})"),
            "scenarios/bad.json: gpu: expected a preset id or a path to a .json file, got 3");
  EXPECT_EQ(error_of(R"({"view": {"theme": "blue"}})"),
            "scenarios/bad.json: view.theme: expected \"light\" or \"dark\", got \"blue\"");
  EXPECT_EQ(error_of(R"({"view": {"legend": "center"}})"),
            "scenarios/bad.json: view.legend: expected \"best\", \"upper left\", \"upper right\", "
            "\"lower left\" or \"lower right\", got \"center\"");
  EXPECT_EQ(
      error_of(R"({"view": {"x_min": -1}})"),
      "scenarios/bad.json: view.x_min: expected a positive number (FLOP/byte) or null, got -1");
  EXPECT_EQ(error_of(R"({"view": []})"), "scenarios/bad.json: view: expected an object, got []");
  // The view is read before the workload is validated, as before the view moved to persist: a
  // bad view is named first.
  EXPECT_EQ(error_of(R"({"batch": 0, "view": {"theme": "blue"}})"),
            "scenarios/bad.json: view.theme: expected \"light\" or \"dark\", got \"blue\"");
}

TEST(ScenarioJson, EfficiencyOutOfRange) {
  std::string e = error_of(R"({"compute_efficiency": 1.5})");
  EXPECT_EQ(e.rfind("scenarios/bad.json: compute_efficiency must be in [0.01, 1], got 1.5", 0), 0u)
      << e;
}

TEST(ScenarioJson, MalformedJson) {
  std::string e = error_of("{\"batch\": 4,,}");
  EXPECT_EQ(e.rfind("scenarios/bad.json: invalid JSON at line 1, column 13: ", 0), 0u) << e;
}

TEST(ScenarioJson, RelativeGpuPathResolvesAgainstTheScenarioFolder) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / "roofline_io_scenario_test";
  fs::create_directories(dir / "hw");
  std::ofstream(dir / "hw" / "mine.json") << kGpuB;
  auto r = parse_scenario(R"({"gpu": "hw/mine.json"})", "s.json", library(), dir.string());
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->scenario.gpu.name, "GPU B");
  EXPECT_EQ(r->scenario.gpu.id, (dir / "hw" / "mine.json").string());  // absolute: saves portably

  // The same reference from another folder names the missing file.
  auto missing = parse_scenario(R"({"gpu": "hw/mine.json"})", "s.json", library(), "/nonexistent");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error(),
            "s.json: gpu: /nonexistent/hw/mine.json: cannot read (No such file or directory)");
  fs::remove_all(dir);
}

Scenario llama_8b() {
  Scenario s = PresetLibrary::builtin().default_scenario();
  s.gpu = PresetLibrary::builtin().gpu("h100-sxm").value();
  s.model = PresetLibrary::builtin().model("llama-3-8b").value();
  return s;
}

TEST(ScenarioToJson, WritesEveryKey) {
  using nlohmann::json;
  json j = json::parse(scenario_to_json({llama_8b()}));
  for (const char* k : {"gpu", "model", "phase", "batch", "seq", "weights", "activations", "kv",
                        "flash_attention", "fuse_elementwise", "tp", "compute_efficiency",
                        "memory_efficiency", "memory_utilization", "view"}) {
    EXPECT_TRUE(j.contains(k)) << k;
  }
  EXPECT_FALSE(j.contains("compare_gpu"));
  EXPECT_EQ(j["view"]["theme"], "light");
  EXPECT_TRUE(j["view"]["x_min"].is_null());
}

TEST(PresetList, ScenariosNestTheirFile) {
  ScenarioFile s;
  s.scenario.batch = 8;
  s.view.theme = ChartTheme::dark;
  const std::string file = scenario_to_json(s);
  const std::string list = preset_list_to_json(
      std::vector<ListedPreset<ScenarioFile>>{{{"s", "S", "presets/scenarios/s.json", ""}, s}});
  std::string nested;  // the file, indented two levels deeper, after "scenario":
  for (size_t i = 0; i < file.size() - 1; ++i) {
    nested += file[i];
    if (file[i] == '\n') nested += "    ";
  }
  std::string expected =
      "[\n  {\n    \"id\": \"s\",\n    \"name\": \"S\",\n    \"origin\": "
      "\"presets/scenarios/s.json\",\n    \"scenario\": ";
  expected.append(nested).append("\n  }\n]\n");
  EXPECT_EQ(list, expected);
}

}  // namespace
}  // namespace roofline
