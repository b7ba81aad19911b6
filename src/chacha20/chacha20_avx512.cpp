// ChaCha20 with AVX-512: sixteen blocks per group, one 32-bit state word of all sixteen per zmm
// register (counters n .. n + 15 in the lanes of word 12), rotations by vprold, two groups side
// by side. Constant time: additions, XORs, fixed rotations and shuffles; branches on lengths.
//
// Count per group of sixteen blocks (1 KiB): 80 quarter rounds of 12 operations (4 vpaddd,
// 4 vpxord, 4 vprold) = 960; then 64 shuffles to turn word vectors into blocks (vpunpck{l,h}dq,
// vpunpck{l,h}qdq, two levels of vshufi32x4), 17 additions (counters, feed-forward), 16 XORs
// with the input, 16 loads, 16 stores, 16 broadcasts: about 1060 vector operations.
// Zen 5 (measured here with dependent and independent loops): vpaddd, vpxord and vprold take 2
// cycles, so the chain of a quarter round is 24 cycles and the 20 rounds of a group 480, however
// many blocks it holds; vprold (and vpmadd52, the shifts) issue on two pipes, the additions and
// XORs on four, and a mix like the rounds' (two additions or XORs per rotation) sustains ~3
// per cycle. One group runs at its chain, ~0.5 core cycles/byte (0.34 TSC cycles/byte here, as
// OpenSSL's ChaCha20_16x); two side by side, 32 registers, ~3 operations per cycle: 2120 per
// 2 KiB, ~0.35 core cycles/byte, measured 0.21-0.22 TSC cycles/byte at 16 KiB (core ~1.6x TSC).
// Sapphire Rapids (an estimate, not measured) issues 512-bit operations on two ports: ~0.52
// core cycles/byte for this count, about 4% more for OpenSSL's (1108 instructions per KiB).
// Tried and slower: vpshufb for the rotations by 16 and 8 (shuffle pipes, off vprold's: more
// spills and a longer chain); the first column round's constant part (columns 1-3 hold no
// counter) computed once per call: its sixteen broadcasts stayed live through the rounds.
//
// Short messages and remainders take the path with the shortest chain for their size: one
// block in general registers (xor_one), two in ymm rows, three to eight in one or two sets of
// zmm rows (a block per 128-bit lane, diagonals by vpshufd), nine to sixteen one group, 17 to 31
// two groups side by side, the blocks past the end computed and not stored.
#include <cstddef>
#include <cstdint>

#include "chacha20/chacha20_kernel.hpp"
#include "chacha20/chacha20_rounds.hpp"
#include "core/endian.hpp"

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

AXIOM_ISA_BEGIN(chacha20, avx512)

// The operations at every width, so that the rows of one, two and four blocks and the sixteen
// word vectors share the quarter round.
#define AXIOM_CHACHA_OPS(V, p, si)                                                               \
  __attribute__((always_inline)) inline V add(V x, V y) noexcept { return p##_add_epi32(x, y); } \
  __attribute__((always_inline)) inline V xor_(V x, V y) noexcept { return p##_xor_##si(x, y); } \
  template <int N>                                                                               \
  __attribute__((always_inline)) inline V rotl(V x) noexcept {                                   \
    return p##_rol_epi32(x, N);                                                                  \
  }
AXIOM_CHACHA_OPS(__m256i, _mm256, si256)
AXIOM_CHACHA_OPS(__m512i, _mm512, si512)
#undef AXIOM_CHACHA_OPS

// words shuffles the 32-bit words within each 128-bit lane.
template <int Imm>
__attribute__((always_inline)) inline __m256i words(__m256i x) noexcept {
  return _mm256_shuffle_epi32(x, Imm);
}
template <int Imm>
__attribute__((always_inline)) inline __m512i words(__m512i x) noexcept {
  return _mm512_shuffle_epi32(x, static_cast<_MM_PERM_ENUM>(Imm));
}

template <class V>
__attribute__((always_inline)) inline void quarter(V& a, V& b, V& c, V& d) noexcept {
  a = add(a, b);
  d = rotl<16>(xor_(d, a));
  c = add(c, d);
  b = rotl<12>(xor_(b, c));
  a = add(a, b);
  d = rotl<8>(xor_(d, a));
  c = add(c, d);
  b = rotl<7>(xor_(b, c));
}

// The 20 rounds on K independent sets of rows a, b, c, d (without the feed-forward).
template <class V, int K>
__attribute__((always_inline)) inline void row_rounds(V (&a)[K], V (&b)[K], V (&c)[K],
                                                      V (&d)[K]) noexcept {
  for (int round = 0; round < 10; ++round) {
    for (int k = 0; k < K; ++k) quarter(a[k], b[k], c[k], d[k]);
    // Rows turned so that lane j holds the diagonal (a[j-1], b[j], c[j+1], d[j+2]): b, the
    // last value of a quarter round and the first needed, stays, so the shuffles are off the
    // dependency chain.
    for (int k = 0; k < K; ++k) {
      a[k] = words<0x93>(a[k]);
      c[k] = words<0x39>(c[k]);
      d[k] = words<0x4e>(d[k]);
    }
    for (int k = 0; k < K; ++k) quarter(a[k], b[k], c[k], d[k]);
    for (int k = 0; k < K; ++k) {
      a[k] = words<0x39>(a[k]);
      c[k] = words<0x93>(c[k]);
      d[k] = words<0x4e>(d[k]);
    }
  }
}

// One block in general registers: Zen 5 takes 2 cycles for a vector addition, XOR or rotation
// and 1 for an integer one, so the chain of the 20 rounds is half as long here (Intel and Zen 4
// take 1 cycle for both).
__attribute__((always_inline)) inline void xor_one(const std::uint32_t input[16],
                                                   std::uint32_t counter, std::uint8_t* out,
                                                   const std::uint8_t* in) noexcept {
  std::uint32_t x[16];
  for (int i = 0; i < 16; ++i) x[i] = input[i];
  x[12] = counter;
  axiom::detail::chacha_rounds(x);
  x[12] += counter - input[12];  // the feed-forward below adds input[12]
  for (int i = 0; i < 16; i += 2) {
    const std::uint64_t k = (x[i] + input[i]) | std::uint64_t{x[i + 1] + input[i + 1]} << 32;
    axiom::detail::store_le64(out + 4 * i, axiom::detail::load_le64(in + 4 * i) ^ k);
  }
}

__attribute__((always_inline)) inline __m128i load_row(const std::uint32_t* p) noexcept {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}

// Two blocks in ymm rows (block 1 in the upper lanes): ra, rb, rc, rd are the state's rows, rd
// with the counter of the first block.
__attribute__((always_inline)) inline void xor_two(__m128i ra, __m128i rb, __m128i rc, __m128i rd,
                                                   std::uint8_t* out,
                                                   const std::uint8_t* in) noexcept {
  const __m256i sa = _mm256_broadcastsi128_si256(ra), sb = _mm256_broadcastsi128_si256(rb);
  const __m256i sc = _mm256_broadcastsi128_si256(rc);
  const __m256i sd =
      add(_mm256_broadcastsi128_si256(rd), _mm256_setr_epi32(0, 0, 0, 0, 1, 0, 0, 0));
  __m256i a[1] = {sa}, b[1] = {sb}, c[1] = {sc}, d[1] = {sd};
  row_rounds(a, b, c, d);
  const __m256i ka = add(a[0], sa), kb = add(b[0], sb), kc = add(c[0], sc), kd = add(d[0], sd);
  const __m256i ks[4] = {
      _mm256_permute2x128_si256(ka, kb, 0x20), _mm256_permute2x128_si256(kc, kd, 0x20),
      _mm256_permute2x128_si256(ka, kb, 0x31), _mm256_permute2x128_si256(kc, kd, 0x31)};
  for (std::size_t i = 0; i < 4; ++i) {
    const __m256i m = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in) + i);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out) + i, xor_(m, ks[i]));
  }
}

__attribute__((always_inline)) inline void xor_block(std::uint8_t* out, const std::uint8_t* in,
                                                     __m512i ks) noexcept {
  _mm512_storeu_si512(out, xor_(_mm512_loadu_si512(in), ks));
}

// Three to 4 K blocks (nblocks) in K sets of zmm rows, block 4 k + j in lane j of set k.
template <int K>
__attribute__((always_inline)) inline void xor_rows(__m128i ra, __m128i rb, __m128i rc, __m128i rd,
                                                    std::uint8_t* out, const std::uint8_t* in,
                                                    std::size_t nblocks) noexcept {
  const __m512i sa = _mm512_broadcast_i32x4(ra), sb = _mm512_broadcast_i32x4(rb);
  const __m512i sc = _mm512_broadcast_i32x4(rc);
  __m512i a[K], b[K], c[K], d[K], sd[K];
  for (int k = 0; k < K; ++k) {
    sd[k] =
        add(_mm512_broadcast_i32x4(rd), _mm512_setr_epi32(4 * k, 0, 0, 0, 4 * k + 1, 0, 0, 0,  //
                                                          4 * k + 2, 0, 0, 0, 4 * k + 3, 0, 0, 0));
    a[k] = sa;
    b[k] = sb;
    c[k] = sc;
    d[k] = sd[k];
  }
  row_rounds(a, b, c, d);
  for (std::size_t k = 0; k < K; ++k) {
    const __m512i ka = add(a[k], sa), kb = add(b[k], sb), kc = add(c[k], sc), kd = add(d[k], sd[k]);
    // Lane j of the rows to block j: a 4 x 4 transpose of 128-bit lanes.
    const __m512i ab02 = _mm512_shuffle_i32x4(ka, kb, 0x88),
                  ab13 = _mm512_shuffle_i32x4(ka, kb, 0xdd);
    const __m512i cd02 = _mm512_shuffle_i32x4(kc, kd, 0x88),
                  cd13 = _mm512_shuffle_i32x4(kc, kd, 0xdd);
    const __m512i blocks[4] = {
        _mm512_shuffle_i32x4(ab02, cd02, 0x88), _mm512_shuffle_i32x4(ab13, cd13, 0x88),
        _mm512_shuffle_i32x4(ab02, cd02, 0xdd), _mm512_shuffle_i32x4(ab13, cd13, 0xdd)};
    for (std::size_t j = 0; j < 4; ++j)
      if (4 * k + j < nblocks) xor_block(out + 64 * (4 * k + j), in + 64 * (4 * k + j), blocks[j]);
  }
}

// xor_few XORs the keystream of one to eight blocks (nblocks) from counter on into in; rd is
// the state's row 3 with that counter.
__attribute__((always_inline)) inline void xor_few(const std::uint32_t input[16],
                                                   std::uint32_t counter, __m128i rd,
                                                   std::uint8_t* out, const std::uint8_t* in,
                                                   std::size_t nblocks) noexcept {
  if (nblocks == 1) return xor_one(input, counter, out, in);
  const __m128i ra = load_row(input), rb = load_row(input + 4), rc = load_row(input + 8);
  if (nblocks == 2) return xor_two(ra, rb, rc, rd, out, in);
  if (nblocks <= 4) return xor_rows<1>(ra, rb, rc, rd, out, in, nblocks);
  xor_rows<2>(ra, rb, rc, rd, out, in, nblocks);
}

// ---- Sixteen blocks a group: x[w] holds word w of the blocks n .. n + 15 (block n + j in lane j).

__attribute__((always_inline)) inline __m512i broadcast(const std::uint32_t* p) noexcept {
  return _mm512_set1_epi32(static_cast<int>(*p));
}

__attribute__((always_inline)) inline __m512i counters16(std::uint32_t counter) noexcept {
  return _mm512_add_epi32(_mm512_set1_epi32(static_cast<int>(counter)),
                          _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

// A double round on G groups of sixteen blocks side by side: the quarter rounds of all groups
// are independent, so two groups fill the pipes while each chain waits on its latency.
template <int G>
__attribute__((always_inline)) inline void double_round16(__m512i (&x)[G][16]) noexcept {
  for (int g = 0; g < G; ++g) {
    quarter(x[g][0], x[g][4], x[g][8], x[g][12]);
    quarter(x[g][1], x[g][5], x[g][9], x[g][13]);
    quarter(x[g][2], x[g][6], x[g][10], x[g][14]);
    quarter(x[g][3], x[g][7], x[g][11], x[g][15]);
  }
  for (int g = 0; g < G; ++g) {
    quarter(x[g][0], x[g][5], x[g][10], x[g][15]);
    quarter(x[g][1], x[g][6], x[g][11], x[g][12]);
    quarter(x[g][2], x[g][7], x[g][8], x[g][13]);
    quarter(x[g][3], x[g][4], x[g][9], x[g][14]);
  }
}

// The 20 rounds on one group, and on two: these fill all 32 registers, and GCC 12 spilled a
// third of them when the double rounds ran in a loop, none when unrolled.
__attribute__((always_inline)) inline void rounds16(__m512i (&x)[1][16]) noexcept {
  for (int round = 0; round < 10; ++round) double_round16(x);
}
__attribute__((always_inline)) inline void rounds16(__m512i (&x)[2][16]) noexcept {
#pragma GCC unroll 10
  for (int round = 0; round < 10; ++round) double_round16(x);
}

// init16 sets the groups' words from input, word 12 the counters from counter. The broadcasts
// read input again for every group: stores to out may alias it, so the compiler does not keep
// sixteen more registers live through the rounds.
template <int G>
__attribute__((always_inline)) inline void init16(__m512i (&x)[G][16],
                                                  const std::uint32_t input[16],
                                                  std::uint32_t counter) noexcept {
  for (int g = 0; g < G; ++g) {
    for (int w = 0; w < 16; ++w) x[g][w] = broadcast(input + w);
    x[g][12] = counters16(counter + 16 * static_cast<std::uint32_t>(g));
  }
}

// xor16 turns the rounds' output x of the sixteen blocks from counter on into keystream blocks
// and XORs the first nblocks of them into in. The feed-forward comes after the transpose: then
// it adds one vector, state (the input words, word 12 zero), to every block, and the sixteen
// broadcasts need not stay live through the rounds.
__attribute__((always_inline)) inline void xor16(__m512i (&x)[16], __m512i state,
                                                 std::uint32_t counter, std::uint8_t* out,
                                                 const std::uint8_t* in,
                                                 std::size_t nblocks) noexcept {
  x[12] = add(x[12], counters16(counter));
  // t[q][j], lane L: words 4q .. 4q + 3 of block 4L + j.
  __m512i t[4][4];
  for (int q = 0; q < 4; ++q) {
    const __m512i a0 = _mm512_unpacklo_epi32(x[4 * q], x[4 * q + 1]);
    const __m512i a1 = _mm512_unpackhi_epi32(x[4 * q], x[4 * q + 1]);
    const __m512i a2 = _mm512_unpacklo_epi32(x[4 * q + 2], x[4 * q + 3]);
    const __m512i a3 = _mm512_unpackhi_epi32(x[4 * q + 2], x[4 * q + 3]);
    t[q][0] = _mm512_unpacklo_epi64(a0, a2);
    t[q][1] = _mm512_unpackhi_epi64(a0, a2);
    t[q][2] = _mm512_unpacklo_epi64(a1, a3);
    t[q][3] = _mm512_unpackhi_epi64(a1, a3);
  }
  for (int j = 0; j < 4; ++j) {
    // The 4 x 4 transpose of 128-bit lanes: block 4L + j is lane L of t[0..3][j].
    const __m512i u0 = _mm512_shuffle_i32x4(t[0][j], t[1][j], 0x44);
    const __m512i u1 = _mm512_shuffle_i32x4(t[0][j], t[1][j], 0xee);
    const __m512i u2 = _mm512_shuffle_i32x4(t[2][j], t[3][j], 0x44);
    const __m512i u3 = _mm512_shuffle_i32x4(t[2][j], t[3][j], 0xee);
    const __m512i blocks[4] = {
        _mm512_shuffle_i32x4(u0, u2, 0x88), _mm512_shuffle_i32x4(u0, u2, 0xdd),
        _mm512_shuffle_i32x4(u1, u3, 0x88), _mm512_shuffle_i32x4(u1, u3, 0xdd)};
    for (std::size_t lane = 0; lane < 4; ++lane) {
      const std::size_t block = 4 * lane + static_cast<std::size_t>(j);
      if (block < nblocks) xor_block(out + 64 * block, in + 64 * block, add(blocks[lane], state));
    }
  }
}

// xor_groups: xor_blocks for nine blocks or more. Whole pairs of groups first; a remainder
// takes the path of the shortest chain for its size: 17 to 31 blocks two groups side by side
// (the second partly used), 9 to 16 one group, fewer the rows or the integer path.
__attribute__((noinline)) void xor_groups(const std::uint32_t input[16], std::uint8_t* out,
                                          const std::uint8_t* in, std::size_t nblocks) noexcept {
  std::uint32_t counter = input[12];
  const __m512i state = _mm512_maskz_loadu_epi32(0xefff, input);
  while (nblocks >= 17) {
    // The lanes past nblocks compute blocks that are never used (their counters may wrap).
    const std::size_t n = nblocks < 32 ? nblocks : 32;
    __m512i x[2][16];
    init16(x, input, counter);
    rounds16(x);
    xor16(x[0], state, counter, out, in, 16);
    if (n == 32)
      xor16(x[1], state, counter + 16, out + 1024, in + 1024, 16);
    else
      xor16(x[1], state, counter + 16, out + 1024, in + 1024, n - 16);
    nblocks -= n;
    counter += static_cast<std::uint32_t>(n);
    in += 64 * n;
    out += 64 * n;
  }
  if (nblocks >= 9) {
    __m512i x[1][16];
    init16(x, input, counter);
    rounds16(x);
    xor16(x[0], state, counter, out, in, nblocks);
  } else if (nblocks != 0) {
    xor_few(input, counter, _mm_insert_epi32(load_row(input + 12), static_cast<int>(counter), 0),
            out, in, nblocks);
  }
}

void xor_blocks(const std::uint32_t input[16], std::uint8_t* out, const std::uint8_t* in,
                std::size_t nblocks) noexcept {
  if (nblocks >= 9) return xor_groups(input, out, in, nblocks);
  // Row 3 as the caller stored it: a whole 16-byte load, which a ChaCha20 object's 16-byte row
  // store forwards to at once.
  if (nblocks != 0) xor_few(input, input[12], load_row(input + 12), out, in, nblocks);
}

AXIOM_ISA_END

namespace axiom::detail {
const ChaCha20Kernel chacha20_avx512 = {
    {"chacha20/avx512", cpu::Feature::avx512 | cpu::Feature::avx2 | cpu::Feature::bmi2, true},
    chacha20_avx512::xor_blocks,
    nullptr,
};
}  // namespace axiom::detail
