// Targets on a 2-core machine: analyze() < 20 µs, a 1,000-point sweep < 10 ms.
#include <benchmark/benchmark.h>

#include "roofline/analysis.h"
#include "roofline/sweep.h"
#include "test_fixtures.h"

namespace {

using namespace roofline;
using namespace roofline::testing;

void BM_AnalyzeLlama3_8bDecode(benchmark::State& state) {
  const Scenario s = decode(h100_sxm(), llama3_8b(), 16, 4096);
  for (auto _ : state) {
    Analysis a = analyze(s);
    benchmark::DoNotOptimize(a);
  }
}
BENCHMARK(BM_AnalyzeLlama3_8bDecode)->Unit(benchmark::kMicrosecond);

void BM_AnalyzeDeepSeekV3Decode(benchmark::State& state) {
  const Scenario s = decode(h100_sxm(), deepseek_v3(), 16, 4096);
  for (auto _ : state) {
    Analysis a = analyze(s);
    benchmark::DoNotOptimize(a);
  }
}
BENCHMARK(BM_AnalyzeDeepSeekV3Decode)->Unit(benchmark::kMicrosecond);

// 1,000 log-spaced batches from 1 to 1,000,000 (762 distinct after rounding).
void BM_SweepBatch1000Points(benchmark::State& state) {
  const Scenario s = decode(h100_sxm(), llama3_70b(), 1, 4096);
  size_t points = 0;
  for (auto _ : state) {
    std::vector<SweepPoint> v = sweep(s, SweepParam::batch, 1, 1'000'000, 1000);
    points = v.size();
    benchmark::DoNotOptimize(v);
  }
  state.counters["points"] = static_cast<double>(points);
}
BENCHMARK(BM_SweepBatch1000Points)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
