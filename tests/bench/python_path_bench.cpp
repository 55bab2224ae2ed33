// What roofline.analyze() costs on the C++ side (app/python/module.cpp's analysis_of): the
// default scenario resolved from the built-in presets with the knobs given (module.cpp keeps the
// last few resolved, so a call copies one), the step, and the analysis written value by value
// (module.cpp's PythonOut makes the Python objects; here they go nowhere, so this is the writer's
// own cost); and each part alone, with the tree and the text the CLI writes for comparison.
//   roofline_python_path_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true

#include <benchmark/benchmark.h>

#include "commands.h"
#include "roofline/io/json_io.h"
#include "roofline/io/json_out.h"
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

void BM_CopyScenario(benchmark::State& state) {
  const Scenario s = resolve_builtin_scenario(llama_batch_64());
  for (auto _ : state) {
    Scenario copy = s;
    benchmark::DoNotOptimize(copy);
  }
}
BENCHMARK(BM_CopyScenario)->Unit(benchmark::kMicrosecond);

// Every value of the document, thrown away: what write_analysis costs before Python's objects.
class Nowhere final : public JsonOut {
 public:
  void begin_object() override { ++values; }
  void begin_array() override { ++values; }
  void end() override {}
  void key(std::string_view name) override { values += name.size() > 0; }
  void null() override { ++values; }
  void boolean(bool) override { ++values; }
  void integer(int64_t) override { ++values; }
  void unsigned_integer(uint64_t) override { ++values; }
  void number(double) override { ++values; }
  void string(std::string_view) override { ++values; }
  int64_t values = 0;
};

void BM_WriteAnalysisNowhere(benchmark::State& state) {
  const Scenario s = resolve_builtin_scenario(llama_batch_64());
  const Analysis a = analyze(s);
  for (auto _ : state) {
    Nowhere out;
    write_analysis(out, s, a);
    benchmark::DoNotOptimize(out.values);
  }
}
BENCHMARK(BM_WriteAnalysisNowhere)->Unit(benchmark::kMicrosecond);

void BM_AnalysisJsonTree(benchmark::State& state) {
  const Scenario s = resolve_builtin_scenario(llama_batch_64());
  const Analysis a = analyze(s);
  for (auto _ : state) benchmark::DoNotOptimize(analysis_json(s, a));
}
BENCHMARK(BM_AnalysisJsonTree)->Unit(benchmark::kMicrosecond);

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
