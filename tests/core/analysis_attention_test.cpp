// Attention on real shapes: the decode dot does not move with batch; KV precision and GQA do.
#include <gtest/gtest.h>

#include "roofline/analysis.h"
#include "test_fixtures.h"

namespace roofline {
namespace {

using namespace roofline::testing;

const OpCost& attention_of(const Analysis& a) {
  const OpCost* op = a.find_op("attention");
  EXPECT_NE(op, nullptr);
  static const OpCost empty;
  return op ? *op : empty;
}

TEST(AnalysisAttention, Llama3_8bDecodeExact) {
  Analysis a = analyze(decode(h100_sxm(), llama3_8b(), 1, 1024));
  const OpCost& att = attention_of(a);
  // per layer: FLOPs 1*32*1024*(4*128+5) = 16941056; bytes 2*1024*8*128*2 + 2*32*128*2
  //   = 4194304 + 16384 = 4210688; kv 4194304. 32 layers.
  EXPECT_EQ(att.count, 32);
  EXPECT_DOUBLE_EQ(att.flops, 32 * 16941056.0);
  EXPECT_DOUBLE_EQ(att.bytes, 32 * 4210688.0);
  EXPECT_DOUBLE_EQ(att.kv_bytes, 32 * 4194304.0);
  // memory bound: 134742016 / 3.35e12 = 4.0222e-5 s
  EXPECT_EQ(att.bound, Bound::memory);
  EXPECT_DOUBLE_EQ(att.time_s, 32 * 4210688.0 / 3.35e12);
}

TEST(AnalysisAttention, Fp8KvDoublesDecodeIntensity) {
  // ~ 2*g/bkv = 2*4/1 = 8: 16941056 / (2*1024*8*128*1 + 2*32*128*2) = 16941056 / 2113536 = 8.0155
  Scenario s = decode(h100_sxm(), llama3_8b(), 4, 1024);
  s.kv = Precision::fp8;
  EXPECT_NEAR(attention_of(analyze(s)).intensity, 8.0155, 0.00005);
}

TEST(AnalysisAttention, MhaDecodeIntensityNearTwoOverBkv) {
  // g = 1 (Hkv = H = 4), bf16 KV: ~ 2*1/2 = 1.
  // B=1, S=4096: 4*4096*69 / (2*4096*4*16*2 + 2*4*16*2) = 1130496 / (1048576 + 256) = 1.0779
  ModelConfig m = tiny_dense();
  m.kv_heads = 4;
  EXPECT_NEAR(attention_of(analyze(decode(h100_sxm(), m, 1, 4096))).intensity, 1.0779, 0.00005);
}

TEST(AnalysisAttention, PrefillIntensityGrowsWithPrompt) {
  // Llama-3-8B, B = 1, flash on, per layer:
  // T = 512: P = 131328; FLOPs 32*131328*517 = 2172690432;
  //   bytes 2*512*32*128*2 + 2*512*8*128*2 = 8388608 + 2097152 = 10485760 -> 207.20
  // T = 2048: P = 2098176; FLOPs 32*2098176*517 = 34712223744;
  //   bytes 33554432 + 8388608 = 41943040 -> 827.60
  Analysis a512 = analyze(prefill(h100_sxm(), llama3_8b(), 1, 512));
  Analysis a2048 = analyze(prefill(h100_sxm(), llama3_8b(), 1, 2048));
  EXPECT_DOUBLE_EQ(attention_of(a512).flops, 32 * 2172690432.0);
  EXPECT_DOUBLE_EQ(attention_of(a512).bytes, 32 * 10485760.0);
  EXPECT_NEAR(attention_of(a512).intensity, 207.20, 0.005);
  EXPECT_EQ(attention_of(a512).bound, Bound::memory);
  EXPECT_NEAR(attention_of(a2048).intensity, 827.60, 0.005);
  EXPECT_EQ(attention_of(a2048).bound, Bound::compute);
  // compute bound: 32*34712223744 / 989e12 = 1.12315e-3 s
  EXPECT_DOUBLE_EQ(attention_of(a2048).time_s, 32 * 34712223744.0 / 989e12);
}

TEST(AnalysisAttention, PrefillFlashOffIsMemoryHungry) {
  // Without flash the T x T scores go through memory: attention bytes grow like T^2.
  Scenario s = prefill(h100_sxm(), llama3_8b(), 1, 2048);
  s.flash_attention = false;
  Analysis a = analyze(s);
  // softmax per layer: FLOPs 5*32*2048^2 = 671088640; bytes 2*32*2048^2*2 = 536870912
  const OpCost* sm = a.find_op("softmax");
  ASSERT_NE(sm, nullptr);
  EXPECT_DOUBLE_EQ(sm->flops, 32 * 671088640.0);
  EXPECT_DOUBLE_EQ(sm->bytes, 32 * 536870912.0);
  // qk per layer: FLOPs 2*32*2048^2*128 = 34359738368;
  //   bytes 2048*32*128*2 + 2048*8*128*2 + 32*2048^2*2 = 16777216 + 4194304 + 268435456
  //   = 289406976
  const OpCost* qk = a.find_op("qk");
  ASSERT_NE(qk, nullptr);
  EXPECT_DOUBLE_EQ(qk->flops, 32 * 34359738368.0);
  EXPECT_DOUBLE_EQ(qk->bytes, 32 * 289406976.0);
}

}  // namespace
}  // namespace roofline
