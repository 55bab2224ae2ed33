// Each layer's feed-forward in a config.json's layout (core/MODEL.md §6): dense or MoE, from the
// per-layer lists, the frequencies and each family's rule, with the experts' shapes.

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "model_layout.h"

namespace roofline {

namespace {

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

}  // namespace

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

}  // namespace roofline
