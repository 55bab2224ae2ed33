#pragma once
// The scenario options every roofline-cli command shares (spec/interfaces.md):
// --scenario FILE first, then each flag given overrides it.

#include <cstdint>
#include <optional>
#include <string>

#include "roofline/io/preset_library.h"
#include "roofline/result.h"
#include "roofline/scenario.h"

namespace CLI {
class App;
}

namespace roofline {

// What the user typed; nullopt = not given (keep the scenario's value).
struct ScenarioOptions {
  std::optional<std::string> scenario;                 // a scenario id or file
  std::optional<std::string> gpu, model, compare_gpu;  // ids or .json paths
  std::optional<std::string> phase;                    // "prefill" | "decode"
  std::optional<int64_t> batch, seq, tp;
  std::optional<std::string> weights, activations, kv;
  std::optional<std::string> precision;                // sets weights, activations and kv
  std::optional<std::string> flash, fuse_elementwise;  // "on" | "off"
  std::optional<double> compute_efficiency, memory_efficiency, memory_utilization;
};

// Adds the options to `app` (a subcommand), bound to `options`, which must outlive parsing.
// Names with a fixed set of values (phase, precisions, on/off) are checked by CLI11, so a typo
// is a usage error.
void add_scenario_options(CLI::App& app, ScenarioOptions& options);

// The scenario file (or the library's default scenario), then the flags, then validate():
// the first problem comes back as one line. A preset or file that does not load names the
// option ("--gpu: unknown GPU 'x': ..."); a value out of range names the scenario key, as
// validate() does ("batch must be between 1 and 1000000, got 0"). The file's view and extra
// keys come along untouched.
Result<ScenarioFile> resolve_scenario(const ScenarioOptions& options, const PresetLibrary& library);

// resolve_scenario() against the built-in presets, for a command's callback: its error is
// thrown as a CliError (commands.h). The second gives the workload alone.
ScenarioFile resolve_builtin_scenario_file(const ScenarioOptions& options);
Scenario resolve_builtin_scenario(const ScenarioOptions& options);

}  // namespace roofline
