#!/usr/bin/env bash
# End-to-end: start the real app under Xvfb, drag the fc dot to the right with xdotool (real X
# mouse events through GLFW and ImGui), quit with Ctrl+Q, and check the batch in the state dump.
#   tests/e2e/drag_fc_dot.sh path/to/roofline
# Exits 77 (ctest: skipped) when xvfb-run, xdotool or python3 is missing.
set -euo pipefail

app=${1:?usage: drag_fc_dot.sh path/to/roofline}

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

if [[ ${2:-} != --inner ]]; then
  skip_without xvfb-run xdotool python3
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  xvfb-run -a -s '-screen 0 1280x800x24' "$0" "$app" --inner "$work"
  exit $?
fi

work=$3
export XDG_CONFIG_HOME=$work/config  # never touch the user's settings
geometry=$work/geometry.json
state=$work/state.json

"$app" --no-settings --size 1200x760 --dump-geometry "$geometry" --dump-state "$state" \
  --quit-after 30 &
pid=$!

for _ in $(seq 100); do
  [[ -s $geometry ]] && break
  sleep 0.1
done
if [[ ! -s $geometry ]]; then
  echo "FAIL: the app wrote no geometry dump within 10 s"
  kill "$pid" 2>/dev/null || true
  exit 1
fi

read -r fc_x fc_y batch_before < <(python3 -c '
import json, sys
g = json.load(open(sys.argv[1]))
x, y = g["markers"]["group:fc"]
print(round(x), round(y), g["batch"])' "$geometry")
echo "fc dot at ($fc_x, $fc_y) in the window, batch $batch_before"

window=$(xdotool search --sync --name '^roofline( |$)' | head -n1)
eval "$(xdotool getwindowgeometry --shell "$window")"  # sets X, Y (window position)
xdotool windowfocus --sync "$window" 2>/dev/null || true

xdotool mousemove --sync $((X + fc_x)) $((Y + fc_y))
sleep 0.2
xdotool mousedown 1
sleep 0.1
for step in $(seq 1 12); do
  xdotool mousemove --sync $((X + fc_x + step * 20)) $((Y + fc_y))
  sleep 0.05
done
sleep 0.1
xdotool mouseup 1
sleep 0.3
# The drag changed the unsaved scenario: Ctrl+Q asks "Save changes?" and the app stays until
# answered; D is "Don't save".
xdotool key ctrl+q
sleep 1
kill -0 "$pid" 2>/dev/null || { echo "FAIL: Ctrl+Q quit with unsaved changes without asking"; exit 1; }
xdotool key d

for _ in $(seq 100); do
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
wait "$pid"

batch_after=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["batch"])' "$state")
echo "batch after the drag: $batch_after"
if (( batch_after > batch_before )); then
  echo "PASS: dragging the fc dot 240 px right raised the batch from $batch_before to $batch_after; Ctrl+Q asked before quitting, D quit"
else
  echo "FAIL: the batch did not grow ($batch_before -> $batch_after)"
  exit 1
fi
