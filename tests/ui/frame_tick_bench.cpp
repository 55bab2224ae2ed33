// Our own CPU per frame (frame_tick: layout, analysis when needed, plot geometry, ImDrawList
// painting), headless: the GL rasteriser is not included. Target: < 2 ms per frame while a
// dot is dragged.

#include <benchmark/benchmark.h>

#include "headless_ui.h"

namespace roofline::test {
namespace {

// A frame with nothing changing: layout and drawing only (the analysis is cached).
void BM_FrameIdle(benchmark::State& st) {
  HeadlessUi ui(PresetLibrary::builtin().default_scenario());
  ui.frame(3);
  for (auto _ : st) ui.frame();
}
BENCHMARK(BM_FrameIdle)->Unit(benchmark::kMicrosecond);

// Frames of a fc-dot drag: the mouse moves, the batch is mapped from the new intensity, the
// analysis and the plot are rebuilt. The mouse sweeps back and forth over 300 px.
void drag_fc_dot(benchmark::State& st, HeadlessUi& ui) {
  ui.frame(3);
  const ImVec2 start = ui.marker_screen_pos("group:fc");
  ui.move_to(start);
  ui.press();
  int step = 0;
  for (auto _ : st) {
    const int phase = step++ % 60;
    const float dx = static_cast<float>(phase < 30 ? phase : 60 - phase) * 10.0f;
    ImGui::GetIO().MousePos = {start.x + dx + 1, start.y};
    ui.frame();
  }
  ui.release();
  st.counters["final_batch"] = static_cast<double>(ui.state.doc.batch);
}

void BM_FrameDraggingFcDot(benchmark::State& st) {
  HeadlessUi ui(PresetLibrary::builtin().default_scenario());
  drag_fc_dot(st, ui);
}
BENCHMARK(BM_FrameDraggingFcDot)->Unit(benchmark::kMicrosecond);

// The same drag on the largest hybrid preset (Qwen3-Next 80B-A3B: two attention dots, 48
// layers of four kinds), every operator shown.
void BM_FrameDraggingFcDotHybrid(benchmark::State& st) {
  const PresetLibrary& lib = PresetLibrary::builtin();
  Scenario s = lib.default_scenario();
  s.model = lib.model("qwen3-next-80b-a3b").value();
  s.seq = 32768;
  HeadlessUi ui(s);
  ui.state.chart.show_ops = true;
  drag_fc_dot(st, ui);
}
BENCHMARK(BM_FrameDraggingFcDotHybrid)->Unit(benchmark::kMicrosecond);

// A frame right after a structural change (another GPU each frame): analysis, trail and fit.
void BM_FrameGpuSwitch(benchmark::State& st) {
  const PresetLibrary& lib = PresetLibrary::builtin();
  HeadlessUi ui(lib.default_scenario());
  ui.frame(3);
  std::vector<GpuSpec> gpus;
  for (const PresetEntry& e : lib.gpus()) gpus.push_back(lib.gpu(e.id).value());
  size_t i = 0;
  for (auto _ : st) {
    ui.state.doc.gpu = gpus[i++ % gpus.size()];
    ui.frame();
  }
}
BENCHMARK(BM_FrameGpuSwitch)->Unit(benchmark::kMicrosecond);

// The throughput tab visible while dragging (its sweep follows the batch range).
void BM_FrameDraggingWithThroughputTab(benchmark::State& st) {
  HeadlessUi ui(PresetLibrary::builtin().default_scenario());
  ui.frame(3);
  ui.state.ui.select_details_tab = 1;
  ui.frame(2);
  if (ui.state.ui.details_tab != 1) st.SkipWithError("the throughput tab did not open");
  int step = 0;
  for (auto _ : st) {
    ui.state.doc.batch = 1 + (step++ % 512);
    ui.frame();
  }
}
BENCHMARK(BM_FrameDraggingWithThroughputTab)->Unit(benchmark::kMicrosecond);

// Expected mode (the H100 calibration: rings at the bounds, expected dots) while dragging, with
// the Request tab open (a request computed every frame) or the frontier (recomputed only when
// the workload's shape changes; its current point every frame).
Scenario expected_scenario() {
  const PresetLibrary& lib = PresetLibrary::builtin();
  Scenario s = lib.default_scenario();
  s.calibration = lib.calibration("h100-cuda-graphs").value();
  return s;
}

void BM_FrameDraggingExpectedWithRequestTab(benchmark::State& st) {
  HeadlessUi ui(expected_scenario(), {1600, 1000});  // the default window: no legend over fc
  ui.state.ui.select_details_tab = 2;
  drag_fc_dot(st, ui);
  if (ui.state.ui.details_tab != 2) st.SkipWithError("the request tab did not open");
}
BENCHMARK(BM_FrameDraggingExpectedWithRequestTab)->Unit(benchmark::kMicrosecond);

void BM_FrameDraggingExpectedWithFrontier(benchmark::State& st) {
  HeadlessUi ui(expected_scenario(), {1600, 1000});
  ui.state.ui.select_details_tab = 1;
  ui.state.ui.throughput_frontier = true;
  drag_fc_dot(st, ui);
  if (ui.state.ui.details_tab != 1) st.SkipWithError("the throughput tab did not open");
}
BENCHMARK(BM_FrameDraggingExpectedWithFrontier)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace roofline::test

BENCHMARK_MAIN();
