// The classroom on the real UI path: every lesson walked to its end with the keys a presenter
// uses, live values filled, the step animation, the compare speed-up, what-if ghosts, the
// critical batch, highlights and presentation mode.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>

#include "headless_ui.h"
#include "roofline/compare.h"
#include "roofline/io/lesson_io.h"
#include "roofline/sweep.h"
#include "roofline/ui/classroom.h"
#include "roofline/units.h"

namespace roofline::test {
namespace {

const PresetLibrary& lib() { return PresetLibrary::builtin(); }

// Frames until the step animation is over (0.6 s at 60 frames a second, with margin).
void settle(HeadlessUi& ui) {
  for (int i = 0; i < 120 && lesson_animating(ui.state); ++i) ui.frame();
  ASSERT_FALSE(lesson_animating(ui.state)) << "the animation never ended";
  ui.frame(2);
}

Scenario step_scenario(const Lesson& lesson, size_t index, bool revealed) {
  auto s =
      scenario_at_step(lesson, lib().default_scenario(), index, revealed, preset_resolver(lib()));
  EXPECT_TRUE(s) << s.error();
  return s ? s.value() : Scenario{};
}

void expect_filled(const FilledStep& f, const std::string& where) {
  for (const std::string* t : {&f.title, &f.text, &f.prompt, &f.explanation}) {
    EXPECT_EQ(t->find('{'), std::string::npos) << where << ": a placeholder is left in: " << *t;
  }
  for (const std::string& c : f.choices) EXPECT_EQ(c.find('{'), std::string::npos) << where;
}

const Lesson& lesson_named(HeadlessUi& ui, const std::string& id) {
  for (const Lesson& l : lesson_catalog(ui.state).lessons)
    if (l.id == id) return l;
  ADD_FAILURE() << "no lesson " << id;
  return lesson_catalog(ui.state).lessons.front();
}

TEST(Classroom, EveryLessonWalksToItsEndWithThePresentersKeys) {
  HeadlessUi ui(lib().default_scenario(), {1920, 1080});
  ui.frame(2);
  const LessonCatalog& catalog = lesson_catalog(ui.state);
  ASSERT_TRUE(catalog.errors.empty()) << catalog.errors.front();
  ASSERT_EQ(catalog.lessons.size(), 13u);
  ui.tap(key::f11);
  ASSERT_TRUE(ui.state.classroom.presentation);
  float nav_top = 0;  // the Back / Restart / Next row: the same place at every step
  for (const Lesson& lesson : catalog.lessons) {
    SCOPED_TRACE(lesson.id);
    start_lesson(ui.state, lesson);
    settle(ui);
    if (nav_top == 0) nav_top = ui.state.classroom.navigation_top_px;
    EXPECT_GT(nav_top, 0.7f * 1080) << "the step buttons sit at the panel's foot";
    for (size_t i = 0; i < lesson.steps.size(); ++i) {
      const std::string where = lesson.id + " step " + std::to_string(i + 1);
      EXPECT_EQ(ui.state.classroom.navigation_top_px, nav_top) << where;
      ASSERT_EQ(ui.state.classroom.run->step, i) << where;
      EXPECT_EQ(ui.state.doc, step_scenario(lesson, i, false)) << where;
      expect_filled(filled_step(ui.state), where);
      if (const auto& q = lesson.steps[i].question) {
        ui.tap(key::digit_1 + static_cast<int>(q->answer));  // answer with the digit key
        EXPECT_EQ(ui.state.classroom.run->choice, static_cast<int>(q->answer)) << where;
        ui.tap(key::space);  // reveal
        settle(ui);
        EXPECT_TRUE(ui.state.classroom.run->revealed) << where;
        EXPECT_EQ(ui.state.classroom.navigation_top_px, nav_top) << where << " revealed";
        EXPECT_EQ(ui.state.doc, step_scenario(lesson, i, true)) << where;
        expect_filled(filled_step(ui.state), where + " revealed");
      }
      ui.tap(key::right);
      settle(ui);
    }
    EXPECT_EQ(ui.state.classroom.run->step, lesson.steps.size() - 1) << "Right stops at the end";
  }
}

TEST(Classroom, NormalModeStepsWithPageDownAndDrawsThePanelBesideTheControls) {
  HeadlessUi ui(lib().default_scenario());
  ui.frame(2);
  const Lesson& lesson = lesson_named(ui, "batching");
  start_lesson(ui.state, lesson);
  settle(ui);
  for (size_t i = 1; i < lesson.steps.size(); ++i) {
    ui.tap(key::page_down);
    settle(ui);
    EXPECT_EQ(ui.state.classroom.run->step, i);
    EXPECT_EQ(ui.state.doc, step_scenario(lesson, i, false));
  }
  // Back / Restart / Next stay put whatever each step's text length (they moved from y 256 to
  // 417 to 469 when the panel took its content's height).
  const float nav_top = ui.state.classroom.navigation_top_px;
  EXPECT_GT(nav_top, 10 * kBaseFontPx) << "the panel was drawn";
  for (size_t i = lesson.steps.size(); i-- > 1;) {
    ui.tap(key::page_up);
    settle(ui);
    EXPECT_EQ(ui.state.classroom.navigation_top_px, nav_top) << "step " << i;
  }
}

TEST(Classroom, LiveValuesAreFilledFromTheCurrentAnalysis) {
  HeadlessUi ui(lib().default_scenario());
  ui.frame(2);
  const Lesson& lesson = lesson_named(ui, "why-decode-is-slow");
  start_lesson(ui.state, lesson, /*animate=*/false);
  ui.frame(2);
  const std::string text = filled_step(ui.state).text;
  // Each value's spaces do not break (a number stays with its unit when the text wraps).
  EXPECT_EQ(text, fill_template(lesson.steps[0].text, ui.state.doc, analyze(ui.state.doc),
                                kNoBreakSpace));
  // H100 SXM, Llama 3 8B, batch 1, 1,024 tokens of context, bf16: 4.52 ms a step.
  EXPECT_NE(text.find("takes 4.52\u00a0ms"), std::string::npos) << text;
  EXPECT_NE(text.find("batch 1)"), std::string::npos) << text;
  // The learner moves a slider: the text follows.
  ui.state.doc.batch = 64;
  ui.frame();
  const std::string after = filled_step(ui.state).text;
  EXPECT_NE(after.find("batch 64)"), std::string::npos) << after;
  EXPECT_EQ(after, fill_template(lesson.steps[0].text, ui.state.doc, analyze(ui.state.doc),
                                 kNoBreakSpace));
}

TEST(Classroom, StepChangesAnimateAndAreOneUndoStep) {
  HeadlessUi ui(lib().default_scenario());
  ui.frame(2);
  const Lesson& lesson = lesson_named(ui, "why-decode-is-slow");
  start_lesson(ui.state, lesson, false);
  go_to_step(ui.state, 3, false);  // batch 1
  ui.frame(2);
  ASSERT_EQ(ui.state.doc.batch, 1);
  const size_t depth = ui.state.history.undo_depth();
  ASSERT_TRUE(lesson_next(ui.state));  // step 5: batch 64, compute back to 100%
  ASSERT_TRUE(lesson_animating(ui.state));
  ui.frame(18);  // 0.3 s of 0.6 s: halfway in log space, eased
  EXPECT_GT(ui.state.doc.batch, 1);
  EXPECT_LT(ui.state.doc.batch, 64);
  EXPECT_EQ(ui.state.history.undo_depth(), depth) << "no undo step mid-animation";
  settle(ui);
  EXPECT_EQ(ui.state.doc.batch, 64);
  EXPECT_EQ(ui.state.doc.compute_efficiency, 1.0);
  EXPECT_EQ(ui.state.history.undo_depth(), depth + 1) << "the whole move is one undo step";
}

TEST(Classroom, CompareShowsTheSpeedUpOfTheStep) {
  Scenario doc = lib().default_scenario();  // H100 SXM, decode batch 1: memory-bound
  doc.compare_gpu = lib().gpu("h200").value();
  HeadlessUi ui(doc);
  ui.frame(3);
  const TextLabel* label = ui.state.view.geometry.find_text("compare:speedup");
  ASSERT_NE(label, nullptr);
  const double ratio =
      chart_data(ui.state).analysis.totals.time_s / chart_data(ui.state).compare->totals.time_s;
  EXPECT_DOUBLE_EQ(ratio, compare(ui.state.doc, *doc.compare_gpu).speedup);
  // A memory-bound step speeds up by the bandwidth ratio: 4.8 / 3.35 TB/s = 1.43.
  EXPECT_NEAR(ratio, 4.8 / 3.35, 0.01);
  char expected[32];
  std::snprintf(expected, sizeof expected, "%.2f\u00d7 faster step", ratio);
  EXPECT_NE(label->text.find(expected), std::string::npos) << label->text;
  EXPECT_EQ(label->text.rfind("H200", 0), 0u) << label->text;
  EXPECT_NE(ui.state.view.geometry.find_line("compare:roof:bf16"), nullptr);
  EXPECT_NE(ui.state.view.geometry.find_marker("compare:group:fc"), nullptr);
  EXPECT_EQ(label->text.find("not fitted"), std::string::npos) << label->text;
}

// Under the H100 calibration a B200 compare's expected time is a guess: the speed-up says so.
TEST(Classroom, ACompareGpuTheCalibrationWasNotFittedForIsSaid) {
  Scenario doc = lib().default_scenario();
  doc.calibration = lib().calibration("h100-cuda-graphs").value();
  doc.compare_gpu = lib().gpu("b200").value();
  HeadlessUi ui(doc, {1920, 1080});
  ui.frame(3);
  const TextLabel* label = ui.state.view.geometry.find_text("compare:speedup");
  ASSERT_NE(label, nullptr);
  EXPECT_NE(label->text.find(": ~"), std::string::npos) << label->text;
  EXPECT_NE(label->text.find("faster step (calibration not fitted for it)"), std::string::npos)
      << label->text;
}

TEST(Classroom, PinnedGhostsJoinOldAndNewPositionsWithArrows) {
  HeadlessUi ui(lib().default_scenario());
  ui.frame(3);
  const Marker before = *ui.state.view.geometry.find_marker("group:fc");
  ui.tap(key::g);
  ASSERT_FALSE(ui.state.classroom.ghosts.empty());
  ui.state.doc.batch = 64;
  ui.frame(3);
  const PlotGeometry& g = ui.state.view.geometry;
  const Marker* ghost = g.find_marker("ghost:group:fc");
  const Marker* now = g.find_marker("group:fc");
  const Polyline* arrow = g.find_line("ghost:arrow:group:fc");
  ASSERT_NE(ghost, nullptr);
  ASSERT_NE(now, nullptr);
  ASSERT_NE(arrow, nullptr);
  // The ghost sits where batch 1 put the dot (the axes kept: batch moves along the trail).
  const Vec2 old_px = data_to_px(ui.state.view.plot, before.x_value, before.y_value);
  EXPECT_NEAR(ghost->center.x, old_px.x, 0.01);
  EXPECT_NEAR(ghost->center.y, old_px.y, 0.01);
  EXPECT_DOUBLE_EQ(ghost->x_value, analyze(lib().default_scenario()).fc.intensity);
  // The arrow leaves the ghost towards the new dot: 64× the intensity, further right and up,
  // bowing out below the roof it would otherwise hide under (above it is the region the chart
  // says nothing reaches).
  const Vec2 a = arrow->points.front(), b = arrow->points.back();
  const double to_ghost = std::hypot(a.x - ghost->center.x, a.y - ghost->center.y);
  const double to_dot = std::hypot(b.x - now->center.x, b.y - now->center.y);
  EXPECT_LT(to_ghost, 1.5 * ghost->radius_px + 0.5 * kBaseFontPx);
  EXPECT_LT(to_dot, 1.5 * now->radius_px + 0.5 * kBaseFontPx);
  EXPECT_GT(b.x, a.x);
  EXPECT_LT(b.y, a.y);
  const Vec2 mid = arrow->points[arrow->points.size() / 2];
  EXPECT_GT(mid.y, (a.y + b.y) / 2 + 0.5 * kBaseFontPx) << "it bows out below the roof";
  EXPECT_NE(g.find_line("ghost:arrowhead:group:fc"), nullptr);
  // The ghosts say what they were, beside the fc ghost and in the legend.
  const TextLabel* said = g.find_text("label:ghost:group:fc");
  ASSERT_NE(said, nullptr);
  EXPECT_EQ(said->text, "batch 1");
  const LegendEntry* row = ui.legend_entry("ghosts");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->label, "pinned: batch 1");
  ui.tap(key::g, /*shift=*/true);
  ui.frame();
  EXPECT_EQ(ui.state.view.geometry.find_marker("ghost:group:fc"), nullptr);
}

TEST(Classroom, LessonStepWithPinGhostsShowsWhereTheDotsWere) {
  HeadlessUi ui(lib().default_scenario());
  ui.frame(2);
  const Lesson& lesson = lesson_named(ui, "why-decode-is-slow");
  ASSERT_TRUE(lesson.steps[4].pin_ghosts);
  start_lesson(ui.state, lesson, false);
  go_to_step(ui.state, 4, false);
  ui.frame(3);
  // Pinned at step 4 revealed (compute at 50%, batch 1): fc did not move sideways, batch did.
  const Marker* ghost = ui.state.view.geometry.find_marker("ghost:group:fc");
  ASSERT_NE(ghost, nullptr);
  EXPECT_DOUBLE_EQ(ghost->x_value, analyze(step_scenario(lesson, 3, true)).fc.intensity);
  EXPECT_NE(ui.state.view.geometry.find_line("ghost:arrow:group:fc"), nullptr);
  // The ghosts' label names what moved the dots (the batch), not the compute roof the step set
  // back, which moved none of them (issue 28: it read "compute efficiency 50 %" under a roof at
  // 100 %).
  EXPECT_EQ(ghosts_caption(ui.state), describe_for_reader({ChangeKey::batch, int64_t{1}}));
  lesson_next(ui.state);  // the next step pins nothing: the ghosts go
  settle(ui);
  EXPECT_EQ(ui.state.view.geometry.find_marker("ghost:group:fc"), nullptr);
}

// On a projector a revealed answer may fall below the panel's fold (issue 28: the explanation,
// even "Right.", at 1280x720): Reveal scrolls the step's text to it.
TEST(Classroom, RevealScrollsTheAnswerIntoView) {
  HeadlessUi ui(lib().default_scenario(), {1280, 720});
  set_presentation(ui.state, true);
  ui.frame(2);
  const Lesson& lesson = lesson_named(ui, "batching");
  start_lesson(ui.state, lesson, false);
  go_to_step(ui.state, 5, false);  // step 6: a question with a long explanation
  ASSERT_TRUE(lesson.steps[5].question);
  ui.frame(3);
  auto step_text = [] {
    for (const ImGuiWindow* w : ImGui::GetCurrentContext()->Windows)
      if (std::string_view(w->Name).find("step_text") != std::string_view::npos) return w;
    return static_cast<const ImGuiWindow*>(nullptr);
  };
  ASSERT_NE(step_text(), nullptr);
  EXPECT_EQ(step_text()->Scroll.y, 0.0f) << "before the reveal, the step's own text shows";
  ASSERT_TRUE(lesson_reveal(ui.state, false));
  ui.frame(4);
  const ImGuiWindow* w = step_text();
  ASSERT_GT(w->ScrollMax.y, 0.0f) << "the answer must be below the fold for this test";
  EXPECT_EQ(w->Scroll.y, w->ScrollMax.y) << "scrolled to the end of the answer";
  EXPECT_EQ(ui.state.classroom.scroll_to_answer, 0) << "and done scrolling";
}

TEST(Classroom, TheCriticalBatchIsMarkedOnTheTrail) {
  HeadlessUi ui(lib().default_scenario());
  ui.frame(3);
  const auto critical = critical_value(ui.state.doc, SweepParam::batch, kMaxBatch);
  ASSERT_TRUE(critical);
  const Marker* m = ui.state.view.geometry.find_marker("critical");
  ASSERT_NE(m, nullptr);
  Scenario at = ui.state.doc;
  at.batch = *critical;
  const Analysis a = analyze(at);
  EXPECT_DOUBLE_EQ(m->x_value, a.fc.intensity);
  EXPECT_GE(a.fc.intensity, a.ridge_point);
  at.batch = *critical - 1;
  EXPECT_LT(analyze(at).fc.intensity, a.ridge_point) << "the smallest such batch";
  const TextLabel* label = ui.state.view.geometry.find_text("label:critical");
  ASSERT_NE(label, nullptr);
  EXPECT_EQ(label->text, "critical B = " + format_count(static_cast<double>(*critical)));
}

TEST(Classroom, HighlightsRingTheStepsDotsAndDimTheOthers) {
  HeadlessUi ui(lib().default_scenario());
  ui.frame(2);
  const Lesson& lesson = lesson_named(ui, "why-decode-is-slow");
  start_lesson(ui.state, lesson, false);
  go_to_step(ui.state, 2, false);  // highlight: group:fc, ridge
  ui.frame(3);
  const PlotGeometry& g = ui.state.view.geometry;
  EXPECT_NE(g.find_marker("highlight:group:fc"), nullptr);
  EXPECT_NE(g.find_marker("highlight:ridge"), nullptr);
  EXPECT_EQ(g.find_marker("highlight:group:attention"), nullptr);
  const Marker* fc = g.find_marker("group:fc");
  const Marker* attention = g.find_marker("group:attention");
  ASSERT_NE(fc, nullptr);
  ASSERT_NE(attention, nullptr);
  EXPECT_EQ(fc->fill.a, 255);
  EXPECT_LT(attention->fill.a, 100) << "not highlighted: dimmed";
}

TEST(Classroom, PresentationModeScalesTheFontsAndLeavesWithEscape) {
  HeadlessUi ui(lib().default_scenario(), {1920, 1080});
  ui.frame(2);
  const float normal = ImGui::GetFontSize();
  ui.tap(key::f11);
  ui.frame();
  EXPECT_TRUE(ui.state.classroom.presentation);
  EXPECT_FLOAT_EQ(ImGui::GetFontSize(), std::round(kBaseFontPx * kPresentationScale));
  EXPECT_GT(ImGui::GetFontSize(), normal);
  EXPECT_EQ(ui.state.ui.applied_theme, "projector");
  // Without a lesson the arrows do nothing; with one they step.
  start_lesson(ui.state, lesson_named(ui, "ridge-point"));
  settle(ui);
  ui.tap(key::right);
  settle(ui);
  EXPECT_EQ(ui.state.classroom.run->step, 1u);
  ui.tap(key::left);
  settle(ui);
  EXPECT_EQ(ui.state.classroom.run->step, 0u);
  ui.tap(key::escape);
  ui.frame();
  EXPECT_FALSE(ui.state.classroom.presentation);
  EXPECT_FLOAT_EQ(ImGui::GetFontSize(), normal);
  EXPECT_EQ(ui.state.ui.applied_theme, "light");
}

TEST(Classroom, ClickingTheFcDotWithoutDraggingSelectsIt) {
  HeadlessUi ui(lib().default_scenario());
  ui.frame(3);
  const ImVec2 c = ui.marker_screen_pos("group:fc");
  ui.click({std::floor(c.x), std::floor(c.y)});
  ui.frame();
  EXPECT_EQ(ui.state.view.plot.selected_id, "group:fc");
  EXPECT_EQ(ui.state.doc.batch, 1) << "a click is no drag";
}

TEST(Classroom, DotLabelsCanSayTheirShareOfPeak) {
  HeadlessUi ui(lib().default_scenario());
  ui.state.view.plot.label_percent_of_peak = true;
  ui.frame(3);
  const TextLabel* fc = ui.state.view.geometry.find_text("label:group:fc");
  ASSERT_NE(fc, nullptr);
  // Batch 1 decode: fc moves 2 bytes per multiply-add, so it reaches 3.35 TB/s × 1 FLOP/B of
  // the 989 TFLOP/s peak: 0.339%.
  EXPECT_EQ(fc->text, "fc \u00b7 0.339% of peak");
}

TEST(Classroom, FormulaCardsDrawForEveryGroupAndAnOp) {
  HeadlessUi ui(lib().default_scenario());
  ui.frame(2);
  for (const char* id : {"group:fc", "group:attention", "group:elementwise", "group:step",
                         "op:q_proj", "op:attention", "op:no_such_op"}) {
    ui.state.view.plot.selected_id = id;
    ui.frame(2);
    EXPECT_EQ(ui.state.view.plot.selected_id, id);
  }
}

}  // namespace
}  // namespace roofline::test
