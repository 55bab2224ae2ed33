#pragma once
// Declarations shared by the UI's source files (one function per panel). Not installed.

#include <imgui.h>

#include <string>
#include <string_view>

#include "roofline/ui/app_state.h"

namespace roofline {

// [style.cpp] The ImGui style for doc.view.theme at the current scale, when either changed.
void apply_style_if_needed(AppState& s);

// [frame.cpp] Menu bar and keyboard shortcuts.
void draw_menu_bar(AppState& s);
void handle_shortcuts(AppState& s);
void draw_help_windows(AppState& s);

// [panel_controls.cpp] The left panel: hardware, model, workload, precision, kernels, roofs.
void draw_controls_panel(AppState& s);

// [chart_widget.cpp] The roofline chart filling `size` at the cursor, with its interactions.
void draw_chart(AppState& s, ImVec2 size);
// The series flags of the view written back into the document's view settings.
void sync_view_flags_to_doc(AppState& s);

// [panel_details.cpp] The operator table and the throughput plot (tabs), and the status line.
void draw_details(AppState& s);
void draw_status_line(AppState& s);

// [file_dialog.cpp] The in-app file dialog and the file actions it ends in.
void open_file_dialog(AppState& s, FileAction action);
void draw_file_dialog(AppState& s);
// Each returns "" on success (and sets the status message), else the error message.
std::string open_scenario_file(AppState& s, const std::string& path);
std::string save_scenario_to(AppState& s, const std::string& path);
std::string load_gpu_file(AppState& s, const std::string& path);
std::string load_model_file(AppState& s, const std::string& path);
std::string export_chart_to(AppState& s, const std::string& path);
bool export_available();

// [tooltips.cpp] Hover text.
void item_tooltip(const char* text);  // for the last item, wrapped at ~32 em
void help_marker(const char* text);   // a "(?)" with a tooltip, on the same line
// The label column of the control panel: a label with its tooltip, then the cursor placed for
// a full-width widget.
void row_label(const char* label, const char* tooltip);
// Tooltip describing a dot of the chart (group, op or compare dot).
void dot_tooltip(const AppState& s, const std::string& marker_id);

// Small ImVec2 helpers (imgui.h defines no operators without imgui_internal.h).
inline ImVec2 add(ImVec2 a, ImVec2 b) { return {a.x + b.x, a.y + b.y}; }
inline ImVec2 sub(ImVec2 a, ImVec2 b) { return {a.x - b.x, a.y - b.y}; }

}  // namespace roofline
