#include "roofline/plot/geometry.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "clipping.h"

namespace roofline {

std::vector<double> dash_pattern(LineDash dash, double width_px) {
  const double w = std::max(width_px, 0.5);
  switch (dash) {
    case LineDash::solid:
      return {};
    case LineDash::dashed:
      return {std::max(4.0, 5 * w), std::max(3.0, 3.5 * w)};
    case LineDash::dotted:
      return {std::max(1.0, 1.2 * w), std::max(2.0, 2.5 * w)};
  }
  return {};
}

std::vector<Vec2> marker_polygon(const Marker& m) {
  const double r = m.radius_px;
  const Vec2 c = m.center;
  switch (m.shape) {
    case MarkerShape::circle:
    case MarkerShape::ring:
      return {};
    case MarkerShape::square: {
      const double h = 0.9 * r;
      return {{c.x - h, c.y - h}, {c.x + h, c.y - h}, {c.x + h, c.y + h}, {c.x - h, c.y + h}};
    }
    case MarkerShape::diamond: {
      const double h = 1.3 * r;
      return {{c.x, c.y - h}, {c.x + h, c.y}, {c.x, c.y + h}, {c.x - h, c.y}};
    }
    case MarkerShape::triangle: {
      const double R = 1.35 * r;
      const double s = std::sin(std::numbers::pi / 3) * R;  // half the side
      // Centroid at the centre: apex R above, base R/2 below.
      return {{c.x, c.y - R}, {c.x + s, c.y + R / 2}, {c.x - s, c.y + R / 2}};
    }
    case MarkerShape::hexagon: {
      const double R = 1.15 * r;
      const double h = std::sin(std::numbers::pi / 3) * R;
      return {{c.x - R / 2, c.y - h}, {c.x + R / 2, c.y - h}, {c.x + R, c.y},
              {c.x + R / 2, c.y + h}, {c.x - R / 2, c.y + h}, {c.x - R, c.y}};
    }
  }
  return {};
}

double baseline_offset(VAlign valign, double size_px) {
  switch (valign) {
    case VAlign::top:
      return 0.8 * size_px;
    case VAlign::middle:
      return 0.3 * size_px;
    case VAlign::baseline:
      return 0;
    case VAlign::bottom:
      return -0.2 * size_px;
  }
  return 0;
}

Polyline legend_swatch_line(const LegendEntry& e) {
  return {"legend:" + e.series_id,
          {{e.swatch_center.x - e.swatch_size_px, e.swatch_center.y},
           {e.swatch_center.x + e.swatch_size_px, e.swatch_center.y}},
          e.color,
          e.line_width_px,
          e.dash,
          false};
}

Marker legend_swatch_marker(const LegendEntry& e) {
  Marker m;
  m.id = "legend:" + e.series_id;
  m.center = e.swatch_center;
  m.radius_px = e.swatch_size_px;
  m.shape = e.shape;
  m.fill = e.color;
  m.outline = e.shape == MarkerShape::ring ? e.color : e.outline;  // a ring is its outline
  m.outline_width_px = 0.1 * e.text_size_px;
  return m;
}

TextLabel legend_text(const LegendEntry& e) {
  TextLabel t;
  t.id = "legend:" + e.series_id;
  t.text = e.label;
  t.anchor = e.text_anchor;
  t.size_px = e.text_size_px;
  t.color = e.text_color;
  t.halign = HAlign::left;
  t.valign = VAlign::middle;
  return t;
}

const Marker* PlotGeometry::find_marker(std::string_view id) const {
  for (const Marker& m : markers)
    if (m.id == id) return &m;
  return nullptr;
}

const Polyline* PlotGeometry::find_line(std::string_view id) const {
  for (const Polyline& l : lines)
    if (l.id == id) return &l;
  return nullptr;
}

const TextLabel* PlotGeometry::find_text(std::string_view id) const {
  for (const TextLabel& t : texts)
    if (t.id == id) return &t;
  return nullptr;
}

namespace {

bool is_plot_label(std::string_view id) {
  return !id.starts_with("tick:") && !id.starts_with("axis:") && id != "title" && id != "caption" &&
         !id.starts_with("legend:");
}

}  // namespace

double covered_cost(const PlotGeometry& g, const Rect& box, double em_px, bool count_legend) {
  double c = 0;
  for (const Marker& mk : g.markers) {
    const Rect dot =
        Rect{mk.center.x, mk.center.y, mk.center.x, mk.center.y}.expanded(mk.radius_px);
    if (dot.x1 < box.x0 || dot.x0 > box.x1 || dot.y1 < box.y0 || dot.y0 > box.y1) continue;
    c += mk.id.starts_with("group:") ? 100 : 10;
  }
  for (const TextLabel& t : g.texts) {
    if (is_plot_label(t.id) && t.box.intersects(box)) c += 20;
  }
  if (count_legend && g.legend.shown && g.legend.box.intersects(box)) c += 20;
  for (const Polyline& l : g.lines) {
    const bool counted = l.id.starts_with("roof:") || l.id.starts_with("cache:") ||
                         l.id.starts_with("compare:roof:") || l.id.starts_with("trail:") ||
                         l.id.starts_with("measured:roof:");
    if (!counted) continue;
    for (size_t i = 1; i < l.points.size(); ++i) {
      const Vec2 a = l.points[i - 1], b = l.points[i];
      if (const auto span = detail::segment_span_in_rect(a, b, box))
        c += (span->second - span->first) * std::hypot(b.x - a.x, b.y - a.y) / em_px;
    }
  }
  return c;
}

Rect place_note(const PlotGeometry& g, Vec2 anchor, Vec2 size, double em_px) {
  const Rect& area = g.plot_area;
  const double w = size.x, h = size.y, gap = em_px;
  const Vec2 candidates[] = {
      {anchor.x + gap, anchor.y + gap},
      {anchor.x - gap - w, anchor.y + gap},
      {anchor.x + gap, anchor.y - gap - h},
      {anchor.x - gap - w, anchor.y - gap - h},
      {area.x1 - 0.5 * em_px - w, area.y1 - 0.5 * em_px - h},
      {area.x0 + 0.5 * em_px, area.y1 - 0.5 * em_px - h},
      {area.x1 - 0.5 * em_px - w, area.y0 + 0.5 * em_px},
      {area.x0 + 0.5 * em_px, area.y0 + 0.5 * em_px},
  };
  Rect best;
  double best_cost = 0;
  bool first = true;
  for (Vec2 at : candidates) {
    // Inside the plot area where it fits (a note larger than the area keeps its top left).
    at.x = std::max(area.x0, std::min(at.x, area.x1 - w));
    at.y = std::max(area.y0, std::min(at.y, area.y1 - h));
    const Rect box{at.x, at.y, at.x + w, at.y + h};
    const double c = covered_cost(g, box, em_px);
    if (first || c < best_cost) best = box, best_cost = c, first = false;
    if (best_cost == 0) break;
  }
  return best;
}

}  // namespace roofline
