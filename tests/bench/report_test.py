#!/usr/bin/env python3
"""Tests of bench/report/report.py and compare.py on canned Google Benchmark JSON (no timing).

Usage: report_test.py REPO_ROOT [unittest arguments]
"""
import copy
import json
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = None


def bench_json(figures, reps=5, context=None):
    """Google Benchmark's JSON shape for figures {name: (label, [cpb per repetition])}; names
    ending in /latency or /cold get per-call counters (p50 = cpb * bytes)."""
    benchmarks = []
    for index, (name, (label, values)) in enumerate(figures.items()):
        size = int(name.split("/")[3])
        for r in range(reps):
            b = {"name": name, "run_name": name, "run_type": "iteration", "family_index": index,
                 "repetitions": reps, "repetition_index": r, "iterations": 1000,
                 "real_time": 1.0, "cpu_time": 1.0, "time_unit": "ns", "label": label,
                 "cpb": values[r], "MBps": 2445.0 / values[r], "cpbl": values[r] * 64}
            if "/latency" in name or "/cold" in name:
                p50 = values[r] * size
                b.update(p50=p50, p75=p50 * 1.1, p99=p50 * 2, p99_5=p50 * 3, outliers=2)
            benchmarks.append(b)
        benchmarks.append({"name": name + "_median", "run_name": name, "run_type": "aggregate",
                           "aggregate_name": "median", "family_index": index, "cpb": 0.0})
    ctx = {"date": "2026-11-30T00:00:00+00:00", "num_cpus": 2, "mhz_per_cpu": 2445,
           "tsc_mhz": "2445", "core_mhz": "3000", "tsc_resolution": "24",
           "timer_overhead": "73", "memory": "buffers locked in RAM (mlock)",
           "hw_counters": "hardware counters unavailable (perf_event_open cycles: No such file or directory)"}
    ctx.update(context or {})
    return {"context": ctx, "benchmarks": benchmarks}


# sha256/hash at two sizes: ours (shani the default, portable) against two peers; one
# repetition of shani/64 is an outlier (5.0 among 2.0s); a per-call latency figure and a cold
# one; an algorithm no peer has (ghash); an error. Kuznyechik CBC: the default (avx2) slower
# than the peer, a faster kernel of ours that is not the default and not constant time (tables).
FIGURES = {
    "sha256/hash/shani/64": ("axiom default", [2.0, 2.02, 1.98, 5.0, 2.01]),
    "sha256/hash/portable/64": ("axiom", [10.0, 10.1, 9.9, 10.0, 10.2]),
    "sha256/hash/openssl/64": ("peer", [2.2, 2.2, 2.21, 2.19, 2.2]),
    "sha256/hash/botan/64": ("peer", [3.0, 3.1, 2.9, 3.0, 3.0]),
    "sha256/hash/shani/16384": ("axiom default", [1.68, 1.7, 1.66, 1.68, 1.69]),
    "sha256/hash/openssl/16384": ("peer", [1.68, 1.67, 1.69, 1.68, 1.68]),
    "sha256/hash/botan/16384": ("peer", [1.7, 1.7, 1.71, 1.69, 1.7]),
    "sha256/hash/shani/64/latency/min_time:0.010": ("axiom default", [5.0, 5.0, 5.1, 4.9, 5.0]),
    "sha256/hash/openssl/64/latency": ("peer", [6.0, 6.0, 6.1, 5.9, 6.0]),
    "sha256/hash/shani/1024/cold": ("axiom default", [7.0, 7.0, 7.0, 7.1, 6.9]),
    "ghash/hash/pclmul/64": ("axiom default", [0.5, 0.5, 0.5, 0.5, 0.5]),
    "aes-128/ctr/vaes_avx2/64": ("axiom default", [1.0, 1.0, 1.0, 1.0, 1.0]),
    "kuznyechik/cbc-enc/avx2/1024": ("axiom default", [9.1, 9.1, 9.1, 9.1, 9.1]),
    "kuznyechik/cbc-enc/tables/1024": ("axiom not-ct", [4.0, 4.0, 4.0, 4.0, 4.0]),
    "kuznyechik/cbc-enc/gost-engine/1024": ("peer", [4.4, 4.4, 4.4, 4.4, 4.4]),
    "kuznyechik/ctr/avx2/1024/latency": ("axiom default", [9.0, 9.0, 9.0, 9.0, 9.0]),
    "kuznyechik/ctr/tables/1024/latency": ("axiom not-ct", [4.0, 4.0, 4.0, 4.0, 4.0]),
    "kuznyechik/ctr/gost-engine/1024/latency": ("peer", [4.5, 4.5, 4.5, 4.5, 4.5]),
}


def run(*args):
    p = subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


class Report(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        data = bench_json(FIGURES)
        data["benchmarks"].append({"name": "sha256/hash/gnutls/64", "run_name": "sha256/hash/gnutls/64",
                                   "run_type": "iteration", "family_index": 99, "error_occurred": True,
                                   "error_message": "sha256/hash/gnutls gives a wrong answer"})
        cls.json = os.path.join(cls.tmp.name, "bench.json")
        with open(cls.json, "w") as f:
            json.dump(data, f)
        cls.rc, cls.out, cls.err = run(os.path.join(ROOT, "bench/report/report.py"), cls.json)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def read(self, name):
        with open(os.path.join(self.tmp.name, name)) as f:
            return f.read()

    def test_a_wrong_answer_fails_the_run_after_writing_everything(self):
        self.assertEqual(self.rc, 1, self.err)
        self.assertIn("ERROR sha256/hash/gnutls/64: sha256/hash/gnutls gives a wrong answer", self.out)
        for name in ["report.md", "summary.md", "summary.json", "chart_sha256.svg", "chart_aes.svg"]:
            self.assertTrue(os.path.exists(os.path.join(self.tmp.name, name)), name)

    def test_outliers_dropped_and_counted(self):
        figs = {f["name"]: f for f in json.loads(self.read("summary.json"))["figures"]}
        shani = figs["sha256/hash/shani/64"]
        self.assertEqual((shani["n"], shani["outliers"]), (5, 1))
        self.assertAlmostEqual(shani["median"], 2.005)
        self.assertAlmostEqual(shani["min"], 1.98)
        self.assertLess(shani["cv"], 0.01)  # the 5.0 is not in the spread
        self.assertEqual(figs["sha256/hash/botan/64"]["outliers"], 0)
        self.assertAlmostEqual(shani["cpbl"], 2.0 * 64, delta=1)
        self.assertIn("mbps", shani)

    def test_per_call_percentiles(self):
        figs = {f["name"]: f for f in json.loads(self.read("summary.json"))["figures"]}
        lat = figs["sha256/hash/shani/64/latency"]
        self.assertEqual(lat["mode"], "latency")
        self.assertAlmostEqual(lat["p50"], 320)
        self.assertAlmostEqual(lat["p99_5"], 960)
        self.assertEqual(figs["sha256/hash/shani/1024/cold"]["mode"], "cold")

    def test_comparisons_default_kernel_against_best_peer(self):
        comps = json.loads(self.read("summary.json"))["comparisons"]
        c = next(c for c in comps if c["kind"] == "throughput" and c["algo"] == "sha256" and c["size"] == 64)
        self.assertEqual((c["default"], c["peer"], c["fastest"]), ("shani", "openssl", None))
        self.assertAlmostEqual(c["ratio"], 2.2 / 2.005, places=3)
        c = next(c for c in comps if c["kind"] == "per_call" and c["algo"] == "sha256" and c["mode"] == "latency")
        self.assertAlmostEqual(c["ratio"], 1.2)
        c = next(c for c in comps if c["algo"] == "ghash")
        self.assertIsNone(c["ratio"])

    def test_the_ratio_is_the_default_kernels_and_a_faster_one_is_marked(self):
        comps = json.loads(self.read("summary.json"))["comparisons"]
        c = next(c for c in comps if c["algo"] == "kuznyechik" and c["op"] == "cbc-enc")
        self.assertEqual((c["default"], c["fastest"], c["fastest_ct"], c["peer"]),
                         ("avx2", "tables", False, "gost-engine"))
        self.assertAlmostEqual(c["ratio"], 4.4 / 9.1)
        summary = self.read("summary.md")
        self.assertIn("| kuznyechik/cbc-enc | - | **0.48x** (9.10 avx2 vs 4.40 gost-engine; fastest: "
                      "4.00 tables, not CT) | - |", summary)
        self.assertIn("| kuznyechik/ctr | ", summary)
        self.assertIn("9216 vs 4608 (fastest: 4096 tables, not CT)", summary)
        report = self.read("report.md")
        self.assertIn("| **avx2** (axiom, default) | 9.10 (", report)
        self.assertIn("| **tables** (axiom, not CT) | 4.00 (", report)
        self.assertIn("| ratio to the default | **0.48x** (avx2) |", report)
        self.assertIn("| faster, not the default | 4.00 tables, not CT |", report)
        self.assertIn("0.48x avx2", self.out)
        self.assertIn("4.00 tables*", self.out)
        figs = {f["name"]: f for f in json.loads(self.read("summary.json"))["figures"]}
        self.assertEqual((figs["kuznyechik/cbc-enc/tables/1024"]["default"],
                          figs["kuznyechik/cbc-enc/tables/1024"]["constant_time"]), (False, False))

    def test_console_and_markdown(self):
        self.assertIn("1.10x shani", self.out)
        self.assertIn("1 outlier repetition(s) dropped", self.out)
        self.assertIn("hardware counters unavailable", self.out)
        report = self.read("report.md")
        self.assertIn("| **shani** (axiom, default) | 2.00 (", report)
        self.assertIn("| **portable** (axiom) | 10.00 (", report)
        self.assertIn("| ratio to the default | **1.10x** (shani)", report)
        self.assertIn("320 / 352 / 640 / 960", report)
        summary = self.read("summary.md")
        self.assertIn("| sha256/hash | **1.10x** (2.00 shani vs 2.20 openssl) | - | **1.00x**", summary)
        self.assertIn("![chart_sha256.svg](docs/bench/chart_sha256.svg)", summary)

    def test_charts_are_svg_with_every_impl(self):
        svg = self.read("chart_sha256.svg")
        self.assertTrue(svg.startswith("<svg"))
        for impl in ["shani (axiom)", "portable (axiom)", "openssl", "botan"]:
            self.assertIn(impl, svg)
        self.assertIn("ghash (hash)", self.read("chart_aes.svg"))


class Compare(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.tmp.cleanup()

    def write(self, name, figures):
        path = os.path.join(self.tmp.name, name)
        with open(path, "w") as f:
            json.dump(bench_json(figures), f)
        return path

    def compare(self, current):
        base = self.write("base.json", FIGURES)
        return run(os.path.join(ROOT, "bench/report/compare.py"), base, self.write("cur.json", current))

    def test_same_run_is_not_slower(self):
        rc, out, err = self.compare(FIGURES)
        self.assertEqual(rc, 0, out + err)
        self.assertIn("0 slower", out)

    def test_a_slower_kernel_is_flagged(self):
        cur = copy.deepcopy(FIGURES)
        cur["sha256/hash/shani/16384"] = ("axiom", [v * 1.2 for v in cur["sha256/hash/shani/16384"][1]])
        rc, out, _ = self.compare(cur)
        self.assertEqual(rc, 1, out)
        self.assertIn("SLOWER sha256/hash/shani/16384: 1.680 -> 2.016", out)
        self.assertIn("1 slower", out)

    def test_a_slower_machine_is_not(self):
        # Everything 30 % slower, the peers too: drift, not a regression.
        cur = {n: (label, [v * 1.3 for v in values]) for n, (label, values) in FIGURES.items()}
        rc, out, _ = self.compare(cur)
        self.assertEqual(rc, 0, out)
        self.assertIn("drift +30.0%", out)

    def test_noise_within_the_spread_is_not(self):
        # A 2 % change on a figure whose repetitions spread by about 10 %.
        noisy = dict(FIGURES)
        noisy["sha256/hash/portable/64"] = ("axiom", [10.0, 11.0, 9.0, 10.5, 9.5])
        cur = dict(noisy)
        cur["sha256/hash/portable/64"] = ("axiom", [v * 1.02 for v in noisy["sha256/hash/portable/64"][1]])
        base = self.write("base.json", noisy)
        rc, out, _ = run(os.path.join(ROOT, "bench/report/compare.py"), base, self.write("cur.json", cur))
        self.assertEqual(rc, 0, out)

    def test_usage(self):
        self.assertEqual(run(os.path.join(ROOT, "bench/report/compare.py"))[0], 2)
        self.assertEqual(run(os.path.join(ROOT, "bench/report/compare.py"), "/nonexistent", "/nonexistent")[0], 2)


def main():
    global ROOT
    if len(sys.argv) < 2:
        sys.exit("usage: report_test.py REPO_ROOT [unittest arguments]")
    ROOT = os.path.abspath(sys.argv[1])
    unittest.main(argv=[sys.argv[0], *sys.argv[2:]], verbosity=2)


if __name__ == "__main__":
    main()
