#!/usr/bin/env python3
"""axiom list and axiom cpu."""

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
        if ARCH in ("x86_64", "AMD64"):
            self.assertIn(b"sha_ni", flags)  # sha256/shani is compiled in
        if EMULATED:
            return  # /proc/cpuinfo is the host's
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


# Feature names of the architecture under test: two to clear, and the first AXIOM_CPU lists.
ONE, TWO, FIRST = ("aes", "sm4", "asimd") if ARCH == "aarch64" else ("avx2", "shani", "ssse3")


class CpuOverride(unittest.TestCase):
    """AXIOM_CPU as the command line takes it: names in either case, commas or spaces between
    them; anything else is an error (exit 2) before a kernel is chosen."""

    def effective(self, spec):
        rc, out, err = axiom("cpu", env=dict(ENV, AXIOM_CPU=spec))
        self.assertEqual((rc, err), (0, b""), spec)
        return set(re.search(r"(?m)^effective: +(.*)$", out.decode()).group(1).split()) - {"-"}

    def test_spellings_accepted(self):
        hardware = set(re.search(r"(?m)^hardware: +(.*)$", axiom("cpu")[1].decode()).group(1).split()) - {"-"}
        for spec, cleared in [("portable", hardware), ("Portable", hardware), ("PORTABLE", hardware),
                              (f"-{ONE.upper()}", {ONE}), (f"-{ONE} -{TWO}", {ONE, TWO}),
                              (f"-{ONE},-{TWO.upper()}", {ONE, TWO}), (f" -{ONE.title()} ,\t-{TWO} ", {ONE, TWO}),
                              ("", set())]:
            with self.subTest(spec=spec):
                self.assertEqual(self.effective(spec), hardware - cleared)
        if "shani" in hardware:
            rows = dict(line.split() for line in axiom("list", env=dict(ENV, AXIOM_CPU="-SHANI"))[1].decode().splitlines())
            self.assertEqual(rows["sha256"], "sha256/portable")

    def test_spellings_refused(self):
        for spec in ["protable", ONE, "-avx3", f"-{ONE};-{TWO}", f"+{ONE}", "-", f"-{ONE} -protable"]:
            for args in [["list"], ["cpu"], ["sum"], ["rand", "4"],
                         ["cipher", "-a", "chacha20", "-e", "-K", "00" * 32, "--iv", "00" * 16]]:
                with self.subTest(spec=spec, command=args[0]):
                    rc, out, err = axiom(*args, env=dict(ENV, AXIOM_CPU=spec), data=b"abc")
                    self.assertEqual((rc, out), (2, b""))
                    self.assertRegex(err.decode(), rf'^axiom: AXIOM_CPU="{re.escape(spec)}": not understood: .* \(it '
                                     rf"takes portable, or -NAME to clear a feature: -{FIRST} .*\)\n$")


class CpuUsedBy(unittest.TestCase):
    """axiom cpu's "used by" column is the inverse of axiom list: every kernel lists exactly the
    algorithms whose row in axiom list names it (GHASH, the fused GCM, MGM, ChaCha20 and
    Poly1305 included)."""

    def test_used_by_is_list_inverted(self):
        for env in [ENV, dict(ENV, AXIOM_CPU="portable"), dict(ENV, AXIOM_CPU=f"-{ONE},-{TWO}")]:
            with self.subTest(AXIOM_CPU=env.get("AXIOM_CPU")):
                rows = [line.split() for line in axiom("list", env=env)[1].decode().splitlines()]
                users = {}
                for name, kernels in rows:
                    for kernel in kernels.split("+"):
                        users.setdefault(kernel, []).append(name)
                table = axiom("cpu", env=env)[1].decode().split("\n\n", 1)[1].splitlines()[1:]
                seen = {}
                for line in table:
                    cols = re.split(r"\s{2,}", line.strip())
                    seen[cols[0]] = [] if cols[-1] == "-" else cols[-1].split(" ")
                self.assertEqual({k: v for k, v in seen.items() if v}, users)
                for kernel in users:
                    self.assertIn(kernel, seen)
        # The examples of the report: the kernels of ChaCha20 and GHASH have users.
        rows = dict(line.split() for line in axiom("list")[1].decode().splitlines())
        table = axiom("cpu")[1].decode()
        chacha, ghash = rows["chacha20"], rows["aes-128-gcm"].split("+")[1]
        self.assertRegex(table, rf"(?m)^{re.escape(chacha)} .* chacha20 chacha20-poly1305 xchacha20-poly1305$")
        self.assertRegex(table, rf"(?m)^{re.escape(ghash)} .* aes-128-gcm aes-192-gcm aes-256-gcm sm4-gcm$")

if __name__ == "__main__":
    main()
