#!/usr/bin/env bash
# The app's lesson options under Xvfb:
#  1. --lesson ID --step N --screenshot writes a PNG of the --size asked for (also with
#     --presentation: scripted runs keep their size) and the state dump is that step's scenario;
#  2. an unknown lesson or a step past the end exits 2 with a message naming the problem.
#   tests/e2e/lesson_screenshot.sh path/to/roofline
# Exits 77 (ctest: skipped) without xvfb-run or python3.
set -euo pipefail

app=$(realpath "${1:?usage: lesson_screenshot.sh path/to/roofline}")
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
skip_without xvfb-run python3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CONFIG_HOME=$work/config

json_key() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$1" "$2"; }

# Step 5 of "Why is decode slow?" batches 64 sequences (step 4 revealed halves the compute).
xvfb-run -a -s '-screen 0 1280x800x24' "$app" --lesson why-decode-is-slow --step 5 \
  --size 1024x700 --frames 3 --screenshot "$work/step5.png" --dump-state "$work/step5.json"
read -r w h < <(png_size "$work/step5.png")
[[ $w == 1024 && $h == 700 ]] || { echo "FAIL: step 5 screenshot is ${w}x$h, expected 1024x700"; exit 1; }
batch=$(json_key "$work/step5.json" batch)
[[ $batch == 64 ]] || { echo "FAIL: step 5 dumped batch $batch, expected 64"; exit 1; }
echo "PASS: --lesson --step 5: 1024x700 screenshot, batch 64"

xvfb-run -a -s '-screen 0 1280x800x24' "$app" --lesson why-decode-is-slow --step 4 --reveal \
  --presentation --size 1100x700 --frames 3 --screenshot "$work/step4.png" \
  --dump-state "$work/step4.json"
read -r w h < <(png_size "$work/step4.png")
[[ $w == 1100 && $h == 700 ]] || { echo "FAIL: presentation screenshot is ${w}x$h"; exit 1; }
eff=$(json_key "$work/step4.json" compute_efficiency)
[[ $eff == 0.5 ]] || { echo "FAIL: step 4 revealed dumped compute_efficiency $eff, expected 0.5"; exit 1; }
echo "PASS: --presentation --reveal: 1100x700 (not full screen), compute at 50% after Reveal"

set +e
"$app" --lesson no-such-lesson --frames 1 2>"$work/err1.txt"; rc1=$?
"$app" --lesson why-decode-is-slow --step 99 --frames 1 2>"$work/err2.txt"; rc2=$?
"$app" --step 2 --frames 1 2>"$work/err3.txt"; rc3=$?
set -e
[[ $rc1 == 2 ]] && grep -q "unknown lesson 'no-such-lesson'" "$work/err1.txt" ||
  { echo "FAIL: unknown lesson: exit $rc1:"; cat "$work/err1.txt"; exit 1; }
[[ $rc2 == 2 ]] && grep -q "has steps 1 to 6, got 99" "$work/err2.txt" ||
  { echo "FAIL: step past the end: exit $rc2:"; cat "$work/err2.txt"; exit 1; }
[[ $rc3 != 0 ]] && grep -q -- "--lesson" "$work/err3.txt" ||
  { echo "FAIL: --step without --lesson: exit $rc3:"; cat "$work/err3.txt"; exit 1; }
echo "PASS: unknown lesson, step 99 and --step alone are refused with a message"
