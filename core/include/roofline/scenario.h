#pragma once
// The workload: one Scenario value holds everything the analysis depends on. What the chart
// shows is plot's ChartView; a scenario file holds both (persist's ScenarioFile).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "roofline/calibration.h"
#include "roofline/hardware.h"
#include "roofline/model_config.h"
#include "roofline/precision.h"

namespace roofline {

enum class Phase { prefill, decode };
std::string_view to_string(Phase p);
std::optional<Phase> parse_phase(std::string_view name);

// Speculative decoding: none, or heads trained with the model that draft the next tokens from its
// last hidden state, each pass one layer of the model's shape and its output table (DeepSeek's
// multi-token prediction, EAGLE). core/MODEL.md §14.
enum class SpecMethod { none, mtp, eagle };
std::string_view to_string(SpecMethod m);
std::optional<SpecMethod> parse_spec_method(std::string_view name);

// The largest batch and sequence length: the batch and seq knobs' ranges (knobs.h), and where
// sweeps over them stop.
inline constexpr int64_t kMaxBatch = 1'000'000;
inline constexpr int64_t kMaxSeq = 10'000'000;

struct Scenario {
  GpuSpec gpu;        // resolved preset (gpu.id is what is saved)
  ModelConfig model;  // resolved preset or user config (model.id is what is saved)
  std::optional<GpuSpec> compare_gpu;
  Phase phase = Phase::decode;
  int64_t batch = 1;   // B
  int64_t seq = 1024;  // prefill: prompt length T; decode: context length S
  // nullopt is "auto": the model's quantization_config where it covers a weight, else bf16.
  std::optional<Precision> weights;
  // nullopt is "auto": the routed experts as the weights resolve for them.
  std::optional<Precision> expert_weights;
  Precision activations = Precision::bf16;
  Precision kv = Precision::bf16;
  bool flash_attention = true;
  bool fuse_elementwise = false;
  int64_t tp = 1;
  // Expert and data parallelism (core/MODEL.md §17). `dp` attention ranks, each `tp` GPUs holding
  // its own sequences (data-parallel attention, DeepSeek/SGLang style): tp × dp GPUs in all, the
  // batch shared out over the ranks. The routed experts span every one of them: `ep` 1 splits each
  // expert over the tp × dp GPUs (tensor parallel, vLLM's default), `ep` = tp × dp gives each GPU
  // whole experts (expert parallel) and routes tokens to them (all-to-all when dp > 1).
  // `moe_imbalance` is the busiest GPU's routed tokens over the mean under expert parallelism.
  int64_t dp = 1;
  int64_t ep = 1;
  double moe_imbalance = 1.0;
  // Pipeline parallelism (core/MODEL.md §18): `pp` stages of tp × dp GPUs, each holding ⌈L/pp⌉
  // of the layers (the last one also the output); each rank's batch runs as min(pp, its
  // sequences) micro-batches, one after another through the stages.
  int64_t pp = 1;
  double compute_efficiency = 1.0;  // (0, 1]: scales the compute roof
  double memory_efficiency = 1.0;   // (0, 1]: scales the bandwidth roof
  double memory_utilization = 0.9;  // (0, 1]: share of capacity usable for weights + KV
  // nullopt is `none`, the textbook roofline: expected times are the bounds.
  std::optional<Calibration> calibration;
  // Speculative decoding (decode only): `spec_tokens` drafted tokens per step, each accepted with
  // probability `spec_acceptance` given the ones before it. The defaults are DeepSeek-V3's one
  // MTP token and the 85 % its report gives for it (arXiv:2412.19437, §5.4.3: 85-90 %).
  SpecMethod spec = SpecMethod::none;
  int64_t spec_tokens = 1;
  double spec_acceptance = 0.85;
  // The price of one GPU-hour in US dollars; 0 takes the GPU preset's published price (none where
  // it cites none). Cost per million tokens follows (core/MODEL.md §16).
  double gpu_hour_usd = 0;

  bool operator==(const Scenario&) const = default;
};

// Whether the step is a speculative one: decode with a method.
bool speculative(const Scenario& s);
// The tokens each sequence runs through the model in one decode step: 1, or the k drafted tokens
// and one more when speculating (the verify step checks them all at once).
int64_t query_tokens(const Scenario& s);
// "speculative mtp: 3 drafted, 70% accepted each" ("" without a method).
std::string speculation_text(const Scenario& s);
// The tokens a sequence gains per speculative step, k drafted with acceptance a each (given the
// ones before): (1 − a^(k+1)) / (1 − a) (Leviathan et al. 2023), k + 1 at a = 1; 1 without.
double accepted_tokens_per_step(const Scenario& s);

// Cost and energy (core/MODEL.md §16). The GPUs a step runs on: tp × dp × pp.
int64_t gpu_count(const Scenario& s);
// The GPUs of one pipeline stage, over which the routed experts spread: tp × dp.
int64_t stage_gpus(const Scenario& s);
// Pipeline parallelism (core/MODEL.md §18): the micro-batches a rank's batch runs as,
// min(pp, ⌈batch / dp⌉) (1 without stages), and the sequences of one: ⌈batch / micro-batches⌉.
int64_t microbatches(const Scenario& s);
int64_t microbatch_size(const Scenario& s);
// The layers of the busiest stage over all layers: ⌈L / pp⌉ / L (1 without stages).
double stage_share(const Scenario& s);
// The stage-times a step lasts: pp in decode (each micro-batch passes every stage before its
// next token), micro-batches + pp − 1 in prefill (filling and draining the pipeline).
int64_t pipeline_slots(const Scenario& s);
// The sequences of the busiest data-parallel rank: ⌈batch / dp⌉ (the batch with dp 1).
int64_t rank_batch(const Scenario& s);
// Whether the routed experts are whole on each GPU (ep > 1) rather than split over the GPUs.
bool expert_parallel(const Scenario& s);
// After `model` replaces the scenario's model: pipeline stages halved until they are at most its
// layers (validate refuses more), so switching to a shallower model keeps a valid scenario.
void set_model(Scenario& s, ModelConfig model);
void fit_stages_to_model(Scenario& s);  // the halving alone, on the scenario's own model
// The layout in words: "tp 8", "tp 2 × dp 4, ep 8", "tp 8 × pp 2" ("" on one GPU).
std::string parallel_text(const Scenario& s);
// The price of a GPU-hour the scenario counts with: its gpu_hour_usd, else the GPU's published
// price; nullopt for neither.
std::optional<double> gpu_hour_price(const Scenario& s);
// US dollars per million tokens made at `tokens_per_s_per_gpu`: price / 3600 / rate × 10^6;
// 0 without a price or a rate.
double cost_per_mtok_usd(const Scenario& s, double tokens_per_s_per_gpu);
// Joules per token at the GPU's board power: power / rate; 0 without a power or a rate.
double energy_per_token_j(const Scenario& s, double tokens_per_s_per_gpu);

// How one group of weights is stored: its precision, the block scales beyond it, and whether
// the model's quantization_config chose it (rather than the scenario or the bf16 default).
struct WeightFormat {
  Precision precision = Precision::bf16;
  double scale_bytes = 0;
  bool from_config = false;

  double bytes() const { return bytes_per_element(precision) + scale_bytes; }
  bool operator==(const WeightFormat&) const = default;
};

struct WeightFormats {
  WeightFormat group[static_cast<size_t>(WeightGroup::count)];

  const WeightFormat& of(WeightGroup g) const { return group[static_cast<size_t>(g)]; }
};

// Each weight group's format: an explicit `weights` sets every group, an explicit
// `expert_weights` then the routed experts; "auto" takes what the config's quantization says for
// the groups it covers and bf16 for the rest (core/MODEL.md §6).
WeightFormats weight_formats(const Scenario& s);

// The widest weight precision of the layers' matmuls (embeddings and lm_head only for a model
// with no other matrices): with the activations', it decides the math
// precision (math_precision()).
Precision widest_weights(const Scenario& s);

// The weights as they resolve: "bf16", "fp8 (config)", "bf16, experts mxfp4 (config)": the
// routed experts are named when their format differs from the other weights'.
std::string weights_text(const Scenario& s);

// "bf16" when the weights, activations and KV cache share one precision; otherwise
// "weights fp8 (config), activations bf16, KV bf16".
std::string precision_text(const Scenario& s);

// Ok when every knob is in its range (knobs.h) and the GPU and model are sound; otherwise
// one message naming the key and the expected range ("batch must be between 1 and 1000000,
// got 0").
Status validate(const Scenario& s);

}  // namespace roofline
