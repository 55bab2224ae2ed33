#pragma once
// What File > Export figure… writes: the options of `roofline-cli export`, as the app remembers
// them between runs (settings.json, key "export") and Ctrl+Shift+E reuses them.

#include <optional>
#include <string>
#include <string_view>

#include "roofline/export/export.h"  // FigureFormat, TableFormat
#include "roofline/plot/chart_view.h"

namespace roofline {

struct PlotView;

enum class ExportWhat { roofline, throughput, table };

struct FigureExportOptions {
  ExportWhat what = ExportWhat::roofline;
  FigureFormat figure_format = FigureFormat::svg;
  TableFormat table_format = TableFormat::csv;
  // Canvas size in pixels (points for PDF); a PNG has width·scale × height·scale pixels.
  int width = 1280;
  int height = 800;
  double scale = 1.0;
  double font_px = 16;
  std::optional<ChartTheme> theme;  // nullopt: the window's (key "theme": "window")
  bool transparent = false;
  bool show_title = true;
  std::string title;  // empty: the default title ("<model> on <GPU>")
  bool show_caption = true;
  // What the roofline chart shows: the window's series, labels and legend, or these.
  bool same_as_window = true;
  SeriesFlags series;  // keys as in kSeriesFlags
  bool show_labels = true;
  bool show_legend = true;
  bool fit = false;    // fit the axes to the content instead of the window's axes
  std::string folder;  // where the dialog last wrote; empty: the scenario's folder

  bool operator==(const FigureExportOptions&) const = default;
};

// Limits the dialog checks (the export library enforces the size ones too).
inline constexpr double kMinExportFontPx = 4;
inline constexpr double kMaxExportFontPx = 200;

std::string_view to_string(ExportWhat w);    // "roofline" | "throughput" | "table"
std::string_view to_string(FigureFormat f);  // "svg" | "png" | "pdf"
std::string_view to_string(TableFormat f);   // "csv" | "markdown"
std::optional<ExportWhat> export_what_from_string(std::string_view s);
std::optional<FigureFormat> export_figure_format_from_string(std::string_view s);
std::optional<TableFormat> export_table_format_from_string(std::string_view s);

// ".svg", ".png", ".pdf", ".csv" or ".md": the file type these options write.
std::string_view export_extension(const FigureExportOptions& o);

// Makes `o` write the type of `extension` (case-insensitive; ".markdown" counts as ".md"): a
// figure extension picks that figure format (and the roofline chart when the table was
// chosen), a table extension picks the table. False, and `o` unchanged, for any other.
bool adopt_extension(FigureExportOptions& o, std::string_view extension);

// The series, labels and legend a roofline figure shows, copied between the export options and
// a chart's PlotView.
void shown_series_from_view(const PlotView& view, FigureExportOptions& o);
void shown_series_to_view(const FigureExportOptions& o, PlotView& view);

}  // namespace roofline
