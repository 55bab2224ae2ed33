#pragma once
// Guided lessons: a sequence of steps, each changing the scenario (ScenarioChange, knobs.h),
// highlighting parts of the chart, explaining with live values filled from the analysis, and
// optionally asking a question whose Reveal moves the chart to prove the answer. Plain data and
// pure functions: the JSON form is read by roofline::io (lesson_io.h), and preset ids resolve
// through callbacks, so core stays free of I/O.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/analysis.h"
#include "roofline/knobs.h"
#include "roofline/precision.h"
#include "roofline/result.h"
#include "roofline/scenario.h"

namespace roofline {

// [SECTION] Text: emphasis and live values

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
//   {query_heads} {kv_heads}          the model's H and Hkv
//   {experts} {experts_per_token}     MoE: E and k ("–" for a dense model)
//   {compute_efficiency} {memory_efficiency}   "70%"
//   {critical_batch}                  critical_value(s, batch, kMaxBatch): "332", or "none"
//   {peak} {bandwidth}                roofs after efficiencies: "989 TFLOP/s", "3.35 TB/s"
//   {ridge}                           FLOP/byte: "295 FLOP/B" (H100 SXM, bf16)
//   {math_precision} {roof_precision} "bf16"
//   {step.time} {ttft}                "4.52 ms" ({ttft} is the step time in prefill, else "–")
//   {tokens_per_s}                    "221 tokens/s" (prefill: prompt tokens)
//   {weights} {kv_cache} {memory} {usable_memory}    bytes of the whole model, the whole cache,
//                                     per GPU, usable per GPU: "16.1 GB"
//   {weights_read} {kv_bytes}         bytes of weights / KV cache one step moves per GPU
//   {kv_per_token}                    KV bytes per token over all layers: "131 kB"
//   {G.intensity}                     G in fc, attention, elementwise, step: 3 significant
//                                     digits, thousands separated above 999: "1.00 FLOP/B",
//                                     "62.5 FLOP/B", "1,110 FLOP/B"; "∞ (moves no bytes)" when
//                                     fused
//   {G.achieved} {G.flops}            "3.35 TFLOP/s", "16.1 TFLOP"
//   {G.bytes} {G.time}                "15.0 GB", "4.48 ms"
//   {G.bound}                         "memory" or "compute"
//   {G.pct_peak}                      achieved / peak compute: "0.339%"
//   {G.pct_roof}                      achieved / the roof above its intensity: "100%"
//   {compare.gpu} {compare.peak} {compare.bandwidth} {compare.ridge} {compare.step.time}
//   {compare.tokens_per_s}            the same on the compare GPU
//   {compare.speedup}                 this step time / the compare GPU's: "1.43×"
// `{{` writes a literal "{". {compare.*} needs a compare GPU ("–" without one).

// Every placeholder name fill_template() knows, without braces: "ridge", "fc.intensity", ...
std::span<const std::string_view> placeholder_names();

// Empty when every `{name}` in `text` is known and every `{` is closed; otherwise e.g.
// "unknown placeholder {fc.intensty}: did you mean {fc.intensity}?".
std::string check_template(std::string_view text);

// True when `text` uses a {compare.*} placeholder.
bool uses_compare(std::string_view text);

// `text` with every known placeholder replaced (see the table above); unknown ones stay as
// written. Pure, but {critical_batch} and {compare.*} run further analyses.
std::string fill_template(std::string_view text, const Scenario& s, const Analysis& a);

// [SECTION] Lessons

struct LessonQuestion {
  std::string prompt;
  std::vector<std::string> choices;
  size_t answer = 0;        // index into choices
  std::string explanation;  // shown on Reveal; filled at the scenario after reveal_changes
  std::vector<ScenarioChange> reveal_changes;  // applied on Reveal, to prove the answer
};

struct LessonStep {
  std::string title;
  std::string text;  // emphasis markers and placeholders (see above); paragraphs split by "\n\n"
  std::vector<ScenarioChange> changes;
  // Chart series to highlight: "group:fc", "group:attention", "group:elementwise",
  // "group:step", "op:NAME", "roof", "roof:PRECISION", "ridge", "trail", "critical" (the
  // critical batch on the trail), "compare" (the compare GPU's roofs and dots).
  std::vector<std::string> highlight;
  // Pin the dots as ghosts before this step's changes, so the chart joins old and new
  // positions with arrows.
  bool pin_ghosts = false;
  std::optional<LessonQuestion> question;
};

struct Lesson {
  std::string id;  // file name without .json
  std::string title;
  std::string summary;  // one or two sentences for the lesson picker
  int order = 0;        // position in the picker (then id)
  std::vector<LessonStep> steps;
};

// True for the highlight ids listed at LessonStep::highlight (op names are not checked here:
// check_lesson() checks them against the step's analysis).
bool is_highlight_id(std::string_view id);

// "step 3 (\"Batching\")" for the step at 0-based `index`: how messages name a step.
std::string step_label(const Lesson& lesson, size_t index);

// The checks that need no presets: id, title, at least one step, step titles and texts, every
// change value, highlight ids, question (prompt, at least two choices, answer in range) and
// every placeholder in text, prompt, choices and explanation. Empty when all hold; otherwise
// one message naming the step and key: "step 3 (\"Batching\"): changes.batch: expected ...".
std::string validate(const Lesson& lesson);

// The scenario shown at step `index` (0-based): `start` with the changes of steps 0..index
// applied in turn. Moving on counts as revealing: the reveal_changes of the steps before
// `index` are applied after their changes, and this step's when `revealed`. Going back or
// restarting is therefore deterministic. Pass the library's default scenario as `start` for
// the numbers the lesson was written against.
Result<Scenario> scenario_at_step(const Lesson& lesson, const Scenario& start, size_t index,
                                  bool revealed, const PresetResolver& resolve);

// Walks every step from `start`, before and after its reveal: each change resolves and gives a
// scenario that analyze() accepts, each "op:NAME" highlight names an op of that step's
// analysis, and {compare.*} appears only where a compare GPU is set. Empty when all hold;
// otherwise one message naming the step and key.
std::string check_lesson(const Lesson& lesson, const Scenario& start,
                         const PresetResolver& resolve);

}  // namespace roofline
