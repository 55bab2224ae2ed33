// The window's title: the document's file name and a mark while it differs from the file.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "headless_ui.h"
#include "roofline/operator_table.h"
#include "roofline/ui/keys.h"

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
