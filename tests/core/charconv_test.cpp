// The printf/strtod versions of <charconv> (the web build's, whose libc++ has no floating-point
// to_chars/from_chars) against libstdc++'s own, so that the browser prints what the desktop does.
#include "roofline/charconv.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace roofline {
namespace {

std::string std_shortest(double v) {
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

std::string std_fixed(double v) {
  char buf[400];
  const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed);
  return std::string(buf, r.ptr);
}

std::string std_general3(double v) {
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, 3);
  return std::string(buf, r.ptr);
}

// Values of every kind the programs print: bit patterns, decimals of every magnitude, whole
// numbers, and the edges (powers of two and ten, the subnormals, the largest double).
std::vector<double> sample_values() {
  std::vector<double> values = {0.1,
                                0.2,
                                0.3,
                                1.0 / 3,
                                2.0 / 3,
                                1e20,
                                1e21,
                                1e22,
                                1e23,
                                1e-5,
                                1e-6,
                                1e-7,
                                123456789012345680.0,
                                5e-324,
                                DBL_MIN,
                                DBL_MAX,
                                DBL_EPSILON,
                                9007199254740993.0,
                                0.000123,
                                4.35e-05,
                                1e16,
                                1e15,
                                134486163456.0,
                                2.5e-07,
                                989.4e12,
                                3.35e12,
                                80.0,
                                0.5,
                                1.5e300};
  for (int e = -1074; e <= 1023; e += 7) values.push_back(std::ldexp(1.0, e));
  for (int e = -320; e <= 308; ++e) values.push_back(std::pow(10.0, e));
  std::mt19937_64 rng(20261127);
  for (int i = 0; i < 20000; ++i) {
    uint64_t bits = rng();
    double v = 0;
    std::memcpy(&v, &bits, sizeof v);
    if (std::isfinite(v)) values.push_back(v);
  }
  std::uniform_int_distribution<int> exponent(-12, 16);
  std::uniform_int_distribution<int> mantissa(1, 999999);
  for (int i = 0; i < 20000; ++i) {
    values.push_back(mantissa(rng) * std::pow(10.0, exponent(rng)));
    values.push_back(static_cast<double>(rng() % 100000000));
  }
  const size_t n = values.size();
  for (size_t i = 0; i < n; ++i) values.push_back(-values[i]);
  return values;
}

TEST(Charconv, PrintfShortestMatchesTheStandardLibrary) {
  int checked = 0;
  for (const double v : sample_values()) {
    ASSERT_EQ(detail::printf_shortest(v), std_shortest(v)) << "at " << std_shortest(v);
    ++checked;
  }
  EXPECT_GT(checked, 80000);
}

TEST(Charconv, PrintfFixedMatchesTheStandardLibrary) {
  for (const double v : sample_values()) {
    if (std::fabs(v) > 1e30 || (v != 0 && std::fabs(v) < 1e-30)) continue;  // 300-digit texts
    ASSERT_EQ(detail::printf_fixed(v), std_fixed(v)) << "at " << std_shortest(v);
  }
}

TEST(Charconv, GeneralMatchesTheStandardLibrary) {
  for (const double v : sample_values()) ASSERT_EQ(chars_general(v, 3), std_general3(v));
}

TEST(Charconv, HandCheckedTexts) {
  // The shortest text, fixed unless scientific is shorter (the tie goes to fixed).
  EXPECT_EQ(detail::printf_shortest(0.1), "0.1");
  EXPECT_EQ(detail::printf_shortest(1e20), "1e+20");
  EXPECT_EQ(detail::printf_shortest(123456.0), "123456");
  EXPECT_EQ(detail::printf_shortest(2.5e-07), "2.5e-07");
  EXPECT_EQ(detail::printf_shortest(0.0001), "1e-04");  // 5 characters against "0.0001"'s 6
  EXPECT_EQ(detail::printf_shortest(0.00030000000000000003), "0.00030000000000000003");  // 22 each
  EXPECT_EQ(detail::printf_shortest(-0.0), "-0");
  EXPECT_EQ(detail::printf_shortest(5e-324), "5e-324");
  EXPECT_EQ(detail::printf_fixed(1e20), "100000000000000000000");
  EXPECT_EQ(detail::printf_fixed(2.5e-07), "0.00000025");
  EXPECT_EQ(detail::printf_fixed(1e23), "99999999999999991611392");  // whole: every digit
  EXPECT_EQ(detail::printf_shortest(1152921504606846976.0), "1152921504606846976");  // 2^60
  // Near a power of two the correctly rounded 16 digits (...808) do not read back; ...809 does.
  EXPECT_EQ(detail::printf_shortest(5.858190679279809e-244), "5.858190679279809e-244");
  EXPECT_EQ(chars_general(1.0 / 3, 3), "0.333");
}

TEST(Charconv, StrtodReadsWhatFromCharsReads) {
  const std::vector<std::string> texts = {
      "1",       "-1",     "0.5",      ".5",        "5.",    "1e3",    "1E-3",
      "1e",      "1e+",    "1.5x",     "+1",        " 1",    "",       "-",
      ".",       "e5",     "inf",      "-Infinity", "nan",   "NaN(1)", "0x10",
      "1e400",   "1e-400", "4.9e-324", "00012",     "1.2.3", "12abc",  "9007199254740993",
      "2.5e-07", "-0"};
  for (const std::string& text : texts) {
    double expected = 0;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), expected);
    const ParsedDouble got = detail::strtod_prefix(text);
    if (r.ec == std::errc::invalid_argument) {
      EXPECT_EQ(got.length, 0U) << text;
      continue;
    }
    EXPECT_EQ(got.length, static_cast<size_t>(r.ptr - text.data())) << text;
    EXPECT_EQ(got.out_of_range, r.ec == std::errc::result_out_of_range) << text;
    if (r.ec == std::errc() && !std::isnan(expected)) {
      EXPECT_EQ(got.value, expected) << text;
    }
  }
  for (const double v : sample_values()) {
    const std::string text = std_shortest(v);
    ASSERT_EQ(detail::strtod_prefix(text).value, v) << text;
  }
  EXPECT_EQ(parse_double_exact("2.5"), 2.5);
  EXPECT_FALSE(parse_double_exact("2.5 "));
  EXPECT_FALSE(parse_double_exact("+2.5"));
}

}  // namespace
}  // namespace roofline
