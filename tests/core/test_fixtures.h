#pragma once
// Values built by hand for the core tests and the benchmark: GPUs from their datasheets (dense
// peaks), models from their Hugging Face config.json, and tiny configs small enough to compute
// every operator by hand. No JSON, no io library.

#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

#include "roofline/analysis.h"
#include "roofline/hardware.h"
#include "roofline/model_config.h"
#include "roofline/scenario.h"

namespace roofline::testing {

// H100 SXM5 80 GB: 3.35 TB/s HBM3, 989 TFLOP/s dense bf16, NVLink 900 GB/s = 450 GB/s per
// direction.
inline GpuSpec h100_sxm() {
  GpuSpec g;
  g.id = "h100-sxm";
  g.name = "NVIDIA H100 SXM";
  g.vendor = "NVIDIA";
  g.memory_bandwidth_bytes_per_s = 3.35e12;
  g.memory_capacity_bytes = 80e9;
  g.set_peak(Precision::fp32, 67e12);
  g.set_peak(Precision::tf32, 494.5e12);
  g.set_peak(Precision::bf16, 989e12);
  g.set_peak(Precision::fp16, 989e12);
  g.set_peak(Precision::fp8, 1979e12);
  g.set_peak(Precision::int8, 1979e12);
  g.caches = {{"L2", 12e12, ""}};
  g.interconnect_bandwidth_bytes_per_s = 450e9;
  return g;
}

// A100 SXM 80 GB: no fp8 roof.
inline GpuSpec a100_sxm() {
  GpuSpec g;
  g.id = "a100-sxm";
  g.name = "NVIDIA A100 SXM 80GB";
  g.vendor = "NVIDIA";
  g.memory_bandwidth_bytes_per_s = 2.039e12;
  g.memory_capacity_bytes = 80e9;
  g.set_peak(Precision::fp32, 19.5e12);
  g.set_peak(Precision::tf32, 156e12);
  g.set_peak(Precision::bf16, 312e12);
  g.set_peak(Precision::fp16, 312e12);
  g.set_peak(Precision::int8, 624e12);
  g.interconnect_bandwidth_bytes_per_s = 300e9;
  return g;
}

// L4-like: 24 GB, no interconnect.
inline GpuSpec l4() {
  GpuSpec g;
  g.id = "l4";
  g.name = "NVIDIA L4";
  g.vendor = "NVIDIA";
  g.memory_bandwidth_bytes_per_s = 300e9;
  g.memory_capacity_bytes = 24e9;
  g.set_peak(Precision::fp32, 30.3e12);
  g.set_peak(Precision::bf16, 121e12);
  g.set_peak(Precision::fp16, 121e12);
  g.set_peak(Precision::fp8, 242.5e12);
  return g;
}

// A round-number GPU for hand arithmetic: ridge 10 FLOP/byte at bf16, 1 MB of memory,
// 1 GB/s links.
inline GpuSpec toy_gpu() {
  GpuSpec g;
  g.id = "toy";
  g.name = "Toy";
  g.memory_bandwidth_bytes_per_s = 1e12;
  g.memory_capacity_bytes = 1e6;
  g.set_peak(Precision::fp32, 1e12);
  g.set_peak(Precision::bf16, 10e12);
  g.set_peak(Precision::fp16, 10e12);
  g.set_peak(Precision::fp8, 20e12);
  g.interconnect_bandwidth_bytes_per_s = 1e9;
  return g;
}

inline ModelConfig dense_model(std::string_view id, int64_t layers, int64_t hidden, int64_t heads,
                               int64_t kv_heads, int64_t head_dim, int64_t intermediate,
                               int64_t vocab) {
  ModelConfig m;
  m.id = std::string(id);
  m.name = std::string(id);
  m.hidden = hidden;
  m.heads = heads;
  m.kv_heads = kv_heads;
  m.head_dim = head_dim;
  m.vocab = vocab;
  set_uniform_layout(m, layers, intermediate);
  return m;
}

// `m` with its last `moe_layers` feed-forwards made MoE of shape `e` (the first stay dense).
inline ModelConfig with_moe(ModelConfig m, int64_t moe_layers, MoeShape e) {
  const int64_t dense = m.layers - moe_layers;
  const int64_t width = m.ffns.front().width;
  m.ffns.clear();
  if (dense > 0) m.ffns.push_back(FfnType::dense(width, dense));
  m.ffns.push_back(FfnType::experts(e, moe_layers));
  return m;
}

// L=2, d=64, H=4, Hkv=2 (g=2), dh=16, dff=128, V=100, silu (gated), untied.
inline ModelConfig tiny_dense() { return dense_model("tiny", 2, 64, 4, 2, 16, 128, 100); }

// tiny_dense with a gelu MLP (up, down: two matrices).
inline ModelConfig tiny_gelu() {
  ModelConfig m = tiny_dense();
  m.id = "tiny-gelu";
  m.gated_mlp = false;
  m.hidden_act = "gelu";
  return m;
}

// tiny_dense with MoE: E=4, k=2, dffe=32, 1 shared expert (of width 32), first layer dense.
inline ModelConfig tiny_moe() {
  ModelConfig m =
      with_moe(tiny_dense(), 1, {.experts = 4, .top_k = 2, .width = 32, .shared_width = 32});
  m.id = "tiny-moe";
  return m;
}

// tiny_dense with MLA: rq=32, rkv=16, d_nope=8, d_rope=4, dv=8; H=Hkv=4.
inline ModelConfig tiny_mla() {
  ModelConfig m = tiny_dense();
  m.id = "tiny-mla";
  m.kv_heads = 4;
  m.mla = MlaConfig{.q_lora_rank = 32,
                    .kv_lora_rank = 16,
                    .qk_nope_head_dim = 8,
                    .qk_rope_head_dim = 4,
                    .v_head_dim = 8};
  return m;
}

// tiny_dense with its first layer sliding over W = 8 tokens, the second full.
inline ModelConfig tiny_sliding() {
  ModelConfig m = tiny_dense();
  m.id = "tiny-sliding";
  m.mixers = {{MixerKind::sliding, 8, 1}, {MixerKind::full, 0, 1}};
  return m;
}

// tiny_dense with its first layer attending within chunks of C = 8 tokens, the second full.
inline ModelConfig tiny_chunked() {
  ModelConfig m = tiny_dense();
  m.id = "tiny-chunked";
  m.mixers = {{MixerKind::chunked, 8, 1}, {MixerKind::full, 0, 1}};
  return m;
}

// Qwen3-Next in miniature: a Gated DeltaNet layer (Hk = 2, Hv = 4, dk = dvl = 8, 4 taps) and a
// full-attention layer with the output gate (q_proj 2·H·dh wide) and per-head q/k norms.
inline ModelConfig tiny_linear() {
  ModelConfig m = tiny_dense();
  m.id = "tiny-linear";
  m.mixers = {{MixerKind::linear, 0, 1}, {MixerKind::full, 0, 1}};
  m.linear = LinearAttentionConfig{
      .key_heads = 2, .value_heads = 4, .key_dim = 8, .value_dim = 8, .conv_kernel = 4};
  m.attention.output_gate = true;
  m.attention.qk_norm_width = 2 * 16;
  return m;
}

// Nemotron-H in miniature, pattern "M*-E": a Mamba-2 block (4 heads of 8, state 16, 2 groups,
// 4 taps), an attention block, an MLP block and an MoE block (4 relu2 experts of 32, 2 per token,
// a shared expert of 16); squared-ReLU MLPs without a gate, an fp32 SSM state.
inline ModelConfig tiny_hybrid() {
  ModelConfig m = tiny_dense();
  m.id = "tiny-hybrid";
  m.layers = 4;
  m.mixers = {{MixerKind::mamba, 0, 1}, {MixerKind::full, 0, 1}, {MixerKind::none, 0, 2}};
  m.ffns = {FfnType::none(2), FfnType::dense(128, 1),
            FfnType::experts({.experts = 4, .top_k = 2, .width = 32, .shared_width = 16}, 1)};
  m.mamba = MambaConfig{.heads = 4, .head_dim = 8, .state_size = 16, .groups = 2, .conv_kernel = 4};
  m.gated_mlp = false;
  m.hidden_act = "relu2";
  m.state_precision = Precision::fp32;
  return m;
}

// meta-llama/Meta-Llama-3-8B config.json.
inline ModelConfig llama3_8b() {
  return dense_model("llama-3-8b", 32, 4096, 32, 8, 128, 14336, 128256);
}

// tiny_mla with DeepSeek sparse attention: an indexer of 2 heads of 8 that keeps the top 16.
inline ModelConfig tiny_dsa() {
  ModelConfig m = tiny_mla();
  m.id = "tiny-dsa";
  m.indexer = IndexerConfig{.heads = 2, .head_dim = 8, .top_k = 16};
  return m;
}

// meta-llama/Meta-Llama-3-70B config.json.
inline ModelConfig llama3_70b() {
  return dense_model("llama-3-70b", 80, 8192, 64, 8, 128, 28672, 128256);
}

// mistralai/Mixtral-8x7B-v0.1: 8 experts of intermediate_size 14336, 2 per token.
inline ModelConfig mixtral_8x7b() {
  return with_moe(dense_model("mixtral-8x7b", 32, 4096, 32, 8, 128, 14336, 32000), 32,
                  {.experts = 8, .top_k = 2, .width = 14336});
}

// deepseek-ai/DeepSeek-V3 config.json (head_dim absent: d/H = 7168/128 = 56).
inline ModelConfig deepseek_v3() {
  // 3 dense layers, then 58 MoE layers: 256 experts of 2048, 8 per token, 1 shared expert; the
  // router's e_score_correction_bias (256 per layer).
  ModelConfig m = with_moe(
      dense_model("deepseek-v3", 61, 7168, 128, 128, 56, 18432, 129280), 58,
      {.experts = 256, .top_k = 8, .width = 2048, .shared_width = 2048, .router_bias = true});
  m.mla = MlaConfig{.q_lora_rank = 1536,
                    .kv_lora_rank = 512,
                    .qk_nope_head_dim = 128,
                    .qk_rope_head_dim = 64,
                    .v_head_dim = 128};
  return m;
}

// A calibration with round numbers: every class at 80 % compute / 50 % memory but elementwise
// and norms (25 % of the bandwidth), 4-bit weight-only matmuls at half the bandwidth, 3 µs a kernel
// with k_proj and v_proj fused into q_proj, 10 µs an all-reduce at 80 % of the link, 50 µs a step.
inline Calibration toy_calibration() {
  Calibration c;
  c.id = "toy-calibration";
  c.name = "Toy";
  for (ClassEfficiency& e : c.efficiency) e = {0.8, 0.5};
  c.efficiency[static_cast<size_t>(OpClass::elementwise)] = {1.0, 0.25};
  c.efficiency[static_cast<size_t>(OpClass::norm)] = {1.0, 0.25};
  c.weight_only_8bit = 0.75;
  c.weight_only_4bit = 0.5;
  c.kernel_latency_s = 3e-6;
  c.kernels = {{"k_proj", 0}, {"v_proj", 0}};
  c.allreduce_latency_s = 10e-6;
  c.allreduce_efficiency = 0.8;
  c.step_overhead_s = 50e-6;
  return c;
}

inline Scenario make_scenario(const GpuSpec& gpu, const ModelConfig& model, Phase phase,
                              int64_t batch, int64_t seq) {
  Scenario s;
  s.gpu = gpu;
  s.model = model;
  s.phase = phase;
  s.batch = batch;
  s.seq = seq;
  return s;
}

inline Scenario decode(const GpuSpec& gpu, const ModelConfig& model, int64_t batch, int64_t seq) {
  return make_scenario(gpu, model, Phase::decode, batch, seq);
}

inline Scenario prefill(const GpuSpec& gpu, const ModelConfig& model, int64_t batch,
                        int64_t prompt) {
  return make_scenario(gpu, model, Phase::prefill, batch, prompt);
}

// |a - b| <= rel * |b|.
inline bool rel_near(double a, double b, double rel) {
  return std::fabs(a - b) <= rel * std::fabs(b);
}

}  // namespace roofline::testing
