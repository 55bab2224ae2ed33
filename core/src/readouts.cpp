// The readouts of readouts.h: their text, the memory sentences, and the groups' and the
// request's tables (the step's table is in readouts_step.cpp).

#include "roofline/readouts.h"

#include <algorithm>
#include <array>

#include "roofline/sweep.h"
#include "roofline/units.h"

namespace roofline {

// [SECTION] Text

std::string readout_text(Quantity q, const std::optional<ReadoutValue>& v, TextStyle style) {
  if (!v) return std::string(kNotApplicable);
  if (const auto* text = std::get_if<std::string>(&*v)) return *text;
  if (const auto* flag = std::get_if<bool>(&*v)) return *flag ? "yes" : "no";
  const double x = std::holds_alternative<int64_t>(*v) ? static_cast<double>(std::get<int64_t>(*v))
                                                       : std::get<double>(*v);
  const bool table = style == TextStyle::table;
  switch (q) {
    case Quantity::time:
      return format_time(x);
    case Quantity::flops:
      return format_flops(x);
    case Quantity::flop_rate:
      return format_flop_rate(x);
    case Quantity::bytes:
      return format_bytes(x);
    case Quantity::bandwidth:
      return format_bandwidth(x);
    case Quantity::intensity:
      return format_intensity(x);
    case Quantity::percent:
      return format_percent(x);
    case Quantity::ratio:
      return format_ratio(x);
    case Quantity::parameters:
      return table ? format_count(x) : format_parameters(x);
    case Quantity::token_rate:
      return format_token_rate(x, !table);
    case Quantity::energy:
      return format_energy(x);
    case Quantity::money:
      return format_usd(x);
    case Quantity::count:
    case Quantity::text:
    case Quantity::flag:
      break;
  }
  return format_count(x);
}

// [SECTION] Memory

std::string memory_text(const Totals& t, int64_t tp, MemoryDetail detail, bool per_gpu) {
  std::string out;
  if (detail == MemoryDetail::parts) {
    out = format_bytes(t.weights_per_gpu_bytes) + " weights + " +
          format_bytes(t.kv_cache_per_gpu_bytes) + " KV";
    if (t.state_bytes > 0) out += " + " + format_bytes(t.state_per_gpu_bytes) + " state";
    out += " = ";
  }
  out += format_bytes(t.memory_per_gpu_bytes);
  if (per_gpu && tp > 1) out += " per GPU";
  return out + " of " + format_bytes(t.usable_memory_bytes) + " usable";
}

Statement memory_fit(const Totals& t) {
  return t.fits_in_memory ? Statement{Severity::info, "fits"}
                          : Statement{Severity::error, "does not fit"};
}

Statement request_memory_statement(const RequestResult& r, int64_t isl, int64_t osl, int64_t tp) {
  const Totals& m = r.memory();
  const Statement fit = memory_fit(m);
  return {fit.severity, "at " + format_count(static_cast<double>(isl + osl)) +
                            " tokens of context: " + memory_text(m, tp, MemoryDetail::sum, true) +
                            ": " + fit.text + " (up to batch " +
                            format_count(static_cast<double>(m.max_batch)) + ")"};
}

std::string usable_memory_caption(const Scenario& s) {
  return format_bytes(s.gpu.memory_capacity_bytes) + " \u00d7 " +
         format_percent(s.memory_utilization) + " usable";
}

std::string memory_warning(const Scenario& s, const Totals& t) {
  return std::string(t.state_bytes > 0 ? "weights + KV cache + state need "
                                       : "weights + KV cache need ") +
         format_bytes(t.memory_per_gpu_bytes) + " per GPU, more than the " +
         format_bytes(t.usable_memory_bytes) + " usable (" +
         format_bytes(s.gpu.memory_capacity_bytes) + " x " + format_percent(s.memory_utilization) +
         ")";
}

std::string max_batch_text(int64_t max_batch) {
  return max_batch > 0 ? format_count(static_cast<double>(max_batch))
                       : "0 (the weights alone do not fit)";
}

// [SECTION] StepContext

const CompareResult* StepContext::compare() const {
  if (!scenario.compare_gpu) return nullptr;
  if (!compare_) compare_ = roofline::compare(scenario, *scenario.compare_gpu);
  return &*compare_;
}

std::optional<int64_t> StepContext::critical_batch() const {
  if (!critical_) critical_ = critical_value(scenario, SweepParam::batch, kMaxBatch);
  return *critical_;
}

std::optional<int64_t> StepContext::speculation_breakeven() const {
  if (!breakeven_) breakeven_ = speculation_stops_paying(scenario, kMaxBatch);
  return *breakeven_;
}

// [SECTION] The groups' table

namespace {

using V = std::optional<ReadoutValue>;

constexpr GroupReadout kGroupReadouts[] = {
    {.key = "flops",
     .field = "flops",
     .label = "FLOPs",
     .quantity = Quantity::flops,
     .get = [](const GroupCost& g, const Analysis&) -> V { return g.flops; },
     .help = "Floating-point operations, per GPU"},
    {.key = "bytes",
     .field = "bytes",
     .label = "bytes",
     .quantity = Quantity::bytes,
     .get = [](const GroupCost& g, const Analysis&) -> V { return g.bytes; },
     .help = "Bytes moved to and from memory, per GPU"},
    {.key = "intensity",
     .field = "intensity",
     .label = "intensity",
     .quantity = Quantity::intensity,
     .get = [](const GroupCost& g, const Analysis&) -> V { return g.intensity; },
     .help = "FLOPs per byte moved"},
    {.key = "time_s",
     .field = "time",
     .label = "time",
     .quantity = Quantity::time,
     .get = [](const GroupCost& g, const Analysis&) -> V { return g.time_s; },
     .help = "Its ops' times (expected under a calibration)"},
    {.key = "roofline_time_s",
     .field = "roofline_time",
     .label = "roofline bound",
     .quantity = Quantity::time,
     .get = [](const GroupCost& g, const Analysis&) -> V { return g.roofline_time_s; },
     .help = "Its ops' roofline bounds"},
    {.key = "achieved_flops",
     .field = "achieved",
     .label = "achieved",
     .quantity = Quantity::flop_rate,
     .get = [](const GroupCost& g, const Analysis&) -> V { return g.achieved_flops; },
     .help = "FLOPs over time: on or below the roof"},
    {.key = "bound",
     .field = "bound",
     .label = "bound",
     .get = [](const GroupCost& g, const Analysis&) -> V {
       return std::string(to_string(g.bound));
     },
     .help = "Which roof caps it: memory or compute"},
    {.field = "pct_peak",
     .label = "share of peak",
     .quantity = Quantity::percent,
     .get = [](const GroupCost& g, const Analysis& a) -> V {
       if (!(a.peak_flops > 0)) return std::nullopt;
       return g.achieved_flops / a.peak_flops;
     },
     .help = "Achieved over the peak compute roof"},
    {.field = "pct_roof",
     .label = "share of the roof",
     .quantity = Quantity::percent,
     .get = [](const GroupCost& g, const Analysis& a) -> V {
       const double roof = attainable_flops(g.intensity, a.peak_flops, a.bandwidth);
       if (!(roof > 0)) return std::nullopt;
       return g.achieved_flops / roof;
     },
     .help = "Achieved over the roof above its intensity"},
};

}  // namespace

std::span<const GroupReadout> group_readouts() { return kGroupReadouts; }

// [SECTION] The request's table

namespace {

// The bound of a rate: the same tokens over the bound's end-to-end time.
double bound_scale(const RequestResult& r) {
  return r.roofline_e2e_s > 0 ? r.e2e_s / r.roofline_e2e_s : 1;
}

constexpr RequestReadout kRequestReadouts[] = {
    {.key = "ttft_s",
     .label = "time to first token",
     .short_label = "Time to first token",
     .quantity = Quantity::time,
     .shows = kJson | kCsv | kReport | kStatus,
     .get = [](const RequestResult& r) { return r.ttft_s; },
     .bound = [](const RequestResult& r) { return r.roofline_ttft_s; },
     .bound_in_json = true,
     .interval = Expected::ttft,
     .help = "TTFT: the prefill step of batch × ISL prompt tokens"},
    {.key = "tpot_s",
     .label = "time per output token",
     .short_label = "Time per output token",
     .quantity = Quantity::time,
     .shows = kJson | kCsv | kReport | kStatus,
     .get = [](const RequestResult& r) { return r.tpot_s; },
     .bound = [](const RequestResult& r) { return r.roofline_tpot_s; },
     .bound_in_json = true,
     .interval = Expected::tpot,
     .help = "TPOT: the mean decode step over contexts ISL + 1 … ISL + OSL − 1 (summed exactly)"},
    {.key = "e2e_s",
     .label = "end to end",
     .short_label = "End to end",
     .quantity = Quantity::time,
     .shows = kJson | kCsv | kReport | kStatus,
     .get = [](const RequestResult& r) { return r.e2e_s; },
     .bound = [](const RequestResult& r) { return r.roofline_e2e_s; },
     .bound_in_json = true,
     .interval = Expected::e2e,
     .help = "TTFT plus every decode step"},
    {.key = "tokens_per_s_per_user",
     .label = "tokens/s per user",
     .short_label = "Per user",
     .quantity = Quantity::token_rate,
     .shows = kJson | kReport | kStatus,
     .get = [](const RequestResult& r) { return r.tokens_per_s_per_user; },
     .bound =
         [](const RequestResult& r) { return r.roofline_tpot_s > 0 ? 1 / r.roofline_tpot_s : 0; },
     .interval = Expected::tpot,
     .help = "Tokens/s one user sees while decoding: 1 / TPOT"},
    {.key = "output_tokens_per_s",
     .label = "output tokens/s",
     .short_label = "Output",
     .quantity = Quantity::token_rate,
     .shows = kJson | kCsv | kReport | kStatus,
     .get = [](const RequestResult& r) { return r.output_tokens_per_s; },
     .bound = [](const RequestResult& r) { return r.output_tokens_per_s * bound_scale(r); },
     .interval = Expected::throughput,
     .help = "Output tokens/s of the whole batch: batch × OSL / end to end (all GPUs)"},
    {.key = "output_tokens_per_s_per_gpu",
     .label = "output tokens/s per GPU",
     .short_label = "Output per GPU",
     .quantity = Quantity::token_rate,
     .shows = kJson | kCsv | kReport | kStatus,
     .get = [](const RequestResult& r) { return r.output_tokens_per_s_per_gpu; },
     .bound = [](const RequestResult& r) { return r.output_tokens_per_s_per_gpu * bound_scale(r); },
     .interval = Expected::throughput,
     .help = "Output tokens/s divided by tp"},
    {.key = "total_tokens_per_s",
     .label = "total tokens/s",
     .short_label = "Total",
     .quantity = Quantity::token_rate,
     .shows = kJson | kCsv | kReport,
     .get = [](const RequestResult& r) { return r.total_tokens_per_s; },
     .bound = [](const RequestResult& r) { return r.total_tokens_per_s * bound_scale(r); },
     .interval = Expected::total_throughput,
     .help = "Prompt and output tokens/s of the whole batch: batch × (ISL + OSL) / end to end"},
    // Both proportional to the end-to-end time at a fixed batch: the interval of output tokens/s
    // as a time's.
    {.key = "cost_per_mtok_usd",
     .label = "$ per million output tokens",
     .short_label = "Cost per M tokens",
     .quantity = Quantity::money,
     .shows = kJson | kCsv | kReport | kStatus,
     .get = [](const RequestResult& r) { return r.cost_per_mtok_usd; },
     .bound = [](const RequestResult& r) { return r.cost_per_mtok_usd / bound_scale(r); },
     .interval = Expected::throughput,
     .help = "US dollars per million output tokens: the price of a GPU-hour / 3600 / output "
             "tokens/s per GPU × 10^6 (prefill's time included)",
     .optional = true,
     .csv_last = true},
    {.key = "energy_per_token_j",
     .label = "energy per output token",
     .short_label = "Energy per token",
     .quantity = Quantity::energy,
     .shows = kJson | kCsv | kReport | kStatus,
     .get = [](const RequestResult& r) { return r.energy_per_token_j; },
     .bound = [](const RequestResult& r) { return r.energy_per_token_j / bound_scale(r); },
     .interval = Expected::throughput,
     .help = "Joules per output token at the GPU's board power (an upper bound: a "
             "memory-bound step often draws less): power / output tokens/s per GPU",
     .optional = true,
     .csv_last = true},
};

}  // namespace

std::span<const RequestReadout> request_readouts() { return kRequestReadouts; }

std::optional<ValueInterval> request_readout_interval(const RequestReadout& r,
                                                      const RequestResult& result,
                                                      const Calibration* c) {
  const double value = r.get(result);
  const CalibrationError* e = interval_of(c, r.interval);
  if (!e || !(value > 0)) return std::nullopt;
  return interval_around(value, *e, r.quantity == Quantity::token_rate);
}

std::string interval_text(Quantity q, const ValueInterval& i, TextStyle style) {
  std::string low = readout_text(q, i.low, TextStyle::table);
  const std::string high = readout_text(q, i.high, style);
  // "41.2 ms" and "52.0 ms": the unit once, when both have it.
  const size_t space = low.rfind(' ');
  if (space != std::string::npos && high.size() > space &&
      high.ends_with(std::string_view(low).substr(space)))
    low.resize(space);
  return low + "–" + high;
}

std::string request_readout_text(const RequestReadout& r, double value, TextStyle style) {
  if (!(value > 0)) return std::string(kNotApplicable);
  return readout_text(r.quantity, value, style);
}

}  // namespace roofline
