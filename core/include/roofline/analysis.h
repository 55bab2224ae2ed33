#pragma once
// analyze(): the FLOPs, bytes, time and bound of every operator of one inference step.

#include <string>
#include <string_view>
#include <vector>

#include "roofline/calibration.h"
#include "roofline/precision.h"
#include "roofline/scenario.h"

namespace roofline {

enum class OpKind { fc, attention, elementwise };
enum class Bound { memory, compute };
std::string_view to_string(OpKind k);
std::string_view to_string(Bound b);

// Where an op runs: one mixer type, one feed-forward type, or the once-per-step output.
enum class LayerPart { mixer, ffn, output };

struct LayerTypeInfo {
  LayerPart part = LayerPart::mixer;
  std::string_view kind;  // "full", "sliding", "chunked", "mla", "linear", "mamba", "dense",
                          // "moe", "output" (static storage)
  std::string label;      // "sliding 128", "full attention", "MoE 128 experts, top 4", ...
  int64_t count = 0;      // layers of this type (1 for the output)
  int64_t window = 0;     // sliding / chunked: W or C tokens
  int16_t index = -1;     // its ModelConfig::mixers or ::ffns entry (-1 for the output)

  bool operator==(const LayerTypeInfo&) const = default;
};

// One operator, per step and per GPU, summed over the `count` layers of its type (under pipeline
// stages, the busiest stage's share of them, once per micro-batch: MODEL.md §18).
struct OpCost {
  std::string_view name;  // "q_proj", "attention", "lm_head", ... (static storage)
  OpKind kind = OpKind::fc;
  int64_t count = 0;       // layers it runs in (1 for once-per-step ops)
  int16_t layer_type = 0;  // index into Analysis::layer_types
  double flops = 0;
  double bytes = 0;         // all memory traffic, weights and KV included
  double weight_bytes = 0;  // of `bytes`: weights read
  double kv_bytes = 0;      // of `bytes`: KV cache read or written
  double intensity = 0;     // flops / bytes; +infinity when bytes == 0 (fused: not plotted)
  double time_s = 0;  // expected: on the calibration's roofs plus its fixed costs (= the bound)
  double roofline_time_s = 0;   // the bound: max(compute time, memory time) on the roofs
  double latency_s = 0;         // of time_s: the calibration's kernel latencies
  Bound bound = Bound::memory;  // of the bound
  OpClass op_class = OpClass::gemm;
  WeightGroup group = WeightGroup::mixer;  // whose weights it reads (matmuls)
  // Decode attention ops cost an affine function of the keys each query reads: at `keys`,
  // flops = F0 + flops_per_key·keys and bytes = B0 + bytes_per_key·keys (per step, per GPU).
  // requests.h sums decode steps over a range of contexts with it. 0 for other ops.
  double keys = 0;
  double flops_per_key = 0;
  double bytes_per_key = 0;
  double kv_bytes_per_key = 0;  // of bytes_per_key: KV cache read
  // Of its KV-cache work, the part each GPU does: 1/tp, more where the KV heads do not split that
  // far (kv_share in model_config.h). A matmul that writes the cache (k_proj, v_proj, kv_a_proj)
  // is that part of the whole op; an attention op splits its other bytes and its FLOPs by tp.
  double kv_share = 1;
  // Runs whole on every GPU under tensor parallelism: serving engines replicate it rather than
  // split it (MLA's q_a_proj, DeepSeek-V3.2's sparse-attention indexer). Its kv_share is 1.
  bool replicated = false;
  // A routed expert's op (expert_gate, expert_up, expert_down, expert_act): sized for every
  // data-parallel rank's tokens and spread over all tp × dp GPUs, each expert split over them
  // (ep 1) or whole on one (ep = tp × dp, the busiest GPU's share scaled by moe_imbalance).
  bool expert_group = false;
};

// A communication operator (core/MODEL.md §17): the data one GPU sends over the interconnect per
// step, summed over the `count` layers it follows; no arithmetic, so no dot on the roofline.
struct CommOp {
  // "all_reduce", "gather_scatter", "dispatch", "combine", "stage_send" (static storage)
  std::string_view name;
  int16_t layer_type = 0;       // the mixer or feed-forward type it follows (Analysis::layer_types)
  int64_t count = 0;            // layers (stage_send: micro-batches, each sent once)
  int64_t gpus = 0;             // GPUs taking part in one collective
  double bytes = 0;             // sent by each GPU (the busiest), all layers
  double time_s = 0;            // expected: at the calibration's link efficiency plus its latencies
  double roofline_time_s = 0;   // the bound: bytes at the full interconnect bandwidth
  double latency_s = 0;         // of time_s: the calibration's per-collective latency
  bool between_stages = false;  // stage_send: after no layer type (layer_type is the output's)
  bool scale_out = false;       // crosses the scale-out network beyond the scale-up domain
};

// An aggregate point: "fc", "attention", "elementwise" or the whole "step".
struct GroupCost {
  int16_t layer_type = -1;  // attention_types only: the mixer type it sums
  double flops = 0;
  double bytes = 0;
  double intensity = 0;                // flops / bytes (+infinity when bytes == 0)
  double time_s = 0;                   // sum of its ops' expected times (the step adds all-reduces)
  double roofline_time_s = 0;          // sum of their bounds
  double achieved_flops = 0;           // flops / time_s: on or below the roof (0 when time is 0)
  double roofline_achieved_flops = 0;  // flops / roofline_time_s: on the roof it is bound by
  Bound bound = Bound::memory;
};

struct Totals {
  double flops = 0;
  double bytes = 0;
  double time_s = 0;                // step time: sum of op times + communication (+ overhead)
  double roofline_time_s = 0;       // the bound: op bounds + communication at full link speed
  double communication_time_s = 0;  // the communication operators' (Analysis::comm) time
  double kernel_latency_s = 0;      // of time_s: the calibration's kernel latencies
  double step_overhead_s = 0;  // of time_s: the calibration's host work (fixed + ⌈B/dp⌉ × per seq)
  // Pipeline stages (MODEL.md §18): the micro-batches each GPU runs through its stage per step,
  // the stage-times the step lasts (pipeline_slots in scenario.h), and of time_s (and, at the
  // bounds, of roofline_time_s) the time a GPU waits for the other stages: the bubble,
  // (slots − micro-batches) stage-times. 1, 1 and 0 without stages.
  int64_t pipeline_microbatches = 1;
  int64_t pipeline_slots = 1;
  double pipeline_bubble_s = 0;
  double pipeline_bubble_roofline_s = 0;
  double tokens_per_s = 0;  // decode: B·τ / t; prefill: B*T / t (prompt tokens)
  // Speculative decoding (decode with a method): the drafting passes' time and bound, in time_s
  // and roofline_time_s; the tokens a sequence gains per step τ (1 without).
  double draft_time_s = 0;
  double draft_roofline_time_s = 0;
  double accepted_tokens_per_step = 1;
  double tokens_per_s_per_user = 0;  // decode: τ / t, one sequence's speed
  double tokens_per_s_per_gpu = 0;   // tokens_per_s / tp
  double ttft_s = 0;                 // prefill only: time to first token (= step time)
  // MODEL.md §16, on tokens_per_s_per_gpu: US dollars per million tokens at the scenario's price
  // of a GPU-hour, joules per token at the GPU's board power; 0 where there is no price or power.
  double cost_per_mtok_usd = 0;
  double energy_per_token_j = 0;
  double parameters = 0;
  double active_parameters = 0;       // what one token touches: all but the unused routed experts
  double weights_bytes = 0;           // whole model, one copy (weights_per_gpu: one GPU's)
  double kv_cache_bytes = 0;          // whole cache, one copy (all GPUs together when it splits)
  double kv_cache_per_gpu_bytes = 0;  // the busiest rank's, 1/tp (more with replicated heads)
  double weights_per_gpu_bytes = 0;   // weights / tp, plus what every GPU keeps whole
  double state_bytes = 0;             // linear-attention / Mamba state of the batch, all GPUs
  double state_per_gpu_bytes = 0;     // the busiest rank's state / tp
  double memory_per_gpu_bytes = 0;    // weights_per_gpu + state_per_gpu + kv_cache_per_gpu
  double usable_memory_bytes = 0;     // capacity * memory_utilization
  bool fits_in_memory = false;
  int64_t max_batch = 0;  // 0: the weights alone do not fit
};

// What kind of expected value a group's time is (calibration.h): a whole step's is a TTFT in
// prefill, a decode step's otherwise; an op's or any other group's is a sum of kernels (op times).
Expected group_time_kind(bool whole_step, Phase phase);

struct Analysis {
  bool calibrated = false;  // time_s is expected under a calibration
  // Under a calibration whose errors carry them (calibration.h, MODEL.md §15): the 80 % interval
  // of measured / expected for an op's or a kernel group's time, and for the whole step's (a
  // decode step's, a TTFT in prefill); 0, 0 for none.
  ValueInterval op_interval, step_interval;
  Precision math_precision = Precision::bf16;  // what the step's math wants
  Precision roof_precision = Precision::bf16;  // the roof it runs on (differs on fallback)
  double peak_flops = 0;                       // roof_precision peak * compute_efficiency
  double bandwidth = 0;                        // memory bandwidth * memory_efficiency (byte/s)
  double ridge_point = 0;                      // peak_flops / bandwidth (FLOP/byte)
  std::vector<LayerTypeInfo> layer_types;      // mixer types, feed-forward types, then the output
  std::vector<OpCost> ops;  // by layer type, in execution order; final_norm, lm_head last
  // The communication between GPUs, by the layer type each follows (empty on one GPU); its time
  // is in the step's, its bytes are not (they cross the interconnect, not memory).
  std::vector<CommOp> comm;
  GroupCost fc, attention, elementwise, step;
  // One per mixer type when the model has more than one (sliding and full, linear and full,
  // ...): each type's attention-kind ops summed; empty for a model with one mixer type.
  std::vector<GroupCost> attention_types;
  Totals totals;
  std::vector<std::string> warnings;
  // The scenario is valid but the GPU has no roof for math_precision nor a wider one: no ops,
  // and warnings[0] says so (the app, the throughput plot and the CLI all read this).
  bool no_roof = false;

  // The first op of that name (a name recurs once per layer type that runs it).
  const OpCost* find_op(std::string_view name) const;
  // The op of that name in layer type `layer_type`, or nullptr.
  const OpCost* find_op(std::string_view name, int layer_type) const;
  // True when more than one op carries `op`'s name (its layer type then tells them apart).
  bool name_recurs(const OpCost& op) const;
  const GroupCost& group(OpKind k) const;
};

// A key that tells op `op` of `a` apart from every other: its name ("q_proj"), or, when the
// name recurs in the step (one op per layer type), "name@type" with type_key()'s word
// ("attention@sliding", "mlp_norm@moe"). Plot ids are "op:" + this key.
std::string op_key(const Analysis& a, const OpCost& op);
// The op with that key, or nullptr; a plain name also finds the first op of that name.
const OpCost* find_op_key(const Analysis& a, std::string_view key);
// A communication operator's id, unique in the step as op_key()'s: "dispatch", "all_reduce@moe".
std::string comm_key(const Analysis& a, const CommOp& c);
// Where a communication operator sits, for tables and JSON: its layer type's kind and label, or
// "stage" and "between pipeline stages" for the sends between pipeline stages.
struct CommPlace {
  std::string_view kind;
  std::string_view label;
};
CommPlace comm_place(const Analysis& a, const CommOp& c);
// A layer type's word in keys: its kind ("sliding", "moe"), numbered from the second type of
// the same kind on ("moe2").
std::string type_key(const Analysis& a, int layer_type);
// The group of `key`: "fc", "attention", "elementwise", "step", or one attention type
// ("attention@sliding", as type_key() names it); nullptr for anything else.
const GroupCost* find_group(const Analysis& a, std::string_view key);

// What the chart calls an attention type's dot: "attention · sliding 128", "attention · full",
// "linear attention", "mamba", "attention · MLA".
std::string attention_type_label(const LayerTypeInfo& t);

// Pure and deterministic. Precondition: validate(s) is empty and the GPU has at least one roof
// (checked by io); a scenario that breaks it gives an Analysis with a warning and zero ops.
Analysis analyze(const Scenario& s);

// The cost of one op from its FLOPs and bytes on the given roofs: its bound (time_s and
// roofline_time_s both), intensity.
void finish_op(OpCost& op, double peak_flops, double bandwidth);

// The op's expected time under `c` (core/MODEL.md §9): on the roofs times its class's
// efficiencies (the memory one reduced for weight-only quantized matmuls, `weight_only` being
// the multiplier that applies, 1 otherwise), plus count · kernels · kernel latency. Sets time_s
// and latency_s; the bound stays.
void calibrate_op(OpCost& op, const Calibration& c, double peak_flops, double bandwidth,
                  double weight_only);

}  // namespace roofline
