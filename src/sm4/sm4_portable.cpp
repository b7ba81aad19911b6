// The portable SM4 kernel: constant time without tables. Bulk calls are fully bitsliced:
// 64 blocks at a time become 128 bit planes (plane b of word w holds bit b of that word of
// every block), so the word rotations of L are free renamings and each round costs four
// S-box circuits on 64-bit planes. The S-box is the AES circuit (aes_sbox_planes) between
// two affine maps, since both S-boxes are an inversion in isomorphic fields: SM4's
// S(x) = G(AES(F(x))), F and G derived by mapping GF(2^8)/x^8+x^7+x^6+x^5+x^4+x^2+1 onto the
// AES field (the root 0x23 of SM4's polynomial in the AES field) and undoing AES's affine map.
// One to four blocks (CBC encryption, CMAC, single blocks) go one at a time, the four S-box
// bytes of a round through the same circuit.
#include <bit>
#include <cstring>

#include "aes/aes_kernel.hpp"
#include "core/bitslice.hpp"
#include "core/endian.hpp"
#include "core/wipe.hpp"
#include "sm4/sm4_kernel.hpp"

namespace axiom::detail {

namespace {

using u64 = std::uint64_t;
using u32 = std::uint32_t;

// sbox_planes: the SM4 S-box on bit planes x[0..7] (x[0] = least significant bit).
void sbox_planes(u64 x[8]) noexcept {
  // F: into the AES field (linear part and constant 0x3e).
  u64 y[8] = {x[2] ^ x[3] ^ x[6],
              ~(x[3] ^ x[5]),
              ~(x[0] ^ x[2] ^ x[3] ^ x[4] ^ x[5] ^ x[6]),
              ~(x[0] ^ x[3] ^ x[4] ^ x[5] ^ x[7]),
              ~(x[1] ^ x[3] ^ x[4]),
              ~(x[1] ^ x[5]),
              x[4] ^ x[6],
              x[0] ^ x[2] ^ x[3] ^ x[4] ^ x[6]};
  aes_sbox_planes(y);
  // G: undo AES's affine map, back to SM4's field, SM4's output affine map (constant 0x6c).
  x[0] = y[3] ^ y[6];
  x[1] = y[1] ^ y[2] ^ y[3];
  x[2] = ~(y[2] ^ y[3] ^ y[6]);
  x[3] = ~(y[0] ^ y[1] ^ y[2] ^ y[6]);
  x[4] = y[0] ^ y[2] ^ y[5] ^ y[6];
  x[5] = ~(y[0] ^ y[2] ^ y[3] ^ y[4]);
  x[6] = ~(y[1] ^ y[3] ^ y[4] ^ y[5] ^ y[7]);
  x[7] = y[0] ^ y[1] ^ y[4] ^ y[6] ^ y[7];
}

// L(B) = B ^ (B <<< 2) ^ (B <<< 10) ^ (B <<< 18) ^ (B <<< 24).
u32 linear(u32 b) noexcept {
  return b ^ std::rotl(b, 2) ^ std::rotl(b, 10) ^ std::rotl(b, 18) ^ std::rotl(b, 24);
}

u32 round_key(const Sm4Schedule& ks, bool decrypt, unsigned i) noexcept {
  return ks.rk[decrypt ? 31 - i : i];
}

// crypt1: one block, word by word.
void crypt1(const Sm4Schedule& ks, bool decrypt, std::uint8_t* out,
            const std::uint8_t* in) noexcept {
  u32 x[4];
  for (int i = 0; i < 4; ++i) x[i] = load_be32(in + 4 * i);
  for (unsigned i = 0; i < 32; ++i)
    x[i % 4] ^= linear(
        sm4_tau(x[(i + 1) % 4] ^ x[(i + 2) % 4] ^ x[(i + 3) % 4] ^ round_key(ks, decrypt, i)));
  for (int i = 0; i < 4; ++i) store_be32(out + 4 * i, x[3 - i]);
  wipe(x);
}

// transpose64 transposes a 64x64 bit matrix (a[r] bit c = row r, column c); an involution.
void transpose64(u64 a[64]) noexcept {
  u64 m = 0x00000000ffffffffULL;
  for (unsigned j = 32; j != 0; j >>= 1, m ^= m << j)
    for (unsigned k = 0; k < 64; k = ((k | j) + 1) & ~j) swap_blocks(a[k], a[k | j], j, m);
}

// Bitsliced state: s[32 * w + b] is bit b of word w of the 64 blocks (bit j = block j).
// round<W> replaces word W: X_W ^= L(S(X_{W+1} ^ X_{W+2} ^ X_{W+3} ^ rk)).
// t is scratch (the S-box inputs and outputs), wiped by the caller.
template <unsigned W>
void round(u64 s[128], u64 t[32], u32 rk) noexcept {
  const u64* a = s + 32 * ((W + 1) % 4);
  const u64* b = s + 32 * ((W + 2) % 4);
  const u64* c = s + 32 * ((W + 3) % 4);
  for (unsigned j = 0; j < 32; ++j)
    t[j] = a[j] ^ b[j] ^ c[j] ^ (0 - static_cast<u64>((rk >> j) & 1));
  for (unsigned k = 0; k < 4; ++k) sbox_planes(t + 8 * k);
  u64* x = s + 32 * W;
  for (unsigned j = 0; j < 32; ++j)
    x[j] ^= t[j] ^ t[(j + 30) % 32] ^ t[(j + 22) % 32] ^ t[(j + 14) % 32] ^ t[(j + 8) % 32];
}

// crypt_words: the 32 rounds on the words of up to 64 blocks, s[j] = word 0 | word 1 << 32 and
// s[64 + j] = word 2 | word 3 << 32 of block j (as big-endian 64-bit halves: s[j] is bytes 0-7
// rotated by 32 bits); the output block j is s[64 + j] || s[j] as big-endian 64-bit halves.
void crypt_words(const Sm4Schedule& ks, bool decrypt, u64 s[128]) noexcept {
  u64 t[32];
  transpose64(s);
  transpose64(s + 64);
  for (unsigned i = 0; i < 32; i += 4) {
    round<0>(s, t, round_key(ks, decrypt, i));
    round<1>(s, t, round_key(ks, decrypt, i + 1));
    round<2>(s, t, round_key(ks, decrypt, i + 2));
    round<3>(s, t, round_key(ks, decrypt, i + 3));
  }
  transpose64(s);
  transpose64(s + 64);
  wipe(t);
}

u64 load_be64(const std::uint8_t* p) noexcept {
  return static_cast<u64>(load_be32(p)) << 32 | load_be32(p + 4);
}
void store_be64(std::uint8_t* p, u64 v) noexcept {
  store_be32(p, static_cast<u32>(v >> 32));
  store_be32(p + 4, static_cast<u32>(v));
}

// crypt_group: 5 to 64 blocks at once (out may be in).
void crypt_group(const Sm4Schedule& ks, bool decrypt, std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  u64 s[128] = {};
  for (std::size_t j = 0; j < n; ++j) {
    s[j] = std::rotl(load_be64(in + 16 * j), 32);
    s[64 + j] = std::rotl(load_be64(in + 16 * j + 8), 32);
  }
  crypt_words(ks, decrypt, s);
  for (std::size_t j = 0; j < n; ++j) {
    store_be64(out + 16 * j, s[64 + j]);
    store_be64(out + 16 * j + 8, s[j]);
  }
  wipe(s);
}

// crypt: any number of blocks, 64 at a time; up to four blocks one at a time.
void crypt(const Sm4Schedule& ks, bool decrypt, std::uint8_t* out, const std::uint8_t* in,
           std::size_t n) noexcept {
  while (n > 0) {
    const std::size_t m = n < 64 ? n : 64;
    if (m <= 4) {
      for (std::size_t j = 0; j < m; ++j) crypt1(ks, decrypt, out + 16 * j, in + 16 * j);
    } else {
      crypt_group(ks, decrypt, out, in, m);
    }
    n -= m, in += 16 * m, out += 16 * m;
  }
}

const Sm4Schedule& sched(const void* ks) noexcept { return *static_cast<const Sm4Schedule*>(ks); }

void encrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  crypt(sched(ks), false, out, in, n);
}

void decrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  crypt(sched(ks), true, out, in, n);
}

// ctr_xor: the counter (public) as two 64-bit halves, its blocks formed straight in the
// words of crypt_words (64 at a time) and the keystream XORed as it is stored; up to four
// blocks one at a time, as crypt does.
void ctr_xor(const void* ks, std::uint8_t ctr[16], std::uint8_t* out, const std::uint8_t* in,
             std::size_t n) noexcept {
  u64 hi = load_be64(ctr), lo = load_be64(ctr + 8);
  u64 s[128];
  while (n > 0) {
    const std::size_t m = n < 64 ? n : 64;
    if (m <= 4) {
      for (std::size_t j = 0; j < m; ++j, in += 16, out += 16) {
        std::uint8_t b[16];
        store_be64(b, hi);
        store_be64(b + 8, lo);
        crypt1(sched(ks), false, b, b);
        for (int i = 0; i < 16; ++i) out[i] = static_cast<std::uint8_t>(in[i] ^ b[i]);
        wipe(b);
        hi += (++lo == 0);
      }
      break;
    }
    for (std::size_t j = 0; j < 64; ++j) {  // all 64: the unused ones are never stored
      const u64 l = lo + j;
      s[j] = std::rotl(hi + (l < lo), 32);
      s[64 + j] = std::rotl(l, 32);
    }
    crypt_words(sched(ks), false, s);
    for (std::size_t j = 0; j < m; ++j, in += 16, out += 16) {
      store_be64(out, load_be64(in) ^ s[64 + j]);
      store_be64(out + 8, load_be64(in + 8) ^ s[j]);
    }
    lo += m;
    hi += (lo < m);
    n -= m;
  }
  store_be64(ctr, hi);
  store_be64(ctr + 8, lo);
  wipe(s);
}

void cbc_encrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  std::uint8_t b[16];
  for (; n > 0; --n, in += 16, out += 16) {
    for (int i = 0; i < 16; ++i) b[i] = static_cast<std::uint8_t>(iv[i] ^ in[i]);
    crypt1(sched(ks), false, iv, b);
    std::memcpy(out, iv, 16);
  }
  wipe(b);
}

void cbc_decrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  std::uint8_t c[64 * 16];  // the ciphertext, kept for the chain when out == in
  while (n > 0) {
    const std::size_t m = n < 64 ? n : 64;
    std::memcpy(c, in, 16 * m);
    crypt(sched(ks), true, out, in, m);
    for (int i = 0; i < 16; ++i) out[i] ^= iv[i];
    for (std::size_t i = 16; i < 16 * m; ++i) out[i] ^= c[i - 16];
    std::memcpy(iv, c + 16 * (m - 1), 16);
    n -= m, in += 16 * m, out += 16 * m;
  }
  wipe(c);
}

void cbc_mac(const void* ks, std::uint8_t state[16], const std::uint8_t* in,
             std::size_t n) noexcept {
  std::uint8_t b[16];
  for (; n > 0; --n, in += 16) {
    for (int i = 0; i < 16; ++i) b[i] = static_cast<std::uint8_t>(state[i] ^ in[i]);
    crypt1(sched(ks), false, state, b);
  }
  wipe(b);
}

}  // namespace

std::uint32_t sm4_tau(std::uint32_t w) noexcept {
  // The four bytes into bit planes (byte b of p = plane b), through the circuit, and back.
  const u64 p = transpose_bits8x8(w);
  u64 x[8];
  for (unsigned b = 0; b < 8; ++b) x[b] = p >> (8 * b);
  sbox_planes(x);
  u64 q = 0;
  for (unsigned b = 0; b < 8; ++b) q |= (x[b] & 0xff) << (8 * b);
  const auto r = static_cast<std::uint32_t>(transpose_bits8x8(q));
  wipe(x);
  return r;
}

const Sm4Kernel sm4_portable = {
    {"sm4/portable", cpu::Features{}, true},
    {encrypt_blocks, decrypt_blocks, ctr_xor, cbc_encrypt, cbc_decrypt, cbc_mac},
};

}  // namespace axiom::detail
