// The classroom's logic without drawing: stepping through a lesson, the step animation, the
// filled texts, what-if ghosts and the presentation-mode switch.

#include <algorithm>
#include <cmath>
#include <utility>

#include "roofline/ui/classroom.h"
#include "roofline/ui/frame.h"

namespace roofline {

namespace {

// Smoothstep: starts and ends at rest, so the dots glide rather than jump.
double ease(double t) {
  t = std::clamp(t, 0.0, 1.0);
  return t * t * (3 - 2 * t);
}

void move_to(AppState& s, Scenario target, bool animate) {
  LessonAnimation& a = s.classroom.animation;
  if (!animate || s.doc == target) {
    a.active = false;
    s.doc = std::move(target);
    return;
  }
  a.active = true;
  a.from = s.doc;
  a.to = std::move(target);
  a.elapsed_s = 0;
  // The first frame already shows the new GPU, model and precisions (interpolate at t = 0).
  s.doc = interpolate(a.from, a.to, 0);
  a.last = s.doc;
}

// A lesson is about the chart: follow its changes even where the user had zoomed, and show
// the compare GPU when a step sets one.
void prepare_view(AppState& s, const Scenario& target) {
  s.view.auto_fit = true;
  if (target.compare_gpu) s.chart.show_compare = true;
}

}  // namespace

const LessonCatalog& lesson_catalog(AppState& s) {
  if (!s.classroom.catalog) s.classroom.catalog = builtin_lessons(*s.library);
  return *s.classroom.catalog;
}

void start_lesson(AppState& s, Lesson lesson, bool animate) {
  s.classroom.run.emplace();
  s.classroom.run->lesson = std::move(lesson);
  s.classroom.ghosts.clear();
  s.view.plot.selected_id.clear();  // an open formula card would sit over the lesson's chart
  s.view.fit_requested = true;
  s.ui.controls_width_em = std::max(s.ui.controls_width_em, 30.0f);  // room for the text
  if (!go_to_step(s, 0, animate)) s.classroom.run.reset();
}

void stop_lesson(AppState& s) {
  s.classroom.run.reset();
  s.classroom.animation.active = false;
  s.classroom.ghosts.clear();
  s.classroom.scroll_to_answer = 0;
}

Result<Scenario> lesson_step_scenario(const AppState& s, size_t index, bool revealed) {
  if (!s.classroom.run) return Result<Scenario>::fail("no lesson is running");
  return scenario_at_step(s.classroom.run->lesson, s.library->default_scenario(), index, revealed,
                          preset_resolver(*s.library));
}

bool go_to_step(AppState& s, size_t index, bool animate) {
  if (!s.classroom.run) return false;
  LessonRun& run = *s.classroom.run;
  if (index >= run.lesson.steps.size()) return false;
  auto target = lesson_step_scenario(s, index, false);
  if (!target) {
    set_message(s, run.lesson.id + ": " + target.error(), true);
    return false;
  }
  if (run.lesson.steps[index].pin_ghosts) {
    // The dots as the previous step left them (revealed: moving on counts as revealing).
    Scenario before = s.library->default_scenario();
    if (index > 0) {
      auto previous = lesson_step_scenario(s, index - 1, true);
      if (previous) before = std::move(previous).value();
    }
    s.classroom.ghosts = pin_ghosts(analyze(before));
    s.classroom.ghosts_scenario = std::move(before);
  } else {
    s.classroom.ghosts.clear();
  }
  run.step = index;
  run.revealed = false;
  run.choice = -1;
  s.classroom.scroll_to_answer = 0;
  prepare_view(s, target.value());
  move_to(s, std::move(target).value(), animate);
  return true;
}

bool lesson_next(AppState& s) {
  if (!s.classroom.run || s.classroom.run->step + 1 >= s.classroom.run->lesson.steps.size())
    return false;
  return go_to_step(s, s.classroom.run->step + 1);
}

bool lesson_back(AppState& s) {
  if (!s.classroom.run || s.classroom.run->step == 0) return false;
  return go_to_step(s, s.classroom.run->step - 1);
}

bool lesson_restart(AppState& s) { return go_to_step(s, 0); }

bool lesson_reveal(AppState& s, bool animate) {
  if (!s.classroom.run) return false;
  LessonRun& run = *s.classroom.run;
  if (run.revealed || !run.lesson.steps[run.step].question) return false;
  auto target = lesson_step_scenario(s, run.step, true);
  if (!target) {
    set_message(s, run.lesson.id + ": " + target.error(), true);
    return false;
  }
  run.revealed = true;
  s.classroom.scroll_to_answer = 2;  // the answer is drawn from the next frame on
  prepare_view(s, target.value());
  move_to(s, std::move(target).value(), animate);
  return true;
}

void lesson_choose(AppState& s, int choice) {
  if (!s.classroom.run || s.classroom.run->revealed) return;
  const auto& question = s.classroom.run->lesson.steps[s.classroom.run->step].question;
  if (!question || choice < 0 || static_cast<size_t>(choice) >= question->choices.size()) return;
  s.classroom.run->choice = choice;
}

const FilledStep& filled_step(AppState& s) {
  const Analysis& analysis = chart_data(s).analysis;
  LessonRun& run = *s.classroom.run;
  FilledStep& f = run.filled;
  if (f.revision == s.derived.revision() && f.step == run.step) return f;
  const LessonStep& step = run.lesson.steps[run.step];
  auto fill = [&](const std::string& text) {
    return fill_template(text, s.doc, analysis, kNoBreakSpace);  // a value wraps as one word
  };
  f.title = fill(step.title);
  f.text = fill(step.text);
  f.prompt.clear();
  f.choices.clear();
  f.explanation.clear();
  if (step.question) {
    f.prompt = fill(step.question->prompt);
    for (const std::string& c : step.question->choices) f.choices.push_back(fill(c));
    f.explanation = fill(step.question->explanation);
  }
  f.revision = s.derived.revision();
  f.step = run.step;
  return f;
}

bool lesson_animating(const AppState& s) { return s.classroom.animation.active; }

void advance_lesson_animation(AppState& s, double dt_s) {
  LessonAnimation& a = s.classroom.animation;
  if (!a.active) return;
  if (!(s.doc == a.last)) {  // the user took over: leave the document to them
    a.active = false;
    return;
  }
  a.elapsed_s += std::max(0.0, dt_s);
  const double t = a.elapsed_s / kLessonAnimationS;
  if (t >= 1) {
    s.doc = a.to;
    a.active = false;
    return;
  }
  s.doc = interpolate(a.from, a.to, ease(t));
  a.last = s.doc;
}

void pin_current_dots(AppState& s) {
  s.classroom.ghosts = pin_ghosts(chart_data(s).analysis);
  s.classroom.ghosts_scenario = s.doc;
  set_message(s,
              "Pinned the dots: change a setting to see where they move (Shift+G clears the "
              "ghosts)",
              false);
}

void clear_ghosts(AppState& s) { s.classroom.ghosts.clear(); }

std::vector<GhostArrow> current_ghost_arrows(const AppState& s) {
  if (s.classroom.ghosts.empty()) return {};
  return ghost_arrows(s.classroom.ghosts, chart_data(s).analysis);
}

std::string ghosts_caption(const AppState& s) {
  if (s.classroom.ghosts.empty()) return {};
  ClassroomState::GhostsCaption& cache = s.classroom.ghosts_caption_cache;
  if (cache.valid && cache.doc == s.doc && cache.ghosts == s.classroom.ghosts_scenario)
    return cache.text;
  // The settings the ghosts had that the document does not, each named only if it moved a dot:
  // set back alone on today's scenario, some dot goes elsewhere. A setting that moved nothing
  // (a compute roof lowered and raised again under memory-bound dots) would read as the cause.
  std::vector<ScenarioChange> differ;
  for (const Knob& k : knobs()) {
    if (!k.saved) continue;
    const ChangeValue then = k.get(s.classroom.ghosts_scenario);
    if (then != k.get(s.doc)) differ.push_back({k.key, then});
  }
  std::string caption, all;
  const std::vector<Ghost> now = pin_ghosts(chart_data(s).analysis);
  for (const ScenarioChange& change : differ) {
    const std::string text = describe_for_reader(change);
    all.append(all.empty() ? "" : ", ").append(text);
    const Result<Scenario> alone =
        apply_changes(s.doc, std::span(&change, 1), preset_resolver(*s.library));
    if (alone && !ghost_arrows(now, analyze(alone.value())).empty())
      caption.append(caption.empty() ? "" : ", ").append(text);
  }
  // Where only the settings together moved the dots, all of them are the cause.
  cache = {s.classroom.ghosts_scenario, s.doc, caption.empty() ? all : caption, true};
  return cache.text;
}

void set_presentation(AppState& s, bool on) {
  if (s.classroom.presentation == on) return;
  s.classroom.presentation = on;
  s.ui.presentation_scale = on ? kPresentationScale : 1.0f;
  s.ui.fonts_dirty = true;
  s.ui.applied_theme.clear();
  s.view.fit_requested = true;  // the chart's shape changes with the layout
}

bool wants_continuous_frames(const AppState& s) {
  return lesson_animating(s) || s.classroom.scroll_to_answer > 0;
}

}  // namespace roofline
