// scenario_link.h: the scenario in a link's fragment (the web page's address), written and read
// back, with the messages for what a link may get wrong.

#include "roofline/persist/scenario_link.h"

#include <gtest/gtest.h>

#include "roofline/io/preset_library.h"
#include "roofline/persist/scenario_file.h"

namespace roofline {
namespace {

Scenario default_scenario_of_app() {
  return default_scenario_file(PresetLibrary::builtin()).scenario;
}

Scenario with(const Scenario& s, std::vector<ScenarioChange> changes) {
  auto applied = apply_changes(s, changes, preset_resolver(PresetLibrary::builtin()));
  EXPECT_TRUE(applied) << applied.error();
  return applied ? *applied : s;
}

Scenario from_link(std::string_view fragment) {
  auto link = parse_scenario_link(fragment);
  EXPECT_TRUE(link) << link.error();
  return link ? with(default_scenario_of_app(), link->changes) : Scenario{};
}

TEST(ScenarioLink, TheDefaultScenarioIsAnEmptyFragment) {
  EXPECT_EQ(scenario_link_fragment(default_scenario_of_app()), "");
  auto link = parse_scenario_link("");
  ASSERT_TRUE(link);
  EXPECT_TRUE(link->changes.empty());
  EXPECT_EQ(link->lesson, "");
}

// Only what differs from the defaults, references first, in the files' order, numbers exact.
TEST(ScenarioLink, WritesTheKnobsThatDifferInTheFilesOrder) {
  const Scenario s =
      with(default_scenario_of_app(), {{ChangeKey::batch, int64_t{64}},
                                       {ChangeKey::gpu, std::string("h200")},
                                       {ChangeKey::flash_attention, false},
                                       {ChangeKey::memory_efficiency, 0.8333333333333334}});
  EXPECT_EQ(scenario_link_fragment(s),
            "gpu=h200&batch=64&flash_attention=off&memory_efficiency=0.8333333333333334");
  EXPECT_EQ(scenario_link_fragment(s, "batching", 3),
            "lesson=batching&step=3&gpu=h200&batch=64&flash_attention=off&"
            "memory_efficiency=0.8333333333333334");
  // In a lesson the knobs are what differs from the step's own scenario: none for the step as
  // the lesson has it, the learner's change else.
  EXPECT_EQ(scenario_link_fragment(s, "batching", 3, s), "lesson=batching&step=3");
  const Scenario changed = with(s, {{ChangeKey::batch, int64_t{8}}});
  EXPECT_EQ(scenario_link_fragment(changed, "batching", 3, s), "lesson=batching&step=3&batch=8");
}

TEST(ScenarioLink, RoundTripsTheAppsDefaultAndAChangedScenario) {
  const Scenario app = default_scenario_of_app();
  EXPECT_EQ(from_link(scenario_link_fragment(app)), app);
  const Scenario changed = with(app, {{ChangeKey::gpu, std::string("mi300x")},
                                      {ChangeKey::model, std::string("llama-3-70b")},
                                      {ChangeKey::phase, Phase::prefill},
                                      {ChangeKey::seq, int64_t{8192}},
                                      {ChangeKey::precision, Precision::fp8},
                                      {ChangeKey::kv, Precision::bf16},
                                      {ChangeKey::tp, int64_t{4}},
                                      {ChangeKey::compute_efficiency, 0.7},
                                      {ChangeKey::compare_gpu, std::string("b200")},
                                      {ChangeKey::gpu_hour_usd, 2.49}});
  EXPECT_EQ(from_link(scenario_link_fragment(changed)), changed);
}

TEST(ScenarioLink, ReadsALessonStepAndPercentEscapes) {
  auto link = parse_scenario_link("#lesson=batching&step=3&model=%2Fuploads%2Fmy%20model.json");
  ASSERT_TRUE(link) << link.error();
  EXPECT_EQ(link->lesson, "batching");
  EXPECT_EQ(link->step, 3U);
  ASSERT_EQ(link->changes.size(), 1U);
  EXPECT_EQ(link->changes[0].key, ChangeKey::model);
  EXPECT_EQ(std::get<std::string>(link->changes[0].value), "/uploads/my model.json");
  EXPECT_EQ(percent_encode("/uploads/my model.json"), "%2Fuploads%2Fmy%20model.json");
  EXPECT_EQ(percent_encode("é"), "%C3%A9");
}

TEST(ScenarioLink, RefusesWhatItCannotReadByName) {
  const auto error = [](std::string_view fragment) {
    auto link = parse_scenario_link(fragment);
    return link ? std::string("(read)") : link.error();
  };
  EXPECT_EQ(error("batch=x"), "link: batch: expected a positive integer, got 'x'");
  EXPECT_EQ(error("batch=1.5"), "link: batch: expected a positive integer, got '1.5'");
  EXPECT_EQ(error("batch=8&batch=16"), "link: batch is given twice");
  EXPECT_EQ(error("flash_attention=maybe"),
            "link: flash_attention: expected true or false, got 'maybe'");
  EXPECT_EQ(error("batch=%zz"), "link: 'batch=%zz' is not KEY=VALUE (percent-encoded)");
  EXPECT_EQ(error("batch"), "link: 'batch' is not KEY=VALUE (percent-encoded)");
  EXPECT_EQ(error("step=2"), "link: step without a lesson");
  EXPECT_EQ(error("lesson=batching&step=0"), "link: step: expected a step number from 1, got '0'");
  EXPECT_TRUE(
      error("colour=red")
          .starts_with("link: unknown key 'colour': expected one of lesson, step, gpu, model"));
  // A value in range is checked where it is applied, with the knob's own words.
  auto link = parse_scenario_link("batch=0");
  ASSERT_TRUE(link);
  auto applied = apply_changes(default_scenario_of_app(), link->changes,
                               preset_resolver(PresetLibrary::builtin()), "link");
  ASSERT_FALSE(applied);
  EXPECT_EQ(applied.error(), "link.batch: expected a positive integer, got 0");
}

}  // namespace
}  // namespace roofline
