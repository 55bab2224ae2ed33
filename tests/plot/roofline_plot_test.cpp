#include <gtest/gtest.h>

#include "text_box.h"

#include <cmath>

#include "plot_fixtures.h"
#include "roofline/plot/figure.h"
#include "roofline/units.h"

namespace roofline {
namespace {

using testing::default_scenario;
using testing::fixed_view;

PlotGeometry build(const Scenario& s, const PlotView& v, const Trail* trail = nullptr) {
  return build_roofline_plot(analyze(s), s, v, light_theme(), approximate_text_measure(), trail);
}

TEST(Roof, ActiveRoofIsThreeExactVerticesWithTheRidgeInTheMiddle) {
  const Scenario s = default_scenario();  // H100 SXM: 989 TFLOP/s bf16, 3.35 TB/s
  const PlotView v = fixed_view();
  const PlotGeometry g = build(s, v);
  const Polyline* roof = g.find_line("roof:bf16");
  ASSERT_NE(roof, nullptr);
  ASSERT_EQ(roof->points.size(), 3u);
  // The ridge, by hand: x = 55.8 + (log10(989/3.35) + 1) / 5 * 927.2,
  // y = 662.7 - (log10(989e12) - 11) / 5 * 652.7.
  const double ridge_x = 55.8 + (std::log10(989.0 / 3.35) + 1) / 5 * 927.2;
  const double ridge_y = 662.7 - (std::log10(989e12) - 11) / 5 * 652.7;
  EXPECT_NEAR(roof->points[1].x, ridge_x, 1e-9);
  EXPECT_NEAR(roof->points[1].y, ridge_y, 1e-9);
  const Vec2 transformed = data_to_px(v, 989e12 / 3.35e12, 989e12);
  EXPECT_NEAR(roof->points[1].x, transformed.x, 1e-9);
  EXPECT_NEAR(roof->points[1].y, transformed.y, 1e-9);
  // The slope starts where y = x · bandwidth enters the plot: at the bottom edge (1e11 / 3.35e12
  // = 0.02985 < 0.1, so at x = 0.1 the slope is at 3.35e11 > 1e11: the left edge).
  const Vec2 left = px_to_data(v, roof->points[0]);
  EXPECT_NEAR(roof->points[0].x, 55.8, 1e-9);
  EXPECT_NEAR(left.y / left.x, 3.35e12, 3.35e12 * 1e-12);
  // Flat to the right edge at the peak.
  EXPECT_NEAR(roof->points[2].x, 983, 1e-9);
  EXPECT_DOUBLE_EQ(roof->points[2].y, roof->points[1].y);
}

TEST(Roof, StaysExactWhenZoomedFarIn) {
  const Scenario s = default_scenario();
  PlotView v = fixed_view();
  v.x_min = 250;
  v.x_max = 350;
  v.y_min = 8e14;
  v.y_max = 1.2e15;
  const PlotGeometry g = build(s, v);
  const Polyline* roof = g.find_line("roof:bf16");
  ASSERT_NE(roof, nullptr);
  ASSERT_EQ(roof->points.size(), 3u);
  const Vec2 ridge = data_to_px(v, 989e12 / 3.35e12, 989e12);
  EXPECT_NEAR(roof->points[1].x, ridge.x, 1e-9);
  EXPECT_NEAR(roof->points[1].y, ridge.y, 1e-9);
  // y_min / bw = 238.8 < x_min = 250, so the slope enters through the left edge.
  EXPECT_NEAR(roof->points[0].x, plot_area_rect(v).x0, 1e-9);
}

TEST(Roof, OtherPrecisionsAreFlatAndShareEqualPeaks) {
  const Scenario s = default_scenario();
  const PlotView v = fixed_view();
  const PlotGeometry g = build(s, v);
  // H100 SXM: fp8 and int8 both 1979 TFLOP/s share one line; fp16 equals bf16 (not drawn).
  const Polyline* fp8 = g.find_line("roof:fp8");
  ASSERT_NE(fp8, nullptr);
  EXPECT_EQ(g.find_line("roof:int8"), nullptr);
  EXPECT_EQ(g.find_line("roof:fp16"), nullptr);
  ASSERT_EQ(fp8->points.size(), 3u);  // up the slope from the bf16 ridge, then flat
  EXPECT_NEAR(fp8->points[1].x, data_to_px(v, 1979e12 / 3.35e12, 0).x, 1e-9);
  EXPECT_NEAR(fp8->points[1].y, data_to_px(v, 1, 1979e12).y, 1e-9);
  EXPECT_DOUBLE_EQ(fp8->points[2].y, fp8->points[1].y);
  const Polyline* tf32 = g.find_line("roof:tf32");
  ASSERT_NE(tf32, nullptr);
  EXPECT_EQ(tf32->points.size(), 2u);  // below bf16: flat from its own ridge on the slope
  const double tf32_peak = *s.gpu.peak(Precision::tf32);
  EXPECT_NEAR(tf32_peak, 494e12, 1e12);
  EXPECT_NEAR(tf32->points[0].x, data_to_px(v, tf32_peak / 3.35e12, 0).x, 1e-9);

  PlotView only_active = v;
  only_active.chart.show_other_roofs = false;
  EXPECT_EQ(build(s, only_active).find_line("roof:fp8"), nullptr);
}

TEST(Roof, PracticalEfficienciesScaleBothRoofs) {
  Scenario s = default_scenario();
  s.compute_efficiency = 0.7;
  s.memory_efficiency = 0.8;
  const PlotView v = fixed_view();
  const PlotGeometry g = build(s, v);
  const Polyline* roof = g.find_line("roof:bf16");
  ASSERT_NE(roof, nullptr);
  const Vec2 ridge = px_to_data(v, roof->points[1]);
  EXPECT_NEAR(ridge.y / (0.7 * 989e12), 1, 1e-12);
  EXPECT_NEAR(ridge.x / (0.7 * 989e12 / (0.8 * 3.35e12)), 1, 1e-12);
}

// Under a calibration each group dot is its expected time and a ring "bound:<id>" marks its
// roofline bound, joined by "bound:link:<id>"; without one there are no rings.
TEST(Bounds, RingsAtTheBoundsOnlyUnderACalibration) {
  Scenario s = PresetLibrary::builtin().default_scenario();
  s.batch = 16;
  PlotView view = fixed_view();
  view.y_min = 1e9;  // the elementwise dot falls two decades under its bound
  const PlotGeometry plain = build(s, view);
  for (const Marker& m : plain.markers) EXPECT_FALSE(m.id.starts_with("bound:")) << m.id;
  s.calibration = PresetLibrary::builtin().calibration("h100-cuda-graphs").value();
  const Analysis a = analyze(s);
  const PlotGeometry g = build(s, view);
  for (const char* id : {"group:fc", "group:attention", "group:elementwise", "group:step"}) {
    const Marker* dot = g.find_marker(id);
    const Marker* ring = g.find_marker("bound:" + std::string(id));
    ASSERT_NE(dot, nullptr) << id;
    ASSERT_NE(ring, nullptr) << id;
    EXPECT_EQ(ring->shape, MarkerShape::ring);
    EXPECT_FALSE(ring->interactive);
    EXPECT_DOUBLE_EQ(ring->x_value, dot->x_value);
    EXPECT_GT(ring->y_value, dot->y_value);
  }
  EXPECT_DOUBLE_EQ(g.find_marker("bound:group:fc")->y_value, a.fc.roofline_achieved_flops);
  EXPECT_DOUBLE_EQ(g.find_marker("group:fc")->y_value, a.fc.achieved_flops);
  EXPECT_NE(g.find_line("bound:link:group:elementwise"), nullptr);
  const auto legend = std::find_if(g.legend.entries.begin(), g.legend.entries.end(),
                                   [](const LegendEntry& e) { return e.series_id == "bounds"; });
  EXPECT_NE(legend, g.legend.entries.end());
  PlotView hidden = view;
  hidden.chart.show_bounds = false;
  EXPECT_EQ(build(s, hidden).find_marker("bound:group:fc"), nullptr);
}

// Under a calibration whose errors carry 80 % intervals, each group dot has a bar
// "interval:<id>" from FLOPs over its slowest time to FLOPs over its fastest: h100-cuda-graphs
// puts op times at 0.798-1.29 x expected, a decode step (output tokens/s's) at 0.892-1.32 x.
TEST(Intervals, EachGroupDotHasItsBar) {
  Scenario s = PresetLibrary::builtin().default_scenario();
  s.batch = 16;
  PlotView view = fixed_view();
  view.y_min = 1e9;
  for (const Polyline& l : build(s, view).lines) EXPECT_FALSE(l.id.starts_with("interval:"));
  s.calibration = PresetLibrary::builtin().calibration("h100-cuda-graphs").value();
  const Analysis a = analyze(s);
  const PlotGeometry g = build(s, view);
  const struct {
    const char* id;
    const GroupCost* cost;
    double low, high;
  } bars[] = {{"group:fc", &a.fc, 0.798, 1.29},
              {"group:attention", &a.attention, 0.798, 1.29},
              {"group:step", &a.step, 0.892, 1.32}};
  for (const auto& b : bars) {
    const Polyline* bar = g.find_line(std::string("interval:") + b.id);
    ASSERT_NE(bar, nullptr) << b.id;
    ASSERT_EQ(bar->points.size(), 2u);
    const Vec2 top = data_to_px(view, b.cost->intensity, b.cost->achieved_flops / b.low);
    const Vec2 bottom = data_to_px(view, b.cost->intensity, b.cost->achieved_flops / b.high);
    EXPECT_NEAR(bar->points[0].y, top.y, 1e-9) << b.id;
    EXPECT_NEAR(bar->points[1].y, bottom.y, 1e-9) << b.id;
    EXPECT_NEAR(bar->points[0].x, top.x, 1e-9) << b.id;
  }
  PlotView hidden = view;
  hidden.chart.show_intervals = false;
  EXPECT_EQ(build(s, hidden).find_line("interval:group:fc"), nullptr);
  // A calibration with a step's interval only (MI300X: end to end): the step's bar alone, and
  // the legend still names it.
  s.calibration = PresetLibrary::builtin().calibration("mi300x-cuda-graphs").value();
  const PlotGeometry step_only = build(s, view);
  EXPECT_EQ(step_only.find_line("interval:group:fc"), nullptr);
  EXPECT_NE(step_only.find_line("interval:group:step"), nullptr);
  EXPECT_TRUE(std::any_of(step_only.legend.entries.begin(), step_only.legend.entries.end(),
                          [](const LegendEntry& e) { return e.series_id == "intervals"; }));
}

TEST(Regions, MemoryAndComputeShadingMeetAtTheRidge) {
  const Scenario s = default_scenario();
  const PlotView v = fixed_view();
  const PlotGeometry g = build(s, v);
  ASSERT_EQ(g.fills.size(), 2u);
  EXPECT_EQ(g.fills[0].id, "region:memory");
  EXPECT_EQ(g.fills[1].id, "region:compute");
  const double ridge_x = data_to_px(v, 989e12 / 3.35e12, 1).x;
  for (const Vec2& p : g.fills[0].points) EXPECT_LE(p.x, ridge_x + 1e-9);
  for (const Vec2& p : g.fills[1].points) EXPECT_GE(p.x, ridge_x - 1e-9);
  for (const FilledPolygon& f : g.fills)
    for (const Vec2& p : f.points) EXPECT_TRUE(g.plot_area.expanded(1e-9).contains(p));
}

TEST(Dots, GroupsSitAtIntensityAndAchievedFlops) {
  const Scenario s = default_scenario();
  const Analysis a = analyze(s);
  const PlotView v = fixed_view();
  const PlotGeometry g = build(s, v);
  const struct {
    const char* id;
    const GroupCost& cost;
  } groups[] = {{"group:fc", a.fc},
                {"group:attention", a.attention},
                {"group:elementwise", a.elementwise},
                {"group:step", a.step}};
  for (const auto& [id, cost] : groups) {
    const Marker* m = g.find_marker(id);
    ASSERT_NE(m, nullptr) << id;
    const Vec2 expected = data_to_px(v, cost.intensity, cost.achieved_flops);
    EXPECT_NEAR(m->center.x, expected.x, 1e-9) << id;
    EXPECT_NEAR(m->center.y, expected.y, 1e-9) << id;
  }
  // Decode attention at S = 1024, GQA 4, bf16 KV: intensity 4.02 (core/MODEL.md §12).
  EXPECT_NEAR(g.find_marker("group:attention")->x_value, 4.02, 0.005);
  EXPECT_EQ(g.find_marker("op:q_proj"), nullptr);  // ops off by default
}

// A model with sliding and full layers gets one labelled attention dot per kind, each at its
// own group's numbers, and no single attention dot (core/MODEL.md §6).
TEST(Dots, OneAttentionDotPerAttentionType) {
  const Scenario s = testing::scenario_with("gemma-3-27b", Phase::decode, 4, 65536);
  const Analysis a = analyze(s);
  ASSERT_EQ(a.attention_types.size(), 2u);
  PlotView v = fixed_view();
  v.chart.show_ops = true;
  const PlotGeometry g = build(s, v);
  EXPECT_EQ(g.find_marker("group:attention"), nullptr);
  const struct {
    const char* id;
    const char* label;
    const GroupCost& cost;
  } types[] = {{"group:attention@sliding", "attention · sliding 1024", a.attention_types[0]},
               {"group:attention@full", "attention · full", a.attention_types[1]}};
  for (const auto& [id, label, cost] : types) {
    const Marker* m = g.find_marker(id);
    ASSERT_NE(m, nullptr) << id;
    EXPECT_DOUBLE_EQ(m->x_value, cost.intensity) << id;
    EXPECT_DOUBLE_EQ(m->y_value, cost.achieved_flops) << id;
    bool labelled = false;
    for (const TextLabel& l : g.texts) labelled = labelled || l.text == label;
    EXPECT_TRUE(labelled) << label;
  }
  // Ops whose name recurs in several layer types are keyed by their type.
  EXPECT_NE(g.find_marker("op:attention@sliding"), nullptr);
  EXPECT_NE(g.find_marker("op:q_proj@full"), nullptr);
  EXPECT_EQ(g.find_marker("op:q_proj"), nullptr);
  EXPECT_NE(g.find_marker("op:lm_head"), nullptr);  // once per step: its plain name
}

TEST(Dots, OpsWithZeroBytesAreNotPlotted) {
  Scenario s = default_scenario();
  s.fuse_elementwise = true;
  PlotView v = fixed_view();
  v.chart.show_ops = true;
  const PlotGeometry g = build(s, v);
  EXPECT_NE(g.find_marker("op:q_proj"), nullptr);
  EXPECT_NE(g.find_marker("op:attention"), nullptr);
  for (const char* fused : {"op:attn_norm", "op:act", "op:mlp_residual"})
    EXPECT_EQ(g.find_marker(fused), nullptr) << fused;
  EXPECT_EQ(g.find_marker("group:elementwise"), nullptr);  // no bytes at all
}

TEST(Dots, HiddenSeriesAreLeftOut) {
  const Scenario s = default_scenario();
  PlotView v = fixed_view();
  v.chart.show_fc = false;
  v.chart.show_step = false;
  const PlotGeometry g = build(s, v);
  EXPECT_EQ(g.find_marker("group:fc"), nullptr);
  EXPECT_EQ(g.find_marker("group:step"), nullptr);
  EXPECT_NE(g.find_marker("group:attention"), nullptr);
  // The window's legend still lists them, greyed, so they can be turned back on.
  bool listed = false;
  for (const LegendEntry& e : g.legend.entries)
    if (e.series_id == "group:fc") listed = !e.visible;
  EXPECT_TRUE(listed);
}

TEST(Legend, SmallFigureKeysOnlyTheLinesWhereDotsAreLabelled) {
  const Scenario s = default_scenario();
  auto groups_listed = [](const PlotGeometry& g) {
    int n = 0;
    for (const LegendEntry& e : g.legend.entries) n += e.series_id.starts_with("group:") ? 1 : 0;
    return n;
  };
  PlotView v = fixed_view();
  v.legend_lists_hidden = false;             // as in an export
  EXPECT_EQ(groups_listed(build(s, v)), 4);  // 1000 x 700: room for the full key
  v.canvas_px = {252, 180};                  // a paper column at 8 px
  v.font_px = 8;
  const PlotGeometry small = build(s, v);
  ASSERT_TRUE(small.legend.shown);
  EXPECT_EQ(groups_listed(small), 0);
  EXPECT_EQ(small.legend.entries.front().series_id, "roof");
  EXPECT_LE(small.legend.box.width() * small.legend.box.height(),
            0.2 * small.plot_area.width() * small.plot_area.height());
  // Without dot labels nothing else names the dots: the key keeps them.
  v.show_labels = false;
  EXPECT_EQ(groups_listed(build(s, v)), 4);
  // The window's legend is a control (a click hides a series): crowded, it keeps the rows of
  // hidden groups, which have no label to name them and come back with a click.
  v.show_labels = true;
  v.legend_lists_hidden = true;
  EXPECT_EQ(groups_listed(build(s, v)), 0);
  v.chart.show_fc = false;
  const PlotGeometry hidden = build(s, v);
  ASSERT_EQ(groups_listed(hidden), 1);
  for (const LegendEntry& e : hidden.legend.entries) {
    if (e.series_id.starts_with("group:")) {
      EXPECT_EQ(e.series_id, "group:fc");
      EXPECT_FALSE(e.visible);
    }
  }
}

// At 1024x640 the legend, always in the upper left, covered the fc, step and elementwise dots
// and half the attention diamond. "best" (the default) takes the corner that covers least; a
// chosen corner is kept.
TEST(Legend, BestCornerCoversNoDotAndAChosenCornerIsKept) {
  const Scenario s = default_scenario();
  const Analysis a = analyze(s);
  PlotView v;
  v.canvas_px = {620, 290};  // a short chart: the upper left holds the step square
  v.font_px = 13;
  v.show_labels = false;  // no dot labels: the legend lists every group (its tallest form)
  v = fit_view(v, a, s);
  auto dot_under_legend = [](const PlotGeometry& g) {
    for (const Marker& m : g.markers) {
      const Rect dot = Rect{m.center.x, m.center.y, m.center.x, m.center.y}.expanded(m.radius_px);
      if (m.id.starts_with("group:") && dot.intersects(g.legend.box)) return m.id;
    }
    return std::string();
  };
  v.chart.legend = LegendPlace::upper_left;
  const PlotGeometry pinned = build(s, v);
  ASSERT_TRUE(pinned.legend.shown);
  ASSERT_NE(dot_under_legend(pinned), "") << "the case this guards: upper left covers a dot";
  EXPECT_NEAR(pinned.legend.box.x0, pinned.plot_area.x0 + 0.6 * 13, 1e-9);

  v.chart.legend = LegendPlace::best;
  const PlotGeometry best = build(s, v);
  ASSERT_TRUE(best.legend.shown);
  EXPECT_EQ(dot_under_legend(best), "");
  EXPECT_TRUE(best.plot_area.contains({best.legend.box.x0, best.legend.box.y0}));
  EXPECT_TRUE(best.plot_area.contains({best.legend.box.x1, best.legend.box.y1}));

  v.chart.legend = LegendPlace::lower_right;
  const PlotGeometry lr = build(s, v);
  EXPECT_NEAR(lr.legend.box.x1, lr.plot_area.x1 - 0.6 * 13, 1e-6);
  EXPECT_NEAR(lr.legend.box.y1, lr.plot_area.y1 - 0.6 * 13, 1e-6);
  // Hit boxes and swatches move with the box.
  for (const LegendEntry& e : lr.legend.entries)
    EXPECT_TRUE(lr.legend.box.contains(e.swatch_center));
}

// A paper-column export dropped the roof and region labels under a legend of a fifth of the
// plot: a figure (not the window, whose legend rows toggle series) leaves a crowded legend out,
// and the compute region keeps room for "compute-bound".
TEST(Legend, APaperColumnFigureLeavesTheCrowdedLegendOutForTheLabels) {
  const Scenario s = default_scenario();
  const ChartData data = chart_data(s);  // with the batch trail, as exports draw it
  PlotView v = testing::paper_column_view();
  v.legend_lists_hidden = false;  // an export
  v.show_labels = true;
  v = fit_view(v, data.analysis, s, &data.trail);
  const PlotGeometry figure = build(s, v, &data.trail);
  EXPECT_FALSE(figure.legend.shown);
  EXPECT_NE(figure.find_text("region:compute"), nullptr);
  EXPECT_NE(figure.find_text("label:group:attention"), nullptr);
  EXPECT_NE(figure.find_text("label:ridge"), nullptr);
  v.legend_lists_hidden = true;  // the window keeps it
  EXPECT_TRUE(build(s, v, &data.trail).legend.shown);
}

// In the paper column the other precisions' roofs lie 9 pt above (fp8) and below (tf32) the
// active bf16 roof, too close for a label between them clear of both: the active roof's label
// crosses the fp8 line (its halo over it) rather than going missing; never its own line.
TEST(Legend, APaperColumnKeepsTheActiveRoofsLabel) {
  const Scenario s = default_scenario();
  const ChartData data = chart_data(s);
  PlotView v = testing::paper_column_view();
  v.legend_lists_hidden = false;
  v.show_labels = true;
  v = fit_view(v, data.analysis, s, &data.trail);
  const PlotGeometry figure = build(s, v, &data.trail);
  const TextLabel* bf16 = figure.find_text("roof:bf16");
  ASSERT_NE(bf16, nullptr) << "the active roof's label";
  EXPECT_EQ(bf16->text, "bf16: 989 TFLOP/s");
  const Polyline* own = nullptr;
  for (const Polyline& l : figure.lines)
    if (l.id == "roof:bf16") own = &l;
  ASSERT_NE(own, nullptr);
  const double roof_y = own->points.back().y;
  EXPECT_TRUE(bf16->box.y1 < roof_y || bf16->box.y0 > roof_y) << "off its own line";
  EXPECT_NE(figure.find_text("roof:fp8"), nullptr) << "fp8's label finds room around it";
  EXPECT_NE(figure.find_text("roof:tf32"), nullptr);
}

// With int4 weights at batch 1 the fc, attention and whole-step dots fall on one point (about 4
// FLOP/B); the fc dot, drawn last, hid the other two. Each covered one is drawn on top as a
// hollow outline of its own shape, larger than the dot over it; dots apart stay filled.
TEST(GroupDots, ACoveredGroupDotIsFramedOnTop) {
  Scenario s = default_scenario();
  s.weights = Precision::int4;
  const PlotGeometry g = build(s, fixed_view());
  auto index_of = [&](const std::string& id) {
    for (size_t i = 0; i < g.markers.size(); ++i)
      if (g.markers[i].id == id) return i;
    return g.markers.size();
  };
  const size_t fc = index_of("group:fc"), attention = index_of("group:attention"),
               step = index_of("group:step");
  ASSERT_LT(fc, g.markers.size());
  ASSERT_LT(attention, g.markers.size());
  ASSERT_LT(step, g.markers.size());
  EXPECT_GT(attention, fc);
  EXPECT_GT(step, fc);
  EXPECT_EQ(g.markers[attention].fill.a, 0);
  EXPECT_EQ(g.markers[step].fill.a, 0);
  EXPECT_EQ(g.markers[attention].shape, MarkerShape::diamond);
  EXPECT_GT(g.markers[attention].radius_px, g.markers[fc].radius_px);
  EXPECT_GT(g.markers[step].radius_px, g.markers[fc].radius_px);
  EXPECT_NE(g.markers[attention].radius_px, g.markers[step].radius_px);
  // bf16 at batch 64: the attention dot (4 FLOP/B) is far from fc (~62): filled, under fc.
  Scenario apart = default_scenario();
  apart.batch = 64;
  const PlotGeometry h = build(apart, fixed_view());
  const Marker* a = h.find_marker("group:attention");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->fill.a, 255);
}

TEST(HitTest, FindsDotsLegendAndRoofs) {
  const Scenario s = default_scenario();
  const PlotView v = fixed_view();
  const PlotGeometry g = build(s, v);
  const Marker* attention = g.find_marker("group:attention");
  ASSERT_NE(attention, nullptr);
  EXPECT_EQ(hit_test(g, attention->center, 4), "group:attention");
  // Just outside the marker's edge but within reach.
  const Vec2 near{attention->center.x + attention->radius_px + 3, attention->center.y};
  EXPECT_EQ(hit_test(g, near, 4), "group:attention");
  // fc and step nearly coincide at batch 1 (intensity ~1): the pick is one of the groups.
  const Marker* fc = g.find_marker("group:fc");
  const std::string at_fc = hit_test(g, fc->center, 4);
  EXPECT_TRUE(at_fc == "group:fc" || at_fc == "group:step") << at_fc;
  // The middle of the flat roof, away from any dot.
  const Polyline* roof = g.find_line("roof:bf16");
  const Vec2 on_roof{(roof->points[1].x + roof->points[2].x) / 2 + 17, roof->points[1].y + 2};
  EXPECT_EQ(hit_test(g, on_roof, 4), "roof:bf16");
  const Marker* ridge = g.find_marker("ridge");
  ASSERT_NE(ridge, nullptr);
  EXPECT_EQ(hit_test(g, ridge->center, 4), "ridge");
  // Legend rows.
  ASSERT_TRUE(g.legend.shown);
  for (const LegendEntry& e : g.legend.entries)
    EXPECT_EQ(hit_test(g, e.hit_box.center(), 4), "legend:" + e.series_id);
  // Empty space above the roofs, right of the legend.
  EXPECT_EQ(hit_test(g, {g.legend.box.x1 + 50, g.plot_area.y0 + 20}, 4), "");
}

TEST(HitTest, GroupWinsOverACoincidentOp) {
  const Scenario s = default_scenario();
  PlotView v = fixed_view();
  v.chart.show_ops = true;
  const PlotGeometry g = build(s, v);
  // With flash attention the one attention op is the attention group: same point.
  const Marker* op = g.find_marker("op:attention");
  const Marker* group = g.find_marker("group:attention");
  ASSERT_NE(op, nullptr);
  ASSERT_NE(group, nullptr);
  EXPECT_NEAR(op->center.x, group->center.x, 1e-9);
  EXPECT_EQ(hit_test(g, op->center, 4), "group:attention");
}

TEST(Compare, DashedRoofAndHollowDotsForTheSecondGpu) {
  Scenario s = default_scenario();
  s.compare_gpu = PresetLibrary::builtin().gpu("h200").value();
  const Analysis a = analyze(s);
  Scenario on_h200 = s;
  on_h200.gpu = *s.compare_gpu;
  const Analysis other = analyze(on_h200);
  const PlotView v = fixed_view();
  const PlotGeometry g =
      build_roofline_plot(a, s, v, light_theme(), approximate_text_measure(), nullptr, &other);
  const Polyline* roof = g.find_line("compare:roof:bf16");
  ASSERT_NE(roof, nullptr);
  EXPECT_EQ(roof->dash, LineDash::dashed);
  const Vec2 ridge = px_to_data(v, roof->points[1]);
  EXPECT_NEAR(ridge.x / other.ridge_point, 1, 1e-12);
  const Marker* fc = g.find_marker("compare:group:fc");
  ASSERT_NE(fc, nullptr);
  // Hollow, each in its group's shape (every compare dot was a ring, attention too).
  EXPECT_EQ(fc->shape, MarkerShape::circle);
  EXPECT_EQ(fc->fill.a, 0);
  const Marker* attention = g.find_marker("compare:group:attention");
  ASSERT_NE(attention, nullptr);
  EXPECT_EQ(attention->shape, MarkerShape::diamond);
  EXPECT_EQ(attention->fill.a, 0);
  EXPECT_EQ(g.find_marker("compare:group:elementwise")->shape, MarkerShape::triangle);
  EXPECT_EQ(g.find_marker("compare:group:step")->shape, MarkerShape::square);
  EXPECT_NEAR(fc->center.y, data_to_px(v, 1, other.fc.achieved_flops).y, 1e-9);
  EXPECT_GT(other.bandwidth, a.bandwidth);  // H200 lifts the slope
  // Its roof is named (along its slope, or beside its ridge where the slope has no room), by
  // the short name the chart uses, and so is its legend row.
  const TextLabel* slope = g.find_text("compare:roof:memory");
  ASSERT_NE(slope, nullptr);
  EXPECT_EQ(slope->text.rfind("H200 SXM 4.80 TB/s", 0), 0u) << slope->text;
  PlotView export_like = v;
  export_like.canvas_px = {1280, 800};
  export_like.font_px = 16;
  const PlotGeometry big = build_roofline_plot(a, s, export_like, light_theme(),
                                               approximate_text_measure(), nullptr, &other);
  ASSERT_NE(big.find_text("compare:roof:memory"), nullptr);
  const LegendEntry* row = nullptr;
  for (const LegendEntry& e : g.legend.entries)
    if (e.series_id == "compare") row = &e;
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->label, "H200 SXM (compare): dashed, hollow dots");
}

TEST(TitleAndCaption, OptionalAndDescriptive) {
  Scenario s = default_scenario();
  s.compute_efficiency = 0.7;
  s.memory_efficiency = 0.8;
  PlotView v = fixed_view();
  v.show_title = true;
  v.show_caption = true;
  const PlotGeometry g = build(s, v);
  ASSERT_NE(g.find_text("title"), nullptr);
  EXPECT_EQ(g.find_text("title")->text, default_title(s));
  const std::string caption = g.find_text("caption")->text;
  for (const char* part :
       {"decode", "batch 1", "context 1,024", "bf16", "practical roofs (70% compute / 80% memory)",
        "692 TFLOP/s", "2.68 TB/s"})
    EXPECT_NE(caption.find(part), std::string::npos) << part << " in " << caption;
  EXPECT_EQ(build(s, fixed_view()).find_text("title"), nullptr);
  v.title = "My figure";
  EXPECT_EQ(build(s, v).find_text("title")->text, "My figure");
}

// A figure of a configuration that does not fit in memory says so in its caption (issue 28: the
// README's Llama-3-70B batch-64 figure needs 163 GB on an 80 GB H100 and said nothing).
TEST(TitleAndCaption, SaysWhenTheConfigurationDoesNotFit) {
  Scenario s = default_scenario();
  PlotView v = fixed_view();
  v.show_caption = true;
  EXPECT_EQ(build(s, v).find_text("caption")->text.find("does not fit"), std::string::npos);
  s.batch = 100000;  // Llama-3-8B's KV cache at 1,024 tokens: 13.1 TB
  const Analysis a = analyze(s);
  ASSERT_FALSE(a.totals.fits_in_memory);
  const std::string caption = build(s, v).find_text("caption")->text;
  const std::string expected = "does not fit: " + format_bytes(a.totals.memory_per_gpu_bytes) +
                               " of " + format_bytes(a.totals.usable_memory_bytes) + " usable";
  EXPECT_NE(caption.find(expected), std::string::npos) << caption;
}

TEST(TitleAndCaption, NarrowFigureSetsThemSmallerInsideTheCanvas) {
  // The export dialog's paper-column size: 252 x 180 with an 8 px font.
  Scenario s = default_scenario();
  s.compute_efficiency = 0.7;
  PlotView v = fixed_view();
  v.canvas_px = {252, 180};
  v.font_px = 8;
  v.show_title = true;
  v.show_caption = true;
  const PlotGeometry g = build(s, v);
  const TextLabel* caption = g.find_text("caption");
  ASSERT_NE(caption, nullptr);
  EXPECT_LT(caption->size_px, light_theme().caption_em * 8);  // set smaller
  EXPECT_LE(caption->box.x1, 252.0);
  EXPECT_GE(caption->size_px, 0.6 * light_theme().caption_em * 8 - 1e-9);
  const TextLabel* title = g.find_text("title");
  ASSERT_NE(title, nullptr);
  EXPECT_LE(title->box.x1, 252.0);  // the box is the bold face's width
}

// The title's box is as wide as its bold face is drawn (it once ended short of it, and the
// window's chart buttons, placed by that box, covered the title's last letters), and a title
// keeps clear of the width the window reserves for them at the line's right end.
TEST(TitleAndCaption, TheTitleIsMeasuredBoldAndKeepsClearOfTheButtons) {
  const Scenario s = default_scenario();
  PlotView v = fixed_view();
  v.canvas_px = {520, 400};
  v.show_title = true;
  v.title = "Llama 3 8B on NVIDIA H100 SXM5 80GB, batch 64, context 1,024";
  const TextMeasure measure = approximate_text_measure();
  const PlotGeometry unreserved = build(s, v);
  const TextLabel* free = unreserved.find_text("title");
  ASSERT_NE(free, nullptr);
  EXPECT_NEAR(free->box.x1 - free->box.x0,
              measure(free->text, free->size_px) * detail::kBoldWidthFactor, 1e-9);
  const double right_end = free->box.x1;
  v.title_reserve_px = 200;
  const PlotGeometry g = build(s, v);
  const TextLabel* kept = g.find_text("title");
  ASSERT_NE(kept, nullptr);
  EXPECT_GT(right_end, 520 - 200);  // without the reserve it runs under the buttons
  EXPECT_LE(kept->box.x1, 520 - 200);
}

TEST(AxisTitles, HaveUnits) {
  const PlotGeometry g = build(default_scenario(), fixed_view());
  EXPECT_EQ(g.find_text("axis:x:title")->text, "Arithmetic intensity (FLOP/byte)");
  const TextLabel* y = g.find_text("axis:y:title");
  EXPECT_EQ(y->text, "Performance (FLOP/s)");
  EXPECT_NEAR(y->rotation_rad, -M_PI / 2, 1e-12);
  EXPECT_NE(g.find_text("tick:x:100"), nullptr);
  EXPECT_NE(g.find_text("tick:y:1P"), nullptr);
}

}  // namespace
}  // namespace roofline
