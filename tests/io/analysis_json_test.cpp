// analysis_to_json / sweep_to_json, read back with nlohmann: the contract of interfaces.md.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <set>

#include "roofline/io/json_io.h"
#include "roofline/io/preset_library.h"
#include "roofline/version.h"

namespace roofline {
namespace {

using nlohmann::json;

Scenario llama_8b() {
  Scenario s = PresetLibrary::builtin().default_scenario();
  s.gpu = PresetLibrary::builtin().gpu("h100-sxm").value();
  s.model = PresetLibrary::builtin().model("llama-3-8b").value();
  return s;
}

void expect_keys(const json& j, std::initializer_list<const char*> keys, const char* where) {
  for (const char* k : keys) EXPECT_TRUE(j.contains(k)) << where << " lacks \"" << k << "\"";
}

TEST(AnalysisJson, CarriesTheWholeContract) {
  Scenario s = llama_8b();
  Analysis a = analyze(s);
  json j = json::parse(analysis_to_json(s, a));
  expect_keys(j, {"scenario", "hardware", "ops", "groups", "totals", "warnings"}, "top");
  expect_keys(j["scenario"],
              {"gpu", "gpu_name", "model", "model_name", "compare_gpu", "phase", "batch", "seq",
               "weights", "activations", "kv", "flash_attention", "fuse_elementwise", "tp",
               "compute_efficiency", "memory_efficiency", "memory_utilization", "model_shape"},
              "scenario");
  expect_keys(j["hardware"],
              {"id", "name", "precision", "math_precision", "peak_flops", "bandwidth",
               "ridge_point", "memory_capacity", "datasheet_peak_flops", "datasheet_bandwidth"},
              "hardware");
  for (const char* g : {"fc", "attention", "elementwise", "step"}) {
    expect_keys(j["groups"][g],
                {"flops", "bytes", "intensity", "time_s", "achieved_flops", "bound"}, g);
  }
  expect_keys(j["totals"],
              {"flops", "bytes", "time_s", "tokens_per_s", "parameters", "weights_bytes",
               "kv_cache_bytes", "fits_in_memory", "max_batch"},
              "totals");
  EXPECT_FALSE(j["totals"].contains("ttft_s"));  // decode
  ASSERT_EQ(j["ops"].size(), a.ops.size());
  for (const auto& op : j["ops"]) {
    expect_keys(op,
                {"name", "kind", "count", "flops", "bytes", "weight_bytes", "kv_bytes", "intensity",
                 "time_s", "bound"},
                "op");
  }
  EXPECT_TRUE(j["warnings"].is_array());
}

TEST(AnalysisJson, ValuesAreTheAnalysisAtFullPrecision) {
  Scenario s = llama_8b();
  Analysis a = analyze(s);
  json j = json::parse(analysis_to_json(s, a));
  EXPECT_EQ(j["scenario"]["gpu"], "h100-sxm");
  EXPECT_EQ(j["scenario"]["model"], "llama-3-8b");
  EXPECT_EQ(j["scenario"]["batch"], 1);
  EXPECT_EQ(j["scenario"]["seq"], 1024);
  EXPECT_EQ(j["scenario"]["phase"], "decode");
  EXPECT_EQ(j["scenario"]["model_shape"]["kv_heads"], 8);
  EXPECT_EQ(j["hardware"]["precision"], "bf16");
  EXPECT_EQ(j["hardware"]["peak_flops"].get<double>(), 989e12);
  EXPECT_EQ(j["hardware"]["bandwidth"].get<double>(), 3.35e12);
  EXPECT_EQ(j["hardware"]["ridge_point"].get<double>(), 989e12 / 3.35e12);
  EXPECT_EQ(j["hardware"]["memory_capacity"].get<double>(), 85520809984.0);  // 81,559 MiB
  for (size_t i = 0; i < a.ops.size(); ++i) {
    const json& op = j["ops"][i];
    EXPECT_EQ(op["name"], std::string(a.ops[i].name));
    EXPECT_EQ(op["flops"].get<double>(), a.ops[i].flops);  // bit-exact round trip
    EXPECT_EQ(op["bytes"].get<double>(), a.ops[i].bytes);
    EXPECT_EQ(op["time_s"].get<double>(), a.ops[i].time_s);
  }
  // q_proj of one token through 32 layers of a 4096 x 4096 weight: 2*1*4096*4096*32 FLOPs.
  auto q = std::find_if(j["ops"].begin(), j["ops"].end(),
                        [](const json& op) { return op["name"] == "q_proj"; });
  ASSERT_NE(q, j["ops"].end());
  EXPECT_EQ((*q)["flops"].get<double>(), 2.0 * 4096 * 4096 * 32);
  EXPECT_EQ((*q)["count"], 32);
  EXPECT_EQ((*q)["kind"], "fc");
  EXPECT_EQ(j["totals"]["time_s"].get<double>(), a.totals.time_s);
  EXPECT_EQ(j["totals"]["max_batch"], a.totals.max_batch);
}

// A model loaded from a file whose name is not UTF-8 (legal on Linux): the JSON says so with
// U+FFFD in place of the bad byte (nlohmann threw type_error.316, which the CLI printed).
TEST(AnalysisJson, AFileNameThatIsNotUtf8IsWrittenWithAReplacementCharacter) {
  Scenario s = llama_8b();
  s.model.id = "/tmp/model\xff.json";
  std::string out;
  ASSERT_NO_THROW(out = analysis_to_json(s, analyze(s)));
  const nlohmann::json j = nlohmann::json::parse(out);
  EXPECT_EQ(j["scenario"]["model"], "/tmp/model\xef\xbf\xbd.json");
}

TEST(AnalysisJson, FusedOpsHaveNullIntensity) {
  Scenario s = llama_8b();
  s.fuse_elementwise = true;
  Analysis a = analyze(s);
  json j = json::parse(analysis_to_json(s, a));
  int fused = 0;
  for (const auto& op : j["ops"]) {
    if (op["kind"] == "elementwise" && op["bytes"].get<double>() == 0) {
      EXPECT_TRUE(op["intensity"].is_null()) << op["name"];
      ++fused;
    }
  }
  EXPECT_GT(fused, 0);
}

// Every op has an id unique in the step (issue 27: gpt-oss's two `attention` ops, one per layer
// type, could not be told apart); a name that does not recur is its own id.
TEST(AnalysisJson, OpIdsAreUnique) {
  Scenario s = llama_8b();
  s.model = PresetLibrary::builtin().model("gpt-oss-20b").value();
  const Analysis a = analyze(s);
  const json j = json::parse(analysis_to_json(s, a));
  std::set<std::string> ids;
  for (const auto& op : j["ops"]) ids.insert(op["id"].get<std::string>());
  EXPECT_EQ(ids.size(), j["ops"].size());
  EXPECT_TRUE(ids.contains("attention@sliding"));
  EXPECT_TRUE(ids.contains("attention@full"));
  EXPECT_TRUE(ids.contains("lm_head"));
}

// The first keys say which schema and which roofline wrote the document (interfaces.md, turn 3).
TEST(AnalysisJson, StartsWithSchemaAndToolVersion) {
  const Scenario s = llama_8b();
  const auto j = nlohmann::ordered_json::parse(analysis_to_json(s, analyze(s)));
  ASSERT_GE(j.size(), 2u);
  EXPECT_EQ(j.begin().key(), "schema_version");
  EXPECT_EQ(j["schema_version"], 1);
  EXPECT_EQ(j["version"], std::string(version()));
  EXPECT_EQ(json::parse(frontier_to_json({}))["schema_version"], 1);
}

TEST(AnalysisJson, PrefillHasTtftAndCompareHasTheOtherGpu) {
  Scenario s = llama_8b();
  s.phase = Phase::prefill;
  s.compare_gpu = PresetLibrary::builtin().gpu("h200").value();
  Analysis a = analyze(s);
  json j = json::parse(analysis_to_json(s, a));
  EXPECT_EQ(j["totals"]["ttft_s"].get<double>(), a.totals.ttft_s);
  EXPECT_EQ(j["scenario"]["compare_gpu"], "h200");
  EXPECT_EQ(j["compare"]["hardware"]["id"], "h200");
  EXPECT_EQ(j["compare"]["totals"]["flops"].get<double>(), a.totals.flops);  // same work
}

TEST(SweepJson, OneObjectPerPoint) {
  Scenario s = llama_8b();
  auto points = sweep(s, SweepParam::batch, 1, 1024, 11);
  json j = json::parse(sweep_to_json(SweepParam::batch, points));
  EXPECT_EQ(j["param"], "batch");
  ASSERT_EQ(j["points"].size(), points.size());
  for (size_t i = 0; i < points.size(); ++i) {
    const json& p = j["points"][i];
    EXPECT_EQ(p["batch"], points[i].value);
    EXPECT_EQ(p["tokens_per_s"].get<double>(), points[i].tokens_per_s);
    EXPECT_EQ(p["groups"]["fc"]["intensity"].get<double>(), points[i].fc.intensity);
    EXPECT_TRUE(p.contains("fits_in_memory"));
  }
}

}  // namespace
}  // namespace roofline

namespace roofline {
namespace {

// The additions of model.md §6 on gpt-oss 20B at 32K context: the weights as they resolve, each
// op's layer type, one group per attention type, active parameters and state.
TEST(AnalysisJson, LayerLayoutAdditions) {
  Scenario s = llama_8b();
  s.model = PresetLibrary::builtin().model("gpt-oss-20b").value();
  s.seq = 32768;
  const Analysis a = analyze(s);
  const json j = json::parse(analysis_to_json(s, a));
  EXPECT_EQ(j["scenario"]["weights"], "bf16");
  EXPECT_EQ(j["scenario"]["expert_weights"], "mxfp4");  // quantization_config
  EXPECT_EQ(j["scenario"]["weights_from_config"], true);
  EXPECT_EQ(j["scenario"]["model_shape"]["layout"],
            "24 layers: 12 sliding 128 + 12 full attention");
  EXPECT_EQ(j["totals"]["parameters"], 20914757184.0);
  EXPECT_EQ(j["totals"]["active_parameters"], 4187440704.0);
  EXPECT_EQ(j["totals"]["state_bytes"], 0.0);
  // 12 sliding layers keep 128 tokens, 12 full ones 32,768: 2·8·64·2 = 2048 bytes a token a layer.
  EXPECT_EQ(j["totals"]["kv_cache_bytes"], 2048.0 * (12 * 128 + 12 * 32768));
  const json& types = j["groups"]["attention_types"];
  ASSERT_EQ(types.size(), 2u);
  EXPECT_EQ(types[0]["layer_type"], "sliding");
  EXPECT_EQ(types[0]["layer"], "sliding 128");
  EXPECT_EQ(types[0]["layers"], 12);
  EXPECT_EQ(types[1]["layer_type"], "full");
  // The attention op appears once per type; its layer_type tells them apart.
  int attention_ops = 0;
  for (const json& op : j["ops"]) {
    ASSERT_TRUE(op.contains("layer_type"));
    if (op["name"] == "attention") {
      ++attention_ops;
      EXPECT_TRUE(op["layer_type"] == "sliding" || op["layer_type"] == "full") << op;
    }
    if (op["name"] == "expert_up") {
      EXPECT_EQ(op["layer_type"], "moe");
    }
    if (op["name"] == "lm_head") {
      EXPECT_EQ(op["layer_type"], "output");
    }
  }
  EXPECT_EQ(attention_ops, 2);
}

}  // namespace
}  // namespace roofline
