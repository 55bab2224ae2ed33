#pragma once
// The serving frontier chart (core/MODEL.md §10): output tokens/s per GPU against tokens/s per
// user, one curve per (tensor parallelism, precision) over the batch sizes that fit, the
// Pareto frontier over all of them, and the document's own point.
//
// Promises:
// - make_frontier_data calls frontier() once for tp {1, 2, 4, 8} and the precisions bf16, fp8
//   and the document's own (weights, activations and KV cache together); `current` is the
//   document's request (its batch, tp and precisions) with the same ISL and OSL.
// - build_frontier_plot draws "curve:tp<N>:<precision>" through the points that fit (batch
//   increasing), "frontier:pareto" through the Pareto points (tokens/s per user increasing), and
//   the marker "current". Axis titles "Interactivity (tokens/s per user)" and "Throughput
//   (output tokens/s per GPU)". Curves are labelled at their batch-1 end when there is room.
// - An error (ISL + OSL past the context limit) leaves no curves and one note saying why.

#include <cstdint>
#include <string>
#include <vector>

#include "roofline/plot/geometry.h"
#include "roofline/plot/theme.h"
#include "roofline/plot/throughput_plot.h"
#include "roofline/requests.h"
#include "roofline/scenario.h"

namespace roofline {

struct FrontierData {
  int64_t isl = 1024, osl = 1024;
  std::vector<int64_t> tps;
  std::vector<Precision> precisions;
  std::vector<FrontierPoint> points;
  // The document's own request.
  int64_t current_batch = 1, current_tp = 1;
  int64_t current_gpus = 1;  // tp × dp × pp
  int64_t current_dp = 1, current_pp = 1;
  double current_per_user = 0, current_per_gpu = 0;
  bool current_fits = true;
  std::string error;  // why there is no frontier
};

FrontierData make_frontier_data(const Scenario& s, int64_t isl, int64_t osl);
// The document's point on `data` (cheap: one request), without recomputing the curves.
void set_frontier_current(FrontierData& data, const Scenario& s);

PlotGeometry build_frontier_plot(const FrontierData& data, const Scenario& s,
                                 const ThroughputView& view, const Theme& theme,
                                 const TextMeasure& measure);

}  // namespace roofline
