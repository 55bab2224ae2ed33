// Parsing of GPU presets, model configs (Hugging Face config.json) and scenario files.
// Every failure becomes one line "ORIGIN: KEY: expected X, got Y"; nlohmann's exceptions and
// our own InputError are caught at each public function, never let out.

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "io_internal.h"
#include "roofline/io/json_io.h"
#include "roofline/io/preset_library.h"
#include "roofline/knobs.h"

namespace roofline {
namespace {

using Json = nlohmann::ordered_json;

struct InputError {
  std::string message;
};

// The value as the user wrote it, shortened so a message stays one line.
std::string shown(const Json& value) {
  std::string text = value.dump();
  if (text.size() > 48) text = text.substr(0, 45) + "...";
  return text;
}

// "[json.exception.parse_error.101] parse error at line 3, column 5: syntax error ..." becomes
// "invalid JSON at line 3, column 5: syntax error ...".
std::string condense_parse_error(const nlohmann::json::exception& e) {
  std::string what = e.what();
  if (auto bracket = what.find("] "); bracket != std::string::npos) what.erase(0, bracket + 2);
  constexpr std::string_view kPrefix = "parse error ";
  if (what.rfind(kPrefix, 0) == 0) what.erase(0, kPrefix.size());
  return "invalid JSON " + what;
}

Json parse_root(std::string_view text, std::string_view origin) {
  Json root;
  try {
    root = Json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::parse_error& e) {
    throw InputError{std::string(origin) + ": " + condense_parse_error(e)};
  }
  if (!root.is_object()) {
    throw InputError{std::string(origin) + ": expected a JSON object at the top level, got " +
                     shown(root)};
  }
  return root;
}

std::optional<int64_t> as_integer(const Json& v) {
  if (v.is_number_unsigned()) {
    auto u = v.get<uint64_t>();
    if (u > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) return std::nullopt;
    return static_cast<int64_t>(u);
  }
  if (v.is_number_integer()) return v.get<int64_t>();
  if (v.is_number_float()) {
    double d = v.get<double>();
    // 1e12 or 4096.0 are integers written as floats; 9.2e18 keeps the cast in range.
    if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.2e18) {
      return static_cast<int64_t>(d);
    }
  }
  return std::nullopt;
}

// Typed access to the keys of one JSON object; `path` prefixes nested keys ("view.theme").
class Reader {
 public:
  Reader(const Json& object, std::string_view origin, std::string path = "")
      : object_(object), origin_(origin), path_(std::move(path)) {}

  std::string key_path(std::string_view key) const { return path_ + std::string(key); }

  [[noreturn]] void fail(std::string_view key, std::string_view expected, const Json& got) const {
    throw InputError{std::string(origin_) + ": " + key_path(key) + ": expected " +
                     std::string(expected) + ", got " + shown(got)};
  }
  [[noreturn]] void fail_message(std::string_view key, std::string_view message) const {
    throw InputError{std::string(origin_) + ": " + key_path(key) + ": " + std::string(message)};
  }
  [[noreturn]] void missing(std::string_view key, std::string_view expected) const {
    fail_message(key, "missing, expected " + std::string(expected));
  }

  // nullptr when the key is absent or null (null means "not given" in HF configs).
  const Json* find(std::string_view key) const {
    auto it = object_.find(key);
    if (it == object_.end() || it->is_null()) return nullptr;
    return &*it;
  }
  bool has(std::string_view key) const { return find(key) != nullptr; }

  std::optional<int64_t> optional_integer(std::string_view key, int64_t min,
                                          std::string_view expected) const {
    const Json* v = find(key);
    if (!v) return std::nullopt;
    auto i = as_integer(*v);
    if (!i || *i < min) fail(key, expected, *v);
    return i;
  }
  std::optional<int64_t> optional_positive(std::string_view key) const {
    return optional_integer(key, 1, "a positive integer");
  }
  int64_t positive(std::string_view key) const {
    auto i = optional_positive(key);
    if (!i) missing(key, "a positive integer");
    return *i;
  }
  int64_t non_negative(std::string_view key, int64_t fallback) const {
    return optional_integer(key, 0, "an integer >= 0").value_or(fallback);
  }
  // Any integer: the range is checked by core's validate() with its own message.
  int64_t integer(std::string_view key, int64_t fallback) const {
    return optional_integer(key, std::numeric_limits<int64_t>::min(), "an integer")
        .value_or(fallback);
  }

  std::optional<double> optional_positive_number(std::string_view key,
                                                 std::string_view expected) const {
    const Json* v = find(key);
    if (!v) return std::nullopt;
    if (!v->is_number() || !(v->get<double>() > 0) || !std::isfinite(v->get<double>())) {
      fail(key, expected, *v);
    }
    return v->get<double>();
  }
  double positive_number(std::string_view key, std::string_view expected) const {
    auto d = optional_positive_number(key, expected);
    if (!d) missing(key, expected);
    return *d;
  }
  double number(std::string_view key, double fallback) const {
    const Json* v = find(key);
    if (!v) return fallback;
    if (!v->is_number() || !std::isfinite(v->get<double>())) fail(key, "a number", *v);
    return v->get<double>();
  }

  std::string string(std::string_view key, std::string_view fallback) const {
    const Json* v = find(key);
    if (!v) return std::string(fallback);
    if (!v->is_string()) fail(key, "a string", *v);
    return v->get<std::string>();
  }
  bool boolean(std::string_view key, bool fallback) const {
    const Json* v = find(key);
    if (!v) return fallback;
    if (!v->is_boolean()) fail(key, "true or false", *v);
    return v->get<bool>();
  }
  Precision precision(std::string_view key, Precision fallback) const {
    const Json* v = find(key);
    if (!v) return fallback;
    auto p = v->is_string() ? parse_precision(v->get<std::string>()) : std::nullopt;
    if (!p) fail(key, "one of " + precision_names(), *v);
    return *p;
  }

 private:
  const Json& object_;
  std::string_view origin_;
  std::string path_;
};

GpuSpec read_gpu(const Json& root, std::string_view origin) {
  Reader r(root, origin);
  GpuSpec gpu;
  gpu.id = r.string("id", std::filesystem::path(std::string(origin)).stem().string());
  gpu.name = r.string("name", gpu.id);
  gpu.vendor = r.string("vendor", "");
  gpu.source = r.string("source", "");
  gpu.memory_bandwidth_bytes_per_s =
      r.positive_number("memory_bandwidth", "a positive number (byte/s)");
  gpu.memory_capacity_bytes = r.positive_number("memory_capacity", "a positive number (bytes)");
  gpu.interconnect_bandwidth_bytes_per_s =
      r.optional_positive_number("interconnect_bandwidth", "a positive number (byte/s)");

  const Json* peaks = r.find("peak_flops");
  if (!peaks) r.missing("peak_flops", "an object: precision name -> FLOP/s");
  if (!peaks->is_object()) r.fail("peak_flops", "an object: precision name -> FLOP/s", *peaks);
  Reader pr(*peaks, origin, "peak_flops.");
  for (const auto& [name, value] : peaks->items()) {
    auto p = parse_precision(name);
    if (!p) r.fail("peak_flops", "precision names (" + precision_names() + ")", Json(name));
    if (auto peak = pr.optional_positive_number(name, "a positive number (FLOP/s)")) {
      gpu.set_peak(*p, *peak);
    }
  }
  bool any_peak = false;
  for (Precision p : kAllPrecisions) any_peak = any_peak || gpu.peak(p).has_value();
  if (!any_peak) r.fail("peak_flops", "at least one precision with a peak", *peaks);

  if (const Json* caches = r.find("caches")) {
    if (!caches->is_array()) r.fail("caches", "a list of {name, bandwidth}", *caches);
    for (size_t i = 0; i < caches->size(); ++i) {
      const Json& c = (*caches)[i];
      std::string where = "caches[" + std::to_string(i) + "]";
      if (!c.is_object()) r.fail(where, "an object {name, bandwidth}", c);
      Reader cr(c, origin, where + ".");
      CacheCeiling ceiling;
      ceiling.name = cr.string("name", "");
      if (ceiling.name.empty()) cr.missing("name", "a non-empty string");
      ceiling.bandwidth_bytes_per_s = cr.positive_number("bandwidth", "a positive number (byte/s)");
      gpu.caches.push_back(std::move(ceiling));
    }
  }
  return gpu;
}

// silu/swish and the *glu names have a gate matrix; the gelu and relu families do not,
// except in Gemma, whose MLP is a GeGLU under the name gelu_pytorch_tanh.
bool gated_activation(const Reader& r, const std::string& act, const std::string& model_type) {
  if (model_type.rfind("gemma", 0) == 0) return true;
  static const std::set<std::string, std::less<>> gated = {"silu", "swish", "swiglu", "geglu",
                                                           "reglu"};
  static const std::set<std::string, std::less<>> plain = {
      "gelu",          "gelu_new", "gelu_fast",  "gelu_pytorch_tanh",
      "gelu_accurate", "gelu_10",  "quick_gelu", "relu",
      "relu2",         "relu6",    "leaky_relu", "tanh",
      "sigmoid",       "mish"};
  if (gated.contains(act)) return true;
  if (plain.contains(act)) return false;
  r.fail("hidden_act",
         "silu/swish/swiglu (gated MLP) or a gelu/relu-family name (gelu, gelu_new, "
         "gelu_pytorch_tanh, relu, ...)",
         Json(act));
}

ModelConfig read_model(const Json& root, std::string_view origin, std::string_view id) {
  // Multimodal configs keep the language model under "text_config".
  const Json* cfg = &root;
  std::string path;
  if (!root.contains("num_hidden_layers") && root.contains("text_config") &&
      root["text_config"].is_object()) {
    cfg = &root["text_config"];
    path = "text_config.";
  }
  Reader top(root, origin);
  Reader r(*cfg, origin, path);

  ModelConfig m;
  m.id = std::string(id);
  m.name = top.string("_name", id);
  m.source = top.string("_source", "");
  m.layers = r.positive("num_hidden_layers");
  m.hidden = r.positive("hidden_size");
  m.heads = r.positive("num_attention_heads");
  m.kv_heads = r.optional_positive("num_key_value_heads").value_or(m.heads);
  m.vocab = r.positive("vocab_size");
  m.tie_word_embeddings =
      r.boolean("tie_word_embeddings", top.boolean("tie_word_embeddings", false));
  m.hidden_act = r.string("hidden_act", r.string("hidden_activation", "silu"));
  m.gated_mlp =
      gated_activation(r, m.hidden_act, r.string("model_type", top.string("model_type", "")));

  std::optional<int64_t> experts = r.optional_integer("num_local_experts", 0, "an integer >= 0");
  if (!experts) experts = r.optional_integer("n_routed_experts", 0, "an integer >= 0");
  if (!experts) experts = r.optional_integer("num_experts", 0, "an integer >= 0");
  if (experts && *experts > 0) {
    MoeConfig moe;
    moe.experts = *experts;
    moe.experts_per_token = r.positive("num_experts_per_tok");
    moe.shared_experts = r.non_negative("n_shared_experts", 0);
    moe.first_dense_layers = r.non_negative("first_k_dense_replace", 0);
    auto expert_width = r.optional_positive("moe_intermediate_size");
    if (!expert_width) expert_width = r.positive("intermediate_size");  // Mixtral
    moe.expert_intermediate = *expert_width;
    m.moe = moe;
  }
  // Dense layers need intermediate_size; an all-MoE model may omit it.
  if (m.moe && m.moe->first_dense_layers == 0 && !r.has("intermediate_size")) {
    m.intermediate = m.moe->expert_intermediate;
  } else {
    m.intermediate = r.positive("intermediate_size");
  }

  if (r.has("kv_lora_rank")) {
    MlaConfig mla;
    mla.q_lora_rank = r.optional_positive("q_lora_rank");
    mla.kv_lora_rank = r.positive("kv_lora_rank");
    mla.qk_nope_head_dim = r.positive("qk_nope_head_dim");
    mla.qk_rope_head_dim = r.non_negative("qk_rope_head_dim", 0);
    mla.v_head_dim = r.positive("v_head_dim");
    m.head_dim = mla.qk_nope_head_dim + mla.qk_rope_head_dim;
    m.kv_heads = m.heads;  // the latent is shared by all heads; no GQA grouping
    m.mla = mla;
  } else if (auto dh = r.optional_positive("head_dim")) {
    m.head_dim = *dh;
  } else {
    if (m.hidden % m.heads != 0) {
      r.fail_message("head_dim", "missing, and hidden_size (" + std::to_string(m.hidden) +
                                     ") is not divisible by num_attention_heads (" +
                                     std::to_string(m.heads) + ")");
    }
    m.head_dim = m.hidden / m.heads;
  }
  return m;
}

// A key of the scenario file itself (knob or "view"), as opposed to one kept for saving.
bool is_scenario_key(std::string_view key) {
  const Knob* k = find_knob(key);
  return key == "view" || (k && k->saved);
}

bool is_view_key(std::string_view key) {
  for (const SeriesFlag& flag : kSeriesFlags)
    if (flag.saved && flag.key == key) return true;
  for (std::string_view other : {"x_min", "x_max", "y_min", "y_max", "theme"})
    if (other == key) return true;
  return false;
}

ChartView read_view(const Json& view, const Reader& top, std::string_view origin, Json& unknown) {
  if (!view.is_object()) top.fail("view", "an object", view);
  Reader r(view, origin, "view.");
  ChartView v;
  v.x_min = r.optional_positive_number("x_min", "a positive number (FLOP/byte) or null");
  v.x_max = r.optional_positive_number("x_max", "a positive number (FLOP/byte) or null");
  v.y_min = r.optional_positive_number("y_min", "a positive number (FLOP/s) or null");
  v.y_max = r.optional_positive_number("y_max", "a positive number (FLOP/s) or null");
  for (const SeriesFlag& flag : kSeriesFlags)
    if (flag.saved) v.*flag.flag = r.boolean(flag.key, v.*flag.flag);
  const std::string theme = r.string("theme", std::string(to_string(v.theme)));
  const std::optional<ChartTheme> parsed = parse_chart_theme(theme);
  if (!parsed) r.fail("theme", kChartThemeNames, Json(theme));
  v.theme = *parsed;
  for (const auto& [key, value] : view.items()) {
    if (!is_view_key(key)) unknown["view"][key] = value;
  }
  return v;
}

// A gpu/model reference of a scenario: a built-in id as is; a relative path against the
// scenario's folder, made absolute so that saving the scenario elsewhere keeps it valid.
std::string resolve_reference(const std::string& value, const std::vector<PresetEntry>& builtins,
                              std::string_view base_dir) {
  for (const auto& e : builtins) {
    if (e.id == value) return value;
  }
  std::filesystem::path p(value);
  if (!looks_like_path(value) || p.is_absolute() || base_dir.empty() || base_dir == ".") {
    return value;
  }
  return std::filesystem::absolute(std::filesystem::path(std::string(base_dir)) / p)
      .lexically_normal()
      .string();
}

// A knob's value in a scenario file; nullopt when the key is absent or null. Integer and
// number ranges are validate()'s to check, with its messages.
std::optional<ChangeValue> read_knob(const Reader& r, const Knob& k) {
  if (!r.has(k.name)) return std::nullopt;
  switch (k.type) {
    case KnobType::reference: {
      const Json& v = *r.find(k.name);
      if (!v.is_string()) r.fail(k.name, "a preset id or a path to a .json file", v);
      return v.get<std::string>();
    }
    case KnobType::phase: {
      const std::string name = r.string(k.name, "");
      const auto phase = parse_phase(name);
      if (!phase) r.fail(k.name, expected(k), Json(name));
      return *phase;
    }
    case KnobType::precision:
      return r.precision(k.name, Precision::bf16);
    case KnobType::integer:
      return r.integer(k.name, 0);
    case KnobType::toggle:
      return r.boolean(k.name, false);
    case KnobType::fraction:
      return r.number(k.name, 0);
  }
  return std::nullopt;
}

ScenarioFile read_scenario(const Json& root, std::string_view origin, const PresetLibrary& library,
                           std::string_view base_dir) {
  Reader r(root, origin);
  const PresetResolver resolve{
      [&](std::string_view ref) {
        return library.gpu(resolve_reference(std::string(ref), library.gpus(), base_dir));
      },
      [&](std::string_view ref) {
        return library.model(resolve_reference(std::string(ref), library.models(), base_dir));
      }};
  ScenarioFile file;
  Scenario& s = file.scenario;
  for (ChangeKey key : file_order()) {
    const Knob& k = knob(key);
    if (!k.saved) continue;
    std::optional<ChangeValue> value = read_knob(r, k);
    if (!value && !k.preset.empty()) value = std::string(k.preset);
    if (!value) continue;
    if (std::string error = k.set(s, *value, resolve); !error.empty()) {
      r.fail_message(k.name, error);
    }
  }

  Json unknown = Json::object();
  if (const Json* view = r.find("view")) file.view = read_view(*view, r, origin, unknown);
  for (const auto& [key, value] : root.items()) {
    if (!is_scenario_key(key)) unknown[key] = value;
  }
  if (!unknown.empty()) file.extra_keys_json = unknown.dump();

  if (std::string err = validate(s); !err.empty()) {
    throw InputError{std::string(origin) + ": " + err};
  }
  return file;
}

}  // namespace

std::string precision_names() {
  std::string names;
  for (Precision p : kAllPrecisions) {
    if (!names.empty()) names += ", ";
    names += to_string(p);
  }
  return names;
}

bool looks_like_path(std::string_view id_or_path) {
  return id_or_path.find('/') != std::string_view::npos ||
         (id_or_path.size() >= 5 && id_or_path.substr(id_or_path.size() - 5) == ".json");
}

std::string display_name_of(std::string_view json_text, std::string_view fallback) {
  try {
    Json root = Json::parse(json_text.begin(), json_text.end());
    for (const char* key : {"_name", "name"}) {
      if (root.is_object() && root.contains(key) && root[key].is_string()) {
        return root[key].get<std::string>();
      }
    }
  } catch (const nlohmann::json::exception&) {
  }
  return std::string(fallback);
}

Result<GpuSpec> parse_gpu(std::string_view json_text, std::string_view origin) {
  try {
    return Result<GpuSpec>::ok(read_gpu(parse_root(json_text, origin), origin));
  } catch (const InputError& e) {
    return Result<GpuSpec>::fail(e.message);
  } catch (const nlohmann::json::exception& e) {
    return Result<GpuSpec>::fail(std::string(origin) + ": " + e.what());
  }
}

Result<ModelConfig> parse_model(std::string_view json_text, std::string_view origin,
                                std::string_view id) {
  try {
    ModelConfig m = read_model(parse_root(json_text, origin), origin, id);
    if (std::string err = validate(m); !err.empty()) {
      return Result<ModelConfig>::fail(std::string(origin) + ": " + err);
    }
    return Result<ModelConfig>::ok(std::move(m));
  } catch (const InputError& e) {
    return Result<ModelConfig>::fail(e.message);
  } catch (const nlohmann::json::exception& e) {
    return Result<ModelConfig>::fail(std::string(origin) + ": " + e.what());
  }
}

Result<ScenarioFile> parse_scenario(std::string_view json_text, std::string_view origin,
                                    const PresetLibrary& library, std::string_view base_dir) {
  try {
    return Result<ScenarioFile>::ok(
        read_scenario(parse_root(json_text, origin), origin, library, base_dir));
  } catch (const InputError& e) {
    return Result<ScenarioFile>::fail(e.message);
  } catch (const nlohmann::json::exception& e) {
    return Result<ScenarioFile>::fail(std::string(origin) + ": " + e.what());
  } catch (const std::filesystem::filesystem_error& e) {
    return Result<ScenarioFile>::fail(std::string(origin) + ": " + e.what());
  }
}

}  // namespace roofline
