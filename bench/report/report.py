#!/usr/bin/env python3
"""report.py: turn axiom_bench's Google Benchmark JSON into tables and charts.

Usage: report.py BENCH_JSON [--out-dir DIR]

Benchmarks are named <algo>/<op>/<impl>/<bytes>; ours carry the label "axiom", peers "peer".
For every algo/op and size it takes the median over the repetitions of cycles/byte ("cpb"
counter) and MB/s ("MBps"), and compares our best kernel with the best peer:
ratio = best peer cpb / our cpb, so > 1 means axiom is faster. Medians and ratios come from
one interleaved run, because on a shared VM absolute speeds drift between runs.

Writes DIR/report.md (Markdown, for the README) and DIR/chart_<family>.svg (grouped bars,
log scale), one chart per family (sha256 holds sha256/hash and hmac-sha256/mac; streebog holds
streebog256/hash and streebog512/hash; chacha20 holds chacha20, poly1305 and chacha20-poly1305;
aes holds aes-128 and aes-256 with all their modes).
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


# Algorithms charted with another family (default: each algorithm is its own family).
FAMILY_OF = {"poly1305": "chacha20", "chacha20-poly1305": "chacha20"}


def size_label(n):
    for unit, div in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= div and n % div == 0:
            return f"{n // div} {unit}"
    return f"{n} B"


def load(path):
    """Returns (results, errors, context): results[(algo, op)][impl][size] = {cpb, mbps, n}."""
    with open(path) as f:
        data = json.load(f)
    runs = collections.defaultdict(lambda: {"cpb": [], "mbps": []})
    ours = {}
    errors = {}
    # Random interleaving scrambles the file's order; family_index is the registration order.
    benchmarks = sorted(data.get("benchmarks", []), key=lambda b: b.get("family_index", 0))
    for b in benchmarks:
        if b.get("run_type", "iteration") != "iteration":
            continue  # Google Benchmark's own aggregates: we take medians ourselves
        parts = b.get("run_name", b["name"]).split("/")
        if len(parts) != 4 or not parts[3].isdigit():
            continue
        algo, op, impl, size = parts[0], parts[1], parts[2], int(parts[3])
        key = (algo, op, impl, size)
        if b.get("error_occurred"):
            errors[key] = b.get("error_message", "error")
            continue
        runs[key]["cpb"].append(b["cpb"])
        runs[key]["mbps"].append(b["MBps"])
        ours[impl] = b.get("label") == "axiom"
    results = collections.OrderedDict()
    for (algo, op, impl, size), r in runs.items():
        results.setdefault((algo, op), collections.OrderedDict()).setdefault(impl, {})[size] = {
            "cpb": statistics.median(r["cpb"]),
            "mbps": statistics.median(r["mbps"]),
            "n": len(r["cpb"]),
        }
    return results, errors, ours, data.get("context", {})


# Operations no peer offers are compared with the peers' figures for another operation over
# the same bytes: hash2 (two messages at once, half the bytes each) against the peers hashing
# all the bytes as one message, which favours the peers slightly.
PEER_BASELINE = {"hash2": "hash"}


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


def compare(table, ours, size):
    """Returns (our best impl, its cpb, best peer, its cpb, ratio) at size; None where absent."""
    mine = [(r[size]["cpb"], i) for i, r in table.items() if ours.get(i) and size in r]
    peer = [(r[size]["cpb"], i) for i, r in table.items() if not ours.get(i) and size in r]
    ob = min(mine) if mine else (None, None)
    pb = min(peer) if peer else (None, None)
    ratio = pb[0] / ob[0] if mine and peer else None
    return ob[1], ob[0], pb[1], pb[0], ratio


def sizes_of(table):
    return sorted({s for r in table.values() for s in r})


def console(results, ours, errors):
    lines = []
    for (algo, op), table in results.items():
        sizes = sizes_of(table)
        reps = max(r[s]["n"] for r in table.values() for s in r)
        lines.append(f"{algo}/{op}: median of {reps} interleaved repetitions; "
                     "cpb = TSC cycles/byte (lower is better)")
        head = f"  {'impl':<18}" + "".join(f"{size_label(s):>20}" for s in sizes)
        lines.append(head)
        lines.append(f"  {'':<18}" + "".join(f"{'cpb':>10}{'MB/s':>10}" for _ in sizes))
        for impl in impl_order(table, ours):
            name = impl + (" (axiom)" if ours.get(impl) else "")
            row = f"  {name:<18}"
            for s in sizes:
                r = table[impl].get(s)
                row += f"{r['cpb']:>10.2f}{r['mbps']:>10.0f}" if r else f"{'-':>20}"
            lines.append(row)
        best, ratio = f"  {'best peer':<18}", f"  {'ratio (x faster)':<18}"
        for s in sizes:
            oi, _, pi, pc, rt = compare(table, ours, s)
            best += f"{(pi or '-') + (f' {pc:.2f}' if pc else ''):>20}"
            ratio += f"{(f'{rt:.2f}x ({oi})' if rt else '-'):>20}"
        lines += [best, ratio, ""]
    for key, msg in sorted(errors.items()):
        lines.append(f"ERROR {'/'.join(map(str, key))}: {msg}")
    return "\n".join(lines)


def markdown(results, ours, errors, context):
    out = ["# SHA-256 and HMAC-SHA256: axiom against peer libraries", ""]
    cpu = cpu_model()
    out.append(f"Machine: {cpu}, {context.get('num_cpus', '?')} CPUs at "
               f"{context.get('mhz_per_cpu', '?')} MHz (TSC). {context.get('date', '')}")
    out.append("")
    out.append("Cells: median cycles/byte (TSC ticks per byte, lower is better) and MB/s over "
               "interleaved repetitions of one run. Ratio = best peer's cycles/byte / our best "
               "kernel's: above 1 means axiom is faster.")
    out.append("")
    for (algo, op), table in results.items():
        sizes = sizes_of(table)
        out.append(f"## {algo}/{op}")
        out.append("")
        if op in PEER_BASELINE:
            out.append(f"The bytes as two independent messages of half the size each, hashed "
                       f"at once (`hash_many`); the peers' rows are their {algo}/"
                       f"{PEER_BASELINE[op]} figures for the same bytes as one message.")
            out.append("")
        out.append("| impl | " + " | ".join(size_label(s) for s in sizes) + " |")
        out.append("|---|" + "---:|" * len(sizes))
        for impl in impl_order(table, ours):
            name = f"**{impl}** (axiom)" if ours.get(impl) else impl
            cells = []
            for s in sizes:
                r = table[impl].get(s)
                cells.append(f"{r['cpb']:.2f} ({r['mbps']:.0f} MB/s)" if r else "-")
            out.append(f"| {name} | " + " | ".join(cells) + " |")
        best, ratio = [], []
        for s in sizes:
            oi, _, pi, pc, rt = compare(table, ours, s)
            best.append(f"{pi} {pc:.2f}" if pi else "-")
            ratio.append(f"**{rt:.2f}x** ({oi})" if rt else "-")
        out.append("| best peer | " + " | ".join(best) + " |")
        out.append("| ratio | " + " | ".join(ratio) + " |")
        out.append("")
    if errors:
        out.append("Errors:")
        out.append("")
        for key, msg in sorted(errors.items()):
            out.append(f"- `{'/'.join(map(str, key))}`: {msg}")
        out.append("")
    return "\n".join(out)


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
        sizes = sizes_of(table)
        vals = [r[sz]["cpb"] for r in table.values() for sz in r]
        lo = 10 ** math.floor(math.log10(min(vals)))
        hi = 10 ** math.ceil(math.log10(max(vals)))
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
    results, errors, ours, context = load(args.json)
    add_peer_baselines(results, ours)
    if not results and not errors:
        print(f"report: no benchmark results in {args.json}", file=sys.stderr)
        return 1
    print(console(results, ours, errors))
    with open(os.path.join(out_dir, "report.md"), "w") as f:
        f.write(markdown(results, ours, errors, context) + "\n")
    families = collections.OrderedDict()
    for (algo, op), table in results.items():
        fam = algo[len("hmac-"):] if algo.startswith("hmac-") else algo
        if fam.startswith("streebog"):
            fam = "streebog"  # one chart for Streebog-256 and -512
        fam = FAMILY_OF.get(fam, fam)
        fam = "aes" if fam.startswith("aes-") else fam  # one chart for AES-128 and AES-256
        families.setdefault(fam, []).append((f"{algo} ({op})", table))
    for fam, panels in families.items():
        path = os.path.join(out_dir, f"chart_{fam}.svg")
        with open(path, "w") as f:
            f.write(svg_chart(panels, ours, f"{fam.upper()}: axiom vs peers, median cycles/byte"))
    # A wrong answer from any implementation fails the run, after everything is written.
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
