#pragma once
// Declarations shared by the UI's source files (one function per panel). Not installed.

#include <imgui.h>

#include <string>
#include <string_view>

#include "roofline/readouts.h"
#include "roofline/ui/app_state.h"
#include "roofline/ui/frame.h"
#include "roofline/ui/measured.h"
#include "roofline/ui/shortcuts.h"

namespace roofline {

// [style.cpp] The ImGui style for ui_theme(s) at the current scale, when either changed.
void apply_style_if_needed(AppState& s);
// The colour of status text of that severity in the current style's theme (info: the text
// colour): WCAG AA on the panels (plot/theme.h's status slots).
ImVec4 status_color(Severity severity);
// The colour of a right answer in the current theme.
ImVec4 success_color();
// The bound column's "compute" in the current theme.
ImVec4 compute_text_color();

// [presentation.cpp, lesson_panel.cpp, chart_classroom.cpp] The classroom in the frame.
// The high-contrast light ImGui colours of presentation mode.
void apply_projector_colors(ImGuiStyle& style);
// Frame start: moves a step animation on, keeps presentation mode's input settings.
void update_classroom(AppState& s);
void draw_lessons_menu(AppState& s);
void draw_classroom_view_items(AppState& s);  // at the end of the View menu
// The left column: the lesson panel over the controls while a lesson runs, else the controls.
void draw_left_panel(AppState& s);
// Presentation mode's whole window body (no menu bar): lesson panel | chart, status line.
void draw_presentation_layout(AppState& s);
// The lesson picker and the formula card of the selected dot.
void draw_classroom_windows(AppState& s);
// The running lesson's panel (step text, question, navigation); `presenting` adds key hints.
void draw_lesson_panel(AppState& s, bool presenting);
// The built-in lessons as a list to start one from.
void draw_lesson_list(AppState& s);
// [formula_card.cpp] The formula card of view.plot.selected_id, over the chart's corner.
void draw_formula_card(AppState& s);
// Chart hooks: highlights, ghosts and the critical value into the view before it is built;
// the ghost buttons over the chart after it is painted.
void apply_classroom_view(AppState& s, PlotView& v);
void draw_chart_classroom_overlay(AppState& s, ImVec2 origin, ImVec2 size);

// [menus.cpp] The menu bar.
void draw_menu_bar(AppState& s);

// [shortcuts.cpp] The actions of the shortcut table (shortcuts.h) that menus offer too; `index`
// is unused (the table's signature).
void act_open_scenario(AppState& s, int index = 0);
void act_save_scenario(AppState& s, int index = 0);  // "as…" when the scenario has no file yet
void act_save_scenario_as(AppState& s, int index = 0);
void act_import_measurements(AppState& s, int index = 0);
void act_export_figure(AppState& s, int index = 0);
void act_quick_export(AppState& s, int index = 0);
void act_save_screenshot(AppState& s, int index = 0);
void act_quit(AppState& s, int index = 0);
void act_undo(AppState& s, int index = 0);
void act_redo(AppState& s, int index = 0);
void act_copy_table(AppState& s, int index = 0);  // Ctrl+C: the operator table, tab-separated
void act_fit_chart(AppState& s, int index = 0);
// The chart's keys (while it has the keyboard): index 0 down, 1 up, to the previous or next
// power of two (batch: ← →; context in decode, prompt length in prefill: ↓ ↑); zoom in or out
// about the plot's centre (+, -).
void act_nudge_batch(AppState& s, int index);
// The power of two next to v inside [1, hi]: the largest below it (index 0) or the smallest above
// it (index 1): 1000 steps to 512 or 1024, 1024 to 512 or 2048 (so v - 1 gives the one at or
// above v). Also the batch slider's end.
int64_t power_of_two_step(int64_t v, int index, int64_t hi);
void act_nudge_seq(AppState& s, int index);
void act_zoom_chart(AppState& s, int index);
void act_larger_ui(AppState& s, int index = 0);  // the next of kUiScaleSteps
void act_smaller_ui(AppState& s, int index = 0);
void act_pin_ghosts(AppState& s, int index = 0);
void act_clear_ghosts(AppState& s, int index = 0);
void act_toggle_presentation(AppState& s, int index = 0);
// A menu item showing the keys of `action`'s first row in the shortcut table; runs the action
// when clicked (and returns true).
bool shortcut_menu_item(AppState& s, const char* label, ShortcutAction action,
                        bool selected = false, bool enabled = true);
// Help > Keyboard and mouse (while ui.show_shortcuts): the mouse gestures, then every row of
// the shortcut table.
void draw_keyboard_help(AppState& s);
// One notch of the mouse wheel zooms the chart by this factor; so do + and - on the chart.
inline constexpr double kWheelZoomFactor = 1.25;
// View > UI scale offers these; Ctrl+= and Ctrl+- step through them.
inline constexpr float kUiScaleSteps[] = {0.75f, 1.0f, 1.25f, 1.5f, 1.75f, 2.0f, 2.5f, 3.0f};

// [frame_tick.cpp] Help > About roofline (while ui.show_about).
void draw_about_window(AppState& s);

// [panel_controls.cpp] The left panel: hardware, model, workload, precision, kernels, roofs.
void draw_controls_panel(AppState& s);

// [chart_widget.cpp] The roofline chart filling `size` at the cursor, with its interactions.
void draw_chart(AppState& s, ImVec2 size);

// [panel_details.cpp] The operator table and the throughput plot (tabs), and the status line.
void draw_details(AppState& s);
void draw_status_line(AppState& s);

// [panel_measured.cpp] The Measured tab; the tooltip of "measured:<k>" / "measured:roof:<i>".
void draw_measured_tab(AppState& s);
void measured_tooltip(const AppState& s, std::string_view id);

// [file_dialog.cpp] The in-app file dialog and the file actions it ends in.
// Opens the desktop's file chooser for `action` where there is one, else the in-app dialog.
void open_file_dialog(AppState& s, FileAction action);
// Once a frame: what the desktop's chooser has come back with (the action run on the file
// picked; the in-app dialog opened if the chooser turned out unavailable or failed).
void poll_file_chooser(AppState& s);
// What open_file_dialog asks the desktop's chooser for `action`.
desktop::FileRequest file_chooser_request(const AppState& s, FileAction action);
void draw_file_dialog(AppState& s);
// [save_changes.cpp] The "Save changes?" modal of a pending unless_unsaved() (app_state.h).
void draw_save_changes(AppState& s);
// Each returns "" on success (and sets the status message), else the error message.
// Reads the scenario file; when it loads, opens it (asking "Save changes?" first where the
// document has some). "" or why it did not load.
std::string open_scenario_file(AppState& s, const std::string& path);
std::string save_scenario_to(AppState& s, const std::string& path);
std::string load_gpu_file(AppState& s, const std::string& path);
std::string load_model_file(AppState& s, const std::string& path);
// File > Open recent: opens ui.recent_files[index]; a file no longer there is dropped from the
// list, with a message saying so.
void open_recent_file(AppState& s, size_t index);
// A recent file as the menu shows it: its name, and its folder with the home folder as "~" and
// a long middle cut to "…" ("~/work/…/scenarios").
std::string recent_file_folder(const std::string& path);
// The folder the scenario file is in (absolute), else the working directory.
std::string scenario_folder(const AppState& s);
// A red, wrapped message (nothing when `error` is empty).
void draw_error_text(const std::string& error);
// The folder listing both dialogs show: "Up", the folder, then a list box `height` pixels tall
// of its subfolders (a click enters one) and the files with one of `f.extensions` (a click
// puts the name in `path`). Re-reads the folder when it or the filter changed. True when a
// file was double-clicked.
bool draw_folder_listing(FolderListing& f, std::string& path, float height, const char* empty_text);
// What `typed` names: a relative name lives in the listed folder (when opening and only the
// working directory has it, there instead).
std::string resolve_in_folder(const FolderListing& f, const std::string& typed, bool saving);
// When `path` is a folder, lists it instead and returns true.
bool enter_if_folder(FolderListing& f, const std::string& path);

// [export_dialog.cpp] File > Export figure… (Ctrl+E).
void open_export_dialog(AppState& s);
void draw_export_dialog(AppState& s);
// [export_preview.cpp] The figure `o` describes, scaled into the space left in the dialog
// (`size_ok` false: just a frame that says the size is out of range); for the table, its
// first lines. Then the size in words.
void draw_export_preview(AppState& s, const FigureExportOptions& o, bool size_ok);
// "1920 × 1080 px · 16:9"; PDF "960 × 540 pt = 13.33 × 7.50 in · 16:9"; a scaled PNG
// "1050 × 750 px · 7:5 · 3.50 × 2.50 in at 300 dpi".
std::string export_size_text(const FigureExportOptions& o);

// [export_job.cpp] Figures and tables written off the UI thread.
// The stem of the scenario file, else "<model id>-<gpu id>"; the throughput chart adds
// "-throughput", the operator table "-operators", so no export overwrites another by default.
std::string export_base_name(const AppState& s, ExportWhat what);
// Where Ctrl+Shift+E writes: <export_base_name>.<last format> in scenario_folder().
std::string quick_export_path(const AppState& s);
// The roofline or throughput chart as `o` asks (the window's axes and, unless `o` says
// otherwise, its series), at `o`'s size: the export's geometry and the preview's.
PlotGeometry build_export_figure(const AppState& s, const FigureExportOptions& o,
                                 const TextMeasure& measure);
// "" when `o` can be written to `path`, else one message naming the path and the rule:
// the extension, the size, PNG scale and font ranges (no file system access)...
std::string check_export_options(const FigureExportOptions& o, const std::string& path);
// ...then the folder exists and takes a new file.
std::string check_export(const FigureExportOptions& o, const std::string& path);
// Checks, builds the figure (or copies the analysis) here and writes it on a worker thread;
// the status line says "Exporting <path>…". "" when the job started, else why not (nothing
// is written). The extension of `path` picks among the formats of `o.what`.
std::string start_export(AppState& s, const FigureExportOptions& o, const std::string& path);
// A finished job's outcome into the status line: "Wrote <absolute path> (123 kB)" or
// its error. Called every frame.
void poll_export_job(AppState& s);
// Ctrl+Shift+E: start_export(last options, quick_export_path()); errors to the status line.
void quick_export(AppState& s);

// [tooltips.cpp] Hover text.
void item_tooltip(const char* text);  // for the last item, wrapped at ~32 em
// "the desktop's file chooser", or in the web page "the browser's file picker" (file_dialog.cpp);
// capitalised(): its first letter upper-case, to start a sentence.
std::string chooser_name(const AppState& s);
std::string capitalised(std::string text);
// `text` as a combo's preview shows it in the next item's width: whole, or cut with "…"
// ("NVIDIA RTX PRO 6000 Blackw…") where it would be clipped mid-letter.
std::string fit_combo_preview(const std::string& text);
// The label column of the control panel: a label with its tooltip, then the cursor placed for
// a full-width widget.
void row_label(const char* label, const char* tooltip);
// Tooltip describing a dot of the chart (group, op or compare dot).
void dot_tooltip(const AppState& s, const std::string& marker_id);

// Small ImVec2 helpers (imgui.h defines no operators without imgui_internal.h).
inline ImVec2 add(ImVec2 a, ImVec2 b) { return {a.x + b.x, a.y + b.y}; }
inline ImVec2 sub(ImVec2 a, ImVec2 b) { return {a.x - b.x, a.y - b.y}; }

}  // namespace roofline
