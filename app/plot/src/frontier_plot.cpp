// The serving frontier chart: tokens/s per GPU against tokens/s per user.

#include "roofline/plot/frontier_plot.h"

#include <algorithm>
#include <cmath>

#include "axes_frame.h"
#include "label_placer.h"
#include "roofline/units.h"
#include "text_box.h"

namespace roofline {

FrontierData make_frontier_data(const Scenario& s, int64_t isl, int64_t osl) {
  FrontierData d;
  d.isl = isl;
  d.osl = osl;
  d.tps = {1, 2, 4, 8};
  d.precisions = {Precision::bf16, Precision::fp8};
  const Precision own = s.weights.value_or(s.activations);
  if (std::find(d.precisions.begin(), d.precisions.end(), own) == d.precisions.end())
    d.precisions.push_back(own);
  auto f = frontier(s, d.tps, d.precisions, isl, osl, 24);
  if (!f) {
    d.error = f.error();
  } else {
    d.points = std::move(f).value();
  }
  set_frontier_current(d, s);
  return d;
}

void set_frontier_current(FrontierData& d, const Scenario& s) {
  d.current_batch = s.batch;
  d.current_tp = s.tp;
  d.current_gpus = gpu_count(s);
  d.current_dp = s.dp;
  d.current_pp = s.pp;
  d.current_per_user = d.current_per_gpu = 0;
  auto r = request(s, d.isl, d.osl);
  if (!r || !(r->tpot_s > 0)) return;
  d.current_per_user = r->tokens_per_s_per_user;
  d.current_per_gpu = static_cast<double>(s.batch) / r->tpot_s /
                      static_cast<double>(std::max<int64_t>(1, gpu_count(s)));
  d.current_fits = r->memory().fits_in_memory;
}

namespace {

Rgba precision_colour(const Theme& t, Precision p) {
  if (p == Precision::bf16 || p == Precision::fp16) return t.fc;
  if (p == Precision::fp8) return t.attention;
  return t.elementwise;
}

LineDash tp_dash(int64_t tp) {
  return tp == 1 ? LineDash::solid : tp == 2 ? LineDash::dashed : LineDash::dotted;
}

}  // namespace

PlotGeometry build_frontier_plot(const FrontierData& data, const Scenario& s,
                                 const ThroughputView& view, const Theme& t,
                                 const TextMeasure& measure) {
  const double f = view.font_px;
  const Rect area = detail::chart_area(view.canvas_px, f, view.show_title, view.show_caption);
  PlotGeometry g = detail::start_geometry(view.canvas_px, area, view.transparent, t);

  double x_lo = INFINITY, x_hi = 0, y_lo = INFINITY, y_hi = 0;
  auto extend = [&](double x, double y) {
    if (!(x > 0) || !(y > 0) || !std::isfinite(x) || !std::isfinite(y)) return;
    x_lo = std::min(x_lo, x), x_hi = std::max(x_hi, x);
    y_lo = std::min(y_lo, y), y_hi = std::max(y_hi, y);
  };
  for (const FrontierPoint& p : data.points)
    if (p.fits_in_memory) extend(p.tokens_per_s_per_user, p.tokens_per_s_per_gpu);
  extend(data.current_per_user, data.current_per_gpu);
  if (!(x_hi > 0)) x_lo = 1, x_hi = 100, y_lo = 1, y_hi = 100;
  const LogAxis xa{detail::nice_floor(x_lo / 1.6), detail::nice_ceil(x_hi * 1.6), area.x0, area.x1};
  const double ly = std::log10(y_lo) - 0.3, hy = std::log10(y_hi) + 0.35;
  const LogAxis ya{detail::nice_floor(std::pow(10.0, std::min(ly, hy - 1.5))),
                   detail::nice_ceil(std::pow(10.0, hy)), area.y1, area.y0};
  auto px = [&](double x, double y) { return Vec2{xa.to_px(x), ya.to_px(y)}; };

  detail::FrameSpec frame{xa,
                          ya,
                          "Interactivity (tokens/s per user)",
                          "Throughput (output tokens/s per GPU)",
                          "",
                          "",
                          "tokens/s per GPU"};
  if (view.show_title) {
    frame.title = view.title.empty()
                      ? "Throughput vs interactivity: " + s.model.name + " on " + s.gpu.name
                      : view.title;
  }
  if (view.show_caption) {
    std::string tps, ps;
    for (int64_t tp : data.tps) {  // those the layout allows (MODEL.md §17)
      const bool present = std::any_of(data.points.begin(), data.points.end(),
                                       [tp](const FrontierPoint& q) { return q.tp == tp; });
      if (present) tps += (tps.empty() ? "" : ", ") + std::to_string(tp);
    }
    for (Precision p : data.precisions) ps += (ps.empty() ? "" : ", ") + std::string(to_string(p));
    frame.caption =
        "prompt " + format_count(static_cast<double>(data.isl)) + " \u00b7 output " +
        format_count(static_cast<double>(data.osl)) + " tokens \u00b7 tp " + tps +
        (s.dp > 1 ? " \u00d7 dp " + std::to_string(s.dp) : std::string()) +
        (s.pp > 1 ? " \u00d7 pp " + std::to_string(s.pp) : std::string()) +
        (s.ep > 1 ? ", ep = tp \u00d7 dp" : std::string()) + " \u00b7 " + ps + " \u00b7 " +
        (s.calibration ? "expected (" + s.calibration->id + ")" : std::string("roofline bounds")) +
        (s.calibration && interval_of(&*s.calibration, Expected::tpot)
             ? " \u00b7 band: 80 % interval"
             : "");
  }
  detail::add_frame(g, frame, t, measure, f);

  detail::LabelPlacer placer(area.expanded(-0.15 * f), measure, f);
  std::vector<detail::LabelRequest> requests;
  const double label_size = t.dot_label_em * f;
  for (int64_t tp : data.tps) {
    for (Precision p : data.precisions) {
      Polyline curve{"curve:tp" + std::to_string(tp) + ":" + std::string(to_string(p)),
                     {},
                     precision_colour(t, p).with_alpha(200),
                     t.other_roof_width_em * f * 1.6,
                     tp_dash(tp),
                     true};
      Vec2 first{};
      for (const FrontierPoint& q : data.points) {
        if (q.tp != tp || q.precision != p || !q.fits_in_memory) continue;
        const Vec2 at = px(q.tokens_per_s_per_user, q.tokens_per_s_per_gpu);
        if (curve.points.empty()) first = at;
        curve.points.push_back(at);
      }
      if (curve.points.size() < 2) continue;
      requests.push_back({curve.id,
                          "tp " + std::to_string(tp) +
                              (s.dp > 1 ? " \u00d7 dp " + std::to_string(s.dp) : std::string()) +
                              (s.pp > 1 ? " \u00d7 pp " + std::to_string(s.pp) : std::string()) +
                              " \u00b7 " + std::string(to_string(p)),
                          first, 0.1 * f, label_size * 0.9, precision_colour(t, p), false});
      g.lines.push_back(std::move(curve));
    }
  }
  std::vector<const FrontierPoint*> pareto;
  for (const FrontierPoint& q : data.points)
    if (q.pareto) pareto.push_back(&q);
  std::sort(pareto.begin(), pareto.end(), [](const FrontierPoint* a, const FrontierPoint* b) {
    return a->tokens_per_s_per_user < b->tokens_per_s_per_user;
  });
  // Under a calibration with intervals, the band 8 in 10 measured frontiers fall in: each point
  // on its ray from the origin (both rates are over the same decode step), from the slowest
  // step to the fastest.
  const CalibrationError* e =
      s.calibration ? interval_of(&*s.calibration, Expected::tpot) : nullptr;
  if (pareto.size() >= 2 && e) {
    FilledPolygon band{"band:frontier", {}, t.roof.with_alpha(36)};
    for (const FrontierPoint* q : pareto)
      band.points.push_back(px(q->tokens_per_s_per_user / e->interval_high,
                               q->tokens_per_s_per_gpu / e->interval_high));
    for (auto q = pareto.rbegin(); q != pareto.rend(); ++q)
      band.points.push_back(px((*q)->tokens_per_s_per_user / e->interval_low,
                               (*q)->tokens_per_s_per_gpu / e->interval_low));
    g.fills.push_back(std::move(band));
  }
  if (pareto.size() >= 2) {
    Polyline front{"frontier:pareto", {}, t.roof, t.roof_width_em * f, LineDash::solid, true};
    for (const FrontierPoint* q : pareto)
      front.points.push_back(px(q->tokens_per_s_per_user, q->tokens_per_s_per_gpu));
    g.lines.push_back(std::move(front));
    requests.insert(requests.begin(),
                    {"frontier:pareto", "frontier", g.lines.back().points[pareto.size() / 2],
                     0.1 * f, label_size, t.roof, true});
  }
  if (data.current_per_user > 0 && data.current_per_gpu > 0) {
    Marker current;
    current.id = "current";
    current.center = px(data.current_per_user, data.current_per_gpu);
    current.radius_px = t.group_radius_em * f * (view.hovered_id == "current" ? 1.3 : 1.0);
    current.shape = MarkerShape::square;
    current.fill = data.current_fits ? t.step : t.attention;
    current.outline = t.text;
    current.outline_width_px = 0.1 * f;
    current.x_value = data.current_per_user;
    current.y_value = data.current_per_gpu;
    g.markers.push_back(current);
    requests.insert(requests.begin(),
                    {"current",
                     "now: B = " + format_count(static_cast<double>(data.current_batch)) + ", tp " +
                         std::to_string(data.current_tp) +
                         (data.current_dp > 1 ? " \u00d7 dp " + std::to_string(data.current_dp)
                                              : std::string()) +
                         (data.current_pp > 1 ? " \u00d7 pp " + std::to_string(data.current_pp)
                                              : std::string()) +
                         (data.current_fits ? "" : " (does not fit)"),
                     current.center, current.radius_px, label_size, t.text, true});
  }
  for (const Marker& m : g.markers) placer.add_dot(m.center, m.radius_px);
  if (!data.error.empty()) {
    TextLabel l = detail::make_text("frontier:error", data.error, area.center(), label_size,
                                    t.attention, HAlign::center, VAlign::middle, measure);
    detail::add_label_halo(l, t, f);
    g.texts.push_back(l);
  }
  if (view.show_labels) detail::place_labels(placer, requests, g, t, f);
  return g;
}

}  // namespace roofline
