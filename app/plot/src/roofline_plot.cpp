// build_roofline_plot: regions, roofs, trail and dots, and the order everything is built in.

#include <algorithm>
#include <cmath>

#include "axes_frame.h"
#include "clipping.h"
#include "roofline/readouts.h"
#include "roofline/units.h"
#include "roofline_builder.h"

namespace roofline::detail {

bool RooflineBuilder::add_slope_label(const std::string& id, const std::string& s, Vec2 a, Vec2 b,
                                      Rgba colour) {
  const auto visible = clip_segment(px(a.x, a.y), px(b.x, b.y), area_);
  if (!visible) return false;
  const auto [p0, p1] = *visible;
  const double dx = p1.x - p0.x, dy = p1.y - p0.y;
  const double len = std::sqrt(dx * dx + dy * dy);
  if (len < 4 * f_) return false;
  const double angle = std::atan2(dy, dx);
  const Vec2 normal{dy / len, -dx / len};  // points above a rising line
  // Above the line first; below it where everything above is taken (a compare GPU's slope runs
  // just above this GPU's, with its hollow dots on it).
  std::vector<TextLabel> candidates;
  for (double side : {1.0, -1.0}) {
    for (double at : {0.3, 0.45, 0.18, 0.6, 0.75, 0.1, 0.85, 0.38, 0.52, 0.68, 0.24}) {
      const Vec2 on{p0.x + at * dx, p0.y + at * dy};
      const Vec2 anchor{on.x + side * normal.x * 0.3 * f_, on.y + side * normal.y * 0.3 * f_};
      candidates.push_back(text(id, s, anchor, t_.dot_label_em, colour, HAlign::center,
                                side > 0 ? VAlign::bottom : VAlign::top, angle));
    }
  }
  return add_fixed(candidates);
}
// A group dot under another (the step, elementwise and attention dots are drawn before the fc
// dot): where one covers it (at batch 1 the step is the fc dot's time almost exactly; with int4
// weights the attention diamond sits on the fc dot too), it is drawn on top instead as a hollow
// outline of its shape framing the dot over it, each further one a little larger, so that every
// group stays visible.
void RooflineBuilder::frame_covered_group_dots() {
  std::vector<Marker> frames;
  for (size_t i = 0; i < g_.markers.size();) {
    const Marker& under = g_.markers[i];
    double covering = 0;  // the radius of the largest group dot drawn over it
    if (under.id.starts_with("group:")) {
      for (size_t j = i + 1; j < g_.markers.size(); ++j) {
        const Marker& over = g_.markers[j];
        if (!over.id.starts_with("group:")) continue;
        const double d = std::hypot(over.center.x - under.center.x, over.center.y - under.center.y);
        if (d < 0.9 * over.radius_px + 0.5 * under.radius_px)
          covering = std::max(covering, over.radius_px);
      }
    }
    if (covering == 0) {
      ++i;
      continue;
    }
    Marker frame = under;
    frame.radius_px =
        std::max(frame.radius_px, (1.35 + 0.4 * static_cast<double>(frames.size())) * covering);
    if (!(under.outline == t_.text)) frame.outline = under.fill;  // hovered: keeps its dark ring
    frame.fill = under.fill.with_alpha(0);
    frame.outline_width_px = std::max(frame.outline_width_px, 0.14 * f_);
    frames.push_back(frame);
    g_.markers.erase(g_.markers.begin() + static_cast<std::ptrdiff_t>(i));
  }
  // Largest first, so a smaller frame is not hidden under a larger one's outline.
  std::reverse(frames.begin(), frames.end());
  g_.markers.insert(g_.markers.end(), frames.begin(), frames.end());
}

void RooflineBuilder::add_regions() {
  if (roofs_.empty()) return;
  const double ridge = a_.ridge_point, peak = a_.peak_flops, bw = a_.bandwidth;
  // Far outside the view in data space; clipped to the area in pixels.
  const double floor_y = v_.y_min / 10, left_x = std::max(v_.x_min / 10, floor_y / bw);
  const double right_x = std::max(v_.x_max, ridge) * 10;
  const std::vector<Vec2> memory = {px(left_x, left_x * bw), px(ridge, peak), px(ridge, floor_y),
                                    px(left_x, floor_y)};
  const std::vector<Vec2> compute = {px(ridge, peak), px(right_x, peak), px(right_x, floor_y),
                                     px(ridge, floor_y)};
  auto memory_clipped = detail::clip_polygon(memory, area_);
  auto compute_clipped = detail::clip_polygon(compute, area_);
  if (memory_clipped.size() >= 3)
    g_.fills.push_back({"region:memory", std::move(memory_clipped), t_.memory_region});
  if (compute_clipped.size() >= 3)
    g_.fills.push_back({"region:compute", std::move(compute_clipped), t_.compute_region});
}

void RooflineBuilder::add_roofs(const Analysis* compare) {
  const double bw = a_.bandwidth;
  const double roof_w = t_.roof_width_em * f_, other_w = t_.other_roof_width_em * f_;
  // Cache ceilings under everything else: slope until they meet the active compute roof.
  for (const auto& c : detail::collect_caches(s_, v_)) {
    const double meet = a_.peak_flops / c.bandwidth;
    const double left = std::min(std::max(v_.x_min, v_.y_min / c.bandwidth), meet);
    // Up the cache's slope, then along the compute roof to the ridge (where HBM takes over).
    std::vector<Vec2> points = {px(left, left * c.bandwidth), px(meet, a_.peak_flops)};
    if (meet < a_.ridge_point) points.push_back(px(a_.ridge_point, a_.peak_flops));
    g_.lines.push_back(
        {c.id, std::move(points), t_.cache_ceiling, other_w * 1.2, LineDash::dashed, true});
  }
  // Other precisions: their flat roof, plus the slope from the active ridge up to theirs.
  for (const RoofSpec& r : roofs_) {
    if (r.active) continue;
    const double ridge = r.peak_flops / bw;
    const bool hl = highlighted(r.id);
    Polyline line{
        r.id, {}, hl ? t_.roof : t_.roof_other, other_w * (hl ? 2.2 : 1.0), LineDash::solid, true};
    if (r.peak_flops > a_.peak_flops) line.points.push_back(px(a_.ridge_point, a_.peak_flops));
    line.points.push_back(px(ridge, r.peak_flops));
    line.points.push_back(px(std::max(v_.x_max, ridge), r.peak_flops));
    g_.lines.push_back(std::move(line));
  }
  if (compare != nullptr && v_.chart.show_compare && compare->bandwidth > 0 &&
      compare->peak_flops > 0) {
    const double cb = compare->bandwidth, cp = compare->peak_flops, cr = compare->ridge_point;
    const double left = std::min(std::max(v_.x_min, v_.y_min / cb), cr);
    g_.lines.push_back({"compare:roof:" + std::string(to_string(compare->roof_precision)),
                        {px(left, left * cb), px(cr, cp), px(std::max(v_.x_max, cr), cp)},
                        t_.compare_roof,
                        roof_w * (highlighted("compare") ? 1.4 : 0.8),
                        LineDash::dashed,
                        true});
  }
  if (!roofs_.empty()) {
    // The active roof: exactly three vertices, the middle one the exact ridge.
    const double ridge = a_.ridge_point, peak = a_.peak_flops;
    const double left = std::min(std::max(v_.x_min, v_.y_min / bw), ridge);
    const bool ridge_hl = highlighted("ridge");
    g_.lines.push_back({"ridge:guide",
                        {px(ridge, peak), px(ridge, v_.y_min)},
                        t_.ridge.with_alpha(ridge_hl ? 200 : 90),
                        other_w * (ridge_hl ? 1.8 : 1.0),
                        LineDash::dotted,
                        true});
    const bool roof_hl = highlighted("roof") || highlighted(roofs_.front().id);
    g_.lines.push_back({roofs_.front().id,
                        {px(left, left * bw), px(ridge, peak), px(std::max(v_.x_max, ridge), peak)},
                        t_.roof,
                        roof_w * (roof_hl ? 1.9 : 1.0),
                        LineDash::solid,
                        true});
  }
}

void RooflineBuilder::add_trail(const Trail& trail) {
  trail_ids_ = detail::trail_groups(trail, v_, a_.attention_types.empty());
  const bool hl = highlighted("trail");
  for (const std::string& id : trail_ids_) {
    const Rgba colour = series_color(t_, id).with_alpha(hl ? 150 : 80);
    Polyline line{"trail:" + id,   {},  colour, t_.trail_width_em * f_ * (hl ? 1.6 : 1.0),
                  LineDash::solid, true};
    for (const SweepPoint& p : trail.points) {
      const GroupCost& c = detail::sweep_group(p, id);
      if (!std::isfinite(c.intensity) || !(c.intensity > 0) || !(c.achieved_flops > 0)) continue;
      const Vec2 at = px(c.intensity, c.achieved_flops);
      line.points.push_back(at);
      // Small ticks at powers of ten of the swept value and at both ends, so the trail reads
      // as a scale and its end labels have something to point at.
      const double l = std::log10(static_cast<double>(p.value));
      const bool end = &p == &trail.points.front() || &p == &trail.points.back();
      if ((end || std::abs(l - std::round(l)) < 1e-9) && in_area(at, 0)) {
        Marker tick;
        tick.id = "trail:" + id + ":" + std::to_string(p.value);
        tick.center = at;
        // On top of the roof: ringed in the plot's background so they read on the black line.
        tick.radius_px = 0.24 * f_;
        tick.fill = colour.with_alpha(230);
        tick.outline = t_.plot_background;
        tick.outline_width_px = 0.06 * f_;
        tick.x_value = c.intensity;
        tick.y_value = c.achieved_flops;
        tick.interactive = false;
        g_.markers.push_back(tick);
      }
    }
    if (line.points.size() >= 2) g_.lines.push_back(std::move(line));
  }
}

void RooflineBuilder::add_dots(const Analysis* compare) {
  const double slack = 0.5 * f_;
  if (compare != nullptr && v_.chart.show_compare) {
    PlotView groups_only = v_;
    groups_only.chart.show_ops = false;
    for (const DotSpec& d : detail::collect_dots(*compare, groups_only)) {
      Marker m;
      m.id = "compare:" + d.id;
      m.center = px(d.intensity, d.flops_per_s);
      if (!in_area(m.center, slack)) continue;
      // Hollow, in the group's own shape: the H200's attention is a hollow diamond.
      m.radius_px = t_.group_radius_em * f_;
      m.shape = d.shape;
      m.outline = series_color(t_, d.id, d.kind);
      m.fill = m.outline.with_alpha(0);
      m.outline_width_px = 0.13 * f_;
      m.x_value = d.intensity;
      m.y_value = d.flops_per_s;
      if (highlighted("compare")) add_halo(m.id, m.center, m.radius_px, m.outline);
      g_.markers.push_back(m);
    }
  }
  add_measured_markers();  // under the model's dots
  // Ops first so the group dots sit on top of them; among groups the fc dot (the one users
  // drag) last, on top, then attention: the step and elementwise dots go under them.
  auto all = detail::collect_dots(a_, v_);
  if (!v_.chart.show_ops) {  // a highlighted op is drawn even when ops are hidden
    PlotView with_ops = v_;
    with_ops.chart.show_ops = true;
    for (DotSpec& d : detail::collect_dots(a_, with_ops))
      if (!d.group && highlighted(d.id)) all.push_back(std::move(d));
  }
  add_ghosts(all);
  const bool dim = dims_dots();
  auto rank = [](const DotSpec& d) {
    if (!d.group) return 0;
    if (d.id == "group:step") return 1;
    if (d.id == "group:elementwise") return 2;
    if (d.id.starts_with("group:attention")) return 3;
    return 4;
  };
  std::stable_sort(all.begin(), all.end(),
                   [&](const DotSpec& x, const DotSpec& y) { return rank(x) < rank(y); });
  // Under a calibration each group dot is its expected time; a ring marks its roofline bound
  // above it, joined by a dashed line: the drop is the kernel latency and the practical roof.
  if (a_.calibrated && v_.chart.show_bounds) {
    for (const DotSpec& d : all) {
      if (!d.group || !(d.bound_flops_per_s > d.flops_per_s * 1.0001)) continue;
      const Vec2 at = px(d.intensity, d.bound_flops_per_s), to = px(d.intensity, d.flops_per_s);
      if (!in_area(at, slack)) continue;
      const Rgba colour = series_color(t_, d.id, d.kind);
      const double r = t_.group_radius_em * f_;
      if (to.y - at.y > 2 * r) {
        Polyline link;
        link.id = "bound:link:" + d.id;
        link.points = {{at.x, at.y + 0.8 * r}, {to.x, to.y - r}};
        link.color = colour.with_alpha(dim ? 60 : 150);
        link.width_px = 0.09 * f_;
        link.dash = LineDash::dashed;
        g_.lines.push_back(std::move(link));
      }
      Marker b;
      b.id = "bound:" + d.id;
      b.center = at;
      b.radius_px = 0.8 * r;
      b.shape = MarkerShape::ring;
      b.outline = colour.with_alpha(dim ? 70 : 170);
      b.fill = colour.with_alpha(0);
      b.outline_width_px = 0.1 * f_;
      b.x_value = d.intensity;
      b.y_value = d.bound_flops_per_s;
      b.interactive = false;
      g_.markers.push_back(b);
    }
  }
  add_interval_bars(all, dim);
  for (const DotSpec& d : all) {
    Marker m;
    m.id = d.id;
    m.center = px(d.intensity, d.flops_per_s);
    if (!in_area(m.center, slack)) continue;
    m.radius_px = (d.group ? t_.group_radius_em : t_.op_radius_em) * f_;
    m.shape = d.shape;
    m.fill = series_color(t_, d.id, d.kind);
    if (!d.group) m.fill = m.fill.with_alpha(190);
    m.outline = t_.marker_outline;
    m.outline_width_px = (d.group ? 0.1 : 0.07) * f_;
    if (d.id == v_.hovered_id || d.id == v_.selected_id) {
      m.radius_px *= 1.3;
      m.outline = t_.text;
      m.outline_width_px = 0.12 * f_;
    }
    m.x_value = d.intensity;
    m.y_value = d.flops_per_s;
    const bool hl = highlighted(d.id);
    if (hl) {
      add_halo(d.id, m.center, m.radius_px, series_color(t_, d.id, d.kind));
      m.outline = t_.text;
    } else if (dim && !(d.id == "group:fc" && highlighted("trail"))) {
      m.fill = m.fill.with_alpha(static_cast<uint8_t>(m.fill.a * 0.3));
      m.outline = m.outline.with_alpha(90);
    }
    g_.markers.push_back(m);
    dots_.push_back(d);
  }
  frame_covered_group_dots();
  add_critical_marker(trail_);
  if (!roofs_.empty()) {
    Marker ridge;
    ridge.id = "ridge";
    ridge.center = px(a_.ridge_point, a_.peak_flops);
    ridge.radius_px = 0.24 * f_;
    ridge.fill = t_.ridge;
    ridge.outline = t_.plot_background;
    ridge.outline_width_px = 0.08 * f_;
    ridge.x_value = a_.ridge_point;
    ridge.y_value = a_.peak_flops;
    if (highlighted("ridge")) {
      ridge.radius_px *= 1.7;
      if (in_area(ridge.center, 0)) add_halo("ridge", ridge.center, ridge.radius_px, t_.ridge);
    }
    if (in_area(ridge.center, 0)) g_.markers.push_back(ridge);
  }
  for (const Marker& m : g_.markers) {
    if (m.interactive) {
      placer_.add_dot(m.center, m.radius_px);
    } else {  // trail ticks: tiny, so only their own box
      const double r = m.radius_px;
      placer_.add_obstacle({m.center.x - r, m.center.y - r, m.center.x + r, m.center.y + r});
    }
  }
}
PlotGeometry RooflineBuilder::build(const Trail* trail, const Analysis* compare) {
  g_ = detail::start_geometry(v_.canvas_px, area_, v_.transparent, t_);
  trail_ = trail;
  roofs_ = detail::collect_roofs(a_, s_, v_);

  detail::FrameSpec frame{
      xa_, ya_, "Arithmetic intensity (FLOP/byte)", "Performance (FLOP/s)", "", "", "FLOP/s"};
  if (v_.show_title) frame.title = v_.title.empty() ? default_title(s_) : v_.title;
  frame.title_reserve_px = v_.title_reserve_px;
  if (v_.show_caption) {
    frame.caption = caption_line(s_, a_);
    if (v_.measured && v_.chart.show_measured && v_.measured->comparison.has_time) {
      frame.caption += " · " + comparison_summary(v_.measured->comparison);
    }
  }
  add_regions();
  detail::add_frame(g_, frame, t_, measure_, f_);
  if (trail != nullptr) add_trail(*trail);  // under the roofs: the fc trail runs along them
  add_roofs(compare);
  add_measured_roofs();
  add_dots(compare);
  add_legend(trail, compare);
  add_slope_labels(compare);  // along their lines, so before the lines are reserved
  add_measured_labels(/*slopes=*/true);
  reserve_lines();
  add_speedup(compare);  // before the roof labels: it is the point of a comparison
  add_roof_labels(compare);
  add_ridge_label();
  add_dot_labels(trail);
  add_slope_fallbacks();
  add_measured_labels(/*slopes=*/false);
  add_region_labels();
  return std::move(g_);
}
void RooflineBuilder::add_interval_bars(const std::vector<DotSpec>& dots, bool dim) {
  if (!a_.calibrated || !s_.calibration || !v_.chart.show_intervals) return;
  for (const DotSpec& d : dots) {
    if (!d.group || !(d.flops_per_s > 0)) continue;
    const CalibrationError* e =
        interval_of(&*s_.calibration, group_time_kind(d.id == "group:step", s_.phase));
    if (!e) continue;
    // FLOP/s is FLOPs over time: the fast end of the times is the bar's top.
    const Vec2 top = px(d.intensity, d.flops_per_s / e->interval_low);
    const Vec2 bottom = px(d.intensity, d.flops_per_s / e->interval_high);
    if (!in_area(top, 0) && !in_area(bottom, 0)) continue;
    const Rgba colour = series_color(t_, d.id, d.kind).with_alpha(dim ? 70 : 200);
    const double cap = 0.35 * t_.group_radius_em * f_;
    const double width = 0.1 * f_;
    g_.lines.push_back({"interval:" + d.id, {top, bottom}, colour, width, LineDash::solid, true});
    for (const Vec2& end : {top, bottom})
      g_.lines.push_back(
          {"", {{end.x - cap, end.y}, {end.x + cap, end.y}}, colour, width, LineDash::solid, true});
  }
}

}  // namespace roofline::detail

namespace roofline {

PlotGeometry build_roofline_plot(const Analysis& a, const Scenario& s, const PlotView& view,
                                 const Theme& theme, const TextMeasure& measure, const Trail* trail,
                                 const Analysis* compare) {
  return detail::RooflineBuilder(a, s, view, theme, measure).build(trail, compare);
}

}  // namespace roofline
