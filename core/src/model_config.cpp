#include "roofline/model_config.h"

#include "roofline/units.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace roofline {

namespace {

double d(int64_t v) { return static_cast<double>(v); }

size_t index(WeightGroup g) { return static_cast<size_t>(g); }

double mlp_matrices(const ModelConfig& m) { return m.gated_mlp ? 3.0 : 2.0; }

double norm_vector(const ModelConfig& m, double width) {
  return m.norm == NormKind::layer ? 2 * width : width;
}

// One attention layer of type `t`: its matrices and its vectors.
void count_attention(const ModelConfig& m, const MixerType& t, double& matrices, double& vectors) {
  const AttentionExtras& x = m.attention;
  const AttentionDims a = attention_dims(m, t);
  const double H = d(a.heads);
  if (m.mla) {
    const MlaConfig& mla = *m.mla;
    const double qk = d(mla.qk_nope_head_dim + mla.qk_rope_head_dim);
    matrices += mla.q_lora_rank ? d(m.hidden) * d(*mla.q_lora_rank) + d(*mla.q_lora_rank) * H * qk
                                : d(m.hidden) * H * qk;
    matrices += d(m.hidden) * d(mla.kv_lora_rank + mla.qk_rope_head_dim);            // kv_a
    matrices += d(mla.kv_lora_rank) * H * d(mla.qk_nope_head_dim + mla.v_head_dim);  // kv_b
    matrices += H * d(mla.v_head_dim) * d(m.hidden);                                 // o
    vectors += d(mla.kv_lora_rank) + (mla.q_lora_rank ? d(*mla.q_lora_rank) : 0);    // their norms
    if (x.o_bias) vectors += d(m.hidden);
  } else {
    const double q_width = H * d(a.head_dim) * (x.output_gate ? 2 : 1);
    const double k_width = d(a.kv_heads) * d(a.head_dim), v_width = d(a.kv_heads) * d(a.v_head_dim);
    matrices += d(m.hidden) * (q_width + k_width + v_width) + H * d(a.v_head_dim) * d(m.hidden);
    if (x.head_gate) matrices += d(m.hidden) * H;  // g_proj
    if (x.qkv_bias) vectors += q_width + k_width + v_width;
    if (x.o_bias) vectors += d(m.hidden);
  }
  if (m.indexer) {
    const IndexerConfig& i = *m.indexer;
    const double q_in = m.mla && m.mla->q_lora_rank ? d(*m.mla->q_lora_rank) : d(m.hidden);
    matrices += q_in * d(i.heads) * d(i.head_dim)  // wq_b
                + d(m.hidden) * d(i.head_dim)      // wk
                + d(m.hidden) * d(i.heads);        // weights_proj
    vectors += 2 * d(i.head_dim);                  // k_norm (LayerNorm)
  }
  vectors += d(a.qk_norm_width);
  if (a.sinks) vectors += H;
}

void count_linear(const ModelConfig& m, double& matrices, double& vectors) {
  const LinearAttentionConfig& a = *m.linear;
  const double key = d(a.key_heads) * d(a.key_dim), value = d(a.value_heads) * d(a.value_dim);
  if (a.variant == LinearVariant::lightning) {
    matrices += d(m.hidden) * (2 * key + value)  // qkv_proj
                + d(m.hidden) * value            // output_gate
                + value * d(m.hidden);           // out_proj
    vectors += value;                            // the norm over every head
    return;
  }
  matrices += d(m.hidden) * (2 * key + 2 * value)   // in_proj_qkvz
              + d(m.hidden) * 2 * d(a.value_heads)  // in_proj_ba
              + value * d(m.hidden);                // out_proj
  vectors += (2 * key + value) * d(a.conv_kernel)   // conv1d, no bias
             + 2 * d(a.value_heads)                 // dt_bias, A_log
             + d(a.value_dim);                      // the gated norm, shared by the heads
}

void count_short_conv(const ModelConfig& m, double& matrices, double& vectors) {
  const ShortConvConfig& c = *m.short_conv;
  const double dm = d(m.hidden);
  matrices += dm * 3 * dm + dm * dm;                    // in_proj (B, C, x), out_proj
  vectors += dm * d(c.kernel) + (c.bias ? 5 * dm : 0);  // the depthwise filter, the biases
}

void count_mamba(const ModelConfig& m, double& matrices, double& vectors) {
  const MambaConfig& a = *m.mamba;
  const double inner = d(a.heads) * d(a.head_dim), groups = d(a.groups) * d(a.state_size);
  const double conv_dim = inner + 2 * groups;
  const double in_width = 2 * inner + 2 * groups + d(a.heads);
  matrices += d(m.hidden) * in_width + inner * d(m.hidden);              // in_proj, out_proj
  vectors += conv_dim * d(a.conv_kernel) + (a.conv_bias ? conv_dim : 0)  // conv1d
             + 3 * d(a.heads)                                            // dt_bias, A_log, D
             + inner;                                                    // the gated norm
  if (a.proj_bias) vectors += in_width + d(m.hidden);
}

}  // namespace

std::string_view to_string(MixerKind k) {
  switch (k) {
    case MixerKind::full:
      return "full";
    case MixerKind::sliding:
      return "sliding";
    case MixerKind::chunked:
      return "chunked";
    case MixerKind::linear:
      return "linear";
    case MixerKind::mamba:
      return "mamba";
    case MixerKind::conv:
      return "conv";
    case MixerKind::none:
      return "none";
  }
  return "full";
}

bool is_attention(MixerKind k) {
  return k == MixerKind::full || k == MixerKind::sliding || k == MixerKind::chunked;
}

std::string_view to_string(FfnKind k) {
  switch (k) {
    case FfnKind::dense:
      return "dense";
    case FfnKind::moe:
      return "moe";
    case FfnKind::none:
      return "none";
  }
  return "dense";
}

AttentionDims attention_dims(const ModelConfig& m, const MixerType& t) {
  const HeadShape& own = t.own;
  AttentionDims a;
  a.heads = own.heads > 0 ? own.heads : m.heads;
  a.kv_heads = own.kv_heads > 0 ? own.kv_heads : m.kv_heads;
  a.head_dim = own.head_dim > 0 ? own.head_dim : m.head_dim;
  a.v_head_dim = own.v_head_dim > 0 ? own.v_head_dim : m.v_head_dim > 0 ? m.v_head_dim : a.head_dim;
  a.qk_norm_width = own.qk_norm_width.value_or(m.attention.qk_norm_width);
  a.sinks = own.sinks.value_or(m.attention.sinks);
  return a;
}

int64_t kv_elements_per_token(const ModelConfig& m, const MixerType& t) {
  const AttentionDims a = attention_dims(m, t);
  int64_t n = m.mla ? m.mla->kv_lora_rank + m.mla->qk_rope_head_dim
                    : a.kv_heads * (a.head_dim + a.v_head_dim);
  if (m.indexer) n += m.indexer->head_dim;
  return n;
}

int64_t kv_elements_per_token(const ModelConfig& m) { return kv_elements_per_token(m, {}); }

bool kv_replicated(const ModelConfig& m, const MixerType& t, int64_t tp) {
  if (tp <= 1 || !is_attention(t.kind)) return false;
  if (m.mla) return true;
  const int64_t kv = attention_dims(m, t).kv_heads;
  return kv > 0 && (kv + tp - 1) / tp * tp > kv;
}

double kv_share(const ModelConfig& m, const MixerType& t, int64_t tp) {
  if (tp <= 1) return 1;
  if (!kv_replicated(m, t, tp)) return 1 / d(tp);
  if (m.mla) return 1;
  const int64_t kv = attention_dims(m, t).kv_heads;
  return d((kv + tp - 1) / tp) / d(kv);
}

double heads_per_kv_head(const ModelConfig& m, const MixerType& t, int64_t tp) {
  const AttentionDims a = attention_dims(m, t);
  const double heads = d(a.heads) / d(std::max<int64_t>(1, tp));
  if (m.mla) return heads;
  const double kv = d(std::max<int64_t>(1, a.kv_heads)) * kv_share(m, t, tp);
  return heads / kv;
}

const MixerType* first_attention_type(const ModelConfig& m) {
  for (const MixerType& t : m.mixers) {
    if (is_attention(t.kind) && t.count > 0) return &t;
  }
  return nullptr;
}

int64_t cached_tokens(const MixerType& t, int64_t context) {
  switch (t.kind) {
    case MixerKind::full:
      return context;
    case MixerKind::sliding:
    case MixerKind::chunked:
      return std::min(context, t.window);
    case MixerKind::linear:
    case MixerKind::mamba:
    case MixerKind::conv:
    case MixerKind::none:
      return 0;
  }
  return context;
}

StateElements state_elements(const ModelConfig& m, MixerKind kind) {
  if (kind == MixerKind::conv && m.short_conv) {  // the last kernel − 1 inputs of B·x
    return {0, d(m.hidden) * d(m.short_conv->kernel - 1)};
  }
  if (kind == MixerKind::linear && m.linear && m.linear->variant == LinearVariant::lightning) {
    const LinearAttentionConfig& a = *m.linear;  // a key_dim x value_dim state per head
    return {d(a.value_heads) * d(a.key_dim) * d(a.value_dim), 0};
  }
  if (kind == MixerKind::linear && m.linear) {
    const LinearAttentionConfig& a = *m.linear;
    const double conv_dim = 2 * d(a.key_heads) * d(a.key_dim) + d(a.value_heads) * d(a.value_dim);
    return {d(a.value_heads) * d(a.key_dim) * d(a.value_dim), conv_dim * d(a.conv_kernel - 1)};
  }
  if (kind == MixerKind::mamba && m.mamba) {
    const MambaConfig& a = *m.mamba;
    const double inner = d(a.heads) * d(a.head_dim);
    const double conv_dim = inner + 2 * d(a.groups) * d(a.state_size);
    return {inner * d(a.state_size), conv_dim * d(a.conv_kernel - 1)};
  }
  return {};
}

double ParameterCount::total() const {
  double t = vectors;
  for (double g : matrices) t += g;
  return t;
}

ParameterCount count_parameters(const ModelConfig& m) {
  ParameterCount p;
  double& mixer = p.matrices[index(WeightGroup::mixer)];
  double& dense = p.matrices[index(WeightGroup::dense)];
  double& experts = p.matrices[index(WeightGroup::experts)];
  double& other = p.matrices[index(WeightGroup::other)];
  const double dm = d(m.hidden);

  for (const MixerType& t : m.mixers) {
    double mat = 0, vec = 0;
    if (is_attention(t.kind)) count_attention(m, t, mat, vec);
    if (t.kind == MixerKind::linear && m.linear) count_linear(m, mat, vec);
    if (t.kind == MixerKind::mamba && m.mamba) count_mamba(m, mat, vec);
    if (t.kind == MixerKind::conv && m.short_conv) count_short_conv(m, mat, vec);
    if (t.kind != MixerKind::none) vec += d(m.mixer_norms) * norm_vector(m, dm);
    mixer += d(t.count) * mat;
    p.vectors += d(t.count) * vec;
  }
  const double matrices_per_mlp = mlp_matrices(m);
  for (const FfnType& t : m.ffns) {
    if (t.kind == FfnKind::none) continue;
    double vec = d(m.ffn_norms) * norm_vector(m, dm);
    if (t.kind == FfnKind::dense) {
      dense += d(t.count) * matrices_per_mlp * dm * d(t.width);
      if (m.mlp_bias) vec += (m.gated_mlp ? 2 : 1) * d(t.width) + dm;
    } else {
      const MoeShape& e = t.moe;
      const double de = e.latent > 0 ? d(e.latent) : dm;  // the experts' input and output width
      const double expert = matrices_per_mlp * de * d(e.width);
      const double expert_bias = e.expert_bias ? (m.gated_mlp ? 2 : 1) * d(e.width) + de : 0;
      experts += d(t.count) * d(e.experts) * expert;
      dense += d(t.count) * matrices_per_mlp * dm * d(e.shared_width);
      if (e.latent > 0) dense += d(t.count) * 2 * dm * de;  // fc1 and fc2 latent projections
      other += d(t.count) * dm * (d(e.experts) + (e.shared_gate ? 1 : 0));  // router
      vec += d(e.experts) * expert_bias + (e.router_bias ? d(e.experts) : 0);
      p.routed_inactive += d(t.count) * d(e.experts - e.top_k) * (expert + expert_bias);
    }
    p.vectors += d(t.count) * vec;
  }
  p.embedding = embedding_parameter_count(m);
  other += p.embedding + (m.tie_word_embeddings ? 0 : d(m.vocab) * dm);
  p.vectors += norm_vector(m, dm) * d(1 + m.embedding_norms) + (m.lm_head_bias ? d(m.vocab) : 0);
  return p;
}

double parameter_count(const ModelConfig& m) { return count_parameters(m).total(); }

std::string checkpoint_comparison(const ModelConfig& m, bool* apart) {
  if (apart) *apart = false;
  if (!m.checkpoint_parameters || !(*m.checkpoint_parameters > 0)) return {};
  const double counted = parameter_count(m), held = *m.checkpoint_parameters;
  std::string out =
      "counted " + format_parameters(counted) + ", the checkpoint holds " + format_parameters(held);
  const double off = std::fabs(counted - held) / held;
  if (off > 0.005) {
    if (apart) *apart = true;
    out += ", " + format_percent(off) +
           " apart: some part of this model is counted differently from its checkpoint";
  }
  return out;
}

double embedding_parameter_count(const ModelConfig& m) {
  return d(m.vocab + m.position_embeddings) * d(m.hidden);
}

std::string layout_text(const ModelConfig& m) {
  std::string out = std::to_string(m.layers) + " layers";
  if (m.mixers.size() <= 1) return out;
  out += ": ";
  bool first = true;
  for (const MixerType& t : m.mixers) {
    if (!first) out += " + ";
    first = false;
    out += std::to_string(t.count) + " ";
    switch (t.kind) {
      case MixerKind::full:
        out += m.mla ? "MLA" : "full attention";
        break;
      case MixerKind::sliding:
        out += "sliding " + std::to_string(t.window);
        break;
      case MixerKind::chunked:
        out += "chunked " + std::to_string(t.window);
        break;
      case MixerKind::linear:
        out += "linear";
        break;
      case MixerKind::mamba:
        out += "Mamba";
        break;
      case MixerKind::conv:
        out += "short conv";
        break;
      case MixerKind::none:
        out += "feed-forward only";
        break;
    }
    if (is_attention(t.kind) && (t.own.heads > 0 || t.own.kv_heads > 0)) {  // Step-3.5, MiMo-V2
      const AttentionDims a = attention_dims(m, t);
      out += " (" + std::to_string(a.heads) + " heads, " + std::to_string(a.kv_heads) + " KV)";
    }
  }
  return out;
}

void set_uniform_layout(ModelConfig& m, int64_t layers, int64_t ffn_width, const MixerType& mixer) {
  m.layers = layers;
  m.mixers = {MixerType{mixer.kind, mixer.window, layers, mixer.own}};
  m.ffns = {FfnType::dense(ffn_width, layers)};
}

const FfnType* find_ffn(const ModelConfig& m, FfnKind kind) {
  for (const FfnType& t : m.ffns) {
    if (t.kind == kind) return &t;
  }
  return nullptr;
}

int64_t ffn_layers(const ModelConfig& m, FfnKind kind) {
  int64_t n = 0;
  for (const FfnType& t : m.ffns) n += t.kind == kind ? t.count : 0;
  return n;
}

int64_t mixer_layers(const ModelConfig& m, MixerKind kind) {
  int64_t n = 0;
  for (const MixerType& t : m.mixers) n += t.kind == kind ? t.count : 0;
  return n;
}

// [SECTION] Validation

namespace {

// Every shape integer stays at or below this, so no product of two of them overflows 64 bits.
constexpr int64_t kMaxShape = kMaxModelShape;

std::string in_range(std::string_view key, int64_t v, int64_t min = 1) {
  if (v >= min && v <= kMaxShape) return {};
  return std::string(key) + ": expected " +
         (min == 1 ? std::string("a positive integer") : "an integer from " + std::to_string(min)) +
         " up to " + std::to_string(kMaxShape) + ", got " + std::to_string(v);
}

std::string first_error(std::initializer_list<std::pair<std::string_view, int64_t>> fields,
                        int64_t min = 1) {
  for (auto [key, v] : fields) {
    if (std::string e = in_range(key, v, min); !e.empty()) return e;
  }
  return {};
}

std::string validate_attention(const ModelConfig& m, const MixerType& t) {
  if (auto e = first_error({{"num_attention_heads", m.heads},
                            {"num_key_value_heads", m.kv_heads},
                            {"head_dim", m.head_dim}});
      !e.empty())
    return e;
  if (auto e = first_error({{"v_head_dim", m.v_head_dim},
                            {"the layer type's heads", t.own.heads},
                            {"the layer type's KV heads", t.own.kv_heads},
                            {"the layer type's head_dim", t.own.head_dim},
                            {"the layer type's v_head_dim", t.own.v_head_dim},
                            {"the layer type's qk norm width", t.own.qk_norm_width.value_or(0)}},
                           0);
      !e.empty())
    return e;
  const AttentionDims dims = attention_dims(m, t);
  if (dims.heads % dims.kv_heads != 0) {
    return "num_attention_heads (" + std::to_string(dims.heads) +
           ") must be divisible by num_key_value_heads (" + std::to_string(dims.kv_heads) + ")" +
           (dims.heads != m.heads || dims.kv_heads != m.kv_heads
                ? " in the " + std::string(to_string(t.kind)) + " layers"
                : "");
  }
  if (auto e = in_range("qk norm width", m.attention.qk_norm_width, 0); !e.empty()) return e;
  if (m.mla) {
    const MlaConfig& a = *m.mla;
    if (a.q_lora_rank) {
      if (auto e = in_range("q_lora_rank", *a.q_lora_rank); !e.empty()) return e;
    }
    if (auto e = first_error({{"kv_lora_rank", a.kv_lora_rank},
                              {"qk_nope_head_dim", a.qk_nope_head_dim},
                              {"v_head_dim", a.v_head_dim}});
        !e.empty())
      return e;
    if (auto e = in_range("qk_rope_head_dim", a.qk_rope_head_dim, 0); !e.empty()) return e;
  }
  if (m.indexer) {
    const IndexerConfig& i = *m.indexer;
    return first_error(
        {{"index_n_heads", i.heads}, {"index_head_dim", i.head_dim}, {"index_topk", i.top_k}});
  }
  return {};
}

std::string validate_mixer(const ModelConfig& m, const MixerType& t) {
  if (auto e = in_range("layer count", t.count); !e.empty()) return e;
  switch (t.kind) {
    case MixerKind::full:
      return validate_attention(m, t);
    case MixerKind::sliding:
      if (auto e = in_range("sliding_window", t.window); !e.empty()) return e;
      return validate_attention(m, t);
    case MixerKind::chunked:
      if (auto e = in_range("attention_chunk_size", t.window); !e.empty()) return e;
      return validate_attention(m, t);
    case MixerKind::linear:
      if (!m.linear)
        return "linear_attention layers need the linear_* keys (linear_num_key_heads, ...)";
      if (m.linear->variant == LinearVariant::lightning) {  // no convolution
        return first_error(
            {{"num_attention_heads", m.linear->value_heads}, {"head_dim", m.linear->value_dim}});
      }
      return first_error({{"linear_num_key_heads", m.linear->key_heads},
                          {"linear_num_value_heads", m.linear->value_heads},
                          {"linear_key_head_dim", m.linear->key_dim},
                          {"linear_value_head_dim", m.linear->value_dim},
                          {"linear_conv_kernel_dim", m.linear->conv_kernel}});
    case MixerKind::mamba:
      if (!m.mamba) return "Mamba layers need the mamba_* keys (mamba_num_heads, ...)";
      return first_error({{"mamba_num_heads", m.mamba->heads},
                          {"mamba_head_dim", m.mamba->head_dim},
                          {"ssm_state_size", m.mamba->state_size},
                          {"n_groups", m.mamba->groups},
                          {"conv_kernel", m.mamba->conv_kernel}});
    case MixerKind::conv:
      if (!m.short_conv) return "short convolution layers need conv_L_cache";
      return in_range("conv_L_cache", m.short_conv->kernel);
    case MixerKind::none:
      return {};
  }
  return {};
}

std::string validate_ffn(const FfnType& t) {
  if (auto e = in_range("layer count", t.count); !e.empty()) return e;
  if (t.kind == FfnKind::dense) return in_range("intermediate_size", t.width);
  if (t.kind == FfnKind::none) return {};
  const MoeShape& e = t.moe;
  if (auto err = first_error({{"num_experts", e.experts},
                              {"num_experts_per_tok", e.top_k},
                              {"moe_intermediate_size", e.width}});
      !err.empty())
    return err;
  if (e.top_k > e.experts) {
    return "num_experts_per_tok (" + std::to_string(e.top_k) +
           ") must not exceed the number of experts (" + std::to_string(e.experts) + ")";
  }
  if (auto err = in_range("moe_latent_size", e.latent, 0); !err.empty()) return err;
  return in_range("shared expert width", e.shared_width, 0);
}

}  // namespace

static std::string model_problem(const ModelConfig& m) {
  if (auto e = first_error(
          {{"num_hidden_layers", m.layers}, {"hidden_size", m.hidden}, {"vocab_size", m.vocab}});
      !e.empty())
    return e;
  if (auto e = first_error({{"position embeddings", m.position_embeddings},
                            {"mixer norms", m.mixer_norms},
                            {"feed-forward norms", m.ffn_norms},
                            {"embedding norms", m.embedding_norms}},
                           0);
      !e.empty())
    return e;
  if (m.mixers.empty() || m.ffns.empty()) return "num_hidden_layers: the layer layout is empty";
  int64_t mixers = 0, ffns = 0;
  for (const MixerType& t : m.mixers) {
    if (std::string e = validate_mixer(m, t); !e.empty()) return e;
    mixers += t.count;
  }
  for (const FfnType& t : m.ffns) {
    if (std::string e = validate_ffn(t); !e.empty()) return e;
    ffns += t.count;
  }
  if (mixers != m.layers || ffns != m.layers) {
    return "num_hidden_layers (" + std::to_string(m.layers) + ") differs from the layer layout (" +
           std::to_string(mixers) + " mixers, " + std::to_string(ffns) + " feed-forwards)";
  }
  return {};
}

Status validate(const ModelConfig& m) { return Status::from_message(model_problem(m)); }

}  // namespace roofline
