#!/usr/bin/env python3
"""Write the prior calibrations: one for every GPU preset no measurement was fitted on.

Standard library only; every prediction comes from `roofline-cli predict`, as in
tools/fit_calibration.py (whose functions this uses).

    tools/fit_priors.py [--cli build/app/cli/roofline-cli] [--check]

A prior carries a fitted calibration (its anchor: the same architecture where one is fitted,
else the nearest) over to GPUs that have no measurement with stated conditions, and says so
(`prior_from`). Its parameters are the anchor's. Its 80 % intervals are not the anchor's: they
come from how far an anchor fell on another GPU's measurements it was never fitted on:
  - "same architecture": the H100 fit predicting the H200's measurements (Hopper to Hopper);
  - "another architecture": the A100 fit predicting the H100's measurements and the H100 fit
    predicting the A100's (Ampere and Hopper, both ways), pooled.
Each metric with at least 3 such predictions gets that interval, widened at either end to the
anchor's own interval of the metric where it has one (a prior is never surer than its anchor at
home); interval_from "transfer". The `errors` entries record the transfer's median
|expected / measured - 1| (on the value, as tools/fit_calibration.py) as held_out_median, their
count as held_out_points and points 0 (nothing was fitted). --check recomputes every prior and fails
(exit 1) when a file differs from what it would write.
"""

import argparse
import copy
import json
import math
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fit_calibration as fc  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CAL = os.path.join(ROOT, "presets", "calibrations")
DATA = os.path.join(ROOT, "tests", "data", "calibration")

# How an anchor transfers: (anchor calibration, the GPU whose measurements it predicts).
EVIDENCE = {
    "same architecture": [("h100-cuda-graphs", "h200")],
    "another architecture": [("a100-cuda-graphs", "h100-sxm"), ("h100-cuda-graphs", "a100-80gb-sxm")],
}

# id, name, anchor, evidence, GPUs, what they are.
PRIORS = [
    ("hopper-prior", "Hopper · prior from the H100 fit", "h100-cuda-graphs", "same architecture",
     ["h20"], "the H20, a Hopper GPU with no measurement of its own (the H100 PCIe and NVL "
     "share the H100 fit itself)"),
    ("blackwell-prior", "Blackwell · prior from the H100 fit", "h100-cuda-graphs",
     "another architecture", ["b200", "b300", "gb200", "rtx-pro-6000", "rtx-5090", "dgx-spark"],
     "Blackwell GPUs (B200, B300, GB200, RTX PRO 6000, RTX 5090, DGX Spark): no Blackwell "
     "measurement with stated conditions was found, so the Hopper fit, the nearest"),
    ("ada-prior", "Ada · prior from the H100 fit", "h100-cuda-graphs", "another architecture",
     ["l4", "l40", "l40s", "rtx-4090"],
     "Ada GPUs (L4, L40, L40S, RTX 4090): the Hopper fit, the nearest with FP8 tensor cores"),
    ("ampere-prior", "Ampere · prior from the A100 fit", "a100-cuda-graphs", "another architecture",
     ["a10", "a10g", "rtx-a6000", "rtx-3090", "jetson-agx-orin"],
     "Ampere GPUs with no measurement of their own (A10, A10G, RTX A6000, RTX 3090, Jetson AGX "
     "Orin): consumer and inference parts far from the A100 in bandwidth and clocks, so the "
     "cross-architecture interval (no Ampere-to-Ampere evidence exists)"),
    ("volta-prior", "Volta · prior from the A100 fit", "a100-cuda-graphs", "another architecture",
     ["v100-sxm2"], "the V100: the Ampere fit, the nearest"),
    ("cdna-prior", "CDNA 3/4 · prior from the MI300X fit", "mi300x-cuda-graphs",
     "another architecture", ["mi325x", "mi355x"],
     "the MI325X (CDNA 3) and MI355X (CDNA 4): the MI300X sketch, whose kernels are the H100 "
     "fit's, so the cross-architecture interval"),
    ("other-prior", "Other accelerators · prior from the H100 fit", "h100-cuda-graphs",
     "another architecture", ["apple-m3-ultra", "apple-m4-max", "tpu-v5e", "tpu-v6e", "gaudi3"],
     "Apple, Google TPU and Intel Gaudi accelerators, far from every measured GPU: the H100 "
     "fit with the cross-architecture interval, a rough guess"),
]

PARAMETER_KEYS = ("style", "efficiency", "weight_only", "kernel_latency_s", "kernels",
                  "allreduce_latency_s", "allreduce_efficiency", "step_overhead_s",
                  "step_overhead_per_sequence_s")


def load(name):
    with open(os.path.join(CAL, name + ".json"), encoding="utf-8") as fh:
        return json.load(fh)


def transfer_ratios(cli, files, anchor_id, gpu):
    """measured / expected time of every measurement of `gpu` under the anchor's parameters,
    by metric class."""
    cal = load(anchor_id)
    cal["gpus"] = [gpu]
    cal["errors"] = []
    model = fc.Model(cli, files, cal)
    r = fc.ratios(model, cal)
    out = {}
    for mid in r:  # (measured / expected time, expected / measured value, id)
        out.setdefault(model.measurements[mid]["_class"], []).append(
            (fc.time_ratio(model, r, mid), r[mid], mid))
    return out


def errors_for(cli, files, evidence, anchor):
    own = {e["metric"]: e["interval_80"] for e in anchor.get("errors", []) if "interval_80" in e}
    pooled = {}
    for anchor_id, gpu in EVIDENCE[evidence]:
        for metric, rows in transfer_ratios(cli, files, anchor_id, gpu).items():
            pooled.setdefault(metric, []).extend(rows)
    table = []
    for metric in fc.METRIC_ORDER:
        rows = pooled.get(metric, [])
        if len(rows) < fc.MIN_INTERVAL_POINTS:
            continue
        errs = [abs(v - 1) for _, v, _ in rows]  # |expected / measured - 1| of the value
        _, worst_v, worst_id = max(rows, key=lambda row: abs(math.log(row[1])))
        lo, hi = fc.interval_80([x for x, _, _ in rows])
        if metric in own:  # never surer than the anchor on its own GPU
            lo, hi = min(lo, own[metric][0]), max(hi, own[metric][1])
        table.append({
            "metric": metric,
            "points": 0,
            "fit_median": 0,
            "held_out_points": len(rows),
            "held_out_median": round(statistics.median(errs), 3),
            "worst": f"{worst_id}: expected/measured {worst_v:.2f} (another GPU)",
            "interval_80": [lo, hi],
            "interval_points": len(rows),
            "interval_from": "transfer",
        })
    return table


def prior(pid, name, anchor_id, evidence, gpus, what, errors):
    anchor = load(anchor_id)
    pairs = "; ".join(f"{a} on the {g}'s measurements" for a, g in EVIDENCE[evidence])
    out = {"id": pid, "name": name, "prior_from": anchor_id, "gpus": gpus}
    out.update({k: copy.deepcopy(anchor[k]) for k in PARAMETER_KEYS if k in anchor})
    out["source"] = (
        f"A prior, not a fit: {what}. Its parameters are {anchor_id}'s, unchanged (written by "
        f"tools/fit_priors.py); no measurement of these GPUs was fitted. Its 80 % intervals are "
        f"how far a fitted calibration fell on a GPU it never saw ({evidence}: {pairs}), "
        f"widened to {anchor_id}'s own where that is wider.")
    out["errors"] = errors
    # The key order of the fitted files, for readable diffs.
    order = ["id", "name", "style", "prior_from", "gpus", "source"]
    return {k: out[k] for k in order if k in out} | {k: v for k, v in out.items()
                                                      if k not in order}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cli", default=os.path.join(ROOT, "build", "app", "cli", "roofline-cli"))
    ap.add_argument("--check", action="store_true",
                    help="recompute every prior; exit 1 where a file differs")
    args = ap.parse_args()
    files = sorted(os.path.join(DATA, f) for f in os.listdir(DATA) if f.endswith(".json"))
    failed = False
    for pid, name, anchor_id, evidence, gpus, what in PRIORS:
        errors = errors_for(args.cli, files, evidence, load(anchor_id))
        want = prior(pid, name, anchor_id, evidence, gpus, what, errors)
        path = os.path.join(CAL, pid + ".json")
        text = json.dumps(want, indent=2, ensure_ascii=False) + "\n"
        if args.check:
            have = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
            if have != text:
                print(f"{path}: differs from what tools/fit_priors.py writes", file=sys.stderr)
                failed = True
            continue
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        ivs = ", ".join(f"{e['metric']} x{e['interval_80'][0]:g}-{e['interval_80'][1]:g} "
                        f"({e['interval_points']})" for e in want["errors"])
        print(f"wrote {path}: {len(gpus)} GPUs; {ivs}")
    if args.check:
        print("priors: " + ("differ" if failed else "reproduced"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
