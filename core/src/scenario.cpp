#include "roofline/scenario.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "roofline/knobs.h"
#include "roofline/units.h"

namespace roofline {

std::string_view to_string(Phase p) { return p == Phase::prefill ? "prefill" : "decode"; }

std::optional<Phase> parse_phase(std::string_view name) {
  if (name == "prefill") return Phase::prefill;
  if (name == "decode") return Phase::decode;
  return std::nullopt;
}

std::string_view to_string(SpecMethod m) {
  switch (m) {
    case SpecMethod::mtp:
      return "mtp";
    case SpecMethod::eagle:
      return "eagle";
    case SpecMethod::none:
      break;
  }
  return "none";
}

std::optional<SpecMethod> parse_spec_method(std::string_view name) {
  for (SpecMethod m : {SpecMethod::none, SpecMethod::mtp, SpecMethod::eagle})
    if (to_string(m) == name) return m;
  return std::nullopt;
}

bool speculative(const Scenario& s) {
  return s.phase == Phase::decode && s.spec != SpecMethod::none;
}

std::string speculation_text(const Scenario& s) {
  if (s.spec == SpecMethod::none) return {};
  return "speculative " + std::string(to_string(s.spec)) + ": " + std::to_string(s.spec_tokens) +
         " drafted, " + format_percent(s.spec_acceptance) + " accepted each";
}

int64_t query_tokens(const Scenario& s) { return speculative(s) ? s.spec_tokens + 1 : 1; }

double accepted_tokens_per_step(const Scenario& s) {
  if (!speculative(s)) return 1;
  const double a = s.spec_acceptance, k = static_cast<double>(s.spec_tokens);
  if (a >= 1) return k + 1;
  return (1 - std::pow(a, k + 1)) / (1 - a);
}

int64_t gpu_count(const Scenario& s) { return s.tp * s.dp * s.pp; }

int64_t stage_gpus(const Scenario& s) { return s.tp * s.dp; }

void fit_stages_to_model(Scenario& s) {
  while (s.pp > 1 && s.pp > s.model.layers) s.pp /= 2;
}

void set_model(Scenario& s, ModelConfig model) {
  s.model = std::move(model);
  fit_stages_to_model(s);
}

int64_t microbatches(const Scenario& s) {
  return std::max<int64_t>(1, std::min(s.pp, (s.batch + s.dp - 1) / s.dp));
}

int64_t microbatch_size(const Scenario& s) {
  const int64_t m = microbatches(s);
  return (s.batch + m - 1) / m;
}

double stage_share(const Scenario& s) {
  if (s.pp <= 1 || s.model.layers <= 0) return 1;
  const int64_t stage = (s.model.layers + s.pp - 1) / s.pp;
  return static_cast<double>(stage) / static_cast<double>(s.model.layers);
}

int64_t pipeline_slots(const Scenario& s) {
  if (s.pp <= 1) return 1;
  return s.phase == Phase::decode ? s.pp : microbatches(s) + s.pp - 1;
}

int64_t rank_batch(const Scenario& s) { return (s.batch + s.dp - 1) / s.dp; }

bool expert_parallel(const Scenario& s) { return s.ep > 1; }

std::string parallel_text(const Scenario& s) {
  if (gpu_count(s) <= 1) return {};
  std::string out = "tp " + std::to_string(s.tp);
  if (s.dp > 1) out += " \u00d7 dp " + std::to_string(s.dp);
  if (s.pp > 1) out += " \u00d7 pp " + std::to_string(s.pp);
  if (s.ep > 1) out += ", ep " + std::to_string(s.ep);
  return out;
}

std::optional<double> gpu_hour_price(const Scenario& s) {
  if (s.gpu_hour_usd > 0) return s.gpu_hour_usd;
  return s.gpu.gpu_hour_usd;
}

double cost_per_mtok_usd(const Scenario& s, double tokens_per_s_per_gpu) {
  const std::optional<double> price = gpu_hour_price(s);
  if (!price || !(tokens_per_s_per_gpu > 0)) return 0;
  return *price / 3600 / tokens_per_s_per_gpu * 1e6;
}

double energy_per_token_j(const Scenario& s, double tokens_per_s_per_gpu) {
  if (!s.gpu.board_power_w || !(tokens_per_s_per_gpu > 0)) return 0;
  return *s.gpu.board_power_w / tokens_per_s_per_gpu;
}

WeightFormats weight_formats(const Scenario& s) {
  WeightFormats f;
  const Quantization& q = s.model.quantization;
  for (size_t g = 0; g < static_cast<size_t>(WeightGroup::count); ++g) {
    if (s.weights) {
      f.group[g] = {*s.weights, 0, false};
    } else if (q.group[g]) {
      f.group[g] = {*q.group[g], q.scale_bytes, true};
    }
  }
  if (s.expert_weights)
    f.group[static_cast<size_t>(WeightGroup::experts)] = {*s.expert_weights, 0, false};
  return f;
}

Precision widest_weights(const Scenario& s) {
  const WeightFormats f = weight_formats(s);
  const ParameterCount p = count_parameters(s.model);
  // The layers' matmuls set the math: embeddings and lm_head ("other") often stay bf16 in an
  // fp8 checkpoint (DeepSeek-V3, Kimi-K2), and one bf16 lm_head must not put every fp8 layer on
  // the bf16 roof. "other" counts only for a model with no layer matmuls.
  std::optional<Precision> widest;
  for (size_t g = 0; g < static_cast<size_t>(WeightGroup::count); ++g) {
    if (static_cast<WeightGroup>(g) == WeightGroup::other || !(p.matrices[g] > 0)) continue;
    if (!widest || bytes_per_element(f.group[g].precision) > bytes_per_element(*widest))
      widest = f.group[g].precision;
  }
  return widest.value_or(f.of(WeightGroup::other).precision);
}

std::string weights_text(const Scenario& s) {
  const WeightFormats f = weight_formats(s);
  auto text = [](const WeightFormat& w) {
    return std::string(to_string(w.precision)) + (w.from_config ? " (config)" : "");
  };
  const WeightFormat& main = f.of(WeightGroup::mixer);
  const WeightFormat& experts = f.of(WeightGroup::experts);
  std::string out = text(main);
  if (find_ffn(s.model, FfnKind::moe) && !(experts == main)) out += ", experts " + text(experts);
  return out;
}

std::string precision_text(const Scenario& s) {
  const std::string w = weights_text(s), a(to_string(s.activations)), kv(to_string(s.kv));
  if (w == a && a == kv) return w;
  return "weights " + w + ", activations " + a + ", KV " + kv;
}

static std::string scenario_problem(const Scenario& s) {
  for (const Knob& k : knobs()) {
    if (k.type != KnobType::integer && k.type != KnobType::fraction && k.type != KnobType::amount)
      continue;  // no id copies
    if (std::string e = range_error(k, k.get(s)).error(); !e.empty()) return e;
  }
  if (s.pp > 1 && gpu_count(s) > 1024)
    return "tp × dp × pp must be at most 1,024 GPUs, got " + std::to_string(gpu_count(s));
  if (s.tp * s.dp > 1024)
    return "tp × dp must be at most 1,024 GPUs, got " + std::to_string(s.tp * s.dp);
  if (!(s.gpu.memory_bandwidth_bytes_per_s > 0))
    return "gpu " + s.gpu.id + ": memory_bandwidth must be positive";
  if (!(s.gpu.memory_capacity_bytes > 0))
    return "gpu " + s.gpu.id + ": memory_capacity must be positive";
  if (std::string e = validate(s.model).error(); !e.empty()) return e;
  if (s.pp > s.model.layers)
    return "pp " + std::to_string(s.pp) + " is more pipeline stages than " + s.model.name + "'s " +
           std::to_string(s.model.layers) + " layers";
  if (s.pp > 1 && s.spec != SpecMethod::none)
    return "pp " + std::to_string(s.pp) + ": speculative decoding across pipeline stages is not " +
           "modelled; set spec none or pp 1";
  if (s.ep > 1) {
    const FfnType* moe = find_ffn(s.model, FfnKind::moe);
    if (moe && s.ep != s.tp * s.dp)  // on a model without experts ep is inert (a warning)
      return "ep " + std::to_string(s.ep) + " must be 1 or tp × dp (" +
             std::to_string(s.tp * s.dp) +
             "): expert parallelism spans every GPU of the layout, as vLLM's and SGLang's do";
    if (moe && s.ep > moe->moe.experts)
      return "ep " + std::to_string(s.ep) + " is more GPUs than " + s.model.name + "'s " +
             std::to_string(moe->moe.experts) + " routed experts";
  }
  return {};
}

Status validate(const Scenario& s) { return Status::from_message(scenario_problem(s)); }

}  // namespace roofline
