// The other panels on the real UI path: the file dialog (driven by keys), tooltips, the
// throughput tab, help windows and the UI scale.

#include <gtest/gtest.h>

#include <unistd.h>
#include <cmath>
#include <filesystem>
#include <fstream>

#include "headless_ui.h"
#include "roofline/io/json_io.h"
#include "roofline/persist/scenario_file.h"
#include "roofline/plot/theme.h"
#include "roofline/ui/classroom.h"
#include "roofline/ui/frame.h"
#include "roofline/ui/shortcuts.h"
#include "roofline/units.h"

namespace roofline::test {
namespace {

const PresetLibrary& lib() { return PresetLibrary::builtin(); }

class TempDir {
 public:
  TempDir()
      : path_(std::filesystem::temp_directory_path() /
              ("roofline_ui_panels_" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(path_);
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  std::string file(const std::string& name, const std::string& content) const {
    const std::string p = (path_ / name).string();
    std::ofstream(p) << content;
    return p;
  }

 private:
  std::filesystem::path path_;
};

void type_and_enter(HeadlessUi& ui, const std::string& text) {
  ImGuiIO& io = ImGui::GetIO();
  io.AddInputCharactersUTF8(text.c_str());
  ui.frame();
  io.KeysDown[key::enter] = true;
  ui.frame();
  io.KeysDown[key::enter] = false;
  ui.frame(2);
}

TEST(Panels, CtrlOOpensTheDialogAndATypedPathLoadsTheScenario) {
  TempDir dir;
  const std::string path = dir.file("mine.json", R"({"gpu": "h200", "model": "mistral-7b",
      "phase": "prefill", "batch": 7, "seq": 300})");
  HeadlessUi ui(lib().default_scenario());
  ui.frame(3);
  ui.state.doc.batch = 5;
  ui.frame(1);  // an undo step the new document will replace
  ui.shortcut(key::o);
  EXPECT_EQ(ui.state.ui.file_dialog.action, FileAction::open_scenario);
  type_and_enter(ui, path);
  EXPECT_EQ(ui.state.ui.file_dialog.action, FileAction::none) << ui.state.ui.file_dialog.error;
  // The batch changed: "Save changes?" first; D is "Don't save".
  EXPECT_TRUE(ui.state.ui.pending_discard.has_value());
  EXPECT_EQ(ui.state.doc.batch, 5);
  ui.tap(key::d);
  EXPECT_EQ(ui.state.doc.gpu.id, "h200");
  EXPECT_EQ(ui.state.doc.model.id, "mistral-7b");
  EXPECT_EQ(ui.state.doc.phase, Phase::prefill);
  EXPECT_EQ(ui.state.doc.batch, 7);
  EXPECT_EQ(ui.state.doc.seq, 300);
  EXPECT_EQ(ui.state.ui.scenario_path, path);
  EXPECT_FALSE(ui.state.history.can_undo()) << "a new document starts a new history";
  EXPECT_EQ(chart_data(ui.state).analysis.totals.time_s, analyze(ui.state.doc).totals.time_s);
}

TEST(Panels, ABadFileKeepsTheDocumentAndShowsTheMessageInTheDialog) {
  TempDir dir;
  const std::string path = dir.file("bad.json", R"({"gpu": "h100-sxm", "batch": 0})");
  HeadlessUi ui(lib().default_scenario());
  ui.frame(3);
  ui.shortcut(key::o);
  type_and_enter(ui, path);
  EXPECT_EQ(ui.state.ui.file_dialog.action, FileAction::open_scenario) << "the dialog stays open";
  EXPECT_NE(ui.state.ui.file_dialog.error.find("bad.json"), std::string::npos)
      << ui.state.ui.file_dialog.error;
  EXPECT_NE(ui.state.ui.file_dialog.error.find("batch"), std::string::npos)
      << ui.state.ui.file_dialog.error;
  EXPECT_EQ(ui.state.doc.batch, 1);
  EXPECT_EQ(ui.state.doc.gpu.id, "h100-sxm");
}

TEST(Panels, SaveAsWritesAScenarioThatLoadsBackTheSame) {
  TempDir dir;
  const std::string path = dir.file("placeholder.txt", "") + ".json";
  HeadlessUi ui(lib().default_scenario());
  ui.frame(3);
  ui.state.doc.batch = 48;
  ui.state.doc.kv = Precision::fp8;
  ui.frame(1);
  ui.shortcut(key::s, /*shift=*/true);
  ASSERT_EQ(ui.state.ui.file_dialog.action, FileAction::save_scenario_as);
  ui.state.ui.file_dialog.path.clear();  // the field holds a suggested name
  type_and_enter(ui, path);
  ASSERT_TRUE(std::filesystem::exists(path)) << ui.state.ui.file_dialog.error;
  auto loaded = load_scenario_file(path, lib());
  ASSERT_TRUE(loaded) << loaded.error();
  EXPECT_EQ(loaded->scenario.batch, 48);
  EXPECT_EQ(loaded->scenario.kv, Precision::fp8);
  EXPECT_FALSE(loaded->view.x_min.has_value()) << "auto-fitted axes are not saved";
  EXPECT_EQ(ui.state.ui.scenario_path, path);
}

TEST(Panels, HoveringADotShowsItsTooltipAndHighlightsIt) {
  HeadlessUi ui(lib().default_scenario());
  ui.frame(3);
  const ImVec2 at = ui.marker_screen_pos("group:attention");
  ui.move_to({std::floor(at.x), std::floor(at.y)});
  ui.frame(2);
  EXPECT_EQ(ui.state.view.hovered_id, "group:attention");
  EXPECT_EQ(ui.state.view.plot.hovered_id, "group:attention");
  const Marker* m = ui.state.view.geometry.find_marker("group:attention");
  ASSERT_NE(m, nullptr);
  EXPECT_DOUBLE_EQ(m->x_value, analyze(ui.state.doc).attention.intensity);
}

std::string strip_spaces(std::string t) {
  std::erase_if(t, [](char c) { return c == ' '; });
  return t;
}

// The operator table ends with a "whole step" row: the sums its rows add up to, whatever the sort.
TEST(Panels, OperatorTableEndsWithTheWholeStepsSums) {
  HeadlessUi ui(lib().default_scenario(), {1600, 1000});
  ui.frame(3);
  const Analysis& a = chart_data(ui.state).analysis;
  // Scroll the table to its end.
  ui.move_to({1000, 900});
  for (int i = 0; i < 20; ++i) ui.wheel(-5);
  ui.frame(2);
  const std::vector<std::string> lines = ui.text_lines_of_windows_named("details");
  bool found = false;
  for (const std::string& line : lines) {
    // Glyphs only (spaces draw none): "wholestep15.6GFLOP15.2GB1.034.52ms100%".
    if (line.rfind("wholestep", 0) != 0) continue;
    found = true;
    EXPECT_EQ(line, "wholestep" + strip_spaces(format_flops(a.totals.flops)) +
                        strip_spaces(format_bytes(a.totals.bytes)) +
                        strip_spaces(format_intensity(a.totals.flops / a.totals.bytes, false)) +
                        strip_spaces(format_time(a.totals.time_s)) + "100%");
  }
  EXPECT_TRUE(found) << "no whole-step row";
  EXPECT_EQ(format_flops(a.totals.flops), "15.6 GFLOP");  // Llama 3 8B, batch 1, 1,024 context
}

// Mixtral on tp 2 x dp 4 with expert parallelism: the table ends with the all-reduce of each
// rank and the experts' dispatch and combine, each with the bytes a GPU sends and its time.
TEST(Panels, OperatorTableListsTheCommunication) {
  Scenario doc = lib().default_scenario();
  doc.model = lib().model("mixtral-8x7b").value();
  doc.tp = 2;
  doc.dp = 4;
  doc.ep = 8;
  doc.batch = 64;
  HeadlessUi ui(doc, {1600, 1000});
  ui.frame(3);
  const Analysis& a = chart_data(ui.state).analysis;
  ASSERT_EQ(a.comm.size(), 4u);  // all_reduce (attention), dispatch, combine, all_reduce (MoE)
  ui.move_to({1000, 900});
  for (int i = 0; i < 20; ++i) ui.wheel(-5);
  ui.frame(2);
  const std::vector<std::string> lines = ui.text_lines_of_windows_named("details");
  int found = 0;
  for (const CommOp& c : a.comm) {
    const std::string row = strip_spaces(std::string(c.name) + " · " +
                                         a.layer_types[static_cast<size_t>(c.layer_type)].label) +
                            "comm" + std::to_string(c.count) + strip_spaces(format_bytes(c.bytes)) +
                            strip_spaces(format_time(c.time_s));
    for (const std::string& line : lines) found += line.rfind(row, 0) == 0;
  }
  EXPECT_EQ(found, 4);
  // The panel keeps ep spanning the layout: tp 4 makes it 16, beyond Mixtral's 8 experts, off.
  ui.state.doc.tp = 1;
  ui.frame(2);
  EXPECT_EQ(ui.state.doc.ep, 4);
  ui.state.doc.tp = 4;
  ui.frame(2);
  EXPECT_EQ(ui.state.doc.ep, 1);
  // A model without experts keeps a valid document whatever the layout: ep is inert there.
  ui.state.doc.tp = 1;
  ui.state.doc.ep = 4;
  ui.frame(2);
  ui.state.doc.model = lib().model("llama-3-8b").value();
  ui.frame(2);
  ui.state.doc.dp = 2;
  ui.frame(2);
  EXPECT_EQ(validate(ui.state.doc).error(), "");
  EXPECT_FALSE(chart_data(ui.state).analysis.ops.empty());
}

TEST(Panels, ThroughputTabMarksTheCurrentBatch) {
  Scenario doc = lib().default_scenario();
  doc.batch = 32;
  HeadlessUi ui(doc);
  ui.state.ui.select_details_tab = 1;
  ui.frame(3);
  EXPECT_EQ(ui.state.ui.details_tab, 1);
  const Marker* current = ui.state.view.throughput_geometry.find_marker("current");
  ASSERT_NE(current, nullptr);
  EXPECT_DOUBLE_EQ(current->x_value, 32);
  EXPECT_DOUBLE_EQ(current->y_value, analyze(ui.state.doc).totals.tokens_per_s);
  ui.state.doc.batch = 40;  // the marker follows without a new sweep
  ui.frame(1);
  EXPECT_DOUBLE_EQ(ui.state.view.throughput_geometry.find_marker("current")->x_value, 40);
}

// Expected mode follows the GPU: the H100 NVL shares the H100's calibration, the H200 and the
// A100 have their own, the L4 a prior (tools/fit_priors.py) and a GPU of the user's none
// (bounds, and a message saying so).
TEST(Panels, ExpectedTimesFollowTheGpu) {
  Scenario doc = lib().default_scenario();
  doc.calibration = lib().calibration("h100-cuda-graphs").value();
  HeadlessUi ui(doc);
  ui.frame(2);
  ui.state.doc.gpu = lib().gpu("h100-nvl").value();
  follow_gpu_calibration(ui.state);
  EXPECT_EQ(ui.state.doc.calibration->id, "h100-cuda-graphs");
  // The H200 has its own, fitted on kernels probed on an H200 (tests/data/calibration/).
  ui.state.doc.gpu = lib().gpu("h200").value();
  follow_gpu_calibration(ui.state);
  EXPECT_EQ(ui.state.doc.calibration->id, "h200-cuda-graphs");
  ui.state.doc.gpu = lib().gpu("a100-80gb-sxm").value();
  follow_gpu_calibration(ui.state);
  ASSERT_TRUE(ui.state.doc.calibration);
  EXPECT_EQ(ui.state.doc.calibration->id, "a100-cuda-graphs");
  ui.state.doc.gpu = lib().gpu("l4").value();
  follow_gpu_calibration(ui.state);
  ASSERT_TRUE(ui.state.doc.calibration);
  EXPECT_EQ(ui.state.doc.calibration->id, "ada-prior");
  EXPECT_EQ(ui.state.doc.calibration->prior_from, "h100-cuda-graphs");
  EXPECT_EQ(ui.state.ui.message,
            "Expected times on " + ui.state.doc.gpu.name + ": Ada · prior from the H100 fit");
  ui.frame(2);
  ui.state.doc.gpu.id = "my-gpu";  // a GPU file of the user's: no calibration lists it
  ui.state.doc.gpu.name = "My GPU";
  follow_gpu_calibration(ui.state);
  EXPECT_FALSE(ui.state.doc.calibration);
  EXPECT_EQ(ui.state.ui.message,
            "No calibration for " + ui.state.doc.gpu.name + ": showing roofline bounds");
  ui.frame(2);
}

// The Request tab: a request of the document's batch, computed as `request` computes it.
TEST(Panels, RequestTabShowsTheRequest) {
  Scenario doc = lib().default_scenario();
  doc.calibration = lib().calibration("h100-cuda-graphs").value();
  HeadlessUi ui(doc);
  ui.state.ui.select_details_tab = 2;
  ui.state.ui.request_isl = 0;  // clamped to one token
  ui.frame(3);
  EXPECT_EQ(ui.state.ui.details_tab, 2);
  EXPECT_EQ(ui.state.ui.request_isl, 1);
  // Under a calibration the chart draws each group's bound above its dot.
  const Marker* fc = ui.state.view.geometry.find_marker("group:fc");
  const Marker* bound = ui.state.view.geometry.find_marker("bound:group:fc");
  ASSERT_NE(fc, nullptr);
  ASSERT_NE(bound, nullptr);
  EXPECT_LT(bound->center.y, fc->center.y);  // higher on the screen: faster
  EXPECT_DOUBLE_EQ(bound->y_value, analyze(ui.state.doc).fc.roofline_achieved_flops);
}

// The speculative decoding section: with a method the drafted tokens and their acceptance show,
// the status line counts the accepted tokens, and undo takes the method back.
TEST(Panels, SpeculationSectionDrivesTheStep) {
  HeadlessUi ui(lib().default_scenario());
  ui.frame(2);
  ui.state.doc.spec = SpecMethod::mtp;
  ui.state.doc.spec_tokens = 3;
  ui.state.doc.spec_acceptance = 0.5;
  ui.frame(3);
  const Analysis a = analyze(ui.state.doc);
  EXPECT_DOUBLE_EQ(a.totals.accepted_tokens_per_step, 1.875);
  EXPECT_GT(a.totals.draft_time_s, 0);
  ASSERT_TRUE(ui.state.history.can_undo());
  const std::optional<Scenario> before = ui.state.history.undo();
  ASSERT_TRUE(before);
  EXPECT_EQ(before->spec, SpecMethod::none);
}

TEST(Panels, HelpWindowsAndAScaleChangeRenderWithoutTrouble) {
  HeadlessUi ui(lib().default_scenario());
  ui.state.ui.show_shortcuts = true;
  ui.state.ui.show_about = true;
  ui.frame(3);
  ui.shortcut(key::equal);  // Ctrl+= : larger
  EXPECT_FLOAT_EQ(ui.state.ui.user_scale, 1.25f);
  ui.frame(2);
  EXPECT_FLOAT_EQ(ImGui::GetFontSize(), 19.0f);  // round(15 × 1.25)
  ui.shortcut(key::minus);
  ui.shortcut(key::minus);
  EXPECT_FLOAT_EQ(ui.state.ui.user_scale, 0.75f);
  ui.frame(2);
  EXPECT_FLOAT_EQ(ImGui::GetFontSize(), 11.0f);  // round(15 × 0.75)
  EXPECT_NE(ui.state.view.geometry.find_marker("group:fc"), nullptr);
}

// WCAG 2's contrast ratio of two opaque sRGB colours: (L1 + 0.05) / (L2 + 0.05).
double contrast_ratio(ImVec4 a, ImVec4 b) {
  auto luminance = [](ImVec4 c) {
    auto lin = [](float v) {
      return v <= 0.03928f ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * lin(c.x) + 0.7152 * lin(c.y) + 0.0722 * lin(c.z);
  };
  const double la = luminance(a), lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// `top` (with its alpha) over an opaque `under`.
ImVec4 over(ImVec4 top, ImVec4 under) {
  const float a = top.w;
  return {top.x * a + under.x * (1 - a), top.y * a + under.y * (1 - a),
          top.z * a + under.z * (1 - a), 1};
}

ImVec4 to_imvec(Rgba c) { return {c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, 1}; }

// Every colour the app writes text in (the grey secondary text read 2.5:1 on the light panel
// once), the status colours of the theme's slots (errors such as
// "does not fit", warnings, a right answer, the bound column's "compute") among them, reads at
// 4.5:1 or better (WCAG AA) on every surface text sits on: the panel, popups, input frames
// (translucent ones over the panel) and the alternate rows of a table, in every theme.
TEST(Panels, EveryTextColourMeetsTheContrastForBodyText) {
  for (const char* theme : {"light", "dark", "projector"}) {
    HeadlessUi ui(lib().default_scenario());
    if (std::string_view(theme) == "dark") ui.state.chart.theme = ChartTheme::dark;
    if (std::string_view(theme) == "projector") set_presentation(ui.state, true);
    ui.frame(2);
    const ImGuiStyle& style = ImGui::GetStyle();
    const Theme& palette = ui_theme(ui.state);
    ASSERT_EQ(palette.name, std::string_view(theme));
    const ImVec4 panel = over(style.Colors[ImGuiCol_WindowBg], {0, 0, 0, 1});
    const std::pair<const char*, ImVec4> backgrounds[] = {
        {"panel", panel},
        {"popup", over(style.Colors[ImGuiCol_PopupBg], panel)},
        {"frame", over(style.Colors[ImGuiCol_FrameBg], panel)},
        {"alternate row", over(style.Colors[ImGuiCol_TableRowBgAlt], panel)},
    };
    const std::pair<const char*, ImVec4> texts[] = {
        {"text", style.Colors[ImGuiCol_Text]},
        {"secondary text", style.Colors[ImGuiCol_TextDisabled]},
        {"error", to_imvec(palette.error)},
        {"warning", to_imvec(palette.warning)},
        {"success", to_imvec(palette.success)},
        {"compute", to_imvec(palette.compute_text)},
    };
    for (const auto& [text_name, text] : texts) {
      for (const auto& [bg_name, bg] : backgrounds) {
        EXPECT_GE(contrast_ratio(text, bg), 4.5) << theme << ": " << text_name << " on " << bg_name;
      }
    }
    EXPECT_GE(contrast_ratio(style.Colors[ImGuiCol_Text], panel), 7) << theme;
  }
}

// On a screen wide enough for every row on one line: each shortcut's keys and what it does.
TEST(Panels, KeyboardHelpListsEveryShortcut) {
  HeadlessUi ui(lib().default_scenario(), {2400, 1200});
  ui.frame(2);
  EXPECT_TRUE(ui.window_text_lines("Keyboard and mouse").empty());
  ui.state.ui.show_shortcuts = true;
  ui.frame(4);  // the first frames of an auto-sized window only measure it
  const std::vector<std::string> lines = ui.window_text_lines("Keyboard and mouse");
  ASSERT_FALSE(lines.empty()) << "the window is not drawn";
  std::string all;
  for (const std::string& line : lines) all += line + "\n";
  auto without_spaces = [](std::string text) {
    text.erase(std::remove(text.begin(), text.end(), ' '), text.end());
    return text;
  };
  // Two columns side by side: a line of text is a row of the left column, then of the right.
  auto has_row = [&](const std::string& row) {
    return std::any_of(lines.begin(), lines.end(), [&](const std::string& line) {
      return line.find(row) != std::string::npos;
    });
  };
  ASSERT_GE(shortcut_table().size(), 20u);
  for (const Shortcut& row : shortcut_table()) {
    const std::string line = without_spaces(shortcut_keys(row) + row.what);
    EXPECT_TRUE(has_row(line)) << "no row \"" << line << "\" in:\n" << all;
  }
  // The keys as written, for rows the README names, and a heading.
  EXPECT_TRUE(has_row("Ctrl+Shift+Eexportagain:lastoptions,besidethescenario"));
  EXPECT_TRUE(has_row("1…9choosethatanswer"));
  EXPECT_TRUE(has_row("→batch:uptoapoweroftwo"));
  EXPECT_TRUE(has_row("Onthechart,onceclicked"));
}

// On smaller screens the two columns wrap what each key does: the window stays on the screen,
// nothing cut at its right edge, and on 1280 x 800 all of it shows without scrolling.
TEST(Panels, KeyboardHelpFitsTheScreen) {
  for (const ImVec2 display : {ImVec2{1280, 800}, ImVec2{1024, 640}}) {
    HeadlessUi ui(lib().default_scenario(), display);
    ui.state.ui.show_shortcuts = true;
    ui.frame(6);
    const ImGuiWindow* help = ImGui::FindWindowByName("Keyboard and mouse");
    ASSERT_NE(help, nullptr);
    EXPECT_GE(help->Pos.x, 0) << display.x;
    EXPECT_GE(help->Pos.y, 0) << display.x;
    EXPECT_LE(help->Pos.x + help->Size.x, display.x) << display.x;
    EXPECT_LE(help->Pos.y + help->Size.y, display.y) << display.x;
    EXPECT_LE(help->ContentSize.x + 2 * ImGui::GetStyle().WindowPadding.x, help->Size.x + 0.5f)
        << display.x << ": cut at the right";
    if (display.x == 1280) {
      EXPECT_FALSE(help->ScrollbarY) << "it fits without scrolling";
    }
  }
}

}  // namespace
}  // namespace roofline::test
