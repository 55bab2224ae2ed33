// roofline-cli analyze: one step of the scenario, as a table, JSON, CSV or Markdown.

#include <CLI/CLI.hpp>
#include <memory>
#include <optional>
#include <string>

#include "commands.h"
#include "measured.h"
#include "report.h"
#include "roofline/io/json_io.h"
#include "scenario_options.h"

namespace roofline {

void register_analyze(CLI::App& app) {
  struct Options {
    ScenarioOptions scenario;
    MeasuredOptions measured;
    std::string format = "table";
  };
  auto options = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "analyze", "FLOPs, bytes, time and bound of every operator of one inference step");
  add_scenario_options(*cmd, options->scenario);
  add_measured_options(*cmd, options->measured);
  cmd->add_option("--format", options->format, "Output format (default table)")
      ->check(CLI::IsMember({"table", "json", "csv", "markdown"}));
  cmd->callback([options] {
    const Scenario s = resolve_builtin_scenario(options->scenario);
    const Analysis a = analyze_or_throw(s);
    std::optional<MeasuredData> m;
    if (options->measured.file) {
      if (options->format == "csv") {
        throw CliError(
            "--measured with --format csv: the operator table and the kernels are "
            "two tables; for the kernels use: roofline-cli import " +
            *options->measured.file + " --format csv");
      }
      m = load_measured(options->measured, a, s.gpu);
    }
    std::string out;
    if (options->format == "json") {
      out = m ? analysis_with_profile_to_json(s, a, m->profile, m->comparison)
              : analysis_to_json(s, a);
    } else if (options->format == "csv") {
      out = analysis_csv(a);
      write_warnings(a.warnings);
    } else if (options->format == "markdown") {
      out = analysis_markdown(s, a);
      if (m) out += "\n## Measured\n\n```\n" + measured_table(*m, a, s) + "```\n";
    } else {
      out = analysis_table(s, a);
      if (m) out += "\n" + measured_table(*m, a, s);
    }
    write_stdout(out);
  });
}

}  // namespace roofline
