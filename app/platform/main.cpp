// roofline: the desktop app. Picks the document (command line, last session or the default),
// opens the window, and remembers settings and the scenario at exit.

#define GLFW_INCLUDE_NONE  // main() makes no GL calls
#include <GLFW/glfw3.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>

#include "no_display.h"
#include "options.h"
#include "roofline/io/json_io.h"
#include "roofline/io/lesson_io.h"
#include "roofline/io/preset_library.h"
#include "roofline/persist/scenario_file.h"
#include "roofline/persist/settings_file.h"
#include "roofline/ui/app_state.h"
#include "roofline/ui/classroom.h"
#include "roofline/ui/dump.h"
#include "roofline/ui/measured.h"
#include "roofline/ui/session.h"
#include "termination.h"
#include "window_loop.h"

namespace {

using namespace roofline;

constexpr const char* kNoDisplayPng = "roofline-default.png";

std::string last_glfw_error;

void on_glfw_error(int, const char* description) { last_glfw_error = description; }

// The document to open: --scenario, else the last session's, else the built-in default.
// `restored`: the last session's, whose changes since its file was saved are still changes.
bool pick_document(const AppOptions& o, const Settings& settings, const std::string& dir,
                   ScenarioFile& doc, std::string& path, bool& restored) {
  const PresetLibrary& library = PresetLibrary::builtin();
  if (!o.scenario_path.empty()) {
    auto loaded = load_scenario_file(o.scenario_path, library);
    if (!loaded) {
      std::fprintf(stderr, "roofline: %s\n", loaded.error().c_str());
      return false;
    }
    doc = std::move(loaded).value();
    path = o.scenario_path;
    return true;
  }
  doc = default_scenario_file(library);
  doc.view.theme = settings.theme;
  if (o.use_settings()) {
    const std::string last = last_scenario_path(dir);
    std::error_code ec;
    if (!last.empty() && std::filesystem::exists(last, ec)) {
      if (auto loaded = load_scenario_file(last, library)) {
        doc = std::move(loaded).value();
        path = settings.scenario_path;
        restored = true;
      } else {
        std::fprintf(stderr, "roofline: warning: %s; starting from the default scenario\n",
                     loaded.error().c_str());
      }
    }
  }
  return true;
}

int run_without_display(const AppOptions& o, const ScenarioFile& doc, int width, int height) {
  std::fprintf(stderr, "roofline: no display available (%s), so no window can open.\n",
               last_glfw_error.empty() ? "GLFW could not initialise" : last_glfw_error.c_str());
  const std::string out = o.screenshot_path.empty() ? kNoDisplayPng : o.screenshot_path;
  if (std::string error = write_chart_png_without_display(doc, out, width, height);
      !error.empty()) {
    std::fprintf(stderr, "roofline: %s\n", error.c_str());
    return 1;
  }
  std::fprintf(stderr,
               "roofline: wrote the chart of the %s scenario to %s instead (as roofline-cli export "
               "does). Run under a desktop session, or xvfb-run, for the interactive app.\n",
               o.scenario_path.empty() ? "default" : o.scenario_path.c_str(), out.c_str());
  if (!o.dump_state_path.empty()) {
    if (std::string error =
            write_text_file_atomic(o.dump_state_path, scenario_to_json(doc)).error();
        !error.empty()) {
      std::fprintf(stderr, "roofline: --dump-state: %s\n", error.c_str());
    }
  }
  return 0;
}

// --lesson / --step / --reveal: the lesson, and the document at that step (so that even the
// no-display picture shows it). Nullopt after printing the error.
std::optional<Lesson> pick_lesson(const AppOptions& o, ScenarioFile& doc) {
  const PresetLibrary& library = PresetLibrary::builtin();
  auto lesson = find_lesson(o.lesson, library);
  if (!lesson) {
    std::fprintf(stderr, "roofline: --lesson: %s\n", lesson.error().c_str());
    return std::nullopt;
  }
  const size_t steps = lesson->steps.size();
  const size_t step = static_cast<size_t>(o.step.value_or(1));
  if (step > steps) {
    std::fprintf(stderr, "roofline: --step: lesson '%s' has steps 1 to %zu, got %zu\n",
                 lesson->id.c_str(), steps, step);
    return std::nullopt;
  }
  auto at = scenario_at_step(*lesson, library.default_scenario(), step - 1, o.reveal,
                             preset_resolver(library));
  if (!at) {
    std::fprintf(stderr, "roofline: --lesson %s: %s\n", o.lesson.c_str(), at.error().c_str());
    return std::nullopt;
  }
  doc.scenario = std::move(at).value();
  return std::move(lesson).value();
}

}  // namespace

int main(int argc, char** argv) {
  const auto started = std::chrono::steady_clock::now();
  // Before any thread starts: SIGTERM, SIGHUP and SIGINT close the window and save, as Ctrl+Q.
  install_termination_watch();
  int exit_code = 0;
  const auto options = parse_app_options(argc, argv, exit_code);
  if (!options) return exit_code;
  const AppOptions& o = *options;

  const std::string dir = o.use_settings() ? settings_dir() : std::string();
  Settings settings;
  std::string settings_warning;  // also shown in the window once it opens
  if (o.use_settings()) {
    settings = load_settings(dir, &settings_warning);
    if (!settings_warning.empty())
      std::fprintf(stderr, "roofline: warning: %s; using defaults\n", settings_warning.c_str());
  }
  ScenarioFile doc;
  std::string doc_path;
  bool restored = false;
  if (!pick_document(o, settings, dir, doc, doc_path, restored)) return 2;
  if (auto theme = parse_chart_theme(o.theme)) doc.view.theme = *theme;
  std::optional<Lesson> lesson;
  if (!o.lesson.empty()) {
    lesson = pick_lesson(o, doc);
    if (!lesson) return 2;
  }
  const int width = o.width.value_or(settings.window_width);
  const int height = o.height.value_or(settings.window_height);

  glfwSetErrorCallback(on_glfw_error);
  if (glfwInit() == GLFW_FALSE) return run_without_display(o, doc, width, height);
  set_termination_wakes_glfw(true);

  const std::string kept =
      o.use_settings() && !restored ? keep_unsaved_session(settings, dir) : std::string();
  AppState state = make_app_state(PresetLibrary::builtin(), std::move(doc));
  if (!settings_warning.empty()) set_message(state, "Settings: " + settings_warning, true);
  if (!kept.empty())
    set_message(state,
                "The last session had changes that were not saved: kept as " + kept +
                    " (File → Open scenario)",
                false);
  state.ui.scenario_path = doc_path;
  // The last session's document is compared with what its file holds now (the default scenario
  // for one never saved), so that a change not saved last time is still marked, and asked about.
  if (restored) {
    std::optional<ScenarioFile> on_disk;
    if (doc_path.empty()) {
      on_disk = default_scenario_file(PresetLibrary::builtin());
      on_disk->view.theme = settings.theme;
    } else if (auto file = load_scenario_file(doc_path, PresetLibrary::builtin())) {
      on_disk = std::move(file).value();
    }
    // --theme is this run's look, not a change of the document.
    if (auto theme = parse_chart_theme(o.theme); theme && on_disk) on_disk->view.theme = *theme;
    if (on_disk) {
      mark_saved_as(state, *on_disk);
    } else {
      mark_unsaved(state);  // the file is gone or no longer a scenario: nothing on disk matches
    }
  }
  apply_settings(state, settings);  // defaults in scripted runs
  if (!doc_path.empty()) state.ui.recent_files = with_recent_file(state.ui.recent_files, doc_path);
  if (o.scale) state.ui.user_scale = *o.scale;
  if (lesson) {
    start_lesson(state, std::move(*lesson), false);
    go_to_step(state, static_cast<size_t>(o.step.value_or(1)) - 1, false);
    if (o.reveal) lesson_reveal(state, false);
  }
  if (o.presentation) set_presentation(state, true);
  if (!o.measured_path.empty()) {
    state.measured.steps = o.measured_steps.value_or(1);
    if (std::string error = import_now(state, o.measured_path).error(); !error.empty()) {
      std::fprintf(stderr, "roofline: --measured: %s\n", error.c_str());
      set_termination_wakes_glfw(false);
      glfwTerminate();
      return 1;
    }
  }
  exit_code = run_window(state, o, width, height, started);
  set_termination_wakes_glfw(false);
  glfwTerminate();

  if (!o.dump_state_path.empty()) {
    if (std::string error =
            write_text_file_atomic(o.dump_state_path, state_dump_json(state)).error();
        !error.empty()) {
      std::fprintf(stderr, "roofline: --dump-state: %s\n", error.c_str());
      exit_code = 1;
    }
  }
  if (o.use_settings()) {
    if (std::string warning = remember_session(state, settings, dir); !warning.empty())
      std::fprintf(stderr, "roofline: warning: %s\n", warning.c_str());
  }
  return exit_code;
}
