#include "roofline/units.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>

#include "roofline/charconv.h"

namespace roofline {

namespace {

// `value` (finite, > 0) in scientific notation with `digits` significant digits and
// `extra_exponent` added to its power of ten: 1.00e25, 2.50e-300.
std::string scientific(double value, int digits, int extra_exponent = 0) {
  std::array<char, 64> buf{};
  std::snprintf(buf.data(), buf.size(), "%.*e", std::max(0, digits - 1), value);
  std::string text = buf.data();
  const size_t e = text.find('e');
  const int exponent = std::atoi(text.c_str() + e + 1) + extra_exponent;
  return text.substr(0, e) + "e" + std::to_string(exponent);
}

// Beyond these powers of ten a number is written in scientific notation: a time of 1e302 s
// was 303 digits, a kernel of 1e-300 s 300 zeros.
constexpr int kMaxFixedMagnitude = 18;
constexpr int kMinFixedMagnitude = -6;

// `mantissa` with `digits` significant digits, trailing zeros kept: 4.48, 812, 1.20.
std::string fixed_significant(double mantissa, int digits) {
  if (mantissa == 0) return "0";
  int magnitude = mantissa > 0 ? static_cast<int>(std::floor(std::log10(mantissa))) : 0;
  if (magnitude > kMaxFixedMagnitude || magnitude < kMinFixedMagnitude)
    return scientific(mantissa, digits);
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
  // strtod, not stod: a value in scientific notation may read back as a subnormal (ERANGE).
  if (const double rounded = std::strtod(text.c_str(), nullptr);
      rounded >= 1000 && i + 1 < prefixes.size()) {
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

// `value` with `digits` significant digits and no prefix, sign kept: -0.500, 62.5, 4096.
std::string significant(double value, int digits) {
  if (!std::isfinite(value)) return value < 0 ? "-∞" : "∞";
  const std::string text = fixed_significant(std::fabs(value), digits);
  return value < 0 && text != "0" ? "-" + text : text;
}

constexpr std::array<std::string_view, 7> kSiPrefixes = {"", "k", "M", "G", "T", "P", "E"};
constexpr std::array<std::string_view, 4> kTimePrefixes = {"n", "µ", "m", ""};

}  // namespace

std::string format_si(double value, std::string_view unit, int digits) {
  return with_prefix(value, unit, digits, kSiPrefixes, 0);
}

std::string format_time(double seconds, int digits) {
  if (std::isfinite(seconds) && std::fabs(seconds) >= 1) {
    return significant(seconds, digits) + " s";  // a sign kept, a negative time readable
  }
  return with_prefix(seconds * 1e9, "s", digits, kTimePrefixes, 0);
}

std::string format_energy(double joules) {
  if (std::isfinite(joules) && std::fabs(joules) >= 1) return format_si(joules, "J");
  return with_prefix(joules * 1e9, "J", 3, kTimePrefixes, 0);
}

std::string format_usd(double usd) {
  if (!std::isfinite(usd)) return usd < 0 ? "-$∞" : "$∞";
  const std::string digits =
      std::fabs(usd) >= 999.5 ? format_count(std::fabs(usd)) : significant(std::fabs(usd), 3);
  return (usd < 0 && digits != "0" ? "-$" : "$") + digits;
}

std::string format_flops(double flops) { return format_si(flops, "FLOP"); }
std::string format_flop_rate(double flops_per_s) { return format_si(flops_per_s, "FLOP/s"); }
std::string format_bytes(double bytes) { return format_si(bytes, "B"); }
std::string format_bandwidth(double bytes_per_s) { return format_si(bytes_per_s, "B/s"); }

std::string format_count(double value) {
  if (!std::isfinite(value)) return value < 0 ? "-∞" : "∞";
  // Past what a long long holds (llround would overflow: an intensity of 1e25 read "0").
  if (std::fabs(value) >= 1e18) {
    std::string text = value < 0 ? "-" : "";  // appended: g++ 12's -Wrestrict false positive
    return text.append(scientific(std::fabs(value), 3));
  }
  const long long n = std::llround(std::fabs(value));
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return (value < 0 && n != 0 ? "-" : "") + out;
}

std::string format_exact(double value) {
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  if (std::isnan(value)) return "nan";
  return chars_shortest(value);
}

std::string format_intensity(double flop_per_byte, bool with_unit) {
  if (!std::isfinite(flop_per_byte)) return std::string(kNoBytesIntensity);
  const std::string number = std::fabs(flop_per_byte) >= 999.5 ? format_count(flop_per_byte)
                                                               : significant(flop_per_byte, 3);
  return with_unit ? number + " FLOP/B" : number;
}

std::string format_percent(double fraction) {
  const double p = fraction * 100;
  // A share past the doubles (1e308 × 100): the fraction's digits, two powers of ten on.
  if (std::isfinite(fraction) && !std::isfinite(p)) {
    std::string text = fraction < 0 ? "-" : "";
    return text.append(scientific(std::fabs(fraction), 3, 2)).append("%");
  }
  if (p == 0) return "0%";
  if (p > 0 && p < 0.001) return "<0.001%";
  std::string text = significant(p, 3);
  // Trailing zeros of the digits, never of a power of ten ("1.00e20" keeps its 0).
  if (text.find('.') != std::string::npos && text.find('e') == std::string::npos) {
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
  }
  return text + "%";
}

std::string format_ratio(double ratio) { return significant(ratio, 3) + "\u00d7"; }

std::string format_parameters(double parameters) {
  const double n = std::fabs(parameters);
  if (n >= 999.5e9) return significant(parameters / 1e12, 3) + " T";
  if (n >= 999.5e6) return significant(parameters / 1e9, 3) + " B";
  if (n >= 999.5e3) return significant(parameters / 1e6, 3) + " M";
  return format_count(parameters);
}

namespace {

// The length of the well-formed UTF-8 sequence at `i` (1 to 4), or 0 when it is not one (a
// stray continuation byte, an overlong form, a surrogate, past U+10FFFF, cut short).
size_t utf8_sequence(std::string_view text, size_t i) {
  const auto c = static_cast<unsigned char>(text[i]);
  if (c < 0x80) return 1;
  size_t n = 0;
  uint32_t cp = 0;
  if ((c & 0xE0) == 0xC0) {
    n = 2;
    cp = c & 0x1Fu;
  } else if ((c & 0xF0) == 0xE0) {
    n = 3;
    cp = c & 0x0Fu;
  } else if ((c & 0xF8) == 0xF0) {
    n = 4;
    cp = c & 0x07u;
  } else {
    return 0;
  }
  if (i + n > text.size()) return 0;
  for (size_t k = 1; k < n; ++k) {
    const auto b = static_cast<unsigned char>(text[i + k]);
    if ((b & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (b & 0x3Fu);
  }
  constexpr uint32_t kLeast[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kLeast[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

}  // namespace

std::string printable(std::string_view text, bool keep_lines) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    const size_t n = utf8_sequence(text, i);
    const bool control = (c < 0x20 && c != '\t' && !(keep_lines && c == '\n')) || c == 0x7F ||
                         (n == 2 && c == 0xC2 && static_cast<unsigned char>(text[i + 1]) <= 0x9F);
    if (n == 0 || control) {
      out += "\uFFFD";
      i += n == 0 ? 1 : n;
      continue;
    }
    out.append(text.substr(i, n));
    i += n;
  }
  return out;
}

std::string format_token_rate(double tokens_per_s, bool with_unit) {
  // Rates are compared digit by digit: whole numbers from 100 on, 3 digits below.
  const std::string number =
      std::fabs(tokens_per_s) >= 99.95 ? format_count(tokens_per_s) : significant(tokens_per_s, 3);
  return with_unit ? number + " tokens/s" : number;
}

}  // namespace roofline
