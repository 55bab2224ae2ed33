// Reading a Hugging Face config.json: the aliases transformers' attribute_map defines, the shapes
// of attention and the recurrent mixers. The family table is in model_families.cpp, the layer
// layout in model_layout.cpp, quantization_config in model_quantization.cpp.

#include "model_read.h"

#include "roofline/io/preset_library.h"

#include <algorithm>
#include <array>
#include <filesystem>
#include <set>
#include <string>

namespace roofline {
namespace {

const IntegerRule& kPositive = kPositiveShape;
const IntegerRule& kNonNegative = kShapeOrZero;

// Names transformers' attribute_map (and the older configs) give a key, after its own.
struct Alias {
  std::string_view key;
  std::array<std::string_view, 3> others;
};
constexpr Alias kAliases[] = {
    {"num_hidden_layers", {"n_layer", "num_layers", "n_layers"}},
    {"hidden_size", {"n_embd", "n_embed", ""}},
    {"num_attention_heads", {"n_head", "n_heads", ""}},
    {"intermediate_size", {"n_inner", "ffn_dim", "ffn_hidden_size"}},
    {"max_position_embeddings", {"n_positions", "seq_length", "max_sequence_length"}},
    {"hidden_act", {"hidden_activation", "activation_function", "mlp_hidden_act"}},
};

// The key the config uses for `key`: itself, else the first alias present, else `key`.
std::string_view present_name(const Reader& r, std::string_view key) {
  if (r.has(key)) return key;
  for (const Alias& a : kAliases) {
    if (a.key != key) continue;
    for (std::string_view other : a.others) {
      if (!other.empty() && r.has(other)) return other;
    }
  }
  return key;
}

// Gemma writes both hidden_act (legacy) and hidden_activation (used): prefer the latter.
std::string activation(const Reader& r, const ModelFamily& f) {
  if (f.type.starts_with("gemma") && r.has("hidden_activation"))
    return r.string("hidden_activation");
  for (std::string_view key :
       {"hidden_act", "hidden_activation", "activation_function", "mlp_hidden_act", "activation"}) {
    if (r.has(key)) return r.string(key);
  }
  return f.gated ? "silu" : "gelu";
}

// Unknown families keep the old reading: silu/swish and the *glu names gate the MLP; the gelu
// and relu families do not.
bool gated_by_name(const Reader& r, const std::string& act) {
  static const std::set<std::string, std::less<>> gated = {"silu", "swish", "swiglu", "geglu",
                                                           "reglu"};
  static const std::set<std::string, std::less<>> plain = {
      "gelu",          "gelu_new", "gelu_fast",  "gelu_pytorch_tanh",
      "gelu_accurate", "gelu_10",  "quick_gelu", "relu",
      "relu2",         "relu6",    "leaky_relu", "tanh",
      "sigmoid",       "mish"};
  if (gated.contains(act)) return true;
  if (plain.contains(act)) return false;
  r.fail(present_name(r, "hidden_act"),
         "silu/swish/swiglu (gated MLP) or a gelu/relu-family name (gelu, gelu_new, "
         "gelu_pytorch_tanh, relu, relu2, ...)",
         Json(act));
}

// Keys that change the architecture in ways the generic reading of an unknown model_type cannot
// follow (parallel blocks, ALiBi, a QK norm or an output gate of unknown shape, other mixers).
// Every other key is read by the generic decoder's rules or checked by name (model_keys.cpp).
constexpr std::string_view kArchitectureKeys[] = {
    "multi_query", "parallel_attn", "use_parallel_residual", "new_decoder_architecture", "alibi",
    "parallel_block", "n_head_kv", "num_kv_heads", "full_attention_interval", "attn_output_gate",
    "use_qk_norm", "qk_layernorm", "qk_norm_type", "layers_block_type",
    // hybrids: per-layer attention kinds, linear attention, Mamba blocks (MiniMax, Bamba,
    // Falcon-H1)
    "attn_type_list", "linear_attn_config", "attn_layer_indices", "mamba_d_ssm", "mamba_d_state"};

// Parts people serve that no rule here counts yet, by the key that announces them: refused
// with the part's name (core/MODEL.md §6), before any later key could be blamed.
struct Unmodelled {
  std::string_view key, part;
};
constexpr Unmodelled kUnmodelled[] = {
    {"attention_k_eq_v", "global layers whose keys are their values (Gemma 4) are"},
    {"attention_other_setting",
     "attention layers with heads of their own are read in Step-3.5's family only: here they"
     " are"},
    {"num_kv_shared_layers",
     "layers that reuse an earlier layer's keys and values (Gemma 3n/4) are"},
    {"hidden_size_per_layer_input", "per-layer input embeddings (Gemma 3n/4) are"},
    {"compress_ratios", "compressed attention (DeepSeek-V4) is"},
    {"block_configs", "a different block shape per layer (Llama-Nemotron NAS) is"},
    {"conv_L_cache", "short convolution layers (LFM2) are"},
};

// Keys of architectures no rule here counts: refused by name rather than read wrongly.
void refuse_unsupported(const Reader& r, const ModelFamily& f, std::string_view model_type) {
  for (const Unmodelled& u : kUnmodelled) {
    if (u.key == "block_configs" && f.type == "nemotron-nas") continue;  // read by its layout
    if (u.key == "conv_L_cache" && f.type == "lfm2") continue;
    if (u.key == "attention_other_setting" && f.type == "step3p5") continue;
    const Json* v = r.find(u.key);
    if (v && !(v->is_boolean() && !v->get<bool>()) && !(v->is_number() && v->get<double>() == 0))
      r.fail_message(u.key, std::string(u.part) + " not modelled");
  }
  auto refuse = [&](std::string_view key, std::string_view why) { r.fail_message(key, why); };
  // MiniMax's attn_type_list: 1 is softmax attention (MiniMax-M2 lists 1 for every layer), 0 is
  // MiniMax-M1's lightning attention, which no rule here counts.
  if (const Json* kinds = r.find("attn_type_list"); kinds && kinds->is_array() && !f.lightning) {
    for (const Json& k : *kinds) {
      if (!(k.is_number_integer() && k.get<int64_t>() == 1)) {
        refuse("attn_type_list",
               "lightning (linear) attention layers (0, MiniMax-M1) are not "
               "modelled: only softmax attention layers (1)");
      }
    }
  }
  if (r.boolean("is_encoder_decoder", false))
    refuse("is_encoder_decoder", "encoder-decoder models are not supported (decoder-only only)");
  if (r.boolean("use_cla", false))
    refuse("use_cla", "cross-layer KV sharing (CLA) is not supported");
  if (r.has("cross_attention_layers"))
    refuse("cross_attention_layers", "cross-attention layers (vision) are not supported");
  for (std::string_view key : {"attn_layer_period", "expert_layer_period"})
    if (r.has(key)) refuse(key, "Jamba's period-and-offset layout is not supported");
  // StarCoder2's mlp_type: "default" is its plain MLP; another would be another block.
  if (f.type == "starcoder2" && r.string("mlp_type", "default") != "default")
    refuse("mlp_type", "StarCoder2's MLP of type '" + r.string("mlp_type") + "' is not modelled");
  if (f.type == "opt" && !r.boolean("do_layer_norm_before", true))
    refuse("do_layer_norm_before", "OPT's post-norm layout (OPT-350m) is not counted");
  if (const Json* p = r.find("word_embed_proj_dim");
      p && r.has("hidden_size") && *p != r.object()["hidden_size"]) {
    refuse("word_embed_proj_dim",
           "differs from hidden_size: OPT's input and output projections are not counted");
  }
  if (f.type.empty()) {
    for (std::string_view key : kArchitectureKeys) {
      if (key == "attn_type_list") continue;  // read above, in every family
      const Json* v = r.find(key);
      if (v && !v->is_null() && !(v->is_boolean() && !v->get<bool>())) {
        r.fail_message(key, "model_type '" + std::string(model_type) +
                                "' is not a family roofline knows, and the generic decoder's "
                                "reading cannot follow this key");
      }
    }
  }
}

// The family's bias switch: the first of its keys the config has, else its default.
bool biases_on(const Reader& r, const ModelFamily& f) {
  if (!f.bias_key) return false;
  for (std::string_view key : {"attention_bias", "use_bias", "bias", "enable_bias"}) {
    if (r.has(key)) return r.boolean(key, false);
  }
  return f.bias_default;
}

// Attention layers of one kind with heads of their own: MiMo-V2's sliding layers (swa_* keys;
// transformers' class gives them the model's query heads and widths and twice its KV heads, and a
// sink per head) and the layers of Step-3.5's attention_other_setting.attention_type.
// `qk_norm_width(H, Hkv, dh)` is the family's QK-norm rule.
template <class QkNorm>
void read_own_heads(const Reader& r, const ModelFamily& f, ModelConfig& m,
                    const QkNorm& qk_norm_width) {
  HeadShape own;
  MixerKind kind = MixerKind::sliding;
  const int64_t dv = m.v_head_dim > 0 ? m.v_head_dim : m.head_dim;
  if (f.type == "mimo_v2_flash") {
    own.heads = r.integer("swa_num_attention_heads", kPositive, m.heads);
    own.kv_heads = r.integer("swa_num_key_value_heads", kPositive, 2 * m.kv_heads);
    own.head_dim = r.integer("swa_head_dim", kPositive, m.head_dim);
    own.v_head_dim = r.integer("swa_v_head_dim", kPositive, dv);
    own.sinks = r.boolean("add_swa_attention_sink_bias", true);
    m.attention.sinks = r.boolean("add_full_attention_sink_bias", false);
  } else if (const Json* v = r.find("attention_other_setting"); v && !v->is_null()) {
    // vLLM gives these heads to the layers whose layer_types entry is attention_type; the
    // model's remote code to its even (sliding) layers: without layer_types they disagree.
    if (!r.has("layer_types")) {
      r.fail_message("attention_other_setting",
                     "without layer_types, vLLM and the model's own code give these heads to "
                     "different layers: add layer_types");
    }
    const Reader other = r.child("attention_other_setting");
    other.only_keys({"attention_type", "num_attention_heads", "num_attention_groups", "head_dim",
                     "true_head_dim"});
    const std::string type = other.string("attention_type");
    if (type == "full_attention") {
      kind = MixerKind::full;
    } else if (type != "sliding_attention") {
      other.fail("attention_type", "sliding_attention or full_attention", Json(type));
    }
    own.heads = other.integer("num_attention_heads", kPositive, m.heads);
    own.kv_heads = other.integer("num_attention_groups", kPositive, m.kv_heads);
    own.head_dim = other.integer("head_dim", kPositive, m.head_dim);
    if (other.has("true_head_dim") && other.integer("true_head_dim", kPositive) != own.head_dim) {
      other.fail_message("true_head_dim", "differs from head_dim (" + std::to_string(own.head_dim) +
                                              "): padded heads are not modelled");
    }
    own.v_head_dim = own.head_dim == m.head_dim ? dv : own.head_dim;
  } else {
    return;
  }
  if (own.heads % own.kv_heads != 0) {
    r.fail_message(
        f.type == "mimo_v2_flash" ? "swa_num_attention_heads" : "attention_other_setting",
        "the " + std::string(to_string(kind)) + " layers' " + std::to_string(own.heads) +
            " heads are not divisible by their " + std::to_string(own.kv_heads) + " KV heads");
  }
  const int64_t norm = qk_norm_width(own.heads, own.kv_heads, own.head_dim);
  // What equals the model's stays 0 (unset), so that alike layers still group as one type.
  if (own.heads == m.heads) own.heads = 0;
  if (own.kv_heads == m.kv_heads) own.kv_heads = 0;
  if (own.head_dim == m.head_dim) own.head_dim = 0;
  if (own.v_head_dim == dv) own.v_head_dim = 0;
  if (norm != m.attention.qk_norm_width) own.qk_norm_width = norm;
  if (own.sinks == m.attention.sinks) own.sinks.reset();
  for (MixerType& t : m.mixers)
    if (t.kind == kind) t.own = own;
}

void read_attention(const Reader& r, const ModelFamily& f, ModelConfig& m) {
  const std::string_view heads_key = present_name(r, "num_attention_heads");
  m.heads = f.heads_default > 0 ? r.integer(heads_key, kPositive, f.heads_default)
                                : r.integer(heads_key, kPositive);
  if (f.type == "falcon") {
    // Falcon: multi_query is one KV head; new_decoder_architecture gives num_kv_heads.
    if (r.boolean("new_decoder_architecture", false)) {
      m.kv_heads = r.integer("num_kv_heads", kPositive, m.heads);
    } else {
      m.kv_heads = r.boolean("multi_query", true) ? 1 : m.heads;
    }
  } else if (f.type == "gpt_bigcode") {
    m.kv_heads = r.boolean("multi_query", true) ? 1 : m.heads;
  } else {
    m.kv_heads =
        r.integer(f.kv_heads_key, kPositive, f.kv_heads_default > 0 ? f.kv_heads_default : m.heads);
  }
  if (r.has("kv_lora_rank")) {
    MlaConfig mla;
    mla.q_lora_rank = r.optional_integer("q_lora_rank", kPositive);
    mla.kv_lora_rank = r.integer("kv_lora_rank", kPositive);
    mla.qk_nope_head_dim = r.integer("qk_nope_head_dim", kPositive);
    mla.qk_rope_head_dim = r.integer("qk_rope_head_dim", kNonNegative, 0);
    mla.v_head_dim = r.integer("v_head_dim", kPositive);
    m.head_dim = mla.qk_nope_head_dim + mla.qk_rope_head_dim;
    // DeepSeek's config class sets head_dim to the RoPE part (GLM-5 writes it): no weights.
    if (r.has("head_dim") && r.integer("head_dim", kPositive) != mla.qk_rope_head_dim &&
        r.integer("head_dim", kPositive) != m.head_dim) {
      r.fail_message("head_dim", "expected qk_rope_head_dim (" +
                                     std::to_string(mla.qk_rope_head_dim) +
                                     ") beside MLA's "
                                     "shapes, got " +
                                     std::to_string(r.integer("head_dim", kPositive)));
    }
    // GLM-5 also writes the sum; a different value would be another shape.
    if (r.has("qk_head_dim") && r.integer("qk_head_dim", kPositive) != m.head_dim) {
      r.fail_message("qk_head_dim", "expected qk_nope_head_dim + qk_rope_head_dim (" +
                                        std::to_string(m.head_dim) + "), got " +
                                        std::to_string(r.integer("qk_head_dim", kPositive)));
    }
    m.kv_heads = m.heads;  // the latent is shared by all heads; no GQA grouping
    m.mla = mla;
    if (r.has("index_n_heads")) {
      m.indexer = IndexerConfig{.heads = r.integer("index_n_heads", kPositive),
                                .head_dim = r.integer("index_head_dim", kPositive),
                                .top_k = r.integer("index_topk", kPositive)};
    }
  } else if (f.type == "cohere2") {
    // Cohere2Config sets head_dim to hidden_size / num_attention_heads whatever the file says.
    r.has("head_dim");
    m.head_dim = m.hidden / m.heads;
  } else if (const auto dh = r.optional_integer("head_dim", kPositive),
             adh = r.optional_integer("attention_head_dim", kPositive);
             dh || adh) {
    if (dh && adh && *dh != *adh) {  // Hunyuan writes both
      r.fail_message("attention_head_dim", "expected head_dim (" + std::to_string(*dh) + "), got " +
                                               std::to_string(*adh));
    }
    m.head_dim = dh ? *dh : *adh;
  } else if (f.head_dim_default > 0) {
    m.head_dim = f.head_dim_default;
  } else {
    if (m.hidden % m.heads != 0) {
      r.fail_message("head_dim", "missing, and hidden_size (" + std::to_string(m.hidden) +
                                     ") is not divisible by " + std::string(heads_key) + " (" +
                                     std::to_string(m.heads) + ")");
    }
    m.head_dim = m.hidden / m.heads;
  }

  AttentionExtras& x = m.attention;
  const bool biased = biases_on(r, f);
  x.qkv_bias = f.qkv_bias || biased;
  x.o_bias = f.o_bias || biased;
  if (f.type == "qwen2_moe") x.qkv_bias = r.boolean("qkv_bias", true);  // o_proj has none
  // Phi's optional q/k LayerNorms over each head (weight and bias).
  if (f.type == "phi" && r.boolean("qk_layernorm", false)) x.qk_norm_width = 4 * m.head_dim;
  x.output_gate = r.boolean("attn_output_gate", f.output_gate_default);
  // Families whose QK norm is fixed read use_qk_norm too (Qwen3-Coder writes it true), so that
  // it is not refused as unread.
  const bool has_qk_norm = f.qk_norm_per_head || f.qk_norm_full;
  const bool qk_norm = has_qk_norm && (r.boolean("use_qk_norm", false) || !f.qk_norm_key);
  // MiniMax's qk_norm_type: per_layer (over the whole projection) or per_head (head_dim each).
  bool full = f.qk_norm_full;
  if (has_qk_norm && r.has("qk_norm_type")) {
    const std::string type = r.string("qk_norm_type");
    if (type != "per_layer" && type != "per_head")
      r.fail("qk_norm_type", "per_layer or per_head", Json(type));
    full = type == "per_layer";
  }
  if (!m.mla && (r.has("v_head_dim") || f.v_head_dim_default > 0)) {
    // Values of their own width (MiMo-V2: 128 beside keys of 192); 0 when it is head_dim.
    // DeepSeek-OCR's decoder, without MLA, writes 0: the values are head_dim wide.
    const int64_t dv = r.integer("v_head_dim", kNonNegative, f.v_head_dim_default);
    m.v_head_dim = dv == m.head_dim ? 0 : dv;
  }
  auto qk_norm_width = [&](int64_t heads, int64_t kv_heads, int64_t dh) -> int64_t {
    if (!qk_norm || m.mla) return 0;
    return full ? (heads + kv_heads) * dh : 2 * dh;
  };
  if (qk_norm && !m.mla) x.qk_norm_width = qk_norm_width(m.heads, m.kv_heads, m.head_dim);
  x.sinks = f.sinks;
  x.head_gate = f.type == "step3p5" && r.boolean("use_head_wise_attn_gate", false);
  read_own_heads(r, f, m, qk_norm_width);
  // Llama-4's use_qk_norm is an L2 norm of q and k without weights: read, nothing counted.
  if (f.type == "llama4_text") r.boolean("use_qk_norm", false);
}

void read_recurrent_shapes(const Reader& r, const ModelFamily& f, ModelConfig& m) {
  if (mixer_layers(m, MixerKind::conv) > 0) {
    m.short_conv = ShortConvConfig{.kernel = r.integer("conv_L_cache", kPositive, 3),
                                   .bias = r.boolean("conv_bias", false)};
  }
  if (f.lightning && mixer_layers(m, MixerKind::linear) > 0) {
    // Every head has q, k and v of head_dim (no grouping) and a head_dim x head_dim state.
    const int64_t heads = r.integer(present_name(r, "num_attention_heads"), kPositive);
    const int64_t dh = r.integer("head_dim", kPositive, m.hidden / heads);
    m.linear = LinearAttentionConfig{.variant = LinearVariant::lightning,
                                     .key_heads = heads,
                                     .value_heads = heads,
                                     .key_dim = dh,
                                     .value_dim = dh,
                                     .conv_kernel = 0};
  } else if (r.has("linear_num_value_heads")) {
    m.linear = LinearAttentionConfig{.key_heads = r.integer("linear_num_key_heads", kPositive),
                                     .value_heads = r.integer("linear_num_value_heads", kPositive),
                                     .key_dim = r.integer("linear_key_head_dim", kPositive),
                                     .value_dim = r.integer("linear_value_head_dim", kPositive),
                                     .conv_kernel = r.integer("linear_conv_kernel_dim", kPositive)};
  }
  if (r.has("mamba_num_heads")) {
    m.mamba = MambaConfig{.heads = r.integer("mamba_num_heads", kPositive),
                          .head_dim = r.integer("mamba_head_dim", kPositive),
                          .state_size = r.integer("ssm_state_size", kPositive),
                          .groups = r.integer("n_groups", kPositive, 1),
                          .conv_kernel = r.integer("conv_kernel", kPositive, 4),
                          .conv_bias = r.boolean("use_conv_bias", true),
                          // transformers and vLLM bias in_proj and out_proj by use_bias
                          .proj_bias = r.boolean("use_bias", false)};
  }
  // Nemotron-H keeps its SSM state in fp32 unless mamba_ssm_cache_dtype says otherwise
  // (transformers' default; vLLM follows it).
  if (r.string("model_type", "") == "nemotron_h") m.state_precision = Precision::fp32;
  for (std::string_view key : {"mamba_ssm_dtype", "mamba_ssm_cache_dtype"}) {
    if (!r.has(key)) continue;
    const std::string t = r.string(key);
    if (t == "float32") m.state_precision = Precision::fp32;
    if (t == "bfloat16") m.state_precision = Precision::bf16;
    if (t == "float16") m.state_precision = Precision::fp16;
  }
}

}  // namespace

std::string without_python_literals(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      out += c;
      if (c == '\\' && i + 1 < text.size()) {
        out += text[++i];
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') in_string = true;
    bool replaced = false;
    for (std::string_view word : {"-Infinity", "Infinity", "NaN"}) {
      if (text.substr(i).starts_with(word)) {
        // As a string naming itself, not null: null is "absent", which would give the key its
        // default in silence (num_key_value_heads: NaN read as the query heads, 4x the KV).
        // A key roofline reads then says "expected a positive integer, got "NaN""; a key it
        // does not read (time_step_limit: [0.0, Infinity]) is no matter.
        out.append("\"").append(word).append("\"");
        i += word.size() - 1;
        replaced = true;
        break;
      }
    }
    if (!replaced) out += c;
  }
  return out;
}

std::string model_display_name(std::string_view id) {
  namespace fs = std::filesystem;
  if (!looks_like_path(id)) return std::string(id);  // a built-in id
  if (id == "-") return "model from standard input";
  fs::path p{std::string(id)};
  std::error_code ec;
  // ORG/NAME found in the Hugging Face cache: its own name, as the cache's folder gives it.
  if (std::count(id.begin(), id.end(), '/') == 1 && id.front() != '/' && id.front() != '.' &&
      id.front() != '~' && !id.ends_with(".json") && !fs::exists(p, ec))
    return std::string(id);
  while (!p.empty() && p.filename().empty() && p != p.parent_path())  // a trailing slash
    p = p.parent_path();
  if (p.filename() == "config.json") p = p.parent_path();
  // A Hugging Face cache snapshot: .../models--ORG--NAME/snapshots/HASH
  const fs::path snapshots = p.parent_path();
  const std::string repo = snapshots.parent_path().filename().string();
  if (snapshots.filename() == "snapshots" && repo.starts_with("models--")) {
    const std::string name = repo.substr(8);
    const size_t sep = name.find("--");
    if (sep != std::string::npos) return name.substr(0, sep) + "/" + name.substr(sep + 2);
    if (!name.empty()) return name;
  }
  std::string name = p.filename().string();
  if (name.size() > 5 && name.ends_with(".json")) name.resize(name.size() - 5);
  return name.empty() || name == "." || name == ".." ? std::string(id) : name;
}

ModelConfig read_model(const Reader& top, std::string_view id) {
  // Multimodal configs keep the language model under "text_config".
  const Json& root = top.object();
  // Another of roofline's files picked by mistake: say what it is instead of "num_hidden_layers:
  // missing".
  const bool has_layers = root.contains("num_hidden_layers") || root.contains("n_layer") ||
                          root.contains("num_layers") || root.contains("text_config");
  if (!has_layers && root.contains("memory_bandwidth") && root.contains("peak_flops")) {
    throw InputError{std::string(top.origin()) +
                     ": this is a GPU preset (it has memory_bandwidth and peak_flops), not a "
                     "model's config.json: load it as the GPU"};
  }
  if (!has_layers && root.contains("gpu") && root.contains("model")) {
    throw InputError{std::string(top.origin()) +
                     ": this is a scenario file (it has gpu and model), not a model's "
                     "config.json: open it with File > Open scenario"};
  }
  const bool nested = !root.contains("num_hidden_layers") && root.contains("text_config") &&
                      root["text_config"].is_object();
  Reader::KeyLog read;  // every key a rule looked up: the others are checked by name at the end
  const Reader r = (nested ? top.child("text_config") : top).logging_into(read);
  if (!nested && r.has("text_config") && root["text_config"].is_object()) {
    // transformers 4.55 writes Qwen2.5-VL's text model twice, flat and in text_config: the flat
    // keys are read, and the copy must say the same.
    const Reader copy = top.child("text_config");
    for (std::string_view key : {"num_hidden_layers", "hidden_size", "num_attention_heads",
                                 "num_key_value_heads", "intermediate_size", "vocab_size"}) {
      const Json* a = r.find(key);
      const Json* b = copy.find(key);
      if (a && b && *a != *b) {
        copy.fail_message(key, "differs from the top-level " + std::string(key) + " (" +
                                   dump_text(*b, -1) + " against " + dump_text(*a, -1) + ")");
      }
    }
  }

  ModelConfig m;
  m.id = std::string(id);
  m.name = top.string("_name", model_display_name(id));
  m.source = top.string("_source", "");
  m.model_type = r.string("model_type", top.string("model_type", ""));
  const ModelFamily& f = family_of(m.model_type);
  refuse_unsupported(r, f, m.model_type);  // the parts with a message of their own first
  refuse_unknown_keys(r, m.model_type);

  if (present_name(r, "num_hidden_layers") == "num_hidden_layers" && !r.has("num_hidden_layers") &&
      !r.has("hybrid_override_pattern") && !r.has("layers_block_type"))
    r.missing("num_hidden_layers", "a positive integer");
  m.hidden = r.integer(present_name(r, "hidden_size"), kPositive);
  m.vocab = f.vocab_default > 0 ? r.integer("vocab_size", kPositive, f.vocab_default)
                                : r.integer("vocab_size", kPositive);
  const std::string_view max_key = present_name(r, "max_position_embeddings");
  m.max_context = r.optional_integer(max_key, kPositive);
  if (!m.max_context && f.context_default > 0) m.max_context = f.context_default;
  m.tie_word_embeddings =
      r.boolean("tie_word_embeddings", top.boolean("tie_word_embeddings", f.tie_default));
  if (f.type == "lfm2") m.tie_word_embeddings = r.boolean("tie_embedding", m.tie_word_embeddings);
  m.hidden_act = activation(r, f);
  m.gated_mlp = f.plain_by_activation ? gated_by_name(r, m.hidden_act) : f.gated;
  m.norm = f.norm;
  m.mixer_norms = f.mixer_norms;
  m.ffn_norms = f.ffn_norms;
  m.lm_head_bias = f.lm_head_bias || (f.type.starts_with("ernie4_5") && biases_on(r, f));
  m.mlp_bias = f.mlp_bias || r.boolean("mlp_bias", false) || (f.bias_covers_mlp && biases_on(r, f));

  // GPT-2's wpe has n_positions rows; OPT's table is offset by 2.
  if (f.learned_positions) m.position_embeddings = *m.max_context + (f.type == "opt" ? 2 : 0);
  if (f.type == "bloom") m.embedding_norms = 1;
  if (f.type == "falcon") {
    // Falcon-40B/180B: ln_attn and ln_mlp; Falcon-7B: one norm before the parallel block.
    const bool two = r.boolean("new_decoder_architecture", false) &&
                     r.integer("num_ln_in_parallel_attn", kPositive, 2) == 2;
    m.ffn_norms = two ? 1 : 0;
  }
  if (f.type == "gpt_neox" && !r.boolean("use_parallel_residual", true)) m.ffn_norms = 1;

  read_layout(r, f, m);  // needs hidden, then the shapes of the kinds it finds
  if (m.mixers.empty()) r.missing("num_hidden_layers", "a positive integer");
  if (mixer_layers(m, MixerKind::full) + mixer_layers(m, MixerKind::sliding) +
          mixer_layers(m, MixerKind::chunked) >
      0) {
    read_attention(r, f, m);
  }
  if (f.type == "nemotron-nas") nas_kv_heads(r, m);
  read_recurrent_shapes(r, f, m);
  // Multimodal checkpoints put quantization_config at the top, beside text_config.
  read_quantization(!r.has("quantization_config") && top.has("quantization_config") ? top : r, m);
  m.mtp_layers = r.integer("num_nextn_predict_layers", kNonNegative,
                           r.integer("mtp_num_hidden_layers", kNonNegative, 0));
  for (std::string_view key : f.ignored_keys)
    if (!key.empty()) r.has(key);
  // Other spellings of multi-token-prediction layers (MiniMax, Nemotron-3-Ultra): not counted,
  // as above; MiniMax-M2's checkpoints hold none of the modules its config declares.
  for (std::string_view key :
       {"use_mtp", "num_mtp_modules", "mtp_transformer_layers", "mtp_layers_block_type",
        "mtp_hybrid_override_pattern", "mtp_share_layers", "mtp_use_dedicated_embeddings"})
    r.has(key);
  refuse_unread_keys(r, read, m.model_type);
  return m;
}

}  // namespace roofline
