// Choosing a file: the desktop's own chooser (the XDG portal, s.ui.file_chooser) where there is
// one, else the in-app dialog: a path field, the desktop's places and the folder's matching
// files. Then the file actions it ends in. Errors stay in the in-app dialog (the status line for
// the desktop's); the app keeps its state. The folder listing is shared with the export dialog
// (export_dialog.cpp).

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cfloat>
#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "roofline/desktop/places.h"
#include "roofline/io/json_io.h"
#include "roofline/persist/scenario_file.h"
#include "roofline/persist/settings_file.h"
#include "ui_internal.h"

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
      return "Open a model config.json or its folder###file_dialog";
    case FileAction::import_measurements:
      return "Import measurements###file_dialog";
    case FileAction::none:
      break;
  }
  return "File###file_dialog";
}

const char* accept_label(FileAction a) {
  switch (a) {
    case FileAction::save_scenario_as:
      return "Save";
    default:
      return "Open";
  }
}

std::string lower_extension(const fs::path& p) {
  std::string ext = p.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

std::string current_dir() {
  std::error_code ec;
  fs::path cwd = fs::current_path(ec);
  return ec ? std::string(".") : cwd.string();
}

std::string joined(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& p : parts) out += p + " ";
  return out;
}

void list_directory(FolderListing& f) {
  f.subdirs.clear();
  f.files.clear();
  f.error.clear();
  f.listed_directory = f.directory;
  f.listed_filter = joined(f.extensions);
  std::error_code ec;
  for (fs::directory_iterator it(f.directory, fs::directory_options::skip_permission_denied, ec),
       end;
       !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.empty() || name[0] == '.') continue;
    std::error_code type_ec;
    if (it->is_directory(type_ec)) {
      f.subdirs.push_back(name);
    } else if (std::find(f.extensions.begin(), f.extensions.end(), lower_extension(it->path())) !=
               f.extensions.end()) {
      f.files.push_back(name);
    }
  }
  if (ec) f.error = f.directory + ": cannot list the folder (" + ec.message() + ")";
  std::sort(f.subdirs.begin(), f.subdirs.end());
  std::sort(f.files.begin(), f.files.end());
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
    case FileAction::import_measurements:
      start_import(s, path);  // its result (or its error) comes to the status line
      return {};
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
  const std::string p =
      resolve_in_folder(d.folder, d.path, d.action == FileAction::save_scenario_as);
  // A model's folder (config.json in it) opens as the model rather than being entered.
  std::error_code ec;
  if (d.action == FileAction::load_model && fs::is_directory(p, ec) &&
      fs::is_regular_file(fs::path(p) / "config.json", ec)) {
    d.error = run_action(s, d.action, p);
    return d.error.empty();
  }
  if (enter_if_folder(d.folder, p)) {
    d.path.clear();
    d.error.clear();
    return false;
  }
  d.error = run_action(s, d.action, p);
  return d.error.empty();
}

std::vector<std::string> extensions_of(FileAction action) {
  if (action == FileAction::import_measurements) return {".csv", ".json", ".gz"};
  return {".json"};
}

std::string suggested_name(const AppState& s) {
  return s.ui.scenario_path.empty() ? "scenario.json"
                                    : fs::path(s.ui.scenario_path).filename().string();
}

// The filter the desktop's chooser shows first, then "All files".
desktop::FileFilter filter_of(FileAction action) {
  switch (action) {
    case FileAction::load_gpu:
      return {"GPU preset files (*.json)", {"*.json"}};
    case FileAction::load_model:
      return {"Model configs (config.json, *.json)", {"*.json"}};
    case FileAction::import_measurements:
      return {"Profiles (*.csv, *.json, *.json.gz)", {"*.csv", "*.json", "*.json.gz"}};
    default:
      return {"Scenarios (*.json)", {"*.json"}};
  }
}

void open_in_app_dialog(AppState& s, FileAction action) {
  FileDialogState& d = s.ui.file_dialog;
  d.action = action;
  d.open_requested = true;
  d.error.clear();
  d.folder.listed_directory.clear();
  d.folder.directory = scenario_folder(s);
  d.folder.places_read = false;  // bookmarks may have changed since
  d.folder.extensions = extensions_of(action);
  d.path.clear();
  if (action == FileAction::save_scenario_as) d.path = suggested_name(s);
}

}  // namespace

std::string capitalised(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z')
    text[0] = static_cast<char>(text[0] - 'a' + 'A');
  return text;
}

std::string chooser_name(const AppState& s) {
  return s.ui.in_browser ? "the browser's file picker" : "the desktop's file chooser";
}

desktop::FileRequest file_chooser_request(const AppState& s, FileAction action) {
  desktop::FileRequest r;
  r.save = action == FileAction::save_scenario_as;
  const std::string title = title_of(action);
  r.title = title.substr(0, title.find("###"));
  r.accept_label = accept_label(action);
  r.filters = {filter_of(action), {"All files", {"*"}}};
  r.folder = scenario_folder(s);
  if (r.save) r.current_name = suggested_name(s);
  return r;
}

void open_file_dialog(AppState& s, FileAction action) {
  FileDialogState& d = s.ui.file_dialog;
  if (d.chooser_action != FileAction::none) {
    set_message(
        s,
        capitalised(chooser_name(s)) + " is open: finish it, or press Esc here to give up on it.",
        true);
    return;
  }
  if (s.ui.file_chooser && s.ui.file_chooser->start(file_chooser_request(s, action))) {
    d.chooser_action = action;
    set_message(s, "Choosing in " + chooser_name(s) + " (Esc here gives up on it).", false);
    return;
  }
  open_in_app_dialog(s, action);
}

void poll_file_chooser(AppState& s) {
  FileDialogState& d = s.ui.file_dialog;
  if (d.chooser_action == FileAction::none) return;
  if (!s.ui.file_chooser) {
    d.chooser_action = FileAction::none;
    return;
  }
  const bool waiting_note = s.ui.message.starts_with("Choosing in " + chooser_name(s));
  // Esc that nothing else takes (a text field, a popup).
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)) && !ImGui::GetIO().WantTextInput &&
      !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) {
    // A dialog that never showed, or one left behind another window: the app gives up on it.
    s.ui.file_chooser->cancel();
    d.chooser_action = FileAction::none;
    if (waiting_note) s.ui.message.clear();
    return;
  }
  const desktop::FileResult r = s.ui.file_chooser->poll();
  if (r.outcome == desktop::Outcome::pending) return;
  const FileAction action = d.chooser_action;
  d.chooser_action = FileAction::none;
  if (waiting_note) s.ui.message.clear();
  switch (r.outcome) {
    case desktop::Outcome::picked:
      if (std::string error = run_action(s, action, r.path); !error.empty()) {
        set_message(s, std::move(error), true);
      }
      break;
    case desktop::Outcome::unavailable:
      // No portal here: the app's own dialog from now on, without a word (it is the usual case
      // outside a desktop session).
      s.ui.file_chooser.reset();
      open_in_app_dialog(s, action);
      break;
    case desktop::Outcome::failed:
      set_message(
          s, capitalised(chooser_name(s)) + " failed (" + r.message + "); the app's own is open.",
          true);
      open_in_app_dialog(s, action);
      break;
    case desktop::Outcome::cancelled:
    case desktop::Outcome::idle:
    case desktop::Outcome::pending:
      break;
  }
}

std::string scenario_folder(const AppState& s) {
  fs::path base = s.ui.scenario_path.empty() ? fs::path(current_dir())
                                             : fs::path(s.ui.scenario_path).parent_path();
  if (base.empty()) base = current_dir();
  std::error_code ec;
  const fs::path absolute = fs::absolute(base, ec);
  return (ec ? base : absolute).lexically_normal().string();
}

std::string resolve_in_folder(const FolderListing& f, const std::string& typed, bool saving) {
  fs::path p(typed);
  std::error_code ec;
  if (p.is_relative()) {
    // A name in the listed folder; when opening, failing that, a path from the working
    // directory (where the app was started), which is what people type.
    const fs::path in_listed = fs::path(f.directory) / p;
    if (saving || fs::exists(in_listed, ec) || !fs::exists(p, ec)) p = in_listed;
  }
  return p.lexically_normal().string();
}

bool enter_if_folder(FolderListing& f, const std::string& path) {
  std::error_code ec;
  if (!fs::is_directory(path, ec)) return false;
  f.directory = fs::weakly_canonical(path, ec).string();
  if (ec) f.directory = path;
  return true;
}

namespace {

// Home, then a menu of the desktop's places (user folders, bookmarks) and the folder the app
// was started in.
void draw_places(FolderListing& f) {
  const bool has_home = !f.places.empty() && f.places.front().label == "Home";
  ImGui::BeginDisabled(!has_home);
  if (ImGui::Button("Home") && has_home) f.directory = f.places.front().path;
  ImGui::EndDisabled();
  item_tooltip(has_home ? f.places.front().path.c_str() : "No home folder ($HOME is not set).");
  ImGui::SameLine();
  if (ImGui::Button("Places…")) ImGui::OpenPopup("##places");
  item_tooltip("Your folders and bookmarks (the file manager's), and where the app was started.");
  if (ImGui::BeginPopup("##places")) {
    for (size_t i = 0; i < f.places.size(); ++i) {
      const desktop::Place& p = f.places[i];
      ImGui::PushID(static_cast<int>(i));
      if (ImGui::MenuItem(p.label.c_str(), p.path.c_str(), p.path == f.directory)) {
        f.directory = p.path;
      }
      ImGui::PopID();
      if (i == 0 && has_home && f.places.size() > 1) ImGui::Separator();
    }
    if (!f.places.empty()) ImGui::Separator();
    const std::string started = current_dir();
    if (ImGui::MenuItem("Where the app was started", started.c_str())) f.directory = started;
    ImGui::EndPopup();
  }
}

}  // namespace

bool draw_folder_listing(FolderListing& f, std::string& path, float height,
                         const char* empty_text) {
  if (f.listed_directory != f.directory || f.listed_filter != joined(f.extensions)) {
    list_directory(f);
  }
  if (!f.places_read) {
    f.places = desktop::desktop_places(desktop::places_from_environment());
    f.places_read = true;
  }
  if (ImGui::Button("Up")) {
    f.directory = fs::path(f.directory).parent_path().string();
    if (f.directory.empty()) f.directory.assign(1, '/');  // not = "/": GCC 12 -Wrestrict bug
  }
  item_tooltip("The parent folder.");
  ImGui::SameLine();
  draw_places(f);
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(f.directory.c_str());

  bool activated = false;
  if (ImGui::BeginListBox("##entries", {-FLT_MIN, height})) {
    std::string enter_dir;
    for (const std::string& dir : f.subdirs) {
      const std::string label = dir + "/";
      if (ImGui::Selectable(label.c_str(), false)) enter_dir = dir;
    }
    for (const std::string& file : f.files) {
      const bool selected = path == file;
      if (ImGui::Selectable(file.c_str(), selected, ImGuiSelectableFlags_AllowDoubleClick)) {
        path = file;
        if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) activated = true;
      }
    }
    if (f.subdirs.empty() && f.files.empty()) {
      ImGui::TextDisabled("%s", f.error.empty() ? empty_text : f.error.c_str());
    }
    ImGui::EndListBox();
    if (!enter_dir.empty()) f.directory = (fs::path(f.directory) / enter_dir).string();
  }
  return activated;
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
  bool accepted = false;
  if (draw_folder_listing(d.folder, d.path, 14 * em, "No .json files here.")) accepted = accept(s);

  ImGui::TextUnformatted("File (a name in this folder, or a full path)");
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  if (ImGui::InputText("##path", &d.path, ImGuiInputTextFlags_EnterReturnsTrue)) {
    accepted = accept(s);
  }
  draw_error_text(d.error);
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

void draw_error_text(const std::string& error) {
  if (error.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, status_color(Severity::error));
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(error.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
}

std::string open_scenario_file(AppState& s, const std::string& path) {
  auto loaded = load_scenario_file(path, *s.library);
  if (!loaded) return loaded.error();
  const std::string name = std::filesystem::path(path).filename().string();
  unless_unsaved(s, "open " + name, [file = std::move(loaded).value(), path](AppState& a) mutable {
    replace_document(a, std::move(file));
    a.ui.scenario_path = path;
    a.ui.recent_files = with_recent_file(std::move(a.ui.recent_files), path);
    set_message(a, "Opened " + path, false);
  });
  return {};
}

void open_recent_file(AppState& s, size_t index) {
  if (index >= s.ui.recent_files.size()) return;
  const std::string path = s.ui.recent_files[index];
  std::error_code ec;
  if (!fs::exists(path, ec)) {
    s.ui.recent_files.erase(s.ui.recent_files.begin() + static_cast<std::ptrdiff_t>(index));
    set_message(s, path + ": no longer there (moved or deleted); removed from the recent files",
                true);
    return;
  }
  if (std::string error = open_scenario_file(s, path); !error.empty()) set_message(s, error, true);
}

std::string recent_file_folder(const std::string& path) {
  std::string folder = fs::path(path).parent_path().string();
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    const std::string h = fs::path(home).lexically_normal().string();
    if (folder == h ||
        (folder.starts_with(h) && folder.size() > h.size() && folder[h.size()] == '/'))
      folder = "~" + folder.substr(h.size());
  }
  // Longer than 40 bytes: the first folder and the last two, "…" between (the cuts fall on
  // slashes, so never inside a character); with no folders to keep, the last 39 bytes from a
  // character's start.
  constexpr size_t kMax = 40;
  if (folder.size() <= kMax) return folder;
  const size_t first = folder.find('/', 1);
  size_t last = folder.rfind('/');
  if (last != std::string::npos && last > 0) last = folder.rfind('/', last - 1);
  if (first == std::string::npos || last == std::string::npos || last <= first) {
    size_t start = folder.size() - kMax + 1;
    while (start < folder.size() && (static_cast<unsigned char>(folder[start]) & 0xC0) == 0x80)
      ++start;
    return "…" + folder.substr(start);
  }
  std::string cut = folder.substr(0, first + 1);
  cut += "…";
  cut += folder.substr(last);
  return cut;
}

std::string save_scenario_to(AppState& s, const std::string& path) {
  if (std::string error = save_scenario_file(path, document_file(s)).error(); !error.empty())
    return error;
  s.ui.scenario_path = path;
  s.ui.recent_files = with_recent_file(std::move(s.ui.recent_files), path);
  mark_saved(s);
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
  if (std::string problem = validate(*model).error(); !problem.empty())
    return path + ": " + problem;
  set_model(s.doc, std::move(model).value());
  set_message(s, "Loaded model " + s.doc.model.name + " from " + path, false);
  return {};
}

}  // namespace roofline
