#include "roofline/ui/settings.h"

#include <gtest/gtest.h>

#include <unistd.h>
#include <cstdlib>
#include <filesystem>
#include <fstream>

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
  EXPECT_EQ(parse_settings("[1]", "s.json").error(), "s.json: expected a JSON object, got [1]");
  EXPECT_EQ(parse_settings("{", "s.json").error(), "s.json: not valid JSON");
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
  s.controls_width_em = 40;
  s.details_height_em = 22.25f;
  ASSERT_EQ(save_settings((dir / "roofline").string(), s), "");
  std::string warning;
  EXPECT_EQ(load_settings((dir / "roofline").string(), &warning), s);
  EXPECT_EQ(warning, "");

  std::ofstream((dir / "roofline" / "settings.json").string()) << R"({"ui_scale": "big"})";
  EXPECT_EQ(load_settings((dir / "roofline").string(), &warning), Settings{});
  EXPECT_NE(warning.find("ui_scale: expected a number"), std::string::npos) << warning;
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

}  // namespace
}  // namespace roofline
