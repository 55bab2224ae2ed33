// Hostile and broken input: the reproducers in tests/data/repro and generated deep nesting. Each
// is refused with one message naming the file and the key (or the line), never a crash, a
// negative size or an infinite time.

#include <gtest/gtest.h>

#include <string>

#include "roofline/io/json_io.h"
#include "roofline/io/lesson_io.h"
#include "roofline/io/preset_library.h"

namespace roofline {
namespace {

const PresetLibrary& lib() { return PresetLibrary::builtin(); }

std::string repro(const std::string& name) {
  return std::string(ROOFLINE_TEST_DATA_DIR) + "/repro/" + name;
}

std::string deep(size_t levels) { return std::string(levels, '[') + std::string(levels, ']'); }

TEST(HostileInput, DeepNestingIsRefusedByEveryLoader) {
  const std::string d = deep(100000);
  const std::string why = "JSON nested deeper than 64 levels at line 1";
  EXPECT_EQ(parse_gpu(d, "g.json").error(), "g.json: " + why);
  EXPECT_EQ(parse_gpu("{\"memory_bandwidth\": " + d + "}", "g.json").error(), "g.json: " + why);
  EXPECT_EQ(parse_model(d, "m.json", "m").error(), "m.json: " + why);
  EXPECT_EQ(parse_scenario_workload("{\"zzz\": " + d + "}", "s.json", lib()).error(),
            "s.json: " + why);
  EXPECT_EQ(
      parse_lesson("{\"id\": \"x\", \"steps\": [{\"highlight\": " + d + "}]}", "l.json").error(),
      "l.json: " + why);
  // Sixty-four levels are fine (no real file comes near); the limit counts only brackets
  // outside strings.
  EXPECT_TRUE(parse_gpu(R"({"id": "[[[[", "memory_bandwidth": 1e12, "memory_capacity": 1e10,
                          "peak_flops": {"bf16": 1e14}, "x": )" +
                            deep(62) + "}",
                        "g.json"))
      << "62 levels inside the object";
}

TEST(HostileInput, DenormalGpuFiguresAreRefusedByKey) {
  auto bw = lib().gpu(repro("gpu_bandwidth_5e-324.json"));
  ASSERT_FALSE(bw);
  EXPECT_NE(bw.error().find("memory_bandwidth: expected a positive number (byte/s) of at least "
                            "1e6, got 5e-324"),
            std::string::npos)
      << bw.error();
  auto tf32 = lib().gpu(repro("gpu_denormal_tf32_peak_svg_minus_inf.json"));
  ASSERT_FALSE(tf32);
  EXPECT_NE(tf32.error().find("peak_flops.tf32: expected a positive number (FLOP/s) of at least "
                              "1e6"),
            std::string::npos)
      << tf32.error();
}

// Shapes past 10^8 are refused by the key the file has, before a sum or product of them could
// overflow (MLA's qk_nope + qk_rope once showed up as a negative "head_dim").
TEST(HostileInput, HugeShapesAreRefusedByTheirOwnKey) {
  const std::pair<const char*, const char*> cases[] = {
      {"model_heads_x_headdim_overflow.json",
       "num_attention_heads: expected a positive integer "
       "up to 100000000, got 4294967296"},
      {"model_kv_lora_rank_int64max_negative_kv.json",
       "kv_lora_rank: expected a positive integer up to 100000000, got 9223372036854775807"},
      {"model_mla_head_dim_overflow.json",
       "qk_nope_head_dim: expected a positive integer up to "
       "100000000, got 4611686018427387904"},
      {"model_mla_negative_kv_cache.json",
       "kv_lora_rank: expected a positive integer up to "
       "100000000, got 4611686018427387904"},
      {"model_mla_nope_plus_v_overflow.json",
       "qk_nope_head_dim: expected a positive integer up "
       "to 100000000, got 6917529027641081856"},
      {"model_negative_params_and_time.json",
       "hidden_size: expected a positive integer up to "
       "100000000, got 2305843009213693952"},
  };
  for (const auto& [file, message] : cases) {
    auto m = lib().model(repro(file));
    ASSERT_FALSE(m) << file;
    EXPECT_NE(m.error().find(message), std::string::npos) << m.error();
    EXPECT_EQ(m.error().find(": head_dim:"), std::string::npos) << "blames a key it lacks";
  }
}

// A number past double's range: our words, not nlohmann's "[json.exception.out_of_range.406]".
TEST(HostileInput, HugeNumbersSayInvalidJsonWithoutLibraryInternals) {
  EXPECT_EQ(parse_gpu(R"({"memory_bandwidth": 1e400})", "g.json").error(),
            "g.json: invalid JSON: number overflow parsing '1e400'");
}

// A GPU whose only roof is int4: the bf16 step has no roof at or above its precision.
TEST(HostileInput, GpuWithoutAUsableRoofIsNamed) {
  auto g = lib().gpu(repro("gpu_int4_peak_only.json"));
  ASSERT_TRUE(g) << g.error();
  Scenario s = lib().default_scenario();
  s.gpu = *g;
  const Analysis a = analyze(s);
  EXPECT_TRUE(a.ops.empty());
  ASSERT_EQ(a.warnings.size(), 1u);
  EXPECT_EQ(a.warnings[0],
            "NVIDIA H100 SXM5 80GB has no compute roof for bf16 or any wider precision: roofline "
            "computes no step times without one");
}

}  // namespace
}  // namespace roofline
