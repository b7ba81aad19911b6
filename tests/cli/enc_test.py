#!/usr/bin/env python3
"""axiom keygen, enc and dec."""

import hashlib
import hmac
import os
import stat
import subprocess
import tempfile
import threading
import unittest

from cli import *  # noqa: F401,F403 (AXIOM, run, axiom, TreeCase, ...)


class Enc(DirCase):
    """axiom keygen / enc / dec: round trips, and every kind of damage fails with exit 1 and
    leaves no output file."""

    CHUNK = 65536
    RECORD = CHUNK + 16
    HEADER = 40

    def setUp(self):
        super().setUp()
        self.key = self.path("key")
        rc, out, err = axiom("keygen", self.key)
        self.assertEqual((rc, out, err), (0, b"", b""))
        self.pw = self.path("pw")
        self.put("pw", b"correct horse battery staple\n")

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
        if not WINDOWS:  # no permission bits there: the file gets its directory's ACL
            self.assertEqual(os.stat(self.key).st_mode & 0o777, 0o600)
        self.assertEqual(axiom("keygen", self.key)[0], 2)  # never overwrites
        rc, out, _ = axiom("keygen")
        self.assertEqual(rc, 0)
        self.assertRegex(out.decode(), r"^[0-9a-f]{64}\n$")
        self.assertNotEqual(out.decode(), text)

    # The AEADs of -a, with the id each writes into the header.
    ALGORITHMS = {"chacha20-poly1305": 1, "aes-256-gcm": 2, "sm4-gcm": 3, "kuznyechik-mgm": 4}

    def test_round_trips(self):
        for size in sample([0, 1, self.CHUNK - 1, self.CHUNK, self.CHUNK + 1, 3 * self.CHUNK, 300001], 3):
            data = os.urandom(size)
            self.put("in", data)
            for alg, alg_id in self.ALGORITHMS.items():
                # Under qemu a passphrase (600000 PBKDF2 iterations) takes seconds: empty files only.
                modes = (["-k", self.key], ["--passphrase-file", self.pw])
                for mode in modes if size == 0 or not EMULATED else modes[:1]:
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
        for alg in sample(self.ALGORITHMS, 2):
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
            "other algorithm in the header": ct[:9] + bytes([ct[9] % len(self.ALGORITHMS) + 1]) + ct[10:],
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
        for size in sample([slot - 1, slot, slot + 1, 2 * slot, 7 * slot + 12345], 2):
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

    def test_files_of_earlier_versions_decrypt(self):
        # Files written before sm4-gcm and kuznyechik-mgm were added (tests/data/cli/README.md).
        data = os.path.join(DATA, "cli")
        plain = bytes(i % 251 for i in range(70000))
        for name, mode in [("chacha20-poly1305", ["-k", "enc_v1.key"]), ("aes-256-gcm", ["-k", "enc_v1.key"]),
                           ("passphrase", ["--passphrase-file", "enc_v1.passphrase"])]:
            with self.subTest(name=name):
                self.assertEqual(axiom("dec", *mode, f"enc_v1_{name}.axe", "-", cwd=data), (0, plain, b""))

    def test_national_aeads_match_axiom_cipher(self):
        # sm4-gcm and kuznyechik-mgm files rebuilt record by record through `axiom cipher` (itself
        # checked against RFC 8998 and RFC 9058): SM4 takes the first 16 bytes of the file key,
        # MGM the chunk nonce after four zero bytes (its first bit must be 0).
        data = os.urandom(self.CHUNK + 10)
        self.put("in", data)
        with open(self.key) as f:
            master = bytes.fromhex(f.read().strip())
        for alg, key_size, nonce_head in [("sm4-gcm", 16, b""), ("kuznyechik-mgm", 32, bytes(4))]:
            with self.subTest(alg=alg):
                self.assertEqual(axiom("enc", "-k", self.key, "-a", alg, self.path("in"), self.path("ct"))[:2], (0, b""))
                ct = self.get("ct")
                header, salt, prefix = ct[:self.HEADER], ct[16:32], ct[32:39]
                prk = hmac.new(salt, master, hashlib.sha256).digest()
                file_key = hmac.new(prk, b"axiom enc v1" + b"\x01", hashlib.sha256).digest()[:key_size]
                for index, last, chunk, record in [(0, 0, data[:self.CHUNK], ct[self.HEADER:self.HEADER + self.RECORD]),
                                                   (1, 1, data[self.CHUNK:], ct[self.HEADER + self.RECORD:])]:
                    nonce = nonce_head + prefix + index.to_bytes(4, "big") + bytes([last])
                    self.assertEqual(axiom("cipher", "-a", alg, "-e", "-K", file_key.hex(), "--iv", nonce.hex(),
                                           "--aad", header.hex(), data=chunk), (0, record, b""))
        # Names in either case, as OpenSSL takes them.
        self.assertEqual(axiom("enc", "-k", self.key, "-a", "SM4-GCM", self.path("in"), self.path("ct"))[0], 0)
        self.assertEqual(self.get("ct")[9], 3)

    def passphrase_file(self, iterations, data):
        """An axiom enc file of data under self.pw's passphrase with the given PBKDF2 count,
        built here (chacha20-poly1305 records sealed by `axiom cipher`)."""
        salt, prefix = os.urandom(16), os.urandom(7)
        header = (b"AXIOMENC" + bytes([1, 1, 1, 16]) + iterations.to_bytes(4, "big") + salt + prefix + b"\0")
        key = hashlib.pbkdf2_hmac("sha256", b"correct horse battery staple", salt, iterations, 32)
        chunks = [data[i:i + self.CHUNK] for i in range(0, len(data) - len(data) % self.CHUNK, self.CHUNK)]
        chunks.append(data[len(chunks) * self.CHUNK:])
        out = header
        for i, chunk in enumerate(chunks):
            nonce = prefix + i.to_bytes(4, "big") + bytes([i == len(chunks) - 1])
            rc, sealed, err = axiom("cipher", "-a", "chacha20-poly1305", "-e", "-K", key.hex(), "--iv", nonce.hex(),
                                    "--aad", header.hex(), data=chunk)
            self.assertEqual((rc, err), (0, b""))
            out += sealed
        return out

    def test_iteration_count_is_capped(self):
        # The PBKDF2 count is read before anything is authenticated: dec takes at most what enc
        # writes (600000) unless --max-iterations allows more, and refuses at once (exit 2).
        data = os.urandom(self.CHUNK + 5)
        self.put("few", self.passphrase_file(1000, data))
        self.assertEqual(axiom("dec", "--passphrase-file", self.pw, self.path("few"), "-")[:2], (0, data))
        self.put("more", self.passphrase_file(600001, data))
        rc, out, err = axiom("dec", "--passphrase-file", self.pw, self.path("more"), "-")
        self.assertEqual((rc, out), (2, b""))
        self.assertEqual(err.decode(), f"axiom dec: {self.path('more')}: asks for 600001 PBKDF2 iterations, more than "
                                       "the limit of 600000 (axiom enc writes 600000); if the file is expected, give "
                                       "--max-iterations 600001\n")
        self.assertEqual(axiom("dec", "--passphrase-file", self.pw, "--max-iterations", "600001", self.path("more"),
                               "-")[:2], (0, data))
        # A crafted header asking for 10^8 iterations (about 11 s of CPU at the old limit) is
        # refused without deriving anything.
        ct = bytearray(self.get("few"))
        ct[12:16] = (10 ** 8).to_bytes(4, "big")
        self.put("crafted", bytes(ct))
        p = subprocess.run([AXIOM, "dec", "--passphrase-file", self.pw, self.path("crafted"), self.path("out")],
                           capture_output=True, env=ENV, timeout=5)
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertIn(b"asks for 100000000 PBKDF2 iterations", p.stderr)
        self.assertFalse(os.path.exists(self.path("out")))
        for args in [["enc", "--max-iterations", "5"], ["dec", "--max-iterations", "0"],
                     ["dec", "--max-iterations", "x"], ["dec", "--max-iterations", "4294967296"]]:
            rc, _, err = axiom(args[0], "--passphrase-file", self.pw, *args[1:], self.path("few"), self.path("out"))
            self.assertEqual(rc, 2, args)
            self.assertIn(b"--max-iterations", err)

    @unittest.skipIf(EMULATED, "300 MiB through qemu takes minutes; the same I/O code is tested natively")
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


if __name__ == "__main__":
    main()
