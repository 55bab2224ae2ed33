#include "roofline/sweep.h"

#include <gtest/gtest.h>

#include <vector>

#include "test_fixtures.h"

namespace roofline {
namespace {

using namespace roofline::testing;

TEST(Sweep, LogSpacedDecades) {
  // 10^(3*i/3), i = 0..3
  EXPECT_EQ(log_spaced_values(1, 1000, 4), (std::vector<int64_t>{1, 10, 100, 1000}));
  // 2*16^(i/4): 2, 4, 8, 16, 32
  EXPECT_EQ(log_spaced_values(2, 32, 5), (std::vector<int64_t>{2, 4, 8, 16, 32}));
}

TEST(Sweep, LogSpacedDropsDuplicates) {
  // 3^(i/9), i = 0..9: 1, 1.13, 1.28, 1.44, 1.63, 1.84, 2.08, 2.35, 2.66, 3 -> rounded 1 1 1 1 2
  // 2 2 2 3 3 -> {1, 2, 3}
  EXPECT_EQ(log_spaced_values(1, 3, 10), (std::vector<int64_t>{1, 2, 3}));
}

TEST(Sweep, LogSpacedEdgeCases) {
  EXPECT_EQ(log_spaced_values(7, 1000, 1), (std::vector<int64_t>{7}));
  EXPECT_EQ(log_spaced_values(5, 5, 4), (std::vector<int64_t>{5}));
  EXPECT_EQ(log_spaced_values(1, 2, 2), (std::vector<int64_t>{1, 2}));
}

TEST(Sweep, LogSpacedThousandPoints) {
  std::vector<int64_t> v = log_spaced_values(1, 1'000'000, 1000);
  ASSERT_FALSE(v.empty());
  EXPECT_EQ(v.front(), 1);
  EXPECT_EQ(v.back(), 1'000'000);
  EXPECT_LE(v.size(), 1000u);
  // 10^(6*i/999), i = 0..999, rounded: consecutive ratio 10^(6/999) = 1.0139, so below ~72 many
  // points round alike (every integer 1..82 is hit); 238 duplicates dropped, 762 values left.
  // (No point lies within 0.0007 of a .5, so the count does not depend on pow vs exp.)
  EXPECT_EQ(v.size(), 762u);
  for (size_t i = 1; i < v.size(); ++i) EXPECT_LT(v[i - 1], v[i]);
}

TEST(Sweep, BatchPointsMatchAnalyze) {
  Scenario base = decode(h100_sxm(), llama3_8b(), 1, 1024);
  std::vector<SweepPoint> points = sweep(base, SweepParam::batch, 1, 1000, 4);
  ASSERT_EQ(points.size(), 4u);
  const int64_t expected[] = {1, 10, 100, 1000};
  for (size_t i = 0; i < points.size(); ++i) {
    SCOPED_TRACE(expected[i]);
    EXPECT_EQ(points[i].value, expected[i]);
    Scenario s = base;
    s.batch = expected[i];
    Analysis a = analyze(s);
    EXPECT_DOUBLE_EQ(points[i].time_s, a.totals.time_s);
    EXPECT_DOUBLE_EQ(points[i].tokens_per_s, a.totals.tokens_per_s);
    EXPECT_DOUBLE_EQ(points[i].fc.intensity, a.fc.intensity);
    EXPECT_DOUBLE_EQ(points[i].attention.flops, a.attention.flops);
    EXPECT_DOUBLE_EQ(points[i].step.time_s, a.step.time_s);
    EXPECT_EQ(points[i].fits_in_memory, a.totals.fits_in_memory);
  }
  // max batch 416 (analysis_memory_tp_test): 1000 sequences do not fit, 100 do.
  EXPECT_TRUE(points[2].fits_in_memory);
  EXPECT_FALSE(points[3].fits_in_memory);
}

TEST(Sweep, SeqPointsMatchAnalyze) {
  Scenario base = decode(h100_sxm(), llama3_8b(), 8, 1024);
  std::vector<SweepPoint> points = sweep(base, SweepParam::seq, 128, 8192, 3);
  // 128 * 64^(i/2): 128, 1024, 8192
  ASSERT_EQ(points.size(), 3u);
  EXPECT_EQ(points[0].value, 128);
  EXPECT_EQ(points[1].value, 1024);
  EXPECT_EQ(points[2].value, 8192);
  Scenario s = base;
  s.seq = 8192;
  EXPECT_DOUBLE_EQ(points[2].time_s, analyze(s).totals.time_s);
  // batch untouched: the fc point does not move with context length
  EXPECT_DOUBLE_EQ(points[0].fc.intensity, points[2].fc.intensity);
}

TEST(Sweep, CriticalBatchLlama3_70b) {
  Scenario base = decode(h100_sxm(), llama3_70b(), 1, 1024);
  // fc intensity sum 2*B*K*N / sum (2*K*N + 2*B*(K+N)) reaches 295.2 between B = 312 (294.70)
  // and B = 313 (295.59).
  std::optional<int64_t> c = critical_value(base, SweepParam::batch, 100000);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(*c, 313);
  Scenario below = base;
  below.batch = *c - 1;
  Scenario at = base;
  at.batch = *c;
  Analysis a_below = analyze(below);
  Analysis a_at = analyze(at);
  EXPECT_LT(a_below.fc.intensity, a_below.ridge_point);
  EXPECT_GE(a_at.fc.intensity, a_at.ridge_point);
  EXPECT_NEAR(a_at.ridge_point, 295.2, 0.05);
}

TEST(Sweep, CriticalBatchNotReached) {
  Scenario base = decode(h100_sxm(), llama3_70b(), 1, 1024);
  EXPECT_FALSE(critical_value(base, SweepParam::batch, 100).has_value());
}

TEST(Sweep, CriticalPromptLlama3_8b) {
  // Prefill B = 1: lm_head sees one row, the layers T rows; the fc group reaches 295.2 between
  // T = 356 (294.52) and T = 357 (295.26).
  Scenario base = prefill(h100_sxm(), llama3_8b(), 1, 128);
  std::optional<int64_t> c = critical_value(base, SweepParam::seq, 100000);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(*c, 357);
}

TEST(Sweep, ParamNames) {
  EXPECT_EQ(to_string(SweepParam::batch), "batch");
  EXPECT_EQ(to_string(SweepParam::seq), "seq");
  EXPECT_EQ(parse_sweep_param("batch"), SweepParam::batch);
  EXPECT_EQ(parse_sweep_param("seq"), SweepParam::seq);
  EXPECT_FALSE(parse_sweep_param("tokens").has_value());
}

}  // namespace
}  // namespace roofline
