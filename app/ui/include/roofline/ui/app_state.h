#pragma once
// AppState: everything the window shows, in one value. The UI functions read and change it;
// nothing lives in static locals, so a test can build two apps side by side.
//
//   doc      the workload (Scenario: saved, undone, analysed)
//   chart    what the chart shows (ChartView: saved with doc, not undone); {doc, chart} is the
//            document, and `extra_keys_json` keeps the file's unknown keys for saving
//   history  undo / redo of the doc's workload
//   view     the chart's drawing: live axes, hover and drag state, the last geometry
//   ui       panels, dialogs, fonts and scale, messages
//   derived  the cache behind chart_data(s): read it only through chart_data()

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "roofline/analysis.h"
#include "roofline/desktop/file_chooser.h"
#include "roofline/io/preset_library.h"
#include "roofline/persist/scenario_file.h"
#include "roofline/persist/settings_file.h"
#include "roofline/plot/chart_view.h"
#include "roofline/plot/figure.h"
#include "roofline/plot/geometry.h"
#include "roofline/plot/measured_layer.h"
#include "roofline/plot/roofline_plot.h"
#include "roofline/plot/throughput_plot.h"
#include "roofline/profile.h"
#include "roofline/scenario.h"
#include "roofline/ui/classroom_state.h"
#include "roofline/ui/dialog_state.h"
#include "roofline/ui/history.h"

namespace roofline {

struct ViewState {
  PlotView plot;              // live axes and interaction; plot.chart follows AppState::chart
  bool auto_fit = true;       // refit when the workload changes, until the user zooms or pans
  bool fit_requested = true;  // fit on the next frame (start, double-click, Ctrl+0)
  Scenario fit_key;           // the workload (batch and seq left out) of the last auto fit
  uint64_t fit_checked_revision = 0;  // the analysis whose axes were last checked for shrinking
  std::string hovered_id;             // marker or legend row under the mouse (geometry ids)
  std::string table_hovered_id;       // "op:<name>" of the operator-table row under the mouse
  std::string drag_id;                // "group:fc" or "group:attention" while a dot is dragged
  double drag_offset_px = 0;          // mouse x minus the dot's x when the drag started
  bool attention_hint = false;        // the "why the attention dot does not move" note is open
  ImVec2 attention_hint_size{0, 0};   // its size last frame (to keep it inside the chart)
  ImVec2 canvas_origin{0, 0};         // screen position of the chart canvas (last frame)
  bool chart_focused = false;  // the chart has the keyboard (last frame): arrows, + and - act on it
  PlotGeometry geometry;       // the roofline chart as drawn last frame (canvas pixels)
  ThroughputView throughput;
  ImVec2 throughput_origin{0, 0};
  PlotGeometry throughput_geometry;
};

enum class FileAction {
  none,
  open_scenario,
  save_scenario_as,
  load_gpu,
  load_model,
  import_measurements
};

struct ImportJob;  // a profile being read off the UI thread (measured.cpp)

// An imported profile (File > Import measurements…, a file dropped on the window, --measured):
// its kernels and roofs on the chart, the Measured tab. Not part of the document: opening a
// scenario keeps it, undo does not touch it.
struct MeasuredState {
  std::shared_ptr<const Profile> profile;  // nullptr: nothing imported
  std::string path;
  double steps = 1;  // steps the profile covers (the Measured tab's field)
  // The layer drawn: the profile against the current analysis, rebuilt when either changes.
  std::shared_ptr<const MeasuredLayer> layer;
  uint64_t layer_revision = UINT64_MAX;
  double layer_steps = 0;
  std::shared_ptr<ImportJob> job;  // an import in flight
};

struct FileDialogState {
  // The action the desktop's file chooser is open for (none: it is not open). While it is, the
  // window keeps drawing and frame_tick polls it.
  FileAction chooser_action = FileAction::none;
  FileAction action = FileAction::none;  // the in-app dialog's action (none: closed)
  bool open_requested = false;
  FolderListing folder;  // the folder listed
  std::string path;      // the path typed or picked
  std::string error;     // the last failure, shown in the dialog
};

struct AppState;

// What the user asked for that would replace the document or end the app while it has changes
// that are not saved (quit, open, an example, reset, a lesson): "Save changes?" asks first
// (save_changes.cpp), and `proceed` runs once they are saved, or at "Don't save"; Cancel drops it.
struct PendingDiscard {
  std::string what;  // completes "Save them before you …?": "quit", "open llama.roofline.json"
  std::function<void(AppState&)> proceed;
  bool open_popup = true;         // the modal is opened on the next frame
  bool waiting_for_save = false;  // Save as… is choosing a file: proceed once it has saved
};

struct UiState {
  // Layout, in em (font units) so it follows the UI scale.
  float controls_width_em = 25.0f;
  float details_height_em = 15.0f;
  // Scale: the monitor's content scale times the user's factor; fonts are rasterised at
  // kBaseFontPx * scale. The platform rebuilds the atlas when fonts_dirty is set.
  float content_scale = 1.0f;
  float user_scale = 1.0f;
  bool fonts_dirty = false;
  ImFont* font_regular = nullptr;
  ImFont* font_bold = nullptr;
  ImFont* font_italic = nullptr;    // DejaVu Sans Oblique (lesson emphasis), else font_regular
  float presentation_scale = 1.0f;  // kPresentationScale in presentation mode (classroom.h)
  std::string applied_theme;        // the ImGui style last applied ("" forces a re-apply)
  float applied_scale = 0;
  // Files and messages.
  std::string scenario_path;              // where Save writes; empty until opened or saved as
  std::vector<std::string> recent_files;  // File > Open recent (Settings::recent_files)
  // The document as last opened or saved: the title bar marks a change from it.
  Scenario saved_workload;
  SeriesFlags saved_series;
  ChartTheme saved_theme = ChartTheme::light;
  LegendPlace saved_legend = LegendPlace::best;
  bool saved_nothing = false;  // nothing on disk matches the document (mark_unsaved)
  FileDialogState file_dialog;
  // The desktop's own file chooser (the XDG portal, installed by the platform where a session
  // bus is); null, or once it says it is unavailable, the in-app dialog is used.
  std::shared_ptr<desktop::FileChooser> file_chooser;
  // The web build (app/web): a tab cannot quit, and the screenshot is the canvas's; File >
  // Copy link asks the page to copy its address (the scenario and lesson step, scenario_link.h).
  bool in_browser = false;
  bool copy_link_requested = false;
  ExportDialogState export_dialog;  // File > Export figure… and its job (export_dialog.cpp)
  std::string message;  // last notice (loaded, saved, or an error), shown in the status bar
  bool message_is_error = false;
  bool show_shortcuts = false;
  bool show_about = false;
  bool quit_requested = false;
  std::optional<PendingDiscard> pending_discard;  // "Save changes?" (save_changes.cpp)
  bool focus_controls = false;  // give the keyboard to the left panel next frame (Tab on the chart)
  // Frames until the platform saves a window screenshot (0: none pending). Counting down past
  // one frame lets the menu that asked for it close first.
  int screenshot_in_frames = 0;
  int window_width = 0;  // the window's size in screen coordinates, kept by the platform
  int window_height = 0;
  int details_tab = 0;  // 0: operators, 1: throughput, 2: request (the tab shown last frame)
  int select_details_tab = -1;  // set to 0 or 1 to switch tabs on the next frame
  // Files dropped on the window since the last frame (the platform's drop callback).
  std::vector<std::string> dropped_paths;
  std::vector<int> op_order;  // sorted row order of the operator table
  uint64_t op_order_revision = UINT64_MAX;
  bool op_sort_dirty = true;
  // The operator table's width at which every cell and header shows whole (measured last frame);
  // narrower windows scroll the table sideways rather than cut its text.
  float op_table_width_px = 0;
  uint64_t frame = 0;
  // The calibration presets fitted for `calibrations_gpu` (parsed once per GPU, not per frame).
  std::string calibrations_gpu;
  std::vector<PresetEntry> gpu_calibrations;
  bool gpu_calibration_is_prior = false;  // the first of them is a prior (tools/fit_priors.py)
  // The GPU presets parsed once for the GPU lists (grouped by class and vendor, with memory and
  // bandwidth beside each name), in grouped_order.
  std::vector<GpuSpec> gpu_menu;
  // The Request tab: prompt and output tokens per sequence (the batch is the document's).
  int64_t request_isl = 1024;
  int64_t request_osl = 1024;
  // The Throughput tab: tokens/s against batch, or the serving frontier (per GPU against per
  // user, over batch, tp and precision, for the Request tab's ISL and OSL).
  bool throughput_frontier = false;
};

struct AppState {
  Scenario doc;
  ChartView chart;
  std::string extra_keys_json;  // the scenario file's unknown keys (ScenarioFile)
  History history;
  ViewState view;
  UiState ui;
  // A cache of what is computed from `doc`, not state: chart_data() brings it up to date.
  mutable ChartDataCache derived;
  ClassroomState classroom;  // lessons, ghosts, presentation mode (roofline/ui/classroom.h)
  MeasuredState measured;    // an imported profile (roofline/ui/measured.h)
  const PresetLibrary* library = nullptr;
};

inline constexpr float kBaseFontPx = 15.0f;

// An app on `file` (history reset to its workload) using `library` for presets.
AppState make_app_state(const PresetLibrary& library, ScenarioFile file);

// chart_data(s.doc): the analysis, compare analysis and trail of the document. The one place
// the derived data is brought up to date (ChartDataCache::update, cheap when the workload did
// not change), so no reader can see data of an older document.
const ChartData& chart_data(const AppState& s);
// The throughput sweep of the document, computed on demand (only while it is shown).
const ThroughputData& throughput_data(const AppState& s);
// The serving frontier of the document for the Request tab's ISL and OSL, on demand.
const FrontierData& frontier_data(const AppState& s);

// The document as a scenario file, for saving: the chart's ranges only where the user chose
// them (auto-fitted axes are not saved: the file refits wherever it is opened).
ScenarioFile document_file(const AppState& s);
// Replaces the document (a loaded file or preset scenario): new history, refit.
void replace_document(AppState& s, ScenarioFile file);
// The document now is the one on disk (after a save).
void mark_saved(AppState& s);
// True when the workload, the series shown or the theme differ from the document as last opened
// or saved.
bool document_modified(const AppState& s);
// The document is compared with `saved` from now on (a restored session's file as it is on
// disk); mark_unsaved: with nothing, so it reads as changed until saved.
void mark_saved_as(AppState& s, const ScenarioFile& saved);
void mark_unsaved(AppState& s);
// Runs `proceed` now when the document has no unsaved changes (or a lesson is running: its steps
// are not the user's work); otherwise asks "Save changes? … before you WHAT?" first and runs it
// once saved, or on "Don't save" (save_changes.cpp).
void unless_unsaved(AppState& s, std::string what, std::function<void(AppState&)> proceed);
// "roofline — llama.json •" (• when modified), "roofline — Untitled" for a document with no file.
std::string window_title(const AppState& s);

// Undo / redo of the workload; false when there was nothing to do.
bool undo(AppState& s);
bool redo(AppState& s);

// Records a history step if the UI has settled (no widget active) and the doc changed.
void commit_if_settled(AppState& s, bool any_item_active);

void set_message(AppState& s, std::string text, bool is_error);

// After a GPU change: a calibration fitted for other GPUs gives way to one fitted for this GPU,
// or to the bounds, with a message saying which (a calibration file with no GPU list stays).
void follow_gpu_calibration(AppState& s);

}  // namespace roofline
