#include <algorithm>
#include <cmath>

#include "axes_frame.h"
#include "roofline/plot/roofline_plot.h"
#include "roofline_builder.h"
#include "roofline_layers.h"

namespace roofline {

namespace {

// How far the user may zoom or pan: beyond this nothing on a roofline means anything.
constexpr double kXLimitLo = 1e-4, kXLimitHi = 1e8;  // FLOP/byte
constexpr double kYLimitLo = 1e3, kYLimitHi = 1e22;  // FLOP/s
constexpr double kMinSpanDecades = 0.1;
// The width right of the ridge a fitted view keeps for the compute region's labels, in em.
constexpr double kComputeRegionEm = 8.5;

// Keeps [lo, hi] inside the limits and at least kMinSpanDecades wide, in log space.
void clamp_range(double& lo, double& hi, double limit_lo, double limit_hi) {
  double l = std::log10(lo), h = std::log10(hi);
  if (h - l < kMinSpanDecades) {
    const double mid = (l + h) / 2;
    l = mid - kMinSpanDecades / 2;
    h = mid + kMinSpanDecades / 2;
  }
  const double span = std::min(h - l, std::log10(limit_hi) - std::log10(limit_lo));
  if (l < std::log10(limit_lo)) l = std::log10(limit_lo), h = l + span;
  if (h > std::log10(limit_hi)) h = std::log10(limit_hi), l = h - span;
  lo = std::pow(10.0, l);
  hi = std::pow(10.0, h);
}

}  // namespace

PlotView plot_view_for(const ChartView& chart, PlotView base) {
  PlotView v = std::move(base);
  v.chart = chart;
  if (chart.x_min && chart.x_max && *chart.x_min > 0 && *chart.x_max > *chart.x_min) {
    v.x_min = *chart.x_min;
    v.x_max = *chart.x_max;
  }
  if (chart.y_min && chart.y_max && *chart.y_min > 0 && *chart.y_max > *chart.y_min) {
    v.y_min = *chart.y_min;
    v.y_max = *chart.y_max;
  }
  return v;
}

bool toggle_series(SeriesFlags& flags, std::string_view series_id) {
  for (const SeriesFlag& f : kSeriesFlags) {
    if (f.series_id != series_id) continue;
    flags.*f.flag = !(flags.*f.flag);
    return true;
  }
  return false;
}

Rect plot_area_rect(const PlotView& view) {
  return detail::chart_area(view.canvas_px, view.font_px, view.show_title, view.show_caption);
}

LogAxis x_axis(const PlotView& view) {
  const Rect r = plot_area_rect(view);
  return {view.x_min, view.x_max, r.x0, r.x1};
}

LogAxis y_axis(const PlotView& view) {
  const Rect r = plot_area_rect(view);
  return {view.y_min, view.y_max, r.y1, r.y0};
}

Vec2 data_to_px(const PlotView& view, double intensity, double flops_per_s) {
  return {x_axis(view).to_px(intensity), y_axis(view).to_px(flops_per_s)};
}

Vec2 px_to_data(const PlotView& view, Vec2 px) {
  return {x_axis(view).from_px(px.x), y_axis(view).from_px(px.y)};
}

PlotView fit_view(PlotView view, const Analysis& a, const Scenario& s, const Trail* trail,
                  const Analysis* compare) {
  std::vector<double> xs, ys;
  auto add = [&](double x, double y) {
    if (std::isfinite(x) && x > 0) xs.push_back(x);
    if (std::isfinite(y) && y > 0) ys.push_back(y);
  };
  for (const auto& d : detail::collect_dots(a, view)) add(d.intensity, d.flops_per_s);
  for (const auto& r : detail::collect_roofs(a, s, view))
    if (a.bandwidth > 0) add(r.peak_flops / a.bandwidth, r.peak_flops);
  for (const auto& c : detail::collect_caches(s, view))
    if (c.bandwidth > 0) add(a.peak_flops / c.bandwidth, 0);
  if (compare != nullptr && view.chart.show_compare && compare->bandwidth > 0) {
    add(compare->ridge_point, compare->peak_flops);
    PlotView only_groups = view;
    only_groups.chart.show_ops = false;
    for (const auto& d : detail::collect_dots(*compare, only_groups))
      add(d.intensity, d.flops_per_s);
  }
  if (trail != nullptr && view.chart.show_trail) {
    for (const std::string& id : detail::trail_groups(*trail, view, a.attention_types.empty()))
      for (const SweepPoint& p : trail->points) {
        const GroupCost& g = detail::sweep_group(p, id);
        add(g.intensity, g.achieved_flops);
      }
  }
  if (view.measured && view.measured->profile && view.chart.show_measured) {
    size_t n = 0;
    for (const MeasuredPoint& p : view.measured->comparison.points) {
      if (n++ >= kMaxMeasuredMarkers) break;
      add(p.intensity, p.achieved_flops);
    }
    for (const auto& r : detail::measured_roof_spans(*view.measured, a)) {
      add(r.ends_at, r.roof->kind == MeasuredRoof::Kind::compute ? r.roof->value : 0);
    }
  }
  if (xs.empty() || ys.empty()) return view;

  const auto [x_lo, x_hi] = std::minmax_element(xs.begin(), xs.end());
  const auto [y_lo, y_hi] = std::minmax_element(ys.begin(), ys.end());
  double lx = std::log10(*x_lo) - 0.35, hx = std::log10(*x_hi) + 0.35;
  // Headroom above the highest roof for its label; room below the lowest dot for its label.
  double ly = std::log10(*y_lo) - 0.4, hy = std::log10(*y_hi) + 0.3;
  // At least two decades on x and three on y, so the slope reads as a slope.
  if (hx - lx < 2) {
    const double mid = (hx + lx) / 2;
    lx = mid - 1, hx = mid + 1;
  }
  // Room right of the ridge for "compute-bound" and the flat roofs' labels (kComputeRegionEm),
  // which a small figure (a paper column) would otherwise squeeze out: the x axis reaches
  // further. With k the share of the plot's width that takes, the ridge at r must sit where
  // (hx - r) >= k (hx - lx), so hx >= (r - k lx) / (1 - k).
  // (lx as it will be rounded: rounding it down widens the axis, which would take room back.)
  lx = std::log10(detail::nice_floor(std::pow(10.0, lx)));
  if (a.ridge_point > 0 && std::isfinite(a.ridge_point)) {
    const double plot_w = plot_area_rect(view).width();
    const double k = plot_w > 0 ? kComputeRegionEm * view.font_px / plot_w : 1;
    if (k < 0.5) hx = std::max(hx, (std::log10(a.ridge_point) - k * lx) / (1 - k));
  }
  if (hy - ly < 3) ly = hy - 3;
  view.x_min = detail::nice_floor(std::pow(10.0, lx));
  view.x_max = detail::nice_ceil(std::pow(10.0, hx));
  view.y_min = detail::nice_floor(std::pow(10.0, ly));
  view.y_max = detail::nice_ceil(std::pow(10.0, hy));
  clamp_range(view.x_min, view.x_max, kXLimitLo, kXLimitHi);
  clamp_range(view.y_min, view.y_max, kYLimitLo, kYLimitHi);
  return view;
}

void zoom_about(PlotView& view, Vec2 pixel, double factor) {
  if (!(factor > 0) || !std::isfinite(factor)) return;
  const Vec2 anchor = px_to_data(view, pixel);
  auto zoom = [factor](double& lo, double& hi, double at, double limit_lo, double limit_hi) {
    const double l = std::log10(lo), h = std::log10(hi), c = std::log10(at);
    const double nl = c - (c - l) / factor, nh = c + (h - c) / factor;
    if (nh - nl < kMinSpanDecades) return;  // as deep as zoom goes: keep the view unchanged
    lo = std::pow(10.0, nl);
    hi = std::pow(10.0, nh);
    // Zoomed out past a limit: slide back inside (clamping a view inside them would only add
    // rounding).
    if (nl < std::log10(limit_lo) || nh > std::log10(limit_hi))
      clamp_range(lo, hi, limit_lo, limit_hi);
  };
  zoom(view.x_min, view.x_max, anchor.x, kXLimitLo, kXLimitHi);
  zoom(view.y_min, view.y_max, anchor.y, kYLimitLo, kYLimitHi);
}

void pan(PlotView& view, Vec2 delta_px) {
  const Rect r = plot_area_rect(view);
  auto shift = [](double& lo, double& hi, double decades, double limit_lo, double limit_hi) {
    lo = std::pow(10.0, std::log10(lo) + decades);
    hi = std::pow(10.0, std::log10(hi) + decades);
    clamp_range(lo, hi, limit_lo, limit_hi);
  };
  // Content follows the mouse: dragging right shows smaller x, dragging down larger y.
  const double x_decades = -delta_px.x / r.width() * std::log10(view.x_max / view.x_min);
  const double y_decades = delta_px.y / r.height() * std::log10(view.y_max / view.y_min);
  shift(view.x_min, view.x_max, x_decades, kXLimitLo, kXLimitHi);
  shift(view.y_min, view.y_max, y_decades, kYLimitLo, kYLimitHi);
}

}  // namespace roofline
