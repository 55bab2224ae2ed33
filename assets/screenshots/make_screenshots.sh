#!/usr/bin/env bash
# Regenerates the README's screenshots and figures with the tools themselves: the app in scripted
# mode (under Xvfb when there is no display) and roofline-cli export (no display needed):
#   assets/screenshots/make_screenshots.sh [path/to/roofline]   (default: build/app/platform/roofline)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
app=${1:-$root/build/app/platform/roofline}
cli=$(dirname "$(dirname "$app")")/cli/roofline-cli
[[ -x $app ]] || { echo "make_screenshots.sh: no app at $app (build the 'roofline' target first)"; exit 1; }
[[ -x $cli ]] || { echo "make_screenshots.sh: no roofline-cli at $cli (build it first)"; exit 1; }

run() {
  if [[ -n ${DISPLAY:-} ]]; then
    "$@"
  else
    xvfb-run -a -s '-screen 0 1920x1080x24' "$@"
  fi
}

# Scripted runs ignore the saved settings, so the pictures do not depend on who takes them.
run "$app" --size 1280x800 --frames 4 --theme light \
  --scenario "$root/presets/scenarios/default.json" --screenshot "$here/default-light.png"
run "$app" --size 1280x800 --frames 4 \
  --scenario "$here/dark-batch64.json" --screenshot "$here/dark-batch64.png"
# A hybrid: Qwen3-Next's linear-attention and full-attention layers, one attention dot each.
run "$app" --size 1280x800 --frames 4 --theme light \
  --scenario "$root/presets/scenarios/hybrid-layers.json" --screenshot "$here/hybrid-layers.png"
# Expected times: the H100 calibration, each group's bound a ring above its dot.
run "$app" --size 1280x800 --frames 4 --theme light \
  --scenario "$root/presets/scenarios/expected-times.json" --screenshot "$here/expected-times.png"
# Measured kernels: an Nsight Systems profile of DeepSeek-OCR's decode (64 steps) beside the model.
run "$app" --size 1600x1000 --frames 4 --theme light \
  --scenario "$root/presets/scenarios/measured-kernels.json" \
  --measured "$root/tests/data/profiles/nsys_RTX5090_decode_cuda_gpu_kern_sum.csv" \
  --measured-steps 64 --screenshot "$here/measured-kernels.png"
# A lesson step as a teacher presents it: --presentation gives the presentation layout (lesson
# panel and chart only, fonts ×1.6 at 1920×1080, the projector theme); a scripted run keeps
# --size instead of going full screen. Step 5 of "Why is decode slow?" pins the batch-1 dots as
# ghosts and batches 64 sequences: the arrows show fc and the whole step climbing the slope.
run "$app" --size 1920x1080 --frames 4 --lesson why-decode-is-slow --step 5 --presentation \
  --screenshot "$here/lesson-presentation.png"
# The figure a writer puts in the docs, from the command line.
"$cli" export --model llama-3-70b --batch 64 --width 1200 --height 750 --out "$here/llama-3-70b-batch64.svg"
echo "wrote default-light.png, dark-batch64.png, hybrid-layers.png, expected-times.png, measured-kernels.png, lesson-presentation.png and llama-3-70b-batch64.svg in $here"
