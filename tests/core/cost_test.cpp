// Cost and energy (core/MODEL.md §16): US dollars per million tokens at a price of a GPU-hour,
// joules per token at the GPU's board power, on the step, a request and the frontier.

#include <gtest/gtest.h>

#include "roofline/analysis.h"
#include "roofline/compare.h"
#include "roofline/requests.h"
#include "roofline/units.h"
#include "test_fixtures.h"

namespace roofline {
namespace {

using namespace roofline::testing;

Scenario priced(double usd, double watts, int64_t tp = 1) {
  Scenario s = decode(toy_gpu(), tiny_dense(), 2, 8);
  s.gpu.board_power_w = watts;
  s.gpu_hour_usd = usd;
  s.tp = tp;
  return s;
}

// $3.60 an hour is $0.001 a second: at 1,000 tokens/s a GPU makes 10^6 tokens for $1. 500 W
// over 1,000 tokens/s is 0.5 J a token.
TEST(Cost, PerMillionTokensAndPerToken) {
  const Scenario s = priced(3.6, 500);
  EXPECT_DOUBLE_EQ(cost_per_mtok_usd(s, 1000), 1.0);
  EXPECT_DOUBLE_EQ(energy_per_token_j(s, 1000), 0.5);
  EXPECT_DOUBLE_EQ(cost_per_mtok_usd(s, 250), 4.0);
  EXPECT_DOUBLE_EQ(energy_per_token_j(s, 250), 2.0);
  // No rate, no price, no power: none (0), not infinity.
  EXPECT_EQ(cost_per_mtok_usd(s, 0), 0);
  EXPECT_EQ(cost_per_mtok_usd(priced(0, 500), 1000), 0);
  Scenario unpowered = s;
  unpowered.gpu.board_power_w.reset();
  EXPECT_EQ(energy_per_token_j(unpowered, 1000), 0);
}

// The scenario's price wins; 0 takes the GPU preset's; neither is none.
TEST(Cost, ScenarioPriceOverGpuPrice) {
  Scenario s = priced(0, 500);
  EXPECT_FALSE(gpu_hour_price(s).has_value());
  s.gpu.gpu_hour_usd = 1.8;
  EXPECT_EQ(gpu_hour_price(s), 1.8);
  EXPECT_DOUBLE_EQ(cost_per_mtok_usd(s, 1000), 0.5);
  s.gpu_hour_usd = 7.2;
  EXPECT_EQ(gpu_hour_price(s), 7.2);
  EXPECT_DOUBLE_EQ(cost_per_mtok_usd(s, 1000), 2.0);
}

// A step: the batch's tokens over the step time, per GPU. tp 2 halves the tokens/s per GPU at
// the same rate, so each token costs the two GPUs' hours.
TEST(Cost, StepTotals) {
  for (int64_t tp : {1, 2}) {
    const Scenario s = priced(3.6, 500, tp);
    const Totals t = analyze(s).totals;
    const double per_gpu = 2 / t.time_s / static_cast<double>(tp);  // B = 2 tokens a step
    EXPECT_DOUBLE_EQ(t.tokens_per_s_per_gpu, per_gpu);
    EXPECT_DOUBLE_EQ(t.cost_per_mtok_usd, 1e3 / per_gpu) << tp;  // $0.001/s over the rate, × 1e6
    EXPECT_DOUBLE_EQ(t.energy_per_token_j, 500 / per_gpu) << tp;
  }
  EXPECT_EQ(analyze(priced(0, 500)).totals.cost_per_mtok_usd, 0);
}

// A request: every output token of the batch over the whole end to end (the prefill's time is
// paid for too): price × tp × e2e / (3600 × B × OSL) × 10^6.
TEST(Cost, RequestPerOutputToken) {
  Scenario s = priced(3.6, 500, 2);
  s.batch = 4;
  const auto r = request(s, 16, 9);
  ASSERT_TRUE(r) << r.error();
  EXPECT_DOUBLE_EQ(r->cost_per_mtok_usd, 1e3 * 2 * r->e2e_s / (4 * 9));
  EXPECT_DOUBLE_EQ(r->energy_per_token_j, 500 * 2 * r->e2e_s / (4 * 9));
}

// A frontier point: the decode step's tokens per GPU, B / TPOT / tp.
TEST(Cost, FrontierPoints) {
  const Scenario s = priced(3.6, 500);
  const int64_t tps[] = {1, 2};
  const auto points = frontier(s, tps, {}, 16, 9, 3);
  ASSERT_TRUE(points) << points.error();
  for (const FrontierPoint& p : *points) {
    const double per_gpu = static_cast<double>(p.batch) / p.tpot_s / static_cast<double>(p.tp);
    EXPECT_DOUBLE_EQ(p.cost_per_mtok_usd, 1e3 / per_gpu);
    EXPECT_DOUBLE_EQ(p.energy_per_token_j, 500 / per_gpu);
  }
}

// The compare GPU is priced at its own preset's price, never at the scenario's (the first GPU's).
TEST(Cost, CompareGpuKeepsItsOwnPrice) {
  const Scenario s = priced(3.6, 500);
  GpuSpec other = toy_gpu();
  other.board_power_w = 250;
  EXPECT_EQ(analyze_on_gpu(s, other).totals.cost_per_mtok_usd, 0);
  other.gpu_hour_usd = 1.8;
  const Totals t = analyze_on_gpu(s, other).totals;
  EXPECT_DOUBLE_EQ(t.cost_per_mtok_usd, 1.8 / 3600 / t.tokens_per_s_per_gpu * 1e6);
  EXPECT_DOUBLE_EQ(t.energy_per_token_j, 250 / t.tokens_per_s_per_gpu);
}

TEST(Cost, Units) {
  EXPECT_EQ(format_energy(0.0794), "79.4 mJ");
  EXPECT_EQ(format_energy(1.2), "1.20 J");
  EXPECT_EQ(format_energy(3400), "3.40 kJ");
  EXPECT_EQ(format_energy(52e-6), "52.0 µJ");
  EXPECT_EQ(format_usd(0.0788), "$0.0788");
  EXPECT_EQ(format_usd(12.34), "$12.3");
  EXPECT_EQ(format_usd(2.5), "$2.50");
  EXPECT_EQ(format_usd(1234.4), "$1,234");
  EXPECT_EQ(format_usd(-2.5), "-$2.50");
  EXPECT_EQ(format_usd(0), "$0");
}

}  // namespace
}  // namespace roofline
