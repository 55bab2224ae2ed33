#include "roofline/ui/app_state.h"

#include <algorithm>
#include <utility>

#include "roofline/compare.h"

namespace roofline {

namespace {

// The doc with the trail's swept value replaced by the end of the trail's range, so two docs
// with the same key have the same trail (make_trail sweeps 1 .. max(1024, batch) and
// 16 .. max(32768, seq)).
Scenario trail_key_for(const Scenario& doc, SweepParam param) {
  Scenario key = doc;
  key.view = {};
  if (param == SweepParam::batch) {
    key.batch = std::max<int64_t>(1024, doc.batch);
  } else {
    key.seq = std::max<int64_t>(32768, doc.seq);
  }
  return key;
}

// make_throughput_data sweeps batch 1 .. max(2·max_batch, 2·batch, 256): besides the workload
// without its batch, only a batch past half the range's end changes the sweep.
Scenario throughput_key_for(const Scenario& doc) {
  Scenario key = doc;
  key.view = {};
  key.batch = 0;
  return key;
}

// The chart's axes and series as the doc saved them; a doc without saved axes is fitted.
void view_from_doc(AppState& s) {
  s.view.plot = plot_view_from_settings(s.doc.view, s.view.plot);
  s.view.auto_fit = !(s.doc.view.x_min && s.doc.view.x_max && s.doc.view.y_min && s.doc.view.y_max);
  s.view.fit_requested = s.view.auto_fit;
}

}  // namespace

AppState make_app_state(const PresetLibrary& library, Scenario doc) {
  AppState s;
  s.library = &library;
  s.doc = std::move(doc);
  s.history.reset(s.doc);
  view_from_doc(s);
  return s;
}

void refresh_derived(AppState& s) {
  Derived& d = s.derived;
  const bool changed = !d.valid || !same_workload(d.analyzed, s.doc);
  if (changed) {
    d.analysis = analyze(s.doc);
    d.compare.reset();
    if (s.doc.compare_gpu) d.compare = analyze_on_gpu(s.doc, *s.doc.compare_gpu);
    d.analyzed = s.doc;
    d.valid = true;
    ++d.revision;
  }
  // The trail depends on the workload only, so an unchanged one keeps it: no key copy per frame.
  if (changed || !d.trail_valid) {
    const SweepParam param = trail_param_for(s.doc);
    Scenario key = trail_key_for(s.doc, param);
    if (!d.trail_valid || d.trail.param != param || !(key == d.trail_key)) {
      d.trail = make_trail(s.doc, param);
      d.trail_key = std::move(key);
      d.trail_valid = true;
    }
  }
  d.trail.current = trail_param_for(s.doc) == SweepParam::batch ? s.doc.batch : s.doc.seq;
}

const ThroughputData& throughput_data(AppState& s) {
  Derived& d = s.derived;
  Scenario key = throughput_key_for(s.doc);
  const bool in_range =
      !d.throughput.points.empty() && (2 * s.doc.batch <= d.throughput.points.back().value ||
                                       d.throughput.points.back().value >= kMaxBatch);
  if (!d.throughput_valid || !in_range || !(key == d.throughput_key)) {
    d.throughput = make_throughput_data(s.doc);
    d.throughput_key = std::move(key);
    d.throughput_valid = true;
  }
  refresh_derived(s);
  // Between sweeps only the marker moves: take the current point from the analysis.
  d.throughput.current_batch = s.doc.batch;
  d.throughput.current_tokens_per_s = d.analysis.totals.tokens_per_s;
  return d.throughput;
}

void replace_document(AppState& s, Scenario doc) {
  s.doc = std::move(doc);
  s.history.reset(s.doc);
  view_from_doc(s);
  s.view.drag_id.clear();
  s.view.attention_hint = false;
  s.ui.applied_theme.clear();
}

bool undo(AppState& s) {
  s.history.commit(s.doc);  // a change not yet settled becomes its own step first
  auto previous = s.history.undo();
  if (!previous) return false;
  apply_workload(s.doc, *previous);
  return true;
}

bool redo(AppState& s) {
  auto next = s.history.redo();
  if (!next) return false;
  apply_workload(s.doc, *next);
  return true;
}

void commit_if_settled(AppState& s, bool any_item_active) {
  if (!any_item_active && s.view.drag_id.empty()) s.history.commit(s.doc);
}

void set_message(AppState& s, std::string text, bool is_error) {
  s.ui.message = std::move(text);
  s.ui.message_is_error = is_error;
}

}  // namespace roofline
