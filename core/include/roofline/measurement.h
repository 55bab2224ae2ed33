#pragma once
// Published measurements (tests/data/calibration/*.json) and what the model predicts for each:
// the expected value under the scenario's calibration and the roofline bound. The fitting tool
// (tools/fit_calibration.py) compares them through `roofline-cli predict`.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/scenario.h"

namespace roofline {

enum class MeasuredMetric {
  op_time_s,            // one layer's ops (`ops`), on one GPU of `tp`
  decode_step_s,        // one decode step of B sequences at context S
  ttft_s,               // the prefill of B prompts (ISL tokens when given, else S)
  tpot_s,               // mean decode step of a request of ISL, OSL
  e2e_s,                // request end to end
  output_tokens_per_s,  // request: B·OSL / e2e (all GPUs)
  total_tokens_per_s,   // request: B·(ISL + OSL) / e2e
  allreduce_time_s,     // one all-reduce of `bytes` over `gpus` GPUs
};
std::string_view to_string(MeasuredMetric m);
std::optional<MeasuredMetric> parse_measured_metric(std::string_view name);

struct Measurement {
  std::string id;
  std::string source;     // where it was published: "repo path @commit: row" or a URL
  std::string framework;  // what measured it, with its settings
  Scenario scenario;      // the conditions (the GPU, the model, batch, context, precisions, tp)
  MeasuredMetric metric = MeasuredMetric::op_time_s;
  double value = 0;              // SI units
  std::vector<std::string> ops;  // op_time_s: the ops summed (per layer)
  int64_t isl = 0, osl = 0;      // request metrics
  double bytes = 0;              // allreduce_time_s
  int64_t gpus = 0;              // allreduce_time_s
  // op_time_s: what the measurement's own timer adds to the op's cost inside a step, once (a
  // kernel timed alone between two CUDA events: ~3 us on an H100 or H200, which a CUDA graph
  // does not pay); eval.timer_s.
  double timer_s = 0;
  // decode_step_s: false for a step with no host work (a CUDA graph replayed
  // bare, no scheduler or sampling): the calibration's step overhead is not added; eval.host.
  bool host = true;
  bool conditions_incomplete = false;  // the source leaves a condition unstated: not fitted
};

struct Prediction {
  double expected = 0;  // under the scenario's calibration
  double bound = 0;     // the roofline bound
  std::string error;    // why there is none ("no op 'x' in this step")
  // The 80 % interval of `expected` from the calibration's errors of its class (0, 0: none).
  ValueInterval interval;
};

Prediction predict(const Measurement& m);

// One all-reduce of `bytes` over `gpus` GPUs on `gpu`'s interconnect (ring: 2(n−1)/n of the
// data crosses each link): the bound, and with `c` its efficiency and latency per message.
Prediction allreduce_time(const GpuSpec& gpu, double bytes, int64_t gpus, const Calibration* c);

}  // namespace roofline
