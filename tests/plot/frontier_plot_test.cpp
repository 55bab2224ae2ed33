#include "roofline/plot/frontier_plot.h"

#include <gtest/gtest.h>

#include <cmath>

#include "plot_fixtures.h"
#include "roofline/io/preset_library.h"

namespace roofline {
namespace {

ThroughputView view() {
  ThroughputView v;
  v.canvas_px = {1000, 600};
  v.font_px = 12;
  return v;
}

// The frontier chart draws what frontier() computes: a curve per (tp, precision) through the
// points that fit, the Pareto line, and the document's own request.
TEST(FrontierPlot, CurvesParetoLineAndTheCurrentRequest) {
  Scenario s = testing::default_scenario();
  s.model = PresetLibrary::builtin().model("llama-3-70b").value();
  s.batch = 16;
  s.tp = 4;
  const FrontierData d = make_frontier_data(s, 1024, 512);
  ASSERT_EQ(d.error, "");
  EXPECT_EQ(d.precisions, (std::vector<Precision>{Precision::bf16, Precision::fp8}));
  const auto r = request(s, 1024, 512);
  ASSERT_TRUE(r);
  EXPECT_DOUBLE_EQ(d.current_per_user, 1 / r->tpot_s);
  EXPECT_DOUBLE_EQ(d.current_per_gpu, 16 / r->tpot_s / 4);
  const PlotGeometry g =
      build_frontier_plot(d, s, view(), light_theme(), approximate_text_measure());
  // 70B bf16 weights (141 GB) fit on no single H100: no tp-1 bf16 curve; tp 8 fp8 fits.
  EXPECT_EQ(g.find_line("curve:tp1:bf16"), nullptr);
  ASSERT_NE(g.find_line("curve:tp8:fp8"), nullptr);
  size_t tp8_fp8 = 0, pareto = 0;
  for (const FrontierPoint& p : d.points) {
    tp8_fp8 += p.tp == 8 && p.precision == Precision::fp8 && p.fits_in_memory;
    pareto += p.pareto;
  }
  EXPECT_EQ(g.find_line("curve:tp8:fp8")->points.size(), tp8_fp8);
  ASSERT_NE(g.find_line("frontier:pareto"), nullptr);
  EXPECT_EQ(g.find_line("frontier:pareto")->points.size(), pareto);
  const Marker* current = g.find_marker("current");
  ASSERT_NE(current, nullptr);
  EXPECT_DOUBLE_EQ(current->x_value, d.current_per_user);
  EXPECT_DOUBLE_EQ(current->y_value, d.current_per_gpu);
}

// Under a calibration with intervals, "band:frontier" runs along the Pareto line: each point
// moved along its ray by TPOT's interval (h100-cuda-graphs: measured 0.892-1.32 x
// the expected time), the slow edge first, then the fast one back; without one there is none.
TEST(FrontierPlot, TheBandIsTheParetoLineAtBothEndsOfTheInterval) {
  Scenario s = testing::default_scenario();
  const FrontierData plain = make_frontier_data(s, 1024, 512);
  EXPECT_TRUE(build_frontier_plot(plain, s, view(), light_theme(), approximate_text_measure())
                  .fills.empty());
  s.calibration = PresetLibrary::builtin().calibration("h100-cuda-graphs").value();
  const FrontierData d = make_frontier_data(s, 1024, 512);
  const PlotGeometry g =
      build_frontier_plot(d, s, view(), light_theme(), approximate_text_measure());
  const Polyline* front = g.find_line("frontier:pareto");
  ASSERT_NE(front, nullptr);
  ASSERT_EQ(g.fills.size(), 1u);
  const FilledPolygon& band = g.fills[0];
  EXPECT_EQ(band.id, "band:frontier");
  const size_t n = front->points.size();
  ASSERT_EQ(band.points.size(), 2 * n);
  // On log axes a factor is a shift: the same for every point, left and down (slower) on one
  // edge, right and up on the other, by log(1.32) against log(1 / 0.892).
  const double slow_dx = front->points[0].x - band.points[0].x;
  const double fast_dx = band.points[2 * n - 1].x - front->points[0].x;
  EXPECT_GT(slow_dx, 0);
  EXPECT_NEAR(fast_dx / slow_dx, std::log(1 / 0.892) / std::log(1.32), 1e-9);
  for (size_t i = 0; i < n; ++i) {
    EXPECT_NEAR(front->points[i].x - band.points[i].x, slow_dx, 1e-9) << i;
    EXPECT_NEAR(band.points[2 * n - 1 - i].x - front->points[i].x, fast_dx, 1e-9) << i;
  }
}

TEST(FrontierPlot, ARequestPastTheContextSaysWhy) {
  Scenario s = testing::default_scenario();  // Llama 3 8B: 8,192 tokens
  const FrontierData d = make_frontier_data(s, 8000, 1000);
  EXPECT_NE(d.error.find("context limit"), std::string::npos) << d.error;
  const PlotGeometry g =
      build_frontier_plot(d, s, view(), light_theme(), approximate_text_measure());
  bool said = false;
  for (const TextLabel& t : g.texts) said = said || t.id == "frontier:error";
  EXPECT_TRUE(said);
  EXPECT_EQ(g.find_line("frontier:pareto"), nullptr);
}

}  // namespace
}  // namespace roofline
