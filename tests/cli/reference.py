"""Reference block-cipher modes for the command-line tests, written from the standards over an
ECB oracle (a function that encrypts whole blocks), so that modes without a peer on this
machine (GOST R 34.13-2015's CFB with an 8-bit segment, Magma's ECB, CFB and OFB, Kuznyechik
XTS, GCM with a nonce of a few bytes, SM4-CCM with any nonce length) are still checked against
an independent implementation. Slow and simple: for short test messages only.
"""

import subprocess

from cli import AXIOM, ENV, GOST_ENC


def xor(a, b):
    return bytes(x ^ y for x, y in zip(a, b))


def ecb_oracle(cipher, key):
    """ECB encryption of whole blocks under key: Python's cryptography package for AES and SM4
    where it has them (independent of axiom), the GOST engine's magma-cbc of each block alone
    from a zero IV for Magma (the engine's `enc` has no magma-ecb), else `axiom cipher -a
    ...-ecb --nopad` (checked against the standards' vectors elsewhere)."""
    if cipher == "magma" and GOST_ENC is not None:
        def encrypt_each(blocks):
            return b"".join(subprocess.run([*GOST_ENC, "-magma-cbc", "-nopad", "-K", key.hex(), "-iv", "00" * 8],
                                           input=blocks[i:i + 8], capture_output=True, env=ENV, timeout=60,
                                           check=True).stdout for i in range(0, len(blocks), 8))
        return encrypt_each
    name = {"aes": f"aes-{8 * len(key)}-ecb", "sm4": "sm4-ecb", "kuznyechik": "kuznyechik-ecb",
            "magma": "magma-ecb"}[cipher]
    try:
        from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
        algorithm = {"aes": getattr(algorithms, "AES", None), "sm4": getattr(algorithms, "SM4", None)}.get(cipher)
        if algorithm is not None:
            Cipher(algorithm(key), modes.ECB()).encryptor()  # raises where unsupported

            def encrypt(blocks):
                e = Cipher(algorithm(key), modes.ECB()).encryptor()
                return e.update(blocks) + e.finalize()
            return encrypt
    except Exception:  # no package, or no such cipher in it
        pass

    def encrypt(blocks):
        p = subprocess.run([AXIOM, "cipher", "-a", name, "-e", "--nopad", "-K", key.hex()], input=blocks,
                           capture_output=True, env=ENV, timeout=60, check=True)
        return p.stdout
    return encrypt


def cfb(encrypt, iv, data, segment, decrypt=False, block=16):
    """CFB with an s-byte segment and an m-byte register R over a cipher of n-byte blocks (GOST
    R 34.13-2015; with m = n = 16 it is SP 800-38A's CFB-8s): each segment is XORed with the
    first bytes of E(MSB_n(R)), then R = LSB_{m-s}(R) || ciphertext segment."""
    register, out = bytes(iv), b""
    for i in range(0, len(data), segment):
        piece = data[i:i + segment]
        result = xor(piece, encrypt(register[:block]))
        out += result
        register = register[segment:] + (piece if decrypt else result)
    return out


def _gf_mul(x, y):
    """The GCM product in GF(2^128), blocks as big-endian integers (bit 0 of the spec = MSB)."""
    z = 0
    for i in range(127, -1, -1):
        if (x >> i) & 1:
            z ^= y
        y = (y >> 1) ^ (0xE1 << 120) if y & 1 else y >> 1
    return z


def _ghash(h, data):
    y = 0
    for i in range(0, len(data), 16):
        y = _gf_mul(y ^ int.from_bytes(data[i:i + 16].ljust(16, b"\0"), "big"), h)
    return y


def _pad16(data):
    return data + bytes(-len(data) % 16)


def gcm_seal(encrypt, nonce, plaintext, aad, tag_size=16):
    """GCM (SP 800-38D) with a nonce of any non-empty length: ciphertext || tag."""
    h = int.from_bytes(encrypt(bytes(16)), "big")
    if len(nonce) == 12:
        j0 = nonce + b"\0\0\0\1"
    else:
        j0 = _ghash(h, _pad16(nonce) + bytes(8) + (8 * len(nonce)).to_bytes(8, "big")).to_bytes(16, "big")
    counter = int.from_bytes(j0[12:], "big")
    blocks = b"".join(j0[:12] + ((counter + 1 + i) % 2 ** 32).to_bytes(4, "big")
                      for i in range((len(plaintext) + 15) // 16))
    ciphertext = xor(plaintext, encrypt(blocks)) if plaintext else b""
    s = _ghash(h, _pad16(aad) + _pad16(ciphertext) + (8 * len(aad)).to_bytes(8, "big") +
               (8 * len(ciphertext)).to_bytes(8, "big"))
    return ciphertext + xor(encrypt(j0), s.to_bytes(16, "big"))[:tag_size]


def ccm_seal(encrypt, nonce, plaintext, aad, tag_size=16):
    """CCM (SP 800-38C, RFC 3610) with a 7- to 13-byte nonce: ciphertext || tag."""
    length_size = 15 - len(nonce)
    flags = (0x40 if aad else 0) | ((tag_size - 2) // 2) << 3 | (length_size - 1)
    data = bytes([flags]) + nonce + len(plaintext).to_bytes(length_size, "big")
    if aad:
        assert len(aad) < 0xff00
        data += _pad16(len(aad).to_bytes(2, "big") + aad)
    data += _pad16(plaintext)
    mac = bytes(16)
    for i in range(0, len(data), 16):
        mac = encrypt(xor(mac, data[i:i + 16]))
    counters = b"".join(bytes([length_size - 1]) + nonce + i.to_bytes(length_size, "big")
                        for i in range((len(plaintext) + 15) // 16 + 1))
    stream = encrypt(counters)
    return xor(plaintext, stream[16:]) + xor(mac[:tag_size], stream[:16])


def xts_encrypt(encrypt_data, encrypt_tweak, tweak, data):
    """XTS (IEEE 1619) of one data unit, with ciphertext stealing, the tweak multiplied by x
    in the little-endian order of IEEE 1619."""
    t = int.from_bytes(encrypt_tweak(tweak), "little")
    tweaks = []
    for _ in range(len(data) // 16 + 1):
        tweaks.append(t.to_bytes(16, "little"))
        t <<= 1
        if t >> 128:
            t ^= (1 << 128) | 0x87
    whole, rest = divmod(len(data), 16)

    def blocks(n, source, offset=0):
        p = b"".join(xor(source[16 * i:16 * i + 16], tweaks[offset + i]) for i in range(n))
        c = encrypt_data(p)
        return b"".join(xor(c[16 * i:16 * i + 16], tweaks[offset + i]) for i in range(n))
    if rest == 0:
        return blocks(whole, data)
    head = blocks(whole - 1, data)
    last_full = blocks(1, data[16 * (whole - 1):16 * whole], whole - 1)
    stolen = data[16 * whole:] + last_full[rest:]
    return head + blocks(1, stolen, whole) + last_full[:rest]
