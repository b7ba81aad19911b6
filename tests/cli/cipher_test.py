#!/usr/bin/env python3
"""axiom cipher: every algorithm against OpenSSL, the GOST engine, Python's cryptography
package and the standards' vectors."""

import os
import tempfile
import unittest

import reference
from cli import *  # noqa: F401,F403 (AXIOM, run, axiom, TreeCase, ...)


class Cipher(unittest.TestCase):
    """axiom cipher: chacha20 byte for byte as `openssl enc -chacha20`, the AEADs against the
    RFC vectors and Python's cryptography package (when installed), and failures."""

    SIZES = [0, 1, 63, 64, 65, 511, 512, 513, 4097, 262143, 262144, 262145, 1048579]

    @unittest.skipIf(OPENSSL is None, "openssl not found")
    def test_chacha20_matches_openssl_enc(self):
        for size in sample(self.SIZES, 5):
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
        for size in sample([0, 1, 16, 100, 4096, 70000], 4):
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
        self.assertEqual((rc, err), (2, b"axiom cipher: /nonexistent: No such file or directory\n"))

    def test_counter_wrap_is_refused(self):
        # Counter 0xffffffff leaves one block: 64 bytes work, 65 do not.
        key, iv = "55" * 32, "ffffffff" + "66" * 12
        self.assertEqual(axiom("cipher", "-a", "chacha20", "-e", "-K", key, "--iv", iv, data=b"a" * 64)[0], 0)
        rc, _, err = axiom("cipher", "-a", "chacha20", "-e", "-K", key, "--iv", iv, data=b"a" * 65)
        self.assertEqual(rc, 2)
        self.assertIn(b"message too long", err)


class Aes(unittest.TestCase):
    """axiom cipher -a aes-* byte for byte as `openssl enc` (ECB, CBC, CTR, padded and not),
    AES-GCM against Python's cryptography package and the GCM spec, `axiom mac -a cmac-aes-*`
    as `openssl mac ... CMAC`."""

    SIZES = [0, 1, 15, 16, 17, 63, 64, 65, 255, 256, 257, 4095, 4096, 4097, 65535, 65536, 65537, 300001]

    @unittest.skipIf(OPENSSL is None, "openssl not found")
    def test_block_modes_match_openssl_enc(self):
        for mode in ("ecb", "cbc", "ctr"):
            for bits in sample(AES_SIZES, 2):
                for size in sample(self.SIZES, 5):
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
        for bits in sample(AES_SIZES, 2):
            for size in sample([0, 1, 15, 16, 17, 64, 100, 4096, 70001], 4):
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
        for bits in sample(AES_SIZES, 2):
            for size in sample([0, 1, 15, 16, 17, 32, 1000, 100000], 4):
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
            for size in sample(self.SIZES, 5):
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
            for size in sample(self.SIZES, 5):
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
        for size in sample([0, 1, 15, 16, 17, 32, 1000, 100000], 4):
            key, data = os.urandom(16).hex(), os.urandom(size)
            with self.subTest(size=size):
                rc, theirs, err = run([OPENSSL, "mac", "-cipher", "SM4-CBC", "-macopt", f"hexkey:{key}", "CMAC"],
                                      data=data)
                self.assertEqual(rc, 0, err)
                rc, ours, err = axiom("mac", "-a", "cmac-sm4", "-K", key, data=data)
                self.assertEqual((rc, ours, err), (0, theirs.lower(), b""))


def mgm_vectors_and_tampering(test, alg, vectors, block):
    """The MGM of alg against its vectors (ciphertext || tag of a block); a changed tag opens
    nothing; --tag-len 4 gives the first 4 bytes of the tag; a nonce with its first bit set is
    a usage error."""
    for c in kat_cases(vectors):
        args = ["-K", c["Key"], "--iv", c["Nonce"]] + (["--aad", c["AAD"]] if c["AAD"] else [])
        rc, out, err = axiom("cipher", "-a", alg, "-e", *args, data=bytes.fromhex(c["Plaintext"]))
        test.assertEqual((rc, err), (0, b""))
        test.assertEqual(out.hex(), c["Ciphertext"] + c["Tag"])
        rc, back, _ = axiom("cipher", "-a", alg, "-d", *args, data=out)
        test.assertEqual((rc, back.hex()), (0, c["Plaintext"]))
        bad = bytearray(out)
        bad[-1] ^= 1
        rc, back, err = axiom("cipher", "-a", alg, "-d", *args, data=bytes(bad))
        test.assertEqual((rc, back), (1, b""))
        rc, out4, _ = axiom("cipher", "-a", alg, "-e", *args, "--tag-len", "4", data=bytes.fromhex(c["Plaintext"]))
        test.assertEqual((rc, out4), (0, out[:4 - block]))
    rc, _, err = axiom("cipher", "-a", alg, "-e", "-K", "00" * 32, "--iv", "80" + "00" * (block - 1), data=b"x")
    test.assertEqual(rc, 2)
    test.assertIn(b"nonce", err)


class Kuznyechik(unittest.TestCase):
    """axiom cipher -a kuznyechik-* byte for byte as `openssl enc -engine gost` (ECB and CBC padded
    and not, CTR and CTR-ACPKM with their 8-byte IV, OFB, CFB), kuznyechik-mgm against RFC 9058 and its derived
    vectors, axiom mac -a kuznyechik-mac against GOST R 34.13-2015 A.1.6 and derived vectors
    (`openssl dgst -mac kuznyechik-mac` of the engine 3.0.1 prints uninitialised bytes)."""

    SIZES = [0, 1, 15, 16, 17, 63, 64, 65, 511, 512, 513, 4097, 65537]

    @unittest.skipIf(GOST_ENC is None, "the OpenSSL GOST engine is not installed (libengine-gost-openssl)")
    def test_modes_match_gost_engine(self):
        for mode in ("ecb", "cbc", "ctr", "ctr-acpkm", "ofb", "cfb"):
            for size in sample(self.SIZES + ([8192, 8193, 20000] if mode == "ctr-acpkm" else []), 5):
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
        mgm_vectors_and_tampering(self, "kuznyechik-mgm", "mgm_kuznyechik.txt", 16)

    def test_mac_vectors(self):
        for c in kat_cases("kuznyechik_mac.txt"):
            rc, out, err = axiom("mac", "-a", "kuznyechik-mac", "-K", c["Key"], data=bytes.fromhex(c["Msg"]))
            self.assertEqual((rc, err), (0, b""))
            self.assertTrue(out.decode().strip().startswith(c["Tag"]), c)


class Magma(unittest.TestCase):
    """axiom cipher -a magma-* byte for byte as `openssl enc -engine gost` (CBC padded and not
    with its 8-byte IV, CTR and CTR-ACPKM with their 4-byte IV), ECB, CFB, CFB8 and OFB
    against reference.py over the engine's block encryption (the engine's `enc` has none of
    them), the GOST R 34.13-2015 and RFC 9058 vectors of every mode, axiom mac -a magma-mac
    against the engine's magma-mac (`openssl dgst -mac magma-mac`)."""

    SIZES = [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 1000, 4097, 65537]

    def crypt(self, alg, direction, key, iv, data, *extra):
        ivs = ["--iv", iv.hex()] if iv else []
        rc, out, err = axiom("cipher", "-a", alg, direction, "-K", key.hex(), *ivs, *extra, data=data)
        self.assertEqual((rc, err), (0, b""), (alg, direction))
        return out

    @unittest.skipIf(GOST_ENC is None, "the OpenSSL GOST engine is not installed (libengine-gost-openssl)")
    def test_modes_match_gost_engine(self):
        for mode in ("cbc", "ctr", "ctr-acpkm"):
            for size in self.SIZES + ([1024, 1025, 2048, 8193] if mode == "ctr-acpkm" else []):
                for nopad in ([False, True] if mode == "cbc" and size % 8 == 0 else [False]):
                    key, iv, data = os.urandom(32), os.urandom(4 if mode.startswith("ctr") else 8), os.urandom(size)
                    flags = (["-nopad"], ["--nopad"]) if nopad else ([], [])
                    alg = f"magma-{mode}"
                    with self.subTest(alg=alg, size=size, nopad=nopad):
                        rc, theirs, err = run([*GOST_ENC, f"-{alg}", "-K", key.hex(), "-iv", iv.hex(), *flags[0]],
                                              data=data)
                        self.assertEqual(rc, 0, err)
                        self.assertEqual(self.crypt(alg, "-e", key, iv, data, *flags[1]), theirs)
                        self.assertEqual(self.crypt(alg, "-d", key, iv, theirs, *flags[1]), data)

    def test_ecb_cfb_ofb_against_reference(self):
        # ECB (padded and not), CFB with a segment of a block and of a byte and OFB, with the
        # IV of a block and GOST R 34.13-2015's registers of 2 and 8 blocks.
        for size in [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65]:
            key, data = os.urandom(32), os.urandom(size)
            encrypt = reference.ecb_oracle("magma", key)
            with self.subTest(mode="ecb", size=size):
                padded = data + bytes([8 - size % 8]) * (8 - size % 8)
                self.assertEqual(self.crypt("magma-ecb", "-e", key, b"", data), encrypt(padded))
                self.assertEqual(self.crypt("magma-ecb", "-d", key, b"", encrypt(padded)), data)
                whole = data[:size // 8 * 8]
                self.assertEqual(self.crypt("magma-ecb", "-e", key, b"", whole, "--nopad"), encrypt(whole))
            for iv_size in [8, 16, 64]:
                iv = os.urandom(iv_size)
                for alg, segment in [("magma-cfb", 8), ("magma-cfb8", 1)]:
                    with self.subTest(alg=alg, size=size, iv_size=iv_size):
                        want = reference.cfb(encrypt, iv, data, segment, block=8)
                        self.assertEqual(self.crypt(alg, "-e", key, iv, data), want)
                        self.assertEqual(self.crypt(alg, "-d", key, iv, want), data)
                with self.subTest(alg="magma-ofb", size=size, iv_size=iv_size):
                    register, stream = iv, b""
                    while len(stream) < size:
                        block = encrypt(register[:8])
                        stream += block
                        register = register[8:] + block
                    want = reference.xor(data, stream)
                    self.assertEqual(self.crypt("magma-ofb", "-e", key, iv, data), want)
                    self.assertEqual(self.crypt("magma-ofb", "-d", key, iv, want), data)

    def test_standard_vectors(self):
        # GOST R 34.13-2015 A.2 (ECB, CTR, OFB, CBC, CFB) and R 1323565.1.017-2018 (CTR-ACPKM).
        for name, alg, extra in [("magma_ecb.txt", "magma-ecb", ["--nopad"]), ("magma_ctr.txt", "magma-ctr", []),
                                 ("magma_ofb.txt", "magma-ofb", []), ("magma_cbc.txt", "magma-cbc", ["--nopad"]),
                                 ("magma_cfb.txt", "magma-cfb", [])]:
            for c in kat_cases(name):
                key, iv = bytes.fromhex(c["Key"]), bytes.fromhex(c.get("IV", ""))
                pt, ct = bytes.fromhex(c["Plaintext"]), bytes.fromhex(c["Ciphertext"])
                with self.subTest(alg=alg, iv_size=len(iv)):
                    self.assertEqual(self.crypt(alg, "-e", key, iv, pt, *extra), ct)
                    self.assertEqual(self.crypt(alg, "-d", key, iv, ct, *extra), pt)
        for c in kat_cases("magma_ctr_acpkm.txt"):
            if c["SectionSize"] != "1024":  # the command line has the GOST engine's sections
                continue
            key, iv = bytes.fromhex(c["Key"]), bytes.fromhex(c["IV"])
            self.assertEqual(self.crypt("magma-ctr-acpkm", "-e", key, iv, bytes.fromhex(c["Plaintext"])).hex(),
                             c["Ciphertext"])

    def test_mgm_vectors_and_tampering(self):
        mgm_vectors_and_tampering(self, "magma-mgm", "mgm_magma.txt", 8)

    def test_ivs_of_other_sizes_are_refused(self):
        for alg, size, rule in [("magma-cbc", 12, "8 bytes, or 8\\*z bytes"), ("magma-ctr", 8, "4 bytes"),
                                ("magma-ctr-acpkm", 16, "4 bytes"), ("magma-mgm", 16, "an 8-byte nonce")]:
            rc, out, err = axiom("cipher", "-a", alg, "-e", "-K", "00" * 32, "--iv", "00" * size, data=b"x")
            self.assertEqual((rc, out), (2, b""), alg)
            self.assertRegex(err.decode(), rf"^axiom cipher: invalid IV: {alg} takes {rule}")


class Modes(unittest.TestCase):
    """Every mode and parameter the library has, in axiom cipher: AES CFB, CFB8 and OFB byte
    for byte as `openssl enc`; CFB8 of SM4 and Kuznyechik, Kuznyechik XTS, GCM nonces of any
    length, CCM nonces of 7 to 13 bytes against the references of reference.py; GOST R
    34.13-2015's register IVs (m = 16*z bytes) against the standard's examples."""

    SIZES = [0, 1, 15, 16, 17, 63, 64, 65, 255, 256, 4097, 65537]

    def crypt(self, alg, direction, key, iv, data, *extra):
        rc, out, err = axiom("cipher", "-a", alg, direction, "-K", key.hex(), "--iv", iv.hex(), *extra, data=data)
        self.assertEqual((rc, err), (0, b""), (alg, direction))
        return out

    @unittest.skipIf(OPENSSL is None, "openssl not found")
    def test_aes_cfb_cfb8_ofb_match_openssl_enc(self):
        for mode in ("cfb", "cfb8", "ofb"):
            for bits in sample(AES_SIZES, 2):
                for size in sample(self.SIZES, 5):
                    key, iv, data = os.urandom(bits // 8), os.urandom(16), os.urandom(size)
                    alg = f"aes-{bits}-{mode}"
                    with self.subTest(alg=alg, size=size):
                        rc, theirs, err = run([OPENSSL, "enc", f"-{alg}", "-K", key.hex(), "-iv", iv.hex()], data=data)
                        self.assertEqual(rc, 0, err)
                        self.assertEqual(self.crypt(alg, "-e", key, iv, data), theirs)
                        self.assertEqual(self.crypt(alg.upper(), "-d", key, iv, theirs), data)

    def test_cfb8_and_registers_against_reference(self):
        # CFB with an 8-bit segment (SM4, Kuznyechik) and Kuznyechik's CFB and CFB8 with
        # registers of 1 to 8 blocks against reference.cfb; then Kuznyechik's OFB with a register
        # of 4 blocks, its keystream (a zero plaintext's ciphertext) rebuilt from the oracle.
        for cipher, alg, key_size, iv_sizes in [("sm4", "sm4-cfb8", 16, [16]),
                                               ("kuznyechik", "kuznyechik-cfb8", 32, [16, 32, 128]),
                                               ("kuznyechik", "kuznyechik-cfb", 32, [32, 48, 128])]:
            for iv_size in iv_sizes:
                key, iv, data = os.urandom(key_size), os.urandom(iv_size), os.urandom(40)
                segment = 1 if alg.endswith("cfb8") else 16
                with self.subTest(alg=alg, iv_size=iv_size):
                    want = reference.cfb(reference.ecb_oracle(cipher, key), iv, data, segment)
                    self.assertEqual(self.crypt(alg, "-e", key, iv, data), want)
                    self.assertEqual(self.crypt(alg, "-d", key, iv, want), data)
        key, iv = os.urandom(32), os.urandom(64)
        stream = self.crypt("kuznyechik-ofb", "-e", key, iv, bytes(100))
        encrypt, register, want = reference.ecb_oracle("kuznyechik", key), iv, b""
        while len(want) < 100:
            block = encrypt(register[:16])
            want += block
            register = register[16:] + block
        self.assertEqual(stream, want[:100])

    def test_gost_register_ivs_match_the_standard(self):
        # GOST R 34.13-2015 A.1.3 (OFB), A.1.4 (CBC), A.1.5 (CFB), m = 2n, and their m = n forms.
        for name, alg, extra in [("kuznyechik_ofb.txt", "kuznyechik-ofb", []),
                                 ("kuznyechik_cbc.txt", "kuznyechik-cbc", ["--nopad"]),
                                 ("kuznyechik_cfb.txt", "kuznyechik-cfb", [])]:
            for c in kat_cases(name):
                key, iv = bytes.fromhex(c["Key"]), bytes.fromhex(c["IV"])
                pt, ct = bytes.fromhex(c["Plaintext"]), bytes.fromhex(c["Ciphertext"])
                with self.subTest(alg=alg, iv_size=len(iv)):
                    self.assertEqual(self.crypt(alg, "-e", key, iv, pt, *extra), ct)
                    self.assertEqual(self.crypt(alg, "-d", key, iv, ct, *extra), pt)
        # Padded CBC with a register round-trips; other IV sizes are refused with the rule.
        key, iv, data = os.urandom(32), os.urandom(96), os.urandom(1000)
        self.assertEqual(self.crypt("kuznyechik-cbc", "-d", key, iv, self.crypt("kuznyechik-cbc", "-e", key, iv, data)),
                         data)
        for alg, size in [("kuznyechik-cbc", 24), ("kuznyechik-ofb", 144), ("kuznyechik-cfb", 8),
                          ("aes-128-cbc", 32), ("sm4-ofb", 32)]:
            rc, out, err = axiom("cipher", "-a", alg, "-e", "-K", "00" * (16 if "kuz" not in alg else 32),
                                 "--iv", "00" * size, data=b"x")
            self.assertEqual((rc, out), (2, b""), alg)
            self.assertRegex(err.decode(), rf"^axiom cipher: invalid IV: {alg} takes 16 bytes"
                             + (r", or 16\*z bytes for GOST R 34.13-2015's register of z blocks \(z = 1 to 8\)\n$"
                                if "kuz" in alg else r"\n$"))

    def test_kuznyechik_xts_against_reference(self):
        for size in sample([16, 17, 31, 32, 100, 512, 4111], 4):
            key, tweak, data = os.urandom(64), os.urandom(16), os.urandom(size)
            with self.subTest(size=size):
                want = reference.xts_encrypt(reference.ecb_oracle("kuznyechik", key[:32]),
                                             reference.ecb_oracle("kuznyechik", key[32:]), tweak, data)
                self.assertEqual(self.crypt("kuznyechik-xts", "-e", key, tweak, data), want)
                self.assertEqual(self.crypt("kuznyechik-xts", "-d", key, tweak, want), data)
                gb = self.crypt("kuznyechik-xts", "-e", key, tweak, data, "--xts-standard", "gb")
                self.assertEqual(self.crypt("kuznyechik-xts", "-d", key, tweak, gb, "--xts-standard", "gb"), data)
                if size > 16:
                    self.assertNotEqual(gb, want)

    def test_gcm_nonces_of_any_length(self):
        # SP 800-38D: a nonce of any non-empty length (J0 = GHASH of it unless it has 12 bytes).
        for alg, cipher, key_size in [("aes-128-gcm", "aes", 16), ("aes-192-gcm", "aes", 24),
                                      ("aes-256-gcm", "aes", 32), ("sm4-gcm", "sm4", 16)]:
            for nonce_size in sample([1, 7, 8, 11, 12, 13, 16, 17, 60, 128], 5):
                key, nonce = os.urandom(key_size), os.urandom(nonce_size)
                data, aad = os.urandom(nonce_size * 5 % 70), os.urandom(nonce_size % 20)
                with self.subTest(alg=alg, nonce_size=nonce_size):
                    want = reference.gcm_seal(reference.ecb_oracle(cipher, key), nonce, data, aad, 14)
                    args = ["--aad", aad.hex(), "--tag-len", "14"] if aad else ["--tag-len", "14"]
                    self.assertEqual(self.crypt(alg, "-e", key, nonce, data, *args), want)
                    self.assertEqual(self.crypt(alg, "-d", key, nonce, want, *args), data)
        rc, out, err = axiom("cipher", "-a", "aes-128-gcm", "-e", "-K", "00" * 16, "--iv", "", data=b"x")
        self.assertEqual((rc, out, err), (2, b"", b"axiom cipher: invalid IV: aes-128-gcm takes a nonce of 1 byte or "
                                                 b"more (12 is the fast path and the usual size)\n"))

    def test_ccm_nonces_of_7_to_13_bytes(self):
        for alg, cipher, key_size in (("sm4-ccm", "sm4", 16), ("aes-128-ccm", "aes", 16), ("aes-192-ccm", "aes", 24),
                                      ("aes-256-ccm", "aes", 32)):
            for nonce_size in sample(range(7, 14), 3):
                for tag_size in sample((4, 10, 16), 2):
                    key, nonce = os.urandom(key_size), os.urandom(nonce_size)
                    data, aad = os.urandom(3 * nonce_size), os.urandom(tag_size)
                    with self.subTest(alg=alg, nonce_size=nonce_size, tag_size=tag_size):
                        want = reference.ccm_seal(reference.ecb_oracle(cipher, key), nonce, data, aad, tag_size)
                        args = ["--aad", aad.hex(), "--tag-len", str(tag_size)]
                        self.assertEqual(self.crypt(alg, "-e", key, nonce, data, *args), want)
                        self.assertEqual(self.crypt(alg, "-d", key, nonce, want, *args), data)
        for size in (6, 14):
            rc, out, err = axiom("cipher", "-a", "sm4-ccm", "-e", "-K", "00" * 16, "--iv", "00" * size, data=b"x")
            self.assertEqual((rc, out), (2, b""))
            self.assertIn(b"invalid IV: sm4-ccm takes a nonce of 7 to 13 bytes", err)
        # A 13-byte nonce leaves 2 bytes for the length: 65535 bytes at most.
        self.assertEqual(len(self.crypt("sm4-ccm", "-e", bytes(16), bytes(13), bytes(65535))), 65535 + 16)
        rc, out, err = axiom("cipher", "-a", "sm4-ccm", "-e", "-K", "00" * 16, "--iv", "00" * 13, data=bytes(65536))
        self.assertEqual((rc, out), (2, b""))
        self.assertEqual(err, b"axiom cipher: input too long for CCM with a 13-byte nonce (at most 2^(8*2) - 1 bytes; "
                              b"a shorter nonce allows longer messages)\n")


if __name__ == "__main__":
    main()
