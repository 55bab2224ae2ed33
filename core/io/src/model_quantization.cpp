// quantization_config (core/MODEL.md §6): which weight groups a checkpoint stores in which
// format, and the block scales that come with it.

#include <cctype>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "model_read.h"

namespace roofline {
namespace {

const IntegerRule kPositive = integer_at_least(1);

constexpr std::string_view kMethods =
    "fp8, fbgemm_fp8, mxfp4, modelopt (FP8, NVFP4), compressed-tensors, gptq, awq or "
    "bitsandbytes";

void cover(Quantization& q, Precision p, std::initializer_list<WeightGroup> groups) {
  for (WeightGroup g : groups) q.group[static_cast<size_t>(g)] = p;
}

void uncover(Quantization& q, WeightGroup g) { q.group[static_cast<size_t>(g)].reset(); }

// Block scales of fp8 weights: one fp32 (or, with scale_fmt ue8m0, one 8-bit) scale per block.
double block_scale_bytes(const Reader& q) {
  const Json* block = q.find("weight_block_size");
  if (!block) return 0;
  if (!block->is_array() || block->size() != 2)
    q.fail("weight_block_size", "a list of two block sides", *block);
  const int64_t a = q.to_integer("weight_block_size[0]", (*block)[0], kPositive);
  const int64_t b = q.to_integer("weight_block_size[1]", (*block)[1], kPositive);
  const double scale = q.string("scale_fmt", "") == "ue8m0" ? 1.0 : 4.0;
  return scale / (static_cast<double>(a) * static_cast<double>(b));
}

// Integer weights with a 16-bit scale and a packed zero point per group of `group_size`.
void grouped_integer(const Reader& q, Quantization& out, int64_t bits, int64_t group_size) {
  if (bits != 4 && bits != 8) q.fail("bits", "4 or 8", Json(bits));
  const Precision p = bits == 4 ? Precision::int4 : Precision::int8;
  cover(out, p, {WeightGroup::mixer, WeightGroup::dense, WeightGroup::experts});
  if (group_size > 0) {
    out.scale_bytes = (2.0 + static_cast<double>(bits) / 8) / static_cast<double>(group_size);
  }
}

void read_compressed_tensors(const Reader& q, Quantization& out) {
  const Reader groups = q.child("config_groups");
  if (groups.object().size() != 1) {
    groups.fail_message("", "expected one quantization group (mixed schemes are not supported)");
  }
  const std::string name = groups.object().begin().key();
  const Reader w = groups.child(name).child("weights");
  const int64_t bits = w.integer("num_bits", kPositive);
  const std::string type = w.string("type", "int");
  const int64_t group_size = w.integer("group_size", integer_at_least(0), 0);
  if (type == "float" && bits == 8) {
    cover(out, Precision::fp8, {WeightGroup::mixer, WeightGroup::dense, WeightGroup::experts});
  } else if (type == "float" && bits == 4 && group_size == 16) {
    cover(out, Precision::nvfp4, {WeightGroup::mixer, WeightGroup::dense, WeightGroup::experts});
  } else if (type == "int") {
    grouped_integer(w, out, bits, group_size);
  } else {
    w.fail_message(
        "type", "a " + std::to_string(bits) + "-bit " + type + " weight format is not supported");
  }
}

// The weight groups a module name leaves out of the quantized format.
std::vector<WeightGroup> groups_of_module(std::string_view name) {
  std::vector<WeightGroup> out;
  const bool attn = name.find("attn") != std::string_view::npos ||
                    name.find("attention") != std::string_view::npos ||
                    name.find("mixer") != std::string_view::npos;
  if (attn) out.push_back(WeightGroup::mixer);
  if (name.find("shared_expert") != std::string_view::npos) out.push_back(WeightGroup::dense);
  if (name.find("experts") != std::string_view::npos &&
      name.find("shared") == std::string_view::npos)
    out.push_back(WeightGroup::experts);
  if (name.ends_with(".mlp") || name == "mlp") {
    out.push_back(WeightGroup::dense);
    out.push_back(WeightGroup::experts);
  }
  return out;
}

// Layers that hold a group's weights (attention for the mixer group, MoE or dense FFNs).
int64_t layers_holding(const ModelConfig& m, WeightGroup g) {
  int64_t n = 0;
  if (g == WeightGroup::mixer) {
    for (const MixerType& t : m.mixers)
      if (t.kind != MixerKind::none) n += t.count;
  } else {
    for (const FfnType& t : m.ffns)
      if ((g == WeightGroup::experts) == (t.kind == FfnKind::moe) && t.kind != FfnKind::none)
        n += t.count;
  }
  return n;
}

// modules_to_not_convert (and its other names): groups left in the scenario's precision. A module
// listed layer by layer ("model.layers.7.self_attn*", ModelOpt's NVFP4 exports) counts as its
// group when every layer holding that group is listed; a part of the layers is refused, as the
// layout counts layer types.
void read_exceptions(const Reader& q, const ModelConfig& m, Quantization& out) {
  struct PerLayer {
    std::string where, name;  // the first entry, for the message
    std::set<int64_t> layers;
  };
  std::map<std::string, PerLayer> per_layer;  // by the name with its layer number taken out
  for (std::string_view key : {"modules_to_not_convert", "ignore", "ignored_layers",
                               "exclude_modules", "llm_int8_skip_modules"}) {
    const Json* list = q.find(key);
    if (!list) continue;
    if (!list->is_array()) q.fail(key, "a list of module names", *list);
    for (size_t i = 0; i < list->size(); ++i) {
      const std::string where = std::string(key) + "[" + std::to_string(i) + "]";
      const std::string name = q.to_string(where, (*list)[i]);
      // Routers and gates ("mlp.gate", "shared_expert_gate") are vectors or d x E, and norms,
      // Gated DeltaNet's A_log, dt_bias, conv1d and in_proj_ba (d x 2·Hv) are vectors or thin
      // matrices: leaving them unquantized changes no group's precision (Qwen3-Next's FP8
      // release lists them layer by layer).
      const std::string leaf = name.substr(name.rfind('.') + 1);
      if (name.ends_with("gate") || name.ends_with("router") || name.ends_with("lm_head") ||
          leaf.ends_with("norm") || leaf.ends_with("layernorm") || leaf == "A_log" ||
          leaf == "dt_bias" || leaf == "conv1d" || leaf == "in_proj_ba" || leaf == "embed_tokens")
        continue;
      if (const size_t at = name.find("layers.");
          at != std::string::npos && at + 7 < name.size() &&
          std::isdigit(static_cast<unsigned char>(name[at + 7]))) {
        size_t end = at + 7;
        while (end < name.size() && std::isdigit(static_cast<unsigned char>(name[end]))) ++end;
        const std::string digits = name.substr(at + 7, std::min<size_t>(end - at - 7, 7));
        PerLayer& p = per_layer[name.substr(0, at + 7) + "#" + name.substr(end)];
        if (p.where.empty()) p = {where, name, {}};
        p.layers.insert(std::stoll(digits));
        continue;
      }
      for (WeightGroup g : groups_of_module(name)) uncover(out, g);
    }
  }
  for (const auto& [pattern, p] : per_layer) {
    const std::vector<WeightGroup> groups = groups_of_module(pattern);
    bool whole = !groups.empty();
    for (WeightGroup g : groups)
      whole = whole && static_cast<int64_t>(p.layers.size()) == layers_holding(m, g) &&
              *p.layers.rbegin() < m.layers;
    if (!whole) {
      q.fail_message(p.where, "exceptions for single layers (" + p.name +
                                  ") are not supported: the layout counts layer types");
    }
    for (WeightGroup g : groups) uncover(out, g);
  }
}

}  // namespace

void read_quantization(const Reader& r, ModelConfig& m) {
  if (!r.has("quantization_config")) return;
  const Reader q = r.child("quantization_config");
  Quantization out;
  out.method = q.string("quant_method", "");
  const std::string& method = out.method;
  if (method == "fp8" || method == "fbgemm_fp8") {
    cover(out, Precision::fp8, {WeightGroup::mixer, WeightGroup::dense, WeightGroup::experts});
    out.scale_bytes = block_scale_bytes(q);
  } else if (method == "mxfp4") {
    cover(out, Precision::mxfp4, {WeightGroup::experts});  // transformers converts experts only
  } else if (method == "modelopt") {
    const std::string algo = q.string("quant_algo");
    if (algo == "FP8") {
      cover(out, Precision::fp8, {WeightGroup::mixer, WeightGroup::dense, WeightGroup::experts});
    } else if (algo == "NVFP4") {
      cover(out, Precision::nvfp4, {WeightGroup::mixer, WeightGroup::dense, WeightGroup::experts});
    } else {
      q.fail("quant_algo", "FP8 or NVFP4", Json(algo));
    }
  } else if (method == "compressed-tensors") {
    read_compressed_tensors(q, out);
  } else if (method == "gptq" || method == "awq") {
    grouped_integer(q, out, q.integer("bits", kPositive),
                    q.integer("group_size", integer_at_least(-1), 128));
  } else if (method == "bitsandbytes") {
    if (q.boolean("load_in_4bit", false)) {
      // NF4 with one fp32 absmax per 64 weights.
      cover(out, Precision::int4, {WeightGroup::mixer, WeightGroup::dense, WeightGroup::experts});
      out.scale_bytes = 4.0 / 64;
    } else if (q.boolean("load_in_8bit", false)) {
      cover(out, Precision::int8, {WeightGroup::mixer, WeightGroup::dense, WeightGroup::experts});
    } else {
      q.fail_message("load_in_4bit", "expected load_in_4bit or load_in_8bit to be true");
    }
  } else {
    q.fail("quant_method", kMethods, Json(method));
  }
  read_exceptions(q, m, out);
  m.quantization = out;
}

}  // namespace roofline
