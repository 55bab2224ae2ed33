#!/usr/bin/env bash
# The README's test command: set up, build, and run every test (unit, UI, end-to-end).
set -euo pipefail
cd "$(dirname "$0")/.."
.ci/setup.sh
# On CI (root, a fresh machine) the install test also installs the .deb with dpkg and runs it.
if [ "${CI:-}" = "true" ]; then export ROOFLINE_INSTALL_DEB=1; fi
ctest --test-dir build --output-on-failure -j2
# Every loader under libFuzzer with ASan + UBSan for a bounded time (clang, installed if missing).
status=0
FUZZ_SECONDS=${FUZZ_SECONDS:-45} tests/fuzz/run_fuzzers.sh || status=$?
[ "$status" -eq 0 ] || [ "$status" -eq 77 ] || exit "$status"
