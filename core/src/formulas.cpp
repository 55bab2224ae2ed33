#include "roofline/formulas.h"

#include <array>
#include <utility>

namespace roofline {

namespace {

struct Entry {
  std::string_view name;
  OpFormula f;
};

// Dense layers, standard attention projections, MLP and the once-per-step ops.
constexpr std::array<Entry, 12> kFc = {{
    {"q_proj", {"2·M·d·H·dh", "d·H·dh·b_w + M·d·b_a + M·H·dh·b_a"}},
    {"k_proj", {"2·M·d·Hkv·dh", "d·Hkv·dh·b_w + M·d·b_a + M·Hkv·dh·b_kv"}},
    {"v_proj", {"2·M·d·Hkv·dh", "d·Hkv·dh·b_w + M·d·b_a + M·Hkv·dh·b_kv"}},
    {"o_proj", {"2·M·H·dh·d", "H·dh·d·b_w + M·H·dh·b_a + M·d·b_a"}},
    {"gate_proj", {"2·M·d·dff", "d·dff·b_w + M·d·b_a + M·dff·b_a"}},
    {"up_proj", {"2·M·d·dff", "d·dff·b_w + M·d·b_a + M·dff·b_a"}},
    {"down_proj", {"2·M·dff·d", "dff·d·b_w + M·dff·b_a + M·d·b_a"}},
    {"lm_head", {"2·B·d·V", "d·V·b_w + B·d·b_a + B·V·b_a"}},
    {"router", {"2·M·d·E", "d·E·b_w + M·d·b_a + M·E·b_a"}},
    {"expert_gate", {"2·(M·k)·d·dffe", "E_t·d·dffe·b_w + M·k·d·b_a + M·k·dffe·b_a"}},
    {"expert_up", {"2·(M·k)·d·dffe", "E_t·d·dffe·b_w + M·k·d·b_a + M·k·dffe·b_a"}},
    {"expert_down", {"2·(M·k)·dffe·d", "E_t·dffe·d·b_w + M·k·dffe·b_a + M·k·d·b_a"}},
}};

constexpr std::array<Entry, 10> kOther = {{
    {"shared_gate", {"2·M·d·(ns·dffe)", "d·ns·dffe·b_w + M·d·b_a + M·ns·dffe·b_a"}},
    {"shared_up", {"2·M·d·(ns·dffe)", "d·ns·dffe·b_w + M·d·b_a + M·ns·dffe·b_a"}},
    {"shared_down", {"2·M·(ns·dffe)·d", "ns·dffe·d·b_w + M·ns·dffe·b_a + M·d·b_a"}},
    {"q_a_proj", {"2·M·d·rq", "d·rq·b_w + M·d·b_a + M·rq·b_a"}},
    {"q_b_proj", {"2·M·rq·H·(dn+dr)", "rq·H·(dn+dr)·b_w + M·rq·b_a + M·H·(dn+dr)·b_a"}},
    {"kv_a_proj", {"2·M·d·(rkv+dr)", "d·(rkv+dr)·b_w + M·d·b_a + M·(rkv+dr)·b_kv"}},
    {"kv_b_proj", {"2·M·rkv·H·(dn+dv)", "rkv·H·(dn+dv)·b_w + M·rkv·b_a + M·H·(dn+dv)·b_a"}},
    {"q_absorb", {"2·B·H·dn·rkv", "H·dn·rkv·b_w + B·H·dn·b_a + B·H·rkv·b_a"}},
    {"o_absorb", {"2·B·H·rkv·dv", "H·rkv·dv·b_w + B·H·rkv·b_a + B·H·dv·b_a"}},
    {"expert_act", {"5·M·(k+ns)·dffe (gated)", "3·M·(k+ns)·dffe·b_a (gated)"}},
}};

constexpr std::array<Entry, 7> kElementwise = {{
    {"attn_norm", {"4·M·d", "2·M·d·b_a + 2·d"}},
    {"mlp_norm", {"4·M·d", "2·M·d·b_a + 2·d"}},
    {"final_norm", {"4·B·d", "2·B·d·b_a + 2·d"}},
    {"attn_residual", {"M·d", "3·M·d·b_a"}},
    {"mlp_residual", {"M·d", "3·M·d·b_a"}},
    {"act", {"5·M·dff", "3·M·dff·b_a"}},
    {"act_plain", {"8·M·dff", "2·M·dff·b_a"}},
}};

OpFormula attention_formula(const Scenario& s, std::string_view name) {
  const bool decode = s.phase == Phase::decode, mla = s.model.mla.has_value();
  if (decode && mla) {
    if (name == "attention")
      return {"B·H·S·(2·(rkv+dr) + 2·rkv + 5)",
              "B·S·(rkv+dr)·b_kv + B·H·(rkv+dr)·b_a + B·H·rkv·b_a"};
    if (name == "qk")
      return {"2·B·H·S·(rkv+dr)", "B·H·(rkv+dr)·b_a + B·S·(rkv+dr)·b_kv + B·H·S·b_a"};
    if (name == "softmax") return {"5·B·H·S", "2·B·H·S·b_a"};
    if (name == "sv") return {"2·B·H·S·rkv", "B·H·S·b_a + B·S·rkv·b_kv + B·H·rkv·b_a"};
  } else if (decode) {
    if (name == "attention") return {"B·H·S·(4·dh + 5)", "2·B·S·Hkv·dh·b_kv + 2·B·H·dh·b_a"};
    if (name == "qk") return {"2·B·H·dh·S", "B·H·dh·b_a + B·S·Hkv·dh·b_kv + B·H·S·b_a"};
    if (name == "softmax") return {"5·B·H·S", "2·B·H·S·b_a"};
    if (name == "sv") return {"2·B·H·S·dh", "B·H·S·b_a + B·S·Hkv·dh·b_kv + B·H·dh·b_a"};
  } else if (mla) {
    if (name == "attention")
      return {"B·H·T(T+1)/2·(2·dqk + 2·dv + 5)", "2·M·H·dqk·b_a + 2·M·H·dv·b_a"};
    if (name == "qk") return {"2·B·H·T²·dqk", "2·M·H·dqk·b_a + B·H·T²·b_a"};
    if (name == "softmax") return {"5·B·H·T²", "2·B·H·T²·b_a"};
    if (name == "sv") return {"2·B·H·T²·dv", "B·H·T²·b_a + 2·M·H·dv·b_a"};
  } else {
    if (name == "attention") return {"B·H·T(T+1)/2·(4·dh + 5)", "2·M·H·dh·b_a + 2·M·Hkv·dh·b_kv"};
    if (name == "qk") return {"2·B·H·T²·dh", "M·H·dh·b_a + M·Hkv·dh·b_kv + B·H·T²·b_a"};
    if (name == "softmax") return {"5·B·H·T²", "2·B·H·T²·b_a"};
    if (name == "sv") return {"2·B·H·T²·dh", "B·H·T²·b_a + M·Hkv·dh·b_kv + M·H·dh·b_a"};
  }
  return {};
}

template <size_t N>
const OpFormula* find(const std::array<Entry, N>& table, std::string_view name) {
  for (const Entry& e : table) {
    if (e.name == name) return &e.f;
  }
  return nullptr;
}

}  // namespace

OpFormula formula_for(const Scenario& s, std::string_view name) {
  if (name == "act" && !s.model.gated_mlp) name = "act_plain";
  OpFormula f;
  if (const OpFormula* p = find(kFc, name)) {
    f = *p;
  } else if (const OpFormula* q = find(kOther, name)) {
    f = *q;
  } else if (const OpFormula* e = find(kElementwise, name)) {
    f = *e;
    if (s.fuse_elementwise) f.bytes = "0 (fused into the neighbouring matmuls)";
  } else {
    f = attention_formula(s, name);
  }
  if (s.model.mla && name == "q_proj")
    f = {"2·M·d·H·(dn+dr)", "d·H·(dn+dr)·b_w + M·d·b_a + M·H·(dn+dr)·b_a"};
  if (s.model.mla && name == "o_proj") f = {"2·M·H·dv·d", "H·dv·d·b_w + M·H·dv·b_a + M·d·b_a"};
  return f;
}

}  // namespace roofline
