#!/usr/bin/env bash
# Refits the calibration presets as the README reports them, in two stages each:
#   1. the kernels: the class efficiencies and the kernel latency, on the op-time measurements
#      (one kernel, one layer, timed alone, its timer's cost stated) and, for the H100 and H200,
#      on tools/roofline-probe's whole decode steps replayed bare as one CUDA graph (no host
#      work);
#   2. what only served steps show: the step overhead (fixed and per sequence; the A100's
#      FasterTransformer and gpt-fast runs drive the per-sequence part to its bound, so it stays
#      0 there), all-reduce, routed experts (and attention where no attention kernel was
#      measured), on every measurement, stage 1's values fixed.
# MI300X has four end-to-end measurements from one source: only its step overhead and
# all-reduce latency are fitted; the rest is the H100 fit's. The H200 starts from the H100 fit
# too and refits what its own measurements (tools/roofline-probe's kernels, TensorRT-LLM's
# steps) bear on.
# Then the priors of the other GPUs from these fits (tools/fit_priors.py).
#   tools/fit_presets.sh [path/to/roofline-cli]
set -euo pipefail
cd "$(dirname "$0")/.."
cli=${1:-build/app/cli/roofline-cli}
data=(tests/data/calibration/*.json)
fit() { python3 tools/fit_calibration.py --cli "$cli" --write "$@" "${data[@]}"; }
kernels=efficiency.gemm.memory,efficiency.gemm.compute,efficiency.elementwise.memory,efficiency.norm.memory,kernel_latency_s
steps=efficiency.experts.memory,efficiency.experts.compute,step_overhead_s,step_overhead_per_sequence_s,allreduce_latency_s,allreduce_efficiency

fit --calibration presets/calibrations/h100-cuda-graphs.json --fit-metrics op_time_s,decode_step_s \
  --only "$kernels,efficiency.attention.memory,efficiency.attention.compute"
fit --calibration presets/calibrations/h100-cuda-graphs.json --only "$steps" --loso

fit --calibration presets/calibrations/a100-cuda-graphs.json --fit-metrics op_time_s \
  --only "$kernels,efficiency.attention.memory,efficiency.attention.compute"
fit --calibration presets/calibrations/a100-cuda-graphs.json --only "${steps/step_overhead_per_sequence_s,/},weight_only.8bit,weight_only.4bit" --loso

# MI300X and H200 start from the H100 fit, each keeping its own id, name, GPUs and source.
python3 - <<'PY'
import json
for gpu in ("mi300x", "h200"):
    path = f"presets/calibrations/{gpu}-cuda-graphs.json"
    h = json.load(open("presets/calibrations/h100-cuda-graphs.json"))
    m = json.load(open(path))
    h.update({k: m[k] for k in ("id", "name", "style", "gpus", "source")})
    h["errors"] = []
    with open(path, "w", encoding="utf-8") as f:
        json.dump(h, f, indent=2, ensure_ascii=False)
        f.write("\n")
PY
fit --calibration presets/calibrations/mi300x-cuda-graphs.json --only step_overhead_s,allreduce_latency_s

# H200: its kernels on the op times and graph steps tools/roofline-probe measured (attention
# too; not the elementwise bandwidth, which no H200 kernel timing measures: fitted on the steps
# alone it ran to 0.17 to stand in for something else, so it keeps the H100's), then what only
# served steps show on TensorRT-LLM's H200 results.
fit --calibration presets/calibrations/h200-cuda-graphs.json --fit-metrics op_time_s,decode_step_s \
  --only "${kernels/efficiency.elementwise.memory,/},efficiency.attention.memory,efficiency.attention.compute"
fit --calibration presets/calibrations/h200-cuda-graphs.json --only "$steps" --loso

# The priors carry the fitted parameters over to the GPUs no measurement covers: rewritten
# from the fits above (tools/fit_priors.py; a test checks they match).
python3 tools/fit_priors.py --cli "$cli"
