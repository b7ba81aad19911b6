// Constant-time Streebog compression with AVX2: no table is indexed by a secret.
//
// S: π through vpshufb. The 16 lookups T_h[low nibble] (T_h = π(16h + 0..15)) are merged by a
//    tree of 15 vpblendvb, selected by bits 4, 5, 6, 7 of each byte (shifted to bit 7).
// P and L: word u of L(P(y)) is the XOR over t of l(byte u of word t << 8t), so a register
//    holding word t of the S output in its lanes (lane u = byte u) indexes, for each output
//    byte j and nibble, a 16-entry table of l's byte j: 2 x 8 vpshufb per word t, and the
//    result comes out as byte planes (register j, lane u = byte j of word u).
// The state rounds and the key schedule run together: one 16-byte lane holds 8 bytes of the
//    state and 8 of the round key, so each shuffle does both. A byte transpose (unpacks and
//    one vpermd per register) returns the planes to words for the next round.
// Per round (state + key, 128 bytes): 128 vpshufb, 60 vpblendvb and about 120 other vector
// instructions; 13 rounds per block.
#include <immintrin.h>

#include <array>

#include "streebog/streebog_constants.hpp"
#include "streebog/streebog_kernel.hpp"

namespace axiom::detail {

namespace {

struct Avx2Tables {
  // s[h]: π(16h + i) for i = 0..15, in both 128-bit lanes.
  std::uint8_t s[16][32];
  // l[p][j][half]: for the word pair p = (t0, t1) = (0,2), (1,3), (4,6), (5,7): lane 0 gives
  // byte j of l(v << (8 t0 + 4 half)) for the nibble v, lane 1 the same for t1.
  std::uint8_t l[4][8][2][32];
};

constexpr Avx2Tables make_avx2_tables() {
  Avx2Tables t{};
  for (int h = 0; h < 16; ++h)
    for (int i = 0; i < 32; ++i) t.s[h][i] = streebog_pi[16 * h + (i & 15)];
  constexpr int pairs[4][2] = {{0, 2}, {1, 3}, {4, 6}, {5, 7}};
  for (int p = 0; p < 4; ++p)
    for (int j = 0; j < 8; ++j)
      for (int half = 0; half < 2; ++half)
        for (int i = 0; i < 32; ++i) {
          const int word = pairs[p][i / 16];
          const std::uint64_t v = static_cast<std::uint64_t>(i & 15) << (8 * word + 4 * half);
          t.l[p][j][half][i] = static_cast<std::uint8_t>(streebog_l(v) >> (8 * j));
        }
  return t;
}

alignas(32) constexpr Avx2Tables avx2_tables = make_avx2_tables();

}  // namespace

}  // namespace axiom::detail

AXIOM_ISA_BEGIN(streebog, avx2)

namespace {

using detail::avx2_tables;

inline __m256i load(const void* p) noexcept {
  return _mm256_load_si256(static_cast<const __m256i*>(p));
}

inline __m256i loadu(const void* p) noexcept {
  return _mm256_loadu_si256(static_cast<const __m256i*>(p));
}

// sbox applies π to each byte of y. The blend tree is walked depth first so that few
// registers are live: the candidates for high nibbles 4q .. 4q + 3 are merged before the next.
inline __m256i sbox(__m256i y) noexcept {
  const __m256i low = _mm256_and_si256(y, _mm256_set1_epi8(0x0f));
  // Bit b of each byte, moved to bit 7, picks between the candidates that differ in it.
  const __m256i bit4 = _mm256_slli_epi16(y, 3), bit5 = _mm256_slli_epi16(y, 2);
  const __m256i bit6 = _mm256_slli_epi16(y, 1);
  __m256i quarter[4];
  for (int q = 0; q < 4; ++q) {
    const auto& t = avx2_tables.s;
    const __m256i even = _mm256_blendv_epi8(_mm256_shuffle_epi8(load(t[4 * q]), low),
                                            _mm256_shuffle_epi8(load(t[4 * q + 1]), low), bit4);
    const __m256i odd = _mm256_blendv_epi8(_mm256_shuffle_epi8(load(t[4 * q + 2]), low),
                                           _mm256_shuffle_epi8(load(t[4 * q + 3]), low), bit4);
    quarter[q] = _mm256_blendv_epi8(even, odd, bit5);
  }
  return _mm256_blendv_epi8(_mm256_blendv_epi8(quarter[0], quarter[1], bit6),
                            _mm256_blendv_epi8(quarter[2], quarter[3], bit6), y);
}

// lps2 sets (a, b) = (LPS(a), LPS(b)) for the state a and the round key b, each 8 words as
// two registers of 4 (words 0-3, words 4-7).
inline void lps2(__m256i& a0, __m256i& a1, __m256i& b0, __m256i& b1) noexcept {
  // y[p] = [a word t0 | b word t0 || a word t1 | b word t1] for the pairs of avx2_tables.l.
  const __m256i y[4] = {_mm256_unpacklo_epi64(a0, b0), _mm256_unpackhi_epi64(a0, b0),
                        _mm256_unpacklo_epi64(a1, b1), _mm256_unpackhi_epi64(a1, b1)};
  const __m256i nibble = _mm256_set1_epi8(0x0f);
  __m256i low[4], high[4];
  for (int p = 0; p < 4; ++p) {
    const __m256i s = sbox(y[p]);
    low[p] = _mm256_and_si256(s, nibble);
    high[p] = _mm256_and_si256(_mm256_srli_epi16(s, 4), nibble);
  }
  // plane(j): lane 0 sums the words t0, lane 1 the words t1 of each pair.
  __m256i f[4];
  for (int k = 0; k < 4; ++k) {
    __m256i acc[2];
    for (int i = 0; i < 2; ++i) {
      const int j = k + 4 * i;
      __m256i x = _mm256_xor_si256(_mm256_shuffle_epi8(load(avx2_tables.l[0][j][0]), low[0]),
                                   _mm256_shuffle_epi8(load(avx2_tables.l[0][j][1]), high[0]));
      for (int p = 1; p < 4; ++p)
        x = _mm256_xor_si256(
            x, _mm256_xor_si256(_mm256_shuffle_epi8(load(avx2_tables.l[p][j][0]), low[p]),
                                _mm256_shuffle_epi8(load(avx2_tables.l[p][j][1]), high[p])));
      acc[i] = x;
    }
    // Fold the lanes: f[k] = [plane k | plane k + 4], where plane j holds byte j of the 8
    // state words, then of the 8 key words.
    f[k] = _mm256_xor_si256(_mm256_permute2x128_si256(acc[0], acc[1], 0x20),
                            _mm256_permute2x128_si256(acc[0], acc[1], 0x31));
  }
  // Transpose planes to words: bytes, then pairs, then a dword permutation across the lanes.
  const __m256i q0 = _mm256_unpacklo_epi8(f[0], f[1]);  // state, planes 0 1 | 4 5
  const __m256i q1 = _mm256_unpackhi_epi8(f[0], f[1]);  // key, planes 0 1 | 4 5
  const __m256i q2 = _mm256_unpacklo_epi8(f[2], f[3]);  // state, planes 2 3 | 6 7
  const __m256i q3 = _mm256_unpackhi_epi8(f[2], f[3]);  // key, planes 2 3 | 6 7
  const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
  a0 = _mm256_permutevar8x32_epi32(_mm256_unpacklo_epi16(q0, q2), order);
  a1 = _mm256_permutevar8x32_epi32(_mm256_unpackhi_epi16(q0, q2), order);
  b0 = _mm256_permutevar8x32_epi32(_mm256_unpacklo_epi16(q1, q3), order);
  b1 = _mm256_permutevar8x32_epi32(_mm256_unpackhi_epi16(q1, q3), order);
}

// g sets (h0, h1) = g_n(h, m) for the 8 words of h, n and m in two registers each.
inline void g(__m256i& h0, __m256i& h1, __m256i n0, __m256i n1, __m256i m0, __m256i m1) noexcept {
  // K_1 = LPS(h ^ n), computed in the key half; the state half is not needed yet.
  __m256i b0 = _mm256_xor_si256(h0, n0), b1 = _mm256_xor_si256(h1, n1);
  __m256i a0 = b0, a1 = b1;
  lps2(a0, a1, b0, b1);
  a0 = m0;
  a1 = m1;
  for (int i = 0; i < 12; ++i) {
    a0 = _mm256_xor_si256(a0, b0);
    a1 = _mm256_xor_si256(a1, b1);
    b0 = _mm256_xor_si256(b0, loadu(detail::streebog_c[i]));
    b1 = _mm256_xor_si256(b1, loadu(detail::streebog_c[i] + 4));
    lps2(a0, a1, b0, b1);
  }
  h0 = _mm256_xor_si256(h0, _mm256_xor_si256(_mm256_xor_si256(a0, b0), m0));
  h1 = _mm256_xor_si256(h1, _mm256_xor_si256(_mm256_xor_si256(a1, b1), m1));
}

void compress(std::uint64_t h[8], const std::uint64_t n[8], const std::uint64_t m[8]) noexcept {
  __m256i h0 = loadu(h), h1 = loadu(h + 4);
  g(h0, h1, loadu(n), loadu(n + 4), loadu(m), loadu(m + 4));
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(h), h0);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(h + 4), h1);
}

void compress_blocks(detail::StreebogState& st, const std::uint8_t* blocks,
                     std::size_t nblocks) noexcept {
  __m256i h0 = loadu(st.h), h1 = loadu(st.h + 4);
  for (; nblocks > 0; --nblocks, blocks += 64) {
    g(h0, h1, loadu(st.n), loadu(st.n + 4), loadu(blocks), loadu(blocks + 32));
    std::uint64_t m[8];
    for (int i = 0; i < 8; ++i) m[i] = detail::streebog_load64(blocks + 8 * i);
    detail::streebog_add_bits(st.n, 512);
    detail::streebog_add512(st.sigma, m);
  }
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(st.h), h0);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(st.h + 4), h1);
}

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
// The region's target also allows BMI2 (the scalar N and Σ additions), so the kernel asks for it.
const StreebogKernel streebog_avx2 = {
    {"streebog/avx2", cpu::Feature::avx | cpu::Feature::avx2 | cpu::Feature::bmi2, true},
    &streebog_avx2::compress_blocks, &streebog_avx2::compress};
}  // namespace axiom::detail
