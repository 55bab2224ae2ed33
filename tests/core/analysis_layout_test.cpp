// The layer layout by hand (core/MODEL.md §6): sliding, chunked, linear-attention, Mamba and
// sparse (indexer) layers, layers without a mixer or a feed-forward, biases, LayerNorm, learned
// positions, the weight formats of quantization_config, active parameters and recurrent state.
// Toy GPU (10 TFLOP/s bf16, 1 TB/s), bf16 everywhere unless a test says otherwise; tiny_dense's
// shape: d = 64, H = 4, Hkv = 2, dh = 16, dff = 128, V = 100, so one token's K and V in one
// layer take 2·2·16·2 = 128 bytes.
#include <gtest/gtest.h>

#include <string>

#include "op_expect.h"
#include "roofline/analysis.h"
#include "test_fixtures.h"

namespace roofline {
namespace {

using namespace roofline::testing;

// [SECTION] Sliding and chunked attention

TEST(AnalysisLayout, SlidingDecodeReadsOnlyTheWindow) {
  const Analysis a = analyze(decode(toy_gpu(), tiny_sliding(), 3, 20));
  ASSERT_EQ(a.layer_types.size(), 4u);  // sliding, full, the dense MLP, the output
  EXPECT_EQ(a.layer_types[0].label, "sliding 8");
  EXPECT_EQ(a.layer_types[1].label, "full attention");
  // Sliding layer: min(S, W) = 8 keys. FLOPs B·H·8·(4·dh + 5) = 3·4·8·69 = 6624; bytes
  // 2·B·8·Hkv·dh·b_kv = 3072 (K and V) + 2·B·H·dh·b_a = 768 (Q, O) = 3840.
  expect_op(a, "attention@sliding", {OpKind::attention, 1, 6624, 3840, 0, 3072});
  // Full layer: all 20 keys: 3·4·20·69 = 16560 FLOPs; 2·3·20·2·16·2 = 7680 + 768 bytes.
  expect_op(a, "attention@full", {OpKind::attention, 1, 16560, 8448, 0, 7680});
  // Each layer type has its own q_proj (the same cost here), told apart by key.
  EXPECT_EQ(find_op_key(a, "q_proj@sliding")->count, 1);
  EXPECT_EQ(find_op_key(a, "q_proj@full")->count, 1);
  EXPECT_EQ(find_op_key(a, "q_proj"), a.find_op("q_proj"));  // a plain name: the first
  // KV cache: the sliding layer keeps 8 tokens, the full one 20: 3·(8 + 20)·128 = 10752.
  EXPECT_DOUBLE_EQ(a.totals.kv_cache_bytes, 10752);
  // One attention dot per type, each summing that type's attention ops.
  ASSERT_EQ(a.attention_types.size(), 2u);
  EXPECT_DOUBLE_EQ(a.attention_types[0].flops, 6624);
  EXPECT_DOUBLE_EQ(a.attention_types[1].bytes, 8448);
  EXPECT_EQ(attention_type_label(a.layer_types[0]), "attention · sliding 8");
  EXPECT_EQ(attention_type_label(a.layer_types[1]), "attention · full");
  EXPECT_EQ(find_group(a, "attention@sliding"), &a.attention_types[0]);
  EXPECT_EQ(layout_text(tiny_sliding()), "2 layers: 1 sliding 8 + 1 full attention");
}

TEST(AnalysisLayout, SlidingBelowTheWindowReadsEveryToken) {
  const Analysis a = analyze(decode(toy_gpu(), tiny_sliding(), 3, 5));
  // min(5, 8) = 5 keys in both layers: 3·4·5·69 = 4140 FLOPs each.
  expect_op(a, "attention@sliding", {OpKind::attention, 1, 4140, 1920 + 768, 0, 1920});
  expect_op(a, "attention@full", {OpKind::attention, 1, 4140, 1920 + 768, 0, 1920});
  EXPECT_DOUBLE_EQ(a.totals.kv_cache_bytes, 3 * (5 + 5) * 128);
}

TEST(AnalysisLayout, SlidingPrefillCountsTheWindowedPairs) {
  const Analysis a = analyze(prefill(toy_gpu(), tiny_sliding(), 2, 20));
  // Pairs: Σ min(i, 8) for i = 1…20 = 8·9/2 + 12·8 = 132 (full: 20·21/2 = 210).
  // FLOPs B·H·P·69: 2·4·132·69 = 72864 and 2·4·210·69 = 115920. Bytes (M = 40):
  // 2·M·H·dh·b_a = 10240 (Q, O) + 2·M·Hkv·dh·b_kv = 5120 (K, V read once) = 15360 in both.
  expect_op(a, "attention@sliding", {OpKind::attention, 1, 72864, 15360, 0, 5120});
  expect_op(a, "attention@full", {OpKind::attention, 1, 115920, 15360, 0, 5120});
  // The cache after the prompt: 8 and 20 tokens per sequence: 2·(8 + 20)·128 = 7168.
  EXPECT_DOUBLE_EQ(a.totals.kv_cache_bytes, 7168);
}

TEST(AnalysisLayout, ChunkedAttentionRestartsEveryChunk) {
  // S = 20 with chunks of 8: the query is token 4 of its chunk ((20 − 1) mod 8 + 1 = 4).
  Analysis a = analyze(decode(toy_gpu(), tiny_chunked(), 3, 20));
  expect_op(a, "attention@chunked", {OpKind::attention, 1, 3 * 4 * 4 * 69, 1536 + 768, 0, 1536});
  // The cache a sequence needs is min(S, C) = 8 tokens in the chunked layer.
  EXPECT_DOUBLE_EQ(a.totals.kv_cache_bytes, 3 * (8 + 20) * 128);
  // S = 16 ends a chunk (8 keys); S = 17 starts one (1 key).
  a = analyze(decode(toy_gpu(), tiny_chunked(), 1, 16));
  EXPECT_DOUBLE_EQ(find_op_key(a, "attention@chunked")->flops, 4 * 8 * 69);
  a = analyze(decode(toy_gpu(), tiny_chunked(), 1, 17));
  EXPECT_DOUBLE_EQ(find_op_key(a, "attention@chunked")->flops, 4 * 1 * 69);
  // A prompt of 20: two whole chunks (36 pairs each) and 4 tokens (10 pairs) = 82.
  a = analyze(prefill(toy_gpu(), tiny_chunked(), 1, 20));
  EXPECT_DOUBLE_EQ(find_op_key(a, "attention@chunked")->flops, 4 * 82 * 69);
}

// [SECTION] Linear attention

TEST(AnalysisLayout, LinearAttentionKeepsAFixedState) {
  const Analysis a = analyze(decode(toy_gpu(), tiny_linear(), 3, 20));
  // Hk = 2, Hv = 4, dk = dvl = 8: keys 16, values 32; convolution channels 2·16 + 32 = 64.
  // in_proj_qkvz 64 x 96: FLOPs 2·3·64·96 = 36864; bytes 12288 + 3·64·2 + 3·96·2 = 13248.
  expect_op(a, "in_proj_qkvz", {OpKind::fc, 1, 36864, 13248, 12288, 0});
  // in_proj_ba 64 x 8: FLOPs 3072; bytes 1024 + 384 + 48 = 1456.
  expect_op(a, "in_proj_ba", {OpKind::fc, 1, 3072, 1456, 1024, 0});
  // The recurrence: state 4·8·8 = 256, convolution state 64·3 = 192 elements a sequence.
  // FLOPs M·(7·256 + 2·64·4) = 3·2304 = 6912. Bytes: activations in 2·16 + 2·32 + 2·4 = 104
  // and out 32 a token, 3·136·2 = 816; filters 64·4·2 = 512; both states read and written,
  // 2·3·(256·2 + 192·2) = 5376 -> 6704.
  expect_op(a, "linear_attention", {OpKind::attention, 1, 6912, 6704, 512, 0});
  // out_proj 32 x 64: FLOPs 12288; bytes 4096 + 192 + 384 = 4672.
  expect_op(a, "out_proj", {OpKind::fc, 1, 12288, 4672, 4096, 0});
  // The gated full-attention layer: q_proj 64 x 2·4·16 = 128: FLOPs 49152,
  // bytes 16384 + 384 + 768 = 17536.
  expect_op(a, "q_proj", {OpKind::fc, 1, 49152, 17536, 16384, 0});
  // State: 3·(256 + 192)·2 = 2688 bytes; KV only in the full layer: 3·20·128 = 7680.
  EXPECT_DOUBLE_EQ(a.totals.state_bytes, 2688);
  EXPECT_DOUBLE_EQ(a.totals.kv_cache_bytes, 7680);
  ASSERT_EQ(a.attention_types.size(), 2u);
  EXPECT_EQ(attention_type_label(a.layer_types[0]), "linear attention");
  // Parameters: linear layer 64·96 + 64·8 + 32·64 = 8704, vectors conv 64·4 + dt_bias and
  // A_log 2·4 + norm 8 = 272, its norm 64; full layer q 8192 + k, v 4096 + o 4096 = 16384,
  // q/k norms 32, its norm 64; 2 dense MLPs 24576 + 64; embeddings and lm_head 12800; final 64.
  // 9040 + 16480 + 49280 + 12800 + 64 = 87664.
  EXPECT_DOUBLE_EQ(a.totals.parameters, 87664);
}

TEST(AnalysisLayout, LinearAttentionPrefillWritesTheFinalState) {
  const Analysis a = analyze(prefill(toy_gpu(), tiny_linear(), 2, 5));
  // M = 10: FLOPs 10·2304 = 23040; bytes 10·136·2 = 2720 + 512 + B·896 = 1792 -> 5024.
  expect_op(a, "linear_attention", {OpKind::attention, 1, 23040, 5024, 512, 0});
}

// [SECTION] Mamba, and layers without a mixer or a feed-forward

TEST(AnalysisLayout, MambaHybridBlocks) {
  const Analysis a = analyze(decode(toy_gpu(), tiny_hybrid(), 2, 10));
  // Types: mamba, full (the 2 layers with no mixer are skipped), dense, moe (the 2 with no
  // feed-forward skipped), output.
  ASSERT_EQ(a.layer_types.size(), 5u);
  EXPECT_EQ(a.layer_types[0].kind, "mamba");
  EXPECT_EQ(a.layer_types[3].kind, "moe");
  // inner 4·8 = 32, G·N = 32, convolution channels 32 + 64 = 96, in_proj width
  // 2·32 + 2·32 + 4 = 132: FLOPs 2·2·64·132 = 33792; bytes 16896 + 256 + 528 = 17680.
  expect_op(a, "in_proj", {OpKind::fc, 1, 33792, 17680, 16896, 0});
  // SSM state 32·16 = 512 (fp32), convolution state 96·3 = 288 (bf16). FLOPs
  // M·(6·512 + 2·96·4) = 2·3840 = 7680. Bytes: activations 2·(132 + 32)·2 = 656, filters
  // 96·4·2 = 768, states read and written 2·2·(512·4 + 288·2) = 10496 -> 11920.
  expect_op(a, "mamba", {OpKind::attention, 1, 7680, 11920, 768, 0});
  expect_op(a, "out_proj", {OpKind::fc, 1, 8192, 4480, 4096, 0});
  // The MLP block: relu² with no gate: up 64 x 128 (FLOPs 2·2·64·128 = 32768), act 2 FLOPs and
  // 2 tensors an element: 2·2·128 = 512 FLOPs, 2·2·128·2 = 1024 bytes.
  EXPECT_EQ(a.find_op("gate_proj"), nullptr);
  EXPECT_DOUBLE_EQ(a.find_op("up_proj")->flops, 32768);
  expect_op(a, "act", {OpKind::elementwise, 1, 512, 1024, 0, 0});
  // The MoE block: 4 relu² experts of 32, M·k = 4 rows, E_t = 4·(1 − 0.5²) = 3 touched:
  // FLOPs 2·4·64·32 = 16384; bytes 3·64·32·2 = 12288 + 4·64·2 + 4·32·2 = 13056.
  EXPECT_EQ(a.find_op("expert_gate"), nullptr);
  expect_op(a, "expert_up", {OpKind::fc, 1, 16384, 13056, 12288, 0});
  // shared expert of 16 on M = 2 rows: FLOPs 4096; bytes 2048 + 256 + 64 = 2368.
  expect_op(a, "shared_up", {OpKind::fc, 1, 4096, 2368, 2048, 0});
  // expert_act over 2·2·32 + 2·16 = 160 elements: 320 FLOPs, 640 bytes.
  expect_op(a, "expert_act", {OpKind::elementwise, 1, 320, 640, 0, 0});
  // Each block has its own norm: attn_norm in the 2 mixer blocks, mlp_norm in the 2 others.
  EXPECT_EQ(find_op_key(a, "attn_norm@mamba")->count, 1);
  EXPECT_EQ(find_op_key(a, "mlp_norm@moe")->count, 1);
  // State 2·(512·4 + 288·2) = 5248 bytes; KV only in the attention block: 2·10·128 = 2560.
  EXPECT_DOUBLE_EQ(a.totals.state_bytes, 5248);
  EXPECT_DOUBLE_EQ(a.totals.kv_cache_bytes, 2560);
  // Parameters: Mamba 64·132 + 32·64 = 10496, vectors conv 96·4 + 96, dt_bias/A_log/D 12,
  // norm 32 = 524, block norm 64 -> 11084; attention 12288 + 64 = 12352; MLP 2·64·128 + 64 =
  // 16448; MoE experts 4·2·64·32 = 16384, shared 2·64·16 = 2048, router 256, norm 64 = 18752;
  // embeddings and lm_head 12800; final norm 64: 71500. Active: less 2 unused experts of
  // 2·64·32: 71500 − 8192 = 63308.
  EXPECT_DOUBLE_EQ(a.totals.parameters, 71500);
  EXPECT_DOUBLE_EQ(a.totals.active_parameters, 63308);
}

TEST(AnalysisLayout, AllReducesFollowTheBlocksThatRun) {
  Scenario s = decode(toy_gpu(), tiny_hybrid(), 2, 10);
  s.tp = 2;
  // 2 mixer blocks + 2 feed-forward blocks = 4 all-reduces (not 2·L = 8), each of
  // 2·(1/2)·M·d·b_a = 256 bytes over 1 GB/s: 4·2.56e-7 s.
  EXPECT_DOUBLE_EQ(analyze(s).totals.communication_time_s, 4 * 2.56e-7);
}

// [SECTION] Sparse attention

TEST(AnalysisLayout, SparseAttentionReadsTheTopKAndIndexesEveryToken) {
  const Analysis a = analyze(decode(toy_gpu(), tiny_dsa(), 2, 40));
  // Indexer over all 40 cached keys of 8: FLOPs B·S·Hi·(2·di + 2) = 2·40·2·18 = 2880; bytes
  // keys 2·40·8·2 = 1280 + queries 2·2·8·2 = 64 + one score a token 2·40·2 = 160 = 1504.
  expect_op(a, "indexer", {OpKind::attention, 2, 2 * 2880, 2 * 1504, 0, 2 * 1280});
  // The indexer's key goes into the cache: 64 x 8 on 2 rows: FLOPs 2048; bytes 1024 + 256 + 32.
  expect_op(a, "indexer_k", {OpKind::fc, 2, 2 * 2048, 2 * 1312, 2 * 1024, 2 * 32});
  expect_op(a, "indexer_q", {OpKind::fc, 2, 2 * 2048, 2 * 1216, 2 * 1024, 0});
  expect_op(a, "indexer_weights", {OpKind::fc, 2, 2 * 512, 2 * 520, 2 * 256, 0});
  // The MLA attention reads min(40, 16) = 16 latents: FLOPs B·H·16·(2·20 + 2·16 + 5) = 9856;
  // bytes 2·16·20·2 = 1280 + 2·4·20·2 = 320 + 2·4·16·2 = 256 = 1856.
  expect_op(a, "attention", {OpKind::attention, 2, 2 * 9856, 2 * 1856, 0, 2 * 1280});
  // The cache keeps every token: (16 + 4 latent + 8 indexer key)·2 bytes a token a layer:
  // 2 sequences · 40 tokens · 2 layers · 56 = 8960.
  EXPECT_DOUBLE_EQ(a.totals.kv_cache_bytes, 8960);
  // Parameters: tiny_mla's 78240 + per layer wq_b 32·16 + wk 64·8 + weights_proj 64·2 + the
  // key's LayerNorm 2·8 = 1168 -> 80576.
  EXPECT_DOUBLE_EQ(a.totals.parameters, 80576);
}

TEST(AnalysisLayout, SparseAttentionPrefill) {
  const Analysis a = analyze(prefill(toy_gpu(), tiny_dsa(), 1, 20));
  // Pairs Σ min(i, 16) = 136 + 4·16 = 200: FLOPs H·200·(2·12 + 2·8 + 5) = 4·200·45 = 36000 a
  // layer; the indexer scores all 210 pairs: 210·2·18 = 7560 a layer.
  EXPECT_DOUBLE_EQ(a.find_op("attention")->flops, 2 * 36000);
  EXPECT_DOUBLE_EQ(a.find_op("indexer")->flops, 2 * 7560);
}

// [SECTION] Biases, LayerNorm, learned positions

TEST(AnalysisLayout, BiasesLayerNormAndPositions) {
  ModelConfig m = tiny_gelu();  // GPT-2-like: LayerNorm, biases everywhere, 32 positions, tied
  m.norm = NormKind::layer;
  m.attention.qkv_bias = m.attention.o_bias = m.mlp_bias = true;
  m.position_embeddings = 32;
  m.tie_word_embeddings = true;
  // Per layer: q, k, v, o 12288 + biases 64 + 32 + 32 + 64 = 192; MLP 2·64·128 = 16384 +
  // biases 128 + 64 = 192; two LayerNorms 2·2·64 = 256 -> 29312; 2 layers 58624. Token table
  // 6400 (tied: no lm_head) + positions 32·64 = 2048 + final LayerNorm 128: 67200.
  EXPECT_DOUBLE_EQ(parameter_count(m), 67200);
  EXPECT_DOUBLE_EQ(embedding_parameter_count(m), 6400 + 2048);
  const Analysis a = analyze(decode(toy_gpu(), m, 1, 8));
  // q_proj reads its 64 x 64 weight and its 16-bit bias: 8192 + 128 bytes of weights.
  EXPECT_DOUBLE_EQ(a.find_op("q_proj")->weight_bytes, 2 * (8192 + 128));
  // LayerNorm: 5 FLOPs an element; weight and bias 2·64·2 bytes: 2·64·2 + 256 = 512 bytes.
  expect_op(a, "attn_norm", {OpKind::elementwise, 2, 2 * 320, 2 * 512, 2 * 256, 0});
}

// [SECTION] Weight formats, warnings

TEST(AnalysisLayout, ConfigQuantizesTheExpertsAndTheScenarioOverrides) {
  ModelConfig m = tiny_moe();
  m.quantization.method = "mxfp4";
  m.quantization.group[static_cast<size_t>(WeightGroup::experts)] = Precision::mxfp4;
  Scenario s = decode(toy_gpu(), m, 1, 8);
  // tiny_moe by group: attention 24576, dense MLP + shared expert 24576 + 6144 = 30720, routed
  // experts 4·3·64·32 = 24576, router + embeddings + lm_head 256 + 12800 = 13056, norms 320.
  // Experts in mxfp4 (0.53125 bytes), the rest bf16:
  // 2·(24576 + 30720 + 13056 + 320) + 24576·0.53125 = 137344 + 13056 = 150400.
  Analysis a = analyze(s);
  EXPECT_DOUBLE_EQ(a.totals.weights_bytes, 150400);
  EXPECT_EQ(a.math_precision, Precision::bf16);  // the bf16 weights are the widest
  // One token, 2 experts touched: 2·64·32·0.53125 = 2176 bytes of expert_up weights.
  EXPECT_DOUBLE_EQ(a.find_op("expert_up")->weight_bytes, 2176);
  EXPECT_TRUE(weight_formats(s).of(WeightGroup::experts).from_config);
  EXPECT_EQ(weights_text(s), "bf16, experts mxfp4 (config)");
  // An explicit weight precision sets every group, the experts included: all fp8, 92928 + 640.
  s.weights = Precision::fp8;
  EXPECT_DOUBLE_EQ(analyze(s).totals.weights_bytes, 93568);
  EXPECT_EQ(weights_text(s), "fp8");
  // An explicit expert precision sets the experts alone: 137344 + 24576·0.5 = 149632.
  s.weights.reset();
  s.expert_weights = Precision::int4;
  EXPECT_DOUBLE_EQ(analyze(s).totals.weights_bytes, 149632);
}

TEST(AnalysisLayout, ContextPastTheTrainedLengthIsWarned) {
  ModelConfig m = tiny_dense();
  m.max_context = 16;
  EXPECT_TRUE(analyze(decode(toy_gpu(), m, 1, 16)).warnings.empty());
  const Analysis a = analyze(decode(toy_gpu(), m, 1, 20));
  ASSERT_EQ(a.warnings.size(), 1u);
  EXPECT_EQ(a.warnings[0],
            "context 20 is longer than tiny's max_position_embeddings (16): the model was not "
            "trained for it");
}

TEST(AnalysisLayout, ActiveParametersLeaveOutTheUnusedExperts) {
  // tiny_moe: 2 of 4 experts unused, 3·64·32 each: 93248 − 12288 = 80960.
  const Analysis a = analyze(decode(toy_gpu(), tiny_moe(), 1, 8));
  EXPECT_DOUBLE_EQ(a.totals.parameters, 93248);
  EXPECT_DOUBLE_EQ(a.totals.active_parameters, 80960);
  // A dense model uses all of them.
  const Analysis dense = analyze(decode(toy_gpu(), tiny_dense(), 1, 8));
  EXPECT_DOUBLE_EQ(dense.totals.active_parameters, dense.totals.parameters);
}

}  // namespace
}  // namespace roofline
