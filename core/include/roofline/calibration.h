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

  bool operator==(const CalibrationError&) const = default;
};

struct Calibration {
  std::string id;                 // preset id or file path ("" for none)
  std::string name;               // "H100, CUDA-graph decode (vLLM, SGLang, TensorRT-LLM)"
  std::string style;              // "cuda-graphs" or "eager"
  std::string source;             // what it was fitted on: sources and conditions
  std::vector<std::string> gpus;  // the GPU presets it was fitted for

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

  std::vector<CalibrationError> errors;  // as fitted (tools/fit_calibration.py)

  const ClassEfficiency& of(OpClass c) const { return efficiency[static_cast<size_t>(c)]; }
  double kernels_of(std::string_view op) const;
  bool operator==(const Calibration&) const = default;
};

// Ok when every efficiency is in (0, 1] and every latency finite and >= 0; otherwise one
// message naming the key ("efficiency.gemm.memory must be in (0, 1], got 1.3").
Status validate(const Calibration& c);

struct GpuSpec;
// Whether `c` was fitted for `gpu` (its gpus list names it, or it names none).
bool fitted_for(const Calibration& c, const GpuSpec& gpu);

}  // namespace roofline
