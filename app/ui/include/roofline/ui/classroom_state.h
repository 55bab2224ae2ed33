#pragma once
// The classroom part of AppState: the lesson being taught and its animation, the what-if
// ghosts and presentation mode. Plain data; roofline/ui/classroom.h has the operations.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "roofline/io/lesson_io.h"
#include "roofline/lessons/lesson.h"
#include "roofline/plot/ghosts.h"
#include "roofline/scenario.h"

namespace roofline {

// The current step's texts with their live values filled from the current analysis (what the
// lesson panel draws; tests read it to check that no placeholder is left).
struct FilledStep {
  std::string title;
  std::string text;
  std::string prompt;
  std::vector<std::string> choices;
  std::string explanation;
  // What they were filled for: refilled when any of these changes.
  uint64_t revision = UINT64_MAX;  // ChartDataCache::revision()
  size_t step = SIZE_MAX;
};

struct LessonRun {
  Lesson lesson;
  size_t step = 0;        // 0-based
  bool revealed = false;  // this step's question has been revealed
  int choice = -1;        // the learner's answer, -1 while none is picked
  FilledStep filled;
};

// A step change in progress: the document moves from `from` to `to` (interpolate()).
struct LessonAnimation {
  bool active = false;
  Scenario from;
  Scenario to;
  Scenario last;  // what the animation wrote last frame: any other change cancels it
  double elapsed_s = 0;
};

struct ClassroomState {
  std::optional<LessonRun> run;
  LessonAnimation animation;
  std::vector<Ghost> ghosts;  // pinned dot positions; the chart joins them to the current ones
  Scenario ghosts_scenario;   // the scenario the ghosts were pinned at (for their caption)
  // ghosts_caption() of the last (ghosts_scenario, document): it analyses a scenario per setting
  // that differs, which the chart asks for every frame.
  struct GhostsCaption {
    Scenario ghosts, doc;
    std::string text;
    bool valid = false;
  };
  mutable GhostsCaption ghosts_caption_cache;
  bool presentation = false;
  bool show_picker = false;
  std::optional<LessonCatalog> catalog;  // the built-in lessons, loaded on first use
  float navigation_top_px = 0;  // where the Back / Restart / Next row was drawn last frame (px)
  float chart_tools_w = 0;      // the ghost buttons' width last frame (px)
  bool chart_tools_top = true;  // ... and whether they sat at the top right (else bottom right)
  bool nav_keyboard_was_on = false;  // keyboard navigation before presentation mode
  int scroll_to_answer = 0;          // frames left to bring the just revealed answer into view
};

}  // namespace roofline
