#!/usr/bin/env python3
"""axiom mac."""

import hashlib
import hmac
import os
import tempfile
import unittest

from cli import *  # noqa: F401,F403 (AXIOM, run, axiom, TreeCase, ...)


class Mac(unittest.TestCase):
    KEYS = ["", "6b6579", "00" * 32, "0b" * 64, "aa" * 131]

    def test_against_python_hmac(self):
        for key in self.KEYS:
            for data in [b"", b"abc", os.urandom(1000), os.urandom(700000)]:
                with self.subTest(key=key, size=len(data)):
                    rc, out, err = axiom("mac", "-a", "hmac-sha256", "-K", key, data=data)
                    expected = hmac.new(bytes.fromhex(key), data, hashlib.sha256).hexdigest()
                    self.assertEqual((rc, out, err), (0, f"{expected}\n".encode(), b""))

    def test_file_and_stdin_and_default_algorithm(self):
        with tempfile.NamedTemporaryFile() as f:
            f.write(b"message")
            f.flush()
            expected = hmac.new(b"key", b"message", hashlib.sha256).hexdigest() + "\n"
            self.assertEqual(axiom("mac", "-K", "6B6579", f.name)[1], expected.encode())
            self.assertEqual(axiom("mac", "--key=6b6579", "-", data=b"message")[1],
                             expected.encode())

    @unittest.skipIf(OPENSSL is None, "openssl not found")
    def test_against_openssl(self):
        data = os.urandom(5000)
        for key in self.KEYS[1:]:
            rc, out, _ = run([OPENSSL, "mac", "-digest", "SHA256", "-macopt", f"hexkey:{key}",
                              "HMAC"], data=data)
            if rc != 0:
                self.skipTest("openssl mac failed")
            self.assertEqual(axiom("mac", "-K", key, data=data)[1], out.lower())

    @unittest.skipIf(GOST_ENC is None, "the OpenSSL GOST engine is not installed (libengine-gost-openssl)")
    def test_magma_mac_against_gost_engine(self):
        # GOST R 34.13-2015's MAC over Magma (the whole 8-byte tag), as the engine's magma-mac.
        for size in [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 1000, 4097]:
            key, data = os.urandom(32).hex(), os.urandom(size)
            with self.subTest(size=size):
                rc, theirs, err = run([OPENSSL, "dgst", "-engine", "gost", "-mac", "magma-mac", "-macopt",
                                       f"hexkey:{key}"], data=data)
                self.assertEqual(rc, 0, err)
                tag = theirs.decode().split("= ")[-1].strip()
                self.assertEqual(axiom("mac", "-a", "magma-mac", "-K", key, data=data), (0, f"{tag}\n".encode(), b""))

    def test_errors(self):
        for bad in ["abc", "zz", "6b 65", "0x6b"]:
            rc, out, err = axiom("mac", "-K", bad)
            self.assertEqual((rc, out), (2, b""), bad)
            self.assertIn(b"axiom mac: invalid key", err)
        rc, _, err = axiom("mac", "-a", "hmac-sha256")
        self.assertEqual(rc, 2)
        self.assertIn(b"key is required", err)
        rc, _, err = axiom("mac", "-K", "00", "/nonexistent/file")
        self.assertEqual((rc, err), (2, b"axiom mac: /nonexistent/file: No such file or directory\n"))
        self.assertEqual(axiom("mac", "-a", "hmac-md5", "-K", "00")[0], 2)
        self.assertEqual(axiom("mac", "-K", "00", "a", "b")[0], 2)


if __name__ == "__main__":
    main()
