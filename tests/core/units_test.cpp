#include "roofline/units.h"

#include <gtest/gtest.h>

#include <limits>
#include <string>

namespace roofline {
namespace {

TEST(Units, FormatSiExamplesFromHeader) {
  EXPECT_EQ(format_si(989e12, "FLOP/s"), "989 TFLOP/s");
  EXPECT_EQ(format_si(3.35e12, "B/s"), "3.35 TB/s");
}

TEST(Units, FormatSiThreeSignificantDigits) {
  EXPECT_EQ(format_si(80e9, "B"), "80.0 GB");
  EXPECT_EQ(format_si(1e9, "B"), "1.00 GB");
  EXPECT_EQ(format_si(1.5e15, "FLOP/s"), "1.50 PFLOP/s");
  EXPECT_EQ(format_si(1979e12, "FLOP/s"), "1.98 PFLOP/s");
  EXPECT_EQ(format_si(1500, "FLOP"), "1.50 kFLOP");
  EXPECT_EQ(format_si(450e9, "B/s"), "450 GB/s");
  EXPECT_EQ(format_si(12, "B"), "12.0 B");
  EXPECT_EQ(format_si(999, "B"), "999 B");
}

TEST(Units, FormatSiDigits) {
  EXPECT_EQ(format_si(3.35e12, "B/s", 4), "3.350 TB/s");
  EXPECT_EQ(format_si(16.06e9, "B", 2), "16 GB");
}

TEST(Units, FormatSiMantissaStaysBelow1000AfterRounding) {
  // 999.6 to 3 digits would print "1000": the header promises a mantissa in [1, 1000).
  EXPECT_EQ(format_si(999.6, "B"), "1.00 kB");
  EXPECT_EQ(format_si(999.7e9, "B/s"), "1.00 TB/s");
}

TEST(Units, FormatTimeExamplesFromHeader) {
  EXPECT_EQ(format_time(0.00448), "4.48 ms");
  EXPECT_EQ(format_time(812e-6), "812 \u00B5s");  // U+00B5 MICRO SIGN, as in units.h
  EXPECT_EQ(format_time(1.2), "1.20 s");
}

TEST(Units, FormatTimeMore) {
  EXPECT_EQ(format_time(0.0458), "45.8 ms");
  EXPECT_EQ(format_time(0.0415), "41.5 ms");
  EXPECT_EQ(format_time(0.25), "250 ms");
  EXPECT_EQ(format_time(12.5e-6), "12.5 \u00B5s");
}

TEST(Units, FormatCount) {
  EXPECT_EQ(format_count(5590.4), "5,590");
  EXPECT_EQ(format_count(1234567), "1,234,567");
  EXPECT_EQ(format_count(1000), "1,000");
  EXPECT_EQ(format_count(999), "999");
  EXPECT_EQ(format_count(223.0), "223");
  EXPECT_EQ(format_count(0), "0");
  EXPECT_EQ(format_count(5590.6), "5,591");  // rounded, not truncated
}

TEST(Units, QuantitiesCarryTheirUnits) {
  EXPECT_EQ(format_flops(16.06e9), "16.1 GFLOP");
  EXPECT_EQ(format_flop_rate(989e12), "989 TFLOP/s");
  EXPECT_EQ(format_bytes(1.07e9), "1.07 GB");
  EXPECT_EQ(format_bandwidth(3.35e12), "3.35 TB/s");
}

TEST(Units, FormatIntensity) {
  EXPECT_EQ(format_intensity(989e12 / 3.35e12), "295 FLOP/B");
  EXPECT_EQ(format_intensity(62.5), "62.5 FLOP/B");
  EXPECT_EQ(format_intensity(0.5), "0.500 FLOP/B");
  EXPECT_EQ(format_intensity(0.99998), "1.00 FLOP/B");
  EXPECT_EQ(format_intensity(999.6), "1,000 FLOP/B");
  EXPECT_EQ(format_intensity(4096), "4,096 FLOP/B");
  EXPECT_EQ(format_intensity(4.02, false), "4.02");
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(format_intensity(inf), "∞ (moves no bytes)");
  EXPECT_EQ(format_intensity(inf, false), "∞ (moves no bytes)");
}

TEST(Units, FormatPercent) {
  EXPECT_EQ(format_percent(0.7), "70%");
  EXPECT_EQ(format_percent(0.5), "50%");
  EXPECT_EQ(format_percent(1), "100%");
  EXPECT_EQ(format_percent(0.00339), "0.339%");
  EXPECT_EQ(format_percent(0.123456), "12.3%");
  EXPECT_EQ(format_percent(0.0995), "9.95%");
  EXPECT_EQ(format_percent(0.10), "10%");
  EXPECT_EQ(format_percent(0), "0%");
  EXPECT_EQ(format_percent(1e-6), "<0.001%");
}

TEST(Units, FormatRatio) {
  EXPECT_EQ(format_ratio(1.4312), "1.43\u00d7");
  EXPECT_EQ(format_ratio(12.34), "12.3\u00d7");
  EXPECT_EQ(format_ratio(64), "64.0\u00d7");
  EXPECT_EQ(format_ratio(2), "2.00\u00d7");
}

TEST(Units, FormatParameters) {
  EXPECT_EQ(format_parameters(8.03e9), "8.03 B");
  EXPECT_EQ(format_parameters(124.4e6), "124 M");
  EXPECT_EQ(format_parameters(671e9), "671 B");
  EXPECT_EQ(format_parameters(1.02e12), "1.02 T");
  EXPECT_EQ(format_parameters(999.9e6), "1.00 B");
}

TEST(Units, FormatTokenRate) {
  EXPECT_EQ(format_token_rate(11608.4), "11,608 tokens/s");
  EXPECT_EQ(format_token_rate(221.2), "221 tokens/s");
  EXPECT_EQ(format_token_rate(4.523), "4.52 tokens/s");
  EXPECT_EQ(format_token_rate(4.523, false), "4.52");
}

TEST(Units, FormatExactReadsBackExactly) {
  EXPECT_EQ(format_exact(0.1), "0.1");
  EXPECT_EQ(format_exact(134486163456.0), "134486163456");
  EXPECT_EQ(format_exact(2.5e-7), "2.5e-07");
  EXPECT_EQ(format_exact(std::numeric_limits<double>::infinity()), "inf");
  EXPECT_EQ(std::stod(format_exact(1.0 / 3)), 1.0 / 3);
}

// Rounding that carries into the next power of ten keeps 3 significant digits.
TEST(Units, RoundingCarryKeepsSignificantDigits) {
  EXPECT_EQ(format_si(0.99998, "FLOP/B"), "1.00 FLOP/B");
  EXPECT_EQ(format_si(99.9999, "B"), "100 B");
  EXPECT_EQ(format_time(0.0099999), "10.0 ms");
  EXPECT_EQ(format_time(0.9999), "1.00 s");
  EXPECT_EQ(format_si(0, "B"), "0 B");
}

}  // namespace
}  // namespace roofline
