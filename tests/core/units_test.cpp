#include "roofline/units.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <utility>
#include <vector>

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

namespace roofline {
namespace {

// Every formatter over the whole double range (hostile files and overflowing counters reach
// them): a finite number reads as a finite number, in at most 40 bytes, with no "nan" or "∞";
// 1e302 s was 303 digits, 1e25 read "0", a 1e-300 s kernel 300 zeros. Seeded, so a failure
// repeats.
TEST(Units, EveryFormatterIsShortAndFiniteOverTheWholeDoubleRange) {
  std::mt19937_64 random(20261127);
  std::vector<double> values = {0.0,     -0.0,     5e-324, -5e-324, 2.2250738585072014e-308,
                                1e-300,  1e-20,    1e-7,   0.5,     999.5,
                                9.2e18,  9.3e18,   1e25,   1e302,   1.7976931348623157e308,
                                -1e308,  -1e25,    -9.3e18};
  std::uniform_int_distribution<uint64_t> bits;
  for (int i = 0; i < 20000; ++i) {
    const uint64_t b = bits(random);
    double v = 0;
    std::memcpy(&v, &b, sizeof v);
    if (std::isfinite(v)) values.push_back(v);
  }
  const std::pair<const char*, std::function<std::string(double)>> formatters[] = {
      {"format_si", [](double v) { return format_si(v, "B"); }},
      {"format_flops", format_flops},
      {"format_flop_rate", format_flop_rate},
      {"format_bytes", format_bytes},
      {"format_bandwidth", format_bandwidth},
      {"format_time", [](double v) { return format_time(v); }},
      {"format_count", format_count},
      {"format_intensity", [](double v) { return format_intensity(v); }},
      {"format_percent", format_percent},
      {"format_ratio", format_ratio},
      {"format_parameters", format_parameters},
      {"format_token_rate", [](double v) { return format_token_rate(v); }},
  };
  for (const auto& [name, format] : formatters) {
    for (double v : values) {
      const std::string text = format(v);
      ASSERT_LE(text.size(), 40u) << name << "(" << v << ") = " << text;
      ASSERT_EQ(text.find("nan"), std::string::npos) << name << "(" << v << ") = " << text;
      ASSERT_EQ(text.find("inf"), std::string::npos) << name << "(" << v << ") = " << text;
      ASSERT_EQ(text.find("∞"), std::string::npos) << name << "(" << v << ") = " << text;
      ASSERT_NE(text.find_first_of("0123456789"), std::string::npos) << name << "(" << v << ")";
    }
  }
  // And the numbers read back: a count, a percent and a ratio within 0.5 % of the value (three
  // significant digits), whatever their size (short of the largest doubles, whose rounding,
  // 1.80e308, is past what a double holds).
  auto reads_back = [](std::string text, double expected) {
    std::erase(text, ',');
    const double got = std::strtod(text.c_str(), nullptr);
    return std::fabs(got - expected) <= 0.005 * std::fabs(expected);
  };
  for (double v : values) {
    if (std::fabs(v) >= 1e300) continue;
    if (std::fabs(v) >= 1e3) {
      EXPECT_TRUE(reads_back(format_count(v), v)) << v << " " << format_count(v);
    }
    if (std::fabs(v) >= 1e-3) {
      EXPECT_TRUE(reads_back(format_percent(v), 100 * v)) << v << " " << format_percent(v);
    }
    if (std::fabs(v) >= 1e-3) {
      EXPECT_TRUE(reads_back(format_ratio(v), v)) << v << " " << format_ratio(v);
    }
  }
  EXPECT_EQ(format_count(1e25), "1.00e25");
  EXPECT_EQ(format_time(1e302), "1.00e302 s");
  EXPECT_EQ(format_time(1e-300), "1.00e-291 ns");
  EXPECT_EQ(format_intensity(1e25), "1.00e25 FLOP/B");
  EXPECT_EQ(format_percent(1e308), "1.00e310%");
  // A power of ten ending in 0 keeps it (trailing zeros of the digits only).
  EXPECT_EQ(format_percent(1e18), "1.00e20%");
  EXPECT_EQ(format_percent(-1e-12), "-1.00e-10%");
  EXPECT_EQ(format_count(9.2e18), "9.20e18");
  EXPECT_EQ(format_count(999'999'999'999'999'999.0), "1.00e18");
}

// Names from files reach a terminal, a CSV or an SVG: their control characters (an OSC title
// change, a clear screen, a bell, a line break that forges a line, the C1 CSI) become U+FFFD.
TEST(Units, PrintableReplacesControlCharacters) {
  EXPECT_EQ(printable("gemm\x1b]0;pwned\x07 \x1b[2J\nroofline-cli: error: x\x7f\xc2\x9b"
                      "6n"),
            "gemm\uFFFD]0;pwned\uFFFD \uFFFD[2J\uFFFDroofline-cli: error: x\uFFFD\uFFFD6n");
  EXPECT_EQ(printable("a\nb\tc", true), "a\nb\tc");
  // Bytes that are not UTF-8 (a Latin-1 name, a cut sequence) would make an SVG ill-formed.
  EXPECT_EQ(printable("caf\xE9 \xE2\x82"), "caf\uFFFD \uFFFD\uFFFD");
  EXPECT_EQ(printable("naïve · 64×"), "naïve · 64×");  // UTF-8 as it is (U+00B7, U+00D7)
}

}  // namespace
}  // namespace roofline
