// Poly1305 with AVX-512 IFMA: 44-bit limbs (44 + 44 + 42 = 130 bits) multiplied by
// vpmadd52luq/vpmadd52huq, eight blocks per zmm accumulator, two accumulators (sixteen blocks)
// per step. Constant time: multiplies, additions, shifts and masks only; branches depend on
// lengths.
//
// With h = h0 + h1 2^44 + h2 2^88 and a power of r the same, the terms at 2^132 and above fold
// back times 20 (2^132 = 4 2^130 = 20 mod p), precomputed as s1 = 20 r1, s2 = 20 r2. Each of
// the nine products is below 2^52 x 2^52, so IFMA gives its bits 0..51 (lo) and 52..103 (hi);
// with 44-bit limbs a hi sum lands one limb up, shifted left by 8. Lanes hold blocks as in the
// AVX2 kernel (Goll and Gueron): every step computes h_j = (h_j + m_{16i+j}) r^16, the last
// one multiplies lane j by the power that remains for it, and the sum of the lanes is h.
//
// Count per eight blocks: 18 vpmadd52, 2 loads, 2 unpacks and 6 operations to split the
// message, 3 additions, 19 for the carries: ~50. On Zen 5 vpmadd52 (latency 4) and the shifts
// share two pipes; a step's chain is ~36 cycles (three IFMA, then carries of 2 cycles each), so
// two accumulators take ~18 cycles per 128 bytes, ~0.14 core cycles/byte (measured 0.11 TSC
// cycles/byte at 16 KiB, OpenSSL 0.18). Tried: four accumulators (r^32), 10% faster at 16 KiB
// and slower below 2 KiB (up to three groups summed on their own first).
//
// Bounds (see multiply): a product leaves h0, h1, h2 below 2^44, 2^44 + 2^10, 2^42, and the
// powers are such products or fully carried; adding a message (limbs below 2^44, 2^44, 2^41),
// even to the sum of eight lanes, keeps every factor far below IFMA's 2^52.
#include <cstddef>
#include <cstdint>

#include "core/wipe.hpp"
#include "poly1305/poly1305_kernel.hpp"

// GCC 12 warns about the undefined vectors its own AVX-512 intrinsics start from (GCC bug
// 105593); clang has no such warning.
#if !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>
#if !defined(__clang__)
#pragma GCC diagnostic pop
#endif

namespace {
// Below this many blocks computing the powers costs more than the vector steps save.
constexpr std::size_t min_vector_blocks = 24;
constexpr std::uint64_t mask44 = (std::uint64_t{1} << 44) - 1,
                        mask42 = (std::uint64_t{1} << 42) - 1;

// Layout of Poly1305State::powers: r^16 as five words (r0, r1, r2, s1, s2), then for the last
// step the five limb vectors of [r^16 .. r^9] (accumulator A) and of [r^8 .. r^1] (B), lane j
// holding the power for the block load_message puts in lane j.
constexpr int r16_at = 0, last_a_at = 5, last_b_at = 45;
static_assert(last_b_at + 40 <= sizeof(axiom::detail::Poly1305State::powers) / 8);

// to44 writes h (base 2^64, h[2] < 8) in 44-bit limbs, fully carried: l0, l1 < 2^44, l2 < 2^42.
void to44(const std::uint64_t h[3], std::uint64_t l[3]) noexcept {
  l[0] = h[0] & mask44;
  l[1] = ((h[0] >> 44) | (h[1] << 20)) & mask44;
  l[2] = (h[1] >> 24) | (h[2] << 40);
  l[0] += 5 * (l[2] >> 42);
  l[2] &= mask42;
  l[1] += l[0] >> 44;
  l[0] &= mask44;
  l[2] += l[1] >> 44;
  l[1] &= mask44;
}

}  // namespace

AXIOM_ISA_BEGIN(poly1305, avx512_ifma)

// The three limbs of eight lanes.
struct Limbs {
  __m512i l[3];
};

// A power of r per lane: limbs r0, r1, r2 and s1 = 20 r1, s2 = 20 r2.
struct Power {
  __m512i r0, r1, r2, s1, s2;
};

__attribute__((always_inline)) inline __m512i lo(__m512i acc, __m512i a, __m512i b) noexcept {
  return _mm512_madd52lo_epu64(acc, a, b);
}
__attribute__((always_inline)) inline __m512i hi(__m512i acc, __m512i a, __m512i b) noexcept {
  return _mm512_madd52hi_epu64(acc, a, b);
}
__attribute__((always_inline)) inline __m512i broadcast(std::uint64_t v) noexcept {
  return _mm512_set1_epi64(static_cast<long long>(v));
}
__attribute__((always_inline)) inline __m512i times20(__m512i v) noexcept {
  return _mm512_add_epi64(_mm512_slli_epi64(v, 4), _mm512_slli_epi64(v, 2));
}

// load_message splits eight blocks at m into limbs, with the 2^128 bit (pad). Lanes hold the
// blocks 0, 4, 1, 5, 2, 6, 3, 7 (unpacks work within 128-bit lanes).
__attribute__((always_inline)) inline Limbs load_message(const std::uint8_t* m,
                                                         __m512i pad) noexcept {
  const __m512i a = _mm512_loadu_si512(m), b = _mm512_loadu_si512(m + 64);
  const __m512i low = _mm512_unpacklo_epi64(a, b), high = _mm512_unpackhi_epi64(a, b);
  const __m512i m44 = broadcast(mask44);
  Limbs x;
  x.l[0] = _mm512_and_si512(low, m44);
  // (low >> 44 | high << 20) & m44: bits 44..87
  x.l[1] =
      _mm512_ternarylogic_epi64(_mm512_srli_epi64(low, 44), _mm512_slli_epi64(high, 20), m44, 0xa8);
  x.l[2] = _mm512_or_si512(_mm512_srli_epi64(high, 24), pad);  // bits 88..127, 2^128
  return x;
}

__attribute__((always_inline)) inline Limbs add(const Limbs& a, const Limbs& b) noexcept {
  Limbs x;
  for (int i = 0; i < 3; ++i) x.l[i] = _mm512_add_epi64(a.l[i], b.l[i]);
  return x;
}

// multiply returns h r mod p, partly reduced: h0 < 2^44, h1 < 2^44 + 2^10, h2 < 2^42. With
// h0, h1 < 2^48, h2 < 2^46 and r0, r1 < 2^44 + 2^10, r2 < 2^42, each sum d_i = lo_i + 2^52
// hi_i of three products is below 2^96: lo_i < 2^54, hi_i < 2^44 (hi2 < 2^41), so every sum
// and carry below stays inside 64 bits.
__attribute__((always_inline)) inline Limbs multiply(const Limbs& h, const Power& r) noexcept {
  const __m512i z = _mm512_setzero_si512();
  // d0 = h0 r0 + h1 s2 + h2 s1, d1 = h0 r1 + h1 r0 + h2 s2, d2 = h0 r2 + h1 r1 + h2 r0
  __m512i lo0 = lo(z, h.l[0], r.r0), hi0 = hi(z, h.l[0], r.r0);
  __m512i lo1 = lo(z, h.l[0], r.r1), hi1 = hi(z, h.l[0], r.r1);
  __m512i lo2 = lo(z, h.l[0], r.r2), hi2 = hi(z, h.l[0], r.r2);
  lo0 = lo(lo0, h.l[1], r.s2), hi0 = hi(hi0, h.l[1], r.s2);
  lo1 = lo(lo1, h.l[1], r.r0), hi1 = hi(hi1, h.l[1], r.r0);
  lo2 = lo(lo2, h.l[1], r.r1), hi2 = hi(hi2, h.l[1], r.r1);
  lo0 = lo(lo0, h.l[2], r.s1), hi0 = hi(hi0, h.l[2], r.s1);
  lo1 = lo(lo1, h.l[2], r.s2), hi1 = hi(hi1, h.l[2], r.s2);
  lo2 = lo(lo2, h.l[2], r.r0), hi2 = hi(hi2, h.l[2], r.r0);
  const __m512i m44 = broadcast(mask44);
  Limbs x;
  // In base 2^44 a hi sum moves one limb up, times 2^8; hi2 lands at 2^132 = 2^130 2^2.
  const __m512i t1 = _mm512_add_epi64(_mm512_add_epi64(lo1, _mm512_slli_epi64(hi0, 8)),
                                      _mm512_srli_epi64(lo0, 44));
  x.l[0] = _mm512_and_si512(lo0, m44);
  const __m512i t2 =
      _mm512_add_epi64(_mm512_add_epi64(lo2, _mm512_slli_epi64(hi1, 8)), _mm512_srli_epi64(t1, 44));
  x.l[1] = _mm512_and_si512(t1, m44);
  // c, the multiple of 2^130 (below 2^51), folds back times 5: l0 below 2^54 before its carry.
  const __m512i c = _mm512_add_epi64(_mm512_srli_epi64(t2, 42), _mm512_slli_epi64(hi2, 10));
  x.l[2] = _mm512_and_si512(t2, broadcast(mask42));
  x.l[0] = _mm512_add_epi64(x.l[0], _mm512_add_epi64(c, _mm512_slli_epi64(c, 2)));
  x.l[1] = _mm512_add_epi64(x.l[1], _mm512_srli_epi64(x.l[0], 44));
  x.l[0] = _mm512_and_si512(x.l[0], m44);
  return x;
}

// power_at reads a per-lane power (five vectors) from st.powers at word i.
__attribute__((always_inline)) inline Power power_at(const std::uint64_t* p) noexcept {
  return {_mm512_loadu_si512(p), _mm512_loadu_si512(p + 8), _mm512_loadu_si512(p + 16),
          _mm512_loadu_si512(p + 24), _mm512_loadu_si512(p + 32)};
}

// lanes_summed returns, for each limb, the sum of its eight lanes in lane 0 (other lanes zero).
__attribute__((always_inline)) inline Limbs lanes_summed(const Limbs& h) noexcept {
  Limbs x;
  for (int i = 0; i < 3; ++i)
    x.l[i] = _mm512_maskz_mov_epi64(
        1, broadcast(static_cast<std::uint64_t>(_mm512_reduce_add_epi64(h.l[i]))));
  return x;
}

// times_r returns h r mod p (h < 2^131, base 2^64), partly reduced: the arithmetic of
// poly1305/portable without a message, inline (seven calls through the kernel cost more).
__attribute__((always_inline)) inline void times_r(std::uint64_t h[3], std::uint64_t r0,
                                                   std::uint64_t r1) noexcept {
  __extension__ typedef unsigned __int128 u128;
  const std::uint64_t s1 = r1 + (r1 >> 2);
  const u128 d0 = static_cast<u128>(h[0]) * r0 + static_cast<u128>(h[1]) * s1;
  const u128 d1 = static_cast<u128>(h[0]) * r1 + static_cast<u128>(h[1]) * r0 + h[2] * s1 +
                  static_cast<std::uint64_t>(d0 >> 64);
  const std::uint64_t d2 = h[2] * r0 + static_cast<std::uint64_t>(d1 >> 64);
  const std::uint64_t c = (d2 >> 2) + (d2 & ~std::uint64_t{3});
  const u128 t0 = static_cast<u128>(static_cast<std::uint64_t>(d0)) + c;
  const u128 t1 =
      static_cast<u128>(static_cast<std::uint64_t>(d1)) + static_cast<std::uint64_t>(t0 >> 64);
  h[0] = static_cast<std::uint64_t>(t0);
  h[1] = static_cast<std::uint64_t>(t1);
  h[2] = (d2 & 3) + static_cast<std::uint64_t>(t1 >> 64);
}

// compute_powers fills st.powers from st.r: r^2 .. r^8 in scalar code, r^9 .. r^16 as
// [r^8 .. r^1] times r^8 in the vector unit.
void compute_powers(axiom::detail::Poly1305State& st) noexcept {
  std::uint64_t h[3] = {st.r[0], st.r[1], 0};
  std::uint64_t limbs[9][3];  // r^1 .. r^8 at [1 .. 8]
  to44(h, limbs[1]);
  for (int k = 2; k <= 8; ++k) {
    times_r(h, st.r[0], st.r[1]);
    to44(h, limbs[k]);
  }
  // Lane j holds block order[j] of eight (see load_message): the last step multiplies it by
  // r^(8 - order[j]) in B, r^(16 - order[j]) in A.
  Limbs b;
  for (int i = 0; i < 3; ++i)
    b.l[i] =
        _mm512_setr_epi64(static_cast<long long>(limbs[8][i]), static_cast<long long>(limbs[4][i]),
                          static_cast<long long>(limbs[7][i]), static_cast<long long>(limbs[3][i]),
                          static_cast<long long>(limbs[6][i]), static_cast<long long>(limbs[2][i]),
                          static_cast<long long>(limbs[5][i]), static_cast<long long>(limbs[1][i]));
  const Power r8 = {broadcast(limbs[8][0]), broadcast(limbs[8][1]), broadcast(limbs[8][2]),
                    broadcast(20 * limbs[8][1]), broadcast(20 * limbs[8][2])};
  const Limbs a = multiply(b, r8);
  const __m512i last_a[5] = {a.l[0], a.l[1], a.l[2], times20(a.l[1]), times20(a.l[2])};
  const __m512i last_b[5] = {b.l[0], b.l[1], b.l[2], times20(b.l[1]), times20(b.l[2])};
  std::uint64_t* p = st.powers;
  for (int i = 0; i < 5; ++i) {
    _mm512_storeu_si512(p + last_a_at + 8 * i, last_a[i]);
    _mm512_storeu_si512(p + last_b_at + 8 * i, last_b[i]);
    p[r16_at + i] = static_cast<std::uint64_t>(
        _mm_cvtsi128_si64(_mm512_castsi512_si128(last_a[i])));  // lane 0: r^16
  }
  st.powers_ready = true;
  // h and limbs hold powers of r: wipe them.
  axiom::detail::wipe(h);
  axiom::detail::wipe(limbs);
}

// vector_blocks absorbs 8 n blocks (n >= 1) of full (padded) blocks into st.h.
void vector_blocks(axiom::detail::Poly1305State& st, const std::uint8_t* m,
                   std::size_t n) noexcept {
  const __m512i pad = broadcast(std::uint64_t{1} << 40);
  const std::uint64_t* p = st.powers;
  // h enters lane 0 of A.
  std::uint64_t h44[3];
  to44(st.h, h44);
  Limbs a, b;
  for (int i = 0; i < 3; ++i) {
    a.l[i] = _mm512_maskz_mov_epi64(1, broadcast(h44[i]));
    b.l[i] = _mm512_setzero_si512();
  }
  if (n % 2 != 0) {
    // An odd group of eight first, on its own: its lanes times r^8 .. r^1, summed into lane 0
    // of A (limbs below 2^47).
    a = lanes_summed(multiply(add(a, load_message(m, pad)), power_at(p + last_b_at)));
    m += 128;
    --n;
  }
  if (n != 0) {
    const Power r16 = {broadcast(p[r16_at]), broadcast(p[r16_at + 1]), broadcast(p[r16_at + 2]),
                       broadcast(p[r16_at + 3]), broadcast(p[r16_at + 4])};
    for (; n > 2; n -= 2, m += 256) {
      a = multiply(add(a, load_message(m, pad)), r16);
      b = multiply(add(b, load_message(m + 128, pad)), r16);
    }
    // The last sixteen blocks: lane j times the power that remains for it.
    a = multiply(add(a, load_message(m, pad)), power_at(p + last_a_at));
    b = multiply(add(b, load_message(m + 128, pad)), power_at(p + last_b_at));
    a = lanes_summed(add(a, b));
  }
  // Lane 0, limbs below 2^48: carry fully (limb 2 keeps 2 bits above 42 at most, so h[2] < 8),
  // then to base 2^64.
  std::uint64_t l[3];
  for (int i = 0; i < 3; ++i)
    l[i] = static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm512_castsi512_si128(a.l[i])));
  l[1] += l[0] >> 44;
  l[0] &= mask44;
  l[2] += l[1] >> 44;
  l[1] &= mask44;
  l[0] += 5 * (l[2] >> 42);
  l[2] &= mask42;
  l[1] += l[0] >> 44;
  l[0] &= mask44;
  l[2] += l[1] >> 44;
  l[1] &= mask44;
  st.h[0] = l[0] | (l[1] << 44);
  st.h[1] = (l[1] >> 20) | (l[2] << 24);
  st.h[2] = l[2] >> 40;
}

void blocks(axiom::detail::Poly1305State& st, const std::uint8_t* m, std::size_t nblocks,
            std::uint64_t pad_bit) noexcept {
  if (pad_bit != 0 && nblocks >= min_vector_blocks) {
    if (!st.powers_ready) compute_powers(st);
    const std::size_t groups = nblocks / 8;
    vector_blocks(st, m, groups);
    m += 128 * groups;
    nblocks -= 8 * groups;
  }
  if (nblocks != 0) axiom::detail::poly1305_portable.blocks(st, m, nblocks, pad_bit);
}

AXIOM_ISA_END

namespace axiom::detail {
const Poly1305Kernel poly1305_avx512_ifma = {
    {"poly1305/avx512_ifma",
     cpu::Feature::avx512 | cpu::Feature::ifma | cpu::Feature::avx2 | cpu::Feature::bmi2, true},
    poly1305_avx512_ifma::blocks,
};
}  // namespace axiom::detail
