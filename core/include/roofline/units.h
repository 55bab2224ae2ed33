#pragma once
// Human formatting of SI quantities for tables, tooltips and axis labels.

#include <string>
#include <string_view>

namespace roofline {

// `value` with an SI prefix (k, M, G, T, P, E) chosen so the mantissa is in [1, 1000), rounded
// to `digits` significant digits (trailing zeros kept), then a space and `unit`:
// format_si(989e12, "FLOP/s") == "989 TFLOP/s", format_si(3.35e12, "B/s") == "3.35 TB/s".
// Values below 1 take no prefix: format_si(0.5, "FLOP/B") == "0.500 FLOP/B". Zero: "0 B".
// Non-finite: "∞".
std::string format_si(double value, std::string_view unit, int digits = 3);

// Seconds with a fitting unit: "4.48 ms", "812 µs", "1.20 s".
std::string format_time(double seconds, int digits = 3);

// Plain number with thousands separators: 5590.4 -> "5,590".
std::string format_count(double value);

}  // namespace roofline
