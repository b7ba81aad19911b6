// Constant-time Streebog compression with AVX-512 (F, BW, VL, VBMI) and GFNI: the whole 512-bit
// state in one zmm, no table indexed by a secret.
//
// Layouts: "words" is the memory order (qword u = word u). The rounds keep the state and the
// round key "planar": qword j holds byte j of the 8 words, byte u of it from word u.
// S: π as a 256-byte table in 4 registers: two vpermi2b look up the low and the high 128
//    entries by the low 7 bits, and a blend on the top bit (vpmovb2m) picks one.
// P and L: byte j of word u of L(P(y)) is the XOR over i of A_ij · (byte u of word i of y),
//    with A_ij the 8x8 bit-matrix block of l from input byte i to output byte j. In
//    vgf2p8affineqb each qword applies one 8x8 matrix to its 8 bytes, so a qword holding word
//    i of y (its 8 bytes are the 8 words u) times A_ij gives A_ij's share of qword j of the
//    planar result. Product k takes, in qword j, word i = j ^ k of y: one vpermb gathers it
//    from the planar S output (the transposition P comes with it) and one vgf2p8affineqb
//    applies the 8 blocks A_(j^k)j; the 8 products are summed by vpternlogq, together with
//    the XOR that follows the LPS (the next round key, for the state), and the sum is
//    planar again, ready for the next S.
// Per LPS: 4 instructions for S, 8 vpermb, 8 vgf2p8affineqb and 4 vpternlogq, so 24; per
// block 25 LPS (13 for the keys, 12 for the state) and 5 more. On Sapphire Rapids the vpermb and
// vpermi2b go to port 5, the affine products and vpmovb2m to port 0, the rest to either: about
// 12 cycles per LPS. The two-message path (compress_blocks_x2) runs two blocks' rounds side by
// side, for CPUs with more vector pipes than one chain's latency can fill.
#include <immintrin.h>

#include <cstdint>

#include "streebog/streebog_kernel.hpp"

namespace axiom::detail {

namespace {

struct Avx512GfniTables {
  std::uint8_t pi[256];
  // transpose: words <-> planar (an involution): byte 8j + u from byte 8u + j.
  std::uint8_t transpose[64];
  // gather[k]: from the planar S output, qword j of product k is word j ^ k (byte u from
  // planar byte 8u + (j ^ k)).
  std::uint8_t gather[8][64];
  // matrix[k][j]: A_(j^k)j in vgf2p8affineqb's encoding: byte 7 - r is row r (output bit r),
  // bit b of it is the input bit b.
  std::uint64_t matrix[8][8];
  // c[i]: the iteration constant C_(i+1), planar.
  std::uint8_t c[12][64];
};

constexpr Avx512GfniTables make_avx512_gfni_tables() {
  Avx512GfniTables t{};
  for (int x = 0; x < 256; ++x) t.pi[x] = streebog_pi[x];
  for (int j = 0; j < 8; ++j)
    for (int u = 0; u < 8; ++u) {
      t.transpose[8 * j + u] = static_cast<std::uint8_t>(8 * u + j);
      for (int k = 0; k < 8; ++k) t.gather[k][8 * j + u] = static_cast<std::uint8_t>(8 * u + (j ^ k));
    }
  for (int k = 0; k < 8; ++k)
    for (int j = 0; j < 8; ++j) {
      const int i = j ^ k;
      std::uint64_t m = 0;
      for (int r = 0; r < 8; ++r)
        for (int b = 0; b < 8; ++b) {
          const std::uint64_t image = streebog_l(std::uint64_t{1} << (8 * i + b));
          m |= ((image >> (8 * j + r)) & 1) << (8 * (7 - r) + b);
        }
      t.matrix[k][j] = m;
    }
  for (int i = 0; i < 12; ++i)
    for (int j = 0; j < 8; ++j)
      for (int u = 0; u < 8; ++u) t.c[i][8 * j + u] = static_cast<std::uint8_t>(streebog_c[i][u] >> (8 * j));
  return t;
}

alignas(64) constexpr Avx512GfniTables avx512_gfni_tables = make_avx512_gfni_tables();

}  // namespace

}  // namespace axiom::detail

AXIOM_ISA_BEGIN(streebog, avx512_gfni)

namespace {

using detail::avx512_gfni_tables;

inline __m512i load(const void* p) noexcept { return _mm512_load_si512(p); }
inline __m512i loadu(const void* p) noexcept { return _mm512_loadu_si512(p); }

// permute returns the bytes of x in the order idx gives (vpermb). Written with an all-ones zero
// mask: GCC 12's unmasked form passes an undefined vector that -Wuninitialized flags.
inline __m512i permute(__m512i idx, __m512i x) noexcept {
  return _mm512_maskz_permutexvar_epi8(~__mmask64{0}, idx, x);
}

inline __m512i xor3(__m512i a, __m512i b, __m512i c) noexcept {
  return _mm512_ternarylogic_epi64(a, b, c, 0x96);
}

// The tables a compression keeps in registers.
struct Consts {
  __m512i pi[4];
  __m512i gather[8];
};

inline Consts load_consts() noexcept {
  const auto& t = avx512_gfni_tables;
  Consts c;
  for (int i = 0; i < 4; ++i) c.pi[i] = load(t.pi + 64 * i);
  for (int k = 0; k < 8; ++k) c.gather[k] = load(t.gather[k]);
  return c;
}

// lps returns LPS(x) ^ extra for planar x and extra, planar.
inline __m512i lps(const Consts& c, __m512i x, __m512i extra) noexcept {
  const __m512i low = _mm512_permutex2var_epi8(c.pi[0], x, c.pi[1]);
  const __m512i high = _mm512_permutex2var_epi8(c.pi[2], x, c.pi[3]);
  const __m512i y = _mm512_mask_blend_epi8(_mm512_movepi8_mask(x), low, high);
  __m512i p[8];
#pragma GCC unroll 8
  for (int k = 0; k < 8; ++k)
    p[k] = _mm512_gf2p8affine_epi64_epi8(permute(c.gather[k], y),
                                         load(avx512_gfni_tables.matrix[k]), 0);
  return xor3(xor3(p[0], p[1], p[2]), xor3(p[3], p[4], p[5]), xor3(p[6], p[7], extra));
}

inline __m512i transpose(__m512i x) noexcept {
  return permute(load(avx512_gfni_tables.transpose), x);
}

// g sets h[w] = g_n(h[w], m[w]) for W independent chains (words layout), their rounds side by
// side.
template <int W>
inline void g(__m512i (&h)[W], const __m512i (&n)[W], const __m512i (&m)[W]) noexcept {
  const Consts c = load_consts();
  const __m512i zero = _mm512_setzero_si512();
  __m512i k[W], s[W];
  for (int w = 0; w < W; ++w) {
    k[w] = lps(c, transpose(_mm512_xor_si512(h[w], n[w])), zero);  // K_1
    s[w] = _mm512_xor_si512(transpose(m[w]), k[w]);
  }
  // Round i: K_(i+1) = LPS(K_i ^ C_i), then the state becomes LPS(state) ^ K_(i+1).
#pragma GCC unroll 12
  for (int i = 0; i < 12; ++i)
#pragma GCC unroll 2
    for (int w = 0; w < W; ++w) {
      k[w] = lps(c, _mm512_xor_si512(k[w], load(avx512_gfni_tables.c[i])), zero);
      s[w] = lps(c, s[w], k[w]);
    }
  for (int w = 0; w < W; ++w) h[w] = xor3(h[w], m[w], transpose(s[w]));
}

void compress(std::uint64_t h[8], const std::uint64_t n[8], const std::uint64_t m[8]) noexcept {
  __m512i hv[1] = {loadu(h)};
  const __m512i nv[1] = {loadu(n)}, mv[1] = {loadu(m)};
  g(hv, nv, mv);
  _mm512_storeu_si512(h, hv[0]);
}

// add_block sets N += 512 and Σ += the block (scalar code, beside the vector rounds).
inline void add_block(detail::StreebogState& st, const std::uint8_t* block) noexcept {
  std::uint64_t words[8];
  for (int i = 0; i < 8; ++i) words[i] = detail::streebog_load64(block + 8 * i);
  detail::streebog_add_bits(st.n, 512);
  detail::streebog_add512(st.sigma, words);
}

void compress_blocks(detail::StreebogState& st, const std::uint8_t* blocks, std::size_t nblocks) noexcept {
  __m512i h[1] = {loadu(st.h)};
  for (; nblocks > 0; --nblocks, blocks += 64) {
    const __m512i n[1] = {loadu(st.n)}, m[1] = {loadu(blocks)};
    g(h, n, m);
    add_block(st, blocks);
  }
  _mm512_storeu_si512(st.h, h[0]);
}

void compress_blocks_x2(detail::StreebogState* const st[2], const std::uint8_t* const blocks[2],
                        std::size_t nblocks) noexcept {
  __m512i h[2] = {loadu(st[0]->h), loadu(st[1]->h)};
  for (std::size_t b = 0; b < nblocks; ++b) {
    const __m512i n[2] = {loadu(st[0]->n), loadu(st[1]->n)};
    const __m512i m[2] = {loadu(blocks[0] + 64 * b), loadu(blocks[1] + 64 * b)};
    g(h, n, m);
    add_block(*st[0], blocks[0] + 64 * b);
    add_block(*st[1], blocks[1] + 64 * b);
  }
  _mm512_storeu_si512(st[0]->h, h[0]);
  _mm512_storeu_si512(st[1]->h, h[1]);
}

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
// The region's target also allows AVX2 and BMI2 (the scalar N and Σ additions), so the kernel
// asks for them.
const StreebogKernel streebog_avx512_gfni = {
    {"streebog/avx512_gfni",
     cpu::Feature::avx | cpu::Feature::avx2 | cpu::Feature::bmi2 | cpu::Feature::avx512 |
         cpu::Feature::vbmi | cpu::Feature::gfni,
     true},
    &streebog_avx512_gfni::compress_blocks, &streebog_avx512_gfni::compress,
    &streebog_avx512_gfni::compress_blocks_x2};
}  // namespace axiom::detail
