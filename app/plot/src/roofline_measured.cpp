// An imported profile on the roofline chart (measured_layer.h): the measured roofs, each
// kernel's marker joined to the model's dot of its kind, their legend row and labels.

#include <algorithm>
#include <cmath>

#include "roofline/units.h"
#include "roofline_builder.h"

namespace roofline::detail {

namespace {

std::string_view group_of(OpClass c) {
  switch (kind_of(c)) {
    case OpKind::fc:
      return "group:fc";
    case OpKind::attention:
      return "group:attention";
    case OpKind::elementwise:
      break;
  }
  return "group:elementwise";
}

}  // namespace

std::vector<MeasuredRoofSpan> measured_roof_spans(const MeasuredLayer& m, const Analysis& a) {
  const Profile& p = *m.profile;
  double top_compute = 0, main_bw = 0, top_bw = 0;
  for (const MeasuredRoof& r : p.roofs) {
    if (r.kind == MeasuredRoof::Kind::compute) top_compute = std::max(top_compute, r.value);
    if (r.kind == MeasuredRoof::Kind::bandwidth) {
      top_bw = std::max(top_bw, r.value);
      if (r.main_memory && main_bw == 0) main_bw = r.value;
    }
  }
  const double ceiling = top_compute > 0 ? top_compute : a.peak_flops;
  const double slope = main_bw > 0 ? main_bw : (top_bw > 0 ? top_bw : a.bandwidth);
  std::vector<MeasuredRoofSpan> out;
  for (size_t i = 0; i < p.roofs.size(); ++i) {
    const MeasuredRoof& r = p.roofs[i];
    MeasuredRoofSpan s;
    s.index = i;
    s.roof = &r;
    if (r.kind == MeasuredRoof::Kind::bandwidth) {
      s.ends_at = ceiling > 0 ? ceiling / r.value : 0;  // meets the highest compute roof
    } else {
      s.ends_at = slope > 0 ? r.value / slope : 0;  // starts where main memory reaches it
    }
    if (s.ends_at > 0 && std::isfinite(s.ends_at)) out.push_back(s);
  }
  return out;
}

void RooflineBuilder::add_measured_roofs() {
  if (!v_.measured || !v_.measured->profile || !v_.chart.show_measured) return;
  const double w = t_.other_roof_width_em * f_;
  for (const MeasuredRoofSpan& s : measured_roof_spans(*v_.measured, a_)) {
    // Main memory and compute roofs as strong as the model's other roofs; caches lighter.
    const bool main = s.roof->kind == MeasuredRoof::Kind::compute || s.roof->main_memory;
    Polyline line{"measured:roof:" + std::to_string(s.index),
                  {},
                  t_.measured.with_alpha(main ? 230 : 150),
                  w * (main ? 1.6 : 1.1),
                  LineDash::dashed,
                  true};
    if (s.roof->kind == MeasuredRoof::Kind::bandwidth) {
      const double left =
          std::min(std::max(v_.x_min / 10, v_.y_min / 10 / s.roof->value), s.ends_at);
      line.points = {px(left, left * s.roof->value), px(s.ends_at, s.ends_at * s.roof->value)};
    } else {
      line.points = {px(s.ends_at, s.roof->value),
                     px(std::max(v_.x_max, s.ends_at) * 10, s.roof->value)};
    }
    g_.lines.push_back(std::move(line));
  }
}

void RooflineBuilder::add_measured_markers() {
  if (!v_.measured || !v_.measured->profile || !v_.chart.show_measured) return;
  const MeasuredLayer& m = *v_.measured;
  const double slack = 0.5 * f_;
  // The model's group dots, for the links.
  PlotView groups_only = v_;
  groups_only.chart.show_ops = false;
  const std::vector<DotSpec> dots = detail::collect_dots(a_, groups_only);
  auto dot_at = [&](std::string_view id) -> const DotSpec* {
    for (const DotSpec& d : dots)
      if (d.id == id) return &d;
    return nullptr;
  };
  size_t drawn = 0;
  const double r = t_.op_radius_em * f_ * 1.25;
  for (const MeasuredPoint& pt : m.comparison.points) {
    if (drawn >= kMaxMeasuredMarkers) break;
    const Vec2 at = px(pt.intensity, pt.achieved_flops);
    if (!in_area(at, slack)) continue;
    ++drawn;
    const std::string id = "measured:" + std::to_string(pt.kernel);
    Rgba colour = t_.text_muted;
    if (pt.op_class) {
      const std::string_view group = group_of(*pt.op_class);
      colour = series_color(t_, group, kind_of(*pt.op_class));
      const DotSpec* d = dot_at(group);
      if (d != nullptr) {
        const Vec2 to = px(d->intensity, d->flops_per_s);
        const double dx = to.x - at.x, dy = to.y - at.y;
        const double len = std::sqrt(dx * dx + dy * dy);
        if (len > 2.5 * r) {
          Polyline link;
          link.id = "measured:link:" + std::to_string(pt.kernel);
          link.points = {{at.x + dx / len * r, at.y + dy / len * r},
                         {to.x - dx / len * r, to.y - dy / len * r}};
          link.color = colour.with_alpha(110);
          link.width_px = 0.07 * f_;
          link.dash = LineDash::dotted;
          g_.lines.push_back(std::move(link));
        }
      }
    }
    Marker k;
    k.id = id;
    k.center = at;
    k.radius_px = r;
    k.shape = MarkerShape::hexagon;
    k.fill = colour.with_alpha(id == v_.hovered_id || id == v_.selected_id ? 255 : 175);
    k.outline = id == v_.hovered_id || id == v_.selected_id ? t_.text : t_.marker_outline;
    k.outline_width_px = 0.07 * f_;
    if (id == v_.hovered_id || id == v_.selected_id) k.radius_px *= 1.3;
    k.x_value = pt.intensity;
    k.y_value = pt.achieved_flops;
    g_.markers.push_back(k);
  }
}

void RooflineBuilder::add_measured_labels(bool slopes) {
  if (!v_.measured || !v_.measured->profile || !v_.chart.show_measured) return;
  const Rgba colour = t_.measured;
  for (const MeasuredRoofSpan& s : measured_roof_spans(*v_.measured, a_)) {
    const std::string id = "label:measured:roof:" + std::to_string(s.index);
    if ((s.roof->kind == MeasuredRoof::Kind::bandwidth) != slopes) continue;
    if (slopes) {
      const double left = std::max(v_.x_min, v_.y_min / s.roof->value);
      if (left >= s.ends_at) continue;
      add_slope_label(id, "measured " + s.roof->name + " " + format_bandwidth(s.roof->value),
                      {left, left * s.roof->value}, {s.ends_at, s.ends_at * s.roof->value}, colour);
    } else {
      const double y = ya_.to_px(s.roof->value);
      if (y < area_.y0 || y > area_.y1) continue;
      const double start = xa_.to_px(s.ends_at) + 0.6 * f_;
      const double end = area_.x1 - 0.4 * f_;
      std::vector<TextLabel> candidates;
      for (bool above : {true, false}) {
        for (double at : {1.0, 0.6, 0.3}) {
          candidates.push_back(
              text(id, "measured " + s.roof->name + " " + format_flop_rate(s.roof->value),
                   {start + at * (end - start), above ? y - 0.35 * f_ : y + 0.4 * f_},
                   t_.dot_label_em, colour, HAlign::right, above ? VAlign::bottom : VAlign::top));
        }
      }
      add_fixed(candidates);
    }
  }
}

}  // namespace roofline::detail
