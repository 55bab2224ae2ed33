#pragma once
// The formula table: the symbolic FLOPs and bytes of each operator (core/MODEL.md §2-6), the
// values its symbols take for that op in a scenario, and the formulas with those values
// substituted. The tooltips and the formula card show these; tests evaluate them against
// analyze().
//
// Symbols: B batch, S context (decode), T prompt (prefill), M token rows this step (B in
// decode, B·T in prefill), d hidden, H / Hkv heads, dh head width, dff MLP width, V vocabulary;
// windows: W / C the window or chunk, Sa the keys a decode query reads, P the query-key pairs of
// a prompt; MoE: E experts, k per token, dffe expert width, dsh shared-expert width, E_t experts
// the step touches; MLA: rq / rkv query / KV ranks, dn / dr / dv no-RoPE, RoPE and value widths,
// dqk query-key width; indexer: Hi heads, di width; linear attention: Hk / Hv heads, dk / dvl
// widths; Mamba: nh heads, hd head width, N state, G groups, di inner width; recurrences: st
// state and cs convolution-state elements, cd convolution channels, Kc taps, wi / wo activation
// widths in and out; b_w / b_a / b_kv / b_s bytes per element of the op's weights, activations,
// KV cache and recurrent state. A formula uses only symbols, numbers, "·", "+", "/",
// parentheses and "²" after a symbol.

#include <string>
#include <string_view>
#include <vector>

#include "roofline/analysis.h"
#include "roofline/scenario.h"

namespace roofline {

// One op's cost for one layer on one GPU before the tensor-parallel split: the analysis
// reports formula × op.count / tp.
struct OpFormula {
  std::string flops;      // "2·M·d·H·dh"
  std::string bytes;      // "d·H·dh·b_w + M·d·b_a + M·H·dh·b_a"
  std::string_view note;  // why it reads as it does ("fused into the neighbouring matmuls"), or ""
};

// The formula of `op` (an op of `a = analyze(s)`) as this scenario computes it: phase, flash,
// the op's layer type, MLA, gating and fusion matter. All fields empty for an unknown name.
OpFormula formula_for(const Scenario& s, const Analysis& a, const OpCost& op);

struct FormulaSymbol {
  std::string_view name;   // "M"
  double value = 0;        // 4096
  std::string definition;  // how it follows from others ("B·T"), a precision ("bf16"), or ""
};

// How an op's formula becomes one GPU's part under tensor parallelism: "÷ tp 8", and where its
// KV heads do not split that far, what each GPU keeps ("÷ tp 16, its KV-cache bytes ÷ 8");
// empty at tp 1. Under pipeline stages it adds the stage's share of the layers and the
// micro-batches ("÷ tp 2; × 1/2 of the layers (the busiest stage's) × 2 micro-batches of
// ⌈batch/2⌉").
std::string tp_split_text(const Scenario& s, const Analysis& a, const OpCost& op);

// Every symbol `op`'s layer type gives a value in `s` (MoE symbols only for an MoE op, ...).
std::vector<FormulaSymbol> formula_symbols(const Scenario& s, const Analysis& a, const OpCost& op);

// Appends the symbols `formula` uses that `used` lacks, in order of first use:
// "2·M·d·H·dh" adds M, d, H, dh.
void collect_symbols(std::string_view formula, std::vector<std::string>& used);

// "M = B·T = 4,096", "d = 4,096", "b_w = 2 B (bf16)", "E_t = E·(1 − (1 − k/E)^M) = 7.98".
std::string symbol_text(const FormulaSymbol& symbol);

// symbol_text() of each of `symbols` named in `used`, in `symbols` order.
std::vector<std::string> symbol_texts(const std::vector<FormulaSymbol>& symbols,
                                      const std::vector<std::string>& used);

// `formula` with each symbol replaced by its value in `symbols` (shortest exact decimal) and
// "x²" written "x·x": "2·M·d" -> "2·4096·4096". Unknown symbols are kept as written.
std::string with_numbers(std::string_view formula, const std::vector<FormulaSymbol>& symbols);

}  // namespace roofline
