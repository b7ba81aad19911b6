#!/bin/sh
# run.sh BUILD_DIR [--quick]: run the comparative benchmark built in BUILD_DIR (the bench
# preset), write BUILD_DIR/bench.json, and turn it into BUILD_DIR/report.md and
# BUILD_DIR/chart_*.svg. Repetitions are interleaved at random (A B A B ...) because the
# machine is a shared VM: ratios within one run hold, absolute speeds drift.
# --quick: 3 repetitions at 64 B and 16 KiB only, for a look in ~15 s.
set -eu
build=${1:?usage: bench/run.sh BUILD_DIR [--quick]}
here=$(cd "$(dirname "$0")" && pwd)
bin=$build/bench/axiom_bench
[ -x "$bin" ] || { echo "bench: $bin not found; build the bench preset first" >&2; exit 2; }

reps=9 min_time=0.08 filter=.
if [ "${2:-}" = "--quick" ]; then
  reps=3 min_time=0.05 filter='/(64|16384)$'
fi
echo "bench: running $bin ($reps interleaved repetitions; log in $build/bench.log)"
"$bin" --benchmark_repetitions=$reps --benchmark_enable_random_interleaving=true \
  --benchmark_min_time=$min_time --benchmark_filter="$filter" \
  --benchmark_display_aggregates_only=true \
  --benchmark_out="$build/bench.json" --benchmark_out_format=json >"$build/bench.log" 2>&1 ||
  { cat "$build/bench.log" >&2; exit 1; }
grep '^bench:' "$build/bench.log" || true  # kernels this CPU cannot run
echo
status=0
python3 "$here/report/report.py" "$build/bench.json" --out-dir "$build" || status=$?
echo "bench: JSON $build/bench.json, summary $build/report.md, chart(s):" "$build"/chart_*.svg
exit $status
