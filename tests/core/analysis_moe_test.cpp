// Mixture of experts by hand: tiny MoE (L=2, d=64, E=4, k=2, dffe=32, 1 shared expert, first
// layer dense), bf16 everywhere. MoE ops run in L - first_dense = 1 layer, dense MLP ops in 1.
#include <gtest/gtest.h>

#include <cmath>

#include "op_expect.h"
#include "roofline/analysis.h"
#include "test_fixtures.h"

namespace roofline {
namespace {

using namespace roofline::testing;

TEST(AnalysisMoe, DecodeBatch1TouchesKExperts) {
  Analysis a = analyze(decode(toy_gpu(), tiny_moe(), 1, 8));
  // M = 1: E_touched = 4*(1 - (1 - 2/4)^1) = 2
  // router 64x4: FLOPs 2*1*64*4 = 512; bytes 64*4*2 + 1*64*2 + 1*4*2 = 512 + 128 + 8 = 648
  expect_op(a, "router", {OpKind::fc, 1, 512, 648, 512, 0});
  // expert_gate 64x32 on M*k = 2 rows: FLOPs 2*2*64*32 = 8192
  //   bytes E_touched*64*32*2 + 2*64*2 + 2*32*2 = 8192 + 256 + 128 = 8576; weights 8192
  expect_op(a, "expert_gate", {OpKind::fc, 1, 8192, 8576, 8192, 0});
  expect_op(a, "expert_up", {OpKind::fc, 1, 8192, 8576, 8192, 0});
  // expert_down 32x64: FLOPs 8192; bytes 8192 + 2*32*2 + 2*64*2 = 8576
  expect_op(a, "expert_down", {OpKind::fc, 1, 8192, 8576, 8192, 0});
  // shared expert, width 1*32, M = 1 rows: FLOPs 2*1*64*32 = 4096
  //   bytes 64*32*2 + 64*2 + 32*2 = 4096 + 128 + 64 = 4288
  expect_op(a, "shared_gate", {OpKind::fc, 1, 4096, 4288, 4096, 0});
  expect_op(a, "shared_up", {OpKind::fc, 1, 4096, 4288, 4096, 0});
  // shared_down 32x64: bytes 4096 + 32*2 + 64*2 = 4288
  expect_op(a, "shared_down", {OpKind::fc, 1, 4096, 4288, 4096, 0});
  // first layer dense: gate_proj 64x128, FLOPs 2*1*64*128 = 16384;
  //   bytes 16384 + 64*2 + 128*2 = 16768
  expect_op(a, "gate_proj", {OpKind::fc, 1, 16384, 16768, 16384, 0});
  expect_op(a, "up_proj", {OpKind::fc, 1, 16384, 16768, 16384, 0});
  expect_op(a, "down_proj", {OpKind::fc, 1, 16384, 16768, 16384, 0});
  // attention runs in both layers
  ASSERT_NE(a.find_op("q_proj"), nullptr);
  EXPECT_EQ(a.find_op("q_proj")->count, 2);
  EXPECT_EQ(a.find_op("attention")->count, 2);
}

TEST(AnalysisMoe, DecodeBatch3TouchesMoreExperts) {
  Analysis a = analyze(decode(toy_gpu(), tiny_moe(), 3, 8));
  // M = 3: E_touched = 4*(1 - 0.5^3) = 3.5
  // router: FLOPs 2*3*64*4 = 1536; bytes 512 + 3*64*2 + 3*4*2 = 512 + 384 + 24 = 920
  expect_op(a, "router", {OpKind::fc, 1, 1536, 920, 512, 0});
  // expert_gate on M*k = 6 rows: FLOPs 2*6*64*32 = 24576
  //   bytes 3.5*64*32*2 + 6*64*2 + 6*32*2 = 14336 + 768 + 384 = 15488; weights 14336
  expect_op(a, "expert_gate", {OpKind::fc, 1, 24576, 15488, 14336, 0});
  // expert_down: bytes 14336 + 6*32*2 + 6*64*2 = 15488
  expect_op(a, "expert_down", {OpKind::fc, 1, 24576, 15488, 14336, 0});
  // shared_gate, M = 3 rows: FLOPs 2*3*64*32 = 12288; bytes 4096 + 384 + 192 = 4672
  expect_op(a, "shared_gate", {OpKind::fc, 1, 12288, 4672, 4096, 0});
}

TEST(AnalysisMoe, PrefillUsesAllPromptTokens) {
  Analysis a = analyze(prefill(toy_gpu(), tiny_moe(), 1, 4));
  // M = B*T = 4: E_touched = 4*(1 - 0.5^4) = 3.75
  // expert_up on 8 rows: FLOPs 2*8*64*32 = 32768
  //   bytes 3.75*4096 + 8*64*2 + 8*32*2 = 15360 + 1024 + 512 = 16896; weights 15360
  expect_op(a, "expert_up", {OpKind::fc, 1, 32768, 16896, 15360, 0});
}

TEST(AnalysisMoe, MixtralExpertsAndNames) {
  Analysis b1 = analyze(decode(h100_sxm(), mixtral_8x7b(), 1, 1024));
  // No shared experts, no dense layers.
  EXPECT_EQ(b1.find_op("shared_gate"), nullptr);
  EXPECT_EQ(b1.find_op("gate_proj"), nullptr);
  EXPECT_EQ(b1.find_op("down_proj"), nullptr);
  ASSERT_NE(b1.find_op("router"), nullptr);
  EXPECT_EQ(b1.find_op("router")->count, 32);
  // B = 1: E_touched = 8*(1 - 0.75) = 2 -> 2*4096*14336*2 = 234881024 bytes per layer, *32
  const OpCost* gate = b1.find_op("expert_gate");
  ASSERT_NE(gate, nullptr);
  EXPECT_EQ(gate->count, 32);
  EXPECT_DOUBLE_EQ(gate->weight_bytes, 32 * 234881024.0);
  // B = 2: E_touched = 8*(1 - 0.75^2) = 3.5 -> 3.5*117440512 = 411041792 per layer
  Analysis b2 = analyze(decode(h100_sxm(), mixtral_8x7b(), 2, 1024));
  EXPECT_DOUBLE_EQ(b2.find_op("expert_down")->weight_bytes, 32 * 411041792.0);
  // B = 256: E_touched = 8*(1 - 0.75^256) = 8 to 1e-31 -> 8*117440512 = 939524096 per layer
  Analysis b256 = analyze(decode(h100_sxm(), mixtral_8x7b(), 256, 1024));
  EXPECT_NEAR(b256.find_op("expert_up")->weight_bytes, 32 * 939524096.0, 1.0);
}

TEST(AnalysisMoe, ExpertBytesGrowWithBatch) {
  // The MoE lesson: decode reads more expert weights as batch grows, up to all E.
  double previous = 0;
  for (int64_t b : {1, 2, 4, 8, 16, 64}) {
    Analysis a = analyze(decode(h100_sxm(), mixtral_8x7b(), b, 1024));
    double w = a.find_op("expert_gate")->weight_bytes;
    EXPECT_GT(w, previous) << b;
    EXPECT_LE(w, 32 * 939524096.0 * (1 + 1e-12)) << b;
    previous = w;
  }
}

TEST(AnalysisMoe, DeepSeekV3DecodeNames) {
  Analysis a = analyze(decode(h100_sxm(), deepseek_v3(), 1, 4096));
  // 3 dense layers keep gate/up/down, 61 - 3 = 58 MoE layers.
  for (const char* name : {"gate_proj", "up_proj", "down_proj"}) {
    ASSERT_NE(a.find_op(name), nullptr) << name;
    EXPECT_EQ(a.find_op(name)->count, 3) << name;
  }
  for (const char* name : {"router", "expert_gate", "expert_up", "expert_down", "shared_gate",
                           "shared_up", "shared_down"}) {
    ASSERT_NE(a.find_op(name), nullptr) << name;
    EXPECT_EQ(a.find_op(name)->count, 58) << name;
  }
  // B = 1: k = 8 experts of 7168x2048 at 2 bytes: 8*7168*2048*2 = 234881024 per layer
  EXPECT_DOUBLE_EQ(a.find_op("expert_gate")->weight_bytes, 58 * 234881024.0);
  // shared expert n_shared*dffe = 2048 wide: 7168*2048*2 = 29360128 per layer
  EXPECT_DOUBLE_EQ(a.find_op("shared_up")->weight_bytes, 58 * 29360128.0);
  // router 7168x256: FLOPs 2*1*7168*256 = 3670016 per layer
  EXPECT_DOUBLE_EQ(a.find_op("router")->flops, 58 * 3670016.0);
}

}  // namespace
}  // namespace roofline
