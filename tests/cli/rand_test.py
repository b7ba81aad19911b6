#!/usr/bin/env python3
"""axiom rand."""

import unittest

from cli import *  # noqa: F401,F403 (AXIOM, run, axiom, TreeCase, ...)


class Rand(unittest.TestCase):
    def test_sizes(self):
        for arg, size in [("0", 0), ("1", 1), ("1000", 1000), ("1K", 1024), ("3k", 3072),
                          ("1M", 1 << 20), ("70000", 70000)]:
            rc, out, err = axiom("rand", arg)
            self.assertEqual((rc, len(out), err), (0, size, b""), arg)

    def test_hex(self):
        rc, out, _ = axiom("rand", "100", "--hex")
        self.assertEqual(rc, 0)
        self.assertRegex(out.decode(), r"^[0-9a-f]{200}\n$")
        self.assertEqual(axiom("rand", "--hex", "0")[1], b"\n")

    def test_outputs_differ(self):
        self.assertNotEqual(axiom("rand", "32")[1], axiom("rand", "32")[1])

    def test_refused(self):
        for args in [["2G"], ["1025M"], ["1073741825"], ["abc"], ["-1"], ["1.5"], [],
                     ["1", "2"], ["1", "--bin"], ["K"]]:
            rc, out, err = axiom("rand", *args)
            self.assertEqual((rc, out), (2, b""), args)
            self.assertTrue(err.startswith(b"axiom rand: "), args)


if __name__ == "__main__":
    main()
