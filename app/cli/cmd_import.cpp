// roofline-cli import: a profiler's kernels (or measured roofs) against the scenario's model.

#include <CLI/CLI.hpp>
#include <memory>
#include <string>

#include "commands.h"
#include "measured.h"
#include "roofline/io/json_io.h"
#include "scenario_options.h"

namespace roofline {

void register_import(CLI::App& app) {
  struct Options {
    ScenarioOptions scenario;
    MeasuredOptions measured;
    std::string format = "table";
  };
  auto options = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "import",
      "Measured kernels from a profiler beside the model's step: each kernel's time, FLOPs, "
      "bytes, intensity, achieved FLOP/s, the op class it ran and its share of the roof");
  add_measured_options(*cmd, options->measured, /*positional=*/true);
  add_scenario_options(*cmd, options->scenario);
  cmd->add_option("--format", options->format, "Output format (default table)")
      ->check(CLI::IsMember({"table", "json", "csv"}));
  cmd->callback([options] {
    const Scenario s = resolve_builtin_scenario(options->scenario);
    const Analysis a = analyze_or_throw(s);
    const MeasuredData m = load_measured(options->measured, a, s.gpu);
    if (options->format == "json") {
      write_stdout(profile_to_json(m.profile, m.comparison));
    } else if (options->format == "csv") {
      write_stdout(measured_csv(m));
      write_warnings(m.comparison.warnings);
    } else {
      write_stdout(measured_table(m, a, s));
    }
  });
}

}  // namespace roofline
