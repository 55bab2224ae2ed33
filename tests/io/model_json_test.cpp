#include <gtest/gtest.h>

#include "roofline/io/json_io.h"

namespace roofline {
namespace {

// Llama-3-8B's config.json, trimmed to the keys that matter plus a few it ignores.
constexpr const char* kLlama = R"({
  "_name": "Llama 3 8B", "_source": "meta-llama/Meta-Llama-3-8B",
  "architectures": ["LlamaForCausalLM"], "model_type": "llama",
  "hidden_act": "silu", "hidden_size": 4096, "intermediate_size": 14336,
  "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 8,
  "rope_theta": 500000.0, "tie_word_embeddings": false, "vocab_size": 128256
})";

std::string with(std::string_view from, std::string_view to) {
  std::string text = kLlama;
  auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  text.replace(at, from.size(), to);
  return text;
}

std::string error_of(const std::string& text) {
  auto r = parse_model(text, "models/bad.json", "bad");
  EXPECT_FALSE(r) << "parsed: " << text;
  return r ? std::string() : r.error();
}

TEST(ModelJson, ParsesLlama) {
  auto r = parse_model(kLlama, "models/llama-3-8b.json", "llama-3-8b");
  ASSERT_TRUE(r) << r.error();
  const ModelConfig& m = r.value();
  EXPECT_EQ(m.id, "llama-3-8b");
  EXPECT_EQ(m.name, "Llama 3 8B");
  EXPECT_EQ(m.source, "meta-llama/Meta-Llama-3-8B");
  EXPECT_EQ(m.layers, 32);
  EXPECT_EQ(m.hidden, 4096);
  EXPECT_EQ(m.heads, 32);
  EXPECT_EQ(m.kv_heads, 8);
  EXPECT_EQ(m.head_dim, 128);  // 4096 / 32
  ASSERT_EQ(m.ffns.size(), 1u);
  EXPECT_EQ(m.ffns[0].kind, FfnKind::dense);
  EXPECT_EQ(m.ffns[0].width, 14336);
  ASSERT_EQ(m.mixers.size(), 1u);
  EXPECT_EQ(m.mixers[0].kind, MixerKind::full);
  EXPECT_EQ(m.mixers[0].count, 32);
  EXPECT_EQ(m.vocab, 128256);
  EXPECT_FALSE(m.tie_word_embeddings);
  EXPECT_TRUE(m.gated_mlp);
  EXPECT_EQ(find_ffn(m, FfnKind::moe), nullptr);
  EXPECT_FALSE(m.mla.has_value());
}

TEST(ModelJson, Defaults) {
  auto r = parse_model(R"({"num_hidden_layers": 2, "hidden_size": 768, "num_attention_heads": 12,
                           "intermediate_size": 3072, "vocab_size": 1000})",
                       "<string>", "tiny");
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->kv_heads, 12);  // num_key_value_heads defaults to H
  EXPECT_EQ(r->head_dim, 64);  // head_dim defaults to d / H
  EXPECT_EQ(r->name, "tiny");  // no _name: the id
  EXPECT_EQ(r->hidden_act, "silu");
  EXPECT_TRUE(r->gated_mlp);
  EXPECT_FALSE(r->tie_word_embeddings);
}

TEST(ModelJson, ExplicitHeadDimWins) {
  auto r =
      parse_model(with("\"vocab_size\"", "\"head_dim\": 256, \"vocab_size\""), "<string>", "x");
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->head_dim, 256);
}

TEST(ModelJson, ActivationDecidesTheGateOfAnUnknownFamily) {
  auto unknown = [](const char* act) {
    std::string text = with("\"silu\"", std::string("\"") + act + "\"");
    text.replace(text.find("\"llama\""), 7, "\"someday\"");
    return text;
  };
  for (const char* act : {"gelu", "gelu_new", "gelu_pytorch_tanh", "gelu_fast", "relu"}) {
    auto r = parse_model(unknown(act), "<string>", "x");
    ASSERT_TRUE(r) << r.error();
    EXPECT_FALSE(r->gated_mlp) << act;
    EXPECT_EQ(r->hidden_act, act);
  }
  for (const char* act : {"silu", "swish", "swiglu"}) {
    auto r = parse_model(unknown(act), "<string>", "x");
    ASSERT_TRUE(r) << r.error();
    EXPECT_TRUE(r->gated_mlp) << act;
  }
  // transformers' LlamaMLP always has gate_proj, whatever the activation.
  auto llama = parse_model(with("\"silu\"", "\"gelu\""), "<string>", "x");
  ASSERT_TRUE(llama) << llama.error();
  EXPECT_TRUE(llama->gated_mlp);
  // Gemma's MLP is a GeGLU although its activation is named gelu_pytorch_tanh.
  std::string text = with("\"silu\"", "\"gelu_pytorch_tanh\"");
  text.replace(text.find("\"llama\""), 7, "\"gemma\"");
  auto gemma = parse_model(text, "<string>", "g");
  ASSERT_TRUE(gemma) << gemma.error();
  EXPECT_TRUE(gemma->gated_mlp);
}

TEST(ModelJson, Mixtral) {
  auto r = parse_model(with("\"vocab_size\"",
                            "\"num_local_experts\": 8, \"num_experts_per_tok\": 2, \"vocab_size\""),
                       "<string>", "mixtral");
  ASSERT_TRUE(r) << r.error();
  ASSERT_EQ(r->ffns.size(), 1u);  // every layer MoE
  const FfnType& t = r->ffns[0];
  EXPECT_EQ(t.kind, FfnKind::moe);
  EXPECT_EQ(t.count, 32);
  EXPECT_EQ(t.moe.experts, 8);
  EXPECT_EQ(t.moe.top_k, 2);
  EXPECT_EQ(t.moe.width, 14336);  // Mixtral: intermediate_size per expert
  EXPECT_EQ(t.moe.shared_width, 0);
}

constexpr const char* kDeepSeek = R"({
  "hidden_act": "silu", "hidden_size": 7168, "intermediate_size": 18432,
  "num_attention_heads": 128, "num_hidden_layers": 61, "num_key_value_heads": 128,
  "vocab_size": 129280, "first_k_dense_replace": 3, "moe_intermediate_size": 2048,
  "n_routed_experts": 256, "n_shared_experts": 1, "num_experts_per_tok": 8,
  "q_lora_rank": 1536, "kv_lora_rank": 512, "qk_nope_head_dim": 128,
  "qk_rope_head_dim": 64, "v_head_dim": 128
})";

TEST(ModelJson, DeepSeekMoeAndMla) {
  auto r = parse_model(kDeepSeek, "<string>", "dsv3");
  ASSERT_TRUE(r) << r.error();
  ASSERT_EQ(r->ffns.size(), 2u);  // 3 dense layers, then 58 MoE layers
  EXPECT_EQ(r->ffns[0].kind, FfnKind::dense);
  EXPECT_EQ(r->ffns[0].count, 3);
  EXPECT_EQ(r->ffns[0].width, 18432);
  const MoeShape& e = r->ffns[1].moe;
  EXPECT_EQ(r->ffns[1].count, 58);
  EXPECT_EQ(e.experts, 256);
  EXPECT_EQ(e.top_k, 8);
  EXPECT_EQ(e.width, 2048);
  EXPECT_EQ(e.shared_width, 2048);  // n_shared_experts 1 x 2048
  ASSERT_TRUE(r->mla.has_value());
  EXPECT_EQ(r->mla->q_lora_rank, 1536);
  EXPECT_EQ(r->mla->kv_lora_rank, 512);
  EXPECT_EQ(r->mla->qk_nope_head_dim, 128);
  EXPECT_EQ(r->mla->qk_rope_head_dim, 64);
  EXPECT_EQ(r->mla->v_head_dim, 128);
  EXPECT_EQ(r->head_dim, 192);  // qk_nope + qk_rope
  EXPECT_EQ(r->kv_heads, 128);
  EXPECT_EQ(kv_elements_per_token(r.value()), 576);
}

TEST(ModelJson, MlaWithoutQueryCompression) {
  std::string text = kDeepSeek;
  text.replace(text.find("1536"), 4, "null");
  auto r = parse_model(text, "<string>", "dsv2-lite");
  ASSERT_TRUE(r) << r.error();
  ASSERT_TRUE(r->mla.has_value());
  EXPECT_FALSE(r->mla->q_lora_rank.has_value());
}

TEST(ModelJson, LanguageModelUnderTextConfig) {
  std::string text = std::string(R"({"_name": "VLM", "text_config": )") + kLlama + "}";
  auto r = parse_model(text, "<string>", "vlm");
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->name, "VLM");
  EXPECT_EQ(r->layers, 32);
  EXPECT_EQ(r->kv_heads, 8);
}

TEST(ModelJson, MissingRequiredKey) {
  EXPECT_EQ(error_of(with("\"hidden_size\": 4096,", "")),
            "models/bad.json: hidden_size: missing, expected a positive integer up to 100000000");
  EXPECT_EQ(error_of(with("\"vocab_size\": 128256", "\"x\": 1")),
            "models/bad.json: vocab_size: missing, expected a positive integer up to 100000000");
}

TEST(ModelJson, WrongTypes) {
  EXPECT_EQ(
      error_of(with("4096", "\"4096\"")),
      "models/bad.json: hidden_size: expected a positive integer up to 100000000, got \"4096\"");
  EXPECT_EQ(error_of(with("14336", "14336.5")),
            "models/bad.json: intermediate_size: expected a positive integer up to 100000000, got "
            "14336.5");
  EXPECT_EQ(error_of(with("\"tie_word_embeddings\": false", "\"tie_word_embeddings\": \"no\"")),
            "models/bad.json: tie_word_embeddings: expected true or false, got \"no\"");
}

// The integer rule of every io reader (json_reader.h): a float with no fraction is an integer.
TEST(ModelJson, IntegersMayBeWrittenAsWholeFloats) {
  auto r = parse_model(with("\"hidden_size\": 4096", "\"hidden_size\": 4096.0"), "<string>", "m");
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->hidden, 4096);
  EXPECT_EQ(r->head_dim, 128);
  EXPECT_EQ(
      error_of(with("\"hidden_size\": 4096", "\"hidden_size\": 4096.5")),
      "models/bad.json: hidden_size: expected a positive integer up to 100000000, got 4096.5");
}

TEST(ModelJson, ZeroOrNegativeSizes) {
  EXPECT_EQ(error_of(with("\"num_hidden_layers\": 32", "\"num_hidden_layers\": 0")),
            "models/bad.json: num_hidden_layers: expected a positive integer up to 100000, got 0");
  EXPECT_EQ(
      error_of(with("\"num_key_value_heads\": 8", "\"num_key_value_heads\": -8")),
      "models/bad.json: num_key_value_heads: expected a positive integer up to 100000000, got -8");
}

TEST(ModelJson, HeadsNotDivisibleByKvHeads) {
  EXPECT_EQ(error_of(with("\"num_key_value_heads\": 8", "\"num_key_value_heads\": 5")),
            "models/bad.json: num_attention_heads (32) must be divisible by "
            "num_key_value_heads (5)");
}

TEST(ModelJson, HiddenNotDivisibleByHeadsWithoutHeadDim) {
  EXPECT_EQ(error_of(with("\"hidden_size\": 4096", "\"hidden_size\": 4100")),
            "models/bad.json: head_dim: missing, and hidden_size (4100) is not divisible by "
            "num_attention_heads (32)");
}

TEST(ModelJson, UnknownActivation) {
  // A known family fixes its MLP whatever the name; an unknown one must say which it is.
  std::string text = with("\"silu\"", "\"sine\"");
  text.replace(text.find("\"llama\""), 7, "\"someday\"");
  std::string e = error_of(text);
  EXPECT_EQ(e.rfind("models/bad.json: hidden_act: expected silu/swish/swiglu", 0), 0u) << e;
  EXPECT_NE(e.find("got \"sine\""), std::string::npos) << e;
}

TEST(ModelJson, MoeNeedsExpertsPerToken) {
  EXPECT_EQ(
      error_of(with("\"vocab_size\"", "\"num_local_experts\": 8, \"vocab_size\"")),
      "models/bad.json: num_experts_per_tok: missing, expected a positive integer up to 100000000");
}

// Another of roofline's files picked in the wrong place is named for what it is.
TEST(ModelJson, AGpuPresetOrAScenarioIsNotAModel) {
  const auto gpu = parse_model(
      R"({"id": "x", "name": "X", "memory_bandwidth": 3.35e12, "memory_capacity": 8e10,
          "peak_flops": {"bf16": 989e12}})",
      "h100.json", "h100");
  ASSERT_FALSE(gpu);
  EXPECT_EQ(gpu.error(),
            "h100.json: this is a GPU preset (it has memory_bandwidth and peak_flops), not a "
            "model's config.json: load it as the GPU");
  const auto scenario =
      parse_model(R"({"gpu": "h100-sxm", "model": "llama-3-8b", "batch": 4})", "mine.json", "mine");
  ASSERT_FALSE(scenario);
  EXPECT_EQ(scenario.error(),
            "mine.json: this is a scenario file (it has gpu and model), not a model's "
            "config.json: open it with File > Open scenario");
  const auto model_as_gpu = parse_gpu(
      R"({"model_type": "llama", "hidden_size": 4096, "num_hidden_layers": 32})", "config.json");
  ASSERT_FALSE(model_as_gpu);
  EXPECT_EQ(model_as_gpu.error(),
            "config.json: this is a model's config.json (it has num_hidden_layers or hidden_size), "
            "not a GPU preset: load it as the model");
}

}  // namespace
}  // namespace roofline
