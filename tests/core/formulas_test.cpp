// The formula table against the model: every op's symbolic FLOPs and bytes, with the
// scenario's numbers substituted and evaluated, give what analyze() computes.
#include "roofline/formulas.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "roofline/analysis.h"
#include "test_fixtures.h"

namespace roofline {
namespace {

using namespace roofline::testing;

// Arithmetic over numbers, + - · * / and parentheses, with the usual precedence. Anything
// else (an unsubstituted symbol, a stray character) fails the test that evaluates it.
class Evaluator {
 public:
  explicit Evaluator(std::string_view text) : t_(text) {}

  double run() {
    const double v = sum();
    skip_spaces();
    if (i_ != t_.size()) fail("unexpected '" + std::string(t_.substr(i_)) + "'");
    return v;
  }

  const std::string& error() const { return error_; }

 private:
  double sum() {
    double v = product();
    for (skip_spaces(); i_ < t_.size() && (t_[i_] == '+' || t_[i_] == '-'); skip_spaces()) {
      const char op = t_[i_++];
      const double r = product();
      v = op == '+' ? v + r : v - r;
    }
    return v;
  }

  double product() {
    double v = factor();
    for (skip_spaces(); i_ < t_.size(); skip_spaces()) {
      if (t_.substr(i_).starts_with("·") || t_[i_] == '*') {
        i_ += t_[i_] == '*' ? 1 : std::string_view("·").size();
        v *= factor();
      } else if (t_[i_] == '/') {
        ++i_;
        v /= factor();
      } else {
        break;
      }
    }
    return v;
  }

  double factor() {
    skip_spaces();
    if (i_ < t_.size() && t_[i_] == '(') {
      ++i_;
      const double v = sum();
      skip_spaces();
      if (i_ >= t_.size() || t_[i_] != ')') fail("missing ')'");
      ++i_;
      return v;
    }
    const std::string rest(t_.substr(i_));
    char* end = nullptr;
    const double v = std::strtod(rest.c_str(), &end);
    if (end == rest.c_str()) {
      fail("expected a number at '" + rest + "'");
      i_ = t_.size();
      return 0;
    }
    i_ += static_cast<size_t>(end - rest.c_str());
    return v;
  }

  void skip_spaces() {
    while (i_ < t_.size() && t_[i_] == ' ') ++i_;
  }
  void fail(const std::string& why) {
    if (error_.empty()) error_ = why;
  }

  std::string_view t_;
  size_t i_ = 0;
  std::string error_;
};

TEST(FormulaEvaluator, FollowsPrecedence) {
  Evaluator e("2·3 + 4/2·(1 + 1) - 0.5");
  EXPECT_DOUBLE_EQ(e.run(), 9.5);
  EXPECT_EQ(e.error(), "");
  Evaluator bad("2·M");
  bad.run();
  EXPECT_NE(bad.error(), "");
}

// One GPU's part of an op's whole cost under tp: 1/tp, except where the KV heads do not split tp
// ways (core/MODEL.md §5): a matmul writing the cache does kv_share of it, an attention op reads
// kv_share of its KV bytes and 1/tp of the rest.
double per_gpu(const Scenario& s, const OpCost& op, double whole, bool bytes) {
  // The routed experts spread over every GPU of the layout (core/MODEL.md §17).
  if (op.expert_group) return whole / static_cast<double>(stage_gpus(s));
  const double tp = static_cast<double>(s.tp);
  if (op.kv_share * tp <= 1 + 1e-12) return whole / tp;
  if (op.kind == OpKind::fc) return whole * op.kv_share;
  if (!bytes) return whole / tp;
  const double kv = op.kv_bytes / op.kv_share;  // the op's KV bytes over every GPU's heads
  return (whole - kv) / tp + op.kv_bytes;
}

// Evaluates `formula` for `op` and compares formula × count, split across tp GPUs, with the
// computed value.
void expect_formula(const Scenario& s, const Analysis& a, const OpCost& op,
                    std::string_view formula, double computed, const char* what) {
  ASSERT_FALSE(formula.empty()) << op.name << " has no " << what << " formula";
  const std::string numbers = with_numbers(formula, formula_symbols(s, a, op));
  Evaluator e(numbers);
  const double per_layer = e.run();
  ASSERT_EQ(e.error(), "") << op.name << " " << what << ": " << formula << " -> " << numbers;
  // Under pipeline stages (core/MODEL.md §18): the busiest stage's share of the layers (the
  // output whole, on the last stage), once per micro-batch.
  const bool output = a.layer_types[static_cast<size_t>(op.layer_type)].part == LayerPart::output;
  const double stage = static_cast<double>(microbatches(s)) * (output ? 1 : stage_share(s));
  const double expected = stage * per_gpu(s, op, per_layer * static_cast<double>(op.count),
                                          std::string_view(what) == "bytes");
  EXPECT_TRUE(rel_near(expected, computed, 1e-12) || (expected == 0 && computed == 0))
      << op.name << " " << what << ": " << formula << " = " << numbers << " = " << per_layer
      << " × " << op.count << " / tp " << s.tp << " = " << expected << ", analyze() gives "
      << computed;
}

void expect_every_formula(const Scenario& s) {
  const Analysis a = analyze(s);
  ASSERT_TRUE(a.warnings.empty() || !a.ops.empty()) << a.warnings.front();
  ASSERT_FALSE(a.ops.empty());
  for (const OpCost& op : a.ops) {
    SCOPED_TRACE(op_key(a, op));
    const OpFormula f = formula_for(s, a, op);
    expect_formula(s, a, op, f.flops, op.flops, "FLOPs");
    expect_formula(s, a, op, f.bytes, op.bytes, "bytes");
  }
}

struct Case {
  const char* name;
  Scenario s;
};

Scenario no_flash_decode(const GpuSpec& gpu) {
  Scenario s = decode(gpu, tiny_dense(), 3, 77);
  s.flash_attention = false;
  return s;
}

std::vector<Case> cases() {
  std::vector<Case> out;
  const GpuSpec gpu = h100_sxm();
  out.push_back({"dense decode", decode(gpu, llama3_8b(), 8, 4096)});
  out.push_back({"dense prefill", prefill(gpu, llama3_8b(), 2, 1000)});
  for (const char* phase : {"decode", "prefill"}) {
    const bool dec = std::string_view(phase) == "decode";
    Scenario no_flash = dec ? decode(gpu, tiny_dense(), 3, 77) : prefill(gpu, tiny_dense(), 3, 77);
    no_flash.flash_attention = false;
    out.push_back({dec ? "dense decode, no flash" : "dense prefill, no flash", no_flash});
    Scenario fused = dec ? decode(gpu, tiny_gelu(), 5, 33) : prefill(gpu, tiny_gelu(), 5, 33);
    fused.fuse_elementwise = true;
    out.push_back({dec ? "gelu decode, fused" : "gelu prefill, fused", fused});
    Scenario moe = dec ? decode(gpu, tiny_moe(), 3, 50) : prefill(gpu, tiny_moe(), 2, 9);
    moe.weights = Precision::int4;
    moe.kv = Precision::fp8;
    out.push_back({dec ? "MoE decode, int4 weights" : "MoE prefill, int4 weights", moe});
    Scenario mla = dec ? decode(gpu, tiny_mla(), 4, 300) : prefill(gpu, tiny_mla(), 2, 64);
    out.push_back({dec ? "MLA decode" : "MLA prefill", mla});
    Scenario mla_no_flash = mla;
    mla_no_flash.flash_attention = false;
    mla_no_flash.model.mla->q_lora_rank.reset();  // q_proj straight from d
    out.push_back({dec ? "MLA decode, no flash, no q rank" : "MLA prefill, no flash, no q rank",
                   mla_no_flash});
  }
  // Data-parallel attention and expert parallelism (core/MODEL.md §17): a rank's batch for the
  // ops of attention and the dense layers, every rank's tokens for the experts, the busiest
  // GPU's imbalance under ep, a batch dp does not divide.
  for (const char* phase : {"decode", "prefill"}) {
    const bool dec = std::string_view(phase) == "decode";
    Scenario split = dec ? decode(gpu, tiny_moe(), 7, 40) : prefill(gpu, tiny_moe(), 5, 12);
    split.tp = 2;
    split.dp = 2;
    out.push_back({dec ? "tp 2 x dp 2, experts split, decode" : "tp 2 x dp 2, prefill", split});
    Scenario ep = split;
    ep.tp = 1;
    ep.dp = 4;
    ep.ep = 4;
    ep.moe_imbalance = 1.5;
    out.push_back({dec ? "dp 4, ep 4, imbalance 1.5, decode" : "dp 4, ep 4, prefill", ep});
    Scenario ep_only = split;
    ep_only.dp = 1;
    ep_only.ep = 2;
    ep_only.moe_imbalance = 1.25;
    out.push_back({dec ? "tp 2, ep 2, decode" : "tp 2, ep 2, prefill", ep_only});
    // Pipeline stages (core/MODEL.md §18): 2 stages of tiny_moe's 2 layers, batch 7 as 2
    // micro-batches of 4; and 3 stages of a 5-layer model (2 of 5 layers on the busiest), with
    // dp 2 inside each stage.
    Scenario staged = split;
    staged.dp = 1;
    staged.pp = 2;
    out.push_back({dec ? "tp 2 x pp 2, decode" : "tp 2 x pp 2, prefill", staged});
    ModelConfig five = with_moe(dense_model("five", 5, 64, 4, 2, 16, 128, 100), 3,
                                MoeShape{.experts = 4, .top_k = 2, .width = 32});
    Scenario deep = dec ? decode(gpu, five, 9, 40) : prefill(gpu, five, 3, 12);
    deep.dp = 2;
    deep.ep = 2;
    deep.pp = 3;
    out.push_back({dec ? "dp 2, ep 2, pp 3, decode" : "dp 2, ep 2, pp 3, prefill", deep});
  }
  // The layer layout (core/MODEL.md §6): windows, recurrences, sparse attention, biases.
  ModelConfig biased = tiny_gelu();
  biased.norm = NormKind::layer;
  biased.attention.qkv_bias = biased.attention.o_bias = biased.mlp_bias = true;
  ModelConfig quantized = tiny_moe();
  quantized.quantization.group[static_cast<size_t>(WeightGroup::experts)] = Precision::mxfp4;
  for (const char* phase : {"decode", "prefill"}) {
    const bool dec = std::string_view(phase) == "decode";
    auto make = [&](const ModelConfig& m, int64_t b, int64_t seq) {
      return dec ? decode(gpu, m, b, seq) : prefill(gpu, m, b, seq);
    };
    out.push_back({dec ? "sliding decode" : "sliding prefill", make(tiny_sliding(), 3, 20)});
    out.push_back({dec ? "chunked decode" : "chunked prefill", make(tiny_chunked(), 2, 21)});
    out.push_back({dec ? "linear decode" : "linear prefill", make(tiny_linear(), 3, 20)});
    out.push_back(
        {dec ? "Mamba hybrid decode" : "Mamba hybrid prefill", make(tiny_hybrid(), 2, 10)});
    out.push_back({dec ? "sparse MLA decode" : "sparse MLA prefill", make(tiny_dsa(), 2, 40)});
    out.push_back(
        {dec ? "biases, LayerNorm decode" : "biases, LayerNorm prefill", make(biased, 2, 9)});
    out.push_back({dec ? "mxfp4 experts decode" : "mxfp4 experts prefill", make(quantized, 3, 12)});
    // MiniMax-M1's lightning attention and Nemotron-3's latent MoE.
    ModelConfig lightning = tiny_linear();
    lightning.linear = LinearAttentionConfig{.variant = LinearVariant::lightning,
                                             .key_heads = 4,
                                             .value_heads = 4,
                                             .key_dim = 24,
                                             .value_dim = 24,
                                             .conv_kernel = 0};
    out.push_back({dec ? "lightning decode" : "lightning prefill", make(lightning, 3, 20)});
    ModelConfig latent = tiny_moe();
    for (FfnType& t : latent.ffns)
      if (t.kind == FfnKind::moe) t.moe.latent = 24;
    out.push_back({dec ? "latent MoE decode" : "latent MoE prefill", make(latent, 3, 12)});
    ModelConfig conv = tiny_dense();  // LFM2: a short-convolution layer and an attention layer
    conv.mixers = {{MixerKind::conv, 0, 1}, {MixerKind::full, 0, 1}};
    conv.short_conv = ShortConvConfig{.kernel = 3, .bias = true};
    out.push_back({dec ? "short conv decode" : "short conv prefill", make(conv, 3, 20)});
    // Step-3.5 and MiMo-V2: sliding layers with heads of their own (8 heads, 4 KV heads, keys
    // 16 and values 8 wide, sinks), a head-wise output gate, full layers with narrower values.
    ModelConfig own = tiny_sliding();
    own.v_head_dim = 12;
    own.attention.head_gate = true;
    own.mixers[0].own = {.heads = 8, .kv_heads = 4, .v_head_dim = 8, .sinks = true};
    out.push_back({dec ? "own heads decode" : "own heads prefill", make(own, 3, 20)});
  }
  Scenario own_no_flash = decode(gpu, tiny_sliding(), 2, 20);
  own_no_flash.model.v_head_dim = 12;
  own_no_flash.model.mixers[0].own = {.heads = 8, .kv_heads = 4, .head_dim = 24};
  own_no_flash.flash_attention = false;
  out.push_back({"own heads decode, no flash", own_no_flash});
  Scenario own_prefill_no_flash = own_no_flash;
  own_prefill_no_flash.phase = Phase::prefill;
  out.push_back({"own heads prefill, no flash", own_prefill_no_flash});
  Scenario sliding_no_flash = prefill(gpu, tiny_sliding(), 2, 20);
  sliding_no_flash.flash_attention = false;
  out.push_back({"sliding prefill, no flash", sliding_no_flash});
  Scenario moe_gelu = decode(gpu, tiny_moe(), 7, 20);
  moe_gelu.model.gated_mlp = false;
  moe_gelu.model.hidden_act = "gelu";
  out.push_back({"MoE gelu decode", moe_gelu});
  Scenario tp = decode(gpu, deepseek_v3(), 16, 2048);
  tp.tp = 8;
  out.push_back({"DeepSeek-V3 decode, tp 8", tp});
  Scenario tp_gqa = decode(gpu, llama3_8b(), 4, 1000);  // 8 KV heads on 16 GPUs: one each
  tp_gqa.tp = 16;
  out.push_back({"Llama-3-8B decode, tp 16", tp_gqa});
  Scenario tp_gqa_prefill = prefill(gpu, llama3_8b(), 1, 300);
  tp_gqa_prefill.tp = 16;
  tp_gqa_prefill.flash_attention = false;
  out.push_back({"Llama-3-8B prefill, tp 16, no flash", tp_gqa_prefill});
  Scenario tp_prefill = prefill(gpu, mixtral_8x7b(), 1, 512);
  tp_prefill.tp = 4;
  tp_prefill.activations = Precision::fp8;
  out.push_back({"Mixtral prefill, tp 4, fp8 activations", tp_prefill});
  // Speculative verify steps (core/MODEL.md §14): k + 1 query tokens per sequence.
  auto speculating = [](Scenario s, int64_t k) {
    s.spec = SpecMethod::mtp;
    s.spec_tokens = k;
    return s;
  };
  out.push_back({"dense decode, speculating 3", speculating(decode(gpu, llama3_8b(), 8, 4096), 3)});
  out.push_back({"dense decode, no flash, speculating 2", speculating(no_flash_decode(gpu), 2)});
  out.push_back({"MoE decode, speculating 1", speculating(decode(gpu, tiny_moe(), 3, 50), 1)});
  out.push_back({"MLA decode, speculating 2", speculating(decode(gpu, tiny_mla(), 4, 300), 2)});
  Scenario mla_spec_no_flash = speculating(decode(gpu, tiny_mla(), 4, 300), 2);
  mla_spec_no_flash.flash_attention = false;
  out.push_back({"MLA decode, no flash, speculating 2", mla_spec_no_flash});
  out.push_back(
      {"sparse MLA decode, speculating 3", speculating(decode(gpu, tiny_dsa(), 2, 40), 3)});
  out.push_back(
      {"linear decode, speculating 1", speculating(decode(gpu, tiny_linear(), 3, 20), 1)});
  out.push_back({"DeepSeek-V3 decode, tp 8, speculating 1", speculating(tp, 1)});
  return out;
}

TEST(Formulas, EveryOpsFormulaGivesItsFlopsAndBytes) {
  for (const Case& c : cases()) {
    SCOPED_TRACE(c.name);
    expect_every_formula(c.s);
  }
}

// What each GPU does of an op under tp, said beside its formula.
TEST(Formulas, TpSplitSaysWhatEachGpuKeeps) {
  const GpuSpec gpu = h100_sxm();
  Scenario gqa = decode(gpu, llama3_8b(), 4, 1000);  // 8 KV heads
  gqa.tp = 4;
  Analysis a = analyze(gqa);
  EXPECT_EQ(tp_split_text(gqa, a, *a.find_op("attention")), "÷ tp 4");
  gqa.tp = 16;
  a = analyze(gqa);
  EXPECT_EQ(tp_split_text(gqa, a, *a.find_op("attention")),
            "÷ tp 16, its KV-cache bytes ÷ 8 (the KV heads do not split 16 ways)");
  EXPECT_EQ(tp_split_text(gqa, a, *a.find_op("k_proj")),
            "÷ 8, not ÷ tp 16 (the KV heads do not split 16 ways)");
  EXPECT_EQ(tp_split_text(gqa, a, *a.find_op("q_proj")), "÷ tp 16");
  Scenario mla = decode(gpu, deepseek_v3(), 16, 2048);
  mla.tp = 8;
  a = analyze(mla);
  EXPECT_EQ(tp_split_text(mla, a, *a.find_op("attention")),
            "÷ tp 8, its KV-cache bytes whole on every GPU (every head reads the MLA latent)");
  mla.tp = 1;
  a = analyze(mla);
  EXPECT_EQ(tp_split_text(mla, a, *a.find_op("attention")), "");
}

TEST(Formulas, UnknownOpHasNoFormula) {
  const Scenario s = decode(h100_sxm(), tiny_dense(), 1, 8);
  const Analysis a = analyze(s);
  const OpCost unknown{.name = "no_such_op"};
  const OpFormula f = formula_for(s, a, unknown);
  EXPECT_EQ(f.flops, "");
  EXPECT_EQ(f.bytes, "");
}

TEST(Formulas, NumbersReplaceSymbolsAndSquares) {
  const Scenario s = prefill(h100_sxm(), tiny_dense(), 3, 77);
  const Analysis a = analyze(s);
  const std::vector<FormulaSymbol> symbols = formula_symbols(s, a, *a.find_op("q_proj"));
  EXPECT_EQ(with_numbers("2·M·d·H·dh", symbols), "2·231·64·4·16");
  EXPECT_EQ(with_numbers("5·B·H·T²", symbols), "5·3·4·77·77");
  EXPECT_EQ(with_numbers("M·d·b_a", symbols), "231·64·2");
  std::vector<std::string> used;
  collect_symbols("2·M·d·H·dh + M·b_a", used);
  collect_symbols("B·H·S·b_a", used);
  EXPECT_EQ(used, (std::vector<std::string>{"M", "d", "H", "dh", "b_a", "B", "S"}));
  EXPECT_EQ(symbol_texts(symbols, used),
            (std::vector<std::string>{"B = 3", "M = B·T = 231", "d = 64", "H = 4", "dh = 16",
                                      "b_a = 2 B (bf16)"}));
}

TEST(Formulas, SymbolTextShowsDerivations) {
  Scenario s = prefill(h100_sxm(), tiny_moe(), 2, 9);
  s.weights = Precision::int4;
  const Analysis a = analyze(s);
  std::vector<std::string> texts;
  for (const FormulaSymbol& sym : formula_symbols(s, a, *a.find_op("expert_up")))
    texts.push_back(symbol_text(sym));
  // B, T, M, d, H, Hkv, dh, V; the MoE layer's E, k, dffe, E_t, dsh; b_w, b_a, b_kv.
  ASSERT_EQ(texts.size(), 16u) << ::testing::PrintToString(texts);
  auto has = [&](const std::string& t) {
    return std::find(texts.begin(), texts.end(), t) != texts.end();
  };
  EXPECT_TRUE(has("M = B·T = 18"));
  EXPECT_TRUE(has("T = 9"));
  EXPECT_TRUE(has("b_w = 0.5 B (int4)"));
  EXPECT_TRUE(has("b_a = 2 B (bf16)"));
  // 18 tokens routed to 2 of 4 experts: 4·(1 − 0.5^18) = 3.99998 experts touched.
  EXPECT_TRUE(has("E_t = E·(1 − (1 − k/E)^M) = 4")) << ::testing::PrintToString(texts);
}

}  // namespace
}  // namespace roofline
