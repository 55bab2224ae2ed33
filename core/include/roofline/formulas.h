#pragma once
// The symbolic formulas behind each operator's FLOPs and bytes (core/MODEL.md §2-4), for tooltips,
// formula cards and docs. Symbols: B batch, S context, T prompt, M tokens this step, d hidden,
// H / Hkv heads, dh head width, dff MLP width, V vocabulary, E / k experts, b_w / b_a / b_kv bytes
// per element of weights, activations and KV cache.

#include <string_view>

#include "roofline/scenario.h"

namespace roofline {

struct OpFormula {
  std::string_view flops;  // e.g. "2·M·d·H·dh"
  std::string_view bytes;  // e.g. "d·H·dh·b_w + M·d·b_a + M·H·dh·b_a"
};

// The formula of op `name` as this scenario computes it (phase, flash, MLA and fusion matter).
// Both fields are empty for an unknown name.
OpFormula formula_for(const Scenario& s, std::string_view name);

}  // namespace roofline
