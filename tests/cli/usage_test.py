#!/usr/bin/env python3
"""The command line as a whole: help, version, usage errors."""

import unittest

from cli import *  # noqa: F401,F403 (AXIOM, run, axiom, TreeCase, ...)


class Usage(unittest.TestCase):
    def test_help_and_version(self):
        rc, out, _ = axiom("--help")
        self.assertEqual(rc, 0)
        for cmd in ["sum", "mac", "cipher", "enc", "dec", "keygen", "list", "cpu", "rand", "bench"]:
            self.assertRegex(out.decode(), rf"(?m)^  {cmd} ")
        self.assertEqual(axiom("help")[1], out)
        for cmd in ["sum", "mac", "cipher", "keygen", "list", "cpu", "rand"]:
            rc, text, err = axiom(cmd, "--help")
            self.assertEqual((rc, err), (0, b""), cmd)
            self.assertTrue(text.startswith(f"Usage: axiom {cmd}".encode()), cmd)
            self.assertEqual(axiom("help", cmd)[1], text, cmd)
        rc, out, _ = axiom("--version")
        self.assertEqual(rc, 0)
        self.assertRegex(out.decode(), r"^axiom \d+\.\d+\.\d+\n$")

    def test_usage_errors_exit_2(self):
        for args in [[], ["nope"], ["help", "nope"], ["sum", "-x"], ["sum", "--nope"],
                     ["sum", "-a"], ["sum", "-a", "md5"], ["sum", "-j", "0"], ["sum", "-j", "x"],
                     ["sum", "-j", "-3"], ["list", "x"], ["cpu", "x"], ["mac"], ["rand"]]:
            rc, out, err = axiom(*args)
            self.assertEqual(rc, 2, args)
            self.assertTrue(err.startswith(b"axiom") or err.startswith(b"Usage"), args)


if __name__ == "__main__":
    main()
