#include "frame.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

namespace roofline::detail {

namespace {

// The layout uses the default em sizes of Theme, so it needs no theme (and no font).
const Theme kDefaultSizes{};

constexpr double kPadEm = 0.7;  // canvas edge to anything
constexpr double kTickMajorEm = 0.38;
constexpr double kTickMinorEm = 0.2;
constexpr double kTickGapEm = 0.3;    // tick end to its label
constexpr double kTitleGapEm = 0.55;  // tick labels to the axis title
constexpr double kYLabelsEm = 2.7;    // room for y tick labels ("100T", "1.5P")

double title_block_height(double f, bool title, bool caption) {
  double h = 0;
  if (title) h += kDefaultSizes.title_em * f * 1.3;
  if (caption) h += kDefaultSizes.caption_em * f * 1.35;
  return h;
}

}  // namespace

PlotGeometry start_geometry(Vec2 canvas_px, const Rect& plot_area, bool transparent,
                            const Theme& theme) {
  PlotGeometry g;
  g.canvas_size = canvas_px;
  g.plot_area = plot_area;
  g.background = transparent ? theme.background.with_alpha(0) : theme.background;
  g.plot_background = transparent ? theme.plot_background.with_alpha(0) : theme.plot_background;
  return g;
}

double nice_floor(double v) {
  const double p = std::pow(10.0, std::floor(std::log10(v)));
  for (double m : {5.0, 2.0, 1.0})
    if (m * p <= v * (1 + 1e-12)) return m * p;
  return p;
}

double nice_ceil(double v) {
  const double p = std::pow(10.0, std::floor(std::log10(v)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * p >= v * (1 - 1e-12)) return m * p;
  return 10 * p;
}

Rect chart_area(Vec2 canvas_px, double font_px, bool title, bool caption) {
  const double f = font_px;
  const double top = kPadEm * f + title_block_height(f, title, caption) +
                     ((title || caption) ? 0.55 * f : 0.3 * f);
  const double left = kPadEm * f + kDefaultSizes.axis_title_em * f + kTitleGapEm * f +
                      kYLabelsEm * f + kTickGapEm * f + kTickMajorEm * f;
  const double bottom = kTickMajorEm * f + kTickGapEm * f + kDefaultSizes.tick_label_em * f +
                        kTitleGapEm * f + kDefaultSizes.axis_title_em * f + kPadEm * f;
  const double right = 1.7 * f;
  Rect r{left, top, canvas_px.x - right, canvas_px.y - bottom};
  // A canvas too small for the margins still gets a (tiny) valid area.
  if (r.x1 < r.x0 + 1) r.x1 = r.x0 + 1;
  if (r.y1 < r.y0 + 1) r.y1 = r.y0 + 1;
  return r;
}

void compute_text_box(TextLabel& label, const TextMeasure& measure) {
  const double w = measure(label.text, label.size_px);
  const double h = label.size_px;
  double x0 = 0;
  switch (label.halign) {
    case HAlign::left:
      x0 = 0;
      break;
    case HAlign::center:
      x0 = -w / 2;
      break;
    case HAlign::right:
      x0 = -w;
      break;
  }
  double y0 = 0;
  switch (label.valign) {
    case VAlign::top:
      y0 = 0;
      break;
    case VAlign::middle:
      y0 = -h / 2;
      break;
    case VAlign::baseline:
      y0 = -0.8 * h;
      break;
    case VAlign::bottom:
      y0 = -h;
      break;
  }
  const std::array<Vec2, 4> corners = {Vec2{x0, y0}, Vec2{x0 + w, y0}, Vec2{x0 + w, y0 + h},
                                       Vec2{x0, y0 + h}};
  const double c = std::cos(label.rotation_rad), s = std::sin(label.rotation_rad);
  Rect box{1e300, 1e300, -1e300, -1e300};
  for (const Vec2& p : corners) {
    // Clockwise on screen for positive angles (y points down).
    const double x = label.anchor.x + p.x * c - p.y * s;
    const double y = label.anchor.y + p.x * s + p.y * c;
    box.x0 = std::min(box.x0, x);
    box.y0 = std::min(box.y0, y);
    box.x1 = std::max(box.x1, x);
    box.y1 = std::max(box.y1, y);
  }
  label.box = box;
}

void add_label_halo(TextLabel& label, const Theme& theme, double font_px) {
  label.halo = theme.label_halo;
  label.halo_px = 0.16 * font_px;
}

TextLabel make_text(std::string id, std::string text, Vec2 anchor, double size_px, Rgba colour,
                    HAlign h, VAlign v, const TextMeasure& measure, double rotation_rad) {
  TextLabel l;
  l.id = std::move(id);
  l.text = std::move(text);
  l.anchor = anchor;
  l.size_px = size_px;
  l.color = colour;
  l.halign = h;
  l.valign = v;
  l.rotation_rad = rotation_rad;
  compute_text_box(l, measure);
  return l;
}

void add_frame(PlotGeometry& g, const FrameSpec& spec, const Theme& theme,
               const TextMeasure& measure, double font_px) {
  const double f = font_px;
  const Rect& area = g.plot_area;
  const double tick_size = theme.tick_label_em * f;
  const double grid_width = std::max(0.5, theme.grid_width_em * f);
  const double axis_width = std::max(0.75, 0.075 * f);

  const auto x_ticks = log_ticks(spec.x, AxisOrientation::horizontal, measure, tick_size, 0.8 * f);
  const auto y_ticks = log_ticks(spec.y, AxisOrientation::vertical, measure, tick_size, 0.5 * f);

  // Grid: minors first so majors draw over them.
  for (bool major : {false, true}) {
    const Rgba colour = major ? theme.grid_major : theme.grid_minor;
    for (const Tick& t : x_ticks)
      if (t.major == major)
        g.lines.push_back(
            {"", {{t.px, area.y0}, {t.px, area.y1}}, colour, grid_width, LineDash::solid, true});
    for (const Tick& t : y_ticks)
      if (t.major == major)
        g.lines.push_back(
            {"", {{area.x0, t.px}, {area.x1, t.px}}, colour, grid_width, LineDash::solid, true});
  }

  // Axis lines and tick marks (outside the area, so unclipped).
  g.lines.push_back({"axis:x",
                     {{area.x0, area.y1}, {area.x1, area.y1}},
                     theme.axis,
                     axis_width,
                     LineDash::solid,
                     false});
  g.lines.push_back({"axis:y",
                     {{area.x0, area.y0}, {area.x0, area.y1}},
                     theme.axis,
                     axis_width,
                     LineDash::solid,
                     false});
  for (const Tick& t : x_ticks) {
    const double len = (t.major ? kTickMajorEm : kTickMinorEm) * f;
    g.lines.push_back({"",
                       {{t.px, area.y1}, {t.px, area.y1 + len}},
                       theme.axis,
                       axis_width,
                       LineDash::solid,
                       false});
  }
  for (const Tick& t : y_ticks) {
    const double len = (t.major ? kTickMajorEm : kTickMinorEm) * f;
    g.lines.push_back({"",
                       {{area.x0 - len, t.px}, {area.x0, t.px}},
                       theme.axis,
                       axis_width,
                       LineDash::solid,
                       false});
  }

  auto add_text = [&](std::string id, std::string text, Vec2 anchor, double size, Rgba colour,
                      HAlign h, VAlign v, double rotation = 0) -> TextLabel& {
    g.texts.push_back(
        make_text(std::move(id), std::move(text), anchor, size, colour, h, v, measure, rotation));
    return g.texts.back();
  };
  const double label_gap = (kTickMajorEm + kTickGapEm) * f;
  for (const Tick& t : x_ticks) {
    if (!t.labelled) continue;
    add_text("tick:x:" + t.label, t.label, {t.px, area.y1 + label_gap}, tick_size, theme.text_muted,
             HAlign::center, VAlign::top);
  }
  for (const Tick& t : y_ticks) {
    if (!t.labelled) continue;
    add_text("tick:y:" + t.label, t.label, {area.x0 - label_gap, t.px}, tick_size, theme.text_muted,
             HAlign::right, VAlign::middle);
  }

  // Axis titles.
  const double axis_title_size = theme.axis_title_em * f;
  add_text("axis:x:title", spec.x_title,
           {area.center().x, area.y1 + label_gap + tick_size + kTitleGapEm * f}, axis_title_size,
           theme.text, HAlign::center, VAlign::top);
  add_text("axis:y:title", spec.y_title, {kPadEm * f + axis_title_size / 2, area.center().y},
           axis_title_size, theme.text, HAlign::center, VAlign::middle, -std::numbers::pi / 2);

  // Title and caption, left-aligned with the y-axis title. A line wider than the canvas (a
  // long caption in a paper-column figure) is set smaller, down to 60 %, then cut with an
  // ellipsis, so no text runs off the figure's edge.
  const double line_width = g.canvas_size.x - 2 * kPadEm * f;
  double y = kPadEm * f;
  if (!spec.title.empty()) {
    const double size = theme.title_em * f;
    const FittedLine fitted = fit_line(spec.title, size, line_width, kBoldWidthFactor, measure);
    add_text("title", fitted.text, {kPadEm * f, y}, fitted.size_px, theme.text, HAlign::left,
             VAlign::top)
        .bold = true;
    y += kDefaultSizes.title_em * f * 1.3;
  }
  if (!spec.caption.empty()) {
    const double size = theme.caption_em * f;
    const FittedLine fitted = fit_line(spec.caption, size, line_width, 1.0, measure);
    add_text("caption", fitted.text, {kPadEm * f, y}, fitted.size_px, theme.text_muted,
             HAlign::left, VAlign::top);
  }
}

FittedLine fit_line(const std::string& text, double size_px, double width_px, double width_factor,
                    const TextMeasure& measure) {
  constexpr double kSmallest = 0.6;
  auto width_at = [&](const std::string& t, double size) {
    return measure(t, size) * width_factor;
  };
  const double natural = width_at(text, size_px);
  if (!(width_px > 0) || natural <= width_px) return {text, size_px};
  const double k = width_px / natural;
  if (k >= kSmallest) return {text, size_px * k};
  const double size = size_px * kSmallest;
  // Cut whole UTF-8 characters from the end until the rest and the ellipsis fit.
  std::string cut = text;
  while (!cut.empty()) {
    while (!cut.empty() && (static_cast<unsigned char>(cut.back()) & 0xC0) == 0x80) {
      cut.pop_back();  // continuation bytes
    }
    if (!cut.empty()) cut.pop_back();  // the lead byte, or an ASCII character
    while (!cut.empty() && cut.back() == ' ') cut.pop_back();
    if (width_at(cut + "\u2026", size) <= width_px) break;
  }
  return {cut + "\u2026", size};
}

std::vector<Vec2> clip_polygon(const std::vector<Vec2>& polygon, const Rect& rect) {
  std::vector<Vec2> out = polygon;
  // Each edge of the clip rectangle: inside test and the intersection with that edge.
  for (int edge = 0; edge < 4 && !out.empty(); ++edge) {
    auto inside = [&](Vec2 p) {
      switch (edge) {
        case 0:
          return p.x >= rect.x0;
        case 1:
          return p.x <= rect.x1;
        case 2:
          return p.y >= rect.y0;
        default:
          return p.y <= rect.y1;
      }
    };
    auto cross = [&](Vec2 a, Vec2 b) {
      double t = 0;
      switch (edge) {
        case 0:
          t = (rect.x0 - a.x) / (b.x - a.x);
          break;
        case 1:
          t = (rect.x1 - a.x) / (b.x - a.x);
          break;
        case 2:
          t = (rect.y0 - a.y) / (b.y - a.y);
          break;
        default:
          t = (rect.y1 - a.y) / (b.y - a.y);
          break;
      }
      Vec2 p{a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)};
      // Land exactly on the edge, so shared edges of two regions meet without a seam.
      if (edge == 0) p.x = rect.x0;
      if (edge == 1) p.x = rect.x1;
      if (edge == 2) p.y = rect.y0;
      if (edge == 3) p.y = rect.y1;
      return p;
    };
    std::vector<Vec2> in = std::move(out);
    out.clear();
    for (size_t i = 0; i < in.size(); ++i) {
      const Vec2 cur = in[i];
      const Vec2 prev = in[(i + in.size() - 1) % in.size()];
      const bool cur_in = inside(cur), prev_in = inside(prev);
      if (cur_in) {
        if (!prev_in) out.push_back(cross(prev, cur));
        out.push_back(cur);
      } else if (prev_in) {
        out.push_back(cross(prev, cur));
      }
    }
  }
  return out;
}

void layout_legend(Legend& legend, std::vector<LegendEntry> entries, Vec2 top_left,
                   const Theme& theme, const TextMeasure& measure, double font_px) {
  legend.entries.clear();
  legend.shown = !entries.empty();
  if (entries.empty()) return;
  const double f = font_px;
  const double text_size = theme.legend_em * f;
  const double row = text_size * 1.55;
  const double pad = 0.55 * f;
  const double swatch_w = 1.7 * f;
  const double gap = 0.45 * f;
  double text_w = 0;
  for (const LegendEntry& e : entries) text_w = std::max(text_w, measure(e.label, text_size));
  const double width = pad + swatch_w + gap + text_w + pad;
  legend.box = {top_left.x, top_left.y, top_left.x + width,
                top_left.y + 2 * (pad * 0.7) + row * static_cast<double>(entries.size())};
  legend.background = theme.legend_background;
  legend.border = theme.legend_border;
  legend.corner_radius_px = 0.3 * f;
  double y = top_left.y + pad * 0.7;
  for (LegendEntry& e : entries) {
    const double mid = y + row / 2;
    e.swatch_center = {top_left.x + pad + swatch_w / 2, mid};
    if (e.is_line) e.swatch_size_px = swatch_w / 2;
    e.text_anchor = {top_left.x + pad + swatch_w + gap, mid};
    e.text_size_px = text_size;
    e.text_color = e.visible ? theme.text : theme.text_muted.with_alpha(140);
    if (!e.visible) e.color = e.color.with_alpha(70);
    e.hit_box = {top_left.x, y, top_left.x + width, y + row};
    legend.entries.push_back(std::move(e));
    y += row;
  }
}

std::optional<std::pair<double, double>> segment_span_in_rect(Vec2 a, Vec2 b, const Rect& r) {
  double t0 = 0, t1 = 1;
  const double dx = b.x - a.x, dy = b.y - a.y;
  const double p[4] = {-dx, dx, -dy, dy};
  const double q[4] = {a.x - r.x0, r.x1 - a.x, a.y - r.y0, r.y1 - a.y};
  for (int i = 0; i < 4; ++i) {
    if (p[i] == 0) {
      if (q[i] < 0) return std::nullopt;  // parallel to this edge and outside it
      continue;
    }
    const double t = q[i] / p[i];
    if (p[i] < 0)
      t0 = std::max(t0, t);
    else
      t1 = std::min(t1, t);
    if (t0 > t1) return std::nullopt;
  }
  return std::make_pair(t0, t1);
}

std::optional<std::pair<Vec2, Vec2>> clip_segment(Vec2 a, Vec2 b, const Rect& r) {
  const auto span = segment_span_in_rect(a, b, r);
  if (!span || span->first >= span->second) return std::nullopt;
  const auto [t0, t1] = *span;
  const double dx = b.x - a.x, dy = b.y - a.y;
  return std::make_pair(Vec2{a.x + t0 * dx, a.y + t0 * dy}, Vec2{a.x + t1 * dx, a.y + t1 * dy});
}

double distance_to_segment(Vec2 p, Vec2 a, Vec2 b) {
  const double dx = b.x - a.x, dy = b.y - a.y;
  const double len2 = dx * dx + dy * dy;
  double t = len2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2 : 0;
  t = std::clamp(t, 0.0, 1.0);
  const double x = a.x + t * dx - p.x, y = a.y + t * dy - p.y;
  return std::sqrt(x * x + y * y);
}

}  // namespace roofline::detail
