#include "options.h"

#include <CLI/CLI.hpp>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "roofline/charconv.h"
#include "roofline/plot/chart_view.h"
#include "roofline/version.h"

namespace roofline {

namespace {

// CLI11's Range lets NaN through (every comparison with it is false): refuse it first.
const CLI::Validator kFinite(
    [](const std::string& text) {
      const std::optional<double> v = parse_double_exact(text);
      if (!v || !std::isfinite(*v))
        return std::string("expected a finite number, got '") + text + "'";
      return std::string();
    },
    "FINITE");

// "1280x800" -> {1280, 800}; nullopt unless both sides are whole decimal numbers in int range.
std::optional<std::pair<long long, long long>> parse_size(const std::string& text) {
  const size_t x = text.find_first_of("xX");
  if (x == std::string::npos) return std::nullopt;
  long long w = 0, h = 0;
  const char* begin = text.data();
  const char* end = begin + text.size();
  const auto a = std::from_chars(begin, begin + x, w);
  const auto b = std::from_chars(begin + x + 1, end, h);
  if (x == 0 || a.ec != std::errc() || a.ptr != begin + x || b.ec != std::errc() || b.ptr != end)
    return std::nullopt;
  return std::make_pair(w, h);
}

}  // namespace

std::optional<AppOptions> parse_app_options(int argc, char** argv, int& exit_code) {
  AppOptions o;
  CLI::App app{
      "roofline: where each part of an LLM inference step sits on a GPU's roofline.\n"
      "Without options it opens the last scenario (or the default one)."};
  std::string size, theme;
  app.set_version_flag("--version", "roofline " + std::string(version()),
                       "Print the version and exit");
  app.add_option("--scenario", o.scenario_path, "Open this scenario file (JSON)")
      ->check(CLI::ExistingFile);
  // What a file manager passes (the .desktop file's Exec=roofline %F): the first file opens.
  std::vector<std::string> files;
  app.add_option("files", files, "Scenario files to open, as --scenario (the first one opens)")
      ->check(CLI::ExistingFile)
      ->type_name("FILE");
  app.add_option("--size", size, "Window size in pixels, WxH (e.g. 1280x800)");
  app.add_option("--frames", o.frames, "Render this many frames, then exit (scripted mode)")
      ->check(CLI::Range(1, 100000));
  app.add_option("--screenshot", o.screenshot_path, "Write the last frame to this PNG file");
  app.add_option("--dump-state", o.dump_state_path, "Write the scenario JSON here at exit");
  app.add_option("--dump-geometry", o.dump_geometry_path,
                 "Write the chart's dot positions (window pixels) here after the first frames");
  app.add_option("--quit-after", o.quit_after_s, "Exit after this many seconds")
      ->check(kFinite)
      ->check(CLI::Range(0.0, 86400.0));
  app.add_option("--theme", theme, "light or dark (overrides the scenario's theme)")
      ->check(CLI::Validator(chart_theme_problem, chart_theme_choices()));
  app.add_option("--scale", o.scale, "UI scale factor on top of the monitor's (0.5 to 3)")
      ->check(kFinite)
      ->check(CLI::Range(0.5, 3.0));
  app.add_flag("--no-settings", o.no_settings,
               "Neither read nor write the saved settings and last scenario");
  app.add_flag("--no-portal", o.no_portal,
               "Use the app's own file dialog even where the desktop offers its file chooser "
               "(the XDG desktop portal)");
  auto* lesson = app.add_option("--lesson", o.lesson,
                                "Start a lesson: a built-in lesson id (Lessons menu) or a lesson "
                                "file (.json)");
  app.add_option("--step", o.step, "With --lesson: show this step (counted from 1)")
      ->check(CLI::Range(1, 1000))
      ->needs(lesson);
  app.add_flag("--reveal", o.reveal, "With --lesson: the step's question revealed")->needs(lesson);
  app.add_flag("--presentation", o.presentation,
               "Start in presentation mode (full screen unless scripted, large fonts, projector "
               "theme, lesson panel and chart only)");
  auto* measured =
      app.add_option("--measured", o.measured_path,
                     "Import a profile at start: Nsight Compute or Nsight Systems CSV, "
                     "PyTorch profiler trace, ERT or rocprofiler-compute roofs");
  app.add_option("--measured-steps", o.measured_steps,
                 "With --measured: the inference steps the profile covers (default 1)")
      ->check(kFinite)
      ->check(CLI::Range(1.0, 1e9))
      ->needs(measured);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Help and version exit 0; every usage error exits 2, as --size's and roofline-cli's do.
    exit_code = app.exit(e) == 0 ? 0 : 2;
    return std::nullopt;
  }
  if (!size.empty()) {
    const auto parsed = parse_size(size);
    const long long w = parsed ? parsed->first : 0, h = parsed ? parsed->second : 0;
    const char* problem = nullptr;
    if (!parsed) {
      problem = "expected WIDTHxHEIGHT in pixels (e.g. 1280x800)";
    } else if (w < 320 || h < 240 || w > 16384 || h > 16384) {
      problem = "each side must be between 320x240 and 16384";
    }
    if (problem != nullptr) {
      std::fprintf(stderr, "roofline: --size: %s, got '%s'\n", problem, size.c_str());
      exit_code = 2;
      return std::nullopt;
    }
    o.width = static_cast<int>(w);
    o.height = static_cast<int>(h);
  }
  if (!files.empty()) {
    if (!o.scenario_path.empty()) {
      std::fprintf(stderr, "roofline: give a scenario file either with --scenario or as FILE\n");
      exit_code = 2;
      return std::nullopt;
    }
    o.scenario_path = files.front();
  }
  o.theme = theme;
  if (!o.screenshot_path.empty() && !o.frames) o.frames = 4;
  exit_code = 0;
  return o;
}

}  // namespace roofline
