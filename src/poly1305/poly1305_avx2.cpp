// Poly1305 with AVX2: eight blocks per step in two accumulators of four 64-bit lanes, 26-bit
// limbs. Constant time: vpmuludq, additions, shifts and masks only; branches depend on lengths.
//
// With lanes h_j, every step computes h_j = (h_j + m_{8i+j}) * r^8 (blocks 0-3 of the eight
// in accumulator A, 4-7 in B); the last step multiplies lane j by r^(8-j) instead, and the sum
// of the lanes is the h of the scalar recurrence (Goll and Gueron, "Vectorization of Poly1305
// message authentication code"). Limbs are 26 bits so that vpmuludq (32 x 32 -> 64 bits) can
// multiply them and five products still add up in 64 bits; the terms above 2^130 fold back
// multiplied by 5, which is precomputed with the powers (s = 5 r).
//
// Count per 64 bytes: 25 vpmuludq, 20 vpaddq to sum them, the lazy carry (7 x shift, mask,
// add, plus 2 for x5) = 23, the message split into limbs = 14 (two vpsrldq, three unpacks,
// four shifts, four masks, one OR for the 2^128 bit) and 5 vpaddq to add it: 87 vector uops.
// Zen 3 runs them on 4 pipes (multiplies on 2, shifts and shuffles on 2): 22 core cycles per
// 64 bytes, 0.34 core cycles/byte, 0.27 TSC cycles/byte here (the core runs at ~1.25x the
// TSC). One accumulator measured 0.42 TSC cycles/byte: the carried chain (add, multiply,
// sums, carries) was the limit; two independent ones let the core overlap them (0.35-0.40 at
// 16 KiB, where OpenSSL's AVX2 code measured 0.40-0.42 in the same runs).
//
// Short inputs (fewer than 16 blocks) and the last blocks (fewer than 4) go to the scalar
// portable kernel. The powers r^1..r^8 are computed on the first long input and kept in the
// state.
#include <immintrin.h>

#include "core/wipe.hpp"
#include "poly1305/poly1305_kernel.hpp"

namespace {
// Below this many blocks the conversions in and out of the vector form cost more than they save.
constexpr std::size_t min_vector_blocks = 16;
constexpr std::uint64_t mask26 = (1u << 26) - 1;

// Layout of Poly1305State::powers, 27 vectors of four lanes: the limbs r0..r4 and s1..s4 =
// 5 r1..5 r4 of r^8 in every lane; the same nine of [r^8, r^6, r^7, r^5] (for A), then of
// [r^4, r^2, r^3, r^1] (for B; the lane order is that of load_message). Read from memory as
// operands of vpmuludq: registers for them would leave too few for the rest.
constexpr int r8_at = 0, last_a_at = 9, last_b_at = 18;
static_assert(27 * 4 <= sizeof(axiom::detail::Poly1305State::powers) / 8);

// split26 writes the five 26-bit limbs of h (base 2^64, h[2] small).
void split26(const std::uint64_t h[3], std::uint64_t limbs[5]) noexcept {
  limbs[0] = h[0] & mask26;
  limbs[1] = (h[0] >> 26) & mask26;
  limbs[2] = ((h[0] >> 52) | (h[1] << 12)) & mask26;
  limbs[3] = (h[1] >> 14) & mask26;
  limbs[4] = (h[1] >> 40) | (h[2] << 24);
}

}  // namespace

AXIOM_ISA_BEGIN(poly1305, avx2)

// The five limbs of four lanes.
struct Limbs {
  __m256i l[5];
};

// load_message splits four blocks at m into limbs, with the 2^128 bit. Lanes hold blocks
// 0, 2, 1, 3 (unpacks work within 128-bit halves).
__attribute__((always_inline)) inline Limbs load_message(const std::uint8_t* m, __m256i mask,
                                                         __m256i pad) noexcept {
  const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(m));
  const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(m + 32));
  const __m256i lo = _mm256_unpacklo_epi64(a, b);  // bits 0..63
  const __m256i hi = _mm256_unpackhi_epi64(a, b);  // bits 64..127
  // bits 48..111: the bytes from 6 on
  const __m256i mid = _mm256_unpacklo_epi64(_mm256_srli_si256(a, 6), _mm256_srli_si256(b, 6));
  Limbs x;
  x.l[0] = _mm256_and_si256(lo, mask);
  x.l[1] = _mm256_and_si256(_mm256_srli_epi64(lo, 26), mask);
  x.l[2] = _mm256_and_si256(_mm256_srli_epi64(mid, 4), mask);   // bits 52..77
  x.l[3] = _mm256_and_si256(_mm256_srli_epi64(mid, 30), mask);  // bits 78..103
  x.l[4] = _mm256_or_si256(_mm256_srli_epi64(hi, 40), pad);     // bits 104..127, 2^128
  return x;
}

__attribute__((always_inline)) inline __m256i mul(__m256i a, __m256i b) noexcept {
  return _mm256_mul_epu32(a, b);
}

// pin keeps the five sums in registers at this point: GCC otherwise reassociates the sums,
// computes all 25 products first and spills them.
__attribute__((always_inline)) inline void pin(Limbs& d) noexcept {
  __asm__("" : "+x"(d.l[0]), "+x"(d.l[1]), "+x"(d.l[2]), "+x"(d.l[3]), "+x"(d.l[4]));
}

// multiply returns the unreduced product of h and the power whose limbs are r[0..4] and
// 5 * limbs s[1..4] (s[0] unused): each of the five sums is below 2^61. By limbs of h, each
// times every limb of r, so that five sums and h are live and r is read from memory.
__attribute__((always_inline)) inline Limbs multiply(const Limbs& h, const __m256i* r,
                                                     const __m256i* s) noexcept {
  Limbs d;
  d.l[0] = mul(h.l[0], r[0]);
  d.l[1] = mul(h.l[0], r[1]);
  d.l[2] = mul(h.l[0], r[2]);
  d.l[3] = mul(h.l[0], r[3]);
  d.l[4] = mul(h.l[0], r[4]);
  pin(d);
  d.l[0] = _mm256_add_epi64(d.l[0], mul(h.l[1], s[4]));
  d.l[1] = _mm256_add_epi64(d.l[1], mul(h.l[1], r[0]));
  d.l[2] = _mm256_add_epi64(d.l[2], mul(h.l[1], r[1]));
  d.l[3] = _mm256_add_epi64(d.l[3], mul(h.l[1], r[2]));
  d.l[4] = _mm256_add_epi64(d.l[4], mul(h.l[1], r[3]));
  pin(d);
  d.l[0] = _mm256_add_epi64(d.l[0], mul(h.l[2], s[3]));
  d.l[1] = _mm256_add_epi64(d.l[1], mul(h.l[2], s[4]));
  d.l[2] = _mm256_add_epi64(d.l[2], mul(h.l[2], r[0]));
  d.l[3] = _mm256_add_epi64(d.l[3], mul(h.l[2], r[1]));
  d.l[4] = _mm256_add_epi64(d.l[4], mul(h.l[2], r[2]));
  pin(d);
  d.l[0] = _mm256_add_epi64(d.l[0], mul(h.l[3], s[2]));
  d.l[1] = _mm256_add_epi64(d.l[1], mul(h.l[3], s[3]));
  d.l[2] = _mm256_add_epi64(d.l[2], mul(h.l[3], s[4]));
  d.l[3] = _mm256_add_epi64(d.l[3], mul(h.l[3], r[0]));
  d.l[4] = _mm256_add_epi64(d.l[4], mul(h.l[3], r[1]));
  pin(d);
  d.l[0] = _mm256_add_epi64(d.l[0], mul(h.l[4], s[1]));
  d.l[1] = _mm256_add_epi64(d.l[1], mul(h.l[4], s[2]));
  d.l[2] = _mm256_add_epi64(d.l[2], mul(h.l[4], s[3]));
  d.l[3] = _mm256_add_epi64(d.l[3], mul(h.l[4], s[4]));
  d.l[4] = _mm256_add_epi64(d.l[4], mul(h.l[4], r[0]));
  return d;
}

// carry moves each limb's bits above 26 to the next, limb 4's to limb 0 times 5, in two
// interleaved chains (3 -> 4 -> 0 -> 1 and 0 -> 1 -> 2 -> 3 -> 4). Afterwards every limb
// is below 2^26 + 2^12: small enough to add a message limb and multiply again.
__attribute__((always_inline)) inline void carry(Limbs& d, __m256i mask) noexcept {
  __m256i c;
  c = _mm256_srli_epi64(d.l[3], 26);
  d.l[3] = _mm256_and_si256(d.l[3], mask);
  d.l[4] = _mm256_add_epi64(d.l[4], c);
  c = _mm256_srli_epi64(d.l[0], 26);
  d.l[0] = _mm256_and_si256(d.l[0], mask);
  d.l[1] = _mm256_add_epi64(d.l[1], c);
  c = _mm256_srli_epi64(d.l[4], 26);
  d.l[4] = _mm256_and_si256(d.l[4], mask);
  d.l[0] = _mm256_add_epi64(d.l[0], _mm256_add_epi64(c, _mm256_slli_epi64(c, 2)));
  c = _mm256_srli_epi64(d.l[1], 26);
  d.l[1] = _mm256_and_si256(d.l[1], mask);
  d.l[2] = _mm256_add_epi64(d.l[2], c);
  c = _mm256_srli_epi64(d.l[0], 26);
  d.l[0] = _mm256_and_si256(d.l[0], mask);
  d.l[1] = _mm256_add_epi64(d.l[1], c);
  c = _mm256_srli_epi64(d.l[2], 26);
  d.l[2] = _mm256_and_si256(d.l[2], mask);
  d.l[3] = _mm256_add_epi64(d.l[3], c);
  c = _mm256_srli_epi64(d.l[3], 26);
  d.l[3] = _mm256_and_si256(d.l[3], mask);
  d.l[4] = _mm256_add_epi64(d.l[4], c);
}

__attribute__((always_inline)) inline Limbs add(const Limbs& a, const Limbs& b) noexcept {
  Limbs x;
  for (int i = 0; i < 5; ++i) x.l[i] = _mm256_add_epi64(a.l[i], b.l[i]);
  return x;
}

// times5 gives the s vectors of limbs 1..4 of a power.
__attribute__((always_inline)) inline __m256i times5(__m256i v) noexcept {
  return _mm256_add_epi64(v, _mm256_slli_epi64(v, 2));
}

// lanes_summed returns, for each limb, the sum of its four lanes, in every lane.
__attribute__((always_inline)) inline Limbs lanes_summed(const Limbs& h) noexcept {
  Limbs x;
  for (int i = 0; i < 5; ++i) {
    const __m256i t = _mm256_add_epi64(h.l[i], _mm256_permute2x128_si256(h.l[i], h.l[i], 1));
    x.l[i] = _mm256_add_epi64(t, _mm256_shuffle_epi32(t, 0x4e));
  }
  return x;
}

// compute_powers fills st.powers from st.r: r^2..r^4 with the scalar kernel (h = (h + 0) * r,
// no pad bit), r^5..r^8 as [r^4, r^2, r^3, r^1] times r^4 in the vector unit.
void compute_powers(axiom::detail::Poly1305State& st) noexcept {
  axiom::detail::Poly1305State t;
  t.r[0] = t.h[0] = st.r[0];
  t.r[1] = t.h[1] = st.r[1];
  t.h[2] = 0;
  static constexpr std::uint8_t zero[16] = {};
  std::uint64_t limbs[4][5];  // r^1 .. r^4
  split26(t.h, limbs[0]);
  for (int k = 1; k < 4; ++k) {
    axiom::detail::poly1305_portable.blocks(t, zero, 1, 0);
    split26(t.h, limbs[k]);
  }
  __m256i* p = reinterpret_cast<__m256i*>(st.powers);
  Limbs b, r4;
  __m256i r4v[9];
  for (int i = 0; i < 5; ++i) {
    b.l[i] = _mm256_setr_epi64x(
        static_cast<long long>(limbs[3][i]), static_cast<long long>(limbs[1][i]),
        static_cast<long long>(limbs[2][i]), static_cast<long long>(limbs[0][i]));
    r4.l[i] = _mm256_set1_epi64x(static_cast<long long>(limbs[3][i]));
    r4v[i] = r4.l[i];
    if (i > 0) r4v[4 + i] = times5(r4.l[i]);
  }
  Limbs a = multiply(b, r4v, r4v + 4);
  carry(a, _mm256_set1_epi64x(mask26));
  for (int i = 0; i < 5; ++i) {
    p[last_a_at + i] = a.l[i];
    p[last_b_at + i] = b.l[i];
    p[r8_at + i] = _mm256_permute4x64_epi64(a.l[i], 0);  // r^8 is lane 0 of A's
    if (i > 0) {
      p[last_a_at + 4 + i] = times5(a.l[i]);
      p[last_b_at + 4 + i] = times5(b.l[i]);
      p[r8_at + 4 + i] = times5(p[r8_at + i]);
    }
  }
  st.powers_ready = true;
  // t and limbs hold powers of r: wipe them.
  axiom::detail::wipe(t.h);
  axiom::detail::wipe(limbs);
}

// vector_blocks absorbs 4 n blocks (n >= 1) of full (padded) blocks into st.h.
void vector_blocks(axiom::detail::Poly1305State& st, const std::uint8_t* m,
                   std::size_t n) noexcept {
  const __m256i mask = _mm256_set1_epi64x(mask26);
  const __m256i pad = _mm256_set1_epi64x(1 << 24);
  // For each power: limbs r[0..4], then s[1..4] (s = r + 4); see the layout above.
  const __m256i* p = reinterpret_cast<const __m256i*>(st.powers);
  // h enters lane 0 of A (the first block's lane) in 26-bit limbs.
  std::uint64_t h26[5];
  split26(st.h, h26);
  Limbs a, b;
  for (int i = 0; i < 5; ++i) {
    a.l[i] = _mm256_setr_epi64x(static_cast<long long>(h26[i]), 0, 0, 0);
    b.l[i] = _mm256_setzero_si256();
  }
  if (n % 2 != 0) {
    // An odd group of four first, on its own: its lanes times r^4, r^2, r^3, r^1, summed into
    // lane 0 of A. Limbs stay below 2^29 (four lanes of 2^27), small enough to go on.
    a = multiply(add(a, load_message(m, mask, pad)), p + last_b_at, p + last_b_at + 4);
    carry(a, mask);
    a = lanes_summed(a);
    for (int i = 0; i < 5; ++i) a.l[i] = _mm256_blend_epi32(_mm256_setzero_si256(), a.l[i], 0x03);
    m += 64;
    --n;
  }
  if (n != 0) {
    for (; n > 2; n -= 2, m += 128) {
      // Hide p from the optimiser so that the powers stay in memory (operands of vpmuludq)
      // rather than in registers that would be spilled.
      __asm__("" : "+r"(p));
      a = multiply(add(a, load_message(m, mask, pad)), p + r8_at, p + r8_at + 4);
      carry(a, mask);
      b = multiply(add(b, load_message(m + 64, mask, pad)), p + r8_at, p + r8_at + 4);
      carry(b, mask);
    }
    // The last eight blocks: lane j times the power that remains for it.
    a = multiply(add(a, load_message(m, mask, pad)), p + last_a_at, p + last_a_at + 4);
    b = multiply(add(b, load_message(m + 64, mask, pad)), p + last_b_at, p + last_b_at + 4);
    a = add(a, b);  // sums below 2^62
    carry(a, mask);
  }
  // Limbs below 2^29 per lane: the four-lane sums fit easily.
  a = lanes_summed(a);
  std::uint64_t l[5];
  for (int i = 0; i < 5; ++i) l[i] = static_cast<std::uint64_t>(_mm256_extract_epi64(a.l[i], 0));
  _mm256_zeroupper();
  // Carry fully (limb 4 keeps a few bits above 26: h[2] stays below 8), then to base 2^64.
  std::uint64_t c;
  for (int i = 0; i < 4; ++i) {
    c = l[i] >> 26;
    l[i] &= mask26;
    l[i + 1] += c;
  }
  c = l[4] >> 26;
  l[4] &= mask26;
  l[0] += c * 5;
  for (int i = 0; i < 4; ++i) {
    c = l[i] >> 26;
    l[i] &= mask26;
    l[i + 1] += c;
  }
  st.h[0] = l[0] | (l[1] << 26) | (l[2] << 52);
  st.h[1] = (l[2] >> 12) | (l[3] << 14) | (l[4] << 40);
  st.h[2] = l[4] >> 24;
}

void blocks(axiom::detail::Poly1305State& st, const std::uint8_t* m, std::size_t nblocks,
            std::uint64_t pad_bit) noexcept {
  if (pad_bit != 0 && nblocks >= min_vector_blocks) {
    if (!st.powers_ready) compute_powers(st);
    const std::size_t groups = nblocks / 4;
    vector_blocks(st, m, groups);
    m += 64 * groups;
    nblocks -= 4 * groups;
  }
  if (nblocks != 0) axiom::detail::poly1305_portable.blocks(st, m, nblocks, pad_bit);
}

AXIOM_ISA_END

namespace axiom::detail {
const Poly1305Kernel poly1305_avx2 = {
    {"poly1305/avx2", cpu::Feature::avx2 | cpu::Feature::bmi2, true},
    poly1305_avx2::blocks,
};
}  // namespace axiom::detail
