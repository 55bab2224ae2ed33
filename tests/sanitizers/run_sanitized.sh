#!/usr/bin/env bash
# The whole test suite under AddressSanitizer + UndefinedBehaviorSanitizer (g++), in
# build-asan/: every unit, headless-UI, CLI and export test with leak detection on and only the
# third-party suppressions of lsan.supp; the end-to-end runs of the real window with leak
# detection off (Mesa's GL driver is dlopen'ed and unloaded before exit, so its allocations come
# out as "<unknown module>" and cannot be attributed, let alone suppressed by name); any UBSan
# report is fatal. Not yet part of .ci/test.sh: the instrumented build takes ~20 min on 2 cores.
# usage: tests/sanitizers/run_sanitized.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
flags="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"
CXXFLAGS="$flags" CFLAGS="$flags" LDFLAGS="-fsanitize=address,undefined" \
  cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DROOFLINE_BUILD_BENCH=OFF >/dev/null
cmake --build build-asan
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS="suppressions=$PWD/tests/sanitizers/lsan.supp:print_suppressions=0" \
  ctest --test-dir build-asan --output-on-failure -j2 -E "^(e2e|install)\."
ASAN_OPTIONS=detect_leaks=0 ctest --test-dir build-asan --output-on-failure -R "^e2e\."
echo "PASS: the suite under ASan + UBSan"
