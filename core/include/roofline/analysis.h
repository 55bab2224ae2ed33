#pragma once
// analyze(): the FLOPs, bytes, time and bound of every operator of one inference step.

#include <string>
#include <string_view>
#include <vector>

#include "roofline/precision.h"
#include "roofline/scenario.h"

namespace roofline {

enum class OpKind { fc, attention, elementwise };
enum class Bound { memory, compute };
std::string_view to_string(OpKind k);
std::string_view to_string(Bound b);

// One operator, per step and per GPU, summed over the `count` layers it runs in.
struct OpCost {
  std::string_view name;  // "q_proj", "attention", "lm_head", ... (static storage)
  OpKind kind = OpKind::fc;
  int64_t count = 0;  // layers it runs in (1 for once-per-step ops)
  double flops = 0;
  double bytes = 0;         // all memory traffic, weights and KV included
  double weight_bytes = 0;  // of `bytes`: weights read
  double kv_bytes = 0;      // of `bytes`: KV cache read or written
  double intensity = 0;     // flops / bytes; +infinity when bytes == 0 (fused: not plotted)
  double time_s = 0;        // max(compute time, memory time)
  Bound bound = Bound::memory;
};

// An aggregate point: "fc", "attention", "elementwise" or the whole "step".
struct GroupCost {
  double flops = 0;
  double bytes = 0;
  double intensity = 0;       // flops / bytes (+infinity when bytes == 0)
  double time_s = 0;          // sum of its ops' times (the step adds all-reduce time)
  double achieved_flops = 0;  // flops / time_s: on or below the roof (0 when time is 0)
  Bound bound = Bound::memory;
};

struct Totals {
  double flops = 0;
  double bytes = 0;
  double time_s = 0;                // step time: sum of op times + all-reduce time
  double communication_time_s = 0;  // tensor-parallel all-reduces (0 when tp == 1)
  double tokens_per_s = 0;          // decode: B / t; prefill: B*T / t (prompt tokens)
  double ttft_s = 0;                // prefill only: time to first token (= step time)
  double parameters = 0;
  double weights_bytes = 0;         // whole model, all GPUs (divide by tp for one)
  double kv_cache_bytes = 0;        // whole cache, all GPUs
  double memory_per_gpu_bytes = 0;  // (weights + KV) / tp
  double usable_memory_bytes = 0;   // capacity * memory_utilization
  bool fits_in_memory = false;
  int64_t max_batch = 0;  // 0: the weights alone do not fit
};

struct Analysis {
  Precision math_precision = Precision::bf16;  // what the step's math wants
  Precision roof_precision = Precision::bf16;  // the roof it runs on (differs on fallback)
  double peak_flops = 0;                       // roof_precision peak * compute_efficiency
  double bandwidth = 0;                        // memory bandwidth * memory_efficiency (byte/s)
  double ridge_point = 0;                      // peak_flops / bandwidth (FLOP/byte)
  std::vector<OpCost> ops;  // in execution order; per-layer ops first, then final_norm, lm_head
  GroupCost fc, attention, elementwise, step;
  Totals totals;
  std::vector<std::string> warnings;

  const OpCost* find_op(std::string_view name) const;
  const GroupCost& group(OpKind k) const;
};

// Pure and deterministic. Precondition: validate(s) is empty and the GPU has at least one roof
// (checked by io); a scenario that breaks it gives an Analysis with a warning and zero ops.
Analysis analyze(const Scenario& s);

// The cost of one op from its FLOPs and bytes on the given roofs.
void finish_op(OpCost& op, double peak_flops, double bandwidth);

}  // namespace roofline
