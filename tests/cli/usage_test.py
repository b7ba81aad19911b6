#!/usr/bin/env python3
"""The command line as a whole: help, version, usage errors."""

import hashlib
import os
import subprocess
import tempfile
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


class Messages(unittest.TestCase):
    """One message style: every diagnostic of a command starts with 'axiom CMD: ' ('axiom: '
    only for the program as a whole), says what is wrong and what is valid, and quotes file
    names as coreutils does and nothing else."""

    def expect(self, args, rc, message, data=b"", **kw):
        got = axiom(*args, data=data, **kw)
        self.assertEqual((got[0], got[1], got[2].decode()), (rc, b"", message), args)

    def test_hex_errors_say_what_is_wrong(self):
        key32, iv16 = "00" * 32, "00" * 16
        for args, message in [
                (["mac", "-K", "zz"], "invalid key: character 1 is not a hex digit"),
                (["mac", "-K", "abc"], "invalid key: an odd number of hex digits (3): two make a byte"),
                (["mac", "-K", "6b 65"], "invalid key: character 3 is not a hex digit"),
                (["mac", "-K", "0x6b"], "invalid key: character 2 is not a hex digit"),
                (["cipher", "-a", "chacha20", "-e", "-K", "z" + "0" * 63, "--iv", iv16],
                 "invalid key: character 1 is not a hex digit"),
                (["cipher", "-a", "chacha20", "-e", "-K", key32, "--iv", "0g" + "0" * 30],
                 "invalid IV: character 2 is not a hex digit"),
                (["cipher", "-a", "chacha20-poly1305", "-e", "-K", key32, "--iv", "00" * 12, "--aad", "abc"],
                 "invalid AAD: an odd number of hex digits (3): two make a byte")]:
            with self.subTest(args=args):
                self.expect(args, 2, f"axiom {args[0]}: {message}\n")

    def test_parameter_errors_name_the_rule(self):
        key16, key32 = "00" * 16, "00" * 32
        self.expect(["cipher", "-a", "kuznyechik-mgm", "-e", "-K", key32, "--iv", "80" + "00" * 15], 2,
                    "axiom cipher: invalid IV: kuznyechik-mgm takes a 16-byte nonce whose first bit is 0 "
                    "(RFC 9058)\n", data=b"x")
        try_help = "Try 'axiom cipher --help' for more information.\n"
        for alg, key, iv, tag, rule in [("sm4-ccm", key16, "00" * 12, "5", "an even number from 4 to 16"),
                                        ("sm4-ccm", key16, "00" * 12, "18", "an even number from 4 to 16"),
                                        ("aes-128-gcm", key16, "00" * 12, "11", "12 to 16"),
                                        ("kuznyechik-mgm", key32, "00" * 16, "3", "4 to 16"),
                                        ("chacha20-poly1305", key32, "00" * 12, "12", "16"),
                                        ("aes-128-gcm", key16, "00" * 12, "-14", "12 to 16")]:
            with self.subTest(alg=alg, tag=tag):
                self.expect(["cipher", "-a", alg, "-e", "-K", key, "--iv", iv, "--tag-len", tag], 2,
                            f"axiom cipher: invalid --tag-len '{tag}' for {alg} ({rule})\n" + try_help)

    @unittest.skipUnless(os.path.exists("/dev/full"), "no /dev/full")
    def test_write_errors_are_not_quoted(self):
        with tempfile.TemporaryDirectory() as d:
            key = os.path.join(d, "key")
            self.assertEqual(axiom("keygen", key)[0], 0)
            for args in [["cipher", "-a", "aes-128-ctr", "-e", "-K", "00" * 16, "--iv", "00" * 16],
                         ["enc", "-k", key, "-", "-"], ["keygen"], ["rand", "1K"], ["sum"]]:
                with self.subTest(command=args[0]):
                    with open("/dev/full", "wb") as full:
                        p = subprocess.run([AXIOM, *args], input=b"x" * 1000, stdout=full, stderr=subprocess.PIPE,
                                           env=ENV, timeout=60)
                    self.assertEqual((p.returncode, p.stderr),
                                     (2, f"axiom {args[0]}: write error: No space left on device\n".encode()))
            # A device named as OUT is a file name: quoted as such (here it needs no quotes).
            self.expect(["enc", "-k", key, "-", "/dev/full"], 2, "axiom enc: /dev/full: No space left on device\n",
                        data=b"x")

    def test_every_message_names_its_command(self):
        with tempfile.TemporaryDirectory() as d:
            bad = os.path.join(d, "bad")
            with open(bad, "wb") as f:
                f.write(b"not an axiom file, but long enough for its header")
            key = os.path.join(d, "key")
            self.assertEqual(axiom("keygen", key)[0], 0)
            for args in [["sum", "nothere"], ["sum", "-a", "md5"], ["sum", "-c", "nolist"], ["sum", "-c", bad],
                         ["mac", "-K", "zz"], ["mac", "-K", "00", "nothere"], ["rand", "x"], ["list", "x"],
                         ["cpu", "x"], ["cipher", "-a", "chacha20", "-e", "-K", "00" * 32, "--iv", "00" * 16, "nothere"],
                         ["cipher", "-a", "nope"], ["enc", "-k", "nokey", bad, os.path.join(d, "o")],
                         ["dec", "-k", key, bad, os.path.join(d, "o")], ["keygen", "a", "b"], ["keygen", key],
                         ["bench", "--size", "0"], ["enc", "-k", key, bad, d]]:
                with self.subTest(args=args):
                    rc, _, err = axiom(*args)
                    self.assertIn(rc, (1, 2))
                    lines = err.decode().splitlines()
                    self.assertTrue(lines)
                    for line in lines:
                        self.assertTrue(line.startswith(f"axiom {args[0]}: ") or
                                        line == f"Try 'axiom {args[0]} --help' for more information.", line)
            for args in [["nope"], ["help", "nope"]]:
                rc, _, err = axiom(*args)
                self.assertEqual((rc, err), (2, f"axiom: unknown command '{args[-1]}'\nTry 'axiom --help'.\n".encode()))

    def test_sum_jobs_is_not_for_check(self):
        with tempfile.TemporaryDirectory() as d:
            listing = os.path.join(d, "list")
            with open(listing, "w") as f:
                f.write(f"{hashlib.sha256(b'').hexdigest()}  {os.devnull}\n")
            self.expect(["sum", "-c", "-j", "2", listing], 2, "axiom sum: the --jobs option is meaningful only when "
                        "hashing files\nTry 'axiom sum --help' for more information.\n")
            self.assertEqual(axiom("sum", "-c", listing)[0], 0)

    def test_names_in_either_case(self):
        # As OpenSSL takes them: -a SHA256, HMAC-SHA256, AES-128-CBC, AES-256-GCM.
        self.assertEqual(axiom("sum", "-a", "SHA256", data=b"abc"), axiom("sum", "-a", "sha256", data=b"abc"))
        self.assertEqual(axiom("mac", "-a", "HMAC-SHA256", "-K", "00", data=b"abc"),
                         axiom("mac", "-K", "00", data=b"abc"))
        args = ["-e", "-K", "00" * 16, "--iv", "11" * 16]
        self.assertEqual(axiom("cipher", "-a", "AES-128-CBC", *args, data=b"abc"),
                         axiom("cipher", "-a", "aes-128-cbc", *args, data=b"abc"))
        with tempfile.TemporaryDirectory() as d:
            key = os.path.join(d, "key")
            self.assertEqual(axiom("keygen", key)[0], 0)
            rc, ct, err = axiom("enc", "-k", key, "-a", "AES-256-GCM", "-", "-", data=b"abc")
            self.assertEqual((rc, err, ct[9]), (0, b"", 2))

if __name__ == "__main__":
    main()
