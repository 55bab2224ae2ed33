#include "roofline/ui/history.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "roofline/io/preset_library.h"
#include "roofline/plot/figure.h"
#include "roofline/ui/app_state.h"

namespace roofline {
namespace {

const PresetLibrary& lib() { return PresetLibrary::builtin(); }

Scenario with_batch(int64_t b) {
  Scenario s = lib().default_scenario();
  s.batch = b;
  return s;
}

// One change per field of the workload (and a few inside the GPU and the model): each must be an
// undo step and a new analysis. A field left out of Scenario's equality fails its row.
struct Variant {
  std::string name;
  std::function<void(Scenario&)> change;
};

std::vector<Variant> workload_variants() {
  return {
      {"gpu", [](Scenario& s) { s.gpu = lib().gpu("h200").value(); }},
      {"gpu.memory_bandwidth", [](Scenario& s) { s.gpu.memory_bandwidth_bytes_per_s *= 2; }},
      {"model", [](Scenario& s) { s.model = lib().model("qwen2.5-7b").value(); }},
      {"model.layers", [](Scenario& s) { s.model.layers += 1; }},
      {"compare_gpu", [](Scenario& s) { s.compare_gpu = lib().gpu("h200").value(); }},
      {"phase", [](Scenario& s) { s.phase = Phase::prefill; }},
      {"batch", [](Scenario& s) { s.batch = 8; }},
      {"seq", [](Scenario& s) { s.seq = 4096; }},
      {"weights", [](Scenario& s) { s.weights = Precision::fp8; }},
      {"activations", [](Scenario& s) { s.activations = Precision::fp8; }},
      {"kv", [](Scenario& s) { s.kv = Precision::fp8; }},
      {"flash_attention", [](Scenario& s) { s.flash_attention = !s.flash_attention; }},
      {"fuse_elementwise", [](Scenario& s) { s.fuse_elementwise = !s.fuse_elementwise; }},
      {"tp", [](Scenario& s) { s.tp = 2; }},
      {"compute_efficiency", [](Scenario& s) { s.compute_efficiency = 0.7; }},
      {"memory_efficiency", [](Scenario& s) { s.memory_efficiency = 0.8; }},
      {"memory_utilization", [](Scenario& s) { s.memory_utilization = 0.5; }},
  };
}

// One change per part of the ChartView: none is an undo step or a new analysis.
std::vector<std::function<void(ChartView&)>> view_changes() {
  std::vector<std::function<void(ChartView&)>> changes = {
      [](ChartView& v) { v.theme = ChartTheme::dark; },
      [](ChartView& v) { v.x_min = 0.5; },
      [](ChartView& v) { v.x_max = 5000; },
      [](ChartView& v) { v.y_min = 1e12; },
      [](ChartView& v) { v.y_max = 2e15; },
  };
  for (const SeriesFlag& f : kSeriesFlags)
    changes.push_back([f](ChartView& v) { v.*f.flag = !(v.*f.flag); });
  return changes;
}

TEST(History, EveryWorkloadFieldIsAnUndoStep) {
  const Scenario base = lib().default_scenario();
  for (const Variant& v : workload_variants()) {
    Scenario changed = base;
    v.change(changed);
    ASSERT_NE(changed, base) << v.name << ": the variant changes nothing";
    History h;
    h.reset(base);
    EXPECT_TRUE(h.commit(changed)) << v.name;
    EXPECT_EQ(h.undo(), base) << v.name;
    EXPECT_EQ(h.redo(), changed) << v.name;
  }
}

TEST(History, EveryWorkloadFieldRecomputesTheAnalysis) {
  const Scenario base = lib().default_scenario();
  for (const Variant& v : workload_variants()) {
    Scenario changed = base;
    v.change(changed);
    ChartDataCache cache;
    cache.update(base);
    const uint64_t revision = cache.revision();
    cache.update(base);
    EXPECT_EQ(cache.revision(), revision) << v.name << ": nothing changed";
    cache.update(changed);
    EXPECT_EQ(cache.revision(), revision + 1) << v.name;
    EXPECT_EQ(cache.data().scenario, changed) << v.name;
    EXPECT_EQ(cache.data().analysis.totals.time_s, analyze(changed).totals.time_s) << v.name;
  }
}

TEST(History, TheAppCommitsWorkloadChangesAndNotViewChanges) {
  for (const Variant& v : workload_variants()) {
    AppState s = make_app_state(lib(), {lib().default_scenario()});
    v.change(s.doc);
    commit_if_settled(s, false);
    EXPECT_TRUE(s.history.can_undo()) << v.name;
    ASSERT_TRUE(undo(s)) << v.name;
    EXPECT_EQ(s.doc, lib().default_scenario()) << v.name;
  }
  const std::vector<std::function<void(ChartView&)>> changes = view_changes();
  for (size_t i = 0; i < changes.size(); ++i) {
    AppState s = make_app_state(lib(), {lib().default_scenario()});
    const ChartView before = s.chart;
    changes[i](s.chart);
    ASSERT_NE(s.chart, before) << "view change " << i;
    commit_if_settled(s, false);
    EXPECT_FALSE(s.history.can_undo()) << "view change " << i << " is not an undo step";
  }
}

TEST(History, UndoKeepsTheView) {
  AppState s = make_app_state(lib(), {lib().default_scenario()});
  s.doc.batch = 16;
  commit_if_settled(s, false);
  s.chart.theme = ChartTheme::dark;
  s.chart.show_ops = true;
  ASSERT_TRUE(undo(s));
  EXPECT_EQ(s.doc.batch, 1);
  EXPECT_EQ(s.chart.theme, ChartTheme::dark);
  EXPECT_TRUE(s.chart.show_ops);
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

TEST(History, CommitRecordsOnlyChanges) {
  History h;
  h.reset(with_batch(1));
  EXPECT_FALSE(h.commit(with_batch(1)));
  EXPECT_TRUE(h.commit(with_batch(8)));
  EXPECT_EQ(h.undo_depth(), 1u);
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

}  // namespace
}  // namespace roofline
