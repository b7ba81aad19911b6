#!/usr/bin/env python3
"""axiom list and axiom cpu."""

import platform
import re
import unittest

from cli import *  # noqa: F401,F403 (AXIOM, run, axiom, TreeCase, ...)


class Info(unittest.TestCase):
    def test_list(self):
        rc, out, _ = axiom("list")
        self.assertEqual(rc, 0)
        rows = dict(line.split() for line in out.decode().splitlines())
        self.assertEqual(set(rows), {"sha256", "streebog256", "streebog512", "hmac-sha256",
                                     "hmac-streebog256", "hmac-streebog512", "chacha20",
                                     "chacha20-poly1305", "xchacha20-poly1305"} | AES_NAMES)
        self.assertTrue(rows["sha256"].startswith("sha256/"))
        self.assertTrue(rows["hmac-streebog512"].startswith("streebog/"))
        self.assertTrue(rows["chacha20"].startswith("chacha20/"))
        self.assertRegex(rows["chacha20-poly1305"], r"^chacha20/\w+\+poly1305/\w+$")
        env = dict(ENV, AXIOM_CPU="portable")
        words = axiom("list", env=env)[1].decode().split()
        self.assertEqual({n: k for n, k in zip(words[::2], words[1::2]) if n in AES_NAMES}, AES_PORTABLE)
        self.assertEqual([w for n, k in zip(words[::2], words[1::2]) if n not in AES_NAMES for w in (n, k)], ["sha256", "sha256/portable",
                                       "streebog256", "streebog/portable",
                                       "streebog512", "streebog/portable",
                                       "hmac-sha256", "sha256/portable",
                                       "hmac-streebog256", "streebog/portable",
                                       "hmac-streebog512", "streebog/portable",
                                       "chacha20", "chacha20/portable",
                                       "chacha20-poly1305", "chacha20/portable+poly1305/portable",
                                       "xchacha20-poly1305", "chacha20/portable+poly1305/portable"])

    def test_cpu(self):
        rc, out, _ = axiom("cpu")
        self.assertEqual(rc, 0)
        text = out.decode()
        self.assertRegex(text, r"(?m)^hardware: ")
        self.assertRegex(text, r"(?m)^effective: ")
        self.assertRegex(text, r"(?m)^sha256/portable +- +yes +yes ")
        selected = axiom("list")[1].decode().split()[1]
        self.assertRegex(text, rf"(?m)^{re.escape(selected)} .* sha256 hmac-sha256$")
        out = axiom("cpu", env=dict(ENV, AXIOM_CPU="portable"))[1].decode()
        self.assertRegex(out, r"(?m)^AXIOM_CPU: +portable$")
        self.assertRegex(out, r"(?m)^effective: +-$")
        self.assertRegex(out, r"(?m)^sha256/portable .* sha256 hmac-sha256$")

    def test_kernel_flags(self):
        rc, out, _ = axiom("cpu", "--kernel-flags")
        self.assertEqual(rc, 0)
        self.assertRegex(out.decode(), r"^([a-z0-9_]+( [a-z0-9_]+)*)?\n$")
        flags = out.split()
        if platform.machine() in ("x86_64", "AMD64"):
            self.assertIn(b"sha_ni", flags)  # sha256/shani is compiled in
        try:
            with open("/proc/cpuinfo", "rb") as f:
                have = set(re.search(rb"(?m)^flags\s*:(.*)$", f.read()).group(1).split())
        except (OSError, AttributeError):
            return
        # Every kernel that /proc/cpuinfo says can run must be reported runnable.
        if set(flags) <= have:
            # Columns are separated by two or more spaces: kernel, needs, runnable, ...
            for line in axiom("cpu")[1].decode().splitlines():
                cols = re.split(r"\s{2,}", line)
                if "/" in cols[0]:
                    self.assertEqual(cols[2], "yes", line)


if __name__ == "__main__":
    main()
