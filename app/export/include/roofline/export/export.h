#pragma once
// Figures as files: the Cairo painter for PlotGeometry (PNG, SVG, PDF) and the operator table
// as CSV / Markdown. Needs no display and no GPU.
//
// Promises:
// - export_figure draws exactly the PlotGeometry it is given (the window draws the same one).
// - Text uses "DejaVu Sans" through fontconfig (Cairo's toy font API). If fontconfig finds no
//   DejaVu Sans, it substitutes its default sans-serif face: the figure is still written, with
//   labels measured (figure_text_measure) in that same face, so the layout stays consistent;
//   resolved_figure_font() tells which face it is.
// - SVG is written by our own writer, not Cairo's SVG surface (which turns every glyph into a
//   path): text stays <text> in font-family "DejaVu Sans, Bitstream Vera Sans, Verdana,
//   sans-serif", colours are exact #rrggbb (+ opacity), geometry ids become class names.
//   PNG and PDF come from Cairo; the PDF embeds the font subset, so its text stays text.
// - Writes are atomic: a temporary file beside the target, then rename(); on any failure no
//   file (partial or temporary) is left behind and the message names the path.
// - Deterministic: the same geometry and options give byte-identical SVG, PNG and PDF on the
//   same machine (the PDF carries no creation or modification date).
// - Sizes: width/height in pixels (PNG: multiplied by `scale`), points for PDF (1 px = 1 pt);
//   each side must be in [16, 16384]; a PNG's scaled size at most 16384 a side and 64 MP.

#include <optional>
#include <string>
#include <string_view>

#include "roofline/analysis.h"
#include "roofline/persist/export_options.h"  // FigureFormat, TableFormat, the size limits
#include "roofline/plot/axes.h"
#include "roofline/plot/geometry.h"

namespace roofline {

// Whether this build writes figures in `format`: every format on the desktop; SVG only in the
// web build (no Cairo there), which check_figure_request says by name.
bool figure_format_available(FigureFormat format);

// From the file name's extension (case-insensitive .png/.svg/.pdf); nullopt otherwise.
std::optional<FigureFormat> figure_format_for_path(std::string_view path);

struct ExportOptions {
  double scale = 1.0;  // PNG only: device pixels per geometry pixel (HiDPI), in [0.25, 8]
  // SVG only: the geometry's units are points (a paper or slide size, is_print_size()): the
  // file says width="252pt" height="180pt", so it keeps its 3.5 in wherever it is placed.
  bool points = false;
};

// The text measure matching export_figure's font: cairo_text_extents' x_advance of the text
// in DejaVu Sans (or the fontconfig fallback) at size_px; in the web build, the advance widths
// of the DejaVu Sans the page embeds (stb_truetype), as SVG viewers lay it out.
TextMeasure figure_text_measure();

// The family fontconfig resolves "DejaVu Sans" to: "DejaVu Sans" normally; another name means
// the fallback is in use (callers may say so).
std::string resolved_figure_font();

// Ok when the checks pass, else one message: the format and size rules above.
Status check_figure_request(std::string_view path, double width_px, double height_px,
                            const ExportOptions& options);
// The same for a figure going elsewhere than a file of its extension (standard output):
// `name` in the messages.
Status check_figure_request(std::string_view name, FigureFormat format, double width_px,
                            double height_px, const ExportOptions& options);

// Writes `geometry` to `path` in `format`. Ok, or one message naming the path and what went
// wrong (nothing is left at `path`).
Status export_figure(const PlotGeometry& geometry, std::string_view path, FigureFormat format,
                     const ExportOptions& options = {});

// The same, into memory (for tests and the app's preview). Empty on failure.
std::string render_figure_to_string(const PlotGeometry& geometry, FigureFormat format,
                                    const ExportOptions& options = {});

std::optional<TableFormat> table_format_for_path(std::string_view path);

// The operator table of roofline/operator_table.h (every operator, then the four groups): CSV
// in SI base units (machine readable, "." decimal point, no thousands separators), Markdown
// with human units (TFLOP/s, GB, ms) and aligned columns. `roofline-cli analyze --format
// csv|markdown` prints the same table.
std::string operator_table(const Analysis& a, TableFormat format);

// operator_table written atomically to `path`; ok, or a message.
Status export_operator_table(const Analysis& a, std::string_view path, TableFormat format);

}  // namespace roofline
