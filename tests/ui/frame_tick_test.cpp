// The real UI path, headless: frame_tick() over every preset, checking what the chart drew
// against the analysis it came from.

#include <gtest/gtest.h>

#include <cmath>

#include "headless_ui.h"
#include "roofline/plot/roofline_plot.h"

namespace roofline::test {
namespace {

const PresetLibrary& lib() { return PresetLibrary::builtin(); }

// The chart drew the fc dot where the analysis puts it, and the roof of the step's precision.
void expect_chart_matches_analysis(const HeadlessUi& ui) {
  const AppState& s = ui.state;
  const Analysis expected = analyze(s.doc);
  EXPECT_DOUBLE_EQ(chart_data(s).analysis.totals.time_s, expected.totals.time_s);
  const Marker* fc = s.view.geometry.find_marker("group:fc");
  ASSERT_NE(fc, nullptr) << s.doc.gpu.id << " / " << s.doc.model.id;
  EXPECT_DOUBLE_EQ(fc->x_value, expected.fc.intensity);
  EXPECT_DOUBLE_EQ(fc->y_value, expected.fc.achieved_flops);
  const Vec2 px = data_to_px(s.view.plot, expected.fc.intensity, expected.fc.achieved_flops);
  EXPECT_NEAR(fc->center.x, px.x, 1e-6);
  EXPECT_NEAR(fc->center.y, px.y, 1e-6);
  const std::string roof = "roof:" + std::string(to_string(expected.roof_precision));
  EXPECT_NE(s.view.geometry.find_line(roof), nullptr) << roof;
  // The canvas fills the chart panel and sits inside the window.
  EXPECT_GT(s.view.geometry.canvas_size.x, 400);
  EXPECT_GT(s.view.geometry.canvas_size.y, 200);
  EXPECT_GE(s.view.canvas_origin.x, 0);
  EXPECT_LE(s.view.canvas_origin.x + s.view.geometry.canvas_size.x, 1280.5);
}

TEST(FrameTick, HundredFramesWithEveryGpuPreset) {
  for (const PresetEntry& e : lib().gpus()) {
    Scenario doc = lib().default_scenario();
    doc.gpu = lib().gpu(e.id).value();
    HeadlessUi ui(doc);
    ui.frame(100);
    EXPECT_EQ(ui.state.ui.frame, 100u);
    EXPECT_EQ(ui.state.doc.gpu.id, e.id);
    if (resolve_roof(doc.gpu, Precision::bf16)) {
      expect_chart_matches_analysis(ui);
    } else {
      // Apple, A10G, DGX Spark at bf16: no roof is invented, no dot placed, no legend drawn.
      EXPECT_TRUE(chart_data(ui.state).analysis.ops.empty()) << e.id;
      EXPECT_EQ(ui.state.view.geometry.find_marker("group:fc"), nullptr) << e.id;
      EXPECT_FALSE(ui.state.view.geometry.legend.shown) << e.id;
    }
    EXPECT_FALSE(ui.state.history.can_undo()) << "frames alone must not record history";
  }
}

TEST(FrameTick, HundredFramesWithEveryModelPresetInBothPhases) {
  for (const PresetEntry& e : lib().models()) {
    for (Phase phase : {Phase::decode, Phase::prefill}) {
      Scenario doc = lib().default_scenario();
      doc.model = lib().model(e.id).value();
      doc.phase = phase;
      HeadlessUi ui(doc);
      ui.frame(100);
      EXPECT_EQ(ui.state.doc.model.id, e.id);
      expect_chart_matches_analysis(ui);
    }
  }
}

TEST(FrameTick, EveryExampleScenarioAndTheDarkThemeAtTwiceTheScale) {
  for (const PresetEntry& e : lib().scenarios()) {
    HeadlessUi ui(preset_scenario(lib(), e.id).value());
    ui.state.chart.theme = ChartTheme::dark;
    ui.state.ui.user_scale = 2.0f;
    ui.state.ui.fonts_dirty = true;
    ui.frame(10);
    expect_chart_matches_analysis(ui);
    // Fonts were re-rasterised at 2 × 15 px and the chart's em follows them.
    EXPECT_FLOAT_EQ(ImGui::GetFontSize(), 30.0f);
    EXPECT_DOUBLE_EQ(ui.state.view.plot.font_px, 30.0);
  }
}

TEST(FrameTick, AnalysisIsRecomputedOnlyWhenTheScenarioChanges) {
  HeadlessUi ui(lib().default_scenario());
  ui.frame(5);
  const uint64_t revision = ui.state.derived.revision();
  ui.frame(20);
  EXPECT_EQ(ui.state.derived.revision(), revision);
  ui.state.chart.theme = ChartTheme::dark;  // a view change: no new analysis
  ui.frame(2);
  EXPECT_EQ(ui.state.derived.revision(), revision);
  ui.state.doc.batch = 8;
  ui.frame(2);
  EXPECT_EQ(ui.state.derived.revision(), revision + 1);
  EXPECT_DOUBLE_EQ(chart_data(ui.state).analysis.totals.tokens_per_s,
                   analyze(ui.state.doc).totals.tokens_per_s);
}

TEST(FrameTick, SwitchingH100ToH200LiftsTheSlopeOnScreen) {
  HeadlessUi ui(lib().default_scenario());
  ui.frame(3);
  const Marker* before = ui.state.view.geometry.find_marker("group:fc");
  ASSERT_NE(before, nullptr);
  const double y_h100 = before->center.y;
  const double x_h100 = before->x_value;
  const double achieved_h100 = before->y_value;
  ui.state.doc.gpu = lib().gpu("h200").value();
  ui.frame(3);
  const Marker* after = ui.state.view.geometry.find_marker("group:fc");
  ASSERT_NE(after, nullptr);
  // Same intensity, 4.8 / 3.35 TB/s more attainable: the dot moves up (smaller y on screen).
  EXPECT_DOUBLE_EQ(after->x_value, x_h100);
  EXPECT_LT(after->center.y, y_h100 - 5);
  // Every fc op is memory-bound at batch 1: achieved FLOP/s scale with the bandwidth.
  const double bw_ratio = lib().gpu("h200").value().memory_bandwidth_bytes_per_s /
                          lib().gpu("h100-sxm").value().memory_bandwidth_bytes_per_s;
  EXPECT_NEAR(after->y_value / achieved_h100, bw_ratio, 1e-9);
}

}  // namespace
}  // namespace roofline::test
