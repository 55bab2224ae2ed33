#pragma once
// Internal: what the roofline chart shows, before layout — the dots, roofs and ceilings
// selected by the view. Shared by fit_view and build_roofline_plot so both see the same set.

#include <string>
#include <vector>

#include "roofline/plot/roofline_plot.h"

namespace roofline::detail {

struct DotSpec {
  std::string id;     // "group:fc", "op:q_proj"
  std::string label;  // "fc (matmuls)", "q_proj"
  OpKind kind = OpKind::fc;
  bool group = false;
  MarkerShape shape = MarkerShape::circle;
  double intensity = 0;
  double flops_per_s = 0;
  double bound_flops_per_s = 0;  // at its roofline bound (the same as flops_per_s uncalibrated)
};

// The visible group dots (fc, attention, elementwise, step) then, with show_ops, one per op;
// anything with no bytes (intensity +inf), no FLOPs or no time is left out.
std::vector<DotSpec> collect_dots(const Analysis& a, const PlotView& view);

struct RoofSpec {
  std::string id;     // "roof:bf16"
  std::string names;  // "bf16", or "fp8 / int8" when several precisions share one peak
  double peak_flops = 0;
  bool active = false;
};

// The active roof first, then (with show_other_roofs) the other precisions of the GPU,
// highest peak first; precisions whose peak equals another's share one entry.
std::vector<RoofSpec> collect_roofs(const Analysis& a, const Scenario& s, const PlotView& view);

struct CeilingSpec {
  std::string id;    // "cache:L2"
  std::string name;  // "L2"
  double bandwidth = 0;
};

// The GPU's cache ceilings (with show_caches), scaled by memory_efficiency like the HBM roof.
std::vector<CeilingSpec> collect_caches(const Scenario& s, const PlotView& view);

// The groups whose trail is drawn (visible and actually moving along the sweep); the attention
// trail only when the model has `one_attention_dot`.
std::vector<std::string> trail_groups(const Trail& trail, const PlotView& view,
                                      bool one_attention_dot);
const GroupCost& sweep_group(const SweepPoint& p, std::string_view group_id);

std::string group_label(std::string_view group_id);
// "group:attention@sliding": the dot of one attention type (Analysis::attention_types).
std::string attention_type_id(const Analysis& a, int layer_type);
MarkerShape group_shape(std::string_view group_id);

}  // namespace roofline::detail
