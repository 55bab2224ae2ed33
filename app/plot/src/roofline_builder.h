#pragma once
// Internal: the builder behind build_roofline_plot, split over roofline_plot.cpp (regions,
// roofs, trail, dots, the build order) and roofline_labels.cpp (legend and every label).

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "label_placer.h"
#include "roofline/plot/roofline_plot.h"
#include "roofline_layers.h"
#include "text_box.h"

namespace roofline::detail {

// A measured roof's extent: bandwidth roofs end at `ends_at` (where they meet the highest
// measured compute roof), compute roofs start there (where main memory reaches them).
struct MeasuredRoofSpan {
  size_t index = 0;  // into Profile::roofs
  const MeasuredRoof* roof = nullptr;
  double ends_at = 0;  // FLOP/byte
};
std::vector<MeasuredRoofSpan> measured_roof_spans(const MeasuredLayer& m, const Analysis& a);

// "NVIDIA H200 SXM 141GB" -> "H200 SXM": the vendor and the memory size say nothing on a chart.
std::string short_gpu_name(const GpuSpec& gpu);

class RooflineBuilder {
 public:
  RooflineBuilder(const Analysis& a, const Scenario& s, const PlotView& v, const Theme& t,
                  const TextMeasure& m)
      : a_(a),
        s_(s),
        v_(v),
        t_(t),
        measure_(m),
        f_(v.font_px),
        area_(plot_area_rect(v)),
        xa_(x_axis(v)),
        ya_(y_axis(v)),
        placer_(area_.expanded(-0.15 * v.font_px), m, v.font_px) {}

  PlotGeometry build(const Trail* trail, const Analysis* compare);

 private:
  Vec2 px(double x, double y) const { return {xa_.to_px(x), ya_.to_px(y)}; }
  bool in_area(Vec2 p, double slack) const { return area_.expanded(slack).contains(p); }
  TextLabel text(std::string id, std::string s, Vec2 anchor, double em, Rgba colour, HAlign h,
                 VAlign va, double rotation = 0) const {
    TextLabel l = detail::make_text(std::move(id), std::move(s), anchor, em * f_, colour, h, va,
                                    measure_, rotation);
    add_label_halo(l, t_, f_);
    return l;
  }
  // Adds the first of `candidates` that is free; false when none is.
  bool add_fixed(const std::vector<TextLabel>& candidates, bool allow_minor = false) {
    for (const TextLabel& l : candidates) {
      if (placer_.reserve_if_free(l.box.expanded(0.1 * f_), allow_minor,
                                  /*upright=*/l.rotation_rad == 0)) {
        g_.texts.push_back(l);
        return true;
      }
    }
    return false;
  }
  // A label along the segment a-b (data coordinates), above it, at the first free spot.
  // False when no spot along the line is free.
  bool add_slope_label(const std::string& id, const std::string& s, Vec2 a, Vec2 b, Rgba colour);

  void add_regions();
  void add_roofs(const Analysis* compare);
  void add_trail(const Trail& trail);
  void add_dots(const Analysis* compare);
  void add_legend(const Trail* trail, const Analysis* compare);
  struct LegendCorner {
    LegendPlace place;
    Vec2 top_left;
    bool covers_a_dot;
  };
  LegendCorner legend_corner(double w, double h) const;
  void add_slope_labels(const Analysis* compare);
  void add_flat_label(const std::string& id, const std::string& label, double peak, Rgba colour);
  // Whether `box` touches a trail line (with its width).
  bool crosses_trail(const Rect& box) const;
  void add_roof_labels(const Analysis* compare);
  // The compare GPU as the chart names it: "H200 SXM".
  std::string compare_name() const {
    return s_.compare_gpu ? short_gpu_name(*s_.compare_gpu) : std::string("compare GPU");
  }
  void reserve_lines();
  void add_ridge_label();
  void add_dot_labels(const Trail* trail);
  void add_region_labels();
  // An imported profile (roofline_measured.cpp).
  void add_measured_roofs();
  void add_measured_markers();
  // Along the measured slopes (before the lines are reserved), or over the flat roofs.
  void add_measured_labels(bool slopes);
  // Teaching aids (roofline_teaching.cpp): highlights, ghosts, the critical value, speed-up.
  // "group:attention" also names each attention type's dot ("group:attention@sliding") on a
  // model with several: a lesson written for one attention dot highlights them all.
  bool highlighted(std::string_view id) const {
    if (id.starts_with("group:attention@") &&
        std::find(v_.highlighted.begin(), v_.highlighted.end(), "group:attention") !=
            v_.highlighted.end())
      return true;
    return std::find(v_.highlighted.begin(), v_.highlighted.end(), id) != v_.highlighted.end();
  }
  bool dims_dots() const;  // some dot is highlighted, so the others are dimmed
  void add_halo(const std::string& id, Vec2 center, double radius_px, Rgba colour);
  void add_ghosts(const std::vector<DotSpec>& drawn);
  // Each group dot's 80 % interval (calibration.h) as a vertical bar with caps: the FLOPs over
  // the slowest and fastest times 8 in 10 measurements take. Nothing without an interval.
  void add_interval_bars(const std::vector<DotSpec>& dots, bool dim);
  void frame_covered_group_dots();
  void add_slope_fallbacks();
  void add_critical_marker(const Trail* trail);
  void add_critical_label(const Trail* trail);
  void add_speedup(const Analysis* compare);

  const Analysis& a_;
  const Scenario& s_;
  const PlotView& v_;
  const Theme& t_;
  const TextMeasure& measure_;
  double f_;
  Rect area_;
  LogAxis xa_, ya_;
  detail::LabelPlacer placer_;
  // A slope with no room along it: its level label and the points of it that label may name.
  struct SlopeFallback {
    detail::LabelRequest request;
    std::vector<Vec2> anchors;  // in order of preference
  };
  std::vector<SlopeFallback> slope_fallbacks_;
  PlotGeometry g_;
  std::vector<RoofSpec> roofs_;
  std::vector<DotSpec> dots_;  // the ones inside the area
  std::vector<std::string> trail_ids_;
  const Trail* trail_ = nullptr;
};

}  // namespace roofline::detail
