#include "roofline/plot/throughput_plot.h"

#include <gtest/gtest.h>

#include <cmath>

#include "plot_fixtures.h"

namespace roofline {
namespace {

TEST(ThroughputData, WallKneeAndCurrentFromTheCore) {
  const Scenario s = testing::default_scenario();
  const Analysis a = analyze(s);
  const ThroughputData d = make_throughput_data(s);
  EXPECT_EQ(d.max_batch, a.totals.max_batch);
  ASSERT_GT(d.max_batch, 0);
  const int64_t upper = std::max<int64_t>({2 * d.max_batch, 2, 256});
  EXPECT_EQ(d.points.back().value, upper);
  EXPECT_EQ(d.knee, critical_value(s, SweepParam::batch, upper));
  EXPECT_DOUBLE_EQ(d.current_tokens_per_s, a.totals.tokens_per_s);
  for (const SweepPoint& p : d.points) {
    if (p.value == d.max_batch) {
      EXPECT_TRUE(p.fits_in_memory);
    }
    if (p.value == d.max_batch + 1) {
      EXPECT_FALSE(p.fits_in_memory);
    }
  }
}

TEST(ThroughputPlot, WallIsAVerticalLineAtMaxBatch) {
  const Scenario s = testing::default_scenario();
  const ThroughputData d = make_throughput_data(s);
  ThroughputView v;
  v.canvas_px = {1000, 700};
  v.font_px = 10;
  const PlotGeometry g = build_throughput_plot(d, s, v, light_theme(), approximate_text_measure());
  const Polyline* wall = g.find_line("wall:kv");
  ASSERT_NE(wall, nullptr);
  EXPECT_DOUBLE_EQ(wall->points[0].x, wall->points[1].x);
  // Llama-3-8B on 80 GB at 90%: ~416 sequences of 1,024 tokens fit, so the sweep runs to
  // 2·max_batch and the x axis from 0.8 to 1.25× that.
  ASSERT_GT(d.max_batch, 250);
  ASSERT_LT(d.max_batch, 500);
  const Rect area = g.plot_area;
  const double upper = 2.0 * static_cast<double>(d.max_batch);
  EXPECT_EQ(d.points.back().value, 2 * d.max_batch);
  const double span = std::log10(upper * 1.25) - std::log10(0.8);
  auto x_px = [&](double batch) {
    return area.x0 + (std::log10(batch) - std::log10(0.8)) / span * (area.x1 - area.x0);
  };
  EXPECT_NEAR(wall->points[0].x, x_px(static_cast<double>(d.max_batch)), 1e-9);
  const TextLabel* label = g.find_text("wall:kv");
  ASSERT_NE(label, nullptr);
  EXPECT_NE(label->text.find("KV cache full: B = "), std::string::npos);
  ASSERT_NE(g.find_marker("current"), nullptr);
  EXPECT_NEAR(g.find_marker("current")->center.x, x_px(1), 1e-9);
  ASSERT_NE(g.find_marker("knee"), nullptr);
  EXPECT_EQ(g.find_marker("knee")->x_value, static_cast<double>(*d.knee));
  EXPECT_NE(g.find_line("curve:tokens_per_s"), nullptr);
  EXPECT_NE(g.find_line("curve:beyond_wall"), nullptr);
  EXPECT_EQ(g.find_text("axis:x:title")->text, "Batch size (sequences)");
  EXPECT_EQ(g.find_text("axis:y:title")->text, "Throughput (tokens/s)");
}

// The Throughput tab at 1600x1000 gave its chart ~100 px: the y title ran out of the plot
// ("hroughput (tokens/s)" into the caption) and the curve struck through the wall's and the
// knee's labels. In a short chart the y title is fitted to the plot's height and no label sits
// on the curve.
TEST(ThroughputPlot, AShortChartKeepsItsTitleAndLabelsOffTheCurve) {
  const Scenario s = testing::default_scenario();
  const ThroughputData d = make_throughput_data(s);
  ThroughputView v;
  v.canvas_px = {1040, 150};  // the tab's canvas at 1600x1000 before the fix
  v.font_px = 13;
  v.show_title = false;
  const TextMeasure measure = approximate_text_measure();
  const PlotGeometry g = build_throughput_plot(d, s, v, light_theme(), measure);
  const TextLabel* y_title = g.find_text("axis:y:title");
  ASSERT_NE(y_title, nullptr);
  EXPECT_LE(y_title->box.height(), g.plot_area.height() + 1e-6) << y_title->text;
  EXPECT_GE(y_title->box.y0, g.plot_area.y0 - 1e-6);
  EXPECT_EQ(y_title->text, "tokens/s") << "the short form, whole";
  const Polyline* curve = g.find_line("curve:tokens_per_s");
  ASSERT_NE(curve, nullptr);
  // Sample the curve every pixel: no point of it inside a label's box.
  for (const TextLabel& t : g.texts) {
    if (!t.id.starts_with("label:") && t.id != "wall:kv") continue;
    for (size_t i = 1; i < curve->points.size(); ++i) {
      const Vec2 a = curve->points[i - 1], b = curve->points[i];
      const int n = static_cast<int>(std::hypot(b.x - a.x, b.y - a.y)) + 1;
      for (int k = 0; k <= n; ++k) {
        const Vec2 p{a.x + (b.x - a.x) * k / n, a.y + (b.y - a.y) * k / n};
        EXPECT_FALSE(t.box.contains(p)) << t.id << " '" << t.text << "' sits on the curve";
      }
    }
  }
  // A tall chart keeps the whole title.
  v.canvas_px = {1040, 420};
  const PlotGeometry tall = build_throughput_plot(d, s, v, light_theme(), measure);
  EXPECT_EQ(tall.find_text("axis:y:title")->text, "Throughput (tokens/s)");
}

TEST(ThroughputPlot, WeightsThatDoNotFitSaySo) {
  Scenario s = testing::default_scenario();
  s.model = PresetLibrary::builtin().model("llama-3-70b").value();  // 141 GB > 80 GB × 0.9
  const ThroughputData d = make_throughput_data(s);
  EXPECT_EQ(d.max_batch, 0);
  const PlotGeometry g =
      build_throughput_plot(d, s, ThroughputView{}, light_theme(), approximate_text_measure());
  EXPECT_EQ(g.find_line("wall:kv"), nullptr);
  ASSERT_NE(g.find_text("wall:none"), nullptr);
  EXPECT_EQ(g.find_line("curve:tokens_per_s"), nullptr);  // nothing fits
  EXPECT_NE(g.find_line("curve:beyond_wall"), nullptr);
}

// A GPU with no roof for the precision (Apple publishes no FLOP/s) is not a memory verdict: the
// plot says there is no roof, not that the weights do not fit.
TEST(ThroughputPlot, NoRoofSaysSoRatherThanDoesNotFit) {
  Scenario s = testing::default_scenario();
  s.gpu = PresetLibrary::builtin().gpu("apple-m4-max").value();
  const ThroughputData d = make_throughput_data(s);
  EXPECT_TRUE(d.points.empty());
  EXPECT_EQ(d.no_curve, "no bf16 compute roof on Apple M4 Max 128GB (40-core GPU)");
  const PlotGeometry g =
      build_throughput_plot(d, s, ThroughputView{}, light_theme(), approximate_text_measure());
  const TextLabel* why = g.find_text("wall:none");
  ASSERT_NE(why, nullptr);
  EXPECT_EQ(why->text, "no curve: no bf16 compute roof on Apple M4 Max 128GB (40-core GPU)");
}

}  // namespace
}  // namespace roofline
