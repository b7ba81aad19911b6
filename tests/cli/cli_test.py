#!/usr/bin/env python3
"""Tests of the axiom command line, run against the real binary.

`axiom sum` is compared byte for byte with coreutils' sha256sum on the same files and lists
(stdout, stderr with the program name replaced, exit status). Usage:
    cli_test.py --axiom PATH [unittest arguments, e.g. a TestCase name]
"""

import hashlib
import hmac
import json
import os
import platform
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import time
import unittest

AXIOM = None  # set from --axiom
SHA256SUM = shutil.which("sha256sum")
OPENSSL = shutil.which("openssl")
GOST12SUM = shutil.which("gost12sum")
ENV = dict(os.environ, LC_ALL="C")  # the C locale: sha256sum's messages and quoting
ENV.pop("AXIOM_CPU", None)
E = hashlib.sha256(b"").hexdigest()


def run(cmd, cwd=None, data=b"", env=None):
    p = subprocess.run(cmd, cwd=cwd, input=data, capture_output=True, env=env or ENV,
                       timeout=120)
    return p.returncode, p.stdout, p.stderr


def axiom(*args, **kw):
    return run([AXIOM, *args], **kw)


class TreeCase(unittest.TestCase):
    """A temporary directory of files with awkward names, shared by the tests of a class."""

    FILES = {
        "empty": b"",
        "abc": b"abc",
        "one_mib": bytes(range(256)) * 4096,
        "a b": b"spaces",
        "back\\slash": b"backslash",
        "new\nline": b"newline",
        "cr\rx": b"carriage return",
        "both\\and\nnewline": b"both",
        "it's": b"quote",
        "co:lon": b"colon",
        "-dash": b"dash",
    }

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.dir = cls.tmp.name
        for name, data in cls.FILES.items():
            cls.write(name, data)
        os.mkdir(os.path.join(cls.dir, "subdir"))

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    @classmethod
    def write(cls, name, data):
        with open(os.path.join(cls.dir, name), "wb") as f:
            f.write(data)

    def same_as_sha256sum(self, args, data=b"", expect_rc=None, env=None):
        """Runs `axiom sum ARGS` and `sha256sum ARGS`; all three outputs must be identical."""
        if SHA256SUM is None:
            self.skipTest("sha256sum not found")
        ours = axiom("sum", *args, cwd=self.dir, data=data, env=env)
        # argv[0] "sha256sum" (found on PATH) is the name in its messages.
        theirs = run(["sha256sum", *args], cwd=self.dir, data=data, env=env)
        theirs_err = re.sub(rb"(?m)^sha256sum:", b"axiom:", theirs[2])
        self.assertEqual(ours[1], theirs[1], f"stdout of {args!r}")
        self.assertEqual(ours[2], theirs_err, f"stderr of {args!r}")
        self.assertEqual(ours[0], theirs[0], f"exit status of {args!r}")
        if expect_rc is not None:
            self.assertEqual(ours[0], expect_rc)
        return ours


class Sum(TreeCase):
    def test_files_like_sha256sum(self):
        names = ["--", *self.FILES]
        rc, out, _ = self.same_as_sha256sum(names, expect_rc=0)
        self.assertIn(f"{E}  empty\n".encode(), out)
        self.assertIn(b"\\" + hashlib.sha256(b"newline").hexdigest().encode() + b"  new\\nline\n",
                      out)

    def test_digests_are_sha256(self):
        rc, out, _ = axiom("sum", "abc", "one_mib", cwd=self.dir)
        self.assertEqual(rc, 0)
        self.assertEqual(out.decode(), "".join(
            f"{hashlib.sha256(self.FILES[n]).hexdigest()}  {n}\n" for n in ["abc", "one_mib"]))

    def test_stdin(self):
        data = os.urandom(300000)
        self.same_as_sha256sum([], data=data, expect_rc=0)
        self.same_as_sha256sum(["-"], data=data, expect_rc=0)
        # Standard input is read once, in argument order: the second '-' sees end of file.
        self.same_as_sha256sum(["abc", "-", "empty", "-"], data=data, expect_rc=0)
        rc, out, _ = axiom("sum", "-j", "3", "abc", "-", "empty", "-", cwd=self.dir, data=data)
        self.assertEqual(out, run([SHA256SUM, "abc", "-", "empty", "-"], cwd=self.dir,
                                  data=data)[1])

    def test_parallel_keeps_argument_order(self):
        names = []
        for i in range(150):
            name = f"many{i:03}"
            self.write(name, os.urandom((i * 7919) % 200000))
            names.append(name)
        names.reverse()
        names.insert(40, "nothere")
        names.insert(90, "subdir")
        expected = run(["sha256sum", *names], cwd=self.dir)
        for jobs in ["2", "4", "16"]:
            rc, out, err = axiom("sum", "-j", jobs, *names, cwd=self.dir)
            self.assertEqual(out, expected[1], f"-j {jobs}")
            self.assertEqual(err, expected[2].replace(b"sha256sum:", b"axiom:"))
            self.assertEqual(rc, expected[0])
            self.assertEqual(rc, 1)

    def test_pairs_of_uneven_files(self):
        # Without -j the files are hashed two at a time in step (256 KiB blocks): sizes that end
        # in different blocks, errors on either side of a pair, and an odd one out.
        sizes = [0, 1, 262143, 262144, 262145, 700000, 1 << 20, 64]
        for i, n in enumerate(sizes):
            self.write(f"uneven{i}", os.urandom(n))
        names = [f"uneven{i}" for i in range(len(sizes))]
        self.same_as_sha256sum(names, expect_rc=0)
        self.same_as_sha256sum(names[::-1] + ["abc"], expect_rc=0)
        self.same_as_sha256sum(["uneven5", "subdir", "nothere", "uneven6", "uneven2", "abc/x",
                                "-", "uneven3"], data=b"stdin", expect_rc=1)

    def test_threads_in_pairs_equal_single_files(self):
        # Every thread hashes several files at once through update_many (up to sixteen: -j 1
        # takes the first sixteen names together) and takes the next file when one ends: awkward
        # sizes around the hashes' blocks and the 256 KiB read block, an unreadable file and a
        # directory in the middle, for each hash with a multi-message call.
        block = 256 * 1024
        sizes = [0, 1, 63, 64, 65, 127, 128, 129, block - 1, block, block + 1, 3 * block + 5,
                 1000000, 2 * block, 7]
        names = []
        for i, n in enumerate(sizes):
            names.append(f"pairs{i:02}")
            self.write(names[-1], os.urandom(n))
        names[6:6] = ["nothere"]
        names[11:11] = ["subdir"]
        for alg in ["sha256", "streebog256", "streebog512"]:
            single = {}
            for n in names:
                rc, out, err = axiom("sum", "-a", alg, n, cwd=self.dir)
                single[n] = (out, err)
            want_out = b"".join(single[n][0] for n in names)
            want_err = b"".join(single[n][1] for n in names)
            self.assertIn(b"axiom: nothere: No such file or directory\n", want_err)
            if alg == "sha256":
                self.assertIn(f"{hashlib.sha256(b'').hexdigest()}  pairs00\n".encode(), want_out)
            for jobs in [[], ["-j", "1"], ["-j", "2"], ["-j", "3"], ["-j", "64"]]:
                with self.subTest(alg=alg, jobs=jobs):
                    self.assertEqual(axiom("sum", "-a", alg, *jobs, *names, cwd=self.dir),
                                     (1, want_out, want_err))

    def test_unreadable_files_like_sha256sum(self):
        # As root, chmod 000 stops nothing: use a missing file, a directory and a path through
        # a regular file (ENOTDIR). The other files are still hashed; the status is 1.
        self.same_as_sha256sum(["abc", "nothere", "subdir", "abc/x", "empty"], expect_rc=1)
        if os.geteuid() != 0:
            self.write("locked", b"x")
            os.chmod(os.path.join(self.dir, "locked"), 0)
            self.same_as_sha256sum(["locked", "abc"], expect_rc=1)

    def test_progress_only_on_a_terminal(self):
        import pty
        data = bytes(65 << 20)  # above the 64 MiB threshold
        self.write("big", data)
        line = f"{hashlib.sha256(data).hexdigest()}  big\n".encode()
        abc = f"{hashlib.sha256(b'abc').hexdigest()}  abc\n".encode()
        # One file (one thread), and several files on two threads: one line for all of them.
        for args, expected, label in [(["big"], line, b"big"),
                                      (["-j", "2", "big", "abc", "big"], line + abc + line, b"3 files")]:
            with self.subTest(args=args):
                self.assertEqual(axiom("sum", *args, cwd=self.dir), (0, expected, b""))
                master, slave = pty.openpty()
                chunks = []

                def drain():  # the terminal's buffer is small: read it while axiom writes
                    try:
                        while chunk := os.read(master, 4096):
                            chunks.append(chunk)
                    except OSError:  # EIO once the last writer has closed its end
                        pass

                reader = threading.Thread(target=drain)
                reader.start()
                try:
                    p = subprocess.run([AXIOM, "sum", *args], cwd=self.dir, stdout=subprocess.PIPE,
                                       stderr=slave, env=ENV, timeout=120)
                finally:
                    os.close(slave)
                    reader.join(timeout=30)
                    os.close(master)
                err = b"".join(chunks)
                self.assertEqual((p.returncode, p.stdout), (0, expected))
                self.assertIn(b"\raxiom: " + label + b": 100%", err)
                self.assertTrue(err.endswith(b"\r\x1b[K"), err[-40:])

    def test_error_names_quoted_like_sha256sum(self):
        names = ["no such", "x'y", "a'b c", "a'b$", "na:me", "n\nl", "a\tb", "", "é", "a\x01b",
                 "~x", "x~", "#x", "a#", "{", "a{", "{}", "a*b", "a?b", "a=b", 'a"b', "a]b",
                 "a[b", "!", "a\\b", "a\x7fb", "'", "a''b", "a'\\b", "a'@", "~'", "a'#", "a:'",
                 "\x01'", "@", "%+,-./"]
        self.same_as_sha256sum(["--", *names], expect_rc=1)

    def test_error_names_quoted_per_locale(self):
        # Printable multibyte characters stay as they are in a UTF-8 locale only; invalid or
        # unprintable sequences are octal escapes in both.
        names = [os.fsdecode(n) for n in [b"\xc3\xa9", b"a\xc3b", b"\xc3", b"x\xc2\x85y",
                                          b"\xc3\xa9'", b"\xe2\x80\x8b", b"\xc3\xbc b"]]
        for locale in ["C", "C.UTF-8"]:
            with self.subTest(locale=locale):
                self.same_as_sha256sum(["--", *names], expect_rc=1,
                                       env=dict(ENV, LC_ALL=locale))


    @unittest.skipUnless(os.path.exists("/dev/full"), "no /dev/full")
    def test_write_error(self):
        for args in [["sum", "abc"], ["sum", "-j", "2", "abc", "empty"], ["rand", "100K"],
                     ["rand", "10", "--hex"], ["list"], ["mac", "-K", "00", "abc"]]:
            with open("/dev/full", "wb") as full:
                p = subprocess.run([AXIOM, *args], cwd=self.dir, stdout=full,
                                   stderr=subprocess.PIPE, env=ENV, timeout=60)
            self.assertEqual(p.returncode, 2, args)
            self.assertIn(b"axiom: write error: No space left on device", p.stderr, args)


class Check(TreeCase):
    GOOD = ["empty", "abc", "one_mib", "a b", "back\\slash", "new\nline", "cr\rx",
            "both\\and\nnewline", "it's"]

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        out = subprocess.run([SHA256SUM or "false", "--", *cls.GOOD], cwd=cls.dir,
                             capture_output=True).stdout
        cls.write("good.sha256", out)
        lines = out.decode().splitlines(keepends=True)
        cls.write("bad_digest.sha256", "".join(["0" * 64 + "  abc\n", *lines[2:4]]).encode())
        cls.write("missing.sha256", f"{E}  empty\n{E}  nothere\n{E}  no such\n{E}  subdir\n"
                  f"\\{E}  gone\\nfile\n".encode())
        cls.write("all_missing.sha256", f"{E}  nothere\n".encode())
        cls.write("malformed.sha256", (
            f"# a comment\n\n{E}  empty\r\n"
            "garbage\n \n"
            f"{E[:-1]}  empty\n{E}0  empty\n{E}\tempty\n"
            f"{E.upper()} *empty\n"
            f"\\{E}  bad\\qescape\n"
            f"SHA256 (abc) = {hashlib.sha256(b'abc').hexdigest()}\n"
            f"SHA256 (empty) = {E}00\n").encode())
        cls.write("only_garbage.sha256", b"garbage\n\nmore garbage\n")
        # gost12sum writes one space between the digest and the name.
        cls.write("gost.sha256", "".join(
            f"{hashlib.sha256(cls.FILES[n]).hexdigest()} {n}\n"
            for n in ["abc", "one_mib", "a b", "it's"]).encode() + b"0" * 64 + b" empty\n")
        cls.write("mixed.sha256", f"{E} empty\n{E}  empty\n".encode())

    LISTS = ["good.sha256", "bad_digest.sha256", "missing.sha256", "all_missing.sha256",
             "malformed.sha256", "only_garbage.sha256", "gost.sha256", "mixed.sha256",
             "nolist", "subdir"]
    MODES = [[], ["--quiet"], ["--status"], ["-w"], ["--warn"], ["--strict"],
             ["--ignore-missing"], ["--strict", "-w"], ["-w", "--quiet"], ["--quiet", "--status"],
             ["--status", "-w", "--strict"], ["--ignore-missing", "--quiet"]]

    def test_good_list(self):
        rc, out, _ = self.same_as_sha256sum(["-c", "good.sha256"], expect_rc=0)
        self.assertIn(b"abc: OK\n", out)
        self.assertIn(b"\\new\\nline: OK\n", out)

    def test_every_list_and_mode_like_sha256sum(self):
        for name in self.LISTS:
            for mode in self.MODES:
                with self.subTest(list=name, mode=mode):
                    self.same_as_sha256sum(["--check", *mode, name])

    def test_expected_messages(self):
        rc, out, err = axiom("sum", "-c", "bad_digest.sha256", cwd=self.dir)
        self.assertEqual(rc, 1)
        self.assertIn(b"abc: FAILED\n", out)
        self.assertIn(b"axiom: WARNING: 1 computed checksum did NOT match\n", err)
        rc, out, err = axiom("sum", "-c", "missing.sha256", cwd=self.dir)
        self.assertEqual(rc, 1)
        self.assertIn(b"nothere: FAILED open or read\n", out)
        self.assertIn(b"axiom: nothere: No such file or directory\n", err)
        self.assertIn(b"axiom: subdir: Is a directory\n", err)
        self.assertIn(b"axiom: WARNING: 4 listed files could not be read\n", err)
        rc, out, err = axiom("sum", "-c", "malformed.sha256", cwd=self.dir)
        self.assertIn(b"axiom: WARNING: 7 lines are improperly formatted\n", err)
        self.assertEqual(rc, 0)
        rc, out, err = axiom("sum", "-c", "--strict", "malformed.sha256", cwd=self.dir)
        self.assertEqual(rc, 1)
        rc, out, err = axiom("sum", "-c", "--status", "bad_digest.sha256", cwd=self.dir)
        self.assertEqual((rc, out, err), (1, b"", b""))

    def test_gost12sum_format(self):
        rc, out, err = self.same_as_sha256sum(["-c", "gost.sha256"], expect_rc=1)
        self.assertEqual(out, b"abc: OK\none_mib: OK\na b: OK\nit's: OK\nempty: FAILED\n")

    def test_several_lists_and_stdin(self):
        self.same_as_sha256sum(["-c", "good.sha256", "missing.sha256", "gost.sha256"])
        with open(os.path.join(self.dir, "good.sha256"), "rb") as f:
            good = f.read()
        self.same_as_sha256sum(["-c"], data=good, expect_rc=0)
        self.same_as_sha256sum(["-c", "-"], data=good, expect_rc=0)
        # A list read from standard input cannot name standard input.
        self.same_as_sha256sum(["-c", "-w", "-"], data=f"{E}  -\n".encode(), expect_rc=1)
        self.write("dash.sha256", f"{E}  -\n".encode())
        self.same_as_sha256sum(["-c", "dash.sha256"], data=b"", expect_rc=0)

    def test_check_options_need_check(self):
        for opt in ["--quiet", "--status", "--strict", "--ignore-missing", "-w"]:
            rc, out, err = axiom("sum", opt, "abc", cwd=self.dir)
            self.assertEqual(rc, 2, opt)
            self.assertIn(b"meaningful only when verifying checksums", err)


class Streebog(TreeCase):
    PLAIN = ["empty", "abc", "one_mib", "a b", "it's", "co:lon"]

    @unittest.skipIf(GOST12SUM is None, "gost12sum (Debian package gostsum) not found")
    def test_sum_like_gost12sum(self):
        for alg, flags in (("streebog256", []), ("streebog512", ["-l"])):
            theirs = run([GOST12SUM, *flags, *self.PLAIN], cwd=self.dir)
            self.assertEqual(theirs[0], 0)
            # gost12sum puts one space between digest and name; axiom two, as sha256sum.
            expected = re.sub(rb"(?m)^([0-9a-f]+) ", rb"\1  ", theirs[1])
            self.assertEqual(axiom("sum", "-a", alg, *self.PLAIN, cwd=self.dir),
                             (0, expected, b""), alg)

    @unittest.skipIf(GOST12SUM is None, "gost12sum (Debian package gostsum) not found")
    def test_check_reads_gost12sum_lists(self):
        for alg, flags in (("streebog256", []), ("streebog512", ["-l"])):
            listing = run([GOST12SUM, *flags, *self.PLAIN], cwd=self.dir)[1]
            self.write("gost.list", listing)
            rc, out, err = axiom("sum", "-a", alg, "-c", "gost.list", cwd=self.dir)
            self.assertEqual((rc, err), (0, b""), alg)
            self.assertEqual(out.count(b": OK\n"), len(self.PLAIN))

    def test_known_digests(self):
        # RFC 6986 M1 (byte order as gost12sum prints), and the empty message.
        m1 = b"012345678901234567890123456789012345678901234567890123456789012"
        want = "9d151eefd8590b89daa6ba6cb74af9275dd051026bb149a452fd84e5e57b5500  -\n"
        self.assertEqual(axiom("sum", "-a", "streebog256", data=m1), (0, want.encode(), b""))
        rc, out, _ = axiom("sum", "-a", "streebog512", data=b"")
        self.assertEqual(out[:16], b"8e945da209aa869f")

    def test_hmac_rfc7836(self):
        key = bytes(range(32)).hex()
        msg = bytes.fromhex("0126bdb87800af214341456563780100")
        self.assertEqual(axiom("mac", "-a", "hmac-streebog256", "-K", key, data=msg)[1],
                         b"a1aa5f7de402d7b3d323f2991c8d4534013137010a83754fd0af6d7cd4922ed9\n")
        self.assertEqual(axiom("mac", "-a", "hmac-streebog512", "-K", key, data=msg)[1][:32],
                         b"a59bab22ecae19c65fbde6e5f4e9f5d8")


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

    def test_errors(self):
        for bad in ["abc", "zz", "6b 65", "0x6b"]:
            rc, out, err = axiom("mac", "-K", bad)
            self.assertEqual((rc, out), (2, b""), bad)
            self.assertIn(b"axiom: mac: invalid key", err)
        rc, _, err = axiom("mac", "-a", "hmac-sha256")
        self.assertEqual(rc, 2)
        self.assertIn(b"key is required", err)
        rc, _, err = axiom("mac", "-K", "00", "/nonexistent/file")
        self.assertEqual((rc, err), (2, b"axiom: /nonexistent/file: No such file or directory\n"))
        self.assertEqual(axiom("mac", "-a", "hmac-md5", "-K", "00")[0], 2)
        self.assertEqual(axiom("mac", "-K", "00", "a", "b")[0], 2)


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


class Cipher(unittest.TestCase):
    """axiom cipher: chacha20 byte for byte as `openssl enc -chacha20`, the AEADs against the
    RFC vectors and Python's cryptography package (when installed), and failures."""

    SIZES = [0, 1, 63, 64, 65, 511, 512, 513, 4097, 262143, 262144, 262145, 1048579]

    @unittest.skipIf(OPENSSL is None, "openssl not found")
    def test_chacha20_matches_openssl_enc(self):
        for size in self.SIZES:
            key, nonce, data = os.urandom(32).hex(), os.urandom(12).hex(), os.urandom(size)
            counter = (size * 7919) & 0xFFFF
            iv = counter.to_bytes(4, "little").hex() + nonce
            with self.subTest(size=size, counter=counter):
                rc, theirs, err = run([OPENSSL, "enc", "-chacha20", "-K", key, "-iv", iv], data=data)
                self.assertEqual(rc, 0, err)
                rc, ours, err = axiom("cipher", "-a", "chacha20", "-e", "-K", key, "--iv", iv, data=data)
                self.assertEqual((rc, err), (0, b""))
                self.assertEqual(ours, theirs)
                rc, back, _ = axiom("cipher", "-a", "chacha20", "-d", "-K", key.upper(), "--iv", iv, data=ours)
                self.assertEqual((rc, back), (0, data))

    def test_files_in_and_out(self):
        key, iv = "11" * 32, "22" * 12
        with tempfile.TemporaryDirectory() as d:
            src, enc, dec = (os.path.join(d, n) for n in ("in", "enc", "dec"))
            data = os.urandom(300000)
            with open(src, "wb") as f:
                f.write(data)
            for alg, ivlen in [("chacha20", 16), ("chacha20-poly1305", 12), ("xchacha20-poly1305", 24)]:
                iv = "22" * ivlen
                self.assertEqual(axiom("cipher", "-a", alg, "-e", "-K", key, "--iv", iv, src, enc)[:2], (0, b""))
                self.assertEqual(axiom("cipher", "-a", alg, "-d", "-K", key, "--iv", iv, enc, dec)[:2], (0, b""))
                with open(dec, "rb") as f:
                    self.assertEqual(f.read(), data, alg)
                self.assertEqual(os.path.getsize(enc), len(data) + (0 if alg == "chacha20" else 16))

    def test_aead_known_answers(self):
        # RFC 8439 section 2.8.2 and draft-irtf-cfrg-xchacha-03 A.3.1.
        key = "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
        aad = "50515253c0c1c2c3c4c5c6c7"
        pt = (b"Ladies and Gentlemen of the class of '99: If I could offer you only one tip for "
              b"the future, sunscreen would be it.")
        cases = [("chacha20-poly1305", "070000004041424344454647",
                  "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69da92728b"
                  "1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
                  "3ff4def08e4b7a9de576d26586cec64b6116" "1ae10b594f09e26a7e902ecbd0600691"),
                 ("xchacha20-poly1305", "404142434445464748494a4b4c4d4e4f5051525354555657",
                  "bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb731c7f1b0b4aa6440bf3a82f4eda7e39"
                  "ae64c6708c54c216cb96b72e1213b4522f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff9"
                  "21f9664c97637da9768812f615c68b13b52e" "c0875924c1c7987947deafd8780acf49")]
        for alg, iv, sealed in cases:
            rc, out, err = axiom("cipher", "-a", alg, "-e", "-K", key, "--iv", iv, "--aad", aad, "--tag-len", "16",
                                 data=pt)
            self.assertEqual((rc, out.hex(), err), (0, sealed, b""), alg)
            rc, out, err = axiom("cipher", "-a", alg, "-d", "-K", key, "--iv", iv, "--aad", aad,
                                 data=bytes.fromhex(sealed))
            self.assertEqual((rc, out, err), (0, pt, b""), alg)

    def test_aead_against_python_cryptography(self):
        try:
            from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
        except ImportError:
            self.skipTest("python3 cryptography not installed")
        for size in [0, 1, 16, 100, 4096, 70000]:
            key, nonce, aad, data = os.urandom(32), os.urandom(12), os.urandom(size % 37), os.urandom(size)
            expected = ChaCha20Poly1305(key).encrypt(nonce, data, aad)
            rc, out, _ = axiom("cipher", "-a", "chacha20-poly1305", "-e", "-K", key.hex(), "--iv", nonce.hex(),
                               "--aad", aad.hex(), data=data)
            self.assertEqual((rc, out), (0, expected), size)

    def test_wrong_tag_fails_with_no_output(self):
        key, iv, aad = "33" * 32, "44" * 12, "abcd"
        data = os.urandom(1000)
        rc, sealed, _ = axiom("cipher", "-a", "chacha20-poly1305", "-e", "-K", key, "--iv", iv, "--aad", aad,
                              data=data)
        self.assertEqual(rc, 0)
        tampered = [bytes([sealed[0] ^ 1]) + sealed[1:], sealed[:-1] + bytes([sealed[-1] ^ 0x80]), sealed[:-1],
                    sealed[:10]]
        for bad in tampered:
            rc, out, err = axiom("cipher", "-a", "chacha20-poly1305", "-d", "-K", key, "--iv", iv, "--aad", aad,
                                 data=bad)
            self.assertEqual((rc, out), (1, b""))
            self.assertIn(b"authentication failed", err)
        for args in [["--iv", "45" * 12, "--aad", aad], ["--iv", iv, "--aad", "abce"], ["--iv", iv]]:
            rc, out, _ = axiom("cipher", "-a", "chacha20-poly1305", "-d", "-K", key, *args, data=sealed)
            self.assertEqual((rc, out), (1, b""), args)
        rc, out, _ = axiom("cipher", "-a", "chacha20-poly1305", "-d", "-K", "34" * 32, "--iv", iv, "--aad", aad,
                           data=sealed)
        self.assertEqual((rc, out), (1, b""))
        with tempfile.TemporaryDirectory() as d:
            src, dst = os.path.join(d, "in"), os.path.join(d, "out")
            with open(src, "wb") as f:
                f.write(tampered[0])
            rc, _, _ = axiom("cipher", "-a", "chacha20-poly1305", "-d", "-K", key, "--iv", iv, "--aad", aad, src, dst)
            self.assertEqual(rc, 1)
            self.assertFalse(os.path.exists(dst), "no output file after a failed decryption")

    def test_usage_errors(self):
        key = "00" * 32
        for args in [["-a", "chacha20", "-e", "-K", key],                      # no IV
                     ["-a", "chacha20", "-e", "-K", key, "--iv", "00" * 12],   # IV of the wrong size
                     ["-a", "chacha20", "-e", "-K", "00" * 31, "--iv", "00" * 16],
                     ["-a", "chacha20", "-e", "-K", "zz", "--iv", "00" * 16],
                     ["-a", "chacha20", "-e", "-d", "-K", key, "--iv", "00" * 16],
                     ["-a", "chacha20", "-K", key, "--iv", "00" * 16],         # neither -e nor -d
                     ["-a", "chacha20", "-e", "-K", key, "--iv", "00" * 16, "--aad", "00"],
                     ["-a", "chacha20-poly1305", "-e", "-K", key, "--iv", "00" * 12, "--tag-len", "12"],
                     ["-a", "chacha20-poly1305", "-e", "-K", key, "--iv", "00" * 12, "--nopad"],
                     ["-a", "xchacha20-poly1305", "-e", "-K", key, "--iv", "00" * 12],
                     ["-a", "rot13", "-e", "-K", key],
                     ["-e", "-K", key],
                     ["-a", "chacha20", "-e", "-K", key, "--iv", "00" * 16, "a", "b", "c"]]:
            rc, out, err = axiom("cipher", *args, data=b"x")
            self.assertEqual((rc, out), (2, b""), args)
            self.assertTrue(err.startswith(b"axiom"), args)
        rc, _, err = axiom("cipher", "-a", "chacha20", "-e", "-K", key, "--iv", "00" * 16, "/nonexistent")
        self.assertEqual((rc, err), (2, b"axiom: /nonexistent: No such file or directory\n"))

    def test_counter_wrap_is_refused(self):
        # Counter 0xffffffff leaves one block: 64 bytes work, 65 do not.
        key, iv = "55" * 32, "ffffffff" + "66" * 12
        self.assertEqual(axiom("cipher", "-a", "chacha20", "-e", "-K", key, "--iv", iv, data=b"a" * 64)[0], 0)
        rc, _, err = axiom("cipher", "-a", "chacha20", "-e", "-K", key, "--iv", iv, data=b"a" * 65)
        self.assertEqual(rc, 2)
        self.assertIn(b"message too long", err)


AES_SIZES = (128, 192, 256)
AES_MACS = [f"cmac-aes-{b}" for b in AES_SIZES]
AES_CIPHERS = [f"aes-{b}-{m}" for m in ("ecb", "cbc", "ctr", "gcm") for b in AES_SIZES] + ["aes-128-xts", "aes-256-xts"]
AES_NAMES = set(AES_MACS + AES_CIPHERS)
AES_PORTABLE = {name: "aes/portable+ghash/portable" if name.endswith("gcm") else "aes/portable"
                for name in AES_NAMES}
SM4_NAMES = {"cmac-sm4"} | {f"sm4-{m}" for m in ("ecb", "cbc", "ctr", "cfb", "ofb", "gcm", "ccm", "xts")}
AES_NAMES |= SM4_NAMES
AES_PORTABLE.update({name: "sm4/portable+ghash/portable" if name == "sm4-gcm" else "sm4/portable"
                     for name in SM4_NAMES})


class Aes(unittest.TestCase):
    """axiom cipher -a aes-* byte for byte as `openssl enc` (ECB, CBC, CTR, padded and not),
    AES-GCM against Python's cryptography package and the GCM spec, `axiom mac -a cmac-aes-*`
    as `openssl mac ... CMAC`."""

    SIZES = [0, 1, 15, 16, 17, 63, 64, 65, 255, 256, 257, 4095, 4096, 4097, 65535, 65536, 65537, 300001]

    @unittest.skipIf(OPENSSL is None, "openssl not found")
    def test_block_modes_match_openssl_enc(self):
        for mode in ("ecb", "cbc", "ctr"):
            for bits in AES_SIZES:
                for size in self.SIZES:
                    for nopad in ([False, True] if mode != "ctr" and size % 16 == 0 else [False]):
                        key, iv, data = os.urandom(bits // 8).hex(), os.urandom(16).hex(), os.urandom(size)
                        ivs = ([], []) if mode == "ecb" else (["-iv", iv], ["--iv", iv])
                        flags = (["-nopad"], ["--nopad"]) if nopad else ([], [])
                        alg = f"aes-{bits}-{mode}"
                        with self.subTest(alg=alg, size=size, nopad=nopad):
                            rc, theirs, err = run([OPENSSL, "enc", f"-{alg}", "-K", key, *ivs[0], *flags[0]],
                                                  data=data)
                            self.assertEqual(rc, 0, err)
                            rc, ours, err = axiom("cipher", "-a", alg, "-e", "-K", key, *ivs[1], *flags[1],
                                                  data=data)
                            self.assertEqual((rc, err), (0, b""))
                            self.assertEqual(ours, theirs)
                            rc, back, err = axiom("cipher", "-a", alg, "-d", "-K", key, *ivs[1], *flags[1],
                                                  data=theirs)
                            self.assertEqual((rc, back, err), (0, data, b""))

    def test_block_mode_failures(self):
        key, iv = "00" * 16, "11" * 16
        rc, sealed, _ = axiom("cipher", "-a", "aes-128-cbc", "-e", "-K", key, "--iv", iv, data=b"x" * 40)
        self.assertEqual((rc, len(sealed)), (0, 48))
        # A wrong key breaks the padding (with overwhelming probability for this key pair), as
        # do truncations: exit 1, like the 'bad decrypt' of openssl. The blocks before the last
        # are streamed out as they come; an output file is removed.
        for k, bad in [("01" * 16, sealed), (key, sealed[:-1]), (key, b"x"), (key, b"")]:
            rc, _, err = axiom("cipher", "-a", "aes-128-cbc", "-d", "-K", k, "--iv", iv, data=bad)
            self.assertEqual(rc, 1, bad)
            self.assertIn(b"bad decrypt", err)
        with tempfile.TemporaryDirectory() as d:
            src, dst = os.path.join(d, "in"), os.path.join(d, "out")
            with open(src, "wb") as f:
                f.write(sealed)
            rc, _, _ = axiom("cipher", "-a", "aes-128-cbc", "-d", "-K", "01" * 16, "--iv", iv, src, dst)
            self.assertEqual(rc, 1)
            self.assertFalse(os.path.exists(dst), "no output file after a failed decryption")
        for args in [["-a", "aes-128-ecb", "-e", "--nopad"], ["-a", "aes-128-cbc", "-d", "--iv", iv, "--nopad"]]:
            rc, _, err = axiom("cipher", "-K", key, *args, data=b"x" * 17)
            self.assertEqual(rc, 2, args)
            self.assertIn(b"whole number of 16-byte blocks", err)
        for args in [["-a", "aes-128-ctr", "-e", "-K", key, "--iv", iv, "--nopad"],
                     ["-a", "aes-128-ecb", "-e", "-K", key, "--iv", iv],
                     ["-a", "aes-128-cbc", "-e", "-K", key],
                     ["-a", "aes-128-cbc", "-e", "-K", key, "--iv", "11" * 12],
                     ["-a", "aes-192-ecb", "-e", "-K", key],
                     ["-a", "aes-256-gcm", "-e", "-K", "00" * 32, "--iv", "11" * 12, "--tag-len", "11"],
                     ["-a", "aes-256-gcm", "-e", "-K", "00" * 32, "--iv", "11" * 12, "--tag-len", "17"],
                     ["-a", "aes-128-gcm", "-e", "-K", key, "--iv", "11" * 12, "--nopad"]]:
            rc, out, err = axiom("cipher", *args, data=b"x" * 32)
            self.assertEqual((rc, out), (2, b""), args)
            self.assertTrue(err.startswith(b"axiom"), args)

    def test_gcm_spec_vector(self):
        # The GCM specification's test case 4 (AES-128, 60 bytes, 20 bytes of AAD).
        key, iv = "feffe9928665731c6d6a8f9467308308", "cafebabefacedbaddecaf888"
        aad = "feedfacedeadbeeffeedfacedeadbeefabaddad2"
        pt = ("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525"
              "b16aedf5aa0de657ba637b39")
        sealed = ("42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa05"
                  "1ba30b396a0aac973d58e091" "5bc94fbc3221a5db94fae95ae7121a47")
        rc, out, err = axiom("cipher", "-a", "aes-128-gcm", "-e", "-K", key, "--iv", iv, "--aad", aad,
                             data=bytes.fromhex(pt))
        self.assertEqual((rc, out.hex(), err), (0, sealed, b""))
        rc, out, err = axiom("cipher", "-a", "aes-128-gcm", "-e", "-K", key, "--iv", iv, "--aad", aad,
                             "--tag-len", "12", data=bytes.fromhex(pt))
        self.assertEqual((rc, out.hex(), err), (0, sealed[:-8], b""))
        rc, out, err = axiom("cipher", "-a", "aes-128-gcm", "-d", "-K", key, "--iv", iv, "--aad", aad,
                             "--tag-len", "12", data=bytes.fromhex(sealed[:-8]))
        self.assertEqual((rc, out.hex(), err), (0, pt, b""))

    def test_gcm_against_python_cryptography(self):
        try:
            from cryptography.hazmat.primitives.ciphers.aead import AESGCM
        except ImportError:
            self.skipTest("python3 cryptography not installed")
        for bits in AES_SIZES:
            for size in [0, 1, 15, 16, 17, 64, 100, 4096, 70001]:
                key, nonce, aad, data = os.urandom(bits // 8), os.urandom(12), os.urandom(size % 37), os.urandom(size)
                expected = AESGCM(key).encrypt(nonce, data, aad)
                for tag_len in (16, 12):
                    args = ["-K", key.hex(), "--iv", nonce.hex(), "--aad", aad.hex(), "--tag-len", str(tag_len)]
                    with self.subTest(bits=bits, size=size, tag_len=tag_len):
                        want = expected[:size + tag_len]
                        rc, out, _ = axiom("cipher", "-a", f"aes-{bits}-gcm", "-e", *args, data=data)
                        self.assertEqual((rc, out), (0, want))
                        rc, out, _ = axiom("cipher", "-a", f"aes-{bits}-gcm", "-d", *args, data=want)
                        self.assertEqual((rc, out), (0, data))
                        bad = bytes([want[0] ^ 4]) + want[1:] if size else want[:-1] + bytes([want[-1] ^ 4])
                        rc, out, err = axiom("cipher", "-a", f"aes-{bits}-gcm", "-d", *args, data=bad)
                        self.assertEqual((rc, out), (1, b""))
                        self.assertIn(b"authentication failed", err)

    @unittest.skipIf(OPENSSL is None, "openssl not found")
    def test_cmac_matches_openssl_mac(self):
        for bits in AES_SIZES:
            for size in [0, 1, 15, 16, 17, 32, 1000, 100000]:
                key, data = os.urandom(bits // 8).hex(), os.urandom(size)
                with self.subTest(bits=bits, size=size):
                    rc, theirs, err = run([OPENSSL, "mac", "-cipher", f"AES-{bits}-CBC", "-macopt", f"hexkey:{key}",
                                           "CMAC"], data=data)
                    self.assertEqual(rc, 0, err)
                    rc, ours, err = axiom("mac", "-a", f"cmac-aes-{bits}", "-K", key, data=data)
                    self.assertEqual((rc, ours, err), (0, theirs.lower(), b""))

    def test_cmac_rfc4493(self):
        key = "2b7e151628aed2a6abf7158809cf4f3c"
        rc, out, _ = axiom("mac", "-a", "cmac-aes-128", "-K", key,
                           data=bytes.fromhex("6bc1bee22e409f96e93d7e117393172a"))
        self.assertEqual((rc, out), (0, b"070a16b46b4d4144f79bdd9dd04a287c\n"))
        for key in ["00" * 15, "00" * 17, "00" * 24, ""]:
            rc, out, err = axiom("mac", "-a", "cmac-aes-128", "-K", key, data=b"x")
            self.assertEqual((rc, out), (2, b""), key)
            self.assertIn(b"takes 16 bytes", err)


class Xts(unittest.TestCase):
    """axiom cipher -a aes-128-xts, aes-256-xts, sm4-xts: the whole input is one data unit. AES
    against Python's cryptography package (OpenSSL's EVP; `openssl enc` refuses XTS, and is
    compared too should it ever accept it), SM4 against GB/T 17964-2021's example in both tweak
    orders, and the errors."""

    SIZES = [16, 17, 31, 32, 100, 512, 4096, 4111, 65537, 300001]

    def test_aes_against_python_cryptography(self):
        try:
            from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
        except ImportError:
            self.skipTest("python3 cryptography not installed")
        for bits in (128, 256):
            for size in self.SIZES:
                key, tweak, data = os.urandom(bits // 4), os.urandom(16), os.urandom(size)
                with self.subTest(bits=bits, size=size):
                    enc = Cipher(algorithms.AES(key), modes.XTS(tweak)).encryptor()
                    theirs = enc.update(data) + enc.finalize()
                    args = ["-a", f"aes-{bits}-xts", "-K", key.hex(), "--iv", tweak.hex()]
                    rc, ours, err = axiom("cipher", "-e", *args, data=data)
                    self.assertEqual((rc, err), (0, b""))
                    self.assertEqual(ours, theirs)
                    self.assertEqual(axiom("cipher", "-d", *args, data=theirs), (0, data, b""))
                    if OPENSSL is not None:
                        rc, out, _ = run([OPENSSL, "enc", f"-aes-{bits}-xts", "-K", key.hex(), "-iv", tweak.hex()],
                                         data=data)
                        if rc == 0:
                            self.assertEqual(out, theirs)

    def test_sm4_gb_and_ieee(self):
        key = "2b7e151628aed2a6abf7158809cf4f3c000102030405060708090a0b0c0d0e0f"
        tweak = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"
        pt = "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17"
        want = {
            "gb": "e9538251c71d7b80bbe4483fef497bd12c5c581bd6242fc51e08964fb4f60fdb0ba42f63499279213d318d2c11f6886e903be7f93a1b3479",
            "ieee": "e9538251c71d7b80bbe4483fef497bd1b3db1a3e60408c575d63ff7db39f83260869f9e2585fec9f0b863bf8fd784b8627d16c0db6d2cfc7",
        }
        for standard, ct in want.items():
            flags = [] if standard == "ieee" else ["--xts-standard", "gb"]
            for extra in ([], ["--xts-standard", standard]):
                args = ["-a", "sm4-xts", "-K", key, "--iv", tweak, *(extra or flags)]
                self.assertEqual(axiom("cipher", "-e", *args, data=bytes.fromhex(pt)), (0, bytes.fromhex(ct), b""))
                self.assertEqual(axiom("cipher", "-d", *args, data=bytes.fromhex(ct)), (0, bytes.fromhex(pt), b""))

    def test_errors(self):
        key, iv = "00" * 16 + "01" * 16, "00" * 16
        rc, out, err = axiom("cipher", "-a", "sm4-xts", "-e", "-K", key, "--iv", iv, data=b"x" * 15)
        self.assertEqual((rc, out), (2, b""))
        self.assertIn(b"at least 16 bytes", err)
        rc, out, err = axiom("cipher", "-a", "aes-128-xts", "-e", "-K", key, "--iv", iv,
                             data=b"x" * (16 * 2**20 + 1))
        self.assertEqual((rc, out), (2, b""))
        self.assertIn(b"at most 16 MiB", err)
        self.assertEqual(len(axiom("cipher", "-a", "aes-128-xts", "-e", "-K", key, "--iv", iv,
                                   data=b"x" * (16 * 2**20))[1]), 16 * 2**20)
        rc, out, err = axiom("cipher", "-a", "aes-256-xts", "-e", "-K", "ab" * 64, "--iv", iv, data=b"x" * 32)
        self.assertEqual((rc, out), (2, b""))
        self.assertIn(b"halves of an XTS key must differ", err)
        rc, out, err = axiom("cipher", "-a", "aes-256-xts", "-e", "-K", key, "--iv", iv, data=b"x" * 32)
        self.assertEqual((rc, out), (2, b""))
        self.assertIn(b"takes 64 bytes", err)
        rc, out, err = axiom("cipher", "-a", "sm4-ctr", "-e", "-K", "00" * 16, "--iv", iv, "--xts-standard", "gb",
                             data=b"abc")
        self.assertEqual((rc, out), (2, b""))
        self.assertIn(b"--xts-standard is for the XTS modes", err)
        rc, out, err = axiom("cipher", "-a", "sm4-xts", "-e", "-K", key, "--iv", iv, "--xts-standard", "x",
                             data=b"x" * 32)
        self.assertEqual((rc, out), (2, b""))


class Sm4(unittest.TestCase):
    """axiom cipher -a sm4-* byte for byte as `openssl enc` (ECB, CBC, CTR, CFB, OFB), SM4-GCM
    and SM4-CCM against RFC 8998, `axiom mac -a cmac-sm4` as `openssl mac ... CMAC`."""

    SIZES = [0, 1, 15, 16, 17, 63, 64, 65, 255, 256, 257, 4095, 4096, 4097, 65537, 300001]

    @unittest.skipIf(OPENSSL is None, "openssl not found")
    def test_modes_match_openssl_enc(self):
        for mode in ("ecb", "cbc", "ctr", "cfb", "ofb"):
            for size in self.SIZES:
                for nopad in ([False, True] if mode in ("ecb", "cbc") and size % 16 == 0 else [False]):
                    key, iv, data = os.urandom(16).hex(), os.urandom(16).hex(), os.urandom(size)
                    ivs = ([], []) if mode == "ecb" else (["-iv", iv], ["--iv", iv])
                    flags = (["-nopad"], ["--nopad"]) if nopad else ([], [])
                    with self.subTest(mode=mode, size=size, nopad=nopad):
                        rc, theirs, err = run([OPENSSL, "enc", f"-sm4-{mode}", "-K", key, *ivs[0], *flags[0]],
                                              data=data)
                        self.assertEqual(rc, 0, err)
                        rc, ours, err = axiom("cipher", "-a", f"sm4-{mode}", "-e", "-K", key, *ivs[1], *flags[1],
                                              data=data)
                        self.assertEqual((rc, err), (0, b""))
                        self.assertEqual(ours, theirs)
                        rc, back, err = axiom("cipher", "-a", f"sm4-{mode}", "-d", "-K", key, *ivs[1], *flags[1],
                                              data=theirs)
                        self.assertEqual((rc, back, err), (0, data, b""))

    def test_aeads_rfc8998(self):
        key, aad = "0123456789abcdeffedcba9876543210", "feedfacedeadbeeffeedfacedeadbeefabaddad2"
        pt = ("aaaaaaaaaaaaaaaabbbbbbbbbbbbbbbbccccccccccccccccdddddddddddddddd"
              "eeeeeeeeeeeeeeeeffffffffffffffffeeeeeeeeeeeeeeeeaaaaaaaaaaaaaaaa")
        sealed = {
            "gcm": ("17f399f08c67d5ee19d0dc9969c4bb7d5fd46fd3756489069157b282bb200735d82710ca5c22f0ccfa7cbf93d496ac15"
                    "a56834cbcf98c397b4024a2691233b8d" "83de3541e4c2b58177e065a9bf7b62ec"),
            "ccm": ("48af93501fa62adbcd414cce6034d895dda1bf8f132f042098661572e7483094fd12e518ce062c98acee28d95df4416b"
                    "ed31a2f04476c18bb40c84a74b97dc5b" "16842d4fa186f56ab33256971fa110f4"),
        }
        nonce = "00001234567800000000abcd"
        for mode, want in sealed.items():
            args = ["-K", key, "--iv", nonce, "--aad", aad]
            rc, out, err = axiom("cipher", "-a", f"sm4-{mode}", "-e", *args, data=bytes.fromhex(pt))
            self.assertEqual((rc, out.hex(), err), (0, want, b""), mode)
            rc, out, err = axiom("cipher", "-a", f"sm4-{mode}", "-d", *args, data=bytes.fromhex(want))
            self.assertEqual((rc, out.hex(), err), (0, pt, b""), mode)
            bad = bytes.fromhex(want)
            bad = bytes([bad[0] ^ 1]) + bad[1:]
            rc, out, err = axiom("cipher", "-a", f"sm4-{mode}", "-d", *args, data=bad)
            self.assertEqual((rc, out), (1, b""), mode)
            self.assertIn(b"authentication failed", err)
        # CCM with an 8-byte tag round-trips (the tag length is in B0, so it is not a prefix of
        # the 16-byte one); odd tag lengths are refused.
        args = ["-K", key, "--iv", nonce, "--tag-len", "8"]
        rc, out, _ = axiom("cipher", "-a", "sm4-ccm", "-e", *args, data=b"abc")
        self.assertEqual((rc, len(out)), (0, 11))
        self.assertEqual(axiom("cipher", "-a", "sm4-ccm", "-d", *args, data=out)[:2], (0, b"abc"))
        rc, out, _ = axiom("cipher", "-a", "sm4-ccm", "-e", "-K", key, "--iv", nonce, "--tag-len", "5", data=b"abc")
        self.assertEqual((rc, out), (2, b""))

    @unittest.skipIf(OPENSSL is None, "openssl not found")
    def test_cmac_matches_openssl_mac(self):
        for size in [0, 1, 15, 16, 17, 32, 1000, 100000]:
            key, data = os.urandom(16).hex(), os.urandom(size)
            with self.subTest(size=size):
                rc, theirs, err = run([OPENSSL, "mac", "-cipher", "SM4-CBC", "-macopt", f"hexkey:{key}", "CMAC"],
                                      data=data)
                self.assertEqual(rc, 0, err)
                rc, ours, err = axiom("mac", "-a", "cmac-sm4", "-K", key, data=data)
                self.assertEqual((rc, ours, err), (0, theirs.lower(), b""))


KUZ_CIPHERS = [f"kuznyechik-{m}" for m in ("ecb", "cbc", "ctr", "ctr-acpkm", "ofb", "cfb", "mgm")]
KUZ_NAMES = set(KUZ_CIPHERS + ["kuznyechik-mac"])
AES_NAMES |= KUZ_NAMES
AES_PORTABLE.update({name: "kuznyechik/portable+mgm/portable" if name.endswith("mgm") else "kuznyechik/portable"
                     for name in KUZ_NAMES})


def gost_engine_enc():
    """The `openssl enc -engine gost` prefix if the GOST engine loads, else None."""
    if OPENSSL is None:
        return None
    rc, _, _ = run([OPENSSL, "enc", "-engine", "gost", "-kuznyechik-ecb", "-K", "00" * 32], data=b"")
    return [OPENSSL, "enc", "-engine", "gost"] if rc == 0 else None


GOST_ENC = gost_engine_enc()
KUZ_VECTORS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "kat")


def kat_cases(name):
    """The cases of tests/data/kat/NAME as dicts of field -> text."""
    cases, case = [], {}
    with open(os.path.join(KUZ_VECTORS, name)) as f:
        for line in f.read().splitlines() + [""]:
            line = line.strip()
            if line.startswith("#"):
                continue
            if not line:
                if case:
                    cases.append(case)
                case = {}
                continue
            k, _, v = line.partition("=")
            case[k.strip()] = v.strip()
    return cases


class Kuznyechik(unittest.TestCase):
    """axiom cipher -a kuznyechik-* byte for byte as `openssl enc -engine gost` (ECB and CBC padded
    and not, CTR and CTR-ACPKM with their 8-byte IV, OFB, CFB), kuznyechik-mgm against RFC 9058 and its derived
    vectors, axiom mac -a kuznyechik-mac against GOST R 34.13-2015 A.1.6 and derived vectors
    (`openssl dgst -mac kuznyechik-mac` of the engine 3.0.1 prints uninitialised bytes)."""

    SIZES = [0, 1, 15, 16, 17, 63, 64, 65, 511, 512, 513, 4097, 65537]

    @unittest.skipIf(GOST_ENC is None, "the OpenSSL GOST engine is not installed (libengine-gost-openssl)")
    def test_modes_match_gost_engine(self):
        for mode in ("ecb", "cbc", "ctr", "ctr-acpkm", "ofb", "cfb"):
            for size in self.SIZES + ([8192, 8193, 20000] if mode == "ctr-acpkm" else []):
                for nopad in ([False, True] if mode in ("ecb", "cbc") and size % 16 == 0 else [False]):
                    key, data = os.urandom(32).hex(), os.urandom(size)
                    iv = os.urandom(8 if mode.startswith("ctr") else 16).hex()
                    ivs = ([], []) if mode == "ecb" else (["-iv", iv], ["--iv", iv])
                    flags = (["-nopad"], ["--nopad"]) if nopad else ([], [])
                    alg = f"kuznyechik-{mode}"
                    with self.subTest(alg=alg, size=size, nopad=nopad):
                        rc, theirs, err = run([*GOST_ENC, f"-{alg}", "-K", key, *ivs[0], *flags[0]], data=data)
                        self.assertEqual(rc, 0, err)
                        rc, ours, err = axiom("cipher", "-a", alg, "-e", "-K", key, *ivs[1], *flags[1], data=data)
                        self.assertEqual((rc, err), (0, b""))
                        self.assertEqual(ours, theirs)
                        rc, back, err = axiom("cipher", "-a", alg, "-d", "-K", key, *ivs[1], *flags[1], data=theirs)
                        self.assertEqual((rc, back, err), (0, data, b""))

    def test_mgm_vectors_and_tampering(self):
        for c in kat_cases("mgm_kuznyechik.txt"):
            args = ["-K", c["Key"], "--iv", c["Nonce"], "--aad", c["AAD"]] if c["AAD"] else \
                   ["-K", c["Key"], "--iv", c["Nonce"]]
            rc, out, err = axiom("cipher", "-a", "kuznyechik-mgm", "-e", *args, data=bytes.fromhex(c["Plaintext"]))
            self.assertEqual((rc, err), (0, b""))
            self.assertEqual(out.hex(), c["Ciphertext"] + c["Tag"])
            rc, back, _ = axiom("cipher", "-a", "kuznyechik-mgm", "-d", *args, data=out)
            self.assertEqual((rc, back.hex()), (0, c["Plaintext"]))
            bad = bytearray(out)
            bad[-1] ^= 1
            rc, back, err = axiom("cipher", "-a", "kuznyechik-mgm", "-d", *args, data=bytes(bad))
            self.assertEqual((rc, back), (1, b""))
            rc, out8, _ = axiom("cipher", "-a", "kuznyechik-mgm", "-e", *args, "--tag-len", "8",
                                data=bytes.fromhex(c["Plaintext"]))
            self.assertEqual((rc, out8), (0, out[:-8]))
        # The nonce has 127 bits: its first bit set is a usage error.
        rc, _, err = axiom("cipher", "-a", "kuznyechik-mgm", "-e", "-K", "00" * 32, "--iv", "80" + "00" * 15, data=b"x")
        self.assertEqual(rc, 2)
        self.assertIn(b"nonce", err)

    def test_mac_vectors(self):
        for c in kat_cases("kuznyechik_mac.txt"):
            rc, out, err = axiom("mac", "-a", "kuznyechik-mac", "-K", c["Key"], data=bytes.fromhex(c["Msg"]))
            self.assertEqual((rc, err), (0, b""))
            self.assertTrue(out.decode().strip().startswith(c["Tag"]), c)


class Enc(unittest.TestCase):
    """axiom keygen / enc / dec: round trips, and every kind of damage fails with exit 1 and
    leaves no output file."""

    CHUNK = 65536
    RECORD = CHUNK + 16
    HEADER = 40

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.d = self.tmp.name
        self.key = self.path("key")
        rc, out, err = axiom("keygen", self.key)
        self.assertEqual((rc, out, err), (0, b"", b""))
        self.pw = self.path("pw")
        self.put("pw", b"correct horse battery staple\n")

    def tearDown(self):
        self.tmp.cleanup()

    def path(self, name):
        return os.path.join(self.d, name)

    def put(self, name, data):
        with open(self.path(name), "wb") as f:
            f.write(data)
        return self.path(name)

    def get(self, name):
        with open(self.path(name), "rb") as f:
            return f.read()

    def assert_fails(self, args, data_name, expect_rc=1):
        out = self.path("out")
        rc, stdout, err = axiom("dec", *args, self.path(data_name), out)
        self.assertEqual(rc, expect_rc, err)
        self.assertTrue(err.startswith(b"axiom"), err)
        self.assertFalse(os.path.exists(out), "a failed run must leave no output file")
        self.assertEqual([n for n in os.listdir(self.d) if ".axiom-" in n], [], "temporary file left")

    def test_keygen(self):
        with open(self.key) as f:
            text = f.read()
        self.assertRegex(text, r"^[0-9a-f]{64}\n$")
        self.assertEqual(os.stat(self.key).st_mode & 0o777, 0o600)
        self.assertEqual(axiom("keygen", self.key)[0], 2)  # never overwrites
        rc, out, _ = axiom("keygen")
        self.assertEqual(rc, 0)
        self.assertRegex(out.decode(), r"^[0-9a-f]{64}\n$")
        self.assertNotEqual(out.decode(), text)

    # The AEADs of -a, with the id each writes into the header.
    ALGORITHMS = {"chacha20-poly1305": 1, "aes-256-gcm": 2}

    def test_round_trips(self):
        for size in [0, 1, self.CHUNK - 1, self.CHUNK, self.CHUNK + 1, 3 * self.CHUNK, 300001]:
            data = os.urandom(size)
            self.put("in", data)
            for alg, alg_id in self.ALGORITHMS.items():
                for mode in (["-k", self.key], ["--passphrase-file", self.pw]):
                    with self.subTest(size=size, alg=alg, mode=mode[0]):
                        args = [] if alg == "chacha20-poly1305" and size % 2 else ["-a", alg]
                        self.assertEqual(axiom("enc", *mode, *args, self.path("in"), self.path("ct"))[:2],
                                         (0, b""))
                        ct = self.get("ct")
                        self.assertEqual(ct[9], alg_id)
                        full, rest = divmod(size, self.CHUNK)
                        self.assertEqual(len(ct), self.HEADER + full * self.RECORD + rest + 16)
                        self.assertEqual(axiom("dec", *mode, self.path("ct"), self.path("back"))[:2], (0, b""))
                        self.assertEqual(self.get("back"), data)
        # The spelling of the name works too.
        self.assertEqual(axiom("enc", "-k", self.key, "-a", "aes256-gcm", self.path("in"), self.path("ct"))[0], 0)
        self.assertEqual(self.get("ct")[9], 2)
        # Pipes both ways, and a fresh salt and nonce each time.
        data = os.urandom(200000)
        rc, ct1, _ = axiom("enc", "-k", self.key, "-", "-", data=data)
        rc2, ct2, _ = axiom("enc", "-k", self.key, "-", "-", data=data)
        self.assertEqual((rc, rc2), (0, 0))
        self.assertNotEqual(ct1, ct2)
        self.assertEqual(axiom("dec", "-k", self.key, "-", "-", data=ct1)[:2], (0, data))

    def test_damage_fails(self):
        for alg in self.ALGORITHMS:
            with self.subTest(alg=alg):
                self.damage_fails(alg)

    def damage_fails(self, alg):
        data = os.urandom(3 * self.CHUNK + 500)
        self.put("in", data)
        self.assertEqual(axiom("enc", "-k", self.key, "-a", alg, self.path("in"), self.path("ct"))[0], 0)
        ct = self.get("ct")
        h, r = self.HEADER, self.RECORD
        records = [ct[h + i * r:h + (i + 1) * r] for i in range(4)]
        cases = {
            "truncated at a record edge": ct[:h + 2 * r],
            "truncated inside a record": ct[:h + 2 * r + 100],
            "last record dropped": ct[:h + 3 * r],
            "tag cut short": ct[:-1],
            "header only": ct[:h],
            "reordered": ct[:h] + records[1] + records[0] + records[2] + records[3],
            "record repeated": ct[:h] + records[0] + records[0] + records[2] + records[3],
            "trailing garbage": ct + b"x",
            "bit flipped in a chunk": ct[:h + r + 7] + bytes([ct[h + r + 7] ^ 4]) + ct[h + r + 8:],
            "bit flipped in a tag": ct[:-3] + bytes([ct[-3] ^ 1]) + ct[-2:],
            "bit flipped in the salt": ct[:20] + bytes([ct[20] ^ 1]) + ct[21:],
            "bit flipped in the nonce prefix": ct[:33] + bytes([ct[33] ^ 1]) + ct[34:],
            "other algorithm in the header": ct[:9] + bytes([3 - ct[9]]) + ct[10:],
            "unknown algorithm in the header": ct[:9] + bytes([200]) + ct[10:],
        }
        for what, bad in cases.items():
            with self.subTest(what):
                self.put("bad", bad)
                self.assert_fails(["-k", self.key], "bad")
        # A wrong key, a wrong passphrase, the wrong kind of key, not our format.
        other = self.path("other")
        self.assertEqual(axiom("keygen", other)[0], 0)
        self.assert_fails(["-k", other], "ct")
        self.assertEqual(axiom("enc", "--passphrase-file", self.pw, "-a", alg, self.path("in"), self.path("ctp"))[0], 0)
        wrong = self.put("wrong", b"incorrect horse\n")
        self.assert_fails(["--passphrase-file", wrong], "ctp")
        self.assert_fails(["-k", self.key], "ctp", expect_rc=2)
        self.put("junk", b"not an encrypted file at all, but long enough for a header" * 3)
        self.assert_fails(["-k", self.key], "junk")
        self.put("empty", b"")
        self.assert_fails(["-k", self.key], "empty")
        # The original still decrypts.
        self.assertEqual(axiom("dec", "-k", self.key, self.path("ct"), self.path("out"))[0], 0)
        self.assertEqual(self.get("out"), data)
        os.unlink(self.path("out"))
        os.unlink(other)

    def test_many_slots(self):
        # enc and dec move 16 chunks (1 MiB) per slot through a ring of three slots: sizes at
        # slot edges and past a wrap of the ring, a damaged chunk in a later slot, a file cut at
        # a slot edge, and through stdout the chunks before the damage (already authenticated).
        slot = 16 * self.CHUNK
        for size in [slot - 1, slot, slot + 1, 2 * slot, 7 * slot + 12345]:
            with self.subTest(size=size):
                data = os.urandom(size)
                self.put("in", data)
                self.assertEqual(axiom("enc", "-k", self.key, self.path("in"), self.path("ct"))[:2], (0, b""))
                self.assertEqual(len(self.get("ct")), self.HEADER + size + (size // self.CHUNK + 1) * 16)
                self.assertEqual(axiom("dec", "-k", self.key, self.path("ct"), self.path("back"))[:2], (0, b""))
                self.assertEqual(self.get("back"), data)
        ct = self.get("ct")
        h, r = self.HEADER, self.RECORD
        bad = 40 * r + 1000  # in chunk 40, the third slot
        self.put("bad", ct[:h + bad] + bytes([ct[h + bad] ^ 1]) + ct[h + bad + 1:])
        self.assert_fails(["-k", self.key], "bad")
        self.put("cut", ct[:h + 32 * r])
        self.assert_fails(["-k", self.key], "cut")
        rc, out, err = axiom("dec", "-k", self.key, self.path("bad"), "-")
        self.assertEqual(rc, 1, err)
        self.assertIn(b"authentication failed", err)
        self.assertEqual(out, data[:40 * self.CHUNK])

    def test_existing_fifo_is_written_not_replaced(self):
        # OUT that exists and is not a regular file (a FIFO here; /dev/null likewise) is
        # written directly: a temporary file renamed over it would replace the node.
        fifo = self.path("fifo")
        os.mkfifo(fifo)
        data = os.urandom(200000)
        self.put("in", data)
        got = []
        reader = threading.Thread(target=lambda: got.append(open(fifo, "rb").read()), daemon=True)
        reader.start()
        rc, out, err = axiom("enc", "-k", self.key, self.path("in"), fifo)
        reader.join(timeout=60)
        self.assertEqual((rc, out, err), (0, b"", b""))
        self.assertTrue(stat.S_ISFIFO(os.stat(fifo).st_mode))
        self.assertEqual([n for n in os.listdir(self.d) if ".axiom-" in n], [])
        self.assertEqual(axiom("dec", "-k", self.key, "-", "-", data=got[0])[:2], (0, data))

    def test_aes_256_gcm_file_matches_python_cryptography(self):
        # The first record of an aes-256-gcm file, rebuilt from the key file with HKDF-SHA256 and
        # AES-GCM from python3-cryptography: the file really is AES-256-GCM as documented.
        try:
            from cryptography.hazmat.primitives.ciphers.aead import AESGCM
        except ImportError:
            self.skipTest("python3 cryptography not installed")
        data = os.urandom(self.CHUNK + 10)
        self.put("in", data)
        self.assertEqual(axiom("enc", "-k", self.key, "-a", "aes-256-gcm", self.path("in"), self.path("ct"))[0], 0)
        ct = self.get("ct")
        header, salt, prefix = ct[:self.HEADER], ct[16:32], ct[32:39]
        with open(self.key) as f:
            master = bytes.fromhex(f.read().strip())
        prk = hmac.new(salt, master, hashlib.sha256).digest()
        file_key = hmac.new(prk, b"axiom enc v1" + b"\x01", hashlib.sha256).digest()
        first = AESGCM(file_key).encrypt(prefix + bytes([0, 0, 0, 0, 0]), data[:self.CHUNK], header)
        self.assertEqual(ct[self.HEADER:self.HEADER + self.RECORD], first)
        last = AESGCM(file_key).encrypt(prefix + bytes([0, 0, 0, 1, 1]), data[self.CHUNK:], header)
        self.assertEqual(ct[self.HEADER + self.RECORD:], last)

    def test_constant_memory_through_pipes(self):
        pipe_in_constant_memory(self, self.key, 300 << 20)

    def test_usage_errors(self):
        self.put("in", b"abc")
        for args in [["enc", self.path("in"), self.path("o")],
                     ["enc", "-k", self.key, "-p", self.path("in"), self.path("o")],
                     ["enc", "-k", self.key, self.path("in")],
                     ["enc", "-k", self.key, "-a", "aes-128-gcm", self.path("in"), self.path("o")],
                     ["dec", "-k", self.key, "-a", "chacha20-poly1305", self.path("in"), self.path("o")],
                     ["enc", "-k", self.put("badkey", b"1234\n"), self.path("in"), self.path("o")],
                     ["enc", "-k", self.path("nokey"), self.path("in"), self.path("o")],
                     ["enc", "--passphrase-file", self.put("emptypw", b"\n"), self.path("in"), self.path("o")],
                     ["enc", "-k", self.key, self.path("missing"), self.path("o")],
                     ["keygen", "a", "b"]]:
            rc, _, err = axiom(*args)
            self.assertEqual(rc, 2, args)
            self.assertTrue(err.startswith(b"axiom"), args)
            self.assertFalse(os.path.exists(self.path("o")), args)


def pipe_in_constant_memory(test, key, size):
    """size zero bytes through enc and dec in a pipeline; the peak resident size of each
    process must stay far below the stream's (not ulimit -v: ASan builds reserve terabytes of
    address space)."""
    import resource
    script = (f"head -c {size} /dev/zero | '{AXIOM}' enc -k '{key}' - - | "
              f"'{AXIOM}' dec -k '{key}' - - | sha256sum")
    p = subprocess.run(["sh", "-c", script], capture_output=True, env=ENV, timeout=1500)
    test.assertEqual(p.returncode, 0, p.stderr)
    zeros = hashlib.sha256()
    block = bytes(1 << 20)
    for _ in range(size >> 20):
        zeros.update(block)
    test.assertEqual(p.stdout.split()[0].decode(), zeros.hexdigest())
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    test.assertLess(peak_kib, 150 * 1024, "a process held too much of the stream in memory")


class EncSlow(unittest.TestCase):
    """2 GiB through enc and dec in a pipeline (ctest label slow, not in make test)."""

    def test_two_gib_through_pipes(self):
        with tempfile.TemporaryDirectory() as d:
            key = os.path.join(d, "key")
            self.assertEqual(axiom("keygen", key)[0], 0)
            pipe_in_constant_memory(self, key, 2 << 30)


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


def main():
    global AXIOM
    args = sys.argv[1:]
    if len(args) < 2 or args[0] != "--axiom":
        sys.exit("usage: cli_test.py --axiom PATH [unittest arguments]")
    AXIOM = os.path.abspath(args[1])
    unittest.main(argv=[sys.argv[0], *args[2:]], verbosity=2)


if __name__ == "__main__":
    main()
