#!/usr/bin/env bash
# The app's non-interactive modes:
#  1. --scenario --size --frames --screenshot under Xvfb writes a PNG of exactly that size and
#     --dump-state writes the scenario it ran (batch 64 from the file);
#  2. without any display it says so and writes ./roofline-default.png with the Cairo painter.
#   tests/e2e/scripted_modes.sh path/to/roofline path/to/scenario-with-batch-64.json
# Exits 77 (ctest: skipped) without xvfb-run or python3.
set -euo pipefail

app=$(realpath "${1:?usage: scripted_modes.sh path/to/roofline scenario.json}")
scenario=${2:?usage: scripted_modes.sh path/to/roofline scenario.json}
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
skip_without xvfb-run python3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CONFIG_HOME=$work/config

xvfb-run -a -s '-screen 0 1280x800x24' "$app" --scenario "$scenario" --size 1024x700 --frames 3 \
  --screenshot "$work/shot.png" --dump-state "$work/state.json"
read -r w h < <(png_size "$work/shot.png")
[[ $w == 1024 && $h == 700 ]] || { echo "FAIL: screenshot is ${w}x$h, expected 1024x700"; exit 1; }
batch=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["batch"])' "$work/state.json")
[[ $batch == 64 ]] || { echo "FAIL: the state dump says batch $batch, expected 64"; exit 1; }
[[ ! -e $work/config ]] || { echo "FAIL: a scripted run wrote settings"; exit 1; }
echo "PASS: scripted screenshot 1024x700, state batch 64, no settings written"

(cd "$work" && env -u DISPLAY -u WAYLAND_DISPLAY "$app" 2>"$work/stderr.txt") || {
  echo "FAIL: without a display the app exited with an error:"; cat "$work/stderr.txt"; exit 1; }
grep -q "no display available" "$work/stderr.txt" || { echo "FAIL: no 'no display' message"; exit 1; }
if grep -q "roofline-default.png" "$work/stderr.txt"; then
  read -r w h < <(png_size "$work/roofline-default.png")
  echo "PASS: no display: said so and wrote roofline-default.png (${w}x$h)"
else
  echo "PASS: no display: said so (this build has no Cairo painter for the fallback picture)"
fi
