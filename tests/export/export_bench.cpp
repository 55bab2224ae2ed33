// Export times: SVG, PDF, 1920×1080 PNG and 3840×2160 PNG (1920×1080 at scale 2), for the
// default scenario with every operator shown. Targets: vector < 50 ms, 4K PNG < 1 s.
// Run: build-*/tests/export/roofline_export_bench (not part of ctest).

#include <benchmark/benchmark.h>

#include "roofline/export/export.h"
#include "roofline/io/preset_library.h"
#include "roofline/plot/roofline_plot.h"

namespace roofline {
namespace {

PlotGeometry figure(double w, double h, double font) {
  const Scenario s = PresetLibrary::builtin().default_scenario();
  const Analysis a = analyze(s);
  const Trail trail = make_trail(s, SweepParam::batch);
  PlotView v;
  v.canvas_px = {w, h};
  v.font_px = font;
  v.chart.show_ops = true;
  v = fit_view(v, a, s, &trail);
  return build_roofline_plot(a, s, v, light_theme(), figure_text_measure(), &trail);
}

void BM_build_geometry(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(figure(1920, 1080, 18));
}

void export_bench(benchmark::State& state, FigureFormat format, double scale) {
  const PlotGeometry g = figure(1920, 1080, 18);
  ExportOptions options;
  options.scale = scale;
  size_t bytes = 0;
  for (auto _ : state) {
    const std::string out = render_figure_to_string(g, format, options);
    bytes = out.size();
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["bytes"] = static_cast<double>(bytes);
}

void BM_svg(benchmark::State& state) { export_bench(state, FigureFormat::svg, 1); }
void BM_pdf(benchmark::State& state) { export_bench(state, FigureFormat::pdf, 1); }
void BM_png_1920x1080(benchmark::State& state) { export_bench(state, FigureFormat::png, 1); }
void BM_png_3840x2160(benchmark::State& state) { export_bench(state, FigureFormat::png, 2); }

BENCHMARK(BM_build_geometry)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_svg)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_pdf)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_png_1920x1080)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_png_3840x2160)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace roofline

BENCHMARK_MAIN();
