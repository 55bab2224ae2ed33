// File > Export figure… on the real UI path, headless: Ctrl+E opens the dialog, the options are
// set, a path is typed and Enter pressed; the file is written off the UI thread while frames
// tick. Also Ctrl+Shift+E (quick export), every bad input, and the settings that remember it.

#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <imgui_internal.h>

#include "headless_ui.h"
#include "roofline/export/export.h"
#include "roofline/io/json_io.h"
#include "roofline/persist/scenario_file.h"
#include "roofline/units.h"

namespace roofline::test {
namespace {

namespace fs = std::filesystem;

const PresetLibrary& lib() { return PresetLibrary::builtin(); }

class ExportDialog : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("roofline-ui-export-" + std::string(info->name()) + "-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  size_t file_count() const {
    size_t n = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir_)) ++n;
    return n;
  }

  fs::path dir_;
};

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Width and height from a PNG's IHDR chunk; {0, 0} when it is not a PNG.
std::pair<uint32_t, uint32_t> png_size(const std::string& bytes) {
  if (bytes.size() < 24 || bytes.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0) return {0, 0};
  auto be32 = [&](size_t at) {
    uint32_t v = 0;
    for (size_t i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
    return v;
  };
  return {be32(16), be32(20)};
}

// Replaces the dialog's file field with `text` (typed, as a user would) and presses Enter.
void type_path_and_enter(HeadlessUi& ui, const std::string& text) {
  ImGuiIO& io = ImGui::GetIO();
  ui.state.ui.export_dialog.path.clear();
  ui.frame();
  io.AddInputCharactersUTF8(text.c_str());
  ui.frame();
  io.KeysDown[key::enter] = true;
  ui.frame();
  io.KeysDown[key::enter] = false;
  ui.frame();
}

// Ticks frames until the export job is done (the worker writes; the frame collects).
void wait_for_export(HeadlessUi& ui) {
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (background_work_pending(ui.state) && std::chrono::steady_clock::now() < give_up) {
    ui.frame();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_FALSE(background_work_pending(ui.state)) << "the export did not finish in 30 s";
  ui.frame();
}

HeadlessUi& open_dialog(HeadlessUi& ui, const fs::path& folder) {
  ui.frame(3);
  ui.shortcut(key::e);
  EXPECT_TRUE(ui.state.ui.export_dialog.open);
  ui.state.ui.export_dialog.folder.directory = folder.string();
  return ui;
}

TEST_F(ExportDialog, CtrlEWritesAPngOfTheAskedSizeTimesTheScale) {
  HeadlessUi ui(lib().default_scenario());
  open_dialog(ui, dir_);
  FigureExportOptions& o = ui.state.ui.export_dialog.options;
  o.width = 640;
  o.height = 400;
  o.scale = 2;
  type_path_and_enter(ui, "fig.png");
  EXPECT_EQ(o.figure_format, FigureFormat::png) << "the typed extension picks the format";
  EXPECT_FALSE(ui.state.ui.export_dialog.open) << ui.state.ui.export_dialog.error;
  EXPECT_EQ(ui.state.ui.message, "Exporting " + path("fig.png") + "…");
  wait_for_export(ui);
  const auto [w, h] = png_size(read_file(path("fig.png")));
  EXPECT_EQ(w, 1280u);
  EXPECT_EQ(h, 800u);
  const std::string size_text = format_si(static_cast<double>(fs::file_size(path("fig.png"))), "B");
  EXPECT_EQ(ui.state.ui.message, "Wrote " + path("fig.png") + " (" + size_text + ")");
  EXPECT_FALSE(ui.state.ui.message_is_error);
  EXPECT_EQ(file_count(), 1u) << "no temporary file is left behind";
  EXPECT_EQ(o.folder, dir_.string()) << "the folder is remembered for next time";
}

TEST_F(ExportDialog, SvgKeepsTheCustomTitleAsText) {
  HeadlessUi ui(lib().default_scenario());
  open_dialog(ui, dir_);
  FigureExportOptions& o = ui.state.ui.export_dialog.options;
  o.title = "Decode is memory-bound";
  o.transparent = true;
  type_path_and_enter(ui, "fig.svg");
  wait_for_export(ui);
  const std::string svg = read_file(path("fig.svg"));
  ASSERT_FALSE(svg.empty()) << ui.state.ui.message;
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_NE(svg.find(">Decode is memory-bound</text>"), std::string::npos);
  EXPECT_NE(svg.find("width=\"1280\""), std::string::npos) << svg.substr(0, 300);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
}

// An SVG at a paper size (the column preset, in points) says its size in pt.
TEST_F(ExportDialog, AnSvgAtAPaperSizeIsInPoints) {
  HeadlessUi ui(lib().default_scenario());
  open_dialog(ui, dir_);
  apply_size_preset(ui.state.ui.export_dialog.options, *find_figure_size_preset("column"));
  type_path_and_enter(ui, "col.svg");
  wait_for_export(ui);
  const std::string svg = read_file(path("col.svg"));
  EXPECT_NE(svg.find("width=\"252pt\" height=\"180pt\""), std::string::npos) << svg.substr(0, 300);
}

TEST_F(ExportDialog, TheTableIsTheAnalysisOperatorTable) {
  Scenario doc = lib().default_scenario();
  doc.batch = 16;
  HeadlessUi ui(doc);
  open_dialog(ui, dir_);
  type_path_and_enter(ui, "ops.md");
  EXPECT_EQ(ui.state.ui.export_dialog.options.what, ExportWhat::table);
  EXPECT_EQ(ui.state.ui.export_dialog.options.table_format, TableFormat::markdown);
  wait_for_export(ui);
  EXPECT_EQ(read_file(path("ops.md")), operator_table(analyze(doc), TableFormat::markdown));
}

TEST_F(ExportDialog, PickingAFormatRenamesTheFile) {
  HeadlessUi ui(lib().default_scenario());
  open_dialog(ui, dir_);
  ExportDialogState& d = ui.state.ui.export_dialog;
  EXPECT_EQ(d.path, "llama-3-8b-h100-sxm.svg") << "named after the model and GPU when unsaved";
  // Click the dialog's title bar: as clicking a format button does, it leaves the (focused)
  // file field.
  const ImGuiWindow* dialog = ImGui::FindWindowByName("Export figure###export_dialog");
  ASSERT_NE(dialog, nullptr);
  ui.click({dialog->Pos.x + 40, dialog->Pos.y + 4});
  EXPECT_EQ(ImGui::GetActiveID(), 0u) << "no field is being edited";
  ASSERT_EQ(d.options.width, 1280);  // the screen default
  d.options.figure_format = FigureFormat::pdf;
  ui.frame();
  EXPECT_EQ(d.path, "llama-3-8b-h100-sxm.pdf");
  // PDF is for print: from a screen size it takes the page-width preset, 7 × 4 in at 9 pt
  // (1280 × 800 pt would be 17.8 in wide with 16 pt type), and says so.
  EXPECT_EQ(d.options.width, 504);
  EXPECT_EQ(d.options.height, 288);
  EXPECT_EQ(d.options.font_px, 9);
  EXPECT_NE(d.note.find("PDF sized for print"), std::string::npos) << d.note;
  // A print size chosen for PDF is kept when the format changes and changes back.
  d.options.width = 252;
  d.options.height = 180;
  d.options.figure_format = FigureFormat::svg;
  ui.frame();
  d.options.figure_format = FigureFormat::pdf;
  ui.frame();
  EXPECT_EQ(d.options.width, 252);
  EXPECT_EQ(d.options.height, 180);
  // Each chart its own default name: exporting the throughput chart or the table after the
  // roofline never overwrites it.
  d.options.what = ExportWhat::table;
  ui.frame();
  EXPECT_EQ(d.path, "llama-3-8b-h100-sxm-operators.csv");
  d.options.what = ExportWhat::throughput;
  ui.frame();
  EXPECT_EQ(d.path, "llama-3-8b-h100-sxm-throughput.pdf");
  // A typed name stays as typed.
  d.path = "mine.pdf";
  ui.frame();
  d.options.what = ExportWhat::roofline;
  ui.frame();
  EXPECT_EQ(d.path, "mine.pdf");
}

TEST_F(ExportDialog, CancelKeepsTheOptionsItFoundAndWritesNothing) {
  HeadlessUi ui(lib().default_scenario());
  open_dialog(ui, dir_);
  ui.state.ui.export_dialog.options.width = 999;
  ui.frame();
  ImGui::GetIO().KeysDown[key::escape] = true;
  ui.frame();
  ImGui::GetIO().KeysDown[key::escape] = false;
  ui.frame();
  EXPECT_FALSE(ui.state.ui.export_dialog.open);
  EXPECT_EQ(ui.state.ui.export_dialog.options.width, 1280);
  EXPECT_EQ(file_count(), 0u);
}

// Each bad request keeps the dialog open with one clear message, and writes nothing.
struct BadCase {
  const char* name;
  int width, height;
  const char* file;  // relative to the test folder, or absolute
  const char* expected;
};

TEST_F(ExportDialog, BadInputNamesTheProblemAndWritesNothing) {
  const BadCase cases[] = {
      {"zero width", 0, 800, "fig.svg",
       "fig.svg: figure size 0x800 is out of range: width and height must each be between 16 "
       "and 16384"},
      {"huge height", 1280, 100000, "fig.pdf",
       "fig.pdf: figure size 1280x100000 is out of range: width and height must each be between "
       "16 and 16384"},
      {"unknown extension", 1280, 800, "fig.jpg",
       "fig.jpg: unknown file type '.jpg': expected .svg, .png or .pdf (a chart) or .csv or .md "
       "(the operator table)"},
      {"no such folder", 1280, 800, "missing/fig.svg", "missing: no such folder"},
      {"unwritable folder", 1280, 800, "/proc/roofline-fig.svg",
       "/proc: cannot write files in this folder (it takes no new files)"},
  };
  for (const BadCase& c : cases) {
    SCOPED_TRACE(c.name);
    HeadlessUi ui(lib().default_scenario());
    open_dialog(ui, dir_);
    ExportDialogState& d = ui.state.ui.export_dialog;
    d.options.width = c.width;
    d.options.height = c.height;
    type_path_and_enter(ui, c.file);
    EXPECT_TRUE(d.open) << "the dialog stays open";
    EXPECT_NE(d.error.find(c.expected), std::string::npos) << d.error;
    EXPECT_FALSE(background_work_pending(ui.state));
    EXPECT_EQ(file_count(), 0u);
    EXPECT_FALSE(fs::exists("/proc/roofline-fig.svg"));
  }
}

TEST_F(ExportDialog, QuickExportWritesBesideTheSavedScenarioWithTheLastFormat) {
  const std::string scenario = path("mine.json");
  Scenario doc = lib().default_scenario();
  doc.batch = 8;
  ASSERT_EQ(save_scenario_file(scenario, {doc}), "");
  HeadlessUi ui(doc);
  ui.state.ui.scenario_path = scenario;
  ui.state.ui.export_dialog.options.figure_format = FigureFormat::pdf;  // last used
  ui.frame(3);
  ui.shortcut(key::e, /*shift=*/true);
  EXPECT_FALSE(ui.state.ui.export_dialog.open) << "no dialog";
  wait_for_export(ui);
  const std::string pdf = read_file(path("mine.pdf"));
  EXPECT_EQ(pdf.rfind("%PDF-", 0), 0u) << ui.state.ui.message;
  EXPECT_EQ(ui.state.ui.message.rfind("Wrote " + path("mine.pdf") + " (", 0), 0u)
      << ui.state.ui.message;
  EXPECT_EQ(file_count(), 2u);
}

TEST_F(ExportDialog, QuickExportOfAnUnsavedScenarioUsesTheWorkingDirectory) {
  const fs::path before = fs::current_path();
  fs::current_path(dir_);
  {
    HeadlessUi ui(lib().default_scenario());
    ui.state.ui.export_dialog.options.figure_format = FigureFormat::png;
    ui.state.ui.export_dialog.options.width = 320;
    ui.state.ui.export_dialog.options.height = 200;
    ui.frame(3);
    ui.shortcut(key::e, /*shift=*/true);
    wait_for_export(ui);
    EXPECT_EQ(png_size(read_file(path("llama-3-8b-h100-sxm.png"))), std::make_pair(320u, 200u))
        << ui.state.ui.message;
  }
  fs::current_path(before);
}

}  // namespace
}  // namespace roofline::test
