// The SVG writer. Cairo 1.16's SVG surface turns every glyph into a path; this writer keeps
// text as <text> (searchable, selectable, editable in Inkscape) and draws the same geometry
// with the same rules as the Cairo painter. Output depends only on the geometry: no ids from
// counters shared across runs, no timestamps.

#include <cmath>
#include <cstdio>
#include <numbers>

#include "painters.h"
#include "roofline/units.h"
#include "roofline/version.h"

namespace roofline::detail {

namespace {

// Two decimals, trailing zeros dropped: "12.5", "300", "-0.25".
std::string num(double v) {
  if (std::abs(v) < 0.005) v = 0;  // no "-0"
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  std::string s = buf;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

std::string hex(Rgba c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r, c.g, c.b);
  return buf;
}

std::string alpha(Rgba c) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.4g", c.a / 255.0);
  return buf;
}

// ` fill="#rrggbb"` plus fill-opacity when not opaque.
std::string paint(const char* what, Rgba c) {
  if (c.a == 0) return std::string(" ") + what + "=\"none\"";
  std::string s = std::string(" ") + what + "=\"" + hex(c) + "\"";
  if (c.a != 255) s += std::string(" ") + what + "-opacity=\"" + alpha(c) + "\"";
  return s;
}

// Text and attribute values as XML 1.0 may hold them: markup escaped, and the control characters
// it forbids (a title or a name may carry any) written as U+FFFD, so the file is always
// well-formed.
std::string escape(std::string_view text) {
  std::string out;
  for (char c : printable(text, true)) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string points_attr(const std::vector<Vec2>& points) {
  std::string s;
  for (const Vec2& p : points) {
    if (!s.empty()) s += ' ';
    s += num(p.x) + "," + num(p.y);
  }
  return s;
}

std::string id_attr(std::string_view id) {
  // Geometry ids contain ':' (not an XML name), so they go in `class`, which takes any text.
  return id.empty() ? std::string() : " class=\"" + escape(id) + "\"";
}

void line(std::string& out, const Polyline& l) {
  if (l.points.size() < 2 || l.color.a == 0) return;
  out += "<polyline" + id_attr(l.id) + " points=\"" + points_attr(l.points) + "\" fill=\"none\"" +
         paint("stroke", l.color) + " stroke-width=\"" + num(l.width_px) + "\"";
  const auto dash = dash_pattern(l.dash, l.width_px);
  if (!dash.empty()) out += " stroke-dasharray=\"" + num(dash[0]) + " " + num(dash[1]) + "\"";
  if (l.dash == LineDash::dotted) out += " stroke-linecap=\"round\"";
  out += "/>\n";
}

void marker(std::string& out, const Marker& m) {
  const auto polygon = marker_polygon(m);
  std::string shape = polygon.empty()
                          ? "<circle" + id_attr(m.id) + " cx=\"" + num(m.center.x) + "\" cy=\"" +
                                num(m.center.y) + "\" r=\"" + num(m.radius_px) + "\""
                          : "<polygon" + id_attr(m.id) + " points=\"" + points_attr(polygon) + "\"";
  if (m.shape == MarkerShape::ring) {
    out += shape + " fill=\"none\"" + paint("stroke", m.outline) + " stroke-width=\"" +
           num(m.outline_width_px) + "\"/>\n";
    return;
  }
  out += shape + paint("fill", m.fill);
  if (m.outline.a > 0 && m.outline_width_px > 0)
    out += paint("stroke", m.outline) + " stroke-width=\"" + num(m.outline_width_px) + "\"";
  out += "/>\n";
}

void text(std::string& out, const TextLabel& t) {
  if (t.text.empty() || t.color.a == 0) return;
  // Baseline from the anchor with geometry.h's metrics; horizontal alignment by the viewer's
  // own font measurement (text-anchor), so it holds even if DejaVu Sans is substituted.
  const double dy = baseline_offset(t.valign, t.size_px);
  const char* anchor = t.halign == HAlign::left     ? "start"
                       : t.halign == HAlign::center ? "middle"
                                                    : "end";
  std::string s = "<text" + id_attr(t.id);
  if (t.rotation_rad == 0) {
    s += " x=\"" + num(t.anchor.x) + "\" y=\"" + num(t.anchor.y + dy) + "\" font-size=\"" +
         num(t.size_px) + "\"";
  } else {
    // Rotate about the anchor; the baseline offset then applies in the rotated frame.
    const double deg = t.rotation_rad * 180 / std::numbers::pi;
    s += " x=\"0\" y=\"" + num(dy) + "\" font-size=\"" + num(t.size_px) +
         "\" transform=\"translate(" + num(t.anchor.x) + " " + num(t.anchor.y) + ") rotate(" +
         num(deg) + ")\"";
  }
  if (t.halign != HAlign::left) s += std::string(" text-anchor=\"") + anchor + "\"";
  if (t.bold) s += " font-weight=\"bold\"";
  s += paint("fill", t.color);
  if (t.halo.a > 0 && t.halo_px > 0)
    s += paint("stroke", t.halo) + " stroke-width=\"" + num(2 * t.halo_px) +
         "\" stroke-linejoin=\"round\" paint-order=\"stroke\"";
  out += s + ">" + escape(t.text) + "</text>\n";
}

void legend(std::string& out, const Legend& l) {
  if (!l.shown) return;
  out += "<g class=\"legend\">\n<rect x=\"" + num(l.box.x0) + "\" y=\"" + num(l.box.y0) +
         "\" width=\"" + num(l.box.width()) + "\" height=\"" + num(l.box.height()) + "\" rx=\"" +
         num(l.corner_radius_px) + "\"" + paint("fill", l.background) + paint("stroke", l.border) +
         " stroke-width=\"1\"/>\n";
  for (const LegendEntry& e : l.entries) {
    if (e.is_line)
      line(out, legend_swatch_line(e));
    else
      marker(out, legend_swatch_marker(e));
    text(out, legend_text(e));
  }
  out += "</g>\n";
}

}  // namespace

std::string svg_document(const PlotGeometry& g, bool points) {
  const Rect& a = g.plot_area;
  std::string out;
  out.reserve(64 * 1024);
  out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  const std::string unit = points ? "pt" : "";  // user units stay the geometry's (viewBox)
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(g.canvas_size.x) + unit +
         "\" height=\"" + num(g.canvas_size.y) + unit + "\" viewBox=\"0 0 " + num(g.canvas_size.x) +
         " " + num(g.canvas_size.y) +
         "\" font-family=\"'DejaVu Sans', 'Bitstream Vera Sans', Verdana, sans-serif\">\n";
  if (const TextLabel* title = g.find_text("title"))
    out += "<title>" + escape(title->text) + "</title>\n";
  out += "<metadata>roofline " + escape(std::string(version())) + "</metadata>\n";
  out += "<defs><clipPath id=\"plot-area\"><rect x=\"" + num(a.x0) + "\" y=\"" + num(a.y0) +
         "\" width=\"" + num(a.width()) + "\" height=\"" + num(a.height()) +
         "\"/></clipPath></defs>\n";
  if (g.background.a > 0)
    out += "<rect class=\"background\" width=\"100%\" height=\"100%\"" +
           paint("fill", g.background) + "/>\n";
  if (g.plot_background.a > 0)
    out += "<rect class=\"plot-area\" x=\"" + num(a.x0) + "\" y=\"" + num(a.y0) + "\" width=\"" +
           num(a.width()) + "\" height=\"" + num(a.height()) + "\"" +
           paint("fill", g.plot_background) + "/>\n";
  out += "<g clip-path=\"url(#plot-area)\">\n";
  for (const FilledPolygon& p : g.fills)
    if (p.points.size() >= 3)
      out += "<polygon" + id_attr(p.id) + " points=\"" + points_attr(p.points) + "\"" +
             paint("fill", p.fill) + "/>\n";
  out += "</g>\n";
  // Lines keep their order; runs of clipped lines share one clipped group.
  bool open = false;
  for (const Polyline& l : g.lines) {
    if (l.clip != open) {
      out += open ? "</g>\n" : "<g clip-path=\"url(#plot-area)\" stroke-linejoin=\"miter\">\n";
      open = l.clip;
    }
    line(out, l);
  }
  if (open) out += "</g>\n";
  out += "<g clip-path=\"url(#plot-area)\">\n";
  for (const Marker& m : g.markers) marker(out, m);
  out += "</g>\n";
  for (const TextLabel& t : g.texts) text(out, t);
  legend(out, g.legend);
  out += "</svg>\n";
  return out;
}

}  // namespace roofline::detail
