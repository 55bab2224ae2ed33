#pragma once
// Shared fixtures for the plot tests: the built-in scenarios and a fixed view.

#include "roofline/io/preset_library.h"
#include "roofline/plot/roofline_plot.h"

namespace roofline::testing {

inline Scenario default_scenario() { return PresetLibrary::builtin().default_scenario(); }

inline Scenario scenario_with(const char* model, Phase phase, int64_t batch, int64_t seq) {
  Scenario s = default_scenario();
  s.model = PresetLibrary::builtin().model(model).value();
  s.phase = phase;
  s.batch = batch;
  s.seq = seq;
  return s;
}

// 1000×700 canvas, 10 px font, no title or caption: the plot area is
// x 55.8 .. 983, y 10 .. 662.7 (see view_test.cpp for the margins).
inline PlotView fixed_view() {
  PlotView v;
  v.canvas_px = {1000, 700};
  v.font_px = 10;
  v.show_title = false;
  v.show_caption = false;
  v.x_min = 0.1;
  v.x_max = 1e4;
  v.y_min = 1e11;
  v.y_max = 1e16;
  return v;
}

// The export dialog's paper-column preset: 252 x 180 with 8 px type.
inline PlotView paper_column_view() {
  PlotView v;
  v.canvas_px = {252, 180};
  v.font_px = 8;
  return v;
}

}  // namespace roofline::testing
