// Constant-time Streebog compression with AVX-512 (F, BW, VL, VBMI) and GFNI: the whole 512-bit
// state in one zmm, no table indexed by a secret.
//
// Layouts: "words" is the memory order (qword u = word u). The rounds keep the state and the
// round key, and the chaining value is kept from block to block, "planar": qword j holds byte
// j of the 8 words, byte u of it from word u.
// S: π as a 256-byte table in 4 registers: two vpermi2b look up the low and the high 128
//    entries by the low 7 bits, and a vpternlogq picks one by the top bit.
// P and L: byte j of word u of L(P(y)) is the XOR over i of A_ij · (byte u of word i of y),
//    with A_ij the 8x8 bit-matrix block of l from input byte i to output byte j. In
//    vgf2p8affineqb each qword applies one 8x8 matrix to its 8 bytes, so a qword holding word
//    i of y (its 8 bytes are the 8 words u) times A_ij gives A_ij's share of qword j of the
//    planar result. Product k takes, in qword j, word i = j ^ k of y and applies the 8 blocks
//    A_(j^k)j. For even k one vpermb gathers those words from the planar S output (the
//    transposition P comes with it); product k + 1 needs the same register with the two qwords
//    of each 128-bit lane swapped, a vpshufd, which does not cross lanes (on Zen 5 it runs on
//    all four vector pipes, where vpermb, vpermi2b and the GF2P8 instructions share two). The
//    8 products are summed by vpternlogq, together with the XOR that follows the LPS (the
//    next round key, for the state), and the sum is planar again, ready for the next S.
// Per LPS: 4 instructions for S, 4 vpermb, 4 vpshufd, 8 vgf2p8affineqb and 4 vpternlogq, so 24
// (25 for a key); per block 25 LPS (13 for the keys, 12 for the state) and a few more. The key
// and the state chains are each 13 LPS long, so one message is bound by their latency and by
// their contention for the same pipes; the two-message path (compress_blocks_x2) runs two
// blocks' rounds side by side to fill the pipes.
#include <immintrin.h>

#include <cstdint>

#include "streebog/streebog_kernel.hpp"

namespace axiom::detail {

namespace {

struct Avx512GfniTables {
  std::uint8_t pi[256];
  // gather[a]: from the planar S output, qword j of product 2a is word j ^ 2a (byte u from
  // planar byte 8u + (j ^ 2a)). gather[0] is the transposition.
  std::uint8_t gather[4][64];
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
      for (int a = 0; a < 4; ++a)
        t.gather[a][8 * j + u] = static_cast<std::uint8_t>(8 * u + (j ^ (2 * a)));
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
      for (int u = 0; u < 8; ++u)
        t.c[i][8 * j + u] = static_cast<std::uint8_t>(streebog_c[i][u] >> (8 * j));
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

// permute returns the bytes of x in the order idx gives (vpermb), swap_pairs x with the two
// qwords of each 128-bit lane swapped (vpshufd). Both with an all-ones zero mask: GCC 12's
// unmasked forms pass an undefined vector that -Wuninitialized flags.
inline __m512i permute(__m512i idx, __m512i x) noexcept {
  return _mm512_maskz_permutexvar_epi8(~__mmask64{0}, idx, x);
}
inline __m512i swap_pairs(__m512i x) noexcept {
  return _mm512_maskz_shuffle_epi32(__mmask16{0xffff}, x, _MM_PERM_BADC);
}

inline __m512i xor3(__m512i a, __m512i b, __m512i c) noexcept {
  return _mm512_ternarylogic_epi64(a, b, c, 0x96);
}

// The tables a compression keeps in registers.
struct Consts {
  __m512i pi[4];
  __m512i gather[4];
};

inline Consts load_consts() noexcept {
  const auto& t = avx512_gfni_tables;
  Consts c;
  for (int i = 0; i < 4; ++i) c.pi[i] = load(t.pi + 64 * i);
  for (int a = 0; a < 4; ++a) c.gather[a] = load(t.gather[a]);
  return c;
}

// products sets p to the 8 products whose XOR is LPS(x), for planar x.
inline void products(const Consts& c, __m512i x, __m512i (&p)[8]) noexcept {
  const __m512i low = _mm512_permutex2var_epi8(c.pi[0], x, c.pi[1]);
  const __m512i high = _mm512_permutex2var_epi8(c.pi[2], x, c.pi[3]);
  // vpshufb gives 0 where the index byte has its top bit set, so a table of ones gives the mask
  // of the bytes whose π is in low; the select is one vpternlogq.
  const __m512i low_mask = _mm512_shuffle_epi8(_mm512_set1_epi8(-1), x);
  const __m512i y = _mm512_ternarylogic_epi64(low_mask, low, high, 0xca);
  const auto& matrix = avx512_gfni_tables.matrix;
#pragma GCC unroll 4
  for (int a = 0; a < 4; ++a) {
    const __m512i even = permute(c.gather[a], y);
    p[2 * a] = _mm512_gf2p8affine_epi64_epi8(even, load(matrix[2 * a]), 0);
    p[2 * a + 1] = _mm512_gf2p8affine_epi64_epi8(swap_pairs(even), load(matrix[2 * a + 1]), 0);
  }
}

// lps returns LPS(x) ^ extra, planar.
inline __m512i lps(const Consts& c, __m512i x, __m512i extra) noexcept {
  __m512i p[8];
  products(c, x, p);
  return xor3(xor3(p[0], p[1], p[2]), xor3(p[3], p[4], p[5]), xor3(p[6], p[7], extra));
}

// lps_key returns the round key K = LPS(x) and sets next = K ^ constant, the next key round's
// input, from the same partial sums: the key chain does not wait for an XOR after K, which
// keeps it ahead of the state chain (which needs K only at the end of its round).
inline __m512i lps_key(const Consts& c, __m512i x, __m512i constant, __m512i& next) noexcept {
  __m512i p[8];
  products(c, x, p);
  const __m512i t0 = xor3(p[0], p[1], p[2]), t1 = xor3(p[3], p[4], p[5]);
  next = xor3(t0, t1, xor3(p[6], p[7], constant));
  return xor3(t0, t1, _mm512_xor_si512(p[6], p[7]));
}

// transpose turns words into planar and back.
inline __m512i transpose(const Consts& c, __m512i x) noexcept { return permute(c.gather[0], x); }

// g sets h[w] = g_n(h[w], m[w]) for W independent chains, their rounds side by side. h is
// planar from one block to the next, so the chain from block to block has no transposition;
// n and m are in words layout, and their transpositions do not wait for the previous block.
template <int W>
inline void g(const Consts& c, __m512i (&h)[W], const __m512i (&n)[W],
              const __m512i (&m)[W]) noexcept {
  const auto& constant = avx512_gfni_tables.c;
  // k: the round key K_i; key_in: K_i ^ C_i, the input of the key round; s: the state, with
  // the round key already added.
  __m512i mt[W], k[W], key_in[W], s[W];
  for (int w = 0; w < W; ++w) {
    mt[w] = transpose(c, m[w]);
    k[w] = lps_key(c, _mm512_xor_si512(h[w], transpose(c, n[w])), load(constant[0]),
                   key_in[w]);  // K_1
    s[w] = _mm512_xor_si512(mt[w], k[w]);
  }
  // Round i: K_(i+1) = LPS(K_i ^ C_i), then the state becomes LPS(state) ^ K_(i+1).
#pragma GCC unroll 12
  for (int i = 1; i <= 12; ++i)
#pragma GCC unroll 2
    for (int w = 0; w < W; ++w) {
      k[w] = i < 12 ? lps_key(c, key_in[w], load(constant[i]), key_in[w])
                    : lps(c, key_in[w], _mm512_setzero_si512());
      s[w] = lps(c, s[w], k[w]);
    }
  for (int w = 0; w < W; ++w) h[w] = xor3(h[w], mt[w], s[w]);
}

void compress(std::uint64_t h[8], const std::uint64_t n[8], const std::uint64_t m[8]) noexcept {
  const Consts c = load_consts();
  __m512i hv[1] = {transpose(c, loadu(h))};
  const __m512i nv[1] = {loadu(n)}, mv[1] = {loadu(m)};
  g(c, hv, nv, mv);
  _mm512_storeu_si512(h, transpose(c, hv[0]));
}

// add_block sets N += 512 and Σ += the block (scalar code, beside the vector rounds).
inline void add_block(detail::StreebogState& st, const std::uint8_t* block) noexcept {
  std::uint64_t words[8];
  for (int i = 0; i < 8; ++i) words[i] = detail::streebog_load64(block + 8 * i);
  detail::streebog_add_bits(st.n, 512);
  detail::streebog_add512(st.sigma, words);
}

void compress_blocks(detail::StreebogState& st, const std::uint8_t* blocks,
                     std::size_t nblocks) noexcept {
  const Consts c = load_consts();
  __m512i h[1] = {transpose(c, loadu(st.h))};
  for (; nblocks > 0; --nblocks, blocks += 64) {
    const __m512i n[1] = {loadu(st.n)}, m[1] = {loadu(blocks)};
    g(c, h, n, m);
    add_block(st, blocks);
  }
  _mm512_storeu_si512(st.h, transpose(c, h[0]));
}

void compress_blocks_x2(detail::StreebogState* const st[2], const std::uint8_t* const blocks[2],
                        std::size_t nblocks) noexcept {
  const Consts c = load_consts();
  __m512i h[2] = {transpose(c, loadu(st[0]->h)), transpose(c, loadu(st[1]->h))};
  for (std::size_t b = 0; b < nblocks; ++b) {
    const __m512i n[2] = {loadu(st[0]->n), loadu(st[1]->n)};
    const __m512i m[2] = {loadu(blocks[0] + 64 * b), loadu(blocks[1] + 64 * b)};
    g(c, h, n, m);
    add_block(*st[0], blocks[0] + 64 * b);
    add_block(*st[1], blocks[1] + 64 * b);
  }
  _mm512_storeu_si512(st[0]->h, transpose(c, h[0]));
  _mm512_storeu_si512(st[1]->h, transpose(c, h[1]));
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
    &streebog_avx512_gfni::compress_blocks,
    &streebog_avx512_gfni::compress,
    &streebog_avx512_gfni::compress_blocks_x2};
}  // namespace axiom::detail
