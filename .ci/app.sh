#!/usr/bin/env bash
# The README's run command: set up (install what is missing, build), then open the app on the
# built-in default scenario. Without a display the app says so and writes the default
# scenario's chart to ./roofline-default.png instead. Extra arguments go to the app.
set -euo pipefail
cd "$(dirname "$0")/.."
.ci/setup.sh
exec build/app/platform/roofline "$@"
