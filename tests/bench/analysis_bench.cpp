// Targets on a 2-core machine: analyze() < 20 µs, a 1,000-point sweep < 10 ms, a request
// < 20 µs, the frontier < 20 ms.
#include <benchmark/benchmark.h>

#include "roofline/analysis.h"
#include "roofline/io/preset_library.h"
#include "roofline/requests.h"
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

// Requests and the frontier (core/MODEL.md §10): target < 20 µs for a request with OSL 8,192
// (the decode sum is closed-form: about one analysis, not 8,191), < 20 ms for the frontier over
// batch × tp {1, 2, 4, 8} × 3 precisions. Under the H100 calibration, as the app shows them.
Scenario calibrated(const char* model) {
  Scenario s = decode(h100_sxm(), PresetLibrary::builtin().model(model).value(), 16, 1);
  s.calibration = PresetLibrary::builtin().calibration("h100-cuda-graphs").value();
  return s;
}

void BM_RequestOsl8192(benchmark::State& state, const char* model) {
  const Scenario s = calibrated(model);
  if (!request(s, 1024, 8192)) state.SkipWithError("the request fails");
  for (auto _ : state) {
    auto r = request(s, 1024, 8192);
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK_CAPTURE(BM_RequestOsl8192, llama_3_1_8b, "llama-3.1-8b")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_RequestOsl8192, gpt_oss_120b, "gpt-oss-120b")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_RequestOsl8192, qwen3_next, "qwen3-next-80b-a3b")
    ->Unit(benchmark::kMicrosecond);

void BM_Frontier(benchmark::State& state) {
  const Scenario s = calibrated("llama-3-70b");
  const int64_t tps[] = {1, 2, 4, 8};
  const Precision ps[] = {Precision::bf16, Precision::fp8, Precision::int4};
  for (auto _ : state) {
    auto f = frontier(s, tps, ps, 1024, 1024, 24);
    benchmark::DoNotOptimize(f);
  }
}
BENCHMARK(BM_Frontier)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
