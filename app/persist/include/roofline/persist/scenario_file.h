#pragma once
// ScenarioFile: what a scenario file holds. The document of the app is its first two members.
// Reading and writing it, JSON-free like io's json_io.h: the workload's keys are read by io's
// code (parse_scenario_workload's), the "view" object and the unknown keys here.

#include <string>
#include <string_view>
#include <vector>

#include "roofline/io/preset_library.h"
#include "roofline/io/preset_list.h"
#include "roofline/plot/chart_view.h"
#include "roofline/result.h"
#include "roofline/scenario.h"

namespace roofline {

// A scenario file: the workload, what the chart shows (its "view" object) and the keys this
// version does not know, kept verbatim for saving.
// (The `{}` initialisers let `ScenarioFile{scenario}` leave the rest default without a
// -Wmissing-field-initializers warning.)
struct ScenarioFile {
  Scenario scenario;
  ChartView view{};
  // The unknown keys as a serialized JSON object ("" when none); unknown keys inside "view"
  // sit under "view". Written by parse_scenario, read by scenario_to_json.
  std::string extra_keys_json{};

  bool operator==(const ScenarioFile&) const = default;
};

// A scenario file. `gpu` and `model` are ids of `library` or paths to files (relative paths
// resolve against `base_dir`). Missing keys take the defaults; unknown keys are kept.
Result<ScenarioFile> parse_scenario(std::string_view json_text, std::string_view origin,
                                    const PresetLibrary& library, std::string_view base_dir = ".");
// Pretty JSON with every key, the unknown ones included; gpu/model saved as their ids.
std::string scenario_to_json(const ScenarioFile& file);

Result<ScenarioFile> load_scenario_file(std::string_view path, const PresetLibrary& library);
Status save_scenario_file(std::string_view path, const ScenarioFile& file);

// A scenario preset of `library` by id, or else a scenario file by path. Unknown ids give
// "unknown scenario 'x': expected one of default, ... or a path to a .json file".
Result<ScenarioFile> preset_scenario(const PresetLibrary& library, std::string_view id_or_path);
// The built-in default scenario with its view and extra keys: the "default" scenario preset,
// else library.default_scenario() with the default view.
ScenarioFile default_scenario_file(const PresetLibrary& library);

// Scenarios as `roofline-cli list --format json` prints them (io's preset_list.h has the GPUs
// and models): id, name, origin and the scenario as scenario_to_json writes it.
std::string preset_list_to_json(const std::vector<ListedPreset<ScenarioFile>>& scenarios);

}  // namespace roofline
