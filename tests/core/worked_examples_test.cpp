// The worked examples of core/MODEL.md §12, each to the digits the spec gives (half a unit of
// the last digit).
#include <gtest/gtest.h>

#include "roofline/analysis.h"
#include "roofline/hardware.h"
#include "test_fixtures.h"

namespace roofline {
namespace {

using namespace roofline::testing;

TEST(WorkedExamples, RidgeH100) {
  Analysis bf16 = analyze(decode(h100_sxm(), llama3_8b(), 1, 1));
  // 989e12 / 3.35e12 = 295.22
  EXPECT_NEAR(bf16.ridge_point, 295.2, 0.05);
  EXPECT_EQ(bf16.roof_precision, Precision::bf16);
  Scenario s = decode(h100_sxm(), llama3_8b(), 1, 1);
  s.weights = s.activations = Precision::fp8;
  Analysis fp8 = analyze(s);
  // 1979e12 / 3.35e12 = 590.75
  EXPECT_NEAR(fp8.ridge_point, 590.7, 0.05);
  EXPECT_EQ(fp8.roof_precision, Precision::fp8);
}

TEST(WorkedExamples, RuleOfThumb) {
  // 8e9 params * 2 bytes / 3.35e12 = 4.776e-3 s -> 4.78 ms; 1 / 4.776e-3 = 209.4 -> 209 tok/s
  double t = 8e9 * bytes_per_element(Precision::bf16) / h100_sxm().memory_bandwidth_bytes_per_s;
  EXPECT_NEAR(t * 1e3, 4.78, 0.005);
  EXPECT_NEAR(1 / t, 209, 0.5);
  // The real step sits just under 2*P/bw: P = 8030261248 -> 2*P/3.35e12 = 4.794 ms.
  Analysis a = analyze(decode(h100_sxm(), llama3_8b(), 1, 1));
  double rule = 2 * parameter_count(llama3_8b()) / 3.35e12;
  EXPECT_LT(a.totals.time_s, rule);
  EXPECT_GT(a.totals.time_s, 0.9 * rule);
}

TEST(WorkedExamples, Llama3_8bDecodeBatch1) {
  Analysis a = analyze(decode(h100_sxm(), llama3_8b(), 1, 1));
  // streamed weights (P - V*d)*2 = (8030261248 - 525336576)*2 = 15009849344 bytes
  // / 3.35e12 = 4.4806e-3 s, + KV and activations (tiny at S = 1) -> 4.484 ms -> 4.48 ms
  EXPECT_NEAR(a.totals.time_s * 1e3, 4.48, 0.005);
  // 1 / 4.484e-3 = 223.0
  EXPECT_NEAR(a.totals.tokens_per_s, 223, 0.5);
  // The embedding table is gathered, not streamed: the ops read every weight but V*d.
  double weight_bytes = 0;
  for (const OpCost& op : a.ops) weight_bytes += op.weight_bytes;
  EXPECT_DOUBLE_EQ(weight_bytes, 15009849344.0);
  // weights in memory: P*2 = 16060522496
  EXPECT_DOUBLE_EQ(a.totals.weights_bytes, 16060522496.0);
}

TEST(WorkedExamples, Llama3_70bDecodeBatch1To256) {
  Analysis b1 = analyze(decode(h100_sxm(), llama3_70b(), 1, 1));
  // streamed (70553706496 - 1050673152)*2 = 139006066688 bytes / 3.35e12 = 41.49 ms -> 41.5
  EXPECT_NEAR(b1.totals.time_s * 1e3, 41.5, 0.05);
  EXPECT_NEAR(b1.totals.tokens_per_s, 24, 0.5);  // 1 / 41.51e-3 = 24.09
  // fc intensity: sum 2*K*N / sum (2*K*N + 2*K + 2*N) = 0.99981 -> 1.0
  EXPECT_NEAR(b1.fc.intensity, 1.0, 0.05);

  Analysis b256 = analyze(decode(h100_sxm(), llama3_70b(), 256, 1));
  // 45.77 ms -> 45.8; 256 / 45.77e-3 = 5593 -> "5,590" (3 significant digits in the spec)
  EXPECT_NEAR(b256.totals.time_s * 1e3, 45.8, 0.05);
  EXPECT_NEAR(b256.totals.tokens_per_s, 5590, 5);
  // fc intensity: sum 2*256*K*N / sum (2*K*N + 512*K + 512*N) = 244.23 -> 244
  EXPECT_NEAR(b256.fc.intensity, 244, 0.5);
  EXPECT_EQ(b256.fc.bound, Bound::memory);  // 244 < 295.2
}

TEST(WorkedExamples, DecodeFcIntensityIsAboutBatch) {
  // d >> B: 2*B*K*N / (K*N*bw + B*(K+N)*2) -> B for bf16 weights, 2*B for fp8 weights.
  // At B = 16 the B*(K+N) term costs 0.3% (bf16: 15.95) and 0.6% (fp8: 31.81).
  for (int64_t b : {1, 2, 4, 8, 16}) {
    SCOPED_TRACE(b);
    Scenario s = decode(h100_sxm(), llama3_70b(), b, 1);
    EXPECT_TRUE(rel_near(analyze(s).fc.intensity, static_cast<double>(b), 0.01));
    s.weights = Precision::fp8;
    EXPECT_TRUE(rel_near(analyze(s).fc.intensity, 2.0 * static_cast<double>(b), 0.01));
  }
}

TEST(WorkedExamples, Llama3_8bAttentionIntensityAtAnyBatch) {
  // 32*1024*517 / (2*1024*8*128*2 + 2*32*128*2) = 16941056 / 4210688 = 4.0233 -> 4.02
  for (int64_t b : {1, 8, 64, 256}) {
    SCOPED_TRACE(b);
    Analysis a = analyze(decode(h100_sxm(), llama3_8b(), b, 1024));
    const OpCost* att = a.find_op("attention");
    ASSERT_NE(att, nullptr);
    EXPECT_NEAR(att->intensity, 4.02, 0.005);
    EXPECT_NEAR(a.attention.intensity, 4.02, 0.005);
  }
}

TEST(WorkedExamples, PrefillFcIntensityOf4096Square) {
  // A config whose q_proj is 4096x4096 (H*dh = 32*128 = d).
  ModelConfig m = dense_model("square", 1, 4096, 32, 32, 128, 11008, 32000);
  // T*4096 / (4096 + 2*T): 512*4096/5120 = 409.6 -> 410; 2048*4096/8192 = 1024
  const OpCost* q = nullptr;
  Analysis a512 = analyze(prefill(h100_sxm(), m, 1, 512));
  q = a512.find_op("q_proj");
  ASSERT_NE(q, nullptr);
  EXPECT_NEAR(q->intensity, 410, 0.5);
  Analysis a2048 = analyze(prefill(h100_sxm(), m, 1, 2048));
  q = a2048.find_op("q_proj");
  ASSERT_NE(q, nullptr);
  EXPECT_NEAR(q->intensity, 1024, 0.5);
  EXPECT_EQ(q->bound, Bound::compute);  // 1024 > 295.2
}

}  // namespace
}  // namespace roofline
