// The model families: what each model_type's transformers classes fix where its config.json is
// silent (core/MODEL.md §6 names the files read), and the model_types that share a family's code.

#include "model_read.h"

namespace roofline {
namespace {

using N = NormKind;

// model_type -> what its transformers classes fix (core/MODEL.md §6 names the files read).
const ModelFamily kFamilies[] = {
    {.type = "llama", .bias_key = true},
    {.type = "mistral", .all_sliding = true},
    {.type = "mixtral", .all_sliding = true},
    // Qwen2's q, k, v always have biases, o_proj none: an attention_bias (MiMo's) is not read by
    // its modeling code.
    {.type = "qwen2", .qkv_bias = true, .ignored_keys = {"attention_bias"}},
    {.type = "qwen2_moe"},  // qkv_bias (default true) below
    {.type = "qwen3", .bias_key = true, .qk_norm_per_head = true},
    {.type = "qwen3_moe", .bias_key = true, .qk_norm_per_head = true},
    {.type = "qwen3_next", .bias_key = true, .qk_norm_per_head = true, .output_gate_default = true},
    {.type = "qwen3_5_text",
     .bias_key = true,
     .qk_norm_per_head = true,
     .output_gate_default = true},
    {.type = "qwen3_5_moe_text",
     .bias_key = true,
     .qk_norm_per_head = true,
     .output_gate_default = true},
    {.type = "gemma", .tie_default = true, .bias_key = true},
    {.type = "gemma2",
     .tie_default = true,
     .mixer_norms = 2,
     .ffn_norms = 2,
     .bias_key = true,
     .vocab_default = 256000,
     .context_default = 8192,
     .window_default = 4096},
    // google/gemma-3-27b-it's config.json leaves vocab_size and max_position_embeddings to
    // Gemma3TextConfig's defaults.
    {.type = "gemma3_text",
     .tie_default = true,
     .mixer_norms = 2,
     .ffn_norms = 2,
     .bias_key = true,
     .qk_norm_per_head = true,
     .vocab_default = 262208,
     .context_default = 131072,
     .heads_default = 8,
     .kv_heads_default = 4,
     .head_dim_default = 256,
     .window_default = 4096},
    {.type = "gpt_oss", .bias_key = true, .sinks = true, .moe_biases = true, .window_default = 128},
    {.type = "olmo2", .bias_key = true, .qk_norm_full = true},
    {.type = "olmo3", .bias_key = true, .qk_norm_full = true, .window_default = 4096},
    {.type = "starcoder2",
     .tie_default = true,
     .gated = false,
     .norm = N::layer,
     .bias_key = true,
     .bias_default = true,
     .bias_covers_mlp = true,
     .all_sliding = true},
    {.type = "phi3", .all_sliding = true},
    {.type = "phi",
     .gated = false,
     .norm = N::layer,
     .ffn_norms = 0,
     .qkv_bias = true,
     .o_bias = true,
     .mlp_bias = true,
     .lm_head_bias = true},
    {.type = "gpt2",
     .tie_default = true,
     .gated = false,
     .norm = N::layer,
     .qkv_bias = true,
     .o_bias = true,
     .mlp_bias = true,
     .learned_positions = true,
     .context_default = 1024},
    // StarCoder (1): GPT-2's block with multi-query attention.
    {.type = "gpt_bigcode",
     .tie_default = true,
     .gated = false,
     .norm = N::layer,
     .qkv_bias = true,
     .o_bias = true,
     .mlp_bias = true,
     .learned_positions = true,
     .context_default = 1024},
    {.type = "gptj",
     .gated = false,
     .norm = N::layer,
     .ffn_norms = 0,
     .mlp_bias = true,
     .lm_head_bias = true},
    {.type = "gpt_neox",
     .gated = false,
     .norm = N::layer,
     .mlp_bias = true,
     .bias_key = true,
     .bias_default = true},
    {.type = "opt",
     .tie_default = true,
     .gated = false,
     .norm = N::layer,
     .bias_key = true,
     .bias_default = true,
     .bias_covers_mlp = true,
     .learned_positions = true,
     .context_default = 2048},
    {.type = "bloom",
     .tie_default = true,
     .gated = false,
     .norm = N::layer,
     .qkv_bias = true,
     .o_bias = true,
     .mlp_bias = true},
    {.type = "falcon",
     .tie_default = true,
     .gated = false,
     .norm = N::layer,
     .bias_key = true,
     .bias_covers_mlp = true},
    {.type = "deepseek_v2", .score_bias = true},
    {.type = "deepseek_v3", .score_bias = true},
    {.type = "deepseek_v32", .score_bias = true},
    {.type = "kimi_k2", .score_bias = true},
    {.type = "glm_moe_dsa", .bias_key = true, .score_bias = true},
    {.type = "glm4_moe",
     .bias_key = true,
     .qk_norm_per_head = true,
     .qk_norm_key = true,
     .score_bias = true},
    {.type = "llama4_text", .bias_key = true},
    {.type = "hunyuan_v1_moe", .bias_key = true, .qk_norm_per_head = true, .qk_norm_key = true},
    {.type = "hunyuan_v1_dense", .bias_key = true, .qk_norm_per_head = true, .qk_norm_key = true},
    {.type = "nemotron_h", .gated = false, .bias_key = true, .score_bias = true},
    // Cohere (Command R, Aya): attention and MLP in parallel after one LayerNorm without a bias
    // (one vector, counted as an RMSNorm's), tied tables by default; use_qk_norm adds per-head
    // norms of [heads, head_dim] and [kv_heads, head_dim]. Cohere2 (Command R7B, Command A): the
    // same block, sliding layers but every sliding_window_pattern-th, no QK norm.
    {.type = "cohere",
     .tie_default = true,
     .ffn_norms = 0,
     .bias_key = true,
     .qk_norm_full = true,
     .qk_norm_key = true,
     .ignored_keys = {"use_parallel_block"}},
    {.type = "cohere2",
     .tie_default = true,
     .ffn_norms = 0,
     .bias_key = true,
     .window_default = 4096,
     .ignored_keys = {"layer_switch", "order_of_interleaved_layers", "use_parallel_block"}},
    // SmolLM3: Llama's block, tied tables by default; its NoPE layers have the same weights.
    {.type = "smollm3",
     .tie_default = true,
     .bias_key = true,
     .ignored_keys = {"no_rope_layers", "no_rope_layer_interval"}},
    // EXAONE-4.0: a norm after attention and one after the MLP (none before), per-head QK norms.
    {.type = "exaone4", .bias_key = true, .qk_norm_per_head = true},
    // MiniMax-M2: QK norms over the whole projection (qk_norm_type per_layer), every layer MoE.
    // mlp_intermediate_size and shared_intermediate_size are in its configs, unused by its code.
    // ERNIE-4.5: use_bias biases q, k, v, o, the MLPs and lm_head; tied by default; MoE layout
    // by moe_layer_start_index / _end_index / _interval, one shared MLP of
    // moe_num_shared_experts x the expert width, a score-correction bias.
    {.type = "ernie4_5", .tie_default = true, .bias_key = true, .bias_covers_mlp = true},
    {.type = "ernie4_5_moe",
     .tie_default = true,
     .bias_key = true,
     .bias_covers_mlp = true,
     .score_bias = true},
    // MiniMax-M1 / Text-01 (remote code: attn_type_list) and transformers' MiniMax (layer_types):
    // lightning attention on most layers, every layer MoE without a router bias.
    // block_size is the lightning kernel's block (transformers' MiniMaxConfig writes it).
    {.type = "minimax_m1",
     .bias_key = true,
     .lightning = true,
     .ignored_keys = {"shared_moe_mode", "block_size"}},
    {.type = "minimax_text_01",
     .bias_key = true,
     .lightning = true,
     .ignored_keys = {"shared_moe_mode", "block_size"}},
    {.type = "minimax",
     .bias_key = true,
     .lightning = true,
     .ignored_keys = {"shared_moe_mode", "block_size"}},
    // LFM2 (Liquid): gated short-convolution layers and attention layers with per-head QK norms,
    // every layer a SwiGLU MLP; tied by default (tie_embedding, its original key, wins).
    // block_dim, conv_dim and num_heads repeat hidden_size and num_attention_heads.
    {.type = "lfm2",
     .tie_default = true,
     .qk_norm_per_head = true,
     .ignored_keys = {"block_dim", "conv_dim", "conv_dim_out", "num_heads", "block_use_swiglu"}},
    // Llama-Nemotron (DeciLM): Llama's blocks, each layer's shape in block_configs.
    {.type = "nemotron-nas", .bias_key = true},
    // Step-3.5 (vLLM's step3p5.py and the model's remote code): KV heads in num_attention_groups,
    // the layers of attention_other_setting's attention_type with heads of their own, per-head
    // QK norms always (use_qk_norm is not read), g_proj with use_head_wise_attn_gate, MoE layers
    // by moe_layers_enum with one shared expert of share_expert_dim and a router bias. use_moe,
    // moe_every_n_layer and moe_layer_offset are in its config, unused by its code.
    {.type = "step3p5",
     .qk_norm_per_head = true,
     .kv_heads_key = "num_attention_groups",
     .ignored_keys = {"use_moe", "moe_every_n_layer", "moe_layer_offset", "use_qk_norm",
                      "att_impl_type", "use_rope_layers"}},
    // MiMo-V2-Flash (transformers' mimo_v2_flash): keys of width head_dim (192), values of
    // v_head_dim (128); the sliding layers (hybrid_layer_pattern 1) with their swa_* heads and a
    // sink per head; MoE layers by moe_layer_freq's list, no shared expert, DeepSeek's router.
    // attention_chunk_size is in its config, unused by its code.
    {.type = "mimo_v2_flash",
     .score_bias = true,
     .head_dim_default = 192,
     .v_head_dim_default = 128,
     .window_default = 128,
     .ignored_keys = {"attention_chunk_size"}},
    {.type = "minimax_m2",
     .bias_key = true,
     .qk_norm_full = true,
     .qk_norm_key = true,
     .ignored_keys = {"mlp_intermediate_size", "shared_intermediate_size", "shared_moe_mode"}},
};

// An unknown family's tie_word_embeddings, when absent, is true: PretrainedConfig's default, and
// transformers' save_pretrained leaves the key out only when it equals that default and the
// class's own (Aya's, SmolLM3's and Gemma's configs omit it and are tied). A config with no
// model_type at all was written by hand (roofline's own minimal form): untied, as Llama.
const ModelFamily kGeneric{
    .type = "", .tie_default = true, .plain_by_activation = true, .bias_key = true};
const ModelFamily kHandWritten{.type = "", .plain_by_activation = true, .bias_key = true};

}  // namespace

// model_types whose text model is a family's, under another name (multimodal text towers and
// derivatives: the same modeling code).
struct SameAs {
  std::string_view type, family;
};
constexpr SameAs kSameAs[] = {{"qwen2_vl", "qwen2"},
                              {"qwen2_vl_text", "qwen2"},
                              {"qwen2_5_vl", "qwen2"},
                              {"qwen2_5_vl_text", "qwen2"},
                              {"mimo", "qwen2"},
                              {"qwen3_vl_text", "qwen3"},
                              {"qwen3_vl_moe_text", "qwen3_moe"},
                              {"glm4_moe_lite", "deepseek_v3"},
                              {"exaone4_5_text", "exaone4"}};

const ModelFamily& family_of(std::string_view model_type) {
  for (const SameAs& a : kSameAs)
    if (a.type == model_type) model_type = a.family;
  for (const ModelFamily& f : kFamilies) {
    if (f.type == model_type) return f;
  }
  return model_type.empty() ? kHandWritten : kGeneric;
}

}  // namespace roofline
