#pragma once
// A transformer's shape, as read from a Hugging Face config.json (core/MODEL.md: the symbols at its
// top).

#include <cstdint>
#include <optional>
#include <string>

namespace roofline {

// Mixture of experts: replaces the MLP of every layer but the first `first_dense_layers`.
struct MoeConfig {
  int64_t experts = 0;              // E: num_local_experts / n_routed_experts
  int64_t experts_per_token = 0;    // k: num_experts_per_tok
  int64_t expert_intermediate = 0;  // dffe: moe_intermediate_size (Mixtral: intermediate_size)
  int64_t shared_experts = 0;       // n_shared_experts
  int64_t first_dense_layers = 0;   // first_k_dense_replace

  bool operator==(const MoeConfig&) const = default;
};

// Multi-head latent attention (DeepSeek-V2/V3).
struct MlaConfig {
  std::optional<int64_t> q_lora_rank;  // rq; nullopt = queries are not compressed
  int64_t kv_lora_rank = 0;            // rkv
  int64_t qk_nope_head_dim = 0;        // d_nope
  int64_t qk_rope_head_dim = 0;        // d_rope
  int64_t v_head_dim = 0;              // dv

  bool operator==(const MlaConfig&) const = default;
};

struct ModelConfig {
  std::string id;            // preset id or file path it came from
  std::string name;          // display name (_name, else id)
  std::string source;        // _source, where the config comes from
  int64_t layers = 0;        // L
  int64_t hidden = 0;        // d
  int64_t heads = 0;         // H
  int64_t kv_heads = 0;      // Hkv
  int64_t head_dim = 0;      // dh
  int64_t intermediate = 0;  // dff (dense MLP layers)
  int64_t vocab = 0;         // V
  bool tie_word_embeddings = false;
  bool gated_mlp = true;  // silu family: gate, up, down; gelu family without gate: up, down
  std::string hidden_act = "silu";
  std::optional<MoeConfig> moe;
  std::optional<MlaConfig> mla;

  bool operator==(const ModelConfig&) const = default;
};

// Elements of KV cache per token per layer: 2*Hkv*dh, or rkv + d_rope with MLA.
int64_t kv_elements_per_token(const ModelConfig& m);

// Every matmul weight + embeddings + lm_head (unless tied) + norm vectors (spec §2).
double parameter_count(const ModelConfig& m);

// The norm vectors alone (they are stored at 16 bits whatever the weight precision).
double norm_parameter_count(const ModelConfig& m);

// The embedding table alone (V*d): gathered, not streamed, by a step.
double embedding_parameter_count(const ModelConfig& m);

// Empty when the config is consistent; otherwise one message naming the key and what was
// expected (e.g. "num_attention_heads (32) must be divisible by num_key_value_heads (5)").
std::string validate(const ModelConfig& m);

}  // namespace roofline
