// Compare mode (core compare.h): the step on a second GPU, as {compare.*} lesson values use it.

#include <gtest/gtest.h>

#include <cmath>

#include "lesson_fixtures.h"
#include "roofline/compare.h"

namespace roofline {
namespace {

using test::lib;
using test::scenario;

TEST(Compare, SpeedupIsTheRatioOfStepTimes) {
  const Scenario s = scenario();  // Llama-3-8B decode, batch 1, H100 SXM
  const CompareResult c = compare(s, lib().gpu("h200").value());
  const Analysis base = analyze(s);
  Scenario on_h200 = s;
  on_h200.gpu = lib().gpu("h200").value();
  const Analysis other = analyze(on_h200);
  EXPECT_DOUBLE_EQ(c.base.totals.time_s, base.totals.time_s);
  EXPECT_DOUBLE_EQ(c.other.totals.time_s, other.totals.time_s);
  EXPECT_DOUBLE_EQ(c.speedup, base.totals.time_s / other.totals.time_s);
  EXPECT_EQ(c.other.ops.size(), base.ops.size());
  // Every op is memory-bound on both and the compute is the same: the step times are in the
  // ratio of the bandwidths, 4.8 / 3.35 = 1.4328.
  EXPECT_NEAR(c.speedup, 4.8 / 3.35, 1e-9);
}

TEST(Compare, AnalyzeOnGpuKeepsTheWorkloadAndSwapsTheGpu) {
  Scenario s = scenario();                             // Llama-3-8B decode, batch 1, H100 SXM
  s.compare_gpu = lib().gpu("a100-80gb-sxm").value();  // plays no part
  const Analysis a = analyze_on_gpu(s, lib().gpu("h200").value());
  EXPECT_DOUBLE_EQ(a.bandwidth, 4.8e12);
  ASSERT_EQ(a.ops[1].name, "q_proj");
  // 32 layers x (4096x4096 bf16 weights + 4096 bf16 in + 4096 bf16 out) = 1,074,266,112 B,
  // at 4.8 TB/s.
  EXPECT_DOUBLE_EQ(a.ops[1].bytes, 1'074'266'112.0);
  EXPECT_NEAR(a.ops[1].time_s, 1'074'266'112.0 / 4.8e12, 1e-18);
  EXPECT_DOUBLE_EQ(a.totals.time_s, compare(s, lib().gpu("h200").value()).other.totals.time_s);
}

TEST(Compare, ComputeBoundPrefillFollowsTheComputeRoof) {
  Scenario s = scenario("a100-80gb-sxm");
  s.phase = Phase::prefill;
  s.seq = 2048;
  const CompareResult c = compare(s, lib().gpu("h100-sxm").value());
  EXPECT_DOUBLE_EQ(c.speedup, c.base.totals.time_s / c.other.totals.time_s);
  // Mostly compute-bound: between the bandwidth ratio (1.64) and the compute ratio (3.17).
  EXPECT_GT(c.speedup, 3.35 / 2.039);
  EXPECT_LT(c.speedup, 989.0 / 312.0);
}

TEST(Compare, NoSpeedupWhenAnAnalysisFails) {
  GpuSpec no_roofs = lib().gpu("h200").value();
  no_roofs.peak_flops = {};
  EXPECT_EQ(compare(scenario(), no_roofs).speedup, 0);
}

}  // namespace
}  // namespace roofline
