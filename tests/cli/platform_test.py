"""What each operating system does its own way (tools/axiom/platform_*.cpp), on every system:
file names outside ASCII, bytes through standard input and output unchanged, OUT replaced whole
or not at all, no temporary file left by an interrupt, and checksum lists as Git for Windows'
sha256sum writes them (CR LF line ends, the '*' binary marker). Under Wine the names pass
through UTF-16 and the streams through the C runtime's binary mode."""
import glob
import hashlib
import os
import signal
import subprocess
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cli import AXIOM, ENV, WINDOWS, DirCase, axiom, main  # noqa: E402

# Names outside ASCII reach the program through the locale's character set (Wine converts them
# from it to UTF-16): a UTF-8 one.
UTF8_ENV = dict(ENV, LC_ALL="C.UTF-8")
NAMES = ["файл.txt", "é à ü.bin", "日本語", "emoji 😀"]
KEY, IV = "00112233445566778899aabbccddeeff", "0f0e0d0c0b0a09080706050403020100"
# Bytes that text mode would change: CR LF, a lone LF, ^Z (end of file to a text-mode read).
AWKWARD = b"line\r\nnext\nctrl-z \x1a then more\r\n\x00\xff" * 1000


def cipher(*args):
    return ["cipher", "-a", "aes-128-ctr", "-K", KEY, "--iv", IV, *args]


class PlatformNames(DirCase):
    def test_sum_of_utf8_names(self):
        expected = b""
        for i, name in enumerate(NAMES):
            self.put(name, name.encode() * (i + 1))
            expected += f"{hashlib.sha256(name.encode() * (i + 1)).hexdigest()}  {name}\n".encode()
        rc, out, err = axiom("sum", *NAMES, cwd=self.d, env=UTF8_ENV)
        self.assertEqual((rc, err), (0, b""))
        self.assertEqual(out, expected)
        rc, out, err = axiom("sum", "-c", "-", cwd=self.d, data=expected, env=UTF8_ENV)
        self.assertEqual((rc, err), (0, b""))
        self.assertEqual(out, b"".join(f"{n}: OK\n".encode() for n in NAMES))

    def test_cipher_between_utf8_names(self):
        source, target = self.put("données.bin", AWKWARD), self.path("chiffré ✓.bin")
        rc, _, err = axiom(*cipher("-e", source, target), env=UTF8_ENV)
        self.assertEqual((rc, err), (0, b""))
        rc, through_pipes, _ = axiom(*cipher("-e"), data=AWKWARD, env=UTF8_ENV)
        self.assertEqual(rc, 0)
        self.assertEqual(self.get("chiffré ✓.bin"), through_pipes)
        rc, back, _ = axiom(*cipher("-d", target), env=UTF8_ENV)
        self.assertEqual((rc, back), (0, AWKWARD))

    def test_missing_utf8_name(self):
        rc, out, err = axiom("sum", "нет.txt", cwd=self.d, env=UTF8_ENV)
        self.assertEqual((rc, out), (1, b""))
        self.assertIn(b"No such file or directory", err)


class PlatformStreams(DirCase):
    def test_binary_stdin_and_stdout(self):
        rc, out, _ = axiom("sum", "-", data=AWKWARD)
        self.assertEqual((rc, out), (0, f"{hashlib.sha256(AWKWARD).hexdigest()}  -\n".encode()))
        rc, sealed, _ = axiom(*cipher("-e"), data=AWKWARD)
        self.assertEqual((rc, len(sealed)), (0, len(AWKWARD)))
        rc, back, _ = axiom(*cipher("-d"), data=sealed)
        self.assertEqual((rc, back), (0, AWKWARD))

    def test_rand_writes_exact_bytes(self):
        # 4096 random bytes hold many 0x0a: text mode would add a CR before each.
        rc, out, _ = axiom("rand", "4096")
        self.assertEqual((rc, len(out)), (0, 4096))


class PlatformReplace(DirCase):
    def leftovers(self):
        return glob.glob(os.path.join(self.d, ".axiom-*"))

    def test_out_replaced_whole(self):
        self.put("out", b"old contents, longer than the new ones " * 100)
        source = self.put("in", AWKWARD[:999])
        rc, _, err = axiom(*cipher("-e", source, self.path("out")))
        self.assertEqual((rc, err), (0, b""))
        rc, expected, _ = axiom(*cipher("-e"), data=AWKWARD[:999])
        self.assertEqual(self.get("out"), expected)
        self.assertEqual(self.leftovers(), [])

    def test_failure_keeps_out(self):
        self.put("out", b"keep me")
        source = self.put("in", b"x" * 100)
        rc, _, _ = axiom("cipher", "-d", "-a", "aes-128-gcm", "-K", KEY, "--iv", IV[:24], source,
                         self.path("out"))
        self.assertEqual(rc, 1)  # authentication failed
        self.assertEqual(self.get("out"), b"keep me")
        self.assertEqual(self.leftovers(), [])

    def test_interrupt_leaves_nothing(self):
        """An interrupt (SIGINT here; under Wine it reaches the console control handler as
        Ctrl-C) while OUT is being written leaves neither OUT nor a temporary file."""
        out = self.path("out")
        p = subprocess.Popen([AXIOM, *cipher("-e", "-", out)], stdin=subprocess.PIPE,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV,
                             start_new_session=True)
        try:
            p.stdin.write(b"x" * 65536)
            p.stdin.flush()
            # Windows names the new file from the start; Linux keeps it unnamed (O_TMPFILE):
            # give the program time to have it open either way.
            deadline = time.monotonic() + 60
            while WINDOWS and not self.leftovers() and time.monotonic() < deadline:
                time.sleep(0.1)
            if WINDOWS:
                self.assertNotEqual(self.leftovers(), [], "no temporary file appeared")
            time.sleep(1)
            os.killpg(p.pid, signal.SIGINT)
            # Standard input stays open until the program has ended: Wine runs the control
            # handler on a thread of its own, and an end of input before it runs would let
            # the program finish OUT.
            p.wait(timeout=60)
            err = p.stderr.read()
            p.stdin.close()
        finally:
            if p.poll() is None:
                p.kill()
        self.assertNotEqual(p.returncode, 0)
        self.assertIn(b"interrupted: no output written", err)
        self.assertFalse(os.path.exists(out))
        self.assertEqual(self.leftovers(), [])


class PlatformLists(DirCase):
    """Lists as Git for Windows' sha256sum writes them: binary mode is its default on Windows,
    shown by '*' before the name, and lines may end in CR LF after an editor or a checkout."""

    def test_star_marker_and_crlf(self):
        files = {"a.txt": b"abc", "b c.bin": AWKWARD}
        for name, data in files.items():
            self.put(name, data)
        lines = [f"{hashlib.sha256(d).hexdigest()} *{n}" for n, d in files.items()]
        for ending in ("\n", "\r\n"):
            listing = "".join(line + ending for line in lines).encode()
            rc, out, err = axiom("sum", "-c", "-", cwd=self.d, data=listing)
            self.assertEqual((rc, err), (0, b""), ending)
            self.assertEqual(out, b"a.txt: OK\nb c.bin: OK\n")
        self.put("list", "".join(line + "\r\n" for line in lines).encode())
        rc, out, _ = axiom("sum", "-c", "list", cwd=self.d)
        self.assertEqual((rc, out), (0, b"a.txt: OK\nb c.bin: OK\n"))

    def test_crlf_list_detects_a_change(self):
        self.put("a.txt", b"abc")
        listing = f"{hashlib.sha256(b'abd').hexdigest()} *a.txt\r\n".encode()
        rc, out, _ = axiom("sum", "-c", "-", cwd=self.d, data=listing)
        self.assertEqual((rc, out), (1, b"a.txt: FAILED\n"))

    def test_our_lines_end_in_lf(self):
        self.put("a.txt", b"abc")
        rc, out, _ = axiom("sum", "a.txt", cwd=self.d)
        self.assertEqual((rc, out), (0, f"{hashlib.sha256(b'abc').hexdigest()}  a.txt\n".encode()))


if __name__ == "__main__":
    main()
