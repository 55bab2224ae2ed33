#!/usr/bin/env bash
# The README's test command: set up, build, and run every test (unit, UI, end-to-end), then
# every loader under libFuzzer. On CI (CI=true: root, a fresh machine) also the whole suite again
# under ASan + UBSan with leak detection, and the .deb on a fresh Debian 12.
set -euo pipefail
cd "$(dirname "$0")/.."
.ci/setup.sh
# On CI the install test also installs the .deb with dpkg and runs it.
if [ "${CI:-}" = "true" ]; then export ROOFLINE_INSTALL_DEB=1; fi
ctest --test-dir build --output-on-failure -j2
# The web build, opened in headless Chromium against the desktop's picture (installs emscripten
# and Chromium if missing; ~3 min on 2 cores).
status=0
.ci/web.sh || status=$?
# A skip (77: no emscripten, no Chromium) is a failure on CI, where both install from Debian.
[ "$status" -eq 0 ] || { [ "$status" -eq 77 ] && [ "${CI:-}" != "true" ]; } || exit "$status"
# Every loader under libFuzzer with ASan + UBSan for a bounded time (clang, installed if missing).
status=0
FUZZ_SECONDS=${FUZZ_SECONDS:-45} tests/fuzz/run_fuzzers.sh || status=$?
[ "$status" -eq 0 ] || [ "$status" -eq 77 ] || exit "$status"
if [ "${CI:-}" = "true" ]; then
  # The whole suite under ASan + UBSan (~30 min on 2 cores, most of it the instrumented build).
  tests/sanitizers/run_sanitized.sh
  # The .deb installed by apt on a fresh Debian 12 made by debootstrap (~2 min).
  if ! command -v debootstrap >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap ||
      echo "roofline: debootstrap could not be installed (the fresh-Debian check skips)"
  fi
  status=0
  tests/install/check_deb_fresh_debian.sh build || status=$?
  [ "$status" -eq 0 ] || [ "$status" -eq 77 ] || exit "$status"
fi
