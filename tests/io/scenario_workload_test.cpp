// parse_scenario_workload: a scenario file's knob keys, validated, which is what io needs of a
// scenario (the default scenario); the view and the unknown keys are persist's.

#include <gtest/gtest.h>

#include <string>

#include "roofline/io/json_io.h"
#include "roofline/io/preset_library.h"

namespace roofline {
namespace {

const PresetLibrary& lib() { return PresetLibrary::builtin(); }

TEST(ScenarioWorkload, ReadsTheKnobsAndValidates) {
  auto s =
      parse_scenario_workload(R"({"batch": 8, "phase": "prefill", "tp": 2.0})", "s.json", lib());
  ASSERT_TRUE(s) << s.error();
  EXPECT_EQ(s->gpu.id, "h100-sxm");
  EXPECT_EQ(s->model.id, "llama-3-8b");
  EXPECT_EQ(s->batch, 8);
  EXPECT_EQ(s->phase, Phase::prefill);
  EXPECT_EQ(s->tp, 2);

  EXPECT_EQ(parse_scenario_workload(R"({"batch": 0})", "s.json", lib()).error(),
            "s.json: batch must be between 1 and 1000000, got 0");
  EXPECT_EQ(parse_scenario_workload(R"({"batch": "8"})", "s.json", lib()).error(),
            "s.json: batch: expected a positive integer, got \"8\"");
  EXPECT_EQ(parse_scenario_workload("[1]", "s.json", lib()).error(),
            "s.json: expected a JSON object at the top level, got [1]");
}

TEST(ScenarioWorkload, LeavesTheViewAndUnknownKeysUnread) {
  auto s = parse_scenario_workload(R"({"batch": 2, "view": {"theme": "blue"}, "zzz": [1]})",
                                   "s.json", lib());
  ASSERT_TRUE(s) << s.error();
  EXPECT_EQ(s->batch, 2);
}

TEST(ScenarioWorkload, DefaultScenarioIsTheDefaultPresetsWorkload) {
  const PresetEntry* e = find_preset(lib().scenarios(), "default");
  ASSERT_NE(e, nullptr);
  auto s = parse_scenario_workload(e->text, e->origin, lib());
  ASSERT_TRUE(s) << s.error();
  EXPECT_EQ(s.value(), lib().default_scenario());
}

}  // namespace
}  // namespace roofline
