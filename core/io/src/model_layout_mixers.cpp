// Each layer's mixer in a config.json's layout (core/MODEL.md §6): Nemotron-H's block pattern,
// Llama-Nemotron's block_configs, layer_types, and each family's own rule.

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "model_layout.h"

namespace roofline {

namespace {

Layer block(MixerKind mixer, FfnKind ffn) {
  Layer l;
  l.mixer.kind = mixer;
  l.ffn.kind = ffn;
  return l;
}

}  // namespace

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

int64_t sliding_window(const Reader& r, const ModelFamily& f) {
  const int64_t W = !r.has("sliding_window") && r.has("sliding_window_size")
                        ? window_of(r, "sliding_window_size")
                        : window_of(r, "sliding_window", f.window_default);
  if (r.has("sliding_window_size") && r.integer("sliding_window_size", kPositive) != W) {
    r.fail_message("sliding_window_size",
                   "differs from sliding_window (" + std::to_string(W) + "): two windows");
  }
  return W;
}

namespace {

// A per-layer list of 0 and 1 (MiniMax's attn_type_list, MiMo-V2's hybrid_layer_pattern):
// empty when absent, else one flag per layer.
std::vector<int64_t> flags_per_layer(const Reader& r, std::string_view key, size_t L) {
  const std::vector<int64_t> flags = integer_list(r, key);
  if (r.has(key) && flags.size() != L) {
    r.fail_message(key, "expected one 0/1 per layer (" + std::to_string(L) + "), got " +
                            std::to_string(flags.size()));
  }
  for (size_t i = 0; i < flags.size(); ++i) {
    if (flags[i] > 1)
      r.fail(std::string(key) + "[" + std::to_string(i) + "]", "0 or 1", Json(flags[i]));
  }
  return flags;
}

}  // namespace

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
      mixer = {MixerKind::sliding, sliding_window(r, f)};
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
    const std::vector<int64_t> kinds = flags_per_layer(r, "attn_type_list", L);
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
    const int64_t W = sliding_window(r, f);
    const std::vector<int64_t> kinds = flags_per_layer(r, "hybrid_layer_pattern", L);
    each([&](size_t i) {
      const bool slides = kinds.empty() ? i != 0 && (i + 1) % 6 != 0 : kinds[i] == 1;
      return slides ? MixerType{MixerKind::sliding, W} : MixerType{MixerKind::full};
    });
  } else if (t == "gemma2" || t == "gpt_oss" || t == "step3p5") {
    // Even layers slide: sliding iff (i+1) % 2 != 0 (transformers' default layer_types; Step-3.5's
    // modeling code). Gemma-2's published configs also write sliding_window_size, the same window.
    const int64_t W = sliding_window(r, f);
    each([&](size_t i) {
      return i % 2 == 0 ? MixerType{MixerKind::sliding, W} : MixerType{MixerKind::full};
    });
  } else if (t == "gemma3_text" || t == "olmo3" || t == "cohere2") {
    // Every n-th layer is global, the others slide: Gemma-3's sliding_window_pattern (6),
    // OLMo-3's fixed 4, Cohere2's sliding_window_pattern (4).
    const int64_t W = sliding_window(r, f);
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

}  // namespace roofline
