#!/usr/bin/env bash
# Regenerates the README screenshots with the app itself (scripted mode, under Xvfb when there
# is no display):
#   assets/screenshots/make_screenshots.sh [path/to/roofline]   (default: build/app/platform/roofline)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
app=${1:-$root/build/app/platform/roofline}
[[ -x $app ]] || { echo "make_screenshots.sh: no app at $app (build the 'roofline' target first)"; exit 1; }

run() {
  if [[ -n ${DISPLAY:-} ]]; then
    "$@"
  else
    xvfb-run -a -s '-screen 0 1280x800x24' "$@"
  fi
}

# Scripted runs ignore the saved settings, so the pictures do not depend on who takes them.
run "$app" --size 1280x800 --frames 4 --theme light \
  --scenario "$root/presets/scenarios/default.json" --screenshot "$here/default-light.png"
run "$app" --size 1280x800 --frames 4 \
  --scenario "$here/dark-batch64.json" --screenshot "$here/dark-batch64.png"
echo "wrote $here/default-light.png and $here/dark-batch64.png"
