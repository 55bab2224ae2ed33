// Every operator of the tiny dense config (L=2, d=64, H=4, Hkv=2, dh=16, dff=128, V=100) by hand.
// Weights and activations bf16 (2 bytes), KV fp8 (1 byte) so that K/V outputs are told apart.
// Each value is per layer times count = L = 2 unless said otherwise.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "op_expect.h"
#include "roofline/analysis.h"
#include "test_fixtures.h"

namespace roofline {
namespace {

using namespace roofline::testing;

Scenario tiny_decode() {
  // B=2, S=8 -> M=2
  Scenario s = decode(toy_gpu(), tiny_dense(), 2, 8);
  s.kv = Precision::fp8;
  return s;
}

Scenario tiny_prefill() {
  // B=2, T=4 -> M=8
  Scenario s = prefill(toy_gpu(), tiny_dense(), 2, 4);
  s.kv = Precision::fp8;
  return s;
}

TEST(AnalysisDense, DecodeProjections) {
  Analysis a = analyze(tiny_decode());
  // q_proj 64x64: FLOPs 2*M*K*N = 2*2*64*64 = 16384, *2 = 32768
  //   bytes 64*64*2 + 2*64*2 + 2*64*2 = 8192 + 256 + 256 = 8704, *2 = 17408; weights 8192*2
  expect_op(a, "q_proj", {OpKind::fc, 2, 32768, 17408, 16384, 0});
  // k_proj 64x32: FLOPs 2*2*64*32 = 8192, *2 = 16384
  //   bytes 64*32*2 + 2*64*2 + 2*32*1 (out at bkv) = 4096 + 256 + 64 = 4416, *2 = 8832
  //   weights 4096*2 = 8192; kv written 64*2 = 128
  expect_op(a, "k_proj", {OpKind::fc, 2, 16384, 8832, 8192, 128});
  expect_op(a, "v_proj", {OpKind::fc, 2, 16384, 8832, 8192, 128});
  // o_proj 64x64: as q_proj
  expect_op(a, "o_proj", {OpKind::fc, 2, 32768, 17408, 16384, 0});
}

TEST(AnalysisDense, DecodeMlp) {
  Analysis a = analyze(tiny_decode());
  // gate/up 64x128: FLOPs 2*2*64*128 = 32768, *2 = 65536
  //   bytes 64*128*2 + 2*64*2 + 2*128*2 = 16384 + 256 + 512 = 17152, *2 = 34304
  expect_op(a, "gate_proj", {OpKind::fc, 2, 65536, 34304, 32768, 0});
  expect_op(a, "up_proj", {OpKind::fc, 2, 65536, 34304, 32768, 0});
  // down 128x64: FLOPs 32768*2 = 65536; bytes 16384 + 2*128*2 + 2*64*2 = 17152, *2 = 34304
  expect_op(a, "down_proj", {OpKind::fc, 2, 65536, 34304, 32768, 0});
  // act gated: FLOPs 5*M*dff = 5*2*128 = 1280, *2 = 2560; bytes 3*2*128*2 = 1536, *2 = 3072
  expect_op(a, "act", {OpKind::elementwise, 2, 2560, 3072, 0, 0});
}

TEST(AnalysisDense, DecodeElementwise) {
  Analysis a = analyze(tiny_decode());
  // norms: FLOPs 4*M*d = 4*2*64 = 512, *2 = 1024; bytes 2*M*d*ba + 2*d = 512 + 128 = 640, *2 = 1280
  //   the 16-bit norm vector 2*d = 128 bytes is a weight read: 256
  expect_op(a, "attn_norm", {OpKind::elementwise, 2, 1024, 1280, 256, 0});
  expect_op(a, "mlp_norm", {OpKind::elementwise, 2, 1024, 1280, 256, 0});
  // residuals: FLOPs M*d = 128, *2 = 256; bytes 3*M*d*ba = 3*2*64*2 = 768, *2 = 1536
  expect_op(a, "attn_residual", {OpKind::elementwise, 2, 256, 1536, 0, 0});
  expect_op(a, "mlp_residual", {OpKind::elementwise, 2, 256, 1536, 0, 0});
}

TEST(AnalysisDense, DecodeFlashAttention) {
  Analysis a = analyze(tiny_decode());
  // FLOPs B*H*S*(4*dh+5) = 2*4*8*69 = 4416, *2 = 8832
  // bytes 2*B*S*Hkv*dh*bkv + 2*B*H*dh*ba = 2*2*8*2*16*1 + 2*2*4*16*2 = 1024 + 512 = 1536, *2 = 3072
  // kv read 1024*2 = 2048
  expect_op(a, "attention", {OpKind::attention, 2, 8832, 3072, 0, 2048});
  EXPECT_EQ(a.find_op("qk"), nullptr);
  EXPECT_EQ(a.find_op("softmax"), nullptr);
  EXPECT_EQ(a.find_op("sv"), nullptr);
}

TEST(AnalysisDense, DecodeFlashOff) {
  Scenario s = tiny_decode();
  s.flash_attention = false;
  Analysis a = analyze(s);
  EXPECT_EQ(a.find_op("attention"), nullptr);
  // qk: FLOPs 2*B*H*dh*S = 2*2*4*16*8 = 2048, *2 = 4096
  //   bytes B*H*dh*ba + B*S*Hkv*dh*bkv + B*H*S*ba = 256 + 512 + 128 = 896, *2 = 1792; kv 512*2
  expect_op(a, "qk", {OpKind::attention, 2, 4096, 1792, 0, 1024});
  // softmax: FLOPs 5*B*H*S = 5*2*4*8 = 320, *2 = 640; bytes 2*B*H*S*ba = 256, *2 = 512
  expect_op(a, "softmax", {OpKind::attention, 2, 640, 512, 0, 0});
  // sv: FLOPs 2*B*H*S*dh = 2048, *2 = 4096
  //   bytes B*H*S*ba + B*S*Hkv*dh*bkv + B*H*dh*ba = 128 + 512 + 256 = 896, *2 = 1792; kv 1024
  expect_op(a, "sv", {OpKind::attention, 2, 4096, 1792, 0, 1024});
  // Same math as the fused kernel: 4096 + 640 + 4096 = 8832.
  EXPECT_DOUBLE_EQ(a.attention.flops, 8832);
}

TEST(AnalysisDense, PrefillProjectionsSeeAllTokens) {
  Analysis a = analyze(tiny_prefill());
  // q_proj, M = B*T = 8: FLOPs 2*8*64*64 = 65536, *2 = 131072
  //   bytes 8192 + 8*64*2 + 8*64*2 = 10240, *2 = 20480
  expect_op(a, "q_proj", {OpKind::fc, 2, 131072, 20480, 16384, 0});
  // k_proj: FLOPs 2*8*64*32 = 32768, *2 = 65536; bytes 4096 + 1024 + 8*32*1 = 5376, *2 = 10752
  //   kv 256*2 = 512
  expect_op(a, "k_proj", {OpKind::fc, 2, 65536, 10752, 8192, 512});
  // gate: FLOPs 2*8*64*128 = 131072, *2 = 262144; bytes 16384 + 1024 + 2048 = 19456, *2 = 38912
  expect_op(a, "gate_proj", {OpKind::fc, 2, 262144, 38912, 32768, 0});
  // act: 5*8*128 = 5120, *2 = 10240; bytes 3*8*128*2 = 6144, *2 = 12288
  expect_op(a, "act", {OpKind::elementwise, 2, 10240, 12288, 0, 0});
  // attn_norm: 4*8*64 = 2048, *2 = 4096; bytes 2*8*64*2 + 128 = 2176, *2 = 4352
  expect_op(a, "attn_norm", {OpKind::elementwise, 2, 4096, 4352, 256, 0});
  // residual: 8*64 = 512, *2 = 1024; bytes 3*8*64*2 = 3072, *2 = 6144
  expect_op(a, "mlp_residual", {OpKind::elementwise, 2, 1024, 6144, 0, 0});
}

TEST(AnalysisDense, PrefillFlashAttentionIsCausal) {
  Analysis a = analyze(tiny_prefill());
  // P = T*(T+1)/2 = 4*5/2 = 10; FLOPs B*H*P*(4*dh+5) = 2*4*10*69 = 5520, *2 = 11040
  // bytes 2*M*H*dh*ba + 2*M*Hkv*dh*bkv = 2*8*4*16*2 + 2*8*2*16*1 = 2048 + 512 = 2560, *2 = 5120
  expect_op(a, "attention", {OpKind::attention, 2, 11040, 5120, 0, 1024});
}

TEST(AnalysisDense, PrefillFlashOffFullScores) {
  Scenario s = tiny_prefill();
  s.flash_attention = false;
  Analysis a = analyze(s);
  // qk: FLOPs 2*B*H*T^2*dh = 2*2*4*16*16 = 4096, *2 = 8192
  //   bytes M*H*dh*ba + M*Hkv*dh*bkv + B*H*T^2*ba = 1024 + 256 + 256 = 1536, *2 = 3072; kv 512
  expect_op(a, "qk", {OpKind::attention, 2, 8192, 3072, 0, 512});
  // softmax: 5*B*H*T^2 = 5*2*4*16 = 640, *2 = 1280; bytes 2*2*4*16*2 = 512, *2 = 1024
  expect_op(a, "softmax", {OpKind::attention, 2, 1280, 1024, 0, 0});
  // sv: 2*B*H*T^2*dh = 4096, *2 = 8192; bytes 256 + 256 + 1024 = 1536, *2 = 3072; kv 512
  expect_op(a, "sv", {OpKind::attention, 2, 8192, 3072, 0, 512});
}

TEST(AnalysisDense, HeadRunsOnLastTokenOnly) {
  // final_norm and lm_head: M_head = B = 2 in both phases, count 1.
  // final_norm FLOPs 4*2*64 = 512; bytes 2*2*64*2 + 2*64 = 640; weights 128
  // lm_head 64x100: FLOPs 2*2*64*100 = 25600; bytes 64*100*2 + 2*64*2 + 2*100*2
  //   = 12800 + 256 + 400 = 13456; weights 12800
  for (const Scenario& s : {tiny_decode(), tiny_prefill()}) {
    SCOPED_TRACE(std::string(to_string(s.phase)));
    Analysis a = analyze(s);
    expect_op(a, "final_norm", {OpKind::elementwise, 1, 512, 640, 128, 0});
    expect_op(a, "lm_head", {OpKind::fc, 1, 25600, 13456, 12800, 0});
  }
}

TEST(AnalysisDense, GeluMlpHasTwoMatrices) {
  Scenario s = tiny_decode();
  s.model = tiny_gelu();
  Analysis a = analyze(s);
  EXPECT_EQ(a.find_op("gate_proj"), nullptr);
  expect_op(a, "up_proj", {OpKind::fc, 2, 65536, 34304, 32768, 0});
  expect_op(a, "down_proj", {OpKind::fc, 2, 65536, 34304, 32768, 0});
  // act not gated: FLOPs 8*M*dff = 8*2*128 = 2048, *2 = 4096; bytes 2*2*128*2 = 1024, *2 = 2048
  expect_op(a, "act", {OpKind::elementwise, 2, 4096, 2048, 0, 0});
}

TEST(AnalysisDense, OpNamesAndOrder) {
  Analysis a = analyze(tiny_decode());
  std::set<std::string> names;
  for (const OpCost& op : a.ops) names.insert(std::string(op.name));
  std::set<std::string> expected = {"attn_norm",    "q_proj",     "k_proj",        "v_proj",
                                    "attention",    "o_proj",     "attn_residual", "mlp_norm",
                                    "gate_proj",    "up_proj",    "act",           "down_proj",
                                    "mlp_residual", "final_norm", "lm_head"};
  EXPECT_EQ(names, expected);
  ASSERT_EQ(a.ops.size(), 15u);  // no duplicates
  EXPECT_EQ(a.ops[13].name, "final_norm");
  EXPECT_EQ(a.ops[14].name, "lm_head");
  for (size_t i = 0; i < 13; ++i) EXPECT_EQ(a.ops[i].count, 2) << a.ops[i].name;
  // Execution order within a layer.
  EXPECT_LT(op_index(a, "attn_norm"), op_index(a, "q_proj"));
  EXPECT_LT(op_index(a, "q_proj"), op_index(a, "attention"));
  EXPECT_LT(op_index(a, "k_proj"), op_index(a, "attention"));
  EXPECT_LT(op_index(a, "attention"), op_index(a, "o_proj"));
  EXPECT_LT(op_index(a, "o_proj"), op_index(a, "attn_residual"));
  EXPECT_LT(op_index(a, "attn_residual"), op_index(a, "mlp_norm"));
  EXPECT_LT(op_index(a, "mlp_norm"), op_index(a, "gate_proj"));
  EXPECT_LT(op_index(a, "up_proj"), op_index(a, "down_proj"));
  EXPECT_LT(op_index(a, "down_proj"), op_index(a, "mlp_residual"));

  Scenario off = tiny_decode();
  off.flash_attention = false;
  Analysis b = analyze(off);
  EXPECT_EQ(b.ops.size(), 17u);
  EXPECT_LT(op_index(b, "qk"), op_index(b, "softmax"));
  EXPECT_LT(op_index(b, "softmax"), op_index(b, "sv"));
}

TEST(AnalysisDense, FusedElementwiseMoveNoBytes) {
  Scenario s = tiny_decode();
  s.fuse_elementwise = true;
  Analysis a = analyze(s);
  // FLOPs kept, bytes 0, intensity +inf, time = FLOPs / peak (compute bound).
  // attn_norm 1024 FLOPs / 10e12 = 1.024e-10 s; act 2560 / 10e12 = 2.56e-10 s
  for (const char* name :
       {"attn_norm", "mlp_norm", "act", "attn_residual", "mlp_residual", "final_norm"}) {
    SCOPED_TRACE(name);
    const OpCost* op = a.find_op(name);
    ASSERT_NE(op, nullptr);
    EXPECT_EQ(op->bytes, 0);
    EXPECT_EQ(op->weight_bytes, 0);
    EXPECT_TRUE(std::isinf(op->intensity) && op->intensity > 0);
    EXPECT_DOUBLE_EQ(op->time_s, op->flops / 10e12);
    EXPECT_EQ(op->bound, Bound::compute);
  }
  EXPECT_DOUBLE_EQ(a.find_op("attn_norm")->flops, 1024);
  EXPECT_DOUBLE_EQ(a.find_op("act")->time_s, 2.56e-10);
  EXPECT_EQ(a.elementwise.bytes, 0);
  EXPECT_TRUE(std::isinf(a.elementwise.intensity));
  // Matmuls unchanged.
  expect_op(a, "q_proj", {OpKind::fc, 2, 32768, 17408, 16384, 0});
}

TEST(AnalysisDense, OpTimeIsMaxOfRoofsMemoryBound) {
  Analysis a = analyze(tiny_decode());
  // toy GPU: 10e12 FLOP/s bf16, 1e12 byte/s.
  // q_proj: 32768 / 10e12 = 3.2768e-9 s < 17408 / 1e12 = 1.7408e-8 s -> memory
  const OpCost* q = a.find_op("q_proj");
  ASSERT_NE(q, nullptr);
  EXPECT_DOUBLE_EQ(q->time_s, 1.7408e-8);
  EXPECT_EQ(q->bound, Bound::memory);
  // intensity 32768 / 17408 = 1.88235...
  EXPECT_DOUBLE_EQ(q->intensity, 32768.0 / 17408.0);
}

TEST(AnalysisDense, OpTimeIsMaxOfRoofsComputeBound) {
  // Prefill B=1, T=64 (M=64), kv fp8.
  Scenario s = prefill(toy_gpu(), tiny_dense(), 1, 64);
  s.kv = Precision::fp8;
  Analysis a = analyze(s);
  // q_proj: FLOPs 2*64*64*64 = 524288, *2 = 1048576; bytes 8192 + 64*64*2*2 = 24576, *2 = 49152
  //   1048576 / 10e12 = 1.048576e-7 s > 49152 / 1e12 = 4.9152e-8 s -> compute
  expect_op(a, "q_proj", {OpKind::fc, 2, 1048576, 49152, 16384, 0});
  EXPECT_DOUBLE_EQ(a.find_op("q_proj")->time_s, 1.048576e-7);
  EXPECT_EQ(a.find_op("q_proj")->bound, Bound::compute);
  // attention: P = 64*65/2 = 2080; FLOPs 4*2080*69 = 574080, *2 = 1148160
  //   bytes 2*64*4*16*2 + 2*64*2*16*1 = 16384 + 4096 = 20480, *2 = 40960; kv 4096*2
  //   1148160 / 10e12 = 1.14816e-7 s > 4.096e-8 s -> compute
  expect_op(a, "attention", {OpKind::attention, 2, 1148160, 40960, 0, 8192});
  EXPECT_DOUBLE_EQ(a.find_op("attention")->time_s, 1.14816e-7);
  EXPECT_EQ(a.find_op("attention")->bound, Bound::compute);
}

TEST(AnalysisDense, FinishOp) {
  OpCost op;
  op.flops = 2e12;
  op.bytes = 1e11;
  finish_op(op, 1e15, 1e12);
  // 2e12 / 1e15 = 2e-3 s; 1e11 / 1e12 = 0.1 s -> memory, 0.1 s; intensity 20
  EXPECT_DOUBLE_EQ(op.time_s, 0.1);
  EXPECT_EQ(op.bound, Bound::memory);
  EXPECT_DOUBLE_EQ(op.intensity, 20);
  op.bytes = 1e9;
  finish_op(op, 1e15, 1e12);
  // 2e-3 s > 1e-3 s -> compute; intensity 2000
  EXPECT_DOUBLE_EQ(op.time_s, 2e-3);
  EXPECT_EQ(op.bound, Bound::compute);
  EXPECT_DOUBLE_EQ(op.intensity, 2000);
  op.bytes = 0;
  finish_op(op, 1e15, 1e12);
  EXPECT_TRUE(std::isinf(op.intensity));
  EXPECT_DOUBLE_EQ(op.time_s, 2e-3);
}

TEST(AnalysisDense, StepTotalsDecode) {
  Analysis a = analyze(tiny_decode());
  // Every op memory bound on the toy GPU; time = sum(bytes) / 1e12.
  // bytes: norms 1280*2 + final 640 + q,o 17408*2 + k,v 8832*2 + attention 3072
  //   + residuals 1536*2 + MLP 34304*3 + act 3072 + lm_head 13456
  //   = 2560 + 640 + 34816 + 17664 + 3072 + 3072 + 102912 + 3072 + 13456 = 181264
  EXPECT_DOUBLE_EQ(a.step.bytes, 181264);
  EXPECT_DOUBLE_EQ(a.totals.bytes, 181264);
  EXPECT_DOUBLE_EQ(a.totals.time_s, 1.81264e-7);
  EXPECT_DOUBLE_EQ(a.step.time_s, 1.81264e-7);
  EXPECT_EQ(a.totals.communication_time_s, 0);
  // decode: tokens/s = B / t = 2 / 1.81264e-7
  EXPECT_DOUBLE_EQ(a.totals.tokens_per_s, 2 / 1.81264e-7);
  EXPECT_EQ(a.totals.ttft_s, 0);
  // fc group: q,o 32768*2 + k,v 16384*2 + MLP 65536*3 + lm_head 25600 = 320512 FLOPs
  //   bytes 34816 + 17664 + 102912 + 13456 = 168848
  EXPECT_DOUBLE_EQ(a.fc.flops, 320512);
  EXPECT_DOUBLE_EQ(a.fc.bytes, 168848);
  EXPECT_DOUBLE_EQ(a.fc.intensity, 320512.0 / 168848.0);
  EXPECT_DOUBLE_EQ(a.fc.time_s, 1.68848e-7);
  EXPECT_DOUBLE_EQ(a.fc.achieved_flops, 320512 / 1.68848e-7);
  EXPECT_EQ(a.fc.bound, Bound::memory);
  EXPECT_DOUBLE_EQ(a.attention.flops, 8832);
  EXPECT_DOUBLE_EQ(a.attention.bytes, 3072);
  // elementwise: FLOPs 1024*2 + 512 + 256*2 + 2560 = 5632; bytes 2560 + 640 + 3072 + 3072 = 9344
  EXPECT_DOUBLE_EQ(a.elementwise.flops, 5632);
  EXPECT_DOUBLE_EQ(a.elementwise.bytes, 9344);
  EXPECT_EQ(&a.group(OpKind::fc), &a.fc);
  EXPECT_EQ(&a.group(OpKind::attention), &a.attention);
  EXPECT_EQ(&a.group(OpKind::elementwise), &a.elementwise);
}

TEST(AnalysisDense, StepTotalsPrefill) {
  Analysis a = analyze(tiny_prefill());
  // bytes: norms 4352*2 + final 640 + q,o 20480*2 + k,v 10752*2 + attention 5120
  //   + residuals 6144*2 + MLP 38912*3 + act 12288 + lm_head 13456
  //   = 8704 + 640 + 40960 + 21504 + 5120 + 12288 + 116736 + 12288 + 13456 = 231696
  // all memory bound (largest intensity: gate 262144/38912 = 6.7 < 10) -> t = 2.31696e-7 s
  EXPECT_DOUBLE_EQ(a.totals.bytes, 231696);
  EXPECT_DOUBLE_EQ(a.totals.time_s, 2.31696e-7);
  // prefill: TTFT = step time; prompt tokens/s = B*T / t = 8 / 2.31696e-7
  EXPECT_DOUBLE_EQ(a.totals.ttft_s, 2.31696e-7);
  EXPECT_DOUBLE_EQ(a.totals.tokens_per_s, 8 / 2.31696e-7);
}

TEST(AnalysisDense, KindNames) {
  EXPECT_EQ(to_string(OpKind::fc), "fc");
  EXPECT_EQ(to_string(OpKind::attention), "attention");
  EXPECT_EQ(to_string(OpKind::elementwise), "elementwise");
  EXPECT_EQ(to_string(Bound::memory), "memory");
  EXPECT_EQ(to_string(Bound::compute), "compute");
}

TEST(AnalysisDense, InvalidScenarioGivesWarningAndNoOps) {
  Scenario s = tiny_decode();
  s.batch = 0;
  Analysis a = analyze(s);
  EXPECT_TRUE(a.ops.empty());
  // The one warning is validate()'s message, naming the key and the range.
  EXPECT_EQ(a.warnings, std::vector<std::string>{"batch must be between 1 and 1000000, got 0"});
  EXPECT_EQ(a.totals.time_s, 0.0);
  EXPECT_EQ(a.totals.flops, 0.0);

  Scenario no_roof = tiny_decode();
  no_roof.gpu.peak_flops = {};
  Analysis b = analyze(no_roof);
  EXPECT_TRUE(b.ops.empty());
  // Names the GPU and the math precision, and says no wider roof exists either.
  EXPECT_EQ(b.warnings, std::vector<std::string>{no_roof.gpu.name +
                                                 " has no compute roof for bf16 or any wider "
                                                 "precision: roofline computes no step times "
                                                 "without one"});
  // With the preset's note of what the vendor does not publish, the message says it too.
  no_roof.gpu.peak_flops_note = "Apple publishes no FLOP/s";
  EXPECT_EQ(analyze(no_roof).warnings,
            std::vector<std::string>{no_roof.gpu.name +
                                     " has no compute roof for bf16 or any wider precision "
                                     "(Apple publishes no FLOP/s): roofline computes no step "
                                     "times without one"});
  EXPECT_EQ(b.totals.time_s, 0.0);
}

}  // namespace
}  // namespace roofline
