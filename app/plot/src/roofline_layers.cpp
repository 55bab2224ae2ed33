#include "roofline_layers.h"

#include <algorithm>
#include <cmath>

namespace roofline::detail {

namespace {

bool plottable(double flops, double bytes, double time_s) {
  return flops > 0 && bytes > 0 && time_s > 0 && std::isfinite(flops / bytes);
}

}  // namespace

std::string attention_type_id(const Analysis& a, int layer_type) {
  return "group:attention@" + type_key(a, layer_type);
}

std::string group_label(std::string_view group_id) {
  if (group_id == "group:fc") return "fc";
  if (group_id == "group:attention") return "attention";
  if (group_id == "group:elementwise") return "elementwise";
  if (group_id == "group:step") return "whole step";
  return std::string(group_id);
}

MarkerShape group_shape(std::string_view group_id) {
  if (group_id.starts_with("group:attention")) return MarkerShape::diamond;
  if (group_id == "group:elementwise") return MarkerShape::triangle;
  if (group_id == "group:step") return MarkerShape::square;
  return MarkerShape::circle;
}

const GroupCost& sweep_group(const SweepPoint& p, std::string_view group_id) {
  if (group_id == "group:attention") return p.attention;
  if (group_id == "group:elementwise") return p.elementwise;
  if (group_id == "group:step") return p.step;
  return p.fc;
}

std::vector<DotSpec> collect_dots(const Analysis& a, const PlotView& view) {
  std::vector<DotSpec> dots;
  const struct {
    const char* id;
    bool shown;
    const GroupCost* cost;
    OpKind kind;
  } groups[] = {
      {"group:fc", view.chart.show_fc, &a.fc, OpKind::fc},
      {"group:attention", view.chart.show_attention, &a.attention, OpKind::attention},
      {"group:elementwise", view.chart.show_elementwise, &a.elementwise, OpKind::elementwise},
      {"group:step", view.chart.show_step, &a.step, OpKind::fc}};
  for (const auto& g : groups) {
    if (!g.shown || !plottable(g.cost->flops, g.cost->bytes, g.cost->time_s)) continue;
    if (g.kind == OpKind::attention && g.cost == &a.attention && !a.attention_types.empty()) {
      // One dot per attention type: sliding and full layers sit at different intensities.
      for (const GroupCost& t : a.attention_types) {
        if (!plottable(t.flops, t.bytes, t.time_s)) continue;
        const LayerTypeInfo& type = a.layer_types[static_cast<size_t>(t.layer_type)];
        dots.push_back({attention_type_id(a, t.layer_type), attention_type_label(type),
                        OpKind::attention, true, MarkerShape::diamond, t.intensity,
                        t.achieved_flops, t.roofline_achieved_flops});
      }
      continue;
    }
    dots.push_back({g.id, group_label(g.id), g.kind, true, group_shape(g.id), g.cost->intensity,
                    g.cost->achieved_flops, g.cost->roofline_achieved_flops});
  }
  if (view.chart.show_ops) {
    for (const OpCost& op : a.ops) {
      if (!plottable(op.flops, op.bytes, op.time_s)) continue;
      std::string label(op.name);
      if (a.name_recurs(op))
        label += " · " + a.layer_types[static_cast<size_t>(op.layer_type)].label;
      dots.push_back({"op:" + op_key(a, op), std::move(label), op.kind, false, MarkerShape::circle,
                      op.intensity, op.flops / op.time_s, op.flops / op.roofline_time_s});
    }
  }
  return dots;
}

std::vector<RoofSpec> collect_roofs(const Analysis& a, const Scenario& s, const PlotView& view) {
  std::vector<RoofSpec> roofs;
  if (!(a.peak_flops > 0) || !(a.bandwidth > 0)) return roofs;
  roofs.push_back({"roof:" + std::string(to_string(a.roof_precision)),
                   std::string(to_string(a.roof_precision)), a.peak_flops, true});
  if (!view.chart.show_other_roofs) return roofs;
  std::vector<RoofSpec> others;
  for (Precision p : kAllPrecisions) {
    const auto peak = s.gpu.peak(p);
    if (p == a.roof_precision || !peak || !(*peak > 0)) continue;
    const double flops = *peak * s.compute_efficiency;
    if (std::abs(flops / a.peak_flops - 1) < 1e-9) continue;  // same line as the active roof
    auto same = std::find_if(others.begin(), others.end(), [&](const RoofSpec& r) {
      return std::abs(r.peak_flops / flops - 1) < 1e-9;
    });
    if (same != others.end()) {
      same->names += " / " + std::string(to_string(p));
      continue;
    }
    others.push_back(
        {"roof:" + std::string(to_string(p)), std::string(to_string(p)), flops, false});
  }
  std::stable_sort(others.begin(), others.end(), [](const RoofSpec& x, const RoofSpec& y) {
    return x.peak_flops > y.peak_flops;
  });
  roofs.insert(roofs.end(), others.begin(), others.end());
  return roofs;
}

std::vector<CeilingSpec> collect_caches(const Scenario& s, const PlotView& view) {
  std::vector<CeilingSpec> out;
  if (!view.chart.show_caches) return out;
  for (const CacheCeiling& c : s.gpu.caches) {
    if (!(c.bandwidth_bytes_per_s > 0)) continue;
    out.push_back({"cache:" + c.name, c.name, c.bandwidth_bytes_per_s * s.memory_efficiency});
  }
  return out;
}

std::vector<std::string> trail_groups(const Trail& trail, const PlotView& view,
                                      bool one_attention_dot) {
  std::vector<std::string> out;
  if (!view.chart.show_trail || trail.points.size() < 2) return out;
  // With one dot per attention type there is no single attention dot for a trail to lead to.
  const std::pair<const char*, bool> candidates[] = {
      {"group:fc", view.chart.show_fc},
      {"group:attention", view.chart.show_attention && one_attention_dot},
      {"group:step", view.chart.show_step}};
  for (const auto& [id, shown] : candidates) {
    if (!shown) continue;
    double lo = INFINITY, hi = 0;
    for (const SweepPoint& p : trail.points) {
      const double i = sweep_group(p, id).intensity;
      if (!std::isfinite(i) || !(i > 0)) continue;
      lo = std::min(lo, i);
      hi = std::max(hi, i);
    }
    // A dot that stays put (decode attention) has no trail worth drawing.
    if (hi > 0 && hi / lo > 1.1) out.emplace_back(id);
  }
  return out;
}

}  // namespace roofline::detail
