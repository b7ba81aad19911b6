#!/usr/bin/env python3
"""axiom sum: compared byte for byte with coreutils' sha256sum on the same files and lists
(stdout, stderr with the program name replaced, exit status), and with gost12sum."""

import hashlib
import os
import re
import subprocess
import unittest

from cli import *  # noqa: F401,F403 (AXIOM, run, axiom, TreeCase, ...)


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
        for jobs in sample(["2", "4", "16"], 2):
            rc, out, err = axiom("sum", "-j", jobs, *names, cwd=self.dir)
            self.assertEqual(out, expected[1], f"-j {jobs}")
            self.assertEqual(err, expected[2].replace(b"sha256sum:", b"axiom sum:"))
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
        for alg in sample(["sha256", "streebog256", "streebog512"], 2):
            single = {}
            for n in names:
                rc, out, err = axiom("sum", "-a", alg, n, cwd=self.dir)
                single[n] = (out, err)
            want_out = b"".join(single[n][0] for n in names)
            want_err = b"".join(single[n][1] for n in names)
            self.assertIn(b"axiom sum: nothere: No such file or directory\n", want_err)
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

    @posix_only("a Linux pseudo-terminal is no Windows console")
    def test_progress_only_on_a_terminal(self):
        # A short job shows nothing, even on a terminal; asked for with --progress, one file
        # (one thread) and several files on two threads (one line for all) show their line,
        # erased before each result line and at the end. progress_test.py has the rest.
        data = bytes(65 << 20)
        self.write("big", data)
        line = f"{hashlib.sha256(data).hexdigest()}  big\n".encode()
        abc = f"{hashlib.sha256(b'abc').hexdigest()}  abc\n".encode()
        for args, expected, label in [(["big"], line, b"big: "),
                                      (["-j", "2", "big", "abc", "big"], line + abc + line, b"3 files: ")]:
            with self.subTest(args=args):
                self.assertEqual(axiom("sum", *args, cwd=self.dir), (0, expected, b""))
                if not EMULATED:  # under qemu hashing 65 MiB is no short job: its line shows by itself
                    self.assertEqual(run_on_terminal(["sum", *args], cwd=self.dir), (0, expected, b""))
                rc, out, err = run_on_terminal(["sum", "--progress", *args], cwd=self.dir)
                self.assertEqual((rc, out), (0, expected))
                self.assertIn(b"\raxiom sum: " + label, err)
                self.assertIn(b" of " + (b"65.0 MiB" if len(args) == 1 else b"130.0 MiB"), err)
                self.assertTrue(err.endswith(b"\r\x1b[K"), err[-40:])

    def test_error_names_quoted_like_sha256sum(self):
        names = ["no such", "x'y", "a'b c", "a'b$", "na:me", "n\nl", "a\tb", "", "é", "a\x01b",
                 "~x", "x~", "#x", "a#", "{", "a{", "{}", "a*b", "a?b", "a=b", 'a"b', "a]b",
                 "a[b", "!", "a\\b", "a\x7fb", "'", "a''b", "a'\\b", "a'@", "~'", "a'#", "a:'",
                 "\x01'", "@", "%+,-./"]
        self.same_as_sha256sum(["--", *names], expect_rc=1)

    @posix_only("the C runtime here has no UTF-8 locale to quote names by")
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
            self.assertIn(f"axiom {args[0]}: write error: No space left on device\n".encode(), p.stderr, args)


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
        self.assertIn(b"axiom sum: WARNING: 1 computed checksum did NOT match\n", err)
        rc, out, err = axiom("sum", "-c", "missing.sha256", cwd=self.dir)
        self.assertEqual(rc, 1)
        self.assertIn(b"nothere: FAILED open or read\n", out)
        self.assertIn(b"axiom sum: nothere: No such file or directory\n", err)
        self.assertIn(b"axiom sum: subdir: Is a directory\n", err)
        self.assertIn(b"axiom sum: WARNING: 4 listed files could not be read\n", err)
        rc, out, err = axiom("sum", "-c", "malformed.sha256", cwd=self.dir)
        self.assertIn(b"axiom sum: WARNING: 7 lines are improperly formatted\n", err)
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


if __name__ == "__main__":
    main()
