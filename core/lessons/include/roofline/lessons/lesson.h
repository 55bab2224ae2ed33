#pragma once
// Guided lessons: a sequence of steps, each changing the scenario (ScenarioChange, knobs.h),
// highlighting parts of the chart, explaining with live values filled from the analysis
// (lesson_text.h), and optionally asking a question whose Reveal moves the chart to prove the
// answer. Plain data and pure functions above the model: the JSON form is read by roofline::io
// (lesson_io.h), and preset ids resolve through callbacks, so lessons do no I/O.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/knobs.h"
#include "roofline/lessons/lesson_text.h"
#include "roofline/result.h"
#include "roofline/scenario.h"

namespace roofline {

struct LessonQuestion {
  std::string prompt;
  std::vector<std::string> choices;
  size_t answer = 0;        // index into choices
  std::string explanation;  // shown on Reveal; filled at the scenario after reveal_changes
  std::vector<ScenarioChange> reveal_changes;  // applied on Reveal, to prove the answer
};

struct LessonStep {
  std::string title;
  std::string text;  // emphasis and placeholders (lesson_text.h); paragraphs split by "\n\n"
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
// every placeholder in text, prompt, choices and explanation. Ok when all hold; otherwise
// one message naming the step and key: "step 3 (\"Batching\"): changes.batch: expected ...".
Status validate(const Lesson& lesson);

// The scenario shown at step `index` (0-based): `start` with the changes of steps 0..index
// applied in turn. Moving on counts as revealing: the reveal_changes of the steps before
// `index` are applied after their changes, and this step's when `revealed`. Going back or
// restarting is therefore deterministic. Pass the library's default scenario as `start` for
// the numbers the lesson was written against.
Result<Scenario> scenario_at_step(const Lesson& lesson, const Scenario& start, size_t index,
                                  bool revealed, const PresetResolver& resolve);

// Walks every step from `start`, before and after its reveal: each change resolves and gives a
// scenario that analyze() accepts, each "op:NAME" highlight names an op of that step's
// analysis, and {compare.*} appears only where a compare GPU is set. Ok when all hold;
// otherwise one message naming the step and key.
Status check_lesson(const Lesson& lesson, const Scenario& start, const PresetResolver& resolve);

}  // namespace roofline
