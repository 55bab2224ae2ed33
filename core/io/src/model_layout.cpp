// The layer layout of a config.json (core/MODEL.md §6): which mixer and which feed-forward each
// layer has, from the keys each family uses (each layer's mixer in model_layout_mixers.cpp, its
// feed-forward in model_layout_ffns.cpp), then grouped into types.

#include "model_layout.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace roofline {

PerLayer first_per_layer(const Reader& r, std::initializer_list<std::string_view> keys,
                         int64_t layers, const IntegerRule& rule, bool fallbacks) {
  std::optional<PerLayer> first;
  for (std::string_view key : keys) {
    if (!r.has(key)) continue;
    PerLayer value(r, key, layers, rule);
    if (!first) {
      first = std::move(value);
      if (fallbacks) break;
      continue;
    }
    for (int64_t i = 0; i < layers; ++i) {
      const auto at = static_cast<size_t>(i);
      if (value[at] != (*first)[at]) {
        r.fail_message(key, "says " + std::to_string(value[at]) + " where " +
                                std::string(first->key()) + " says " +
                                std::to_string((*first)[at]) + ": two spellings of one key");
      }
    }
  }
  return first ? std::move(*first) : PerLayer(r, *keys.begin(), layers, rule);
}

std::vector<int64_t> integer_list(const Reader& r, std::string_view key) {
  std::vector<int64_t> out;
  const Json* v = r.find(key);
  if (!v) return out;
  if (!v->is_array()) r.fail(key, "a list of layer indices", *v);
  for (size_t i = 0; i < v->size(); ++i)
    out.push_back(
        r.to_integer(std::string(key) + "[" + std::to_string(i) + "]", (*v)[i], kNonNegative));
  return out;
}

int64_t window_of(const Reader& r, std::string_view key, int64_t fallback) {
  if (fallback > 0) return r.integer(key, kPositive, fallback);
  return r.integer(key, kPositive);
}

namespace {

template <class T>
void group_into(std::vector<T>& types, const T& one) {
  for (T& t : types) {
    T probe = t;
    probe.count = one.count;
    if (probe == one) {
      t.count += one.count;
      return;
    }
  }
  types.push_back(one);
}

}  // namespace

void nas_kv_heads(const Reader& r, ModelConfig& m) {
  const Json& v = r.at("block_configs", "a list of per-layer blocks");
  std::optional<int64_t> group;
  for (size_t i = 0; i < v.size(); ++i) {
    const Reader attention =
        Reader(v[i], r.origin(), r.key_path("block_configs[" + std::to_string(i) + "]."))
            .child("attention");
    if (attention.boolean("no_op", false)) continue;
    const int64_t g = attention.integer("n_heads_in_group", kPositive);
    if (group && g != *group) {
      attention.fail_message("n_heads_in_group",
                             "differs from an earlier layer's (" + std::to_string(*group) +
                                 "): roofline has one attention shape per model");
    }
    if (m.heads % g != 0) {
      attention.fail_message("n_heads_in_group", "does not divide num_attention_heads (" +
                                                     std::to_string(m.heads) + ")");
    }
    group = g;
  }
  if (group) m.kv_heads = m.heads / *group;
}

void read_layout(const Reader& r, const ModelFamily& f, ModelConfig& m) {
  const std::string_view layers_key = r.has("num_hidden_layers") ? "num_hidden_layers"
                                      : r.has("n_layer")         ? "n_layer"
                                      : r.has("num_layers")      ? "num_layers"
                                                                 : "num_hidden_layers";
  // Nemotron-H: the pattern has one block per layer (vLLM builds that many; Nemotron-3-Ultra's
  // num_hidden_layers is null beside its layers_block_type).
  const bool pattern =
      f.type == "nemotron_h" && (r.has("hybrid_override_pattern") || r.has("layers_block_type"));
  const std::string blocks = pattern ? block_pattern(r) : std::string();
  const int64_t L = pattern && !r.has(layers_key) ? static_cast<int64_t>(blocks.size())
                                                  : r.integer(layers_key, kLayers);
  if (L > kLayers.max) r.fail(layers_key, kLayers.expected, Json(L));
  std::vector<Layer> layers(static_cast<size_t>(L));
  if (pattern) {
    from_pattern(r, blocks, layers);
    // Nemotron-H's attention blocks are global unless a window is given.
    if (r.has("sliding_window")) {
      const int64_t W = window_of(r, "sliding_window");
      for (Layer& l : layers)
        if (l.mixer.kind == MixerKind::full) l.mixer = {MixerKind::sliding, W};
    }
  } else if (f.type == "nemotron-nas") {
    from_block_configs(r, m.hidden, layers);
  } else if (r.has("layer_types")) {
    from_layer_types(r, f, layers);
    // The list wins over a family's rule, as in transformers' config classes: the keys the rule
    // would read are redundant beside it (Qwen3.5 writes full_attention_interval too).
    for (std::string_view key : {"full_attention_interval", "sliding_window_pattern",
                                 "_sliding_window_pattern", "max_window_layers"})
      r.has(key);
    // MiMo-V2 re-saved by transformers keeps its hub keys: the window and the pattern must say
    // the same.
    if (r.has("sliding_window_size")) sliding_window(r, f);
    if (f.type == "mimo_v2_flash" && r.has("hybrid_layer_pattern")) {
      const std::vector<int64_t> kinds = integer_list(r, "hybrid_layer_pattern");
      for (size_t i = 0; i < layers.size(); ++i) {
        const bool slides = layers[i].mixer.kind == MixerKind::sliding;
        if (i >= kinds.size() || (kinds[i] == 1) != slides) {
          r.fail_message("hybrid_layer_pattern",
                         "differs from layer_types at layer " + std::to_string(i));
        }
      }
    }
  } else {
    from_family_rule(r, f, layers);
  }
  if (f.type != "nemotron-nas") read_ffns(r, f, m.hidden, layers, pattern);

  m.layers = L;
  m.mixers.clear();
  m.ffns.clear();
  for (Layer& l : layers) {
    l.mixer.count = l.ffn.count = 1;
    group_into(m.mixers, l.mixer);
    group_into(m.ffns, l.ffn);
  }
}

}  // namespace roofline
