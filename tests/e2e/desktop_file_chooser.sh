#!/usr/bin/env bash
# End-to-end: the real app asks the desktop's file chooser (the XDG portal on the session bus),
# here a fake portal on a private bus (roofline_fake_portal):
#  1. Ctrl+O sends OpenFile parented to the app's X11 window; the file the portal returns is
#     opened (the window title names it) while the window kept drawing;
#  2. Ctrl+Shift+S sends SaveFile suggesting the file's name; the scenario is written where the
#     portal says;
#  3. with --no-portal, Ctrl+O does not ask the portal.
#   tests/e2e/desktop_file_chooser.sh path/to/roofline path/to/roofline_fake_portal
# Exits 77 (ctest: skipped) when xvfb-run or xdotool is missing.
set -euo pipefail

app=$(realpath "${1:?usage: desktop_file_chooser.sh path/to/roofline path/to/roofline_fake_portal}")
portal=$(realpath "${2:?usage: desktop_file_chooser.sh path/to/roofline path/to/roofline_fake_portal}")

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

if [[ ${3:-} != --inner ]]; then
  skip_without xvfb-run xdotool
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  xvfb-run -a -s '-screen 0 1280x800x24' "$0" "$app" "$portal" --inner "$work"
  exit $?
fi

work=$4
export XDG_CONFIG_HOME=$work/config  # never touch the user's settings
mkdir -p "$work/runs dir" "$work/run"
cat >"$work/runs dir/h200.json" <<'JSON'
{"gpu": "h200", "model": "mistral-7b", "phase": "prefill", "batch": 7, "seq": 300}
JSON

logged() {  # logged LINE: the fake portal logs each request within a moment of answering it
  for _ in $(seq 30); do
    grep -qxF "$1" "$work/portal.log" 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}

# The portal answers the first request with the scenario (a space in its folder, escaped as a
# URI has it), the second with where to save.
"$portal" "$work/bus" "$work/portal.log" 60 "file://$work/runs%20dir/h200.json" \
  "file://$work/saved.json" 2>"$work/portal.err" &
portal_pid=$!
wait_for "$work/bus" 10 || { echo "FAIL: the fake portal did not start"; cat "$work/portal.err"; exit 1; }
export DBUS_SESSION_BUS_ADDRESS=$(cat "$work/bus")

cd "$work/run"
"$app" --no-settings --size 1200x760 --dump-geometry "$work/geometry.json" --quit-after 40 \
  2>"$work/app.err" &
pid=$!
fail() {
  echo "FAIL: $*"
  kill "$pid" "$portal_pid" 2>/dev/null || true
  echo "  portal log:"; sed 's/^/    /' "$work/portal.log" 2>/dev/null || true
  sed 's/^/  app stderr: /' "$work/app.err"
  sed 's/^/  portal stderr: /' "$work/portal.err"
  exit 1
}
wait_for "$work/geometry.json" 10 || fail "the app drew no frame within 10 s"
window=$(xdotool search --sync --name '^roofline( |$)' | head -n1)
xdotool windowfocus --sync "$window" 2>/dev/null || true

# A key the app missed on a loaded machine is pressed once more (only if the title has not
# changed: a first Ctrl+O that got through has already taken the first answer).
title_is() {  # title_is PATTERN SECONDS
  for _ in $(seq $(($2 * 10))); do
    xdotool getwindowname "$window" | grep -q "$1" && return 0
    sleep 0.1
  done
  return 1
}
xdotool key ctrl+o
title_is 'h200.json' 5 || { xdotool key ctrl+o; title_is 'h200.json' 5; } ||
  fail "Ctrl+O did not open the file the portal picked (title: $(xdotool getwindowname "$window"))"
printf -v parent 'x11:%x' "$window"
logged "OpenFile|Open scenario|$parent|" ||
  fail "the portal was not asked OpenFile for window $parent"
echo "PASS: Ctrl+O asked the portal (parent $parent) and opened runs dir/h200.json"

xdotool key ctrl+shift+s
wait_for "$work/saved.json" 5 || { xdotool key ctrl+shift+s; wait_for "$work/saved.json" 5; } ||
  fail "Ctrl+Shift+S wrote nothing where the portal said"
grep -q '"h200"' "$work/saved.json" || fail "saved.json is not the scenario opened"
logged "SaveFile|Save scenario as|$parent|h200.json" ||
  fail "the portal was not asked SaveFile suggesting h200.json"
echo "PASS: Ctrl+Shift+S asked the portal and saved the scenario where it said"
kill "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true

# --no-portal: the in-app dialog, and the portal is not asked.
lines_before=$(wc -l <"$work/portal.log")
"$app" --no-settings --no-portal --size 1200x760 --quit-after 20 2>"$work/app.err" &
pid=$!
window=$(xdotool search --sync --name '^roofline( |$)' | head -n1)
xdotool windowfocus --sync "$window" 2>/dev/null || true
sleep 1
xdotool key ctrl+o
sleep 2
[[ $(wc -l <"$work/portal.log") -eq $lines_before ]] || fail "--no-portal still asked the portal"
kill "$pid" 2>/dev/null || true
kill "$portal_pid" 2>/dev/null || true
wait "$portal_pid" 2>/dev/null || true  # it takes its private bus down as it goes
echo "PASS: --no-portal asked no portal"
