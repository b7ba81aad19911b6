// The NEON Streebog compression (AArch64): constant time, every lookup is a tbl/tbx on
// registers. The round key and the state go through LPS together, word t of each side by side
// in one register (lanes 0-7: the state's bytes, 8-15: the key's).
// S: π as four 64-byte tables, one tbl and three tbx (each byte XORed with 0x40, 0x80, 0xc0
// first, so that exactly one of the four lookups sees an index below 64).
// P and L: byte j of output word w is the XOR over t of l_j,t(π(byte w of word t)), l_j,t
// linear over GF(2), so two 16-entry nibble tables each: the register of word t gives byte j of
// all 16 output words at once (a byte plane), and a byte transpose returns the planes to words.
// Per LPS of state and key: 32 tbl4, 128 tbl, about 170 other instructions.
#include <cstdint>

#include "streebog/streebog_constants.hpp"
#include "streebog/streebog_kernel.hpp"

#include <arm_neon.h>

namespace axiom::detail {

namespace {

struct NeonTables {
  std::uint8_t pi[256];
  // l[t][j][half][n]: byte j of l(v << 8t), v = n (half 0) or n << 4 (half 1).
  std::uint8_t l[8][8][2][16];
};

constexpr NeonTables make_neon_tables() {
  NeonTables t{};
  for (int v = 0; v < 256; ++v) t.pi[v] = streebog_pi[v];
  for (int word = 0; word < 8; ++word)
    for (int j = 0; j < 8; ++j)
      for (int n = 0; n < 16; ++n) {
        t.l[word][j][0][n] = static_cast<std::uint8_t>(
            streebog_l(static_cast<std::uint64_t>(n) << (8 * word)) >> (8 * j));
        t.l[word][j][1][n] = static_cast<std::uint8_t>(
            streebog_l(static_cast<std::uint64_t>(n << 4) << (8 * word)) >> (8 * j));
      }
  return t;
}

alignas(64) constexpr NeonTables neon_tables = make_neon_tables();

}  // namespace

}  // namespace axiom::detail

AXIOM_ISA_BEGIN(streebog, neon)

namespace {

using V = uint8x16_t;
using detail::neon_tables;

inline V as8(uint64x2_t x) noexcept { return vreinterpretq_u8_u64(x); }
inline uint64x2_t as64(V x) noexcept { return vreinterpretq_u64_u8(x); }

// lps2 sets (a, b) = (LPS(a), LPS(b)) for the state a and the round key b, each 8 words as
// four registers of 2.
[[gnu::always_inline]] inline void lps2(V a[4], V b[4]) noexcept {
  const uint8x16x4_t p0 = vld1q_u8_x4(neon_tables.pi), p1 = vld1q_u8_x4(neon_tables.pi + 64);
  const uint8x16x4_t p2 = vld1q_u8_x4(neon_tables.pi + 128), p3 = vld1q_u8_x4(neon_tables.pi + 192);
  V plane[8];
#pragma GCC unroll 8
  for (int t = 0; t < 8; ++t) {
    // [a word t | b word t], through π, split into nibbles.
    const V x = t % 2 == 0 ? as8(vzip1q_u64(as64(a[t / 2]), as64(b[t / 2])))
                           : as8(vzip2q_u64(as64(a[t / 2]), as64(b[t / 2])));
    V y = vqtbl4q_u8(p0, x);
    y = vqtbx4q_u8(y, p1, veorq_u8(x, vdupq_n_u8(0x40)));
    y = vqtbx4q_u8(y, p2, veorq_u8(x, vdupq_n_u8(0x80)));
    y = vqtbx4q_u8(y, p3, veorq_u8(x, vdupq_n_u8(0xc0)));
    const V low = vandq_u8(y, vdupq_n_u8(0x0f)), high = vshrq_n_u8(y, 4);
#pragma GCC unroll 2
    for (int j = 0; j < 8; j += 4) {
      const uint8x16x4_t lo = vld1q_u8_x4(&neon_tables.l[t][j][0][0]);
      const uint8x16x4_t hi = vld1q_u8_x4(&neon_tables.l[t][j + 2][0][0]);
      const V tabs[8] = {lo.val[0], lo.val[1], lo.val[2], lo.val[3],
                         hi.val[0], hi.val[1], hi.val[2], hi.val[3]};
#pragma GCC unroll 4
      for (int k = 0; k < 4; ++k) {
        const V v = veorq_u8(vqtbl1q_u8(tabs[2 * k], low), vqtbl1q_u8(tabs[2 * k + 1], high));
        plane[j + k] = t == 0 ? v : veorq_u8(plane[j + k], v);
      }
    }
  }
  // plane[j] = [byte j of the 8 state words | of the 8 key words]; transpose to words.
  V q[8];  // q[2k]: state, planes 2k and 2k + 1 interleaved; q[2k + 1]: key
#pragma GCC unroll 4
  for (int k = 0; k < 4; ++k) {
    q[2 * k] = vzip1q_u8(plane[2 * k], plane[2 * k + 1]);
    q[2 * k + 1] = vzip2q_u8(plane[2 * k], plane[2 * k + 1]);
  }
#pragma GCC unroll 2
  for (int who = 0; who < 2; ++who) {
    const uint16x8_t q0 = vreinterpretq_u16_u8(q[who]), q2 = vreinterpretq_u16_u8(q[2 + who]);
    const uint16x8_t q4 = vreinterpretq_u16_u8(q[4 + who]), q6 = vreinterpretq_u16_u8(q[6 + who]);
    const uint32x4_t lo03 = vreinterpretq_u32_u16(vzip1q_u16(q0, q2));  // words 0-3, bytes 0-3
    const uint32x4_t hi03 = vreinterpretq_u32_u16(vzip2q_u16(q0, q2));  // words 4-7, bytes 0-3
    const uint32x4_t lo47 = vreinterpretq_u32_u16(vzip1q_u16(q4, q6));  // words 0-3, bytes 4-7
    const uint32x4_t hi47 = vreinterpretq_u32_u16(vzip2q_u16(q4, q6));  // words 4-7, bytes 4-7
    V* out = who == 0 ? a : b;
    out[0] = vreinterpretq_u8_u32(vzip1q_u32(lo03, lo47));
    out[1] = vreinterpretq_u8_u32(vzip2q_u32(lo03, lo47));
    out[2] = vreinterpretq_u8_u32(vzip1q_u32(hi03, hi47));
    out[3] = vreinterpretq_u8_u32(vzip2q_u32(hi03, hi47));
  }
}

inline V ld(const std::uint64_t* p) noexcept {
  return vld1q_u8(reinterpret_cast<const std::uint8_t*>(p));
}

// compress sets h = g_n(h, m) = E(LPS(h ^ n), m) ^ h ^ m (RFC 6986 section 7).
void compress(std::uint64_t h[8], const std::uint64_t n[8], const std::uint64_t m[8]) noexcept {
  V hv[4], mv[4], a[4], b[4];
#pragma GCC unroll 4
  for (int i = 0; i < 4; ++i) {
    hv[i] = ld(h + 2 * i);
    mv[i] = ld(m + 2 * i);
    a[i] = b[i] = veorq_u8(hv[i], ld(n + 2 * i));
  }
  lps2(a, b);  // b = K_1 = LPS(h ^ n); the state half is not needed yet
#pragma GCC unroll 4
  for (int i = 0; i < 4; ++i) a[i] = mv[i];
  for (int r = 0; r < 12; ++r) {
#pragma GCC unroll 4
    for (int i = 0; i < 4; ++i) {
      a[i] = veorq_u8(a[i], b[i]);
      b[i] = veorq_u8(b[i], ld(detail::streebog_c[r] + 2 * i));
    }
    lps2(a, b);
  }
#pragma GCC unroll 4
  for (int i = 0; i < 4; ++i)
    vst1q_u8(reinterpret_cast<std::uint8_t*>(h + 2 * i),
             veorq_u8(hv[i], veorq_u8(veorq_u8(a[i], b[i]), mv[i])));
}

void compress_blocks(detail::StreebogState& st, const std::uint8_t* blocks,
                     std::size_t nblocks) noexcept {
  for (; nblocks > 0; --nblocks, blocks += 64) {
    std::uint64_t m[8];
    for (int i = 0; i < 8; ++i) m[i] = detail::streebog_load64(blocks + 8 * i);
    compress(st.h, st.n, m);
    detail::streebog_add_bits(st.n, 512);
    detail::streebog_add512(st.sigma, m);
  }
}

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const StreebogKernel streebog_neon = {
    {"streebog/neon", cpu::Feature::asimd, true},
    &streebog_neon::compress_blocks,
    &streebog_neon::compress,
    &detail::streebog_compress_blocks_x2_serial<&streebog_neon::compress_blocks>};
}  // namespace axiom::detail
