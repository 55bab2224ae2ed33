#include "roofline/plot/figure.h"

#include <algorithm>
#include <utility>

#include "roofline/compare.h"

namespace roofline {

namespace {

// The scenario with the trail's swept value replaced by the end of the trail's range, so two
// scenarios with the same key have the same trail (make_trail sweeps 1 .. max(1024, batch) and
// 16 .. max(32768, seq)).
Scenario trail_key_for(const Scenario& s, SweepParam param) {
  Scenario key = s;
  if (param == SweepParam::batch) {
    key.batch = std::max<int64_t>(1024, s.batch);
  } else {
    key.seq = std::max<int64_t>(32768, s.seq);
  }
  return key;
}

// make_throughput_data sweeps batch 1 .. max(2·max_batch, 2·batch, 256): besides the workload
// without its batch, only a batch past half the range's end changes the sweep.
Scenario throughput_key_for(const Scenario& s) {
  Scenario key = s;
  key.batch = 0;
  return key;
}

int64_t trail_value(const Scenario& s) {
  return trail_param_for(s) == SweepParam::batch ? s.batch : s.seq;
}

}  // namespace

ChartData chart_data(const Scenario& s) {
  ChartData d;
  d.scenario = s;
  d.analysis = analyze(s);
  if (s.compare_gpu) d.compare = analyze_on_gpu(s, *s.compare_gpu);
  d.trail = make_trail(s, trail_param_for(s));
  return d;
}

void ChartDataCache::update(const Scenario& s) {
  const bool changed = !valid_ || !(data_.scenario == s);
  if (!changed) return;
  data_.analysis = analyze(s);
  data_.compare.reset();
  if (s.compare_gpu) data_.compare = analyze_on_gpu(s, *s.compare_gpu);
  data_.scenario = s;
  valid_ = true;
  ++revision_;
  const SweepParam param = trail_param_for(s);
  Scenario key = trail_key_for(s, param);
  if (!trail_valid_ || data_.trail.param != param || !(key == trail_key_)) {
    data_.trail = make_trail(s, param);
    trail_key_ = std::move(key);
    trail_valid_ = true;
  }
  data_.trail.current = trail_value(s);
}

const ThroughputData& ChartDataCache::throughput() {
  const Scenario& s = data_.scenario;
  Scenario key = throughput_key_for(s);
  const bool in_range =
      !throughput_.points.empty() && (2 * s.batch <= throughput_.points.back().value ||
                                      throughput_.points.back().value >= kMaxBatch);
  if (!throughput_valid_ || !in_range || !(key == throughput_key_)) {
    throughput_ = make_throughput_data(s);
    throughput_key_ = std::move(key);
    throughput_valid_ = true;
  }
  // Between sweeps only the marker moves: take the current point from the analysis.
  throughput_.current_batch = s.batch;
  throughput_.current_tokens_per_s = data_.analysis.totals.tokens_per_s;
  return throughput_;
}

const FrontierData& ChartDataCache::frontier(int64_t isl, int64_t osl) {
  const Scenario& s = data_.scenario;
  Scenario key = s;  // the frontier sweeps batch and tp; decode at ISL + OSL
  key.batch = key.tp = 1;
  key.ep = key.ep > 1 ? 2 : 1;  // expert parallelism follows tp: on or off is what matters
  key.seq = 1;
  key.phase = Phase::decode;
  if (!frontier_valid_ || !(key == frontier_key_) || frontier_.isl != isl || frontier_.osl != osl) {
    frontier_ = make_frontier_data(s, isl, osl);
    frontier_key_ = std::move(key);
    frontier_valid_ = true;
  } else {
    set_frontier_current(frontier_, s);
  }
  return frontier_;
}

PlotGeometry build_figure(const ChartData& data, const FigureRequest& request) {
  const Trail* trail = request.view.chart.show_trail ? &data.trail : nullptr;
  const Analysis* compare = data.compare ? &*data.compare : nullptr;
  const PlotView view = request.fit
                            ? fit_view(request.view, data.analysis, data.scenario, trail, compare)
                            : request.view;
  const Theme& theme = request.theme ? *request.theme : chart_theme(view.chart.theme);
  return build_roofline_plot(data.analysis, data.scenario, view, theme, request.measure, trail,
                             compare);
}

}  // namespace roofline
