#pragma once
// The scenario options every roofline-cli command shares (spec/interfaces.md):
// --scenario FILE first, then one flag per knob (roofline/knobs.h); each flag given overrides it.

#include <map>
#include <optional>
#include <string>

#include "roofline/io/preset_library.h"
#include "roofline/knobs.h"
#include "roofline/persist/scenario_file.h"
#include "roofline/result.h"
#include "roofline/scenario.h"

namespace CLI {
class App;
class Validator;
}  // namespace CLI

namespace roofline {

// What the user typed: the scenario to start from, and the value of each knob flag given.
struct ScenarioOptions {
  std::optional<std::string> scenario;  // a scenario id or file
  std::map<ChangeKey, ChangeValue> given;
};

// Adds --scenario and a flag per knob to `app` (a subcommand), bound to `options`, which must
// outlive parsing. Knobs with a fixed set of values (phase, precisions, on/off) are checked by
// CLI11, so a typo is a usage error.
// `except` names knobs the command gives a flag of its own (frontier's --tp takes a list).
void add_scenario_options(CLI::App& app, ScenarioOptions& options,
                          std::initializer_list<ChangeKey> except = {});

// The scenario file (or the library's default scenario), then the flags as changes in
// file_order() through apply_changes(): the first problem comes back as one line. A preset or
// file that does not load names the option ("--gpu: unknown GPU 'x': ..."); a value out of
// range names the scenario key, as validate() does ("batch must be between 1 and 1000000, got
// 0"). The file's view and extra keys come along untouched.
Result<ScenarioFile> resolve_scenario(const ScenarioOptions& options, const PresetLibrary& library);

// resolve_scenario() against the built-in presets, for a command's callback: its error is
// thrown as a CliError (commands.h). The second gives the workload alone.
ScenarioFile resolve_builtin_scenario_file(const ScenarioOptions& options);
Scenario resolve_builtin_scenario(const ScenarioOptions& options);

// A CLI11 check that refuses "nan" and "inf" (CLI11's Range lets NaN through): one home for
// every number option that is not a knob.
const CLI::Validator& finite_number();

}  // namespace roofline
