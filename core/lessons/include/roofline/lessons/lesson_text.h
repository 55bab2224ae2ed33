#pragma once
// Lesson text: `*bold*` and `_italic_` emphasis, and `{name}` live values filled from the
// current scenario and analysis. Pure functions; lesson.h checks every text of a lesson with
// check_template().

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/analysis.h"
#include "roofline/scenario.h"

namespace roofline {

// A run of text with one style.
struct TextSpan {
  std::string text;
  bool bold = false;
  bool italic = false;

  bool operator==(const TextSpan&) const = default;
};

// Splits `*bold*` and `_italic_` (nestable: `*_both_*`) into spans; the markers are dropped.
// A marker only opens at the start of a word (after a space, punctuation or the start of the
// text) and only closes at the end of one, and an opener without a closer is plain text, so
// "lm_head", "2*B" and "a * b" stay as written. Newlines stay in the spans' text.
std::vector<TextSpan> parse_emphasis(std::string_view text);

// Live values. `{name}` in lesson text is replaced by fill_template() with a value of the
// current scenario and analysis, formatted with units (roofline/units.h):
//   {gpu} {model}                     display names: "NVIDIA H100 SXM5 80GB", "Llama 3 8B"
//   {batch} {seq} {max_batch} {tp}    counts: "1,024"
//   {dp} {ep} {pp} {gpu_count}        counts: data-parallel ranks, expert-parallel GPUs, pipeline
//                                     stages, tp x dp x pp
//   {query_heads} {kv_heads}          the model's H and Hkv
//   {experts} {experts_per_token}     MoE: E and k ("–" for a dense model)
//   {compute_efficiency} {memory_efficiency}   "70%"
//   {critical_batch}                  critical_value(s, batch, kMaxBatch): "332", or "none"
//   {peak} {bandwidth}                roofs after efficiencies: "989 TFLOP/s", "3.35 TB/s"
//   {ridge}                           FLOP/byte: "295 FLOP/B" (H100 SXM, bf16)
//   {math_precision} {roof_precision} "bf16"
//   {step.time} {ttft}                "4.52 ms" ({ttft} is the step time in prefill, else "–")
//   {tokens_per_s}                    "221 tokens/s" (prefill: prompt tokens)
//   {tokens_per_s_per_user} {tokens_per_s_per_gpu}   one sequence's / one GPU's tokens per second
//   {accepted_tokens} {draft_time}    speculative decoding: tokens per step, drafting time
//   {cost_per_mtok} {energy_per_token}  $ per million tokens; joules per token (board power)
//   {spec_breakeven_batch}            the smallest batch at which speculating stops paying
//   {weights} {kv_cache} {memory} {usable_memory}    bytes of the whole model, the whole cache,
//                                     per GPU, usable per GPU: "16.1 GB"
//   {kv_cache_per_gpu}                one GPU's part of the KV cache (1/tp, more when replicated)
//   {weights_per_gpu}                 one GPU's weights (1/tp, more where a matmul runs whole)
//   {weights_read} {kv_bytes}         bytes of weights / KV cache one step moves per GPU
//   {kv_per_token}                    KV bytes one more token of context adds, over the layers
//                                     whose cache still grows (not a full window): "131 kB"
//   {layout}                          the layer kinds: "48 layers: 36 linear + 12 full attention"
//   {parameters} {active_parameters}  "80.0 B" (active: all but the unused routed experts)
//   {state}                           linear-attention / Mamba state of the batch: "316 MB"
//   {G.intensity}                     G in fc, attention, elementwise, step, or one attention
//                                     type: full, sliding, chunked, linear, mamba ("–" when the
//                                     model has no layer of that kind): 3 significant
//                                     digits, thousands separated above 999: "1.00 FLOP/B",
//                                     "62.5 FLOP/B", "1,110 FLOP/B"; "∞ (moves no bytes)" when
//                                     fused
//   {G.achieved} {G.flops}            "3.35 TFLOP/s", "16.1 TFLOP"
//   {G.bytes} {G.time}                "15.0 GB", "4.48 ms"
//   {G.bound}                         "memory" or "compute"
//   {G.pct_peak}                      achieved / peak compute: "0.339%"
//   {G.pct_roof}                      achieved / the roof above its intensity: "100%"
//   {G.roofline_time}                 its roofline bound ({G.time} is expected under a
//                                     calibration): "4.48 ms"
//   {calibration}                     the calibration's name, or "none (the roofline)"
//   {kernel_latency} {step_overhead} {allreduce}   of the step time: the kernels' latencies,
//                                     the per-step overhead, the all-reduces: "1.06 ms"
//   {pipeline_bubble}                 of the step time: waiting for the other pipeline stages
//   {compare.gpu} {compare.peak} {compare.bandwidth} {compare.ridge} {compare.step.time}
//   {compare.tokens_per_s}            the same on the compare GPU
//   {compare.speedup}                 this step time / the compare GPU's: "1.43×"
// `{{` writes a literal "{". {compare.*} needs a compare GPU ("–" without one).

// Every placeholder name fill_template() knows, without braces: "ridge", "fc.intensity", ...
std::span<const std::string_view> placeholder_names();

// Ok when every `{name}` in `text` is known and every `{` is closed; otherwise e.g.
// "unknown placeholder {fc.intensty}: did you mean {fc.intensity}?".
Status check_template(std::string_view text);

// True when `text` uses a {compare.*} placeholder.
bool uses_compare(std::string_view text);

// `text` with every known placeholder replaced (see the table above); unknown ones stay as
// written. Pure, but {critical_batch} and {compare.*} run further analyses. The spaces inside
// a value are written as `value_space`: the app passes a no-break space (U+00A0), so that
// "61,354 tokens/s" never wraps between the number and its unit.
inline constexpr std::string_view kNoBreakSpace = "\u00a0";
std::string fill_template(std::string_view text, const Scenario& s, const Analysis& a,
                          std::string_view value_space = " ");

}  // namespace roofline
