#pragma once
// The desktop app's command line.

#include <optional>
#include <string>

namespace roofline {

struct AppOptions {
  std::string scenario_path;           // --scenario FILE
  std::optional<int> width, height;    // --size WxH (screen coordinates)
  std::optional<int> frames;           // --frames N: render N frames, then exit (scripted mode)
  std::string screenshot_path;         // --screenshot FILE.png: the last frame, as PNG
  std::string dump_state_path;         // --dump-state FILE: the scenario JSON at exit
  std::string dump_geometry_path;      // --dump-geometry FILE: dot positions after the first frames
  std::optional<double> quit_after_s;  // --quit-after SECONDS
  std::string theme;                   // --theme light|dark (overrides the scenario's)
  std::optional<float> scale;          // --scale X: the user UI scale
  bool no_settings = false;            // --no-settings: neither read nor write settings
  bool no_portal = false;              // --no-portal: the in-app file dialog only
  std::string lesson;                  // --lesson ID|FILE: start this lesson
  std::optional<int> step;             // --step N: at this step (from 1; needs --lesson)
  bool reveal = false;                 // --reveal: with the step's question revealed
  bool presentation = false;           // --presentation: start in presentation mode
  std::string measured_path;           // --measured FILE: import a profile at start
  std::optional<double> measured_steps;  // --measured-steps N: the steps it covers

  // Scripted runs (docs, tests) are reproducible: they ignore the saved settings.
  bool scripted() const { return frames.has_value() || !screenshot_path.empty(); }
  bool use_settings() const { return !no_settings && !scripted(); }
};

// Parses argv. On --help or an error, returns nullopt and sets `exit_code` (0 for --help).
std::optional<AppOptions> parse_app_options(int argc, char** argv, int& exit_code);

}  // namespace roofline
