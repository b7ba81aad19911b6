"""Shared helpers of the axiom command-line tests (tests/cli/*_test.py), run against the real
binary. Each test file is run as
    python3 FILE_test.py --axiom PATH [--shim PATH] [--arch NAME] [--system NAME] [unittest arguments,
    e.g. a TestCase name]
and ctest runs one test per test class (tests/cli/CMakeLists.txt). In a cross build PATH is a
script that runs the binary under qemu-user or Wine, --arch names the target's architecture
and --system its operating system (CMake's name: Linux, Windows).
"""

import hashlib
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import unittest


def _paths_from_argv():
    """--axiom PATH (the binary under test), optionally --shim PATH (fault_shim.c built) and
    --arch NAME, the first arguments of every test file; the rest is for unittest."""
    paths, args = {}, sys.argv[1:]
    while len(args) >= 2 and args[0] in ("--axiom", "--shim", "--arch", "--system"):
        paths[args[0][2:]] = args[1] if args[0] in ("--arch", "--system") else os.path.abspath(args[1])
        args = args[2:]
    return paths, args


_PATHS, _UNITTEST_ARGS = _paths_from_argv()
AXIOM = _PATHS.get("axiom")
SHIM = _PATHS.get("shim")  # None: the tests that need it are skipped
ARCH = _PATHS.get("arch", platform.machine())  # the architecture axiom was built for
EMULATED = ARCH != platform.machine()  # axiom runs under qemu-user, which shows the host's /proc/cpuinfo
WINDOWS = _PATHS.get("system", platform.system()) == "Windows"  # axiom.exe, run under Wine


def posix_only(reason):
    """Skips a test of POSIX behaviour when axiom is the Windows build, saying why."""
    return unittest.skipIf(WINDOWS, f"POSIX only: {reason}")
SHA256SUM = shutil.which("sha256sum")
OPENSSL = shutil.which("openssl")
GOST12SUM = shutil.which("gost12sum")
ENV = dict(os.environ, LC_ALL="C")  # the C locale: sha256sum's messages and quoting
ENV.pop("AXIOM_CPU", None)
E = hashlib.sha256(b"").hexdigest()


def sample(items, n):
    """All of items natively. Under an emulator n of them, spread evenly, the first and the last
    included: each run of axiom starts a qemu (about half a second) whose kernels run 50 to 500
    times slower, and every case here runs natively in the x86-64 suite."""
    items = list(items)
    if not EMULATED or len(items) <= n:
        return items
    return [items[round(i * (len(items) - 1) / (n - 1))] for i in range(n)]


def run(cmd, cwd=None, data=b"", env=None):
    p = subprocess.run(cmd, cwd=cwd, input=data, capture_output=True, env=env or ENV,
                       timeout=120)
    return p.returncode, p.stdout, p.stderr


def axiom(*args, **kw):
    return run([AXIOM, *args], **kw)


class DirCase(unittest.TestCase):
    """A fresh temporary directory for each test, self.d (its real path, as /proc shows it)."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.d = os.path.realpath(self.tmp.name)

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
        if WINDOWS:
            self.skipTest("POSIX only: GNU sha256sum's exact messages (glibc's strerror, ENOTDIR), "
                          "on names Windows cannot hold (backslash, newline, colon)")
        ours = axiom("sum", *args, cwd=self.dir, data=data, env=env)
        # argv[0] "sha256sum" (found on PATH) is the name in its messages.
        theirs = run(["sha256sum", *args], cwd=self.dir, data=data, env=env)
        theirs_err = re.sub(rb"(?m)^sha256sum:", b"axiom sum:", theirs[2])
        self.assertEqual(ours[1], theirs[1], f"stdout of {args!r}")
        self.assertEqual(ours[2], theirs_err, f"stderr of {args!r}")
        self.assertEqual(ours[0], theirs[0], f"exit status of {args!r}")
        if expect_rc is not None:
            self.assertEqual(ours[0], expect_rc)
        return ours


AES_SIZES = (128, 192, 256)
AES_MACS = [f"cmac-aes-{b}" for b in AES_SIZES]
AES_CIPHERS = [f"aes-{b}-{m}" for m in ("ecb", "cbc", "cfb", "cfb8", "ofb", "ctr", "gcm", "ccm") for b in AES_SIZES] + [
    "aes-128-xts", "aes-256-xts"]
AES_NAMES = set(AES_MACS + AES_CIPHERS)
AES_PORTABLE = {name: "aes/portable+ghash/portable" if name.endswith("gcm") else "aes/portable"
                for name in AES_NAMES}
SM4_NAMES = {"cmac-sm4"} | {f"sm4-{m}" for m in ("ecb", "cbc", "ctr", "cfb", "cfb8", "ofb", "gcm", "ccm", "xts")}
AES_NAMES |= SM4_NAMES
AES_PORTABLE.update({name: "sm4/portable+ghash/portable" if name == "sm4-gcm" else "sm4/portable"
                     for name in SM4_NAMES})
KUZ_CIPHERS = [f"kuznyechik-{m}" for m in ("ecb", "cbc", "ctr", "ctr-acpkm", "ofb", "cfb", "cfb8", "xts", "mgm")]
KUZ_NAMES = set(KUZ_CIPHERS + ["kuznyechik-mac"])
AES_NAMES |= KUZ_NAMES
AES_PORTABLE.update({name: "kuznyechik/portable+mgm/portable" if name.endswith("mgm") else "kuznyechik/portable"
                     for name in KUZ_NAMES})
MAGMA_CIPHERS = [f"magma-{m}" for m in ("ecb", "cbc", "ctr", "ctr-acpkm", "ofb", "cfb", "cfb8", "mgm")]
MAGMA_NAMES = set(MAGMA_CIPHERS + ["magma-mac"])
AES_NAMES |= MAGMA_NAMES
AES_PORTABLE.update({name: "magma/portable+mgm64/portable" if name.endswith("mgm") else "magma/portable"
                     for name in MAGMA_NAMES})


def gost_engine_enc():
    """The `openssl enc -engine gost` prefix if the GOST engine loads, else None."""
    if OPENSSL is None:
        return None
    rc, _, _ = run([OPENSSL, "enc", "-engine", "gost", "-kuznyechik-ecb", "-K", "00" * 32], data=b"")
    return [OPENSSL, "enc", "-engine", "gost"] if rc == 0 else None


GOST_ENC = gost_engine_enc()
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data")
KUZ_VECTORS = os.path.join(DATA, "kat")


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


def run_on_terminal(args, steps=(), stdout_to_terminal=False, env=None, cwd=None):
    """Runs axiom ARGS with standard error on a pseudo-terminal (and standard output too if
    asked, else in a pipe), feeding standard input the byte strings of steps with the pause
    (seconds) that follows each: [(data, pause), ...]. Returns (status, stdout, terminal text)."""
    import pty
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
    with tempfile.TemporaryFile() as out:
        try:
            p = subprocess.Popen([AXIOM, *args], stdin=subprocess.PIPE, stdout=slave if stdout_to_terminal else out,
                                 stderr=slave, env=env or ENV, cwd=cwd)
            for data, pause in steps:
                p.stdin.write(data)
                p.stdin.flush()
                time.sleep(pause)
            p.stdin.close()
            p.wait(timeout=120)
        finally:
            os.close(slave)
            reader.join(timeout=30)
            os.close(master)
        out.seek(0)
        return p.returncode, out.read(), b"".join(chunks)


def main():
    if AXIOM is None:
        sys.exit("usage: FILE_test.py --axiom PATH [--shim PATH] [--arch NAME] [--system NAME] [unittest arguments]")
    unittest.main(module="__main__", argv=[sys.argv[0], *_UNITTEST_ARGS], verbosity=2)
