#include "roofline/ui/session.h"

#include <algorithm>
#include <filesystem>

#include "roofline/io/json_io.h"
#include "roofline/io/preset_library.h"
#include "roofline/persist/scenario_file.h"
#include "roofline/ui/dump.h"

namespace roofline {

std::string last_scenario_path(const std::string& dir) {
  return dir.empty() ? std::string() : (std::filesystem::path(dir) / kLastScenarioFile).string();
}

void apply_settings(AppState& s, const Settings& settings) {
  s.ui.recent_files = settings.recent_files;
  s.ui.user_scale = settings.ui_scale;
  s.ui.controls_width_em = settings.controls_width_em;
  s.ui.details_height_em = settings.details_height_em;
  s.ui.export_dialog.options = settings.figure_export;
}

std::string remember_session(const AppState& s, Settings& settings, const std::string& dir) {
  settings.theme = s.chart.theme;
  settings.ui_scale = s.ui.user_scale;
  if (s.ui.window_width >= 200 && s.ui.window_height >= 200) {
    settings.window_width = s.ui.window_width;
    settings.window_height = s.ui.window_height;
  }
  settings.controls_width_em = std::clamp(s.ui.controls_width_em, kMinPanelEm, kMaxPanelEm);
  settings.details_height_em = std::clamp(s.ui.details_height_em, kMinPanelEm, kMaxPanelEm);
  settings.scenario_path = s.ui.scenario_path;
  // The recent files as this run read them: another instance's additions since are kept.
  const std::vector<std::string> loaded_recent = settings.recent_files;
  settings.recent_files = s.ui.recent_files;
  settings.figure_export = s.ui.export_dialog.options;
  if (std::string error = save_settings(dir, settings, &loaded_recent).error(); !error.empty())
    return "settings not saved: " + error;
  if (std::string error =
          write_text_file_atomic(last_scenario_path(dir), state_dump_json(s)).error();
      !error.empty())
    return "last scenario not saved: " + error;
  return {};
}

std::string keep_unsaved_session(const Settings& settings, const std::string& dir) {
  const std::string last = last_scenario_path(dir);
  std::error_code ec;
  if (last.empty() || !std::filesystem::exists(last, ec)) return {};
  const PresetLibrary& library = PresetLibrary::builtin();
  auto session = load_scenario_file(last, library);
  if (!session) return {};
  const std::string& file = settings.scenario_path;
  auto on_disk = file.empty() ? Result<ScenarioFile>::ok(default_scenario_file(library))
                              : load_scenario_file(file, library);
  if (on_disk && on_disk->scenario == session->scenario) return {};
  const std::string kept = (std::filesystem::path(dir) / "unsaved-session.roofline.json").string();
  std::filesystem::copy_file(last, kept, std::filesystem::copy_options::overwrite_existing, ec);
  return ec ? std::string() : kept;
}

}  // namespace roofline
