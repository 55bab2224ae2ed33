#pragma once
// The roofline chart: from an Analysis and a view to a PlotGeometry, plus the view operations
// (fit, zoom about a point, pan), hit testing and the trail.
//
// Promises:
// - build_roofline_plot is pure and deterministic: same inputs, same geometry (byte for byte
//   after painting). It never calls analyze(); trails come in precomputed (make_trail).
// - The active precision's roof is the polyline "roof:<p>" with exactly three vertices inside
//   the plot: the slope's left end, the ridge (transform(ridge_point, peak_flops), exact, never
//   sampled), the roof's right end. The slope is extended (or cut) to the plot edges analytically,
//   so the ridge is a sharp corner at any zoom. Other precisions: "roof:<p>" (flat, fainter);
//   their slope is the same line. Cache ceilings: "cache:<name>" (dashed). Compare GPU:
//   "compare:roof:<p>" (dashed) and hollow dots "compare:group:fc", ...
// - Dots: "group:fc", "group:attention", "group:elementwise", "group:step" at (intensity,
//   achieved FLOP/s); with show_ops, "op:<name>" at (op intensity, op FLOPs / op time). Ops and
//   groups that move no bytes (intensity +inf) are not plotted. Dots outside the axis ranges are
//   left out.
// - Dot labels ("label:<dot id>") never overlap each other, the dots, the legend or the ridge
//   label: each tries 8 positions around its dot, then rings further out (with a leader line
//   "leader:<dot id>"); a label with no free place is dropped rather than drawn over another.
// - The plot area depends only on the canvas size, font size and title/caption flags (not on
//   text measurement), so zoom_about/pan/fit_view agree with the geometry without a font.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/analysis.h"
#include "roofline/plot/axes.h"
#include "roofline/plot/chart_view.h"
#include "roofline/plot/geometry.h"
#include "roofline/plot/ghosts.h"
#include "roofline/plot/measured_layer.h"
#include "roofline/plot/theme.h"
#include "roofline/scenario.h"
#include "roofline/sweep.h"

namespace roofline {

// One drawing of the chart: the ChartView (what it shows) plus what this drawing adds: the
// canvas, the axes drawn, decoration and the window's live interaction state.
struct PlotView {
  ChartView chart;  // series and theme; its saved ranges only seed the axes (plot_view_for)
  Vec2 canvas_px{960, 600};
  double font_px = 14;  // 1 em
  // The axes drawn; 0 < x_min < x_max, 0 < y_min < y_max. fit_view fills them, zoom and pan
  // move them.
  double x_min = 0.1, x_max = 1e4;    // FLOP/byte
  double y_min = 1e11, y_max = 1e16;  // FLOP/s
  // Decoration.
  bool show_labels = true;  // dot labels
  bool show_legend = true;
  bool legend_lists_hidden = true;  // the window lists hidden series greyed; exports omit them
  bool show_title = true;
  bool show_caption = true;
  // Width kept free at the right end of the title's line (px): the window's buttons over the
  // chart sit there, and a long title is set smaller or cut rather than run under them.
  double title_reserve_px = 0;
  bool transparent = false;  // background alpha 0 (exports)
  std::string title;         // empty: "<model> on <GPU>"
  // Interaction (ids as in geometry.h); the hovered/selected dot is drawn larger.
  std::string hovered_id;
  std::string selected_id;
  // The corner the legend took last frame (Legend::place): under LegendPlace::best it stays
  // there while it covers nothing, so the legend does not hop corners as dots move and zoom.
  LegendPlace legend_last = LegendPlace::best;
  // Teaching aids. Parts to emphasise, as lesson highlight ids ("group:fc", "op:q_proj",
  // "roof", "roof:fp8", "ridge", "trail", "critical", "compare"): highlighted dots get a halo
  // ("highlight:<id>") and, when any dot is highlighted, the others are dimmed; highlighted
  // lines are drawn thicker. A highlighted op is drawn even without show_ops.
  std::vector<std::string> highlighted;
  // The critical value on the trail (Trail::critical): marker "critical" with its label.
  bool show_critical = false;
  // Group dot labels say how much of the peak compute they achieve: "fc · 0.34% of peak".
  bool label_percent_of_peak = false;
  // With a compare analysis: the step's speed-up there, "H200 SXM: 1.43× faster step"
  // (text "compare:speedup", this step time / the compare GPU's, as compare() computes it).
  bool show_speedup = true;
  // What-if ghosts: a faded dot "ghost:<id>" at each pinned position, with an arrow
  // "ghost:arrow:<id>" to where the dot is now (only for dots drawn now; ghosts.h).
  std::vector<GhostArrow> ghosts;
  // What the ghosts show, said beside the fc ghost and in the legend's "pinned" row: the
  // settings they were pinned at that differ from now ("batch 1"); empty: "pinned dots".
  std::string ghosts_caption;
  // An imported profile's kernels and roofs (measured_layer.h), drawn while show_measured.
  std::shared_ptr<const MeasuredLayer> measured;
};

// `base` showing `chart`: its series and theme, and its axis ranges where it saved them (each
// axis left as in `base` where the chart has no valid range for it).
PlotView plot_view_for(const ChartView& chart, PlotView base = {});
// Flips the series behind a legend entry's series_id (kSeriesFlags: "group:fc", "ops",
// "trail", "roofs:other", "caches", "compare", ...). False for an unknown id.
bool toggle_series(SeriesFlags& flags, std::string_view series_id);

// The data area of the canvas for this view (see the last promise above).
Rect plot_area_rect(const PlotView& view);
LogAxis x_axis(const PlotView& view);
LogAxis y_axis(const PlotView& view);
Vec2 data_to_px(const PlotView& view, double intensity, double flops_per_s);
Vec2 px_to_data(const PlotView& view, Vec2 px);  // {intensity, FLOP/s}

// The trail: where the group dots sit as batch (or seq) sweeps its range.
struct Trail {
  SweepParam param = SweepParam::batch;
  std::vector<SweepPoint> points;  // increasing value
  int64_t current = 0;             // the scenario's batch or seq
  // The smallest value at which fc reaches the ridge (critical_value over the whole range up
  // to kMaxBatch / kMaxSeq) and the analysis there; nullopt when it never does.
  std::optional<SweepPoint> critical;
};

// Sweeps `param` over its natural range, log spaced, with `points` points: batch 1 ..
// max(1024, batch); seq 16 .. max(32768, seq) (both capped at kMaxBatch / kMaxSeq). Also
// finds the critical value.
Trail make_trail(const Scenario& s, SweepParam param, int points = 48);
// The parameter the fc dot follows: batch in decode, the prompt length (seq) in prefill.
SweepParam trail_param_for(const Scenario& s);

// Axis ranges that show every roof (with its ridge), every plotted dot and the trail, with a
// margin of about a third of a decade, rounded outward to 1/2/5·10^k.
PlotView fit_view(PlotView view, const Analysis& a, const Scenario& s, const Trail* trail = nullptr,
                  const Analysis* compare = nullptr);
// Zooms by `factor` (> 1 zooms in) keeping the data point under `pixel` at `pixel`.
void zoom_about(PlotView& view, Vec2 pixel, double factor);
// Moves the view so the content follows the mouse by `delta_px`.
void pan(PlotView& view, Vec2 delta_px);

// "Llama 3 8B on NVIDIA H100 SXM" (model and GPU display names).
std::string default_title(const Scenario& s);
// "decode · batch 1 · context 1,024 · bf16 (math bf16) · peak roofs: 989 TFLOP/s, 3.35 TB/s"
// (prefill says "prompt"; efficiencies below 1 say "practical roofs (70% compute / 80% memory)";
// tp > 1 adds "· TP 4, per GPU"; a roof fallback says "on the bf16 roof").
// A calibration adds "· expected times (<id>)".
std::string caption_line(const Scenario& s, const Analysis& a);
// The GPU layout as the captions say it: "TP 8", "TP 2 × DP 4, EP 8" ("" on one GPU).
std::string layout_caption(const Scenario& s);

PlotGeometry build_roofline_plot(const Analysis& a, const Scenario& s, const PlotView& view,
                                 const Theme& theme, const TextMeasure& measure,
                                 const Trail* trail = nullptr, const Analysis* compare = nullptr);

// The id under `pixel`: "legend:<series_id>" for a legend row (the legend is drawn on top),
// else the nearest interactive marker within `radius_px` of its edge (groups win ties over
// ops; "ridge" is a marker), else the nearest roof or ceiling ("roof:bf16", "cache:L2",
// "compare:roof:bf16") within radius_px of its line. Empty when nothing is there.
std::string hit_test(const PlotGeometry& g, Vec2 pixel, double radius_px);

// Drag mapping: the batch (decode) or prompt length (prefill) whose fc group intensity is
// closest to `target_intensity`, clamped to [1, kMaxBatch] / [1, kMaxSeq]. Binary search over
// analyze() (fc intensity grows monotonically with both). nullopt when the scenario does not
// analyze (zero ops).
std::optional<int64_t> value_for_fc_intensity(const Scenario& s, double target_intensity);
// The same for the attention group: in prefill the prompt length; in decode nullopt (its
// intensity is set by the GQA group size and the KV precision, not by batch or context).
std::optional<int64_t> value_for_attention_intensity(const Scenario& s, double target_intensity);

}  // namespace roofline
