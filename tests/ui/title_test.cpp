// The window's title: the document's file name and a mark while it differs from the file.
#include <gtest/gtest.h>

#include <filesystem>

#include "headless_ui.h"

namespace roofline {

// file_dialog.cpp (ui_internal.h): what File > Save as… runs.
std::string save_scenario_to(AppState& s, const std::string& path);

namespace {

TEST(WindowTitle, NamesTheFileAndMarksAChange) {
  test::HeadlessUi ui(PresetLibrary::builtin().default_scenario());
  ui.frame();
  EXPECT_EQ(window_title(ui.state), "roofline — Untitled");
  ui.state.doc.batch = 8;
  EXPECT_EQ(window_title(ui.state), "roofline — Untitled •");
  const auto path = std::filesystem::temp_directory_path() / "roofline-title-test.roofline.json";
  ASSERT_EQ(save_scenario_to(ui.state, path.string()), "");
  EXPECT_EQ(window_title(ui.state), "roofline — roofline-title-test.roofline.json");
  // A series hidden or the theme changed is a change of the document too (both are saved).
  ui.state.chart.show_trail = false;
  EXPECT_EQ(window_title(ui.state), "roofline — roofline-title-test.roofline.json •");
  ui.state.chart.show_trail = true;
  ui.state.chart.theme = ChartTheme::dark;
  EXPECT_TRUE(document_modified(ui.state));
  ui.state.chart.theme = ChartTheme::light;
  // Back to what the file holds: no mark.
  EXPECT_FALSE(document_modified(ui.state));
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace roofline
