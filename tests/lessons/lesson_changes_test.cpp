// Scenario changes, animation and lesson walking (lesson.h), on values built in the test.

#include <gtest/gtest.h>

#include "lesson_fixtures.h"

namespace roofline {
namespace {

using test::resolver;
using test::scenario;

ScenarioChange change(ChangeKey k, ChangeValue v) { return {k, std::move(v)}; }

TEST(ChangeKeys, RoundTripAndOrder) {
  for (ChangeKey k : all_change_keys()) EXPECT_EQ(parse_change_key(to_string(k)), k);
  EXPECT_FALSE(parse_change_key("batchsize").has_value());
  EXPECT_EQ(all_change_keys().size(), 26u);
  // precision comes before the three precisions it sets, so they can override it.
  EXPECT_LT(ChangeKey::precision, ChangeKey::weights);
  EXPECT_LT(ChangeKey::precision, ChangeKey::kv);
  EXPECT_LT(ChangeKey::weights, ChangeKey::expert_weights);  // experts follow the weights' change
}

TEST(ChangeKeys, CheckAndDescribe) {
  EXPECT_EQ(check_change(change(ChangeKey::batch, int64_t{64})), "");
  EXPECT_EQ(check_change(change(ChangeKey::batch, int64_t{-4})),
            "expected a positive integer, got -4");
  EXPECT_EQ(check_change(change(ChangeKey::batch, int64_t{2'000'000})),
            "expected an integer from 1 to 1000000, got 2000000");
  EXPECT_EQ(check_change(change(ChangeKey::tp, 2.0)), "expected a positive integer");
  EXPECT_EQ(check_change(change(ChangeKey::memory_efficiency, 1.5)),
            "expected a number in [0.01, 1], got 1.5");
  EXPECT_EQ(check_change(change(ChangeKey::gpu, std::string())),
            "expected a preset id or a path to a .json file");
  EXPECT_EQ(check_change(change(ChangeKey::compare_gpu, std::string())), "");
  EXPECT_EQ(check_change(change(ChangeKey::kv, Phase::decode)), "expected a precision name");

  EXPECT_EQ(describe(change(ChangeKey::batch, int64_t{64})), "batch 64");
  EXPECT_EQ(describe(change(ChangeKey::gpu, std::string("h200"))), "gpu h200");
  EXPECT_EQ(describe(change(ChangeKey::compare_gpu, std::string())), "compare_gpu none");
  EXPECT_EQ(describe(change(ChangeKey::flash_attention, false)), "flash_attention off");
  EXPECT_EQ(describe(change(ChangeKey::precision, Precision::fp8)), "precision fp8");
  EXPECT_EQ(describe(change(ChangeKey::phase, Phase::prefill)), "phase prefill");
  EXPECT_EQ(describe(change(ChangeKey::memory_efficiency, 0.8)), "memory_efficiency 0.8");
  // For a caption on the chart: words and percents.
  EXPECT_EQ(describe_for_reader(change(ChangeKey::memory_efficiency, 0.8)),
            "memory efficiency 80%");
  EXPECT_EQ(describe_for_reader(change(ChangeKey::compute_efficiency, 0.125)),
            "compute efficiency 12.5%");
  EXPECT_EQ(describe_for_reader(change(ChangeKey::flash_attention, false)), "flash attention off");
  EXPECT_EQ(describe_for_reader(change(ChangeKey::batch, int64_t{1})), "batch 1");
  EXPECT_EQ(describe_for_reader(change(ChangeKey::compare_gpu, std::string())), "compare gpu none");
}

TEST(ApplyChanges, SetsEveryKnob) {
  const std::vector<ScenarioChange> changes = {
      change(ChangeKey::gpu, std::string("h200")),
      change(ChangeKey::model, std::string("llama-2-7b")),
      change(ChangeKey::phase, Phase::prefill),
      change(ChangeKey::batch, int64_t{4}),
      change(ChangeKey::seq, int64_t{512}),
      change(ChangeKey::precision, Precision::fp8),
      change(ChangeKey::kv, Precision::bf16),
      change(ChangeKey::flash_attention, false),
      change(ChangeKey::fuse_elementwise, true),
      change(ChangeKey::tp, int64_t{2}),
      change(ChangeKey::compute_efficiency, 0.7),
      change(ChangeKey::memory_efficiency, 0.8),
      change(ChangeKey::memory_utilization, 0.95),
      change(ChangeKey::compare_gpu, std::string("b200")),
  };
  auto r = apply_changes(scenario(), changes, resolver());
  ASSERT_TRUE(r) << r.error();
  const Scenario& s = r.value();
  EXPECT_EQ(s.gpu.id, "h200");
  EXPECT_EQ(s.model.id, "llama-2-7b");
  EXPECT_EQ(s.phase, Phase::prefill);
  EXPECT_EQ(s.batch, 4);
  EXPECT_EQ(s.seq, 512);
  EXPECT_EQ(s.weights, Precision::fp8);
  EXPECT_EQ(s.activations, Precision::fp8);
  EXPECT_EQ(s.kv, Precision::bf16);  // after precision: overrides it
  EXPECT_FALSE(s.flash_attention);
  EXPECT_TRUE(s.fuse_elementwise);
  EXPECT_EQ(s.tp, 2);
  EXPECT_DOUBLE_EQ(s.compute_efficiency, 0.7);
  EXPECT_DOUBLE_EQ(s.memory_efficiency, 0.8);
  EXPECT_DOUBLE_EQ(s.memory_utilization, 0.95);
  ASSERT_TRUE(s.compare_gpu.has_value());
  EXPECT_EQ(s.compare_gpu->id, "b200");

  const std::vector<ScenarioChange> clear = {change(ChangeKey::compare_gpu, std::string())};
  auto cleared = apply_changes(s, clear, resolver());
  ASSERT_TRUE(cleared);
  EXPECT_FALSE(cleared->compare_gpu.has_value());
}

TEST(ApplyChanges, FailsWithTheKeyAndWhy) {
  const std::vector<ScenarioChange> unknown = {change(ChangeKey::gpu, std::string("h1000"))};
  auto r = apply_changes(scenario(), unknown, resolver());
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().rfind("changes.gpu: unknown GPU 'h1000': expected one of ", 0), 0u)
      << r.error();

  const std::vector<ScenarioChange> big = {change(ChangeKey::seq, int64_t{20'000'000})};
  EXPECT_EQ(apply_changes(scenario(), big, resolver()).error(),
            "changes.seq: expected an integer from 1 to 10000000, got 20000000");

  const std::vector<ScenarioChange> model = {change(ChangeKey::model, std::string("m"))};
  EXPECT_EQ(apply_changes(scenario(), model, PresetResolver{}).error(),
            "changes.model: no model presets to look 'm' up in");
}

TEST(Interpolate, EndpointsAndMidpoint) {
  Scenario from = scenario();
  from.batch = 1;
  from.seq = 1024;
  from.compute_efficiency = 1.0;
  from.memory_efficiency = 0.5;
  Scenario to = scenario("h200", "llama-2-7b");
  to.batch = 100;
  to.seq = 4096;
  to.compute_efficiency = 0.5;
  to.memory_efficiency = 1.0;
  to.weights = Precision::int4;

  const Scenario mid = interpolate(from, to, 0.5);
  EXPECT_EQ(mid.batch, 10);                        // geometric: sqrt(1 * 100)
  EXPECT_EQ(mid.seq, 2048);                        // sqrt(1024 * 4096)
  EXPECT_DOUBLE_EQ(mid.compute_efficiency, 0.75);  // linear
  EXPECT_DOUBLE_EQ(mid.memory_efficiency, 0.75);
  EXPECT_EQ(mid.gpu.id, "h200");  // discrete settings are `to`'s from the start
  EXPECT_EQ(mid.model.id, "llama-2-7b");
  EXPECT_EQ(mid.weights, Precision::int4);

  const Scenario start = interpolate(from, to, 0.0);
  EXPECT_EQ(start.batch, 1);
  EXPECT_EQ(start.seq, 1024);
  EXPECT_DOUBLE_EQ(start.compute_efficiency, 1.0);
  EXPECT_EQ(start.gpu.id, "h200");
  EXPECT_EQ(interpolate(from, to, 1.0), to);
  EXPECT_EQ(interpolate(from, to, 7.0), to);        // clamped
  EXPECT_EQ(interpolate(from, to, -1.0).batch, 1);  // clamped
  EXPECT_EQ(interpolate(to, from, 0.5).batch, 10);  // downward too
  EXPECT_EQ(interpolate(from, to, 0.25).batch, 3);  // 100^0.25 = 3.16
}

// Two steps: the first sets batch 1 and asks a question whose reveal sets batch 8; the second
// changes nothing.
Lesson two_step_lesson() {
  Lesson l;
  l.id = "t";
  l.title = "T";
  LessonStep a;
  a.title = "A";
  a.text = "fc at {fc.intensity}";
  a.changes = {change(ChangeKey::batch, int64_t{1})};
  a.question = LessonQuestion{.prompt = "Where?",
                              .choices = {"here", "there"},
                              .answer = 1,
                              .explanation = "At {batch}.",
                              .reveal_changes = {change(ChangeKey::batch, int64_t{8})}};
  LessonStep b;
  b.title = "B";
  b.text = "Batch {batch}.";
  l.steps = {a, b};
  return l;
}

TEST(ScenarioAtStep, MovingOnCountsAsRevealed) {
  const Lesson l = two_step_lesson();
  Scenario start = scenario();
  start.batch = 64;
  EXPECT_EQ(scenario_at_step(l, start, 0, false, resolver())->batch, 1);
  EXPECT_EQ(scenario_at_step(l, start, 0, true, resolver())->batch, 8);
  EXPECT_EQ(scenario_at_step(l, start, 1, false, resolver())->batch, 8);
  EXPECT_EQ(scenario_at_step(l, start, 2, false, resolver()).error(),
            "step 3: the lesson has 2 steps");
  EXPECT_EQ(check_lesson(l, start, resolver()), "");
}

TEST(ScenarioAtStep, NamesTheStepThatFails) {
  Lesson l = two_step_lesson();
  l.steps[1].changes = {change(ChangeKey::model, std::string("nope"))};
  const auto r = scenario_at_step(l, scenario(), 1, false, resolver());
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().rfind("step 2 (\"B\"): changes.model: unknown model 'nope': expected ", 0),
            0u)
      << r.error();
  l.steps[0].question->reveal_changes = {change(ChangeKey::tp, int64_t{0})};
  EXPECT_EQ(scenario_at_step(l, scenario(), 0, true, resolver()).error(),
            "step 1 (\"A\"): question.reveal_changes.tp: expected a positive integer, got 0");
}

TEST(CheckLesson, OpHighlightsMustExistInTheStep) {
  Lesson l = two_step_lesson();
  l.steps[1].highlight = {"op:qk"};  // flash attention is on: one op "attention", no "qk"
  const std::string e = check_lesson(l, scenario(), resolver()).error();
  EXPECT_EQ(e.rfind("step 2 (\"B\"): highlight: this step's analysis has no op 'qk': expected "
                    "one of attn_norm, q_proj, ",
                    0),
            0u)
      << e;
  l.steps[1].changes = {change(ChangeKey::flash_attention, false)};
  EXPECT_EQ(check_lesson(l, scenario(), resolver()), "");
}

TEST(CheckLesson, ComparePlaceholdersNeedACompareGpu) {
  Lesson l = two_step_lesson();
  l.steps[1].text = "{compare.speedup} faster";
  EXPECT_EQ(check_lesson(l, scenario(), resolver()),
            "step 2 (\"B\"): text: {compare.*} needs a compare_gpu set by this step or an "
            "earlier one");
  l.steps[0].changes.push_back(change(ChangeKey::compare_gpu, std::string("h200")));
  EXPECT_EQ(check_lesson(l, scenario(), resolver()), "");
  l.steps[0].question->explanation = "{compare.gpu}";
  l.steps[0].question->reveal_changes.push_back(change(ChangeKey::compare_gpu, std::string()));
  EXPECT_EQ(check_lesson(l, scenario(), resolver()),
            "step 1 (\"A\"): question.explanation: {compare.*} needs a compare_gpu");
}

TEST(Validate, HighlightIds) {
  for (const char* id :
       {"group:fc", "group:attention", "group:elementwise", "group:step", "op:lm_head", "roof",
        "roof:fp8", "ridge", "trail", "critical", "compare"}) {
    EXPECT_TRUE(is_highlight_id(id)) << id;
  }
  for (const char* id : {"group:mlp", "op:", "roof:fp9", "ridges", ""}) {
    EXPECT_FALSE(is_highlight_id(id)) << id;
  }
}

}  // namespace
}  // namespace roofline
