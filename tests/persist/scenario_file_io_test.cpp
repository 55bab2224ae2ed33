// scenario_file.h on disk: scenario files saved and loaded (user files beside them, unknown keys
// kept), and hostile scenario files refused with one message (the reproducers in tests/data/repro).

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "roofline/io/json_io.h"
#include "roofline/io/preset_library.h"
#include "roofline/persist/scenario_file.h"

namespace roofline {
namespace {

namespace fs = std::filesystem;

class FileIo : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("roofline_persist_file_io_" +
            std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(FileIo, ScenarioSaveAndLoad) {
  const PresetLibrary& lib = PresetLibrary::builtin();
  ScenarioFile s = default_scenario_file(lib);
  s.scenario.batch = 32;
  s.scenario.seq = 4096;
  s.scenario.kv = Precision::fp8;
  s.view.theme = ChartTheme::dark;
  std::string path = (dir_ / "mine.json").string();
  ASSERT_EQ(save_scenario_file(path, s), "");
  auto back = load_scenario_file(path, lib);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back.value(), s);
}

TEST_F(FileIo, ScenarioWithUserFilesNextToIt) {
  const PresetLibrary& lib = PresetLibrary::builtin();
  std::ofstream(dir_ / "card.json") << R"({"name": "My card", "memory_bandwidth": 1e12,
    "memory_capacity": 24e9, "peak_flops": {"fp16": 165e12}})";
  std::ofstream(dir_ / "scenario.json") << R"({"gpu": "card.json", "batch": 4, "my_note": "hi"})";
  auto s = load_scenario_file((dir_ / "scenario.json").string(), lib);
  ASSERT_TRUE(s) << s.error();
  EXPECT_EQ(s->scenario.gpu.name, "My card");
  EXPECT_EQ(s->scenario.gpu.id, (dir_ / "card.json").string());
  EXPECT_EQ(s->scenario.batch, 4);

  // Saved elsewhere, it still finds the card (absolute path) and keeps the note.
  fs::create_directories(dir_ / "elsewhere");
  std::string copy = (dir_ / "elsewhere" / "copy.json").string();
  ASSERT_EQ(save_scenario_file(copy, s.value()), "");
  auto again = load_scenario_file(copy, lib);
  ASSERT_TRUE(again) << again.error();
  EXPECT_EQ(again.value(), s.value());
  EXPECT_NE(read_text_file(copy).value().find("\"my_note\": \"hi\""), std::string::npos);
}

TEST_F(FileIo, BadScenarioFileNamesItself) {
  std::string path = (dir_ / "bad.json").string();
  std::ofstream(path) << R"({"batch": 0})";
  auto s = load_scenario_file(path, PresetLibrary::builtin());
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error(), path + ": batch must be between 1 and 1000000, got 0");
}

const PresetLibrary& lib() { return PresetLibrary::builtin(); }

std::string repro(const std::string& name) {
  return std::string(ROOFLINE_TEST_DATA_DIR) + "/repro/" + name;
}

std::string deep(size_t levels) { return std::string(levels, '[') + std::string(levels, ']'); }

TEST(HostileInput, DeepNestingIsRefusedByTheScenarioFile) {
  const std::string d = deep(100000);
  const std::string why = "JSON nested deeper than 64 levels at line 1";
  EXPECT_EQ(parse_scenario("{\"zzz\": " + d + "}", "s.json", lib()).error(), "s.json: " + why);
}

TEST(HostileInput, DenormalEfficiencyIsRefused) {
  auto s = load_scenario_file(repro("scenario_compute_efficiency_5e-324_svg_nan.json"), lib());
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().find("compute_efficiency must be in [0.01, 1]"), std::string::npos)
      << s.error();
}

}  // namespace
}  // namespace roofline
