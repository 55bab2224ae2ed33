#pragma once
// Internal: the layer layout of a config.json, shared by model_layout.cpp (the per-layer keys and
// the grouping into types), model_layout_mixers.cpp (each layer's mixer) and
// model_layout_ffns.cpp (each layer's feed-forward).

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model_read.h"

namespace roofline {

inline const IntegerRule& kPositive = kPositiveShape;
inline const IntegerRule& kNonNegative = kShapeOrZero;
// A layer list longer than this is not a model; it keeps the per-layer vectors small.
inline const IntegerRule kLayers{1, 100'000, "a positive integer up to 100000"};

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
                         int64_t layers, const IntegerRule& rule, bool fallbacks = false);
// A list of layer indices.
std::vector<int64_t> integer_list(const Reader& r, std::string_view key);
// A window: the key, or `fallback` when it is absent and positive.
int64_t window_of(const Reader& r, std::string_view key, int64_t fallback = 0);

// Mixers (model_layout_mixers.cpp).
// Nemotron-H's blocks as one character each (M, *, -, E) from either spelling.
std::string block_pattern(const Reader& r);
void from_pattern(const Reader& r, const std::string& pattern, std::vector<Layer>& layers);
void from_block_configs(const Reader& r, int64_t hidden, std::vector<Layer>& layers);
// The sliding window: sliding_window, else sliding_window_size (Gemma-2's and MiMo-V2's hub files
// write both, which must agree), else the family's default (none: sliding_window is required).
int64_t sliding_window(const Reader& r, const ModelFamily& f);
void from_layer_types(const Reader& r, const ModelFamily& f, std::vector<Layer>& layers);
void from_family_rule(const Reader& r, const ModelFamily& f, std::vector<Layer>& layers);

// Feed-forwards (model_layout_ffns.cpp): each layer's, from the family's keys.
void read_ffns(const Reader& r, const ModelFamily& f, int64_t hidden, std::vector<Layer>& layers,
               bool from_pattern);

}  // namespace roofline
