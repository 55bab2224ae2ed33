#!/usr/bin/env bash
# End-to-end: the real app under Xvfb, driven by real X key events (xdotool):
#  1. Ctrl+Shift+E writes <scenario>.svg beside the scenario file (well-formed XML, with the
#     default title), while the window keeps running;
#  2. Ctrl+E opens File > Export figure… in the scenario's folder; typing fig.png and Enter
#     writes a 1280x800 PNG there;
#  3. F12 writes roofline-screenshot-1.png of the window in the working directory.
#   tests/e2e/export_figure.sh path/to/roofline path/to/scenario.json
# Exits 77 (ctest: skipped) when xvfb-run, xdotool, xmllint or python3 is missing.
set -euo pipefail

app=$(realpath "${1:?usage: export_figure.sh path/to/roofline scenario.json}")
scenario=${2:?usage: export_figure.sh path/to/roofline scenario.json}

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

if [[ ${3:-} != --inner ]]; then
  skip_without xvfb-run xdotool xmllint python3
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  xvfb-run -a -s '-screen 0 1280x800x24' "$0" "$app" "$scenario" --inner "$work"
  exit $?
fi

work=$4
export XDG_CONFIG_HOME=$work/config  # never touch the user's settings
mkdir -p "$work/figures" "$work/run"
cp "$scenario" "$work/figures/talk.json"


cd "$work/run"
"$app" --no-settings --size 1200x760 --scenario "$work/figures/talk.json" \
  --dump-geometry "$work/geometry.json" --quit-after 40 2>"$work/app.err" &
pid=$!
fail() {  # says what the app left behind, so a failure on a CI machine can be read from its log
  echo "FAIL: $*"
  if kill -0 "$pid" 2>/dev/null; then
    echo "  the app is still running"
    kill "$pid" 2>/dev/null || true
  else
    wait "$pid" && echo "  the app had exited (status 0)" || echo "  the app had exited (status $?)"
  fi
  echo "  figures/: $(ls -A "$work/figures" | tr '\n' ' ')"
  echo "  run/: $(ls -A "$work/run" | tr '\n' ' ')"
  sed 's/^/  app stderr: /' "$work/app.err"
  exit 1
}
wait_for "$work/geometry.json" 10 || fail "the app drew no frame within 10 s"
window=$(xdotool search --sync --name '^roofline( |$)' | head -n1)
xdotool windowfocus --sync "$window" 2>/dev/null || true

xdotool key ctrl+shift+e
wait_for "$work/figures/talk.svg" 10 || fail "Ctrl+Shift+E wrote no figures/talk.svg"
xmllint --noout "$work/figures/talk.svg" || fail "figures/talk.svg is not well-formed XML"
grep -q 'on NVIDIA H100' "$work/figures/talk.svg" || fail "figures/talk.svg has no default title"
echo "PASS: Ctrl+Shift+E wrote figures/talk.svg beside the scenario"

# Real X key events reach the app with real timing: a step the app missed is said and tried
# once more (Escape closes whatever the first try left open), so one slow frame on a loaded
# machine is not a failure, while an app that never writes the file still fails.
export_with_dialog() {
  xdotool key ctrl+e
  sleep 1  # the dialog opens with its file name field focused and selected
  xdotool key ctrl+a  # select the name in any case: typing replaces it
  sleep 0.2
  xdotool type --delay 80 fig.png
  sleep 0.5
  xdotool key Return
}
export_with_dialog
if ! wait_for "$work/figures/fig.png" 10; then
  kill -0 "$pid" 2>/dev/null || fail "the app exited during the export dialog"
  echo "note: the first try wrote no figures/fig.png (figures/: $(ls -A "$work/figures" | tr '\n' ' ')); trying once more"
  xdotool key Escape
  sleep 0.5
  xdotool key Escape
  sleep 0.5
  export_with_dialog
  wait_for "$work/figures/fig.png" 10 || fail "the export dialog wrote no figures/fig.png"
fi
read -r w h < <(png_size "$work/figures/fig.png")
[[ $w == 1280 && $h == 800 ]] || fail "fig.png is ${w}x$h, expected 1280x800"
echo "PASS: Ctrl+E, fig.png, Enter wrote figures/fig.png (${w}x$h)"

xdotool key F12
wait_for "$work/run/roofline-screenshot-1.png" 10 || fail "F12 wrote no roofline-screenshot-1.png"
echo "PASS: F12 wrote roofline-screenshot-1.png in the working directory"

xdotool key ctrl+q
wait "$pid" || fail "the app exited with an error"
leftovers=$(find "$work/figures" -name '.*tmp*' | wc -l)
[[ $leftovers == 0 ]] || fail "temporary files were left in figures/"
echo "PASS: no temporary files left behind"
