// Reading config.json across families (core/MODEL.md §6): the layout rules, quantization_config,
// Python's non-finite literals, and one clear refusal for what roofline cannot count.

#include <gtest/gtest.h>

#include <string>

#include "roofline/io/json_io.h"

namespace roofline {
namespace {

Result<ModelConfig> read(const std::string& text) { return parse_model(text, "m.json", "m"); }

std::string error_of(const std::string& text) {
  auto r = read(text);
  EXPECT_FALSE(r) << "parsed: " << text;
  return r ? std::string() : r.error();
}

// A small Llama-like body for the tests to add keys to: 4 layers, d 64, 4 heads of 16, 2 KV.
std::string body(const std::string& model_type, const std::string& more = "") {
  return R"({"model_type": ")" + model_type +
         R"(", "num_hidden_layers": 4, "hidden_size": 64, "num_attention_heads": 4,
            "num_key_value_heads": 2, "intermediate_size": 128, "vocab_size": 100)" +
         (more.empty() ? "" : ", " + more) + "}";
}

// [SECTION] Layer kinds

// Python's NaN and Infinity in a key roofline reads are named, never read as absent (the key
// then took its default in silence: num_key_value_heads: NaN gave the query heads, 4x the KV;
// num_local_experts: NaN read Mixtral as dense).
TEST(ModelFamilies, PythonLiteralsInAReadKeyAreNamed) {
  EXPECT_EQ(
      error_of(R"({"model_type": "llama", "num_hidden_layers": 4, "hidden_size": 64,
      "num_attention_heads": 4, "num_key_value_heads": NaN, "intermediate_size": 128,
      "vocab_size": 100})"),
      "m.json: num_key_value_heads: expected a positive integer up to 100000000, got \"NaN\"");
  EXPECT_EQ(error_of(body("mixtral", R"("num_local_experts": Infinity, "num_experts_per_tok": 2)")),
            "m.json: num_local_experts: expected an integer from 0 up to 100000000, got "
            "\"Infinity\"");
  EXPECT_EQ(error_of(body("llama", R"("max_position_embeddings": -Infinity)")),
            "m.json: max_position_embeddings: expected a positive integer up to 100000000, got "
            "\"-Infinity\"");
}

// Experts to route to fewer than the experts each token goes to: refused by name, not read as
// a dense model (num_local_experts 0 with num_experts_per_tok 2).
TEST(ModelFamilies, FewerExpertsThanExpertsPerTokenIsRefused) {
  EXPECT_EQ(error_of(body("mixtral", R"("num_local_experts": 0, "num_experts_per_tok": 2)")),
            "m.json: num_local_experts: expected at least num_experts_per_tok (2) experts to "
            "route each token to, got 0");
  // One expert of one is a dense layer, as before.
  auto one = read(body("mixtral", R"("num_local_experts": 1, "num_experts_per_tok": 1)"));
  ASSERT_TRUE(one) << one.error();
}

TEST(ModelFamilies, LayerTypesListTheMixers) {
  auto m = read(body("gpt_oss", R"("sliding_window": 128, "layer_types": ["sliding_attention",
      "full_attention", "sliding_attention", "full_attention"])"));
  ASSERT_TRUE(m) << m.error();
  ASSERT_EQ(m->mixers.size(), 2u);
  EXPECT_EQ(m->mixers[0], (MixerType{MixerKind::sliding, 128, 2}));
  EXPECT_EQ(m->mixers[1], (MixerType{MixerKind::full, 0, 2}));
  EXPECT_EQ(error_of(body("gpt_oss", R"("layer_types": ["sliding_attention", "full_attention",
      "cross_attention", "full_attention"], "sliding_window": 128)")),
            "m.json: layer_types[2]: expected full_attention, sliding_attention, "
            "chunked_attention, linear_attention or mamba, got \"cross_attention\"");
  EXPECT_EQ(error_of(body("gpt_oss", R"("layer_types": ["full_attention"])")),
            "m.json: layer_types: expected a list of 4 layer kinds, got [\"full_attention\"]");
}

TEST(ModelFamilies, FamilyRulesWhenNoLayerTypes) {
  // Gemma-2: even layers slide (4096 by default).
  auto gemma2 = read(body("gemma2"));
  ASSERT_TRUE(gemma2) << gemma2.error();
  EXPECT_EQ(gemma2->mixers[0], (MixerType{MixerKind::sliding, 4096, 2}));
  EXPECT_TRUE(gemma2->tie_word_embeddings);  // Gemma2Config's default
  EXPECT_EQ(gemma2->mixer_norms, 2);         // pre and post norms
  // Gemma-3: every sliding_window_pattern-th layer is global.
  auto gemma3 = read(body("gemma3_text", R"("sliding_window": 512, "sliding_window_pattern": 2)"));
  ASSERT_TRUE(gemma3) << gemma3.error();
  EXPECT_EQ(gemma3->mixers[0], (MixerType{MixerKind::sliding, 512, 2}));
  EXPECT_EQ(gemma3->mixers[1], (MixerType{MixerKind::full, 0, 2}));
  // Qwen3-Next: every full_attention_interval-th layer is full attention, the rest linear.
  auto next = read(body("qwen3_next", R"("full_attention_interval": 2, "linear_num_key_heads": 2,
      "linear_num_value_heads": 4, "linear_key_head_dim": 8, "linear_value_head_dim": 8,
      "linear_conv_kernel_dim": 4)"));
  ASSERT_TRUE(next) << next.error();
  EXPECT_EQ(next->mixers[0], (MixerType{MixerKind::linear, 0, 2}));
  EXPECT_EQ(next->mixers[1], (MixerType{MixerKind::full, 0, 2}));
  EXPECT_TRUE(next->attention.output_gate);  // attn_output_gate defaults on
  // Llama-4: layers with RoPE (no_rope_layers 1) attend within chunks; an empty list means
  // every 4th layer is global.
  auto llama4 = read(body("llama4_text", R"("attention_chunk_size": 8, "no_rope_layers": [],
      "intermediate_size_mlp": 256)"));
  ASSERT_TRUE(llama4) << llama4.error();
  EXPECT_EQ(llama4->mixers[0], (MixerType{MixerKind::chunked, 8, 3}));
  EXPECT_EQ(llama4->mixers[1], (MixerType{MixerKind::full, 0, 1}));
  EXPECT_EQ(llama4->ffns[0].width, 256);  // dense layers use intermediate_size_mlp
  // Qwen2: a window only with use_sliding_window, and only from layer max_window_layers on.
  auto qwen2 = read(body("qwen2", R"("sliding_window": 32, "use_sliding_window": false)"));
  ASSERT_TRUE(qwen2) << qwen2.error();
  EXPECT_EQ(qwen2->mixers.size(), 1u);
  EXPECT_EQ(qwen2->mixers[0].kind, MixerKind::full);
  auto qwen2_on = read(
      body("qwen2", R"("sliding_window": 32, "use_sliding_window": true, "max_window_layers": 3)"));
  ASSERT_TRUE(qwen2_on) << qwen2_on.error();
  EXPECT_EQ(qwen2_on->mixers[0], (MixerType{MixerKind::full, 0, 3}));
  EXPECT_EQ(qwen2_on->mixers[1], (MixerType{MixerKind::sliding, 32, 1}));
  // Mistral: every layer slides; its config class defaults the window to 4096, null turns it off.
  auto mistral = read(body("mistral"));
  ASSERT_TRUE(mistral) << mistral.error();
  EXPECT_EQ(mistral->mixers[0], (MixerType{MixerKind::sliding, 4096, 4}));
  auto mistral_null = read(body("mistral", R"("sliding_window": null)"));
  ASSERT_TRUE(mistral_null) << mistral_null.error();
  EXPECT_EQ(mistral_null->mixers[0].kind, MixerKind::full);
}

TEST(ModelFamilies, HybridPatternGivesEachBlockOneMixerOrOneFeedForward) {
  auto m = read(R"({"model_type": "nemotron_h", "hybrid_override_pattern": "M*-E",
      "num_hidden_layers": 4, "hidden_size": 64, "num_attention_heads": 4,
      "num_key_value_heads": 2, "head_dim": 16, "intermediate_size": 128, "vocab_size": 100,
      "mamba_num_heads": 4, "mamba_head_dim": 8, "ssm_state_size": 16, "n_groups": 2,
      "conv_kernel": 4, "n_routed_experts": 4, "num_experts_per_tok": 2,
      "moe_intermediate_size": 32, "moe_shared_expert_intermediate_size": 16,
      "n_shared_experts": 1, "mlp_hidden_act": "relu2", "time_step_limit": [0.0, Infinity]})");
  ASSERT_TRUE(m) << m.error();  // Python's Infinity is read (as null) where no count uses it
  EXPECT_EQ(m->mixers[0], (MixerType{MixerKind::mamba, 0, 1}));
  EXPECT_EQ(m->mixers[1], (MixerType{MixerKind::full, 0, 1}));
  EXPECT_EQ(m->mixers[2], (MixerType{MixerKind::none, 0, 2}));
  EXPECT_EQ(m->ffns[0].kind, FfnKind::none);
  EXPECT_EQ(m->ffns[1], FfnType::dense(128, 1));
  EXPECT_EQ(m->ffns[2].moe.shared_width, 16);
  EXPECT_FALSE(m->gated_mlp);  // relu2 experts and MLP: up and down only
  EXPECT_EQ(m->state_precision, Precision::fp32);
  EXPECT_EQ(
      error_of(R"({"model_type": "nemotron_h", "hybrid_override_pattern": "M*X", "hidden_size": 64,
      "num_attention_heads": 4, "vocab_size": 100})"),
      "m.json: hybrid_override_pattern: expected M (Mamba), * (attention), - (MLP) or E (MoE), "
      "got 'X' at layer 2");
}

TEST(ModelFamilies, MoeLayersAndPerLayerLists) {
  // DeepSeek: the first first_k_dense_replace layers are dense.
  auto ds = read(body("deepseek_v3", R"("n_routed_experts": 8, "num_experts_per_tok": 2,
      "moe_intermediate_size": 32, "n_shared_experts": 1, "first_k_dense_replace": 1)"));
  ASSERT_TRUE(ds) << ds.error();
  EXPECT_EQ(ds->ffns[0], FfnType::dense(128, 1));
  EXPECT_EQ(ds->ffns[1].count, 3);
  EXPECT_EQ(ds->ffns[1].moe.shared_width, 32);
  EXPECT_TRUE(ds->ffns[1].moe.router_bias);  // e_score_correction_bias
  // Llama-4 Maverick: every interleave_moe_layer_step-th layer is MoE, with one shared expert.
  auto mav = read(body("llama4_text", R"("num_local_experts": 8, "num_experts_per_tok": 1,
      "interleave_moe_layer_step": 2, "intermediate_size_mlp": 256)"));
  ASSERT_TRUE(mav) << mav.error();
  EXPECT_EQ(mav->ffns[0], FfnType::dense(256, 2));
  EXPECT_EQ(mav->ffns[1].count, 2);
  EXPECT_EQ(mav->ffns[1].moe.shared_width, 128);
  // Qwen2-MoE: a gated shared expert of its own width; mlp_only_layers stay dense.
  auto qwen = read(body("qwen2_moe", R"("num_experts": 8, "num_experts_per_tok": 2,
      "moe_intermediate_size": 32, "shared_expert_intermediate_size": 96, "mlp_only_layers": [0])"));
  ASSERT_TRUE(qwen) << qwen.error();
  EXPECT_EQ(qwen->ffns[0], FfnType::dense(128, 1));
  EXPECT_EQ(qwen->ffns[1].moe.shared_width, 96);
  EXPECT_TRUE(qwen->ffns[1].moe.shared_gate);
  EXPECT_TRUE(qwen->attention.qkv_bias);
  EXPECT_FALSE(qwen->attention.o_bias);
  // Hunyuan: per-layer lists; layers that differ become types of their own.
  auto hy = read(body("hunyuan_v1_moe", R"("num_experts": 8, "moe_topk": [2, 2, 4, 4],
      "moe_intermediate_size": [32, 32, 32, 32], "num_shared_expert": [1, 1, 1, 1],
      "use_mixed_mlp_moe": true)"));
  ASSERT_TRUE(hy) << hy.error();
  ASSERT_EQ(hy->ffns.size(), 2u);
  EXPECT_EQ(hy->ffns[0].moe.top_k, 2);
  EXPECT_EQ(hy->ffns[1].moe.top_k, 4);
  EXPECT_EQ(hy->ffns[1].moe.shared_width, 32);
  EXPECT_EQ(error_of(body("hunyuan_v1_moe", R"("num_experts": 8, "moe_topk": [2, 2],
      "moe_intermediate_size": 32)")),
            "m.json: moe_topk: expected one value per layer (4), got a list of 2");
}

// [SECTION] Names, defaults and details

TEST(ModelFamilies, Gpt2KeysBiasesPositionsAndTiedEmbeddings) {
  auto m = read(R"({"model_type": "gpt2", "n_layer": 2, "n_embd": 64, "n_head": 4,
      "n_positions": 32, "n_inner": null, "vocab_size": 100,
      "activation_function": "gelu_new"})");
  ASSERT_TRUE(m) << m.error();
  EXPECT_EQ(m->layers, 2);
  EXPECT_EQ(m->ffns[0].width, 256);  // n_inner null: 4·d
  EXPECT_EQ(m->position_embeddings, 32);
  EXPECT_EQ(m->max_context, 32);
  EXPECT_TRUE(m->tie_word_embeddings);
  EXPECT_EQ(m->norm, NormKind::layer);
  EXPECT_TRUE(m->attention.qkv_bias && m->attention.o_bias && m->mlp_bias);
  EXPECT_FALSE(m->gated_mlp);
  // 2 layers of 4·64·64 + 4·64 attention, 2·64·256 + 256 + 64 MLP, 2 LayerNorms of 128:
  // 16640 + 33088 + 256 = 49984; 99968 + token table 6400 + positions 2048 + final 128 = 108544.
  EXPECT_DOUBLE_EQ(parameter_count(*m), 108544);
}

// EleutherAI/gpt-j-6b's keys (n_layer, n_embd, n_head, n_inner null, rotary_dim): a parallel
// block under one LayerNorm, unbiased attention, a biased MLP, an lm_head with a bias, untied.
TEST(ModelFamilies, GptJ) {
  auto m = read(R"({"model_type": "gptj", "n_layer": 28, "n_embd": 4096, "n_head": 16,
      "n_inner": null, "n_positions": 2048, "rotary_dim": 64, "vocab_size": 50400,
      "activation_function": "gelu_new", "tie_word_embeddings": false})");
  ASSERT_TRUE(m) << m.error();
  EXPECT_EQ(m->ffn_norms, 0);
  EXPECT_FALSE(m->attention.qkv_bias);
  EXPECT_TRUE(m->mlp_bias && m->lm_head_bias);
  // Per layer: q, k, v, o 4·4096² = 67,108,864; fc_in and fc_out 2·4096·16384 + biases 16384 +
  // 4096 = 134,238,208; ln_1 8,192 -> 201,355,264; 28 layers 5,637,947,392. Token table and
  // lm_head 2·50400·4096 = 412,876,800, lm_head bias 50,400, ln_f 8,192: 6,050,882,784.
  // The model card's n_parameters is 6,053,381,344 (0.04 % more).
  EXPECT_DOUBLE_EQ(parameter_count(*m), 6050882784.0);
}

TEST(ModelFamilies, FalconAndBigCodeMultiQuery) {
  auto falcon = read(R"({"model_type": "falcon", "num_hidden_layers": 2, "hidden_size": 64,
      "num_attention_heads": 4, "multi_query": true, "parallel_attn": true,
      "vocab_size": 100})");
  ASSERT_TRUE(falcon) << falcon.error();
  EXPECT_EQ(falcon->kv_heads, 1);
  EXPECT_EQ(falcon->ffn_norms, 0);  // one norm feeds the parallel attention and MLP
  EXPECT_EQ(falcon->ffns[0].width, 256);
  auto forty = read(R"({"model_type": "falcon", "num_hidden_layers": 2, "hidden_size": 64,
      "num_attention_heads": 4, "new_decoder_architecture": true, "num_kv_heads": 2,
      "vocab_size": 100})");
  ASSERT_TRUE(forty) << forty.error();
  EXPECT_EQ(forty->kv_heads, 2);
  EXPECT_EQ(forty->ffn_norms, 1);  // ln_attn and ln_mlp
  auto bigcode = read(R"({"model_type": "gpt_bigcode", "n_layer": 2, "n_embd": 64, "n_head": 4,
      "n_positions": 32, "multi_query": true, "vocab_size": 100})");
  ASSERT_TRUE(bigcode) << bigcode.error();
  EXPECT_EQ(bigcode->kv_heads, 1);
}

TEST(ModelFamilies, TextConfigAndMaxContext) {
  auto m = read(R"({"model_type": "gemma3", "text_config": {"model_type": "gemma3_text",
      "num_hidden_layers": 6, "hidden_size": 64, "num_attention_heads": 4,
      "num_key_value_heads": 2, "head_dim": 16, "intermediate_size": 128,
      "sliding_window": 8}, "vision_config": {"hidden_size": 1152}})");
  ASSERT_TRUE(m) << m.error();
  EXPECT_EQ(m->vocab, 262208);                // Gemma3TextConfig's default
  EXPECT_EQ(m->max_context, 131072);          // likewise
  EXPECT_EQ(m->attention.qk_norm_width, 32);  // q_norm and k_norm of head_dim
  EXPECT_EQ(m->mixers[0], (MixerType{MixerKind::sliding, 8, 5}));
}

// [SECTION] quantization_config

TEST(ModelFamilies, QuantizationConfigSetsTheGroupsItCovers) {
  auto oss = read(body("gpt_oss", R"("num_local_experts": 4, "num_experts_per_tok": 2,
      "quantization_config": {"quant_method": "mxfp4", "modules_to_not_convert":
      ["model.layers.*.self_attn", "model.layers.*.mlp.router", "model.embed_tokens", "lm_head"]})"));
  ASSERT_TRUE(oss) << oss.error();
  EXPECT_EQ(oss->quantization.of(WeightGroup::experts), Precision::mxfp4);
  EXPECT_EQ(oss->quantization.of(WeightGroup::mixer), std::nullopt);
  EXPECT_EQ(oss->quantization.of(WeightGroup::other), std::nullopt);
  // DeepSeek's fp8 with one fp32 scale per 128 x 128 block: 4 / 16384 bytes a weight more.
  auto fp8 = read(body("deepseek_v3", R"("quantization_config": {"quant_method": "fp8",
      "fmt": "e4m3", "weight_block_size": [128, 128], "activation_scheme": "dynamic"})"));
  ASSERT_TRUE(fp8) << fp8.error();
  EXPECT_EQ(fp8->quantization.of(WeightGroup::mixer), Precision::fp8);
  EXPECT_EQ(fp8->quantization.of(WeightGroup::dense), Precision::fp8);
  EXPECT_EQ(fp8->quantization.of(WeightGroup::other), std::nullopt);  // embeddings, lm_head
  EXPECT_DOUBLE_EQ(fp8->quantization.scale_bytes, 4.0 / 16384);
  // Qwen-MoE fp8 leaving its gates unquantized: the shared experts stay fp8 (a gate is one
  // vector), while a bitsandbytes skip list of attention modules keeps attention 16-bit.
  auto gates = read(body("qwen2_moe", R"("num_experts": 4, "num_experts_per_tok": 2,
      "moe_intermediate_size": 32, "shared_expert_intermediate_size": 64,
      "quantization_config": {"quant_method": "fp8", "modules_to_not_convert":
      ["model.layers.*.mlp.gate", "model.layers.*.mlp.shared_expert_gate"]})"));
  ASSERT_TRUE(gates) << gates.error();
  EXPECT_EQ(gates->quantization.of(WeightGroup::dense), Precision::fp8);
  EXPECT_EQ(gates->quantization.of(WeightGroup::experts), Precision::fp8);
  auto skip = read(body("llama", R"("quantization_config": {"quant_method": "bitsandbytes",
      "load_in_8bit": true, "llm_int8_skip_modules": ["self_attn"]})"));
  ASSERT_TRUE(skip) << skip.error();
  EXPECT_EQ(skip->quantization.of(WeightGroup::mixer), std::nullopt);
  EXPECT_EQ(skip->quantization.of(WeightGroup::dense), Precision::int8);
  // GPTQ int4, groups of 128: a 16-bit scale and a 4-bit zero point a group.
  auto gptq = read(body("llama", R"("quantization_config": {"quant_method": "gptq", "bits": 4,
      "group_size": 128})"));
  ASSERT_TRUE(gptq) << gptq.error();
  EXPECT_EQ(gptq->quantization.of(WeightGroup::dense), Precision::int4);
  EXPECT_DOUBLE_EQ(gptq->quantization.scale_bytes, 2.5 / 128);
  EXPECT_EQ(error_of(body("llama", R"("quantization_config": {"quant_method": "hqq"})")),
            "m.json: quantization_config.quant_method: expected fp8, fbgemm_fp8, mxfp4, modelopt "
            "(FP8, NVFP4), compressed-tensors, gptq, awq or bitsandbytes, got \"hqq\"");
}

// [SECTION] Refusals

TEST(ModelFamilies, WhatCannotBeCountedIsRefusedByName) {
  EXPECT_EQ(error_of(body("t5", R"("is_encoder_decoder": true)")),
            "m.json: is_encoder_decoder: encoder-decoder models are not supported (decoder-only "
            "only)");
  EXPECT_EQ(error_of(body("hunyuan_v1_moe", R"("use_cla": true)")),
            "m.json: use_cla: cross-layer KV sharing (CLA) is not supported");
  EXPECT_EQ(error_of(body("jamba", R"("attn_layer_period": 8)")),
            "m.json: attn_layer_period: Jamba's period-and-offset layout is not supported");
  EXPECT_EQ(error_of(body("exotic", R"("sliding_window": 4096)")),
            "m.json: sliding_window: model_type 'exotic' has no rule roofline knows for which "
            "layers use this window, and the config has no layer_types");
  // Hybrids of an unknown type: their per-layer kinds would be read as full attention.
  for (const char* key : {R"("linear_attn_config": {"a": 1})", R"("attn_layer_indices": [4])",
                          R"("mamba_d_ssm": 1024)", R"("use_sliding_window": true)",
                          R"("layers_block_type": ["mamba"])"}) {
    const std::string e = error_of(body("exotic", key));
    EXPECT_NE(e.find("model_type 'exotic'"), std::string::npos) << e;
  }
  // MiniMax-M1's lightning attention layers (0), in any family.
  EXPECT_EQ(error_of(body("minimax_m2", R"("attn_type_list": [1, 0, 1, 1])")),
            "m.json: attn_type_list: lightning (linear) attention layers (0, MiniMax-M1) are not "
            "modelled: only softmax attention layers (1)");
  EXPECT_EQ(error_of(body("exotic", R"("use_sliding_window": false, "multi_query": true)"))
                .find("m.json: multi_query:"),
            0u);
  EXPECT_EQ(error_of(body("exotic", R"("multi_query": true)")),
            "m.json: multi_query: model_type 'exotic' is not a family roofline knows, and the "
            "generic decoder's reading cannot follow this key");
  EXPECT_EQ(error_of(body("opt", R"("word_embed_proj_dim": 32)")),
            "m.json: word_embed_proj_dim: differs from hidden_size: OPT's input and output "
            "projections are not counted");
  EXPECT_EQ(error_of(body("llama", R"("quantization_config": {"quant_method": "fp8",
      "modules_to_not_convert": ["model.layers.3.mlp"]})")),
            "m.json: quantization_config.modules_to_not_convert[0]: exceptions for single layers "
            "(model.layers.3.mlp) are not supported: the layout counts layer types");
}

}  // namespace
}  // namespace roofline

namespace roofline {
namespace {

// [SECTION] Never silently wrong, by construction (issue 24)

double params(const std::string& text) {
  auto r = read(text);
  EXPECT_TRUE(r) << r.error();
  return r ? parameter_count(*r) : 0;
}

// A key no rule of any family knows, whose name says it shapes a layer, is refused by name
// before anything else is read (Nemotron-3-Super's moe_latent_size was read as absent: 458.6 B
// for a 120 B model); switched off (0, null, false, []) it is no matter.
TEST(ModelFamilies, AKeyNoRuleKnowsIsRefusedByName) {
  EXPECT_EQ(error_of(body("llama", R"("moe_router_latent_dim": 512)")),
            "m.json: moe_router_latent_dim: roofline does not know this key (model_type "
            "'llama'), and its name says it shapes the layers: refused rather than counted "
            "without it");
  EXPECT_EQ(error_of(body("brand_new", R"("cross_block_list": [1, 2])"))
                .find("m.json: "
                      "cross_block_list:"),
            0u);
  // Before a later symptom: the unknown key is named, not the missing intermediate_size.
  EXPECT_EQ(error_of(R"({"model_type": "llama", "num_hidden_layers": 4, "hidden_size": 64,
      "num_attention_heads": 4, "vocab_size": 100, "ffn_mult_per_layer": [1, 2, 3, 4]})")
                .find("m.json: ffn_mult_per_layer: roofline does not know"),
            0u);
  for (const char* off : {R"("moe_router_latent_dim": 0)", R"("moe_router_latent_dim": null)",
                          R"("moe_router_latent_dim": [])", R"("use_latent_experts": false)"}) {
    EXPECT_TRUE(read(body("llama", off))) << off;
  }
  // Training, numerics, tokens, positions and the vision tower are not shapes of a layer.
  EXPECT_TRUE(read(body("llama", R"("router_aux_loss_coef": 0.01, "attention_dropout": 0.1,
      "image_token_index": 7, "vision_config": {"hidden_size": 1}, "rope_scaling": {"factor": 8},
      "max_window_layers": 3, "num_logits_to_keep": 1, "time_step_rank": 256,
      "layernorm_mlp_beta": 1.0, "pool_type": "last", "summary_type": "cls_index")")));
}

// Every unknown key is named at once (the first may be the least telling); two spellings of one
// key must agree; a duplicate text_config beside flat keys must say the same; generation
// defaults written into a config are no shapes.
TEST(ModelFamilies, SpellingsCopiesAndEveryUnknownKey) {
  EXPECT_EQ(error_of(body("llama", R"("a_size": 1, "b_size": 2, "c_layers": [1])")),
            "m.json: a_size: roofline does not know this key (model_type 'llama'), and its name "
            "says it shapes the layers: refused rather than counted without it (nor b_size, "
            "c_layers)");
  EXPECT_EQ(error_of(body("mixtral", R"("num_local_experts": 8, "num_experts_per_tok": 2,
      "moe_k": 3)")),
            "m.json: moe_k: says 3 where num_experts_per_tok says 2: two spellings of one key");
  EXPECT_EQ(error_of(body("qwen2", R"("text_config": {"hidden_size": 32})")),
            "m.json: text_config.hidden_size: differs from the top-level hidden_size (32 against "
            "64)");
  EXPECT_EQ(params(body("qwen2", R"("text_config": {"hidden_size": 64})")), params(body("qwen2")));
  EXPECT_EQ(params(body("llama", R"("num_beams": 1, "num_beam_groups": 1,
      "num_return_sequences": 1, "no_repeat_ngram_size": 0, "chunk_size_feed_forward": 0)")),
            params(body("llama")));
  // Gemma-3's config class gives 8 heads, 4 KV heads of 256 when google's 4B file leaves them out.
  auto gemma = read(R"({"model_type": "gemma3_text", "num_hidden_layers": 2, "hidden_size": 64,
      "intermediate_size": 128})");
  ASSERT_TRUE(gemma) << gemma.error();
  EXPECT_EQ(gemma->heads, 8);
  EXPECT_EQ(gemma->kv_heads, 4);
  EXPECT_EQ(gemma->head_dim, 256);
}

// A review's keys: Gemma-2's sliding_window_size (the same window), StarCoder2's mlp_type
// "default", transformers' MiniMaxConfig.block_size, transformers 2.x's num_labels load; an
// unknown family's use_qkv_bias (StableLM) is refused rather than counted without its biases;
// a block_configs entry with a key roofline does not read is refused; Qwen3-Next's FP8 list of
// norms, A_log, conv1d, dt_bias and in_proj_ba layer by layer changes no group.
TEST(ModelFamilies, KeysFromAReview) {
  EXPECT_EQ(params(body("gemma2", R"("sliding_window": 8, "sliding_window_size": 8)")),
            params(body("gemma2", R"("sliding_window": 8)")));
  EXPECT_EQ(error_of(body("gemma2", R"("sliding_window": 8, "sliding_window_size": 16)")),
            "m.json: sliding_window_size: differs from sliding_window (8): two windows");
  EXPECT_TRUE(read(body("starcoder2", R"("mlp_type": "default")")));
  EXPECT_EQ(error_of(body("starcoder2", R"("mlp_type": "moe")")),
            "m.json: mlp_type: StarCoder2's MLP of type 'moe' is not modelled");
  EXPECT_TRUE(read(body("minimax", R"("block_size": 256, "num_local_experts": 4,
      "num_experts_per_tok": 2)")));
  EXPECT_TRUE(read(body("llama", R"("num_labels": 2)")));
  EXPECT_EQ(error_of(body("stablelm", R"("use_qkv_bias": true)")).find("m.json: use_qkv_bias:"),
            0u);
  EXPECT_EQ(error_of(R"({"model_type": "nemotron-nas", "hidden_size": 64, "num_attention_heads": 4,
      "vocab_size": 100, "num_hidden_layers": 1, "block_configs": [
      {"attention": {"n_heads_in_group": 2}, "ffn": {"ffn_mult": 1.0, "moe": {"num_experts": 8}}}]})")
                .find("m.json: block_configs[0].ffn.moe: unknown key"),
            0u);
  std::string ignore = R"("lm_head")";
  for (int i = 0; i < 4; ++i) {
    const std::string l = "model.layers." + std::to_string(i) + ".";
    for (const char* leaf : {"input_layernorm", "post_attention_layernorm", "mlp.gate",
                             "linear_attn.A_log", "linear_attn.conv1d", "linear_attn.dt_bias",
                             "linear_attn.in_proj_ba", "linear_attn.norm", "self_attn.q_norm"})
      ignore += ", \"" + l + leaf + "\"";
  }
  auto fp8 = read(body("llama", R"("quantization_config": {"quant_method": "fp8",
      "modules_to_not_convert": [)" +
                                    ignore + "]}"));
  ASSERT_TRUE(fp8) << fp8.error();
  EXPECT_EQ(fp8->quantization.group[static_cast<size_t>(WeightGroup::mixer)], Precision::fp8);
}

// A key some family reads, in a family whose rules do not read it, is refused too.
TEST(ModelFamilies, AKeyThisFamilyDoesNotReadIsRefusedByName) {
  EXPECT_EQ(error_of(body("llama", R"("num_kv_heads": 1)")),
            "m.json: num_kv_heads: no rule for model_type 'llama' reads this key, and its name "
            "says it shapes the layers: refused rather than counted without it");
  EXPECT_EQ(error_of(body("qwen3", R"("moe_latent_size": 32)"))
                .find("m.json: moe_latent_size: no "
                      "rule for model_type 'qwen3'"),
            0u);
  // Read and found consistent: the same count as without them.
  EXPECT_EQ(params(body("hunyuan_v1_dense", R"("head_dim": 16, "attention_head_dim": 16)")),
            params(body("hunyuan_v1_dense")));
  EXPECT_EQ(error_of(body("hunyuan_v1_dense", R"("head_dim": 16, "attention_head_dim": 32)")),
            "m.json: attention_head_dim: expected head_dim (16), got 32");
}

// Parts people serve that no rule counts: refused with the part's name, before any other key.
TEST(ModelFamilies, UnmodelledPartsAreNamed) {
  struct Case {
    const char* keys;
    const char* message;
  };
  const Case cases[] = {
      {R"("attention_k_eq_v": true)",
       "m.json: attention_k_eq_v: global layers whose keys are their values (Gemma 4) are not "
       "modelled"},
      {R"("num_kv_shared_layers": 20)",
       "m.json: num_kv_shared_layers: layers that reuse an earlier layer's keys and values "
       "(Gemma 3n/4) are not modelled"},
      {R"("compress_ratios": [0, 4, 128], "sliding_window": 128)",
       "m.json: compress_ratios: compressed attention (DeepSeek-V4) is not modelled"},
      {R"("block_configs": [{"attention": {}}])",
       "m.json: block_configs: a different block shape per layer (Llama-Nemotron NAS) is not "
       "modelled"},
      // Read in MiMo-V2's family only: elsewhere a layout key no rule of the family reads.
      {R"("hybrid_layer_pattern": [0, 1])",
       "m.json: hybrid_layer_pattern: no rule for model_type 'new_family' reads this key, and its "
       "name says it shapes the layers: refused rather than counted without it"},
      {R"("conv_L_cache": 3)",
       "m.json: conv_L_cache: short convolution layers (LFM2) are not "
       "modelled"},
  };
  for (const Case& c : cases) EXPECT_EQ(error_of(body("new_family", c.keys)), c.message);
}

// Defaults follow transformers' config classes: dropping a defaulted key counts as the default
// written out, and each default matters (the other value counts differently).
TEST(ModelFamilies, DroppedKeysTakeTheConfigClassDefault) {
  struct Case {
    const char* model_type;
    const char* with_default;
    const char* with_other;
  };
  const Case cases[] = {
      {"cohere", R"("tie_word_embeddings": true)", R"("tie_word_embeddings": false)"},
      {"cohere", R"("use_qk_norm": false)", R"("use_qk_norm": true)"},
      {"cohere2", R"("tie_word_embeddings": true)", R"("tie_word_embeddings": false)"},
      {"smollm3", R"("tie_word_embeddings": true)", R"("tie_word_embeddings": false)"},
      {"exaone4", R"("tie_word_embeddings": false)", R"("tie_word_embeddings": true)"},
      {"minimax_m2", R"("qk_norm_type": "per_layer", "use_qk_norm": true)",
       R"("qk_norm_type": "per_head", "use_qk_norm": true)"},
      {"gemma3_text", R"("tie_word_embeddings": true)", R"("tie_word_embeddings": false)"},
      {"brand_new", R"("tie_word_embeddings": true)", R"("tie_word_embeddings": false)"},
      {"llama", R"("tie_word_embeddings": false)", R"("tie_word_embeddings": true)"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.model_type) + " " + c.with_default);
    std::string dropped = body(c.model_type);
    if (std::string(c.model_type) == "minimax_m2")
      dropped = body(c.model_type, R"("use_qk_norm": true)");
    EXPECT_EQ(params(dropped), params(body(c.model_type, c.with_default)));
    EXPECT_NE(params(dropped), params(body(c.model_type, c.with_other)));
  }
  // A config with no model_type at all is written by hand: untied, as Llama.
  EXPECT_FALSE(read(R"({"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4,
      "intermediate_size": 128, "vocab_size": 100})")
                   ->tie_word_embeddings);
}

// Cohere: attention and the MLP run in parallel after one norm; Cohere2 slides all but every
// sliding_window_pattern-th layer (4) and takes head_dim from hidden / heads whatever the file.
TEST(ModelFamilies, CohereBlocks) {
  auto c = read(body("cohere", R"("use_qk_norm": true)"));
  ASSERT_TRUE(c) << c.error();
  EXPECT_EQ(c->ffn_norms, 0);
  EXPECT_EQ(c->attention.qk_norm_width, (4 + 2) * 16);  // [heads, dh] and [kv_heads, dh]
  auto c2 = read(body("cohere2", R"("sliding_window": 32, "head_dim": 99)"));
  ASSERT_TRUE(c2) << c2.error();
  EXPECT_EQ(c2->head_dim, 16);
  EXPECT_EQ(c2->mixers[0], (MixerType{MixerKind::sliding, 32, 3}));
  EXPECT_EQ(c2->mixers[1], (MixerType{MixerKind::full, 0, 1}));
}

// Nemotron-3's latent MoE, by hand: 4 MoE blocks of 8 experts (relu², up and down) of width 16
// at latent 8, the router and the shared expert (width 24) at d 64, both projections d x 8.
TEST(ModelFamilies, LatentMoeByHand) {
  const std::string cfg = R"({"model_type": "nemotron_h", "hidden_size": 64, "vocab_size": 100,
      "hybrid_override_pattern": "EEEE", "n_routed_experts": 8, "num_experts_per_tok": 2,
      "moe_intermediate_size": 16, "moe_shared_expert_intermediate_size": 24,
      "tie_word_embeddings": true)";
  auto flat = read(cfg + "}");
  auto latent = read(cfg + R"(, "moe_latent_size": 8})");
  ASSERT_TRUE(flat) << flat.error();
  ASSERT_TRUE(latent) << latent.error();
  EXPECT_EQ(latent->ffns[0].moe.latent, 8);
  // Per layer: experts 8·2·8·16 = 2048, projections 2·64·8 = 1024, router 64·8 + bias 8,
  // shared 2·64·24 = 3072, norm 64: 6728; 4 layers 26912 + table 6400 + final norm 64.
  EXPECT_EQ(parameter_count(*latent), 26912 + 6400 + 64);
  // Without the latent the experts are at 64: 8·2·64·16 = 16384 and no projections.
  EXPECT_EQ(parameter_count(*flat), 4 * (16384 + 512 + 8 + 3072 + 64) + 6400 + 64);
  // transformers' newer spelling of the blocks reads the same, with num_hidden_layers null.
  auto spelled = read(R"({"model_type": "nemotron_h", "hidden_size": 64, "vocab_size": 100,
      "num_hidden_layers": null, "layers_block_type": ["moe", "moe", "moe", "moe"],
      "n_routed_experts": 8, "num_experts_per_tok": 2, "moe_intermediate_size": 16,
      "moe_shared_expert_intermediate_size": 24, "tie_word_embeddings": true,
      "moe_latent_size": 8})");
  ASSERT_TRUE(spelled) << spelled.error();
  EXPECT_EQ(parameter_count(*spelled), parameter_count(*latent));
}

// MiniMax-M1's lightning attention by hand: attn_type_list 0 is lightning, 1 softmax. Per
// lightning layer qkv_proj 64·192, output_gate 64·64, out_proj 64·64 and a norm of 64: 20544;
// softmax q, k, v, o 4096 + 2048 + 2048 + 4096 = 12288; every layer two norms (128), a router
// (256) and 4 experts of 3·64·128; untied tables 2·6400 and the final norm 64.
TEST(ModelFamilies, LightningAttentionByHand) {
  auto m = read(body("minimax_m1", R"("attn_type_list": [0, 0, 0, 1], "head_dim": 16,
      "num_local_experts": 4, "num_experts_per_tok": 2, "tie_word_embeddings": false)"));
  ASSERT_TRUE(m) << m.error();
  EXPECT_EQ(m->mixers[0], (MixerType{MixerKind::linear, 0, 3}));
  EXPECT_EQ(m->mixers[1], (MixerType{MixerKind::full, 0, 1}));
  ASSERT_TRUE(m->linear.has_value());
  EXPECT_EQ(m->linear->variant, LinearVariant::lightning);
  EXPECT_EQ(parameter_count(*m), 3 * 20544 + 12288 + 4 * (128 + 256 + 98304) + 12800 + 64);
  // A head_dim x head_dim state per head of each lightning layer, no convolution state.
  EXPECT_EQ(state_elements(*m, MixerKind::linear).recurrent, 4 * 16 * 16);
  EXPECT_EQ(state_elements(*m, MixerKind::linear).conv, 0);
  EXPECT_EQ(error_of(body("minimax_m1", R"("attn_type_list": [0, 1])")),
            "m.json: attn_type_list: expected one 0/1 per layer (4), got 2");
}

// Llama-Nemotron's block_configs by hand: layer 0 full attention (4 heads / 2 per group = 2 KV
// heads) with an FFN of ffn_mult 2 (int(2·2·64/3) = 85, up to 256), layer 1 no attention and an
// FFN of 1.3125 (56 -> 256), layer 2 attention and no FFN. Norms only where a block is.
TEST(ModelFamilies, BlockConfigsByHand) {
  const std::string blocks = R"("num_hidden_layers": 3, "block_configs": [
      {"attention": {"n_heads_in_group": 2, "no_op": false}, "ffn": {"ffn_mult": 2.0}},
      {"attention": {"no_op": true}, "ffn": {"ffn_mult": 1.3125}},
      {"attention": {"n_heads_in_group": 2}, "ffn": {"no_op": true}}])";
  auto m = read(R"({"model_type": "nemotron-nas", "hidden_size": 64, "num_attention_heads": 4,
      "vocab_size": 100, "tie_word_embeddings": true, "num_key_value_heads": null,
      "intermediate_size": null, )" +
                blocks + "}");
  ASSERT_TRUE(m) << m.error();
  EXPECT_EQ(m->kv_heads, 2);
  EXPECT_EQ(mixer_layers(*m, MixerKind::full), 2);
  EXPECT_EQ(mixer_layers(*m, MixerKind::none), 1);
  EXPECT_EQ(ffn_layers(*m, FfnKind::none), 1);
  // Attention 4096 + 2·2048 + 4096 (+ its norm 64) twice; FFNs 3·64·256 twice (+ norm 64);
  // the tied table 6400 and the final norm 64.
  EXPECT_EQ(parameter_count(*m), 2 * (12288 + 64) + 2 * (49152 + 64) + 6400 + 64);
  auto bad = [&](const std::string& block, const std::string& message) {
    EXPECT_EQ(error_of(R"({"model_type": "nemotron-nas", "hidden_size": 64,
        "num_attention_heads": 4, "vocab_size": 100, "num_hidden_layers": 2, "block_configs": [
        {"attention": {"n_heads_in_group": 2}, "ffn": {"ffn_mult": 1.0}}, )" +
                       block + "]}"),
              message);
  };
  bad(R"({"attention": {"n_heads_in_group": 4}, "ffn": {"ffn_mult": 1.0}})",
      "m.json: block_configs[1].attention.n_heads_in_group: differs from an earlier layer's (2): "
      "roofline has one attention shape per model");
  bad(R"({"attention": {"replace_with_linear": true}, "ffn": {"ffn_mult": 1.0}})",
      "m.json: block_configs[1].attention.replace_with_linear: a block replaced by one linear "
      "layer is not modelled");
}

// LFM2 by hand: layers 0 and 2 are gated short convolutions (in_proj 64·192, out_proj 64·64, a
// depthwise filter of 64·3), layer 1 attention (4096 + 2·2048 + 4096 and per-head QK norms
// 2·16); every layer two norms (128) and a SwiGLU MLP whose width 192 is adjusted to
// int(2·192/3) = 128, times 1.0, up to 256: 3·64·256; the tied table and the final norm.
TEST(ModelFamilies, ShortConvolutionByHand) {
  auto m = read(R"({"model_type": "lfm2", "num_hidden_layers": 3, "hidden_size": 64,
      "num_attention_heads": 4, "num_key_value_heads": 2, "vocab_size": 100, "block_ff_dim": 192,
      "intermediate_size": 999, "block_ffn_dim_multiplier": 1.0, "block_multiple_of": 256,
      "full_attn_idxs": [1], "conv_L_cache": 3, "conv_bias": false, "num_heads": 4})");
  ASSERT_TRUE(m) << m.error();
  EXPECT_EQ(m->mixers[0], (MixerType{MixerKind::conv, 0, 2}));
  EXPECT_EQ(m->ffns[0].width, 256);
  EXPECT_TRUE(m->tie_word_embeddings);
  EXPECT_EQ(parameter_count(*m),
            2 * (12288 + 4096 + 192) + (12288 + 32) + 3 * (128 + 3 * 64 * 256) + 6400 + 64);
  // Its state: the last two inputs of B·x, d each.
  EXPECT_EQ(state_elements(*m, MixerKind::conv).conv, 2 * 64);
}

// Step-3.5 by hand: layer 0 full attention with 4 heads of 16 and 2 KV heads
// (num_attention_groups): q 4096, k 2048, v 2048, o 4096, g_proj 64·4 = 256, per-head QK norms
// 2·16, its norm 64: 12640; layers 1-3 sliding with attention_other_setting's 8 heads: q 8192, k
// 2048, v 2048, o 8192, g_proj 512, QK norms 32, norm 64: 21088 each. layer_types has a fifth entry
// for the MTP layer. Layers 0-1 dense (3·64·128 + norm 64 = 24640), 2-3 MoE (moe_layers_enum): 4
// experts 4·3·64·8 = 6144, the shared expert 3·64·8 = 1536, the router 256 and its bias 4, norm 64.
// Untied tables 2·6400 and the final norm 64.
TEST(ModelFamilies, StepHeadsOfTheirOwnByHand) {
  const std::string shape = R"("model_type": "step3p5", "num_hidden_layers": 4,
      "hidden_size": 64, "num_attention_heads": 4, "num_attention_groups": 2, "head_dim": 16,
      "intermediate_size": 128, "vocab_size": 100, "sliding_window": 32,
      "num_nextn_predict_layers": 1, "use_head_wise_attn_gate": true, "moe_layers_enum": "2,3",
      "moe_num_experts": 4, "moe_top_k": 2, "moe_intermediate_size": 8, "share_expert_dim": 8,
      "tie_word_embeddings": false, "layer_types": ["full_attention", "sliding_attention",
      "sliding_attention", "sliding_attention", "sliding_attention"])";
  auto m = read("{" + shape + R"(, "attention_other_setting": {"attention_type":
      "sliding_attention", "num_attention_heads": 8, "num_attention_groups": 2, "head_dim": 16,
      "true_head_dim": 16}})");
  ASSERT_TRUE(m) << m.error();
  EXPECT_EQ(m->kv_heads, 2);
  ASSERT_EQ(m->mixers.size(), 2u);
  EXPECT_EQ(m->mixers[1].kind, MixerKind::sliding);
  EXPECT_EQ(m->mixers[1].count, 3);
  EXPECT_EQ(attention_dims(*m, m->mixers[1]).heads, 8);
  EXPECT_EQ(attention_dims(*m, m->mixers[0]).heads, 4);
  EXPECT_EQ(layout_text(*m), "4 layers: 1 full attention + 3 sliding 32 (8 heads, 2 KV)");
  const double total = 12640 + 3 * 21088 + 2 * 24640 + 2 * (6144 + 1536 + 256 + 4 + 64) + 12864;
  EXPECT_EQ(parameter_count(*m), total);
  EXPECT_EQ(count_parameters(*m).active(), total - 2 * 2 * 3 * 64 * 8);
  // Without the setting the sliding layers have the model's 4 heads.
  auto plain = read("{" + shape + "}");
  ASSERT_TRUE(plain) << plain.error();
  EXPECT_EQ(parameter_count(*plain), total - 3 * (21088 - 12640));
  EXPECT_EQ(error_of("{" + shape + R"(, "attention_other_setting": {"attention_type":
      "sliding_attention", "num_attention_heads": 8, "head_dim": 16, "true_head_dim": 12}})"),
            "m.json: attention_other_setting.true_head_dim: differs from head_dim (16): padded "
            "heads are not modelled");
  EXPECT_EQ(error_of("{" + shape + R"(, "attention_other_setting": {"attention_type":
      "sliding_attention", "num_attention_heads": 8, "rope": 1}})"),
            "m.json: attention_other_setting.rope: unknown key: expected one of attention_type, "
            "num_attention_heads, num_attention_groups, head_dim, true_head_dim");
  // Without layer_types vLLM and the model's remote code give the heads to different layers.
  std::string no_types = shape.substr(0, shape.find(R"(, "layer_types")"));
  EXPECT_EQ(error_of("{" + no_types + R"(, "attention_other_setting": {"attention_type":
      "sliding_attention", "num_attention_heads": 8}})"),
            "m.json: attention_other_setting: without layer_types, vLLM and the model's own code "
            "give these heads to different layers: add layer_types");
  EXPECT_EQ(
      error_of(body("new_family", R"("attention_other_setting": {"num_attention_heads": 8})")),
      "m.json: attention_other_setting: attention layers with heads of their own are read in "
      "Step-3.5's family only: here they are not modelled");
  EXPECT_EQ(error_of(body("step3p5", R"("moe_layers_enum": "2,x", "moe_num_experts": 4,
      "moe_top_k": 2, "sliding_window": 8)")),
            "m.json: moe_layers_enum: expected layer indices below 4 separated by commas, got 'x'");
}

// MiMo-V2-Flash by hand: keys of head_dim 16, values of v_head_dim 8. Layers 0 and 3 full (4
// heads, 1 KV head): q 64·64 = 4096, k 64·16 = 1024, v 64·8 = 512, o 32·64 = 2048, norm 64:
// 7744; layers 1-2 sliding (hybrid_layer_pattern 1) with swa_num_key_value_heads 2 and a sink
// per head: q 4096, k 2048, v 1024, o 2048, sinks 4, norm 64: 9284. Layer 0 dense (24640),
// layers 1-3 MoE (moe_layer_freq): 4 experts 6144, the router 256 and its score bias 4, norm 64.
TEST(ModelFamilies, MimoValuesNarrowerThanKeysByHand) {
  const std::string shape = R"("model_type": "mimo_v2_flash", "num_hidden_layers": 4,
      "hidden_size": 64, "num_attention_heads": 4, "num_key_value_heads": 1, "head_dim": 16,
      "v_head_dim": 8, "intermediate_size": 128, "vocab_size": 100, "sliding_window": 32,
      "n_routed_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 8,
      "n_shared_experts": null, "tie_word_embeddings": false)";
  auto m = read("{" + shape + R"(, "swa_num_attention_heads": 4, "swa_num_key_value_heads": 2,
      "swa_head_dim": 16, "swa_v_head_dim": 8, "hybrid_layer_pattern": [0, 1, 1, 0],
      "moe_layer_freq": [0, 1, 1, 1], "add_swa_attention_sink_bias": true,
      "add_full_attention_sink_bias": false})");
  ASSERT_TRUE(m) << m.error();
  const double total = 2 * 7744 + 2 * 9284 + 24640 + 3 * (6144 + 256 + 4 + 64) + 12864;
  EXPECT_EQ(parameter_count(*m), total);
  // KV per token: Hkv·(dh + dv): 1·24 in the full layers, 2·24 in the sliding ones.
  ASSERT_EQ(m->mixers.size(), 2u);
  EXPECT_EQ(kv_elements_per_token(*m, m->mixers[0]), 24);
  EXPECT_EQ(kv_elements_per_token(*m, m->mixers[1]), 48);
  // transformers' spelling (layer_types, mlp_layer_types, no swa_* keys: twice the KV heads,
  // sinks on the sliding layers) reads the same.
  auto spelled = read("{" + shape + R"(, "layer_types": ["full_attention", "sliding_attention",
      "sliding_attention", "full_attention"], "mlp_layer_types": ["dense", "sparse", "sparse",
      "sparse"]})");
  ASSERT_TRUE(spelled) << spelled.error();
  EXPECT_EQ(parameter_count(*spelled), total);
  // Re-saved by transformers with the hub's keys kept: they must say the same.
  const std::string both = "{" + shape + R"(, "sliding_window_size": 32, "layer_types":
      ["full_attention", "sliding_attention", "sliding_attention", "full_attention"],
      "hybrid_layer_pattern": [0, 1, 1, 0], "moe_layer_freq": [0, 1, 1, 1]})";
  auto resaved = read(both);
  ASSERT_TRUE(resaved) << resaved.error();
  EXPECT_EQ(parameter_count(*resaved), total);
  EXPECT_EQ(error_of("{" + shape + R"(, "layer_types": ["full_attention", "sliding_attention",
      "sliding_attention", "full_attention"], "hybrid_layer_pattern": [0, 1, 0, 0]})"),
            "m.json: hybrid_layer_pattern: differs from layer_types at layer 2");
  EXPECT_EQ(error_of("{" + shape + R"(, "hybrid_layer_pattern": [0, 1, 2, 0]})"),
            "m.json: hybrid_layer_pattern[2]: expected 0 or 1, got 2");
  EXPECT_EQ(error_of("{" + shape + R"(, "moe_layer_freq": [0, 1, 1]})"),
            "m.json: moe_layer_freq: expected a list of 4 entries, one per layer, got [0,1,1]");
}

// A module left unquantized layer by layer counts as its group when every layer holding it is
// listed (NVIDIA's NVFP4 exports list model.layers.N.self_attn* for each N); some layers only is
// refused.
TEST(ModelFamilies, PerLayerExceptionsCoveringTheGroup) {
  const std::string all = R"("quantization_config": {"quant_method": "modelopt", "quant_algo":
      "NVFP4", "ignore": ["lm_head", "model.layers.0.self_attn*", "model.layers.1.self_attn*",
      "model.layers.2.self_attn*", "model.layers.3.self_attn*", "model.layers.2.mlp.gate"]})";
  auto m = read(body("llama", all));
  ASSERT_TRUE(m) << m.error();
  EXPECT_FALSE(m->quantization.group[static_cast<size_t>(WeightGroup::mixer)].has_value());
  EXPECT_EQ(m->quantization.group[static_cast<size_t>(WeightGroup::dense)], Precision::nvfp4);
  EXPECT_EQ(error_of(body("llama", R"("quantization_config": {"quant_method": "modelopt",
      "quant_algo": "NVFP4", "ignore": ["model.layers.0.self_attn*", "model.layers.1.self_attn*"]})")),
            "m.json: quantization_config.ignore[0]: exceptions for single layers "
            "(model.layers.0.self_attn*) are not supported: the layout counts layer types");
}

}  // namespace
}  // namespace roofline
