#include "roofline/model_config.h"

#include <gtest/gtest.h>

#include "test_fixtures.h"

namespace roofline {
namespace {

using namespace roofline::testing;

TEST(ModelConfig, TinyParameterCountExact) {
  // per layer: q 64*64 = 4096, k 64*32 = 2048, v 2048, o 4096 -> 12288
  //            gate, up, down 3*64*128 = 24576; norms 2*64 = 128 -> 36992
  // 2 layers 73984 + embeddings 100*64 = 6400 + lm_head 6400 + final norm 64 = 86848
  EXPECT_EQ(parameter_count(tiny_dense()), 86848.0);
}

TEST(ModelConfig, TinyTiedEmbeddingsCountOnce) {
  ModelConfig m = tiny_dense();
  m.tie_word_embeddings = true;
  // 86848 - 6400 = 80448
  EXPECT_EQ(parameter_count(m), 80448.0);
}

TEST(ModelConfig, TinyGeluHasTwoMlpMatrices) {
  // per layer: 12288 + 2*64*128 = 16384 + 128 = 28800; *2 = 57600 + 12800 + 64 = 70464
  EXPECT_EQ(parameter_count(tiny_gelu()), 70464.0);
}

TEST(ModelConfig, TinyNormsAndEmbedding) {
  // norms: 2 per layer * 2 layers * 64 + final 64 = 320, the model's only vectors
  EXPECT_EQ(count_parameters(tiny_dense()).vectors, 320.0);
  // V*d = 100*64 = 6400
  EXPECT_EQ(embedding_parameter_count(tiny_dense()), 6400.0);
}

TEST(ModelConfig, TinyMoeParameterCount) {
  // attention + norms per layer 12288 + 128 = 12416; *2 = 24832
  // layer 0 dense MLP 3*64*128 = 24576
  // layer 1 MoE: router 64*4 = 256, experts 4 * 3*64*32 = 24576, shared 3*64*(1*32) = 6144
  //   -> 30976
  // + embeddings and lm_head 12800 + final norm 64
  // 24832 + 24576 + 30976 + 12800 + 64 = 93248
  EXPECT_EQ(parameter_count(tiny_moe()), 93248.0);
}

TEST(ModelConfig, TinyMlaParameterCount) {
  // per layer: q_a 64*32 = 2048, q_b 32*4*(8+4) = 1536, kv_a 64*(16+4) = 1280,
  //   kv_b 16*4*(8+8) = 1024 (counted once), o 4*8*64 = 2048 -> 7936
  //   MLP 24576, norms 128 -> 32640; *2 = 65280 + 12800 + 64 = 78144,
  // plus the latent norms (q_a_layernorm rq, kv_a_layernorm rkv: transformers' DeepseekV3
  // attention has both) 2*(32+16) = 96 -> 78240.
  EXPECT_EQ(parameter_count(tiny_mla()), 78240.0);
}

TEST(ModelConfig, Llama3_8bParameters) {
  // per layer: q 4096^2 = 16777216, k,v 4096*1024 = 4194304 each, o 16777216 -> 41943040
  //   MLP 3*4096*14336 = 176160768, norms 8192 -> 218112000; *32 = 6979584000
  // embeddings + lm_head 2*128256*4096 = 1050673152, final norm 4096
  // total 8030261248 -> 8.03e9
  EXPECT_EQ(parameter_count(llama3_8b()), 8030261248.0);
  EXPECT_NEAR(parameter_count(llama3_8b()) / 1e9, 8.03, 0.005);
}

TEST(ModelConfig, Llama3_70bParameters) {
  // per layer: q,o 8192^2 = 67108864 each, k,v 8192*1024 = 8388608 each -> 150994944
  //   MLP 3*8192*28672 = 704643072, norms 16384 -> 855654400; *80 = 68452352000
  // embeddings + lm_head 2*128256*8192 = 2101346304, final norm 8192
  // total 70553706496 -> 70.55e9
  EXPECT_EQ(parameter_count(llama3_70b()), 70553706496.0);
  EXPECT_NEAR(parameter_count(llama3_70b()) / 1e9, 70.55, 0.005);
}

TEST(ModelConfig, MixtralParameters) {
  // per layer: attention 41943040, router 4096*8 = 32768, experts 8*3*4096*14336 = 1409286144,
  //   norms 8192 -> 1451270144; *32 = 46440644608
  // embeddings + lm_head 2*32000*4096 = 262144000, final norm 4096 -> 46702792704 (46.7e9)
  EXPECT_EQ(parameter_count(mixtral_8x7b()), 46702792704.0);
}

TEST(ModelConfig, DeepSeekV3Parameters) {
  // Published: 671e9 (main model, without the MTP module). By §2/§5/§6:
  // attention per layer: q_a 7168*1536 = 11010048, q_b 1536*128*192 = 37748736,
  //   kv_a 7168*576 = 4128768, kv_b 512*128*256 = 16777216, o 128*128*7168 = 117440512
  //   -> 187105280; norms 14336
  // 3 dense MLPs 3*7168*18432 = 396361728 each
  // 58 MoE layers: router 7168*256 = 1835008, experts 256*3*7168*2048 = 11274289152,
  //   shared 3*7168*2048 = 44040192 -> 11320164352
  // 61*(187105280 + 14336) + 3*396361728 + 58*11320164352 + 2*129280*7168 + 7168
  //   = 11414296576 + 1189085184 + 656569532416 + 1853358080 + 7168 = 671026279424
  // + the latent norms 61*(1536+512) = 124928 and the routers' e_score_correction_bias
  //   58*256 = 14848 -> 671026419200 ~ 671.03e9
  EXPECT_EQ(parameter_count(deepseek_v3()), 671026419200.0);
}

TEST(ModelConfig, KvElementsPerToken) {
  EXPECT_EQ(kv_elements_per_token(tiny_dense()), 64);    // 2*Hkv*dh = 2*2*16
  EXPECT_EQ(kv_elements_per_token(llama3_8b()), 2048);   // 2*8*128
  EXPECT_EQ(kv_elements_per_token(tiny_mla()), 20);      // rkv + d_rope = 16 + 4
  EXPECT_EQ(kv_elements_per_token(deepseek_v3()), 576);  // 512 + 64
}

TEST(ModelConfig, ValidAccepted) {
  EXPECT_EQ(validate(tiny_dense()), "");
  EXPECT_EQ(validate(llama3_70b()), "");
  EXPECT_EQ(validate(tiny_moe()), "");
  EXPECT_EQ(validate(tiny_mla()), "");
  EXPECT_EQ(validate(deepseek_v3()), "");
}

TEST(ModelConfig, ZeroLayersRejectedNamingTheKey) {
  ModelConfig m = tiny_dense();
  m.layers = 0;
  EXPECT_NE(validate(m).error().find("num_hidden_layers"), std::string::npos) << validate(m);
}

TEST(ModelConfig, HeadsNotDivisibleByKvHeadsRejected) {
  ModelConfig m = tiny_dense();
  m.heads = 32;
  m.kv_heads = 5;
  std::string msg = validate(m).error();
  EXPECT_NE(msg.find("num_attention_heads"), std::string::npos) << msg;
  EXPECT_NE(msg.find("num_key_value_heads"), std::string::npos) << msg;
}

TEST(ModelConfig, ZeroHiddenRejected) {
  ModelConfig m = tiny_dense();
  m.hidden = 0;
  EXPECT_NE(validate(m).error().find("hidden_size"), std::string::npos) << validate(m);
}

}  // namespace
}  // namespace roofline
