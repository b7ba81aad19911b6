// Poly1305 with AVX2: four blocks at a time in 26-bit limbs, one block per 64-bit lane.
// Constant time: vpmuludq, additions, shifts and masks only; the branches depend on lengths.
//
// With four lanes h_j, every step computes h_j = (h_j + m_{4i+j}) * r^4; the last step
// multiplies lane j by r^(4-j) instead, and the sum of the lanes is the h of the scalar
// recurrence (Goll and Gueron, "Vectorization of Poly1305 message authentication code").
// Limbs are 26 bits so that vpmuludq (32 x 32 -> 64 bits) can multiply them and five
// products still add up in 64 bits; the terms above 2^130 fold back multiplied by 5, which is
// precomputed with the powers (s = 5 r).
//
// Count per 64 bytes: 25 vpmuludq, 20 vpaddq to sum them, the lazy carry (7 x shift, mask,
// add, plus 2 for x5) = 23, the message split into limbs = 14 (two vpsrldq, three unpacks,
// four shifts, four masks, one OR for the 2^128 bit) and 5 vpaddq to add it: about 87 vector
// uops. Zen 3 runs them on 4 pipes (multiplies on 2, shifts and shuffles on 2): about 22
// cycles per 64 bytes, 0.34 cycles/byte; the multiplies alone need 12.5 cycles. The carried
// dependency (multiply, sum, carry chain) is about as long as that, so a second message
// stream would not help much.
//
// Short inputs (fewer than 16 blocks) and the last blocks (fewer than 4) go to the scalar
// portable kernel. The powers r^1..r^4 are computed on the first long input and kept in the
// state.
#include <immintrin.h>

#include "poly1305/poly1305_kernel.hpp"

namespace {
// Below this many blocks the conversions in and out of the vector form cost more than they save.
constexpr std::size_t min_vector_blocks = 16;
constexpr std::uint64_t mask26 = (1u << 26) - 1;

// Layout of Poly1305State::powers: first r^4 as limbs r0..r4 and s1..s4 = 5 r1..5 r4 (for
// broadcasts), then the same nine values as vectors of [r^4, r^2, r^3, r^1]: the lane order
// of the message vectors (see load_message).
constexpr int r4_at = 0, last_at = 12;
static_assert(last_at + 9 * 4 <= 48);

// split26 writes the five 26-bit limbs of h (base 2^64, h[2] small).
void split26(const std::uint64_t h[3], std::uint64_t limbs[5]) noexcept {
  limbs[0] = h[0] & mask26;
  limbs[1] = (h[0] >> 26) & mask26;
  limbs[2] = ((h[0] >> 52) | (h[1] << 12)) & mask26;
  limbs[3] = (h[1] >> 14) & mask26;
  limbs[4] = (h[1] >> 40) | (h[2] << 24);
}

// compute_powers fills st.powers from st.r, with the scalar kernel: h = (h + 0) * r, no pad bit.
void compute_powers(axiom::detail::Poly1305State& st) noexcept {
  axiom::detail::Poly1305State t;
  t.r[0] = st.r[0];
  t.r[1] = st.r[1];
  t.h[0] = st.r[0];
  t.h[1] = st.r[1];
  t.h[2] = 0;
  static constexpr std::uint8_t zero[16] = {};
  std::uint64_t limbs[4][5];  // r^1 .. r^4
  split26(t.h, limbs[0]);
  for (int k = 1; k < 4; ++k) {
    axiom::detail::poly1305_portable.blocks(t, zero, 1, 0);
    split26(t.h, limbs[k]);
  }
  // Lanes [r^4, r^2, r^3, r^1].
  static constexpr int lane_power[4] = {3, 1, 2, 0};
  for (int i = 0; i < 9; ++i) {
    const int limb = i < 5 ? i : i - 4;
    const std::uint64_t times = i < 5 ? 1 : 5;
    st.powers[r4_at + i] = limbs[3][limb] * times;
    for (int lane = 0; lane < 4; ++lane)
      st.powers[last_at + 4 * i + lane] = limbs[lane_power[lane]][limb] * times;
  }
  st.powers_ready = true;
  // t holds r and its powers: wipe.
  volatile std::uint64_t* v = t.h;
  for (int i = 0; i < 3; ++i) v[i] = 0;
  volatile std::uint64_t* w = &limbs[0][0];
  for (int i = 0; i < 20; ++i) w[i] = 0;
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

// multiply returns the unreduced product of h and the power whose limbs are r[0..4] and
// 5 * limbs s[1..4] (s[0] unused): each of the five sums is below 2^61.
__attribute__((always_inline)) inline Limbs multiply(const Limbs& h, const __m256i r[5],
                                                     const __m256i s[5]) noexcept {
  Limbs d;
  d.l[0] = mul(h.l[0], r[0]);
  d.l[1] = mul(h.l[0], r[1]);
  d.l[2] = mul(h.l[0], r[2]);
  d.l[3] = mul(h.l[0], r[3]);
  d.l[4] = mul(h.l[0], r[4]);
  d.l[0] = _mm256_add_epi64(d.l[0], mul(h.l[1], s[4]));
  d.l[1] = _mm256_add_epi64(d.l[1], mul(h.l[1], r[0]));
  d.l[2] = _mm256_add_epi64(d.l[2], mul(h.l[1], r[1]));
  d.l[3] = _mm256_add_epi64(d.l[3], mul(h.l[1], r[2]));
  d.l[4] = _mm256_add_epi64(d.l[4], mul(h.l[1], r[3]));
  d.l[0] = _mm256_add_epi64(d.l[0], mul(h.l[2], s[3]));
  d.l[1] = _mm256_add_epi64(d.l[1], mul(h.l[2], s[4]));
  d.l[2] = _mm256_add_epi64(d.l[2], mul(h.l[2], r[0]));
  d.l[3] = _mm256_add_epi64(d.l[3], mul(h.l[2], r[1]));
  d.l[4] = _mm256_add_epi64(d.l[4], mul(h.l[2], r[2]));
  d.l[0] = _mm256_add_epi64(d.l[0], mul(h.l[3], s[2]));
  d.l[1] = _mm256_add_epi64(d.l[1], mul(h.l[3], s[3]));
  d.l[2] = _mm256_add_epi64(d.l[2], mul(h.l[3], s[4]));
  d.l[3] = _mm256_add_epi64(d.l[3], mul(h.l[3], r[0]));
  d.l[4] = _mm256_add_epi64(d.l[4], mul(h.l[3], r[1]));
  d.l[0] = _mm256_add_epi64(d.l[0], mul(h.l[4], s[1]));
  d.l[1] = _mm256_add_epi64(d.l[1], mul(h.l[4], s[2]));
  d.l[2] = _mm256_add_epi64(d.l[2], mul(h.l[4], s[3]));
  d.l[3] = _mm256_add_epi64(d.l[3], mul(h.l[4], s[4]));
  d.l[4] = _mm256_add_epi64(d.l[4], mul(h.l[4], r[0]));
  return d;
}

// carry moves each limb's bits above 26 to the next, limb 4's to limb 0 times 5, in two
// interleaved chains (3 -> 4 -> 0 -> 1 and 0 -> 1 -> 2 -> 3 -> 4). Afterwards every limb
// is below 2^26 + 2^8: small enough to add a message limb and multiply again.
__attribute__((always_inline)) inline void carry(Limbs& d, __m256i mask) noexcept {
  __m256i c;
  c = _mm256_srli_epi64(d.l[3], 26); d.l[3] = _mm256_and_si256(d.l[3], mask); d.l[4] = _mm256_add_epi64(d.l[4], c);
  c = _mm256_srli_epi64(d.l[0], 26); d.l[0] = _mm256_and_si256(d.l[0], mask); d.l[1] = _mm256_add_epi64(d.l[1], c);
  c = _mm256_srli_epi64(d.l[4], 26); d.l[4] = _mm256_and_si256(d.l[4], mask);
  d.l[0] = _mm256_add_epi64(d.l[0], _mm256_add_epi64(c, _mm256_slli_epi64(c, 2)));
  c = _mm256_srli_epi64(d.l[1], 26); d.l[1] = _mm256_and_si256(d.l[1], mask); d.l[2] = _mm256_add_epi64(d.l[2], c);
  c = _mm256_srli_epi64(d.l[0], 26); d.l[0] = _mm256_and_si256(d.l[0], mask); d.l[1] = _mm256_add_epi64(d.l[1], c);
  c = _mm256_srli_epi64(d.l[2], 26); d.l[2] = _mm256_and_si256(d.l[2], mask); d.l[3] = _mm256_add_epi64(d.l[3], c);
  c = _mm256_srli_epi64(d.l[3], 26); d.l[3] = _mm256_and_si256(d.l[3], mask); d.l[4] = _mm256_add_epi64(d.l[4], c);
}

__attribute__((always_inline)) inline std::uint64_t lane_sum(__m256i v) noexcept {
  const __m256i t = _mm256_add_epi64(v, _mm256_permute2x128_si256(v, v, 1));
  return static_cast<std::uint64_t>(_mm_cvtsi128_si64(
      _mm_add_epi64(_mm256_castsi256_si128(t), _mm_unpackhi_epi64(_mm256_castsi256_si128(t),
                                                                 _mm256_castsi256_si128(t)))));
}

// vector_blocks absorbs 4 n blocks (n >= 1) of full (padded) blocks into st.h.
void vector_blocks(axiom::detail::Poly1305State& st, const std::uint8_t* m, std::size_t n) noexcept {
  const __m256i mask = _mm256_set1_epi64x(mask26);
  const __m256i pad = _mm256_set1_epi64x(1 << 24);
  __m256i r[5], s[5];
  for (int i = 0; i < 5; ++i) r[i] = _mm256_set1_epi64x(static_cast<long long>(st.powers[r4_at + i]));
  s[0] = r[0];
  for (int i = 1; i < 5; ++i) s[i] = _mm256_set1_epi64x(static_cast<long long>(st.powers[r4_at + 4 + i]));

  // h enters lane 0 (the first block's lane) in 26-bit limbs.
  std::uint64_t h26[5];
  split26(st.h, h26);
  Limbs h;
  for (int i = 0; i < 5; ++i) h.l[i] = _mm256_setr_epi64x(static_cast<long long>(h26[i]), 0, 0, 0);
  for (; n > 1; --n, m += 64) {
    const Limbs x = load_message(m, mask, pad);
    for (int i = 0; i < 5; ++i) h.l[i] = _mm256_add_epi64(h.l[i], x.l[i]);
    h = multiply(h, r, s);
    carry(h, mask);
  }
  // The last four blocks: lane j times the power that remains for it.
  const Limbs x = load_message(m, mask, pad);
  for (int i = 0; i < 5; ++i) h.l[i] = _mm256_add_epi64(h.l[i], x.l[i]);
  const __m256i* last = reinterpret_cast<const __m256i*>(st.powers + last_at);
  for (int i = 0; i < 5; ++i) r[i] = _mm256_load_si256(last + i);
  for (int i = 1; i < 5; ++i) s[i] = _mm256_load_si256(last + 4 + i);
  h = multiply(h, r, s);
  carry(h, mask);  // limbs below 2^27 per lane, so the four-lane sums fit easily

  std::uint64_t l[5];
  for (int i = 0; i < 5; ++i) l[i] = lane_sum(h.l[i]);
  _mm256_zeroupper();
  // Carry fully (limb 4 keeps a few bits above 26: h[2] stays below 8), then to base 2^64.
  std::uint64_t c;
  for (int i = 0; i < 4; ++i) { c = l[i] >> 26; l[i] &= mask26; l[i + 1] += c; }
  c = l[4] >> 26; l[4] &= mask26; l[0] += c * 5;
  for (int i = 0; i < 4; ++i) { c = l[i] >> 26; l[i] &= mask26; l[i + 1] += c; }
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
    {"poly1305/avx2", cpu::Feature::avx2, true},
    poly1305_avx2::blocks,
};
}  // namespace axiom::detail
