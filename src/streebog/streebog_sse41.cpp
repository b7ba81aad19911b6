// Constant-time Streebog compression with SSSE3 + SSE4.1, for x86-64 CPUs without AVX2: the
// design of streebog_avx2.cpp (read it first) on 16-byte registers, one word t per register.
// S: π through its decomposition (streebog_decomposition.hpp), in the α-domain. P and L: a
// register holding word t of the state (lanes 0-7) and of the round key (lanes 8-15) indexes
// 16-entry tables of α(l's byte j) by the nibbles l'' and r'', giving byte planes, which a
// byte transpose returns to words.
// Per round (state + key): 184 pshufb, 8 pblendvb and about 250 other instructions.
#include <immintrin.h>

#include "streebog/streebog_decomposition.hpp"
#include "streebog/streebog_kernel.hpp"

namespace axiom::detail {

namespace {

struct Sse41Tables {
  streebog_decomposition::StepTables step;
  // l[t][j][half]: α of byte j of L's image of word t holding the π-part of the nibble v
  // (half 0: r'', half 1: l''; see l_alpha).
  std::uint8_t l[8][8][2][16];
  // c[i]: the iteration constants C_1..C_12 through α, byte by byte.
  std::uint64_t c[12][8];
};

constexpr Sse41Tables make_sse41_tables() {
  using namespace streebog_decomposition;
  Sse41Tables t{};
  t.step = step_tables;
  for (int word = 0; word < 8; ++word)
    for (int j = 0; j < 8; ++j)
      for (int half = 0; half < 2; ++half)
        for (int v = 0; v < 16; ++v) t.l[word][j][half][v] = l_alpha(word, j, half, v);
  for (int i = 0; i < 12; ++i)
    for (int w = 0; w < 8; ++w) t.c[i][w] = alpha_c(i, w);
  return t;
}

alignas(16) constexpr Sse41Tables sse41_tables = make_sse41_tables();

}  // namespace

}  // namespace axiom::detail

AXIOM_ISA_BEGIN(streebog, sse41)

namespace {

using detail::sse41_tables;

inline __m128i load(const void* p) noexcept {
  return _mm_load_si128(static_cast<const __m128i*>(p));
}

inline __m128i loadu(const void* p) noexcept {
  return _mm_loadu_si128(static_cast<const __m128i*>(p));
}

// s_step returns the nibbles r'' (low) and l'' (high) of the α-domain bytes y (the s_step of
// streebog_avx2.cpp).
inline void s_step(__m128i y, __m128i& low, __m128i& high) noexcept {
  const auto& t = sse41_tables.step;
  const __m128i nibble = _mm_set1_epi8(0x0f), fifteen = _mm_set1_epi8(15);
  const __m128i r = _mm_and_si128(y, nibble);
  const __m128i l = _mm_and_si128(_mm_srli_epi16(y, 4), nibble);
  const __m128i log_r = _mm_shuffle_epi8(load(t.log), r);
  __m128i e = _mm_add_epi8(_mm_shuffle_epi8(load(t.log), l), _mm_shuffle_epi8(load(t.log_inv), r));
  e = _mm_min_epu8(e, _mm_sub_epi8(e, fifteen));
  const __m128i r_zero = _mm_cmpeq_epi8(r, _mm_setzero_si128());
  high = _mm_blendv_epi8(_mm_shuffle_epi8(load(t.nu1_exp), e), _mm_shuffle_epi8(load(t.nu0), l),
                         r_zero);
  e = _mm_add_epi8(_mm_shuffle_epi8(load(t.log_phi), high), log_r);
  e = _mm_min_epu8(e, _mm_sub_epi8(e, fifteen));
  low = _mm_shuffle_epi8(load(t.sigma_exp), e);
}

// by_nibbles applies the byte map given by its two nibble tables to each byte of x.
inline __m128i by_nibbles(const std::uint8_t (&table)[2][16], __m128i x) noexcept {
  const __m128i nibble = _mm_set1_epi8(0x0f);
  return _mm_xor_si128(
      _mm_shuffle_epi8(load(table[0]), _mm_and_si128(x, nibble)),
      _mm_shuffle_epi8(load(table[1]), _mm_and_si128(_mm_srli_epi16(x, 4), nibble)));
}

// lps2 sets (a, b) = (LPS(a), LPS(b)) for the state a and the round key b, each 8 words as
// four registers of 2.
inline void lps2(__m128i a[4], __m128i b[4]) noexcept {
  __m128i plane[8];
  for (int t = 0; t < 8; ++t) {
    // [a word t | b word t], through the S step.
    __m128i low, high;
    s_step(t % 2 == 0 ? _mm_unpacklo_epi64(a[t / 2], b[t / 2])
                      : _mm_unpackhi_epi64(a[t / 2], b[t / 2]),
           low, high);
    for (int j = 0; j < 8; ++j) {
      const __m128i x = _mm_xor_si128(_mm_shuffle_epi8(load(sse41_tables.l[t][j][0]), low),
                                      _mm_shuffle_epi8(load(sse41_tables.l[t][j][1]), high));
      plane[j] = t == 0 ? x : _mm_xor_si128(plane[j], x);
    }
  }
  // plane[j] = [byte j of the 8 state words | of the 8 key words]; transpose to words.
  __m128i q[8];  // q[2k]: state, planes 2k and 2k + 1 interleaved; q[2k + 1]: key
  for (int k = 0; k < 4; ++k) {
    q[2 * k] = _mm_unpacklo_epi8(plane[2 * k], plane[2 * k + 1]);
    q[2 * k + 1] = _mm_unpackhi_epi8(plane[2 * k], plane[2 * k + 1]);
  }
  // d[half][k]: planes 0-3 (k = 0, 1: words 0-3, 4-7) and 4-7 (k = 2, 3), state then key.
  for (int who = 0; who < 2; ++who) {
    const __m128i lo03 = _mm_unpacklo_epi16(q[who], q[2 + who]);      // words 0-3, bytes 0-3
    const __m128i hi03 = _mm_unpackhi_epi16(q[who], q[2 + who]);      // words 4-7, bytes 0-3
    const __m128i lo47 = _mm_unpacklo_epi16(q[4 + who], q[6 + who]);  // words 0-3, bytes 4-7
    const __m128i hi47 = _mm_unpackhi_epi16(q[4 + who], q[6 + who]);  // words 4-7, bytes 4-7
    __m128i* out = who == 0 ? a : b;
    out[0] = _mm_unpacklo_epi32(lo03, lo47);
    out[1] = _mm_unpackhi_epi32(lo03, lo47);
    out[2] = _mm_unpacklo_epi32(hi03, hi47);
    out[3] = _mm_unpackhi_epi32(hi03, hi47);
  }
}

// g sets h = g_n(h, m) for the 8 words of h, n and m in four registers each; the rounds run
// in the α-domain.
inline void g(__m128i h[4], const __m128i n[4], const __m128i m[4]) noexcept {
  const auto& step = sse41_tables.step;
  __m128i a[4], b[4];
  for (int i = 0; i < 4; ++i) a[i] = b[i] = by_nibbles(step.to_alpha, _mm_xor_si128(h[i], n[i]));
  lps2(a, b);  // b = K_1 = LPS(h ^ n); the state half is not needed yet
  for (int i = 0; i < 4; ++i) a[i] = by_nibbles(step.to_alpha, m[i]);
  for (int r = 0; r < 12; ++r) {
    for (int i = 0; i < 4; ++i) {
      a[i] = _mm_xor_si128(a[i], b[i]);
      b[i] = _mm_xor_si128(b[i], load(sse41_tables.c[r] + 2 * i));
    }
    lps2(a, b);
  }
  for (int i = 0; i < 4; ++i)
    h[i] = _mm_xor_si128(
        h[i], _mm_xor_si128(by_nibbles(step.from_alpha, _mm_xor_si128(a[i], b[i])), m[i]));
}

void compress(std::uint64_t h[8], const std::uint64_t n[8], const std::uint64_t m[8]) noexcept {
  __m128i hv[4], nv[4], mv[4];
  for (int i = 0; i < 4; ++i) {
    hv[i] = loadu(h + 2 * i);
    nv[i] = loadu(n + 2 * i);
    mv[i] = loadu(m + 2 * i);
  }
  g(hv, nv, mv);
  for (int i = 0; i < 4; ++i) _mm_storeu_si128(reinterpret_cast<__m128i*>(h + 2 * i), hv[i]);
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
const StreebogKernel streebog_sse41 = {
    {"streebog/sse41", cpu::Feature::ssse3 | cpu::Feature::sse41, true},
    &streebog_sse41::compress_blocks,
    &streebog_sse41::compress,
    &detail::streebog_compress_blocks_x2_serial<&streebog_sse41::compress_blocks>};
}  // namespace axiom::detail
