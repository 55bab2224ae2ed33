// Targets on a 2-core machine: analyze() < 20 µs, a 1,000-point sweep < 10 ms.
#include <benchmark/benchmark.h>

#include "roofline/analysis.h"
#include "roofline/io/preset_library.h"
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

// The hybrids (core/MODEL.md §6): target < 5 µs. Qwen3-Next 80B-A3B: 36 Gated DeltaNet and 12
// gated full-attention layers, 512 experts; Nemotron 3 Nano: Mamba-2, attention and MoE blocks.
void analyze_preset(benchmark::State& state, const char* id) {
  const Scenario s = decode(h100_sxm(), PresetLibrary::builtin().model(id).value(), 16, 32768);
  for (auto _ : state) {
    Analysis a = analyze(s);
    benchmark::DoNotOptimize(a);
  }
}
void BM_AnalyzeQwen3NextDecode(benchmark::State& state) {
  analyze_preset(state, "qwen3-next-80b-a3b");
}
BENCHMARK(BM_AnalyzeQwen3NextDecode)->Unit(benchmark::kMicrosecond);
void BM_AnalyzeNemotron3NanoDecode(benchmark::State& state) {
  analyze_preset(state, "nemotron-3-nano");
}
BENCHMARK(BM_AnalyzeNemotron3NanoDecode)->Unit(benchmark::kMicrosecond);
void BM_AnalyzeGptOss120bDecode(benchmark::State& state) { analyze_preset(state, "gpt-oss-120b"); }
BENCHMARK(BM_AnalyzeGptOss120bDecode)->Unit(benchmark::kMicrosecond);

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
