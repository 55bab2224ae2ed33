#pragma once
// Internal: the two painters of app/export.

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
std::string svg_document(const PlotGeometry& g, bool points = false);  // sizes in pt, else px

}  // namespace roofline::detail
