#pragma once
// A figure of the roofline chart, made the same way by the window, the export dialog and its
// job, the CLI and the no-display fallback: chart_data() computes what the chart plots from the
// workload, build_figure() draws it as a view asks.
//
// Promises:
// - chart_data(s) is {analyze(s), analyze_on_gpu(s, *s.compare_gpu) when s has one,
//   make_trail(s, trail_param_for(s))}: the compare GPU's analysis is obtained this one way.
// - ChartDataCache::update(s) leaves data() equal to chart_data(s), recomputing the analyses
//   only when the workload changed (Scenario::operator==) and the trail only when its sweep
//   would differ (the keys know make_trail's ranges, so nobody else has to).
// - build_figure never analyses: same data and request, same geometry.

#include <cstdint>
#include <optional>

#include "roofline/analysis.h"
#include "roofline/plot/frontier_plot.h"
#include "roofline/plot/roofline_plot.h"
#include "roofline/plot/theme.h"
#include "roofline/plot/throughput_plot.h"
#include "roofline/scenario.h"

namespace roofline {

struct ChartData {
  Scenario scenario;                // the workload analysed
  Analysis analysis;                // analyze(scenario)
  std::optional<Analysis> compare;  // the same workload on scenario.compare_gpu
  Trail trail;                      // the fc dot's sweep (trail_param_for(scenario))
};

ChartData chart_data(const Scenario& s);

// chart_data() of the latest scenario, recomputed only as far as the scenario changed.
class ChartDataCache {
 public:
  // Brings data() up to date with `s`. Cheap when nothing changed.
  void update(const Scenario& s);
  const ChartData& data() const { return data_; }
  // Increments whenever the analysis is recomputed (readers cache what they derive from it).
  uint64_t revision() const { return revision_; }
  // The throughput sweep of data().scenario, computed on demand (only while it is shown); its
  // current point follows the analysis.
  const ThroughputData& throughput();
  // The serving frontier of data().scenario for prompts of `isl` and `osl` output tokens, on
  // demand; recomputed only when what it sweeps over could differ (not for batch, tp or seq),
  // its current point follows the scenario.
  const FrontierData& frontier(int64_t isl, int64_t osl);

 private:
  bool valid_ = false;
  uint64_t revision_ = 0;
  ChartData data_;
  bool trail_valid_ = false;
  Scenario trail_key_;
  bool throughput_valid_ = false;
  Scenario throughput_key_;
  ThroughputData throughput_;
  bool frontier_valid_ = false;
  Scenario frontier_key_;
  FrontierData frontier_;
};

// How one figure is drawn beyond the data.
struct FigureRequest {
  // What is drawn (view.chart: series and theme) and how: canvas, text size, axes, decoration
  // and the window's interaction state.
  PlotView view;
  // The palette: nullptr for the ChartView's theme (chart_theme); projector_theme() in
  // presentation mode.
  const Theme* theme = nullptr;
  TextMeasure measure;
  bool fit = false;  // fit the axes to what is drawn instead of keeping view's axes
};

PlotGeometry build_figure(const ChartData& data, const FigureRequest& request);

}  // namespace roofline
