// An imported profile on the roofline chart (roofline/plot/measured_layer.h): markers where the
// comparison placed each kernel, joined to the model's group dot; measured roofs; the legend row
// and the caption.
#include <gtest/gtest.h>

#include <memory>

#include "plot_fixtures.h"
#include "roofline/plot/measured_layer.h"

namespace roofline {
namespace {

using testing::default_scenario;
using testing::fixed_view;

std::shared_ptr<const MeasuredLayer> layer_for(const Analysis& a, Profile p) {
  const std::vector<KernelRule> rules = {{"gemv", OpClass::gemm, ""}, {"Memcpy", std::nullopt, ""}};
  auto layer = std::make_shared<MeasuredLayer>();
  layer->source = "decode.csv";
  layer->comparison = compare_profile(a, p, rules);
  layer->profile = std::make_shared<const Profile>(std::move(p));
  return layer;
}

TEST(MeasuredLayer, KernelMarkersSitWhereTheComparisonPutThem) {
  const Scenario s = default_scenario();  // Llama 3 8B decode, H100 SXM
  const Analysis a = analyze(s);
  Profile p;
  MeasuredKernel gemv;
  gemv.name = "gemvx::kernel";
  gemv.launches = 225;
  gemv.time_s = 9e-3;  // twice the fc bound: half the roof
  p.kernels.push_back(gemv);
  MeasuredKernel copy = gemv;
  copy.name = "Memcpy DtoD";
  copy.time_s = 1e-3;
  p.kernels.push_back(copy);
  PlotView v = fixed_view();
  v.measured = layer_for(a, p);
  const PlotGeometry g = build_roofline_plot(a, s, v, light_theme(), approximate_text_measure());

  const Marker* m = g.find_marker("measured:0");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->shape, MarkerShape::hexagon);
  const MeasuredPoint& pt = v.measured->comparison.points[0];
  const Vec2 at = data_to_px(v, pt.intensity, pt.achieved_flops);
  EXPECT_NEAR(m->center.x, at.x, 1e-9);
  EXPECT_NEAR(m->center.y, at.y, 1e-9);
  // At the fc group's intensity, at (bound / measured) of its height: 4.482 / 9 of the roof.
  EXPECT_NEAR(pt.intensity, a.fc.intensity, 1e-12);
  EXPECT_NEAR(pt.achieved_flops, a.fc.flops / 9e-3, 1);
  EXPECT_EQ(m->fill.with_alpha(255), light_theme().fc);
  // Joined to the fc dot; the copy has no place on the chart.
  EXPECT_NE(g.find_line("measured:link:0"), nullptr);
  EXPECT_EQ(g.find_marker("measured:1"), nullptr);
  const auto legend = std::find_if(g.legend.entries.begin(), g.legend.entries.end(),
                                   [](const LegendEntry& e) { return e.series_id == "measured"; });
  ASSERT_NE(legend, g.legend.entries.end());
  EXPECT_EQ(legend->label, "measured: decode.csv");
  EXPECT_EQ(legend->shape, MarkerShape::hexagon);
  PlotView captioned = v;
  captioned.show_caption = true;
  const PlotGeometry with_caption =
      build_roofline_plot(a, s, captioned, light_theme(), approximate_text_measure());
  const TextLabel* caption = with_caption.find_text("caption");
  ASSERT_NE(caption, nullptr);
  EXPECT_NE(caption->text.find("measured step 10.0 ms"), std::string::npos) << caption->text;

  // Hidden through the legend's series: nothing measured is drawn.
  v.chart.show_measured = false;
  const PlotGeometry hidden =
      build_roofline_plot(a, s, v, light_theme(), approximate_text_measure());
  EXPECT_EQ(hidden.find_marker("measured:0"), nullptr);
}

TEST(MeasuredLayer, MeasuredRoofsMeetEachOther) {
  const Scenario s = default_scenario();
  const Analysis a = analyze(s);
  Profile p;
  p.format = ProfileFormat::rocprof_roofline;
  p.roofs.push_back({"HBM", MeasuredRoof::Kind::bandwidth, 2.68e12, std::nullopt, true});
  p.roofs.push_back({"MFMA BF16", MeasuredRoof::Kind::compute, 670e12, Precision::bf16, false});
  PlotView v = fixed_view();
  v.measured = layer_for(a, p);
  const PlotGeometry g = build_roofline_plot(a, s, v, light_theme(), approximate_text_measure());
  const Polyline* hbm = g.find_line("measured:roof:0");
  const Polyline* bf16 = g.find_line("measured:roof:1");
  ASSERT_NE(hbm, nullptr);
  ASSERT_NE(bf16, nullptr);
  EXPECT_EQ(hbm->dash, LineDash::dashed);
  // The slope ends where it reaches the compute roof: 670e12 / 2.68e12 = 250 FLOP/byte, where
  // the compute roof starts.
  const Vec2 corner = data_to_px(v, 250, 670e12);
  EXPECT_NEAR(hbm->points.back().x, corner.x, 1e-6);
  EXPECT_NEAR(hbm->points.back().y, corner.y, 1e-6);
  EXPECT_NEAR(bf16->points.front().x, corner.x, 1e-6);
  EXPECT_EQ(hbm->color.with_alpha(255), light_theme().measured);
  const auto legend = std::find_if(g.legend.entries.begin(), g.legend.entries.end(),
                                   [](const LegendEntry& e) { return e.series_id == "measured"; });
  ASSERT_NE(legend, g.legend.entries.end());
  EXPECT_EQ(legend->label, "measured roofs: decode.csv");
}

}  // namespace
}  // namespace roofline
