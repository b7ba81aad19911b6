#!/usr/bin/env python3
"""report.py: turn axiom_bench's JSON into tables, charts and a summary.

Usage: report.py BENCH_JSON [--out-dir DIR]

Figures are named <algo>/<op>/<impl>/<bytes> (throughput: cpb = TSC cycles/byte over a loop
of whole messages) or <algo>/<op>/<impl>/<bytes>/latency and .../cold (per call: percentiles
p50, p75, p99, p99.5 of TSC ticks per call, warm or with flushed caches), one entry per
repetition in Google Benchmark's JSON shape (older runs' files, Google Benchmark's own, read
too). Ours carry the label "axiom", peers "peer". Over the repetitions of a throughput figure it drops the outliers
(modified z-score above 3.5, as tools/registry/measure.cpp does) and counts them, then takes
the min, median and CV (standard deviation / mean) of cycles/byte, and the medians of MB/s and
cycles/block; per-call figures take the median of each percentile. Our default kernel (label
"axiom default": the one axiom picks on the benchmark's CPU) is compared with the best peer:
ratio = best peer's cycles/byte (or p50) / the default's, so > 1 means axiom is faster. A kernel
of ours at least 5 % faster than the default (one users do not get unless they choose it; label
word "not-ct": not constant time) is shown beside it, marked. Medians and ratios come from one
interleaved run: on a shared VM absolute speeds drift between runs.

Writes to DIR: report.md (every table), summary.md (the README's part: headline ratios and the
charts), summary.json (every figure with its statistics, the comparisons and the machine), and
chart_<family>.svg, one chart per family (sha256 holds sha256 and hmac-sha256; streebog holds
Streebog-256 and -512; chacha20 holds chacha20, poly1305 and chacha20-poly1305; aes holds AES-128
and AES-256 with all their modes, and GHASH).
Python 3 standard library only.
"""
import argparse
import collections
import json
import math
import os
import statistics
import sys
from xml.sax.saxutils import escape

OUR_COLORS = ["#1f4e9c", "#4a90d9", "#8fbbe8", "#0b2a5b"]
PEER_COLORS = ["#e0812c", "#c0392b", "#8e5ea2", "#2a9d8f", "#d16ba5", "#8c9a3a", "#7f6a4f",
               "#6e6e6e", "#e9c46a"]

# Algorithms charted with another family (default: each algorithm is its own family; a name
# "hmac-X" goes with X, "aes-N" with aes, "streebogN" with streebog).
FAMILY_OF = {"poly1305": "chacha20", "chacha20-poly1305": "chacha20", "ghash": "aes"}

# Block sizes in bytes, for cycles/block where the JSON has no cpbl counter (tools/registry/
# measure.cpp's block_size has the same list); every other algorithm has 128-bit blocks.
BLOCK64 = {"sha256", "hmac-sha256", "streebog256", "streebog512", "hmac-streebog512",
           "chacha20", "chacha20-poly1305"}

MODES = ("latency", "cold")

# A kernel of ours other than the default is shown beside it when its median is below this
# fraction of the default's.
FASTER = 0.95
PERCENTILES = (("p50", "p50"), ("p75", "p75"), ("p99", "p99"), ("p99_5", "p99.5"))


def family(algo):
    fam = algo[len("hmac-"):] if algo.startswith("hmac-") else algo
    if fam.startswith("streebog"):
        fam = "streebog"
    if fam.startswith("aes-"):
        fam = "aes"
    return FAMILY_OF.get(fam, fam)


def size_label(n):
    for unit, div in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= div and n % div == 0:
            return f"{n // div} {unit}"
    return f"{n} B"


def summarize(values):
    """min, median, CV over the values left after dropping outliers, and how many were dropped.

    The rule of tools/registry/measure.cpp: |x - median| > 3.5 * 1.4826 * MAD, the MAD taken
    as at least 1 % of the median."""
    med = statistics.median(values)
    mad = max(statistics.median(abs(v - med) for v in values), 0.01 * abs(med))
    kept = [v for v in values if abs(v - med) <= 3.5 * 1.4826 * mad]
    mean = statistics.fmean(kept)
    cv = statistics.stdev(kept) / mean if len(kept) > 1 and mean else 0.0
    return {"n": len(values), "outliers": len(values) - len(kept), "min": min(kept),
            "median": statistics.median(kept), "cv": cv}


def parse_name(name):
    """(algo, op, impl, size, mode) of a figure's name, or None for a name not ours. Google
    Benchmark's own suffixes ("min_time:0.010", "iterations:N") are left out."""
    parts = [p for p in name.split("/") if ":" not in p]
    mode = ""
    if len(parts) == 5 and parts[4] in MODES:
        mode = parts.pop()
    if len(parts) != 4 or not parts[3].isdigit():
        return None
    return parts[0], parts[1], parts[2], int(parts[3]), mode


def load(path):
    """Returns (figures, errors, context).

    figures[(algo, op, impl, size, mode)] = {"ours": bool, "default": bool, "ct": bool, "reps":
    {counter: [value per repetition]}} in registration order, from the label's words ("peer", or
    "axiom" with "default" and "not-ct"); errors[key] = message."""
    with open(path) as f:
        data = json.load(f)
    figures = collections.OrderedDict()
    errors = {}
    # Random interleaving scrambles the file's order; family_index is the registration order.
    benchmarks = sorted(data.get("benchmarks", []), key=lambda b: b.get("family_index", 0))
    for b in benchmarks:
        if b.get("run_type", "iteration") != "iteration":
            continue  # Google Benchmark's own aggregates: we take medians ourselves
        key = parse_name(b.get("run_name", b["name"]))
        if key is None:
            continue
        if b.get("error_occurred"):
            errors[key] = b.get("error_message", "error")
            continue
        words = b.get("label", "").split()
        fig = figures.setdefault(key, {"ours": words[:1] == ["axiom"], "default": "default" in words,
                                       "ct": "not-ct" not in words,
                                       "reps": collections.defaultdict(list)})
        for counter, value in b.items():
            if isinstance(value, (int, float)) and counter not in (
                    "family_index", "per_family_instance_index", "repetitions",
                    "repetition_index", "threads", "iterations", "real_time", "cpu_time"):
                fig["reps"][counter].append(value)
    return figures, errors, data.get("context", {})


def figure_stats(key, fig):
    """The statistics of one figure (see the module's docstring)."""
    algo, _, _, size, mode = key
    reps = fig["reps"]
    block = 64 if algo in BLOCK64 else 16
    if mode:
        st = {c: statistics.median(reps[c]) for c, _ in PERCENTILES}
        st.update(n=len(reps["cpb"]), outliers=int(sum(reps.get("outliers", []))),
                  cpb=st["p50"] / size, mbps=statistics.median(reps["MBps"]))
        st["cpbl"] = st["cpb"] * block
        return st
    st = summarize(reps["cpb"])
    st["cpb"] = st["median"]
    st["mbps"] = statistics.median(reps["MBps"])
    st["cpbl"] = statistics.median(reps["cpbl"]) if "cpbl" in reps else st["cpb"] * block
    for c in ("core_cpb", "ipb", "llc_miss_kib", "core_mhz"):  # hardware counters, if any
        if c in reps:
            st[c] = statistics.median(reps[c])
    return st


def tables(figures):
    """throughput[(algo, op)][impl][size] and percall[(algo, op)][impl][(size, mode)]: stats;
    ours[impl] = True for our kernels; marks[(algo, op)][impl] = {"default": bool, "ct": bool}
    for each of ours."""
    throughput, percall, ours, marks = (collections.OrderedDict(), collections.OrderedDict(), {}, {})
    for key, fig in figures.items():
        algo, op, impl, size, mode = key
        ours[impl] = fig["ours"]
        if fig["ours"]:
            marks.setdefault((algo, op), {})[impl] = {"default": fig["default"], "ct": fig["ct"]}
        st = figure_stats(key, fig)
        if mode:
            percall.setdefault((algo, op), collections.OrderedDict()).setdefault(impl, {})[(size, mode)] = st
        else:
            throughput.setdefault((algo, op), collections.OrderedDict()).setdefault(impl, {})[size] = st
    return throughput, percall, ours, marks


# Operations no peer offers are compared with the peers' figures for another operation over
# the same bytes: hash2 and hash16 (two or sixteen messages at once, a half or a sixteenth of
# the bytes each) against the peers hashing all the bytes as one message, which favours the
# peers slightly.
PEER_BASELINE = {"hash2": "hash", "hash16": "hash"}


def add_peer_baselines(results, ours):
    for (algo, op), table in results.items():
        base = results.get((algo, PEER_BASELINE.get(op)))
        if base and all(ours.get(i) for i in table):
            for impl, row in base.items():
                if not ours.get(impl):
                    table[impl] = row


def impl_order(impls, ours):
    """Ours first, then peers, each in the order the benchmark registered them."""
    return [i for i in impls if ours.get(i)] + [i for i in impls if not ours.get(i)]


def compare(table, ours, marks, col, metric="cpb"):
    """Our default kernel against the best peer at column col (a size, or (size, mode)); lower
    is better. A dict: default, default_value; fastest, fastest_value, fastest_ct (our fastest
    kernel, when not the default and at least 5 % faster); peer, peer_value; ratio = peer /
    default. None where absent (no default figure: no ratio, only the fastest)."""
    mine = {i: r[col][metric] for i, r in table.items() if ours.get(i) and col in r}
    peers = [(r[col][metric], i) for i, r in table.items() if not ours.get(i) and col in r]
    default = next((i for i in mine if marks.get(i, {}).get("default")), None)
    c = {"default": default, "default_value": mine.get(default), "fastest": None, "fastest_value": None,
         "fastest_ct": None, "peer": None, "peer_value": None, "ratio": None}
    if peers:
        c["peer_value"], c["peer"] = min(peers)
    if mine:
        value, impl = min((v, i) for i, v in mine.items())
        if impl != default and (default is None or value < FASTER * mine[default]):
            c.update(fastest=impl, fastest_value=value, fastest_ct=marks[impl]["ct"])
    if default is not None and peers and mine[default]:
        c["ratio"] = c["peer_value"] / mine[default]
    return c


def fastest_text(c, digits=2):
    """Our fastest kernel when not the default: "4.00 tables, not CT"."""
    return f"{c['fastest_value']:.{digits}f} {c['fastest']}{'' if c['fastest_ct'] else ', not CT'}"


def ours_text(c, digits=2):
    """Our side of a comparison: "9.10 avx2", and "(fastest: 4.00 tables, not CT)" after it when
    a kernel other than the default is faster."""
    parts = [f"{c['default_value']:.{digits}f} {c['default']}"] if c["default"] else []
    if c["fastest"]:
        parts.append(f"(fastest: {fastest_text(c, digits)})")
    return " ".join(parts) or "-"


def impl_label(impl, ours, marks):
    """impl, with "(axiom)", "(axiom, default)" or "(axiom, not CT)" for ours."""
    if not ours.get(impl):
        return impl
    m = marks.get(impl, {})
    return f"{impl} (axiom{', default' if m.get('default') else ''}{'' if m.get('ct', True) else ', not CT'})"


def col_key(col):
    return (MODES.index(col[1]), col[0]) if isinstance(col, tuple) else (-1, col)


def columns(table):
    """The sizes of a throughput table, or the (size, mode) of a per-call one, warm first."""
    return sorted({c for r in table.values() for c in r}, key=col_key)


def col_label(col):
    return f"{size_label(col[0])} {col[1]}" if isinstance(col, tuple) else size_label(col)


def machine_lines(context):
    """What the run measured with: CPU, clocks, memory, scheduling, counters, repetitions."""
    lines = [f"{cpu_model()}, {context.get('num_cpus', '?')} CPUs; TSC "
             f"{context.get('tsc_mhz', context.get('mhz_per_cpu', '?'))} MHz (read in steps of "
             f"{context.get('tsc_resolution', '?')} ticks), core clock ~"
             f"{context.get('core_mhz', '?')} MHz (estimated); an empty timed call reads "
             f"{context.get('timer_overhead', '?')} ticks. {context.get('date', '')}"]
    for k in ("memory", "affinity", "scheduling", "hw_counters"):
        if k in context:
            lines.append(context[k])
    if "wall_s" in context:
        lines.append(f"{context['repetitions']} repetitions in {context['rounds']} interleaved rounds, "
                     f"{context['wall_s']} s for a budget of {context['budget_s']} s: every figure "
                     f"{context['min_reps']} or more, the noisy ones more while time remained; "
                     f"{context['precise_figures']} of {context['timed_figures']} figures have a "
                     f"median within {100 * float(context['precision']):g} % (relative standard error)")
    return lines


def console(throughput, percall, ours, marks, errors, context):
    lines = ["bench: " + line for line in machine_lines(context)] + [""]
    for key in list(dict.fromkeys(list(throughput) + list(percall))):
        algo, op = key
        m = marks.get(key, {})
        table = throughput.get(key)
        if table:
            cols = columns(table)
            reps = max(r[c]["n"] for r in table.values() for c in r)
            dropped = sum(r[c]["outliers"] for r in table.values() for c in r)
            lines.append(f"{algo}/{op}: TSC cycles/byte (lower is better), median of up to {reps} "
                         f"interleaved repetitions, CV in brackets; {dropped} outlier "
                         f"repetition(s) dropped")
            lines.append(f"  {'impl':<28}" + "".join(f" {size_label(c):>17}" for c in cols))
            for impl in impl_order(table, ours):
                row = f"  {impl_label(impl, ours, m):<28}"
                for c in cols:
                    r = table[impl].get(c)
                    row += f" {r['cpb']:>11.2f} ({100 * r['cv']:>2.0f}%)" if r else f" {'-':>17}"
                lines.append(row)
            comps = [compare(table, ours, m, c) for c in cols]
            best = [f"{x['peer']} {x['peer_value']:.2f}" if x["peer"] else "-" for x in comps]
            ratio = [f"{x['ratio']:.2f}x {x['default']}" if x["ratio"] else "-" for x in comps]
            lines.append(f"  {'best peer':<28}" + "".join(f" {v:>17}" for v in best))
            lines.append(f"  {'ratio (x faster), default':<28}" + "".join(f" {v:>17}" for v in ratio))
            if any(x["fastest"] for x in comps):
                faster = [f"{x['fastest_value']:.2f} {x['fastest']}{'' if x['fastest_ct'] else '*'}"
                          if x["fastest"] else "-" for x in comps]
                lines.append(f"  {'faster, not default (*: !CT)':<28}" + "".join(f" {v:>17}" for v in faster))
        table = percall.get(key)
        if table:
            lines.append(f"  {algo}/{op} per call, TSC ticks p50/p75/p99/p99.5: our default "
                         "kernel vs the best peer (by p50)")
            for c in columns(table):
                x = compare(table, ours, m, c, "p50")
                cell = lambda i: "/".join(f"{table[i][c][p]:.0f}" for p, _ in PERCENTILES) if i else "-"
                line = f"    {col_label(c):<14} {x['default'] or '-'} {cell(x['default'])}"
                if x["ratio"]:
                    line += f"  vs  {x['peer']} {cell(x['peer'])}  ({x['ratio']:.2f}x)"
                if x["fastest"]:
                    line += f"  (faster, not the default: {fastest_text(x, 0)})"
                lines.append(line)
        lines.append("")
    for key, msg in sorted(errors.items()):
        lines.append(f"ERROR {'/'.join(str(k) for k in key if k != '')}: {msg}")
    return "\n".join(lines)


def md_table(table, ours, marks, fmt, metric="cpb"):
    """A Markdown table: one row per impl, one column per size (or size and mode), then the
    best peer, the ratio to our default kernel, and our faster kernels if any."""
    cols = columns(table)
    digits = 0 if metric == "p50" else 2
    out = ["| impl | " + " | ".join(col_label(c) for c in cols) + " |",
           "|---|" + "---:|" * len(cols)]
    for impl in impl_order(table, ours):
        name = f"**{impl}** {impl_label(impl, ours, marks)[len(impl) + 1:]}" if ours.get(impl) else impl
        out.append(f"| {name} | " + " | ".join(fmt(table[impl][c]) if c in table[impl] else "-"
                                               for c in cols) + " |")
    comps = [compare(table, ours, marks, c, metric) for c in cols]
    out.append("| best peer | " + " | ".join(f"{x['peer']} {x['peer_value']:.{digits}f}" if x["peer"] else "-"
                                             for x in comps) + " |")
    out.append("| ratio to the default | " + " | ".join(f"**{x['ratio']:.2f}x** ({x['default']})" if x["ratio"] else "-"
                                                         for x in comps) + " |")
    if any(x["fastest"] for x in comps):
        out.append("| faster, not the default | " + " | ".join(fastest_text(x, digits) if x["fastest"] else "-"
                                                            for x in comps) + " |")
    return out


def report_md(throughput, percall, ours, marks, errors, context):
    out = ["# Benchmark: axiom against peer libraries", ""]
    out += [f"- {line}" for line in machine_lines(context)]
    out += ["", "Throughput cells: median TSC cycles/byte over the interleaved repetitions of one "
            "run (outliers dropped), MB/s and cycles/block in brackets. Per-call cells: TSC ticks "
            "per call, p50 / p75 / p99 / p99.5 (warm, or cold: buffers and tables flushed before "
            "each call). Ratio = best peer / our default kernel (the one axiom picks on this CPU): "
            "above 1 means axiom is faster. \"Faster, not the default\": a kernel of ours at least "
            "5 % faster than the default, which users get only by choosing it (not CT: not constant "
            "time).", ""]
    for key in list(dict.fromkeys(list(throughput) + list(percall))):
        algo, op = key
        out += [f"## {algo}/{op}", ""]
        if op in PEER_BASELINE:
            out += [f"The bytes as two independent messages of half the size each, hashed at "
                    f"once (`hash_many`); the peers' rows are their {algo}/{PEER_BASELINE[op]} "
                    "figures for the same bytes as one message.", ""]
        if key in throughput:
            out += md_table(throughput[key], ours, marks.get(key, {}),
                            lambda r: f"{r['cpb']:.2f} ({r['mbps']:.0f} MB/s, {r['cpbl']:.0f} c/block)")
            out.append("")
        if key in percall:
            out += md_table(percall[key], ours, marks.get(key, {}),
                            lambda r: " / ".join(f"{r[m]:.0f}" for m, _ in PERCENTILES), "p50")
            out.append("")
    if errors:
        out += ["Errors:", ""]
        out += [f"- `{'/'.join(str(k) for k in key if k != '')}`: {msg}" for key, msg in sorted(errors.items())]
        out.append("")
    return "\n".join(out)


def summary_md(throughput, percall, ours, marks, context, charts):
    """The README's part: one line per algorithm/op, our default kernel against the best peer."""
    out = ["### Summary", ""]
    out += [f"- {line}" for line in machine_lines(context)]
    out += ["", "Ratio = best peer's cycles/byte / our default kernel's (the one axiom picks on this "
            "CPU), from one run (medians of interleaved repetitions): above 1 means axiom is "
            "faster. Cells: ratio (our default kernel's cycles/byte vs the best peer's); \"fastest\" "
            "names a kernel of ours at least 5 % faster that users get only by choosing it (not "
            "CT: not constant time).", ""]
    cols = sorted({c for t in throughput.values() for r in t.values() for c in r})
    out.append("| algorithm/op | " + " | ".join(size_label(c) for c in cols) + " |")
    out.append("|---|" + "---:|" * len(cols))
    for (algo, op), table in throughput.items():
        cells = []
        for c in cols:
            x = compare(table, ours, marks.get((algo, op), {}), c)
            if x["ratio"]:
                fastest = f"; fastest: {fastest_text(x)}" if x["fastest"] else ""
                cells.append(f"**{x['ratio']:.2f}x** ({x['default_value']:.2f} {x['default']} vs "
                             f"{x['peer_value']:.2f} {x['peer']}{fastest})")
            else:
                cells.append(ours_text(x))
        out.append(f"| {algo}/{op} | " + " | ".join(cells) + " |")
    pcols = sorted({c for t in percall.values() for r in t.values() for c in r}, key=col_key)
    if pcols:
        out += ["", "Per call, median TSC ticks (p50) of our default kernel vs the best peer "
                "(cold: buffers and tables flushed before each call):", ""]
        out.append("| algorithm/op | " + " | ".join(col_label(c) for c in pcols) + " |")
        out.append("|---|" + "---:|" * len(pcols))
        for (algo, op), table in percall.items():
            cells = []
            for c in pcols:
                x = compare(table, ours, marks.get((algo, op), {}), c, "p50")
                cell = f"{x['default_value']:.0f}" if x["default"] else "-"
                if x["ratio"]:
                    cell += f" vs {x['peer_value']:.0f}"
                if x["fastest"]:
                    cell += f" (fastest: {fastest_text(x, 0)})"
                cells.append(cell)
            out.append(f"| {algo}/{op} | " + " | ".join(cells) + " |")
    out += ["", "Every figure, with each kernel and peer and the percentiles: "
            "[docs/bench/report.md](docs/bench/report.md).", ""]
    out += [f"![{c}](docs/bench/{c})" for c in charts]
    return "\n".join(out)


def summary_json(figures, throughput, percall, ours, marks, errors, context):
    figs = []
    for key, fig in figures.items():
        algo, op, impl, size, mode = key
        st = (percall if mode else throughput)[(algo, op)][impl][(size, mode) if mode else size]
        figs.append({"name": "/".join(str(k) for k in key if k != ""), "algo": algo, "op": op,
                     "impl": impl, "size": size, "mode": mode or "throughput",
                     "ours": fig["ours"], "default": fig["default"], "constant_time": fig["ct"], **st})
    comparisons = []
    for kind, results, metric in (("throughput", throughput, "cpb"), ("per_call", percall, "p50")):
        for (algo, op), table in results.items():
            for c in columns(table):
                x = compare(table, ours, marks.get((algo, op), {}), c, metric)
                comparisons.append({"algo": algo, "op": op, "kind": kind,
                                    "size": c[0] if isinstance(c, tuple) else c,
                                    "mode": c[1] if isinstance(c, tuple) else "throughput",
                                    "metric": metric, **x})
    return {"context": context, "figures": figs, "comparisons": comparisons,
            "errors": {"/".join(str(k) for k in key if k != ""): m for key, m in errors.items()}}


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def log_ticks(lo, hi):
    ticks = []
    e = math.floor(math.log10(lo))
    while 10 ** e <= hi * 1.001:
        for m in (1, 2, 5):
            v = m * 10 ** e
            if lo / 1.001 <= v <= hi * 1.001:
                ticks.append(v)
        e += 1
    return ticks


def svg_chart(panels, ours, title):
    """panels: [(heading, table)]. Grouped bars of cpb per size, log y axis."""
    impls = []
    for _, table in panels:
        for i in impl_order(table, ours):
            if i not in impls:
                impls.append(i)
    impls = impl_order(impls, ours)
    colors, oc, pc = {}, iter(OUR_COLORS), iter(PEER_COLORS)
    for i in impls:
        colors[i] = next(oc, "#1f4e9c") if ours.get(i) else next(pc, "#999999")

    width, left, right, top = 1040, 70, 190, 50
    panel_h, gap = 300, 70
    height = top + len(panels) * (panel_h + gap) + 10
    plot_w = width - left - right
    s = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
         f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
         f'<rect width="{width}" height="{height}" fill="white"/>',
         f'<text x="{width / 2}" y="24" text-anchor="middle" font-size="18" '
         f'font-weight="bold">{escape(title)}</text>']
    for p, (heading, table) in enumerate(panels):
        y0 = top + p * (panel_h + gap) + 20
        sizes = columns(table)
        vals = [r[sz]["cpb"] for r in table.values() for sz in r]
        lo = 10 ** math.floor(math.log10(min(vals)))
        hi = max(10 ** math.ceil(math.log10(max(vals))), lo * 10)  # a decade at least
        ylog = lambda v: y0 + panel_h - (math.log10(v) - math.log10(lo)) / (
            math.log10(hi) - math.log10(lo)) * panel_h
        s.append(f'<text x="{left}" y="{y0 - 8}" font-size="15" font-weight="bold">'
                 f'{escape(heading)}</text>')
        for t in log_ticks(lo, hi):
            y = ylog(t)
            s.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y:.1f}" y2="{y:.1f}" '
                     f'stroke="#dddddd"/>')
            s.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" '
                     f'font-size="11">{t:g}</text>')
        s.append(f'<text transform="translate(18 {y0 + panel_h / 2}) rotate(-90)" '
                 'text-anchor="middle" font-size="12">cycles/byte (log scale, lower is '
                 'better)</text>')
        group_w = plot_w / len(sizes)
        present = impl_order(table, ours)
        bar_w = min(22, (group_w - 20) / len(present))
        for g, sz in enumerate(sizes):
            gx = left + g * group_w + (group_w - bar_w * len(present)) / 2
            for b, impl in enumerate(present):
                r = table[impl].get(sz)
                if not r:
                    continue
                x, y = gx + b * bar_w, ylog(r["cpb"])
                s.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar_w - 2:.1f}" '
                         f'height="{y0 + panel_h - y:.1f}" fill="{colors[impl]}">'
                         f'<title>{escape(impl)} {size_label(sz)}: {r["cpb"]:.2f} cpb, '
                         f'{r["mbps"]:.0f} MB/s</title></rect>')
                s.append(f'<text transform="translate({x + bar_w / 2 + 3:.1f} {y - 3:.1f}) '
                         f'rotate(-90)" font-size="9" fill="#333">{r["cpb"]:.2f}</text>')
            s.append(f'<text x="{left + (g + 0.5) * group_w:.1f}" y="{y0 + panel_h + 18}" '
                     f'text-anchor="middle" font-size="13">{size_label(sz)}</text>')
        s.append(f'<line x1="{left}" x2="{left}" y1="{y0}" y2="{y0 + panel_h}" stroke="black"/>')
        s.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y0 + panel_h}" '
                 f'y2="{y0 + panel_h}" stroke="black"/>')
        s.append(f'<text x="{left + plot_w / 2}" y="{y0 + panel_h + 38}" text-anchor="middle" '
                 'font-size="12">message size</text>')
    lx, ly = width - right + 20, top + 20
    s.append(f'<text x="{lx}" y="{ly}" font-size="13" font-weight="bold">implementation</text>')
    for n, impl in enumerate(impls):
        y = ly + 14 + n * 20
        label = f"{impl} (axiom)" if ours.get(impl) else impl
        s.append(f'<rect x="{lx}" y="{y}" width="14" height="14" fill="{colors[impl]}"/>')
        weight = ' font-weight="bold"' if ours.get(impl) else ""
        s.append(f'<text x="{lx + 20}" y="{y + 11}" font-size="12"{weight}>{escape(label)}</text>')
    s.append("</svg>")
    return "\n".join(s) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("json")
    ap.add_argument("--out-dir", default=None, help="default: the JSON file's directory")
    args = ap.parse_args()
    out_dir = args.out_dir or os.path.dirname(os.path.abspath(args.json))
    os.makedirs(out_dir, exist_ok=True)
    figures, errors, context = load(args.json)
    if not figures and not errors:
        print(f"report: no benchmark results in {args.json}", file=sys.stderr)
        return 1
    throughput, percall, ours, marks = tables(figures)
    add_peer_baselines(throughput, ours)
    add_peer_baselines(percall, ours)
    summary = summary_json(figures, throughput, percall, ours, marks, errors, context)
    print(console(throughput, percall, ours, marks, errors, context))
    families = collections.OrderedDict()
    for (algo, op), table in throughput.items():
        families.setdefault(family(algo), []).append((f"{algo} ({op})", table))
    charts = []
    for fam, panels in families.items():
        charts.append(f"chart_{fam}.svg")
        with open(os.path.join(out_dir, charts[-1]), "w") as f:
            f.write(svg_chart(panels, ours, f"{fam.upper()}: axiom vs peers, median cycles/byte"))
    with open(os.path.join(out_dir, "report.md"), "w") as f:
        f.write(report_md(throughput, percall, ours, marks, errors, context) + "\n")
    with open(os.path.join(out_dir, "summary.md"), "w") as f:
        f.write(summary_md(throughput, percall, ours, marks, context, charts) + "\n")
    with open(os.path.join(out_dir, "summary.json"), "w") as f:
        json.dump(summary, f, indent=1)
        f.write("\n")
    # A wrong answer from any implementation fails the run, after everything is written.
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
