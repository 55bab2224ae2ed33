#pragma once
// Internal: the parts every chart shares. Layout of the plot area, the axes frame (grid,
// ticks, tick labels, axis titles), the title and caption, text boxes, polygon clipping and
// the legend.

#include <optional>
#include <string>
#include <utility>
#include <vector>

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
  std::string title, caption;  // empty: not drawn
};

// A title or caption line set to fit `width_px`: smaller (down to 60 % of `size_px`), then cut
// with an ellipsis. `width_factor` widens the measure (bold text measured with the regular face).
struct FittedLine {
  std::string text;
  double size_px = 0;
};
FittedLine fit_line(const std::string& text, double size_px, double width_px, double width_factor,
                    const TextMeasure& measure);
// DejaVu Sans Bold runs this much wider than the regular face the measure uses.
inline constexpr double kBoldWidthFactor = 1.12;

// Grid lines (minor then major), axis lines, tick marks, tick labels, axis titles, title and
// caption, appended to g.lines / g.texts.
void add_frame(PlotGeometry& g, const FrameSpec& spec, const Theme& theme,
               const TextMeasure& measure, double font_px);

// A label with its box computed (no halo, not bold).
TextLabel make_text(std::string id, std::string text, Vec2 anchor, double size_px, Rgba colour,
                    HAlign h, VAlign v, const TextMeasure& measure, double rotation_rad = 0);

// Sets label.box from its anchor, alignment, rotation and measured width.
void compute_text_box(TextLabel& label, const TextMeasure& measure);

// Gives a label drawn over the data (dot, roof, wall labels) the theme's halo, 0.16 em wide,
// so it stays readable over lines and grid.
void add_label_halo(TextLabel& label, const Theme& theme, double font_px);

// Sutherland-Hodgman: `polygon` clipped to `rect` (convex clip, any simple polygon).
std::vector<Vec2> clip_polygon(const std::vector<Vec2>& polygon, const Rect& rect);

// Lays out `entries` as a legend box whose top-left corner is `top_left`: swatch, text, hit box.
void layout_legend(Legend& legend, std::vector<LegendEntry> entries, Vec2 top_left,
                   const Theme& theme, const TextMeasure& measure, double font_px);

// The span [t0, t1] of segment a-b (the points a + t·(b - a), 0 <= t <= 1) that lies in r,
// edges included (Liang-Barsky); nullopt when none does. t0 == t1 when it only touches r.
std::optional<std::pair<double, double>> segment_span_in_rect(Vec2 a, Vec2 b, const Rect& r);

// The part of segment a-b inside r; nullopt when none is, or only a single point.
std::optional<std::pair<Vec2, Vec2>> clip_segment(Vec2 a, Vec2 b, const Rect& r);

// Shortest distance from p to the segment a-b.
double distance_to_segment(Vec2 p, Vec2 a, Vec2 b);

}  // namespace roofline::detail
