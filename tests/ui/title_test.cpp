// The window's title: the document's file name and a mark while it differs from the file.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "headless_ui.h"
#include "roofline/operator_table.h"
#include "roofline/ui/keys.h"

namespace roofline {

// file_dialog.cpp (ui_internal.h): what File > Save as… and File > Open recent run.
std::string save_scenario_to(AppState& s, const std::string& path);
void open_recent_file(AppState& s, size_t index);
std::string recent_file_folder(const std::string& path);

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

// Saving (and opening) puts the file first in File > Open recent; opening one from there opens
// it; one deleted since is dropped from the list with a message, and the document stays.
TEST(RecentFiles, SavedFilesComeFirstAndAGoneOneIsDropped) {
  test::HeadlessUi ui(PresetLibrary::builtin().default_scenario());
  ui.frame();
  const auto dir = std::filesystem::temp_directory_path() / "roofline-recent-test";
  std::filesystem::create_directories(dir);
  const std::string a = (dir / "a.json").string(), b = (dir / "b.json").string();
  ui.state.doc.batch = 8;
  ASSERT_EQ(save_scenario_to(ui.state, a), "");
  ui.state.doc.batch = 64;
  ASSERT_EQ(save_scenario_to(ui.state, b), "");
  EXPECT_EQ(ui.state.ui.recent_files, (std::vector<std::string>{b, a}));
  open_recent_file(ui.state, 1);
  EXPECT_EQ(ui.state.doc.batch, 8);
  EXPECT_EQ(ui.state.ui.scenario_path, a);
  EXPECT_EQ(ui.state.ui.recent_files, (std::vector<std::string>{a, b}));
  std::filesystem::remove(b);
  open_recent_file(ui.state, 1);
  EXPECT_EQ(ui.state.doc.batch, 8) << "the document stays";
  EXPECT_EQ(ui.state.ui.recent_files, (std::vector<std::string>{a}));
  EXPECT_TRUE(ui.state.ui.message_is_error);
  EXPECT_EQ(ui.state.ui.message,
            b + ": no longer there (moved or deleted); removed from the recent files");
  std::filesystem::remove_all(dir);
}

TEST(RecentFiles, FoldersShortForTheMenu) {
  const char* home = std::getenv("HOME");
  const std::optional<std::string> saved_home =
      home != nullptr ? std::optional<std::string>(home) : std::nullopt;
  setenv("HOME", "/home/ada", 1);
  EXPECT_EQ(recent_file_folder("/home/ada/work/x.json"), "~/work");
  EXPECT_EQ(recent_file_folder("/home/ada/x.json"), "~");
  EXPECT_EQ(recent_file_folder("/home/adam/x.json"), "/home/adam");
  EXPECT_EQ(recent_file_folder("/tmp/x.json"), "/tmp");
  // Over 40 characters: the first folder and the last two.
  EXPECT_EQ(recent_file_folder("/srv/projects/inference/llama/runs/2026/scenarios/x.json"),
            "/srv/…/2026/scenarios");
  if (saved_home) {
    setenv("HOME", saved_home->c_str(), 1);
  } else {
    unsetenv("HOME");
  }
}

// Ctrl+C copies the operator table as tab-separated text, a spreadsheet's columns.
TEST(CopyTable, CtrlCCopiesTheOperatorTableAsTabSeparatedText) {
  test::HeadlessUi ui(PresetLibrary::builtin().default_scenario());
  ui.frame(2);
  ui.shortcut(key::c);
  const std::string copied = ImGui::GetClipboardText();
  const Analysis& a = chart_data(ui.state).analysis;
  EXPECT_EQ(copied, operator_table_tsv(a));
  // The header of CSV keys, then one line per operator and the four group totals.
  EXPECT_TRUE(copied.starts_with("name\tkind\tcount\tflops\tbytes")) << copied.substr(0, 80);
  EXPECT_EQ(std::count(copied.begin(), copied.end(), '\n'),
            static_cast<long>(1 + a.ops.size() + 4));
  EXPECT_NE(copied.find("\nq_proj\tfc\t32\t"), std::string::npos);
  EXPECT_EQ(copied.find(','), std::string::npos);
  EXPECT_TRUE(ui.state.ui.message.starts_with("Copied the operator table"));
}

// The formula card: Escape closes it, a lesson closes it, and it never hangs outside the window.
TEST(FormulaCard, EscapeClosesItAndItStaysInsideTheWindow) {
  test::HeadlessUi ui(PresetLibrary::builtin().default_scenario());
  ui.frame(2);
  ui.state.view.plot.selected_id = "group:fc";
  ui.frame(2);
  ImGuiWindow* card = ImGui::FindWindowByName("###formula_card");
  ASSERT_NE(card, nullptr);
  ImGui::SetWindowPos("###formula_card", {-300, -400});  // dragged past the top-left corner
  ui.frame(2);
  EXPECT_GE(card->Pos.x, 0);
  EXPECT_GE(card->Pos.y, 0);
  ImGui::SetWindowPos("###formula_card", {5000, 5000});  // and past the bottom-right one
  ui.frame(2);
  EXPECT_LE(card->Pos.x + card->Size.x, 1280 + 0.5f);
  EXPECT_LE(card->Pos.y + card->Size.y, 800 + 0.5f);
  ui.tap(key::escape);
  EXPECT_EQ(ui.state.view.plot.selected_id, "");
}

}  // namespace
}  // namespace roofline
