#pragma once
// AppState: everything the window shows, in one value. The UI functions read and change it;
// nothing lives in static locals, so a test can build two apps side by side.
//
//   doc      the Scenario (the document: saved, undone, analysed)
//   history  undo / redo of the doc's workload
//   view     the chart: live axes, series flags, hover and drag state, the last geometry
//   ui       panels, dialogs, fonts and scale, messages
//   derived  the analysis and sweeps of `doc`, recomputed only when `doc` changes

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "roofline/analysis.h"
#include "roofline/io/preset_library.h"
#include "roofline/plot/geometry.h"
#include "roofline/plot/roofline_plot.h"
#include "roofline/plot/throughput_plot.h"
#include "roofline/scenario.h"
#include "roofline/ui/classroom_state.h"
#include "roofline/ui/dialog_state.h"
#include "roofline/ui/history.h"
#include "roofline/ui/settings.h"

namespace roofline {

struct ViewState {
  PlotView plot;                 // live axis ranges and series flags of the roofline chart
  bool auto_fit = true;          // refit when the workload changes, until the user zooms or pans
  bool fit_requested = true;     // fit on the next frame (start, double-click, Ctrl+0)
  Scenario fit_key;              // the workload (batch and seq left out) of the last auto fit
  std::string hovered_id;        // marker or legend row under the mouse (geometry ids)
  std::string table_hovered_id;  // "op:<name>" of the operator-table row under the mouse
  std::string drag_id;           // "group:fc" or "group:attention" while a dot is dragged
  double drag_offset_px = 0;     // mouse x minus the dot's x when the drag started
  bool attention_hint = false;   // the "why the attention dot does not move" note is open
  ImVec2 attention_hint_size{0, 0};  // its size last frame (to keep it inside the chart)
  ImVec2 canvas_origin{0, 0};        // screen position of the chart canvas (last frame)
  PlotGeometry geometry;             // the roofline chart as drawn last frame (canvas pixels)
  ThroughputView throughput;
  ImVec2 throughput_origin{0, 0};
  PlotGeometry throughput_geometry;
};

enum class FileAction { none, open_scenario, save_scenario_as, load_gpu, load_model };

struct FileDialogState {
  FileAction action = FileAction::none;
  bool open_requested = false;
  FolderListing folder;  // the folder listed
  std::string path;      // the path typed or picked
  std::string error;     // the last failure, shown in the dialog
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
  std::string scenario_path;  // where Save writes; empty until opened or saved as
  FileDialogState file_dialog;
  ExportDialogState export_dialog;  // File > Export figure… and its job (export_dialog.cpp)
  std::string message;  // last notice (loaded, saved, or an error), shown in the status bar
  bool message_is_error = false;
  bool show_shortcuts = false;
  bool show_about = false;
  bool quit_requested = false;
  // Frames until the platform saves a window screenshot (0: none pending). Counting down past
  // one frame lets the menu that asked for it close first.
  int screenshot_in_frames = 0;
  int window_width = 0;  // the window's size in screen coordinates, kept by the platform
  int window_height = 0;
  int details_tab = 0;          // 0: operators, 1: throughput (the tab shown last frame)
  int select_details_tab = -1;  // set to 0 or 1 to switch tabs on the next frame
  std::vector<int> op_order;    // sorted row order of the operator table
  uint64_t op_order_revision = UINT64_MAX;
  bool op_sort_dirty = true;
  uint64_t frame = 0;
};

// The analysis and sweeps of the document; see refresh_derived().
struct Derived {
  bool valid = false;
  uint64_t revision = 0;  // increments whenever `analysis` is recomputed
  Scenario analyzed;      // the doc `analysis` belongs to
  Analysis analysis;
  std::optional<Analysis> compare;  // the same workload on doc.compare_gpu
  bool trail_valid = false;
  Scenario trail_key;  // workload of the trail with the swept value neutralised
  Trail trail;
  bool throughput_valid = false;
  Scenario throughput_key;
  ThroughputData throughput;
};

struct AppState {
  Scenario doc;
  History history;
  ViewState view;
  UiState ui;
  Derived derived;
  ClassroomState classroom;  // lessons, ghosts, presentation mode (roofline/ui/classroom.h)
  const PresetLibrary* library = nullptr;
};

inline constexpr float kBaseFontPx = 15.0f;

// An app on `doc` (history reset to it) using `library` for presets.
AppState make_app_state(const PresetLibrary& library, Scenario doc);

// Brings `s.derived` up to date with `s.doc`: the analysis (and compare analysis) when the
// workload changed, the trail when anything but the swept value changed. Cheap when nothing did.
void refresh_derived(AppState& s);
// The throughput sweep, computed on demand (only while its tab is shown).
const ThroughputData& throughput_data(AppState& s);

// Replaces the document (a loaded file or preset scenario): new history, refit.
void replace_document(AppState& s, Scenario doc);

// Undo / redo of the workload; false when there was nothing to do.
bool undo(AppState& s);
bool redo(AppState& s);

// Records a history step if the UI has settled (no widget active) and the doc changed.
void commit_if_settled(AppState& s, bool any_item_active);

void set_message(AppState& s, std::string text, bool is_error);

}  // namespace roofline
