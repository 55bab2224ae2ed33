#include "text_box.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace roofline {

std::string ellipsize(std::string_view text, const std::function<bool(const std::string&)>& fits) {
  // Where each whole character ends: the starts that may be kept.
  std::vector<size_t> ends;
  for (size_t i = 1; i <= text.size(); ++i) {
    if (i == text.size() || (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ends.push_back(i);
  }
  auto candidate = [&](size_t chars) {
    std::string cut(text.substr(0, chars == 0 ? 0 : ends[chars - 1]));
    while (!cut.empty() && cut.back() == ' ') cut.pop_back();
    return cut + "\u2026";
  };
  // The most characters whose cut fits: widths grow with the characters kept.
  size_t lo = 0, hi = ends.empty() ? 0 : ends.size() - 1;  // the whole text is not a cut
  while (lo < hi) {
    const size_t mid = lo + (hi - lo + 1) / 2;
    if (fits(candidate(mid))) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  return candidate(lo);
}

}  // namespace roofline

namespace roofline::detail {

void compute_text_box(TextLabel& label, const TextMeasure& measure) {
  // A bold face is wider than the regular one the measure knows (its box once ended short of
  // the drawn title, and the chart's buttons were placed over the title's last letters).
  const double w = measure(label.text, label.size_px) * (label.bold ? kBoldWidthFactor : 1.0);
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
  return {ellipsize(text, [&](const std::string& t) { return width_at(t, size) <= width_px; }),
          size};
}

}  // namespace roofline::detail
