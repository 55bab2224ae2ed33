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

// Another kind of roofline file, or a model's config.json, picked as a scenario is named for what
// it is (issue 28: a config.json opened as a scenario read as the defaults in silence, and a
// later save wrote scenario keys into it).
TEST(ScenarioWorkload, AnotherKindOfFileIsNamed) {
  auto model = parse_scenario_workload(
      R"({"model_type": "llama", "num_hidden_layers": 32, "hidden_size": 4096})", "c.json", lib());
  ASSERT_FALSE(model);
  EXPECT_EQ(model.error(),
            "c.json: this is a model's config.json (it has num_hidden_layers): load it as the "
            "model (--model, or Load… beside the model), not a scenario");
  auto gpu = parse_scenario_workload(R"({"memory_bandwidth": 3.35e12, "peak_flops": {}})", "g.json",
                                     lib());
  ASSERT_FALSE(gpu);
  EXPECT_EQ(gpu.error(),
            "g.json: this is a GPU preset (it has memory_bandwidth and peak_flops): load it as the "
            "GPU (--gpu, or Load… beside the GPU), not a scenario");
  auto calibration = parse_scenario_workload(
      R"({"id": "c", "gpus": ["h100-sxm"], "efficiency": {}})", "k.json", lib());
  ASSERT_FALSE(calibration);
  EXPECT_EQ(calibration.error(),
            "k.json: this is a calibration (it has efficiency): use it with --calibration, or as "
            "the Expected times' calibration, not a scenario");
  auto lesson = parse_scenario_workload(R"({"title": "Batching", "steps": []})", "l.json", lib());
  ASSERT_FALSE(lesson);
  EXPECT_EQ(lesson.error(),
            "l.json: this is a lesson (it has steps and a title): open it from the Lessons menu "
            "(or --lesson), not a scenario");
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
