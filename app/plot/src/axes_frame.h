#pragma once
// Internal: the frame every chart shares. The plot area's layout on the canvas, and the axes
// frame drawn around it: grid, axis lines, ticks, tick labels, axis titles, title and caption.

#include <string>

#include "roofline/plot/axes.h"
#include "roofline/plot/geometry.h"
#include "roofline/plot/theme.h"

namespace roofline::detail {

// The data area for a canvas: margins in em leave room for tick labels, axis titles, the
// title and the caption. Depends on no text measurement (see roofline_plot.h).
Rect chart_area(Vec2 canvas_px, double font_px, bool title, bool caption);

// An empty chart: the canvas, its plot area and the theme's two backgrounds (alpha 0 when
// `transparent`, for exports over another background).
PlotGeometry start_geometry(Vec2 canvas_px, const Rect& plot_area, bool transparent,
                            const Theme& theme);

// Rounds outward to 1, 2 or 5 ·10^k: nice_floor gives the largest such value <= v, nice_ceil
// the smallest >= v (v > 0). A value already round (up to a relative 1e-12) stays as it is.
double nice_floor(double v);
double nice_ceil(double v);

struct FrameSpec {
  LogAxis x, y;
  std::string x_title, y_title;
  std::string title, caption;   // empty: not drawn
  std::string y_title_short;    // used when y_title does not fit the plot's height (optional)
  double title_reserve_px = 0;  // kept free at the title line's right end (PlotView's)
};

// Grid lines (minor then major), axis lines, tick marks, tick labels, axis titles, title and
// caption, appended to g.lines / g.texts.
void add_frame(PlotGeometry& g, const FrameSpec& spec, const Theme& theme,
               const TextMeasure& measure, double font_px);

}  // namespace roofline::detail
