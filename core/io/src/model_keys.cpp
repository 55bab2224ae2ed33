// Never silently wrong, by construction (core/MODEL.md §6): a config.json key that no rule of
// its family looked up, and whose name says it shapes a layer (a size, a rank, a latent width, an
// expert count, a per-layer list, a window, a ratio), is refused by name. A new architecture's
// key then stops the reading instead of being counted as absent (Nemotron-3's moe_latent_size
// counted 512 experts at the hidden width: 458.6 B parameters for a 120 B model).

#include <algorithm>
#include <array>
#include <cctype>
#include <iterator>
#include <span>
#include <string>
#include <vector>

#include "model_read.h"

namespace roofline {
namespace {

// Words of a key's name that say it sets a shape or a layout.
constexpr std::array<std::string_view, 55> kShapeWords = {
    "size",   "dim",    "dims",    "rank",   "layer",    "layers", "expert", "experts",
    "head",   "heads",  "ratio",   "ratios", "pattern",  "type",   "types",  "latent",
    "window", "kernel", "group",   "groups", "interval", "step",   "topk",   "block",
    "blocks", "config", "configs", "chunk",  "compress", "conv",   "state",  "proj",
    "width",  "inner",  "list",    "idxs",   "indices",  "period", "offset", "share",
    "shared", "norm",   "gate",    "qk",     "kv",       "lora",   "num",    "n",
    "cross",  "sparse", "linear",  "embed",  "moe",      "qkv",    "bias"};

// Words that say a key is about training, numerics, positions, tokens or the vision tower:
// nothing a weight count or a KV cache depends on.
constexpr std::array<std::string_view, 60> kHarmlessWords = {
    "dropout", "pdrop", "eps", "epsilon", "id", "ids", "token", "tokens", "init", "initializer",
    "std", "range", "loss", "coef", "alpha", "aux", "jitter", "noise", "scale", "scaling",
    "softcapping", "softcap", "theta", "rope", "rotary", "freq", "base", "temperature",
    "multiplier", "dtype", "cache", "logits", "limit", "floor", "version", "path", "name", "vit",
    "vision", "image", "video", "audio", "anyres", "mm", "pos", "position", "max", "summary",
    "class", "pool", "time", "min", "beta", "yarn",
    // PretrainedConfig's generation defaults (num_beams, no_repeat_ngram_size, ...), which some
    // transformers versions write into nested configs; ERNIE's MoE capacity (a kernel setting)
    "beam", "beams", "sequences", "ngram", "capacity", "labels"};

// Keys whose words say "shape" but that no count depends on, seen in published configs.
constexpr std::array<std::string_view, 30> kHarmlessKeys = {
    "n_ctx",    // GPT-2's context, n_positions is the table
    "n_group",  // DeepSeek's group-limited routing: which experts, not how many
    "topk_group",
    "topk_method",
    "ep_size",
    "group_limited_greedy",
    "norm_topk_prob",
    "norm_type",   // Hunyuan's "rms": the family fixes its norms
    "chunk_size",  // Mamba-2's scan chunk (a kernel setting)
    "num_logits_to_keep",
    "mamba_hidden_act",
    "mlp_hidden_act",  // activations (no parameters)
    "moe_drop_tokens",
    "moe_random_routing_dropped_token",
    "rope_interleave",
    "indexer_rope_interleave",
    "xdrope_section",
    "pretraining_tp",  // Llama's tensor-parallel pretraining split of the same matrices
    "num_media_embeds",
    "dense_list",        // Hunyuan's multimodal and classifier settings
    "cla_share_factor",  // only with use_cla, which is refused
    "lm_head",           // DeepSeek-OCR's switch for the output layer tie_word_embeddings counts
    "moe_gate",          // ERNIE's gate implementation's name
    "chunk_size_feed_forward",  // a generation-time chunking of the same MLP
    "org_vocab_size",           // Hunyuan: the tables have vocab_size rows
    // Step-3.5's routing and numerics: the experts' weights renormalised, sigmoid or softmax,
    // an fp32 router, the SwiGLU clamps of its shared expert
    "norm_expert_weight",
    "moe_router_activation",
    "need_fp32_gate",
    "swiglu_limits_shared",
};

// Every top-level key some rule of model_read.cpp or model_layout.cpp looks up, in some family
// (tests/io/model_keys_test.cpp checks that a reading of every test config looks up no other).
constexpr std::string_view kKeysRead[] = {
    "_sliding_window_pattern", "activation", "activation_function", "alibi", "attention_bias",
    "attention_chunk_size", "attention_head_dim", "attn_layer_indices", "attn_layer_period",
    "attn_output_gate", "attn_type_list", "bias", "conv_kernel", "cross_attention_layers",
    "decoder_sparse_step", "do_layer_norm_before", "enable_bias", "expert_layer_period",
    "experts_per_token", "ffn_dim", "ffn_hidden_size", "first_k_dense_replace",
    "full_attention_interval", "head_dim", "hidden_act", "hidden_activation", "hidden_size",
    "hybrid_override_pattern", "index_head_dim", "index_n_heads", "index_topk",
    "interleave_moe_layer_step", "intermediate_size", "intermediate_size_mlp", "is_encoder_decoder",
    "kv_lora_rank", "layer_types", "linear_attn_config", "linear_conv_kernel_dim",
    "linear_key_head_dim", "linear_num_key_heads", "linear_num_value_heads",
    "linear_value_head_dim", "mamba_d_ssm", "mamba_d_state", "mamba_head_dim", "mamba_num_heads",
    "mamba_ssm_cache_dtype", "mamba_ssm_dtype", "max_position_embeddings", "max_sequence_length",
    "max_window_layers", "mlp_bias", "mlp_hidden_act", "mlp_only_layers", "model_type",
    "moe_intermediate_size", "moe_layer_freq", "moe_layer_num_skipped", "moe_layers",
    "moe_num_experts", "moe_shared_expert_intermediate_size", "moe_topk", "mtp_num_hidden_layers",
    "multi_query", "n_embd", "n_embed", "n_groups", "n_head", "n_head_kv", "n_heads", "n_inner",
    "n_layer", "n_layers", "n_positions", "n_routed_experts", "n_shared_experts",
    "new_decoder_architecture", "no_rope_layer_interval", "no_rope_layers", "num_attention_heads",
    "num_experts", "num_experts_per_tok", "num_hidden_layers", "num_key_value_heads",
    "num_kv_heads", "num_layers", "num_ln_in_parallel_attn", "num_local_experts",
    "num_nextn_predict_layers", "num_shared_expert", "parallel_attn", "parallel_block",
    "q_lora_rank", "qk_layernorm", "qk_head_dim", "qk_nope_head_dim", "qk_norm_type",
    "qk_rope_head_dim", "qkv_bias", "quantization_config", "seq_length",
    "shared_expert_intermediate_size", "sliding_window", "sliding_window_pattern", "ssm_state_size",
    "text_config", "tie_word_embeddings", "use_bias", "use_cla", "use_conv_bias",
    "use_mixed_mlp_moe", "use_parallel_residual", "use_qk_norm", "use_sliding_window", "v_head_dim",
    "vocab_size", "word_embed_proj_dim",
    // layouts, latent MoE, routing bias, refusals with their own message
    "layers_block_type", "moe_latent_size", "use_routing_bias",
    // parts not modelled, refused with their own message (model_read.cpp's kUnmodelled)
    "attention_k_eq_v", "num_kv_shared_layers", "hidden_size_per_layer_input", "compress_ratios",
    "block_configs", "conv_L_cache",
    // multi-token prediction, not counted
    "use_mtp", "num_mtp_modules", "mtp_transformer_layers", "mtp_layers_block_type",
    "mtp_hybrid_override_pattern", "mtp_share_layers", "mtp_use_dedicated_embeddings",
    // ERNIE-4.5's MoE layout
    "moe_k", "moe_layer_start_index", "moe_layer_end_index", "moe_layer_interval",
    "moe_num_shared_experts", "num_shared_experts",
    // LFM2
    "block_dim", "conv_dim", "conv_dim_out", "num_heads", "block_use_swiglu", "block_ff_dim",
    "block_auto_adjust_ff_dim", "block_ffn_dim_multiplier", "block_multiple_of", "conv_bias",
    "full_attn_idxs", "tie_embedding", "sliding_window_size", "mlp_type", "block_size",
    // Step-3.5 and MiMo-V2: attention layers with heads of their own, their MoE layouts
    "attention_other_setting", "num_attention_groups", "use_head_wise_attn_gate", "moe_layers_enum",
    "moe_top_k", "share_expert_dim", "share_expert_dims", "use_moe_router_bias",
    "hybrid_layer_pattern", "swa_num_attention_heads", "swa_num_key_value_heads", "swa_head_dim",
    "swa_v_head_dim", "add_swa_attention_sink_bias", "add_full_attention_sink_bias",
    "mlp_layer_types", "use_moe", "moe_every_n_layer", "moe_layer_offset", "att_impl_type",
    "use_rope_layers",
    // what the families' modeling code ignores (ModelFamily::ignored_keys)
    "layer_switch", "order_of_interleaved_layers", "use_parallel_block", "mlp_intermediate_size",
    "shared_intermediate_size", "shared_moe_mode"};

std::vector<std::string> words_of(std::string_view key) {
  std::vector<std::string> out;
  std::string word;
  for (char c : key) {
    if (std::isalpha(static_cast<unsigned char>(c))) {
      word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (!word.empty()) {
      out.push_back(word);
      word.clear();
    }
  }
  if (!word.empty()) out.push_back(word);
  return out;
}

template <class List>
bool contains(const List& list, std::string_view word) {
  return std::find(std::begin(list), std::end(list), word) != std::end(list);
}

// A value that switches nothing on: null, false, 0, "", [] or {}.
bool switched_off(const Json& v) {
  if (v.is_null()) return true;
  if (v.is_boolean()) return !v.get<bool>();
  if (v.is_number()) return v.get<double>() == 0;
  if (v.is_string() || v.is_array() || v.is_object()) return v.empty();
  return false;
}

}  // namespace

std::span<const std::string_view> keys_read() { return kKeysRead; }

bool shapes_a_layer(std::string_view key) {
  if (key.starts_with("_") || contains(kHarmlessKeys, key)) return false;
  const std::vector<std::string> words = words_of(key);
  for (const std::string& w : words)
    if (contains(kHarmlessWords, w)) return false;
  for (const std::string& w : words)
    if (contains(kShapeWords, w)) return true;
  return false;
}

void refuse_unknown_keys(const Reader& r, std::string_view model_type) {
  std::vector<std::string> unknown;
  for (const auto& [key, value] : r.object().items()) {
    if (contains(kKeysRead, key) || switched_off(value) || !shapes_a_layer(key)) continue;
    unknown.push_back(key);
  }
  if (unknown.empty()) return;
  // Every such key at once: the first may be the least telling of them.
  std::string others;
  for (size_t i = 1; i < unknown.size() && i <= 8; ++i)
    others += (i > 1 ? ", " : "") + r.key_path(unknown[i]);
  if (unknown.size() > 9) others += " and " + std::to_string(unknown.size() - 9) + " more";
  r.fail_message(unknown.front(),
                 "roofline does not know this key (model_type '" + std::string(model_type) +
                     "'), and its name says it shapes the layers: refused rather than counted "
                     "without it" +
                     (others.empty() ? std::string() : " (nor " + others + ")"));
}

void refuse_unread_keys(const Reader& r, const Reader::KeyLog& read, std::string_view model_type) {
  for (const auto& [key, value] : r.object().items()) {
    if (read.contains(key) || switched_off(value) || !shapes_a_layer(key)) continue;
    r.fail_message(key, "no rule for model_type '" + std::string(model_type) +
                            "' reads this key, and its name says it shapes the layers: refused "
                            "rather than counted without it");
  }
}

}  // namespace roofline
