#pragma once
// The text of every quantity the programs show: one formatter per quantity, so a number reads
// the same wherever it appears (the chart, its tooltips and cards, the tables, the CLI).

#include <string>
#include <string_view>

namespace roofline {

// `value` with an SI prefix (k, M, G, T, P, E) chosen so the mantissa is in [1, 1000), rounded
// to `digits` significant digits (trailing zeros kept), then a space and `unit`:
// format_si(989e12, "FLOP/s") == "989 TFLOP/s", format_si(3.35e12, "B/s") == "3.35 TB/s".
// Values below 1 take no prefix: format_si(0.5, "FLOP/B") == "0.500 FLOP/B". Zero: "0 B".
// Non-finite: "∞". The engine of the quantity formatters below; call those.
std::string format_si(double value, std::string_view unit, int digits = 3);

// Work: "16.1 GFLOP".
std::string format_flops(double flops);
// Compute rate: "989 TFLOP/s".
std::string format_flop_rate(double flops_per_s);
// Memory: "1.07 GB".
std::string format_bytes(double bytes);
// Bandwidth: "3.35 TB/s".
std::string format_bandwidth(double bytes_per_s);

// Seconds with a fitting unit: "4.48 ms", "812 µs", "1.20 s".
std::string format_time(double seconds, int digits = 3);

// Energy: joules with a fitting prefix, "52.0 mJ", "1.20 J", "3.40 kJ".
std::string format_energy(double joules);
// US dollars: 3 significant digits below 1,000, whole with separators from there on: "$0.423",
// "$12.3", "$1,234"; "-$2.50" for a negative amount.
std::string format_usd(double usd);

// Plain number with thousands separators: 5590.4 -> "5,590".
std::string format_count(double value);

// A number for machines (CSV): the shortest decimal that reads back to the same double,
// "0.1", "134486163456", "2.5e-07"; "inf", "-inf", "nan".
std::string format_exact(double value);

// Arithmetic intensity: 3 significant digits below 1000, whole with separators from there on:
// "0.500 FLOP/B", "62.5 FLOP/B", "295 FLOP/B", "2,000 FLOP/B". An op that moves no bytes
// (fused elementwise) has infinite intensity and reads kNoBytesIntensity, unit or not.
// `with_unit` false drops " FLOP/B" for a column whose header names it.
inline constexpr std::string_view kNoBytesIntensity = "∞ (moves no bytes)";
std::string format_intensity(double flop_per_byte, bool with_unit = true);

// A share: 3 significant digits, trailing zeros dropped: 0.7 -> "70%", 0.00339 -> "0.339%",
// 0.123456 -> "12.3%", 1 -> "100%"; 0 -> "0%"; a positive share below 0.001 % -> "<0.001%".
std::string format_percent(double fraction);

// A factor: 3 significant digits: 1.4312 -> "1.43×", 12.34 -> "12.3×", 64 -> "64.0×".
std::string format_ratio(double ratio);

// A model's size in parameters, as people say it: "8.03 B", "124 M", "1.02 T".
std::string format_parameters(double parameters);

// `text` as a terminal, a CSV file or an XML file may show it: every control character (C0 but
// tab and, when `keep_lines`, line feed; DEL; the C1 controls U+0080-U+009F) and every byte
// that is not well-formed UTF-8 becomes U+FFFD, so a name read from a file cannot move the
// cursor, retitle the terminal, start a line of its own or make an XML file ill-formed. Other
// text, UTF-8 included, is unchanged.
std::string printable(std::string_view text, bool keep_lines = false);

// Token throughput: whole with separators from 100 on, 3 significant digits below:
// "11,608 tokens/s", "221 tokens/s", "4.52 tokens/s". `with_unit` as for intensity.
std::string format_token_rate(double tokens_per_s, bool with_unit = true);

}  // namespace roofline
