// Speculative decoding (core/MODEL.md §14): the verify step's operators, the tokens a step makes,
// the drafting passes and a request's time per output token, worked by hand on tiny_dense
// (2 layers, d 64, 4 heads and 2 KV heads of 16, MLP 128, vocabulary 100) on the toy GPU.

#include <gtest/gtest.h>

#include "roofline/analysis.h"
#include "roofline/requests.h"
#include "roofline/sweep.h"
#include "test_fixtures.h"

namespace roofline {
namespace {

using namespace roofline::testing;

Scenario speculating(int64_t k, double acceptance) {
  Scenario s = decode(toy_gpu(), tiny_dense(), 2, 8);
  s.kv = Precision::bf16;
  s.spec = SpecMethod::mtp;
  s.spec_tokens = k;
  s.spec_acceptance = acceptance;
  return s;
}

// Leviathan et al. 2023: k drafted tokens each accepted with chance a give (1 − a^(k+1))/(1 − a).
TEST(Speculative, AcceptedTokensPerStep) {
  EXPECT_DOUBLE_EQ(accepted_tokens_per_step(speculating(1, 0.85)), 1.85);
  EXPECT_DOUBLE_EQ(accepted_tokens_per_step(speculating(3, 0.5)), 1.875);  // 1 + .5 + .25 + .125
  EXPECT_DOUBLE_EQ(accepted_tokens_per_step(speculating(3, 1.0)), 4);
  Scenario off = speculating(3, 0.5);
  off.spec = SpecMethod::none;
  EXPECT_DOUBLE_EQ(accepted_tokens_per_step(off), 1);
  Scenario prefill = speculating(3, 0.5);
  prefill.phase = Phase::prefill;  // speculation is a decode matter
  EXPECT_FALSE(speculative(prefill));
  EXPECT_EQ(query_tokens(prefill), 1);
  EXPECT_EQ(query_tokens(speculating(3, 0.5)), 4);
}

// The verify step runs k + 1 = 4 tokens of each of the 2 sequences through every matmul, and
// each sequence's cache is read once for its 4 queries.
TEST(Speculative, VerifyStepChecksEveryDraftedTokenAgainstOneCacheRead) {
  const Scenario s = speculating(3, 0.5);
  Scenario plain = s;
  plain.spec = SpecMethod::none;
  const Analysis a = analyze(s), p = analyze(plain);
  // q_proj: 2·M·d·d·L = 2·8·64·64·2 = 131,072 FLOPs (4 x the plain step's 32,768); bytes: the
  // weights 64·64·2 B·2 layers = 16,384 and M·(d + d)·2 B·2 layers = 8·128·4 = 4,096.
  EXPECT_DOUBLE_EQ(a.find_op("q_proj")->flops, 131072);
  EXPECT_DOUBLE_EQ(p.find_op("q_proj")->flops, 32768);
  EXPECT_DOUBLE_EQ(a.find_op("q_proj")->bytes, 16384 + 4096);
  // Attention: 4 x the FLOPs, the same cache bytes (B·S·2·Hkv·dh·2 B·L = 2·8·2·2·16·2·2 = 4,096).
  EXPECT_DOUBLE_EQ(a.find_op("attention")->kv_bytes, 4096);
  EXPECT_DOUBLE_EQ(p.find_op("attention")->kv_bytes, 4096);
  EXPECT_DOUBLE_EQ(a.find_op("attention")->flops, 4 * p.find_op("attention")->flops);
  // Every verified token gets its logits: lm_head 2·8·64·100 = 102,400 FLOPs.
  EXPECT_DOUBLE_EQ(a.find_op("lm_head")->flops, 102400);
}

// Drafting: k passes of one average layer of the plain step and its output table; the step's
// time holds them, and its tokens are the accepted ones.
TEST(Speculative, DraftingAndThroughput) {
  const Scenario s = speculating(3, 0.5);
  Scenario plain = s;
  plain.spec = SpecMethod::none;
  const Analysis a = analyze(s), p = analyze(plain);
  double out = 0, ops = 0;
  for (const OpCost& op : p.ops) {
    if (op.name == "final_norm" || op.name == "lm_head") out += op.time_s;
  }
  for (const OpCost& op : a.ops) ops += op.time_s;
  // No calibration, no tp: the plain step is its ops.
  const double draft = 3 * ((p.totals.time_s - out) / 2 + out);
  EXPECT_DOUBLE_EQ(a.totals.draft_time_s, draft);
  EXPECT_DOUBLE_EQ(a.totals.time_s, ops + draft);
  EXPECT_DOUBLE_EQ(a.totals.accepted_tokens_per_step, 1.875);
  EXPECT_DOUBLE_EQ(a.totals.tokens_per_s, 2 * 1.875 / a.totals.time_s);
  EXPECT_DOUBLE_EQ(a.totals.tokens_per_s_per_user, 1.875 / a.totals.time_s);
  EXPECT_EQ(p.totals.draft_time_s, 0);
  // A 2-layer model's draft head is half the model: 3 passes cost more than 1.875 tokens gain.
  EXPECT_LT(a.totals.tokens_per_s, p.totals.tokens_per_s);
}

// Llama-3-8B at batch 1 on an H100 is memory-bound: verifying 2 tokens reads the weights once,
// and one MTP pass is a 32nd of the layers plus the 1.05 GB output table, so 1.85 tokens a step
// come 1.68x faster (1.85 x 4.56 ms / (4.56 ms + 0.45 ms)).
TEST(Speculative, PaysWhenMemoryBound) {
  Scenario s = decode(h100_sxm(), llama3_8b(), 1, 1024);
  const double plain = analyze(s).totals.tokens_per_s;
  s.spec = SpecMethod::mtp;
  const Analysis a = analyze(s);
  EXPECT_NEAR(a.totals.tokens_per_s / plain, 1.68, 0.02);
}

// A request's decode steps each make τ tokens: its decode time is the steps' over τ, and one
// whole step at least.
TEST(Speculative, RequestTimePerOutputToken) {
  const Scenario s = speculating(3, 0.5);
  Scenario step = s;
  step.seq = 9;
  const double one_step = analyze(step).totals.time_s;
  // osl 2: one token to decode, one verify step (it could have made 1.875).
  auto r = request(s, 8, 2);
  ASSERT_TRUE(r) << r.error();
  EXPECT_NEAR(r.value().tpot_s, one_step, 1e-15);
  // osl 3: two tokens, at contexts 9 and 10, over 1.875 tokens a step (the drafting passes'
  // attention is counted at the first context: 0.07 % here).
  step.seq = 10;
  auto r3 = request(s, 8, 3);
  ASSERT_TRUE(r3) << r3.error();
  const double steps = (one_step + analyze(step).totals.time_s) / 1.875;
  EXPECT_NEAR(r3.value().tpot_s * 2, steps, 2e-3 * steps);
}

// Where speculation stops paying: Llama-3-8B at a short context (the matmuls dominate) on an
// H100: the verify step's matmuls reach the ridge at half the plain step's batch, and beyond it a
// step of 2 tokens costs about 2 plain steps plus the drafting. The batch found pays one below.
TEST(Speculative, StopsPayingWhereTheVerifyStepIsComputeBound) {
  Scenario s = decode(h100_sxm(), llama3_8b(), 1, 128);
  s.spec = SpecMethod::mtp;
  const std::optional<int64_t> b = speculation_stops_paying(s, kMaxBatch);
  ASSERT_TRUE(b);
  auto ratio = [&](int64_t batch) {
    Scenario with = s, without = s;
    with.batch = without.batch = batch;
    without.spec = SpecMethod::none;
    return analyze(with).totals.tokens_per_s / analyze(without).totals.tokens_per_s;
  };
  EXPECT_LE(ratio(*b), 1);
  EXPECT_GT(ratio(*b - 1), 1);
  // The plain step's matmuls reach the ridge (295 FLOP/B) near batch 150 with bf16 weights: the
  // verify step of 2 tokens a sequence near 75; speculation stops paying above that.
  EXPECT_GT(*b, 75);
  EXPECT_LT(*b, 600);
  Scenario plain = s;
  plain.spec = SpecMethod::none;
  EXPECT_FALSE(speculation_stops_paying(plain, kMaxBatch));
}

}  // namespace
}  // namespace roofline
