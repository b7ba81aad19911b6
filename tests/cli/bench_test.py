#!/usr/bin/env python3
"""axiom bench."""

import json
import os
import tempfile
import unittest

from cli import *  # noqa: F401,F403 (AXIOM, run, axiom, TreeCase, ...)


class Bench(unittest.TestCase):
    """axiom bench's flags and output shape; nothing here depends on speed."""

    def test_help(self):
        rc, out, err = axiom("bench", "--help")
        self.assertEqual((rc, err), (0, b""))
        self.assertTrue(out.startswith(b"Usage: axiom bench"))
        for flag in [b"-a, --algorithm", b"--size", b"--kernel", b"--json", b"--latency", b"--cold"]:
            self.assertIn(flag, out)

    def test_usage_errors(self):
        for args in [["--size", "0"], ["--size", "x"], ["--size", "5G"], ["--size"], ["-a", "md5"],
                     ["--kernel", "nope"], ["--repetitions", "0"], ["--repetitions", "101"],
                     ["--latency", "--cold"], ["--nope"]]:
            rc, out, err = axiom("bench", *args)
            self.assertEqual(rc, 2, args)
            self.assertEqual(out, b"", args)
            self.assertTrue(err.startswith(b"axiom bench: "), (args, err))

    def run_json(self, *args):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "bench.json")
            rc, out, err = axiom("bench", "-a", "sha256", "--kernel", "portable", "--repetitions",
                                 "2", "--json", path, *args)
            self.assertEqual((rc, err), (0, b""), args)
            with open(path) as f:
                return out.decode(), json.load(f)

    def test_throughput_json(self):
        out, data = self.run_json("--size", "1K")
        self.assertEqual((data["mode"], data["repetitions"]), ("throughput", 2))
        self.assertGreater(data["tsc_mhz"], 0)
        names = [r["subject"] for r in data["results"]]
        self.assertEqual(names, ["sha256/hash/portable", "sha256/hash2/portable",
                                 "sha256/hash16/portable"])
        for r in data["results"]:
            self.assertEqual(r["size"], 1024)
            self.assertEqual(r["n"], 2)
            for key in ["cpb", "min", "cv", "outliers", "cpbl", "mbps"]:
                self.assertIn(key, r)
            self.assertAlmostEqual(r["cpbl"], r["cpb"] * 64, delta=0.01 * r["cpbl"] + 0.01)
        self.assertRegex(out, r"(?m)^sha256/hash/portable +1024 ")

    def test_latency_and_cold(self):
        for mode in ["latency", "cold"]:
            out, data = self.run_json(f"--{mode}", "--size", "64")
            self.assertEqual(data["mode"], mode)
            r = data["results"][0]
            self.assertLessEqual(r["p50"], r["p75"])
            self.assertLessEqual(r["p75"], r["p99"])
            self.assertLessEqual(r["p99"], r["p99_5"])
            self.assertIn("p99.5", out)

    def test_default_sizes(self):
        _, data = self.run_json("--repetitions", "1")
        sizes = sorted({r["size"] for r in data["results"]})
        self.assertEqual(sizes, [64, 256, 1024, 8192, 16384, 1048576])


if __name__ == "__main__":
    main()
