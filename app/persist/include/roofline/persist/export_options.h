#pragma once
// What File > Export figure… writes, as values: the options of `roofline-cli export`, which
// the app remembers between runs (settings.json, key "export", settings_file.h) and Ctrl+Shift+E
// reuses. The figure and table formats and the size limits are here, where the file that
// stores them is read; the export library (export.h) and the app use them. JSON-free.

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "roofline/plot/chart_view.h"

namespace roofline {

enum class FigureFormat { png, svg, pdf };
enum class TableFormat { csv, markdown };
enum class ExportWhat { roofline, throughput, table };

// Limits a figure request must meet; the export library enforces the size and scale ones, the
// dialog and settings.json all of them, with messages built from these numbers.
inline constexpr double kMinFigureSidePx = 16;
inline constexpr double kMaxFigureSidePx = 16384;
inline constexpr double kMinPngScale = 0.25;
inline constexpr double kMaxPngScale = 8;
inline constexpr double kMinExportFontPx = 4;
inline constexpr double kMaxExportFontPx = 200;

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

// A named figure size: the screens' in pixels, the slide and paper sizes in points (1/72 in)
// with the PNG scale that gives 2x (slide) or 300 dpi (paper) and type at 8-9 pt in print.
// The export dialog's size list and roofline-cli export --size read the same table.
struct FigureSizePreset {
  std::string_view id;    // "column": the command line's name
  std::string_view name;  // "Paper column, 3.5 × 2.5 in at 300 dpi": the dialog's
  int width = 0, height = 0;
  double scale = 1;     // PNG pixels per figure unit
  double font_px = 16;  // text keeps the same share of the figure across the screen sizes
  bool print = false;   // a paper or slide size in points (an SVG says so in pt)
};
std::span<const FigureSizePreset> figure_size_presets();
// nullptr when `id` names none.
const FigureSizePreset* find_figure_size_preset(std::string_view id);
// The preset `o`'s size and type match (the PNG scale too, for a PNG); nullptr for a custom size.
const FigureSizePreset* matching_size_preset(const FigureExportOptions& o);
// Sets the preset's width, height, type size and scale.
void apply_size_preset(FigureExportOptions& o, const FigureSizePreset& p);
// True when width x height is a paper or slide preset's size: the figure's units are points
// (an SVG then says width="252pt"), whatever its type size. The dialog and the CLI both ask.
bool is_print_size(double width, double height);

// The names settings.json writes, and their parsers (nullopt for any other name).
std::string_view to_string(ExportWhat w);    // "roofline" | "throughput" | "table"
std::string_view to_string(FigureFormat f);  // "svg" | "png" | "pdf"
std::string_view to_string(TableFormat f);   // "csv" | "markdown"
std::optional<ExportWhat> export_what_from_string(std::string_view s);
std::optional<FigureFormat> export_figure_format_from_string(std::string_view s);
std::optional<TableFormat> export_table_format_from_string(std::string_view s);

}  // namespace roofline
