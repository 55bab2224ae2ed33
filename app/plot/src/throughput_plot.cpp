// The throughput-vs-batch chart.

#include "roofline/plot/throughput_plot.h"

#include <algorithm>
#include <cmath>

#include "axes_frame.h"
#include "label_placer.h"
#include "roofline/plot/roofline_plot.h"
#include "roofline/readouts.h"
#include "roofline/units.h"
#include "text_box.h"

namespace roofline {

namespace {

SweepPoint point_at(const Scenario& s, int64_t batch) {
  return sweep(s, SweepParam::batch, batch, batch, 1).front();
}

}  // namespace

ThroughputData make_throughput_data(const Scenario& s, int points) {
  ThroughputData d;
  d.phase = s.phase;
  d.current_batch = s.batch;
  const Analysis a = analyze(s);
  if (a.ops.empty()) {
    d.no_curve = a.no_roof ? "no " + std::string(to_string(a.math_precision)) +
                                 " compute roof on " + s.gpu.name
                 : a.warnings.empty() ? std::string("the scenario gives no operators")
                                      : a.warnings.front();
    return d;
  }
  d.current_tokens_per_s = a.totals.tokens_per_s;
  d.max_batch = a.totals.max_batch;
  const int64_t upper =
      std::min<int64_t>(kMaxBatch, std::max<int64_t>({2 * d.max_batch, 2 * s.batch, 256}));
  d.points = sweep(s, SweepParam::batch, 1, upper, std::max(points, 2));
  d.knee = critical_value(s, SweepParam::batch, upper);
  std::vector<int64_t> exact{s.batch};
  if (d.max_batch > 0) exact.push_back(std::min(d.max_batch, upper));
  if (d.knee) exact.push_back(*d.knee);
  for (int64_t v : exact) {
    if (std::none_of(d.points.begin(), d.points.end(),
                     [v](const SweepPoint& p) { return p.value == v; }))
      d.points.push_back(point_at(s, v));
  }
  std::sort(d.points.begin(), d.points.end(),
            [](const SweepPoint& x, const SweepPoint& y) { return x.value < y.value; });
  for (const SweepPoint& p : d.points) {
    if (d.knee && p.value == *d.knee) d.knee_tokens_per_s = p.tokens_per_s;
    if (p.value == d.max_batch) d.max_batch_tokens_per_s = p.tokens_per_s;
  }
  return d;
}

PlotGeometry build_throughput_plot(const ThroughputData& data, const Scenario& s,
                                   const ThroughputView& view, const Theme& t,
                                   const TextMeasure& measure) {
  const double f = view.font_px;
  const Rect area = detail::chart_area(view.canvas_px, f, view.show_title, view.show_caption);
  PlotGeometry g = detail::start_geometry(view.canvas_px, area, view.transparent, t);

  double y_lo = INFINITY, y_hi = 0;
  for (const SweepPoint& p : data.points) {
    if (!(p.tokens_per_s > 0) || !std::isfinite(p.tokens_per_s)) continue;
    y_lo = std::min(y_lo, p.tokens_per_s);
    y_hi = std::max(y_hi, p.tokens_per_s);
  }
  if (!(y_hi > 0)) y_lo = 1, y_hi = 10;
  const double x_hi = data.points.empty() ? 10.0 : static_cast<double>(data.points.back().value);
  // A little room either side, so the batch-1 dot and the last point are not cut by the frame.
  const LogAxis xa{0.8, std::max(x_hi, 10.0) * 1.25, area.x0, area.x1};
  const double ly = std::log10(y_lo) - 0.3, hy = std::log10(y_hi) + 0.35;
  const LogAxis ya{detail::nice_floor(std::pow(10.0, std::min(ly, hy - 1.5))),
                   detail::nice_ceil(std::pow(10.0, hy)), area.y1, area.y0};
  auto px = [&](double x, double y) { return Vec2{xa.to_px(x), ya.to_px(y)}; };

  const bool prefill = data.phase == Phase::prefill;
  detail::FrameSpec frame{xa,
                          ya,
                          "Batch size (sequences)",
                          prefill ? "Throughput (prompt tokens/s)" : "Throughput (tokens/s)",
                          "",
                          "",
                          prefill ? "prompt tokens/s" : "tokens/s"};
  if (view.show_title) {
    frame.title = view.title.empty() ? "Throughput vs batch: " + s.model.name + " on " + s.gpu.name
                                     : view.title;
  }
  if (view.show_caption) {
    frame.caption = std::string(to_string(s.phase)) + " \u00b7 " +
                    (prefill ? "prompt " : "context ") + format_count(static_cast<double>(s.seq)) +
                    " \u00b7 " + weights_text(s) + " weights, " + std::string(to_string(s.kv)) +
                    " KV \u00b7 memory " + usable_memory_caption(s);
    if (gpu_count(s) > 1) frame.caption += " \u00b7 " + layout_caption(s);
  }

  // Beyond the KV-memory wall: shaded.
  const bool has_wall = data.max_batch > 0 && static_cast<double>(data.max_batch) < xa.hi;
  const double wall_x = has_wall ? xa.to_px(static_cast<double>(data.max_batch)) : area.x1;
  if (has_wall)
    g.fills.push_back(
        {"region:oom",
         {{wall_x, area.y0}, {area.x1, area.y0}, {area.x1, area.y1}, {wall_x, area.y1}},
         t.attention.with_alpha(20)});
  detail::add_frame(g, frame, t, measure, f);

  // The curve: solid while the batch fits, dashed beyond.
  Polyline fits{"curve:tokens_per_s", {}, t.fc, t.roof_width_em * f, LineDash::solid, true};
  Polyline beyond{"curve:beyond_wall", {},  t.fc.with_alpha(170), t.roof_width_em * f * 0.8,
                  LineDash::dashed,    true};
  for (const SweepPoint& p : data.points) {
    if (!(p.tokens_per_s > 0)) continue;
    const Vec2 at = px(static_cast<double>(p.value), p.tokens_per_s);
    const bool inside = data.max_batch > 0 && p.value <= data.max_batch;
    (inside ? fits : beyond).points.push_back(at);
    if (!inside && beyond.points.size() == 1 && !fits.points.empty())
      beyond.points.insert(beyond.points.begin(), fits.points.back());
  }
  if (fits.points.size() >= 2) g.lines.push_back(fits);
  if (beyond.points.size() >= 2) g.lines.push_back(beyond);

  detail::LabelPlacer placer(area.expanded(-0.15 * f), measure, f);
  // No label may sit on the curve (it struck through the wall's and the knee's labels).
  for (const Polyline* line : {&fits, &beyond}) {
    for (size_t i = 1; i < line->points.size(); ++i)
      placer.add_segment(line->points[i - 1], line->points[i], 0.5 * line->width_px + 0.1 * f);
  }
  std::vector<detail::LabelRequest> requests;
  const double label_size = t.dot_label_em * f;

  if (has_wall) {
    g.lines.push_back({"wall:kv",
                       {{wall_x, area.y0}, {wall_x, area.y1}},
                       t.attention,
                       t.roof_width_em * f * 0.8,
                       LineDash::solid,
                       true});
  }
  if (data.knee && static_cast<double>(*data.knee) <= xa.hi && data.knee_tokens_per_s > 0) {
    const Vec2 at = px(static_cast<double>(*data.knee), data.knee_tokens_per_s);
    g.lines.push_back({"knee:guide",
                       {at, {at.x, area.y1}},
                       t.text_muted.with_alpha(150),
                       t.other_roof_width_em * f,
                       LineDash::dotted,
                       true});
    Marker knee;
    knee.id = "knee";
    knee.center = at;
    knee.radius_px = 0.36 * f;
    knee.shape = MarkerShape::diamond;
    knee.fill = t.step;
    knee.outline = t.marker_outline;
    knee.outline_width_px = 0.08 * f;
    knee.x_value = static_cast<double>(*data.knee);
    knee.y_value = data.knee_tokens_per_s;
    g.markers.push_back(knee);
    requests.push_back({"knee",
                        "compute-bound from B = " + format_count(static_cast<double>(*data.knee)),
                        at, knee.radius_px, label_size, t.step, false});
  }
  if (data.current_tokens_per_s > 0) {
    Marker current;
    current.id = "current";
    current.center = px(static_cast<double>(data.current_batch), data.current_tokens_per_s);
    current.radius_px = t.group_radius_em * f * (view.hovered_id == "current" ? 1.3 : 1.0);
    current.fill = t.fc;
    current.outline = t.text;
    current.outline_width_px = 0.1 * f;
    current.x_value = static_cast<double>(data.current_batch);
    current.y_value = data.current_tokens_per_s;
    g.markers.push_back(current);
    requests.insert(requests.begin(),
                    {"current",
                     "B = " + format_count(static_cast<double>(data.current_batch)) + ": " +
                         format_si(data.current_tokens_per_s, "tok/s"),
                     current.center, current.radius_px, label_size, t.text, false});
  }
  for (const Marker& m : g.markers) placer.add_dot(m.center, m.radius_px);

  // The wall's label beside the line: near the top, right of it if there is room, else left of
  // it, else at the bottom (where the curve has left), never on the curve.
  if (has_wall) {
    const std::string text =
        "KV cache full: B = " + format_count(static_cast<double>(data.max_batch));
    // The four places in order of preference: top right, top left, bottom right, bottom left.
    for (int place = 0; place < 4; ++place) {
      const bool top = place < 2, right = place % 2 == 0;
      TextLabel l = detail::make_text(
          "wall:kv", text,
          {wall_x + (right ? 0.4 : -0.4) * f, top ? area.y0 + 0.5 * f : area.y1 - 0.5 * f},
          label_size, t.attention, right ? HAlign::left : HAlign::right,
          top ? VAlign::top : VAlign::bottom, measure);
      detail::add_label_halo(l, t, f);
      if (placer.reserve_if_free(l.box)) {
        g.texts.push_back(l);
        break;
      }
    }
  } else if (data.max_batch == 0) {
    // No roof (or no valid scenario) is not a memory verdict: say which it is.
    const std::string why = data.no_curve.empty()
                                ? std::string("the weights alone do not fit in memory")
                                : "no curve: " + data.no_curve;
    TextLabel l = detail::make_text("wall:none", why, {area.center().x, area.y0 + 0.5 * f},
                                    label_size, t.attention, HAlign::center, VAlign::top, measure);
    detail::add_label_halo(l, t, f);
    if (placer.reserve_if_free(l.box)) g.texts.push_back(l);
  }
  if (view.show_labels) detail::place_labels(placer, requests, g, t, f);
  return g;
}

}  // namespace roofline
