#pragma once
// Doubles to text and back, exactly as the C++17 <charconv> functions do, on every standard
// library: libstdc++ has them, but the libc++ of Debian's emscripten (the web build) has no
// floating-point std::to_chars or std::from_chars. Where the standard library has them these
// call it; elsewhere the printf-based versions below (detail::), which a test compares with the
// standard library's over many values so that the browser prints what the desktop prints.

#include <optional>
#include <string>
#include <string_view>

namespace roofline {

// std::to_chars(first, last, value): the shortest text that reads back to the same double, in
// fixed or scientific notation, whichever is shorter (fixed on a tie): "0.1", "1e+20", "-0".
// Finite values only (callers spell inf and nan themselves).
std::string chars_shortest(double value);
// std::to_chars(first, last, value, std::chars_format::general, precision): printf's %.{p}g.
std::string chars_general(double value, int precision);
// std::to_chars(first, last, value, std::chars_format::fixed): the shortest round-trip digits
// in fixed notation ("100000000000000000000" for 1e20).
std::string chars_fixed(double value);
// std::from_chars(first, last, value) over the whole of `text`: a double when all of `text` is
// one number as from_chars reads it (no leading space or '+', no hexadecimal; "inf" and "nan"
// read); nullopt otherwise or when it is out of a double's range.
std::optional<double> parse_double_exact(std::string_view text);
// The same, from the start of `text`: the number and how many characters it took (0: none).
struct ParsedDouble {
  double value = 0;
  size_t length = 0;
  bool out_of_range = false;
};
ParsedDouble parse_double_prefix(std::string_view text);

namespace detail {
// The printf/strtod versions, always built (the test compares them with the standard's).
std::string printf_shortest(double value);
std::string printf_fixed(double value);
ParsedDouble strtod_prefix(std::string_view text);
}  // namespace detail

}  // namespace roofline
