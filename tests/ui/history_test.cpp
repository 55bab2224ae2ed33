#include "roofline/ui/history.h"

#include <gtest/gtest.h>

#include "roofline/io/preset_library.h"

namespace roofline {
namespace {

Scenario with_batch(int64_t b) {
  Scenario s = PresetLibrary::builtin().default_scenario();
  s.batch = b;
  return s;
}

TEST(History, CommitRecordsOnlyWorkloadChanges) {
  History h;
  h.reset(with_batch(1));
  EXPECT_FALSE(h.commit(with_batch(1)));
  Scenario themed = with_batch(1);
  themed.view.theme = "dark";
  themed.view.show_ops = true;
  EXPECT_FALSE(h.commit(themed)) << "view settings are not undo steps";
  EXPECT_TRUE(h.commit(with_batch(8)));
  EXPECT_EQ(h.undo_depth(), 1u);
}

TEST(History, UndoRedoWalkTheSteps) {
  History h;
  h.reset(with_batch(1));
  h.commit(with_batch(2));
  h.commit(with_batch(4));
  EXPECT_EQ(h.undo()->batch, 2);
  EXPECT_EQ(h.undo()->batch, 1);
  EXPECT_FALSE(h.undo().has_value());
  EXPECT_EQ(h.redo()->batch, 2);
  h.commit(with_batch(64));  // a new change drops the redo branch
  EXPECT_FALSE(h.can_redo());
  EXPECT_EQ(h.undo()->batch, 2);
  EXPECT_EQ(h.redo()->batch, 64);
}

TEST(History, KeepsAtMostItsLimit) {
  History h(3);
  h.reset(with_batch(1));
  for (int64_t b = 2; b <= 6; ++b) h.commit(with_batch(b));
  EXPECT_EQ(h.undo_depth(), 3u);
  EXPECT_EQ(h.undo()->batch, 5);
  EXPECT_EQ(h.undo()->batch, 4);
  EXPECT_EQ(h.undo()->batch, 3);
  EXPECT_FALSE(h.can_undo());
}

TEST(History, ApplyWorkloadKeepsTheTargetsView) {
  Scenario target = with_batch(1);
  target.view.theme = "dark";
  target.view.show_ops = true;
  Scenario source = with_batch(16);
  source.phase = Phase::prefill;
  apply_workload(target, source);
  EXPECT_EQ(target.batch, 16);
  EXPECT_EQ(target.phase, Phase::prefill);
  EXPECT_EQ(target.view.theme, "dark");
  EXPECT_TRUE(target.view.show_ops);
  EXPECT_TRUE(same_workload(target, source));
}

}  // namespace
}  // namespace roofline
