#include "operators.h"

#include <cmath>
#include <string_view>

namespace roofline {

namespace {

double d(int64_t v) { return static_cast<double>(v); }

// Sizes of the step shared by every operator builder.
struct Step {
  double B, M;  // sequences; tokens processed this step (B in decode, B*T in prefill)
  double S;     // decode: context length; prefill: prompt length T
  bool decode;
  double bw, ba, bkv;
  bool flash, fuse;
};

class OpList {
 public:
  OpList(const Step& st, std::vector<OpCost>& ops) : st_(st), ops_(ops) {}

  // A matmul of `rows` token-rows through `heads` K x N weights, weights read
  // `weight_copies` times (MoE: experts touched). Output at `b_out` bytes per element.
  void fc(std::string_view name, int64_t count, double rows, double K, double N, double b_out,
          double heads = 1, double weight_copies = 1) {
    if (count > 0) push(make_fc(name, rows, K, N, b_out, heads, weight_copies), count);
  }

  // fc whose output goes straight into the KV cache (k_proj, v_proj, kv_a_proj).
  void fc_to_cache(std::string_view name, int64_t count, double rows, double K, double N) {
    if (count <= 0) return;
    OpCost op = make_fc(name, rows, K, N, st_.bkv, 1, 1);
    op.kv_bytes = rows * N * st_.bkv;
    push(op, count);
  }

  // `weight_bytes` of `bytes` are weights (a norm's 16-bit scale vector).
  void elementwise(std::string_view name, int64_t count, double flops, double bytes,
                   double weight_bytes = 0) {
    if (count <= 0) return;
    OpCost op{.name = name, .kind = OpKind::elementwise};
    op.flops = flops;
    op.bytes = st_.fuse ? 0 : bytes;  // fused: reads and writes ride in the matmul epilogues
    op.weight_bytes = st_.fuse ? 0 : weight_bytes;
    push(op, count);
  }

  void attention(std::string_view name, int64_t count, double flops, double bytes, double kv) {
    OpCost op{.name = name, .kind = OpKind::attention};
    op.flops = flops;
    op.bytes = bytes;
    op.kv_bytes = kv;
    push(op, count);
  }

 private:
  OpCost make_fc(std::string_view name, double rows, double K, double N, double b_out, double heads,
                 double weight_copies) const {
    OpCost op{.name = name, .kind = OpKind::fc};
    op.flops = 2 * rows * K * N * heads;
    op.weight_bytes = weight_copies * heads * K * N * st_.bw;
    op.bytes = op.weight_bytes + rows * heads * K * st_.ba + rows * heads * N * b_out;
    return op;
  }

  void push(OpCost op, int64_t count) {
    op.count = count;
    const double c = d(count);
    op.flops *= c;
    op.bytes *= c;
    op.weight_bytes *= c;
    op.kv_bytes *= c;
    ops_.push_back(op);
  }

  const Step& st_;
  std::vector<OpCost>& ops_;
};

// Attention over H query heads and Hkv key/value heads with query/key width dqk and value
// width dv (spec §4; MLA §6 maps onto it). K and V are read at bk / bv bytes; `latent` means
// V is the same cached tensor as K (MLA absorbed decode), so it is read once.
struct AttentionShape {
  double H, Hkv, dqk, dv, bk, bv;
  bool latent = false;
  bool from_cache = true;  // K and V are KV-cache entries (false: expanded activations)
};

void append_attention(const Step& st, const AttentionShape& a, int64_t L, OpList& out) {
  const double B = st.B, M = st.M, ba = st.ba, H = a.H;
  if (st.decode) {
    const double S = st.S;
    const double k_read = B * S * a.Hkv * a.dqk * a.bk;
    const double v_read = a.latent ? 0 : B * S * a.Hkv * a.dv * a.bv;
    const double q_read = B * H * a.dqk * ba, o_write = B * H * a.dv * ba;
    const double scores = B * H * S;
    if (st.flash) {
      out.attention("attention", L, scores * (2 * a.dqk + 2 * a.dv + 5),
                    k_read + v_read + q_read + o_write, k_read + v_read);
    } else {
      const double sv_kv = B * S * a.Hkv * a.dv * a.bv;
      out.attention("qk", L, 2 * scores * a.dqk, q_read + k_read + scores * ba, k_read);
      out.attention("softmax", L, 5 * scores, 2 * scores * ba, 0);
      out.attention("sv", L, 2 * scores * a.dv, scores * ba + sv_kv + o_write, sv_kv);
    }
    return;
  }
  const double T = st.S;
  const double k_read = M * a.Hkv * a.dqk * a.bk, v_read = M * a.Hkv * a.dv * a.bv;
  const double q_read = M * H * a.dqk * ba, o_write = M * H * a.dv * ba;
  const double kv_k = a.from_cache ? k_read : 0, kv_v = a.from_cache ? v_read : 0;
  if (st.flash) {
    const double pairs = T * (T + 1) / 2;  // causal: masked blocks skipped
    out.attention("attention", L, B * H * pairs * (2 * a.dqk + 2 * a.dv + 5),
                  q_read + o_write + k_read + v_read, kv_k + kv_v);
  } else {
    const double scores = B * H * T * T;  // the full T x T matrix goes through memory
    out.attention("qk", L, 2 * scores * a.dqk, q_read + k_read + scores * ba, kv_k);
    out.attention("softmax", L, 5 * scores, 2 * scores * ba, 0);
    out.attention("sv", L, 2 * scores * a.dv, scores * ba + v_read + o_write, kv_v);
  }
}

void append_standard_attention(const Scenario& s, const Step& st, OpList& out) {
  const ModelConfig& m = s.model;
  const int64_t L = m.layers;
  const double M = st.M, dm = d(m.hidden), q_width = d(m.heads * m.head_dim),
               kv_width = d(m.kv_heads * m.head_dim);
  out.fc("q_proj", L, M, dm, q_width, st.ba);
  out.fc_to_cache("k_proj", L, M, dm, kv_width);
  out.fc_to_cache("v_proj", L, M, dm, kv_width);
  const double dh = d(m.head_dim);
  append_attention(st, {d(m.heads), d(m.kv_heads), dh, dh, st.bkv, st.bkv}, L, out);
  out.fc("o_proj", L, M, q_width, dm, st.ba);
}

void append_mla_attention(const Scenario& s, const Step& st, OpList& out) {
  const ModelConfig& m = s.model;
  const MlaConfig& a = *m.mla;
  const int64_t L = m.layers;
  const double M = st.M, dm = d(m.hidden), H = d(m.heads);
  const double nope = d(a.qk_nope_head_dim), rope = d(a.qk_rope_head_dim), rkv = d(a.kv_lora_rank),
               dv = d(a.v_head_dim);
  if (a.q_lora_rank) {
    out.fc("q_a_proj", L, M, dm, d(*a.q_lora_rank), st.ba);
    out.fc("q_b_proj", L, M, d(*a.q_lora_rank), H * (nope + rope), st.ba);
  } else {
    out.fc("q_proj", L, M, dm, H * (nope + rope), st.ba);
  }
  out.fc_to_cache("kv_a_proj", L, M, dm, rkv + rope);
  if (st.decode) {
    // Absorbed form: queries move into the latent space, attention runs over the latent cache
    // shared by all heads, and the output leaves it through the value half of kv_b.
    out.fc("q_absorb", L, st.B, nope, rkv, st.ba, H);
    append_attention(st, {H, 1, rkv + rope, rkv, st.bkv, st.bkv, true, true}, L, out);
    out.fc("o_absorb", L, st.B, rkv, dv, st.ba, H);
  } else {
    out.fc("kv_b_proj", L, M, rkv, H * (nope + dv), st.ba);
    append_attention(st, {H, H, nope + rope, dv, st.ba, st.ba, false, false}, L, out);
  }
  out.fc("o_proj", L, M, H * dv, dm, st.ba);
}

// One MLP of width `width` over `rows` token-rows; `copies` of its weights are read.
void append_mlp(const Scenario& s, std::string_view gate, std::string_view up,
                std::string_view down, int64_t count, double rows, double width, double copies,
                OpList& out) {
  const double dm = d(s.model.hidden), ba = bytes_per_element(s.activations);
  if (s.model.gated_mlp) out.fc(gate, count, rows, dm, width, ba, 1, copies);
  out.fc(up, count, rows, dm, width, ba, 1, copies);
  out.fc(down, count, rows, width, dm, ba, 1, copies);
}

}  // namespace

double expected_experts_touched(double experts, double per_token, double tokens) {
  return experts * (1 - std::pow(1 - per_token / experts, tokens));
}

void append_operators(const Scenario& s, std::vector<OpCost>& ops) {
  const ModelConfig& m = s.model;
  const bool decode = s.phase == Phase::decode;
  const double B = d(s.batch), S = d(s.seq);
  const Step st{B,
                decode ? B : B * S,
                S,
                decode,
                bytes_per_element(s.weights),
                bytes_per_element(s.activations),
                bytes_per_element(s.kv),
                s.flash_attention,
                s.fuse_elementwise};
  OpList out(st, ops);
  const int64_t L = m.layers;
  const double M = st.M, dm = d(m.hidden), ba = st.ba;

  out.elementwise("attn_norm", L, 4 * M * dm, 2 * M * dm * ba + 2 * dm, 2 * dm);
  if (m.mla) {
    append_mla_attention(s, st, out);
  } else {
    append_standard_attention(s, st, out);
  }
  out.elementwise("attn_residual", L, M * dm, 3 * M * dm * ba);
  out.elementwise("mlp_norm", L, 4 * M * dm, 2 * M * dm * ba + 2 * dm, 2 * dm);

  // silu(gate) * up: 5 FLOPs and 3 tensors per element; gelu(up): 8 FLOPs, 2 tensors.
  const double act_flops = m.gated_mlp ? 5 : 8, act_tensors = m.gated_mlp ? 3 : 2;
  const int64_t moe_layers = m.moe ? L - m.moe->first_dense_layers : 0;
  const int64_t dense_layers = L - moe_layers;
  const double dff = d(m.intermediate);
  if (dense_layers > 0) {
    append_mlp(s, "gate_proj", "up_proj", "down_proj", dense_layers, M, dff, 1, out);
    out.elementwise("act", dense_layers, act_flops * M * dff, act_tensors * M * dff * ba);
  }
  if (m.moe) {
    const MoeConfig& e = *m.moe;
    const double E = d(e.experts), k = d(e.experts_per_token), dffe = d(e.expert_intermediate);
    const double touched = expected_experts_touched(E, k, M);
    out.fc("router", moe_layers, M, dm, E, ba);
    append_mlp(s, "expert_gate", "expert_up", "expert_down", moe_layers, M * k, dffe, touched, out);
    const double shared_width = d(e.shared_experts) * dffe;
    if (e.shared_experts > 0) {
      append_mlp(s, "shared_gate", "shared_up", "shared_down", moe_layers, M, shared_width, 1, out);
    }
    const double act_elems = M * k * dffe + M * shared_width;
    out.elementwise("expert_act", moe_layers, act_flops * act_elems, act_tensors * act_elems * ba);
  }
  out.elementwise("mlp_residual", L, M * dm, 3 * M * dm * ba);

  // Once per step, on the last token of each sequence only.
  out.elementwise("final_norm", 1, 4 * B * dm, 2 * B * dm * ba + 2 * dm, 2 * dm);
  out.fc("lm_head", 1, B, dm, d(m.vocab), ba);
}

}  // namespace roofline
