#include "legend_layout.h"

#include <algorithm>

namespace roofline::detail {

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

}  // namespace roofline::detail
