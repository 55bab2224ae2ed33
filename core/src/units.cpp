#include "roofline/units.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <span>
#include <string>

namespace roofline {

namespace {

// `mantissa` with `digits` significant digits, trailing zeros kept: 4.48, 812, 1.20.
std::string fixed_significant(double mantissa, int digits) {
  if (mantissa == 0) return "0";
  int magnitude = mantissa > 0 ? static_cast<int>(std::floor(std::log10(mantissa))) : 0;
  // Rounding may carry into the next power of ten (0.99998 -> 1.00): count digits after it.
  const double scale = std::pow(10.0, digits - 1 - magnitude);
  const double rounded = std::round(mantissa * scale) / scale;
  if (rounded >= std::pow(10.0, magnitude + 1)) ++magnitude;
  const int decimals = std::max(0, digits - 1 - magnitude);
  std::array<char, 64> buf{};
  std::snprintf(buf.data(), buf.size(), "%.*f", decimals, rounded);
  return buf.data();
}

// Scales |value| by 1000^k until it is below 1000 after rounding to `digits`.
std::string with_prefix(double value, std::string_view unit, int digits,
                        std::span<const std::string_view> prefixes, size_t start) {
  if (!std::isfinite(value)) return std::string(value < 0 ? "-∞ " : "∞ ") + std::string(unit);
  const bool negative = value < 0;
  double m = std::fabs(value);
  size_t i = start;
  while (i + 1 < prefixes.size() && m >= 1000) {
    m /= 1000;
    ++i;
  }
  while (i > 0 && m > 0 && m < 1) {
    m *= 1000;
    --i;
  }
  std::string text = fixed_significant(m, digits);
  if (const double rounded = std::stod(text); rounded >= 1000 && i + 1 < prefixes.size()) {
    ++i;  // 999.7 rounds up to 1000: print 1.00 of the next prefix
    text = fixed_significant(rounded / 1000, digits);
  }
  std::string out = negative ? "-" : "";
  out += text;
  out += ' ';
  out += prefixes[i];
  out += unit;
  return out;
}

constexpr std::array<std::string_view, 7> kSiPrefixes = {"", "k", "M", "G", "T", "P", "E"};
constexpr std::array<std::string_view, 4> kTimePrefixes = {"n", "µ", "m", ""};

}  // namespace

std::string format_si(double value, std::string_view unit, int digits) {
  return with_prefix(value, unit, digits, kSiPrefixes, 0);
}

std::string format_time(double seconds, int digits) {
  if (std::isfinite(seconds) && std::fabs(seconds) >= 1) {
    return fixed_significant(seconds, digits) + " s";
  }
  return with_prefix(seconds * 1e9, "s", digits, kTimePrefixes, 0);
}

std::string format_count(double value) {
  if (!std::isfinite(value)) return value < 0 ? "-∞" : "∞";
  const long long n = std::llround(std::fabs(value));
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return (value < 0 && n != 0 ? "-" : "") + out;
}

}  // namespace roofline
