#pragma once
// ChartView: what the roofline chart shows (axis ranges, series, theme), saved with a scenario
// as its "view" object. It is plain data with no dependencies beyond the standard library, so
// persist (app/persist) can read and write it without depending on the rest of plot (see the
// README's architecture section).
//
// Promises:
// - kSeriesFlags is the one list of the series the chart can show or hide: the legend's
//   toggles, the scenario file's "view" keys, the export options' keys and the CLI all iterate
//   it. Its order is the order the keys are written in.
// - The theme has one home (ChartView::theme) and one parser (parse_chart_theme); so has the
//   legend's place (ChartView::legend, parse_legend_place).

#include <optional>
#include <string>
#include <string_view>

namespace roofline {

enum class ChartTheme { light, dark };
inline constexpr ChartTheme kAllChartThemes[] = {ChartTheme::light, ChartTheme::dark};

constexpr std::string_view to_string(ChartTheme t) {
  return t == ChartTheme::dark ? "dark" : "light";
}
// The one parser of theme names (files, settings, both programs' --theme): the names of
// kAllChartThemes, nullopt for any other.
constexpr std::optional<ChartTheme> parse_chart_theme(std::string_view name) {
  for (ChartTheme t : kAllChartThemes)
    if (to_string(t) == name) return t;
  return std::nullopt;
}
// For "expected ..." messages.
inline constexpr std::string_view kChartThemeNames = "\"light\" or \"dark\"";
// A --theme validator's answer (CLI11's convention): "" for a theme's name, else what was
// expected: "expected \"light\" or \"dark\", got 'blue'".
inline std::string chart_theme_problem(const std::string& name) {
  if (parse_chart_theme(name)) return {};
  return std::string("expected ").append(kChartThemeNames).append(", got '").append(name) + "'";
}
// For --help: "{light,dark}".
inline std::string chart_theme_choices() {
  std::string out = "{";
  for (ChartTheme t : kAllChartThemes) out.append(out.size() > 1 ? "," : "").append(to_string(t));
  return out + "}";
}

// Where the roofline chart's legend sits: "best" is the corner that covers the least of what is
// drawn (dots first, then the roofs and the trail), like matplotlib's loc="best"; the others pin
// it to a corner of the plot area.
enum class LegendPlace { best, upper_left, upper_right, lower_left, lower_right };

inline constexpr LegendPlace kAllLegendPlaces[] = {
    LegendPlace::best, LegendPlace::upper_left, LegendPlace::upper_right, LegendPlace::lower_left,
    LegendPlace::lower_right};
constexpr std::string_view to_string(LegendPlace p) {
  switch (p) {
    case LegendPlace::upper_left:
      return "upper left";
    case LegendPlace::upper_right:
      return "upper right";
    case LegendPlace::lower_left:
      return "lower left";
    case LegendPlace::lower_right:
      return "lower right";
    case LegendPlace::best:
      break;
  }
  return "best";
}
constexpr std::optional<LegendPlace> parse_legend_place(std::string_view name) {
  for (LegendPlace p : kAllLegendPlaces)
    if (to_string(p) == name) return p;
  return std::nullopt;
}
// For "expected ..." messages.
inline constexpr std::string_view kLegendPlaceNames =
    "\"best\", \"upper left\", \"upper right\", \"lower left\" or \"lower right\"";

// The series the chart can show or hide; a figure's flags (export options) are these too.
struct SeriesFlags {
  bool show_fc = true;
  bool show_attention = true;
  bool show_elementwise = true;
  bool show_step = true;
  bool show_ops = false;         // one dot per operator
  bool show_other_roofs = true;  // the other precisions' roofs, fainter
  bool show_caches = true;       // L2 / shared-memory ceilings
  bool show_trail = true;
  bool show_bounds = true;  // under a calibration: each group's roofline bound, joined to its dot
  bool show_intervals = true;  // under a calibration with intervals: each group dot's 80 % bar
  bool show_compare = true;    // the compare GPU's roofs and dots (not saved: follows compare_gpu)
  bool show_measured = true;   // imported kernels and roofs (not saved: follows the import)

  bool operator==(const SeriesFlags&) const = default;
};

struct ChartView : SeriesFlags {
  // Axis ranges the user chose; nullopt = fit automatically.
  std::optional<double> x_min, x_max;  // FLOP/byte
  std::optional<double> y_min, y_max;  // FLOP/s
  ChartTheme theme = ChartTheme::light;
  LegendPlace legend = LegendPlace::best;

  // True when all four ranges are set: the chart keeps them instead of fitting.
  bool has_axes() const { return x_min && x_max && y_min && y_max; }
  bool operator==(const ChartView&) const = default;
};

struct SeriesFlag {
  std::string_view series_id;  // legend and hit-test id: "group:fc", "ops", "trail", ...
  std::string_view key;        // JSON key in the scenario's "view" and the export options
  bool SeriesFlags::*flag;
  bool saved = true;  // written to the scenario file's "view" object
};

inline constexpr SeriesFlag kSeriesFlags[] = {
    {"group:fc", "show_fc", &SeriesFlags::show_fc},
    {"group:attention", "show_attention", &SeriesFlags::show_attention},
    {"group:elementwise", "show_elementwise", &SeriesFlags::show_elementwise},
    {"group:step", "show_step", &SeriesFlags::show_step},
    {"ops", "show_ops", &SeriesFlags::show_ops},
    {"roofs:other", "show_other_roofs", &SeriesFlags::show_other_roofs},
    {"caches", "show_caches", &SeriesFlags::show_caches},
    {"trail", "show_trail", &SeriesFlags::show_trail},
    {"bounds", "show_bounds", &SeriesFlags::show_bounds},
    {"intervals", "show_intervals", &SeriesFlags::show_intervals},
    {"compare", "show_compare", &SeriesFlags::show_compare, false},
    {"measured", "show_measured", &SeriesFlags::show_measured, false},
};

}  // namespace roofline
