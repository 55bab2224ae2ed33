#include "roofline/units.h"

#include <gtest/gtest.h>

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
