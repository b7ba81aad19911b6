// The portable Kuznyechik kernel: constant time, no tables indexed by data.
//
// Eight blocks at a time, byte-sliced: word w[j] holds byte j of the eight blocks, so that L
// runs as the sixteen LFSR steps R of RFC 7801 on whole words (SWAR arithmetic in GF(2^8):
// l is a Horner scheme over the bits of its coefficients, seven doublings per step).
// S runs on bit planes: the 64 bytes of w[0..7] (then w[8..15]) are transposed into eight
// 64-bit planes and pushed through a Boolean circuit of π made at compile time from the table
// (Shannon expansion on the high nibble over the 16 minterms of the low nibble, about 1000
// gates), then transposed back. Correctness first: about 8x the work of one block for a single
// block (CBC encryption, CMAC).
#include <bit>
#include <cstring>
#include <utility>

#include "core/endian.hpp"
#include "core/wipe.hpp"
#include "kuznyechik/kuznyechik_constants.hpp"
#include "kuznyechik/kuznyechik_kernel.hpp"

namespace axiom::detail {

namespace {

using u64 = std::uint64_t;

// transpose_bits8x8: the 8x8 bit matrix (byte r = row r, bit c = column c) transposed.
u64 transpose_bits8x8(u64 x) noexcept {
  u64 t = (x ^ (x >> 7)) & 0x00aa00aa00aa00aaULL;
  x ^= t ^ (t << 7);
  t = (x ^ (x >> 14)) & 0x0000cccc0000ccccULL;
  x ^= t ^ (t << 14);
  t = (x ^ (x >> 28)) & 0x00000000f0f0f0f0ULL;
  x ^= t ^ (t << 28);
  return x;
}

void swap_parts(u64& a, u64& b, unsigned shift, u64 low_mask) noexcept {
  const u64 t = ((a >> shift) ^ b) & low_mask;
  a ^= t << shift;
  b ^= t;
}

// transpose_bytes8x8: w[r] byte c becomes w[c] byte r.
void transpose_bytes8x8(u64 w[8]) noexcept {
  for (int j = 0; j < 4; ++j) swap_parts(w[j], w[j + 4], 32, 0x00000000ffffffffULL);
  for (int j : {0, 1, 4, 5}) swap_parts(w[j], w[j + 2], 16, 0x0000ffff0000ffffULL);
  for (int j : {0, 2, 4, 6}) swap_parts(w[j], w[j + 1], 8, 0x00ff00ff00ff00ffULL);
}

// SboxCircuit<T> computes the byte substitution T on eight bit planes x[0..7] (x[b] = bit b of
// 64 bytes). out bit b = XOR over high nibbles h of [hi == h] & g_{b,h}(lo), each g a XOR of
// low-nibble minterms (or the complement of one, whichever is shorter); the choices are
// compile-time constants, so only the needed gates are emitted.
template <const auto& T>
struct SboxCircuit {
  static constexpr unsigned mask(std::size_t h, std::size_t b) {
    unsigned m = 0;
    for (std::size_t l = 0; l < 16; ++l) m |= ((T[16 * h + l] >> b) & 1u) << l;
    return m;
  }
  template <unsigned M, std::size_t... L>
  static u64 pick(const u64* lo, std::index_sequence<L...>) noexcept {
    if constexpr (std::popcount(M) > 8)
      return ~((((M >> L) & 1u) ? u64{0} : lo[L]) ^ ...);
    else
      return ((((M >> L) & 1u) ? lo[L] : u64{0}) ^ ...);
  }
  template <std::size_t B, std::size_t... H>
  static u64 bit(const u64* lo, const u64* hi, std::index_sequence<H...>) noexcept {
    return ((hi[H] & pick<mask(H, B)>(lo, std::make_index_sequence<16>{})) ^ ...);
  }
  static void minterms(u64 m[16], const u64* x) noexcept {
    const u64 a[4] = {~x[0] & ~x[1], x[0] & ~x[1], ~x[0] & x[1], x[0] & x[1]};
    const u64 b[4] = {~x[2] & ~x[3], x[2] & ~x[3], ~x[2] & x[3], x[2] & x[3]};
    for (int i = 0; i < 16; ++i) m[i] = a[i & 3] & b[i >> 2];
  }
  template <std::size_t... B>
  static void apply(u64 x[8], std::index_sequence<B...>) noexcept {
    u64 lo[16], hi[16];
    minterms(lo, x);
    minterms(hi, x + 4);
    ((x[B] = bit<B>(lo, hi, std::make_index_sequence<16>{})), ...);
  }
  static void run(u64 x[8]) noexcept { apply(x, std::make_index_sequence<8>{}); }
};

// substitute applies T to all 128 bytes of w.
template <const auto& T>
void substitute(u64 w[16]) noexcept {
  for (int g = 0; g < 2; ++g) {
    u64* p = w + 8 * g;
    for (int j = 0; j < 8; ++j) p[j] = transpose_bits8x8(p[j]);
    transpose_bytes8x8(p);  // p[b] = plane b: bit 8j + m = bit b of byte j of block m
    SboxCircuit<T>::run(p);
    transpose_bytes8x8(p);
    for (int j = 0; j < 8; ++j) p[j] = transpose_bits8x8(p[j]);
  }
}

inline u64 xtime(u64 x) noexcept {
  return ((x & 0x7f7f7f7f7f7f7f7fULL) << 1) ^ (((x >> 7) & 0x0101010101010101ULL) * 0xc3);
}

// l_of_groups: l = 148 s0 + 32 s1 + 133 s2 + 16 s3 + 194 s4 + 192 s5 + s6 + 251 s7, where the
// s are the sums of the bytes sharing a coefficient; Horner over the coefficient bits.
inline u64 l_of_groups(const u64 s[8]) noexcept {
  const u64 b7 = s[0] ^ s[2] ^ s[4] ^ s[5] ^ s[7], b6 = s[4] ^ s[5] ^ s[7], b5 = s[1] ^ s[7];
  const u64 b4 = s[0] ^ s[3] ^ s[7], b3 = s[7], b2 = s[0] ^ s[2], b1 = s[4] ^ s[7];
  const u64 b0 = s[2] ^ s[6] ^ s[7];
  u64 acc = b7;
  for (u64 b : {b6, b5, b4, b3, b2, b1, b0}) acc = xtime(acc) ^ b;
  return acc;
}

// w is a ring: logical byte j of the block lives in w[(o + j) & 15].
void linear(u64 w[16]) noexcept {
  unsigned o = 0;
  for (int step = 0; step < 16; ++step) {
    auto at = [&](unsigned j) -> u64 { return w[(o + j) & 15]; };
    const u64 s[8] = {at(0) ^ at(14), at(1) ^ at(13), at(2) ^ at(12),         at(3) ^ at(11),
                      at(4) ^ at(10), at(5) ^ at(9),  at(6) ^ at(8) ^ at(15), at(7)};
    o = (o - 1) & 15;
    w[o] = l_of_groups(s);  // the new byte 0 replaces the old byte 15
  }
}

// linear_inverse: R^-1 sixteen times; the old byte 0 is recovered from the new byte 15.
void linear_inverse(u64 w[16]) noexcept {
  unsigned o = 0;
  for (int step = 0; step < 16; ++step) {
    auto at = [&](unsigned j) -> u64 { return w[(o + j) & 15]; };
    const u64 s[8] = {at(1) ^ at(15), at(2) ^ at(14), at(3) ^ at(13),        at(4) ^ at(12),
                      at(5) ^ at(11), at(6) ^ at(10), at(7) ^ at(9) ^ at(0), at(8)};
    w[o] = l_of_groups(s);
    o = (o + 1) & 15;
  }
}

inline u64 broadcast(std::uint8_t b) noexcept { return b * 0x0101010101010101ULL; }

void add_key(u64 w[16], const std::uint8_t k[16]) noexcept {
  for (int j = 0; j < 16; ++j) w[j] ^= broadcast(k[j]);
}

// load8 / store8: up to eight blocks in and out of the byte-sliced form (missing blocks are 0).
void load8(u64 w[16], const std::uint8_t* in, std::size_t n) noexcept {
  std::uint8_t buf[128] = {};
  std::memcpy(buf, in, 16 * n);
  for (int m = 0; m < 8; ++m) {
    w[m] = load_le64(buf + 16 * m);
    w[8 + m] = load_le64(buf + 16 * m + 8);
  }
  transpose_bytes8x8(w);
  transpose_bytes8x8(w + 8);
  wipe(buf);
}

void store8(std::uint8_t* out, u64 w[16], std::size_t n) noexcept {
  transpose_bytes8x8(w);
  transpose_bytes8x8(w + 8);
  std::uint8_t buf[128];
  for (int m = 0; m < 8; ++m) {
    store_le64(buf + 16 * m, w[m]);
    store_le64(buf + 16 * m + 8, w[8 + m]);
  }
  std::memcpy(out, buf, 16 * n);
  wipe(buf);
}

inline const KuznyechikSchedule& sched(const void* ks) noexcept {
  return *static_cast<const KuznyechikSchedule*>(ks);
}

void encrypt8(const KuznyechikSchedule& s, u64 w[16]) noexcept {
  for (int r = 0; r < 9; ++r) {
    add_key(w, s.enc[r]);
    substitute<kuz::pi>(w);
    linear(w);
  }
  add_key(w, s.enc[9]);
}

void decrypt8(const KuznyechikSchedule& s, u64 w[16]) noexcept {
  add_key(w, s.enc[9]);
  for (int r = 8; r >= 0; --r) {
    linear_inverse(w);
    substitute<kuz::pi_inv>(w);
    add_key(w, s.enc[r]);
  }
}

void encrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  u64 w[16];
  while (n > 0) {
    const std::size_t m = n < 8 ? n : 8;
    load8(w, in, m);
    encrypt8(sched(ks), w);
    store8(out, w, m);
    n -= m, in += 16 * m, out += 16 * m;
  }
  wipe(w);
}

void decrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  u64 w[16];
  while (n > 0) {
    const std::size_t m = n < 8 ? n : 8;
    load8(w, in, m);
    decrypt8(sched(ks), w);
    store8(out, w, m);
    n -= m, in += 16 * m, out += 16 * m;
  }
  wipe(w);
}

void encrypt_one(const void* ks, std::uint8_t b[16]) noexcept { encrypt_blocks(ks, b, b, 1); }

void setup(KuznyechikSchedule& ks) noexcept { std::memcpy(ks.dec, ks.enc, sizeof ks.enc); }

}  // namespace

void kuznyechik_portable_ls(std::uint8_t block[16]) noexcept {
  u64 w[16];
  load8(w, block, 1);
  substitute<kuz::pi>(w);
  linear(w);
  store8(block, w, 1);
  wipe(w);
}

const KuznyechikKernel kuznyechik_portable = {
    {"kuznyechik/portable", cpu::Features{}, true},
    kuznyechik_portable_ls,
    setup,
    {encrypt_blocks, decrypt_blocks, kuz_modes::ctr_xor<8, encrypt_blocks>,
     kuz_modes::cbc_encrypt<encrypt_one>, kuz_modes::cbc_decrypt<8, decrypt_blocks>,
     kuz_modes::cbc_mac<encrypt_one>},
};

}  // namespace axiom::detail
