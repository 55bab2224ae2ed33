// What-if ghosts (plot ghosts.h): the dots pinned before a change and the arrows to where they
// moved.

#include <gtest/gtest.h>

#include <vector>

#include "roofline/io/preset_library.h"
#include "roofline/plot/ghosts.h"

namespace roofline {
namespace {

// Llama-3-8B on the H100 SXM, decode, batch 1, seq 1024, bf16.
Scenario scenario() {
  Scenario s;
  s.gpu = PresetLibrary::builtin().gpu("h100-sxm").value();
  s.model = PresetLibrary::builtin().model("llama-3-8b").value();
  return s;
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
