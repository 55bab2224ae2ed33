// Compare mode and what-if ghosts (compare.h).

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

TEST(Ghosts, GroupsThenOpsThatThePlotDraws) {
  Scenario s = scenario();
  s.fuse_elementwise = true;  // elementwise ops move no bytes: not plotted
  const Analysis a = analyze(s);
  const std::vector<Ghost> ghosts = pin_ghosts(a);
  ASSERT_GE(ghosts.size(), 3u);
  EXPECT_EQ(ghosts[0].id, "group:fc");
  EXPECT_DOUBLE_EQ(ghosts[0].intensity, a.fc.intensity);
  EXPECT_DOUBLE_EQ(ghosts[0].flops_per_s, a.fc.achieved_flops);
  EXPECT_EQ(ghosts[1].id, "group:attention");
  EXPECT_EQ(ghosts[2].id, "group:step");  // group:elementwise is fused away
  size_t plotted_ops = 0;
  for (const OpCost& op : a.ops) plotted_ops += op.bytes > 0 ? 1 : 0;
  EXPECT_EQ(ghosts.size(), 3 + plotted_ops);
  const OpCost* q = a.find_op("q_proj");
  ASSERT_NE(q, nullptr);
  bool found = false;
  for (const Ghost& g : ghosts) {
    if (g.id != "op:q_proj") continue;
    found = true;
    EXPECT_DOUBLE_EQ(g.intensity, q->intensity);
    EXPECT_DOUBLE_EQ(g.flops_per_s, q->flops / q->time_s);
  }
  EXPECT_TRUE(found);
  for (const Ghost& g : ghosts) EXPECT_NE(g.id.rfind("op:attn_norm", 0), 0u);
}

TEST(Ghosts, ArrowsJoinPinnedDotsToWhereTheyMoved) {
  Scenario s = scenario();
  const std::vector<Ghost> pinned = pin_ghosts(analyze(s));
  s.batch = 64;
  const Analysis now = analyze(s);
  const std::vector<GhostArrow> arrows = ghost_arrows(pinned, now);
  ASSERT_FALSE(arrows.empty());
  EXPECT_EQ(arrows[0].id, "group:fc");
  EXPECT_DOUBLE_EQ(arrows[0].from_intensity, pinned[0].intensity);
  EXPECT_DOUBLE_EQ(arrows[0].to_intensity, now.fc.intensity);
  EXPECT_DOUBLE_EQ(arrows[0].to_flops_per_s, now.fc.achieved_flops);
  EXPECT_NEAR(arrows[0].to_intensity / arrows[0].from_intensity, 62.5, 0.5);
  // Attention does not move with the batch (spec §4): no arrow for it.
  for (const GhostArrow& arrow : arrows) EXPECT_NE(arrow.id, "group:attention");
  // Nothing changed: no arrows at all.
  EXPECT_TRUE(ghost_arrows(pinned, analyze(scenario())).empty());
}

}  // namespace
}  // namespace roofline
