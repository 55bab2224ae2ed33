#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan) in build-fuzz/ and runs each loader's for
# FUZZ_SECONDS (default 45), starting from a seed corpus of the shipped presets and test data,
# one target per core at a time (FUZZ_JOBS to change it).
# A crash, a sanitizer report, a leak or an abort on a wrong number fails it, and the input that
# did it is left in build-fuzz/artifacts/.
# usage: tests/fuzz/run_fuzzers.sh [SECONDS]     Exits 77 (skipped) without clang.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-${FUZZ_SECONDS:-45}}
out=build-fuzz
mkdir -p "$out"

# clang and its libFuzzer runtime, installed here rather than by .ci/setup.sh so that the app's
# quick start does not pull in a second compiler.
apt_install() {
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "roofline: installing $* for fuzzing"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
    --no-install-recommends "$@"
}
links_fuzzer() {
  printf 'extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }\n' \
    >"$out/probe.cpp"
  clang++ -fsanitize=fuzzer "$out/probe.cpp" -o "$out/probe" 2>/dev/null
}
command -v clang++ >/dev/null || apt_install clang || true
command -v clang++ >/dev/null || { echo "SKIP: clang++ not installed and not installable"; exit 77; }
if ! links_fuzzer; then
  major=$(clang++ --version | grep -oE 'version [0-9]+' | grep -oE '[0-9]+')
  apt_install "libclang-rt-$major-dev" || true
  links_fuzzer || { echo "SKIP: clang has no libFuzzer runtime (libclang-rt-$major-dev)"; exit 77; }
fi
CC=clang CXX=clang++ cmake -S . -B "$out" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DROOFLINE_FUZZ=ON -DROOFLINE_BUILD_TESTS=OFF -DROOFLINE_BUILD_BENCH=OFF >/dev/null
cmake --build "$out"

seeds() {  # the loader's seed files
  case $1 in
    gpu) ls presets/gpus/*.json tests/data/repro/gpu_*.json ;;
    model) ls presets/models/*.json tests/data/calibration/hf-configs/*.json tests/data/repro/model_*.json 2>/dev/null ;;
    scenario) ls presets/scenarios/*.json tests/data/repro/scenario_*.json ;;
    lesson) ls presets/lessons/*.json ;;
    settings) printf '%s\n' "$out/seed-settings.json" ;;
    calibration) ls presets/calibrations/*.json ;;
    measurements) ls tests/data/calibration/*.json ;;
    profile) ls tests/data/profiles/*.csv tests/data/profiles/*.json ;;
    kernels) ls presets/kernels/*.json ;;
    text) ls "$out"/seed-text-* ;;
    link) ls "$out"/seed-link-* ;;
  esac
}
printf '{"theme": "dark", "ui_scale": 1.25, "window_width": 1280, "window_height": 800}\n' \
  >"$out/seed-settings.json"
# Seeds of the text target: a double's 8 bytes, then a name with control characters.
printf '\x00\x00\x00\x00\x00\x00\xf0\x3fgemm\x1b[2J\nname' >"$out/seed-text-1"
printf '\x9a\x99\x99\x99\x99\x99\xb9\x3f\xc2\x9b\x7f\x07' >"$out/seed-text-2"
# Seeds of the link target: fragments as the web page writes them.
printf 'gpu=h200&model=llama-3-70b&batch=64&memory_efficiency=0.8333333333333334' >"$out/seed-link-1"
printf '#lesson=batching&step=3&batch=8&flash_attention=off&model=%%2Fuploads%%2Fx.json' \
  >"$out/seed-link-2"
mkdir -p "$out/artifacts"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# One loader's run; its verdict in $out/fuzz_LOADER.status (0 = nothing found).
fuzz_one() {
  local loader=$1 status=0
  "$out/tests/fuzz/fuzz_$loader" "$out/corpus-$loader" -max_total_time="$seconds" \
    -max_len=65536 -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$out/artifacts/$loader-" \
    -print_final_stats=1 2>"$out/fuzz_$loader.log" || status=$?
  echo "$status" >"$out/fuzz_$loader.status"
}
# Each target is one process on one core: as many run at once as there are cores (FUZZ_JOBS), so
# every target keeps its full time and the whole takes a core-count fraction of it.
parallel=${FUZZ_JOBS:-$(nproc)}
((parallel >= 1)) || parallel=1
# Stopped (Ctrl+C, a CI timeout): the fuzzers running beside the script stop with it.
trap 'kill $(jobs -p) 2>/dev/null || true' INT TERM
loaders=(gpu model scenario lesson settings calibration measurements profile kernels text link)
for loader in "${loaders[@]}"; do
  corpus="$out/corpus-$loader"
  rm -f "$out/fuzz_$loader.status"
  mkdir -p "$corpus"
  for f in $(seeds "$loader"); do cp "$f" "$corpus/"; done
  echo "fuzz_$loader: $seconds s from $(ls "$corpus" | wc -l) seeds"
  while (($(jobs -rp | wc -l) >= parallel)); do wait -n || true; done
  fuzz_one "$loader" &
done
wait
failed=0
for loader in "${loaders[@]}"; do
  if [ "$(cat "$out/fuzz_$loader.status" 2>/dev/null)" != 0 ]; then
    echo "FAIL: fuzz_$loader found an input that breaks the loader:"; tail -40 "$out/fuzz_$loader.log"
    failed=1
  else
    printf 'fuzz_%s: ' "$loader"; grep -E "^stat::number_of_executed_units" "$out/fuzz_$loader.log" || echo
  fi
done
[ "$failed" -eq 0 ] || exit 1
echo "PASS: every loader fuzzed for $seconds s with ASan + UBSan, $parallel at a time"
