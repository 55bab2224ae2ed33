#!/usr/bin/env bash
# End-to-end: the app's --screenshot onto a full disk (a 64 KiB tmpfs) says "No space left on
# device", exits 1 and leaves nothing behind (no PNG, no hidden temporary).
#   tests/e2e/full_disk_screenshot.sh path/to/roofline
# Exits 77 (ctest: skipped) without root (mount), xvfb-run, or a tmpfs to mount.
set -euo pipefail
app=${1:?usage: full_disk_screenshot.sh path/to/roofline}
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
skip_without xvfb-run
[[ $(id -u) == 0 ]] || { echo "SKIP: mounting a small tmpfs needs root"; exit 77; }
full=$(mktemp -d)
mount -t tmpfs -o size=64k tmpfs "$full" 2>/dev/null || { rmdir "$full"; echo "SKIP: cannot mount a tmpfs"; exit 77; }
trap 'umount "$full"; rmdir "$full"' EXIT
export XDG_CONFIG_HOME=$full/config-not-used
status=0
err=$(xvfb-run -a -s '-screen 0 1280x800x24' "$app" --no-settings --size 1280x800 --frames 3 \
  --screenshot "$full/shot.png" 2>&1 >/dev/null) || status=$?
[[ $status == 1 ]] || { echo "FAIL: exit status $status, expected 1 ($err)"; exit 1; }
grep -q "screenshot: $full/shot.png: cannot write (No space left on device)" <<<"$err" || {
  echo "FAIL: the message was: $err"; exit 1; }
left=$(ls -A "$full")
[[ -z $left ]] || { echo "FAIL: left behind on the full disk: $left"; exit 1; }
echo "PASS: a screenshot onto a full disk: '$err', exit 1, nothing left behind"
