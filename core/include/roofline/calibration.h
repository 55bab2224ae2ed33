#pragma once
// A calibration (core/MODEL.md §9): what separates a measured step from its roofline bound. Kernels
// reach a share of the datasheet roofs that depends on their class, every kernel costs a fixed
// latency, an all-reduce a latency per message, a step a fixed host-side overhead. With one, an
// op's expected time is its time on the calibrated roofs plus its fixed costs; without one
// (`none`, the textbook roofline) the expected time is the bound.

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "roofline/status.h"

namespace roofline {

// The classes a calibration gives efficiencies to.
enum class OpClass {
  gemm,         // matmuls (fc) other than the routed experts
  experts,      // the routed experts' matmuls (many small GEMMs, routing)
  attention,    // attention, the sparse-attention indexer
  recurrence,   // linear-attention and Mamba scans
  elementwise,  // activations, residual adds
  norm,         // RMSNorm and LayerNorm: a reduction over each row, then a scale (published
                // kernels reach a third of the bandwidth where an add reaches nearly all of it)
  count,
};
std::string_view to_string(OpClass c);

// Shares of the datasheet roofs a class of kernels reaches (1 = the roof).
struct ClassEfficiency {
  double compute = 1;
  double memory = 1;

  bool operator==(const ClassEfficiency&) const = default;
};

// How well a calibration matches the data it was fitted on and the data it was not.
struct CalibrationError {
  std::string metric;          // "op_time_s", "decode_step_s", "ttft_s", "output_tokens_per_s"
  int points = 0;              // measurements of that class
  double fit_median = 0;       // median |predicted / measured − 1| over the fitted ones
  double held_out_median = 0;  // over those kept out of the fit
  int held_out_points = 0;
  std::string worst;  // the worst case, named
  // The 80 % interval of measured / expected (times; a rate's measured time / expected time):
  // the 10th and 90th percentiles of a log-normal fitted to the residuals of `interval_points`
  // measurements, held-out ones where there are five or more, else all of the class
  // (tools/fit_calibration.py). 0, 0 where the file gives none.
  double interval_low = 0, interval_high = 0;
  int interval_points = 0;
  bool interval_held_out = false;  // from held-out measurements only
  // A prior's: how far a fitted calibration fell on another GPU's measurements
  // (interval_from "transfer"; tools/fit_priors.py).
  bool interval_transfer = false;

  bool has_interval() const { return interval_low > 0 && interval_high >= interval_low; }
  bool operator==(const CalibrationError&) const = default;
};

struct Calibration {
  std::string id;                 // preset id or file path ("" for none)
  std::string name;               // "H100, CUDA-graph decode (vLLM, SGLang, TensorRT-LLM)"
  std::string style;              // "cuda-graphs" or "eager"
  std::string source;             // what it was fitted on: sources and conditions
  std::vector<std::string> gpus;  // the GPU presets it was fitted for (a prior: carried over to)
  // A prior: the fitted calibration whose parameters it carries over to GPUs with no
  // measurement of their own ("" for a calibration fitted on its GPUs' measurements).
  std::string prior_from;

  ClassEfficiency efficiency[static_cast<size_t>(OpClass::count)];
  // Multipliers on the memory efficiency of matmuls whose weights are narrower than their
  // activations (weight-only quantization: dequantizing kernels reach less bandwidth).
  double weight_only_8bit = 1;
  double weight_only_4bit = 1;

  double kernel_latency_s = 0;  // the fixed cost of one kernel launch on the GPU timeline
  // Kernels an op runs per layer (1 when not listed; 0 where it is fused into a neighbour,
  // e.g. k_proj and v_proj into one qkv GEMM).
  std::vector<std::pair<std::string, double>> kernels;

  double allreduce_latency_s = 0;   // per all-reduce, besides its bytes
  double allreduce_efficiency = 1;  // share of the interconnect bandwidth reached
  double step_overhead_s = 0;       // per step: scheduling, sampling, host work
  // per sequence in the step: the host work that grows with the batch (sampling, scheduling,
  // each sequence's bookkeeping); optional in a file (0)
  double step_overhead_per_sequence_s = 0;

  std::vector<CalibrationError> errors;  // as fitted (tools/fit_calibration.py)

  const ClassEfficiency& of(OpClass c) const { return efficiency[static_cast<size_t>(c)]; }
  double kernels_of(std::string_view op) const;
  bool operator==(const Calibration&) const = default;
};

// Ok when every efficiency is in (0, 1] and every latency finite and >= 0; otherwise one
// message naming the key ("efficiency.gemm.memory must be in (0, 1], got 1.3").
Status validate(const Calibration& c);

// [SECTION] Intervals (core/MODEL.md §15)

// What an expected value is, for the measurements whose errors give its interval.
enum class Expected {
  none,              // no interval (counts, bytes, bounds)
  op_time,           // one op's time in a step
  step_time,         // a decode step
  ttft,              // a prefill step: time to first token
  tpot,              // the mean decode step of a request
  e2e,               // a request end to end
  throughput,        // a request's output tokens/s (a rate: the interval inverts)
  total_throughput,  // a request's prompt and output tokens/s
  bare_step,         // a decode step with no host work (one CUDA graph replayed bare)
};

// The errors class of measured decode steps with no host work (eval.host false): a class of
// its own, since how well kernels add up is not how well a served step is predicted.
inline constexpr std::string_view kBareStepMetric = "decode_step_s (no host work)";

// The 80 % interval of measured / expected for a value of kind `what` under `c`: the errors entry
// of its own metric, else of the nearest one the calibration has (a step's time from tpot_s,
// then from output tokens/s, ...: MODEL.md §15 lists each chain); nullptr without a calibration
// or where none of the chain carries an interval.
const CalibrationError* interval_of(const Calibration* c, Expected what);

// `value`'s 80 % interval from `e`: value × [low, high] for a time; for a rate (tokens/s) the
// measured time's interval turned into rates, value / high … value / low.
struct ValueInterval {
  double low = 0, high = 0;
};
ValueInterval interval_around(double value, const CalibrationError& e, bool rate);

struct GpuSpec;
// Whether `c` was fitted for `gpu` (its gpus list names it, or it names none).
bool fitted_for(const Calibration& c, const GpuSpec& gpu);

}  // namespace roofline
