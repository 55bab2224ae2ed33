#include "roofline/charconv.h"

#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace roofline {

namespace {

// Floating-point <charconv> is in libstdc++ (it defines __cpp_lib_to_chars) but not in the
// libc++ of Debian's emscripten.
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
#define ROOFLINE_STANDARD_CHARCONV 1
#endif

// The shortest digits that read back to `value` (finite, not zero), and the decimal exponent
// of the first: value ~ 0.d1d2d3... x 10^(exponent + 1).
struct Digits {
  std::string digits;
  int exponent = 0;
};

// "d.ddd" and the exponent as "%.*e" text, which strtod reads back.
std::string scientific_text(const std::string& digits, int exponent) {
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "." + std::string.
  std::string out(1, digits[0]);
  if (digits.size() > 1) out.append(1, '.').append(digits, 1);
  return out.append(1, 'e').append(std::to_string(exponent));
}

// `d` with one added to (or taken from) its last digit, carries and all: the neighbours of a
// correctly rounded decimal, one of which may read back when it does not (near a power of two
// the doubles below are twice as dense as those above).
Digits step_last_digit(Digits d, int step) {
  size_t i = d.digits.size();
  while (i-- > 0) {
    char& c = d.digits[i];
    if (step > 0 && c == '9') {
      c = '0';
    } else if (step < 0 && c == '0') {
      c = '9';
    } else {
      c = static_cast<char>(c + step);
      break;
    }
  }
  if (i == static_cast<size_t>(-1)) {  // 99 + 1: 10 (of the same length), one place up
    d.digits.assign(d.digits.size(), '0');
    d.digits[0] = '1';
    ++d.exponent;
  } else if (d.digits[0] == '0') {  // 10 - 1: 99, one place down
    d.digits.assign(d.digits.size(), '9');
    --d.exponent;
  }
  return d;
}

bool reads_back(const Digits& d, double magnitude) {
  return std::strtod(scientific_text(d.digits, d.exponent).c_str(), nullptr) == magnitude;
}

// The shortest digits that read back to |value| (finite, not zero) and the decimal exponent of
// the first (value = d.ddd x 10^exponent), the closest to it where several do (as Ryu finds).
Digits shortest_digits(double value) {
  const double magnitude = std::fabs(value);
  std::array<char, 40> buf{};
  Digits out;
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf.data(), buf.size(), "%.*e", precision - 1, magnitude);
    const std::string text(buf.data());
    const size_t e = text.find('e');
    out.digits.clear();
    for (size_t i = 0; i < e; ++i) {
      if (text[i] != '.') out.digits.push_back(text[i]);
    }
    out.exponent = std::atoi(text.c_str() + e + 1);
    if (reads_back(out, magnitude) || precision == 17) break;
    const Digits up = step_last_digit(out, +1);
    if (up.digits != "0" && reads_back(up, magnitude)) {
      out = up;
      break;
    }
    const Digits down = step_last_digit(out, -1);
    if (down.digits != "0" && reads_back(down, magnitude)) {
      out = down;
      break;
    }
  }
  while (out.digits.size() > 1 && out.digits.back() == '0') out.digits.pop_back();
  return out;
}

// `value` in fixed notation from its shortest digits `d`; a whole number with all its digits,
// exactly, as libstdc++ writes it (2^60: 1152921504606846976, 1e23: 99999999999999991611392).
std::string fixed_from(double value, const Digits& d) {
  const int n = static_cast<int>(d.digits.size());
  if (n <= d.exponent + 1) {
    std::array<char, 400> buf{};
    std::snprintf(buf.data(), buf.size(), "%.0f", value);
    return buf.data();
  }
  std::string out = value < 0 ? "-" : "";
  if (d.exponent < 0) {
    return out.append("0.").append(static_cast<size_t>(-d.exponent - 1), '0').append(d.digits);
  }
  const size_t whole = static_cast<size_t>(d.exponent + 1);
  return out.append(d.digits, 0, whole).append(1, '.').append(d.digits, whole);
}

std::string scientific_from(double value, const Digits& d) {
  std::string out = value < 0 ? "-" : "";
  out.append(1, d.digits[0]);
  if (d.digits.size() > 1) out.append(1, '.').append(d.digits, 1);
  const int e = std::abs(d.exponent);
  out.append(d.exponent < 0 ? "e-" : "e+");
  if (e < 10) out.append(1, '0');
  return out + std::to_string(e);
}

// Case-insensitive prefix match of `word` at `text`.
bool starts_with_word(std::string_view text, std::string_view word) {
  if (text.size() < word.size()) return false;
  for (size_t i = 0; i < word.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(text[i])) != word[i]) return false;
  }
  return true;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// How many characters of `text` from_chars would read as a number (0: none), and whether its
// digits hold anything but zeros.
size_t number_length(std::string_view text, bool& nonzero) {
  size_t i = 0;
  if (i < text.size() && text[i] == '-') ++i;
  const std::string_view rest = text.substr(i);
  if (starts_with_word(rest, "infinity")) return i + 8;
  if (starts_with_word(rest, "inf")) return i + 3;
  if (starts_with_word(rest, "nan")) {
    size_t j = i + 3;
    if (j < text.size() && text[j] == '(') {
      size_t k = j + 1;
      while (k < text.size() &&
             (std::isalnum(static_cast<unsigned char>(text[k])) || text[k] == '_'))
        ++k;
      if (k < text.size() && text[k] == ')') j = k + 1;
    }
    return j;
  }
  size_t digits = 0;
  for (; i < text.size() && is_digit(text[i]); ++i, ++digits) nonzero |= text[i] != '0';
  if (i < text.size() && text[i] == '.') {
    ++i;
    for (; i < text.size() && is_digit(text[i]); ++i, ++digits) nonzero |= text[i] != '0';
  }
  if (digits == 0) return 0;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    size_t j = i + 1;
    if (j < text.size() && (text[j] == '+' || text[j] == '-')) ++j;
    if (j < text.size() && is_digit(text[j])) {
      while (j < text.size() && is_digit(text[j])) ++j;
      i = j;
    }
  }
  return i;
}

}  // namespace

namespace detail {

std::string printf_shortest(double value) {
  if (value == 0) return std::signbit(value) ? "-0" : "0";
  const Digits d = shortest_digits(value);
  const std::string fixed = fixed_from(value, d);
  const std::string scientific = scientific_from(value, d);
  return fixed.size() <= scientific.size() ? fixed : scientific;
}

std::string printf_fixed(double value) {
  if (value == 0) return std::signbit(value) ? "-0" : "0";
  return fixed_from(value, shortest_digits(value));
}

ParsedDouble strtod_prefix(std::string_view text) {
  ParsedDouble out;
  bool nonzero = false;
  out.length = number_length(text, nonzero);
  if (out.length == 0) return out;
  const std::string number(text.substr(0, out.length));
  const double v = std::strtod(number.c_str(), nullptr);
  const bool said_inf = number.find_first_of("iI") != std::string::npos;
  out.out_of_range = (std::isinf(v) && !said_inf) || (v == 0 && nonzero);
  if (!out.out_of_range) out.value = v;
  return out;
}

}  // namespace detail

std::string chars_shortest(double value) {
#ifdef ROOFLINE_STANDARD_CHARCONV
  std::array<char, 32> buf{};
  const auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), value);
  return std::string(buf.data(), ec == std::errc() ? end : buf.data());
#else
  return detail::printf_shortest(value);
#endif
}

std::string chars_general(double value, int precision) {
  std::array<char, 64> buf{};
  std::snprintf(buf.data(), buf.size(), "%.*g", precision, value);
  return buf.data();
}

std::string chars_fixed(double value) {
#ifdef ROOFLINE_STANDARD_CHARCONV
  std::array<char, 400> buf{};
  const auto [end, ec] =
      std::to_chars(buf.data(), buf.data() + buf.size(), value, std::chars_format::fixed);
  return std::string(buf.data(), ec == std::errc() ? end : buf.data());
#else
  return detail::printf_fixed(value);
#endif
}

ParsedDouble parse_double_prefix(std::string_view text) {
#ifdef ROOFLINE_STANDARD_CHARCONV
  ParsedDouble out;
  double v = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec == std::errc::invalid_argument) return out;
  out.length = static_cast<size_t>(ptr - text.data());
  out.out_of_range = ec == std::errc::result_out_of_range;
  if (!out.out_of_range) out.value = v;
  return out;
#else
  return detail::strtod_prefix(text);
#endif
}

std::optional<double> parse_double_exact(std::string_view text) {
  const ParsedDouble p = parse_double_prefix(text);
  if (p.length == 0 || p.length != text.size() || p.out_of_range) return std::nullopt;
  return p.value;
}

}  // namespace roofline
