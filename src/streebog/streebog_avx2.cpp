// Constant-time Streebog compression with AVX2: no table is indexed by a secret.
//
// S: π through vpshufb, 16 lookups T_h[low nibble] (T_h = π(16h + 0..15)) merged by 8 ORs
//    (vpshufb's zeroing splits on bit 7) and a tree of 7 vpblendvb on bits 4, 5, 6.
// P and L: word u of L(P(y)) is the XOR over t of l(byte u of word t << 8t), so a register
//    holding word t of the S output in its lanes (lane u = byte u) indexes, for each output
//    byte j and nibble, a 16-entry table of l's byte j: 2 x 8 vpshufb per word t, and the
//    result comes out as byte planes (register j, lane u = byte j of word u).
// The state rounds and the key schedule run together: one 16-byte lane holds 8 bytes of the
//    state and 8 of the round key, so each shuffle does both. One message: the two lanes hold
//    two different words t, folded at the end; a byte transpose (unpacks and one vpermd per
//    register) returns the planes to words. Two messages (compress_blocks_x2): lane 0 is one
//    message, lane 1 the other; no fold, and the transpose stays within the lanes.
// Per round of one message (state + key, 128 bytes): 128 vpshufb, 28 vpblendvb and about 170
// other vector instructions, 13 rounds per block. Zen 3 runs vpshufb on two pipes and the
// other instructions compete for them: the measured bound is about 2.9 vector instructions
// per cycle, so about 110 cycles per round.
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
  // l2[t][j][half]: byte j of l(v << (8t + 4 half)) for the nibble v, in both lanes, for the
  // two-message layout, where both lanes hold word t.
  std::uint8_t l2[8][8][2][32];
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
  for (int word = 0; word < 8; ++word)
    for (int j = 0; j < 8; ++j)
      for (int half = 0; half < 2; ++half)
        for (int i = 0; i < 32; ++i) {
          const std::uint64_t x = static_cast<std::uint64_t>(i & 15) << (8 * word + 4 * half);
          t.l2[word][j][half][i] = static_cast<std::uint8_t>(streebog_l(x) >> (8 * j));
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

// sbox applies π to each byte of y. vpshufb reads only bits 0-3 and 7 of an index and gives
// zero where bit 7 is set, so T_h indexed by y answers the bytes below 0x80 and T_{h+8} indexed
// by y ^ 0x80 the others: their OR is the candidate for the bytes whose bits 4-6 are h. A tree
// of 7 vpblendvb on bits 4, 5, 6 (moved to bit 7 by byte additions, which run on any FP pipe,
// where shifts take the shuffle pipes) picks among the 8 candidates.
inline __m256i sbox(__m256i y) noexcept {
  const __m256i y_high = _mm256_xor_si256(y, _mm256_set1_epi8(-128));
  const __m256i bit6 = _mm256_add_epi8(y, y);
  const __m256i bit5 = _mm256_add_epi8(bit6, bit6);
  const __m256i bit4 = _mm256_add_epi8(bit5, bit5);
  const auto& t = avx2_tables.s;
  __m256i c[8];
  for (int h = 0; h < 8; ++h)
    c[h] = _mm256_or_si256(_mm256_shuffle_epi8(load(t[h]), y),
                           _mm256_shuffle_epi8(load(t[h + 8]), y_high));
  const __m256i q0 = _mm256_blendv_epi8(_mm256_blendv_epi8(c[0], c[1], bit4),
                                        _mm256_blendv_epi8(c[2], c[3], bit4), bit5);
  const __m256i q1 = _mm256_blendv_epi8(_mm256_blendv_epi8(c[4], c[5], bit4),
                                        _mm256_blendv_epi8(c[6], c[7], bit4), bit5);
  return _mm256_blendv_epi8(q0, q1, bit6);
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
  __m256i plane[8];
  for (int j = 0; j < 8; ++j) {
    __m256i x = _mm256_xor_si256(_mm256_shuffle_epi8(load(avx2_tables.l[0][j][0]), low[0]),
                                 _mm256_shuffle_epi8(load(avx2_tables.l[0][j][1]), high[0]));
    for (int p = 1; p < 4; ++p)
      x = _mm256_xor_si256(
          x, _mm256_xor_si256(_mm256_shuffle_epi8(load(avx2_tables.l[p][j][0]), low[p]),
                              _mm256_shuffle_epi8(load(avx2_tables.l[p][j][1]), high[p])));
    plane[j] = x;
  }
  // Fold the lanes: f[k] = [plane k | plane k + 4], where plane j holds byte j of the 8
  // state words, then of the 8 key words. One lane swap per pair of planes: the blend keeps
  // lane 0 of plane k and lane 1 of plane k + 4, the swap brings the other two.
  __m256i f[4];
  for (int k = 0; k < 4; ++k)
    f[k] = _mm256_xor_si256(_mm256_blend_epi32(plane[k], plane[k + 4], 0xf0),
                            _mm256_permute2x128_si256(plane[k], plane[k + 4], 0x21));
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

// Two messages at once: lane 0 of every register belongs to message A, lane 1 to B, so the
// two chains share each instruction and no lane fold is needed. s[i] and k[i] hold the state
// and the round key, words 2i and 2i + 1 of each message.

// lps_x2 sets (s, k) = (LPS(s), LPS(k)) for both messages.
inline void lps_x2(__m256i s[4], __m256i k[4]) noexcept {
  const __m256i nibble = _mm256_set1_epi8(0x0f);
  // plane[j]: per lane, byte j of the 8 state words, then of the 8 key words. Words 0-3, then
  // 4-7: four S outputs at a time keep the registers in use below 16.
  __m256i plane[8];
  for (int part = 0; part < 2; ++part) {
    __m256i low[4], high[4];
    for (int i = 0; i < 4; ++i) {
      // [state word t | key word t] in each lane, through π.
      const int t = 4 * part + i;
      const __m256i r = sbox(t % 2 == 0 ? _mm256_unpacklo_epi64(s[t / 2], k[t / 2])
                                        : _mm256_unpackhi_epi64(s[t / 2], k[t / 2]));
      low[i] = _mm256_and_si256(r, nibble);
      high[i] = _mm256_and_si256(_mm256_srli_epi16(r, 4), nibble);
    }
    for (int j = 0; j < 8; ++j) {
      __m256i x = _mm256_setzero_si256();
      for (int i = 0; i < 4; ++i) {
        const auto& l = avx2_tables.l2[4 * part + i][j];
        x = _mm256_xor_si256(x, _mm256_xor_si256(_mm256_shuffle_epi8(load(l[0]), low[i]),
                                                 _mm256_shuffle_epi8(load(l[1]), high[i])));
      }
      plane[j] = part == 0 ? x : _mm256_xor_si256(plane[j], x);
    }
  }
  // Transpose each lane's planes back to words: bytes, pairs, then quads.
  __m256i q[8];  // q[2m]: state, planes 2m and 2m + 1 interleaved; q[2m + 1]: key
  for (int m = 0; m < 4; ++m) {
    q[2 * m] = _mm256_unpacklo_epi8(plane[2 * m], plane[2 * m + 1]);
    q[2 * m + 1] = _mm256_unpackhi_epi8(plane[2 * m], plane[2 * m + 1]);
  }
  for (int who = 0; who < 2; ++who) {
    const __m256i lo03 = _mm256_unpacklo_epi16(q[who], q[2 + who]);      // words 0-3, bytes 0-3
    const __m256i hi03 = _mm256_unpackhi_epi16(q[who], q[2 + who]);      // words 4-7, bytes 0-3
    const __m256i lo47 = _mm256_unpacklo_epi16(q[4 + who], q[6 + who]);  // words 0-3, bytes 4-7
    const __m256i hi47 = _mm256_unpackhi_epi16(q[4 + who], q[6 + who]);  // words 4-7, bytes 4-7
    __m256i* out = who == 0 ? s : k;
    out[0] = _mm256_unpacklo_epi32(lo03, lo47);
    out[1] = _mm256_unpackhi_epi32(lo03, lo47);
    out[2] = _mm256_unpacklo_epi32(hi03, hi47);
    out[3] = _mm256_unpackhi_epi32(hi03, hi47);
  }
}

// g_x2 sets h = g_n(h, m) for both messages, each operand in the two-message layout.
inline void g_x2(__m256i h[4], const __m256i n[4], const __m256i m[4]) noexcept {
  __m256i s[4], k[4];
  for (int i = 0; i < 4; ++i) s[i] = k[i] = _mm256_xor_si256(h[i], n[i]);
  lps_x2(s, k);  // k = K_1 = LPS(h ^ n); the state half is not needed yet
  for (int i = 0; i < 4; ++i) s[i] = m[i];
  for (int r = 0; r < 12; ++r) {
    for (int i = 0; i < 4; ++i) {
      s[i] = _mm256_xor_si256(s[i], k[i]);
      k[i] = _mm256_xor_si256(k[i], _mm256_broadcastsi128_si256(_mm_loadu_si128(
                                        reinterpret_cast<const __m128i*>(detail::streebog_c[r] + 2 * i))));
    }
    lps_x2(s, k);
  }
  for (int i = 0; i < 4; ++i)
    h[i] = _mm256_xor_si256(h[i], _mm256_xor_si256(_mm256_xor_si256(s[i], k[i]), m[i]));
}

// load_x2 returns words 2i, 2i + 1 of a (lane 0) and of b (lane 1).
inline __m256i load_x2(const void* a, const void* b, int i) noexcept {
  return _mm256_setr_m128i(_mm_loadu_si128(static_cast<const __m128i*>(a) + i),
                           _mm_loadu_si128(static_cast<const __m128i*>(b) + i));
}

void compress_blocks_x2(detail::StreebogState* const st[2], const std::uint8_t* const blocks[2],
                        std::size_t nblocks) noexcept {
  __m256i h[4];
  for (int i = 0; i < 4; ++i) h[i] = load_x2(st[0]->h, st[1]->h, i);
  for (std::size_t b = 0; b < nblocks; ++b) {
    const std::uint8_t* const ma = blocks[0] + 64 * b;
    const std::uint8_t* const mb = blocks[1] + 64 * b;
    __m256i n[4], m[4];
    for (int i = 0; i < 4; ++i) {
      n[i] = load_x2(st[0]->n, st[1]->n, i);
      m[i] = load_x2(ma, mb, i);
    }
    g_x2(h, n, m);
    for (int w = 0; w < 2; ++w) {
      std::uint64_t words[8];
      for (int i = 0; i < 8; ++i) words[i] = detail::streebog_load64((w == 0 ? ma : mb) + 8 * i);
      detail::streebog_add_bits(st[w]->n, 512);
      detail::streebog_add512(st[w]->sigma, words);
    }
  }
  for (int i = 0; i < 4; ++i) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(st[0]->h) + i, _mm256_castsi256_si128(h[i]));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(st[1]->h) + i, _mm256_extracti128_si256(h[i], 1));
  }
}

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
// The region's target also allows BMI2 (the scalar N and Σ additions), so the kernel asks for it.
const StreebogKernel streebog_avx2 = {
    {"streebog/avx2", cpu::Feature::avx | cpu::Feature::avx2 | cpu::Feature::bmi2, true},
    &streebog_avx2::compress_blocks, &streebog_avx2::compress, &streebog_avx2::compress_blocks_x2};
}  // namespace axiom::detail
