#pragma once
// The app's session between runs, the desktop's and the web page's alike: its settings
// (settings.json) and its last document (last_scenario.json), in the settings folder
// (persist's settings_dir(): ~/.config/roofline; the web page's is kept in the browser).

#include <string>

#include "roofline/persist/settings_file.h"
#include "roofline/ui/app_state.h"

namespace roofline {

inline constexpr const char* kLastScenarioFile = "last_scenario.json";

// DIR/last_scenario.json, or "" without a settings folder.
std::string last_scenario_path(const std::string& dir);

// A new window's state from the settings: the UI scale, the splitters, the recent files and the
// export options (the theme comes with the document).
void apply_settings(AppState& s, const Settings& settings);

// Writes the settings the state implies over `settings` (the theme, the scale, the window's size,
// the splitters, Save's file, the recent files, the export options; another instance's recent
// files since `settings` was read are kept) and the document as last_scenario.json; `settings`
// becomes what was written (a later save starts from it). "" or what could not be saved
// ("settings not saved: ...").
std::string remember_session(const AppState& s, Settings& settings, const std::string& dir);

// Started on another document (--scenario, a file manager, --lesson, a link in the web page),
// the app does not reopen the last session, and its next save would write over it: a session
// whose document differs from its file (or, never saved, from the default) is kept first as
// DIR/unsaved-session.roofline.json. What was kept, or "".
std::string keep_unsaved_session(const Settings& settings, const std::string& dir);

}  // namespace roofline
