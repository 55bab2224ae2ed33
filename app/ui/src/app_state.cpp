#include "roofline/ui/app_state.h"

#include <filesystem>
#include <utility>

namespace roofline {

namespace {

// The chart's axes and series as the document saved them; a chart without saved axes is fitted.
void view_from_doc(AppState& s) {
  s.view.plot = plot_view_for(s.chart, s.view.plot);
  s.view.auto_fit = !s.chart.has_axes();
  s.view.fit_requested = s.view.auto_fit;
}

}  // namespace

AppState make_app_state(const PresetLibrary& library, ScenarioFile file) {
  AppState s;
  s.library = &library;
  replace_document(s, std::move(file));
  return s;
}

const ChartData& chart_data(const AppState& s) {
  s.derived.update(s.doc);
  return s.derived.data();
}

const ThroughputData& throughput_data(const AppState& s) {
  chart_data(s);
  return s.derived.throughput();
}

const FrontierData& frontier_data(const AppState& s) {
  chart_data(s);
  return s.derived.frontier(s.ui.request_isl, s.ui.request_osl);
}

ScenarioFile document_file(const AppState& s) {
  ScenarioFile file{s.doc, s.chart, s.extra_keys_json};
  if (s.view.auto_fit) {
    file.view.x_min.reset();
    file.view.x_max.reset();
    file.view.y_min.reset();
    file.view.y_max.reset();
  } else {
    file.view.x_min = s.view.plot.x_min;
    file.view.x_max = s.view.plot.x_max;
    file.view.y_min = s.view.plot.y_min;
    file.view.y_max = s.view.plot.y_max;
  }
  return file;
}

void replace_document(AppState& s, ScenarioFile file) {
  s.doc = std::move(file.scenario);
  s.chart = std::move(file.view);
  s.extra_keys_json = std::move(file.extra_keys_json);
  s.history.reset(s.doc);
  view_from_doc(s);
  s.view.drag_id.clear();
  s.view.attention_hint = false;
  s.ui.applied_theme.clear();
  mark_saved(s);
}

void mark_saved(AppState& s) {
  s.ui.saved_nothing = false;
  s.ui.saved_workload = s.doc;
  s.ui.saved_series = s.chart;
  s.ui.saved_theme = s.chart.theme;
  s.ui.saved_legend = s.chart.legend;
}

void mark_saved_as(AppState& s, const ScenarioFile& saved) {
  s.ui.saved_nothing = false;
  s.ui.saved_workload = saved.scenario;
  s.ui.saved_series = saved.view;
  s.ui.saved_theme = saved.view.theme;
  s.ui.saved_legend = saved.view.legend;
}

void mark_unsaved(AppState& s) { s.ui.saved_nothing = true; }

bool document_modified(const AppState& s) {
  return s.ui.saved_nothing || !(s.doc == s.ui.saved_workload) ||
         !(static_cast<const SeriesFlags&>(s.chart) == s.ui.saved_series) ||
         s.chart.theme != s.ui.saved_theme || s.chart.legend != s.ui.saved_legend;
}

std::string window_title(const AppState& s) {
  std::string title = "roofline — ";
  const std::string name = std::filesystem::path(s.ui.scenario_path).filename().string();
  title.append(name.empty() ? std::string("Untitled") : name);
  if (document_modified(s)) title.append(" •");
  return title;
}

bool undo(AppState& s) {
  s.history.commit(s.doc);  // a change not yet settled becomes its own step first
  auto previous = s.history.undo();
  if (!previous) return false;
  s.doc = std::move(*previous);
  return true;
}

bool redo(AppState& s) {
  auto next = s.history.redo();
  if (!next) return false;
  s.doc = std::move(*next);
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
