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
#include "roofline/readouts.h"
#include "roofline/requests.h"
#include "roofline/units.h"
#include "scenario_options.h"

namespace roofline {

namespace {

std::string request_table(const Scenario& s, int64_t isl, int64_t osl, const RequestResult& r) {
  const bool calibrated = s.calibration.has_value();
  const Calibration* c = calibrated ? &*s.calibration : nullptr;
  // The 80 % column where any row has an interval (a calibration whose errors carry them).
  bool intervals = false;
  for (const RequestReadout& row : request_readouts())
    intervals = intervals || ((row.shows & kReport) && request_readout_interval(row, r, c));
  std::vector<std::vector<std::string>> rows = {{"", calibrated ? "expected" : "roofline bound",
                                                 intervals ? "80 % interval" : "",
                                                 calibrated ? "bound" : ""}};
  for (const RequestReadout& row : request_readouts()) {
    if (!(row.shows & kReport)) continue;
    const auto iv = request_readout_interval(row, r, c);
    rows.push_back({std::string(row.label), request_readout_text(row, row.get(r), TextStyle::table),
                    iv ? interval_text(row.quantity, *iv, TextStyle::table) : "",
                    request_readout_text(row, row.bound(r), TextStyle::table)});
  }
  for (auto& row : rows) {
    if (!calibrated) row.pop_back();
    if (!intervals) row.erase(row.begin() + 2);
  }
  std::string out = s.model.name + " on " + s.gpu.name +
                    (gpu_count(s) > 1 ? " x " + std::to_string(gpu_count(s)) : "") +
                    (s.dp > 1 || s.ep > 1 || s.pp > 1 ? " (" + parallel_text(s) + ")" : "") +
                    "\n  batch " + std::to_string(s.batch) + ", prompt " + std::to_string(isl) +
                    " tokens, " + std::to_string(osl) + " output tokens; " + precision_text(s) +
                    "; calibration " + (calibrated ? s.calibration->id : std::string("none")) +
                    (s.spec != SpecMethod::none ? "; " + speculation_text(s) : std::string()) +
                    "\n\n";
  std::vector<bool> right(rows.front().size(), true);
  right.front() = false;
  out += aligned_table(rows, right);
  out += "\nmemory " + request_memory_statement(r, isl, osl, gpu_count(s)).text + "\n";
  for (const std::string& w : r.warnings) out += "warning: " + w + "\n";
  return out;
}

// One row: the lengths and layout, then the readouts a CSV carries (readouts.h).
std::string request_csv(int64_t isl, int64_t osl, const Scenario& s, const RequestResult& r) {
  std::ostringstream header, row;
  row.precision(17);
  header << "isl,osl,batch,tp";
  row << isl << ',' << osl << ',' << s.batch << ',' << s.tp;
  for (const RequestReadout& readout : request_readouts()) {
    if (!(readout.shows & kCsv) || readout.csv_last) continue;
    header << ',' << readout.key;
    row << ',' << readout.get(r);
  }
  const StepContext last(s, r.last_step);
  for (const StepReadout& readout : step_readouts()) {
    if (!(readout.shows & kCsv)) continue;
    header << ',' << readout.key;
    const std::optional<ReadoutValue> v = readout.get(last);
    if (const bool* flag = v ? std::get_if<bool>(&*v) : nullptr) {
      row << ',' << (*flag ? "true" : "false");
    } else if (const double* x = v ? std::get_if<double>(&*v) : nullptr) {
      row << ',' << *x;
    } else {
      row << ',' << readout_text(readout.quantity, v, TextStyle::table);
    }
  }
  // The 80 % intervals last, so that the columns before them keep their places; empty where the
  // calibration gives none.
  for (const RequestReadout& readout : request_readouts()) {
    if (!(readout.shows & kCsv) || readout.interval == Expected::none) continue;
    header << ',' << readout.key << "_low," << readout.key << "_high";
    if (const auto iv =
            request_readout_interval(readout, r, s.calibration ? &*s.calibration : nullptr)) {
      row << ',' << iv->low << ',' << iv->high;
    } else {
      row << ",,";
    }
  }
  for (const RequestReadout& readout : request_readouts()) {
    if (!(readout.shows & kCsv) || !readout.csv_last) continue;
    header << ',' << readout.key;
    row << ',';
    if (!readout.optional || readout.get(r) > 0) row << readout.get(r);
  }
  // The layout's ranks, added last (MODEL.md §17).
  header << ",dp,ep,moe_imbalance,pp";
  row << ',' << s.dp << ',' << s.ep << ',' << s.moe_imbalance << ',' << s.pp;
  return header.str() + "\n" + row.str() + "\n";
}

// The columns of old, then each expected value's 80 % interval (empty where there is none), then
// the values added since (cost, energy: empty where there is no price or board power; the ranks).
std::string frontier_csv(const std::vector<FrontierPoint>& points, const Calibration* c) {
  std::ostringstream out;
  out.precision(17);
  out << "batch,tp,precision,tokens_per_s_per_user,tokens_per_s_per_gpu,tpot_s,ttft_s,fits,"
         "pareto";
  for (const FrontierExpected& f : kFrontierExpected)
    out << ',' << f.key << "_low," << f.key << "_high";
  for (const FrontierExpected& f : kFrontierExpected)
    if (f.optional) out << ',' << f.key;
  out << ",dp,ep,pp\n";  // the layout's ranks and stages, last (MODEL.md §17, §18)
  for (const FrontierPoint& p : points) {
    out << p.batch << ',' << p.tp << ',' << to_string(p.precision) << ',' << p.tokens_per_s_per_user
        << ',' << p.tokens_per_s_per_gpu << ',' << p.tpot_s << ',' << p.ttft_s << ','
        << (p.fits_in_memory ? "true" : "false") << ',' << (p.pareto ? "true" : "false");
    for (const FrontierExpected& f : kFrontierExpected) {
      const CalibrationError* e = interval_of(c, f.kind);
      if (e && p.*f.value > 0) {
        const ValueInterval iv = interval_around(p.*f.value, *e, f.rate);
        out << ',' << iv.low << ',' << iv.high;
      } else {
        out << ",,";
      }
    }
    for (const FrontierExpected& f : kFrontierExpected) {
      if (!f.optional) continue;
      out << ',';
      if (p.*f.value > 0) out << p.*f.value;
    }
    out << ',' << p.dp << ',' << p.ep << ',' << p.pp << '\n';
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
      write_warnings(r->warnings);
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
    int64_t ep = 0;  // 0: the scenario's; 1 off; more: on, following each tp
    std::string format = "csv";
  };
  auto options = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "frontier", "Tokens/s per user against tokens/s per GPU over batch, tp and precision");
  add_scenario_options(*cmd, options->scenario, {ChangeKey::tp, ChangeKey::ep});
  cmd->add_option("--tp", options->tps, "Tensor-parallel sizes (default 1,2,4,8)")->delimiter(',');
  cmd->add_option("--ep", options->ep,
                  "Expert parallelism: 1 off, more than 1 on; on, ep follows each tp (tp x dp) "
                  "(default: the scenario's)");
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
    if (o.ep < 0 || o.ep > 1024)
      throw CliError("--ep: expected an integer from 1 to 1024, got " + std::to_string(o.ep));
    Scenario s = resolve_builtin_scenario(o.scenario);
    // On or off: frontier() sets ep to tp × dp for each tp it sweeps (core/MODEL.md §17).
    if (o.ep > 0) s.ep = o.ep > 1 ? std::max<int64_t>(2, s.tp * s.dp) : 1;
    auto f = frontier(s, o.tps, ps, o.isl, o.osl, o.points);
    if (!f) throw CliError(f.error());
    std::vector<std::string> left_out;
    for (int64_t tp : o.tps) {
      if (std::string why = frontier_layout_problem(s, tp); !why.empty())
        left_out.push_back("tp " + std::to_string(tp) + " left out: " + why);
    }
    write_warnings(left_out);
    const Calibration* cal = s.calibration ? &*s.calibration : nullptr;
    write_stdout(o.format == "json" ? frontier_to_json(*f, cal) : frontier_csv(*f, cal));
  });
}

}  // namespace roofline
