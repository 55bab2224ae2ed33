#include "roofline/plot/axes.h"

#include <gtest/gtest.h>

#include <algorithm>

#include <cmath>

namespace roofline {
namespace {

std::vector<double> values(const std::vector<Tick>& ticks, bool major) {
  std::vector<double> out;
  for (const Tick& t : ticks)
    if (t.major == major) out.push_back(t.value);
  return out;
}

std::vector<std::string> labels(const std::vector<Tick>& ticks) {
  std::vector<std::string> out;
  for (const Tick& t : ticks)
    if (t.labelled) out.push_back(t.label);
  return out;
}

TEST(LogAxis, MapsEndsAndDecadesLinearly) {
  const LogAxis x{0.1, 1e4, 100, 600};  // 5 decades over 500 px: 100 px per decade
  EXPECT_DOUBLE_EQ(x.to_px(0.1), 100);
  EXPECT_DOUBLE_EQ(x.to_px(1e4), 600);
  EXPECT_NEAR(x.to_px(1), 200, 1e-9);
  EXPECT_NEAR(x.to_px(100), 400, 1e-9);
  EXPECT_NEAR(x.to_px(std::sqrt(10.0)), 250, 1e-9);
}

TEST(LogAxis, VerticalAxisRunsUpTheScreen) {
  const LogAxis y{1e11, 1e16, 700, 200};  // low values at the bottom (larger px)
  EXPECT_DOUBLE_EQ(y.to_px(1e11), 700);
  EXPECT_DOUBLE_EQ(y.to_px(1e16), 200);
  EXPECT_NEAR(y.to_px(1e12), 600, 1e-9);
  EXPECT_NEAR(y.from_px(450), std::pow(10.0, 13.5), 1e-9 * std::pow(10.0, 13.5));
}

TEST(LogAxis, InverseRoundTrips) {
  const LogAxis x{0.037, 52000, 13.5, 977.25};
  for (double v : {0.037, 0.1, 1.0, 4.02, 295.2238806, 989e12 / 3.35e12, 51999.0}) {
    EXPECT_NEAR(x.from_px(x.to_px(v)) / v, 1.0, 1e-12) << v;
  }
  for (double px : {13.5, 100.0, 500.25, 977.25}) EXPECT_NEAR(x.to_px(x.from_px(px)), px, 1e-9);
}

TEST(LogTicks, DecadeMajorsAndMinorsFromTenthToTenThousand) {
  const LogAxis x{0.1, 1e4, 0, 1000};
  const auto ticks = log_ticks(x, AxisOrientation::horizontal, approximate_text_measure(), 12, 8);
  EXPECT_EQ(values(ticks, true), (std::vector<double>{0.1, 1, 10, 100, 1000, 10000}));
  const std::vector<double> minors = values(ticks, false);
  ASSERT_EQ(minors.size(), 40u);  // 2..9 in each of five decades
  EXPECT_EQ(minors[0], 0.2);
  EXPECT_EQ(minors[1], 0.3);
  EXPECT_EQ(minors[7], 0.9);
  EXPECT_EQ(minors[8], 2);
  EXPECT_EQ(minors[16], 20);
  EXPECT_EQ(minors[39], 9000);
  EXPECT_EQ(labels(ticks), (std::vector<std::string>{"0.1", "1", "10", "100", "1k", "10k"}));
  // Increasing value order, pixels included.
  for (size_t i = 1; i < ticks.size(); ++i) EXPECT_LT(ticks[i - 1].px, ticks[i].px);
}

TEST(LogTicks, RangeBetweenDecadesKeepsOnlyInsideTicks) {
  const LogAxis x{3, 4000, 0, 800};
  const auto ticks = log_ticks(x, AxisOrientation::horizontal, approximate_text_measure(), 12, 8);
  EXPECT_EQ(values(ticks, true), (std::vector<double>{10, 100, 1000}));
  const auto minors = values(ticks, false);
  EXPECT_EQ(minors.front(), 3);
  EXPECT_EQ(minors.back(), 4000);
  EXPECT_EQ(minors.size(), 7u + 8u + 8u + 3u);  // 3..9, 20..90, 200..900, 2000..4000
}

TEST(LogTicks, DenseDecadesKeepEverySecondLabel) {
  // 6 decades in 100 px: "0.1" is 19.8 px wide at 12 px, so neighbours 20 px apart collide.
  const LogAxis x{0.1, 1e4, 0, 100};
  const auto ticks = log_ticks(x, AxisOrientation::horizontal, approximate_text_measure(), 12, 8);
  EXPECT_EQ(labels(ticks), (std::vector<std::string>{"1", "100", "10k"}));
}

TEST(LogTicks, VerticalFlopAxisLabelsEveryDecade) {
  const LogAxis y{1e11, 1e16, 500, 0};
  const auto ticks = log_ticks(y, AxisOrientation::vertical, approximate_text_measure(), 12, 6);
  EXPECT_EQ(labels(ticks), (std::vector<std::string>{"100G", "1T", "10T", "100T", "1P", "10P"}));
}

TEST(LogTicks, VerticalPruningUsesFontHeight) {
  // 12 decades in 150 px: 12.5 px per decade, less than 12 px font + 6 px gap.
  const LogAxis y{1, 1e12, 150, 0};
  const auto ticks = log_ticks(y, AxisOrientation::vertical, approximate_text_measure(), 12, 6);
  EXPECT_EQ(labels(ticks),
            (std::vector<std::string>{"1", "100", "10k", "1M", "100M", "10G", "1T"}));
}

TEST(LogTicks, LessThanADecadeLabelsMinors) {
  const LogAxis x{200, 800, 0, 500};
  const auto ticks = log_ticks(x, AxisOrientation::horizontal, approximate_text_measure(), 12, 8);
  EXPECT_TRUE(values(ticks, true).empty());
  EXPECT_EQ(labels(ticks),
            (std::vector<std::string>{"200", "300", "400", "500", "600", "700", "800"}));
}

TEST(LogTicks, NarrowSubDecadeFallsBackToTwoAndFive) {
  const LogAxis x{150, 900, 0, 90};
  const auto ticks = log_ticks(x, AxisOrientation::horizontal, approximate_text_measure(), 12, 8);
  EXPECT_EQ(labels(ticks), (std::vector<std::string>{"200", "500"}));
}

TEST(LogTicks, ZoomedIntoPartOfADecadeTicksEvenly) {
  // 20..28: the mantissa ticks give "20" alone; a step of 1 fits nine labels in 800 px.
  const LogAxis x{20, 28, 0, 800};
  const auto ticks = log_ticks(x, AxisOrientation::horizontal, approximate_text_measure(), 12, 8);
  EXPECT_EQ(labels(ticks),
            (std::vector<std::string>{"20", "21", "22", "23", "24", "25", "26", "27", "28"}));
  // 2,000..2,600 tokens: 100 apart, with the digit the step needs.
  const LogAxis k{2000, 2600, 0, 800};
  EXPECT_EQ(labels(log_ticks(k, AxisOrientation::horizontal, approximate_text_measure(), 12, 8)),
            (std::vector<std::string>{"2k", "2.1k", "2.2k", "2.3k", "2.4k", "2.5k", "2.6k"}));
  // A y axis from 1.5 to 1.9 TFLOP/s, 400 px tall: 0.05 T apart (50 px > 12 px font + 6 px
  // gap); 100 px tall, 0.1 T apart would be 25 px: fits too, 0.05 T (12.5 px) does not.
  const LogAxis y{1.5e12, 1.9e12, 400, 0};
  EXPECT_EQ(labels(log_ticks(y, AxisOrientation::vertical, approximate_text_measure(), 12, 6)),
            (std::vector<std::string>{"1.5T", "1.55T", "1.6T", "1.65T", "1.7T", "1.75T", "1.8T",
                                      "1.85T", "1.9T"}));
  const LogAxis short_y{1.5e12, 1.9e12, 100, 0};
  EXPECT_EQ(
      labels(log_ticks(short_y, AxisOrientation::vertical, approximate_text_measure(), 12, 6)),
      (std::vector<std::string>{"1.5T", "1.6T", "1.7T", "1.8T", "1.9T"}));
  // Finer than three digits: 20,100..20,300 by 50.
  const LogAxis fine{20100, 20300, 0, 800};
  EXPECT_EQ(labels(log_ticks(fine, AxisOrientation::horizontal, approximate_text_measure(), 12, 8)),
            (std::vector<std::string>{"20.1k", "20.15k", "20.2k", "20.25k", "20.3k"}));
}

// One to thirty spans two powers of ten: it keeps its 1 and 10 (and their minors), not an even
// 5, 10, ... 30 that would leave the left half of the axis bare.
TEST(LogTicks, TwoDecadesKeepTheirPowersOfTen) {
  const LogAxis x{1, 30, 0, 800};
  const auto ticks = log_ticks(x, AxisOrientation::horizontal, approximate_text_measure(), 12, 8);
  EXPECT_EQ(values(ticks, true), (std::vector<double>{1, 10}));
  const std::vector<std::string> shown = labels(ticks);
  EXPECT_TRUE(std::find(shown.begin(), shown.end(), "1") != shown.end());
  EXPECT_TRUE(std::find(shown.begin(), shown.end(), "10") != shown.end());
}

TEST(FormatTickSi, ShortestSiForms) {
  EXPECT_EQ(format_tick_si(1), "1");
  EXPECT_EQ(format_tick_si(10), "10");
  EXPECT_EQ(format_tick_si(100), "100");
  EXPECT_EQ(format_tick_si(1000), "1k");
  EXPECT_EQ(format_tick_si(2500), "2.5k");
  EXPECT_EQ(format_tick_si(1e6), "1M");
  EXPECT_EQ(format_tick_si(1e12), "1T");
  EXPECT_EQ(format_tick_si(1e13), "10T");
  EXPECT_EQ(format_tick_si(1e14), "100T");
  EXPECT_EQ(format_tick_si(1e15), "1P");
  EXPECT_EQ(format_tick_si(2e15), "2P");
  EXPECT_EQ(format_tick_si(0.5), "0.5");
  EXPECT_EQ(format_tick_si(0.01), "0.01");
  EXPECT_EQ(format_tick_si(0.002), "0.002");
  EXPECT_EQ(format_tick_si(1e-4), "1e-4");
  EXPECT_EQ(format_tick_si(0), "0");
  EXPECT_EQ(format_tick_si(-1000), "-1k");
  EXPECT_EQ(format_tick_si(2250, 4), "2.25k");
  EXPECT_EQ(format_tick_si(20125, 5), "20.125k");
  EXPECT_EQ(format_tick_si(2250, 1), "2.25k");  // never fewer than three
}

TEST(ApproximateTextMeasure, CountsCodePoints) {
  const auto m = approximate_text_measure();
  EXPECT_DOUBLE_EQ(m("abcd", 10), 22);
  EXPECT_DOUBLE_EQ(m("\u00b5s", 10), 11);  // two code points, three bytes
}

}  // namespace
}  // namespace roofline
