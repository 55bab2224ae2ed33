#pragma once
// Internal: reading a Hugging Face config.json into a ModelConfig (core/MODEL.md §6 lists the
// keys of every family and where each rule comes from).

#include <array>
#include <span>
#include <string>
#include <string_view>

#include "roofline/io/json_reader.h"
#include "roofline/model_config.h"

namespace roofline {

// Shapes as a config.json gives them, bounded as validate() bounds them, so that no sum or
// product of two (MLA's qk_nope + qk_rope, heads x head_dim) can overflow before it runs.
inline const IntegerRule kPositiveShape{1, kMaxModelShape, "a positive integer up to 100000000"};
inline const IntegerRule kShapeOrZero{0, kMaxModelShape, "an integer from 0 up to 100000000"};

// What a model_type's transformers classes do where the config is silent.
struct ModelFamily {
  std::string_view type;             // model_type ("" for the generic Llama-like reading)
  bool tie_default = false;          // tie_word_embeddings when the key is absent
  bool gated = true;                 // the MLP has a gate matrix whatever the activation
  bool plain_by_activation = false;  // unknown family: gated unless a gelu/relu-family name
  NormKind norm = NormKind::rms;
  int mixer_norms = 1, ffn_norms = 1;
  bool qkv_bias = false, o_bias = false, mlp_bias = false;  // fixed in the modeling code
  // attention_bias / use_bias / bias / enable_bias switch q, k, v, o biases on (`bias_default`
  // when the config has none of them), and the MLP's too when `bias_covers_mlp`.
  bool bias_key = false;
  bool bias_default = false;
  bool bias_covers_mlp = false;
  bool qk_norm_per_head = false;  // q_norm and k_norm of head_dim each
  bool qk_norm_full = false;      // q_norm of H·dh, k_norm of Hkv·dh (OLMo-2/3)
  bool qk_norm_key = false;       // only when use_qk_norm is true
  bool output_gate_default = false;
  bool sinks = false;
  bool lm_head_bias = false;
  bool moe_biases = false;         // router and expert biases (gpt-oss)
  bool score_bias = false;         // the router's e_score_correction_bias (DeepSeek, Nemotron-H)
  bool all_sliding = false;        // a sliding_window applies to every layer (Mistral's rule)
  bool learned_positions = false;  // a position table of max_position_embeddings rows
  int64_t vocab_default = 0;       // vocab_size when the config leaves it out (0: required)
  int64_t context_default = 0;     // max_position_embeddings when the config leaves it out
  int64_t heads_default = 0;       // num_attention_heads (Gemma-3: 8), 0: required
  int64_t kv_heads_default = 0;    // num_key_value_heads (Gemma-3: 4), 0: the query heads
  int64_t head_dim_default = 0;    // head_dim (Gemma-3: 256), 0: hidden / heads
  int64_t v_head_dim_default = 0;  // v_head_dim (MiMo-V2: 128), 0: head_dim
  int64_t window_default = 0;      // sliding_window when absent (Gemma-2: 4096), 0: required
  std::string_view kv_heads_key = "num_key_value_heads";  // Step-3.5: num_attention_groups
  bool lightning = false;  // MiniMax-M1: attn_type_list 0 (or layer_types linear_attention) are
                           // lightning attention layers of num_attention_heads x head_dim
  // Keys its config files carry that its modeling code does not read (legacy spellings, unused
  // widths): looked up, so that they are not refused as unread, and counted as nothing.
  std::array<std::string_view, 8> ignored_keys{};
};

// The family of `model_type`, or the generic one.
const ModelFamily& family_of(std::string_view model_type);

// The layer layout of the config (mixers and feed-forwards per layer, grouped): the rules of
// §6 for each family. Throws InputError naming the key it cannot follow.
void read_layout(const Reader& r, const ModelFamily& f, ModelConfig& m);

// Llama-Nemotron: KV heads = num_attention_heads / n_heads_in_group, the same in every layer
// with attention (else refused: one attention shape per model).
void nas_kv_heads(const Reader& r, ModelConfig& m);

// quantization_config into m.quantization; throws InputError for a method it cannot count.
void read_quantization(const Reader& r, ModelConfig& m);

ModelConfig read_model(const Reader& top, std::string_view id);

// Whether a key's name says it sets a shape or a layout (a size, rank, latent width, count,
// per-layer list, window, ratio), rather than training, numerics, positions or tokens.
bool shapes_a_layer(std::string_view key);
// The top-level keys some family's rule looks up.
std::span<const std::string_view> keys_read();
// Before reading: refuses, by name, a key no rule of any family knows whose name says it shapes
// a layer (switched on), so that the message names the new part, not a later symptom.
void refuse_unknown_keys(const Reader& r, std::string_view model_type);
// After reading: refuses, by name, the first key of the config that shapes a layer, is switched on,
// and that no rule looked up (`read`): a new architecture's key stops the reading instead of
// counting as absent.
void refuse_unread_keys(const Reader& r, const Reader::KeyLog& read, std::string_view model_type);

// Python's json module writes Infinity, -Infinity and NaN, which JSON does not have; configs
// carry them in keys no count uses (Nemotron-H's time_step_limit). They become the strings
// "Infinity", "-Infinity" and "NaN", so a key roofline reads names them rather than taking
// its default as if absent.
std::string without_python_literals(std::string_view text);

}  // namespace roofline
