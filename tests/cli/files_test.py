#!/usr/bin/env python3
"""Files written by enc, dec and cipher under faults and signals."""

import os
import subprocess
import tempfile
import time
import unittest

from cli import *  # noqa: F401,F403 (AXIOM, run, axiom, TreeCase, ...)


class Faults(unittest.TestCase):
    """enc, dec and cipher under faults: an unwritable directory, a full disk, a file size
    limit, truncated or foreign input, a wrong key, a signal mid-run. Every case: a clear
    message, the documented exit status, the input and an existing OUT untouched, no partial
    output and no temporary file left."""

    OLD = b"the previous contents of OUT\n"

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.d = self.tmp.name
        self.mounts = []
        self.key = os.path.join(self.d, "key")
        self.assertEqual(axiom("keygen", self.key)[0], 0)
        self.data = os.urandom(1 << 20)
        self.inp = self.put("in", self.data)
        self.assertEqual(axiom("enc", "-k", self.key, self.inp, os.path.join(self.d, "ct"))[0], 0)
        with open(os.path.join(self.d, "ct"), "rb") as f:
            self.ct = f.read()

    def tearDown(self):
        for m in reversed(self.mounts):
            subprocess.run(["umount", m], capture_output=True)
        self.tmp.cleanup()

    def put(self, name, data, where=None):
        path = os.path.join(where or self.d, name)
        with open(path, "wb") as f:
            f.write(data)
        return path

    def mount_tmpfs(self, name, options):
        """A small tmpfs (root only); None where it cannot be mounted."""
        path = os.path.join(self.d, name)
        os.mkdir(path)
        if os.geteuid() != 0:
            return None
        if subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", path],
                          capture_output=True).returncode != 0:
            return None
        self.mounts.append(path)
        return path

    def commands(self, out):
        """enc, dec and cipher (stream and AEAD), each writing to out."""
        key_hex = "00" * 32
        return {
            "enc": (["enc", "-k", self.key, self.inp, out], None),
            "dec": (["dec", "-k", self.key, os.path.join(self.d, "ct"), out], None),
            "cipher chacha20": (["cipher", "-a", "chacha20", "-e", "-K", key_hex, "--iv", "00" * 16,
                                 self.inp, out], None),
            "cipher aead": (["cipher", "-a", "chacha20-poly1305", "-e", "-K", key_hex,
                             "--iv", "00" * 12, self.inp, out], None),
        }

    def assert_clean(self, out, old=None, where=None):
        """No partial OUT (or the old one untouched), no temporary file, the input intact."""
        if old is None:
            self.assertFalse(os.path.exists(out), "a failed run left an output file")
        else:
            with open(out, "rb") as f:
                self.assertEqual(f.read(), old, "a failed run changed an existing OUT")
        for folder in {self.d, where or self.d}:
            self.assertEqual([n for n in os.listdir(folder) if ".axiom-" in n], [],
                             "temporary file left")
        with open(self.inp, "rb") as f:
            self.assertEqual(f.read(), self.data, "the input changed")

    def test_output_directory_not_writable(self):
        ro = self.mount_tmpfs("ro", "ro,size=64k")
        if ro is None:
            ro = os.path.join(self.d, "ro")
            if os.geteuid() == 0:
                self.skipTest("root, and no tmpfs can be mounted read-only")
            os.chmod(ro, 0o500)
        out = os.path.join(ro, "out")
        for what, (args, _) in self.commands(out).items():
            with self.subTest(what):
                rc, _, err = axiom(*args)
                self.assertEqual(rc, 2, err)
                self.assertRegex(err.decode(), r"^axiom: .*out: (Permission denied|Read-only file system)\n$")
                self.assert_clean(out, where=ro)

    def test_file_size_limit(self):
        import resource

        def limit():
            resource.setrlimit(resource.RLIMIT_FSIZE, (200 << 10, 200 << 10))

        out = self.put("out", self.OLD)
        for what, (args, _) in self.commands(out).items():
            with self.subTest(what):
                p = subprocess.run([AXIOM, *args], capture_output=True, env=ENV, timeout=120,
                                   preexec_fn=limit)
                self.assertEqual(p.returncode, 2, p.stderr)
                self.assertRegex(p.stderr.decode(), r"^axiom: .*out: File too large\n$")
                self.assert_clean(out, old=self.OLD)

    def test_disk_full(self):
        small = self.mount_tmpfs("small", "size=256k")
        if small is None:
            self.skipTest("a small tmpfs needs root (the file size limit test covers the rest)")
        out = self.put("out", self.OLD, where=small)
        for what, (args, _) in self.commands(out).items():
            with self.subTest(what):
                rc, _, err = axiom(*args)
                self.assertEqual(rc, 2, err)
                self.assertRegex(err.decode(), r"^axiom: .*out: No space left on device\n$")
                self.assert_clean(out, old=self.OLD, where=small)

    def test_bad_input(self):
        out = self.put("out", self.OLD)
        record = 65536 + 16
        other = os.path.join(self.d, "other")
        self.assertEqual(axiom("keygen", other)[0], 0)
        pw = self.put("pw", b"right\n")
        self.assertEqual(axiom("enc", "--passphrase-file", pw, self.inp, os.path.join(self.d, "ctp"))[0], 0)
        wrong_pw = self.put("wrongpw", b"wrong\n")
        cases = {
            "truncated mid-chunk": (["-k", self.key], self.ct[:40 + record + 1000], 1,
                                    r"authentication failed"),
            "truncated in the header": (["-k", self.key], self.ct[:25], 1,
                                        r"not an axiom enc file \(too short\)"),
            "not an axiom file": (["-k", self.key], b"PK\x03\x04" + bytes(100), 1,
                                  r"not an axiom enc file"),
            "wrong key": (["-k", other], self.ct, 1, r"authentication failed \(wrong key or passphrase"),
            "wrong passphrase": (["--passphrase-file", wrong_pw], None, 1,
                                 r"authentication failed \(wrong key or passphrase"),
            "key file for a passphrase file": (["-k", self.key], None, 2, r"encrypted with a passphrase"),
        }
        for what, (mode, data, code, message) in cases.items():
            with self.subTest(what):
                src = os.path.join(self.d, "ctp") if data is None else self.put("bad", data)
                with open(src, "rb") as f:
                    before = f.read()
                rc, _, err = axiom("dec", *mode, src, out)
                self.assertEqual(rc, code, err)
                self.assertRegex(err.decode(), r"^axiom: dec: .*: " + message)
                self.assert_clean(out, old=self.OLD)
                with open(src, "rb") as f:
                    self.assertEqual(f.read(), before, "the input changed")
        # A wrong tag through cipher -d: exit 1, OUT untouched.
        rc, _, err = axiom("cipher", "-a", "chacha20-poly1305", "-d", "-K", "00" * 32, "--iv", "00" * 12,
                           self.inp, out)
        self.assertEqual(rc, 1, err)
        self.assertIn(b"authentication failed", err)
        self.assert_clean(out, old=self.OLD)

    def test_signal_mid_run(self):
        import signal as sig

        def default_signals():
            # A background shell (CI) starts us with SIGINT ignored; a user's Ctrl-C is not.
            for s in (sig.SIGINT, sig.SIGTERM, sig.SIGHUP):
                sig.signal(s, sig.SIG_DFL)

        out = self.put("out", self.OLD)
        for name in ["enc", "dec", "cipher chacha20"]:
            args = [a if a != self.inp and a != os.path.join(self.d, "ct") else "-"
                    for a in self.commands(out)[name][0]]
            feed = self.ct if name == "dec" else self.data
            for s in (sig.SIGINT, sig.SIGTERM, sig.SIGHUP):
                with self.subTest(command=name, signal=s.name):
                    p = subprocess.Popen([AXIOM, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, env=ENV, preexec_fn=default_signals)
                    p.stdin.write(feed[:300000])  # a few chunks, then the input stalls
                    p.stdin.flush()
                    deadline = time.monotonic() + 30
                    while not [n for n in os.listdir(self.d) if ".axiom-" in n]:
                        self.assertLess(time.monotonic(), deadline, "no temporary file appeared")
                        time.sleep(0.01)
                    p.send_signal(s)
                    _, err = p.communicate(timeout=60)
                    self.assertEqual(p.returncode, -s, err)
                    self.assertEqual(err, b"axiom: interrupted: no output written\n")
                    self.assert_clean(out, old=self.OLD)


if __name__ == "__main__":
    main()
