// roofline-cli sweep: the analysis as batch or sequence length runs over a log-spaced range.

#include <CLI/CLI.hpp>
#include <memory>
#include <string>

#include "commands.h"
#include "report.h"
#include "roofline/io/json_io.h"
#include "scenario_options.h"

namespace roofline {

void register_sweep(CLI::App& app) {
  struct Options {
    ScenarioOptions scenario;
    std::string param;
    int64_t from = 0;
    int64_t to = 0;
    int points = 50;
    std::string format = "csv";
  };
  auto options = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "sweep", "One row per batch size or sequence length, spaced evenly in log scale");
  add_scenario_options(*cmd, options->scenario);
  cmd->add_option("--param", options->param, "What to sweep")
      ->required()
      ->check(CLI::IsMember({"batch", "seq"}));
  cmd->add_option("--from", options->from, "First value (>= 1)")->required();
  cmd->add_option("--to", options->to, "Last value (>= --from)")->required();
  cmd->add_option("--points", options->points,
                  "Number of points (default 50; duplicates after rounding are dropped)");
  cmd->add_option("--format", options->format, "Output format (default csv)")
      ->check(CLI::IsMember({"csv", "json"}));
  cmd->callback([options] {
    const Options& o = *options;
    SweepParam param = parse_sweep_param(o.param).value_or(SweepParam::batch);
    const int64_t limit = param == SweepParam::batch ? kMaxBatch : kMaxSeq;
    if (o.from < 1 || o.from > limit) {
      throw CliError("--from: expected an integer between 1 and " + std::to_string(limit) +
                     ", got " + std::to_string(o.from));
    }
    if (o.to < o.from || o.to > limit) {
      throw CliError("--to: expected an integer between --from (" + std::to_string(o.from) +
                     ") and " + std::to_string(limit) + ", got " + std::to_string(o.to));
    }
    if (o.points < 1 || o.points > 10'000) {
      throw CliError("--points: expected an integer between 1 and 10000, got " +
                     std::to_string(o.points));
    }
    const auto points = sweep(resolve_builtin_scenario(o.scenario), param, o.from, o.to, o.points);
    write_stdout(o.format == "json" ? sweep_to_json(param, points) : sweep_csv(param, points));
  });
}

}  // namespace roofline
