#include "operators.h"

#include <cmath>
#include <string_view>

namespace roofline {

namespace {

double d(int64_t v) { return static_cast<double>(v); }

// Sizes of the step shared by every operator builder.
struct Step {
  // Sequences and tokens of one data-parallel rank (the busiest: ⌈batch/dp⌉; B·q in decode, B·T
  // in prefill): what attention, dense layers and the output see.
  double B, M;
  // Tokens of every rank together, which the routed experts serve (M with dp 1), and the busiest
  // GPU's routed tokens over the mean (moe_imbalance under expert parallelism, else 1).
  double M_all, imbalance;
  double S;  // decode: context length; prefill: prompt length T
  bool decode;
  double ba, bkv, bstate;  // activations, KV cache, recurrent state
  double bw[static_cast<size_t>(WeightGroup::count)];
  bool flash, fuse;

  double weight(WeightGroup g) const { return bw[static_cast<size_t>(g)]; }
};

// Bias vectors, SSM scalars and convolution filters are 16-bit whatever the weights are.
constexpr double kVectorBytes = 2;

// A matmul: `rows` token-rows through `heads` K x N weights of group `group`, read
// `copies` times (MoE: experts touched), with an N-wide bias when `bias`.
struct Matmul {
  std::string_view name;
  WeightGroup group = WeightGroup::mixer;
  double rows = 0, K = 0, N = 0;
  double b_out = 0;  // 0: the activations' precision
  double heads = 1, copies = 1;
  bool bias = false;
};

class OpList {
 public:
  OpList(const Step& st, std::vector<OpCost>& ops) : st_(st), ops_(ops) {}

  void set_layer_type(int16_t t, int64_t count) {
    type_ = t;
    count_ = count;
  }

  void fc(const Matmul& mm) { push(make_fc(mm)); }

  // The ops pushed until it is set back run whole on every GPU (OpCost::replicated).
  void set_replicated(bool r) { replicated_ = r; }
  // The ops pushed until it is set back are the routed experts' (OpCost::expert_group): sized
  // for every rank's tokens, spread over all tp × dp GPUs.
  void set_expert_group(bool g) { expert_group_ = g; }

  // fc whose output goes straight into the KV cache (k_proj, v_proj, kv_a_proj, indexer_k).
  void fc_to_cache(Matmul mm) {
    mm.b_out = st_.bkv;
    OpCost op = make_fc(mm);
    op.kv_bytes = mm.rows * mm.N * st_.bkv;
    push(op);
  }

  // `weight_bytes` of `bytes` are weights (a norm's 16-bit scale vector).
  void elementwise(std::string_view name, double flops, double bytes, double weight_bytes = 0,
                   OpClass op_class = OpClass::elementwise) {
    OpCost op{.name = name, .kind = OpKind::elementwise};
    op.op_class = op_class;
    op.flops = flops;
    op.bytes = st_.fuse ? 0 : bytes;  // fused: reads and writes ride in the matmul epilogues
    op.weight_bytes = st_.fuse ? 0 : weight_bytes;
    push(op);
  }

  // A d-wide norm (RMSNorm: 4 FLOPs an element; LayerNorm's bias adds one more).
  void norm(std::string_view name, double rows, double width, bool layer_norm) {
    const double vectors = (layer_norm ? 2 : 1) * width * kVectorBytes;
    elementwise(name, (layer_norm ? 5 : 4) * rows * width, 2 * rows * width * st_.ba + vectors,
                vectors, OpClass::norm);
  }

  void attention(std::string_view name, double flops, double bytes, double kv,
                 double weight_bytes = 0, OpClass op_class = OpClass::attention) {
    OpCost op{.name = name, .kind = OpKind::attention};
    op.flops = flops;
    op.bytes = bytes;
    op.kv_bytes = kv;
    op.weight_bytes = weight_bytes;
    op.op_class = op_class;
    push(op);
  }

  // A decode attention op read over `keys` keys, at `per_key` FLOPs and bytes a key (its
  // constant part is the rest of `flops` and `bytes`), `kv_per_key` of them KV cache.
  void decode_attention(std::string_view name, double keys, double flops_per_key,
                        double bytes_per_key, double flops, double bytes, double kv,
                        double kv_per_key) {
    OpCost op{.name = name, .kind = OpKind::attention};
    op.flops = flops;
    op.bytes = bytes;
    op.kv_bytes = kv;
    op.op_class = OpClass::attention;
    op.keys = keys;
    op.flops_per_key = flops_per_key;
    op.bytes_per_key = bytes_per_key;
    op.kv_bytes_per_key = kv_per_key;
    push(op);
  }

 private:
  OpCost make_fc(const Matmul& mm) const {
    OpCost op{.name = mm.name, .kind = OpKind::fc};
    op.group = mm.group;
    op.op_class = mm.group == WeightGroup::experts ? OpClass::experts : OpClass::gemm;
    const double b_out = mm.b_out > 0 ? mm.b_out : st_.ba;
    op.flops = 2 * mm.rows * mm.K * mm.N * mm.heads;
    op.weight_bytes = mm.copies * mm.heads *
                      (mm.K * mm.N * st_.weight(mm.group) + (mm.bias ? mm.N * kVectorBytes : 0));
    op.bytes = op.weight_bytes + mm.rows * mm.heads * (mm.K * st_.ba + mm.N * b_out);
    return op;
  }

  void push(OpCost op) {
    op.count = count_;
    op.layer_type = type_;
    op.replicated = replicated_;
    op.expert_group = expert_group_;
    const double c = d(count_);
    op.flops *= c;
    op.bytes *= c;
    op.weight_bytes *= c;
    op.kv_bytes *= c;
    op.flops_per_key *= c;
    op.bytes_per_key *= c;
    op.kv_bytes_per_key *= c;
    ops_.push_back(op);
  }

  const Step& st_;
  std::vector<OpCost>& ops_;
  int16_t type_ = 0;
  int64_t count_ = 0;
  bool replicated_ = false;
  bool expert_group_ = false;
};

// Attention over H query heads and Hkv key/value heads with query/key width dqk and value
// width dv (§2; MLA §4 maps onto it). K and V are read at bk / bv bytes; `latent` means V is
// the same cached tensor as K (MLA absorbed decode), so it is read once. Each decode query sees
// `keys` cached tokens; a prompt attends over `pairs` query-key pairs per sequence.
struct AttentionShape {
  double H, Hkv, dqk, dv, bk, bv;
  bool latent = false;
  bool from_cache = true;  // K and V are KV-cache entries (false: expanded activations)
};

void append_attention(const Step& st, const AttentionShape& a, double keys, double pairs,
                      OpList& out) {
  const double B = st.B, M = st.M, ba = st.ba, H = a.H;
  if (st.decode) {
    // B sequences each read their cache once for their M / B query tokens (1, or the k + 1 a
    // speculative verify step checks).
    const double k_read = B * keys * a.Hkv * a.dqk * a.bk;
    const double v_read = a.latent ? 0 : B * keys * a.Hkv * a.dv * a.bv;
    const double q_read = M * H * a.dqk * ba, o_write = M * H * a.dv * ba;
    const double scores = M * H * keys;
    // Per key: the K (and V) entries read, the scores written and read back.
    const double k_key = B * a.Hkv * a.dqk * a.bk, v_key = B * a.Hkv * a.dv * a.bv;
    if (st.flash) {
      const double kv_key = k_key + (a.latent ? 0 : v_key);
      out.decode_attention("attention", keys, M * H * (2 * a.dqk + 2 * a.dv + 5), kv_key,
                           scores * (2 * a.dqk + 2 * a.dv + 5), k_read + v_read + q_read + o_write,
                           k_read + v_read, kv_key);
    } else {
      const double sv_kv = B * keys * a.Hkv * a.dv * a.bv;
      out.decode_attention("qk", keys, 2 * M * H * a.dqk, k_key + M * H * ba, 2 * scores * a.dqk,
                           q_read + k_read + scores * ba, k_read, k_key);
      out.decode_attention("softmax", keys, 5 * M * H, 2 * M * H * ba, 5 * scores, 2 * scores * ba,
                           0, 0);
      out.decode_attention("sv", keys, 2 * M * H * a.dv, M * H * ba + v_key, 2 * scores * a.dv,
                           scores * ba + sv_kv + o_write, sv_kv, v_key);
    }
    return;
  }
  const double T = st.S;
  const double k_read = M * a.Hkv * a.dqk * a.bk, v_read = M * a.Hkv * a.dv * a.bv;
  const double q_read = M * H * a.dqk * ba, o_write = M * H * a.dv * ba;
  const double kv_k = a.from_cache ? k_read : 0, kv_v = a.from_cache ? v_read : 0;
  if (st.flash) {
    out.attention("attention", B * H * pairs * (2 * a.dqk + 2 * a.dv + 5),
                  q_read + o_write + k_read + v_read, kv_k + kv_v);
  } else {
    // Unfused kernels compute the whole T x T matrix and mask it: windows save nothing here.
    const double scores = B * H * T * T;
    out.attention("qk", 2 * scores * a.dqk, q_read + k_read + scores * ba, kv_k);
    out.attention("softmax", 5 * scores, 2 * scores * ba, 0);
    out.attention("sv", 2 * scores * a.dv, scores * ba + v_read + o_write, kv_v);
  }
}

// The sparse-attention indexer (DeepSeek-V3.2): its projections, then one score per cached
// token per index head (2·di FLOPs, ReLU and the head weight), summed over heads and written
// for the top-k selection. Serving engines run it whole on every GPU (vLLM's and SGLang's
// Indexer: ReplicatedLinear projections, all index heads, the whole index cache).
void append_indexer(const Scenario& s, const Step& st, double pairs, OpList& out) {
  const ModelConfig& m = s.model;
  const IndexerConfig& ix = *m.indexer;
  const double dm = d(m.hidden), Hi = d(ix.heads), di = d(ix.head_dim), M = st.M;
  const double q_in = m.mla && m.mla->q_lora_rank ? d(*m.mla->q_lora_rank) : dm;
  out.set_replicated(true);
  out.fc({.name = "indexer_q", .rows = M, .K = q_in, .N = Hi * di});
  out.fc_to_cache({.name = "indexer_k", .rows = M, .K = dm, .N = di});
  out.fc({.name = "indexer_weights", .rows = M, .K = dm, .N = Hi});
  const double per_pair = Hi * (2 * di + 2);
  if (st.decode) {
    const double keys = st.B * st.S * di * st.bkv;
    out.decode_attention("indexer", st.S, M * per_pair, st.B * di * st.bkv + M * st.ba,
                         M * st.S * per_pair, keys + M * Hi * di * st.ba + M * st.S * st.ba, keys,
                         st.B * di * st.bkv);
  } else {
    out.attention("indexer", st.B * pairs * per_pair,
                  M * Hi * di * st.ba + M * di * st.bkv + st.B * pairs * st.ba, 0);
  }
  out.set_replicated(false);
}

void append_standard_attention(const Scenario& s, const Step& st, const MixerType& t, double keys,
                               double pairs, OpList& out) {
  const ModelConfig& m = s.model;
  const AttentionExtras& x = m.attention;
  const AttentionDims a = attention_dims(m, t);
  const double M = st.M, dm = d(m.hidden), H = d(a.heads), dh = d(a.head_dim), dv = d(a.v_head_dim);
  out.fc({.name = "q_proj",
          .rows = M,
          .K = dm,
          .N = H * dh * (x.output_gate ? 2 : 1),
          .bias = x.qkv_bias});
  out.fc_to_cache(
      {.name = "k_proj", .rows = M, .K = dm, .N = d(a.kv_heads) * dh, .bias = x.qkv_bias});
  out.fc_to_cache(
      {.name = "v_proj", .rows = M, .K = dm, .N = d(a.kv_heads) * dv, .bias = x.qkv_bias});
  if (x.head_gate) out.fc({.name = "g_proj", .rows = M, .K = dm, .N = H});
  append_attention(st, {H, d(a.kv_heads), dh, dv, st.bkv, st.bkv}, keys, pairs, out);
  out.fc({.name = "o_proj", .rows = M, .K = H * dv, .N = dm, .bias = x.o_bias});
}

void append_mla_attention(const Scenario& s, const Step& st, const MixerType& t, double keys,
                          double pairs, OpList& out) {
  const ModelConfig& m = s.model;
  const MlaConfig& a = *m.mla;
  const double M = st.M, dm = d(m.hidden), H = d(attention_dims(m, t).heads);
  const double nope = d(a.qk_nope_head_dim), rope = d(a.qk_rope_head_dim), rkv = d(a.kv_lora_rank),
               dv = d(a.v_head_dim);
  if (a.q_lora_rank) {
    // Replicated under tp (vLLM fuses it with kv_a_proj into one unsplit GEMM).
    out.set_replicated(true);
    out.fc({.name = "q_a_proj", .rows = M, .K = dm, .N = d(*a.q_lora_rank)});
    out.set_replicated(false);
    out.fc({.name = "q_b_proj", .rows = M, .K = d(*a.q_lora_rank), .N = H * (nope + rope)});
  } else {
    out.fc({.name = "q_proj", .rows = M, .K = dm, .N = H * (nope + rope)});
  }
  out.fc_to_cache({.name = "kv_a_proj", .rows = M, .K = dm, .N = rkv + rope});
  if (st.decode) {
    // Absorbed form: queries move into the latent space, attention runs over the latent cache
    // shared by all heads, and the output leaves it through the value half of kv_b.
    out.fc({.name = "q_absorb", .rows = st.M, .K = nope, .N = rkv, .heads = H});
    append_attention(st, {H, 1, rkv + rope, rkv, st.bkv, st.bkv, true, true}, keys, pairs, out);
    out.fc({.name = "o_absorb", .rows = st.M, .K = rkv, .N = dv, .heads = H});
  } else {
    out.fc({.name = "kv_b_proj", .rows = M, .K = rkv, .N = H * (nope + dv)});
    append_attention(st, {H, H, nope + rope, dv, st.ba, st.ba, false, false}, keys, pairs, out);
  }
  out.fc({.name = "o_proj", .rows = M, .K = H * dv, .N = dm, .bias = m.attention.o_bias});
}

// A recurrent mixer (Gated DeltaNet, Mamba-2) between its input and output projections: a short
// causal convolution over `conv_dim` channels, then a recurrence over a fixed state per
// sequence. Decode reads and writes both states once; a prompt runs the chunked form and writes
// the final states. FLOPs per token: the convolution's 2·conv_dim·K and `state_flops` per
// state element.
struct Recurrence {
  std::string_view name;
  double state;                // recurrent state elements per sequence
  double conv_dim, kernel;     // convolution channels and taps
  double in_width, out_width;  // activation elements read and written per token
  double state_flops;          // FLOPs per state element per token
};

void append_recurrence(const Step& st, const Recurrence& r, OpList& out) {
  const double conv_state = r.conv_dim * (r.kernel - 1);
  const double filters = r.conv_dim * r.kernel * kVectorBytes;
  const double flops = st.M * (r.state_flops * r.state + 2 * r.conv_dim * r.kernel);
  const double io = st.M * (r.in_width + r.out_width) * st.ba;
  const double states = st.B * (r.state * st.bstate + conv_state * st.ba);
  // Decode reads and writes every state; a prompt starts from none and writes the last.
  out.attention(r.name, flops, io + filters + (st.decode ? 2 : 1) * states, 0, filters,
                OpClass::recurrence);
}

void append_linear_attention(const Scenario& s, const Step& st, OpList& out) {
  const ModelConfig& m = s.model;
  const LinearAttentionConfig& a = *m.linear;
  const double dm = d(m.hidden), key = d(a.key_heads * a.key_dim),
               value = d(a.value_heads * a.value_dim), Hv = d(a.value_heads);
  if (a.variant == LinearVariant::lightning) {
    // MiniMax's lightning attention: q, k, v and the output gate in, a decayed k·vᵀ state per
    // head (decay, outer product, read: 5 FLOPs a state element a token), the norm and the gate
    // ride with out_proj.
    out.fc({.name = "qkv_proj", .rows = st.M, .K = dm, .N = 2 * key + value});
    out.fc({.name = "output_gate", .rows = st.M, .K = dm, .N = value});
    const StateElements e = state_elements(m, MixerKind::linear);
    append_recurrence(st, {"linear_attention", e.recurrent, 0, 0, 2 * key + 2 * value, value, 5},
                      out);
    out.fc({.name = "out_proj", .rows = st.M, .K = value, .N = dm});
    return;
  }
  out.fc({.name = "in_proj_qkvz", .rows = st.M, .K = dm, .N = 2 * key + 2 * value});
  out.fc({.name = "in_proj_ba", .rows = st.M, .K = dm, .N = 2 * Hv});
  const StateElements e = state_elements(m, MixerKind::linear);
  // q, k, v through the convolution, z and the two gates into the recurrence and its norm.
  append_recurrence(st,
                    {"linear_attention", e.recurrent, 2 * key + value, d(a.conv_kernel),
                     2 * key + 2 * value + 2 * Hv, value, 7},
                    out);
  out.fc({.name = "out_proj", .rows = st.M, .K = value, .N = dm});
}

void append_mamba(const Scenario& s, const Step& st, OpList& out) {
  const ModelConfig& m = s.model;
  const MambaConfig& a = *m.mamba;
  const double dm = d(m.hidden), inner = d(a.heads * a.head_dim),
               groups = d(a.groups * a.state_size), nh = d(a.heads);
  out.fc({.name = "in_proj",
          .rows = st.M,
          .K = dm,
          .N = 2 * inner + 2 * groups + nh,
          .bias = a.proj_bias});
  const StateElements e = state_elements(m, MixerKind::mamba);
  append_recurrence(st,
                    {"mamba", e.recurrent, inner + 2 * groups, d(a.conv_kernel),
                     2 * inner + 2 * groups + nh, inner, 6},
                    out);
  out.fc({.name = "out_proj", .rows = st.M, .K = inner, .N = dm, .bias = a.proj_bias});
}

// LFM2's gated short convolution: in_proj to B, C and x, the depthwise convolution of B·x over
// the last Kc inputs (its state), C times the result, out_proj.
void append_short_conv(const Scenario& s, const Step& st, OpList& out) {
  const ModelConfig& m = s.model;
  const ShortConvConfig& c = *m.short_conv;
  const double dm = d(m.hidden);
  out.fc({.name = "in_proj", .rows = st.M, .K = dm, .N = 3 * dm, .bias = c.bias});
  append_recurrence(st, {"short_conv", 0, dm, d(c.kernel), 3 * dm, dm, 0}, out);
  out.fc({.name = "out_proj", .rows = st.M, .K = dm, .N = dm, .bias = c.bias});
}

// One MLP of width `width` over `rows` token-rows; `copies` of its weights are read.
void append_mlp(const Scenario& s, std::string_view gate, std::string_view up,
                std::string_view down, WeightGroup group, double rows, double width, double copies,
                bool bias, OpList& out, double input_width = 0) {
  const double dm = input_width > 0 ? input_width : d(s.model.hidden);
  Matmul in{.name = up,
            .group = group,
            .rows = rows,
            .K = dm,
            .N = width,
            .copies = copies,
            .bias = bias};
  if (s.model.gated_mlp) {
    Matmul gate_mm = in;
    gate_mm.name = gate;
    out.fc(gate_mm);
  }
  out.fc(in);
  Matmul out_mm = in;
  out_mm.name = down;
  out_mm.K = width;
  out_mm.N = dm;
  out.fc(out_mm);
}

// FLOPs and tensors per element of the MLP's activation: silu(gate)·up (and GeGLU) 5 and 3;
// gelu(up) 8 and 2; relu²(up) 2 and 2; relu(up) 1 and 2.
struct ActivationCost {
  double flops, tensors;
};
ActivationCost activation_cost(const ModelConfig& m) {
  if (m.gated_mlp) return {5, 3};
  if (m.hidden_act == "relu2") return {2, 2};
  if (m.hidden_act == "relu" || m.hidden_act == "relu6" || m.hidden_act == "leaky_relu")
    return {1, 2};
  return {8, 2};
}

std::string label_of(const ModelConfig& m, const MixerType& t) {
  switch (t.kind) {
    case MixerKind::full:
      return m.mla ? (m.indexer ? "sparse MLA" : "MLA") : "full attention";
    case MixerKind::sliding:
      return "sliding " + std::to_string(t.window);
    case MixerKind::chunked:
      return "chunked " + std::to_string(t.window);
    case MixerKind::linear:
      return "linear attention";
    case MixerKind::mamba:
      return "mamba";
    case MixerKind::conv:
      return "short conv";
    case MixerKind::none:
      return "no mixer";
  }
  return {};
}

std::string label_of(const FfnType& t) {
  switch (t.kind) {
    case FfnKind::dense:
      return "dense MLP " + std::to_string(t.width);
    case FfnKind::moe:
      return "MoE " + std::to_string(t.moe.experts) + " experts, top " +
             std::to_string(t.moe.top_k);
    case FfnKind::none:
      return "no feed-forward";
  }
  return {};
}

void append_mixer(const Scenario& s, const Step& st, const MixerType& t, OpList& out) {
  const ModelConfig& m = s.model;
  const double M = st.M, dm = d(m.hidden), ba = st.ba;
  const bool layer_norm = m.norm == NormKind::layer;
  out.norm("attn_norm", M, dm, layer_norm);
  if (is_attention(t.kind)) {
    const int64_t top_k = m.indexer ? m.indexer->top_k : 0;
    const double keys = attended_tokens(st.S, t, top_k);
    const double pairs = st.decode ? 0 : causal_pairs(st.S, t, top_k);
    if (m.indexer) {
      const MixerType full{MixerKind::full, 0, t.count, t.own};
      append_indexer(s, st, st.decode ? 0 : causal_pairs(st.S, full, 0), out);
    }
    if (m.mla) {
      append_mla_attention(s, st, t, keys, pairs, out);
    } else {
      append_standard_attention(s, st, t, keys, pairs, out);
    }
  } else if (t.kind == MixerKind::linear) {
    append_linear_attention(s, st, out);
  } else if (t.kind == MixerKind::conv) {
    append_short_conv(s, st, out);
  } else {
    append_mamba(s, st, out);
  }
  if (m.mixer_norms > 1) out.norm("post_attn_norm", M, dm, layer_norm);
  out.elementwise("attn_residual", M * dm, 3 * M * dm * ba);
}

void append_ffn(const Scenario& s, const Step& st, const FfnType& t, OpList& out) {
  const ModelConfig& m = s.model;
  const double M = st.M, dm = d(m.hidden), ba = st.ba;
  const bool layer_norm = m.norm == NormKind::layer;
  if (m.ffn_norms > 0) out.norm("mlp_norm", M, dm, layer_norm);
  const ActivationCost act = activation_cost(m);
  if (t.kind == FfnKind::dense) {
    const double dff = d(t.width);
    append_mlp(s, "gate_proj", "up_proj", "down_proj", WeightGroup::dense, M, dff, 1, m.mlp_bias,
               out);
    out.elementwise("act", act.flops * M * dff, act.tensors * M * dff * ba);
  } else {
    const MoeShape& e = t.moe;
    const double E = d(e.experts), k = d(e.top_k), dffe = d(e.width);
    // Every rank's tokens reach the experts; the busiest GPU takes `imbalance` of its share.
    const double touched = expected_experts_touched(E, k, st.M_all);
    const double routed = st.M_all * k * st.imbalance;
    // The router runs whole on every GPU (vLLM's and SGLang's ReplicatedLinear gate).
    out.set_replicated(true);
    out.fc({.name = "router",
            .group = WeightGroup::other,
            .rows = M,
            .K = dm,
            .N = E + (e.shared_gate ? 1 : 0),
            .bias = e.router_bias});
    out.set_replicated(false);
    const double de = e.latent > 0 ? d(e.latent) : dm;
    if (e.latent > 0) {  // Nemotron-3: tokens go to the experts' latent width and back
      out.fc({.name = "latent_down", .group = WeightGroup::dense, .rows = M, .K = dm, .N = de});
    }
    out.set_expert_group(true);
    append_mlp(s, "expert_gate", "expert_up", "expert_down", WeightGroup::experts, routed, dffe,
               touched, e.expert_bias, out, de);
    out.set_expert_group(false);
    if (e.latent > 0) {
      out.fc({.name = "latent_up", .group = WeightGroup::dense, .rows = M, .K = de, .N = dm});
    }
    const double shared = d(e.shared_width);
    if (shared > 0) {
      append_mlp(s, "shared_gate", "shared_up", "shared_down", WeightGroup::dense, M, shared, 1,
                 false, out);
    }
    // Over the experts' GPUs: the routed rows, and each rank's shared-expert rows (dp·M split
    // tp × dp ways is one rank's M split tp ways).
    const double act_elems = routed * dffe + d(s.dp) * M * shared;
    out.set_expert_group(true);
    out.elementwise("expert_act", act.flops * act_elems, act.tensors * act_elems * ba);
    out.set_expert_group(false);
  }
  if (m.ffn_norms > 1) out.norm("post_mlp_norm", M, dm, layer_norm);
  out.elementwise("mlp_residual", M * dm, 3 * M * dm * ba);
}

}  // namespace

double expected_experts_touched(double experts, double per_token, double tokens) {
  return experts * (1 - std::pow(1 - per_token / experts, tokens));
}

double causal_pairs(double prompt, const MixerType& t, int64_t sparse_top_k) {
  const double T = prompt;
  auto limited = [T](double W) { return T <= W ? T * (T + 1) / 2 : W * (W + 1) / 2 + (T - W) * W; };
  switch (t.kind) {
    case MixerKind::sliding:
      return limited(d(t.window));
    case MixerKind::chunked: {
      const double C = d(t.window), chunks = std::floor(T / C), rest = T - chunks * C;
      return chunks * C * (C + 1) / 2 + rest * (rest + 1) / 2;
    }
    default:
      return sparse_top_k > 0 ? limited(d(sparse_top_k)) : T * (T + 1) / 2;
  }
}

double attended_tokens(double context, const MixerType& t, int64_t sparse_top_k) {
  switch (t.kind) {
    case MixerKind::sliding:
      return std::min(context, d(t.window));
    case MixerKind::chunked:
      return std::fmod(context - 1, d(t.window)) + 1;
    default:
      return sparse_top_k > 0 ? std::min(context, d(sparse_top_k)) : context;
  }
}

void append_operators(const Scenario& s, std::vector<OpCost>& ops,
                      std::vector<LayerTypeInfo>& types) {
  const ModelConfig& m = s.model;
  const bool decode = s.phase == Phase::decode;
  const double B = d(rank_batch(s)), S = d(s.seq);
  // A speculative verify step checks the k drafted tokens and one more for each sequence.
  const double q = decode ? d(query_tokens(s)) : 1;
  const WeightFormats formats = weight_formats(s);
  Step st{.B = B,
          .M = decode ? B * q : B * S,
          .M_all = d(s.batch) * (decode ? q : S),
          .imbalance = expert_parallel(s) ? s.moe_imbalance : 1,
          .S = S,
          .decode = decode,
          .ba = bytes_per_element(s.activations),
          .bkv = bytes_per_element(s.kv),
          .bstate = bytes_per_element(m.state_precision.value_or(s.activations)),
          .bw = {},
          .flash = s.flash_attention,
          .fuse = s.fuse_elementwise};
  for (size_t g = 0; g < static_cast<size_t>(WeightGroup::count); ++g)
    st.bw[g] = formats.group[g].bytes();
  OpList out(st, ops);
  auto type = [&](LayerPart part, std::string_view kind, std::string label, int64_t count,
                  int64_t window, size_t index) {
    types.push_back({part, kind, std::move(label), count, window, static_cast<int16_t>(index)});
    out.set_layer_type(static_cast<int16_t>(types.size() - 1), count);
  };

  for (size_t i = 0; i < m.mixers.size(); ++i) {
    const MixerType& t = m.mixers[i];
    if (t.kind == MixerKind::none) continue;
    const std::string_view kind = t.kind == MixerKind::full && m.mla ? "mla" : to_string(t.kind);
    type(LayerPart::mixer, kind, label_of(m, t), t.count, t.window, i);
    append_mixer(s, st, t, out);
  }
  for (size_t i = 0; i < m.ffns.size(); ++i) {
    const FfnType& t = m.ffns[i];
    if (t.kind == FfnKind::none) continue;
    type(LayerPart::ffn, to_string(t.kind), label_of(t), t.count, 0, i);
    append_ffn(s, st, t, out);
  }

  // Once per step, on the last token of each sequence only (each verified token in decode).
  type(LayerPart::output, "output", "output", 1, 0, static_cast<size_t>(-1));
  const double dm = d(m.hidden), rows = decode ? st.M : B;
  out.norm("final_norm", rows, dm, m.norm == NormKind::layer);
  out.fc({.name = "lm_head",
          .group = WeightGroup::other,
          .rows = rows,
          .K = dm,
          .N = d(m.vocab),
          .bias = m.lm_head_bias});
}

}  // namespace roofline
