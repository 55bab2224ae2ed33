// Parsing of GPU presets and model configs (Hugging Face config.json), with json_reader.h's
// Reader: one message "ORIGIN: KEY: expected X, got Y" for any bad input.

#include <filesystem>
#include <set>
#include <string>
#include <string_view>

#include "io_internal.h"
#include "json_reader.h"
#include "roofline/io/json_io.h"

namespace roofline {
namespace {

const NumberRule kBandwidth = positive_number("byte/s");
const IntegerRule kPositive = integer_at_least(1);
const IntegerRule kNonNegative = integer_at_least(0);

GpuSpec read_gpu(const Reader& r, std::string_view origin) {
  GpuSpec gpu;
  gpu.id = r.string("id", std::filesystem::path(std::string(origin)).stem().string());
  gpu.name = r.string("name", gpu.id);
  gpu.vendor = r.string("vendor", "");
  gpu.source = r.string("source", "");
  gpu.memory_bandwidth_bytes_per_s = r.number("memory_bandwidth", kBandwidth);
  gpu.memory_capacity_bytes = r.number("memory_capacity", positive_number("bytes"));
  gpu.interconnect_bandwidth_bytes_per_s = r.optional_number("interconnect_bandwidth", kBandwidth);

  constexpr std::string_view kPeaks = "an object: precision name -> FLOP/s";
  const Json& peaks = r.at("peak_flops", kPeaks);
  if (!peaks.is_object()) r.fail("peak_flops", kPeaks, peaks);
  const Reader pr = r.child("peak_flops");
  for (const auto& [name, value] : peaks.items()) {
    auto p = parse_precision(name);
    if (!p) r.fail("peak_flops", "precision names (" + precision_names() + ")", Json(name));
    if (auto peak = pr.optional_number(name, positive_number("FLOP/s"))) gpu.set_peak(*p, *peak);
  }
  bool any_peak = false;
  for (Precision p : kAllPrecisions) any_peak = any_peak || gpu.peak(p).has_value();
  if (!any_peak) r.fail("peak_flops", "at least one precision with a peak", peaks);

  if (const Json* caches = r.find("caches")) {
    if (!caches->is_array()) r.fail("caches", "a list of {name, bandwidth}", *caches);
    for (size_t i = 0; i < caches->size(); ++i) {
      const Json& c = (*caches)[i];
      const std::string where = "caches[" + std::to_string(i) + "]";
      if (!c.is_object()) r.fail(where, "an object {name, bandwidth}", c);
      const Reader cr(c, origin, r.key_path(where) + ".");
      CacheCeiling ceiling;
      ceiling.name = cr.string("name", "");
      if (ceiling.name.empty()) cr.missing("name", "a non-empty string");
      ceiling.bandwidth_bytes_per_s = cr.number("bandwidth", kBandwidth);
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

ModelConfig read_model(const Reader& top, std::string_view id) {
  // Multimodal configs keep the language model under "text_config".
  const Json& root = top.object();
  const bool nested = !root.contains("num_hidden_layers") && root.contains("text_config") &&
                      root["text_config"].is_object();
  const Reader r = nested ? top.child("text_config") : top;

  ModelConfig m;
  m.id = std::string(id);
  m.name = top.string("_name", id);
  m.source = top.string("_source", "");
  m.layers = r.integer("num_hidden_layers", kPositive);
  m.hidden = r.integer("hidden_size", kPositive);
  m.heads = r.integer("num_attention_heads", kPositive);
  m.kv_heads = r.integer("num_key_value_heads", kPositive, m.heads);
  m.vocab = r.integer("vocab_size", kPositive);
  m.tie_word_embeddings =
      r.boolean("tie_word_embeddings", top.boolean("tie_word_embeddings", false));
  m.hidden_act = r.string("hidden_act", r.string("hidden_activation", "silu"));
  m.gated_mlp =
      gated_activation(r, m.hidden_act, r.string("model_type", top.string("model_type", "")));

  std::optional<int64_t> experts = r.optional_integer("num_local_experts", kNonNegative);
  if (!experts) experts = r.optional_integer("n_routed_experts", kNonNegative);
  if (!experts) experts = r.optional_integer("num_experts", kNonNegative);
  if (experts && *experts > 0) {
    MoeConfig moe;
    moe.experts = *experts;
    moe.experts_per_token = r.integer("num_experts_per_tok", kPositive);
    moe.shared_experts = r.integer("n_shared_experts", kNonNegative, 0);
    moe.first_dense_layers = r.integer("first_k_dense_replace", kNonNegative, 0);
    auto expert_width = r.optional_integer("moe_intermediate_size", kPositive);
    if (!expert_width) expert_width = r.integer("intermediate_size", kPositive);  // Mixtral
    moe.expert_intermediate = *expert_width;
    m.moe = moe;
  }
  // Dense layers need intermediate_size; an all-MoE model may omit it.
  if (m.moe && m.moe->first_dense_layers == 0 && !r.has("intermediate_size")) {
    m.intermediate = m.moe->expert_intermediate;
  } else {
    m.intermediate = r.integer("intermediate_size", kPositive);
  }

  if (r.has("kv_lora_rank")) {
    MlaConfig mla;
    mla.q_lora_rank = r.optional_integer("q_lora_rank", kPositive);
    mla.kv_lora_rank = r.integer("kv_lora_rank", kPositive);
    mla.qk_nope_head_dim = r.integer("qk_nope_head_dim", kPositive);
    mla.qk_rope_head_dim = r.integer("qk_rope_head_dim", kNonNegative, 0);
    mla.v_head_dim = r.integer("v_head_dim", kPositive);
    m.head_dim = mla.qk_nope_head_dim + mla.qk_rope_head_dim;
    m.kv_heads = m.heads;  // the latent is shared by all heads; no GQA grouping
    m.mla = mla;
  } else if (auto dh = r.optional_integer("head_dim", kPositive)) {
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

}  // namespace

std::string precision_names() {
  std::string names;
  for (Precision p : kAllPrecisions) {
    if (!names.empty()) names += ", ";
    names += to_string(p);
  }
  return names;
}

Result<GpuSpec> parse_gpu(std::string_view json_text, std::string_view origin) {
  return read_json<GpuSpec>(json_text, origin,
                            [&](const Reader& r) { return read_gpu(r, origin); });
}

Result<ModelConfig> parse_model(std::string_view json_text, std::string_view origin,
                                std::string_view id) {
  return read_json<ModelConfig>(json_text, origin, [&](const Reader& r) {
    ModelConfig m = read_model(r, id);
    if (std::string err = validate(m); !err.empty()) {
      throw InputError{std::string(origin) + ": " + err};
    }
    return m;
  });
}

}  // namespace roofline
