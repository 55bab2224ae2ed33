// roofline-cli analyze: one step of the scenario, as a table, JSON, CSV or Markdown.

#include <CLI/CLI.hpp>
#include <memory>
#include <string>

#include "commands.h"
#include "report.h"
#include "roofline/io/json_io.h"
#include "scenario_options.h"

namespace roofline {

void register_analyze(CLI::App& app) {
  struct Options {
    ScenarioOptions scenario;
    std::string format = "table";
  };
  auto options = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "analyze", "FLOPs, bytes, time and bound of every operator of one inference step");
  add_scenario_options(*cmd, options->scenario);
  cmd->add_option("--format", options->format, "Output format (default table)")
      ->check(CLI::IsMember({"table", "json", "csv", "markdown"}));
  cmd->callback([options] {
    const Scenario s = resolve_builtin_scenario(options->scenario);
    const Analysis a = analyze(s);
    if (a.ops.empty()) {  // an invalid scenario (a roofless GPU was refused above)
      throw CliError(a.warnings.empty() ? std::string("the scenario gives no operators")
                                        : a.warnings.front());
    }
    std::string out;
    if (options->format == "json") {
      out = analysis_to_json(s, a);
    } else if (options->format == "csv") {
      out = analysis_csv(a);
    } else if (options->format == "markdown") {
      out = analysis_markdown(s, a);
    } else {
      out = analysis_table(s, a);
    }
    write_stdout(out);
  });
}

}  // namespace roofline
