// Memory capacity, max batch, tensor parallelism and efficiency factors.
#include <gtest/gtest.h>

#include "op_expect.h"
#include "roofline/analysis.h"
#include "roofline/formulas.h"
#include "test_fixtures.h"

namespace roofline {
namespace {

using namespace roofline::testing;

TEST(AnalysisMemory, TinyWeightsAndKv) {
  Analysis a = analyze(decode(toy_gpu(), tiny_dense(), 2, 8));
  EXPECT_DOUBLE_EQ(a.totals.parameters, 86848);
  // 86848 params * 2 bytes = 173696
  EXPECT_DOUBLE_EQ(a.totals.weights_bytes, 173696);
  // B*S*L*2*Hkv*dh*bkv = 2*8*2*2*2*16*2 = 4096
  EXPECT_DOUBLE_EQ(a.totals.kv_cache_bytes, 4096);
  EXPECT_DOUBLE_EQ(a.totals.memory_per_gpu_bytes, 177792);  // 173696 + 4096
  EXPECT_DOUBLE_EQ(a.totals.usable_memory_bytes, 900000);   // 1e6 * 0.9
  EXPECT_TRUE(a.totals.fits_in_memory);
  // floor((900000 - 173696) / (8*2*128)) = floor(726304 / 2048) = floor(354.6) = 354
  EXPECT_EQ(a.totals.max_batch, 354);
}

TEST(AnalysisMemory, NormsStay16BitUnderQuantization) {
  Scenario s = decode(toy_gpu(), tiny_dense(), 2, 8);
  s.weights = Precision::fp8;
  // (86848 - 320)*1 + 320*2 = 86528 + 640 = 87168
  EXPECT_DOUBLE_EQ(analyze(s).totals.weights_bytes, 87168);
  s.weights = Precision::int4;
  // 86528*0.5 + 640 = 43264 + 640 = 43904
  EXPECT_DOUBLE_EQ(analyze(s).totals.weights_bytes, 43904);
}

TEST(AnalysisMemory, PrefillKvUsesPromptLength) {
  // B*T*L*kv_per_token = 2*4*2*(64*2) = 2048
  EXPECT_DOUBLE_EQ(analyze(prefill(toy_gpu(), tiny_dense(), 2, 4)).totals.kv_cache_bytes, 2048);
}

TEST(AnalysisMemory, FitsAtMaxBatchNotOneMore) {
  // B = 354: 173696 + 354*2048 = 898688 <= 900000; B = 355: 900736 > 900000
  EXPECT_TRUE(analyze(decode(toy_gpu(), tiny_dense(), 354, 8)).totals.fits_in_memory);
  EXPECT_FALSE(analyze(decode(toy_gpu(), tiny_dense(), 355, 8)).totals.fits_in_memory);
}

TEST(AnalysisMemory, MemoryUtilization) {
  Scenario s = decode(toy_gpu(), tiny_dense(), 2, 8);
  s.memory_utilization = 0.5;
  Analysis a = analyze(s);
  EXPECT_DOUBLE_EQ(a.totals.usable_memory_bytes, 500000);
  // floor((500000 - 173696) / 2048) = floor(159.3) = 159
  EXPECT_EQ(a.totals.max_batch, 159);
}

TEST(AnalysisMemory, Llama3_8bMaxBatchOnH100) {
  Analysis a = analyze(decode(h100_sxm(), llama3_8b(), 1, 1024));
  // kv per sequence 1024*32*2*8*128*2 = 134217728
  // floor((72e9 - 16060522496) / 134217728) = floor(416.78) = 416
  EXPECT_EQ(a.totals.max_batch, 416);
  EXPECT_TRUE(a.totals.fits_in_memory);
}

TEST(AnalysisMemory, WeightsAloneDoNotFit) {
  // Llama-3-70B bf16: 141107412992 bytes > 24e9 * 0.9 = 21.6e9
  Analysis a = analyze(decode(l4(), llama3_70b(), 1, 1024));
  EXPECT_DOUBLE_EQ(a.totals.weights_bytes, 141107412992.0);
  EXPECT_EQ(a.totals.max_batch, 0);
  EXPECT_FALSE(a.totals.fits_in_memory);
}

Scenario tiny_tp(int64_t tp) {
  Scenario s = decode(toy_gpu(), tiny_dense(), 2, 8);
  s.kv = Precision::fp8;
  s.tp = tp;
  return s;
}

TEST(AnalysisTensorParallel, OpsHalve) {
  Analysis one = analyze(tiny_tp(1));
  Analysis two = analyze(tiny_tp(2));
  ASSERT_EQ(one.ops.size(), two.ops.size());
  for (size_t i = 0; i < one.ops.size(); ++i) {
    SCOPED_TRACE(std::string(one.ops[i].name));
    EXPECT_EQ(two.ops[i].name, one.ops[i].name);
    EXPECT_DOUBLE_EQ(two.ops[i].flops, one.ops[i].flops / 2);
    EXPECT_DOUBLE_EQ(two.ops[i].bytes, one.ops[i].bytes / 2);
    EXPECT_DOUBLE_EQ(two.ops[i].time_s, one.ops[i].time_s / 2);
  }
  // q_proj 32768 / 2 = 16384 FLOPs, 17408 / 2 = 8704 bytes; lm_head too (vocab-parallel)
  expect_op(two, "q_proj", {OpKind::fc, 2, 16384, 8704, 8192, 0});
  expect_op(two, "lm_head", {OpKind::fc, 1, 12800, 6728, 6400, 0});
}

TEST(AnalysisTensorParallel, CommunicationTime) {
  Analysis two = analyze(tiny_tp(2));
  // L*2 all-reduces of 2*(tp-1)/tp * M*d*ba / ic = 2*2 * (2*0.5*2*64*2 / 1e9) = 4 * 2.56e-7
  //   = 1.024e-6 s
  EXPECT_DOUBLE_EQ(two.totals.communication_time_s, 1.024e-6);
  // ops: 181264 / 2 bytes at 1e12 byte/s = 9.0632e-8 s; step = 9.0632e-8 + 1.024e-6
  //   = 1.114632e-6 s
  EXPECT_DOUBLE_EQ(two.totals.time_s, 1.114632e-6);
  EXPECT_DOUBLE_EQ(two.step.time_s, 1.114632e-6);
  EXPECT_DOUBLE_EQ(two.totals.tokens_per_s, 2 / 1.114632e-6);
  // tp = 4: 4 * (2*0.75*256 / 1e9) = 4 * 3.84e-7 = 1.536e-6 s
  EXPECT_DOUBLE_EQ(analyze(tiny_tp(4)).totals.communication_time_s, 1.536e-6);
}

TEST(AnalysisTensorParallel, NoInterconnectNoCommunicationTime) {
  Scenario s = tiny_tp(2);
  s.gpu.interconnect_bandwidth_bytes_per_s.reset();
  Analysis a = analyze(s);
  EXPECT_EQ(a.totals.communication_time_s, 0);
  EXPECT_DOUBLE_EQ(a.totals.time_s, 9.0632e-8);
}

TEST(AnalysisTensorParallel, MemoryPerGpu) {
  Scenario s = tiny_tp(2);
  s.kv = Precision::bf16;
  Analysis a = analyze(s);
  // whole model and cache stay whole: 173696 and 4096; per GPU (173696 + 4096) / 2 = 88896
  EXPECT_DOUBLE_EQ(a.totals.weights_bytes, 173696);
  EXPECT_DOUBLE_EQ(a.totals.kv_cache_bytes, 4096);
  EXPECT_DOUBLE_EQ(a.totals.memory_per_gpu_bytes, 88896);
  // floor((900000 - 173696/2) / (2048/2)) = floor(813152 / 1024) = floor(794.1) = 794
  EXPECT_EQ(a.totals.max_batch, 794);
}

// More GPUs than KV heads: serving engines replicate a KV head rather than split it. tiny_dense
// has 2 KV heads; at tp 4 each GPU keeps one, half the cache (not a quarter), and computes one
// head's k_proj and v_proj. The attention op reads that half and 1/4 of its other bytes.
TEST(AnalysisTensorParallel, KvHeadsReplicatedBeyondTheirCount) {
  Scenario one = tiny_tp(1), four = tiny_tp(4);
  one.kv = four.kv = Precision::bf16;
  const Analysis a1 = analyze(one), a4 = analyze(four);
  // Weights: 173696 / 4 = 43424, but k_proj and v_proj (2 layers of 64 x 32 bf16, 8192 bytes
  // each) keep half, not a quarter: + 2 · 8192 · (1/2 − 1/4) = 4096, so 47520 per GPU.
  EXPECT_DOUBLE_EQ(a4.totals.weights_per_gpu_bytes, 47520);
  // 47520 + 4096 / 2 = 49568
  EXPECT_DOUBLE_EQ(a4.totals.memory_per_gpu_bytes, 49568);
  // floor((900000 - 47520) / (2048 / 2)) = floor(832.5)
  EXPECT_EQ(a4.totals.max_batch, 832);
  const OpCost* k1 = a1.find_op("k_proj");
  const OpCost* k4 = a4.find_op("k_proj");
  ASSERT_TRUE(k1 && k4);
  EXPECT_DOUBLE_EQ(k1->flops, 16384);  // 2·M·d·Hkv·dh·L = 2·2·64·32·2
  EXPECT_DOUBLE_EQ(k4->flops, 8192);   // one of the two heads: 1/2, not 1/4
  EXPECT_DOUBLE_EQ(k4->bytes, k1->bytes / 2);
  const OpCost* at1 = a1.find_op("attention");
  const OpCost* at4 = a4.find_op("attention");
  ASSERT_TRUE(at1 && at4);
  EXPECT_DOUBLE_EQ(at1->kv_bytes, 4096);  // B·S·2·Hkv·dh·b_kv·L = 2·8·2·2·16·2·2
  EXPECT_DOUBLE_EQ(at4->kv_bytes, 2048);
  EXPECT_DOUBLE_EQ(at4->bytes, (at1->bytes - 4096) / 4 + 2048);
  EXPECT_DOUBLE_EQ(at4->flops, at1->flops / 4);
  ASSERT_FALSE(a4.warnings.empty());
  EXPECT_EQ(a4.warnings.front(),
            "tp 4 does not split the 2 KV heads evenly: each GPU keeps 1 (replicated where "
            "needed), 2.00\u00d7 an even split of the KV cache");
  // tp 2 splits them: no warning, an even half.
  EXPECT_TRUE(analyze(tiny_tp(2)).warnings.empty());
}

// A decode step of batch 2 at context 8 (bf16 KV, a 1 GB GPU) at tp 1 and tp 2.
std::pair<Analysis, Analysis> at_tp_1_and_2(const ModelConfig& m) {
  Scenario s = decode(toy_gpu(), m, 2, 8);
  s.kv = Precision::bf16;
  s.memory_utilization = 1;
  s.gpu.memory_capacity_bytes = 1e9;
  Analysis one = analyze(s);
  s.tp = 2;
  return {std::move(one), analyze(s)};
}

// MLA's latent cache is read by every head: each of tp GPUs keeps all of it (vLLM and SGLang
// replicate it; data-parallel attention is their way out).
TEST(AnalysisTensorParallel, MlaLatentCacheOnEveryGpu) {
  const auto [one, two] = at_tp_1_and_2(tiny_mla());
  // B·S·L·(rkv + d_rope)·b_kv = 2·8·2·20·2 = 1280 bytes, whole on each GPU
  EXPECT_DOUBLE_EQ(two.totals.kv_cache_bytes, 1280);
  // Each GPU keeps q_a_proj (2 layers of 64 x 32 bf16: 8192 bytes) and kv_a_proj (64 x 20:
  // 5120) whole: + (8192 + 5120) / 2 = 6656 over half the weights.
  EXPECT_DOUBLE_EQ(two.totals.weights_per_gpu_bytes, one.totals.weights_bytes / 2 + 6656);
  EXPECT_DOUBLE_EQ(two.totals.memory_per_gpu_bytes, one.totals.weights_bytes / 2 + 6656 + 1280);
  EXPECT_DOUBLE_EQ(two.find_op("q_a_proj")->flops, one.find_op("q_a_proj")->flops);
  EXPECT_TRUE(two.find_op("q_a_proj")->replicated);
  EXPECT_DOUBLE_EQ(two.find_op("q_b_proj")->flops, one.find_op("q_b_proj")->flops / 2);
  EXPECT_DOUBLE_EQ(two.find_op("attention")->kv_bytes, one.find_op("attention")->kv_bytes);
  EXPECT_DOUBLE_EQ(two.find_op("kv_a_proj")->flops, one.find_op("kv_a_proj")->flops);
  EXPECT_EQ(two.warnings.front(),
            "tp 2: every GPU keeps the whole MLA latent KV cache (all heads read it), "
            "2.00\u00d7 an even split");
}

// DeepSeek-V3.2's indexer runs whole on every GPU (vLLM's and SGLang's Indexer replicate its
// projections, heads and cache): its ops keep their tp-1 cost at tp 2, its weights stay whole.
TEST(AnalysisTensorParallel, SparseIndexerReplicated) {
  const auto [one, two] = at_tp_1_and_2(tiny_dsa());
  for (const char* name : {"indexer_q", "indexer_k", "indexer_weights", "indexer"}) {
    SCOPED_TRACE(name);
    ASSERT_TRUE(one.find_op(name) && two.find_op(name));
    EXPECT_DOUBLE_EQ(two.find_op(name)->flops, one.find_op(name)->flops);
    EXPECT_DOUBLE_EQ(two.find_op(name)->bytes, one.find_op(name)->bytes);
    EXPECT_TRUE(two.find_op(name)->replicated);
  }
  // Whole on each GPU, over half the weights: q_a_proj 8192, kv_a_proj 5120 (above), indexer_q
  // 2 layers of 32 x 16 (rq x Hi·di) = 2048, indexer_k 64 x 8 = 2048, indexer_weights 64 x 2 =
  // 512, all bf16: + (8192 + 5120 + 2048 + 2048 + 512) / 2 = 8960.
  EXPECT_DOUBLE_EQ(two.totals.weights_per_gpu_bytes, one.totals.weights_bytes / 2 + 8960);
  Scenario s = decode(toy_gpu(), tiny_dsa(), 2, 8);
  s.tp = 2;
  EXPECT_EQ(tp_split_text(s, two, *two.find_op("indexer_q")),
            "whole on every GPU, not \u00f7 tp 2 (serving engines replicate it)");
}

// The query heads one GPU runs per KV head, which sets decode attention's intensity (the chart's
// "why the attention dot stays put"): Llama-3-8B's 32 heads over 8 KV heads.
TEST(AnalysisTensorParallel, HeadsPerKvHeadOnOneGpu) {
  const ModelConfig m = llama3_8b();
  const MixerType& t = *first_attention_type(m);
  EXPECT_DOUBLE_EQ(heads_per_kv_head(m, t, 1), 4);   // 32 / 8
  EXPECT_DOUBLE_EQ(heads_per_kv_head(m, t, 8), 4);   // 4 / 1
  EXPECT_DOUBLE_EQ(heads_per_kv_head(m, t, 16), 2);  // 2 / ⌈8/16⌉ = 2 / 1: replicated
  EXPECT_DOUBLE_EQ(
      heads_per_kv_head(tiny_mla(), *first_attention_type(tiny_mla()), 2),
      static_cast<double>(tiny_mla().heads) / 2);  // MLA: each GPU's heads share the whole latent
  // At tp 16 the decode attention op's intensity halves: 1/16 of the FLOPs over 1/8 of the
  // cache (its other bytes, a small part at 8K context, split 16 ways).
  Scenario s = decode(h100_sxm(), m, 8, 8192);
  const double one = analyze(s).find_op("attention")->intensity;
  s.tp = 16;
  EXPECT_NEAR(analyze(s).find_op("attention")->intensity / one, 0.5, 0.005);
}

TEST(AnalysisEfficiency, ScalesRoofs) {
  Scenario s = decode(h100_sxm(), llama3_8b(), 1, 1024);
  s.compute_efficiency = 0.5;
  s.memory_efficiency = 0.8;
  Analysis a = analyze(s);
  EXPECT_DOUBLE_EQ(a.peak_flops, 494.5e12);     // 989e12 * 0.5
  EXPECT_DOUBLE_EQ(a.bandwidth, 2.68e12);       // 3.35e12 * 0.8
  EXPECT_NEAR(a.ridge_point, 184.515, 0.0005);  // 494.5 / 2.68 = 184.5149
}

TEST(AnalysisEfficiency, ScalesOpTimes) {
  Scenario s = decode(toy_gpu(), tiny_dense(), 2, 8);
  s.kv = Precision::fp8;
  s.memory_efficiency = 0.5;
  s.compute_efficiency = 0.25;
  Analysis a = analyze(s);
  // q_proj: 17408 / 0.5e12 = 3.4816e-8 s vs 32768 / 2.5e12 = 1.31072e-8 s -> memory
  EXPECT_DOUBLE_EQ(a.find_op("q_proj")->time_s, 3.4816e-8);
  // whole step: 181264 / 0.5e12 = 3.62528e-7 s (every op memory bound: max intensity
  //   65536/34304 = 1.9 < ridge 2.5e12/0.5e12 = 5)
  EXPECT_DOUBLE_EQ(a.totals.time_s, 3.62528e-7);
}

}  // namespace
}  // namespace roofline
