#!/usr/bin/env bash
# Refits the calibration presets as the README reports them, in two stages each:
#   1. the kernels: the class efficiencies and the kernel latency, on the op-time measurements
#      (one kernel, one layer, timed alone);
#   2. what only whole steps show: the step overhead, all-reduce, routed experts (and attention
#      where no attention kernel was measured), on every measurement, stage 1's values fixed.
# MI300X has four end-to-end measurements from one source: only its step overhead and
# all-reduce latency are fitted; the rest is the H100 fit's.
#   tools/fit_presets.sh [path/to/roofline-cli]
set -euo pipefail
cd "$(dirname "$0")/.."
cli=${1:-build/app/cli/roofline-cli}
data=(tests/data/calibration/*.json)
fit() { python3 tools/fit_calibration.py --cli "$cli" --write "$@" "${data[@]}"; }
kernels=efficiency.gemm.memory,efficiency.gemm.compute,efficiency.elementwise.memory,efficiency.norm.memory,kernel_latency_s
steps=efficiency.experts.memory,efficiency.experts.compute,step_overhead_s,allreduce_latency_s,allreduce_efficiency

fit --calibration presets/calibrations/h100-cuda-graphs.json --fit-metrics op_time_s --only "$kernels"
fit --calibration presets/calibrations/h100-cuda-graphs.json \
  --only "$steps,efficiency.attention.memory,efficiency.attention.compute" --loso

fit --calibration presets/calibrations/a100-cuda-graphs.json --fit-metrics op_time_s \
  --only "$kernels,efficiency.attention.memory,efficiency.attention.compute"
fit --calibration presets/calibrations/a100-cuda-graphs.json --only "$steps,weight_only.8bit,weight_only.4bit" --loso

python3 - <<'PY'
import json
h = json.load(open("presets/calibrations/h100-cuda-graphs.json"))
m = json.load(open("presets/calibrations/mi300x-cuda-graphs.json"))
keep = {k: m[k] for k in ("id", "name", "style", "gpus", "source")}
h.update(keep)
h["errors"] = []
with open("presets/calibrations/mi300x-cuda-graphs.json", "w", encoding="utf-8") as f:
    json.dump(h, f, indent=2, ensure_ascii=False)
    f.write("\n")
PY
fit --calibration presets/calibrations/mi300x-cuda-graphs.json --only step_overhead_s,allreduce_latency_s
