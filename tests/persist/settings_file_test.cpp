#include "roofline/persist/settings_file.h"

#include <gtest/gtest.h>

#include <unistd.h>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace roofline {
namespace {

TEST(Settings, ParsesEveryKey) {
  auto s = parse_settings(R"({"theme": "dark", "ui_scale": 1.5, "window_width": 1600,
                              "window_height": 900, "scenario_path": "/tmp/a.json",
                              "controls_width_em": 31.5, "details_height_em": 9})",
                          "settings.json");
  ASSERT_TRUE(s) << s.error();
  EXPECT_EQ(s->theme, ChartTheme::dark);
  EXPECT_FLOAT_EQ(s->ui_scale, 1.5f);
  EXPECT_EQ(s->window_width, 1600);
  EXPECT_EQ(s->window_height, 900);
  EXPECT_EQ(s->scenario_path, "/tmp/a.json");
  EXPECT_FLOAT_EQ(s->controls_width_em, 31.5f);
  EXPECT_FLOAT_EQ(s->details_height_em, 9.0f);
}

TEST(Settings, RecentFilesMostRecentFirst) {
  auto s = parse_settings(R"({"recent_files": ["/home/me/b.json", "/tmp/a.json"]})", "s.json");
  ASSERT_TRUE(s) << s.error();
  EXPECT_EQ(s->recent_files, (std::vector<std::string>{"/home/me/b.json", "/tmp/a.json"}));
  EXPECT_EQ(parse_settings(R"({"recent_files": "/tmp/a.json"})", "s.json").error(),
            "s.json: recent_files: expected a list of file paths, got \"/tmp/a.json\"");
  EXPECT_EQ(parse_settings(R"({"recent_files": ["/tmp/a.json", 3]})", "s.json").error(),
            "s.json: recent_files[1]: expected a string, got 3");
  // More than kMaxRecentFiles (a file edited by hand): the first eight.
  auto many = parse_settings(
      R"({"recent_files": ["/1", "/2", "/3", "/4", "/5", "/6", "/7", "/8", "/9"]})", "s.json");
  ASSERT_TRUE(many) << many.error();
  EXPECT_EQ(many->recent_files.size(), 8u);
  EXPECT_EQ(many->recent_files.back(), "/8");
}

// A scenario opened from a file whose name is not UTF-8 (legal on Linux) made the app abort at
// exit (nlohmann's type_error.316 from the recent files) and lose the session: such a path is
// left out of settings.json, which JSON cannot hold byte for byte; the rest is saved.
TEST(Settings, PathsThatAreNotUtf8AreLeftOutNotThrownAbout) {
  Settings s;
  s.recent_files = {"/tmp/caf\xe9.json", "/tmp/b.json"};
  s.scenario_path = "/tmp/caf\xe9.json";
  s.figure_export.folder = "/tmp/\xff";
  std::string text;
  ASSERT_NO_THROW(text = settings_to_json(s));
  auto back = parse_settings(text, "s.json");
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->recent_files, std::vector<std::string>{"/tmp/b.json"});
  EXPECT_EQ(back->scenario_path, "");
  EXPECT_EQ(back->figure_export.folder, "");
  // UTF-8 paths, accents and all, are kept as they are.
  s.recent_files = {"/tmp/caf\xc3\xa9.json"};
  EXPECT_EQ(parse_settings(settings_to_json(s), "s.json")->recent_files, s.recent_files);
}

TEST(Settings, ARecentFileGoesFirstOnceAbsolute) {
  std::vector<std::string> list = with_recent_file({}, "/tmp/a.json");
  list = with_recent_file(list, "/home/me/x/../b.json");
  EXPECT_EQ(list, (std::vector<std::string>{"/home/me/b.json", "/tmp/a.json"}));
  list = with_recent_file(list, "/tmp/./a.json");  // the same file again: moved, not doubled
  EXPECT_EQ(list, (std::vector<std::string>{"/tmp/a.json", "/home/me/b.json"}));
  // A relative path is taken from the current folder.
  const std::string cwd = std::filesystem::current_path().string();
  EXPECT_EQ(with_recent_file({}, "c.json").front(),
            (std::filesystem::path(cwd) / "c.json").string());
  for (int i = 0; i < 20; ++i) list = with_recent_file(list, "/f" + std::to_string(i) + ".json");
  EXPECT_EQ(list.size(), kMaxRecentFiles);
  EXPECT_EQ(list.front(), "/f19.json");
  EXPECT_EQ(list.back(), "/f12.json");
}

TEST(Settings, MissingKeysKeepDefaults) {
  auto s = parse_settings("{}", "settings.json");
  ASSERT_TRUE(s);
  EXPECT_EQ(*s, Settings{});
  EXPECT_EQ(s->window_width, 1280);
  EXPECT_EQ(s->theme, ChartTheme::light);
}

TEST(Settings, BadValuesNameTheFileAndKey) {
  EXPECT_EQ(parse_settings(R"({"ui_scale": 9})", "settings.json").error(),
            "settings.json: ui_scale: expected a number between 0.5 and 3, got 9");
  EXPECT_EQ(parse_settings(R"({"theme": "blue"})", "s.json").error(),
            "s.json: theme: expected \"light\" or \"dark\", got \"blue\"");
  EXPECT_EQ(
      parse_settings(R"({"window_width": 12.5})", "s.json").error(),
      "s.json: window_width: expected a whole number of pixels between 200 and 16384, got 12.5");
  EXPECT_EQ(parse_settings(R"({"details_height_em": 0})", "s.json").error(),
            "s.json: details_height_em: expected a size in em between 4 and 200, got 0");
  EXPECT_EQ(parse_settings(R"({"controls_width_em": "wide"})", "s.json").error(),
            "s.json: controls_width_em: expected a size in em between 4 and 200, got \"wide\"");
  // The messages every reader gives for text that is not a JSON object (io's json_reader.h).
  EXPECT_EQ(parse_settings("[1]", "s.json").error(),
            "s.json: expected a JSON object at the top level, got [1]");
  EXPECT_EQ(parse_settings("{", "s.json").error(),
            "s.json: invalid JSON at line 1, column 2: syntax error while parsing object key - "
            "unexpected end of input; expected string literal");
}

// The integer rule of every reader (io's json_reader.h): a float with no fraction is an integer.
TEST(Settings, IntegersMayBeWrittenAsWholeFloats) {
  auto s = parse_settings(R"({"window_width": 1600.0, "export": {"width": 320.0, "height": 2e2}})",
                          "settings.json");
  ASSERT_TRUE(s) << s.error();
  EXPECT_EQ(s->window_width, 1600);
  EXPECT_EQ(s->figure_export.width, 320);
  EXPECT_EQ(s->figure_export.height, 200);
  EXPECT_EQ(parse_settings(R"({"export": {"height": 200.5}})", "s.json").error(),
            "s.json: export.height: expected a whole number between 16 and 16384, got 200.5");
}

TEST(Settings, RoundTripThroughTheFolder) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("roofline_settings_test_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  Settings s;
  s.theme = ChartTheme::dark;
  s.ui_scale = 1.25f;
  s.window_width = 1024;
  s.window_height = 700;
  s.scenario_path = "my scenario.json";
  s.recent_files = {"/home/me/my scenario.json", "/tmp/a.json"};
  s.controls_width_em = 40;
  s.details_height_em = 22.25f;
  ASSERT_EQ(save_settings((dir / "roofline").string(), s), "");
  std::string warning;
  EXPECT_EQ(load_settings((dir / "roofline").string(), &warning), s);
  EXPECT_EQ(warning, "");

  std::ofstream((dir / "roofline" / "settings.json").string()) << R"({"ui_scale": "big"})";
  EXPECT_EQ(load_settings((dir / "roofline").string(), &warning), Settings{});
  EXPECT_NE(warning.find("ui_scale: expected a number"), std::string::npos) << warning;
  // The bad file is kept aside, so saving defaults at exit does not lose what the user wrote.
  EXPECT_NE(warning.find("kept as"), std::string::npos) << warning;
  EXPECT_FALSE(std::filesystem::exists(dir / "roofline" / "settings.json"));
  std::ifstream aside((dir / "roofline" / "settings.json.bad").string());
  std::string kept((std::istreambuf_iterator<char>(aside)), std::istreambuf_iterator<char>());
  EXPECT_EQ(kept, R"({"ui_scale": "big"})");

  // 100,000 levels of nesting: refused with a message before any recursion, not a crash.
  std::ofstream((dir / "roofline" / "settings.json").string())
      << "{\"export\": " << std::string(100000, '[') << std::string(100000, ']') << "}";
  EXPECT_EQ(load_settings((dir / "roofline").string(), &warning), Settings{});
  EXPECT_NE(warning.find("JSON nested deeper than 64 levels"), std::string::npos) << warning;
  // A second bad file does not overwrite the first bad copy: it goes to .bad.1.
  EXPECT_NE(warning.find("settings.json.bad.1"), std::string::npos) << warning;
  EXPECT_EQ(kept, R"({"ui_scale": "big"})");
  std::ifstream first((dir / "roofline" / "settings.json.bad").string());
  EXPECT_EQ(std::string((std::istreambuf_iterator<char>(first)), std::istreambuf_iterator<char>()),
            R"({"ui_scale": "big"})");
  std::filesystem::remove_all(dir);
}

// Two instances: each saves its recent files at exit, and the second no longer erases what the
// first added since it started; a file one took off its list stays off.
TEST(Settings, TwoInstancesKeepEachOthersRecentFiles) {
  EXPECT_EQ(merge_recent_files({"/mine.json", "/old.json"}, {"/old.json", "/gone.json"},
                               {"/theirs.json", "/old.json", "/gone.json"}),
            (std::vector<std::string>{"/mine.json", "/theirs.json", "/old.json"}));
  // A full list, the usual state: each run's new file is kept, the oldest shared one goes.
  const std::vector<std::string> full = {"/1", "/2", "/3", "/4", "/5", "/6", "/7", "/8"};
  EXPECT_EQ(merge_recent_files({"/y", "/1", "/2", "/3", "/4", "/5", "/6", "/7"}, full,
                               {"/x", "/1", "/2", "/3", "/4", "/5", "/6", "/7"}),
            (std::vector<std::string>{"/y", "/x", "/1", "/2", "/3", "/4", "/5", "/6"}));
  const auto dir = std::filesystem::temp_directory_path() /
                   ("roofline_settings_merge_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  Settings start;
  start.recent_files = {"/a.json"};
  ASSERT_EQ(save_settings(dir.string(), start), "");
  // Both read {a}; the first adds b and saves; the second adds c and saves last.
  Settings first = start, second = start;
  first.recent_files = {"/b.json", "/a.json"};
  ASSERT_EQ(save_settings(dir.string(), first, &start.recent_files), "");
  second.recent_files = {"/c.json", "/a.json"};
  ASSERT_EQ(save_settings(dir.string(), second, &start.recent_files), "");
  std::string warning;
  EXPECT_EQ(load_settings(dir.string(), &warning).recent_files,
            (std::vector<std::string>{"/c.json", "/b.json", "/a.json"}));
  std::filesystem::remove_all(dir);
}

TEST(Settings, DirFollowsXdgConfigHome) {
  const char* old = std::getenv("XDG_CONFIG_HOME");
  const std::string saved = old != nullptr ? old : "";
  const char* old_home = std::getenv("HOME");
  const std::string saved_home = old_home != nullptr ? old_home : "";
  ::setenv("XDG_CONFIG_HOME", "/tmp/xdg-test", 1);
  EXPECT_EQ(settings_dir(), "/tmp/xdg-test/roofline");
  ::setenv("XDG_CONFIG_HOME", "", 1);
  ::setenv("HOME", "/home/someone", 1);
  EXPECT_EQ(settings_dir(), "/home/someone/.config/roofline");
  if (old != nullptr) {
    ::setenv("XDG_CONFIG_HOME", saved.c_str(), 1);
  } else {
    ::unsetenv("XDG_CONFIG_HOME");
  }
  if (old_home != nullptr) ::setenv("HOME", saved_home.c_str(), 1);
}

TEST(ExportSettings, RememberedInSettingsJson) {
  Settings s;
  s.figure_export.what = ExportWhat::throughput;
  s.figure_export.figure_format = FigureFormat::png;
  s.figure_export.width = 1920;
  s.figure_export.height = 1080;
  s.figure_export.scale = 2;
  s.figure_export.theme = ChartTheme::dark;
  s.figure_export.title = "Batch 64";
  s.figure_export.same_as_window = false;
  s.figure_export.series.show_ops = true;
  s.figure_export.folder = "/tmp/figures";
  auto back = parse_settings(settings_to_json(s), "settings.json");
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->figure_export, s.figure_export);
  EXPECT_EQ(parse_settings(R"({"export": {"width": 0}})", "settings.json").error(),
            "settings.json: export.width: expected a whole number between 16 and 16384, got 0");
  EXPECT_EQ(parse_settings(R"({"export": {"figure_format": "jpg"}})", "s.json").error(),
            "s.json: export.figure_format: expected \"svg\", \"png\" or \"pdf\", got \"jpg\"");
  EXPECT_EQ(parse_settings(R"({"export": {"show_ops": 1}})", "s.json").error(),
            "s.json: export.show_ops: expected true or false, got 1");
}

}  // namespace
}  // namespace roofline
