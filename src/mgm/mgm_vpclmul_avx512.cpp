// The VPCLMULQDQ MGM multiplication on zmm: four block pairs per register, one pair per 128-bit
// lane, each byte-reversed into a little-endian number and multiplied with four carry-less
// products; the 256-bit products are summed unreduced, the four lanes added at the end and
// the sum reduced once per call as in mgm/pclmul. Per four blocks: 4 vpclmulqdq, 2 vpshufb,
// 4 XOR; a partial last group reads zero blocks (masked loads), whose products are zero.
#include "mgm/mgm_kernel.hpp"

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

AXIOM_ISA_BEGIN(mgm, vpclmul_avx512)

namespace {

using Z = __m512i;

inline Z reverse_lanes(Z v) noexcept {
  const Z rev = _mm512_broadcast_i32x4(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
  return _mm512_shuffle_epi8(v, rev);
}
inline Z load_be(const std::uint8_t* p, std::size_t blocks) noexcept {
  const Z v = blocks >= 4 ? _mm512_loadu_si512(p)
                          : _mm512_maskz_loadu_epi8((std::uint64_t{1} << (16 * blocks)) - 1, p);
  return reverse_lanes(v);
}
inline __m128i fold_lanes(Z v) noexcept {
  const __m256i y = _mm256_xor_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
  return _mm_xor_si128(_mm256_castsi256_si128(y), _mm256_extracti128_si256(y, 1));
}
inline __m128i reverse(__m128i v) noexcept {
  return _mm_shuffle_epi8(v, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

void mac(std::uint8_t acc[16], const std::uint8_t* h, const std::uint8_t* a, std::size_t n) noexcept {
  Z lo = _mm512_setzero_si512(), mid = lo, hi = lo;
  for (; n > 0; n -= n < 4 ? n : 4, h += 64, a += 64) {
    const std::size_t blocks = n < 4 ? n : 4;
    const Z x = load_be(h, blocks), y = load_be(a, blocks);
    lo = _mm512_xor_si512(lo, _mm512_clmulepi64_epi128(x, y, 0x00));
    hi = _mm512_xor_si512(hi, _mm512_clmulepi64_epi128(x, y, 0x11));
    mid = _mm512_ternarylogic_epi64(mid, _mm512_clmulepi64_epi128(x, y, 0x01), _mm512_clmulepi64_epi128(x, y, 0x10),
                                    0x96);
  }
  __m128i l = fold_lanes(lo), m = fold_lanes(mid), u = fold_lanes(hi);
  l = _mm_xor_si128(l, _mm_slli_si128(m, 8));
  u = _mm_xor_si128(u, _mm_srli_si128(m, 8));
  // u * x^128 = u * 0x87: the upper qword's product spills at most 7 bits past x^128, which
  // fold once more.
  const __m128i k = _mm_set_epi64x(0, 0x87);
  const __m128i a0 = _mm_clmulepi64_si128(u, k, 0x00), a1 = _mm_clmulepi64_si128(u, k, 0x01);
  const __m128i spill = _mm_clmulepi64_si128(_mm_srli_si128(a1, 8), k, 0x00);
  const __m128i r = _mm_xor_si128(_mm_xor_si128(l, a0), _mm_xor_si128(_mm_slli_si128(a1, 8), spill));
  const __m128i old = reverse(_mm_loadu_si128(reinterpret_cast<const __m128i*>(acc)));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(acc), reverse(_mm_xor_si128(old, r)));
}

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const MgmKernel mgm_vpclmul_avx512 = {
    {"mgm/vpclmul_avx512",
     cpu::Feature::avx | cpu::Feature::avx2 | cpu::Feature::bmi2 | cpu::Feature::avx512 | cpu::Feature::pclmul |
         cpu::Feature::vpclmul,
     true},
    mgm_vpclmul_avx512::mac,
};
}  // namespace axiom::detail
