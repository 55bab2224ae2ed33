#pragma once
// PlotGeometry: a finished chart as plain data, in pixels (origin top-left, y down).
//
// Promises:
// - Everything a painter needs is here: colours, widths, dash styles, text with its size and
//   alignment. A painter makes no layout decision of its own; the ImDrawList painter (window)
//   and the Cairo painter (files) draw the same geometry, so a file matches the window.
// - Draw order is fixed: background, `plot_background` over `plot_area`, `fills`, `lines`
//   (in vector order; those with `clip` set are clipped to `plot_area`), `markers` (clipped to
//   `plot_area`), `texts` (in vector order, never clipped), then the legend.
// - Every marker, roof, ceiling and legend entry has a stable string id:
//   "group:fc", "group:attention", "group:elementwise", "group:step", "op:<name>"
//   (e.g. "op:q_proj"), "roof:<precision>" ("roof:bf16"), "ridge", "cache:<name>",
//   "trail:group:fc", "compare:roof:bf16", "compare:group:fc", ... Ids never depend on the
//   order of drawing or on the frame, so hover/drag state can be keyed by them.
// - Pure data: no ImGui, Cairo or GL types.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/plot/chart_view.h"  // LegendPlace

namespace roofline {

// Straight (not premultiplied) sRGB colour, 8 bits per channel, so colours are exact in every
// output format.
struct Rgba {
  uint8_t r = 0, g = 0, b = 0, a = 255;

  constexpr Rgba with_alpha(uint8_t alpha) const { return {r, g, b, alpha}; }
  constexpr bool operator==(const Rgba&) const = default;
};

// 0xRRGGBB, opaque.
constexpr Rgba rgb_hex(uint32_t hex) {
  return {static_cast<uint8_t>((hex >> 16) & 0xff), static_cast<uint8_t>((hex >> 8) & 0xff),
          static_cast<uint8_t>(hex & 0xff), 255};
}

struct Vec2 {
  double x = 0, y = 0;

  constexpr bool operator==(const Vec2&) const = default;
};

// Axis-aligned box; x0 <= x1, y0 <= y1 (y0 is the top edge).
struct Rect {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;

  constexpr double width() const { return x1 - x0; }
  constexpr double height() const { return y1 - y0; }
  constexpr Vec2 center() const { return {(x0 + x1) / 2, (y0 + y1) / 2}; }
  constexpr bool contains(Vec2 p) const { return p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1; }
  // True when the interiors overlap (touching edges do not count).
  constexpr bool intersects(const Rect& o) const {
    return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1;
  }
  constexpr Rect expanded(double d) const { return {x0 - d, y0 - d, x1 + d, y1 + d}; }
  constexpr bool operator==(const Rect&) const = default;
};

enum class LineDash { solid, dashed, dotted };

// Dash pattern in pixels for a line of the given width: {on, off}; empty for solid.
std::vector<double> dash_pattern(LineDash dash, double width_px);

// An open polyline (or a single segment). Vertices are exact: painters must not resample.
struct Polyline {
  std::string id;  // empty for decoration (grid, ticks); else a stable id (see above)
  std::vector<Vec2> points;
  Rgba color;
  double width_px = 1;
  LineDash dash = LineDash::solid;
  bool clip = true;  // clip to the plot area
};

// A closed, filled polygon (region shading, legend swatches are not polygons). Clipped to the
// plot area.
struct FilledPolygon {
  std::string id;  // "region:memory", "region:compute"
  std::vector<Vec2> points;
  Rgba fill;
};

enum class MarkerShape { circle, square, diamond, triangle, ring, hexagon };

struct Marker {
  std::string id;  // "group:fc", "op:q_proj", "ridge", "compare:group:fc", "trail:group:fc:1"
  Vec2 center;     // pixels
  double radius_px = 4;
  MarkerShape shape = MarkerShape::circle;
  Rgba fill;
  Rgba outline;
  double outline_width_px = 1;
  double x_value = 0;       // the data point: intensity (FLOP/byte) or batch
  double y_value = 0;       // FLOP/s or tokens/s
  bool interactive = true;  // false for decoration (trail ticks); hit_test skips those
};

// The outline painters fill and stroke for a polygon shape (square, diamond, triangle), in
// pixels, clockwise on screen; empty for circle and ring (painters draw a circle of radius_px;
// a ring is stroked only, its `fill` ignored). Square: side 1.8·r; diamond: half-diagonal
// 1.3·r; triangle: pointing up, circumradius 1.35·r; hexagon (a measured kernel): flat top and
// bottom, circumradius 1.15·r.
std::vector<Vec2> marker_polygon(const Marker& m);

enum class HAlign { left, center, right };
enum class VAlign { top, middle, baseline, bottom };

// Text anchored at `anchor`. Alignment applies in the text's own frame; a rotated label is
// then turned by `rotation_rad` about the anchor (positive = clockwise on screen, so -pi/2
// reads bottom to top, as the y-axis title does).
// Vertical metrics used by the layout (painters should match them): ascent 0.8·size,
// descent 0.2·size, so top = baseline - 0.8·size and the box height is size.
struct TextLabel {
  std::string id;  // "label:group:fc", "title", "caption", "axis:x", "tick:x:100", ...
  std::string text;
  Vec2 anchor;
  double size_px = 12;
  Rgba color;
  HAlign halign = HAlign::left;
  VAlign valign = VAlign::baseline;
  double rotation_rad = 0;
  bool bold = false;
  // Alpha 0: none. Otherwise the painter first strokes the glyph outlines in this colour so
  // the halo reaches `halo_px` beyond them (a stroke 2·halo_px wide), or, where it cannot
  // stroke text, fills `box` with it; a label then stays readable over roofs and grid lines.
  // Layout measures text in the regular weight: `bold` is for titles, which place nothing.
  Rgba halo{0, 0, 0, 0};
  double halo_px = 0;
  Rect box;  // screen-space bounds as laid out (after rotation), for overlap and hit tests
};

// How far below the anchor a label's baseline sits, in the label's own frame, with the metrics
// above: top 0.8·size, middle 0.3·size, baseline 0, bottom -0.2·size. Painters place text with
// it so that drawn text fills the box the layout measured.
double baseline_offset(VAlign valign, double size_px);

// One legend row: a swatch (marker or line) and its text. Clicking `hit_box` toggles the
// series (see toggle_series in roofline_plot.h); hidden series are drawn greyed.
struct LegendEntry {
  std::string series_id;  // "group:fc", "ops", "trail", "roofs:other", "caches", "compare", ...
  std::string label;
  bool visible = true;
  bool is_line = false;  // swatch: a short line (roofs) rather than a marker
  MarkerShape shape = MarkerShape::circle;
  Rgba color;
  LineDash dash = LineDash::solid;
  Vec2 swatch_center;
  // Marker swatch: its radius (drawn like a Marker with this shape, `color` fill and
  // `outline`); line swatch: half its length (a horizontal line of `line_width_px`).
  double swatch_size_px = 5;
  Rgba outline;
  double line_width_px = 2;
  Vec2 text_anchor;  // left, middle aligned
  double text_size_px = 12;
  Rgba text_color;
  Rect hit_box;
};

// A legend entry as the primitives painters draw, all with the id "legend:<series_id>": its
// line swatch (a horizontal line 2·swatch_size_px long, unclipped), its marker swatch (a marker
// of radius swatch_size_px, outline 0.1·text_size_px wide) and its text (left, middle aligned
// at text_anchor). An entry draws the line swatch when is_line, else the marker.
Polyline legend_swatch_line(const LegendEntry& e);
Marker legend_swatch_marker(const LegendEntry& e);
TextLabel legend_text(const LegendEntry& e);

struct Legend {
  bool shown = false;
  Rect box;
  LegendPlace place = LegendPlace::upper_left;  // the corner of the plot area it sits in
  Rgba background;
  Rgba border;
  double corner_radius_px = 0;
  std::vector<LegendEntry> entries;
};

struct PlotGeometry {
  Vec2 canvas_size;  // pixels
  Rgba background;   // whole canvas; alpha 0 for a transparent export
  Rect plot_area;    // the data area inside the axes
  Rgba plot_background;
  std::vector<FilledPolygon> fills;
  std::vector<Polyline> lines;
  std::vector<Marker> markers;
  std::vector<TextLabel> texts;
  Legend legend;

  const Marker* find_marker(std::string_view id) const;
  const Polyline* find_line(std::string_view id) const;
  const TextLabel* find_text(std::string_view id) const;
};

// What a box laid over the chart would hide, as a cost: each group dot 100, each label of the
// plot ("label:", "roof:", "cache:" ... not ticks or titles) 20, the legend 20 (when
// count_legend), any other dot 10, each em (em_px) of a roof, ceiling or trail line 1. The
// legend's corner and a note's place both take the box that costs least.
double covered_cost(const PlotGeometry& g, const Rect& box, double em_px, bool count_legend = true);

// Where a note of `size` (pixels) goes beside `anchor` (a dot it is about) without hiding it:
// below right, below left, above right, above left of the anchor (a gap of em_px), then the
// plot area's four corners, each kept inside the plot area where it fits; the first that
// costs least (covered_cost, the anchor's own dot and label counted like any other). Returns
// the note's box.
Rect place_note(const PlotGeometry& g, Vec2 anchor, Vec2 size, double em_px);

}  // namespace roofline
