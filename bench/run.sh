#!/bin/sh
# run.sh BUILD_DIR [--quick]: run the comparative benchmark built in BUILD_DIR (the bench
# preset), write BUILD_DIR/bench.json, and turn it into BUILD_DIR/report.md, summary.md,
# summary.json and chart_*.svg. The run holds to a wall-time budget (tools/registry/schedule.hpp):
# rounds of one repetition of every figure in a random order (the machine is a shared VM: ratios
# within one run hold, absolute speeds drift), first 7 rounds over every figure, then rounds
# over the figures whose median is not yet within 1 % (relative standard error) until the
# budget is spent. The repetition length follows from the budget and the figures' costs, so
# more figures make shorter repetitions, not a longer run.
#   default   throughput at 64 B, 256 B, 1 KiB, 8 KiB, 16 KiB and 1 MiB; for each algorithm's
#             main ops also per-call latency at 16, 64 and 256 B and cold cache at 64 B, 1 KiB
#             and 16 KiB
#   --quick   3 rounds in 40 s: throughput at 64 B and 16 KiB, latency at 64 B, cold at 1 KiB
# Environment (make bench passes its variables of the same names):
#   BUDGET=S  the run's target wall time in seconds, verification included (default 330)
#   LARGE=N   instead, throughput only, at N bytes (K, M, G suffixes; e.g. 2G), 3 rounds and
#             no more; needs about 3 N of RAM; combine with FILTER, it takes long at 2G
#   FILTER=R  only the figures whose name matches the regular expression R (--benchmark_filter)
#   PIN=CPU   pin to that CPU;  FIFO=1  SCHED_FIFO (each when the OS permits, else one line)
# Then, where the bench build has the OpenSSL provider (BUILD_DIR/provider/axiom.so), about
# half a minute of EVP timings against the GOST provider and engine (bench/report/provider_speed.py
# over bench/evp_speed.c), as a section at the end of report.md (not with LARGE or FILTER).
set -eu
build=${1:?usage: bench/run.sh BUILD_DIR [--quick]}
[ "${2:-}" = --quick ] && QUICK=1
here=$(cd "$(dirname "$0")" && pwd)
bin=$build/bench/axiom_bench
[ -x "$bin" ] || { echo "bench: $bin not found; build the bench preset first" >&2; exit 2; }

set -- --axiom_budget="${BUDGET:-330}"
if [ -n "${LARGE:-}" ]; then
  set -- --axiom_budget=0 --axiom_min_reps=3 --axiom_sizes="$LARGE" --axiom_latency_sizes= --axiom_cold_sizes=
elif [ "${QUICK:-}" = 1 ]; then
  set -- --axiom_budget="${BUDGET:-40}" --axiom_min_reps=3 --axiom_sizes=64,16K --axiom_latency_sizes=64 \
    --axiom_cold_sizes=1K
fi
[ -n "${FILTER:-}" ] && set -- "$@" --benchmark_filter="$FILTER"
[ -n "${PIN:-}" ] && set -- "$@" --axiom_pin="$PIN"
[ "${FIFO:-}" = 1 ] && set -- "$@" --axiom_fifo

echo "bench: running $bin ($*; log in $build/bench.log)"
"$bin" --axiom_out="$build/bench.json" "$@" >"$build/bench.log" 2>&1 ||
  { cat "$build/bench.log" >&2; exit 1; }
grep -E '^bench: .*(skipped|table kernel|figures|repetitions in)' "$build/bench.log" || true
echo
status=0
rm -f "$build"/chart_*.svg  # a filtered run must not leave another run's charts behind
python3 "$here/report/report.py" "$build/bench.json" --out-dir "$build" || status=$?
# The OpenSSL provider through EVP beside the GOST provider and engine: its own section.
if [ -f "$build/provider/axiom.so" ] && [ -x "$build/bench/axiom_evp_speed" ] && [ -z "${LARGE:-}" ] &&
  [ -z "${FILTER:-}" ]; then
  rounds=5
  [ "${QUICK:-}" = 1 ] && rounds=1
  python3 "$here/report/provider_speed.py" "$build/bench/axiom_evp_speed" "$build/provider" --rounds $rounds \
    --out "$build/provider_speed.md" && { echo; cat "$build/provider_speed.md"; } >>"$build/report.md" || status=1
fi
echo "bench: JSON $build/bench.json and $build/summary.json; tables $build/report.md and" \
  "$build/summary.md; charts" "$build"/chart_*.svg
exit $status
