// In-process: the option resolution and the renderings roofline-cli prints.
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>

#include "commands.h"
#include "report.h"
#include "roofline/io/preset_library.h"
#include "scenario_options.h"

namespace roofline {
namespace {

const PresetLibrary& lib() { return PresetLibrary::builtin(); }

Result<Scenario> resolve(std::vector<std::string> args) {
  CLI::App app;
  ScenarioOptions options;
  add_scenario_options(app, options);
  std::vector<const char*> argv = {"test"};
  for (const auto& a : args) argv.push_back(a.c_str());
  app.parse(static_cast<int>(argv.size()), argv.data());
  auto file = resolve_scenario(options, lib());
  if (!file) return Result<Scenario>::fail(file.error());
  return Result<Scenario>::ok(std::move(file).value().scenario);
}

TEST(ScenarioOptions, NoFlagsGiveTheDefaultScenario) {
  auto s = resolve({});
  ASSERT_TRUE(s) << s.error();
  EXPECT_EQ(s.value(), lib().default_scenario());
}

TEST(ScenarioOptions, FlagsOverrideInOrderOfSpecificity) {
  auto s = resolve({"--scenario",
                    "prefill",
                    "--precision",
                    "fp8",
                    "--weights",
                    "int4",
                    "--batch",
                    "3",
                    "--seq",
                    "77",
                    "--tp",
                    "2",
                    "--flash",
                    "off",
                    "--fuse-elementwise",
                    "on",
                    "--phase",
                    "decode",
                    "--memory-utilization",
                    "0.5"});
  ASSERT_TRUE(s) << s.error();
  EXPECT_EQ(s->weights, Precision::int4);
  EXPECT_EQ(s->activations, Precision::fp8);
  EXPECT_EQ(s->kv, Precision::fp8);
  EXPECT_EQ(s->batch, 3);
  EXPECT_EQ(s->seq, 77);
  EXPECT_EQ(s->tp, 2);
  EXPECT_FALSE(s->flash_attention);
  EXPECT_TRUE(s->fuse_elementwise);
  EXPECT_EQ(s->phase, Phase::decode);
  EXPECT_EQ(s->memory_utilization, 0.5);
}

TEST(ScenarioOptions, ErrorsNameTheOption) {
  auto gpu = resolve({"--gpu", "h900"});
  ASSERT_FALSE(gpu);
  EXPECT_EQ(gpu.error().rfind("--gpu: unknown GPU 'h900': expected one of ", 0), 0u);
  auto scenario = resolve({"--scenario", "nope"});
  ASSERT_FALSE(scenario);
  EXPECT_EQ(scenario.error().rfind("--scenario: unknown scenario 'nope'", 0), 0u);
  auto batch = resolve({"--batch", "0"});
  ASSERT_FALSE(batch);
  EXPECT_EQ(batch.error(), "batch must be between 1 and 1000000, got 0");
}

TEST(ScenarioOptions, ChoicesAreCheckedByTheParser) {
  EXPECT_THROW(resolve({"--precision", "fp7"}), CLI::ValidationError);
  EXPECT_THROW(resolve({"--phase", "train"}), CLI::ValidationError);
  EXPECT_THROW(resolve({"--batch", "many"}), CLI::ValidationError);
  // Decimal as typed: not octal, not empty, not NaN; 2^64 is out of range, not saturated.
  EXPECT_EQ(resolve({"--batch", "010"}).value().batch, 10);
  EXPECT_THROW(resolve({"--batch", ""}), CLI::ValidationError);
  EXPECT_THROW(resolve({"--compute-efficiency", "nan"}), CLI::ValidationError);
  try {
    static_cast<void>(resolve({"--batch", "18446744073709551616"}));
    ADD_FAILURE() << "2^64 accepted";
  } catch (const CliError& e) {
    EXPECT_STREQ(e.what(), "batch must be between 1 and 1000000, got 18446744073709551616");
  }
}

TEST(Report, AlignedTableCountsCharactersNotBytes) {
  std::string t =
      aligned_table({{"op", "time"}, {"q_proj", "812 µs"}, {"lm", "4.48 ms"}}, {false, true});
  EXPECT_EQ(t,
            "op         time\n"
            "q_proj   812 µs\n"
            "lm      4.48 ms\n");
  EXPECT_EQ(aligned_table({{"a", "b"}}, {false, false}, "  "), "  a  b\n");
}

TEST(Report, CsvHasOneRowPerOpThenTheGroups) {
  Scenario s = lib().default_scenario();
  Analysis a = analyze(s);
  std::string csv = analysis_csv(a);
  EXPECT_EQ(static_cast<size_t>(std::count(csv.begin(), csv.end(), '\n')), a.ops.size() + 5);
  EXPECT_NE(csv.find("\ntotal step,group,,"), std::string::npos) << csv;
  const OpCost* lm = a.find_op("lm_head");
  ASSERT_NE(lm, nullptr);
  // 2 * 1 * 4096 * 128256 FLOPs, weights 4096*128256*2 + input 4096*2 + output 128256*2 bytes.
  EXPECT_NE(csv.find("\nlm_head,fc,1,1050673152,1050937856,"), std::string::npos) << csv;
}

TEST(Report, TableShowsFusedOpsWithoutIntensity) {
  Scenario s = lib().default_scenario();
  s.fuse_elementwise = true;
  std::string t = analysis_table(s, analyze(s));
  auto row = t.find("\nattn_norm ");
  ASSERT_NE(row, std::string::npos) << t;
  std::string line = t.substr(row + 1, t.find('\n', row + 1) - row - 1);
  EXPECT_NE(line.find("  0 B  "), std::string::npos) << line;
  EXPECT_NE(line.find("  ∞ (moves no bytes)  "), std::string::npos) << line;
}

TEST(Report, SweepCsv) {
  Scenario s = lib().default_scenario();
  auto points = sweep(s, SweepParam::seq, 1024, 4096, 3);
  std::string csv = sweep_csv(SweepParam::seq, points);
  EXPECT_EQ(csv.substr(0, csv.find('\n')),
            "seq,time_s,tokens_per_s,fits_in_memory,fc_intensity,fc_achieved_flops,"
            "attention_intensity,attention_achieved_flops,elementwise_intensity,"
            "elementwise_achieved_flops,step_intensity,step_achieved_flops");
  EXPECT_NE(csv.find("\n1024,"), std::string::npos);
  EXPECT_NE(csv.find("\n2048,"), std::string::npos);
  EXPECT_NE(csv.find("\n4096,"), std::string::npos);
}

TEST(Report, ListTableHasEveryPreset) {
  std::string gpus = list_table(lib(), "gpus");
  for (const auto& e : lib().gpus()) EXPECT_NE(gpus.find(e.id), std::string::npos) << e.id;
  std::string models = list_table(lib(), "models");
  for (const auto& e : lib().models()) EXPECT_NE(models.find(e.id), std::string::npos) << e.id;
  std::string scenarios = list_table(lib(), "scenarios");
  for (const auto& e : lib().scenarios()) EXPECT_NE(scenarios.find(e.id), std::string::npos);
}

}  // namespace
}  // namespace roofline
