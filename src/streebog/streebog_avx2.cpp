// Constant-time Streebog compression with AVX2: no table is indexed by a secret.
//
// S: π through its decomposition (streebog_decomposition.hpp): the bytes of the state and of
//    the round keys are kept through the linear map α, so each byte is already the nibble pair
//    (l, r); 5 vpshufb lookups of 16-entry tables (logarithms in GF(2^4), ν0, ν1, φ, σ),
//    additions mod 15 and one blend on r == 0 give the nibbles l', r' of ω^-1(π(x)), and the
//    linear ω is folded into the L tables.
// P and L: word u of L(P(y)) is the XOR over t of l(byte u of word t << 8t), so a register
//    holding word t of the S output in its lanes (lane u = byte u) indexes, for each output
//    byte j and nibble (l' or r'), a 16-entry table of α(l's byte j): 2 x 8 vpshufb per word
//    t, and the result comes out as byte planes (register j, lane u = byte j of word u).
// The state rounds and the key schedule run together: one 16-byte lane holds 8 bytes of the
//    state and 8 of the round key, so each shuffle does both. One message: the two lanes hold
//    two different words t, folded at the end; a byte transpose (unpacks and one vpermd per
//    register) returns the planes to words. Two messages (compress_blocks_x2): lane 0 is one
//    message, lane 1 the other; no fold, and the transpose stays within the lanes.
// Per round of one message (state + key, 128 bytes): 92 vpshufb, 4 vpblendvb and about 130
// other vector instructions, 13 rounds per block. Zen 3 runs vpshufb and the unpacks on two
// of its four vector pipes, the rest anywhere: about 60 cycles per round at best; measured
// about 90 (14.5 TSC cycles per byte; TSC 2445 MHz, core about 3.1 GHz).
#include <immintrin.h>

#include <array>

#include "streebog/streebog_decomposition.hpp"
#include "streebog/streebog_kernel.hpp"

namespace axiom::detail {

namespace {

// The tables of streebog_decomposition.hpp in 32-byte registers.
struct Avx2Tables {
  // The S step (StepTables), in both 128-bit lanes.
  std::uint8_t log[32], log_inv[32], nu1_exp[32], nu0[32], log_phi[32], sigma_exp[32];
  // α and its inverse by nibble: [0] for the low nibble, [1] for the high one.
  std::uint8_t to_alpha[2][32], from_alpha[2][32];
  // l[p][j][half]: for the word pair p = (t0, t1) = (0,2), (1,3), (4,6), (5,7): lane 0 gives
  // α of byte j of L's image of word t0 holding π-part v, where the π-part is ω(r' = v ^ σ(0))
  // for half 0 and ω(l' = v ^ ν1(0), shifted to the high nibble) for half 1; lane 1 the same
  // for t1.
  std::uint8_t l[4][8][2][32];
  // l2[t][j][half]: the same for word t in both lanes (the two-message layout).
  std::uint8_t l2[8][8][2][32];
  // c[i]: the iteration constants C_1..C_12 through α, byte by byte.
  std::uint64_t c[12][8];
};

constexpr Avx2Tables make_avx2_tables() {
  using namespace streebog_decomposition;
  Avx2Tables t{};
  for (int i = 0; i < 32; ++i) {
    const int v = i & 15;
    t.log[i] = step_tables.log[v];
    t.log_inv[i] = step_tables.log_inv[v];
    t.nu1_exp[i] = step_tables.nu1_exp[v];
    t.nu0[i] = step_tables.nu0[v];
    t.log_phi[i] = step_tables.log_phi[v];
    t.sigma_exp[i] = step_tables.sigma_exp[v];
    for (int n = 0; n < 2; ++n) {
      t.to_alpha[n][i] = step_tables.to_alpha[n][v];
      t.from_alpha[n][i] = step_tables.from_alpha[n][v];
    }
  }
  constexpr int pairs[4][2] = {{0, 2}, {1, 3}, {4, 6}, {5, 7}};
  for (int p = 0; p < 4; ++p)
    for (int j = 0; j < 8; ++j)
      for (int half = 0; half < 2; ++half)
        for (int i = 0; i < 32; ++i)
          t.l[p][j][half][i] = l_alpha(pairs[p][i / 16], j, half, i & 15);
  for (int word = 0; word < 8; ++word)
    for (int j = 0; j < 8; ++j)
      for (int half = 0; half < 2; ++half)
        for (int i = 0; i < 32; ++i) t.l2[word][j][half][i] = l_alpha(word, j, half, i & 15);
  for (int i = 0; i < 12; ++i)
    for (int w = 0; w < 8; ++w) t.c[i][w] = alpha_c(i, w);
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

// s_step takes bytes in the α-domain through the nibble steps of π and returns the nibbles
// that index the L tables: low = r'' and high = l'' (streebog_decomposition.hpp). 18
// instructions for 32 bytes, 7 of them vpshufb, where a 16-table lookup of π takes 16 vpshufb
// and 15 merges.
inline void s_step(__m256i y, __m256i& low, __m256i& high) noexcept {
  const auto& t = avx2_tables;
  const __m256i nibble = _mm256_set1_epi8(0x0f), fifteen = _mm256_set1_epi8(15);
  const __m256i r = _mm256_and_si256(y, nibble);
  const __m256i l = _mm256_and_si256(_mm256_srli_epi16(y, 4), nibble);
  const __m256i log_r = _mm256_shuffle_epi8(load(t.log), r);
  // l ⊙ r^-1 by logarithms; the sum mod 15 is min(t, t - 15) on bytes.
  __m256i e =
      _mm256_add_epi8(_mm256_shuffle_epi8(load(t.log), l), _mm256_shuffle_epi8(load(t.log_inv), r));
  e = _mm256_min_epu8(e, _mm256_sub_epi8(e, fifteen));
  const __m256i r_zero = _mm256_cmpeq_epi8(r, _mm256_setzero_si256());
  high = _mm256_blendv_epi8(_mm256_shuffle_epi8(load(t.nu1_exp), e),
                            _mm256_shuffle_epi8(load(t.nu0), l), r_zero);
  // r ⊙ φ(l').
  e = _mm256_add_epi8(_mm256_shuffle_epi8(load(t.log_phi), high), log_r);
  e = _mm256_min_epu8(e, _mm256_sub_epi8(e, fifteen));
  low = _mm256_shuffle_epi8(load(t.sigma_exp), e);
}

// by_nibbles applies the byte map given by its two nibble tables to each byte of x.
inline __m256i by_nibbles(const std::uint8_t (&table)[2][32], __m256i x) noexcept {
  const __m256i nibble = _mm256_set1_epi8(0x0f);
  return _mm256_xor_si256(
      _mm256_shuffle_epi8(load(table[0]), _mm256_and_si256(x, nibble)),
      _mm256_shuffle_epi8(load(table[1]), _mm256_and_si256(_mm256_srli_epi16(x, 4), nibble)));
}

// lps2 sets (a, b) = (LPS(a), LPS(b)) for the state a and the round key b, each 8 words as
// two registers of 4 (words 0-3, words 4-7).
inline void lps2(__m256i& a0, __m256i& a1, __m256i& b0, __m256i& b1) noexcept {
  // y[p] = [a word t0 | b word t0 || a word t1 | b word t1] for the pairs of avx2_tables.l.
  const __m256i y[4] = {_mm256_unpacklo_epi64(a0, b0), _mm256_unpackhi_epi64(a0, b0),
                        _mm256_unpacklo_epi64(a1, b1), _mm256_unpackhi_epi64(a1, b1)};
  __m256i low[4], high[4];
  for (int p = 0; p < 4; ++p) s_step(y[p], low[p], high[p]);
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

// g sets (h0, h1) = g_n(h, m) for the 8 words of h, n and m in two registers each; the rounds
// run in the α-domain.
inline void g(__m256i& h0, __m256i& h1, __m256i n0, __m256i n1, __m256i m0, __m256i m1) noexcept {
  const auto& to = avx2_tables.to_alpha;
  // K_1 = LPS(h ^ n), computed in the key half; the state half is not needed yet.
  __m256i b0 = by_nibbles(to, _mm256_xor_si256(h0, n0)),
          b1 = by_nibbles(to, _mm256_xor_si256(h1, n1));
  __m256i a0 = b0, a1 = b1;
  lps2(a0, a1, b0, b1);
  a0 = by_nibbles(to, m0);
  a1 = by_nibbles(to, m1);
  for (int i = 0; i < 12; ++i) {
    a0 = _mm256_xor_si256(a0, b0);
    a1 = _mm256_xor_si256(a1, b1);
    b0 = _mm256_xor_si256(b0, loadu(avx2_tables.c[i]));
    b1 = _mm256_xor_si256(b1, loadu(avx2_tables.c[i] + 4));
    lps2(a0, a1, b0, b1);
  }
  const auto& from = avx2_tables.from_alpha;
  h0 = _mm256_xor_si256(h0, _mm256_xor_si256(by_nibbles(from, _mm256_xor_si256(a0, b0)), m0));
  h1 = _mm256_xor_si256(h1, _mm256_xor_si256(by_nibbles(from, _mm256_xor_si256(a1, b1)), m1));
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
  // plane[j]: per lane, byte j of the 8 state words, then of the 8 key words. Two words t at
  // a time, which keeps the registers in use below 16.
  constexpr int step = 2;
  __m256i plane[8];
  for (int part = 0; part < 8 / step; ++part) {
    __m256i low[step], high[step];
    for (int i = 0; i < step; ++i) {
      // [state word t | key word t] in each lane, through π.
      const int t = step * part + i;
      s_step(t % 2 == 0 ? _mm256_unpacklo_epi64(s[t / 2], k[t / 2])
                        : _mm256_unpackhi_epi64(s[t / 2], k[t / 2]),
             low[i], high[i]);
    }
    for (int j = 0; j < 8; ++j) {
      __m256i x = _mm256_setzero_si256();
      for (int i = 0; i < step; ++i) {
        const auto& l = avx2_tables.l2[step * part + i][j];
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

// g_x2 sets h = g_n(h, m) for both messages, each operand in the two-message layout; the
// rounds run in the α-domain.
inline void g_x2(__m256i h[4], const __m256i n[4], const __m256i m[4]) noexcept {
  const auto& to = avx2_tables.to_alpha;
  __m256i s[4], k[4];
  for (int i = 0; i < 4; ++i) s[i] = k[i] = by_nibbles(to, _mm256_xor_si256(h[i], n[i]));
  lps_x2(s, k);  // k = K_1 = LPS(h ^ n); the state half is not needed yet
  for (int i = 0; i < 4; ++i) s[i] = by_nibbles(to, m[i]);
  for (int r = 0; r < 12; ++r) {
    for (int i = 0; i < 4; ++i) {
      s[i] = _mm256_xor_si256(s[i], k[i]);
      k[i] = _mm256_xor_si256(
          k[i], _mm256_broadcastsi128_si256(
                    _mm_loadu_si128(reinterpret_cast<const __m128i*>(avx2_tables.c[r] + 2 * i))));
    }
    lps_x2(s, k);
  }
  for (int i = 0; i < 4; ++i)
    h[i] = _mm256_xor_si256(
        h[i],
        _mm256_xor_si256(by_nibbles(avx2_tables.from_alpha, _mm256_xor_si256(s[i], k[i])), m[i]));
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
    &streebog_avx2::compress_blocks,
    &streebog_avx2::compress,
    &streebog_avx2::compress_blocks_x2};
}  // namespace axiom::detail
