#include "roofline/formulas.h"

#include <array>
#include <cmath>

#include "operators.h"
#include "roofline/charconv.h"
#include "roofline/units.h"

namespace roofline {

namespace {

double d(int64_t v) { return static_cast<double>(v); }

// [SECTION] Matmuls: one template, a shape per op

// FLOPs 2·rows·K·N (per head); bytes copies·K·N·b_w (plus a 16-bit bias of N) + rows·K·b_a +
// rows·N·b_out. Expressions with a "+" are parenthesised where they multiply.
struct MatmulShape {
  std::string_view name;
  std::string rows, K, N;
  std::string_view out = "b_a";
  std::string copies;  // "" = 1
  std::string heads;   // "" = 1
  bool bias = false;
  std::string_view note = {};
};

std::string factor(const std::string& e) {
  return e.find('+') == std::string::npos ? e : "(" + e + ")";
}

std::string product(std::initializer_list<std::string> parts) {
  std::string out;
  for (const std::string& p : parts) {
    if (p.empty()) continue;
    if (!out.empty()) out += "·";
    out += factor(p);
  }
  return out;
}

OpFormula matmul_formula(const MatmulShape& m) {
  OpFormula f;
  f.flops = product({"2", m.rows, m.heads, m.K, m.N});
  f.bytes = product({m.copies, m.heads, m.K, m.N, "b_w"});
  if (m.bias) f.bytes += " + " + product({m.copies, m.heads, "2", m.N});
  f.bytes += " + " + product({m.rows, m.heads, m.K, "b_a"}) + " + " +
             product({m.rows, m.heads, m.N, std::string(m.out)});
  f.note = m.note;
  return f;
}

// The layer type `op` runs in, and its source in the model.
struct OpPlace {
  const LayerTypeInfo* type = nullptr;
  const MixerType* mixer = nullptr;
  const FfnType* ffn = nullptr;
};

OpPlace place_of(const Scenario& s, const Analysis& a, const OpCost& op) {
  OpPlace p;
  if (op.layer_type < 0 || static_cast<size_t>(op.layer_type) >= a.layer_types.size()) return p;
  p.type = &a.layer_types[static_cast<size_t>(op.layer_type)];
  const auto i = static_cast<size_t>(p.type->index);
  if (p.type->part == LayerPart::mixer && i < s.model.mixers.size()) p.mixer = &s.model.mixers[i];
  if (p.type->part == LayerPart::ffn && i < s.model.ffns.size()) p.ffn = &s.model.ffns[i];
  return p;
}

MatmulShape mm(std::string_view name, std::string rows, std::string K, std::string N,
               std::string_view out = "b_a", bool bias = false, std::string_view note = {}) {
  MatmulShape m;
  m.name = name;
  m.rows = std::move(rows);
  m.K = std::move(K);
  m.N = std::move(N);
  m.out = out;
  m.bias = bias;
  m.note = note;
  return m;
}

MatmulShape per_head(MatmulShape m, std::string heads) {
  m.heads = std::move(heads);
  return m;
}

// Whether the routed experts' rows carry the busiest GPU's imbalance (expert parallelism).
bool uneven_experts(const Scenario& s) { return expert_parallel(s) && s.moe_imbalance != 1; }

MatmulShape experts(MatmulShape m) {
  m.copies = "E_t";
  m.note = "each token runs k experts; the weights of every touched expert are read";
  return m;
}

// Whether these attention layers' values are narrower or wider than their keys (MiMo-V2): the
// formulas then name dv beside dh.
bool own_value_width(const ModelConfig& m, const OpPlace& p) {
  if (!p.mixer || !is_attention(p.mixer->kind) || m.mla) return false;
  const AttentionDims a = attention_dims(m, *p.mixer);
  return a.v_head_dim != a.head_dim;
}

std::optional<MatmulShape> matmul_shape(const Scenario& s, const OpPlace& p,
                                        std::string_view name) {
  const ModelConfig& m = s.model;
  const AttentionExtras& x = m.attention;
  const bool mla = m.mla.has_value();
  const bool mamba_bias = m.mamba && m.mamba->proj_bias;
  // The decode rows that are one per sequence, or one per verified token when speculating (M).
  const std::string Q = speculative(s) ? "M" : "B";
  if (name == "q_proj") {
    if (mla) return mm(name, "M", "d", "H·dqk");
    if (x.output_gate)
      return mm(name, "M", "d", "2·H·dh", "b_a", x.qkv_bias,
                "twice as wide: it also makes the output gate");
    return mm(name, "M", "d", "H·dh", "b_a", x.qkv_bias);
  }
  const bool dv = mla || own_value_width(m, p);
  if (name == "k_proj") return mm(name, "M", "d", "Hkv·dh", "b_kv", x.qkv_bias);
  if (name == "v_proj") return mm(name, "M", "d", dv ? "Hkv·dv" : "Hkv·dh", "b_kv", x.qkv_bias);
  if (name == "g_proj") return mm(name, "M", "d", "H", "b_a", false, "one sigmoid gate per head");
  if (name == "o_proj") return mm(name, "M", dv ? "H·dv" : "H·dh", "d", "b_a", x.o_bias);
  if (name == "q_a_proj") return mm(name, "M", "d", "rq");
  if (name == "q_b_proj") return mm(name, "M", "rq", "H·dqk");
  if (name == "kv_a_proj") return mm(name, "M", "d", "rkv + dr", "b_kv");
  if (name == "kv_b_proj") return mm(name, "M", "rkv", "H·(dn + dv)");
  if (name == "q_absorb")
    return per_head(mm(name, Q, "dn", "rkv", "b_a", false,
                       "queries move into the latent space (absorbed decode)"),
                    "H");
  if (name == "o_absorb")
    return per_head(mm(name, Q, "rkv", "dv", "b_a", false,
                       "the output leaves the latent space (absorbed decode)"),
                    "H");
  if (name == "indexer_q") return mm(name, "M", m.mla && m.mla->q_lora_rank ? "rq" : "d", "Hi·di");
  if (name == "indexer_k") return mm(name, "M", "d", "di", "b_kv");
  if (name == "indexer_weights") return mm(name, "M", "d", "Hi");
  const bool lightning = m.linear && m.linear->variant == LinearVariant::lightning;
  if (name == "qkv_proj" && lightning) return mm(name, "M", "d", "3·Hv·dvl");
  if (name == "output_gate" && lightning) return mm(name, "M", "d", "Hv·dvl");
  if (name == "in_proj_qkvz") return mm(name, "M", "d", "2·Hk·dk + 2·Hv·dvl");
  if (name == "in_proj_ba") return mm(name, "M", "d", "2·Hv");
  const bool conv = p.mixer && p.mixer->kind == MixerKind::conv;
  const bool conv_bias = m.short_conv && m.short_conv->bias;
  if (name == "in_proj" && conv) return mm(name, "M", "d", "3·d", "b_a", conv_bias, "B, C and x");
  if (name == "out_proj" && conv) return mm(name, "M", "d", "d", "b_a", conv_bias);
  if (name == "in_proj") return mm(name, "M", "d", "2·di + 2·G·N + nh", "b_a", mamba_bias);
  if (name == "out_proj") {
    if (p.mixer && p.mixer->kind == MixerKind::linear) return mm(name, "M", "Hv·dvl", "d");
    return mm(name, "M", "di", "d", "b_a", mamba_bias);
  }
  if (name == "gate_proj" || name == "up_proj") return mm(name, "M", "d", "dff", "b_a", m.mlp_bias);
  if (name == "down_proj") return mm(name, "M", "dff", "d", "b_a", m.mlp_bias);
  const MoeShape* e = p.ffn && p.ffn->kind == FfnKind::moe ? &p.ffn->moe : nullptr;
  if (name == "router" && e)
    return mm(name, "M", "d", e->shared_gate ? "E + 1" : "E", "b_a", e->router_bias,
              e->shared_gate ? "with the shared expert's sigmoid gate" : "");
  const char* de = e && e->latent > 0 ? "dl" : "d";  // the experts' width (Nemotron-3's latent)
  // The busiest GPU's routed rows under expert parallelism (core/MODEL.md §17).
  const char* rows = uneven_experts(s) ? "M·k·ib" : "M·k";
  if ((name == "expert_gate" || name == "expert_up") && e)
    return experts(mm(name, rows, de, "dffe", "b_a", e->expert_bias));
  if (name == "expert_down" && e) return experts(mm(name, rows, "dffe", de, "b_a", e->expert_bias));
  if (name == "latent_down")
    return mm(name, "M", "d", "dl", "b_a", false, "into the experts' latent width");
  if (name == "latent_up")
    return mm(name, "M", "dl", "d", "b_a", false, "back to the hidden width");
  if (name == "shared_gate" || name == "shared_up") return mm(name, "M", "d", "dsh");
  if (name == "shared_down") return mm(name, "M", "dsh", "d");
  if (name == "lm_head") {
    if (speculative(s))
      return mm(name, "M", "d", "V", "b_a", m.lm_head_bias, "every verified token's logits");
    return mm(name, "B", "d", "V", "b_a", m.lm_head_bias, "last token of each sequence only");
  }
  return std::nullopt;
}

// [SECTION] Elementwise ops

std::optional<OpFormula> elementwise_formula(const Scenario& s, const OpPlace& p,
                                             std::string_view name) {
  const ModelConfig& m = s.model;
  const bool layer_norm = m.norm == NormKind::layer;
  OpFormula f;
  if (name == "attn_norm" || name == "mlp_norm" || name == "post_attn_norm" ||
      name == "post_mlp_norm" || name == "final_norm") {
    const std::string rows = name == "final_norm" && !speculative(s) ? "B" : "M";
    f.flops = std::string(layer_norm ? "5·" : "4·") + rows + "·d";
    f.bytes = "2·" + rows + "·d·b_a + " + (layer_norm ? "4·d" : "2·d");
    f.note = layer_norm ? "LayerNorm; its scale and bias are 16-bit"
                        : "RMSNorm; its scale vector is 16-bit";
    if (name == "final_norm" && !speculative(s)) f.note = "norm of the last token of each sequence";
  } else if (name == "attn_residual" || name == "mlp_residual") {
    f = {"M·d", "3·M·d·b_a", "residual add"};
  } else if (name == "act" || name == "expert_act") {
    const bool relu2 = !m.gated_mlp && m.hidden_act == "relu2";
    const bool relu = !m.gated_mlp && (m.hidden_act == "relu" || m.hidden_act == "relu6" ||
                                       m.hidden_act == "leaky_relu");
    const std::string flops = m.gated_mlp ? "5" : relu2 ? "2" : relu ? "1" : "8";
    const std::string tensors = m.gated_mlp ? "3" : "2";
    std::string width = "M·dff";
    if (name == "expert_act") {
      const bool shared = p.ffn && p.ffn->moe.shared_width > 0;
      width = shared ? "M·(k·dffe + dsh)" : "M·k·dffe";
      // Under data or expert parallelism (core/MODEL.md §17): every rank's routed rows (the
      // busiest GPU's share under ep) and each rank's shared rows, all over tp × dp GPUs.
      if (s.dp > 1 || uneven_experts(s)) {
        width = std::string("(M·k·") + (uneven_experts(s) ? "ib·" : "") + "dffe";
        if (shared) width += s.dp > 1 ? " + dp·Mr·dsh" : " + M·dsh";
        width += ")";
      }
    }
    f.flops = flops + "·" + width;
    f.bytes = tensors + "·" + width + "·b_a";
    f.note = m.gated_mlp ? "silu(gate)·up" : relu2 ? "relu(up)²" : relu ? "relu(up)" : "gelu(up)";
  } else {
    return std::nullopt;
  }
  if (s.fuse_elementwise) {
    f.bytes = "0";
    f.note = "fused: its reads and writes ride in the neighbouring matmuls";
  }
  return f;
}

// [SECTION] Attention and the recurrences

// Keys read per decode query, and pairs per prompt: "S" and "T·(T+1)/2" unless a window or
// sparse attention limits them (then the symbols Sa and P).
bool limited(const Scenario& s, const OpPlace& p) {
  return (p.mixer && p.mixer->kind != MixerKind::full) || s.model.indexer.has_value();
}

OpFormula attention_formula(const Scenario& s, const OpPlace& p, std::string_view name) {
  const bool decode = s.phase == Phase::decode, mla = s.model.mla.has_value();
  const std::string S = limited(s, p) ? "Sa" : "S";
  const std::string P = limited(s, p) ? "P" : "T·(T+1)/2";
  // Decode: per query token Q (each sequence's, or each verified token's when speculating: M),
  // per sequence B (its cache, read once for all its queries).
  const std::string Q = speculative(s) ? "M" : "B";
  if (name == "indexer") {
    if (decode)
      return {Q + "·S·Hi·(2·di + 2)", "B·S·di·b_kv + " + Q + "·Hi·di·b_a + " + Q + "·S·b_a",
              "scores every cached token; the attention then reads the top-k"};
    return {"B·T·(T+1)/2·Hi·(2·di + 2)", "M·Hi·di·b_a + M·di·b_kv + B·T·(T+1)/2·b_a",
            "scores every earlier token of the prompt"};
  }
  if (name == "short_conv") {
    return {"2·M·d·Kc",
            "M·(wi + wo)·b_a + 2·d·Kc + " + std::string(decode ? "2·B·cs·b_a" : "B·cs·b_a"),
            decode ? "a depthwise convolution over the last Kc inputs: their state per sequence"
                   : "writes the last Kc − 1 inputs of each sequence"};
  }
  if (name == "linear_attention" && s.model.linear &&
      s.model.linear->variant == LinearVariant::lightning) {
    return {"5·M·st", "M·(wi + wo)·b_a + " + std::string(decode ? "2·B·st·b_s" : "B·st·b_s"),
            decode ? "lightning attention: a decayed k·vᵀ state per head, read and written"
                   : "lightning attention: writes the final state of each sequence"};
  }
  if (name == "linear_attention" || name == "mamba") {
    const std::string k = name == "mamba" ? "6" : "7";
    const std::string states = decode ? "2·B·(st·b_s + cs·b_a)" : "B·(st·b_s + cs·b_a)";
    return {"M·(" + k + "·st + 2·cd·Kc)", "M·(wi + wo)·b_a + 2·cd·Kc + " + states,
            decode ? "reads and writes a fixed state per sequence: no KV cache"
                   : "writes the final state of each sequence"};
  }
  if (decode && mla) {
    if (name == "attention")
      return {Q + "·H·" + S + "·(2·(rkv + dr) + 2·rkv + 5)",
              "B·" + S + "·(rkv + dr)·b_kv + " + Q + "·H·(rkv + dr)·b_a + " + Q + "·H·rkv·b_a",
              "over the latent cache shared by all heads, read once"};
    if (name == "qk")
      return {"2·" + Q + "·H·" + S + "·(rkv + dr)",
              Q + "·H·(rkv + dr)·b_a + B·" + S + "·(rkv + dr)·b_kv + " + Q + "·H·" + S + "·b_a",
              "scores written to memory"};
    if (name == "softmax") return {"5·" + Q + "·H·" + S, "2·" + Q + "·H·" + S + "·b_a", ""};
    if (name == "sv")
      return {"2·" + Q + "·H·" + S + "·rkv",
              Q + "·H·" + S + "·b_a + B·" + S + "·rkv·b_kv + " + Q + "·H·rkv·b_a",
              "scores read back from memory"};
  } else if (decode) {
    // Values as wide as the keys (dh) unless the layer type has its own value width (dv).
    const bool own = own_value_width(s.model, p);
    const std::string v = own ? "dv" : "dh";
    if (name == "attention") {
      if (own)
        return {Q + "·H·" + S + "·(2·dh + 2·dv + 5)",
                "B·" + S + "·Hkv·(dh + dv)·b_kv + " + Q + "·H·(dh + dv)·b_a",
                "keys of width dh, values of width dv"};
      return {Q + "·H·" + S + "·(4·dh + 5)", "2·B·" + S + "·Hkv·dh·b_kv + 2·" + Q + "·H·dh·b_a",
              "intensity ≈ 2·g / b_kv with g = H / Hkv: batch and context cancel out"};
    }
    if (name == "qk")
      return {"2·" + Q + "·H·dh·" + S,
              Q + "·H·dh·b_a + B·" + S + "·Hkv·dh·b_kv + " + Q + "·H·" + S + "·b_a",
              "scores written to memory"};
    if (name == "softmax") return {"5·" + Q + "·H·" + S, "2·" + Q + "·H·" + S + "·b_a", ""};
    if (name == "sv")
      return {"2·" + Q + "·H·" + S + "·" + v,
              Q + "·H·" + S + "·b_a + B·" + S + "·Hkv·" + v + "·b_kv + " + Q + "·H·" + v + "·b_a",
              "scores read back from memory"};
  } else if (mla) {
    if (name == "attention")
      return {"B·H·" + P + "·(2·dqk + 2·dv + 5)", "2·M·H·dqk·b_a + 2·M·H·dv·b_a",
              "causal: masked query-key pairs skipped; K and V expanded from the latent"};
    if (name == "qk")
      return {"2·B·H·T²·dqk", "2·M·H·dqk·b_a + B·H·T²·b_a", "scores written to memory"};
    if (name == "softmax") return {"5·B·H·T²", "2·B·H·T²·b_a", ""};
    if (name == "sv")
      return {"2·B·H·T²·dv", "B·H·T²·b_a + 2·M·H·dv·b_a", "scores read back from memory"};
  } else {
    const bool own = own_value_width(s.model, p);
    const std::string v = own ? "dv" : "dh";
    if (name == "attention") {
      if (own)
        return {"B·H·" + P + "·(2·dh + 2·dv + 5)", "M·H·(dh + dv)·b_a + M·Hkv·(dh + dv)·b_kv",
                "causal: masked query-key pairs skipped; keys of width dh, values of width dv"};
      return {"B·H·" + P + "·(4·dh + 5)", "2·M·H·dh·b_a + 2·M·Hkv·dh·b_kv",
              "causal: masked query-key pairs skipped; K and V read once"};
    }
    if (name == "qk")
      return {"2·B·H·T²·dh", "M·H·dh·b_a + M·Hkv·dh·b_kv + B·H·T²·b_a", "scores written to memory"};
    if (name == "softmax") return {"5·B·H·T²", "2·B·H·T²·b_a", ""};
    if (name == "sv")
      return {"2·B·H·T²·" + v, "B·H·T²·b_a + M·Hkv·" + v + "·b_kv + M·H·" + v + "·b_a",
              "scores read back from memory"};
  }
  return {};
}

bool symbol_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}
bool symbol_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

std::string precision_text(const WeightFormat& f) {
  std::string t(to_string(f.precision));
  if (f.scale_bytes > 0) t += " + block scales";
  if (f.from_config) t += ", from the config";
  return t;
}

WeightGroup group_of(const OpCost& op, const OpPlace& p) {
  if (op.name == "lm_head" || op.name == "router") return WeightGroup::other;
  if (op.name.starts_with("expert_")) return WeightGroup::experts;
  if (p.type && p.type->part == LayerPart::ffn) return WeightGroup::dense;
  return WeightGroup::mixer;
}

void add_mixer_symbols(const Scenario& s, const OpPlace& p, std::vector<FormulaSymbol>& out) {
  const ModelConfig& m = s.model;
  const bool decode = s.phase == Phase::decode;
  const double S = d(s.seq);
  if (p.mixer && is_attention(p.mixer->kind)) {
    const int64_t top_k = m.indexer ? m.indexer->top_k : 0;
    if (p.mixer->kind == MixerKind::sliding) out.push_back({"W", d(p.mixer->window), ""});
    if (p.mixer->kind == MixerKind::chunked) out.push_back({"C", d(p.mixer->window), ""});
    if (limited(s, p)) {
      const std::string def = p.mixer->kind == MixerKind::sliding   ? "min(S, W)"
                              : p.mixer->kind == MixerKind::chunked ? "(S − 1) mod C + 1"
                                                                    : "min(S, top-k)";
      const std::string pairs = p.mixer->kind == MixerKind::sliding ? "Σ min(i, W), i = 1…T"
                                : p.mixer->kind == MixerKind::chunked
                                    ? "T·(T+1)/2 within each chunk of C"
                                    : "Σ min(i, top-k), i = 1…T";
      if (decode) out.push_back({"Sa", attended_tokens(S, *p.mixer, top_k), def});
      if (!decode) out.push_back({"P", causal_pairs(S, *p.mixer, top_k), pairs});
    }
    if (m.indexer) {
      out.insert(out.end(), {{"Hi", d(m.indexer->heads), ""}, {"di", d(m.indexer->head_dim), ""}});
    }
  }
  if (m.mla) {
    const MlaConfig& a = *m.mla;
    if (a.q_lora_rank) out.push_back({"rq", d(*a.q_lora_rank), ""});
    out.insert(out.end(), {{"rkv", d(a.kv_lora_rank), ""},
                           {"dn", d(a.qk_nope_head_dim), ""},
                           {"dr", d(a.qk_rope_head_dim), ""},
                           {"dv", d(a.v_head_dim), ""},
                           {"dqk", d(a.qk_nope_head_dim + a.qk_rope_head_dim), "dn + dr"}});
  }
  if (!p.mixer) return;
  const StateElements e = state_elements(m, p.mixer->kind);
  if (p.mixer->kind == MixerKind::linear && m.linear &&
      m.linear->variant == LinearVariant::lightning) {
    const LinearAttentionConfig& l = *m.linear;
    const double width = d(l.value_heads * l.value_dim);
    out.insert(out.end(), {{"Hv", d(l.value_heads), "num_attention_heads"},
                           {"dvl", d(l.value_dim), "head_dim"},
                           {"st", e.recurrent, "Hv·dvl·dvl"},
                           {"wi", 4 * width, "4·Hv·dvl (q, k, v, gate)"},
                           {"wo", width, "Hv·dvl"}});
  } else if (p.mixer->kind == MixerKind::linear && m.linear) {
    const LinearAttentionConfig& l = *m.linear;
    const double key = d(l.key_heads * l.key_dim), value = d(l.value_heads * l.value_dim);
    out.insert(out.end(),
               {{"Hk", d(l.key_heads), ""},
                {"Hv", d(l.value_heads), ""},
                {"dk", d(l.key_dim), ""},
                {"dvl", d(l.value_dim), ""},
                {"st", e.recurrent, "Hv·dk·dvl"},
                {"cd", 2 * key + value, "2·Hk·dk + Hv·dvl"},
                {"Kc", d(l.conv_kernel), ""},
                {"cs", e.conv, "cd·(Kc − 1)"},
                {"wi", 2 * key + 2 * value + 2 * d(l.value_heads), "2·Hk·dk + 2·Hv·dvl + 2·Hv"},
                {"wo", value, "Hv·dvl"}});
  }
  if (p.mixer->kind == MixerKind::conv && m.short_conv) {
    out.insert(out.end(), {{"Kc", d(m.short_conv->kernel), "conv_L_cache"},
                           {"cs", e.conv, "d·(Kc − 1)"},
                           {"wi", 3 * d(m.hidden), "3·d (B, C, x)"},
                           {"wo", d(m.hidden), "d"}});
  }
  if (p.mixer->kind == MixerKind::mamba && m.mamba) {
    const MambaConfig& a = *m.mamba;
    const double inner = d(a.heads * a.head_dim), groups = d(a.groups * a.state_size);
    out.insert(out.end(), {{"nh", d(a.heads), ""},
                           {"hd", d(a.head_dim), ""},
                           {"N", d(a.state_size), ""},
                           {"G", d(a.groups), ""},
                           {"di", inner, "nh·hd"},
                           {"st", e.recurrent, "nh·hd·N"},
                           {"cd", inner + 2 * groups, "di + 2·G·N"},
                           {"Kc", d(a.conv_kernel), ""},
                           {"cs", e.conv, "cd·(Kc − 1)"},
                           {"wi", 2 * inner + 2 * groups + d(a.heads), "2·di + 2·G·N + nh"},
                           {"wo", inner, "di"}});
  }
}

}  // namespace

// The scenario an op's formula reads: one micro-batch under pipeline stages (core/MODEL.md
// §18), and of it a data-parallel rank's sequences for every op but the routed experts', which
// serve every rank's tokens (§17).
Scenario scenario_of_op(const Scenario& whole, const OpCost& op) {
  Scenario s = whole;
  if (whole.pp > 1) {
    s.batch = microbatch_size(whole);
    s.pp = 1;
  }
  if (!op.expert_group) s.batch = rank_batch(s);
  return s;
}

OpFormula formula_for(const Scenario& whole, const Analysis& a, const OpCost& op) {
  const Scenario s = scenario_of_op(whole, op);
  const OpPlace p = place_of(s, a, op);
  if (std::optional<OpFormula> e = elementwise_formula(s, p, op.name)) return *e;
  if (std::optional<MatmulShape> mm = matmul_shape(s, p, op.name)) return matmul_formula(*mm);
  return attention_formula(s, p, op.name);
}

// Under pipeline stages (core/MODEL.md §18): "× 1/2 of the layers (one stage's) × 2 micro-batches".
static std::string stage_text(const Scenario& s, const Analysis& a, const OpCost& op) {
  if (s.pp <= 1) return {};
  std::string out;
  const bool output = op.layer_type >= 0 &&
                      static_cast<size_t>(op.layer_type) < a.layer_types.size() &&
                      a.layer_types[static_cast<size_t>(op.layer_type)].part == LayerPart::output;
  if (!output) {
    const int64_t stage = (s.model.layers + s.pp - 1) / s.pp;
    out = "× " + std::to_string(stage) + "/" + std::to_string(s.model.layers) +
          " of the layers (the busiest stage's)";
  }
  const int64_t m = microbatches(s);
  if (m > 1) {
    if (!out.empty()) out += " ";
    out.append("× ")
        .append(std::to_string(m))
        .append(" micro-batches of ⌈batch/")
        .append(std::to_string(m))
        .append("⌉");
  }
  return out;
}

static std::string gpu_split_text(const Scenario& s, const OpCost& op);

std::string tp_split_text(const Scenario& s, const Analysis& a, const OpCost& op) {
  const std::string stage = stage_text(s, a, op);
  std::string split = gpu_split_text(s, op);
  if (stage.empty()) return split;
  if (split.empty()) return stage;
  return split.append("; ").append(stage);
}

static std::string gpu_split_text(const Scenario& s, const OpCost& op) {
  if (stage_gpus(s) <= 1) return {};
  if (op.expert_group && (s.dp > 1 || s.ep > 1)) {  // over every GPU (core/MODEL.md §17)
    std::string out = "÷ " + std::to_string(stage_gpus(s)) + " GPUs (tp × dp";
    out += s.ep > 1 ? ", whole experts on each)" : ", each expert split over them)";
    if (s.ep > 1 && s.moe_imbalance != 1)
      out += ", its rows " + format_ratio(s.moe_imbalance) + " on the busiest GPU";
    return out;
  }
  // Under data-parallel attention the formula is one rank's: ⌈B/dp⌉ sequences.
  const std::string rank = s.dp > 1 ? "one rank's ⌈B/dp⌉ sequences" : "";
  if (s.tp <= 1) return rank;
  const std::string lead = rank.empty() ? "" : rank + ", ";
  const std::string tp = "tp " + std::to_string(s.tp);
  const double tpd = d(s.tp);
  if (op.replicated)
    return lead + "whole on every GPU, not ÷ " + tp + " (serving engines replicate it)";
  if (op.kv_share * tpd <= 1 + 1e-12) return lead + "÷ " + tp;
  const double parts = std::round(1 / op.kv_share);
  const std::string kv = parts <= 1 ? "whole on every GPU" : "÷ " + format_count(parts);
  const std::string why = s.model.mla
                              ? "every head reads the MLA latent"
                              : "the KV heads do not split " + std::to_string(s.tp) + " ways";
  if (op.kind == OpKind::fc) return lead + kv + ", not ÷ " + tp + " (" + why + ")";
  return lead + "÷ " + tp + ", its KV-cache bytes " + kv + " (" + why + ")";
}

std::vector<FormulaSymbol> formula_symbols(const Scenario& whole, const Analysis& a,
                                           const OpCost& op) {
  const Scenario s = scenario_of_op(whole, op);
  const ModelConfig& m = s.model;
  const OpPlace p = place_of(s, a, op);
  const bool decode = s.phase == Phase::decode;
  const double B = d(s.batch), M = decode ? B * d(query_tokens(s)) : B * d(s.seq);
  const bool rank = whole.dp > 1 && !op.expert_group;  // one data-parallel rank's sequences
  // The heads of this op's layer type (Step-3.5's sliding layers have their own).
  const AttentionDims heads =
      attention_dims(m, p.mixer && is_attention(p.mixer->kind) ? *p.mixer : MixerType{});
  std::vector<FormulaSymbol> out = {
      {"B", B, rank ? "⌈batch/dp⌉, one rank's" : ""},
      {decode ? "S" : "T", d(s.seq), ""},
      {"M", M,
       !decode          ? "B·T"
       : speculative(s) ? "B × (drafted tokens + 1)"
                        : "B"},
      {"d", d(m.hidden), ""},
      {"H", d(heads.heads), ""},
      {"Hkv", d(heads.kv_heads), ""},
      {"dh", d(heads.head_dim), ""},
      {"V", d(m.vocab), ""},
  };
  if (own_value_width(m, p)) out.push_back({"dv", d(heads.v_head_dim), "v_head_dim"});
  if (p.ffn && p.ffn->kind == FfnKind::dense) out.push_back({"dff", d(p.ffn->width), ""});
  if (p.ffn && p.ffn->kind == FfnKind::moe) {
    const MoeShape& e = p.ffn->moe;
    const double E = d(e.experts), k = d(e.top_k);
    out.insert(out.end(), {{"E", E, ""},
                           {"k", k, ""},
                           {"dffe", d(e.width), ""},
                           {"E_t", expected_experts_touched(E, k, M), "E·(1 − (1 − k/E)^M)"}});
    if (e.shared_width > 0) out.push_back({"dsh", d(e.shared_width), ""});
    if (uneven_experts(s)) out.push_back({"ib", s.moe_imbalance, "moe_imbalance"});
    if (s.dp > 1) {
      const double Mr = d(rank_batch(s)) * (decode ? d(query_tokens(s)) : d(s.seq));
      out.insert(out.end(), {{"dp", d(s.dp), ""}, {"Mr", Mr, "one rank's M"}});
    }
    if (e.latent > 0) out.push_back({"dl", d(e.latent), "moe_latent_size"});
  }
  add_mixer_symbols(s, p, out);
  const WeightFormat w = weight_formats(s).of(group_of(op, p));
  const Precision state = m.state_precision.value_or(s.activations);
  out.insert(out.end(),
             {{"b_w", w.bytes(), precision_text(w)},
              {"b_a", bytes_per_element(s.activations), std::string(to_string(s.activations))},
              {"b_kv", bytes_per_element(s.kv), std::string(to_string(s.kv))}});
  if (p.mixer && (p.mixer->kind == MixerKind::linear || p.mixer->kind == MixerKind::mamba))
    out.push_back({"b_s", bytes_per_element(state), std::string(to_string(state))});
  return out;
}

void collect_symbols(std::string_view formula, std::vector<std::string>& out) {
  for (size_t i = 0; i < formula.size();) {
    if (!symbol_start(formula[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < formula.size() && symbol_char(formula[j])) ++j;
    const std::string_view name = formula.substr(i, j - i);
    bool seen = false;
    for (const std::string& n : out) seen = seen || n == name;
    if (!seen) out.emplace_back(name);
    i = j;
  }
}

std::string symbol_text(const FormulaSymbol& symbol) {
  std::string out(symbol.name);
  if (symbol.name.starts_with("b_"))
    return out + " = " + format_exact(symbol.value) + " B (" + symbol.definition + ")";
  if (!symbol.definition.empty()) out += " = " + symbol.definition;
  if (symbol.value == std::floor(symbol.value)) return out + " = " + format_count(symbol.value);
  return out + " = " + chars_general(symbol.value, 3);
}

std::vector<std::string> symbol_texts(const std::vector<FormulaSymbol>& symbols,
                                      const std::vector<std::string>& used) {
  std::vector<std::string> out;
  for (const FormulaSymbol& sym : symbols) {
    for (const std::string& name : used) {
      if (name == sym.name) out.push_back(symbol_text(sym));
    }
  }
  return out;
}

std::string with_numbers(std::string_view formula, const std::vector<FormulaSymbol>& symbols) {
  constexpr std::string_view kSquare = "²";
  std::string out;
  for (size_t i = 0; i < formula.size();) {
    if (!symbol_start(formula[i])) {
      out += formula[i++];
      continue;
    }
    size_t j = i;
    while (j < formula.size() && symbol_char(formula[j])) ++j;
    const std::string_view name = formula.substr(i, j - i);
    std::string value(name);
    for (const FormulaSymbol& sym : symbols) {
      if (sym.name == name) value = format_exact(sym.value);
    }
    out += value;
    if (formula.substr(j).starts_with(kSquare)) {
      out += "·" + value;
      j += kSquare.size();
    }
    i = j;
  }
  return out;
}

}  // namespace roofline
