// The step's readouts table (readouts.h): every value of one analysed step that the CLI, the JSON,
// the CSV, the app's panels and the lessons' placeholders show, with its label, unit and help.

#include <algorithm>
#include <array>

#include "roofline/readouts.h"
#include "roofline/sweep.h"
#include "roofline/units.h"

namespace roofline {

// [SECTION] The step's table

namespace {

using V = std::optional<ReadoutValue>;

double d(int64_t n) { return static_cast<double>(n); }
bool prefill(const StepContext& c) { return c.scenario.phase == Phase::prefill; }
bool calibrated(const StepContext& c) { return c.analysis.calibrated; }
// A step's expected time is a TTFT in prefill, a decode step's otherwise.
Expected step_kind(const StepContext& c) { return group_time_kind(true, c.scenario.phase); }
std::string name_or_id(const std::string& name, const std::string& id) {
  return name.empty() ? id : name;
}

// The compare GPU's analysis when it has a step; nullptr otherwise.
const Analysis* other(const StepContext& c) {
  const CompareResult* r = c.compare();
  return r && !r->other.ops.empty() ? &r->other : nullptr;
}

// Bytes of weights (or of KV cache) the step moves per GPU.
double moved(const Analysis& a, double OpCost::*part) {
  double sum = 0;
  for (const OpCost& op : a.ops) sum += op.*part;
  return sum;
}

V moe_value(const StepContext& c, int64_t MoeShape::*field) {
  const FfnType* moe = find_ffn(c.scenario.model, FfnKind::moe);
  if (!moe) return std::nullopt;
  return moe->moe.*field;
}

std::string step_time_text(const StepContext& c, TextStyle style) {
  const Totals& t = c.totals();
  std::string out = format_time(t.time_s);
  if (style != TextStyle::table && calibrated(c)) out += " expected";
  if (style == TextStyle::brief) return out;
  std::string parts;
  if (t.communication_time_s > 0) parts = format_time(t.communication_time_s) + " communication";
  if (t.pipeline_bubble_s > 0)
    parts += (parts.empty() ? "" : ", ") + format_time(t.pipeline_bubble_s) + " pipeline bubble";
  if (!parts.empty()) out += " (" + parts + ")";
  return out;
}

std::string memory_line(const StepContext& c, TextStyle style) {
  const Totals& t = c.totals();
  const Statement fit = memory_fit(t);
  if (style == TextStyle::table)
    return memory_text(t, gpu_count(c.scenario), MemoryDetail::sum, false) + ": " + fit.text;
  const MemoryDetail detail = style == TextStyle::brief ? MemoryDetail::sum : MemoryDetail::parts;
  return memory_text(t, gpu_count(c.scenario), detail, true) +
         (fit.severity == Severity::info ? "" : " (" + fit.text + ")");
}

Severity memory_severity(const StepContext& c) { return memory_fit(c.totals()).severity; }

constexpr StepReadout kStepReadouts[] =
    {
        // The hardware object: the roofs the step runs on.
        {.key = "id",
         .label = "GPU id",
         .object = JsonObject::hardware,
         .get = [](const StepContext& c) -> V { return c.scenario.gpu.id; },
         .help = "The GPU preset's id"},
        {.key = "name",
         .label = "GPU name",
         .object = JsonObject::hardware,
         .get = [](const StepContext& c) -> V { return c.scenario.gpu.name; },
         .help = "The GPU's name as its preset writes it"},
        {.placeholder = "gpu",
         .label = "GPU",
         .get = [](const StepContext& c) -> V {
           return name_or_id(c.scenario.gpu.name, c.scenario.gpu.id);
         },
         .help = "The GPU's name, or its id when it has none"},
        {.key = "precision",
         .placeholder = "roof_precision",
         .label = "roof precision",
         .object = JsonObject::hardware,
         .get = [](const StepContext& c) -> V {
           return std::string(to_string(c.analysis.roof_precision));
         },
         .help = "The precision whose compute roof the step runs on"},
        {.key = "math_precision",
         .placeholder = "math_precision",
         .label = "math precision",
         .object = JsonObject::hardware,
         .get = [](const StepContext& c) -> V {
           return std::string(to_string(c.analysis.math_precision));
         },
         .help = "The precision the step's math wants (the roof falls back to a wider one)"},
        {.key = "peak_flops",
         .placeholder = "peak",
         .label = "compute roof",
         .quantity = Quantity::flop_rate,
         .object = JsonObject::hardware,
         .get = [](const StepContext& c) -> V { return c.analysis.peak_flops; },
         .help = "The compute roof: the datasheet's peak times the compute efficiency"},
        {.key = "bandwidth",
         .placeholder = "bandwidth",
         .label = "memory roof",
         .quantity = Quantity::bandwidth,
         .object = JsonObject::hardware,
         .get = [](const StepContext& c) -> V { return c.analysis.bandwidth; },
         .help = "The memory roof: the datasheet's bandwidth times the memory efficiency"},
        {.key = "ridge_point",
         .placeholder = "ridge",
         .label = "ridge point",
         .quantity = Quantity::intensity,
         .object = JsonObject::hardware,
         .get = [](const StepContext& c) -> V { return c.analysis.ridge_point; },
         .help = "Compute roof over memory roof: below it an op is memory-bound"},
        {.key = "memory_capacity",
         .label = "GPU memory",
         .quantity = Quantity::bytes,
         .object = JsonObject::hardware,
         .get = [](const StepContext& c) -> V { return c.scenario.gpu.memory_capacity_bytes; },
         .help = "What the driver reports as the GPU's memory"},
        {.key = "datasheet_peak_flops",
         .label = "datasheet peak",
         .quantity = Quantity::flop_rate,
         .object = JsonObject::hardware,
         .get = [](const StepContext& c) -> V {
           return c.scenario.gpu.peak(c.analysis.roof_precision).value_or(0.0);
         },
         .help = "The datasheet's dense peak at the roof's precision"},
        {.key = "datasheet_bandwidth",
         .label = "datasheet bandwidth",
         .quantity = Quantity::bandwidth,
         .object = JsonObject::hardware,
         .get = [](const StepContext& c) -> V {
           return c.scenario.gpu.memory_bandwidth_bytes_per_s;
         },
         .help = "The datasheet's memory bandwidth"},

        // The step's totals, in the order people read them.
        {.key = "time_s",
         .label = "step time",
         .short_label = "Step",
         .quantity = Quantity::time,
         .object = JsonObject::totals,
         .shows = kReport | kStatus | kSlide,
         .get = [](const StepContext& c) -> V { return c.totals().time_s; },
         .text = step_time_text,
         .interval = step_kind,
         .help = "One step: every op's time plus the all-reduces (expected under a calibration)"},
        {.label = "80 % interval",
         .shows = kReport,
         .get = [](const StepContext& c) -> V {
           const auto iv = step_readout_interval(*find_step_readout_by_key("time_s"), c);
           if (!iv) return std::nullopt;
           return interval_text(Quantity::time, *iv, TextStyle::table);
         },
         .help = "Where 8 in 10 measured steps fall: the calibration's errors on measurements "
                 "it was not fitted on"},
        {.key = "roofline_time_s",
         .label = "roofline bound",
         .short_label = "Bound",
         .quantity = Quantity::time,
         .object = JsonObject::totals,
         .shows = kReport | kStatus,
         .get = [](const StepContext& c) -> V { return c.totals().roofline_time_s; },
         .shown = calibrated,
         .help =
             "The step's roofline bound: each op at its roof, communication at the link's speed"},
        {.key = "communication_time_s",
         .placeholder = "allreduce",
         .label = "communication",
         .quantity = Quantity::time,
         .object = JsonObject::totals,
         .get = [](const StepContext& c) -> V { return c.totals().communication_time_s; },
         .help = "Of the step time: the GPUs' communication, all-reduces and expert all-to-alls (0 "
                 "on one GPU)"},
        {.key = "kernel_latency_s",
         .placeholder = "kernel_latency",
         .label = "kernel latency",
         .quantity = Quantity::time,
         .object = JsonObject::totals,
         .get = [](const StepContext& c) -> V { return c.totals().kernel_latency_s; },
         .help = "Of the step time: the calibration's fixed latency per kernel"},
        {.key = "step_overhead_s",
         .placeholder = "step_overhead",
         .label = "step overhead",
         .quantity = Quantity::time,
         .object = JsonObject::totals,
         .get = [](const StepContext& c) -> V { return c.totals().step_overhead_s; },
         .help = "Of the step time: the calibration's host work per step, a fixed part and a part "
                 "per sequence"},
        {.key = "pipeline_bubble_s",
         .placeholder = "pipeline_bubble",
         .label = "pipeline bubble",
         .quantity = Quantity::time,
         .object = JsonObject::totals,
         .get = [](const StepContext& c) -> V { return c.totals().pipeline_bubble_s; },
         .shown = [](const StepContext& c) { return c.scenario.pp > 1; },
         .help = "Of the step time: what a GPU waits for the other pipeline stages, (stage-times "
                 "of the step − micro-batches) × its stage's time (0 without pipeline stages)"},
        {.label = "fixed costs",
         .shows = kReport,
         .get = [](const StepContext& c) -> V {
           return "kernel latency " + format_time(c.totals().kernel_latency_s) +
                  ", step overhead " + format_time(c.totals().step_overhead_s);
         },
         .shown = calibrated,
         .help =
             "What a calibration adds beyond the roofs: kernel latencies and the step overhead"},
        {.key = "ttft_s",
         .placeholder = "ttft",
         .label = "time to first token",
         .short_label = "TTFT",
         .quantity = Quantity::time,
         .object = JsonObject::totals,
         .shows = kReport | kStatus,
         .get = [](const StepContext& c) -> V {
           if (!prefill(c)) return std::nullopt;
           return c.totals().ttft_s;
         },
         .interval = step_kind,
         .help = "Prefill: the step that reads the whole prompt makes the first token"},
        {.key = "tokens_per_s",
         .placeholder = "tokens_per_s",
         .label = "tokens/s",
         .prefill_label = "prompt tokens/s",
         .quantity = Quantity::token_rate,
         .object = JsonObject::totals,
         .shows = kReport | kStatus | kSlide,
         .get = [](const StepContext& c) -> V { return c.totals().tokens_per_s; },
         .text =
             [](const StepContext& c, TextStyle style) {
               const bool line = style != TextStyle::table;
               return format_token_rate(c.totals().tokens_per_s, line) +
                      (line && prefill(c) ? " (prompt)" : "");
             },
         .interval = step_kind,
         .help = "Tokens the step makes per second: the batch over the step time (prefill: prompt "
                 "tokens)"},
        {.key = "tokens_per_s_per_user",
         .placeholder = "tokens_per_s_per_user",
         .label = "tokens/s per sequence",
         .quantity = Quantity::token_rate,
         .object = JsonObject::totals,
         .shows = kStatus | kReport,
         .get = [](const StepContext& c) -> V {
           if (prefill(c)) return std::nullopt;
           return c.totals().tokens_per_s_per_user;
         },
         .text =
             [](const StepContext& c, TextStyle style) {
               return format_token_rate(c.totals().tokens_per_s_per_user,
                                        style != TextStyle::table) +
                      (style != TextStyle::table ? " per sequence" : "");
             },
         .interval = step_kind,
         .help = "Decode: the tokens one sequence gets per second, tokens per step over the step "
                 "time"},
        {.key = "tokens_per_s_per_gpu",
         .placeholder = "tokens_per_s_per_gpu",
         .label = "tokens/s per GPU",
         .prefill_label = "prompt tokens/s per GPU",
         .quantity = Quantity::token_rate,
         .object = JsonObject::totals,
         .shows = kReport,
         .get = [](const StepContext& c) -> V { return c.totals().tokens_per_s_per_gpu; },
         .shown = [](const StepContext& c) { return gpu_count(c.scenario) > 1; },
         .interval = step_kind,
         .help = "Tokens per second over the GPUs (tp x dp x pp)"},
        {.key = "cost_per_mtok_usd",
         .placeholder = "cost_per_mtok",
         .label = "$ per million tokens",
         .prefill_label = "$ per million prompt tokens",
         .quantity = Quantity::money,
         .object = JsonObject::totals,
         .shows = kReport,
         .get = [](const StepContext& c) -> V {
           if (!(c.totals().cost_per_mtok_usd > 0)) return std::nullopt;
           return c.totals().cost_per_mtok_usd;
         },
         .interval = step_kind,
         .help = "The price of the step's GPU-hours over the tokens it makes: price / 3600 / "
                 "(tokens/s per GPU) × 10^6"},
        {.key = "energy_per_token_j",
         .placeholder = "energy_per_token",
         .label = "energy per token",
         .prefill_label = "energy per prompt token",
         .quantity = Quantity::energy,
         .object = JsonObject::totals,
         .shows = kReport,
         .get = [](const StepContext& c) -> V {
           if (!(c.totals().energy_per_token_j > 0)) return std::nullopt;
           return c.totals().energy_per_token_j;
         },
         .interval = step_kind,
         .help = "At the GPU's board power (an upper bound: a memory-bound step often draws "
                 "less): power / (tokens/s per GPU)"},
        {.key = "accepted_tokens_per_step",
         .placeholder = "accepted_tokens",
         .label = "tokens per step",
         .quantity = Quantity::ratio,
         .object = JsonObject::totals,
         .shows = kReport,
         .get = [](const StepContext& c) -> V {
           if (prefill(c)) return std::nullopt;
           return c.totals().accepted_tokens_per_step;
         },
         .shown = [](const StepContext& c) { return speculative(c.scenario); },
         .text =
             [](const StepContext& c, TextStyle) {
               std::string tokens = format_si(c.totals().accepted_tokens_per_step, "");
               while (tokens.ends_with(' ')) tokens.pop_back();
               return tokens + " per sequence (" + speculation_text(c.scenario) + ")";
             },
         .help = "Speculative decoding: the tokens a sequence gains per step, (1 − a^(k+1)) / "
                 "(1 − a) for k drafted tokens each accepted with chance a"},
        {.key = "spec_breakeven_batch",
         .placeholder = "spec_breakeven_batch",
         .label = "speculation pays below",
         .quantity = Quantity::count,
         .object = JsonObject::totals,
         .shows = kReport,
         .get = [](const StepContext& c) -> V {
           const std::optional<int64_t> b = c.speculation_breakeven();
           if (!b) return std::nullopt;
           return *b;
         },
         .shown = [](const StepContext& c) { return speculative(c.scenario); },
         .text =
             [](const StepContext& c, TextStyle) {
               const std::optional<int64_t> b = c.speculation_breakeven();
               if (!b) return "every batch up to " + format_count(d(kMaxBatch));
               return "batch " + format_count(d(*b)) +
                      " (from there the plain step makes as many "
                      "tokens/s)";
             },
         .help = "Speculative decoding: the smallest batch at which the speculative step makes no "
                 "more tokens/s than the plain one (its verify step is compute-bound by then)"},
        {.key = "draft_time_s",
         .placeholder = "draft_time",
         .label = "drafting",
         .quantity = Quantity::time,
         .object = JsonObject::totals,
         .shows = kReport,
         .get = [](const StepContext& c) -> V {
           if (!speculative(c.scenario)) return std::nullopt;
           return c.totals().draft_time_s;
         },
         .text =
             [](const StepContext& c, TextStyle) {
               const Totals& t = c.totals();
               return format_time(t.draft_time_s) + " of the step (" +
                      format_percent(t.time_s > 0 ? t.draft_time_s / t.time_s : 0) + ")";
             },
         .help = "Speculative decoding: the k drafting passes, each one layer of the model's "
                 "shape and its output table, inside the step time"},
        {.key = "flops",
         .label = "FLOPs",
         .quantity = Quantity::flops,
         .object = JsonObject::totals,
         .shows = kReport,
         .get = [](const StepContext& c) -> V { return c.totals().flops; },
         .help = "Floating-point operations of the step, per GPU"},
        {.key = "bytes",
         .label = "bytes",
         .quantity = Quantity::bytes,
         .object = JsonObject::totals,
         .shows = kReport,
         .get = [](const StepContext& c) -> V { return c.totals().bytes; },
         .help = "Bytes the step moves to and from memory, per GPU"},
        {.placeholder = "layout",
         .label = "layers",
         .shows = kReport,
         .get = [](const StepContext& c) -> V { return layout_text(c.scenario.model); },
         .help = "The model's layers by kind"},
        {.key = "parameters",
         .placeholder = "parameters",
         .label = "parameters",
         .quantity = Quantity::parameters,
         .object = JsonObject::totals,
         .shows = kReport,
         .get = [](const StepContext& c) -> V { return c.totals().parameters; },
         .help = "The model's parameters"},
        {.key = "active_parameters",
         .placeholder = "active_parameters",
         .label = "active parameters",
         .quantity = Quantity::parameters,
         .object = JsonObject::totals,
         .shows = kReport,
         .get = [](const StepContext& c) -> V { return c.totals().active_parameters; },
         .shown =
             [](const StepContext& c) {
               return c.totals().active_parameters < c.totals().parameters;
             },
         .help = "What one token touches: all but the routed experts it does not use"},
        {.label = "checkpoint",
         .quantity = Quantity::text,
         .shows = kReport,
         .get = [](const StepContext& c) -> V { return checkpoint_comparison(c.scenario.model); },
         .shown =
             [](const StepContext& c) {
               return c.scenario.model.checkpoint_parameters.has_value();
             },
         .help = "The parameters the checkpoint's safetensors headers hold, beside the count"},
        {.key = "weights_bytes",
         .placeholder = "weights",
         .label = "weights",
         .quantity = Quantity::bytes,
         .object = JsonObject::totals,
         .shows = kReport | kMemory,
         .get = [](const StepContext& c) -> V { return c.totals().weights_bytes; },
         .help = "The whole model's weights, all GPUs"},
        {.key = "weights_per_gpu_bytes",
         .placeholder = "weights_per_gpu",
         .label = "weights per GPU",
         .quantity = Quantity::bytes,
         .object = JsonObject::totals,
         .shows = kReport | kMemory,
         .get = [](const StepContext& c) -> V { return c.totals().weights_per_gpu_bytes; },
         .shown = [](const StepContext& c) { return gpu_count(c.scenario) > 1; },
         .help = "One GPU's weights: 1/tp of them (the routed experts 1/(tp x dp)), more where a "
                 "matmul runs whole on every GPU "
                 "(MLA's q_a_proj and kv_a_proj, a sparse-attention indexer) or writes KV heads "
                 "that do not split tp ways; under pipeline stages the last stage's share of the "
                 "layers and the output table"},
        {.key = "kv_cache_bytes",
         .placeholder = "kv_cache",
         .label = "KV cache",
         .quantity = Quantity::bytes,
         .object = JsonObject::totals,
         .shows = kReport | kMemory | kCsv,
         .get = [](const StepContext& c) -> V { return c.totals().kv_cache_bytes; },
         .help = "The whole batch's KV cache, all GPUs (one copy)"},
        {.key = "kv_cache_per_gpu_bytes",
         .placeholder = "kv_cache_per_gpu",
         .label = "KV cache per GPU",
         .quantity = Quantity::bytes,
         .object = JsonObject::totals,
         .shows = kReport | kMemory,
         .get = [](const StepContext& c) -> V { return c.totals().kv_cache_per_gpu_bytes; },
         .shown = [](const StepContext& c) { return gpu_count(c.scenario) > 1; },
         .help =
             "One GPU's part of the KV cache: its rank's sequences, 1/tp of their cache, more "
             "where tp exceeds the KV heads "
             "(replicated) or with MLA (every GPU keeps the whole latent cache); under pipeline "
             "stages its stage's layers'"},
        {.key = "state_bytes",
         .placeholder = "state",
         .label = "recurrent state",
         .quantity = Quantity::bytes,
         .object = JsonObject::totals,
         .shows = kReport | kMemory,
         .get = [](const StepContext& c) -> V { return c.totals().state_bytes; },
         .shown = [](const StepContext& c) { return c.totals().state_bytes > 0; },
         .help = "The batch's linear-attention and Mamba state, all GPUs"},
        {.key = "memory_per_gpu_bytes",
         .placeholder = "memory",
         .label = "memory per GPU",
         .quantity = Quantity::bytes,
         .object = JsonObject::totals,
         .shows = kMemory | kCsv,
         .get = [](const StepContext& c) -> V { return c.totals().memory_per_gpu_bytes; },
         .help = "Weights, KV cache and state on one GPU"},
        {.key = "usable_memory_bytes",
         .placeholder = "usable_memory",
         .label = "usable memory",
         .quantity = Quantity::bytes,
         .object = JsonObject::totals,
         .shows = kMemory,
         .get = [](const StepContext& c) -> V { return c.totals().usable_memory_bytes; },
         .help = "The GPU's memory times the memory utilization"},
        {.key = "fits_in_memory",
         .label = "fits in memory",
         .quantity = Quantity::flag,
         .object = JsonObject::totals,
         .shows = kMemory | kCsv,
         .get = [](const StepContext& c) -> V { return c.totals().fits_in_memory; },
         .severity = memory_severity,
         .help = "Whether weights, KV cache and state fit the usable memory"},
        {.label = "memory per GPU",
         .short_label = "Memory",
         .shows = kReport | kStatus | kSlide,
         .get = [](const StepContext& c) -> V { return memory_line(c, TextStyle::line); },
         .text = memory_line,
         .severity = memory_severity,
         .help = "Weights, KV cache and state per GPU against the usable memory"},
        {.key = "max_batch",
         .placeholder = "max_batch",
         .label = "max batch",
         .quantity = Quantity::count,
         .object = JsonObject::totals,
         .shows = kReport | kMemory,
         .get = [](const StepContext& c) -> V { return c.totals().max_batch; },
         .text = [](const StepContext& c,
                    TextStyle) { return max_batch_text(c.totals().max_batch); },
         .help = "The largest batch whose KV cache and state fit beside the weights"},

        // What lessons quote: the scenario's knobs, the model, the costlier values.
        {.placeholder = "model",
         .label = "model",
         .get = [](const StepContext& c)
             -> V { return name_or_id(c.scenario.model.name, c.scenario.model.id); },
         .help = "The model's name"},
        {.placeholder = "batch",
         .label = "batch",
         .quantity = Quantity::count,
         .get = [](const StepContext& c) -> V { return c.scenario.batch; },
         .help = "Sequences per step"},
        {.placeholder = "seq",
         .label = "sequence length",
         .quantity = Quantity::count,
         .get = [](const StepContext& c) -> V { return c.scenario.seq; },
         .help = "The prompt in prefill, the context in decode"},
        {.placeholder = "tp",
         .label = "tensor parallelism",
         .quantity = Quantity::count,
         .get = [](const StepContext& c) -> V { return c.scenario.tp; },
         .help = "Tensor-parallel GPUs"},
        {.placeholder = "dp",
         .label = "data-parallel ranks",
         .quantity = Quantity::count,
         .get = [](const StepContext& c) -> V { return c.scenario.dp; },
         .help = "Data-parallel attention ranks"},
        {.placeholder = "ep",
         .label = "expert parallelism",
         .quantity = Quantity::count,
         .get = [](const StepContext& c) -> V { return c.scenario.ep; },
         .help = "Expert-parallel GPUs (1: every expert split over the GPUs)"},
        {.placeholder = "pp",
         .label = "pipeline stages",
         .quantity = Quantity::count,
         .get = [](const StepContext& c) -> V { return c.scenario.pp; },
         .help = "Pipeline stages, each holding its share of the layers"},
        {.placeholder = "gpu_count",
         .label = "GPUs",
         .quantity = Quantity::count,
         .get = [](const StepContext& c) -> V { return gpu_count(c.scenario); },
         .help = "The GPUs of the layout, tp x dp x pp"},
        {.placeholder = "query_heads",
         .label = "query heads",
         .quantity = Quantity::count,
         .get = [](const StepContext& c) -> V { return c.scenario.model.heads; },
         .help = "The model's query heads H"},
        {.placeholder = "kv_heads",
         .label = "KV heads",
         .quantity = Quantity::count,
         .get = [](const StepContext& c) -> V { return c.scenario.model.kv_heads; },
         .help = "The model's key-value heads Hkv"},
        {.placeholder = "experts",
         .label = "experts",
         .quantity = Quantity::count,
         .get = [](const StepContext& c) { return moe_value(c, &MoeShape::experts); },
         .help = "Routed experts E of the MoE layers"},
        {.placeholder = "experts_per_token",
         .label = "experts per token",
         .quantity = Quantity::count,
         .get = [](const StepContext& c) { return moe_value(c, &MoeShape::top_k); },
         .help = "Routed experts k each token uses"},
        {.placeholder = "compute_efficiency",
         .label = "compute efficiency",
         .quantity = Quantity::percent,
         .get = [](const StepContext& c) -> V { return c.scenario.compute_efficiency; },
         .help = "Share of peak FLOP/s the compute roof keeps"},
        {.placeholder = "memory_efficiency",
         .label = "memory efficiency",
         .quantity = Quantity::percent,
         .get = [](const StepContext& c) -> V { return c.scenario.memory_efficiency; },
         .help = "Share of peak bandwidth the memory roof keeps"},
        {.placeholder = "calibration",
         .label = "calibration",
         .get = [](const StepContext& c) -> V {
           return c.scenario.calibration ? c.scenario.calibration->name
                                         : std::string("none (the roofline)");
         },
         .help = "The calibration of expected times, or none: the roofline bound"},
        {.placeholder = "critical_batch",
         .label = "critical batch",
         .quantity = Quantity::count,
         .get = [](const StepContext& c) -> V {
           const std::optional<int64_t> b = c.critical_batch();
           if (!b) return std::string("none");
           return *b;
         },
         .help = "The batch where the matmuls reach the ridge"},
        {.placeholder = "weights_read",
         .label = "weights read",
         .quantity = Quantity::bytes,
         .get = [](const StepContext& c) -> V { return moved(c.analysis, &OpCost::weight_bytes); },
         .help = "Bytes of weights one step reads per GPU"},
        {.placeholder = "kv_bytes",
         .label = "KV bytes moved",
         .quantity = Quantity::bytes,
         .get = [](const StepContext& c) -> V { return moved(c.analysis, &OpCost::kv_bytes); },
         .help = "Bytes of KV cache one step reads and writes per GPU"},
        {.placeholder = "kv_per_token",
         .label = "KV per token",
         .quantity = Quantity::bytes,
         .get = [](const StepContext& c) -> V {
           // What one more token of context adds: layers whose window is already full add nothing.
           const Scenario& s = c.scenario;
           double elements = 0;
           for (const MixerType& m : s.model.mixers) {
             if (cached_tokens(m, s.seq + 1) > cached_tokens(m, s.seq))
               elements += d(m.count) * d(kv_elements_per_token(s.model, m));
           }
           return elements * bytes_per_element(s.kv);
         },
         .help =
             "KV bytes one more token of context adds, over the layers whose cache still grows"},

        // The same step on the compare GPU.
        {.placeholder = "compare.gpu",
         .label = "compare GPU",
         .get = [](const StepContext& c) -> V {
           const auto& g = c.scenario.compare_gpu;
           if (!g) return std::nullopt;
           return name_or_id(g->name, g->id);
         },
         .help = "The compare GPU's name"},
        {.placeholder = "compare.peak",
         .label = "compare GPU's compute roof",
         .quantity = Quantity::flop_rate,
         .get = [](const StepContext& c) -> V {
           if (const Analysis* o = other(c)) return o->peak_flops;
           return std::nullopt;
         },
         .help = "The compare GPU's compute roof"},
        {.placeholder = "compare.bandwidth",
         .label = "compare GPU's memory roof",
         .quantity = Quantity::bandwidth,
         .get = [](const StepContext& c) -> V {
           if (const Analysis* o = other(c)) return o->bandwidth;
           return std::nullopt;
         },
         .help = "The compare GPU's memory roof"},
        {.placeholder = "compare.ridge",
         .label = "compare GPU's ridge",
         .quantity = Quantity::intensity,
         .get = [](const StepContext& c) -> V {
           if (const Analysis* o = other(c)) return o->ridge_point;
           return std::nullopt;
         },
         .help = "The compare GPU's ridge point"},
        {.placeholder = "compare.step.time",
         .label = "compare GPU's step time",
         .quantity = Quantity::time,
         .get = [](const StepContext& c) -> V {
           if (const Analysis* o = other(c)) return o->totals.time_s;
           return std::nullopt;
         },
         .help = "The same step's time on the compare GPU"},
        {.placeholder = "compare.tokens_per_s",
         .label = "compare GPU's tokens/s",
         .quantity = Quantity::token_rate,
         .get = [](const StepContext& c) -> V {
           if (const Analysis* o = other(c)) return o->totals.tokens_per_s;
           return std::nullopt;
         },
         .help = "The same step's tokens/s on the compare GPU"},
        {.placeholder = "compare.speedup",
         .label = "speed-up",
         .quantity = Quantity::ratio,
         .get = [](const StepContext& c) -> V {
           if (!other(c)) return std::nullopt;
           return c.compare()->speedup;
         },
         .help = "This step's time over the compare GPU's"},
};

}  // namespace

std::span<const StepReadout> step_readouts() { return kStepReadouts; }

const StepReadout* find_step_readout_by_key(std::string_view key) {
  if (key.empty()) return nullptr;
  for (const StepReadout& r : kStepReadouts)
    if (r.key == key) return &r;
  return nullptr;
}

const StepReadout* find_step_readout_by_placeholder(std::string_view placeholder) {
  if (placeholder.empty()) return nullptr;
  for (const StepReadout& r : kStepReadouts)
    if (r.placeholder == placeholder) return &r;
  return nullptr;
}

std::string_view step_readout_label(const StepReadout& r, const StepContext& ctx) {
  return prefill(ctx) && !r.prefill_label.empty() ? r.prefill_label : r.label;
}

std::string step_readout_text(const StepReadout& r, const StepContext& ctx, TextStyle style) {
  return r.text ? r.text(ctx, style) : readout_text(r.quantity, r.get(ctx), style);
}

bool step_readout_shown(const StepReadout& r, const StepContext& ctx) {
  return r.shown ? r.shown(ctx) : r.get(ctx).has_value();
}

std::optional<ValueInterval> step_readout_interval(const StepReadout& r, const StepContext& ctx) {
  if (!r.interval || !ctx.analysis.calibrated || !ctx.scenario.calibration) return std::nullopt;
  const CalibrationError* e = interval_of(&*ctx.scenario.calibration, r.interval(ctx));
  const std::optional<ReadoutValue> v = r.get(ctx);
  const double* x = v ? std::get_if<double>(&*v) : nullptr;
  if (!e || !x || !(*x > 0)) return std::nullopt;
  return interval_around(*x, *e, r.quantity == Quantity::token_rate);
}

Severity step_readout_severity(const StepReadout& r, const StepContext& ctx) {
  return r.severity ? r.severity(ctx) : Severity::info;
}

std::vector<StatusPiece> status_pieces(const StepContext& ctx, unsigned where, TextStyle style) {
  std::vector<StatusPiece> out;
  for (const StepReadout& r : kStepReadouts) {
    if (!(r.shows & where) || !step_readout_shown(r, ctx)) continue;
    std::string text = r.short_label.empty() ? std::string() : std::string(r.short_label) + " ";
    const Severity severity = step_readout_severity(r, ctx);
    // The memory's verdict stays said when its piece gives way.
    std::string verdict = severity == Severity::info || r.severity != memory_severity
                              ? std::string()
                              : memory_fit(ctx.totals()).text;
    out.push_back({text + step_readout_text(r, ctx, style), severity, std::move(verdict)});
  }
  return out;
}

std::string join_status(const std::vector<StatusPiece>& pieces, size_t n,
                        std::string_view separator) {
  std::string text;
  for (size_t i = 0; i < std::min(n, pieces.size()); ++i) {
    if (i > 0) text += separator;
    text += pieces[i].text;
  }
  for (size_t i = n; i < pieces.size(); ++i) {
    if (!pieces[i].verdict.empty()) text.append("  (").append(pieces[i].verdict).append(")");
  }
  return text;
}

}  // namespace roofline
