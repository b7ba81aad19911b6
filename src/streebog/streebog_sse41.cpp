// Constant-time Streebog compression with SSSE3 + SSE4.1, for x86-64 CPUs without AVX2: the
// design of streebog_avx2.cpp (read it first) on 16-byte registers, one word t per register.
// S: π through pshufb nibble lookups merged by a pblendvb tree. P and L: a register holding word
// t of the S output of the state (lanes 0-7) and of the round key (lanes 8-15) indexes 16-entry
// tables of l's byte j per nibble, giving byte planes, which a byte transpose returns to words.
// Per round (state + key): 256 pshufb, 120 pblendvb and about 250 other instructions.
#include <immintrin.h>

#include "streebog/streebog_constants.hpp"
#include "streebog/streebog_kernel.hpp"

namespace axiom::detail {

namespace {

struct Sse41Tables {
  // s[h]: π(16h + i) for i = 0..15.
  std::uint8_t s[16][16];
  // l[t][j][half]: byte j of l(v << (8t + 4 half)) for the nibble v.
  std::uint8_t l[8][8][2][16];
};

constexpr Sse41Tables make_sse41_tables() {
  Sse41Tables t{};
  for (int h = 0; h < 16; ++h)
    for (int i = 0; i < 16; ++i) t.s[h][i] = streebog_pi[16 * h + i];
  for (int word = 0; word < 8; ++word)
    for (int j = 0; j < 8; ++j)
      for (int half = 0; half < 2; ++half)
        for (int v = 0; v < 16; ++v) {
          const std::uint64_t x = static_cast<std::uint64_t>(v) << (8 * word + 4 * half);
          t.l[word][j][half][v] = static_cast<std::uint8_t>(streebog_l(x) >> (8 * j));
        }
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

// sbox applies π to each byte of y (the tree of streebog_avx2.cpp's sbox).
inline __m128i sbox(__m128i y) noexcept {
  const __m128i low = _mm_and_si128(y, _mm_set1_epi8(0x0f));
  const __m128i bit4 = _mm_slli_epi16(y, 3), bit5 = _mm_slli_epi16(y, 2);
  const __m128i bit6 = _mm_slli_epi16(y, 1);
  __m128i quarter[4];
  for (int q = 0; q < 4; ++q) {
    const auto& t = sse41_tables.s;
    const __m128i even = _mm_blendv_epi8(_mm_shuffle_epi8(load(t[4 * q]), low),
                                         _mm_shuffle_epi8(load(t[4 * q + 1]), low), bit4);
    const __m128i odd = _mm_blendv_epi8(_mm_shuffle_epi8(load(t[4 * q + 2]), low),
                                        _mm_shuffle_epi8(load(t[4 * q + 3]), low), bit4);
    quarter[q] = _mm_blendv_epi8(even, odd, bit5);
  }
  return _mm_blendv_epi8(_mm_blendv_epi8(quarter[0], quarter[1], bit6),
                         _mm_blendv_epi8(quarter[2], quarter[3], bit6), y);
}

// lps2 sets (a, b) = (LPS(a), LPS(b)) for the state a and the round key b, each 8 words as
// four registers of 2.
inline void lps2(__m128i a[4], __m128i b[4]) noexcept {
  const __m128i nibble = _mm_set1_epi8(0x0f);
  __m128i plane[8];
  for (int t = 0; t < 8; ++t) {
    // [a word t | b word t], through π.
    const __m128i r = sbox(t % 2 == 0 ? _mm_unpacklo_epi64(a[t / 2], b[t / 2])
                                      : _mm_unpackhi_epi64(a[t / 2], b[t / 2]));
    const __m128i low = _mm_and_si128(r, nibble);
    const __m128i high = _mm_and_si128(_mm_srli_epi16(r, 4), nibble);
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
    const __m128i lo03 = _mm_unpacklo_epi16(q[who], q[2 + who]);  // words 0-3, bytes 0-3
    const __m128i hi03 = _mm_unpackhi_epi16(q[who], q[2 + who]);  // words 4-7, bytes 0-3
    const __m128i lo47 = _mm_unpacklo_epi16(q[4 + who], q[6 + who]);  // words 0-3, bytes 4-7
    const __m128i hi47 = _mm_unpackhi_epi16(q[4 + who], q[6 + who]);  // words 4-7, bytes 4-7
    __m128i* out = who == 0 ? a : b;
    out[0] = _mm_unpacklo_epi32(lo03, lo47);
    out[1] = _mm_unpackhi_epi32(lo03, lo47);
    out[2] = _mm_unpacklo_epi32(hi03, hi47);
    out[3] = _mm_unpackhi_epi32(hi03, hi47);
  }
}

// g sets h = g_n(h, m) for the 8 words of h, n and m in four registers each.
inline void g(__m128i h[4], const __m128i n[4], const __m128i m[4]) noexcept {
  __m128i a[4], b[4];
  for (int i = 0; i < 4; ++i) a[i] = b[i] = _mm_xor_si128(h[i], n[i]);
  lps2(a, b);  // b = K_1 = LPS(h ^ n); the state half is not needed yet
  for (int i = 0; i < 4; ++i) a[i] = m[i];
  for (int r = 0; r < 12; ++r) {
    for (int i = 0; i < 4; ++i) {
      a[i] = _mm_xor_si128(a[i], b[i]);
      b[i] = _mm_xor_si128(b[i], loadu(detail::streebog_c[r] + 2 * i));
    }
    lps2(a, b);
  }
  for (int i = 0; i < 4; ++i) h[i] = _mm_xor_si128(h[i], _mm_xor_si128(_mm_xor_si128(a[i], b[i]), m[i]));
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
    &streebog_sse41::compress_blocks, &streebog_sse41::compress,
    &detail::streebog_compress_blocks_x2_serial<&streebog_sse41::compress_blocks>};
}  // namespace axiom::detail
