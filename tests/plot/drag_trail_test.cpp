// The drag mapping (target intensity -> batch or prompt length) and the trail.

#include <gtest/gtest.h>

#include <cmath>

#include "plot_fixtures.h"

namespace roofline {
namespace {

using testing::default_scenario;
using testing::scenario_with;

double fc_intensity(Scenario s, int64_t value) {
  (s.phase == Phase::decode ? s.batch : s.seq) = value;
  return analyze(s).fc.intensity;
}

TEST(FcDrag, DecodeLlama8bIntensity64IsBatchNear64) {
  // fc intensity ≈ B / (1 + B·(K+N)/(K·N)) per matmul: a little under B, so ~66 gives 64.
  const Scenario s = default_scenario();
  const auto batch = value_for_fc_intensity(s, 64);
  ASSERT_TRUE(batch.has_value());
  EXPECT_GE(*batch, 64);
  EXPECT_LE(*batch, 70);
  // And it is the closest: its neighbours are further from 64 (in log terms).
  const double here = std::abs(std::log(fc_intensity(s, *batch) / 64));
  EXPECT_LE(here, std::abs(std::log(fc_intensity(s, *batch - 1) / 64)));
  EXPECT_LE(here, std::abs(std::log(fc_intensity(s, *batch + 1) / 64)));
}

TEST(FcDrag, Llama70bIntensity244IsBatch256) {
  // core/MODEL.md §12: Llama-3-70B decode, batch 256, S = 1: fc intensity 244.
  const Scenario s = scenario_with("llama-3-70b", Phase::decode, 1, 1);
  const auto batch = value_for_fc_intensity(s, 244);
  ASSERT_TRUE(batch.has_value());
  EXPECT_NEAR(static_cast<double>(*batch), 256, 3);
}

TEST(FcDrag, ClampsToTheValidRange) {
  const Scenario s = default_scenario();
  EXPECT_EQ(value_for_fc_intensity(s, 0.01), 1);
  EXPECT_EQ(value_for_fc_intensity(s, 1e9), kMaxBatch);
  EXPECT_EQ(value_for_fc_intensity(s, -5), std::nullopt);
  EXPECT_EQ(value_for_fc_intensity(s, NAN), std::nullopt);
}

TEST(FcDrag, PrefillMovesThePromptLength) {
  Scenario s = scenario_with("llama-3-8b", Phase::prefill, 1, 512);
  const double target = fc_intensity(s, 2048);
  const auto seq = value_for_fc_intensity(s, target);
  ASSERT_TRUE(seq.has_value());
  EXPECT_NEAR(static_cast<double>(*seq), 2048, 2);
  EXPECT_EQ(s.batch, 1);  // the input scenario is untouched
  EXPECT_EQ(s.seq, 512);
}

TEST(AttentionDrag, OnlyPrefillMoves) {
  const Scenario decode = default_scenario();
  EXPECT_EQ(value_for_attention_intensity(decode, 100), std::nullopt);
  Scenario prefill = scenario_with("llama-3-8b", Phase::prefill, 1, 1024);
  Scenario at_4096 = prefill;
  at_4096.seq = 4096;
  const auto seq = value_for_attention_intensity(prefill, analyze(at_4096).attention.intensity);
  ASSERT_TRUE(seq.has_value());
  EXPECT_NEAR(static_cast<double>(*seq), 4096, 4);
}

TEST(Trail, BatchSweepHasDecadesAndTheCurrentPoint) {
  Scenario s = default_scenario();
  s.batch = 48;
  const Trail trail = make_trail(s, SweepParam::batch, 20);
  EXPECT_EQ(trail.param, SweepParam::batch);
  EXPECT_EQ(trail.current, 48);
  ASSERT_GE(trail.points.size(), 10u);
  EXPECT_EQ(trail.points.front().value, 1);
  EXPECT_EQ(trail.points.back().value, 1024);
  for (size_t i = 1; i < trail.points.size(); ++i)
    EXPECT_LT(trail.points[i - 1].value, trail.points[i].value);
  for (int64_t v : {1, 10, 100, 1000, 48}) {
    const bool found = std::any_of(trail.points.begin(), trail.points.end(),
                                   [v](const SweepPoint& p) { return p.value == v; });
    EXPECT_TRUE(found) << v;
  }
  // The current point is exactly the scenario's dot.
  const Analysis a = analyze(s);
  for (const SweepPoint& p : trail.points)
    if (p.value == 48) {
      EXPECT_DOUBLE_EQ(p.fc.intensity, a.fc.intensity);
    }
}

TEST(Trail, ReachesPastALargeCurrentValue) {
  Scenario s = default_scenario();
  s.batch = 5000;
  EXPECT_EQ(make_trail(s, SweepParam::batch).points.back().value, 5000);
  EXPECT_EQ(trail_param_for(s), SweepParam::batch);
  s.phase = Phase::prefill;
  EXPECT_EQ(trail_param_for(s), SweepParam::seq);
  const Trail seq = make_trail(s, SweepParam::seq);
  EXPECT_EQ(seq.points.front().value, 16);
  EXPECT_EQ(seq.points.back().value, 32768);
}

TEST(Trail, DrawnForMovingGroupsOnly) {
  // Decode: fc and step move with batch; attention does not (its intensity is ~2·g/bkv).
  const Scenario s = default_scenario();
  const Trail trail = make_trail(s, SweepParam::batch);
  PlotView v = testing::fixed_view();
  const PlotGeometry g =
      build_roofline_plot(analyze(s), s, v, light_theme(), approximate_text_measure(), &trail);
  EXPECT_NE(g.find_line("trail:group:fc"), nullptr);
  EXPECT_NE(g.find_line("trail:group:step"), nullptr);
  EXPECT_EQ(g.find_line("trail:group:attention"), nullptr);
  EXPECT_NE(g.find_marker("trail:group:fc:100"), nullptr);  // a decade tick
  EXPECT_FALSE(g.find_marker("trail:group:fc:100")->interactive);
  v.chart.show_trail = false;
  EXPECT_EQ(build_roofline_plot(analyze(s), s, v, light_theme(), approximate_text_measure(), &trail)
                .find_line("trail:group:fc"),
            nullptr);
}

}  // namespace
}  // namespace roofline
