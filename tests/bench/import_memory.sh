#!/usr/bin/env bash
# Peak memory of `roofline-cli import` on the benchmark's large inputs (import_bench.cpp makes
# them: a 100,000-event PyTorch trace, its gzip, and a 10,000-row Nsight Compute CSV), against
# twice each file's size. GNU time's maximum resident set includes the program itself (~10 MB).
#   tests/bench/import_memory.sh [build dir]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
dir=${TMPDIR:-/tmp}/roofline-import-bench
"$build/tests/bench/roofline_import_bench" --benchmark_filter=BM_NcuCsv10kRows \
  --benchmark_min_time=0.01 > /dev/null 2>&1
gzip -kf "$dir/trace-100k.json"
peak_kb() { /usr/bin/time -f %M "$build/app/cli/roofline-cli" import "$1" 2>&1 >/dev/null | tail -1; }
# The program alone: a one-kernel trace.
base=$(peak_kb tests/data/profiles/torch-profiler_A100_triton-kernel_trace.json)
printf '%-20s %11s %10s %14s %10s\n' file size "peak RSS" "above a 1-kernel import" "of the file"
for f in trace-100k.json trace-100k.json.gz ncu-10k.csv; do
  bytes=$(stat -c %s "$dir/$f")
  kb=$(peak_kb "$dir/$f")
  awk -v f="$f" -v b="$bytes" -v k="$kb" -v base="$base" 'BEGIN {
    printf "%-20s %8.1f MB %7.1f MB %11.2f MB %12.0f %%\n", f, b / 1e6, k * 1024 / 1e6,
           (k - base) * 1024 / 1e6, 100 * (k - base) * 1024 / b }'
done
