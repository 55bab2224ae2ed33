// The knob table (knobs.h): every row round-trips through every place that iterates the table
// (scenario files, command-line flags, lesson changes, undo), and the messages are built from
// the rows' ranges.

#include "roofline/knobs.h"

#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <set>
#include <string>
#include <vector>

#include "roofline/io/json_io.h"
#include "roofline/io/preset_library.h"
#include "roofline/persist/scenario_file.h"
#include "roofline/ui/history.h"
#include "scenario_options.h"

namespace roofline {
namespace {

const PresetLibrary& lib() { return PresetLibrary::builtin(); }

// A value of the knob other than its default, valid on the default scenario.
ChangeValue other_value(const Knob& k) {
  const ChangeValue fallback = default_value(k);
  switch (k.type) {
    case KnobType::reference:
      if (k.key == ChangeKey::calibration) return std::string("h100-cuda-graphs");
      if (k.key == ChangeKey::spec) return std::string("mtp");
      return std::string(k.key == ChangeKey::model ? "llama-2-7b" : "h200");
    case KnobType::phase:
      return std::get<Phase>(fallback) == Phase::decode ? Phase::prefill : Phase::decode;
    case KnobType::precision:
      return std::get<Precision>(fallback) == Precision::fp8 ? Precision::int8 : Precision::fp8;
    case KnobType::weights:
      return WeightsChoice{Precision::fp8};
    case KnobType::integer:
      return std::get<int64_t>(fallback) + 1;
    case KnobType::toggle:
      return !std::get<bool>(fallback);
    case KnobType::fraction:
      return std::get<double>(fallback) / 2;
    case KnobType::amount:
      return std::get<double>(fallback) + 2.5;
  }
  return fallback;
}

Result<Scenario> from_flags(const std::vector<std::string>& args) {
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

TEST(Knobs, TableIsConsistent) {
  ASSERT_EQ(knobs().size(), all_change_keys().size());
  std::set<std::string_view> names, flags;
  for (const Knob& k : knobs()) {
    EXPECT_EQ(&knob(k.key), &k);
    EXPECT_EQ(find_knob(k.name), &k);
    EXPECT_EQ(to_string(k.key), k.name);
    EXPECT_TRUE(names.insert(k.name).second) << k.name;
    EXPECT_TRUE(flags.insert(k.flag).second) << k.flag;
    EXPECT_FALSE(k.help.empty()) << k.name;
    EXPECT_NE(k.help.back(), '.') << k.name << ": the UI and the CLI add their own ending";
    EXPECT_EQ(check_change({k.key, default_value(k)}), "") << k.name;
    // The library's default scenario is what the rows call the default.
    EXPECT_EQ(k.get(lib().default_scenario()), default_value(k)) << k.name;
  }
  EXPECT_EQ(find_knob("batchsize"), nullptr);
  // file_order(): every knob once, the preset references first, each part in table order.
  std::vector<ChangeKey> order, values;
  for (const Knob& k : knobs()) (k.type == KnobType::reference ? order : values).push_back(k.key);
  order.insert(order.end(), values.begin(), values.end());
  EXPECT_EQ(std::vector<ChangeKey>(file_order().begin(), file_order().end()), order);
  EXPECT_EQ(file_order()[2], ChangeKey::compare_gpu);  // files list it after gpu and model
}

// Sets `k` to a value other than its default on `start` in each way there is, and checks each
// way gives that value (a failed ASSERT ends this knob's checks, not the other knobs').
void round_trip(const Knob& k, const Scenario& start) {
  SCOPED_TRACE(std::string(k.name));
  const ChangeValue value = other_value(k);
  ASSERT_NE(k.get(start), value);

  // A lesson change.
  const std::vector<ScenarioChange> change = {{k.key, value}};
  auto changed = apply_changes(start, change, preset_resolver(lib()));
  ASSERT_TRUE(changed) << changed.error();
  EXPECT_EQ(k.get(changed.value()), value);

  // A scenario file: written, read back, equal.
  const std::string saved = scenario_to_json({changed.value()});
  auto read = parse_scenario(saved, "<saved>", lib());
  ASSERT_TRUE(read) << read.error() << "\n" << saved;
  EXPECT_EQ(k.get(read.value().scenario), value) << saved;
  EXPECT_EQ(read.value().scenario, changed.value()) << saved;

  // A command-line flag, written as a file or a button shows the value.
  std::vector<std::string> flags = {"--" + std::string(k.flag), value_text(value)};
  if (start.dp > 1) flags.insert(flags.begin(), {"--dp", std::to_string(start.dp)});
  if (start.model.id != lib().default_scenario().model.id)
    flags.insert(flags.begin(), {"--model", start.model.id});
  auto flagged = from_flags(flags);
  ASSERT_TRUE(flagged) << flagged.error();
  EXPECT_EQ(k.get(flagged.value()), value);
  EXPECT_EQ(flagged.value(), changed.value());

  // Undo: the change is one step, and undoing it restores the knob.
  History history;
  history.reset(start);
  EXPECT_TRUE(history.commit(changed.value())) << "the change is not an undo step";
  auto undone = history.undo();
  ASSERT_TRUE(undone.has_value());
  EXPECT_EQ(k.get(*undone), k.get(start));
  auto redone = history.redo();
  ASSERT_TRUE(redone.has_value());
  EXPECT_EQ(k.get(*redone), value);
}

// The test the table exists for: a new row is covered without touching this file.
TEST(Knobs, EveryKnobRoundTripsThroughFilesFlagsLessonsAndUndo) {
  const Scenario start = lib().default_scenario();
  // ep is 1 or tp × dp: its other value, 2, needs a layout of 2 GPUs (on a model with experts).
  Scenario two_ranks = start;
  two_ranks.dp = 2;
  two_ranks.model = lib().model("mixtral-8x7b").value();
  for (const Knob& k : knobs()) round_trip(k, k.key == ChangeKey::ep ? two_ranks : start);
}

TEST(Knobs, PrecisionSetsAllThreeAndComesFirst) {
  const std::vector<ScenarioChange> changes = {{ChangeKey::precision, Precision::fp8},
                                               {ChangeKey::kv, Precision::bf16}};
  auto s = apply_changes(lib().default_scenario(), changes, preset_resolver(lib()));
  ASSERT_TRUE(s) << s.error();
  EXPECT_EQ(s->weights, Precision::fp8);
  EXPECT_EQ(s->activations, Precision::fp8);
  EXPECT_EQ(s->kv, Precision::bf16);
  // The flags go in table order whatever order they are typed in.
  auto flagged = from_flags({"--kv", "bf16", "--precision", "fp8"});
  ASSERT_TRUE(flagged) << flagged.error();
  EXPECT_EQ(flagged.value(), s.value());
}

TEST(Knobs, RangeMessagesComeFromTheRows) {
  Scenario s = lib().default_scenario();
  s.tp = 0;
  EXPECT_EQ(validate(s), "tp must be between 1 and 1024, got 0");
  s.tp = 1;
  s.seq = 10'000'001;
  EXPECT_EQ(validate(s), "seq must be between 1 and 10000000, got 10000001");
  s.seq = 1;
  s.memory_utilization = 0;
  EXPECT_EQ(validate(s), "memory_utilization must be in [0.01, 1], got 0");

  EXPECT_EQ(range_text(knob(ChangeKey::batch)), "1 to 1000000");
  EXPECT_EQ(range_text(knob(ChangeKey::compute_efficiency)), "[0.01, 1]");
  EXPECT_EQ(expected(knob(ChangeKey::memory_efficiency)), "a number in [0.01, 1]");
  EXPECT_EQ(expected(knob(ChangeKey::compare_gpu)),
            "a preset id, a path to a .json file, or null for none");
  EXPECT_EQ(check_change({ChangeKey::tp, int64_t{1025}}),
            "expected an integer from 1 to 1024, got 1025");
  EXPECT_EQ(check_change({ChangeKey::compute_efficiency, 0.0}),
            "expected a number in [0.01, 1], got 0");
  EXPECT_EQ(range_error(knob(ChangeKey::batch), int64_t{1'000'001}),
            "batch must be between 1 and 1000000, got 1000001");
  EXPECT_EQ(range_error(knob(ChangeKey::batch), int64_t{1'000'000}), "");
}

TEST(Knobs, FlagErrorsNameTheFlagOrTheKey) {
  auto gpu = from_flags({"--compare-gpu", "h900", "--batch", "0"});
  ASSERT_FALSE(gpu);
  EXPECT_EQ(gpu.error().rfind("--compare-gpu: unknown GPU 'h900': expected one of ", 0), 0u)
      << gpu.error();
  auto efficiency = from_flags({"--memory-efficiency", "1.5"});
  ASSERT_FALSE(efficiency);
  EXPECT_EQ(efficiency.error(), "memory_efficiency must be in [0.01, 1], got 1.5");
}

TEST(Knobs, FlagHelpIsTheRowsHelp) {
  CLI::App app;
  ScenarioOptions options;
  add_scenario_options(app, options);
  EXPECT_EQ(app.get_option("--batch")->get_description(),
            "Batch size B: sequences per step, from 1 to 1000000 (default 1)");
  EXPECT_EQ(app.get_option("--memory-utilization")->get_description(),
            "Share of GPU memory usable for weights and KV, in [0.01, 1] (default 0.9)");
  EXPECT_EQ(app.get_option("--flash")->get_description(), "Flash attention on|off (default on)");
  EXPECT_EQ(app.get_option("--gpu")->get_description(),
            "GPU preset id or GPU JSON file (default h100-sxm)");
  EXPECT_EQ(app.get_option("--precision")->get_description(),
            "Sets weights, activations and kv at once");
  EXPECT_EQ(app.get_option("--compare-gpu")->get_description(), "A second GPU to compare against");
}

TEST(Knobs, InterpolateFollowsTheRowsTween) {
  Scenario from = lib().default_scenario();
  Scenario to = from;
  to.batch = 100;
  to.tp = 8;
  to.memory_utilization = 0.5;
  const Scenario mid = interpolate(from, to, 0.5);
  EXPECT_EQ(mid.batch, 10);                       // geometric
  EXPECT_EQ(mid.tp, 8);                           // jumps
  EXPECT_DOUBLE_EQ(mid.memory_utilization, 0.7);  // linear
}

}  // namespace
}  // namespace roofline

namespace roofline {
namespace {

// value_from_text reads back what exact_value_text writes, for every knob (a link carries them
// as text), and refuses with the knob's own words.
TEST(Knobs, ValueFromTextReadsBackEveryKnobsText) {
  for (const Knob& k : knobs()) {
    const ChangeValue v = default_value(k);
    auto back = value_from_text(k, exact_value_text(v));  // compare_gpu's "" is none
    ASSERT_TRUE(back) << k.name << ": " << back.error();
    EXPECT_EQ(*back, v) << k.name;
  }
  const Knob& memory = knob(ChangeKey::memory_efficiency);
  EXPECT_EQ(exact_value_text(0.8333333333333334), "0.8333333333333334");
  EXPECT_EQ(std::get<double>(*value_from_text(memory, "0.8333333333333334")), 0.8333333333333334);
  EXPECT_EQ(std::get<int64_t>(*value_from_text(knob(ChangeKey::batch), "1e3")), 1000);
  EXPECT_EQ(value_from_text(knob(ChangeKey::batch), "2.5").error(),
            "expected a positive integer, got '2.5'");
  EXPECT_EQ(value_from_text(knob(ChangeKey::phase), "both").error(),
            "expected \"prefill\" or \"decode\", got 'both'");
  EXPECT_EQ(std::get<WeightsChoice>(*value_from_text(knob(ChangeKey::weights), "auto")),
            WeightsChoice{});
  EXPECT_EQ(value_from_text(knob(ChangeKey::gpu), "").error(),
            "expected a preset id or a path to a .json file, got ''");
}

}  // namespace
}  // namespace roofline
