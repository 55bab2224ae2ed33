#!/usr/bin/env bash
# Benchmarks of the desktop app (README figures). Targets: first frame < 300 ms, < 2 ms of our
# own CPU per frame while dragging (rasteriser excluded), idle CPU < 1 %.
#   tests/e2e/bench_app.sh BUILD_DIR        (a Release build with roofline and roofline_frame_bench)
# Needs xvfb-run, xdotool and python3. Prints medians and the machine they ran on.
set -euo pipefail

build=${1:?usage: bench_app.sh BUILD_DIR}
app=$build/app/platform/roofline
bench=$build/tests/ui/roofline_frame_bench

if [[ ${2:-} != --inner ]]; then
  for tool in xvfb-run xdotool python3; do
    command -v "$tool" >/dev/null || { echo "bench_app.sh: $tool is not installed"; exit 1; }
  done
  [[ -x $app && -x $bench ]] || { echo "bench_app.sh: build roofline and roofline_frame_bench in $build first"; exit 1; }
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  xvfb-run -a -s '-screen 0 1280x800x24' "$0" "$build" --inner "$work"
  exit $?
fi

work=$3
export XDG_CONFIG_HOME=$work/config
ticks_per_s=$(getconf CLK_TCK)
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }  # utime + stime of the process

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(uname -sr)"

# 1. Start to first frame: from the exec to glFinish() of the first frame, 7 runs.
startups=()
for run in $(seq 7); do
  t0=$(date +%s.%N)
  line=$(ROOFLINE_REPORT_TIMING=1 "$app" --no-settings --size 1280x800 --frames 2 2>&1 |
         grep 'first frame')
  t1=$(sed -E 's/.*unix time ([0-9.]+).*/\1/' <<<"$line")
  startups+=("$(python3 -c "print(f'{($t1 - $t0) * 1000:.1f}')")")
  renderer=$(sed -E 's/.*unix time [0-9.]+ \((.*)\)$/\1/' <<<"$line")
done
echo "renderer: $renderer"
echo "start to first frame: median $(printf '%s\n' "${startups[@]}" | median) ms over 7 runs (${startups[*]})"

# 2. Our own CPU per frame, headless (frame_tick only: no GL, no rasteriser).
"$bench" --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
  --benchmark_format=json >"$work/bench.json" 2>/dev/null
python3 - "$work/bench.json" <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))["benchmarks"]
for r in rows:
    if r["aggregate_name"] == "median":
        name = r["run_name"].replace("BM_", "")
        print(f"frame_tick CPU, {name}: median {r['cpu_time'] / 1000:.3f} ms per frame")
PY

start_app() {
  ROOFLINE_REPORT_TIMING=1 "$app" --no-settings --size 1280x800 --dump-geometry "$work/geometry.json" \
    --quit-after 60 2>"$work/app.log" &
  pid=$!
  for _ in $(seq 100); do [[ -s $work/geometry.json ]] && break; sleep 0.1; done
}

# 3. Idle CPU: the real window, nothing happening, 5 s.
start_app
sleep 1
before=$(cpu_ticks "$pid")
sleep 5
after=$(cpu_ticks "$pid")
python3 -c "print(f'idle CPU: {($after - $before) / $ticks_per_s / 5 * 100:.2f} % of one core over 5 s ({$after - $before} ticks of 1/$ticks_per_s s)')"
xdotool key ctrl+q
wait "$pid"
rm -f "$work/geometry.json"

# 4. The real app while xdotool drags the fc dot (60 mouse moves over ~1.5 s): whole-process
#    CPU per frame, llvmpipe's software rasterising included.
start_app
read -r fx fy < <(python3 -c '
import json, sys
x, y = json.load(open(sys.argv[1]))["markers"]["group:fc"]
print(round(x), round(y))' "$work/geometry.json")
window=$(xdotool search --name '^roofline( |$)' | head -n1)
eval "$(xdotool getwindowgeometry --shell "$window")"
xdotool mousemove --sync $((X + fx)) $((Y + fy)); sleep 0.3
before=$(cpu_ticks "$pid")
t0=$(date +%s.%N)
xdotool mousedown 1
for step in $(seq 60); do xdotool mousemove $((X + fx + step * 5)) $((Y + fy)); sleep 0.02; done
xdotool mouseup 1
sleep 0.2
after=$(cpu_ticks "$pid")
t1=$(date +%s.%N)
xdotool key ctrl+q
sleep 0.5
xdotool key d  # "Don't save": the drag changed the scenario
wait "$pid"
frames=$(sed -nE 's/roofline: ([0-9]+) frames rendered/\1/p' "$work/app.log")
python3 -c "
ticks = $after - $before
print(f'drag in the real app: {ticks / $ticks_per_s * 1000:.0f} ms CPU over {($t1 - $t0) * 1000:.0f} ms wall,'
      f' about {$frames} frames in all: {ticks / $ticks_per_s * 1000 / max(1, $frames - 6):.1f} ms CPU per frame'
      ' (whole process, rasteriser included)')"
