#pragma once
// The classroom: guided lessons over the app's document, what-if ghosts and presentation mode.
//
// A lesson step's scenario is scenario_at_step() from the library's default scenario (so the
// numbers are the ones the lesson was written against), with the user's view settings kept.
// Moving to a step animates the document there over kLessonAnimationS; the texts are filled
// from the current analysis whenever it changes, so live values follow the animation.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/result.h"
#include "roofline/ui/app_state.h"

namespace roofline {

inline constexpr double kLessonAnimationS = 0.6;
// The UI scale factor presentation mode multiplies in (large fonts for a projector).
inline constexpr float kPresentationScale = 2.0f;

// [SECTION] Lessons

// The built-in lessons (loaded and checked on first use).
const LessonCatalog& lesson_catalog(AppState& s);

// Starts `lesson` at its first step. With `animate`, the document moves there smoothly;
// otherwise it jumps (scripted screenshots). Ghosts are cleared.
void start_lesson(AppState& s, Lesson lesson, bool animate = true);
void stop_lesson(AppState& s);

// The scenario of step `index` (before or after its reveal), keeping the document's view.
Result<Scenario> lesson_step_scenario(const AppState& s, size_t index, bool revealed);

// Moves to step `index` (0-based, unrevealed). Steps with pin_ghosts pin the dots of the
// previous step's final scenario first; other steps clear the ghosts. False (and a status
// message) when there is no lesson, the index is out of range or the scenario fails.
bool go_to_step(AppState& s, size_t index, bool animate = true);
bool lesson_next(AppState& s);  // false on the last step
bool lesson_back(AppState& s);  // false on the first step
bool lesson_restart(AppState& s);
// Shows the answer and applies the question's reveal_changes (animated, or at once). False
// without a question or when already revealed.
bool lesson_reveal(AppState& s, bool animate = true);
void lesson_choose(AppState& s, int choice);

// The current step's texts filled from the current analysis (refreshes them when stale).
// Precondition: a lesson runs.
const FilledStep& filled_step(AppState& s);

bool lesson_animating(const AppState& s);
// Moves a running animation on by `dt_s` seconds (eased), cancelling it if something else
// changed the document meanwhile.
void advance_lesson_animation(AppState& s, double dt_s);

// [SECTION] What-if ghosts

// Pins the current dots (pin_ghosts of the current analysis).
void pin_current_dots(AppState& s);
void clear_ghosts(AppState& s);
// Arrows from each pinned dot to where it is now.
std::vector<GhostArrow> current_ghost_arrows(const AppState& s);
// What the ghosts were pinned at, as the settings that differ from now: "batch 1", "gpu h100-sxm,
// weights fp8"; empty without ghosts or when nothing differs.
std::string ghosts_caption(const AppState& s);

// [SECTION] Presentation mode

// Full screen (the platform follows the flag), fonts ×kPresentationScale, the projector
// theme, only the lesson panel and the chart; keys: Right / PageDown next, Left / PageUp
// back, Space reveal (next when there is nothing to reveal), 1-9 answer, Esc leave.
void set_presentation(AppState& s, bool on);

// [SECTION] For the platform

// True while the UI needs frames without input (a step animation runs).
bool wants_continuous_frames(const AppState& s);

}  // namespace roofline
