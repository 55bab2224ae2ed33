#pragma once
// Internal: the two painters of app/export.

#include <cmath>
#include <string>

#include "roofline/plot/geometry.h"

typedef struct _cairo cairo_t;

namespace roofline::detail {

inline constexpr const char* kFigureFontFamily = "DejaVu Sans";

// Draws `g` on `cr` (user units = geometry pixels), in the order geometry.h fixes.
void paint_geometry(cairo_t* cr, const PlotGeometry& g);

// Sets the figure font and the font options shared by drawing and measuring.
void select_figure_font(cairo_t* cr, double size_px, bool bold);

// The whole SVG document for `g`: text as <text>, exact colours, no timestamps.
inline constexpr double kMaxPngPixels = 64e6;  // 8000×8000: about 256 MB of image memory

// A PNG's side in device pixels.
inline int png_side(double geometry_px, double scale) {
  return static_cast<int>(std::lround(geometry_px * scale));
}

// The figure as PNG bytes (`scale` device pixels per geometry pixel) or PDF bytes; empty when
// drawing failed or the format is not made in this build (the web's).
std::string render_png(const PlotGeometry& g, double scale);
std::string render_pdf(const PlotGeometry& g);

std::string svg_document(const PlotGeometry& g, bool points = false);  // sizes in pt, else px

}  // namespace roofline::detail
