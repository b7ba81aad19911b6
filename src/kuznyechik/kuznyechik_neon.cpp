// The NEON Kuznyechik kernel (AArch64): constant time, every lookup is a tbl/tbx on registers.
//
// S: π as four 64-byte tables, one tbl and three tbx (each byte XORed with 0x40, 0x80, 0xc0
// first, so that exactly one of the four lookups sees an index below 64).
// L as the matrix over GF(2^8): out = XOR_i column_i * x_i. Byte i of the block is broadcast
// and multiplied by column i with pmull (8 x 8 -> 16-bit carry-less products, two per column);
// the 16-bit sums are reduced once at the end: the high byte h (7 bits) adds h x^8 mod p, two
// nibble tbl lookups. Per block and round: 4 tbl4, 16 dup, 32 pmull, about 40 other ops.
// Bulk calls take four blocks side by side so that the column loads and the pmull latency are
// shared; every mode runs on the same block functions.
#include <array>
#include <cstring>
#include <utility>

#include "core/wipe.hpp"
#include "kuznyechik/kuznyechik_constants.hpp"
#include "kuznyechik/kuznyechik_kernel.hpp"

#include <arm_neon.h>

namespace axiom::detail {
namespace {

struct NeonTables {
  std::uint8_t sbox[2][256];    // [inverse]: π or π^-1
  std::uint8_t col[2][16][16];  // [inverse][i]: column i of L or L^-1
  std::uint8_t reduce[2][16];   // [0][n] = n x^8 mod p, [1][n] = n x^12 mod p (n < 8)
};

// reduce15: a polynomial of up to 15 bits modulo p = x^8 + x^7 + x^6 + x + 1.
constexpr std::uint8_t reduce15(unsigned v) {
  for (int b = 14; b >= 8; --b)
    if ((v >> b) & 1) v ^= 0x1c3u << (b - 8);
  return static_cast<std::uint8_t>(v);
}

constexpr NeonTables make_tables() {
  NeonTables t{};
  for (std::size_t x = 0; x < 256; ++x) {
    t.sbox[0][x] = kuz::pi[x];
    t.sbox[1][x] = kuz::pi_inv[x];
  }
  for (std::size_t i = 0; i < 16; ++i)
    for (std::size_t j = 0; j < 16; ++j) {
      t.col[0][i][j] = kuz::l_matrix[j][i];
      t.col[1][i][j] = kuz::l_inv_matrix[j][i];
    }
  for (unsigned n = 0; n < 16; ++n) {
    t.reduce[0][n] = reduce15(n << 8);
    t.reduce[1][n] = n < 8 ? reduce15(n << 12) : 0;
  }
  return t;
}

alignas(64) constexpr NeonTables tab = make_tables();

static_assert(reduce15(0x100) == 0xc3);

}  // namespace
}  // namespace axiom::detail

AXIOM_ISA_BEGIN(kuznyechik, neon)

namespace {

using V = uint8x16_t;
using detail::KuznyechikSchedule;
using detail::tab;

inline const KuznyechikSchedule& sched(const void* ks) noexcept {
  return *static_cast<const KuznyechikSchedule*>(ks);
}
inline V ld(const std::uint8_t* p) noexcept { return vld1q_u8(p); }

// sub: π (Inv = 0) or π^-1 of N blocks.
template <int Inv, int N>
[[gnu::always_inline]] inline void sub(V x[N]) noexcept {
  const uint8x16x4_t t0 = vld1q_u8_x4(tab.sbox[Inv]), t1 = vld1q_u8_x4(tab.sbox[Inv] + 64);
  const uint8x16x4_t t2 = vld1q_u8_x4(tab.sbox[Inv] + 128), t3 = vld1q_u8_x4(tab.sbox[Inv] + 192);
#pragma GCC unroll 8
  for (int b = 0; b < N; ++b) {
    V r = vqtbl4q_u8(t0, x[b]);
    r = vqtbx4q_u8(r, t1, veorq_u8(x[b], vdupq_n_u8(0x40)));
    r = vqtbx4q_u8(r, t2, veorq_u8(x[b], vdupq_n_u8(0x80)));
    x[b] = vqtbx4q_u8(r, t3, veorq_u8(x[b], vdupq_n_u8(0xc0)));
  }
}

// madd: the products of column c and byte I of each block, added to the 16-bit sums.
template <int N, int I>
[[gnu::always_inline]] inline void madd(V c, const V x[N], poly16x8_t lo[N],
                                        poly16x8_t hi[N]) noexcept {
  const poly8x16_t cp = vreinterpretq_p8_u8(c);
#pragma GCC unroll 8
  for (int b = 0; b < N; ++b) {
    const poly8x16_t e = vreinterpretq_p8_u8(vdupq_laneq_u8(x[b], I));
    lo[b] = vreinterpretq_p16_u16(
        veorq_u16(vreinterpretq_u16_p16(lo[b]),
                  vreinterpretq_u16_p16(vmull_p8(vget_low_p8(cp), vget_low_p8(e)))));
    hi[b] = vreinterpretq_p16_u16(
        veorq_u16(vreinterpretq_u16_p16(hi[b]), vreinterpretq_u16_p16(vmull_high_p8(cp, e))));
  }
}

// madd4: columns 4Q..4Q+3, loaded together (one load of four registers).
template <int Inv, int N, int Q>
[[gnu::always_inline]] inline void madd4(const V x[N], poly16x8_t lo[N],
                                         poly16x8_t hi[N]) noexcept {
  const uint8x16x4_t c = vld1q_u8_x4(tab.col[Inv][4 * Q]);
  madd<N, 4 * Q>(c.val[0], x, lo, hi);
  madd<N, 4 * Q + 1>(c.val[1], x, lo, hi);
  madd<N, 4 * Q + 2>(c.val[2], x, lo, hi);
  madd<N, 4 * Q + 3>(c.val[3], x, lo, hi);
}

template <int Inv, int N, std::size_t... Q>
[[gnu::always_inline]] inline void madd_all(const V x[N], poly16x8_t lo[N], poly16x8_t hi[N],
                                            std::index_sequence<Q...>) noexcept {
  (madd4<Inv, N, static_cast<int>(Q)>(x, lo, hi), ...);
}

// lin: L (Inv = 0) or L^-1 of N blocks.
template <int Inv, int N>
[[gnu::always_inline]] inline void lin(V x[N]) noexcept {
  poly16x8_t lo[N], hi[N];
#pragma GCC unroll 8
  for (int b = 0; b < N; ++b) lo[b] = hi[b] = vreinterpretq_p16_u16(vdupq_n_u16(0));
  madd_all<Inv, N>(x, lo, hi, std::make_index_sequence<4>());
  const V red_lo = ld(tab.reduce[0]), red_hi = ld(tab.reduce[1]);
#pragma GCC unroll 8
  for (int b = 0; b < N; ++b) {
    const V l8 = vreinterpretq_u8_p16(lo[b]), h8 = vreinterpretq_u8_p16(hi[b]);
    const V low = vuzp1q_u8(l8, h8), high = vuzp2q_u8(l8, h8);
    x[b] = veorq_u8(veorq_u8(low, vqtbl1q_u8(red_lo, vandq_u8(high, vdupq_n_u8(0x0f)))),
                    vqtbl1q_u8(red_hi, vshrq_n_u8(high, 4)));
  }
}

template <int N>
[[gnu::always_inline]] inline void add_key(V x[N], const std::uint8_t k[16]) noexcept {
  const V kv = ld(k);
#pragma GCC unroll 8
  for (int b = 0; b < N; ++b) x[b] = veorq_u8(x[b], kv);
}

template <int N>
inline void encrypt_n(const KuznyechikSchedule& s, V x[N]) noexcept {
  add_key<N>(x, s.enc[0]);
  for (int r = 1; r < 10; ++r) {
    sub<0, N>(x);
    lin<0, N>(x);
    add_key<N>(x, s.enc[r]);
  }
}

template <int N>
inline void decrypt_n(const KuznyechikSchedule& s, V x[N]) noexcept {
  add_key<N>(x, s.enc[9]);
  for (int r = 8; r >= 0; --r) {
    lin<1, N>(x);
    sub<1, N>(x);
    add_key<N>(x, s.enc[r]);
  }
}

template <bool Decrypt, int N>
inline void crypt_n(const KuznyechikSchedule& s, std::uint8_t* out,
                    const std::uint8_t* in) noexcept {
  V x[N];
#pragma GCC unroll 8
  for (int b = 0; b < N; ++b) x[b] = ld(in + 16 * b);
  if (Decrypt)
    decrypt_n<N>(s, x);
  else
    encrypt_n<N>(s, x);
#pragma GCC unroll 8
  for (int b = 0; b < N; ++b) vst1q_u8(out + 16 * b, x[b]);
}

template <bool Decrypt>
void ecb(const void* ks, std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  const KuznyechikSchedule& s = sched(ks);
  for (; n >= 4; n -= 4, in += 64, out += 64) crypt_n<Decrypt, 4>(s, out, in);
  for (; n > 0; --n, in += 16, out += 16) crypt_n<Decrypt, 1>(s, out, in);
}

void encrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  ecb<false>(ks, out, in, n);
}
void decrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  ecb<true>(ks, out, in, n);
}

// CBC encryption and CMAC keep the chaining value in a register.
void cbc_encrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  const KuznyechikSchedule& s = sched(ks);
  V b[1] = {ld(iv)};
  for (; n > 0; --n, in += 16, out += 16) {
    b[0] = veorq_u8(b[0], ld(in));
    encrypt_n<1>(s, b);
    vst1q_u8(out, b[0]);
  }
  vst1q_u8(iv, b[0]);
}

void cbc_mac(const void* ks, std::uint8_t state[16], const std::uint8_t* in,
             std::size_t n) noexcept {
  const KuznyechikSchedule& s = sched(ks);
  V b[1] = {ld(state)};
  for (; n > 0; --n, in += 16) {
    b[0] = veorq_u8(b[0], ld(in));
    encrypt_n<1>(s, b);
  }
  vst1q_u8(state, b[0]);
}

void ls(std::uint8_t block[16]) noexcept {
  V x[1] = {ld(block)};
  sub<0, 1>(x);
  lin<0, 1>(x);
  vst1q_u8(block, x[0]);
}

void setup(KuznyechikSchedule& ks) noexcept { std::memcpy(ks.dec, ks.enc, sizeof ks.enc); }

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const KuznyechikKernel kuznyechik_neon = {
    {"kuznyechik/neon", cpu::Feature::asimd, true},
    kuznyechik_neon::ls,
    kuznyechik_neon::setup,
    {kuznyechik_neon::encrypt_blocks, kuznyechik_neon::decrypt_blocks,
     kuz_modes::ctr_xor<16, kuznyechik_neon::encrypt_blocks>, kuznyechik_neon::cbc_encrypt,
     kuz_modes::cbc_decrypt<16, kuznyechik_neon::decrypt_blocks>, kuznyechik_neon::cbc_mac},
};
}  // namespace axiom::detail
