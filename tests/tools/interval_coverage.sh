#!/usr/bin/env bash
# The 80 % intervals of the calibration presets hold 70-90 % of the held-out measurements, each
# tested against the interval made without it (tools/fit_calibration.py --check prints the count
# per preset; this sums them over every preset).
#   tests/tools/interval_coverage.sh ROOT path/to/roofline-cli
set -euo pipefail
root=$1
cli=$2
inside=0
total=0
for cal in "$root"/presets/calibrations/*.json; do
  [[ $cal == *-prior.json ]] && continue  # fitted on nothing: no held-out part
  line=$(python3 "$root/tools/fit_calibration.py" --check --cli "$cli" --calibration "$cal" \
    "$root"/tests/data/calibration/*.json | grep "^80 % intervals")
  read -r k n < <(sed -E 's/.*: ([0-9]+) of ([0-9]+) inside/\1 \2/' <<<"$line")
  echo "$(basename "$cal"): $k of $n"
  inside=$((inside + k))
  total=$((total + n))
done
echo "all presets: $inside of $total held-out measurements inside their 80 % interval"
(( total >= 20 )) || { echo "FAIL: only $total held-out measurements with an interval"; exit 1; }
(( inside * 10 >= total * 7 && inside * 10 <= total * 9 )) ||
  { echo "FAIL: coverage $inside of $total is outside 70-90 %"; exit 1; }
echo "PASS"
