// The knob table, and the checks, texts and changes that iterate it.

#include "roofline/knobs.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "roofline/charconv.h"

namespace roofline {

namespace {

// [SECTION] Accessors shared by rows of one type

// A preset looked up through `resolve` into `slot`; "" or why not.
template <typename T>
std::string resolve_into(T& slot, const ChangeValue& v,
                         const std::function<Result<T>(std::string_view)>& resolve,
                         std::string_view kind) {
  const std::string& id = std::get<std::string>(v);
  if (!resolve) return "no " + std::string(kind) + " presets to look '" + id + "' up in";
  Result<T> found = resolve(id);
  if (!found) return found.error();
  slot = std::move(found).value();
  return {};
}

// A row's get and set for a plain field of type T.
template <auto Field>
ChangeValue get_field(const Scenario& s) {
  return s.*Field;
}
template <auto Field>
Status set_field(Scenario& s, const ChangeValue& v, const PresetResolver&) {
  using T = std::remove_reference_t<decltype(s.*Field)>;
  s.*Field = std::get<T>(v);
  return {};
}

// [SECTION] The table

// The tensor-parallel sizes the panel's menu offers: powers of two over the knob's range.
constexpr int64_t kTpMenu[] = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024};
constexpr int64_t kSpecTokensMenu[] = {1, 2, 3, 4, 5, 6, 7, 8};

constexpr Knob kKnobs[] = {
    {.key = ChangeKey::gpu,
     .name = "gpu",
     .flag = "gpu",
     .type = KnobType::reference,
     .preset = "h100-sxm",
     .help = "GPU preset id or GPU JSON file",
     .get = [](const Scenario& s) -> ChangeValue { return s.gpu.id; },
     .set =
         [](Scenario& s, const ChangeValue& v, const PresetResolver& r) {
           return Status::from_message(resolve_into(s.gpu, v, r.gpu, "GPU"));
         }},
    {.key = ChangeKey::model,
     .name = "model",
     .flag = "model",
     .type = KnobType::reference,
     .preset = "llama-3-8b",
     .help = "Model preset id or Hugging Face config.json",
     .get = [](const Scenario& s) -> ChangeValue { return s.model.id; },
     .set =
         [](Scenario& s, const ChangeValue& v, const PresetResolver& r) {
           std::string err = resolve_into(s.model, v, r.model, "model");
           if (err.empty()) fit_stages_to_model(s);  // a shallower model keeps a valid pp
           return Status::from_message(err);
         }},
    {.key = ChangeKey::phase,
     .name = "phase",
     .flag = "phase",
     .type = KnobType::phase,
     .help = "prefill or decode",
     .get = get_field<&Scenario::phase>,
     .set = set_field<&Scenario::phase>,
     .widget = Widget::radio},
    {.key = ChangeKey::batch,
     .name = "batch",
     .flag = "batch",
     .type = KnobType::integer,
     .min = 1,
     .max = kMaxBatch,
     .tween = Tween::geometric,
     .help = "Batch size B: sequences per step",
     .get = get_field<&Scenario::batch>,
     .set = set_field<&Scenario::batch>,
     .widget = Widget::log_slider},
    {.key = ChangeKey::seq,
     .name = "seq",
     .flag = "seq",
     .type = KnobType::integer,
     .min = 1,
     .max = kMaxSeq,
     .tween = Tween::geometric,
     .help = "Prompt length in prefill, context length in decode",
     .get = get_field<&Scenario::seq>,
     .set = set_field<&Scenario::seq>,
     .widget = Widget::log_slider},
    {.key = ChangeKey::precision,
     .name = "precision",
     .flag = "precision",
     .type = KnobType::precision,
     .saved = false,
     .help = "Sets weights, activations and kv at once",
     .get = get_field<&Scenario::activations>,
     .set =
         [](Scenario& s, const ChangeValue& v, const PresetResolver&) {
           s.weights = s.activations = s.kv = std::get<Precision>(v);
           s.expert_weights.reset();
           return Status::ok();
         }},
    {.key = ChangeKey::weights,
     .name = "weights",
     .flag = "weights",
     .type = KnobType::weights,
     .help = "Weight precision (auto: the config's quantization where it has one, else bf16)",
     .get = [](const Scenario& s) -> ChangeValue { return WeightsChoice{s.weights}; },
     .set =
         [](Scenario& s, const ChangeValue& v, const PresetResolver&) {
           s.weights = std::get<WeightsChoice>(v).precision;
           return Status::ok();
         }},
    {.key = ChangeKey::expert_weights,
     .name = "expert_weights",
     .flag = "expert-weights",
     .type = KnobType::weights,
     .help = "Routed experts' weight precision (auto: as the weights resolve for them)",
     .get = [](const Scenario& s) -> ChangeValue { return WeightsChoice{s.expert_weights}; },
     .set =
         [](Scenario& s, const ChangeValue& v, const PresetResolver&) {
           s.expert_weights = std::get<WeightsChoice>(v).precision;
           return Status::ok();
         }},
    {.key = ChangeKey::activations,
     .name = "activations",
     .flag = "activations",
     .type = KnobType::precision,
     .help = "Activation precision",
     .get = get_field<&Scenario::activations>,
     .set = set_field<&Scenario::activations>},
    {.key = ChangeKey::kv,
     .name = "kv",
     .flag = "kv",
     .type = KnobType::precision,
     .help = "KV-cache precision",
     .get = get_field<&Scenario::kv>,
     .set = set_field<&Scenario::kv>},
    {.key = ChangeKey::flash_attention,
     .name = "flash_attention",
     .flag = "flash",
     .type = KnobType::toggle,
     .help = "Flash attention",
     .get = get_field<&Scenario::flash_attention>,
     .set = set_field<&Scenario::flash_attention>,
     .widget = Widget::checkbox},
    {.key = ChangeKey::fuse_elementwise,
     .name = "fuse_elementwise",
     .flag = "fuse-elementwise",
     .type = KnobType::toggle,
     .help = "Fuse norms/activations/residuals into matmul epilogues",
     .get = get_field<&Scenario::fuse_elementwise>,
     .set = set_field<&Scenario::fuse_elementwise>,
     .widget = Widget::checkbox},
    {.key = ChangeKey::tp,
     .name = "tp",
     .flag = "tp",
     .type = KnobType::integer,
     .min = 1,
     .max = 1024,
     .help = "Tensor-parallel GPUs",
     .get = get_field<&Scenario::tp>,
     .set = set_field<&Scenario::tp>,
     .widget = Widget::menu,
     .menu = kTpMenu},
    {.key = ChangeKey::compute_efficiency,
     .name = "compute_efficiency",
     .flag = "compute-efficiency",
     .type = KnobType::fraction,
     .min = kMinFraction,
     .max = 1,
     .tween = Tween::linear,
     .help = "Share of peak FLOP/s reachable",
     .get = get_field<&Scenario::compute_efficiency>,
     .set = set_field<&Scenario::compute_efficiency>,
     .widget = Widget::percent_slider,
     .ui_min = 0.05,
     .ui_max = 1,
     .ui_step = 0.01},
    {.key = ChangeKey::memory_efficiency,
     .name = "memory_efficiency",
     .flag = "memory-efficiency",
     .type = KnobType::fraction,
     .min = kMinFraction,
     .max = 1,
     .tween = Tween::linear,
     .help = "Share of peak bandwidth reachable",
     .get = get_field<&Scenario::memory_efficiency>,
     .set = set_field<&Scenario::memory_efficiency>,
     .widget = Widget::percent_slider,
     .ui_min = 0.05,
     .ui_max = 1,
     .ui_step = 0.01},
    {.key = ChangeKey::memory_utilization,
     .name = "memory_utilization",
     .flag = "memory-utilization",
     .type = KnobType::fraction,
     .min = kMinFraction,
     .max = 1,
     .tween = Tween::linear,
     .help = "Share of GPU memory usable for weights and KV",
     .get = get_field<&Scenario::memory_utilization>,
     .set = set_field<&Scenario::memory_utilization>,
     .widget = Widget::percent_slider,
     .ui_min = 0.3,
     .ui_max = 1,
     .ui_step = 0.01},
    {.key = ChangeKey::compare_gpu,
     .name = "compare_gpu",
     .flag = "compare-gpu",
     .type = KnobType::reference,
     .help = "A second GPU to compare against",
     .get = [](const Scenario& s) -> ChangeValue {
       return s.compare_gpu ? s.compare_gpu->id : std::string();
     },
     .set =
         [](Scenario& s, const ChangeValue& v, const PresetResolver& r) {
           if (std::get<std::string>(v).empty()) {
             s.compare_gpu.reset();
             return Status::ok();
           }
           GpuSpec gpu;
           std::string error = resolve_into(gpu, v, r.gpu, "GPU");
           if (error.empty()) s.compare_gpu = std::move(gpu);
           return Status::from_message(error);
         }},
    {.key = ChangeKey::calibration,
     .name = "calibration",
     .flag = "calibration",
     .type = KnobType::reference,
     .preset = "none",
     .help = "Calibration preset id or file (none: the textbook roofline, times are bounds)",
     .get = [](const Scenario& s) -> ChangeValue {
       return s.calibration ? s.calibration->id : std::string("none");
     },
     .set =
         [](Scenario& s, const ChangeValue& v, const PresetResolver& r) {
           if (std::get<std::string>(v) == "none") {
             s.calibration.reset();
             return Status::ok();
           }
           Calibration c;
           std::string error = resolve_into(c, v, r.calibration, "calibration");
           if (error.empty()) s.calibration = std::move(c);
           return Status::from_message(error);
         }},
    {.key = ChangeKey::spec,
     .name = "spec",
     .flag = "spec",
     .type = KnobType::reference,
     .preset = "none",
     .help = "Speculative decoding: none, mtp or eagle (draft heads of one layer each)",
     .get = [](const Scenario& s) -> ChangeValue { return std::string(to_string(s.spec)); },
     .set =
         [](Scenario& s, const ChangeValue& v, const PresetResolver&) {
           const std::string& name = std::get<std::string>(v);
           if (const std::optional<SpecMethod> m = parse_spec_method(name)) {
             s.spec = *m;
             return Status::ok();
           }
           if (name.starts_with("draft:")) {
             return Status::from_message(
                 "a separate draft model ('" + name +
                 "') is not modelled yet; mtp and eagle (draft heads of one layer) are");
           }
           return Status::from_message("expected none, mtp or eagle, got '" + name + "'");
         }},
    {.key = ChangeKey::spec_tokens,
     .name = "spec_tokens",
     .flag = "spec-tokens",
     .type = KnobType::integer,
     .min = 1,
     .max = 16,
     .help = "Tokens drafted per speculative step (k)",
     .get = get_field<&Scenario::spec_tokens>,
     .set = set_field<&Scenario::spec_tokens>,
     .widget = Widget::menu,
     .menu = kSpecTokensMenu},
    {.key = ChangeKey::spec_acceptance,
     .name = "spec_acceptance",
     .flag = "spec-acceptance",
     .type = KnobType::fraction,
     .min = kMinFraction,
     .max = 1,
     .tween = Tween::linear,
     .help = "Chance a drafted token is accepted, given the ones before it",
     .get = get_field<&Scenario::spec_acceptance>,
     .set = set_field<&Scenario::spec_acceptance>,
     .widget = Widget::percent_slider,
     .ui_min = 0.3,
     .ui_max = 1,
     .ui_step = 0.01},
    {.key = ChangeKey::gpu_hour_usd,
     .name = "gpu_hour_usd",
     .flag = "gpu-hour-usd",
     .type = KnobType::amount,
     .min = 0,
     .max = 10000,
     .help = "Price of one GPU-hour in US dollars (0: the GPU preset's published price, if any)",
     .get = get_field<&Scenario::gpu_hour_usd>,
     .set = set_field<&Scenario::gpu_hour_usd>,
     .widget = Widget::amount_input,
     .unit = "USD per GPU-hour"},
    {.key = ChangeKey::dp,
     .name = "dp",
     .flag = "dp",
     .type = KnobType::integer,
     .min = 1,
     .max = 1024,
     .help = "Data-parallel attention ranks, each tp GPUs with its own share of the batch",
     .get = get_field<&Scenario::dp>,
     .set = set_field<&Scenario::dp>,
     .widget = Widget::menu,
     .menu = kTpMenu},
    {.key = ChangeKey::ep,
     .name = "ep",
     .flag = "ep",
     .type = KnobType::integer,
     .min = 1,
     .max = 1024,
     .help = "Expert-parallel GPUs: 1 splits every routed expert over the tp x dp GPUs, tp x dp "
             "gives each GPU whole experts",
     .get = get_field<&Scenario::ep>,
     .set = set_field<&Scenario::ep>,
     .widget = Widget::menu,
     .menu = kTpMenu},
    {.key = ChangeKey::moe_imbalance,
     .name = "moe_imbalance",
     .flag = "moe-imbalance",
     .type = KnobType::amount,
     .min = 1,
     .max = 64,
     .tween = Tween::linear,
     .help = "Routed tokens of the busiest GPU over the mean, under expert parallelism",
     .get = get_field<&Scenario::moe_imbalance>,
     .set = set_field<&Scenario::moe_imbalance>,
     .widget = Widget::amount_input,
     .unit = "x the mean"},
    {.key = ChangeKey::pp,
     .name = "pp",
     .flag = "pp",
     .type = KnobType::integer,
     .min = 1,
     .max = 1024,
     .help = "Pipeline stages, each tp x dp GPUs holding its share of the layers; the batch runs "
             "through them in micro-batches",
     .get = get_field<&Scenario::pp>,
     .set = set_field<&Scenario::pp>,
     .widget = Widget::menu,
     .menu = kTpMenu},
};

constexpr bool in_key_order() {
  for (size_t i = 0; i < std::size(kKnobs); ++i) {
    if (kKnobs[i].key != static_cast<ChangeKey>(i)) return false;
  }
  return true;
}
static_assert(in_key_order(), "knob rows follow ChangeKey: knob(k) indexes the table by key");
static_assert(std::size(kKnobs) == static_cast<size_t>(ChangeKey::count),
              "one knob row per ChangeKey: a new key needs its row in kKnobs");

constexpr std::array<ChangeKey, std::size(kKnobs)> kChangeKeys = [] {
  std::array<ChangeKey, std::size(kKnobs)> keys{};
  for (size_t i = 0; i < keys.size(); ++i) keys[i] = kKnobs[i].key;
  return keys;
}();

constexpr std::array<ChangeKey, std::size(kKnobs)> kFileOrder = [] {
  std::array<ChangeKey, std::size(kKnobs)> keys{};
  size_t n = 0;
  for (bool references : {true, false}) {
    for (const Knob& k : kKnobs) {
      if ((k.type == KnobType::reference) == references) keys[n++] = k.key;
    }
  }
  return keys;
}();

// [SECTION] Texts

std::string number_text(double v) {
  std::array<char, 32> buf{};
  std::snprintf(buf.data(), buf.size(), "%g", v);
  return buf.data();
}

int64_t integer_bound(double bound) { return static_cast<int64_t>(bound); }

bool in_range(const Knob& k, double v) { return std::isfinite(v) && v >= k.min && v <= k.max; }

}  // namespace

std::span<const Knob> knobs() { return kKnobs; }

std::span<const ChangeKey> file_order() { return kFileOrder; }

const Knob& knob(ChangeKey k) { return kKnobs[static_cast<size_t>(k)]; }

const Knob* find_knob(std::string_view name) {
  for (const Knob& k : kKnobs) {
    if (k.name == name) return &k;
  }
  return nullptr;
}

ChangeValue default_value(const Knob& k) {
  if (k.type == KnobType::reference) return std::string(k.preset);
  return k.get(Scenario{});
}

std::string value_text(const ChangeValue& v) {
  return std::visit(
      [](const auto& x) -> std::string {
        using V = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<V, std::string>) {
          return x;
        } else if constexpr (std::is_same_v<V, Phase> || std::is_same_v<V, Precision>) {
          return std::string(to_string(x));
        } else if constexpr (std::is_same_v<V, WeightsChoice>) {
          return x.precision ? std::string(to_string(*x.precision)) : "auto";
        } else if constexpr (std::is_same_v<V, bool>) {
          return x ? "on" : "off";
        } else if constexpr (std::is_same_v<V, int64_t>) {
          return std::to_string(x);
        } else {
          return number_text(x);
        }
      },
      v);
}

Result<ChangeValue> value_from_text(const Knob& k, std::string_view text) {
  using R = Result<ChangeValue>;
  const auto refuse = [&] {
    return R::fail("expected " + expected(k) + ", got '" + std::string(text) + "'");
  };
  switch (k.type) {
    case KnobType::reference:
      if (text.empty() && !k.preset.empty()) return refuse();
      return R::ok(std::string(text));
    case KnobType::phase:
      if (const auto p = parse_phase(text)) return R::ok(*p);
      return refuse();
    case KnobType::precision:
      if (const auto p = parse_precision(text)) return R::ok(*p);
      return refuse();
    case KnobType::weights:
      if (text == "auto") return R::ok(WeightsChoice{});
      if (const auto p = parse_precision(text)) return R::ok(WeightsChoice{*p});
      return refuse();
    case KnobType::toggle:
      if (text == "on" || text == "true") return R::ok(true);
      if (text == "off" || text == "false") return R::ok(false);
      return refuse();
    case KnobType::integer: {
      const std::optional<double> v = parse_double_exact(text);
      if (!v || !std::isfinite(*v) || *v != std::floor(*v) || std::fabs(*v) > 9.0e18)
        return refuse();
      return R::ok(static_cast<int64_t>(*v));
    }
    case KnobType::fraction:
    case KnobType::amount: {
      const std::optional<double> v = parse_double_exact(text);
      if (!v || !std::isfinite(*v)) return refuse();
      return R::ok(*v);
    }
  }
  return refuse();
}

std::string exact_value_text(const ChangeValue& v) {
  if (const auto* d = std::get_if<double>(&v)) return chars_shortest(*d);
  return value_text(v);
}

std::string range_text(const Knob& k) {
  if (k.type == KnobType::integer) {
    return std::to_string(integer_bound(k.min)) + " to " + std::to_string(integer_bound(k.max));
  }
  std::string range(1, '[');  // not "[" + ...: GCC 12 -Wrestrict bug
  return range.append(number_text(k.min)).append(", ").append(number_text(k.max)).append("]");
}

std::string expected(const Knob& k) {
  switch (k.type) {
    case KnobType::reference:
      return k.preset.empty() ? "a preset id, a path to a .json file, or null for none"
                              : "a preset id or a path to a .json file";
    case KnobType::phase:
      return "\"prefill\" or \"decode\"";
    case KnobType::precision:
      return "a precision name";
    case KnobType::weights:
      return "a precision name or \"auto\"";
    case KnobType::integer:
      return k.min == 1 ? "a positive integer" : "an integer";
    case KnobType::toggle:
      return "true or false";
    case KnobType::fraction:
    case KnobType::amount:
      return "a number in " + range_text(k);
  }
  return {};
}

static std::string range_problem(const Knob& k, const ChangeValue& v) {
  if (const auto* i = std::get_if<int64_t>(&v); i && k.type == KnobType::integer) {
    if (in_range(k, static_cast<double>(*i))) return {};
    return std::string(k.name) + " must be between " + std::to_string(integer_bound(k.min)) +
           " and " + std::to_string(integer_bound(k.max)) + ", got " + std::to_string(*i);
  }
  if (const auto* d = std::get_if<double>(&v);
      d && (k.type == KnobType::fraction || k.type == KnobType::amount)) {
    if (in_range(k, *d)) return {};
    return std::string(k.name) + " must be in " + range_text(k) + ", got " + number_text(*d);
  }
  return {};
}

Status range_error(const Knob& k, const ChangeValue& v) {
  return Status::from_message(range_problem(k, v));
}

// [SECTION] Changes

std::string_view to_string(ChangeKey k) { return knob(k).name; }

std::optional<ChangeKey> parse_change_key(std::string_view name) {
  const Knob* k = find_knob(name);
  return k ? std::optional(k->key) : std::nullopt;
}

std::span<const ChangeKey> all_change_keys() { return kChangeKeys; }

static std::string change_problem(const ScenarioChange& c) {
  const Knob& k = knob(c.key);
  const ChangeValue& v = c.value;
  switch (k.type) {
    case KnobType::reference: {
      const auto* id = std::get_if<std::string>(&v);
      if (!id || (id->empty() && !k.preset.empty())) return "expected " + expected(k);
      return {};
    }
    case KnobType::phase:
      if (!std::holds_alternative<Phase>(v)) return "expected " + expected(k);
      return {};
    case KnobType::precision:
      if (!std::holds_alternative<Precision>(v)) return "expected " + expected(k);
      return {};
    case KnobType::weights:
      if (!std::holds_alternative<WeightsChoice>(v)) return "expected " + expected(k);
      return {};
    case KnobType::toggle:
      if (!std::holds_alternative<bool>(v)) return "expected " + expected(k);
      return {};
    case KnobType::integer: {
      const auto* i = std::get_if<int64_t>(&v);
      if (!i) return "expected " + expected(k);
      if (in_range(k, static_cast<double>(*i))) return {};
      if (k.min == 1 && *i < 1) return "expected a positive integer, got " + std::to_string(*i);
      return "expected an integer from " + range_text(k) + ", got " + std::to_string(*i);
    }
    case KnobType::fraction:
    case KnobType::amount: {
      const auto* d = std::get_if<double>(&v);
      if (!d) return "expected " + expected(k);
      if (in_range(k, *d)) return {};
      return "expected " + expected(k) + ", got " + number_text(*d);
    }
  }
  return "unknown key";
}

Status check_change(const ScenarioChange& c) { return Status::from_message(change_problem(c)); }

std::string describe(const ScenarioChange& c) {
  std::string text = value_text(c.value);
  return std::string(to_string(c.key)) + " " + (text.empty() ? std::string("none") : text);
}

std::string describe_for_reader(const ScenarioChange& c) {
  std::string name(to_string(c.key));
  std::replace(name.begin(), name.end(), '_', ' ');
  const double* fraction = std::get_if<double>(&c.value);
  if (fraction != nullptr && knob(c.key).type == KnobType::fraction) {
    return name + " " + number_text(std::round(*fraction * 1000) / 10) + "%";
  }
  if (fraction != nullptr && knob(c.key).type == KnobType::amount) {
    // "gpu hour usd 2.5 USD per GPU-hour"; 0 is the GPU preset's own (knobs.cpp's row).
    if (*fraction == 0) return name + " the GPU's own";
    return name + " " + number_text(*fraction) + " " + std::string(knob(c.key).unit);
  }
  const std::string text = value_text(c.value);
  return name + " " + (text.empty() ? std::string("none") : text);
}

Result<Scenario> apply_changes(const Scenario& start, std::span<const ScenarioChange> changes,
                               const PresetResolver& resolve, std::string_view list) {
  Scenario s = start;
  for (const ScenarioChange& c : changes) {
    Status status = check_change(c);
    if (status) status = knob(c.key).set(s, c.value, resolve);
    if (!status) {
      return Result<Scenario>::fail(std::string(list) + "." + std::string(to_string(c.key)) + ": " +
                                    status.error());
    }
  }
  if (const Status status = validate(s); !status) {
    return Result<Scenario>::fail(std::string(list) + ": " + status.error());
  }
  return Result<Scenario>::ok(std::move(s));
}

Scenario interpolate(const Scenario& from, const Scenario& to, double t) {
  if (!(t < 1)) return to;  // also NaN
  t = std::max(t, 0.0);
  Scenario s = to;
  auto geometric = [t](int64_t a, int64_t b) {
    const double la = std::log(static_cast<double>(std::max<int64_t>(a, 1)));
    const double lb = std::log(static_cast<double>(std::max<int64_t>(b, 1)));
    const auto v = static_cast<int64_t>(std::llround(std::exp(la + t * (lb - la))));
    return std::clamp(v, std::min(a, b), std::max(a, b));
  };
  for (const Knob& k : kKnobs) {
    if (k.tween == Tween::jump) continue;
    const ChangeValue a = k.get(from), b = k.get(to);
    if (k.tween == Tween::geometric) {
      // Numeric knobs in range at both ends: nothing to resolve, nothing to refuse.
      static_cast<void>(k.set(s, geometric(std::get<int64_t>(a), std::get<int64_t>(b)), {}));
    } else {
      const double x = std::get<double>(a), y = std::get<double>(b);
      static_cast<void>(k.set(s, x + t * (y - x), {}));
    }
  }
  return s;
}

// [SECTION] Widgets

WidgetRange widget_range(const Knob& k) {
  if (k.ui_min == 0 && k.ui_max == 0) return {k.min, k.max};
  return {k.ui_min, k.ui_max};
}

namespace {

constexpr RoofPreset kRoofPresets[] = {
    {.name = "Peak roofs",
     .help = "Datasheet roofs: 100% compute, 100% bandwidth (an upper bound nobody reaches)",
     .compute_efficiency = 1.0,
     .memory_efficiency = 1.0},
    {.name = "Practical",
     .help = "Typical achieved roofs: 70% of peak FLOP/s and 80% of peak bandwidth",
     .compute_efficiency = 0.7,
     .memory_efficiency = 0.8},
};

}  // namespace

std::span<const RoofPreset> roof_presets() { return kRoofPresets; }

std::vector<ScenarioChange> roof_preset_changes(const RoofPreset& p) {
  return {{ChangeKey::compute_efficiency, p.compute_efficiency},
          {ChangeKey::memory_efficiency, p.memory_efficiency}};
}

const RoofPreset* matching_roof_preset(const Scenario& s) {
  for (const RoofPreset& p : kRoofPresets) {
    if (s.compute_efficiency == p.compute_efficiency && s.memory_efficiency == p.memory_efficiency)
      return &p;
  }
  return nullptr;
}

}  // namespace roofline
