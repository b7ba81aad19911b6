#!/usr/bin/env python3
"""compare.py: flag every figure of ours that got slower than a baseline beyond the noise.

Usage: compare.py BASELINE_JSON CURRENT_JSON

Both files are axiom_bench's JSON, in Google Benchmark's shape (build/bench/bench.json of two
make bench runs, e.g. main's kept as the baseline, then a branch's). Each figure is compared by its
median cycles/byte (per-call figures: p50 / bytes), as report.py computes it.

On a shared VM the whole machine runs faster or slower from one run to the next. The peers'
code did not change, so their figures measure that: the drift is the median change of the
peer figures both runs have, and the scatter (1.4826 * MAD of their changes) is how far an
unchanged figure moves between runs. A figure of ours is slower when its change, less the drift,
exceeds 3 * sqrt(scatter^2 + se_base^2 + se_current^2), se being the standard error of each
run's median (1.2533 * CV / sqrt(repetitions)), all in log terms. Without peer figures there
is no drift correction and the scatter is taken as 0 (said in the output).

Exit status: 0 nothing slower, 1 some figure slower, 2 usage or unreadable input.
"""
import math
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import report  # noqa: E402


def stats(path):
    """{name: (ours, median cpb, relative standard error of the median)}."""
    figures, _, _ = report.load(path)
    out = {}
    for key, fig in figures.items():
        st = report.figure_stats(key, fig)
        n = st["n"] - st["outliers"] if not key[4] else st["n"]
        cv = st.get("cv")
        if cv is None:  # per call: the spread of p50 over the repetitions
            p50 = [v / key[3] for v in fig["reps"]["p50"]]
            cv = statistics.stdev(p50) / statistics.fmean(p50) if len(p50) > 1 else 0.0
        name = "/".join(str(k) for k in key if k != "")
        out[name] = (fig["ours"], st["cpb"], 1.2533 * cv / math.sqrt(max(n, 1)))
    return out


def compare(base, cur):
    """Returns (lines to print, number of slower figures)."""
    common = [n for n in cur if n in base and base[n][1] > 0 and cur[n][1] > 0]
    change = {n: math.log(cur[n][1] / base[n][1]) for n in common}
    peers = [change[n] for n in common if not cur[n][0]]
    lines = []
    if len(peers) >= 3:
        drift = statistics.median(peers)
        scatter = 1.4826 * statistics.median(abs(c - drift) for c in peers)
        lines.append(f"compare: {len(peers)} peer figures measure the machine: drift "
                     f"{100 * math.expm1(drift):+.1f}%, run-to-run scatter "
                     f"{100 * scatter:.1f}%")
    else:
        drift = scatter = 0.0
        lines.append("compare: fewer than 3 peer figures in both runs: no drift correction, "
                     "only each run's own noise")
    slower, faster, ours = [], 0, [n for n in common if cur[n][0]]
    for n in ours:
        excess = change[n] - drift
        limit = 3 * math.sqrt(scatter ** 2 + base[n][2] ** 2 + cur[n][2] ** 2)
        if excess > limit:
            slower.append((excess, n, limit))
        elif excess < -limit:
            faster += 1
    for excess, n, limit in sorted(slower, reverse=True):
        lines.append(f"SLOWER {n}: {base[n][1]:.3f} -> {cur[n][1]:.3f} cycles/byte, "
                     f"{100 * math.expm1(excess):+.1f}% after drift (noise limit "
                     f"{100 * math.expm1(limit):.1f}%)")
    missing = sum(1 for n in base if base[n][0] and n not in cur)
    lines.append(f"compare: {len(ours)} figures of ours in both runs: {len(slower)} slower, "
                 f"{faster} faster beyond the noise" +
                 (f"; {missing} of the baseline's are missing from this run" if missing else ""))
    return lines, len(slower)


def main(argv):
    if len(argv) != 3:
        print("usage: compare.py BASELINE_JSON CURRENT_JSON", file=sys.stderr)
        return 2
    try:
        base, cur = stats(argv[1]), stats(argv[2])
    except (OSError, ValueError, KeyError) as e:
        print(f"compare: cannot read the benchmark JSON: {e}", file=sys.stderr)
        return 2
    lines, slower = compare(base, cur)
    print("\n".join(lines))
    return 1 if slower else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
