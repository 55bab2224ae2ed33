// The roofline chart's legend and labels: along the slopes, over the flat roofs, the ridge,
// the dots (through the label placer) and the two regions.

#include <algorithm>
#include <cmath>

#include "clipping.h"
#include "legend_layout.h"
#include "roofline/units.h"
#include "roofline_builder.h"

namespace roofline::detail {

namespace {
constexpr double kCrowdedLegendShare = 0.15;  // of the plot area
}  // namespace

void RooflineBuilder::add_legend(const Trail* trail, const Analysis* compare) {
  // No dots (no roof for the precision, an invalid scenario): nothing for a legend to name.
  if (!v_.show_legend || a_.ops.empty()) return;
  std::vector<LegendEntry> entries;
  auto add = [&](std::string id, std::string label, bool visible, bool available) {
    if (!available || (!visible && !v_.legend_lists_hidden)) return (LegendEntry*)nullptr;
    LegendEntry e;
    e.series_id = std::move(id);
    e.label = std::move(label);
    e.visible = visible;
    e.outline = t_.marker_outline;
    entries.push_back(std::move(e));
    return &entries.back();
  };
  auto line = [&](LegendEntry* e, Rgba colour, LineDash dash, double width) {
    if (e == nullptr) return;
    e->is_line = true;
    e->color = colour;
    e->dash = dash;
    e->line_width_px = width;
  };
  auto marker = [&](LegendEntry* e, Rgba colour, MarkerShape shape, double radius) {
    if (e == nullptr) return;
    e->color = colour;
    e->shape = shape;
    e->swatch_size_px = radius;
  };
  const std::string precision{to_string(a_.roof_precision)};
  const bool has_other = roofs_.size() > 1 || (!v_.chart.show_other_roofs && [&] {
                           int n = 0;
                           for (Precision p : kAllPrecisions) n += s_.gpu.peak(p) ? 1 : 0;
                           return n > 1;
                         }());
  line(add("roof", precision + " roof", true, !roofs_.empty()), t_.roof, LineDash::solid,
       t_.roof_width_em * f_);
  line(add("roofs:other", "other precisions", v_.chart.show_other_roofs, has_other), t_.roof_other,
       LineDash::solid, t_.other_roof_width_em * f_ * 1.5);
  line(add("caches", "cache ceilings", v_.chart.show_caches, !s_.gpu.caches.empty()),
       t_.cache_ceiling, LineDash::dashed, t_.other_roof_width_em * f_ * 1.5);
  if (compare != nullptr) {
    line(add("compare", compare_name() + " (compare): dashed, hollow dots", v_.chart.show_compare,
             true),
         t_.compare_roof, LineDash::dashed, t_.roof_width_em * f_ * 0.8);
  }
  const double r = t_.group_radius_em * f_ * 0.9;
  marker(add("group:fc", "fc (matmuls)", v_.chart.show_fc, true), t_.fc, MarkerShape::circle, r);
  marker(add("group:attention", "attention", v_.chart.show_attention, true), t_.attention,
         MarkerShape::diamond, r);
  marker(add("group:elementwise", "elementwise", v_.chart.show_elementwise, true), t_.elementwise,
         MarkerShape::triangle, r);
  marker(add("group:step", "whole step", v_.chart.show_step, true), t_.step, MarkerShape::square,
         r);
  marker(add("ops", "operators", v_.chart.show_ops, true), t_.text_muted, MarkerShape::circle,
         t_.op_radius_em * f_);
  if (a_.calibrated) {
    marker(add("bounds", "roofline bound", v_.chart.show_bounds, true), t_.text_muted,
           MarkerShape::ring, r * 0.8);
    // Bars on the kernel groups (op times), or on the whole step alone (MI300X: end to end).
    if (s_.calibration && (interval_of(&*s_.calibration, Expected::op_time) ||
                           interval_of(&*s_.calibration, group_time_kind(true, s_.phase))))
      line(add("intervals", "80 % interval (bars)", v_.chart.show_intervals, true), t_.text_muted,
           LineDash::solid, 0.1 * f_);
  }
  if (trail != nullptr && trail->points.size() >= 2) {
    const bool batch = trail->param == SweepParam::batch;
    const std::string label = std::string("trail: ") + (batch ? "batch " : "prompt ") +
                              format_count(static_cast<double>(trail->points.front().value)) +
                              " \u2192 " +
                              format_count(static_cast<double>(trail->points.back().value));
    // Drawn as the trail is: a translucent band (with the ticks on it).
    line(add("trail", label, v_.chart.show_trail, true), t_.trail.with_alpha(110), LineDash::solid,
         t_.trail_width_em * f_);
  }
  const bool ghost_drawn = std::any_of(g_.markers.begin(), g_.markers.end(),
                                       [](const Marker& m) { return m.id.starts_with("ghost:"); });
  if (ghost_drawn) {
    LegendEntry* e =
        add("ghosts", v_.ghosts_caption.empty() ? "pinned dots" : "pinned: " + v_.ghosts_caption,
            true, true);
    marker(e, t_.text_muted.with_alpha(90), MarkerShape::circle, r);
  }
  if (v_.measured && v_.measured->profile) {
    const Profile& p = *v_.measured->profile;
    if (p.has_kernels()) {
      marker(add("measured", "measured: " + v_.measured->source, v_.chart.show_measured, true),
             t_.text_muted, MarkerShape::hexagon, t_.op_radius_em * f_ * 1.25);
    } else if (!p.roofs.empty()) {
      line(add("measured", "measured roofs: " + v_.measured->source, v_.chart.show_measured, true),
           t_.measured, LineDash::dashed, t_.other_roof_width_em * f_ * 1.6);
    }
  }
  const Vec2 top_left{area_.x0 + 0.6 * f_, area_.y0 + 0.6 * f_};
  detail::layout_legend(g_.legend, entries, top_left, t_, measure_, f_);
  // A legend that would cover over 15% of a small figure (a paper column, a 1024x640 window)
  // keys only the lines: each group dot is named by its own label there. The window's legend
  // keeps the rows of hidden groups (clicking a row is how a series comes back; a hidden dot has
  // no label to name it).
  const double area = area_.width() * area_.height();
  const double legend_area = g_.legend.box.width() * g_.legend.box.height();
  if (g_.legend.shown && v_.show_labels && legend_area > kCrowdedLegendShare * area) {
    std::erase_if(entries, [](const LegendEntry& e) {
      return e.series_id.starts_with("group:") && e.visible;
    });
    detail::layout_legend(g_.legend, entries, top_left, t_, measure_, f_);
    // Still crowded in a figure (a paper column): no legend at all. Its roofs, ceilings and
    // trail carry their own labels, which need the room more; the window keeps it (its rows
    // toggle the series).
    const double lines_area = g_.legend.box.width() * g_.legend.box.height();
    // (legend_lists_hidden is set for the window only: it tells a figure from the window.)
    if (!v_.legend_lists_hidden && lines_area > kCrowdedLegendShare * area) {
      g_.legend = {};
      return;
    }
  }
  if (g_.legend.shown && (g_.legend.box.y1 > area_.y1 || g_.legend.box.x1 > area_.x1)) {
    g_.legend = {};  // a canvas too small for it: leave it out rather than cover the chart
    return;
  }
  if (!g_.legend.shown) return;
  const auto [place, corner, covers_a_dot] =
      legend_corner(g_.legend.box.width(), g_.legend.box.height());
  if (covers_a_dot) {
    // Every corner would hide a group dot (a small window): under "best" the legend gives way
    // to the dots (View > Legend position pins it anyway; the View menu toggles every series).
    g_.legend = {};
    return;
  }
  if (corner.x != top_left.x || corner.y != top_left.y)
    detail::layout_legend(g_.legend, std::move(entries), corner, t_, measure_, f_);
  g_.legend.place = place;
  placer_.add_obstacle(g_.legend.box.expanded(0.2 * f_));
}

// The corner for a legend box of w × h, and its top-left point: the view's corner, or for
// "best" the corner whose box covers least (covered_cost: each group dot 100, any other dot 10,
// each em of a roof, ceiling or trail line 1; labels are placed after it). Last frame's corner is
// kept while it covers no group dot (the legend does not hop as the user zooms or drags); ties go
// in the order upper left, upper right, lower right, lower left (upper left first: it is where the
// eye looks for a key). covers_a_dot: even the best corner hides a group dot.
RooflineBuilder::LegendCorner RooflineBuilder::legend_corner(double w, double h) const {
  const double m = 0.6 * f_;
  auto corner_of = [&](LegendPlace p) -> Vec2 {
    switch (p) {
      case LegendPlace::upper_right:
        return {area_.x1 - m - w, area_.y0 + m};
      case LegendPlace::lower_left:
        return {area_.x0 + m, area_.y1 - m - h};
      case LegendPlace::lower_right:
        return {area_.x1 - m - w, area_.y1 - m - h};
      case LegendPlace::upper_left:
      case LegendPlace::best:
        break;
    }
    return {area_.x0 + m, area_.y0 + m};
  };
  if (v_.chart.legend != LegendPlace::best)
    return {v_.chart.legend, corner_of(v_.chart.legend), false};
  auto cost = [&](Vec2 corner) {
    const Rect box = Rect{corner.x, corner.y, corner.x + w, corner.y + h}.expanded(0.2 * f_);
    return covered_cost(g_, box, f_, /*count_legend=*/false);  // not the legend itself
  };
  if (v_.legend_last != LegendPlace::best && cost(corner_of(v_.legend_last)) < 100)
    return {v_.legend_last, corner_of(v_.legend_last), false};
  LegendPlace best = LegendPlace::upper_left;
  double best_cost = cost(corner_of(best));
  for (LegendPlace p :
       {LegendPlace::upper_right, LegendPlace::lower_right, LegendPlace::lower_left}) {
    if (best_cost == 0) break;
    const double c = cost(corner_of(p));
    if (c < best_cost) best = p, best_cost = c;
  }
  return {best, corner_of(best), best_cost >= 100};
}

void RooflineBuilder::reserve_lines() {
  // Labels keep off the roofs and ceilings, so no text hides the lines the chart is about.
  for (const Polyline& l : g_.lines) {
    const bool roof_like = l.id.starts_with("roof:") || l.id.starts_with("cache:") ||
                           l.id.starts_with("measured:roof:") ||
                           l.id.starts_with("compare:roof:") || l.id == "ridge:guide";
    if (!roof_like) continue;
    // Another precision's roof is minor: the active roof's label may cross it when nothing
    // else is free (add_flat_label).
    const bool minor = std::any_of(roofs_.begin(), roofs_.end(),
                                   [&](const RoofSpec& r) { return !r.active && r.id == l.id; });
    for (size_t i = 1; i < l.points.size(); ++i)
      placer_.add_segment(l.points[i - 1], l.points[i], l.width_px / 2 + 0.05 * f_, minor);
  }
}

void RooflineBuilder::add_ridge_label() {
  if (roofs_.empty()) return;
  {
    detail::LabelRequest ridge{"ridge",
                               "ridge " + format_intensity(a_.ridge_point),
                               px(a_.ridge_point, a_.peak_flops),
                               0.24 * f_,
                               t_.dot_label_em * f_,
                               t_.ridge,
                               false};
    if (in_area(ridge.dot, 0)) {
      if (auto placed = placer_.place(ridge, t_.leader, 0.07 * f_, 9.5, true, true)) {
        add_label_halo(placed->label, t_, f_);
        g_.texts.push_back(placed->label);
        if (placed->leader) g_.lines.push_back(*placed->leader);
      }
    }
  }
}

void RooflineBuilder::add_slope_labels(const Analysis* compare) {
  if (roofs_.empty()) return;
  const double bw = a_.bandwidth, top = a_.peak_flops;
  // A slope with no room along it (a small figure, where a rotated label's box meets the trail
  // or the dots; a compare GPU's slope just above this one's) is named later, once the lines
  // are reserved, by a level label close to a point of it, with a short leader
  // (add_slope_fallbacks).
  auto slope = [&](const std::string& id, const std::string& name, double bandwidth, double peak,
                   Rgba colour, std::string fallback_text, std::optional<Vec2> fallback_at) {
    const Vec2 a{v_.x_min, v_.x_min * bandwidth}, b{peak / bandwidth, peak};
    if (add_slope_label(id, name, a, b, colour)) return;
    SlopeFallback fallback{
        {id, std::move(fallback_text), {}, 0.24 * f_, t_.dot_label_em * f_, colour, false}, {}};
    if (fallback_at) {
      fallback.anchors.push_back(*fallback_at);
    } else if (const auto visible = clip_segment(px(a.x, a.y), px(b.x, b.y), area_)) {
      const auto [p0, p1] = *visible;
      for (double at : {0.3, 0.5, 0.15, 0.7, 0.85})
        fallback.anchors.push_back({p0.x + at * (p1.x - p0.x), p0.y + at * (p1.y - p0.y)});
    }
    std::erase_if(fallback.anchors, [&](Vec2 p) { return !in_area(p, 0); });
    if (!fallback.anchors.empty()) slope_fallbacks_.push_back(std::move(fallback));
  };
  const std::string memory = "memory " + format_bandwidth(bw);
  slope("roof:memory", memory, bw, top, t_.roof, memory, std::nullopt);
  for (const auto& c : detail::collect_caches(s_, v_)) {
    const std::string name = c.name + " " + format_bandwidth(c.bandwidth);
    slope(c.id, name, c.bandwidth, top, t_.cache_ceiling, name, std::nullopt);
  }
  if (compare != nullptr && v_.chart.show_compare && compare->bandwidth > 0) {
    const double cb = compare->bandwidth, cp = compare->peak_flops;
    const std::string name = compare_name() + " " + format_bandwidth(cb);
    // Its fallback points at the compare roof's ridge, and names it.
    slope("compare:roof:memory", name, cb, cp, t_.compare_roof,
          name + " \u00b7 ridge " + format_intensity(compare->ridge_point),
          px(compare->ridge_point, cp));
  }
}

void RooflineBuilder::add_slope_fallbacks() {
  for (SlopeFallback& f : slope_fallbacks_) {
    for (Vec2 anchor : f.anchors) {
      f.request.dot = anchor;
      // Close to the line or not at all: a leader across the chart would say less than none.
      if (auto placed = placer_.place(f.request, f.request.color, 0.07 * f_, 3.4,
                                      /*may_cross=*/false)) {
        add_label_halo(placed->label, t_, f_);
        placed->label.id = f.request.owner_id;
        g_.texts.push_back(placed->label);
        if (placed->leader) g_.lines.push_back(*placed->leader);
        break;
      }
    }
  }
}

void RooflineBuilder::add_flat_label(const std::string& id, const std::string& label, double peak,
                                     Rgba colour) {
  const double y = ya_.to_px(peak);
  if (y < area_.y0 || y > area_.y1) return;
  const double start = xa_.to_px(peak / a_.bandwidth) + 0.6 * f_;  // right of its ridge
  const double end = area_.x1 - 0.4 * f_;
  std::vector<TextLabel> candidates;
  for (bool above : {true, false}) {
    for (double at : {1.0, 0.75, 0.5, 0.25, 0.0}) {
      const double x = start + at * (end - start);
      TextLabel l = text(id, label, {x, above ? y - 0.35 * f_ : y + 0.4 * f_}, t_.dot_label_em,
                         colour, HAlign::right, above ? VAlign::bottom : VAlign::top);
      // Above the line a label may reach left past its own ridge; below it, it stays over the
      // flat part. Lines are reserved by now, so neither crosses another roof.
      const double min_x0 = above ? area_.x0 + f_ : start - 0.6 * f_;
      if (l.box.x0 >= min_x0) candidates.push_back(std::move(l));
    }
  }
  // Places clear of the trails first: a trail runs up to and along the roofs, and a roof's
  // label struck through by it reads badly (issue 28). The trails are not reserved lines (dot
  // labels sit beside them), so a label still goes on one where there is no other place.
  std::stable_partition(candidates.begin(), candidates.end(),
                        [&](const TextLabel& l) { return !crosses_trail(l.box); });
  if (add_fixed(candidates)) return;
  // The roof the step runs on keeps its label where the other precisions' roofs lie too close
  // (a small figure: fp8 just above, tf32 just below): it may cross their thin lines (its halo
  // keeps it legible), never its own or a ceiling. Their labels then find room around it.
  if (std::any_of(roofs_.begin(), roofs_.end(),
                  [&](const RoofSpec& r) { return r.active && r.id == id; })) {
    add_fixed(candidates, /*allow_minor=*/true);
  }
}

bool RooflineBuilder::crosses_trail(const Rect& box) const {
  for (const Polyline& l : g_.lines) {
    if (!l.id.starts_with("trail:")) continue;
    const Rect wide = box.expanded(l.width_px / 2);
    for (size_t i = 1; i < l.points.size(); ++i) {
      if (detail::segment_span_in_rect(l.points[i - 1], l.points[i], wide)) return true;
    }
  }
  return false;
}

void RooflineBuilder::add_roof_labels(const Analysis* compare) {
  // The roof the step runs on first: where room is short, it keeps its label.
  for (bool active : {true, false}) {
    for (const RoofSpec& r : roofs_) {
      if (r.active != active) continue;
      add_flat_label(r.id, r.names + ": " + format_flop_rate(r.peak_flops), r.peak_flops,
                     r.active ? t_.roof : t_.text_muted);
    }
  }
  if (compare != nullptr && v_.chart.show_compare && compare->bandwidth > 0 &&
      std::abs(compare->peak_flops / a_.peak_flops - 1) > 1e-6) {
    add_flat_label("compare:roof",
                   compare_name() + " " + std::string(to_string(compare->roof_precision)) + ": " +
                       format_flop_rate(compare->peak_flops),
                   compare->peak_flops, t_.compare_roof);
  }
}

void RooflineBuilder::add_dot_labels(const Trail* trail) {
  if (!v_.show_labels) return;
  const double leader_w = 0.07 * f_;
  // Group dots keep their labels whatever it takes; the others (ops, ghosts, trail ends) are
  // left out rather than have their leaders cross.
  auto place = [&](const detail::LabelRequest& request, double max_ring_em = 9.5,
                   bool may_cross = false) {
    // A label that may cross (a group dot's) may, as its very last resort, cross a label.
    if (auto placed =
            placer_.place(request, t_.leader, leader_w, max_ring_em, may_cross, may_cross)) {
      add_label_halo(placed->label, t_, f_);
      g_.texts.push_back(placed->label);
      if (placed->leader) g_.lines.push_back(*placed->leader);
    }
  };
  for (const DotSpec& d : dots_) {
    if (!d.group) continue;
    std::string label = d.label;
    if (v_.label_percent_of_peak && a_.peak_flops > 0)
      label += " \u00b7 " + format_percent(d.flops_per_s / a_.peak_flops) + " of peak";
    place({d.id, label, px(d.intensity, d.flops_per_s), t_.group_radius_em * f_,
           t_.dot_label_em * f_, series_color(t_, d.id, d.kind), false},
          9.5, /*may_cross=*/true);
  }
  add_critical_label(trail);
  // The ghosts say what they were: "batch 1" beside the fc ghost (else the first one drawn).
  const Marker* ghost = g_.find_marker("ghost:group:fc");
  for (const Marker& m : g_.markers) {
    if (ghost == nullptr && m.id.starts_with("ghost:")) ghost = &m;
  }
  if (ghost != nullptr && !v_.ghosts_caption.empty()) {
    place({ghost->id, v_.ghosts_caption, ghost->center, ghost->radius_px,
           t_.dot_label_em * 0.92 * f_, t_.text_muted, false});
  }
  // Ops that sit on top of each other share one label ("q_proj, k_proj, v_proj +4").
  struct Cluster {
    Vec2 at;
    std::string id;
    std::vector<std::string> names;
  };
  std::vector<Cluster> clusters;
  const double near = 0.5 * f_;
  for (const DotSpec& d : dots_) {
    if (d.group) continue;
    const Vec2 at = px(d.intensity, d.flops_per_s);
    auto it = std::find_if(clusters.begin(), clusters.end(), [&](const Cluster& c) {
      return std::hypot(c.at.x - at.x, c.at.y - at.y) < near;
    });
    if (it == clusters.end())
      clusters.push_back({at, d.id, {d.label}});
    else
      it->names.push_back(d.label);
  }
  for (const Cluster& c : clusters) {
    // A lone op that is its group (flash attention: the "attention" op is the attention
    // group) already has the group's label.
    const bool duplicate =
        c.names.size() == 1 && std::any_of(dots_.begin(), dots_.end(), [&](const DotSpec& d) {
          const Vec2 at = px(d.intensity, d.flops_per_s);
          return d.group && d.label == c.names.front() &&
                 std::hypot(at.x - c.at.x, at.y - c.at.y) < near;
        });
    if (duplicate) continue;
    std::string label;
    const size_t shown = c.names.size() <= 3 ? c.names.size() : 2;
    for (size_t i = 0; i < shown; ++i) label += (i ? ", " : "") + c.names[i];
    if (shown < c.names.size()) label += " +" + std::to_string(c.names.size() - shown);
    place({c.id, label, c.at, t_.op_radius_em * f_, t_.dot_label_em * 0.92 * f_, t_.text_muted,
           false});
  }
  // The fc trail's two ends, so its scale reads without the legend.
  if (trail != nullptr &&
      std::find(trail_ids_.begin(), trail_ids_.end(), "group:fc") != trail_ids_.end()) {
    const char* symbol = trail->param == SweepParam::batch ? "B = " : "T = ";
    // In prefill three trails (fc, attention, step) run side by side along the roof and end at
    // the same T, each at its own place: the label on the fc trail's end says it holds for all.
    // (In decode the step's trail is short and apart: the label is plainly the fc trail's.)
    const bool attention_trail =
        std::find(trail_ids_.begin(), trail_ids_.end(), "group:attention") != trail_ids_.end();
    const char* all = attention_trail && trail_ids_.size() > 1 ? " (all trails)" : "";
    for (const SweepPoint* p : {&trail->points.front(), &trail->points.back()}) {
      if (p->value == trail->current) continue;  // the dot itself is there
      const Vec2 at = px(p->fc.intensity, p->fc.achieved_flops);
      if (!in_area(at, 0)) continue;
      // Near its end or not at all (the legend's trail row gives the range too).
      place({"trail:group:fc:" + std::to_string(p->value),
             symbol + format_count(static_cast<double>(p->value)) + all, at, 0.17 * f_,
             t_.dot_label_em * 0.85 * f_, t_.text_muted, false},
            4.6);
    }
  }
}

void RooflineBuilder::add_region_labels() {
  if (roofs_.empty()) return;
  // Either side of the ridge's guide line, at the bottom: "memory-bound | compute-bound".
  const double ridge_x = xa_.to_px(a_.ridge_point);
  const Rgba colour = t_.text_muted.with_alpha(210);
  for (double lift : {0.4, 1.6, 2.8}) {
    TextLabel l = text("region:memory", "memory-bound", {ridge_x - 0.5 * f_, area_.y1 - lift * f_},
                       t_.dot_label_em, colour, HAlign::right, VAlign::bottom);
    if (l.box.x0 > area_.x0 && add_fixed({l})) break;
  }
  for (double lift : {0.4, 1.6, 2.8}) {
    TextLabel l =
        text("region:compute", "compute-bound", {ridge_x + 0.5 * f_, area_.y1 - lift * f_},
             t_.dot_label_em, colour, HAlign::left, VAlign::bottom);
    if (l.box.x1 < area_.x1 && add_fixed({l})) break;
  }
}
}  // namespace roofline::detail
