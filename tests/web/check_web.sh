#!/usr/bin/env bash
# The web build in a browser (issue 29): serves BUILD_WEB/app/web on 127.0.0.1 and opens it in
# headless Chromium (SwiftShader's software WebGL 2). Checks that
#  1. the page draws the app: its first frame of the default scenario matches the desktop app's
#     screenshot at the same size (BUILD/app/platform/roofline under xvfb-run): at most 1 % of the
#     pixels differ by more than 10 % (anti-aliasing differs between the GL implementations);
#     the same at a device pixel ratio of 2 against the desktop's --scale 2 at 2560 x 1600;
#     (drive_page.mjs takes the page's pictures once its first frame is drawn);
#  2. driven over the DevTools protocol (drive_page.mjs): the first frame's time, a drag of the fc
#     dot that raises the batch, the session kept across pages, no frames while idle, a broken
#     file refused with the session kept, the address following the document, links opening their
#     scenario and lesson step, Ctrl+O through the file picker, Ctrl+S as a download; and the
#     page's analysis JSON of every built-in scenario byte for byte roofline-cli's;
#  3. the sizes it ships: roofline.wasm gzipped (reported; the goal is 1 MB).
# Usage: tests/web/check_web.sh BUILD_WEB BUILD. Exits 77 (skipped) without chromium or
# xvfb-run.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
web_build="$(cd "${1:?usage: check_web.sh BUILD_WEB BUILD}" && pwd)"
desktop_build="$(cd "${2:?usage: check_web.sh BUILD_WEB BUILD}" && pwd)"
site="$web_build/app/web"
for tool in chromium xvfb-run python3 node; do
  command -v "$tool" >/dev/null || { echo "SKIP: $tool is not installed"; exit 77; }
done
for f in index.html roofline.js roofline.wasm roofline.data; do
  [ -s "$site/$f" ] || { echo "FAIL: $site/$f is missing: build with .ci/web.sh"; exit 1; }
done

work="$(mktemp -d)"
server_pid=""
cleanup() {
  [ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true
  [ -n "${KEEP_WORK:-}" ] || rm -rf "$work"
}
trap cleanup EXIT

# A free port on the loopback, and a static server on it.
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site" >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 50); do
  python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/index.html')" \
    2>/dev/null && break
  sleep 0.1
done

status=0
# The page, driven (drive_page.mjs): it also takes the pictures and the analyses.
mkdir -p "$work/analyses"
node "$here/drive_page.mjs" "http://127.0.0.1:$port" "$work" || status=1

# The desktop's pictures: 1280 x 800, and 2560 x 1600 at --scale 2 (a device pixel ratio of 2).
xvfb-run -a -s '-screen 0 2560x1600x24' "$desktop_build/app/platform/roofline" --no-settings \
  --size 1280x800 --frames 4 --screenshot "$work/desktop.png" >"$work/desktop.log" 2>&1 || {
  echo "FAIL: the desktop app's screenshot"; cat "$work/desktop.log"; exit 1; }
xvfb-run -a -s '-screen 0 2560x1600x24' "$desktop_build/app/platform/roofline" --no-settings \
  --size 2560x1600 --scale 2 --frames 4 --screenshot "$work/desktop2x.png" \
  >"$work/desktop2x.log" 2>&1 || {
  echo "FAIL: the desktop app's 2x screenshot"; cat "$work/desktop2x.log"; exit 1; }
for pair in "web desktop 1280x800" "web2x desktop2x device-pixel-ratio-2"; do
  set -- $pair
  echo -n "first frame, web against desktop ($3): "
  if [ ! -s "$work/$1.png" ] ||
     ! python3 "$here/png_diff.py" "$work/$1.png" "$work/$2.png" --fuzz 0.10 --max-share 0.01 \
       --diff "$work/$1-diff.png"; then
    status=1
    keep="${TMPDIR:-/tmp}/roofline-web-check"
    mkdir -p "$keep" && cp "$work"/*.png "$keep"/ 2>/dev/null || true
    echo "FAIL: the page's first frame ($3) differs from the desktop's (pictures in $keep)"
  fi
done

# The same numbers: the page's analysis of every built-in scenario, byte for byte the CLI's.
compared=0
for page_json in "$work"/analyses/*.json; do
  [ -e "$page_json" ] || break
  id="$(basename "$page_json" .json)"
  "$desktop_build/app/cli/roofline-cli" analyze --scenario "$id" --format json >"$work/cli.json"
  if ! cmp -s "$page_json" "$work/cli.json"; then
    echo "FAIL: the page's analysis of scenario '$id' differs from roofline-cli's:"
    diff "$work/cli.json" "$page_json" | head -10
    status=1
  fi
  compared=$((compared + 1))
done
[ "$compared" -gt 0 ] || { echo "FAIL: no analyses came from the page"; status=1; }
[ "$status" -ne 0 ] || echo "the same numbers: the page's analysis JSON of all $compared built-in scenarios is byte for byte roofline-cli's"

wasm_gz=$(gzip -9 -c "$site/roofline.wasm" | wc -c)
js_gz=$(gzip -9 -c "$site/roofline.js" | wc -c)
data_gz=$(gzip -9 -c "$site/roofline.data" | wc -c)
echo "sizes (gzip -9): roofline.wasm $((wasm_gz / 1024)) KiB, roofline.js $((js_gz / 1024)) KiB," \
  "roofline.data (fonts) $((data_gz / 1024)) KiB"
[ "$status" -eq 0 ] && echo "PASS: the web build draws, runs and opens links as it should"
exit "$status"
