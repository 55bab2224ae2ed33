// The roofline chart's teaching aids: halos for highlighted parts, what-if ghosts with arrows,
// the critical value on the trail and the compare GPU's speed-up.

#include <algorithm>
#include <cctype>
#include <cmath>

#include "roofline/units.h"
#include "roofline_builder.h"

namespace roofline::detail {

// "NVIDIA H200 SXM 141GB" -> "H200 SXM": the vendor and the memory size say nothing here.
std::string short_gpu_name(const GpuSpec& gpu) {
  std::string name = gpu.name;
  if (!gpu.vendor.empty() && name.starts_with(gpu.vendor + " "))
    name.erase(0, gpu.vendor.size() + 1);
  const size_t space = name.find_last_of(' ');
  if (space != std::string::npos && name.ends_with("GB") && name.size() - space > 3 &&
      std::isdigit(static_cast<unsigned char>(name[space + 1]))) {
    name.erase(space);
  }
  return name.empty() ? gpu.name : name;
}

bool RooflineBuilder::dims_dots() const {
  for (const std::string& id : v_.highlighted)
    if (id.starts_with("group:") || id.starts_with("op:")) return true;
  return false;
}

void RooflineBuilder::add_halo(const std::string& id, Vec2 center, double radius_px, Rgba colour) {
  Marker halo;
  halo.id = "highlight:" + id;
  halo.center = center;
  halo.radius_px = radius_px + 0.45 * f_;
  halo.shape = MarkerShape::ring;
  halo.outline = colour.with_alpha(150);
  halo.fill = colour.with_alpha(0);
  halo.outline_width_px = 0.22 * f_;
  halo.interactive = false;
  g_.markers.push_back(halo);
}

void RooflineBuilder::add_ghosts(const std::vector<DotSpec>& drawn) {
  for (const GhostArrow& g : v_.ghosts) {
    const auto now =
        std::find_if(drawn.begin(), drawn.end(), [&](const DotSpec& d) { return d.id == g.id; });
    if (now == drawn.end()) continue;
    const double r = (now->group ? t_.group_radius_em : t_.op_radius_em) * f_;
    const Vec2 from = px(g.from_intensity, g.from_flops_per_s);
    const Vec2 to = px(g.to_intensity, g.to_flops_per_s);
    const Rgba colour = series_color(t_, g.id, now->kind);
    Marker ghost;
    ghost.id = "ghost:" + g.id;
    ghost.center = from;
    ghost.radius_px = r;
    ghost.shape = now->shape;
    ghost.fill = colour.with_alpha(55);
    ghost.outline = colour.with_alpha(170);
    ghost.outline_width_px = 0.08 * f_;
    ghost.x_value = g.from_intensity;
    ghost.y_value = g.from_flops_per_s;
    ghost.interactive = false;
    if (in_area(from, 0.5 * f_)) g_.markers.push_back(ghost);
    // The arrow runs between the dots' edges. Dots mostly move along a roof, so a straight
    // arrow would hide under it: it bows out below the line instead, inside the region a dot
    // can reach (above the roof is what the chart says nothing attains).
    const double dx = to.x - from.x, dy = to.y - from.y, len = std::hypot(dx, dy);
    const double gap = r + 0.2 * f_, head = 0.55 * f_;
    if (len < 2 * gap + 0.6 * f_ + head) continue;
    Vec2 n{dy / len, -dx / len};
    if (n.y < 0 || (n.y == 0 && n.x < 0)) n = {-n.x, -n.y};
    const double bulge = std::clamp(0.18 * len, 0.8 * f_, 4.0 * f_);
    const Vec2 c{(from.x + to.x) / 2 + n.x * bulge, (from.y + to.y) / 2 + n.y * bulge};
    auto bezier = [&](double t) {
      const double u = 1 - t;
      return Vec2{u * u * from.x + 2 * u * t * c.x + t * t * to.x,
                  u * u * from.y + 2 * u * t * c.y + t * t * to.y};
    };
    // A highlighted dot wears a halo: the head stops outside it.
    const double gap_to = highlighted(g.id) ? r + 0.8 * f_ : gap;
    const double t0 = gap / len, t1 = 1 - gap_to / len;
    Polyline arrow{"ghost:arrow:" + g.id,
                   {},
                   colour.with_alpha(now->group ? 230 : 150),
                   (now->group ? 0.11 : 0.07) * f_,
                   LineDash::solid,
                   true};
    constexpr int kSegments = 24;
    for (int i = 0; i <= kSegments; ++i)
      arrow.points.push_back(bezier(t0 + (t1 - t0) * i / kSegments));
    const Vec2 b = arrow.points.back();
    // The head follows the curve's tangent at its end.
    const Vec2 tangent{2 * (1 - t1) * (c.x - from.x) + 2 * t1 * (to.x - c.x),
                       2 * (1 - t1) * (c.y - from.y) + 2 * t1 * (to.y - c.y)};
    const double tl = std::hypot(tangent.x, tangent.y);
    const Vec2 u{tangent.x / tl, tangent.y / tl};
    const double cs = std::cos(0.45), sn = std::sin(0.45);
    const Vec2 left{b.x - head * (u.x * cs - u.y * sn), b.y - head * (u.y * cs + u.x * sn)};
    const Vec2 right{b.x - head * (u.x * cs + u.y * sn), b.y - head * (u.y * cs - u.x * sn)};
    for (size_t i = 1; i < arrow.points.size(); ++i)
      placer_.add_segment(arrow.points[i - 1], arrow.points[i], arrow.width_px);
    g_.lines.push_back({"ghost:arrowhead:" + g.id,
                        {left, b, right},
                        arrow.color,
                        arrow.width_px,
                        LineDash::solid,
                        true});
    g_.lines.push_back(std::move(arrow));
    placer_.add_dot(from, r);
  }
}

void RooflineBuilder::add_critical_marker(const Trail* trail) {
  if (!v_.show_critical || trail == nullptr || !trail->critical || !v_.chart.show_fc) return;
  const GroupCost& fc = trail->critical->fc;
  if (!std::isfinite(fc.intensity) || !(fc.intensity > 0) || !(fc.achieved_flops > 0)) return;
  Marker m;
  m.id = "critical";
  m.center = px(fc.intensity, fc.achieved_flops);
  if (!in_area(m.center, 0)) return;
  m.radius_px = 0.3 * f_;
  m.shape = MarkerShape::diamond;
  m.fill = t_.plot_background;
  m.outline = t_.fc;
  m.outline_width_px = 0.12 * f_;
  m.x_value = fc.intensity;
  m.y_value = fc.achieved_flops;
  if (highlighted("critical")) {
    m.radius_px *= 1.4;
    add_halo("critical", m.center, m.radius_px, t_.fc);
  }
  g_.markers.push_back(m);
}

void RooflineBuilder::add_critical_label(const Trail* trail) {
  const Marker* m = g_.find_marker("critical");
  if (m == nullptr || trail == nullptr || !trail->critical) return;
  const char* symbol = trail->param == SweepParam::batch ? "critical B = " : "critical T = ";
  const std::string text = symbol + format_count(static_cast<double>(trail->critical->value));
  if (auto placed = placer_.place(
          {"critical", text, m->center, m->radius_px, t_.dot_label_em * f_, t_.fc, false},
          t_.leader, 0.07 * f_, 9.5, true, /*may_strike=*/true)) {
    add_label_halo(placed->label, t_, f_);
    g_.texts.push_back(placed->label);
    if (placed->leader) g_.lines.push_back(*placed->leader);
  }
}

void RooflineBuilder::add_speedup(const Analysis* compare) {
  if (compare == nullptr || !v_.chart.show_compare || !v_.show_speedup || !s_.compare_gpu) return;
  if (a_.ops.empty() || compare->ops.empty() || !(compare->totals.time_s > 0)) return;
  const double speedup = a_.totals.time_s / compare->totals.time_s;
  // Expected times under a calibration not fitted for the compare GPU are a guess there: the
  // ratio says so in place of the two times.
  const bool guess = s_.calibration && !fitted_for(*s_.calibration, *s_.compare_gpu);
  std::string line = short_gpu_name(*s_.compare_gpu) + ": " + (guess ? "~" : "");
  if (std::abs(speedup - 1) < 0.005) {
    line += "same step time";
  } else if (speedup > 1) {
    line += format_ratio(speedup) + " faster step";
  } else {
    line += format_ratio(1 / speedup) + " slower step";
  }
  if (guess) {
    line += " (calibration not fitted for it)";
  } else {
    line += " (" + format_time(a_.totals.time_s) + " \u2192 " +
            format_time(compare->totals.time_s) + ")";
  }
  std::vector<TextLabel> candidates;
  const double em = t_.legend_em * 1.35;
  for (double down : {0.6, 2.0, 3.4, 4.8}) {
    candidates.push_back(text("compare:speedup", line, {area_.x1 - 0.6 * f_, area_.y0 + down * f_},
                              em, t_.text, HAlign::right, VAlign::top));
  }
  for (double up : {2.2, 3.6}) {
    candidates.push_back(text("compare:speedup", line, {area_.x1 - 0.6 * f_, area_.y1 - up * f_},
                              em, t_.text, HAlign::right, VAlign::bottom));
  }
  add_fixed(candidates);
}

}  // namespace roofline::detail
