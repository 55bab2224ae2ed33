#!/usr/bin/env bash
# The README's test command: set up, build, and run every test (unit, UI, end-to-end).
set -euo pipefail
cd "$(dirname "$0")/.."
.ci/setup.sh
ctest --test-dir build --output-on-failure -j2
