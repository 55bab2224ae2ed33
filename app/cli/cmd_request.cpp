// roofline-cli request and frontier (core/MODEL.md §10): a static batch of prompts of ISL tokens
// generating OSL tokens each, and the serving frontier over batch, tensor parallelism and
// precision.

#include <CLI/CLI.hpp>
#include <memory>
#include <sstream>
#include <string>

#include "commands.h"
#include "report.h"
#include "roofline/io/json_io.h"
#include "roofline/requests.h"
#include "roofline/units.h"
#include "scenario_options.h"

namespace roofline {

namespace {

std::string request_table(const Scenario& s, int64_t isl, int64_t osl, const RequestResult& r) {
  const bool calibrated = s.calibration.has_value();
  const auto time_or_dash = [](double t) { return t > 0 ? format_time(t) : std::string("–"); };
  const auto rate = [](double v) { return v > 0 ? format_token_rate(v, false) : std::string("–"); };
  // Rates from the bounds: the same tokens over the bound's end-to-end time.
  const double bound_scale = r.roofline_e2e_s > 0 ? r.e2e_s / r.roofline_e2e_s : 1;
  std::vector<std::vector<std::string>> rows = {
      {"", calibrated ? "expected" : "roofline bound", calibrated ? "bound" : ""},
      {"time to first token", format_time(r.ttft_s), format_time(r.roofline_ttft_s)},
      {"time per output token", time_or_dash(r.tpot_s), time_or_dash(r.roofline_tpot_s)},
      {"end to end", format_time(r.e2e_s), format_time(r.roofline_e2e_s)},
      {"tokens/s per user", rate(r.tokens_per_s_per_user),
       rate(r.roofline_tpot_s > 0 ? 1 / r.roofline_tpot_s : 0)},
      {"output tokens/s", rate(r.output_tokens_per_s), rate(r.output_tokens_per_s * bound_scale)},
      {"output tokens/s per GPU", rate(r.output_tokens_per_s_per_gpu),
       rate(r.output_tokens_per_s_per_gpu * bound_scale)},
      {"total tokens/s", rate(r.total_tokens_per_s), rate(r.total_tokens_per_s * bound_scale)},
  };
  if (!calibrated) {
    for (auto& row : rows) row.pop_back();
  }
  std::string out =
      s.model.name + " on " + s.gpu.name + (s.tp > 1 ? " x " + std::to_string(s.tp) : "") +
      "\n  batch " + std::to_string(s.batch) + ", prompt " + std::to_string(isl) + " tokens, " +
      std::to_string(osl) + " output tokens; " + precision_text(s) + "; calibration " +
      (calibrated ? s.calibration->id : std::string("none")) + "\n\n";
  out += aligned_table(rows, {false, true, true});
  out += "\nmemory at " + format_count(static_cast<double>(isl + osl)) +
         " tokens of context: " + format_bytes(r.memory_per_gpu_bytes) +
         (s.tp > 1 ? " per GPU" : "") + " of " + format_bytes(r.usable_memory_bytes) +
         " usable: " + (r.fits_in_memory ? "fits" : "does not fit") + " (up to batch " +
         format_count(static_cast<double>(r.max_batch)) + ")\n";
  for (const std::string& w : r.warnings) out += "warning: " + w + "\n";
  return out;
}

std::string request_csv(int64_t isl, int64_t osl, const Scenario& s, const RequestResult& r) {
  std::ostringstream out;
  out.precision(17);
  out << "isl,osl,batch,tp,ttft_s,tpot_s,e2e_s,output_tokens_per_s,output_tokens_per_s_per_gpu,"
         "total_tokens_per_s,kv_cache_bytes,memory_per_gpu_bytes,fits_in_memory\n";
  out << isl << ',' << osl << ',' << s.batch << ',' << s.tp << ',' << r.ttft_s << ',' << r.tpot_s
      << ',' << r.e2e_s << ',' << r.output_tokens_per_s << ',' << r.output_tokens_per_s_per_gpu
      << ',' << r.total_tokens_per_s << ',' << r.kv_cache_bytes << ',' << r.memory_per_gpu_bytes
      << ',' << (r.fits_in_memory ? "true" : "false") << '\n';
  return out.str();
}

std::string frontier_csv(const std::vector<FrontierPoint>& points) {
  std::ostringstream out;
  out.precision(17);
  out << "batch,tp,precision,tokens_per_s_per_user,tokens_per_s_per_gpu,tpot_s,ttft_s,fits,"
         "pareto\n";
  for (const FrontierPoint& p : points) {
    out << p.batch << ',' << p.tp << ',' << to_string(p.precision) << ',' << p.tokens_per_s_per_user
        << ',' << p.tokens_per_s_per_gpu << ',' << p.tpot_s << ',' << p.ttft_s << ','
        << (p.fits_in_memory ? "true" : "false") << ',' << (p.pareto ? "true" : "false") << '\n';
  }
  return out.str();
}

void add_lengths(CLI::App& cmd, int64_t& isl, int64_t& osl, bool required) {
  auto* i = cmd.add_option("--isl", isl, "Prompt tokens per sequence (input sequence length)");
  auto* o = cmd.add_option("--osl", osl, "Generated tokens per sequence (output sequence length)");
  if (required) {
    i->required();
    o->required();
  }
}

}  // namespace

void register_request(CLI::App& app) {
  struct Options {
    ScenarioOptions scenario;
    int64_t isl = 0, osl = 0;
    std::string format = "table";
  };
  auto options = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "request", "TTFT, time per output token, end to end and tokens/s of a batch of requests");
  add_scenario_options(*cmd, options->scenario);
  add_lengths(*cmd, options->isl, options->osl, true);
  cmd->add_option("--format", options->format, "Output format (default table)")
      ->check(CLI::IsMember({"table", "json", "csv"}));
  cmd->callback([options] {
    const Options& o = *options;
    const Scenario s = resolve_builtin_scenario(o.scenario);
    auto r = request(s, o.isl, o.osl);
    if (!r) throw CliError(r.error());
    if (o.format == "json") {
      write_stdout(request_to_json(s, o.isl, o.osl, *r));
    } else if (o.format == "csv") {
      write_stdout(request_csv(o.isl, o.osl, s, *r));
    } else {
      write_stdout(request_table(s, o.isl, o.osl, *r));
    }
  });
}

void register_frontier(CLI::App& app) {
  struct Options {
    ScenarioOptions scenario;
    std::vector<int64_t> tps = {1, 2, 4, 8};
    std::vector<std::string> precisions = {"bf16", "fp8"};
    int64_t isl = 1024, osl = 1024;
    int points = 24;
    std::string format = "csv";
  };
  auto options = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "frontier", "Tokens/s per user against tokens/s per GPU over batch, tp and precision");
  add_scenario_options(*cmd, options->scenario, {ChangeKey::tp});
  cmd->add_option("--tp", options->tps, "Tensor-parallel sizes (default 1,2,4,8)")->delimiter(',');
  std::vector<std::string> names;
  for (Precision p : kAllPrecisions) names.emplace_back(to_string(p));
  cmd->add_option("--precisions", options->precisions,
                  "Precisions of weights, activations and KV cache (default bf16,fp8)")
      ->delimiter(',')
      ->check(CLI::IsMember(names));
  add_lengths(*cmd, options->isl, options->osl, false);
  cmd->add_option("--points", options->points, "Batch sizes per (tp, precision) (default 24)");
  cmd->add_option("--format", options->format, "Output format (default csv)")
      ->check(CLI::IsMember({"csv", "json"}));
  cmd->callback([options] {
    const Options& o = *options;
    if (o.points < 1 || o.points > 1000)
      throw CliError("--points: expected an integer between 1 and 1000, got " +
                     std::to_string(o.points));
    std::vector<Precision> ps;
    for (const std::string& n : o.precisions) ps.push_back(*parse_precision(n));
    const Scenario s = resolve_builtin_scenario(o.scenario);
    auto f = frontier(s, o.tps, ps, o.isl, o.osl, o.points);
    if (!f) throw CliError(f.error());
    write_stdout(o.format == "json" ? frontier_to_json(*f) : frontier_csv(*f));
  });
}

}  // namespace roofline
