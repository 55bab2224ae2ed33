// The layer layout of a config.json (core/MODEL.md §6): which mixer and which feed-forward each
// layer has, from the keys each family uses, then grouped into types.

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "model_read.h"

namespace roofline {
namespace {

const IntegerRule& kPositive = kPositiveShape;
const IntegerRule& kNonNegative = kShapeOrZero;
// A layer list longer than this is not a model; it keeps the per-layer vectors small.
const IntegerRule kLayers{1, 100'000, "a positive integer up to 100000"};

struct Layer {
  MixerType mixer;
  FfnType ffn;
};

// A key that holds either one integer for every layer or a list with one per layer (Hunyuan).
class PerLayer {
 public:
  PerLayer(const Reader& r, std::string_view key, int64_t layers, const IntegerRule& rule)
      : key_(key) {
    const Json* v = r.find(key);
    if (!v) return;
    if (v->is_array()) {
      if (static_cast<int64_t>(v->size()) != layers) {
        r.fail_message(key, "expected one value per layer (" + std::to_string(layers) +
                                "), got a list of " + std::to_string(v->size()));
      }
      for (size_t i = 0; i < v->size(); ++i)
        values_.push_back(
            r.to_integer(std::string(key) + "[" + std::to_string(i) + "]", (*v)[i], rule));
    } else {
      values_.assign(static_cast<size_t>(layers), r.to_integer(key, *v, rule));
    }
  }
  bool present() const { return !values_.empty(); }
  int64_t operator[](size_t i) const { return values_[i]; }
  std::string_view key() const { return key_; }

 private:
  std::string_view key_;
  std::vector<int64_t> values_;
};

// The first of `keys` present, read per layer; the others present (two spellings of one key:
// ERNIE writes moe_k and num_experts_per_tok) must say the same.
// With `fallbacks` the later keys are only read when the earlier are absent (the experts' width:
// moe_intermediate_size, else intermediate_size).
PerLayer first_per_layer(const Reader& r, std::initializer_list<std::string_view> keys,
                         int64_t layers, const IntegerRule& rule, bool fallbacks = false) {
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

int64_t window_of(const Reader& r, std::string_view key, int64_t fallback = 0) {
  if (fallback > 0) return r.integer(key, kPositive, fallback);
  return r.integer(key, kPositive);
}

// [SECTION] Mixers

Layer block(MixerKind mixer, FfnKind ffn) {
  Layer l;
  l.mixer.kind = mixer;
  l.ffn.kind = ffn;
  return l;
}

// Nemotron-H's blocks: hybrid_override_pattern, one character per block (M Mamba, * attention,
// - MLP, E MoE), or transformers' newer layers_block_type, one name per block (mamba, attention,
// mlp, moe; its newest re-saves write linear_attention and full_attention).
std::string block_pattern(const Reader& r) {
  if (r.has("hybrid_override_pattern")) return r.string("hybrid_override_pattern");
  const Json& v = r.at("layers_block_type", "a list of block kinds");
  if (!v.is_array()) r.fail("layers_block_type", "a list of block kinds", v);
  std::string pattern;
  for (size_t i = 0; i < v.size(); ++i) {
    const std::string key = "layers_block_type[" + std::to_string(i) + "]";
    const std::string kind = r.to_string(key, v[i]);
    if (kind == "mamba" || kind == "linear_attention") {
      pattern += 'M';
    } else if (kind == "attention" || kind == "full_attention") {
      pattern += '*';
    } else if (kind == "mlp") {
      pattern += '-';
    } else if (kind == "moe") {
      pattern += 'E';
    } else {
      r.fail(key, "mamba, attention, mlp or moe", v[i]);
    }
  }
  return pattern;
}

void from_pattern(const Reader& r, const std::string& pattern, std::vector<Layer>& layers) {
  const std::string_view key =
      r.has("hybrid_override_pattern") ? "hybrid_override_pattern" : "layers_block_type";
  if (pattern.size() != layers.size()) {
    r.fail_message(key, "expected one block per layer (" + std::to_string(layers.size()) +
                            "), got " + std::to_string(pattern.size()));
  }
  for (size_t i = 0; i < pattern.size(); ++i) {
    Layer& l = layers[i];
    switch (pattern[i]) {
      case 'M':
        l = block(MixerKind::mamba, FfnKind::none);
        break;
      case '*':
        l = block(MixerKind::full, FfnKind::none);
        break;
      case '-':
        l = block(MixerKind::none, FfnKind::dense);
        break;
      case 'E':
        l = block(MixerKind::none, FfnKind::moe);
        break;
      default:
        r.fail_message(key, "expected M (Mamba), * (attention), - (MLP) or E (MoE), got '" +
                                std::string(1, pattern[i]) + "' at layer " + std::to_string(i));
    }
  }
}

// Llama-Nemotron's block_configs (DeciLM, model_type nemotron-nas): one entry per layer, its
// attention a no_op or of num_attention_heads / n_heads_in_group KV heads (the same in every
// layer: roofline has one attention shape), its FFN a no_op or of width ffn_mult·2d/3 rounded up
// to a multiple of 256 (DeciLM's _ffn_mult_to_intermediate_size). Linear replacements, sinks and
// sparsified blocks are refused by name.
void from_block_configs(const Reader& r, int64_t hidden, std::vector<Layer>& layers) {
  const Json& v = r.at("block_configs", "a list of per-layer blocks");
  if (!v.is_array() || v.size() != layers.size())
    r.fail("block_configs", "a list of " + std::to_string(layers.size()) + " blocks", v);
  for (size_t i = 0; i < v.size(); ++i) {
    const std::string at = "block_configs[" + std::to_string(i) + "]";
    if (!v[i].is_object()) r.fail(at, "an object with attention and ffn", v[i]);
    const Reader block(v[i], r.origin(), r.key_path(at) + ".");
    // Every key of a block is one roofline reads: a MoE or Mamba sub-block of newer NAS
    // configs is refused by name, not counted as a plain block.
    block.only_keys({"attention", "ffn"});
    const Reader attention = block.child("attention");
    const Reader ffn = block.child("ffn");
    attention.only_keys({"no_op", "replace_with_linear", "n_heads_in_group", "sparsify",
                         "num_sink_tokens", "use_prefill_window_in_sink_attention",
                         "unshifted_sink", "window_length"});
    ffn.only_keys({"no_op", "replace_with_linear", "ffn_mult", "sparsify"});
    for (const Reader* part : {&attention, &ffn}) {
      if (part->boolean("replace_with_linear", false))
        part->fail_message("replace_with_linear",
                           "a block replaced by one linear layer is not modelled");
      if (part->has("sparsify"))
        part->fail_message("sparsify", "sparsified blocks are not modelled");
    }
    if (attention.has("num_sink_tokens"))
      attention.fail_message("num_sink_tokens", "sink attention is not modelled");
    Layer& l = layers[i];
    if (attention.boolean("no_op", false)) {
      l.mixer = {MixerKind::none};
    } else if (attention.has("window_length")) {
      l.mixer = {MixerKind::sliding, attention.integer("window_length", kPositive)};
    } else {
      l.mixer = {MixerKind::full};
    }
    if (ffn.boolean("no_op", false)) {
      l.ffn = FfnType::none(1);
    } else {
      const double mult = ffn.number("ffn_mult", number_between(1e-6, 1e6, "a positive multiple"));
      // int(2·ffn_mult·d/3) (ffn_mult as written, to 6 decimals), up to a multiple of 256.
      const double rounded = std::round(mult * 1e6) / 1e6;
      auto width = static_cast<int64_t>(2 * rounded * static_cast<double>(hidden) / 3);
      if (width % 256 != 0) width += 256 - width % 256;
      l.ffn = FfnType::dense(width, 1);
    }
  }
}

// MiMo-V2's window: sliding_window, else sliding_window_size (its hub files write both, which
// must agree), else its class's 128.
int64_t mimo_window(const Reader& r) {
  const int64_t W = r.has("sliding_window") ? window_of(r, "sliding_window")
                                            : window_of(r, "sliding_window_size", 128);
  if (r.has("sliding_window_size") && r.integer("sliding_window_size", kPositive) != W) {
    r.fail_message("sliding_window_size",
                   "differs from sliding_window (" + std::to_string(W) + "): two windows");
  }
  return W;
}

// layer_types: one name per layer. Step-3.5's list also names its multi-token-prediction layers
// after the model's (num_nextn_predict_layers more; they are not counted).
void from_layer_types(const Reader& r, const ModelFamily& f, std::vector<Layer>& layers) {
  const bool generic = f.type.empty();
  const Json& v = r.at("layer_types", "a list of layer kinds");
  const size_t extra =
      f.type == "step3p5"
          ? static_cast<size_t>(r.integer("num_nextn_predict_layers", kNonNegative, 0))
          : 0;
  if (!v.is_array() || (v.size() != layers.size() && v.size() != layers.size() + extra)) {
    r.fail("layer_types", "a list of " + std::to_string(layers.size()) + " layer kinds", v);
  }
  for (size_t i = 0; i < layers.size(); ++i) {
    const std::string key = "layer_types[" + std::to_string(i) + "]";
    const std::string kind = r.to_string(key, v[i]);
    MixerType& mixer = layers[i].mixer;
    if (kind == "full_attention" || kind == "attention") {
      mixer = {MixerKind::full};
    } else if (kind == "sliding_attention") {
      mixer = {MixerKind::sliding,
               f.type == "mimo_v2_flash" ? mimo_window(r) : window_of(r, "sliding_window")};
    } else if (kind == "chunked_attention") {
      mixer = {MixerKind::chunked, window_of(r, "attention_chunk_size")};
    } else if (kind == "conv" && r.string("model_type", "") == "lfm2") {
      mixer = {MixerKind::conv};
    } else if ((kind == "linear_attention" || kind == "mamba") && generic) {
      r.fail_message(key, "'" + kind + "' layers of model_type '" + r.string("model_type", "") +
                              "': roofline knows their weights only in the families it names "
                              "(Qwen3-Next/3.5, Nemotron-H), not in this one");
    } else if (kind == "linear_attention") {
      mixer = {MixerKind::linear};
    } else if (kind == "mamba") {
      mixer = {MixerKind::mamba};
    } else {
      r.fail(key, "full_attention, sliding_attention, chunked_attention, linear_attention or mamba",
             v[i]);
    }
  }
}

// The family's own rule when the config lists no layer kinds.
void from_family_rule(const Reader& r, const ModelFamily& f, std::vector<Layer>& layers) {
  const size_t L = layers.size();
  auto each = [&](auto kind_of) {
    for (size_t i = 0; i < L; ++i) layers[i].mixer = kind_of(i);
  };
  const std::string_view t = f.type;
  if (f.lightning) {
    // MiniMax: attn_type_list 0 is lightning attention, 1 softmax; transformers' MiniMax without
    // a list alternates, softmax first.
    const std::vector<int64_t> kinds = integer_list(r, "attn_type_list");
    if (!kinds.empty() && kinds.size() != L) {
      r.fail_message("attn_type_list", "expected one 0/1 per layer (" + std::to_string(L) +
                                           "), got " + std::to_string(kinds.size()));
    }
    for (size_t i = 0; i < kinds.size(); ++i) {
      if (kinds[i] > 1)
        r.fail("attn_type_list[" + std::to_string(i) + "]", "0 or 1", Json(kinds[i]));
    }
    each([&](size_t i) {
      const bool softmax = kinds.empty() ? (i + 1) % 2 != 0 : kinds[i] == 1;
      return softmax ? MixerType{MixerKind::full} : MixerType{MixerKind::linear};
    });
  } else if (t == "lfm2") {
    // LFM2 without layer_types: full_attn_idxs, else every layer attention (its config class).
    const std::vector<int64_t> full = integer_list(r, "full_attn_idxs");
    const bool listed = r.has("full_attn_idxs");
    each([&](size_t i) {
      const bool attention =
          !listed || std::find(full.begin(), full.end(), static_cast<int64_t>(i)) != full.end();
      return attention ? MixerType{MixerKind::full} : MixerType{MixerKind::conv};
    });
  } else if (t == "qwen3_next" || t == "qwen3_5_text" || t == "qwen3_5_moe_text") {
    // Gated DeltaNet everywhere but every full_attention_interval-th layer.
    const int64_t n = r.integer("full_attention_interval", kPositive, 4);
    each([&](size_t i) {
      return (static_cast<int64_t>(i) + 1) % n == 0 ? MixerType{MixerKind::full}
                                                    : MixerType{MixerKind::linear};
    });
  } else if (t == "mimo_v2_flash") {
    // hybrid_layer_pattern: 1 slides, 0 is global; without it (transformers' class) the first
    // layer and every sixth are global. sliding_window_size repeats the window.
    const int64_t W = mimo_window(r);
    const std::vector<int64_t> kinds = integer_list(r, "hybrid_layer_pattern");
    if (r.has("hybrid_layer_pattern") && kinds.size() != L) {
      r.fail_message("hybrid_layer_pattern", "expected one 0/1 per layer (" + std::to_string(L) +
                                                 "), got " + std::to_string(kinds.size()));
    }
    for (size_t i = 0; i < kinds.size(); ++i) {
      if (kinds[i] > 1)
        r.fail("hybrid_layer_pattern[" + std::to_string(i) + "]", "0 or 1", Json(kinds[i]));
    }
    each([&](size_t i) {
      const bool slides = kinds.empty() ? i != 0 && (i + 1) % 6 != 0 : kinds[i] == 1;
      return slides ? MixerType{MixerKind::sliding, W} : MixerType{MixerKind::full};
    });
  } else if (t == "step3p5") {
    // Step-3.5 without layer_types: the even layers slide (its modeling code).
    const int64_t W = window_of(r, "sliding_window");
    each([&](size_t i) {
      return i % 2 == 0 ? MixerType{MixerKind::sliding, W} : MixerType{MixerKind::full};
    });
  } else if (t == "gemma2" || t == "gpt_oss") {
    // Even layers slide: sliding iff (i+1) % 2 != 0 (transformers' default layer_types).
    const int64_t W = window_of(r, "sliding_window", t == "gpt_oss" ? 128 : 4096);
    // Gemma-2's published configs also write sliding_window_size, the same window.
    if (r.has("sliding_window_size") && r.integer("sliding_window_size", kPositive) != W) {
      r.fail_message("sliding_window_size",
                     "differs from sliding_window (" + std::to_string(W) + "): two windows");
    }
    each([&](size_t i) {
      return i % 2 == 0 ? MixerType{MixerKind::sliding, W} : MixerType{MixerKind::full};
    });
  } else if (t == "gemma3_text" || t == "olmo3" || t == "cohere2") {
    // Every n-th layer is global, the others slide: Gemma-3's sliding_window_pattern (6),
    // OLMo-3's fixed 4, Cohere2's sliding_window_pattern (4).
    const int64_t W = window_of(r, "sliding_window", 4096);
    const int64_t fallback = t == "cohere2" ? 4 : 6;
    const int64_t n = t == "olmo3"
                          ? 4
                          : r.integer("sliding_window_pattern", kPositive,
                                      r.integer("_sliding_window_pattern", kPositive, fallback));
    each([&](size_t i) {
      return (static_cast<int64_t>(i) + 1) % n == 0 ? MixerType{MixerKind::full}
                                                    : MixerType{MixerKind::sliding, W};
    });
  } else if (t == "llama4_text") {
    // Layers with RoPE attend within chunks; the NoPE layers (every 4th by default) are global.
    // no_rope_layers[i] = 1 means the layer USES RoPE; an empty list means the default.
    const std::optional<int64_t> C = r.optional_integer("attention_chunk_size", kPositive);
    std::vector<int64_t> rope = integer_list(r, "no_rope_layers");
    if (rope.empty()) {
      const int64_t n = r.integer("no_rope_layer_interval", kPositive, 4);
      for (size_t i = 0; i < L; ++i) rope.push_back((static_cast<int64_t>(i) + 1) % n != 0);
    }
    if (rope.size() != L) {
      r.fail_message("no_rope_layers", "expected one 0/1 per layer (" + std::to_string(L) +
                                           "), got " + std::to_string(rope.size()));
    }
    each([&](size_t i) {
      return C && rope[i] ? MixerType{MixerKind::chunked, *C} : MixerType{MixerKind::full};
    });
  } else if (t == "qwen2" || t == "qwen3" || t == "qwen2_moe" || t == "qwen3_moe") {
    // Qwen: a window only with use_sliding_window. Qwen2 and Qwen3 slide from layer
    // max_window_layers on; Qwen2-MoE slides the even layers below it; Qwen3-MoE every layer.
    const bool use = r.boolean("use_sliding_window", false);
    const bool given = r.has("sliding_window");  // looked up either way: off, it counts nothing
    const bool on = use && given && r.integer("sliding_window", kNonNegative) > 0;
    const int64_t W = on ? window_of(r, "sliding_window") : 0;
    const int64_t bound = r.integer("max_window_layers", kNonNegative, 28);
    each([&](size_t idx) {
      const auto i = static_cast<int64_t>(idx);
      bool slides = false;
      if (t == "qwen3_moe") slides = true;
      if (t == "qwen2" || t == "qwen3") slides = i >= bound;
      if (t == "qwen2_moe") slides = i % 2 == 0 && i < bound;
      return on && slides ? MixerType{MixerKind::sliding, W} : MixerType{MixerKind::full};
    });
  } else if (t == "mistral" && !r.object().contains("sliding_window")) {
    // MistralConfig's own default when the key is missing altogether (null turns it off).
    each([](size_t) { return MixerType{MixerKind::sliding, 4096}; });
  } else if (r.has("sliding_window") && f.all_sliding) {
    const int64_t W = window_of(r, "sliding_window");
    each([&](size_t) { return MixerType{MixerKind::sliding, W}; });
  } else if (r.has("sliding_window") && r.boolean("use_sliding_window", true) &&
             r.integer("sliding_window", kNonNegative) > 0) {
    // A window with no rule for its layers: counting every layer as global (or as sliding)
    // would be wrong for some, so the key is refused.
    r.fail_message("sliding_window",
                   "model_type '" + r.string("model_type", "") +
                       "' has no rule roofline knows for which layers use this window, and the "
                       "config has no layer_types");
  } else {
    each([](size_t) { return MixerType{MixerKind::full}; });
  }
}

// [SECTION] Feed-forwards

// A per-layer list of two words (MiMo-V2's mlp_layer_types: dense / sparse) or of 0/1
// (moe_layer_freq as a list): whether each layer is MoE.
std::vector<bool> moe_flags(const Reader& r, std::string_view key, size_t L) {
  const Json& v = r.at(key, "a list with one entry per layer");
  if (!v.is_array() || v.size() != L)
    r.fail(key, "a list of " + std::to_string(L) + " entries, one per layer", v);
  std::vector<bool> moe(L);
  for (size_t i = 0; i < L; ++i) {
    const std::string at = std::string(key) + "[" + std::to_string(i) + "]";
    if (v[i].is_string()) {
      const std::string kind = r.to_string(at, v[i]);
      if (kind != "dense" && kind != "sparse") r.fail(at, "dense or sparse", v[i]);
      moe[i] = kind == "sparse";
    } else {
      const int64_t flag = r.to_integer(at, v[i], kNonNegative);
      if (flag > 1) r.fail(at, "0 (dense) or 1 (MoE)", v[i]);
      moe[i] = flag == 1;
    }
  }
  return moe;
}

// Which layers are MoE when the config has experts and no per-layer pattern.
std::vector<bool> moe_layers(const Reader& r, const ModelFamily& f, size_t L) {
  std::vector<bool> moe(L, true);
  auto keep = [&](auto rule) {
    for (size_t i = 0; i < L; ++i) moe[i] = moe[i] && rule(static_cast<int64_t>(i));
  };
  if (r.has("mlp_layer_types")) return moe_flags(r, "mlp_layer_types", L);
  if (const Json* freq = r.find("moe_layer_freq"); freq && freq->is_array())
    return moe_flags(r, "moe_layer_freq", L);
  if (f.type == "mimo_v2_flash") {  // transformers' class: the first layer dense, then MoE
    keep([](int64_t i) { return i > 0; });
    return moe;
  }
  if (f.type == "step3p5") {
    // moe_layers_enum: the MoE layers' indices, comma-separated in a string; without it every
    // layer but the first.
    if (!r.has("moe_layers_enum")) {
      keep([](int64_t i) { return i > 0; });
      return moe;
    }
    const std::string list = r.string("moe_layers_enum");
    std::vector<bool> listed(L, false);
    size_t start = 0;
    while (start <= list.size()) {
      const size_t end = std::min(list.find(',', start), list.size());
      std::string item = list.substr(start, end - start);
      while (!item.empty() && item.front() == ' ') item.erase(0, 1);
      while (!item.empty() && item.back() == ' ') item.pop_back();
      const bool digits =
          !item.empty() && item.size() <= 6 &&
          std::all_of(item.begin(), item.end(), [](char c) { return c >= '0' && c <= '9'; });
      if (!digits || std::stoul(item) >= L) {
        r.fail_message("moe_layers_enum", "expected layer indices below " + std::to_string(L) +
                                              " separated by commas, got '" + item.substr(0, 16) +
                                              "'");
      }
      listed[std::stoul(item)] = true;
      start = end + 1;
    }
    return listed;
  }
  if (r.has("moe_layers")) {
    const std::vector<int64_t> list = integer_list(r, "moe_layers");
    keep([&](int64_t i) { return std::find(list.begin(), list.end(), i) != list.end(); });
    return moe;
  }
  if (r.has("interleave_moe_layer_step")) {  // Llama-4: layers step-1, 2·step-1, ...
    const int64_t step = r.integer("interleave_moe_layer_step", kPositive);
    keep([&](int64_t i) { return (i + 1) % step == 0; });
  }
  if (r.has("first_k_dense_replace") || r.has("moe_layer_freq")) {  // DeepSeek, GLM, Kimi
    const int64_t k = r.integer("first_k_dense_replace", kNonNegative, 0);
    const int64_t freq = r.integer("moe_layer_freq", kPositive, 1);
    keep([&](int64_t i) { return i >= k && i % freq == 0; });
  }
  if (r.has("decoder_sparse_step") || r.has("mlp_only_layers")) {  // Qwen MoE
    const int64_t step = r.integer("decoder_sparse_step", kPositive, 1);
    const std::vector<int64_t> dense = integer_list(r, "mlp_only_layers");
    keep([&](int64_t i) {
      return (i + 1) % step == 0 && std::find(dense.begin(), dense.end(), i) == dense.end();
    });
  }
  if (r.has("moe_layer_start_index") || r.has("moe_layer_interval")) {  // ERNIE-4.5
    const int64_t start = r.integer("moe_layer_start_index", kNonNegative, 0);
    const int64_t interval = r.integer("moe_layer_interval", kPositive, 1);
    const IntegerRule end_rule{-1, kMaxModelShape, "-1 (the last layer) or a layer index"};
    int64_t end = r.integer("moe_layer_end_index", end_rule, -1);
    if (end < 0) end = static_cast<int64_t>(L) - 1;
    keep([&](int64_t i) { return (i + 1) % interval == 0 && i >= start && i <= end; });
  }
  if (r.has("moe_layer_num_skipped")) {  // Hunyuan
    const int64_t skipped = r.integer("moe_layer_num_skipped", kNonNegative);
    keep([&](int64_t i) { return i >= skipped; });
  }
  return moe;
}

// The dense MLP width: intermediate_size (GPT-2's n_inner null is 4·d).
int64_t dense_width(const Reader& r, const ModelFamily& f, int64_t hidden, bool required) {
  if (f.type == "llama4_text") {
    r.has("intermediate_size");  // the experts' width, read with them
    return r.integer("intermediate_size_mlp", kPositive);
  }
  if (f.type == "lfm2") {
    // block_ff_dim (its original key) wins over intermediate_size; with block_auto_adjust_ff_dim
    // the width is int(2·ff/3), times block_ffn_dim_multiplier, up to block_multiple_of
    // (transformers' Lfm2MLP).
    const int64_t ff = r.has("block_ff_dim") ? r.integer("block_ff_dim", kPositive)
                                             : r.integer("intermediate_size", kPositive, 12288);
    r.has("intermediate_size");
    for (std::string_view key : {"block_ffn_dim_multiplier", "block_multiple_of"}) r.has(key);
    if (!r.boolean("block_auto_adjust_ff_dim", true)) return ff;  // the others then unused
    int64_t width = 2 * ff / 3;
    if (const auto mult =
            r.optional_number("block_ffn_dim_multiplier", number_between(0, 1e6, "a multiplier"))) {
      width = static_cast<int64_t>(*mult * static_cast<double>(width));
      const int64_t of = r.integer("block_multiple_of", kPositive, 256);
      width = of * ((width + of - 1) / of);
    }
    return width;
  }
  for (std::string_view key : {"intermediate_size", "n_inner", "ffn_dim", "ffn_hidden_size"}) {
    if (r.has(key)) return r.integer(key, kPositive);
  }
  const std::string_view t = f.type;
  if (t == "gpt2" || t == "gpt_bigcode" || t == "gptj" || t == "bloom" || t == "falcon")
    return 4 * hidden;
  if (required) r.missing("intermediate_size", kPositive.expected);
  return 0;
}

void read_ffns(const Reader& r, const ModelFamily& f, int64_t hidden, std::vector<Layer>& layers,
               bool from_pattern) {
  const int64_t L = static_cast<int64_t>(layers.size());
  const PerLayer experts = first_per_layer(
      r, {"num_local_experts", "n_routed_experts", "num_experts", "moe_num_experts"}, L,
      kNonNegative);
  // Experts 0 with experts per token set is a contradiction, not a dense model in silence
  // (Mixtral with num_local_experts 0 read as dense). One expert of one is a dense layer.
  if (experts.present()) {
    const PerLayer per_token = first_per_layer(
        r, {"num_experts_per_tok", "moe_topk", "experts_per_token", "moe_k", "moe_top_k"}, L,
        kNonNegative);
    for (int64_t i = 0; per_token.present() && i < L; ++i) {
      const auto at = static_cast<size_t>(i);
      if (experts[at] < per_token[at]) {
        r.fail_message(experts.key(), "expected at least " + std::string(per_token.key()) + " (" +
                                          std::to_string(per_token[at]) +
                                          ") experts to route each token to, got " +
                                          std::to_string(experts[at]));
      }
    }
  }
  bool any_moe = false;
  if (from_pattern) {
    for (const Layer& l : layers) any_moe = any_moe || l.ffn.kind == FfnKind::moe;
  } else if (experts.present()) {
    const std::vector<bool> moe = moe_layers(r, f, static_cast<size_t>(L));
    for (int64_t i = 0; i < L; ++i) {
      const bool is_moe = moe[static_cast<size_t>(i)] && experts[static_cast<size_t>(i)] > 1;
      layers[static_cast<size_t>(i)].ffn.kind = is_moe ? FfnKind::moe : FfnKind::dense;
      any_moe = any_moe || is_moe;
    }
  }
  bool any_dense = false;
  for (const Layer& l : layers) any_dense = any_dense || l.ffn.kind == FfnKind::dense;
  const int64_t dff = dense_width(r, f, hidden, any_dense);
  for (Layer& l : layers) {
    if (l.ffn.kind == FfnKind::dense) l.ffn.width = dff;
  }
  if (!any_moe) return;

  if (!experts.present())
    r.missing("n_routed_experts", "a positive integer (the MoE layers' experts)");
  const PerLayer top_k = first_per_layer(
      r, {"num_experts_per_tok", "moe_topk", "experts_per_token", "moe_k", "moe_top_k"}, L,
      kPositive);
  if (!top_k.present()) r.missing("num_experts_per_tok", kPositive.expected);
  // Expert width: moe_intermediate_size; Mixtral, gpt-oss and Llama-4 use intermediate_size.
  const PerLayer width =
      first_per_layer(r, {"moe_intermediate_size", "intermediate_size"}, L, kPositive, true);
  if (!width.present()) r.missing("moe_intermediate_size", kPositive.expected);
  const PerLayer shared_count = first_per_layer(
      r, {"n_shared_experts", "num_shared_expert", "num_shared_experts", "moe_num_shared_experts"},
      L, kNonNegative);
  const std::optional<int64_t> shared_width_key =
      r.optional_integer("shared_expert_intermediate_size", kNonNegative);
  const std::optional<int64_t> nemotron_shared =
      r.optional_integer("moe_shared_expert_intermediate_size", kPositive);
  // Hunyuan: a shared MLP of num_shared_expert × the expert width, only with use_mixed_mlp_moe
  // (Tencent's modeling_hunyuan.py).
  // Nemotron-3: routed experts at moe_latent_size between two projections (null: none).
  const std::optional<int64_t> latent =
      f.type == "nemotron_h" ? r.optional_integer("moe_latent_size", kPositive) : std::nullopt;
  const bool hunyuan = f.type == "hunyuan_v1_moe";
  const bool hunyuan_shared = hunyuan && r.boolean("use_mixed_mlp_moe", false);

  for (int64_t i = 0; i < L; ++i) {
    const size_t li = static_cast<size_t>(i);
    FfnType& t = layers[li].ffn;
    if (t.kind != FfnKind::moe) continue;
    MoeShape& e = t.moe;
    e.experts = experts[li];
    e.top_k = top_k[li];
    e.width = width[li];
    const int64_t n_shared = shared_count.present() ? shared_count[li] : 0;
    if (shared_width_key) {  // Qwen: one shared expert of its own width, behind a sigmoid gate
      e.shared_width = *shared_width_key;
      e.shared_gate = *shared_width_key > 0;
    } else if (nemotron_shared) {
      e.shared_width = std::max<int64_t>(n_shared, 1) * *nemotron_shared;
    } else if (f.type == "step3p5") {
      // One shared expert of share_expert_dim (its config class: moe_intermediate_size ×
      // moe_top_k when absent; SGLang spells it share_expert_dims).
      const std::string_view key = r.has("share_expert_dims") && !r.has("share_expert_dim")
                                       ? "share_expert_dims"
                                       : "share_expert_dim";
      e.shared_width = r.integer(key, kNonNegative, e.width * e.top_k);
    } else if (f.type == "llama4_text") {
      e.shared_width = e.width;  // one shared expert beside the routed ones
    } else if (hunyuan) {
      e.shared_width = hunyuan_shared ? n_shared * e.width : 0;
    } else {
      e.shared_width = n_shared * e.width;
    }
    e.latent = latent.value_or(0);
    // MiniMax-M2's use_routing_bias: an e_score_correction_bias of E, as DeepSeek's.
    // Step-3.5's use_moe_router_bias (default on): a router bias of E.
    e.router_bias = f.moe_biases || f.score_bias || r.boolean("use_routing_bias", false) ||
                    (f.type == "step3p5" && r.boolean("use_moe_router_bias", true));
    e.expert_bias = f.moe_biases;
  }
}

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
    if (f.type == "mimo_v2_flash") mimo_window(r);
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
