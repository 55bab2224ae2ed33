#include "roofline/ui/export_options.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>

#include "export_options_json.h"
#include "roofline/plot/roofline_plot.h"

namespace roofline {

namespace {

using nlohmann::json;

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

std::string describe(const json& v) {
  std::string dumped = v.dump();
  if (dumped.size() > 40) dumped = dumped.substr(0, 37) + "...";
  return dumped;
}

// The flags of the object, with their keys, for both directions: the figure's own, then the
// series (kSeriesFlags).
template <typename Options, typename Fn>
void for_each_flag(Options& o, Fn&& fn) {
  fn("transparent", o.transparent);
  fn("show_title", o.show_title);
  fn("show_caption", o.show_caption);
  fn("same_as_window", o.same_as_window);
  fn("show_labels", o.show_labels);
  fn("show_legend", o.show_legend);
  fn("fit", o.fit);
  for (const SeriesFlag& f : kSeriesFlags) fn(f.key, o.series.*f.flag);
}

}  // namespace

std::string_view to_string(ExportWhat w) {
  switch (w) {
    case ExportWhat::throughput:
      return "throughput";
    case ExportWhat::table:
      return "table";
    case ExportWhat::roofline:
      break;
  }
  return "roofline";
}

std::string_view to_string(FigureFormat f) {
  switch (f) {
    case FigureFormat::png:
      return "png";
    case FigureFormat::pdf:
      return "pdf";
    case FigureFormat::svg:
      break;
  }
  return "svg";
}

std::string_view to_string(TableFormat f) {
  return f == TableFormat::markdown ? "markdown" : "csv";
}

std::optional<ExportWhat> export_what_from_string(std::string_view s) {
  for (ExportWhat w : {ExportWhat::roofline, ExportWhat::throughput, ExportWhat::table}) {
    if (to_string(w) == s) return w;
  }
  return std::nullopt;
}

std::optional<FigureFormat> export_figure_format_from_string(std::string_view s) {
  for (FigureFormat f : {FigureFormat::svg, FigureFormat::png, FigureFormat::pdf}) {
    if (to_string(f) == s) return f;
  }
  return std::nullopt;
}

std::optional<TableFormat> export_table_format_from_string(std::string_view s) {
  for (TableFormat f : {TableFormat::csv, TableFormat::markdown}) {
    if (to_string(f) == s) return f;
  }
  return std::nullopt;
}

std::string_view export_extension(const FigureExportOptions& o) {
  if (o.what == ExportWhat::table) return o.table_format == TableFormat::csv ? ".csv" : ".md";
  switch (o.figure_format) {
    case FigureFormat::png:
      return ".png";
    case FigureFormat::pdf:
      return ".pdf";
    case FigureFormat::svg:
      break;
  }
  return ".svg";
}

bool adopt_extension(FigureExportOptions& o, std::string_view extension) {
  const std::string ext = lower(extension);
  if (ext == ".csv" || ext == ".md" || ext == ".markdown") {
    o.what = ExportWhat::table;
    o.table_format = ext == ".csv" ? TableFormat::csv : TableFormat::markdown;
    return true;
  }
  const auto figure = ext.size() > 1 ? export_figure_format_from_string(ext.substr(1))
                                     : std::optional<FigureFormat>();
  if (!figure) return false;
  o.figure_format = *figure;
  if (o.what == ExportWhat::table) o.what = ExportWhat::roofline;
  return true;
}

std::string parse_export_options(const json& v, const std::string& where, FigureExportOptions& o) {
  if (!v.is_object()) return where + ": export: expected an object, got " + describe(v);
  auto bad = [&](std::string_view key, std::string_view expected, const json& got) {
    return where + ": export." + std::string(key) + ": expected " + std::string(expected) +
           ", got " + describe(got);
  };
  if (auto it = v.find("what"); it != v.end()) {
    const auto w = it->is_string() ? export_what_from_string(it->get<std::string>()) : std::nullopt;
    if (!w) return bad("what", "\"roofline\", \"throughput\" or \"table\"", *it);
    o.what = *w;
  }
  if (auto it = v.find("figure_format"); it != v.end()) {
    const auto f =
        it->is_string() ? export_figure_format_from_string(it->get<std::string>()) : std::nullopt;
    if (!f) return bad("figure_format", "\"svg\", \"png\" or \"pdf\"", *it);
    o.figure_format = *f;
  }
  if (auto it = v.find("table_format"); it != v.end()) {
    const auto f =
        it->is_string() ? export_table_format_from_string(it->get<std::string>()) : std::nullopt;
    if (!f) return bad("table_format", "\"csv\" or \"markdown\"", *it);
    o.table_format = *f;
  }
  for (auto [key, field] : {std::pair{"width", &o.width}, std::pair{"height", &o.height}}) {
    if (auto it = v.find(key); it != v.end()) {
      if (!it->is_number_integer() || it->get<int64_t>() < 16 || it->get<int64_t>() > 16384) {
        return bad(key, "a whole number between 16 and 16384", *it);
      }
      *field = it->get<int>();
    }
  }
  if (auto it = v.find("scale"); it != v.end()) {
    if (!it->is_number() || !(it->get<double>() >= 0.25 && it->get<double>() <= 8)) {
      return bad("scale", "a number between 0.25 and 8", *it);
    }
    o.scale = it->get<double>();
  }
  if (auto it = v.find("font_px"); it != v.end()) {
    if (!it->is_number() ||
        !(it->get<double>() >= kMinExportFontPx && it->get<double>() <= kMaxExportFontPx)) {
      return bad("font_px", "a number between 4 and 200", *it);
    }
    o.font_px = it->get<double>();
  }
  if (auto it = v.find("theme"); it != v.end()) {
    const std::string name = it->is_string() ? it->get<std::string>() : std::string();
    const auto theme = parse_chart_theme(name);
    if (!theme && name != "window") {
      return bad("theme", "\"window\", " + std::string(kChartThemeNames), *it);
    }
    o.theme = theme;
  }
  for (auto [key, field] : {std::pair{"title", &o.title}, std::pair{"folder", &o.folder}}) {
    if (auto it = v.find(key); it != v.end()) {
      if (!it->is_string()) return bad(key, "a string", *it);
      *field = it->get<std::string>();
    }
  }
  std::string error;
  for_each_flag(o, [&](std::string_view key, bool& field) {
    auto it = v.find(key);
    if (it == v.end() || !error.empty()) return;
    if (!it->is_boolean()) {
      error = bad(key, "true or false", *it);
      return;
    }
    field = it->get<bool>();
  });
  return error;
}

json export_options_to_json(const FigureExportOptions& o) {
  json v = {{"what", to_string(o.what)},
            {"figure_format", to_string(o.figure_format)},
            {"table_format", to_string(o.table_format)},
            {"width", o.width},
            {"height", o.height},
            {"scale", o.scale},
            {"font_px", o.font_px},
            {"theme", o.theme ? to_string(*o.theme) : "window"},
            {"title", o.title},
            {"folder", o.folder}};
  for_each_flag(o, [&](std::string_view key, const bool& field) { v[std::string(key)] = field; });
  return v;
}

void shown_series_from_view(const PlotView& view, FigureExportOptions& o) {
  o.series = view.chart;
  o.show_labels = view.show_labels;
  o.show_legend = view.show_legend;
}

void shown_series_to_view(const FigureExportOptions& o, PlotView& view) {
  static_cast<SeriesFlags&>(view.chart) = o.series;
  view.show_labels = o.show_labels;
  view.show_legend = o.show_legend;
}

}  // namespace roofline
