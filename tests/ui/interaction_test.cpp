// Scripted mouse and keyboard on the real UI: dragging dots, undo / redo, legend clicks,
// zoom and fit.

#include <gtest/gtest.h>

#include <cmath>

#include "headless_ui.h"
#include "roofline/plot/roofline_plot.h"

namespace roofline::test {
namespace {

const PresetLibrary& lib() { return PresetLibrary::builtin(); }

// Presses on a marker's centre, moves right by `dx` in `steps` frames, releases.
void drag_marker(HeadlessUi& ui, const std::string& id, float dx, int steps) {
  const ImVec2 start = ui.marker_screen_pos(id);
  ASSERT_GE(start.x, 0) << id << " is not drawn";
  ui.move_to(start);
  ui.press();
  for (int i = 1; i <= steps; ++i)
    ui.move_to({start.x + dx * static_cast<float>(i) / static_cast<float>(steps), start.y});
  ui.release();
  ui.frame(2);
}

TEST(Interaction, DraggingTheFcDotSetsTheBatchAndUndoRestoresIt) {
  HeadlessUi ui(lib().default_scenario());
  ui.frame(3);
  ASSERT_EQ(ui.state.doc.batch, 1);
  const Scenario before = ui.state.doc;
  // ImGui floors mouse positions: press on the pixel holding the dot's centre.
  const ImVec2 centre = ui.marker_screen_pos("group:fc");
  const ImVec2 start{std::floor(centre.x), std::floor(centre.y)};
  const double start_x = ui.state.view.geometry.find_marker("group:fc")->center.x;
  // The drag keeps the dot's offset from the mouse, so the dot lands 300 px to the right: on the
  // chart's log x axis.
  const double target = x_axis(ui.state.view.plot).from_px(start_x + 300);
  const int64_t expected = value_for_fc_intensity(before, target).value();
  ASSERT_GT(expected, 16) << "300 px right of batch 1 is more than a decade of batch";

  ui.move_to(start);
  ui.press();
  ui.move_to({start.x + 150, start.y});
  const int64_t midway = ui.state.doc.batch;
  EXPECT_GT(midway, 1) << "the batch follows the mouse every frame, not at release";
  EXPECT_FALSE(ui.state.history.can_undo()) << "no history step in the middle of a drag";
  ui.move_to({start.x + 300, start.y});
  ui.release();
  ui.frame(2);

  EXPECT_EQ(ui.state.doc.batch, expected);
  EXPECT_LT(midway, expected);
  // The dot was redrawn under the mouse: its intensity is the batch's.
  EXPECT_DOUBLE_EQ(ui.state.view.geometry.find_marker("group:fc")->x_value,
                   analyze(ui.state.doc).fc.intensity);
  EXPECT_EQ(ui.state.history.undo_depth(), 1u) << "one completed drag is one undo step";

  ui.shortcut(key::z);
  EXPECT_EQ(ui.state.doc.batch, 1);
  ui.shortcut(key::z, /*shift=*/true);
  EXPECT_EQ(ui.state.doc.batch, expected);
  ui.shortcut(key::z);
  ui.shortcut(key::y);
  EXPECT_EQ(ui.state.doc.batch, expected);
}

// Expected mode: the fc dot sits below its bound but drags the batch all the same (at the
// default window size, where the legend does not cover it).
TEST(Interaction, TheExpectedFcDotDragsTheBatch) {
  Scenario s = lib().default_scenario();
  s.calibration = lib().calibration("h100-cuda-graphs").value();
  HeadlessUi ui(s, {1600, 1000});
  ASSERT_EQ(ui.state.view.hovered_id, "");
  ui.frame(3);
  const ImVec2 centre = ui.marker_screen_pos("group:fc");
  ui.move_to({std::floor(centre.x), std::floor(centre.y)});
  ui.press();
  ui.move_to({std::floor(centre.x) + 200, std::floor(centre.y)});
  ui.release();
  ui.frame(2);
  EXPECT_GT(ui.state.doc.batch, 2);
  EXPECT_TRUE(ui.state.doc.calibration);
}

TEST(Interaction, DragClampsToTheValidBatchRange) {
  HeadlessUi ui(lib().default_scenario());
  ui.frame(3);
  drag_marker(ui, "group:fc", -300, 6);  // left of batch 1
  EXPECT_EQ(ui.state.doc.batch, 1);
  EXPECT_FALSE(ui.state.history.can_undo()) << "nothing changed, nothing recorded";
}

TEST(Interaction, PrefillFcAndAttentionDragsSetThePromptLength) {
  Scenario doc = lib().default_scenario();
  doc.phase = Phase::prefill;
  doc.seq = 64;
  HeadlessUi ui(doc);
  ui.frame(3);
  drag_marker(ui, "group:fc", 80, 4);
  EXPECT_GT(ui.state.doc.seq, 64);
  EXPECT_EQ(ui.state.doc.batch, 1);
  const int64_t after_fc = ui.state.doc.seq;
  drag_marker(ui, "group:attention", -60, 4);
  EXPECT_LT(ui.state.doc.seq, after_fc);
  EXPECT_EQ(ui.state.history.undo_depth(), 2u);
}

TEST(Interaction, DecodeAttentionDotStaysAndExplainsWhy) {
  HeadlessUi ui(lib().default_scenario());
  ui.frame(3);
  drag_marker(ui, "group:attention", 150, 5);
  EXPECT_EQ(ui.state.doc.batch, 1);
  EXPECT_EQ(ui.state.doc.seq, 1024);
  EXPECT_TRUE(ui.state.view.attention_hint);
  EXPECT_FALSE(ui.state.history.can_undo());
  // The note follows one GPU's heads: replicated KV heads at tp 16, an MLA model at tp 8.
  ui.state.doc.tp = 16;
  ui.frame(2);
  ui.state.doc.model = lib().model("deepseek-v3").value();
  ui.state.doc.tp = 8;
  ui.frame(2);
  EXPECT_TRUE(ui.state.view.attention_hint);
}

TEST(Interaction, LegendClickHidesASeriesAndClickingAgainShowsIt) {
  HeadlessUi ui(lib().default_scenario());
  ui.frame(3);
  ASSERT_NE(ui.state.view.geometry.find_marker("group:attention"), nullptr);
  const LegendEntry* entry = ui.legend_entry("group:attention");
  ASSERT_NE(entry, nullptr);
  const Vec2 c = entry->hit_box.center();
  const ImVec2 at{ui.state.view.canvas_origin.x + static_cast<float>(c.x),
                  ui.state.view.canvas_origin.y + static_cast<float>(c.y)};
  ui.click(at);
  ui.frame(2);
  EXPECT_FALSE(ui.state.chart.show_attention);
  EXPECT_EQ(ui.state.view.geometry.find_marker("group:attention"), nullptr);
  EXPECT_FALSE(ui.state.history.can_undo()) << "view toggles are not workload undo steps";
  ui.move_to({at.x + 1, at.y});  // a new click, not a double-click
  ui.frame(30);
  ui.click(at);
  ui.frame(2);
  EXPECT_TRUE(ui.state.chart.show_attention);
  EXPECT_NE(ui.state.view.geometry.find_marker("group:attention"), nullptr);
}

// A point of the plot area with nothing under it (no dot, line or legend row).
Vec2 empty_point(const HeadlessUi& ui) {
  const PlotGeometry& g = ui.state.view.geometry;
  const Rect area = g.plot_area;
  for (double fy = 0.1; fy < 0.95; fy += 0.05) {
    for (double fx = 0.1; fx < 0.95; fx += 0.05) {
      const Vec2 p{area.x0 + fx * area.width(), area.y0 + fy * area.height()};
      if (hit_test(g, p, 20).empty() && !g.legend.box.contains(p)) return p;
    }
  }
  ADD_FAILURE() << "no empty point on the chart";
  return area.center();
}

TEST(Interaction, WheelZoomsAboutTheCursorAndDoubleClickFits) {
  HeadlessUi ui(lib().default_scenario());
  ui.frame(3);
  const PlotView fitted = ui.state.view.plot;
  const Vec2 local = empty_point(ui);
  // ImGui floors mouse positions: zoom about a whole pixel.
  const ImVec2 screen{std::floor(ui.state.view.canvas_origin.x + static_cast<float>(local.x)),
                      std::floor(ui.state.view.canvas_origin.y + static_cast<float>(local.y))};
  const Vec2 pixel{screen.x - ui.state.view.canvas_origin.x,
                   screen.y - ui.state.view.canvas_origin.y};
  const Vec2 data_before = px_to_data(ui.state.view.plot, pixel);
  ui.move_to(screen);
  ui.wheel(2);
  const PlotView& zoomed = ui.state.view.plot;
  EXPECT_NEAR(zoomed.x_max / zoomed.x_min, std::pow(fitted.x_max / fitted.x_min, 1 / 1.5625),
              1e-6 * zoomed.x_max / zoomed.x_min);
  const Vec2 data_after = px_to_data(zoomed, pixel);
  EXPECT_NEAR(data_after.x / data_before.x, 1.0, 1e-9);
  EXPECT_NEAR(data_after.y / data_before.y, 1.0, 1e-9);
  EXPECT_FALSE(ui.state.view.auto_fit);
  // Zoomed: the chart says so, with a button that fits it again.
  auto zoom_button_shown = [&] {
    ui.frame();
    for (const std::string& line : ui.window_text_lines("##chart_tools"))
      if (line.find("Zoomed") != std::string::npos) return true;
    return false;
  };
  EXPECT_TRUE(zoom_button_shown());

  ui.press();
  ui.release();
  ui.press();
  ui.release();
  EXPECT_TRUE(ui.state.view.auto_fit);
  EXPECT_FALSE(zoom_button_shown());
  EXPECT_DOUBLE_EQ(ui.state.view.plot.x_min, fitted.x_min);
  EXPECT_DOUBLE_EQ(ui.state.view.plot.x_max, fitted.x_max);
}

// Clicked, the chart takes the keyboard: ← → the batch and ↓ ↑ the context by powers of two,
// + and - zoom about the plot's centre, Tab gives the keyboard back to the controls (after
// which the arrows leave the workload alone). Each nudge is one undo step.
TEST(Interaction, TheClickedChartNudgesByPowersOfTwoAndZoomsWithPlusAndMinus) {
  HeadlessUi ui(lib().default_scenario());
  ui.frame(3);
  EXPECT_FALSE(ui.state.view.chart_focused);
  auto keyboard_in = [](const char* part) {
    const ImGuiWindow* w = ImGui::GetCurrentContext()->NavWindow;
    return w != nullptr && std::string_view(w->Name).find(part) != std::string_view::npos;
  };
  EXPECT_TRUE(keyboard_in("controls")) << "the keyboard starts in the controls: Tab walks them";
  ui.tap(key::right);
  EXPECT_EQ(ui.state.doc.batch, 1) << "arrows do nothing to the chart before it is clicked";
  const Vec2 local = empty_point(ui);
  ui.click({ui.state.view.canvas_origin.x + static_cast<float>(local.x),
            ui.state.view.canvas_origin.y + static_cast<float>(local.y)});
  ui.frame(2);
  EXPECT_TRUE(ui.state.view.chart_focused);
  ui.tap(key::right);
  EXPECT_EQ(ui.state.doc.batch, 2);
  ui.tap(key::right);
  ui.tap(key::right);
  EXPECT_EQ(ui.state.doc.batch, 8);
  ui.tap(key::left);
  EXPECT_EQ(ui.state.doc.batch, 4);
  ui.tap(key::up);
  EXPECT_EQ(ui.state.doc.seq, 2048);
  ui.tap(key::down);
  ui.tap(key::down);
  EXPECT_EQ(ui.state.doc.seq, 512);
  ui.frame(2);
  EXPECT_EQ(ui.state.history.undo_depth(), 7u);
  ui.shortcut(key::z);
  EXPECT_EQ(ui.state.doc.seq, 1024);

  // + (Shift+=) zooms in by one wheel notch (1.25 per axis), - zooms out again.
  ui.frame(2);
  const PlotView before = ui.state.view.plot;
  ui.tap(key::equal, /*shift=*/true);
  const PlotView& zoomed = ui.state.view.plot;
  EXPECT_NEAR(std::log(zoomed.x_max / zoomed.x_min), std::log(before.x_max / before.x_min) / 1.25,
              1e-9);
  EXPECT_FALSE(ui.state.view.auto_fit);
  ui.tap(key::minus);
  EXPECT_NEAR(ui.state.view.plot.x_max / before.x_max, 1.0, 1e-9);
  EXPECT_NEAR(ui.state.view.plot.x_min / before.x_min, 1.0, 1e-9);

  ui.tap(key::tab);
  ui.frame(2);
  EXPECT_FALSE(ui.state.view.chart_focused);
  EXPECT_TRUE(keyboard_in("controls"));
  const int64_t batch = ui.state.doc.batch;
  ui.tap(key::right);
  EXPECT_EQ(ui.state.doc.batch, batch);
}

// Tab at start walks the controls at once (it did nothing until a panel was clicked): the first
// Tab gives the batch slider the keyboard as a text field, and typing 64 and Enter sets it.
TEST(Interaction, TabAtStartEditsTheFirstField) {
  HeadlessUi ui(lib().default_scenario());
  ui.frame(3);
  EXPECT_FALSE(ImGui::GetIO().WantTextInput);
  ui.tap(key::tab);
  ui.frame();
  EXPECT_TRUE(ImGui::GetIO().WantTextInput) << "a field has the keyboard after one Tab";
  // The field opens with its text selected (ImGui's slider text input): typing replaces it.
  ImGui::GetIO().AddInputCharactersUTF8("64");
  ui.frame();
  ui.tap(key::enter);
  ui.frame(2);
  EXPECT_EQ(ui.state.doc.batch, 64);
}

// Axis ranges grew but never shrank: batch 1,000,000 then undo kept the x axis out to 10k, and
// closing a compare with the L4 left y down to 100G (exports inherited both).
TEST(Interaction, TheAxesShrinkBackAfterAnUndoAndAClosedCompare) {
  HeadlessUi ui(lib().default_scenario());
  ui.frame(3);
  const PlotView fitted = ui.state.view.plot;
  ui.state.doc.batch = 1'000'000;
  ui.frame(3);
  EXPECT_GT(ui.state.view.plot.x_max, 4 * fitted.x_max) << "the axes grow to show the dots";
  ui.shortcut(key::z);
  ui.frame(2);
  ASSERT_EQ(ui.state.doc.batch, 1);
  EXPECT_DOUBLE_EQ(ui.state.view.plot.x_max, fitted.x_max);
  EXPECT_DOUBLE_EQ(ui.state.view.plot.x_min, fitted.x_min);

  ui.state.doc.compare_gpu = lib().gpu("l4").value();
  ui.frame(3);
  EXPECT_LT(ui.state.view.plot.y_min, fitted.y_min) << "the L4's dots sit lower";
  ui.state.doc.compare_gpu.reset();
  ui.frame(3);
  EXPECT_DOUBLE_EQ(ui.state.view.plot.y_min, fitted.y_min);
  EXPECT_DOUBLE_EQ(ui.state.view.plot.y_max, fitted.y_max);
}

// While a button is held (a slider drag), the axes do not shrink under the mouse: after it.
TEST(Interaction, TheAxesWaitForTheMouseButtonBeforeShrinking) {
  HeadlessUi ui(lib().default_scenario());
  ui.frame(3);
  const PlotView fitted = ui.state.view.plot;
  ui.state.doc.batch = 1'000'000;
  ui.frame(3);
  const double grown = ui.state.view.plot.x_max;
  ui.move_to({1275, 797});  // the status line's empty end: a press that hits no widget
  ui.press();
  ui.state.doc.batch = 1;
  ui.frame(3);
  EXPECT_DOUBLE_EQ(ui.state.view.plot.x_max, grown);
  ui.release();
  ui.frame(2);
  EXPECT_DOUBLE_EQ(ui.state.view.plot.x_max, fitted.x_max);
}

TEST(Interaction, SliderChangeIsOneUndoStepAfterTheWidgetIsReleased) {
  HeadlessUi ui(lib().default_scenario());
  ui.frame(3);
  ui.state.doc.batch = 32;  // as a slider would, while it is held
  ui.frame(1);
  EXPECT_EQ(ui.state.history.undo_depth(), 1u);
  ui.shortcut(key::z);
  EXPECT_EQ(ui.state.doc.batch, 1);
  EXPECT_TRUE(ui.state.history.can_redo());
}

}  // namespace
}  // namespace roofline::test

namespace roofline::test {
namespace {

TEST(Interaction, RightDragPansTheContentWithTheMouse) {
  HeadlessUi ui(PresetLibrary::builtin().default_scenario());
  ui.frame(3);
  const ImVec2 o = ui.state.view.canvas_origin;
  const Rect area = ui.state.view.geometry.plot_area;
  const ImVec2 start{std::floor(o.x + static_cast<float>(area.center().x)),
                     std::floor(o.y + static_cast<float>(area.center().y))};
  const Vec2 local{start.x - o.x, start.y - o.y};
  const Vec2 grabbed = px_to_data(ui.state.view.plot, local);
  ui.move_to(start);
  ui.press(1);
  ui.move_to({start.x + 20, start.y + 10});
  ui.move_to({start.x + 40, start.y + 20});
  ui.release(1);
  // The data point that was under the mouse moved with it.
  const Vec2 now = px_to_data(ui.state.view.plot, {local.x + 40, local.y + 20});
  EXPECT_NEAR(now.x / grabbed.x, 1.0, 1e-9);
  EXPECT_NEAR(now.y / grabbed.y, 1.0, 1e-9);
  EXPECT_FALSE(ui.state.view.auto_fit);
  EXPECT_EQ(ui.state.doc.batch, 1) << "a right-drag is not a dot drag";
}

TEST(Interaction, DraggingTheSplitterResizesTheControlPanelInEm) {
  HeadlessUi ui(PresetLibrary::builtin().default_scenario());
  ui.frame(3);
  const float em = ImGui::GetFontSize();
  const float before_w = ui.state.ui.controls_width_em * em;
  // The splitter sits right of the panel, after the window padding.
  const ImVec2 grip{std::floor(ImGui::GetStyle().WindowPadding.x + before_w + 0.3f * em), 400};
  const float chart_x = ui.state.view.canvas_origin.x;
  ui.move_to(grip);
  ui.press();
  ui.move_to({grip.x + 30, grip.y});
  ui.move_to({grip.x + 60, grip.y});
  ui.release();
  ui.frame(1);
  EXPECT_NEAR(ui.state.ui.controls_width_em, (before_w + 60) / em, 1e-3);
  EXPECT_NEAR(ui.state.view.canvas_origin.x, chart_x + 60, 0.5);
}

// A window that grows (the web page's first frame comes before the browser's last resize)
// chooses the legend's corner again: the same corner as a window opened at that size, not the
// one kept from the smaller window (which keeps its corner while it covers no group dot). The
// app's default scenario, as the page opens it at 1280 x 713 and then 1280 x 800.
TEST(Interaction, ANewWindowSizeChoosesTheLegendCornerAgain) {
  const ScenarioFile opened = default_scenario_file(PresetLibrary::builtin());
  LegendPlace opened_at_800 = LegendPlace::best;
  {
    HeadlessUi fresh(opened, {1280, 800});
    fresh.frame(3);
    opened_at_800 = fresh.state.view.geometry.legend.place;
  }
  HeadlessUi resized(opened, {1280, 713});
  resized.frame(3);
  EXPECT_EQ(resized.state.view.geometry.legend.place, LegendPlace::upper_left);
  EXPECT_EQ(opened_at_800, LegendPlace::lower_right);
  ImGui::GetIO().DisplaySize = {1280, 800};
  resized.frame(3);
  EXPECT_EQ(resized.state.view.geometry.legend.place, LegendPlace::lower_right);
}

}  // namespace
}  // namespace roofline::test
