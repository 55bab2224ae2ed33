#include "roofline/ui/export_options.h"

#include <algorithm>
#include <cctype>
#include <string>

#include "roofline/plot/roofline_plot.h"

namespace roofline {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

}  // namespace

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
