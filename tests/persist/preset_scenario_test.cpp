// scenario_file.h's presets: the scenario presets of the library with their views, by id or by
// path, and the default scenario file, whose workload is io's default_scenario().

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/io/json_io.h"
#include "roofline/io/preset_library.h"
#include "roofline/persist/scenario_file.h"

namespace roofline {
namespace {

namespace fs = std::filesystem;

const fs::path kPresetsDir = ROOFLINE_PRESETS_DIR;

std::vector<fs::path> files_in(std::string_view kind) {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(kPresetsDir / kind)) {
    if (e.path().extension() == ".json") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

const PresetLibrary& lib() { return PresetLibrary::builtin(); }

TEST(PresetLibrary, EveryBuiltinScenarioParsesAndValidates) {
  for (const auto& e : lib().scenarios()) {
    auto s = preset_scenario(lib(), e.id);
    ASSERT_TRUE(s) << s.error();
    EXPECT_EQ(validate(s.value().scenario), "") << e.origin;
  }
}

// The files themselves, as a user would load them by path.
TEST(PresetLibrary, EverySourceScenarioFileLoadsByPath) {
  for (const auto& f : files_in("scenarios")) {
    auto s = load_scenario_file(f.string(), lib());
    ASSERT_TRUE(s) << s.error();
  }
}

TEST(PresetLibrary, UnknownScenarioIdListsEveryValidId) {
  auto s = preset_scenario(lib(), "nope");
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().rfind("unknown scenario 'nope': expected one of ", 0), 0u) << s.error();
}

// io reads a scenario's workload alone (parse_scenario_workload, default_scenario()); persist
// reads the same keys with the same code, plus the view and the unknown keys.
TEST(PresetScenario, WorkloadMatchesParseScenarioWorkload) {
  for (const auto& e : lib().scenarios()) {
    auto file = preset_scenario(lib(), e.id);
    ASSERT_TRUE(file) << file.error();
    auto workload = parse_scenario_workload(e.text, e.origin, lib());
    ASSERT_TRUE(workload) << workload.error();
    EXPECT_EQ(workload.value(), file->scenario) << e.origin;
  }
  EXPECT_EQ(default_scenario_file(lib()).scenario, lib().default_scenario());
  EXPECT_EQ(default_scenario_file(lib()), preset_scenario(lib(), "default").value());
}

TEST(PresetScenario, DefaultScenarioFileWithoutPresetsFileUsesTheDocumentedDefaults) {
  const PresetLibrary& b = lib();
  PresetLibrary no_scenarios(b.gpus(), b.models(), {});
  const ScenarioFile file = default_scenario_file(no_scenarios);
  EXPECT_EQ(file.scenario, no_scenarios.default_scenario());
  EXPECT_EQ(file.scenario.gpu.id, "h100-sxm");
  EXPECT_EQ(file.scenario.model.id, "llama-3-8b");
  EXPECT_EQ(file.view, ChartView{});
  EXPECT_EQ(file.extra_keys_json, "");
}

}  // namespace
}  // namespace roofline
