#include "roofline/model_config.h"

#include <string>

namespace roofline {

namespace {

double d(int64_t v) { return static_cast<double>(v); }

double mlp_matrices(const ModelConfig& m) { return m.gated_mlp ? 3.0 : 2.0; }

// Attention projection weights of one layer.
double attention_weights(const ModelConfig& m) {
  if (m.mla) {
    const MlaConfig& a = *m.mla;
    const double qk = d(a.qk_nope_head_dim + a.qk_rope_head_dim);
    const double q = a.q_lora_rank
                         ? d(m.hidden) * d(*a.q_lora_rank) + d(*a.q_lora_rank) * d(m.heads) * qk
                         : d(m.hidden) * d(m.heads) * qk;
    const double kv_a = d(m.hidden) * d(a.kv_lora_rank + a.qk_rope_head_dim);
    const double kv_b = d(a.kv_lora_rank) * d(m.heads) * d(a.qk_nope_head_dim + a.v_head_dim);
    const double o = d(m.heads) * d(a.v_head_dim) * d(m.hidden);
    return q + kv_a + kv_b + o;
  }
  const double q = d(m.hidden) * d(m.heads * m.head_dim);
  const double kv = 2 * d(m.hidden) * d(m.kv_heads * m.head_dim);
  const double o = d(m.heads * m.head_dim) * d(m.hidden);
  return q + kv + o;
}

int64_t moe_layers(const ModelConfig& m) {
  return m.moe ? m.layers - m.moe->first_dense_layers : 0;
}

std::string positive(std::string_view key, int64_t v) {
  if (v > 0) return {};
  return std::string(key) + ": expected a positive integer, got " + std::to_string(v);
}

}  // namespace

int64_t kv_elements_per_token(const ModelConfig& m) {
  if (m.mla) return m.mla->kv_lora_rank + m.mla->qk_rope_head_dim;
  return 2 * m.kv_heads * m.head_dim;
}

double norm_parameter_count(const ModelConfig& m) {
  double per_layer = 2 * d(m.hidden);  // attn_norm, mlp_norm
  if (m.mla)
    per_layer += d(m.mla->kv_lora_rank) + (m.mla->q_lora_rank ? d(*m.mla->q_lora_rank) : 0);
  return d(m.layers) * per_layer + d(m.hidden);  // + final_norm
}

double embedding_parameter_count(const ModelConfig& m) { return d(m.vocab) * d(m.hidden); }

double parameter_count(const ModelConfig& m) {
  const double dense_mlp = mlp_matrices(m) * d(m.hidden) * d(m.intermediate);
  double mlp_total = d(m.layers - moe_layers(m)) * dense_mlp;
  if (m.moe) {
    const MoeConfig& e = *m.moe;
    const double expert = mlp_matrices(m) * d(m.hidden) * d(e.expert_intermediate);
    const double per_layer = d(m.hidden) * d(e.experts)  // router
                             + d(e.experts) * expert + d(e.shared_experts) * expert;
    mlp_total += d(moe_layers(m)) * per_layer;
  }
  const double head = m.tie_word_embeddings ? 0 : embedding_parameter_count(m);
  return d(m.layers) * attention_weights(m) + mlp_total + embedding_parameter_count(m) + head +
         norm_parameter_count(m);
}

std::string validate(const ModelConfig& m) {
  for (auto [key, v] : {std::pair<std::string_view, int64_t>{"num_hidden_layers", m.layers},
                        {"hidden_size", m.hidden},
                        {"num_attention_heads", m.heads},
                        {"num_key_value_heads", m.kv_heads},
                        {"head_dim", m.head_dim},
                        {"intermediate_size", m.intermediate},
                        {"vocab_size", m.vocab}}) {
    if (auto e = positive(key, v); !e.empty()) return e;
  }
  if (m.heads % m.kv_heads != 0) {
    return "num_attention_heads (" + std::to_string(m.heads) +
           ") must be divisible by num_key_value_heads (" + std::to_string(m.kv_heads) + ")";
  }
  if (m.moe) {
    const MoeConfig& e = *m.moe;
    if (auto err = positive("num_local_experts", e.experts); !err.empty()) return err;
    if (auto err = positive("num_experts_per_tok", e.experts_per_token); !err.empty()) return err;
    if (auto err = positive("moe_intermediate_size", e.expert_intermediate); !err.empty())
      return err;
    if (e.experts_per_token > e.experts) {
      return "num_experts_per_tok (" + std::to_string(e.experts_per_token) +
             ") must not exceed the number of experts (" + std::to_string(e.experts) + ")";
    }
    if (e.shared_experts < 0) return "n_shared_experts: expected 0 or more";
    if (e.first_dense_layers < 0 || e.first_dense_layers > m.layers) {
      return "first_k_dense_replace: expected 0 to num_hidden_layers (" + std::to_string(m.layers) +
             "), got " + std::to_string(e.first_dense_layers);
    }
  }
  if (m.mla) {
    const MlaConfig& a = *m.mla;
    if (a.q_lora_rank) {
      if (auto e = positive("q_lora_rank", *a.q_lora_rank); !e.empty()) return e;
    }
    if (auto e = positive("kv_lora_rank", a.kv_lora_rank); !e.empty()) return e;
    if (auto e = positive("qk_nope_head_dim", a.qk_nope_head_dim); !e.empty()) return e;
    if (a.qk_rope_head_dim < 0) return "qk_rope_head_dim: expected 0 or more";
    if (auto e = positive("v_head_dim", a.v_head_dim); !e.empty()) return e;
  }
  return {};
}

}  // namespace roofline
