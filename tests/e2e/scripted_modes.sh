#!/usr/bin/env bash
# The app's non-interactive modes:
#  1. --scenario --size --frames --screenshot under Xvfb writes a PNG of exactly that size and
#     --dump-state writes the scenario it ran (batch 64 from the file);
#  2. without any display it says so and writes ./roofline-default.png with the Cairo painter
#     (the default scenario, light, at the default window size), or --screenshot at --size with
#     the scenario's theme, and --dump-state writes the scenario it drew.
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

# --version needs no display and prints one line.
version=$(env -u DISPLAY -u WAYLAND_DISPLAY "$app" --version)
[[ $version =~ ^roofline\ [0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "FAIL: --version printed '$version'"; exit 1; }
echo "PASS: $version"

xvfb-run -a -s '-screen 0 1280x800x24' "$app" --scenario "$scenario" --size 1024x700 --frames 3 \
  --screenshot "$work/shot.png" --dump-state "$work/state.json"
read -r w h < <(png_size "$work/shot.png")
[[ $w == 1024 && $h == 700 ]] || { echo "FAIL: screenshot is ${w}x$h, expected 1024x700"; exit 1; }
batch=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["batch"])' "$work/state.json")
[[ $batch == 64 ]] || { echo "FAIL: the state dump says batch $batch, expected 64"; exit 1; }
[[ ! -e $work/config ]] || { echo "FAIL: a scripted run wrote settings"; exit 1; }
echo "PASS: scripted screenshot 1024x700, state batch 64, no settings written"

# The top-left pixel of a PNG as "r g b" (the first pixel of the first row reads the same under
# every PNG filter).
corner_rgb() {
  python3 -c '
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
pos, idat = 8, b""
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    if kind == b"IDAT":
        idat += data[pos + 8:pos + 8 + n]
    pos += 12 + n
print(*zlib.decompress(idat)[1:4])' "$1"
}

# Without a display: the chart of the default scenario, at the settings' default window size.
(cd "$work" && env -u DISPLAY -u WAYLAND_DISPLAY "$app" 2>"$work/stderr.txt") || {
  echo "FAIL: without a display the app exited with an error:"; cat "$work/stderr.txt"; exit 1; }
grep -q "no display available" "$work/stderr.txt" || { echo "FAIL: no 'no display' message"; exit 1; }
grep -q "wrote the chart of the default scenario to roofline-default.png" "$work/stderr.txt" || {
  echo "FAIL: without a display no chart was written:"; cat "$work/stderr.txt"; exit 1; }
read -r w h < <(png_size "$work/roofline-default.png")
[[ $w == 1280 && $h == 800 ]] || { echo "FAIL: roofline-default.png is ${w}x$h, expected 1280x800"; exit 1; }
read -r r g b < <(corner_rgb "$work/roofline-default.png")
(( r + g + b > 600 )) || { echo "FAIL: the default (light) chart's corner is $r $g $b"; exit 1; }

# The same fallback with a scenario, a size and a state dump: the file's dark theme and batch 64
# reach the picture and the dump.
env -u DISPLAY -u WAYLAND_DISPLAY "$app" --scenario "$scenario" --size 640x400 \
  --screenshot "$work/fallback.png" --dump-state "$work/fallback.json" 2>"$work/stderr.txt" || {
  echo "FAIL: without a display the app exited with an error:"; cat "$work/stderr.txt"; exit 1; }
read -r w h < <(png_size "$work/fallback.png")
[[ $w == 640 && $h == 400 ]] || { echo "FAIL: the fallback chart is ${w}x$h, expected 640x400"; exit 1; }
read -r r g b < <(corner_rgb "$work/fallback.png")
(( r + g + b < 150 )) || { echo "FAIL: the dark scenario's fallback chart has a light corner ($r $g $b)"; exit 1; }
read -r batch theme < <(python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(d["batch"], d["view"]["theme"])' "$work/fallback.json")
[[ $batch == 64 && $theme == dark ]] || { echo "FAIL: the fallback's state dump says batch $batch, theme $theme"; exit 1; }
echo "PASS: no display: said so and drew the chart (1280x800 light; 640x400 dark, batch 64)"

# Options are checked like roofline-cli's: NaN, an int-overflowing size and an out-of-range
# value each get one message and exit 2 (a usage error), before any window opens.
for bad in "--scale nan" "--quit-after nan" "--size 4294967616x800" "--size 1280x" "--frames 0" \
           "--scale 9"; do
  set +e
  # shellcheck disable=SC2086
  env -u DISPLAY -u WAYLAND_DISPLAY "$app" --no-settings $bad >/dev/null 2>"$work/stderr.txt"
  code=$?
  set -e
  [[ $code == 2 ]] || { echo "FAIL: '$bad' exited $code, expected 2"; cat "$work/stderr.txt"; exit 1; }
  [[ -s $work/stderr.txt ]] || { echo "FAIL: '$bad' said nothing"; exit 1; }
done
echo "PASS: bad options (nan, overflowing size, out of range) exit 2 with a message"
