#pragma once
// What the app remembers between runs: theme, UI scale, window size, splitter positions, the
// last scenario, the recently opened scenario files and the last figure export's options. JSON-free
// like io's json_io.h.
//
// Files live in settings_dir(): settings.json (this struct) and last_scenario.json (the
// document at exit, written as a scenario file, scenario_file.h). Writes are atomic.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/persist/export_options.h"
#include "roofline/plot/chart_view.h"
#include "roofline/result.h"

namespace roofline {

struct Settings {
  ChartTheme theme = ChartTheme::light;
  float ui_scale = 1.0f;    // user factor on top of the monitor's content scale
  int window_width = 1280;  // screen coordinates
  int window_height = 800;
  // The splitters: the control panel's width and the table's height, in em (UiState's units).
  float controls_width_em = 25.0f;
  float details_height_em = 15.0f;
  std::string scenario_path;  // the file Save writes to; empty = never saved
  // Scenario files opened or saved, most recent first, absolute, at most kMaxRecentFiles (File >
  // Open recent).
  std::vector<std::string> recent_files;
  FigureExportOptions figure_export;  // key "export"

  bool operator==(const Settings&) const = default;
};

// The settings file's name in settings_dir().
inline constexpr const char* kSettingsFile = "settings.json";

// What settings.json may hold; the app clamps to the same limits.
inline constexpr float kMinUiScale = 0.5f;
inline constexpr float kMaxUiScale = 3.0f;
inline constexpr int kMinWindowSide = 200;  // screen coordinates
inline constexpr int kMaxWindowSide = 16384;
// What a saved splitter position may be; the layout clamps it further to the window.
inline constexpr float kMinPanelEm = 4.0f;
inline constexpr float kMaxPanelEm = 200.0f;

inline constexpr size_t kMaxRecentFiles = 8;

// `list` with `path` (made absolute and normal: "a/../b.json" from /home/me is
// "/home/me/b.json") at the front, once, and cut to kMaxRecentFiles.
std::vector<std::string> with_recent_file(std::vector<std::string> list, std::string_view path);

// $XDG_CONFIG_HOME/roofline, else $HOME/.config/roofline; empty when neither is set.
std::string settings_dir();

// Missing keys keep their defaults; a wrong type or value is an error naming the key, e.g.
// "settings.json: ui_scale: expected a number between 0.5 and 3, got 9".
Result<Settings> parse_settings(std::string_view json_text, std::string_view origin);
std::string settings_to_json(const Settings& s);

// Reads `dir`/settings.json. A missing file gives the defaults silently; a bad one gives the
// defaults, is renamed settings.json.bad (settings.json.bad.1, .2, ... when that is taken, so
// an earlier bad copy is never overwritten; saving at exit does not overwrite what the user
// wrote) and sets `warning` to the parse message and where the file went.
Settings load_settings(const std::string& dir, std::string* warning);

// The recent files to save when another instance may have saved since this one read the file:
// the files this run added (`ours` less what it `loaded`), then those the other added
// (`on_disk` less `loaded`), then the rest of `ours`, cut to kMaxRecentFiles. A file this run
// took off its list (gone, or "Clear the list") stays off.
std::vector<std::string> merge_recent_files(const std::vector<std::string>& ours,
                                            const std::vector<std::string>& loaded,
                                            const std::vector<std::string>& on_disk);

// Creates `dir` if needed and writes settings.json atomically. Ok, or a message. With
// `loaded_recent` (the recent files as this run read them), the file's current recent files
// are merged in (merge_recent_files): two instances keep both their files.
Status save_settings(const std::string& dir, const Settings& s,
                     const std::vector<std::string>* loaded_recent = nullptr);

}  // namespace roofline
