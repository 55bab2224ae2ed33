#include "roofline/export/export.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>

#include "painters.h"
#include "roofline/io/json_io.h"
#include "roofline/units.h"

namespace roofline {

namespace {

std::string lower_extension(std::string_view path) {
  std::string ext = std::filesystem::path(std::string(path)).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

}  // namespace

std::optional<FigureFormat> figure_format_for_path(std::string_view path) {
  const std::string ext = lower_extension(path);
  if (ext == ".png") return FigureFormat::png;
  if (ext == ".svg") return FigureFormat::svg;
  if (ext == ".pdf") return FigureFormat::pdf;
  return std::nullopt;
}

std::optional<TableFormat> table_format_for_path(std::string_view path) {
  const std::string ext = lower_extension(path);
  if (ext == ".csv") return TableFormat::csv;
  if (ext == ".md" || ext == ".markdown") return TableFormat::markdown;
  return std::nullopt;
}

static std::string upper(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return out;
}

static std::string figure_request_problem(const std::string& p, FigureFormat format,
                                          double width_px, double height_px,
                                          const ExportOptions& options) {
  auto side = [](double v) {
    return std::isfinite(v) && v >= kMinFigureSidePx && v <= kMaxFigureSidePx;
  };
  auto text = [](double v) { return std::to_string(static_cast<long long>(std::llround(v))); };
  if (!side(width_px) || !side(height_px))
    return p + ": figure size " + text(width_px) + "x" + text(height_px) +
           " is out of range: width and height must each be between " +
           format_exact(kMinFigureSidePx) + " and " + format_exact(kMaxFigureSidePx);
  if (!(options.scale >= kMinPngScale && options.scale <= kMaxPngScale))
    return p + ": --scale " + std::to_string(options.scale) + " is out of range: expected " +
           format_exact(kMinPngScale) + " to " + format_exact(kMaxPngScale);
  if (!figure_format_available(format))
    return p + ": " + upper(to_string(format)) +
           " figures are not made in the browser: export SVG (the desktop app and roofline-cli "
           "write PNG and PDF)";
  if (format == FigureFormat::png) {
    const double w = detail::png_side(width_px, options.scale),
                 h = detail::png_side(height_px, options.scale);
    if (w > kMaxFigureSidePx || h > kMaxFigureSidePx || w * h > detail::kMaxPngPixels)
      return p + ": PNG of " + text(w) + "x" + text(h) + " pixels is too large: at most " +
             format_exact(kMaxFigureSidePx) + " on a side and " +
             format_exact(detail::kMaxPngPixels / 1e6) + " megapixels";
  }
  return {};
}

Status check_figure_request(std::string_view path, double width_px, double height_px,
                            const ExportOptions& options) {
  const auto format = figure_format_for_path(path);
  if (!format)
    return Status::from_message(std::string(path) + ": unknown figure format '" +
                                lower_extension(path) +
                                "': expected a file name ending in .svg, .png or .pdf");
  return Status::from_message(
      figure_request_problem(std::string(path), *format, width_px, height_px, options));
}

Status check_figure_request(std::string_view name, FigureFormat format, double width_px,
                            double height_px, const ExportOptions& options) {
  return Status::from_message(
      figure_request_problem(std::string(name), format, width_px, height_px, options));
}

std::string render_figure_to_string(const PlotGeometry& geometry, FigureFormat format,
                                    const ExportOptions& options) {
  switch (format) {
    case FigureFormat::png:
      return detail::render_png(geometry, options.scale);
    case FigureFormat::svg:
      return detail::svg_document(geometry, options.points);
    case FigureFormat::pdf:
      return detail::render_pdf(geometry);
  }
  return {};
}

static std::string export_figure_text(const PlotGeometry& geometry, std::string_view path,
                                      FigureFormat format, const ExportOptions& options) {
  if (std::string error =
          check_figure_request(path, geometry.canvas_size.x, geometry.canvas_size.y, options)
              .error();
      !error.empty())
    return error;
  if (figure_format_for_path(path) != format)
    return std::string(path) + ": the file extension does not match the requested format";
  const std::string bytes = render_figure_to_string(geometry, format, options);
  if (bytes.empty()) return std::string(path) + ": drawing the figure failed (Cairo error)";
  return write_text_file_atomic(path, bytes).error();
}

Status export_figure(const PlotGeometry& geometry, std::string_view path, FigureFormat format,
                     const ExportOptions& options) {
  return Status::from_message(export_figure_text(geometry, path, format, options));
}

static std::string export_table_text(const Analysis& a, std::string_view path, TableFormat format) {
  return write_text_file_atomic(path, operator_table(a, format)).error();
}

Status export_operator_table(const Analysis& a, std::string_view path, TableFormat format) {
  return Status::from_message(export_table_text(a, path, format));
}

}  // namespace roofline
