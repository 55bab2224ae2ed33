// Which roof a step runs on, and the bytes each precision moves.
#include <gtest/gtest.h>

#include "op_expect.h"
#include "roofline/analysis.h"
#include "test_fixtures.h"

namespace roofline {
namespace {

using namespace roofline::testing;

TEST(AnalysisPrecision, Fp8OnH100RunsOnFp8Roof) {
  Scenario s = decode(h100_sxm(), llama3_8b(), 1, 1024);
  s.weights = s.activations = Precision::fp8;
  Analysis a = analyze(s);
  EXPECT_EQ(a.math_precision, Precision::fp8);
  EXPECT_EQ(a.roof_precision, Precision::fp8);
  EXPECT_DOUBLE_EQ(a.peak_flops, 1979e12);
  EXPECT_TRUE(a.warnings.empty());
}

TEST(AnalysisPrecision, Fp8OnA100FallsBackToBf16WithWarning) {
  Scenario s = decode(a100_sxm(), llama3_8b(), 1, 1024);
  s.weights = s.activations = Precision::fp8;
  Analysis a = analyze(s);
  EXPECT_EQ(a.math_precision, Precision::fp8);
  EXPECT_EQ(a.roof_precision, Precision::bf16);
  EXPECT_DOUBLE_EQ(a.peak_flops, 312e12);
  // 312e12 / 2.039e12 = 153.02
  EXPECT_NEAR(a.ridge_point, 153.02, 0.005);
  ASSERT_FALSE(a.warnings.empty());
  // The fallback still moves fp8 bytes: q_proj weights 4096*4096*1 per layer.
  EXPECT_DOUBLE_EQ(a.find_op("q_proj")->weight_bytes, 32 * 16777216.0);
}

TEST(AnalysisPrecision, Bf16OnH100HasNoWarning) {
  Analysis a = analyze(decode(h100_sxm(), llama3_8b(), 1, 1024));
  EXPECT_EQ(a.math_precision, Precision::bf16);
  EXPECT_EQ(a.roof_precision, Precision::bf16);
  EXPECT_DOUBLE_EQ(a.peak_flops, 989e12);
  EXPECT_DOUBLE_EQ(a.bandwidth, 3.35e12);
  EXPECT_TRUE(a.warnings.empty());
}

TEST(AnalysisPrecision, WeightOnlyInt4RunsOnActivationRoof) {
  Scenario s = decode(toy_gpu(), tiny_dense(), 2, 8);
  s.weights = Precision::int4;
  Analysis a = analyze(s);
  EXPECT_EQ(a.math_precision, Precision::bf16);
  EXPECT_EQ(a.roof_precision, Precision::bf16);
  // q_proj: weights 64*64*0.5 = 2048; bytes 2048 + 2*64*2 + 2*64*2 = 2560; *2 layers
  expect_op(a, "q_proj", {OpKind::fc, 2, 32768, 5120, 4096, 0});
  // norms stay 16-bit: attn_norm bytes 2*2*64*2 + 2*64 = 640, *2 = 1280
  expect_op(a, "attn_norm", {OpKind::elementwise, 2, 1024, 1280, 256, 0});
}

TEST(AnalysisPrecision, Bf16WeightsFp8ActivationsRunOnBf16) {
  Scenario s = decode(h100_sxm(), tiny_dense(), 2, 8);
  s.activations = Precision::fp8;
  Analysis a = analyze(s);
  EXPECT_EQ(a.math_precision, Precision::bf16);
  EXPECT_EQ(a.roof_precision, Precision::bf16);
  // q_proj: 8192 + 2*64*1 + 2*64*1 = 8448, *2 = 16896
  expect_op(a, "q_proj", {OpKind::fc, 2, 32768, 16896, 16384, 0});
}

TEST(AnalysisPrecision, Fp32ActivationsUseFp32Roof) {
  Scenario s = decode(h100_sxm(), tiny_dense(), 1, 8);
  s.weights = s.activations = Precision::fp32;
  Analysis a = analyze(s);
  EXPECT_EQ(a.roof_precision, Precision::fp32);
  EXPECT_DOUBLE_EQ(a.peak_flops, 67e12);
}

}  // namespace
}  // namespace roofline
