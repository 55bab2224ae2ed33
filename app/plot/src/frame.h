#pragma once
// Internal: the parts every chart shares. Layout of the plot area, the axes frame (grid,
// ticks, tick labels, axis titles), the title and caption, text boxes, polygon clipping and
// the legend.

#include <string>
#include <vector>

#include "roofline/plot/axes.h"
#include "roofline/plot/geometry.h"
#include "roofline/plot/theme.h"

namespace roofline::detail {

// The data area for a canvas: margins in em leave room for tick labels, axis titles, the
// title and the caption. Depends on no text measurement (see roofline_plot.h).
Rect chart_area(Vec2 canvas_px, double font_px, bool title, bool caption);

struct FrameSpec {
  LogAxis x, y;
  std::string x_title, y_title;
  std::string title, caption;  // empty: not drawn
};

// Grid lines (minor then major), axis lines, tick marks, tick labels, axis titles, title and
// caption, appended to g.lines / g.texts.
void add_frame(PlotGeometry& g, const FrameSpec& spec, const Theme& theme,
               const TextMeasure& measure, double font_px);

// A label with its box computed (no halo, not bold).
TextLabel make_text(std::string id, std::string text, Vec2 anchor, double size_px, Rgba colour,
                    HAlign h, VAlign v, const TextMeasure& measure, double rotation_rad = 0);

// Sets label.box from its anchor, alignment, rotation and measured width.
void compute_text_box(TextLabel& label, const TextMeasure& measure);

// Sutherland-Hodgman: `polygon` clipped to `rect` (convex clip, any simple polygon).
std::vector<Vec2> clip_polygon(const std::vector<Vec2>& polygon, const Rect& rect);

// Lays out `entries` as a legend box whose top-left corner is `top_left`: swatch, text, hit box.
void layout_legend(Legend& legend, std::vector<LegendEntry> entries, Vec2 top_left,
                   const Theme& theme, const TextMeasure& measure, double font_px);

// Shortest distance from p to the segment a-b.
double distance_to_segment(Vec2 p, Vec2 a, Vec2 b);

}  // namespace roofline::detail
