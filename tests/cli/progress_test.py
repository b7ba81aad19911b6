#!/usr/bin/env python3
"""The progress line of sum, mac, cipher, enc and dec: shown on a terminal once work has
lasted a second (or at once with --progress, also when standard error is not a terminal),
with bytes done, rate and time left, erased at the end; never in the output, never without
a terminal unless asked."""

import hashlib
import os
import re
import subprocess
import tempfile
import unittest

from cli import *  # noqa: F401,F403 (AXIOM, run, axiom, TreeCase, ...)


class Progress(unittest.TestCase):
    MIB = 1 << 20

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.d = self.tmp.name
        self.key = os.path.join(self.d, "key")
        self.assertEqual(axiom("keygen", self.key)[0], 0)
        self.data = os.urandom(4 * self.MIB)
        self.file = os.path.join(self.d, "data")
        with open(self.file, "wb") as f:
            f.write(self.data)
        self.assertEqual(axiom("enc", "-k", self.key, self.file, os.path.join(self.d, "ct"))[0], 0)
        with open(os.path.join(self.d, "ct"), "rb") as f:
            self.ct = f.read()

    def tearDown(self):
        self.tmp.cleanup()

    def commands(self, src):
        """Each command reading src ("-": standard input), its output to a file or stdout."""
        out = os.path.join(self.d, "out")
        return {
            "sum": ["sum", src],
            "mac": ["mac", "-K", "00", src],
            "cipher": ["cipher", "-a", "aes-128-ctr", "-e", "-K", "00" * 16, "--iv", "00" * 16, src, out],
            "enc": ["enc", "-k", self.key, src, out],
            "dec": ["dec", "-k", self.key, src, out],
        }

    def expected_output(self, cmd, data):
        if cmd == "sum":
            return f"{hashlib.sha256(data).hexdigest()}  -\n".encode()
        return axiom(*self.commands("-")[cmd][:-1], "-", data=data)[1] if cmd == "mac" else b""

    @posix_only("a Linux pseudo-terminal is no Windows console")
    def test_terminal_shows_progress_after_a_second(self):
        # Standard input stalls for 1.3 s between two MiB: the line appears (bytes so far, rate;
        # no total for a pipe), is erased at the end, and the output is as without it.
        for cmd, args in self.commands("-").items():
            with self.subTest(command=cmd):
                feed = self.ct if cmd == "dec" else self.data[:2 * self.MIB]
                half = len(feed) // 2
                rc, out, err = run_on_terminal(args, [(feed[:half], 1.3), (feed[half:], 0.7)])
                label = "-" if cmd == "sum" else "standard input"
                self.assertEqual((rc, out), (0, self.expected_output(cmd, feed)), err)
                self.assertRegex(err.decode(), rf"\raxiom {cmd}: {label}: \d+\.\d (KiB|MiB), \d+(\.\d)? (B|KiB|MiB)/s")
                self.assertTrue(err.endswith(b"\r\x1b[K"), err[-60:])

    @posix_only("a Linux pseudo-terminal is no Windows console")
    def test_short_work_shows_nothing(self):
        for cmd, args in self.commands(self.file).items():
            if cmd == "dec":
                args = self.commands(os.path.join(self.d, "ct"))["dec"]
            with self.subTest(command=cmd):
                rc, _, err = run_on_terminal(args)
                self.assertEqual((rc, err), (0, b""))

    def test_forced_progress_shows_total_and_time_left(self):
        # --progress with a file: at once, with its size, percentage and time left; not a
        # terminal, so no escape sequences and a newline at the end.
        for cmd, args in self.commands(self.file).items():
            if cmd == "dec":
                args = self.commands(os.path.join(self.d, "ct"))["dec"]
            with self.subTest(command=cmd):
                p = subprocess.run([AXIOM, args[0], "--progress", *args[1:]], capture_output=True, env=ENV,
                                   timeout=120)
                self.assertEqual(p.returncode, 0, p.stderr)
                text = p.stderr.decode()
                size = "4.0 MiB"
                name = re.escape(args[-2] if cmd in ("cipher", "enc", "dec") else args[-1])
                self.assertRegex(text, rf"^\raxiom {cmd}: {name}: \d+(\.\d)? (B|KiB|MiB) of {size} \(\d+%\), "
                                       rf"(\? B|\d+(\.\d)? (B|KiB|MiB|GiB))/s, (\?:\?\?|\d+:\d\d) left")
                self.assertTrue(text.endswith("\n"), text[-60:])
                self.assertNotIn("\x1b", text)
                self.assertNotIn(b"axiom", p.stdout)

    def test_nothing_without_a_terminal(self):
        # Standard error in a pipe and no --progress: nothing, however long the work.
        for cmd, args in self.commands("-").items():
            with self.subTest(command=cmd):
                feed = self.ct if cmd == "dec" else self.data[:self.MIB]
                p = subprocess.Popen([AXIOM, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env=ENV)
                p.stdin.write(feed[:1000])
                p.stdin.flush()
                time.sleep(1.3)
                out, err = p.communicate(feed[1000:], timeout=120)
                self.assertEqual((p.returncode, out, err), (0, self.expected_output(cmd, feed), b""))

    @posix_only("a Linux pseudo-terminal is no Windows console")
    def test_not_over_output_on_the_same_terminal(self):
        # The output going to the terminal the line would be drawn on: no line, unless asked.
        args = ["cipher", "-a", "aes-128-ctr", "-e", "-K", "00" * 16, "--iv", "00" * 16]
        rc, _, text = run_on_terminal(args, [(bytes(1000), 1.3), (bytes(1000), 0.1)], stdout_to_terminal=True)
        self.assertEqual(rc, 0)
        self.assertNotIn(b"axiom cipher:", text)


if __name__ == "__main__":
    main()
