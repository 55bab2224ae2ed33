// Requests (core/MODEL.md §10): the closed-form decode sum against one analysis per token, TTFT,
// throughput and the memory check, the frontier's Pareto points, and bad input.
#include "roofline/requests.h"

#include <gtest/gtest.h>

#include "test_fixtures.h"

namespace roofline {
namespace {

using namespace roofline::testing;

// The decode steps at contexts isl + 1 … isl + osl − 1, one analysis each.
double brute_force(Scenario s, int64_t isl, int64_t osl, bool expected) {
  s.phase = Phase::decode;
  double sum = 0;
  for (int64_t S = isl + 1; S <= isl + osl - 1; ++S) {
    s.seq = S;
    const Analysis a = analyze(s);
    sum += expected ? a.totals.time_s : a.totals.roofline_time_s;
  }
  return sum;
}

void expect_exact_sum(const Scenario& s, int64_t isl, int64_t osl) {
  auto r = request(s, isl, osl);
  ASSERT_TRUE(r) << r.error();
  const double expected = brute_force(s, isl, osl, true);
  const double bound = brute_force(s, isl, osl, false);
  EXPECT_TRUE(rel_near(r->e2e_s - r->ttft_s, expected, 1e-9))
      << r->e2e_s - r->ttft_s << " vs " << expected;
  EXPECT_TRUE(rel_near(r->roofline_e2e_s - r->roofline_ttft_s, bound, 1e-9))
      << r->roofline_e2e_s - r->roofline_ttft_s << " vs " << bound;
  EXPECT_TRUE(rel_near(r->tpot_s, expected / static_cast<double>(osl - 1), 1e-9));
}

TEST(Requests, DecodeSumIsExactOverEveryKindOfLayer) {
  for (const ModelConfig& m : {tiny_dense(), tiny_sliding(), tiny_chunked(), tiny_linear(),
                               tiny_hybrid(), tiny_dsa(), tiny_moe()}) {
    SCOPED_TRACE(m.id);
    for (bool calibrated : {false, true}) {
      Scenario s = decode(toy_gpu(), m, 3, 1);
      if (calibrated) s.calibration = toy_calibration();
      // Across the sliding window (8), several chunks (8) and the indexer's top-k (16).
      expect_exact_sum(s, 5, 40);
      expect_exact_sum(s, 1, 2);
      s.flash_attention = false;
      expect_exact_sum(s, 13, 27);
    }
  }
}

TEST(Requests, TtftThroughputAndMemory) {
  Scenario s = decode(toy_gpu(), tiny_dense(), 4, 1);
  auto r = request(s, 10, 6);
  ASSERT_TRUE(r) << r.error();
  Scenario p = prefill(toy_gpu(), tiny_dense(), 4, 10);
  EXPECT_DOUBLE_EQ(r->ttft_s, analyze(p).totals.time_s);
  EXPECT_DOUBLE_EQ(r->e2e_s, r->ttft_s + 5 * r->tpot_s);
  EXPECT_DOUBLE_EQ(r->output_tokens_per_s, 4 * 6 / r->e2e_s);
  EXPECT_DOUBLE_EQ(r->total_tokens_per_s, 4 * 16 / r->e2e_s);
  EXPECT_DOUBLE_EQ(r->tokens_per_s_per_user, 1 / r->tpot_s);
  // The cache when the last token is written: 4 sequences of 16 tokens, 2 layers, 128 B each.
  EXPECT_DOUBLE_EQ(r->memory().kv_cache_bytes, 4 * 16 * 2 * 128);
  s.tp = 2;
  auto r2 = request(s, 10, 6);
  ASSERT_TRUE(r2) << r2.error();
  EXPECT_DOUBLE_EQ(r2->output_tokens_per_s_per_gpu, r2->output_tokens_per_s / 2);
}

TEST(Requests, OneOutputTokenHasNoDecodeStep) {
  auto r = request(decode(toy_gpu(), tiny_dense(), 1, 1), 10, 1);
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->tpot_s, 0);
  EXPECT_DOUBLE_EQ(r->e2e_s, r->ttft_s);
  ASSERT_FALSE(r->warnings.empty());
}

TEST(Requests, BadInputIsNamed) {
  Scenario s = decode(toy_gpu(), tiny_dense(), 1, 1);
  EXPECT_EQ(request(s, 10, 0).error(), "osl must be a positive number of output tokens, got 0");
  EXPECT_EQ(request(s, 0, 5).error(), "isl must be a positive number of prompt tokens, got 0");
  s.model.max_context = 16;
  EXPECT_EQ(request(s, 12, 8).error(),
            "isl + osl (20 tokens) is beyond tiny's context limit of 16 tokens "
            "(max_position_embeddings)");
  EXPECT_EQ(request(s, 12, 4).error(), "");
}

TEST(Requests, FrontierMarksTheParetoPoints) {
  Scenario s = decode(h100_sxm(), llama3_8b(), 1, 1);
  const int64_t tps[] = {1, 2};
  const Precision ps[] = {Precision::bf16, Precision::fp8};
  auto f = frontier(s, tps, ps, 1024, 256, 12);
  ASSERT_TRUE(f) << f.error();
  ASSERT_GT(f->size(), 20u);
  int pareto = 0;
  for (const FrontierPoint& p : *f) {
    EXPECT_DOUBLE_EQ(p.tokens_per_s_per_user, 1 / p.tpot_s);
    EXPECT_DOUBLE_EQ(p.tokens_per_s_per_gpu,
                     static_cast<double>(p.batch) / p.tpot_s / static_cast<double>(p.tp));
    if (!p.pareto) continue;
    ++pareto;
    EXPECT_TRUE(p.fits_in_memory);
    for (const FrontierPoint& q : *f) {  // nothing that fits beats it on both axes
      if (!q.fits_in_memory) continue;
      EXPECT_FALSE(q.tokens_per_s_per_user > p.tokens_per_s_per_user &&
                   q.tokens_per_s_per_gpu > p.tokens_per_s_per_gpu);
    }
  }
  EXPECT_GT(pareto, 2);
  // The fastest single stream is fp8 at batch 1 on 2 GPUs: fewest bytes a GPU reads per token.
  const FrontierPoint* fastest = &f->front();
  for (const FrontierPoint& p : *f)
    if (p.tokens_per_s_per_user > fastest->tokens_per_s_per_user) fastest = &p;
  EXPECT_EQ(fastest->batch, 1);
  EXPECT_EQ(fastest->tp, 2);
  EXPECT_EQ(fastest->precision, Precision::fp8);
  EXPECT_TRUE(fastest->pareto);
}

}  // namespace
}  // namespace roofline
