// Google Benchmark of profile imports (roofline/io/profile_import.h) on files the size the
// issue names, built from the real samples in tests/data/profiles:
//   - a PyTorch trace of 100,000 events: the MI250 trace's events repeated (kernels, CPU ops,
//     runtime calls and flows, as a real trace mixes them), ~16 % of them GPU kernels;
//   - an Nsight Compute CSV of 10,000 rows: the RTX 5090 details page's 48 rows repeated for
//     209 launches, each with its own ID.
// Run by hand in Release:
//   roofline_import_bench --benchmark_repetitions=10 --benchmark_report_aggregates_only=true
// Peak memory is measured by tests/bench/import_memory.sh (GNU time's maximum resident set).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "roofline/io/profile_import.h"

namespace {

namespace fs = std::filesystem;

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string sample(const std::string& name) {
  return std::string(ROOFLINE_TEST_DATA_DIR) + "/profiles/" + name;
}

}  // namespace

// Writes the two large inputs into `dir`; returns {trace path, ncu path}.
std::pair<std::string, std::string> make_inputs(const fs::path& dir, size_t events, size_t rows);

std::pair<std::string, std::string> make_inputs(const fs::path& dir, size_t events, size_t rows) {
  fs::create_directories(dir);
  // The trace: the sample's traceEvents array body, repeated until `events` events.
  const std::string trace = slurp(sample("torch-profiler_MI250_ROCm6.2_trace.json"));
  const size_t open = trace.find('[', trace.find("\"traceEvents\""));
  int depth = 0;
  size_t close = open;
  for (size_t i = open; i < trace.size(); ++i) {
    if (trace[i] == '[') ++depth;
    if (trace[i] == ']' && --depth == 0) {
      close = i;
      break;
    }
  }
  const std::string body = trace.substr(open + 1, close - open - 1);
  size_t per_copy = 0;  // events in one copy: objects at depth 1 of the array
  depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < body.size(); ++i) {
    const char c = body[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    if (c == '{' && depth++ == 0) ++per_copy;
    if (c == '}') --depth;
  }
  const std::string trace_path = (dir / "trace-100k.json").string();
  {
    std::ofstream out(trace_path, std::ios::binary);
    out << "{\"schemaVersion\": 1, \"traceEvents\": [";
    for (size_t written = 0; written < events; written += per_copy) {
      if (written > 0) out << ",";
      out << body;
    }
    out << "]}";
  }
  // The ncu CSV: the header, then the sample's rows with their ID replaced.
  const std::string csv = slurp(sample("ncu_RTX5090_cutlass-bf16-gemm_page-details.csv"));
  const size_t header_end = csv.find('\n') + 1;
  const std::string header = csv.substr(0, header_end);
  std::istringstream lines(csv.substr(header_end));
  std::vector<std::string> launch;
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with("\"0\",")) launch.push_back(line.substr(3));
  }
  const std::string ncu_path = (dir / "ncu-10k.csv").string();
  {
    std::ofstream out(ncu_path, std::ios::binary);
    out << header;
    size_t written = 0;
    for (size_t id = 0; written < rows; ++id) {
      for (const std::string& l : launch) {
        out << "\"" << id << "\"" << l << "\n";
        if (++written == rows) break;
      }
    }
  }
  return {trace_path, ncu_path};
}

namespace {

const std::pair<std::string, std::string>& inputs() {
  static const auto paths =
      make_inputs(fs::temp_directory_path() / "roofline-import-bench", 100000, 10000);
  return paths;
}

void import_file(benchmark::State& state, const std::string& path) {
  for (auto _ : state) {
    auto p = roofline::import_profile(path);
    if (!p) state.SkipWithError(p.error().c_str());
    benchmark::DoNotOptimize(p);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) *
                          static_cast<int64_t>(fs::file_size(path)));
}

void BM_TorchTrace100kEvents(benchmark::State& state) { import_file(state, inputs().first); }
BENCHMARK(BM_TorchTrace100kEvents)->Unit(benchmark::kMillisecond);

void BM_NcuCsv10kRows(benchmark::State& state) { import_file(state, inputs().second); }
BENCHMARK(BM_NcuCsv10kRows)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
