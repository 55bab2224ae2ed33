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
