#!/usr/bin/env python3
"""Fit a roofline calibration to published measurements, and say how well it fits.

Standard library only. The model itself is never re-implemented here: every prediction comes
from `roofline-cli predict FILES --calibration TMP --format json`, so what is fitted is exactly
what the app and the CLI compute.

    tools/fit_calibration.py --cli build/app/cli/roofline-cli \\
        --calibration presets/calibrations/h100-cuda-graphs.json tests/data/calibration/*.json
        [--write] [--check] [--loso]

Which measurements: those whose GPU is in the calibration's `gpus`, whose conditions are
complete, whose `conditions.style` (when given) is the calibration's `style`, and that the model
can predict. Each is either fitted or held out, by a fixed hash of its id (one in three held
out), so the split never depends on the data around it.

The fit: coordinate descent on the parameters (multiplicative steps, within bounds) minimising,
over the fitted measurements, the mean |ln(expected / measured)| of each metric, the metrics
weighted equally (op times are many, decode steps and TTFTs few). Parameters that no fitted
measurement depends on keep their prior value; the report says which.

--write  stores the fitted parameters (3 significant digits) and the errors in the file.
--check  refits nothing: recomputes the errors of the file's parameters and fails (exit 1) when
         they differ from those it records (the README's table stays true).
--errors refits nothing: recomputes the errors and the 80 % intervals of the file's parameters
         and writes them.
--loso   leave-one-source-out: for each source, refit without it and report its error.

Each metric's 80 % interval (interval_80) is of measured time over expected time (a tokens/s
metric's expected over measured tokens/s): a log-normal of the held-out measurements' ratios
(all of the metric's where fewer than 5 are held out), widened for its size (Student's t).
"""

import argparse
import hashlib
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile

# (path in the calibration JSON, lower bound, upper bound, additive start when at 0). The
# bounds are what published kernels reach, not fit knobs: without them a fit explains a fixed
# per-layer cost by a 3 % efficient norm, or all-reduce latency by a 10 % efficient link.
PARAMETERS = [
    (("efficiency", "gemm", "memory"), 0.3, 1.0, None),
    (("efficiency", "gemm", "compute"), 0.3, 1.0, None),
    (("efficiency", "experts", "memory"), 0.1, 1.0, None),
    (("efficiency", "experts", "compute"), 0.1, 1.0, None),
    (("efficiency", "attention", "memory"), 0.2, 1.0, None),
    (("efficiency", "attention", "compute"), 0.2, 1.0, None),
    (("efficiency", "recurrence", "memory"), 0.1, 1.0, None),
    (("efficiency", "recurrence", "compute"), 0.1, 1.0, None),
    (("efficiency", "elementwise", "memory"), 0.15, 1.0, None),
    (("efficiency", "elementwise", "compute"), 0.1, 1.0, None),
    (("efficiency", "norm", "memory"), 0.1, 1.0, None),
    (("efficiency", "norm", "compute"), 0.1, 1.0, None),
    (("weight_only", "8bit"), 0.2, 1.0, None),
    (("weight_only", "4bit"), 0.2, 1.0, None),
    (("kernel_latency_s",), 0.0, 20e-6, 1e-6),
    (("allreduce_latency_s",), 0.0, 100e-6, 2e-6),
    (("allreduce_efficiency",), 0.4, 1.0, None),
    (("step_overhead_s",), 0.0, 0.05, 20e-6),
    (("step_overhead_per_sequence_s",), 0.0, 2e-4, 1e-6),
]
OPTIONAL_PARAMETERS = {"step_overhead_per_sequence_s"}  # absent from a file: 0
STEPS = [0.5, 0.7, 0.85, 0.95, 1.05, 1.18, 1.4, 2.0]
# A decode step with no host work (eval.host false: a CUDA graph replayed bare) is its own class:
# its errors say how well the kernels add up, and its narrow interval is no served step's.
BARE_STEP = "decode_step_s (no host work)"  # core/include/roofline/calibration.h kBareStepMetric
METRIC_ORDER = ["op_time_s", "allreduce_time_s", BARE_STEP, "decode_step_s", "tpot_s", "ttft_s",
                "e2e_s", "output_tokens_per_s", "total_tokens_per_s"]


def metric_class(m):
    """The class a measurement's error is counted in: its metric, or BARE_STEP."""
    if m["metric"] == "decode_step_s" and m.get("eval", {}).get("host") is False:
        return BARE_STEP
    return m["metric"]


def get(cal, path):
    """A parameter's value; an optional one a file leaves out is 0 (as the program reads it)."""
    for key in path[:-1]:
        cal = cal[key]
    return cal.get(path[-1], 0.0) if path[-1] in OPTIONAL_PARAMETERS else cal[path[-1]]


def put(cal, path, value):
    for key in path[:-1]:
        cal = cal[key]
    cal[path[-1]] = value


def name(path):
    return ".".join(path)


def held_out(measurement_id):
    return hashlib.sha256(measurement_id.encode()).digest()[0] % 3 == 0


def source_key(m):
    """The publication a measurement comes from: repository or web site."""
    src = m.get("source", {})
    if "repo" in src:
        return src["repo"]
    url = src.get("url", "")
    host = url.split("//", 1)[-1].split("/", 1)[0]
    return host or "unknown"


class Model:
    """Predictions through roofline-cli, for a chosen set of measurements."""

    def __init__(self, cli, files, calibration):
        self.cli = cli
        self.measurements = {}
        self.tmpdir = tempfile.mkdtemp(prefix="roofline-fit-")
        rows = []
        for f in files:
            with open(f, encoding="utf-8") as fh:
                data = json.load(fh)
            base = os.path.dirname(os.path.abspath(f))
            for m in data:
                m = json.loads(json.dumps(m))
                model = m.get("conditions", {}).get("model")
                if model and (model.endswith(".json") or "/" in model):
                    m["conditions"]["model"] = os.path.join(base, model)
                m["_file"] = f
                rows.append(m)
        gpus = set(calibration.get("gpus", []))
        style = calibration.get("style")
        self.skipped = []
        chosen = []
        for m in rows:
            c = m.get("conditions", {})
            if c.get("gpu") not in gpus:
                continue
            if m.get("conditions_incomplete"):
                self.skipped.append((m["id"], "conditions incomplete"))
                continue
            if c.get("style") and style and c["style"] != style:
                self.skipped.append((m["id"], "style " + c["style"]))
                continue
            chosen.append(m)
        self.file = os.path.join(self.tmpdir, "measurements.json")
        with open(self.file, "w", encoding="utf-8") as fh:
            json.dump([{k: v for k, v in m.items() if not k.startswith("_")} for m in chosen], fh)
        self.calls = 0
        # Drop what the model cannot predict (an op it has no name for), saying why.
        first = self.predict(calibration)
        self.rows = []
        for m in chosen:
            p = first[m["id"]]
            if "error" in p:
                self.skipped.append((m["id"], p["error"]))
                continue
            m["_held_out"] = held_out(m["id"])
            m["_source"] = source_key(m)
            m["_class"] = metric_class(m)
            self.measurements[m["id"]] = m
            self.rows.append(m)

    def predict(self, calibration, keep_errors=False):
        path = os.path.join(self.tmpdir, "calibration.json")
        cal = {k: v for k, v in calibration.items() if keep_errors or k != "errors"}
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(cal, fh)
        self.calls += 1
        out = subprocess.run([self.cli, "predict", self.file, "--calibration", path,
                              "--format", "json"], capture_output=True, text=True)
        if out.returncode != 0:
            raise SystemExit("roofline-cli predict failed: " + out.stderr.strip())
        return {p["id"]: p for p in json.loads(out.stdout)}


RATE_METRICS = {"output_tokens_per_s", "total_tokens_per_s"}


def ratios(model, calibration, ids=None):
    """expected / measured of each measurement's value (for a tokens/s metric that is the
    measured time over the expected one: see time_ratio)."""
    out = {}
    for mid, p in model.predict(calibration).items():
        if mid not in model.measurements or (ids is not None and mid not in ids):
            continue
        out[mid] = p["expected"] / p["measured"]
        if p.get("bound"):
            model.measurements[mid]["_bound_ratio"] = p["bound"] / p["measured"]
    return out


def objective(model, calibration, ids):
    r = ratios(model, calibration, ids)
    by_metric = {}
    for mid, v in r.items():
        by_metric.setdefault(model.measurements[mid]["_class"], []).append(abs(math.log(v)))
    if not by_metric:
        return 0.0
    return sum(statistics.fmean(v) for v in by_metric.values()) / len(by_metric)


def fit(model, calibration, ids, quiet=False, only=None):
    cal = json.loads(json.dumps(calibration))
    best = objective(model, cal, ids)
    moved = set()
    for sweep in range(8):
        improved = False
        for path, lo, hi, start in PARAMETERS:
            if only and name(path) not in only:
                continue
            current = get(cal, path)
            candidates = []
            for step in STEPS:
                v = current * step if current > 0 else None
                if v is None:
                    if step < 1:
                        continue
                    v = start * step
                candidates.append(min(hi, max(lo, v)))
            if start is not None and current > 0:
                candidates.append(0.0)
            for v in candidates:
                if v == current:
                    continue
                put(cal, path, v)
                value = objective(model, cal, ids)
                if value < best - 1e-9:
                    best, current, improved = value, v, True
                    moved.add(name(path))
                put(cal, path, current)
        if not quiet:
            print(f"  sweep {sweep + 1}: objective {best:.4f}", file=sys.stderr)
        if not improved:
            break
    return cal, best, moved


def insensitive(model, calibration, ids):
    """Parameters no fitted measurement depends on: halving or doubling them changes nothing."""
    base = objective(model, calibration, ids)
    out = []
    for path, lo, hi, start in PARAMETERS:
        cal = json.loads(json.dumps(calibration))
        v = get(cal, path)
        same = True
        for probe in ([v * 0.5, min(hi, v * 2)] if v > 0 else [start * 10]):
            put(cal, path, probe)
            same = same and abs(objective(model, cal, ids) - base) < 1e-12
        if same:
            out.append(name(path))
    return out


def round_parameters(cal):
    for path, lo, hi, _ in PARAMETERS:
        v = get(cal, path)
        v = float(f"{v:.3g}") if v > 0 else 0.0
        put(cal, path, min(hi, max(lo, v)))


# Two-sided 80 % quantile of Student's t (0.9 one-sided) by degrees of freedom; beyond the
# table the normal's 1.2816.
T_90 = {1: 3.078, 2: 1.886, 3: 1.638, 4: 1.533, 5: 1.476, 6: 1.440, 7: 1.415, 8: 1.397,
        9: 1.383, 10: 1.372, 12: 1.356, 15: 1.341, 20: 1.325, 30: 1.310, 60: 1.296}


def t_90(df):
    for d in sorted(T_90, reverse=True):
        if df >= d:
            return T_90[d] if df < 120 else 1.2816
    return T_90[1]


def time_ratio(model, r, i):
    """Measured time over expected time: 1 / r for a time; r itself for a rate (tokens over time:
    expected / measured tokens/s is measured / expected time)."""
    return r[i] if model.measurements[i]["metric"] in RATE_METRICS else 1 / r[i]


def interval_80(measured_over_expected):
    """The 80 % prediction interval of measured / expected for a new measurement of the class:
    a log-normal fitted to these residuals (mean and standard deviation of the logs), widened
    for the sample's size (Student's t, sqrt(1 + 1/n))."""
    logs = [math.log(x) for x in measured_over_expected]
    n = len(logs)
    mu = statistics.fmean(logs)
    half = t_90(n - 1) * statistics.stdev(logs) * math.sqrt(1 + 1 / n)
    return [float(f"{math.exp(mu - half):.3g}"), float(f"{math.exp(mu + half):.3g}")]


MIN_INTERVAL_POINTS = 3  # fewer: no interval
MIN_HELD_OUT_FOR_INTERVAL = 5  # fewer held out: the interval comes from every point of the class


def error_table(model, calibration):
    r = ratios(model, calibration)
    table = []
    for metric in METRIC_ORDER:
        ids = [mid for mid in r if model.measurements[mid]["_class"] == metric]
        if not ids:
            continue
        fitted = [abs(r[i] - 1) for i in ids if not model.measurements[i]["_held_out"]]
        held = [abs(r[i] - 1) for i in ids if model.measurements[i]["_held_out"]]
        worst = max(ids, key=lambda i: abs(math.log(r[i])))
        entry = {
            "metric": metric,
            "points": len(fitted),
            "fit_median": round(statistics.median(fitted), 3) if fitted else 0,
            "held_out_points": len(held),
            "held_out_median": round(statistics.median(held), 3) if held else 0,
            "worst": f"{worst}: expected/measured {r[worst]:.2f}"
                     f"{' (held out)' if model.measurements[worst]['_held_out'] else ''}",
        }
        held_ids = [i for i in ids if model.measurements[i]["_held_out"]]
        from_ids = held_ids if len(held_ids) >= MIN_HELD_OUT_FOR_INTERVAL else ids
        if len(from_ids) >= MIN_INTERVAL_POINTS:
            entry["interval_80"] = interval_80([time_ratio(model, r, i) for i in from_ids])
            entry["interval_points"] = len(from_ids)
            entry["interval_from"] = "held_out" if from_ids is held_ids else "all"
        table.append(entry)
    return table, r


def interval_coverage(model, e, r):
    """Whether each held-out measurement of e's metric falls in e's 80 % interval, and in the
    interval made without it (leave one out: from the same part as the file's, less that point),
    so that no point tests an interval it helped make."""
    lo, hi = e["interval_80"]
    ids = [i for i in r if model.measurements[i]["_class"] == e["metric"]]
    part = [time_ratio(model, r, i) for i in ids
            if model.measurements[i]["_held_out"] or e["interval_from"] == "all"]
    held = [time_ratio(model, r, i) for i in ids if model.measurements[i]["_held_out"]]
    inside = [lo <= x <= hi for x in held]
    loo = []
    for x in held:
        rest = list(part)
        rest.remove(x)
        if len(rest) >= MIN_INTERVAL_POINTS:
            a, b = interval_80(rest)
            loo.append(a <= x <= b)
    return inside, loo


def print_report(model, calibration, table, r, fixed):
    print(f"{calibration.get('id', '?')}: {len(model.rows)} measurements "
          f"({sum(1 for m in model.rows if m['_held_out'])} held out), "
          f"{model.calls} model runs")
    print(f"{'metric':<30}{'fit n':>6}{'fit median':>12}{'held n':>8}{'held median':>13}"
          f"{'bound/meas.':>13}  worst")
    for e in table:
        bounds = [model.measurements[i].get("_bound_ratio") for i in r
                  if model.measurements[i]["_class"] == e["metric"]]
        bounds = [b for b in bounds if b]
        b = f"{statistics.median(bounds):.2f}" if bounds else "-"
        print(f"{e['metric']:<30}{e['points']:>6}{e['fit_median'] * 100:>11.1f}%"
              f"{e['held_out_points']:>8}{e['held_out_median'] * 100:>12.1f}%{b:>13}  {e['worst']}")
        if "interval_80" in e:
            inside, loo = interval_coverage(model, e, r)
            lo, hi = e["interval_80"]
            print(f"{'':<30}80 % interval x{lo:g} to x{hi:g} (measured / expected, from "
                  f"{e['interval_points']} {e['interval_from'].replace('_', ' ')}): holds "
                  f"{sum(inside)} of {len(inside)} held out; left out of it, "
                  f"{sum(loo)} of {len(loo)}")
    if fixed is not None:
        print("kept at their prior (no fitted measurement depends on them): " +
              (", ".join(fixed) if fixed else "none"))
    for mid, why in model.skipped:
        print(f"not used: {mid}: {why}")


def loso(model, calibration, only=None):
    print("leave-one-source-out (refit without the source, then its median |error|):")
    sources = sorted({m["_source"] for m in model.rows})
    for src in sources:
        train = {m["id"] for m in model.rows if m["_source"] != src and not m["_held_out"]}
        test = {m["id"] for m in model.rows if m["_source"] == src}
        if not train:
            print(f"  {src}: the only source, nothing to refit on")
            continue
        cal, _, _ = fit(model, calibration, train, quiet=True, only=only)
        r = ratios(model, cal, test)
        errs = sorted(abs(v - 1) for v in r.values())
        metrics = sorted({model.measurements[i]["_class"] for i in test})
        print(f"  {src:<40} {len(test):>3} points ({', '.join(metrics)}): "
              f"median {statistics.median(errs) * 100:.1f}%, worst {errs[-1] * 100:.1f}%")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+", help="measurement files (JSON lists)")
    ap.add_argument("--calibration", required=True, help="calibration JSON file to start from")
    ap.add_argument("--cli", default="build/app/cli/roofline-cli", help="roofline-cli to run")
    ap.add_argument("--write", action="store_true", help="store the fit in the calibration file")
    ap.add_argument("--check", action="store_true",
                    help="recompute the file's errors without fitting; exit 1 if they differ")
    ap.add_argument("--errors", action="store_true",
                    help="recompute and write the file's errors and intervals without fitting")
    ap.add_argument("--loso", action="store_true", help="leave-one-source-out errors")
    ap.add_argument("--fit-metrics", default="",
                    help="comma-separated metrics to fit on (default: all); errors are still "
                         "reported for every metric")
    ap.add_argument("--only", default="",
                    help="comma-separated parameters to fit (e.g. kernel_latency_s,step_overhead_s);"
                         " the others keep the file's values: for data too few to tell them apart")
    args = ap.parse_args()

    with open(args.calibration, encoding="utf-8") as fh:
        calibration = json.load(fh)
    model = Model(args.cli, args.files, calibration)
    if not model.rows:
        raise SystemExit(f"{args.calibration}: no usable measurement for GPUs "
                         f"{calibration.get('gpus')}")

    if args.errors:
        table, r = error_table(model, calibration)
        calibration["errors"] = table
        print_report(model, calibration, table, r, None)
        with open(args.calibration, "w", encoding="utf-8") as fh:
            json.dump(calibration, fh, indent=2, ensure_ascii=False)
            fh.write("\n")
        print(f"wrote the errors of {args.calibration} (its parameters as they were)")
        return 0

    if args.check:
        table, r = error_table(model, calibration)
        print_report(model, calibration, table, r, None)
        recorded = calibration.get("errors", [])
        if recorded != table:
            print(f"{args.calibration}: the recorded errors differ from the recomputed ones:",
                  file=sys.stderr)
            print("  recorded:   " + json.dumps(recorded), file=sys.stderr)
            print("  recomputed: " + json.dumps(table), file=sys.stderr)
            return 1
        # The program's own intervals (predict's expected_low / _high, from the file's errors)
        # must hold the same held-out measurements as the ones above: a rate's interval turned
        # the wrong way round would not.
        full = model.predict(calibration, keep_errors=True)
        for e in table:
            if "interval_80" not in e:
                continue
            ids = [i for i in r if model.measurements[i]["_class"] == e["metric"]
                   and model.measurements[i]["_held_out"]]
            lo, hi = e["interval_80"]
            here = sum(lo <= time_ratio(model, r, i) <= hi for i in ids)
            there = sum(full[i]["expected_low"] <= full[i]["measured"] <= full[i]["expected_high"]
                        for i in ids if "expected_low" in full[i])
            if here != there:
                print(f"{args.calibration}: {e['metric']}: roofline-cli predict's intervals hold "
                      f"{there} of {len(ids)} held-out measurements, the file's {here}",
                      file=sys.stderr)
                return 1
        loo = [x for e in table if "interval_80" in e for x in interval_coverage(model, e, r)[1]]
        print(f"80 % intervals, each held-out measurement left out of its own: {sum(loo)} of "
              f"{len(loo)} inside")
        print(f"{args.calibration}: recorded errors reproduced")
        return 0

    metrics = {x.strip() for x in args.fit_metrics.split(",") if x.strip()}
    train = {m["id"] for m in model.rows
             if not m["_held_out"] and (not metrics or m["metric"] in metrics)}
    only = {p.strip() for p in args.only.split(",") if p.strip()}
    unknown = only - {name(p) for p, *_ in PARAMETERS}
    if unknown:
        raise SystemExit("--only: unknown parameter(s) " + ", ".join(sorted(unknown)))
    cal, _, _ = fit(model, calibration, train, only=only)
    round_parameters(cal)
    table, r = error_table(model, cal)
    cal["errors"] = table
    print_report(model, cal, table, r, insensitive(model, cal, train))
    if only:
        print("fitted only (--only): " + ", ".join(sorted(only)) + "; the rest as in the file")
    print("fitted parameters:")
    for path, *_ in PARAMETERS:
        print(f"  {name(path):<34} {get(calibration, path):>10.4g} -> {get(cal, path):.4g}")
    if args.loso:
        loso(model, cal, only)
    if args.write:
        with open(args.calibration, "w", encoding="utf-8") as fh:
            json.dump(cal, fh, indent=2, ensure_ascii=False)
            fh.write("\n")
        print(f"wrote {args.calibration}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
