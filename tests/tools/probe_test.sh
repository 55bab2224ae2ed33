#!/usr/bin/env bash
# tools/roofline-probe's output step on a recorded (synthetic) result: the preset and the
# calibration it writes load in roofline-cli, with the numbers worked by hand.
set -euo pipefail
root=$1 cli=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
python3 "$root/tools/roofline-probe" --from-results "$root/tests/data/probe/results-synthetic.json" \
  --datasheet "$root/presets/gpus/h100-sxm.json" --out "$out" --id probed-h100 >/dev/null
"$cli" analyze --gpu "$out/gpu.json" --calibration "$out/calibration.json" --format json >"$out/a.json"
python3 - "$out" <<'PY'
import json, sys
out = sys.argv[1]
gpu = json.load(open(f"{out}/gpu.json"))
cal = json.load(open(f"{out}/calibration.json"))
a = json.load(open(f"{out}/a.json"))
def check(what, got, want, rel=1e-9):
    if abs(got - want) > rel * abs(want):
        sys.exit(f"{what}: got {got}, want {want}")
check("memory_bandwidth", gpu["memory_bandwidth"], 3.0e12)
check("bf16 roof", gpu["peak_flops"]["bf16"], 7.4e14)
# A ring of 2 GPUs moves 2(n-1)/n = 1 x 268,435,456 B per link in 746 us: 359.8 GB/s.
check("interconnect", gpu["interconnect_bandwidth"], 3.598e11)
# Against the H100 SXM datasheet: GEMV 2.68 / 3.35 TB/s = 0.8; elementwise 1.34 / 3.35 = 0.4;
# the best 16-bit GEMM 750 / 989 TFLOP/s = 0.758; the link 359.8 / 450 GB/s = 0.8.
check("gemm memory", cal["efficiency"]["gemm"]["memory"], 0.8)
check("elementwise memory", cal["efficiency"]["elementwise"]["memory"], 0.4)
check("gemm compute", cal["efficiency"]["gemm"]["compute"], 0.758)
check("kernel latency", cal["kernel_latency_s"], 2.5e-6)
check("all-reduce latency", cal["allreduce_latency_s"], 1.2e-5)
check("all-reduce efficiency", cal["allreduce_efficiency"], 0.8)
if a["scenario"]["calibration"] != cal["id"] and not a["scenario"]["calibration"].endswith("calibration.json"):
    sys.exit("analyze did not use the calibration: " + a["scenario"]["calibration"])
if not a["totals"]["time_s"] > a["totals"]["roofline_time_s"]:
    sys.exit("the calibrated step is not slower than its bound")
PY
# The kernel timings of a real run (an H200, 2026-11-27) become measurements roofline-cli predicts.
python3 "$root/tools/roofline-probe" \
  --from-results "$root/tests/data/calibration/probe-h200/llama-3.1-8b-results.json" \
  --datasheet "$root/presets/gpus/h200.json" --out "$out/h200" --id probed-h200 >/dev/null
"$cli" predict "$out/h200/measurements.json" --format json >"$out/p.json"
python3 - "$out" <<'PY'
import json, sys
out = sys.argv[1]
rows = json.load(open(f"{out}/h200/measurements.json"))
pred = {p["id"]: p for p in json.load(open(f"{out}/p.json"))}
if len(rows) != 43:
    sys.exit(f"{len(rows)} measurements, want 43 (24 GEMMs, 4 output tables, 4 norms, 11 attention)")
qkv = next(r for r in rows if r["id"] == "probe-h200-llama-3.1-8b-q_proj+k_proj+v_proj-prefill-b1-s1")
if qkv["eval"]["ops"] != ["q_proj", "k_proj", "v_proj"] or qkv["conditions"]["seq"] != 1:
    sys.exit(f"the fused q/k/v GEMM: {qkv}")
# 1 x 6,144 x 4,096 bf16: weights 4096*6144*2 = 50,331,648 B, the token read by each of q, k
# and v (roofline sums the three ops) 3*4096*2 and written 6144*2: 50,368,512 B; its bound at
# the H200's 4.8 TB/s is 10.493 us, and the H200 measured it slower than the bound.
p = pred[qkv["id"]]
if "error" in p or abs(p["bound"] - 50368512 / 4.8e12) > 1e-12 or not p["measured"] > p["bound"]:
    sys.exit(f"predict of the fused q/k/v GEMM: {p}")
PY
# The whole decode steps of the same run's model (--steps): decode_step_s measurements of a
# step with no host work, which predict counts without the calibration's step overhead.
python3 "$root/tools/roofline-probe" \
  --from-results "$root/tests/data/calibration/probe-h200/llama-3.1-8b-steps-results.json" \
  --datasheet "$root/presets/gpus/h200.json" --out "$out/steps" --id probed-h200 >/dev/null
cal="$root/presets/calibrations/h200-cuda-graphs.json"
"$cli" predict "$out/steps/measurements.json" --calibration "$cal" --format json >"$out/s.json"
"$cli" analyze --model llama-3.1-8b --gpu h200 --batch 1 --seq 1024 --calibration "$cal" \
  --format json >"$out/a1.json"
python3 - "$out" "$root" "$cal" <<'PY'
import json, sys
out, root, cal = sys.argv[1], sys.argv[2], json.load(open(sys.argv[3]))
rows = json.load(open(f"{out}/steps/measurements.json"))
if len(rows) != 10 or any(r["metric"] != "decode_step_s" or r["eval"].get("host") is not False
                          for r in rows):
    sys.exit(f"{len(rows)} step rows, want 10 decode_step_s with host false")
b1 = next(r for r in rows if r["id"] == "probe-h200-llama-3.1-8b-step-graph-b1-s1024")
if b1["value"] != 0.004746 or b1["conditions"]["batch"] != 1 or b1["conditions"]["seq"] != 1024:
    sys.exit(f"batch 1, context 1024: {b1}")
pred = {p["id"]: p for p in json.load(open(f"{out}/s.json"))}
# The same scenario analysed with the calibration carries the step overhead (its fixed part and
# one sequence's); the bare-graph prediction is that step less both.
p = pred[b1["id"]]
a = json.load(open(f"{out}/a1.json"))
want = a["totals"]["time_s"] - cal["step_overhead_s"] - 1 * cal["step_overhead_per_sequence_s"]
if abs(p["expected"] - want) > 1e-12 * want:
    sys.exit(f"bare step: expected {p['expected']}, want {want}")
PY
# A run that measured its timer's cost (a one-element kernel alone, 4 us here, against 0.96592 us
# in a graph) gives each kernel timing eval.timer_s = 4 - 0.96592 = 3.03 us (3 digits).
python3 - "$root" "$out/timed.json" <<'PY'
import json, sys
r = json.load(open(f"{sys.argv[1]}/tests/data/calibration/probe-h200/llama-3.1-8b-results.json"))
r["measurements"]["kernel_alone"] = {"seconds": 4e-6}
json.dump(r, open(sys.argv[2], "w"))
PY
python3 "$root/tools/roofline-probe" --from-results "$out/timed.json" \
  --datasheet "$root/presets/gpus/h200.json" --out "$out/timed" --id probed-h200 >/dev/null
python3 - "$out/timed/measurements.json" <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))
timers = {r["eval"].get("timer_s") for r in rows}
if len(rows) != 43 or timers != {3.03e-06}:
    sys.exit(f"{len(rows)} rows with timer_s {timers}, want 43 with 3.03e-06")
PY
# A model the probe cannot time as its own ops: named, non-zero exit.
"$cli" analyze --model mixtral-8x7b --format json >"$out/moe.json"
if python3 "$root/tools/roofline-probe" --ops "$out/moe.json" \
     --datasheet "$root/presets/gpus/h200.json" --out "$out/y" 2>"$out/err"; then
  echo "a MoE scenario was accepted for --ops"; exit 1
fi
grep -q "routed experts" "$out/err" || { cat "$out/err"; exit 1; }

# Bad input: one message, non-zero exit.
if python3 "$root/tools/roofline-probe" --from-results /nonexistent.json \
     --datasheet "$root/presets/gpus/h100-sxm.json" --out "$out/x" 2>"$out/err"; then
  echo "a missing results file was accepted"; exit 1
fi
grep -q "roofline-probe: .*nonexistent.json" "$out/err" || { cat "$out/err"; exit 1; }
echo "probe output step: ok"
