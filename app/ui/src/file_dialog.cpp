// The in-app file dialog (there is no native one): a path field and the folder's matching
// files, plus the file actions it ends in. Errors stay in the dialog; the app keeps its state.

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cfloat>
#include <filesystem>
#include <system_error>

#include "roofline/io/json_io.h"
#include "ui_internal.h"

#ifdef ROOFLINE_UI_HAVE_EXPORT
#include "roofline/export/export.h"
#endif

namespace roofline {

namespace fs = std::filesystem;

namespace {

const char* title_of(FileAction a) {
  switch (a) {
    case FileAction::open_scenario:
      return "Open scenario###file_dialog";
    case FileAction::save_scenario_as:
      return "Save scenario as###file_dialog";
    case FileAction::load_gpu:
      return "Load a GPU preset file###file_dialog";
    case FileAction::load_model:
      return "Open a model config.json###file_dialog";
    case FileAction::export_chart:
      return "Export chart or table###file_dialog";
    case FileAction::none:
      break;
  }
  return "File###file_dialog";
}

const char* accept_label(FileAction a) {
  switch (a) {
    case FileAction::save_scenario_as:
      return "Save";
    case FileAction::export_chart:
      return "Export";
    default:
      return "Open";
  }
}

bool wanted_file(FileAction a, const fs::path& p) {
  std::string ext = p.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (a == FileAction::export_chart) {
    return ext == ".png" || ext == ".svg" || ext == ".pdf" || ext == ".csv" || ext == ".md";
  }
  return ext == ".json";
}

std::string current_dir() {
  std::error_code ec;
  fs::path cwd = fs::current_path(ec);
  return ec ? std::string(".") : cwd.string();
}

void list_directory(FileDialogState& d) {
  d.subdirs.clear();
  d.files.clear();
  d.listed_directory = d.directory;
  std::error_code ec;
  for (fs::directory_iterator it(d.directory, fs::directory_options::skip_permission_denied, ec),
       end;
       !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.empty() || name[0] == '.') continue;
    std::error_code type_ec;
    if (it->is_directory(type_ec)) {
      d.subdirs.push_back(name);
    } else if (wanted_file(d.action, it->path())) {
      d.files.push_back(name);
    }
  }
  if (ec) d.error = d.directory + ": cannot list the folder (" + ec.message() + ")";
  std::sort(d.subdirs.begin(), d.subdirs.end());
  std::sort(d.files.begin(), d.files.end());
}

std::string run_action(AppState& s, FileAction action, const std::string& path) {
  switch (action) {
    case FileAction::open_scenario:
      return open_scenario_file(s, path);
    case FileAction::save_scenario_as:
      return save_scenario_to(s, path);
    case FileAction::load_gpu:
      return load_gpu_file(s, path);
    case FileAction::load_model:
      return load_model_file(s, path);
    case FileAction::export_chart:
      return export_chart_to(s, path);
    case FileAction::none:
      break;
  }
  return {};
}

// Accepting a folder navigates into it; a file runs the action.
bool accept(AppState& s) {
  FileDialogState& d = s.ui.file_dialog;
  if (d.path.empty()) {
    d.error = "Type a file name or pick one from the list.";
    return false;
  }
  fs::path p(d.path);
  std::error_code ec;
  if (p.is_relative()) {
    // A name in the listed folder; when opening, failing that, a path from the working
    // directory (where the app was started), which is what people type.
    const fs::path in_listed = fs::path(d.directory) / p;
    const bool save =
        d.action == FileAction::save_scenario_as || d.action == FileAction::export_chart;
    if (save || fs::exists(in_listed, ec) || !fs::exists(p, ec)) p = in_listed;
  }
  if (fs::is_directory(p, ec)) {
    d.directory = fs::weakly_canonical(p, ec).string();
    d.path.clear();
    d.error.clear();
    return false;
  }
  d.error = run_action(s, d.action, p.lexically_normal().string());
  return d.error.empty();
}

}  // namespace

void open_file_dialog(AppState& s, FileAction action) {
  FileDialogState& d = s.ui.file_dialog;
  d.action = action;
  d.open_requested = true;
  d.error.clear();
  d.listed_directory.clear();
  fs::path base = s.ui.scenario_path.empty() ? fs::path(current_dir())
                                             : fs::path(s.ui.scenario_path).parent_path();
  if (base.empty()) base = current_dir();
  d.directory = base.string();
  d.path.clear();
  if (action == FileAction::save_scenario_as) {
    d.path = s.ui.scenario_path.empty() ? "scenario.json"
                                        : fs::path(s.ui.scenario_path).filename().string();
  } else if (action == FileAction::export_chart) {
    d.path = "roofline.png";
  }
}

void draw_file_dialog(AppState& s) {
  FileDialogState& d = s.ui.file_dialog;
  if (d.action == FileAction::none) return;
  const char* title = title_of(d.action);
  if (d.open_requested) {
    ImGui::OpenPopup(title);
    d.open_requested = false;
  }
  const float em = ImGui::GetFontSize();
  ImGui::SetNextWindowSize({42 * em, 0}, ImGuiCond_Always);  // height 0: fit the content
  ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, {0.5f, 0.5f});
  if (!ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_NoSavedSettings)) {
    d.action = FileAction::none;
    return;
  }
  if (d.listed_directory != d.directory) list_directory(d);

  if (ImGui::Button("Up")) {
    d.directory = fs::path(d.directory).parent_path().string();
    if (d.directory.empty()) d.directory.assign(1, '/');  // not = "/": GCC 12 -Wrestrict bug
  }
  item_tooltip("The parent folder.");
  ImGui::SameLine();
  ImGui::TextUnformatted(d.directory.c_str());

  bool accepted = false;
  if (ImGui::BeginListBox("##entries", {-FLT_MIN, 14 * em})) {
    std::string enter_dir;
    for (const std::string& dir : d.subdirs) {
      const std::string label = dir + "/";
      if (ImGui::Selectable(label.c_str(), false)) enter_dir = dir;
    }
    for (const std::string& file : d.files) {
      const bool selected = d.path == file;
      if (ImGui::Selectable(file.c_str(), selected, ImGuiSelectableFlags_AllowDoubleClick)) {
        d.path = file;
        if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) accepted = accept(s);
      }
    }
    if (d.subdirs.empty() && d.files.empty()) {
      ImGui::TextDisabled(d.action == FileAction::export_chart
                              ? "No .png, .svg, .pdf, .csv or .md files here."
                              : "No .json files here.");
    }
    ImGui::EndListBox();
    if (!enter_dir.empty()) d.directory = (fs::path(d.directory) / enter_dir).string();
  }

  ImGui::TextUnformatted(d.action == FileAction::export_chart
                             ? "File (.png, .svg, .pdf: the chart; .csv, .md: the operator table)"
                             : "File (a name in this folder, or a full path)");
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  if (ImGui::InputText("##path", &d.path, ImGuiInputTextFlags_EnterReturnsTrue)) {
    accepted = accept(s);
  }
  if (!d.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.85f, 0.2f, 0.15f, 1.0f));
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(d.error.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
  }
  ImGui::Spacing();
  if (ImGui::Button(accept_label(d.action), {8 * em, 0})) accepted = accept(s);
  ImGui::SameLine();
  const bool cancel = ImGui::Button("Cancel", {8 * em, 0}) ||
                      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape));
  if (accepted || cancel) {
    ImGui::CloseCurrentPopup();
    d.action = FileAction::none;
  }
  ImGui::EndPopup();
}

std::string open_scenario_file(AppState& s, const std::string& path) {
  auto loaded = load_scenario_file(path, *s.library);
  if (!loaded) return loaded.error();
  replace_document(s, std::move(loaded).value());
  s.ui.scenario_path = path;
  set_message(s, "Opened " + path, false);
  return {};
}

std::string save_scenario_to(AppState& s, const std::string& path) {
  store_view_settings(s.view.plot, s.doc.view);
  if (s.view.auto_fit) {
    // Ranges the app chose itself are not saved: the file refits wherever it is opened.
    s.doc.view.x_min.reset();
    s.doc.view.x_max.reset();
    s.doc.view.y_min.reset();
    s.doc.view.y_max.reset();
  }
  if (std::string error = save_scenario_file(path, s.doc); !error.empty()) return error;
  s.ui.scenario_path = path;
  set_message(s, "Saved " + path, false);
  return {};
}

std::string load_gpu_file(AppState& s, const std::string& path) {
  auto gpu = s.library->gpu(path);
  if (!gpu) return gpu.error();
  s.doc.gpu = std::move(gpu).value();
  set_message(s, "Loaded GPU " + s.doc.gpu.name + " from " + path, false);
  return {};
}

std::string load_model_file(AppState& s, const std::string& path) {
  auto model = s.library->model(path);
  if (!model) return model.error();
  if (std::string problem = validate(*model); !problem.empty()) return path + ": " + problem;
  s.doc.model = std::move(model).value();
  set_message(s, "Loaded model " + s.doc.model.name + " from " + path, false);
  return {};
}

bool export_available() {
#ifdef ROOFLINE_UI_HAVE_EXPORT
  return true;
#else
  return false;
#endif
}

std::string export_chart_to(AppState& s, const std::string& path) {
#ifdef ROOFLINE_UI_HAVE_EXPORT
  refresh_derived(s);
  if (auto table = table_format_for_path(path)) {
    std::string error = export_operator_table(s.derived.analysis, path, *table);
    if (error.empty()) set_message(s, "Exported the operator table to " + path, false);
    return error;
  }
  auto format = figure_format_for_path(path);
  if (!format) return path + ": expected a name ending in .png, .svg, .pdf, .csv or .md";
  PlotView view = s.view.plot;
  view.hovered_id.clear();
  view.selected_id.clear();
  view.legend_lists_hidden = false;
  if (view.canvas_px.x < kMinFigureSidePx || view.canvas_px.y < kMinFigureSidePx) {
    view.canvas_px = {1280, 800};
  }
  if (std::string bad = check_figure_request(path, view.canvas_px.x, view.canvas_px.y, {});
      !bad.empty()) {
    return bad;
  }
  const PlotGeometry g =
      build_roofline_plot(s.derived.analysis, s.doc, view, theme_by_name(s.doc.view.theme),
                          cairo_text_measure(), view.show_trail ? &s.derived.trail : nullptr,
                          s.derived.compare ? &*s.derived.compare : nullptr);
  std::string error = export_figure(g, path, *format);
  if (error.empty()) set_message(s, "Exported the chart to " + path, false);
  return error;
#else
  (void)s;
  return path + ": this build has no figure export (the Cairo painter was not built)";
#endif
}

}  // namespace roofline
