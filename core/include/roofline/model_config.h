#pragma once
// A transformer's shape, as read from a Hugging Face config.json (core/MODEL.md: the symbols at its
// top, and §6 for the layer layout). A model is L layers, each with a mixer (what mixes tokens:
// attention of some kind, a linear-attention or Mamba recurrence, or none) and a feed-forward
// (dense, MoE, or none). Layers whose mixers are alike form one mixer type, layers whose
// feed-forwards are alike one feed-forward type: costs add up per layer, so the types and their
// counts are all the analysis needs.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/precision.h"
#include "roofline/status.h"

namespace roofline {

// [SECTION] Mixers

enum class MixerKind {
  full,     // attention over the whole context (§2, or MLA §4)
  sliding,  // attention over the last `window` tokens
  chunked,  // attention within chunks of `window` tokens (Llama-4)
  linear,   // Gated DeltaNet and kin: a fixed state per sequence, no KV cache
  mamba,    // Mamba-2: a fixed SSM and convolution state per sequence
  conv,     // LFM2's gated short convolution: a fixed convolution state per sequence
  none,     // no mixer (Nemotron-H's MLP-only and MoE-only blocks)
};
std::string_view to_string(MixerKind k);
bool is_attention(MixerKind k);  // full, sliding, chunked: they keep a KV cache

// Multi-head latent attention (DeepSeek-V2/V3).
struct MlaConfig {
  std::optional<int64_t> q_lora_rank;  // rq; nullopt = queries are not compressed
  int64_t kv_lora_rank = 0;            // rkv
  int64_t qk_nope_head_dim = 0;        // d_nope
  int64_t qk_rope_head_dim = 0;        // d_rope
  int64_t v_head_dim = 0;              // dv

  bool operator==(const MlaConfig&) const = default;
};

// DeepSeek sparse attention (DeepSeek-V3.2, GLM-5): a lightning indexer scores every cached token
// with its own small key cache, and the main attention reads only the `top_k` best.
struct IndexerConfig {
  int64_t heads = 0;     // index_n_heads
  int64_t head_dim = 0;  // index_head_dim: also the indexer's key-cache width per token
  int64_t top_k = 0;     // index_topk

  bool operator==(const IndexerConfig&) const = default;
};

// Details of the attention layers that change counts but not the shape of the costs.
struct AttentionExtras {
  bool qkv_bias = false;      // biases on q, k, v (Qwen2, GPT-2, gpt-oss, ...)
  bool o_bias = false;        // bias on o_proj
  bool output_gate = false;   // attn_output_gate: q_proj also makes a sigmoid gate (2·H·dh wide)
  int64_t qk_norm_width = 0;  // per layer: the q-norm plus k-norm vector lengths (0: none)
  bool sinks = false;         // one learned sink logit per head (gpt-oss)
  bool head_gate = false;     // g_proj: one sigmoid gate per head on the output (Step-3.5), d × H

  bool operator==(const AttentionExtras&) const = default;
};

// Gated DeltaNet (Qwen3-Next, Qwen3.5): `linear_*` keys.
// Which linear attention: Gated DeltaNet (Qwen3-Next, Qwen3.5: qkvz and ba projections, a
// short convolution, a gated norm) or MiniMax's lightning attention (qkv_proj, output_gate, a
// norm over every head, no convolution; num_attention_heads x head_dim for q, k and v).
enum class LinearVariant { gated_deltanet, lightning };

struct LinearAttentionConfig {
  LinearVariant variant = LinearVariant::gated_deltanet;
  int64_t key_heads = 0;    // linear_num_key_heads
  int64_t value_heads = 0;  // linear_num_value_heads
  int64_t key_dim = 0;      // linear_key_head_dim
  int64_t value_dim = 0;    // linear_value_head_dim
  int64_t conv_kernel = 0;  // linear_conv_kernel_dim

  bool operator==(const LinearAttentionConfig&) const = default;
};

// LFM2's short convolution: in_proj (d -> 3d: B, C, x), a depthwise convolution of `kernel`
// taps over B·x, out_proj (d -> d); `bias` biases all three (conv_bias).
struct ShortConvConfig {
  int64_t kernel = 0;  // conv_L_cache
  bool bias = false;   // conv_bias

  bool operator==(const ShortConvConfig&) const = default;
};

// Mamba-2 (Nemotron-H): `mamba_*` / `ssm_*` keys.
struct MambaConfig {
  int64_t heads = 0;       // mamba_num_heads
  int64_t head_dim = 0;    // mamba_head_dim
  int64_t state_size = 0;  // ssm_state_size
  int64_t groups = 0;      // n_groups
  int64_t conv_kernel = 0;
  bool conv_bias = true;
  bool proj_bias = false;  // mamba_proj_bias

  bool operator==(const MambaConfig&) const = default;
};

// The heads of one attention layer type where they differ from the model's (Step-3.5's sliding
// layers have 96 query heads beside the full layers' 64, MiMo-V2's twice the KV heads and sinks):
// 0 and nullopt take the model's value (ModelConfig's heads, kv_heads, head_dim, v_head_dim and
// attention extras).
struct HeadShape {
  int64_t heads = 0;       // H
  int64_t kv_heads = 0;    // Hkv
  int64_t head_dim = 0;    // dh, the query and key width
  int64_t v_head_dim = 0;  // dv, the value width
  std::optional<int64_t> qk_norm_width = {};
  std::optional<bool> sinks = {};

  bool operator==(const HeadShape&) const = default;
};

struct MixerType {
  MixerKind kind = MixerKind::full;
  int64_t window = 0;  // sliding: W tokens; chunked: C tokens; otherwise 0
  int64_t count = 0;   // layers of this type
  HeadShape own = {};  // attention kinds: heads of their own (default: the model's)

  bool operator==(const MixerType&) const = default;
};

// [SECTION] Feed-forwards

enum class FfnKind { dense, moe, none };
std::string_view to_string(FfnKind k);

struct MoeShape {
  int64_t experts = 0;       // E: num_local_experts / n_routed_experts / num_experts
  int64_t top_k = 0;         // k: num_experts_per_tok
  int64_t width = 0;         // dffe: moe_intermediate_size (Mixtral: intermediate_size)
  int64_t shared_width = 0;  // every shared expert together (n_shared_experts · dffe, ...)
  int64_t latent = 0;  // Nemotron-3's moe_latent_size: routed experts work at this width between
                       // a d -> latent and a latent -> d projection (0: at the hidden width)
  bool shared_gate = false;  // Qwen's sigmoid gate on the shared expert (a d × 1 weight)
  bool router_bias = false;  // a bias (gpt-oss) or score-correction bias (DeepSeek) of E
  bool expert_bias = false;  // biases inside every expert (gpt-oss)

  bool operator==(const MoeShape&) const = default;
};

struct FfnType {
  FfnKind kind = FfnKind::dense;
  int64_t width = 0;  // dense: dff of these layers
  MoeShape moe;       // moe only
  int64_t count = 0;  // layers of this type

  bool operator==(const FfnType&) const = default;

  static FfnType dense(int64_t width, int64_t count) { return {FfnKind::dense, width, {}, count}; }
  static FfnType experts(const MoeShape& moe, int64_t count) {
    return {FfnKind::moe, 0, moe, count};
  }
  static FfnType none(int64_t count) { return {FfnKind::none, 0, {}, count}; }
};

// [SECTION] Weights as the config stores them

// Where a weight sits, for precision: quantization_config covers some of these and not others.
enum class WeightGroup {
  mixer,    // attention / linear / Mamba projections (and the sparse-attention indexer)
  dense,    // dense feed-forwards and shared experts
  experts,  // routed experts
  other,    // embeddings, lm_head, the MoE router
  count,
};

// quantization_config: the format of each weight group it covers (nullopt: not covered, so
// the scenario's weight precision applies) and the block scales it adds per weight.
struct Quantization {
  std::string method;  // quant_method as written ("fp8", "mxfp4", ...); "" = none
  std::optional<Precision> group[static_cast<size_t>(WeightGroup::count)]{};
  double scale_bytes = 0;  // per weight of a covered group, beyond bytes_per_element()

  std::optional<Precision> of(WeightGroup g) const { return group[static_cast<size_t>(g)]; }
  bool operator==(const Quantization&) const = default;
};

// [SECTION] The model

enum class NormKind { rms, layer };  // layer: LayerNorm, a weight and a bias vector

struct ModelConfig {
  std::string id;          // preset id or file path it came from
  std::string name;        // display name (_name, else id)
  std::string source;      // _source, where the config comes from
  std::string model_type;  // as the config says ("llama", "gpt_oss", ...), "" if absent
  int64_t layers = 0;      // L = the counts of `mixers` = the counts of `ffns`
  int64_t hidden = 0;      // d
  int64_t vocab = 0;       // V

  // Attention (full, sliding, chunked layers): H, Hkv, dh; MLA and the indexer when present.
  int64_t heads = 0;       // H
  int64_t kv_heads = 0;    // Hkv
  int64_t head_dim = 0;    // dh: the query and key width
  int64_t v_head_dim = 0;  // dv when it differs from dh (MiMo-V2: 128 beside 192), else 0
  AttentionExtras attention;
  std::optional<MlaConfig> mla;
  std::optional<IndexerConfig> indexer;
  std::optional<LinearAttentionConfig> linear;
  std::optional<MambaConfig> mamba;
  std::optional<ShortConvConfig> short_conv;

  std::vector<MixerType> mixers;  // one per distinct mixer, in order of first layer
  std::vector<FfnType> ffns;      // one per distinct feed-forward, in order of first layer

  bool gated_mlp = true;  // silu family / GeGLU: gate, up, down; otherwise up, down
  std::string hidden_act = "silu";
  bool mlp_bias = false;  // biases on the feed-forward matrices

  NormKind norm = NormKind::rms;
  int64_t mixer_norms = 1;  // d-wide norms per layer with a mixer (Gemma-2/3: 2, pre and post)
  int64_t ffn_norms = 1;    // per layer with a feed-forward (0 where one norm feeds both)
  bool tie_word_embeddings = false;
  bool lm_head_bias = false;
  int64_t position_embeddings = 0;  // rows of a learned position table (GPT-2, OPT), else 0
  int64_t embedding_norms = 0;      // d-wide norms on the embeddings (Bloom: 1)

  std::optional<int64_t> max_context;  // max_position_embeddings: longer contexts get a warning
  Quantization quantization;
  std::optional<Precision> state_precision;  // mamba_ssm_dtype & co.: the recurrent state's
  int64_t mtp_layers = 0;                    // multi-token-prediction layers: not counted
  // From a folder: the parameters its safetensors headers hold (without vision, MTP and scale
  // tensors), to check the count against (roofline/io/checkpoint.h).
  std::optional<double> checkpoint_parameters;

  bool operator==(const ModelConfig&) const = default;
};

// [SECTION] Counting

// The heads of the attention layers of type `t`: its own where it has them, else the model's.
struct AttentionDims {
  int64_t heads = 0, kv_heads = 0, head_dim = 0, v_head_dim = 0, qk_norm_width = 0;
  bool sinks = false;
};
AttentionDims attention_dims(const ModelConfig& m, const MixerType& t);

// Elements of KV cache per token per attention layer of type `t`: Hkv·(dh + dv), or rkv + d_rope
// with MLA, plus the indexer's key (index_head_dim) with sparse attention. Without a type: the
// model's own heads.
int64_t kv_elements_per_token(const ModelConfig& m, const MixerType& t);
int64_t kv_elements_per_token(const ModelConfig& m);

// The part of the KV cache of layers of type `t` (and of the matmuls that write it) that each of
// `tp` GPUs holds: ⌈Hkv/tp⌉/Hkv, which is 1/tp when tp divides the KV heads, more when tp exceeds
// them (serving engines replicate a KV head rather than split it: 8 KV heads at tp 16 keep one on
// each GPU, 1/8), and 1 with MLA, whose latent cache every head reads (each GPU keeps all of it).
double kv_share(const ModelConfig& m, const MixerType& t, int64_t tp);
// Whether that part is more than 1/tp.
bool kv_replicated(const ModelConfig& m, const MixerType& t, int64_t tp);
// The query heads that share one KV head on one of `tp` GPUs, for layers of type `t`: the GQA
// group H/Hkv where tp divides the KV heads, (H/tp) / ⌈Hkv/tp⌉ where they are replicated, and
// H/tp with MLA (each GPU's heads share the one latent). Decode attention's intensity is about
// 2·this / b_kv (MLA: 4·this / b_kv) whatever the batch and the context.
double heads_per_kv_head(const ModelConfig& m, const MixerType& t, int64_t tp);
// The first attention type of the model's layers (nullptr when it has none).
const MixerType* first_attention_type(const ModelConfig& m);

// Tokens of a sequence of context `context` that one layer of `t` keeps in its KV cache: all of
// them (full), min(context, W) (sliding), min(context, C) (chunked), none (linear, mamba).
int64_t cached_tokens(const MixerType& t, int64_t context);

// Elements of recurrent state per sequence per layer of a linear or Mamba mixer: the
// recurrence's (`recurrent`) and the short convolution's (`conv`).
struct StateElements {
  double recurrent = 0;
  double conv = 0;
};
StateElements state_elements(const ModelConfig& m, MixerKind kind);

// The largest any one shape may be (a width, a count of heads, layers or experts): 10^8. Every
// product the model forms of two shapes then fits in int64_t, and the reader refuses a larger
// value by the key the file has, before any sum or product of it is formed.
inline constexpr int64_t kMaxModelShape = 100'000'000;

// Parameters, split as the memory and the step need them: `matrices[g]` are the weight matrices
// of each WeightGroup (embeddings and lm_head in `other`), `vectors` the 16-bit vectors (norm
// scales, biases, sinks, SSM scalars, convolution filters). `routed_inactive` are the routed
// experts' parameters a token does not use, matrices and biases: `active` = total − them.
struct ParameterCount {
  double matrices[static_cast<size_t>(WeightGroup::count)]{};
  double vectors = 0;
  double embedding = 0;  // of matrices[other]: the gathered tables (V·d + position rows)
  double routed_inactive = 0;

  double total() const;
  double active() const { return total() - routed_inactive; }
  double of(WeightGroup g) const { return matrices[static_cast<size_t>(g)]; }
};
ParameterCount count_parameters(const ModelConfig& m);

// Every matmul weight + embeddings + lm_head (unless tied) + vectors (core/MODEL.md §5).
double parameter_count(const ModelConfig& m);
// "counted 8.03 B, the checkpoint holds 8.03 B", and when they are more than 0.5 % apart (then
// `apart` is set) why that matters; empty without a checkpoint count.
std::string checkpoint_comparison(const ModelConfig& m, bool* apart = nullptr);

// The embedding tables alone (V·d, plus learned position rows): gathered, not streamed.
double embedding_parameter_count(const ModelConfig& m);

// "48 layers: 36 linear + 12 full attention"; one kind reads "32 layers"; MoE is not named here;
// a type with heads of its own says so: "33 sliding 512 (96 heads, 8 KV)".
std::string layout_text(const ModelConfig& m);

// A uniform model: L layers of `mixer` and a dense feed-forward of width `ffn_width` (or MoE
// when `moe` is given), the layout of most configs and of the tests' hand-built models.
void set_uniform_layout(ModelConfig& m, int64_t layers, int64_t ffn_width,
                        const MixerType& mixer = {MixerKind::full, 0, 0});

// The first feed-forward type of `kind`, or nullptr.
const FfnType* find_ffn(const ModelConfig& m, FfnKind kind);
// Layers whose feed-forward is of `kind`.
int64_t ffn_layers(const ModelConfig& m, FfnKind kind);
// Layers whose mixer is of `kind`.
int64_t mixer_layers(const ModelConfig& m, MixerKind kind);

// Ok when the config is consistent; otherwise one message naming the key and what was
// expected (e.g. "num_attention_heads (32) must be divisible by num_key_value_heads (5)").
Status validate(const ModelConfig& m);

}  // namespace roofline
