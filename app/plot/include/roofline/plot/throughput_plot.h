#pragma once
// The throughput-vs-batch chart: tokens/s against batch, log-log, from a sweep.
//
// Promises:
// - make_throughput_data sweeps batch from 1 to max(2·max_batch, 2·batch, 256) (capped at
//   kMaxBatch) and keeps the scenario's own point exactly (`current`).
// - build_throughput_plot draws the curve "curve:tokens_per_s" (the swept points, exact), the
//   part beyond the KV-memory wall dashed ("curve:beyond_wall"), the wall as a vertical line
//   "wall:kv" at Totals::max_batch labelled "KV cache full: B = N" (absent when the weights alone
//   do not fit, then a note says so), the compute-bound knee "knee" at critical_value(batch)
//   labelled "compute-bound from B = N", and the current batch as the marker "current".
// - Axis titles "Batch size (sequences)" and "Throughput (tokens/s)" (prefill: prompt tokens/s).
// - Same layout rules as the roofline chart: sizes in em, labels never overlap.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "roofline/analysis.h"
#include "roofline/plot/axes.h"
#include "roofline/plot/geometry.h"
#include "roofline/plot/theme.h"
#include "roofline/scenario.h"
#include "roofline/sweep.h"

namespace roofline {

struct ThroughputData {
  Phase phase = Phase::decode;
  std::vector<SweepPoint> points;  // increasing batch
  int64_t current_batch = 1;
  double current_tokens_per_s = 0;
  int64_t max_batch = 0;              // Totals::max_batch (0: weights alone do not fit)
  std::optional<int64_t> knee;        // critical_value(batch): fc reaches the ridge
  double knee_tokens_per_s = 0;       // tokens/s at the knee (when there is one)
  double max_batch_tokens_per_s = 0;  // tokens/s at max_batch (when > 0)
  // Why there is no curve at all (the GPU has no roof for the precision, an invalid scenario):
  // the analysis' first warning; empty when there are points to draw.
  std::string no_curve;
};

ThroughputData make_throughput_data(const Scenario& s, int points = 64);

struct ThroughputView {
  Vec2 canvas_px{960, 600};
  double font_px = 14;
  bool show_title = true;
  bool show_caption = true;
  bool show_labels = true;
  bool transparent = false;
  std::string title;  // empty: "Throughput vs batch: <model> on <GPU>"
  std::string hovered_id;
};

PlotGeometry build_throughput_plot(const ThroughputData& data, const Scenario& s,
                                   const ThroughputView& view, const Theme& theme,
                                   const TextMeasure& measure);

}  // namespace roofline
