#pragma once
// Shared by the export tests: a figure of a built-in scenario, a scratch directory, files.

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "roofline/export/export.h"
#include "roofline/io/preset_library.h"
#include "roofline/plot/roofline_plot.h"

namespace roofline::testing {

struct Figure {
  Scenario scenario;
  Analysis analysis;
  PlotView view;
  PlotGeometry geometry;
};

inline Figure make_figure(double width = 1000, double height = 640,
                          const Theme& theme = light_theme(), bool ops = false) {
  Figure f;
  f.scenario = PresetLibrary::builtin().default_scenario();
  f.analysis = analyze(f.scenario);
  const Trail trail = make_trail(f.scenario, SweepParam::batch);
  f.view.canvas_px = {width, height};
  f.view.font_px = 14;
  f.view.chart.show_ops = ops;
  f.view.legend_lists_hidden = false;
  f.view = fit_view(f.view, f.analysis, f.scenario, &trail);
  f.geometry =
      build_roofline_plot(f.analysis, f.scenario, f.view, theme, figure_text_measure(), &trail);
  return f;
}

// A fresh empty directory per test, removed afterwards.
class ScratchDir : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::temp_directory_path() /
           ("roofline-export-" + std::string(info->test_suite_name()) + "-" + info->name() + "-" +
            std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  size_t file_count() const {
    size_t n = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir_)) ++n;
    return n;
  }
  std::filesystem::path dir_;
};

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline bool have_tool(const char* name) {
  return std::system((std::string("command -v ") + name + " >/dev/null 2>&1").c_str()) == 0;
}

}  // namespace roofline::testing
