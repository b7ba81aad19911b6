#!/usr/bin/env python3
"""Files written by enc, dec and cipher under faults and signals."""

import os
import stat
import subprocess
import tempfile
import threading
import time
import unittest

from cli import *  # noqa: F401,F403 (AXIOM, run, axiom, TreeCase, ...)


@posix_only("faults made by an LD_PRELOAD shim, /dev/full, ulimit -f and POSIX signals: Ctrl-C on Windows is tested by cli.platformreplace")
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
                self.assertRegex(err.decode(), r"^axiom (enc|dec|cipher): .*out: (Permission denied|Read-only file system)\n$")
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
                self.assertRegex(p.stderr.decode(), r"^axiom (enc|dec|cipher): .*out: File too large\n$")
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
                self.assertRegex(err.decode(), r"^axiom (enc|dec|cipher): .*out: No space left on device\n$")
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
                self.assertRegex(err.decode(), r"^axiom dec: .*: " + message)
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
        # Every catchable signal that ends a process, on both ways of writing OUT (an unnamed
        # O_TMPFILE, and the named temporary file used where O_TMPFILE is not supported): the
        # process dies of the signal, says so, and leaves OUT as it was and no other file.
        import signal as sig
        signals = [sig.SIGINT, sig.SIGTERM, sig.SIGHUP, sig.SIGQUIT, sig.SIGUSR1, sig.SIGUSR2,
                   sig.SIGALRM, sig.SIGPIPE, sig.SIGVTALRM, sig.SIGRTMIN + 2]
        out = self.put("out", self.OLD)
        before = sorted(os.listdir(self.d))
        for way in ["unnamed", "named"]:
            if way == "named" and SHIM is None:
                continue
            env = shim_env(FAULT_SHIM_NO_TMPFILE="1") if way == "named" else ENV
            for name in ["enc", "dec", "cipher chacha20"]:
                args = [a if a != self.inp and a != os.path.join(self.d, "ct") else "-"
                        for a in self.commands(out)[name][0]]
                feed = self.ct if name == "dec" else self.data
                for s in sample(signals, 4):
                    with self.subTest(way=way, command=name, signal=sig.strsignal(s)):
                        p = start_stalled(args, feed[:300000], env)
                        self.addCleanup(stop, p)
                        new = wait_for_new_file(self, p, self.d)
                        self.assertEqual(new.startswith(".axiom-"), way == "named", new)
                        p.send_signal(s)
                        _, err = p.communicate(timeout=60)
                        # qemu-user reports a signal that dumps core on its own line.
                        err = re.sub(rb"(?m)^qemu: uncaught target signal .*\n", b"", err)
                        self.assertEqual(p.returncode, -s, err)
                        self.assertEqual(err, f"axiom {name.split()[0]}: interrupted: no output written\n".encode())
                        self.assert_clean(out, old=self.OLD)
                        self.assertEqual(sorted(os.listdir(self.d)), before)

    def test_sigkill_leaves_no_file(self):
        # SIGKILL cannot be caught: the new file has no name until the end, so nothing is left.
        out = self.put("out", self.OLD)
        before = sorted(os.listdir(self.d))
        for name in ["enc", "dec", "cipher chacha20"]:
            with self.subTest(command=name):
                args = [a if a != self.inp and a != os.path.join(self.d, "ct") else "-"
                        for a in self.commands(out)[name][0]]
                p = start_stalled(args, (self.ct if name == "dec" else self.data)[:300000], ENV)
                self.addCleanup(stop, p)
                wait_for_new_file(self, p, self.d)
                p.kill()
                p.communicate(timeout=60)
                self.assertEqual(p.returncode, -9)
                self.assert_clean(out, old=self.OLD)
                self.assertEqual(sorted(os.listdir(self.d)), before)



@posix_only("OUT's mode, owner, symbolic links, FIFOs and devices, and the input identified by device and inode: Windows' own output rules are tested by cli.platformreplace")
class Outputs(DirCase):
    """What enc, dec and cipher do with OUT: never the input, the replaced file's mode and
    owner kept, any name length, symbolic links followed one documented way, race-free."""

    def setUp(self):
        super().setUp()
        self.key = self.path("key")
        self.assertEqual(axiom("keygen", self.key)[0], 0)
        self.data = os.urandom(200000)
        self.put("in", self.data)
        self.assertEqual(axiom("enc", "-k", self.key, self.path("in"), self.path("ct"))[0], 0)

    def commands(self, src, dst):
        """enc, dec and cipher from src (a plain or an axiom enc file) to dst."""
        return {
            "enc": ["enc", "-k", self.key, src, dst],
            "dec": ["dec", "-k", self.key, src, dst],
            "cipher": ["cipher", "-a", "aes-128-ctr", "-e", "-K", "00" * 16, "--iv", "00" * 16, src, dst],
        }

    def ways(self):
        """How OUT's new file is made: an unnamed O_TMPFILE, and (with the shim) the named
        temporary file of file systems without O_TMPFILE."""
        yield "unnamed", ENV
        if SHIM is not None:
            yield "named", shim_env(FAULT_SHIM_NO_TMPFILE="1")

    def test_output_that_is_the_input_is_refused(self):
        # cat's rule: the same device and inode, whatever the names; exit 2, nothing changed.
        os.link(self.path("ct"), self.path("hard"))
        os.symlink("ct", self.path("soft"))
        for what, args in [("same name", ["ct", "ct"]), ("hard link", ["ct", "hard"]),
                           ("symbolic link", ["ct", "soft"]), ("directory part", ["ct", "./ct"])]:
            for cmd, argv in self.commands(*(self.path(a) for a in args)).items():
                with self.subTest(what, command=cmd):
                    rc, out, err = axiom(*argv)
                    self.assertEqual((rc, out), (2, b""), err)
                    self.assertEqual(err, f"axiom {cmd}: {self.path(args[1])}: input file is output file\n".encode())
                    self.assertEqual(os.listdir(self.d).count("ct"), 1)
                    self.assertEqual(axiom("dec", "-k", self.key, self.path("ct"), "-")[:2], (0, self.data))
        # Standard output appending to the input (`cmd f - >> f`, which would read its own
        # output until the disk is full), and standard input and OUT the same file.
        for cmd, argv in self.commands(self.path("ct"), "-").items():
            with self.subTest("stdout is the input", command=cmd):
                with open(self.path("ct"), "ab") as same:
                    p = subprocess.run([AXIOM, *argv], stdout=same, stderr=subprocess.PIPE, env=ENV, timeout=60)
                self.assertEqual((p.returncode, p.stderr),
                                 (2, f"axiom {cmd}: standard output: input file is output file\n".encode()))
                self.assertEqual(axiom("dec", "-k", self.key, self.path("ct"), "-")[:2], (0, self.data))
        for cmd, argv in self.commands("-", self.path("ct")).items():
            with self.subTest("stdin is OUT", command=cmd):
                with open(self.path("ct"), "rb") as same:
                    p = subprocess.run([AXIOM, *argv], stdin=same, capture_output=True, env=ENV, timeout=60)
                self.assertEqual((p.returncode, p.stderr),
                                 (2, f"axiom {cmd}: {self.path('ct')}: input file is output file\n".encode()))
                self.assertEqual(axiom("dec", "-k", self.key, self.path("ct"), "-")[:2], (0, self.data))
        # A device is not a file that could be overwritten: the same one in and out is fine.
        with open(os.devnull, "r+b") as null:
            p = subprocess.run([AXIOM, *self.commands("-", "-")["cipher"]], stdin=null, stdout=null,
                               stderr=subprocess.PIPE, env=ENV, timeout=60)
        self.assertEqual((p.returncode, p.stderr), (0, b""))

    def test_replaced_file_keeps_mode_and_owner(self):
        for way, env in self.ways():
            for cmd, argv in self.commands(self.path("in"), self.path("out")).items():
                if cmd == "dec":
                    argv = self.commands(self.path("ct"), self.path("out"))["dec"]
                for mode in (0o600, 0o640, 0o604, 0o755):
                    with self.subTest(way=way, command=cmd, mode=oct(mode)):
                        self.put("out", b"old")
                        os.chmod(self.path("out"), mode)
                        owner = (os.getuid(), os.getgid())
                        if os.geteuid() == 0:
                            owner = (12345, 23456)
                            os.chown(self.path("out"), *owner)
                        rc, _, err = run([AXIOM, *argv], env=env)
                        self.assertEqual((rc, err), (0, b""))
                        st = os.stat(self.path("out"))
                        self.assertEqual(stat.S_IMODE(st.st_mode), mode)
                        self.assertEqual((st.st_uid, st.st_gid), owner)
                        self.assertNotEqual(self.get("out"), b"old")
                # A new OUT: 0600 for enc and dec (plaintext or not, it is the user's), 0666 for
                # cipher, less the umask.
                with self.subTest(way=way, command=cmd, mode="new"):
                    os.unlink(self.path("out"))
                    p = subprocess.run([AXIOM, *argv], capture_output=True, env=env, timeout=60,
                                       preexec_fn=lambda: os.umask(0o027))
                    self.assertEqual((p.returncode, p.stderr), (0, b""))
                    want = 0o640 if cmd == "cipher" else 0o600
                    self.assertEqual(stat.S_IMODE(os.stat(self.path("out")).st_mode), want)
                    os.unlink(self.path("out"))

    def test_names_up_to_name_max(self):
        # The new file never needs a longer name than OUT: names of 243 to 255 bytes (NAME_MAX),
        # new and replaced, both ways.
        for way, env in self.ways():
            for length in (243, 250, 255):
                name = self.path("n" * length)
                for exists in (False, True):
                    with self.subTest(way=way, length=length, exists=exists):
                        if exists:
                            self.put(name, b"old")
                        rc, _, err = run([AXIOM, "enc", "-k", self.key, self.path("in"), name], env=env)
                        self.assertEqual((rc, err), (0, b""))
                        self.assertEqual(axiom("dec", "-k", self.key, name, "-")[:2], (0, self.data))
                        self.assertEqual(sorted(os.listdir(self.d)), sorted(["key", "in", "ct", "n" * length]))
                    if exists:
                        os.unlink(name)
        rc, _, err = axiom("enc", "-k", self.key, self.path("in"), self.path("n" * 256))
        self.assertEqual((rc, err), (2, f"axiom enc: {self.path('n' * 256)}: File name too long\n".encode()))

    def test_directories_are_refused_clearly(self):
        os.mkdir(self.path("sub"))
        for out, message in [(".", ".: is a directory (OUT must name a file)"),
                             (self.path("sub"), f"{self.path('sub')}: is a directory (OUT must name a file)"),
                             (self.path("sub") + "/", f"{self.path('sub')}/: is a directory (OUT must name a file)"),
                             (self.path("new") + "/", f"{self.path('new')}/: not a file name (it ends in '/')"),
                             (self.path("nodir/x"), f"{self.path('nodir/x')}: No such file or directory")]:
            for cmd, argv in self.commands(self.path("in"), out).items():
                if cmd == "dec":
                    argv = self.commands(self.path("ct"), out)["dec"]
                with self.subTest(out=out, command=cmd):
                    rc, _, err = axiom(*argv, cwd=self.d)
                    self.assertEqual((rc, err), (2, f"axiom {cmd}: {message}\n".encode()))
                    self.assertEqual(sorted(os.listdir(self.d)), ["ct", "in", "key", "sub"])

    def test_symbolic_links_are_followed(self):
        # OUT is what open(2) finds through links: a regular file is replaced in its own
        # directory (the link stays a link, the file keeps its mode), a FIFO is written in
        # place, a link to nothing is refused (it would create a file somewhere else).
        os.mkdir(self.path("sub"))
        self.put("sub/target", b"old")
        os.chmod(self.path("sub/target"), 0o604)
        os.symlink("sub/target", self.path("link"))
        os.symlink("link", self.path("link2"))
        for way, env in self.ways():
            for out in ("link", "link2"):
                with self.subTest(way=way, out=out):
                    rc, _, err = run([AXIOM, "enc", "-k", self.key, self.path("in"), self.path(out)], env=env)
                    self.assertEqual((rc, err), (0, b""))
                    self.assertEqual(os.readlink(self.path("link")), "sub/target")
                    self.assertEqual(stat.S_IMODE(os.stat(self.path("sub/target")).st_mode), 0o604)
                    self.assertEqual(axiom("dec", "-k", self.key, self.path("sub/target"), "-")[:2], (0, self.data))
                    self.assertEqual(sorted(os.listdir(self.path("sub"))), ["target"])
        os.mkfifo(self.path("fifo"))
        os.symlink("fifo", self.path("to_fifo"))
        got = []

        def read_fifo():
            with open(self.path("fifo"), "rb") as f:
                got.append(f.read())

        reader = threading.Thread(target=read_fifo, daemon=True)
        reader.start()
        self.assertEqual(axiom("dec", "-k", self.key, self.path("ct"), self.path("to_fifo")), (0, b"", b""))
        reader.join(timeout=60)
        self.assertEqual(got, [self.data])
        self.assertTrue(os.path.islink(self.path("to_fifo")))
        os.symlink("nothing", self.path("dangling"))
        rc, _, err = axiom("enc", "-k", self.key, self.path("in"), self.path("dangling"))
        self.assertEqual((rc, err), (2, f"axiom enc: {self.path('dangling')}: a symbolic link to nothing "
                                        "(name the file to write instead)\n".encode()))
        self.assertFalse(os.path.exists(self.path("nothing")))

    @unittest.skipIf(SHIM is None, "needs the fault shim (--shim)")
    def test_name_swapped_after_the_check_is_not_written(self):
        # OUT is a FIFO when it is examined and a link to another file when it is opened (the
        # shim swaps it right after the first look): that file must not be written in place.
        victim = self.put("victim", b"precious " * 1000)
        for cmd, argv in self.commands(self.path("in"), self.path("out")).items():
            if cmd == "dec":
                argv = self.commands(self.path("ct"), self.path("out"))["dec"]
            with self.subTest(command=cmd):
                if os.path.lexists(self.path("out")):
                    os.unlink(self.path("out"))
                os.mkfifo(self.path("out"))
                rc, _, err = run([AXIOM, *argv], env=shim_env(FAULT_SHIM_SWAP=f"{self.path('out')}:{victim}"))
                self.assertEqual((rc, err), (2, f"axiom {cmd}: {self.path('out')}: changed while it was being "
                                                "opened\n".encode()))
                self.assertEqual(self.get("victim"), b"precious " * 1000)
                self.assertEqual(os.readlink(self.path("out")), victim)

def shim_env(**variables):
    """ENV with fault_shim.c preloaded and its variables set."""
    env = dict(ENV, **variables)
    # Under qemu-user the preload is for the emulated program, not for qemu itself.
    env["QEMU_SET_ENV" if EMULATED else "LD_PRELOAD"] = ("LD_PRELOAD=" if EMULATED else "") + SHIM
    # An ASan build wants its runtime first; the shim only wraps libc calls.
    env["ASAN_OPTIONS"] = ":".join(filter(None, [env.get("ASAN_OPTIONS"), "verify_asan_link_order=0"]))
    return env


def start_stalled(args, feed, env):
    """axiom ARGS reading feed from a pipe that then stalls (left open), with the signals at
    their defaults (a background shell starts us with SIGINT ignored; a user's Ctrl-C is not)
    and no core file."""
    import resource
    import signal as sig

    def child():
        for s in range(1, sig.NSIG):
            try:
                if sig.getsignal(s) == sig.SIG_IGN:
                    sig.signal(s, sig.SIG_DFL)
            except (OSError, ValueError):
                pass
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

    p = subprocess.Popen([AXIOM, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=env, preexec_fn=child)
    p.stdin.write(feed)
    p.stdin.flush()
    return p


def stop(p):
    """Ends p if a failed check left it running, and reaps it."""
    if p.poll() is None:
        p.kill()
    p.communicate()


def wait_for_new_file(test, p, directory):
    """Waits until process p holds OUT's new file open: an unnamed one shows in /proc as
    'DIR/#NUMBER (deleted)', a named one as 'DIR/.axiom-XXXXXX'. Returns that name."""
    directory = os.path.realpath(directory) + "/"
    deadline = time.monotonic() + 30
    while True:
        for fd in os.listdir(f"/proc/{p.pid}/fd"):
            try:
                target = os.readlink(f"/proc/{p.pid}/fd/{fd}")
            except OSError:
                continue
            name = target[len(directory):] if target.startswith(directory) else ""
            if name.startswith("#") or name.startswith(".axiom-"):
                return name
        test.assertLess(time.monotonic(), deadline, "OUT's new file was never opened")
        time.sleep(0.01)

if __name__ == "__main__":
    main()
