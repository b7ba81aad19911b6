#!/bin/sh
# run.sh BUILD_DIR [--quick]: run the comparative benchmark built in BUILD_DIR (the bench
# preset), write BUILD_DIR/bench.json, and turn it into BUILD_DIR/report.md, summary.md,
# summary.json and chart_*.svg. Repetitions are interleaved at random (A B A B ...) because
# the machine is a shared VM: ratios within one run hold, absolute speeds drift.
#   default   7 repetitions of every figure: throughput at 64 B, 256 B and 1 KiB (0.04 s each),
#             8 KiB, 16 KiB and 1 MiB (0.015 s each: long calls need less time for the same
#             precision); for each algorithm's main ops also per-call latency at 16, 64 and
#             256 B and cold cache at 64 B, 1 KiB and 16 KiB (0.01 s of calls each)
#   --quick   3 short repetitions: throughput at 64 B and 16 KiB, latency at 64 B, cold at 1 KiB
# Environment (make bench passes its variables of the same names):
#   LARGE=N   instead, throughput only, at N bytes (K, M, G suffixes; e.g. 2G), 3 repetitions;
#             needs about 3 N of RAM; combine with FILTER, it takes long at 2G
#   FILTER=R  only the figures whose name matches the regular expression R
#   PIN=CPU   pin to that CPU;  FIFO=1  SCHED_FIFO (each when the OS permits, else one line)
set -eu
build=${1:?usage: bench/run.sh BUILD_DIR [--quick]}
[ "${2:-}" = --quick ] && QUICK=1
here=$(cd "$(dirname "$0")" && pwd)
bin=$build/bench/axiom_bench
[ -x "$bin" ] || { echo "bench: $bin not found; build the bench preset first" >&2; exit 2; }

reps=7 min_time=0.04
set -- --axiom_big_min_time=0.015
if [ -n "${LARGE:-}" ]; then
  reps=3 min_time=0.001
  set -- --axiom_sizes="$LARGE" --axiom_latency_sizes= --axiom_cold_sizes=
elif [ "${QUICK:-}" = 1 ]; then
  reps=3 min_time=0.02
  set -- --axiom_sizes=64,16K --axiom_latency_sizes=64 --axiom_cold_sizes=1K --axiom_call_time=0.005 \
    --axiom_big_min_time=0.01
fi
[ -n "${FILTER:-}" ] && set -- "$@" --benchmark_filter="$FILTER"
[ -n "${PIN:-}" ] && set -- "$@" --axiom_pin="$PIN"
[ "${FIFO:-}" = 1 ] && set -- "$@" --axiom_fifo

echo "bench: running $bin ($reps interleaved repetitions; log in $build/bench.log)"
"$bin" --benchmark_repetitions=$reps --benchmark_enable_random_interleaving=true \
  --benchmark_min_time=$min_time --benchmark_display_aggregates_only=true \
  --benchmark_out="$build/bench.json" --benchmark_out_format=json "$@" >"$build/bench.log" 2>&1 ||
  { cat "$build/bench.log" >&2; exit 1; }
grep -E '^bench: .*(skipped|table kernel)' "$build/bench.log" || true  # kernels not run, tables not flushed
echo
status=0
rm -f "$build"/chart_*.svg  # a filtered run must not leave another run's charts behind
python3 "$here/report/report.py" "$build/bench.json" --out-dir "$build" || status=$?
echo "bench: JSON $build/bench.json and $build/summary.json; tables $build/report.md and" \
  "$build/summary.md; charts" "$build"/chart_*.svg
exit $status
