// Every published config.json in tests/data/configs (SOURCES.md there says where each comes
// from): parameters and active parameters against the counts their publishers give, and the KV
// cache and recurrent state at 128K tokens of context against the formulas of core/MODEL.md §6
// worked by hand from the file's own keys.
//
// Published figures are rounded, and publishers count "active" differently: gpt-oss, DeepSeek,
// Kimi-K2 and Nemotron-3-Nano leave the input embedding table out (a token reads one row of it),
// Qwen3-Next and GLM-5 leave out both embedding tables, Mixtral, Qwen3, Llama-4 and Hunyuan keep
// them. roofline's active count keeps everything but the unused routed experts; each row says
// which convention its publisher used, and the comparison applies it. A count passes when it is
// within 0.5 % (total) or 1 % (active) of the published figure, or within half a unit of the
// figure's last published digit ("32B" is 31.5B to 32.5B).

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "roofline/analysis.h"
#include "roofline/io/json_io.h"
#include "roofline/io/preset_library.h"

namespace roofline {
namespace {

enum class Active {
  everything,          // all but the unused routed experts
  no_input_embedding,  // and without the input embedding table (when untied)
  no_embeddings,       // and without lm_head either
};

struct Config {
  const char* file;
  double parameters;      // roofline's count (core/MODEL.md §6), exact
  double active;          // roofline's active count, exact
  double kv_128k;         // KV bytes of one sequence at 131,072 tokens, bf16, by hand
  double state;           // recurrent-state bytes of one sequence, by hand
  double published;       // the publisher's total
  double published_unit;  // one unit of its last digit (1e9 for "80B", 0.1e9 for "46.7B")
  double published_active;
  double active_unit;
  Active convention;
  const char* source;
};

constexpr double B = 1e9, M = 1e6, S = 131072;

// KV bytes per token per layer in bf16: 2·Hkv·dh·2, MLA (rkv + d_rope)·2, + the indexer key.
const Config kConfigs[] = {
    {"deepseek-r1.json", 671026419200, 37552297472, 61 * S * 576 * 2, 0, 671 * B, B, 37 * B, B,
     Active::no_input_embedding, "DeepSeek-V3 report: 671B total, 37B activated"},
    // V3.2 adds 61 indexers (wq_b 1536·64·128, wk 7168·128, weights_proj 7168·64, k_norm 256):
    // 0.85B over V3. HF lists 685B: it also stores the 14B MTP module roofline does not count.
    {"deepseek-v3.2.json", 671877944064, 38403822336, 61 * S*(576 + 128) * 2, 0, 671 * B, B, 37 * B,
     B, Active::no_input_embedding, "DeepSeek-V3 family figure (671B/37B) + indexers"},
    // Gemma 3 report, Table 1: 25,600M non-embedding + 1,416M embedding (the 27.4B on the card
    // adds the 417M vision encoder roofline does not count). 52 sliding layers keep 1024 tokens.
    {"gemma-3-27b-it.json", 27009346304, 27009346304, (52 * 1024 + 10 * S) * 2 * 16 * 128 * 2, 0,
     27.016 * B, 0.001 * B, 27.016 * B, 0.001 * B, Active::everything,
     "Gemma 3 technical report, Table 1 (text parameters)"},
    {"glm-5.json", 743911218432, 41784728832, 78 * S*(512 + 64 + 128) * 2, 0, 744 * B, B, 40 * B, B,
     Active::no_embeddings, "GLM-5 report: 744B total, 40B activated"},
    // gpt-oss model card table: 116.83B / 5.13B and 20.91B / 3.61B; half the layers slide
    // over 128 tokens.
    {"gpt-oss-120b.json", 116829156672, 5711982912, (18 * 128 + 18 * S) * 2 * 8 * 64 * 2, 0,
     116.83 * B, 0.01 * B, 5.13 * B, 0.01 * B, Active::no_input_embedding,
     "gpt-oss model card (arXiv:2508.10925), parameter table"},
    {"gpt-oss-20b.json", 20914757184, 4187440704, (12 * 128 + 12 * S) * 2 * 8 * 64 * 2, 0,
     20.91 * B, 0.01 * B, 3.61 * B, 0.01 * B, Active::no_input_embedding,
     "gpt-oss model card (arXiv:2508.10925), parameter table"},
    {"gpt2.json", 124439808, 124439808, 12 * S * 2 * 12 * 64 * 2, 0, 124 * M, M, 124 * M, M,
     Active::everything, "openai-community/gpt2 model card: 124M"},
    {"hunyuan-a13b.json", 80393183232, 12747448320, 32 * S * 2 * 8 * 128 * 2, 0, 80 * B, B, 13 * B,
     B, Active::everything, "tencent/Hunyuan-A13B model card: 80B total, 13B active"},
    {"kimi-k2-instruct.json", 1026408232448, 32861500928, 61 * S * 576 * 2, 0, 1000 * B, 1000 * B,
     32 * B, B, Active::no_input_embedding, "Kimi-K2 model card: 1T total, 32B activated"},
    // Kimi-K2.5's text_config is Kimi-K2's, with PretrainedConfig's generation defaults
    // (num_beams, num_beam_groups) written in; its MoonViT is not counted.
    {"kimi-k2.5.json", 1026408232448, 32861500928, 61 * S * 576 * 2, 0, 1000 * B, 1000 * B, 32 * B,
     B, Active::no_input_embedding, "Kimi-K2.5 model card: 1T total, 32B activated"},
    {"llama-3.1-405b.json", 405853388800, 405853388800, 126 * S * 2 * 8 * 128 * 2, 0, 405 * B, B,
     405 * B, B, Active::everything, "Meta Llama 3.1 405B"},
    {"llama-3.1-8b-instruct.json", 8030261248, 8030261248, 32 * S * 2 * 8 * 128 * 2, 0, 8.03 * B,
     0.01 * B, 8.03 * B, 0.01 * B, Active::everything, "HF safetensors count 8.03B"},
    // Llama-Nemotron (DeciLM): 31 of 80 layers without attention, FFN widths from ffn_mult
    // (28672 x 49, 7168 x 10, 5632 x 8, 14336 x 6, 2816 x 6, 17920 x 1), 8 KV heads.
    {"llama-3.3-nemotron-super-49b-v1.json", 49867145216, 49867145216, 49 * S * 2 * 8 * 128 * 2, 0,
     49.9 * B, 0.1 * B, 49.9 * B, 0.1 * B, Active::everything,
     "nvidia/Llama-3_3-Nemotron-Super-49B-v1 on Hugging Face: 49.9B params"},
    // Llama-4: 3 of every 4 layers attend within chunks of 8192 tokens.
    {"llama-4-maverick-17b-128e.json", 400711848960, 17184691200,
     (36 * 8192 + 12 * S) * 2 * 8 * 128 * 2, 0, 400 * B, B, 17 * B, B, Active::everything,
     "Meta: 17B active, 400B total"},
    // Meta's 109B counts the vision encoder too (34 ViT layers of 1408 with its adapter and
    // projector: 0.872B by transformers' Llama4VisionModel shapes), which roofline leaves out:
    // 107.770 + 0.872 = 108.64B is compared.
    {"llama-4-scout-17b-16e.json", 107769861120, 17172894720,
     (36 * 8192 + 12 * S) * 2 * 8 * 128 * 2, 0, 109 * B - 0.871932416 * B, B, 17 * B, B,
     Active::everything, "Meta: 17B active, 109B total (vision encoder included)"},
    // Cohere: one LayerNorm (no bias) before attention and MLP in parallel, tied tables (its
    // config leaves tie_word_embeddings out and CohereConfig defaults it to true).
    {"aya-23-8b.json", 8028033024, 8028033024, 32 * S * 2 * 8 * 128 * 2, 0, 8.028 * B, 0.001 * B,
     8.028 * B, 0.001 * B, Active::everything,
     "Open LLM Leaderboard request file for CohereForAI/aya-23-8B: 8.028B"},
    // Command R+ counts its per-head QK norms (96·128 + 8·128 per layer): 103.811B, not 103.810B.
    {"command-r-plus.json", 103810674688, 103810674688, 64 * S * 2 * 8 * 128 * 2, 0, 103.811 * B,
     0.001 * B, 103.811 * B, 0.001 * B, Active::everything,
     "Open LLM Leaderboard request file for CohereForAI/c4ai-command-r-plus: 103.811B"},
    // Cohere2: every 4th layer global, the other 24 slide over 4096 tokens.
    {"command-r7b-12-2024.json", 8028033024, 8028033024, (24 * 4096 + 8 * S) * 2 * 8 * 128 * 2, 0,
     8.028 * B, 0.001 * B, 8.028 * B, 0.001 * B, Active::everything,
     "Open LLM Leaderboard request file for CohereForAI/c4ai-command-r7b-12-2024: 8.028B"},
    // ERNIE-4.5: layer 0 dense, 27 MoE layers of 64 experts (top 6) and a shared MLP of
    // 2 x 1536; nntrainer's copy also writes num_experts_per_tok beside moe_k (they agree).
    {"ernie-4.5-21b-a3b.json", 21825437888, 3352150208, 28 * S * 2 * 4 * 128 * 2, 0, 21.8 * B,
     0.1 * B, 3 * B, B, Active::everything,
     "baidu/ERNIE-4.5-21B-A3B-PT: 21.8B on its page; 21B total, 3B active (transformers docs)"},
    {"exaone-4.0-1.2b.json", 1279391488, 1279391488, 30 * S * 2 * 8 * 64 * 2, 0, 1.28 * B, 0.01 * B,
     1.28 * B, 0.01 * B, Active::everything, "LG-AI-EXAONE/EXAONE-4.0 README, Model Size: 1.28B"},
    {"granite-3.1-8b-instruct.json", 8170848256, 8170848256, 40 * S * 2 * 8 * 128 * 2, 0, 8.17 * B,
     0.01 * B, 8.17 * B, 0.01 * B, Active::everything,
     "ibm-granite/granite-3.1-8b-instruct: 16.34 GB of bf16 shards, 8.17B"},
    // MiniMax-M2.7 (FP8): the checkpoint's tensors hold 228,703,644,928 numbers, of which
    // 13,880,064 are the FP8 block scales (weight_scale_inv) roofline counts as bytes, not
    // parameters; "10B activated" leaves the input table out (10.42B). The NVFP4 export has the
    // same shapes, its per-layer exceptions cover every attention block and router.
    // MiniMax-M1: 70 lightning attention layers (qkv_proj, output_gate, out_proj and a norm of
    // 64 x 128, a 128 x 128 state per head) and 10 softmax layers; the checkpoint index's
    // total_size (912,210,767,872 bytes, the routers in fp32) gives exactly this count.
    // "45.9 billion activated" leaves out both tables.
    // LFM2: 10 gated short-convolution layers (a d x 2 state each, conv_L_cache 3) and 6
    // attention layers; the 700M lists them by full_attn_idxs, the LFM2.5-VL text model by
    // layer_types. FFN widths 10240 -> 6912 and 12288 -> 8192 by Lfm2MLP's adjustment.
    {"lfm2-700m.json", 742489344, 742489344, 6 * S * 2 * 8 * 64 * 2, 10 * (1536 * 2 * 2), 742489344,
     1, 742489344, 1, Active::everything, "LFM2 model card table: LFM2-700M 742,489,344"},
    {"lfm2.5-vl-1.6b.json", 1170340608, 1170340608, 6 * S * 2 * 8 * 64 * 2, 10 * (2048 * 2 * 2),
     1170340608, 1, 1170340608, 1, Active::everything,
     "LFM2 model card table: LFM2-1.2B (the text model of LFM2.5-VL-1.6B) 1,170,340,608"},
    // MiMo-V2-Flash: 9 full layers (64 heads, 4 KV heads) and 39 sliding layers of 128 tokens (64
    // heads, 8 KV heads, a sink per head), keys 192 wide, values 128; 47 MoE layers of 256
    // experts (2048), the first a dense 16384. KV per token per layer: Hkv·(192 + 128)·2 bytes.
    {"mimo-v2-flash.json", 308778780864, 15445936320,
     9 * S * 4 * (192 + 128) * 2 + 39 * 128 * 8 * (192 + 128) * 2, 0, 309 * B, B, 15 * B, B,
     Active::everything, "SGLang's MiMo-V2-Flash post: 309B total, 15B activated"},
    {"minimax-m1.json", 456089655296, 48403306496, 10 * S * 2 * 8 * 128 * 2,
     70 * (64 * 128 * 128 * 2), 456089655296, 1, 45.9 * B, 0.1 * B, Active::no_embeddings,
     "MiniMax-M1 model.safetensors.index.json total_size; README: 456B, 45.9B activated"},
    {"minimax-m2.7.json", 228689764864, 11030553088, 62 * S * 2 * 8 * 128 * 2, 0,
     228.703644928 * B - 13880064, 1, 10 * B, B, Active::no_input_embedding,
     "MiniMax-M2.7 checkpoint tensor listing; MiniMax-M2 README: 10B activated"},
    {"minimax-m2.7-nvfp4.json", 228689764864, 11030553088, 62 * S * 2 * 8 * 128 * 2, 0,
     228.703644928 * B - 13880064, 1, 10 * B, B, Active::no_input_embedding,
     "as minimax-m2.7.json (nvidia/MiniMax-M2.7-NVFP4)"},
    // A to_dict() dump with every generation default; Mistral's own 32768-row table.
    {"mistral-7b-instruct-v0.3.json", 7248023552, 7248023552, 32 * S * 2 * 8 * 128 * 2, 0,
     7248023552, 1, 7248023552, 1, Active::everything,
     "keras-hub preset mistral_0.3_instruct_7b_en: 7,248,023,552 params"},
    {"mixtral-8x22b-v0.1.json", 140620634112, 39152031744, 56 * S * 2 * 8 * 128 * 2, 0, 141 * B, B,
     39 * B, B, Active::everything, "Mistral AI: 141B total, 39B active"},
    {"mixtral-8x7b-v0.1.json", 46702792704, 12879925248, 32 * S * 2 * 8 * 128 * 2, 0, 46.7 * B,
     0.1 * B, 12.9 * B, 0.1 * B, Active::everything, "Mistral AI: 46.7B total, 12.9B per token"},
    // 23 Mamba blocks: SSM state 64·64·128 fp32, convolution state (4096 + 2·8·128)·3 bf16.
    {"nemotron-3-nano-30b-a3b.json", 31577940288, 3580076352, 6 * S * 2 * 2 * 128 * 2,
     23 * (64 * 64 * 128 * 4 + (4096 + 2 * 8 * 128) * 3 * 2), 31.6 * B, 0.1 * B, 3.2 * B, 0.1 * B,
     Active::no_input_embedding,
     "Nemotron 3 Nano report: 31.6B total, 3.2B active (3.6B with embeddings)"},
    // Nemotron-3-Super: 40 latent MoE layers (512 experts of 2688 at moe_latent_size 1024, the
    // router and a 5376-wide shared expert at 4096), 40 Mamba, 8 attention. Hugging Face's total
    // for the BF16 checkpoint, 123,611,033,088, includes the MTP module (attention + latent MoE
    // + its norms and eh_proj: 2,942,324,736, and 512 router-bias entries) roofline leaves out.
    {"nemotron-3-super-120b-a12b.json", 120668707840, 12770237440, 8 * S * 2 * 2 * 128 * 2,
     40 * (128 * 64 * 128 * 4 + (8192 + 2 * 8 * 128) * 3 * 2), 123611033088 - 2942324736.0 - 512, 1,
     12 * B, B, Active::no_input_embedding,
     "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-BF16 safetensors total; NVIDIA: 12B active"},
    // Ultra: its layers_block_type (108 blocks, num_hidden_layers null), reconstructed (SOURCES).
    {"nemotron-3-ultra-550b-a55b.json", 549308993536, 56058843136, 12 * S * 2 * 2 * 128 * 2,
     48 * (256 * 64 * 128 * 4 + (16384 + 2 * 8 * 128) * 3 * 2), 550 * B, 10 * B, 55 * B, B,
     Active::no_input_embedding, "NVIDIA: Nemotron 3 Ultra, 550B total, 55B active"},
    {"nemotron-h-56b-base-8k.json", 56324350464, 56324350464, 10 * S * 2 * 8 * 128 * 2,
     54 * (256 * 64 * 256 * 4 + (16384 + 2 * 8 * 256) * 3 * 2), 56 * B, B, 56 * B, B,
     Active::everything, "Nemotron-H-56B"},
    {"olmo-3.1-32b-instruct.json", 32233522176, 32233522176, (48 * 4096 + 16 * S) * 2 * 8 * 128 * 2,
     0, 32 * B, B, 32 * B, B, Active::everything, "allenai/Olmo-3.1-32B: 32B"},
    // Qwen2.5-VL's text model written twice (flat and text_config, which agree): Qwen2's rules,
    // QKV biases and no o_proj bias; sliding_window without use_sliding_window slides nothing.
    {"olmocr-2-7b-1025.json", 7615616512, 7615616512, 28 * S * 2 * 4 * 128 * 2, 0, 7615616512, 1,
     7615616512, 1, Active::everything,
     "keras-hub preset qwen2.5_math_7b_en (the same Qwen2.5-7B shapes): 7,615,616,512 params"},
    {"opt-125m.json", 125239296, 125239296, 12 * S * 2 * 12 * 64 * 2, 0, 125 * M, M, 125 * M, M,
     Active::everything, "OPT paper, Table 1: 125M"},
    // "2.7 billion parameters": Microsoft truncates; the checkpoint's own count is 2.78B, so
    // only the truncation is compared (2.7B up to 2.8B).
    {"phi-2.json", 2779683840, 2779683840, 32 * S * 2 * 32 * 80 * 2, 0, 2.75 * B, 0.1 * B, 2.75 * B,
     0.1 * B, Active::everything, "microsoft/phi-2 model card: 2.7 billion"},
    {"qwen3-235b-a22b.json", 235093634560, 22190763520, 94 * S * 2 * 4 * 128 * 2, 0, 235 * B, B,
     22 * B, B, Active::everything, "Qwen3 model card: 235B total, 22B activated"},
    {"qwen3-coder-480b-a35b.json", 480154875392, 35474765312, 62 * S * 2 * 8 * 128 * 2, 0, 480 * B,
     B, 35 * B, B, Active::everything, "Qwen3-Coder model card: 480B, 35B activated"},
    // Qwen3-Next: 36 Gated DeltaNet layers, state 32·128·128, convolution (2·16·128 + 32·128)·3.
    {"qwen3-coder-next.json", 79674391296, 3874929408, 12 * S * 2 * 2 * 256 * 2,
     36 * (32 * 128 * 128 * 2 + 8192 * 3 * 2), 80 * B, B, 3 * B, B, Active::no_embeddings,
     "Qwen3-Next model card: 80B total, 3B activated"},
    {"qwen3-next-80b-a3b-thinking.json", 79674391296, 3874929408, 12 * S * 2 * 2 * 256 * 2,
     36 * (32 * 128 * 128 * 2 + 8192 * 3 * 2), 80 * B, B, 3 * B, B, Active::no_embeddings,
     "Qwen3-Next model card: 80B total, 3B activated"},
    // Qwen3.5 keeps the DeltaNet state in fp32 (mamba_ssm_dtype).
    // Qwen3-VL's text tower (qwen3_vl_text) is Qwen3's: per-head QK norms.
    {"qwen3-vl-8b-instruct.json", 8190735360, 8190735360, 36 * S * 2 * 8 * 128 * 2, 0, 8190735360,
     1, 8190735360, 1, Active::everything,
     "keras-hub preset qwen3_8b_en (the same text shapes): 8,190,735,360 params"},
    {"qwen3.5-27b.json", 26895998464, 26895998464, 16 * S * 2 * 4 * 256 * 2,
     48 * (48 * 128 * 128 * 4 + (2 * 16 * 128 + 48 * 128) * 3 * 2), 27 * B, B, 27 * B, B,
     Active::everything, "Qwen3.5-27B"},
    {"qwen3.5-397b-a17b.json", 396346350336, 17349040896, 15 * S * 2 * 2 * 256 * 2,
     45 * (64 * 128 * 128 * 4 + (2 * 16 * 128 + 64 * 128) * 3 * 2), 397 * B, B, 17 * B, B,
     Active::everything, "Qwen3.5 model card: 397B total, 17B activated"},
    {"smollm3-3b.json", 3075098624, 3075098624, 36 * S * 2 * 4 * 128 * 2, 0, 3.08 * B, 0.01 * B,
     3.08 * B, 0.01 * B, Active::everything,
     "EXAONE-4.0 README comparison table, SmolLM3 3B Model Size: 3.08B"},
    // Step-3.5-Flash: 12 full layers (64 heads) and 33 sliding layers of 512 tokens with 96 heads
    // of their own (attention_other_setting), 8 KV heads each, g_proj (d x H) per layer; layers
    // 3-44 MoE (288 experts of 1280, one shared expert of 1280, a router bias). The card's
    // 196.81B counts one of its three MTP layers (0.81B), which roofline leaves out: roofline's
    // 196.96B is 0.07 % above it. Its "~11B" active reads as without the embedding tables.
    {"step-3.5-flash.json", 196956130368, 11987323968,
     12 * S * 2 * 8 * 128 * 2 + 33 * 512 * 2 * 8 * 128 * 2, 0, 196.81 * B, 0.01 * B, 11 * B, B,
     Active::no_embeddings, "Step-3.5-Flash model card: 196.81B total, ~11B active"},
};

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

bool near_published(double ours, double published, double unit, double rel) {
  return std::fabs(ours - published) <= std::max(rel * published, unit / 2);
}

const std::filesystem::path kDir = ROOFLINE_TEST_DATA_DIR "/configs";

TEST(PublishedConfigs, EveryFileHasARow) {
  size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kDir)) {
    if (entry.path().extension() != ".json") continue;
    ++files;
    bool listed = false;
    for (const Config& c : kConfigs) listed = listed || entry.path().filename() == c.file;
    EXPECT_TRUE(listed) << entry.path().filename() << " has no row";
  }
  EXPECT_EQ(files, std::size(kConfigs));
}

TEST(PublishedConfigs, CountsMatchThePublishersAndTheFormulas) {
  for (const Config& c : kConfigs) {
    SCOPED_TRACE(c.file);
    const std::filesystem::path path = kDir / c.file;
    auto m = parse_model(slurp(path), path.string(), c.file);
    ASSERT_TRUE(m) << m.error();
    Scenario s;
    s.model = m.value();
    s.gpu.memory_bandwidth_bytes_per_s = 1e12;
    s.gpu.memory_capacity_bytes = 1e15;
    s.gpu.set_peak(Precision::bf16, 1e15);
    s.seq = 131072;
    s.kv = s.activations = Precision::bf16;
    const Analysis a = analyze(s);
    ASSERT_FALSE(a.ops.empty()) << a.warnings.front();
    const Totals& t = a.totals;
    EXPECT_EQ(t.parameters, c.parameters);
    EXPECT_EQ(t.active_parameters, c.active);
    EXPECT_EQ(t.kv_cache_bytes, c.kv_128k);
    EXPECT_EQ(t.state_bytes, c.state);

    EXPECT_TRUE(near_published(t.parameters, c.published, c.published_unit, 0.005))
        << t.parameters << " against " << c.published << ": " << c.source;
    const ModelConfig& mc = m.value();
    const double table = static_cast<double>(mc.vocab) * static_cast<double>(mc.hidden);
    double active = t.active_parameters;
    if (c.convention != Active::everything && !mc.tie_word_embeddings) active -= table;
    if (c.convention == Active::no_embeddings) active -= table;
    EXPECT_TRUE(near_published(active, c.published_active, c.active_unit, 0.01))
        << active << " against " << c.published_active << ": " << c.source;
  }
}

}  // namespace
}  // namespace roofline

namespace roofline {
namespace {

// Every model preset against the count its publisher gives (the Hugging Face page's safetensors
// count where the announcement rounds: Mistral announced "7.3B" for a 7.24B checkpoint).
TEST(PublishedConfigs, EveryModelPresetMatchesItsPublishedCount) {
  struct Row {
    const char* id;
    double published, unit;      // total and the unit of its last digit
    double active, active_unit;  // 0: dense
    Active convention;
  };
  const Row rows[] = {
      {"llama-3-8b", 8.03 * B, 0.01 * B, 0, 0, Active::everything},
      {"llama-3.1-8b", 8.03 * B, 0.01 * B, 0, 0, Active::everything},
      {"llama-3-70b", 70.6 * B, 0.1 * B, 0, 0, Active::everything},
      {"llama-3.1-405b", 405 * B, B, 0, 0, Active::everything},
      {"llama-2-7b", 6.74 * B, 0.01 * B, 0, 0, Active::everything},
      {"mistral-7b", 7.24 * B, 0.01 * B, 0, 0, Active::everything},
      {"qwen2.5-7b", 7.61 * B, 0.01 * B, 0, 0, Active::everything},
      {"mixtral-8x7b", 46.7 * B, 0.1 * B, 12.9 * B, 0.1 * B, Active::everything},
      {"deepseek-v3", 671 * B, B, 37 * B, B, Active::no_input_embedding},
      {"deepseek-r1", 671 * B, B, 37 * B, B, Active::no_input_embedding},
      {"kimi-k2", 1000 * B, 1000 * B, 32 * B, B, Active::no_input_embedding},
      {"gpt-oss-20b", 20.91 * B, 0.01 * B, 3.61 * B, 0.01 * B, Active::no_input_embedding},
      {"gpt-oss-120b", 116.83 * B, 0.01 * B, 5.13 * B, 0.01 * B, Active::no_input_embedding},
      // "30.5B in total and 3.3B activated": the active figure is truncated (3.353B).
      {"qwen3-30b-a3b", 30.5 * B, 0.1 * B, 3.35 * B, 0.1 * B, Active::everything},
      {"qwen3-235b-a22b", 235 * B, B, 22 * B, B, Active::everything},
      {"qwen3-next-80b-a3b", 80 * B, B, 3 * B, B, Active::no_embeddings},
      {"gemma-3-27b", 27.016 * B, 0.001 * B, 0, 0, Active::everything},
      {"llama-4-scout", 109 * B - 0.871932416 * B, B, 17 * B, B, Active::everything},
      {"llama-4-maverick", 400 * B, B, 17 * B, B, Active::everything},
      {"nemotron-3-nano", 31.6 * B, 0.1 * B, 3.2 * B, 0.1 * B, Active::no_input_embedding},
      {"gpt2-small", 124 * M, M, 0, 0, Active::everything},
      // "DeepSeek3B-MoE-A570M": 3 B in total, 570 M activated without the input embedding.
      {"deepseek-ocr-decoder", 3 * B, B, 570 * M, 10 * M, Active::no_input_embedding},
  };
  const PresetLibrary& lib = PresetLibrary::builtin();
  ASSERT_EQ(lib.models().size(), std::size(rows)) << "a model preset without a published count";
  for (const Row& r : rows) {
    SCOPED_TRACE(r.id);
    auto m = lib.model(r.id);
    ASSERT_TRUE(m) << m.error();
    const ParameterCount p = count_parameters(*m);
    EXPECT_TRUE(near_published(p.total(), r.published, r.unit, 0.005))
        << p.total() << " against " << r.published;
    if (r.active == 0) {
      EXPECT_EQ(p.active(), p.total());
      continue;
    }
    const double table = static_cast<double>(m->vocab) * static_cast<double>(m->hidden);
    double active = p.active();
    if (r.convention != Active::everything && !m->tie_word_embeddings) active -= table;
    if (r.convention == Active::no_embeddings) active -= table;
    EXPECT_TRUE(near_published(active, r.active, r.active_unit, 0.01))
        << active << " against " << r.active;
  }
}

}  // namespace
}  // namespace roofline

namespace roofline {
namespace {

// DeepSeek-V3 ships fp8 layers (quantization_config) but keeps its embeddings and lm_head in
// bf16: with fp8 activations the layers' matmuls run on the fp8 roof (1,979 TFLOP/s on an
// H100 SXM), not on the bf16 one the lm_head alone would ask for.
TEST(PublishedConfigs, Fp8CheckpointsRunOnTheFp8Roof) {
  const PresetLibrary& lib = PresetLibrary::builtin();
  Scenario s = lib.default_scenario();
  s.model = lib.model("deepseek-v3").value();
  s.weights.reset();  // "auto": from the config
  s.activations = s.kv = Precision::fp8;
  EXPECT_EQ(widest_weights(s), Precision::fp8);
  const Analysis a = analyze(s);
  EXPECT_EQ(a.math_precision, Precision::fp8);
  EXPECT_DOUBLE_EQ(a.peak_flops, 1979e12);
  s.activations = Precision::bf16;  // bf16 activations: bf16 math whatever the weights
  EXPECT_EQ(analyze(s).math_precision, Precision::bf16);
}

}  // namespace
}  // namespace roofline

namespace roofline {
namespace {

// Published configs of parts roofline does not model (tests/data/configs/refused): each refused
// by the part's own key, not by a later symptom.
TEST(PublishedConfigs, UnmodelledArchitecturesAreRefusedByTheirPart) {
  struct Refused {
    const char* file;
    const char* message;
  };
  const Refused cases[] = {
      {"llama-3.2-90b-vision-instruct.json",
       "text_config.cross_attention_layers: cross-attention layers (vision) are not supported"},
  };
  size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kDir / "refused"))
    files += entry.path().extension() == ".json";
  EXPECT_EQ(files, std::size(cases));
  for (const Refused& c : cases) {
    const std::filesystem::path path = kDir / "refused" / c.file;
    auto m = parse_model(slurp(path), c.file, c.file);
    ASSERT_FALSE(m) << c.file;
    EXPECT_EQ(m.error(), std::string(c.file) + ": " + c.message);
  }
}

}  // namespace
}  // namespace roofline
