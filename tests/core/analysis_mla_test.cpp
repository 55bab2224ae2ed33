// Multi-head latent attention by hand: tiny MLA (L=2, d=64, H=4, rq=32, rkv=16, d_nope=8,
// d_rope=4, dv=8), weights and activations bf16, KV fp8. Each value is per layer times 2.
#include <gtest/gtest.h>

#include "op_expect.h"
#include "roofline/analysis.h"
#include "test_fixtures.h"

namespace roofline {
namespace {

using namespace roofline::testing;

Scenario mla_decode() {
  Scenario s = decode(toy_gpu(), tiny_mla(), 2, 8);  // B=2, S=8 -> M=2
  s.kv = Precision::fp8;
  return s;
}

Scenario mla_prefill() {
  Scenario s = prefill(toy_gpu(), tiny_mla(), 1, 4);  // B=1, T=4 -> M=4
  s.kv = Precision::fp8;
  return s;
}

TEST(AnalysisMla, DecodeProjections) {
  Analysis a = analyze(mla_decode());
  // q_a_proj 64x32: FLOPs 2*2*64*32 = 8192, *2 = 16384; bytes 4096 + 256 + 128 = 4480, *2 = 8960
  expect_op(a, "q_a_proj", {OpKind::fc, 2, 16384, 8960, 8192, 0});
  // q_b_proj 32 x 4*(8+4) = 48: FLOPs 2*2*32*48 = 6144, *2 = 12288
  //   bytes 32*48*2 + 2*32*2 + 2*48*2 = 3072 + 128 + 192 = 3392, *2 = 6784
  expect_op(a, "q_b_proj", {OpKind::fc, 2, 12288, 6784, 6144, 0});
  // kv_a_proj 64 x (16+4) = 20: FLOPs 2*2*64*20 = 5120, *2 = 10240
  //   bytes 64*20*2 + 2*64*2 + 2*20*1 (latent stored at bkv) = 2560 + 256 + 40 = 2856, *2 = 5712
  //   kv written 40*2 = 80
  expect_op(a, "kv_a_proj", {OpKind::fc, 2, 10240, 5712, 5120, 80});
  // o_proj 4*8=32 x 64: FLOPs 2*2*32*64 = 8192, *2 = 16384
  //   bytes 32*64*2 + 2*32*2 + 2*64*2 = 4096 + 128 + 256 = 4480, *2 = 8960
  expect_op(a, "o_proj", {OpKind::fc, 2, 16384, 8960, 8192, 0});
  for (const char* absent : {"q_proj", "k_proj", "v_proj", "kv_b_proj"})
    EXPECT_EQ(a.find_op(absent), nullptr) << absent;
}

TEST(AnalysisMla, DecodeAbsorbedAttention) {
  Analysis a = analyze(mla_decode());
  // q_absorb: H*d_nope*rkv = 4*8*16 = 512 weights (1024 bytes); FLOPs 2*B*H*d_nope*rkv
  //   = 2*2*4*8*16 = 2048, *2 = 4096. Bytes read as an fc over B rows per head:
  //   1024 + B*H*d_nope*ba + B*H*rkv*ba = 1024 + 128 + 256 = 1408, *2 = 2816
  expect_op(a, "q_absorb", {OpKind::fc, 2, 4096, 2816, 2048, 0});
  // attention: FLOPs B*H*S*(2*(rkv+d_rope) + 2*rkv + 5) = 2*4*8*(40 + 32 + 5) = 4928, *2 = 9856
  //   bytes B*S*(rkv+d_rope)*bkv + B*H*(rkv+d_rope)*ba + B*H*rkv*ba = 320 + 320 + 256 = 896,
  //   *2 = 1792; kv read 320*2 = 640
  expect_op(a, "attention", {OpKind::attention, 2, 9856, 1792, 0, 640});
  // o_absorb: H*rkv*dv = 4*16*8 = 512 weights; FLOPs 2*B*H*rkv*dv = 2048, *2 = 4096
  //   bytes 1024 + B*H*rkv*ba + B*H*dv*ba = 1024 + 256 + 128 = 1408, *2 = 2816
  expect_op(a, "o_absorb", {OpKind::fc, 2, 4096, 2816, 2048, 0});
  // execution order
  EXPECT_LT(op_index(a, "kv_a_proj"), op_index(a, "q_absorb"));
  EXPECT_LT(op_index(a, "q_absorb"), op_index(a, "attention"));
  EXPECT_LT(op_index(a, "attention"), op_index(a, "o_absorb"));
  EXPECT_LT(op_index(a, "o_absorb"), op_index(a, "o_proj"));
}

TEST(AnalysisMla, NoQueryCompression) {
  Scenario s = mla_decode();
  s.model.mla->q_lora_rank.reset();
  Analysis a = analyze(s);
  EXPECT_EQ(a.find_op("q_a_proj"), nullptr);
  EXPECT_EQ(a.find_op("q_b_proj"), nullptr);
  // q_proj 64 x 4*(8+4) = 48: FLOPs 2*2*64*48 = 12288, *2 = 24576
  //   bytes 64*48*2 + 2*64*2 + 2*48*2 = 6144 + 256 + 192 = 6592, *2 = 13184
  expect_op(a, "q_proj", {OpKind::fc, 2, 24576, 13184, 12288, 0});
}

TEST(AnalysisMla, PrefillExpandedForm) {
  Analysis a = analyze(mla_prefill());
  EXPECT_EQ(a.find_op("q_absorb"), nullptr);
  EXPECT_EQ(a.find_op("o_absorb"), nullptr);
  // kv_b_proj 16 x 4*(8+8) = 64 over M = 4: FLOPs 2*4*16*64 = 8192, *2 = 16384
  //   bytes 16*64*2 + 4*16*2 + 4*64*2 = 2048 + 128 + 512 = 2688, *2 = 5376
  expect_op(a, "kv_b_proj", {OpKind::fc, 2, 16384, 5376, 4096, 0});
  // attention: P = 4*5/2 = 10, dqk = 12, dv = 8: FLOPs B*H*P*(2*dqk + 2*dv + 5)
  //   = 1*4*10*45 = 1800, *2 = 3600
  //   bytes Q, K: 2*M*H*dqk*ba = 2*4*4*12*2 = 768; V, O: 2*M*H*dv*ba = 2*4*4*8*2 = 512 -> 1280,
  //   *2 = 2560. The expanded K and V are activations, not cache entries: kv_bytes 0.
  expect_op(a, "attention", {OpKind::attention, 2, 3600, 2560, 0, 0});
  // kv_a_proj over M = 4: FLOPs 2*4*64*20 = 10240, *2 = 20480
  //   bytes 2560 + 4*64*2 + 4*20*1 = 2560 + 512 + 80 = 3152, *2 = 6304; kv 80*2 = 160
  expect_op(a, "kv_a_proj", {OpKind::fc, 2, 20480, 6304, 5120, 160});
}

TEST(AnalysisMla, PrefillFlashOff) {
  Scenario s = mla_prefill();
  s.flash_attention = false;
  Analysis a = analyze(s);
  // qk: FLOPs 2*B*H*T^2*dqk = 2*4*16*12 = 1536, *2 = 3072
  //   bytes Q M*H*dqk*ba + K M*H*dqk*ba + scores B*H*T^2*ba = 384 + 384 + 128 = 896, *2 = 1792
  expect_op(a, "qk", {OpKind::attention, 2, 3072, 1792, 0, 0});
  // softmax: 5*4*16 = 320, *2 = 640; bytes 2*4*16*2 = 256, *2 = 512
  expect_op(a, "softmax", {OpKind::attention, 2, 640, 512, 0, 0});
  // sv: FLOPs 2*B*H*T^2*dv = 2*4*16*8 = 1024, *2 = 2048
  //   bytes scores 128 + V M*H*dv*ba 256 + O M*H*dv*ba 256 = 640, *2 = 1280
  expect_op(a, "sv", {OpKind::attention, 2, 2048, 1280, 0, 0});
}

TEST(AnalysisMla, KvCacheUsesTheLatent) {
  Analysis a = analyze(mla_decode());
  // B*S*L*(rkv + d_rope)*bkv = 2*8*2*20*1 = 640
  EXPECT_DOUBLE_EQ(a.totals.kv_cache_bytes, 640);
}

TEST(AnalysisMla, DeepSeekV3DecodeAttention) {
  Analysis a = analyze(decode(h100_sxm(), deepseek_v3(), 1, 4096));
  const OpCost* att = a.find_op("attention");
  ASSERT_NE(att, nullptr);
  // per layer: FLOPs 128*4096*(2*576 + 2*512 + 5) = 128*4096*2181 = 1143472128
  //   bytes 4096*576*2 + 128*576*2 + 128*512*2 = 4718592 + 147456 + 131072 = 4997120
  //   intensity 228.83: near the ridge (~4*H/bkv), unlike GQA's ~4
  EXPECT_DOUBLE_EQ(att->flops, 61 * 1143472128.0);
  EXPECT_DOUBLE_EQ(att->bytes, 61 * 4997120.0);
  EXPECT_NEAR(att->intensity, 228.83, 0.005);
  // KV cache: 1*4096*61*576*2 = 287834112 bytes
  EXPECT_DOUBLE_EQ(a.totals.kv_cache_bytes, 287834112.0);
  for (const char* name : {"q_a_proj", "q_b_proj", "kv_a_proj", "q_absorb", "o_absorb", "o_proj"})
    EXPECT_NE(a.find_op(name), nullptr) << name;
}

}  // namespace
}  // namespace roofline
