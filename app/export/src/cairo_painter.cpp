// The Cairo painter: PlotGeometry onto any Cairo surface (PNG image, PDF), the text measure
// that matches it, and the face fontconfig gives it. The desktop's; the web build has
// web_painter.cpp instead.

#include <cairo-pdf.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>

#include <cmath>
#include <numbers>

#include "painters.h"
#include "roofline/export/export.h"
#include "roofline/version.h"

namespace roofline::detail {

namespace {

void set_colour(cairo_t* cr, Rgba c) {
  cairo_set_source_rgba(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0, c.a / 255.0);
}

const cairo_font_options_t* figure_font_options() {
  // Unhinted metrics: a label measures the same at any scale, so layout done at 1x holds at
  // 2x and in the PDF. Slight outline hinting keeps small text crisp in PNGs.
  static cairo_font_options_t* options = [] {
    cairo_font_options_t* o = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(o, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(o, CAIRO_HINT_STYLE_SLIGHT);
    cairo_font_options_set_antialias(o, CAIRO_ANTIALIAS_GRAY);
    return o;
  }();
  return options;
}

void path_polyline(cairo_t* cr, const std::vector<Vec2>& points) {
  for (size_t i = 0; i < points.size(); ++i) {
    if (i == 0)
      cairo_move_to(cr, points[i].x, points[i].y);
    else
      cairo_line_to(cr, points[i].x, points[i].y);
  }
}

void stroke_line(cairo_t* cr, const std::vector<Vec2>& points, Rgba colour, double width,
                 LineDash dash) {
  if (points.size() < 2 || colour.a == 0 || !(width > 0)) return;
  path_polyline(cr, points);
  set_colour(cr, colour);
  cairo_set_line_width(cr, width);
  const auto pattern = dash_pattern(dash, width);
  cairo_set_dash(cr, pattern.data(), static_cast<int>(pattern.size()), 0);
  cairo_set_line_cap(cr, dash == LineDash::dotted ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
  cairo_stroke(cr);
  cairo_set_dash(cr, nullptr, 0, 0);
}

void paint_marker(cairo_t* cr, const Marker& m) {
  const auto polygon = marker_polygon(m);
  auto trace = [&] {
    if (polygon.empty()) {
      cairo_new_sub_path(cr);
      cairo_arc(cr, m.center.x, m.center.y, m.radius_px, 0, 2 * std::numbers::pi);
    } else {
      path_polyline(cr, polygon);
      cairo_close_path(cr);
    }
  };
  if (m.shape == MarkerShape::ring) {
    trace();
    set_colour(cr, m.outline);
    cairo_set_line_width(cr, m.outline_width_px);
    cairo_stroke(cr);
    return;
  }
  trace();
  set_colour(cr, m.fill);
  if (m.outline.a > 0 && m.outline_width_px > 0) {
    cairo_fill_preserve(cr);
    set_colour(cr, m.outline);
    cairo_set_line_width(cr, m.outline_width_px);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
    cairo_stroke(cr);
  } else {
    cairo_fill(cr);
  }
}

// The pen position (baseline, left) relative to the anchor, in the text's own frame.
Vec2 text_origin(cairo_t* cr, const std::string& text, double size, HAlign h, VAlign v) {
  cairo_text_extents_t e;
  cairo_text_extents(cr, text.c_str(), &e);
  const double w = e.x_advance;
  Vec2 o{0, baseline_offset(v, size)};
  if (h == HAlign::center) o.x = -w / 2;
  if (h == HAlign::right) o.x = -w;
  return o;
}

void paint_text(cairo_t* cr, const TextLabel& t) {
  if (t.text.empty() || t.color.a == 0) return;
  cairo_save(cr);
  select_figure_font(cr, t.size_px, t.bold);
  cairo_translate(cr, t.anchor.x, t.anchor.y);
  if (t.rotation_rad != 0) cairo_rotate(cr, t.rotation_rad);
  const Vec2 o = text_origin(cr, t.text, t.size_px, t.halign, t.valign);
  if (t.halo.a > 0 && t.halo_px > 0) {
    cairo_move_to(cr, o.x, o.y);
    cairo_text_path(cr, t.text.c_str());
    set_colour(cr, t.halo);
    cairo_set_line_width(cr, 2 * t.halo_px);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_stroke(cr);
  }
  cairo_move_to(cr, o.x, o.y);
  set_colour(cr, t.color);
  cairo_show_text(cr, t.text.c_str());
  cairo_restore(cr);
}

void rounded_rect(cairo_t* cr, const Rect& r, double radius) {
  const double pi = std::numbers::pi;
  cairo_new_sub_path(cr);
  cairo_arc(cr, r.x1 - radius, r.y0 + radius, radius, -pi / 2, 0);
  cairo_arc(cr, r.x1 - radius, r.y1 - radius, radius, 0, pi / 2);
  cairo_arc(cr, r.x0 + radius, r.y1 - radius, radius, pi / 2, pi);
  cairo_arc(cr, r.x0 + radius, r.y0 + radius, radius, pi, 3 * pi / 2);
  cairo_close_path(cr);
}

void paint_legend(cairo_t* cr, const Legend& legend) {
  if (!legend.shown) return;
  rounded_rect(cr, legend.box, legend.corner_radius_px);
  set_colour(cr, legend.background);
  cairo_fill_preserve(cr);
  set_colour(cr, legend.border);
  cairo_set_line_width(cr, 1);
  cairo_stroke(cr);
  for (const LegendEntry& e : legend.entries) {
    if (e.is_line) {
      const Polyline swatch = legend_swatch_line(e);
      stroke_line(cr, swatch.points, swatch.color, swatch.width_px, swatch.dash);
    } else {
      paint_marker(cr, legend_swatch_marker(e));
    }
    paint_text(cr, legend_text(e));
  }
}

}  // namespace

void select_figure_font(cairo_t* cr, double size_px, bool bold) {
  // fontconfig resolves the family; without DejaVu Sans it substitutes its default sans face.
  cairo_select_font_face(cr, kFigureFontFamily, CAIRO_FONT_SLANT_NORMAL,
                         bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size_px);
  cairo_set_font_options(cr, figure_font_options());
}

void paint_geometry(cairo_t* cr, const PlotGeometry& g) {
  const Rect& area = g.plot_area;
  if (g.background.a > 0) {
    cairo_rectangle(cr, 0, 0, g.canvas_size.x, g.canvas_size.y);
    set_colour(cr, g.background);
    cairo_fill(cr);
  }
  if (g.plot_background.a > 0) {
    cairo_rectangle(cr, area.x0, area.y0, area.width(), area.height());
    set_colour(cr, g.plot_background);
    cairo_fill(cr);
  }
  auto clip_to_area = [&] {
    cairo_save(cr);
    cairo_rectangle(cr, area.x0, area.y0, area.width(), area.height());
    cairo_clip(cr);
  };
  clip_to_area();
  for (const FilledPolygon& p : g.fills) {
    if (p.points.size() < 3) continue;
    path_polyline(cr, p.points);
    cairo_close_path(cr);
    set_colour(cr, p.fill);
    cairo_fill(cr);
  }
  cairo_restore(cr);
  for (const Polyline& l : g.lines) {
    if (l.clip) clip_to_area();
    stroke_line(cr, l.points, l.color, l.width_px, l.dash);
    if (l.clip) cairo_restore(cr);
  }
  clip_to_area();
  for (const Marker& m : g.markers) paint_marker(cr, m);
  cairo_restore(cr);
  for (const TextLabel& t : g.texts) paint_text(cr, t);
  paint_legend(cr, g.legend);
}

namespace {

cairo_status_t append_bytes(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

}  // namespace

std::string render_png(const PlotGeometry& g, double scale) {
  const int w = png_side(g.canvas_size.x, scale), h = png_side(g.canvas_size.y, scale);
  cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
  std::string bytes;
  if (cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS) {
    cairo_t* cr = cairo_create(surface);
    cairo_scale(cr, scale, scale);
    paint_geometry(cr, g);
    const bool ok = cairo_status(cr) == CAIRO_STATUS_SUCCESS;
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    if (!ok ||
        cairo_surface_write_to_png_stream(surface, append_bytes, &bytes) != CAIRO_STATUS_SUCCESS)
      bytes.clear();
  }
  cairo_surface_destroy(surface);
  return bytes;
}

std::string render_pdf(const PlotGeometry& g) {
  std::string bytes;
  cairo_surface_t* surface =
      cairo_pdf_surface_create_for_stream(append_bytes, &bytes, g.canvas_size.x, g.canvas_size.y);
  // An empty creation date leaves the key out: the same figure gives the same bytes.
  cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "");
  const std::string creator = "roofline " + std::string(version());
  cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, creator.c_str());
  if (const TextLabel* title = g.find_text("title"))
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title->text.c_str());
  cairo_t* cr = cairo_create(surface);
  paint_geometry(cr, g);
  const bool ok = cairo_status(cr) == CAIRO_STATUS_SUCCESS;
  cairo_destroy(cr);
  cairo_surface_finish(surface);
  const bool finished = cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS;
  cairo_surface_destroy(surface);
  if (!ok || !finished) bytes.clear();
  return bytes;
}

}  // namespace roofline::detail

namespace roofline {

TextMeasure figure_text_measure() {
  return [](std::string_view text, double size_px) {
    // One small context per thread: measuring needs a surface, never a display.
    thread_local cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
    thread_local cairo_t* cr = cairo_create(surface);
    detail::select_figure_font(cr, size_px, false);
    const std::string s(text);
    cairo_text_extents_t e;
    cairo_text_extents(cr, s.c_str(), &e);
    return e.x_advance;
  };
}

std::string resolved_figure_font() {
  // What fontconfig hands Cairo for "DejaVu Sans" (the same lookup the toy font API does).
  FcPattern* pattern = FcNameParse(reinterpret_cast<const FcChar8*>(detail::kFigureFontFamily));
  if (pattern == nullptr) return {};
  FcConfigSubstitute(nullptr, pattern, FcMatchPattern);
  FcDefaultSubstitute(pattern);
  FcResult result = FcResultNoMatch;
  FcPattern* match = FcFontMatch(nullptr, pattern, &result);
  std::string family;
  FcChar8* name = nullptr;
  if (match != nullptr && FcPatternGetString(match, FC_FAMILY, 0, &name) == FcResultMatch)
    family = reinterpret_cast<const char*>(name);
  if (match != nullptr) FcPatternDestroy(match);
  FcPatternDestroy(pattern);
  return family;
}

bool figure_format_available(FigureFormat) { return true; }

}  // namespace roofline
