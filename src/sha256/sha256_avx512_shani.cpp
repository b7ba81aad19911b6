// SHA-256 of sixteen messages at once with AVX-512, one message per 32-bit lane of a zmm
// register (compress_blocks_x16, for hash_many and update_many); one or two messages go through
// SHA-NI as in sha256/shani (sha256_shani_common.hpp), since lanes gain nothing on one message.
// Constant time: no branch or memory index depends on the data.
//
// Per round, for all sixteen lanes: Σ0 and Σ1 three VPRORD and one VPTERNLOGD each, Ch and Maj
// one VPTERNLOGD each, eight VPADDD; per scheduled word, σ0 and σ1 two VPRORD, one VPSRLD and
// one VPTERNLOGD each, and three VPADDD. With the transposition of the input, about 1770 vector
// instructions per sixteen blocks, on every vector ALU pipe: the bound is that count divided by
// the number of 512-bit pipes.

// GCC 12's AVX-512 intrinsics start from _mm512_undefined_epi32(), which its uninitialized
// warnings flag once inlined (GCC bug 105593): silenced for the header alone.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#include "sha256/sha256_kernel.hpp"

AXIOM_ISA_BEGIN(sha256, avx512_shani)
#include "sha256/sha256_shani_common.hpp"

namespace {

#define AXIOM_INLINE inline __attribute__((always_inline))

AXIOM_INLINE __m512i add(__m512i a, __m512i b) { return _mm512_add_epi32(a, b); }
AXIOM_INLINE __m512i xor3(__m512i a, __m512i b, __m512i c) {
  return _mm512_ternarylogic_epi32(a, b, c, 0x96);
}

// The functions of FIPS 180-4, section 4.1.2.
AXIOM_INLINE __m512i big_sigma0(__m512i x) {
  return xor3(_mm512_ror_epi32(x, 2), _mm512_ror_epi32(x, 13), _mm512_ror_epi32(x, 22));
}
AXIOM_INLINE __m512i big_sigma1(__m512i x) {
  return xor3(_mm512_ror_epi32(x, 6), _mm512_ror_epi32(x, 11), _mm512_ror_epi32(x, 25));
}
AXIOM_INLINE __m512i small_sigma0(__m512i x) {
  return xor3(_mm512_ror_epi32(x, 7), _mm512_ror_epi32(x, 18), _mm512_srli_epi32(x, 3));
}
AXIOM_INLINE __m512i small_sigma1(__m512i x) {
  return xor3(_mm512_ror_epi32(x, 17), _mm512_ror_epi32(x, 19), _mm512_srli_epi32(x, 10));
}
AXIOM_INLINE __m512i ch(__m512i e, __m512i f, __m512i g) {
  return _mm512_ternarylogic_epi32(e, f, g, 0xca);  // e ? f : g, bit by bit
}
AXIOM_INLINE __m512i maj(__m512i a, __m512i b, __m512i c) {
  return _mm512_ternarylogic_epi32(a, b, c, 0xe8);  // at least two of three
}

// unpack4: in each group of four rows r[i..i+3], the 32-bit then the 64-bit interleaves:
// afterwards r[i + j] holds word j of each 128-bit quarter of the four rows, row by row.
AXIOM_INLINE void unpack4(__m512i* r, int rows) {
  for (int i = 0; i < rows; i += 4) {
    const __m512i t0 = _mm512_unpacklo_epi32(r[i], r[i + 1]);
    const __m512i t1 = _mm512_unpackhi_epi32(r[i], r[i + 1]);
    const __m512i t2 = _mm512_unpacklo_epi32(r[i + 2], r[i + 3]);
    const __m512i t3 = _mm512_unpackhi_epi32(r[i + 2], r[i + 3]);
    r[i] = _mm512_unpacklo_epi64(t0, t2);
    r[i + 1] = _mm512_unpackhi_epi64(t0, t2);
    r[i + 2] = _mm512_unpacklo_epi64(t1, t3);
    r[i + 3] = _mm512_unpackhi_epi64(t1, t3);
  }
}

// transpose16: r[i] holds the sixteen words of lane i; afterwards r[j] holds word j of every
// lane, lane i in element i.
AXIOM_INLINE void transpose16(__m512i r[16]) {
  unpack4(r, 16);
  __m512i t[16];
  for (int i = 0; i < 4; ++i) {
    t[i] = _mm512_shuffle_i32x4(r[i], r[i + 4], 0x88);
    t[i + 4] = _mm512_shuffle_i32x4(r[i], r[i + 4], 0xdd);
    t[i + 8] = _mm512_shuffle_i32x4(r[i + 8], r[i + 12], 0x88);
    t[i + 12] = _mm512_shuffle_i32x4(r[i + 8], r[i + 12], 0xdd);
  }
  for (int i = 0; i < 4; ++i) {
    r[i] = _mm512_shuffle_i32x4(t[i], t[i + 8], 0x88);
    r[i + 8] = _mm512_shuffle_i32x4(t[i], t[i + 8], 0xdd);
    r[i + 4] = _mm512_shuffle_i32x4(t[i + 4], t[i + 12], 0x88);
    r[i + 12] = _mm512_shuffle_i32x4(t[i + 4], t[i + 12], 0xdd);
  }
}

// transpose8x2: an 8x8 transposition in each 256-bit half. With r[i] = the state of lane i in
// the low half and of lane i + 8 in the high half, afterwards r[j] holds word j of every lane,
// lane i in element i; applied again, it turns that back.
AXIOM_INLINE void transpose8x2(__m512i r[8]) {
  unpack4(r, 8);
  // Pair the 128-bit quarters of rows 0-3 with those of rows 4-7 within each half.
  const __m512i low = _mm512_set_epi64(13, 12, 5, 4, 9, 8, 1, 0);
  const __m512i high = _mm512_set_epi64(15, 14, 7, 6, 11, 10, 3, 2);
  __m512i t[8];
  for (int i = 0; i < 4; ++i) {
    t[i] = _mm512_permutex2var_epi64(r[i], low, r[i + 4]);
    t[i + 4] = _mm512_permutex2var_epi64(r[i], high, r[i + 4]);
  }
  for (int i = 0; i < 8; ++i) r[i] = t[i];
}

// Round t on the working variables, v[(0 - t) & 7] being a, v[(1 - t) & 7] b, and so on, so that
// renaming them costs nothing; kw = K[t] + W[t]. d + h + kw does not wait for e, so the new e
// is one addition after Σ1(e) + Ch(e, f, g), not two.
AXIOM_INLINE void round(__m512i v[8], int t, __m512i kw) {
  const __m512i a = v[(0 - t) & 7], b = v[(1 - t) & 7], c = v[(2 - t) & 7];
  const __m512i e = v[(4 - t) & 7], f = v[(5 - t) & 7], g = v[(6 - t) & 7];
  __m512i& d = v[(3 - t) & 7];
  __m512i& h = v[(7 - t) & 7];
  const __m512i hk = add(h, kw);
  const __m512i sc = add(big_sigma1(e), ch(e, f, g));
  d = add(add(d, hk), sc);
  h = add(add(hk, sc), add(big_sigma0(a), maj(a, b, c)));
}

#undef AXIOM_INLINE

}  // namespace

void compress_blocks_x16(std::uint32_t* const state[16], const std::uint8_t* const blocks[16],
                         std::size_t nblocks) noexcept {
  const __m512i bswap = _mm512_broadcast_i32x4(
      _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL));  // big-endian words
  const std::uint32_t* k = detail::sha256_round_constants;
  __m512i s[8];
  for (int i = 0; i < 8; ++i) {
    const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(state[i]));
    const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(state[i + 8]));
    s[i] = _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
  }
  transpose8x2(s);
  for (std::size_t n = 0; n < nblocks; ++n) {
    __m512i w[16];  // W[t - 16 .. t - 1], W[t] at w[t & 15]
    for (int i = 0; i < 16; ++i) w[i] = _mm512_loadu_si512(blocks[i] + 64 * n);
    transpose16(w);
    for (int i = 0; i < 16; ++i) w[i] = _mm512_shuffle_epi8(w[i], bswap);
    __m512i v[8];
    for (int i = 0; i < 8; ++i) v[i] = s[i];
#pragma GCC unroll 64
    for (int t = 0; t < 64; ++t) {
      if (t >= 16)
        w[t & 15] = add(add(w[t & 15], w[(t - 7) & 15]),
                        add(small_sigma0(w[(t - 15) & 15]), small_sigma1(w[(t - 2) & 15])));
      round(v, t, add(w[t & 15], _mm512_set1_epi32(static_cast<int>(k[t]))));
    }
    for (int i = 0; i < 8; ++i) s[i] = add(s[i], v[i]);
  }
  transpose8x2(s);
  for (int i = 0; i < 8; ++i) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(state[i]), _mm512_castsi512_si256(s[i]));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(state[i + 8]),
                        _mm512_extracti64x4_epi64(s[i], 1));
  }
}

AXIOM_ISA_END

namespace axiom::detail {
const Sha256Kernel sha256_avx512_shani = {
    {"sha256/avx512_shani",
     cpu::Feature::avx512 | cpu::Feature::avx2 | cpu::Feature::avx | cpu::Feature::bmi2 |
         cpu::Feature::shani | cpu::Feature::ssse3 | cpu::Feature::sse41,
     true},
    &sha256_avx512_shani::shani::compress_blocks,
    &sha256_avx512_shani::shani::compress_blocks_x2,
    &sha256_avx512_shani::compress_blocks_x16};
}  // namespace axiom::detail
