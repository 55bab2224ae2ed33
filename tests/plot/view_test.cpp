#include <gtest/gtest.h>

#include <cmath>

#include "plot_fixtures.h"

namespace roofline {
namespace {

using testing::default_scenario;
using testing::fixed_view;

TEST(PlotArea, MarginsInEm) {
  // left: pad 0.7 + axis title 0.95 + gap 0.55 + labels 2.7 + gap 0.3 + tick 0.38 = 5.58 em;
  // top: pad 0.7 + 0.3; bottom: tick 0.38 + gap 0.3 + labels 0.85 + gap 0.55 + title 0.95 +
  // pad 0.7 = 3.73 em; right 1.7 em.
  const Rect r = plot_area_rect(fixed_view());
  EXPECT_NEAR(r.x0, 55.8, 1e-9);
  EXPECT_NEAR(r.y0, 10, 1e-9);
  EXPECT_NEAR(r.x1, 983, 1e-9);
  EXPECT_NEAR(r.y1, 662.7, 1e-9);
}

TEST(PlotArea, TitleAndCaptionPushTheTopDown) {
  PlotView v = fixed_view();
  v.show_title = true;
  v.show_caption = true;
  // 0.7 em pad + title 1.25 em × 1.3 + caption 0.85 em × 1.35 + 0.55 em gap.
  EXPECT_NEAR(plot_area_rect(v).y0, 7 + 16.25 + 11.475 + 5.5, 1e-9);
}

TEST(PlotArea, ScalesWithTheFont) {
  PlotView v = fixed_view();
  v.font_px = 20;
  const Rect r = plot_area_rect(v);
  EXPECT_NEAR(r.x0, 111.6, 1e-9);
  EXPECT_NEAR(r.y1, 700 - 74.6, 1e-9);
}

TEST(DataToPx, CornersAndInverse) {
  const PlotView v = fixed_view();
  const Vec2 lo = data_to_px(v, 0.1, 1e11);
  EXPECT_NEAR(lo.x, 55.8, 1e-9);
  EXPECT_NEAR(lo.y, 662.7, 1e-9);
  const Vec2 hi = data_to_px(v, 1e4, 1e16);
  EXPECT_NEAR(hi.x, 983, 1e-9);
  EXPECT_NEAR(hi.y, 10, 1e-9);
  const Vec2 back = px_to_data(v, data_to_px(v, 295.2, 989e12));
  EXPECT_NEAR(back.x / 295.2, 1, 1e-12);
  EXPECT_NEAR(back.y / 989e12, 1, 1e-12);
}

TEST(ZoomAbout, KeepsThePointUnderTheCursor) {
  for (Vec2 cursor : {Vec2{400, 300}, Vec2{60, 650}, Vec2{983, 10}, Vec2{700.5, 123.25}}) {
    PlotView v = fixed_view();
    const Vec2 before = px_to_data(v, cursor);
    zoom_about(v, cursor, 2.0);
    const Vec2 after = px_to_data(v, cursor);
    EXPECT_NEAR(after.x / before.x, 1, 1e-12);
    EXPECT_NEAR(after.y / before.y, 1, 1e-12);
    EXPECT_NEAR(std::log10(v.x_max / v.x_min), 2.5, 1e-12);  // 5 decades halved
    EXPECT_NEAR(std::log10(v.y_max / v.y_min), 2.5, 1e-12);
    zoom_about(v, cursor, 0.5);  // and back out
    EXPECT_NEAR(v.x_min / 0.1, 1, 1e-12);
    EXPECT_NEAR(v.y_max / 1e16, 1, 1e-12);
  }
}

TEST(ZoomAbout, StopsAtATenthOfADecade) {
  PlotView v = fixed_view();
  for (int i = 0; i < 40; ++i) zoom_about(v, {500, 300}, 1.5);
  EXPECT_GE(std::log10(v.x_max / v.x_min), 0.1 - 1e-12);
  EXPECT_LT(std::log10(v.x_max / v.x_min), 0.15);
}

TEST(Pan, ContentFollowsTheMouse) {
  PlotView v = fixed_view();
  const Vec2 grabbed = px_to_data(v, {400, 300});
  pan(v, {92.72, -65.27});  // a tenth of the area each way
  const Vec2 now = px_to_data(v, {400 + 92.72, 300 - 65.27});
  EXPECT_NEAR(now.x / grabbed.x, 1, 1e-12);
  EXPECT_NEAR(now.y / grabbed.y, 1, 1e-12);
  EXPECT_NEAR(v.x_min, std::pow(10.0, -1.5), 1e-12);  // 0.5 decade to the left
  EXPECT_NEAR(std::log10(v.y_min), 10.5, 1e-12);      // and down
}

TEST(FitView, ShowsEveryDotAndTheRidgeWithRoundLimits) {
  const Scenario s = default_scenario();
  const Analysis a = analyze(s);
  PlotView v = fixed_view();
  v.chart.show_ops = true;
  v = fit_view(v, a, s);
  for (double limit : {v.x_min, v.x_max, v.y_min, v.y_max}) {
    const double m = limit / std::pow(10.0, std::floor(std::log10(limit) + 1e-12));
    EXPECT_TRUE(std::abs(m - 1) < 1e-9 || std::abs(m - 2) < 1e-9 || std::abs(m - 5) < 1e-9)
        << limit;
  }
  EXPECT_LT(v.x_min, a.elementwise.intensity);
  EXPECT_GT(v.x_max, a.ridge_point);
  EXPECT_GT(v.y_max, 1979e12);  // the fp8 roof, shown as another precision
  for (const OpCost& op : a.ops) {
    if (!(op.bytes > 0)) continue;
    EXPECT_GT(op.intensity, v.x_min) << op.name;
    EXPECT_GT(op.flops / op.time_s, v.y_min) << op.name;
  }
}

// A paper column (252 x 180 at 8 px type): the ridge used to sit ~5 em from the right edge, too
// little for "compute-bound" or a roof's label; the fit keeps 8.5 em right of it.
TEST(FitView, KeepsRoomRightOfTheRidgeForItsLabels) {
  const Scenario s = default_scenario();
  const Analysis a = analyze(s);
  PlotView v = testing::paper_column_view();
  v = fit_view(v, a, s);
  const LogAxis x = x_axis(v);
  EXPECT_GE(x.px_hi - x.to_px(a.ridge_point), 8.5 * 8 - 1e-9);
  // And still at least two decades on x and three on y.
  EXPECT_GE(std::log10(v.x_max / v.x_min), 2 - 1e-9);
  EXPECT_GE(std::log10(v.y_max / v.y_min), 3 - 1e-9);
  // A wide window had the room already: its fit is as before, to 2k.
  PlotView wide = fixed_view();
  wide = fit_view(wide, a, s);
  EXPECT_NEAR(wide.x_max, 2000, 1e-9);
}

// Prefill with the elementwise dot hidden: every dot sits within a decade of the roof, and the
// y axis still spans three decades, so the slope reads as a slope.
TEST(FitView, AtLeastThreeDecadesOnY) {
  Scenario s = default_scenario();
  s.phase = Phase::prefill;
  const Analysis a = analyze(s);
  PlotView v = fixed_view();
  v.chart.show_elementwise = false;
  v.chart.show_caches = false;
  v.chart.show_other_roofs = false;
  v = fit_view(v, a, s);
  EXPECT_GE(std::log10(v.y_max / v.y_min), 3 - 1e-9);
}

TEST(ChartView, SeedsThePlotViewAndToggles) {
  ChartView chart;
  chart.show_ops = true;
  chart.show_trail = false;
  chart.x_min = 0.5;
  chart.x_max = 5000;
  chart.y_min = 1e12;
  chart.y_max = 2e15;
  PlotView v = plot_view_for(chart);
  EXPECT_TRUE(v.chart.show_ops);
  EXPECT_FALSE(v.chart.show_trail);
  EXPECT_EQ(v.x_min, 0.5);
  EXPECT_EQ(v.y_max, 2e15);
  EXPECT_TRUE(toggle_series(chart, "group:attention"));
  EXPECT_FALSE(chart.show_attention);
  EXPECT_TRUE(toggle_series(chart, "trail"));
  EXPECT_TRUE(chart.show_trail);
  EXPECT_FALSE(toggle_series(chart, "roof"));  // the active roof is always drawn
  EXPECT_EQ(chart.x_min, 0.5);
}

TEST(ChartView, EachLegendSeriesTogglesItsOwnFlagOnly) {
  for (const SeriesFlag& f : kSeriesFlags) {
    ChartView chart;
    const ChartView before = chart;
    ASSERT_TRUE(toggle_series(chart, f.series_id)) << f.series_id;
    EXPECT_NE(chart.*f.flag, before.*f.flag) << f.series_id;
    chart.*f.flag = before.*f.flag;
    EXPECT_EQ(chart, before) << f.series_id << " flipped another flag too";
  }
}

TEST(ChartView, AnAxisWithoutAValidSavedRangeKeepsTheBase) {
  ChartView chart;
  chart.x_min = 10;  // x_max missing
  chart.y_min = 5e15;
  chart.y_max = 1e12;  // reversed
  const PlotView v = plot_view_for(chart, fixed_view());
  EXPECT_EQ(v.x_min, fixed_view().x_min);
  EXPECT_EQ(v.y_max, fixed_view().y_max);
  EXPECT_FALSE(chart.has_axes());
}

}  // namespace
}  // namespace roofline
