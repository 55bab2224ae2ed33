#include "axes_frame.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "text_box.h"

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
  // The y title runs along the plot's height: in a short plot it is set smaller (down to 60 %),
  // then its short form, then cut, so it never runs into the caption above or the x title below.
  FittedLine y_title = fit_line(spec.y_title, axis_title_size, area.height(), 1.0, measure);
  if (y_title.text != spec.y_title && !spec.y_title_short.empty())
    y_title = fit_line(spec.y_title_short, axis_title_size, area.height(), 1.0, measure);
  add_text("axis:y:title", y_title.text, {kPadEm * f + axis_title_size / 2, area.center().y},
           y_title.size_px, theme.text, HAlign::center, VAlign::middle, -std::numbers::pi / 2);

  // Title and caption, left-aligned with the y-axis title. A line wider than the canvas (a
  // long caption in a paper-column figure) is set smaller, down to 60 %, then cut with an
  // ellipsis, so no text runs off the figure's edge.
  const double line_width = g.canvas_size.x - 2 * kPadEm * f;
  double y = kPadEm * f;
  if (!spec.title.empty()) {
    const double size = theme.title_em * f;
    const double title_width = std::max(line_width - spec.title_reserve_px, 0.3 * line_width);
    const FittedLine fitted = fit_line(spec.title, size, title_width, kBoldWidthFactor, measure);
    TextLabel& title = add_text("title", fitted.text, {kPadEm * f, y}, fitted.size_px, theme.text,
                                HAlign::left, VAlign::top);
    title.bold = true;
    compute_text_box(title, measure);  // its box at the bold face's width
    y += kDefaultSizes.title_em * f * 1.3;
  }
  if (!spec.caption.empty()) {
    const double size = theme.caption_em * f;
    const FittedLine fitted = fit_line(spec.caption, size, line_width, 1.0, measure);
    add_text("caption", fitted.text, {kPadEm * f, y}, fitted.size_px, theme.text_muted,
             HAlign::left, VAlign::top);
  }
}

}  // namespace roofline::detail
