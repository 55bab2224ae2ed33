#include "roofline/formulas.h"

#include <array>
#include <charconv>
#include <cmath>

#include "operators.h"
#include "roofline/units.h"

namespace roofline {

namespace {

struct Entry {
  std::string_view name;
  OpFormula f;
};

// Matmuls: FLOPs 2·rows·K·N; bytes K·N·b_w (times the weight copies read) + rows·K·b_a +
// rows·N·b_out, with b_out = b_kv for the projections that write the KV cache.
constexpr std::array<Entry, 20> kMatmuls = {{
    {"q_proj", {"2·M·d·H·dh", "d·H·dh·b_w + M·d·b_a + M·H·dh·b_a", ""}},
    {"k_proj", {"2·M·d·Hkv·dh", "d·Hkv·dh·b_w + M·d·b_a + M·Hkv·dh·b_kv", ""}},
    {"v_proj", {"2·M·d·Hkv·dh", "d·Hkv·dh·b_w + M·d·b_a + M·Hkv·dh·b_kv", ""}},
    {"o_proj", {"2·M·H·dh·d", "H·dh·d·b_w + M·H·dh·b_a + M·d·b_a", ""}},
    {"gate_proj", {"2·M·d·dff", "d·dff·b_w + M·d·b_a + M·dff·b_a", ""}},
    {"up_proj", {"2·M·d·dff", "d·dff·b_w + M·d·b_a + M·dff·b_a", ""}},
    {"down_proj", {"2·M·dff·d", "dff·d·b_w + M·dff·b_a + M·d·b_a", ""}},
    {"lm_head", {"2·B·d·V", "d·V·b_w + B·d·b_a + B·V·b_a", "last token of each sequence only"}},
    {"router", {"2·M·d·E", "d·E·b_w + M·d·b_a + M·E·b_a", ""}},
    {"expert_gate",
     {"2·M·k·d·dffe", "E_t·d·dffe·b_w + M·k·d·b_a + M·k·dffe·b_a",
      "each token runs k experts; the weights of every touched expert are read"}},
    {"expert_up",
     {"2·M·k·d·dffe", "E_t·d·dffe·b_w + M·k·d·b_a + M·k·dffe·b_a",
      "each token runs k experts; the weights of every touched expert are read"}},
    {"expert_down",
     {"2·M·k·dffe·d", "E_t·dffe·d·b_w + M·k·dffe·b_a + M·k·d·b_a",
      "each token runs k experts; the weights of every touched expert are read"}},
    {"shared_gate", {"2·M·d·ns·dffe", "d·ns·dffe·b_w + M·d·b_a + M·ns·dffe·b_a", ""}},
    {"shared_up", {"2·M·d·ns·dffe", "d·ns·dffe·b_w + M·d·b_a + M·ns·dffe·b_a", ""}},
    {"shared_down", {"2·M·ns·dffe·d", "ns·dffe·d·b_w + M·ns·dffe·b_a + M·d·b_a", ""}},
    {"q_a_proj", {"2·M·d·rq", "d·rq·b_w + M·d·b_a + M·rq·b_a", ""}},
    {"q_b_proj", {"2·M·rq·H·(dn+dr)", "rq·H·(dn+dr)·b_w + M·rq·b_a + M·H·(dn+dr)·b_a", ""}},
    {"kv_a_proj", {"2·M·d·(rkv+dr)", "d·(rkv+dr)·b_w + M·d·b_a + M·(rkv+dr)·b_kv", ""}},
    {"kv_b_proj", {"2·M·rkv·H·(dn+dv)", "rkv·H·(dn+dv)·b_w + M·rkv·b_a + M·H·(dn+dv)·b_a", ""}},
    {"q_absorb",
     {"2·B·H·dn·rkv", "H·dn·rkv·b_w + B·H·dn·b_a + B·H·rkv·b_a",
      "queries move into the latent space (absorbed decode)"}},
}};

constexpr std::array<Entry, 2> kMlaReplacements = {{
    {"q_proj", {"2·M·d·H·(dn+dr)", "d·H·(dn+dr)·b_w + M·d·b_a + M·H·(dn+dr)·b_a", ""}},
    {"o_proj", {"2·M·H·dv·d", "H·dv·d·b_w + M·H·dv·b_a + M·d·b_a", ""}},
}};

constexpr Entry kOAbsorb = {"o_absorb",
                            {"2·B·H·rkv·dv", "H·rkv·dv·b_w + B·H·rkv·b_a + B·H·dv·b_a",
                             "the output leaves the latent space (absorbed decode)"}};

// Elementwise ops as written before fusion; fused, their bytes are 0.
constexpr std::array<Entry, 9> kElementwise = {{
    {"attn_norm", {"4·M·d", "2·M·d·b_a + 2·d", "RMSNorm; its scale vector is 16-bit"}},
    {"mlp_norm", {"4·M·d", "2·M·d·b_a + 2·d", "RMSNorm; its scale vector is 16-bit"}},
    {"final_norm", {"4·B·d", "2·B·d·b_a + 2·d", "RMSNorm of the last token of each sequence"}},
    {"attn_residual", {"M·d", "3·M·d·b_a", "residual add"}},
    {"mlp_residual", {"M·d", "3·M·d·b_a", "residual add"}},
    {"act", {"5·M·dff", "3·M·dff·b_a", "silu(gate)·up"}},
    {"act_plain", {"8·M·dff", "2·M·dff·b_a", "gelu(up)"}},
    {"expert_act", {"5·M·(k+ns)·dffe", "3·M·(k+ns)·dffe·b_a", "silu(gate)·up"}},
    {"expert_act_plain", {"8·M·(k+ns)·dffe", "2·M·(k+ns)·dffe·b_a", "gelu(up)"}},
}};

// Attention (MODEL.md §4, MLA §6): flash fuses qk, softmax and sv into one op that never
// writes the scores; without flash the scores go through memory.
OpFormula attention_formula(const Scenario& s, std::string_view name) {
  const bool decode = s.phase == Phase::decode, mla = s.model.mla.has_value();
  if (decode && mla) {
    if (name == "attention")
      return {"B·H·S·(2·(rkv+dr) + 2·rkv + 5)",
              "B·S·(rkv+dr)·b_kv + B·H·(rkv+dr)·b_a + B·H·rkv·b_a",
              "over the latent cache shared by all heads, read once"};
    if (name == "qk")
      return {"2·B·H·S·(rkv+dr)", "B·H·(rkv+dr)·b_a + B·S·(rkv+dr)·b_kv + B·H·S·b_a",
              "scores written to memory"};
    if (name == "softmax") return {"5·B·H·S", "2·B·H·S·b_a", ""};
    if (name == "sv")
      return {"2·B·H·S·rkv", "B·H·S·b_a + B·S·rkv·b_kv + B·H·rkv·b_a",
              "scores read back from memory"};
  } else if (decode) {
    if (name == "attention")
      return {"B·H·S·(4·dh + 5)", "2·B·S·Hkv·dh·b_kv + 2·B·H·dh·b_a",
              "intensity ≈ 2·g / b_kv with g = H / Hkv: batch and context cancel out"};
    if (name == "qk")
      return {"2·B·H·dh·S", "B·H·dh·b_a + B·S·Hkv·dh·b_kv + B·H·S·b_a", "scores written to memory"};
    if (name == "softmax") return {"5·B·H·S", "2·B·H·S·b_a", ""};
    if (name == "sv")
      return {"2·B·H·S·dh", "B·H·S·b_a + B·S·Hkv·dh·b_kv + B·H·dh·b_a",
              "scores read back from memory"};
  } else if (mla) {
    if (name == "attention")
      return {"B·H·T·(T+1)/2·(2·dqk + 2·dv + 5)", "2·M·H·dqk·b_a + 2·M·H·dv·b_a",
              "causal: T·(T+1)/2 query-key pairs; K and V expanded from the latent"};
    if (name == "qk")
      return {"2·B·H·T²·dqk", "2·M·H·dqk·b_a + B·H·T²·b_a", "scores written to memory"};
    if (name == "softmax") return {"5·B·H·T²", "2·B·H·T²·b_a", ""};
    if (name == "sv")
      return {"2·B·H·T²·dv", "B·H·T²·b_a + 2·M·H·dv·b_a", "scores read back from memory"};
  } else {
    if (name == "attention")
      return {"B·H·T·(T+1)/2·(4·dh + 5)", "2·M·H·dh·b_a + 2·M·Hkv·dh·b_kv",
              "causal: T·(T+1)/2 query-key pairs; K and V read once"};
    if (name == "qk")
      return {"2·B·H·T²·dh", "M·H·dh·b_a + M·Hkv·dh·b_kv + B·H·T²·b_a", "scores written to memory"};
    if (name == "softmax") return {"5·B·H·T²", "2·B·H·T²·b_a", ""};
    if (name == "sv")
      return {"2·B·H·T²·dh", "B·H·T²·b_a + M·Hkv·dh·b_kv + M·H·dh·b_a",
              "scores read back from memory"};
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

bool symbol_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}
bool symbol_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

double d(int64_t v) { return static_cast<double>(v); }

}  // namespace

OpFormula formula_for(const Scenario& s, std::string_view name) {
  const bool gated = s.model.gated_mlp;
  if (name == "act" && !gated) name = "act_plain";
  if (name == "expert_act" && !gated) name = "expert_act_plain";
  if (const OpFormula* e = find(kElementwise, name)) {
    OpFormula f = *e;
    if (s.fuse_elementwise) {
      f.bytes = "0";
      f.note = "fused: its reads and writes ride in the neighbouring matmuls";
    }
    return f;
  }
  if (s.model.mla) {
    if (const OpFormula* m = find(kMlaReplacements, name)) return *m;
  }
  if (name == kOAbsorb.name) return kOAbsorb.f;
  if (const OpFormula* m = find(kMatmuls, name)) return *m;
  return attention_formula(s, name);
}

std::vector<FormulaSymbol> formula_symbols(const Scenario& s) {
  const ModelConfig& m = s.model;
  const bool decode = s.phase == Phase::decode;
  const double B = d(s.batch), M = decode ? B : B * d(s.seq);
  std::vector<FormulaSymbol> out = {
      {"B", B, ""},
      {decode ? "S" : "T", d(s.seq), ""},
      {"M", M, decode ? "B" : "B·T"},
      {"d", d(m.hidden), ""},
      {"H", d(m.heads), ""},
      {"Hkv", d(m.kv_heads), ""},
      {"dh", d(m.head_dim), ""},
      {"dff", d(m.intermediate), ""},
      {"V", d(m.vocab), ""},
  };
  if (m.moe) {
    const double E = d(m.moe->experts), k = d(m.moe->experts_per_token);
    out.insert(out.end(), {{"E", E, ""},
                           {"k", k, ""},
                           {"dffe", d(m.moe->expert_intermediate), ""},
                           {"ns", d(m.moe->shared_experts), ""},
                           {"E_t", expected_experts_touched(E, k, M), "E·(1 − (1 − k/E)^M)"}});
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
  out.insert(out.end(),
             {{"b_w", bytes_per_element(s.weights), std::string(to_string(s.weights))},
              {"b_a", bytes_per_element(s.activations), std::string(to_string(s.activations))},
              {"b_kv", bytes_per_element(s.kv), std::string(to_string(s.kv))}});
  return out;
}

void collect_symbols(std::string_view formula, std::vector<std::string_view>& out) {
  for (size_t i = 0; i < formula.size();) {
    if (!symbol_start(formula[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < formula.size() && symbol_char(formula[j])) ++j;
    const std::string_view name = formula.substr(i, j - i);
    bool seen = false;
    for (std::string_view n : out) seen = seen || n == name;
    if (!seen) out.push_back(name);
    i = j;
  }
}

std::string symbol_text(const FormulaSymbol& symbol) {
  std::string out(symbol.name);
  if (symbol.name.starts_with("b_"))
    return out + " = " + format_exact(symbol.value) + " B (" + symbol.definition + ")";
  if (!symbol.definition.empty()) out += " = " + symbol.definition;
  if (symbol.value == std::floor(symbol.value)) return out + " = " + format_count(symbol.value);
  std::array<char, 32> buf{};
  const auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), symbol.value,
                                       std::chars_format::general, 3);
  return out + " = " + std::string(buf.data(), ec == std::errc() ? end : buf.data());
}

std::vector<std::string> symbol_texts(const Scenario& s,
                                      const std::vector<std::string_view>& used) {
  std::vector<std::string> out;
  for (const FormulaSymbol& sym : formula_symbols(s)) {
    for (std::string_view name : used) {
      if (name == sym.name) out.push_back(symbol_text(sym));
    }
  }
  return out;
}

std::string with_numbers(std::string_view formula, const Scenario& s) {
  const std::vector<FormulaSymbol> symbols = formula_symbols(s);
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
