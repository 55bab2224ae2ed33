#include "roofline/ui/draw_painter.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <vector>

namespace roofline {

namespace {

ImU32 to_imgui(Rgba c) { return IM_COL32(c.r, c.g, c.b, c.a); }

ImVec2 at(ImVec2 origin, Vec2 p) {
  return {origin.x + static_cast<float>(p.x), origin.y + static_cast<float>(p.y)};
}

float px(double v) { return static_cast<float>(v); }

ImFont* font_or_default(ImFont* f) { return f != nullptr ? f : ImGui::GetFont(); }

// Walks the polyline and emits the "on" stretches of the dash pattern as separate segments,
// carrying the pattern's phase across vertices so corners do not restart it.
void add_dashed(ImDrawList& list, const std::vector<ImVec2>& pts, ImU32 col, float width,
                const std::vector<double>& pattern) {
  const double on = pattern[0];
  const double off = pattern.size() > 1 ? pattern[1] : pattern[0];
  const double period = on + off;
  if (period <= 0) return;
  double phase = 0;  // distance into the current period
  for (size_t i = 1; i < pts.size(); ++i) {
    const ImVec2 a = pts[i - 1];
    const ImVec2 b = pts[i];
    const double dx = b.x - a.x, dy = b.y - a.y;
    const double len = std::hypot(dx, dy);
    double pos = 0;
    while (pos < len) {
      const bool drawing = phase < on;
      const double left_in_state = drawing ? on - phase : period - phase;
      const double step = std::min(left_in_state, len - pos);
      if (drawing && step > 0) {
        const double t0 = pos / len, t1 = (pos + step) / len;
        // A 2-point polyline, not AddLine: AddLine shifts by half a pixel, and the dashes
        // must sit exactly where the solid lines do.
        const ImVec2 dash[2] = {{a.x + px(dx * t0), a.y + px(dy * t0)},
                                {a.x + px(dx * t1), a.y + px(dy * t1)}};
        list.AddPolyline(dash, 2, col, ImDrawFlags_None, width);
      }
      pos += step;
      phase += step;
      if (phase >= period) phase -= period;
    }
  }
}

void add_polyline(ImDrawList& list, const std::vector<ImVec2>& pts, Rgba color, double width_px,
                  LineDash dash) {
  if (pts.size() < 2 || color.a == 0) return;
  const ImU32 col = to_imgui(color);
  const float width = px(width_px);
  const std::vector<double> pattern = dash_pattern(dash, width_px);
  if (pattern.empty()) {
    list.AddPolyline(pts.data(), static_cast<int>(pts.size()), col, ImDrawFlags_None, width);
  } else {
    add_dashed(list, pts, col, width, pattern);
  }
}

double cross(ImVec2 o, ImVec2 a, ImVec2 b) {
  return static_cast<double>(a.x - o.x) * (b.y - o.y) -
         static_cast<double>(a.y - o.y) * (b.x - o.x);
}

bool is_convex(const std::vector<ImVec2>& p) {
  const size_t n = p.size();
  int sign = 0;
  for (size_t i = 0; i < n; ++i) {
    const double c = cross(p[i], p[(i + 1) % n], p[(i + 2) % n]);
    if (std::abs(c) < 1e-9) continue;
    const int s = c > 0 ? 1 : -1;
    if (sign != 0 && s != sign) return false;
    sign = s;
  }
  return true;
}

bool inside_triangle(ImVec2 p, ImVec2 a, ImVec2 b, ImVec2 c) {
  const double d1 = cross(a, b, p), d2 = cross(b, c, p), d3 = cross(c, a, p);
  const bool has_neg = d1 < 0 || d2 < 0 || d3 < 0;
  const bool has_pos = d1 > 0 || d2 > 0 || d3 > 0;
  return !(has_neg && has_pos);
}

// Ear clipping for the (rare) concave region polygon; ImGui only fills convex ones.
void fill_concave(ImDrawList& list, std::vector<ImVec2> p, ImU32 col) {
  double area = 0;
  for (size_t i = 0; i < p.size(); ++i) area += cross({0, 0}, p[i], p[(i + 1) % p.size()]);
  const double orient = area > 0 ? 1 : -1;
  // Triangles share edges: without AA fringes no seams show between them.
  const ImDrawListFlags saved = list.Flags;
  list.Flags &= ~ImDrawListFlags_AntiAliasedFill;
  size_t guard = p.size() * p.size();
  while (p.size() > 3 && guard-- > 0) {
    const size_t n = p.size();
    bool clipped = false;
    for (size_t i = 0; i < n; ++i) {
      const ImVec2 a = p[(i + n - 1) % n], b = p[i], c = p[(i + 1) % n];
      if (cross(a, b, c) * orient <= 0) continue;
      bool empty = true;
      for (size_t j = 0; j < n && empty; ++j) {
        if (j == i || j == (i + n - 1) % n || j == (i + 1) % n) continue;
        empty = !inside_triangle(p[j], a, b, c);
      }
      if (!empty) continue;
      list.AddTriangleFilled(a, b, c, col);
      p.erase(p.begin() + static_cast<std::ptrdiff_t>(i));
      clipped = true;
      break;
    }
    if (!clipped) break;
  }
  if (p.size() == 3) list.AddTriangleFilled(p[0], p[1], p[2], col);
  list.Flags = saved;
}

void add_fill(ImDrawList& list, const std::vector<ImVec2>& pts, Rgba fill) {
  if (pts.size() < 3 || fill.a == 0) return;
  if (is_convex(pts)) {
    list.AddConvexPolyFilled(pts.data(), static_cast<int>(pts.size()), to_imgui(fill));
  } else {
    fill_concave(list, pts, to_imgui(fill));
  }
}

std::vector<ImVec2> to_screen(ImVec2 origin, const std::vector<Vec2>& points) {
  std::vector<ImVec2> out;
  out.reserve(points.size());
  for (const Vec2& p : points) out.push_back(at(origin, p));
  return out;
}

// Polygon shapes use the outline the Cairo and SVG painters use (marker_polygon), so a dot in
// the window has the size it has in an exported file.
void add_marker(ImDrawList& list, ImVec2 origin, const Marker& m) {
  const ImVec2 c = at(origin, m.center);
  const float r = px(m.radius_px);
  const float outline_width = px(m.outline_width_px);
  const ImU32 f = to_imgui(m.fill);
  const ImU32 o = to_imgui(m.outline);
  const bool has_fill = m.fill.a > 0;
  const bool has_outline = m.outline.a > 0 && outline_width > 0;
  switch (m.shape) {
    case MarkerShape::circle:
      if (has_fill) list.AddCircleFilled(c, r, f, 0);
      if (has_outline) list.AddCircle(c, r, o, 0, outline_width);
      return;
    case MarkerShape::ring:
      // Hollow: the ring is the outline's stroke, as the Cairo and SVG painters draw it.
      if (has_outline) list.AddCircle(c, r, o, 0, outline_width);
      return;
    case MarkerShape::square:
    case MarkerShape::diamond:
    case MarkerShape::triangle:
    case MarkerShape::hexagon: {
      const std::vector<ImVec2> pts = to_screen(origin, marker_polygon(m));
      const int n = static_cast<int>(pts.size());
      if (has_fill) list.AddConvexPolyFilled(pts.data(), n, f);
      if (has_outline) list.AddPolyline(pts.data(), n, o, ImDrawFlags_Closed, outline_width);
      return;
    }
  }
}

// Places `label` like the plot's layout did: alignment in the text's own frame, baseline at
// 0.8·size below the top, then a rotation about the anchor.
void add_text(ImDrawList& list, ImVec2 origin, const TextLabel& label, const PaintFonts& fonts) {
  if (label.text.empty() || label.color.a == 0) return;
  ImFont* font = font_or_default(label.bold && fonts.bold != nullptr ? fonts.bold : fonts.regular);
  const float size = px(label.size_px);
  const char* begin = label.text.data();
  const char* end = begin + label.text.size();
  const float width = font->CalcTextSizeA(size, FLT_MAX, 0.0f, begin, end).x;
  float x = 0;
  switch (label.halign) {
    case HAlign::left:
      x = 0;
      break;
    case HAlign::center:
      x = -width / 2;
      break;
    case HAlign::right:
      x = -width;
      break;
  }
  const float baseline = px(baseline_offset(label.valign, label.size_px));
  const float ascent = font->Ascent * size / font->FontSize;
  const ImVec2 anchor = at(origin, label.anchor);
  const ImVec2 pos{anchor.x + x, anchor.y + baseline - ascent};
  // ImGui drops glyphs outside the clip rectangle before we rotate them: a rotated label is laid
  // out unclipped, then its vertices are turned about the anchor.
  const bool rotated = label.rotation_rad != 0;
  const int first_vertex = list.VtxBuffer.Size;
  if (rotated) list.PushClipRect({-1e6f, -1e6f}, {1e6f, 1e6f}, false);
  // The halo (a stroke round the glyphs in Cairo and SVG) as copies of the text in the halo
  // colour, offset in eight directions: it keeps a label readable where it crosses a line.
  const float halo = px(label.halo_px);
  if (label.halo.a > 0 && halo > 0) {
    const ImU32 halo_colour = to_imgui(label.halo);
    const float d = halo * 0.7071f;
    const ImVec2 offsets[] = {{halo, 0}, {-halo, 0}, {0, halo}, {0, -halo},
                              {d, d},    {-d, d},    {d, -d},   {-d, -d}};
    for (const ImVec2& o : offsets)
      list.AddText(font, size, {pos.x + o.x, pos.y + o.y}, halo_colour, begin, end);
  }
  list.AddText(font, size, pos, to_imgui(label.color), begin, end);
  if (!rotated) return;
  list.PopClipRect();
  const float cs = std::cos(px(label.rotation_rad));
  const float sn = std::sin(px(label.rotation_rad));
  for (int i = first_vertex; i < list.VtxBuffer.Size; ++i) {
    ImVec2& v = list.VtxBuffer[i].pos;
    const float dx = v.x - anchor.x, dy = v.y - anchor.y;
    v = {anchor.x + dx * cs - dy * sn, anchor.y + dx * sn + dy * cs};
  }
}

void paint_legend(ImDrawList& list, const Legend& legend, ImVec2 origin, const PaintFonts& fonts) {
  if (!legend.shown) return;
  const ImVec2 b0 = at(origin, {legend.box.x0, legend.box.y0});
  const ImVec2 b1 = at(origin, {legend.box.x1, legend.box.y1});
  const float rounding = px(legend.corner_radius_px);
  list.AddRectFilled(b0, b1, to_imgui(legend.background), rounding);
  list.AddRect(b0, b1, to_imgui(legend.border), rounding);
  for (const LegendEntry& e : legend.entries) {
    if (e.is_line) {
      const Polyline swatch = legend_swatch_line(e);
      add_polyline(list, to_screen(origin, swatch.points), swatch.color, swatch.width_px,
                   swatch.dash);
    } else {
      add_marker(list, origin, legend_swatch_marker(e));
    }
    add_text(list, origin, legend_text(e), fonts);
  }
}

}  // namespace

TextMeasure imgui_text_measure(ImFont* font) {
  return [font](std::string_view text, double size_px) {
    ImFont* f = font_or_default(font);
    return static_cast<double>(
        f->CalcTextSizeA(px(size_px), FLT_MAX, 0.0f, text.data(), text.data() + text.size()).x);
  };
}

void paint_geometry(ImDrawList& list, const PlotGeometry& g, ImVec2 origin,
                    const PaintFonts& fonts) {
  const ImVec2 canvas_end = at(origin, g.canvas_size);
  if (g.background.a > 0) list.AddRectFilled(origin, canvas_end, to_imgui(g.background));
  const ImVec2 area0 = at(origin, {g.plot_area.x0, g.plot_area.y0});
  const ImVec2 area1 = at(origin, {g.plot_area.x1, g.plot_area.y1});
  list.AddRectFilled(area0, area1, to_imgui(g.plot_background));

  list.PushClipRect(area0, area1, true);
  for (const FilledPolygon& f : g.fills) add_fill(list, to_screen(origin, f.points), f.fill);
  list.PopClipRect();

  for (const Polyline& line : g.lines) {
    if (line.clip) list.PushClipRect(area0, area1, true);
    add_polyline(list, to_screen(origin, line.points), line.color, line.width_px, line.dash);
    if (line.clip) list.PopClipRect();
  }

  list.PushClipRect(area0, area1, true);
  for (const Marker& m : g.markers) add_marker(list, origin, m);
  list.PopClipRect();

  for (const TextLabel& t : g.texts) add_text(list, origin, t, fonts);
  paint_legend(list, g.legend, origin, fonts);
}

}  // namespace roofline
