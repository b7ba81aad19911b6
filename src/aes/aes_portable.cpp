// The portable AES kernel: constant time without tables. SubBytes runs on 64 bytes (four
// blocks) at once: the bytes are transposed into eight 64-bit bit planes, pushed through the
// Boyar-Peralta S-box circuit (113 gates, "A depth-16 circuit for the AES S-box", 2011), and
// transposed back. The inverse S-box is the same circuit between two inverse affine maps.
// ShiftRows and MixColumns work on bytes with fixed indices and SWAR arithmetic.
#include <cstring>

#include "aes/aes_kernel.hpp"
#include "core/bitslice.hpp"
#include "core/wipe.hpp"

namespace axiom::detail {

namespace {

using u64 = std::uint64_t;
using u32 = std::uint32_t;

u64 load64(const std::uint8_t* p) noexcept {
  u64 v;
  std::memcpy(&v, p, 8);
  return v;
}
void store64(std::uint8_t* p, u64 v) noexcept { std::memcpy(p, &v, 8); }

// transpose_bytes8x8 transposes the 8x8 byte matrix w[row] byte col; an involution.
void transpose_bytes8x8(u64 w[8]) noexcept {
  for (int j = 0; j < 4; ++j) swap_blocks(w[j], w[j + 4], 32, 0x00000000ffffffffULL);
  for (int j : {0, 1, 4, 5}) swap_blocks(w[j], w[j + 2], 16, 0x0000ffff0000ffffULL);
  for (int j : {0, 2, 4, 6}) swap_blocks(w[j], w[j + 1], 8, 0x00ff00ff00ff00ffULL);
}

// to_planes / from_planes: 64 bytes <-> eight bit planes (plane b holds bit b of every byte).
void to_planes(u64 p[8], const std::uint8_t s[64]) noexcept {
  for (int j = 0; j < 8; ++j) p[j] = transpose_bits8x8(load64(s + 8 * j));
  transpose_bytes8x8(p);
}
void from_planes(std::uint8_t s[64], u64 p[8]) noexcept {
  transpose_bytes8x8(p);
  for (int j = 0; j < 8; ++j) store64(s + 8 * j, transpose_bits8x8(p[j]));
}

// sbox_circuit: the forward S-box on bit planes x[0..7] (x[0] = least significant bit).
// Gate names follow the paper: U0 is the most significant input bit, S0 the most
// significant output bit.
void sbox_circuit(u64 x[8]) noexcept {
  const u64 U0 = x[7], U1 = x[6], U2 = x[5], U3 = x[4], U4 = x[3], U5 = x[2], U6 = x[1], U7 = x[0];
  // Top linear layer.
  const u64 T1 = U0 ^ U3, T2 = U0 ^ U5, T3 = U0 ^ U6, T4 = U3 ^ U5, T5 = U4 ^ U6;
  const u64 T6 = T1 ^ T5, T7 = U1 ^ U2, T8 = U7 ^ T6, T9 = U7 ^ T7, T10 = T6 ^ T7;
  const u64 T11 = U1 ^ U5, T12 = U2 ^ U5, T13 = T3 ^ T4, T14 = T6 ^ T11, T15 = T5 ^ T11;
  const u64 T16 = T5 ^ T12, T17 = T9 ^ T16, T18 = U3 ^ U7, T19 = T7 ^ T18, T20 = T1 ^ T19;
  const u64 T21 = U6 ^ U7, T22 = T7 ^ T21, T23 = T2 ^ T22, T24 = T2 ^ T10, T25 = T20 ^ T17;
  const u64 T26 = T3 ^ T16, T27 = T1 ^ T12, D = U7;
  // Nonlinear middle: inversion in GF(2^4)^2.
  const u64 M1 = T13 & T6, M2 = T23 & T8, M3 = T14 ^ M1, M4 = T19 & D, M5 = M4 ^ M1;
  const u64 M6 = T3 & T16, M7 = T22 & T9, M8 = T26 ^ M6, M9 = T20 & T17, M10 = M9 ^ M6;
  const u64 M11 = T1 & T15, M12 = T4 & T27, M13 = M12 ^ M11, M14 = T2 & T10, M15 = M14 ^ M11;
  const u64 M16 = M3 ^ M2, M17 = M5 ^ T24, M18 = M8 ^ M7, M19 = M10 ^ M15, M20 = M16 ^ M13;
  const u64 M21 = M17 ^ M15, M22 = M18 ^ M13, M23 = M19 ^ T25, M24 = M22 ^ M23;
  const u64 M25 = M22 & M20, M26 = M21 ^ M25, M27 = M20 ^ M21, M28 = M23 ^ M25;
  const u64 M29 = M28 & M27, M30 = M26 & M24, M31 = M20 & M23, M32 = M27 & M31;
  const u64 M33 = M27 ^ M25, M34 = M21 & M22, M35 = M24 & M34, M36 = M24 ^ M25;
  const u64 M37 = M21 ^ M29, M38 = M32 ^ M33, M39 = M23 ^ M30, M40 = M35 ^ M36;
  const u64 M41 = M38 ^ M40, M42 = M37 ^ M39, M43 = M37 ^ M38, M44 = M39 ^ M40, M45 = M42 ^ M41;
  const u64 M46 = M44 & T6, M47 = M40 & T8, M48 = M39 & D, M49 = M43 & T16, M50 = M38 & T9;
  const u64 M51 = M37 & T17, M52 = M42 & T15, M53 = M45 & T27, M54 = M41 & T10;
  const u64 M55 = M44 & T13, M56 = M40 & T23, M57 = M39 & T19, M58 = M43 & T3;
  const u64 M59 = M38 & T22, M60 = M37 & T20, M61 = M42 & T1, M62 = M45 & T4, M63 = M41 & T2;
  // Bottom linear layer.
  const u64 L0 = M61 ^ M62, L1 = M50 ^ M56, L2 = M46 ^ M48, L3 = M47 ^ M55, L4 = M54 ^ M58;
  const u64 L5 = M49 ^ M61, L6 = M62 ^ L5, L7 = M46 ^ L3, L8 = M51 ^ M59, L9 = M52 ^ M53;
  const u64 L10 = M53 ^ L4, L11 = M60 ^ L2, L12 = M48 ^ M51, L13 = M50 ^ L0, L14 = M52 ^ M61;
  const u64 L15 = M55 ^ L1, L16 = M56 ^ L0, L17 = M57 ^ L1, L18 = M58 ^ L8, L19 = M63 ^ L4;
  const u64 L20 = L0 ^ L1, L21 = L1 ^ L7, L22 = L3 ^ L12, L23 = L18 ^ L2, L24 = L15 ^ L9;
  const u64 L25 = L6 ^ L10, L26 = L7 ^ L9, L27 = L8 ^ L10, L28 = L11 ^ L14, L29 = L11 ^ L17;
  x[7] = L6 ^ L24;
  x[6] = ~(L16 ^ L26);
  x[5] = ~(L19 ^ L28);
  x[4] = L6 ^ L21;
  x[3] = L20 ^ L22;
  x[2] = L25 ^ L29;
  x[1] = ~(L13 ^ L27);
  x[0] = ~(L6 ^ L23);
}

// inverse_affine: x -> A^-1(x ^ 0x63), the inverse of the S-box's affine map, on planes:
// bit i = x_{i+2} ^ x_{i+5} ^ x_{i+7} (indices mod 8), then ^ 0x05.
void inverse_affine(u64 x[8]) noexcept {
  u64 y[8];
  for (int i = 0; i < 8; ++i) y[i] = x[(i + 2) & 7] ^ x[(i + 5) & 7] ^ x[(i + 7) & 7];
  y[0] = ~y[0];
  y[2] = ~y[2];
  std::memcpy(x, y, sizeof y);
}

// xtime4 doubles each of the 4 bytes of w in GF(2^8).
u32 xtime4(u32 w) noexcept { return ((w & 0x7f7f7f7fu) << 1) ^ (((w >> 7) & 0x01010101u) * 0x1bu); }
u32 rot8(u32 w) noexcept { return (w >> 8) | (w << 24); }
u32 rot16(u32 w) noexcept { return (w >> 16) | (w << 16); }

u32 load32(const std::uint8_t* p) noexcept {
  u32 v;
  std::memcpy(&v, p, 4);
  return v;
}
void store32(std::uint8_t* p, u32 v) noexcept { std::memcpy(p, &v, 4); }

// The state of a block is column-major: byte r + 4c is row r, column c. The code assumes a
// little-endian host for the SWAR column words (x86-64, AArch64 and RISC-V are).
void mix_columns(std::uint8_t* b) noexcept {
  for (int c = 0; c < 4; ++c) {
    const u32 w = load32(b + 4 * c), r = rot8(w);
    store32(b + 4 * c, xtime4(w ^ r) ^ r ^ rot16(w ^ r));
  }
}

void inv_mix_columns(std::uint8_t* b) noexcept {
  for (int c = 0; c < 4; ++c) {
    u32 w = load32(b + 4 * c);
    w ^= xtime4(xtime4(w ^ rot16(w)));
    const u32 r = rot8(w);
    store32(b + 4 * c, xtime4(w ^ r) ^ r ^ rot16(w ^ r));
  }
}

void shift_rows(std::uint8_t* b) noexcept {
  std::uint8_t t[16];
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r) t[r + 4 * c] = b[r + 4 * ((c + r) & 3)];
  std::memcpy(b, t, 16);
}

void inv_shift_rows(std::uint8_t* b) noexcept {
  std::uint8_t t[16];
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r) t[r + 4 * ((c + r) & 3)] = b[r + 4 * c];
  std::memcpy(b, t, 16);
}

void add_round_key(std::uint8_t s[64], const std::uint8_t* rk) noexcept {
  const u64 k0 = load64(rk), k1 = load64(rk + 8);
  for (int i = 0; i < 64; i += 16) {
    store64(s + i, load64(s + i) ^ k0);
    store64(s + i + 8, load64(s + i + 8) ^ k1);
  }
}

const AesSchedule& schedule(const void* ks) noexcept {
  return *static_cast<const AesSchedule*>(ks);
}

// encrypt4 / decrypt4 run the cipher on four blocks in s (64 bytes) in place.
void encrypt4(const AesSchedule& ks, std::uint8_t s[64]) noexcept {
  add_round_key(s, ks.enc);
  for (std::uint32_t r = 1; r <= ks.rounds; ++r) {
    aes_sub_bytes64(s, false);
    for (int i = 0; i < 64; i += 16) {
      shift_rows(s + i);
      if (r != ks.rounds) mix_columns(s + i);
    }
    add_round_key(s, ks.enc + 16 * r);
  }
}

void decrypt4(const AesSchedule& ks, std::uint8_t s[64]) noexcept {
  add_round_key(s, ks.enc + 16 * ks.rounds);
  for (std::uint32_t r = ks.rounds; r-- > 0;) {
    for (int i = 0; i < 64; i += 16) inv_shift_rows(s + i);
    aes_sub_bytes64(s, true);
    add_round_key(s, ks.enc + 16 * r);
    if (r != 0)
      for (int i = 0; i < 64; i += 16) inv_mix_columns(s + i);
  }
}

// in_groups_of_four calls f(first, count) for n blocks in groups of at most four.
template <class F>
void in_groups_of_four(std::size_t n, F&& f) noexcept {
  for (std::size_t i = 0; i < n; i += 4) f(i, n - i < 4 ? n - i : 4);
}

void encrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  std::uint8_t s[64] = {};
  in_groups_of_four(n, [&](std::size_t i, std::size_t m) {
    std::memcpy(s, in + 16 * i, 16 * m);
    encrypt4(schedule(ks), s);
    std::memcpy(out + 16 * i, s, 16 * m);
  });
  wipe(s);
}

void decrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  std::uint8_t s[64] = {};
  in_groups_of_four(n, [&](std::size_t i, std::size_t m) {
    std::memcpy(s, in + 16 * i, 16 * m);
    decrypt4(schedule(ks), s);
    std::memcpy(out + 16 * i, s, 16 * m);
  });
  wipe(s);
}

// increment_be128 adds 1 to a big-endian 128-bit counter. The counter is public.
void increment_be128(std::uint8_t c[16]) noexcept {
  for (int i = 15; i >= 0; --i)
    if (++c[i] != 0) break;
}

void ctr_xor(const void* ks, std::uint8_t ctr[16], std::uint8_t* out, const std::uint8_t* in,
             std::size_t n) noexcept {
  std::uint8_t s[64] = {};
  in_groups_of_four(n, [&](std::size_t i, std::size_t m) {
    for (std::size_t j = 0; j < m; ++j) {
      std::memcpy(s + 16 * j, ctr, 16);
      increment_be128(ctr);
    }
    encrypt4(schedule(ks), s);
    for (std::size_t j = 0; j < 16 * m; ++j) out[16 * i + j] = in[16 * i + j] ^ s[j];
  });
  wipe(s);
}

void cbc_encrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  std::uint8_t s[64] = {};
  std::memcpy(s, iv, 16);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < 16; ++j) s[j] ^= in[16 * i + j];
    encrypt4(schedule(ks), s);
    std::memcpy(out + 16 * i, s, 16);
  }
  std::memcpy(iv, s, 16);
  wipe(s);
}

void cbc_decrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  std::uint8_t s[64] = {}, prev[80];
  in_groups_of_four(n, [&](std::size_t i, std::size_t m) {
    std::memcpy(prev, iv, 16);
    std::memcpy(prev + 16, in + 16 * i, 16 * m);  // ciphertext kept before an in-place write
    std::memcpy(s, in + 16 * i, 16 * m);
    decrypt4(schedule(ks), s);
    for (std::size_t j = 0; j < 16 * m; ++j) out[16 * i + j] = s[j] ^ prev[j];
    std::memcpy(iv, prev + 16 * m, 16);
  });
  wipe(s);
}

void cbc_mac(const void* ks, std::uint8_t state[16], const std::uint8_t* in,
             std::size_t n) noexcept {
  std::uint8_t s[64] = {};
  std::memcpy(s, state, 16);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < 16; ++j) s[j] ^= in[16 * i + j];
    encrypt4(schedule(ks), s);
  }
  std::memcpy(state, s, 16);
  wipe(s);
}

void setup(AesSchedule& ks, const std::uint8_t* round_keys, std::uint32_t rounds) noexcept {
  std::memcpy(ks.enc, round_keys, 16 * (rounds + 1));
  ks.rounds = rounds;
}

}  // namespace

void aes_sub_bytes64(std::uint8_t s[64], bool inverse) noexcept {
  u64 p[8];
  to_planes(p, s);
  if (inverse) inverse_affine(p);
  sbox_circuit(p);
  if (inverse) inverse_affine(p);
  from_planes(s, p);
  wipe(p);
}

void aes_sbox_planes(std::uint64_t x[8]) noexcept { sbox_circuit(x); }

std::uint32_t aes_expand_key(std::uint8_t rk[240], const std::uint8_t* key,
                             std::size_t key_size) noexcept {
  const std::size_t nk = key_size / 4;
  const std::uint32_t rounds = static_cast<std::uint32_t>(nk + 6);
  const std::size_t words = 4 * (rounds + 1);
  std::memcpy(rk, key, key_size);
  std::uint8_t rcon = 1;
  std::uint8_t t[64] = {};
  for (std::size_t i = nk; i < words; ++i) {
    std::memcpy(t, rk + 4 * (i - 1), 4);
    if (i % nk == 0 || (nk > 6 && i % nk == 4)) {
      if (i % nk == 0) {  // RotWord
        const std::uint8_t first = t[0];
        t[0] = t[1], t[1] = t[2], t[2] = t[3], t[3] = first;
      }
      aes_sub_bytes64(t, false);  // SubWord (the other 60 bytes are ignored)
      if (i % nk == 0) {
        t[0] ^= rcon;
        rcon = static_cast<std::uint8_t>((rcon << 1) ^ ((rcon >> 7) * 0x1b));
      }
    }
    for (std::size_t j = 0; j < 4; ++j)
      rk[4 * i + j] = static_cast<std::uint8_t>(rk[4 * (i - nk) + j] ^ t[j]);
  }
  wipe(t);
  return rounds;
}

const AesKernel aes_portable = {
    {"aes/portable", cpu::Features{}, true},
    setup,
    {encrypt_blocks, decrypt_blocks, ctr_xor, cbc_encrypt, cbc_decrypt, cbc_mac},
};

}  // namespace axiom::detail
