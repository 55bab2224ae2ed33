// What roofline.analyze() costs on the C++ side (app/python/module.cpp's analyze_json): the
// default scenario resolved from the built-in presets with the knobs given, the step, and its
// JSON text; and each part alone.
//   roofline_python_path_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true

#include <benchmark/benchmark.h>

#include "commands.h"
#include "roofline/io/json_io.h"
#include "scenario_options.h"

namespace roofline {
namespace {

ScenarioOptions llama_batch_64() {
  ScenarioOptions o;
  o.given[ChangeKey::batch] = int64_t{64};
  return o;
}

void BM_ResolveScenario(benchmark::State& state) {
  const ScenarioOptions o = llama_batch_64();
  for (auto _ : state) benchmark::DoNotOptimize(resolve_builtin_scenario(o));
}
BENCHMARK(BM_ResolveScenario)->Unit(benchmark::kMicrosecond);

void BM_AnalysisToJson(benchmark::State& state) {
  const Scenario s = resolve_builtin_scenario(llama_batch_64());
  const Analysis a = analyze(s);
  for (auto _ : state) benchmark::DoNotOptimize(analysis_to_json(s, a));
}
BENCHMARK(BM_AnalysisToJson)->Unit(benchmark::kMicrosecond);

void BM_PythonAnalyzePath(benchmark::State& state) {
  const ScenarioOptions o = llama_batch_64();
  for (auto _ : state) {
    const Scenario s = resolve_builtin_scenario(o);
    benchmark::DoNotOptimize(analysis_to_json(s, analyze_or_throw(s)));
  }
}
BENCHMARK(BM_PythonAnalyzePath)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace roofline

BENCHMARK_MAIN();
