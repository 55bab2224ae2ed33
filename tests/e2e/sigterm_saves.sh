#!/usr/bin/env bash
# End-to-end: SIGTERM (logout, shutdown), SIGHUP and SIGINT end the real app as Ctrl+Q does:
# exit 0 with the settings saved (the scenario it had open is the last one and first of the
# recent files). Before, the signal killed it and the exit-time save never ran.
#   tests/e2e/sigterm_saves.sh path/to/roofline path/to/scenario.json
set -euo pipefail
app=${1:?usage: sigterm_saves.sh path/to/roofline scenario.json}
scenario=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
skip_without xvfb-run
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$scenario" "$work/mine.roofline.json"
# (SIGINT too, from a terminal; a background job of a script is started with it ignored, which
# the app keeps, so it is not sent here.) TERM,HUP is what logout sends: SIGTERM, then SIGHUP at
# once, which must not end the app before it saves, whether the SIGHUP comes while the window is
# open or after it closed (",pause," lets the window close first; the sanitized build is slow
# enough to get there on its own).
for sig in TERM HUP TERM,HUP TERM,pause,HUP; do
  rm -rf "$work/config"
  export XDG_CONFIG_HOME=$work/config
  # The app under Xvfb, in the background; its geometry dump says the window is up.
  xvfb-run -a -s '-screen 0 1280x800x24' "$app" --no-portal --scenario "$work/mine.roofline.json" \
    --size 1024x640 --dump-geometry "$work/up.json" >"$work/out.txt" 2>&1 &
  runner=$!
  wait_for "$work/up.json" 30 || { echo "FAIL: the window never came up: $(cat "$work/out.txt")"; exit 1; }
  app_pid=$(pgrep -n -f -- "--dump-geometry $work/up.json" | head -1)
  [[ -n $app_pid ]] || { echo "FAIL: no app process"; exit 1; }
  for one in ${sig//,/ }; do
    if [[ $one == pause ]]; then sleep 0.3; else kill -"$one" "$app_pid" 2>/dev/null || true; fi
  done
  status=0
  wait "$runner" || status=$?
  rm -f "$work/up.json"
  [[ $status == 0 ]] || { echo "FAIL: SIG$sig: exit status $status ($(cat "$work/out.txt"))"; exit 1; }
  settings=$XDG_CONFIG_HOME/roofline/settings.json
  [[ -s $settings ]] || { echo "FAIL: SIG$sig: no settings.json saved"; exit 1; }
  grep -q "\"scenario_path\": \"$work/mine.roofline.json\"" "$settings" || {
    echo "FAIL: SIG$sig: settings.json lacks the scenario: $(cat "$settings")"; exit 1; }
done
echo "PASS: SIGTERM, SIGHUP and SIGTERM then SIGHUP close the app with exit 0 and its settings saved"
