// The VPCLMULQDQ MGM multiplication on 512-bit registers: four block pairs per zmm, each
// byte-reversed into a little-endian number and multiplied with three carry-less products
// (Karatsuba: vpclmulqdq runs one per 2 cycles on Zen 5 at any width, the xors beside it are
// cheap); the 256-bit products are summed unreduced, the lanes folded and the sum reduced once
// per call as in mgm/pclmul. The last zmm of a call goes through masked loads. Per 4 blocks:
// 3 vpclmulqdq, 2 vpshufb, 2 vpshufd and 5 xors.
#include <immintrin.h>

#include "mgm/mgm_kernel.hpp"

AXIOM_ISA_BEGIN(mgm, vpclmul_avx512)

#include "core/zmm.hpp"

namespace {

inline __m128i reverse_mask() noexcept { return _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15); }
inline __m512i reversed(__m512i v) noexcept { return _mm512_shuffle_epi8(v, zmm::broadcast4(reverse_mask())); }
inline __m512i halves_xor(__m512i v) noexcept { return _mm512_xor_si512(v, zmm::shuffle32<_MM_PERM_BADC>(v)); }
inline __m128i fold_lanes(__m512i v) noexcept {
  const __m256i h = _mm256_xor_si256(zmm::low256(v), zmm::extract8<1>(v));
  return _mm_xor_si128(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
}

struct Sums {
  __m512i lo, hi, mid;
};
inline void mul_add(Sums& s, __m512i x, __m512i y) noexcept {
  s.lo = _mm512_xor_si512(s.lo, _mm512_clmulepi64_epi128(x, y, 0x00));
  s.hi = _mm512_xor_si512(s.hi, _mm512_clmulepi64_epi128(x, y, 0x11));
  s.mid = _mm512_xor_si512(s.mid, _mm512_clmulepi64_epi128(halves_xor(x), halves_xor(y), 0x00));
}

void mac(std::uint8_t acc[16], const std::uint8_t* h, const std::uint8_t* a, std::size_t n) noexcept {
  Sums s{_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()};
  for (; n >= 4; n -= 4, h += 64, a += 64) mul_add(s, reversed(_mm512_loadu_si512(h)), reversed(_mm512_loadu_si512(a)));
  if (n > 0) {
    const auto lanes = static_cast<__mmask8>((1u << (2 * n)) - 1);
    mul_add(s, reversed(_mm512_maskz_loadu_epi64(lanes, h)), reversed(_mm512_maskz_loadu_epi64(lanes, a)));
  }
  __m128i lo = fold_lanes(s.lo), hi = fold_lanes(s.hi);
  const __m128i mid = _mm_xor_si128(fold_lanes(s.mid), _mm_xor_si128(lo, hi));
  lo = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
  hi = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
  // hi * x^128 = hi * 0x87: the upper qword's product spills at most 7 bits past x^128, which
  // fold once more.
  const __m128i k = _mm_set_epi64x(0, 0x87);
  const __m128i a0 = _mm_clmulepi64_si128(hi, k, 0x00), a1 = _mm_clmulepi64_si128(hi, k, 0x01);
  const __m128i spill = _mm_clmulepi64_si128(_mm_srli_si128(a1, 8), k, 0x00);
  const __m128i r = _mm_xor_si128(_mm_xor_si128(lo, a0), _mm_xor_si128(_mm_slli_si128(a1, 8), spill));
  const __m128i old = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(acc)), reverse_mask());
  _mm_storeu_si128(reinterpret_cast<__m128i*>(acc), _mm_shuffle_epi8(_mm_xor_si128(old, r), reverse_mask()));
}

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const MgmKernel mgm_vpclmul_avx512 = {
    {"mgm/vpclmul_avx512",
     cpu::Feature::pclmul | cpu::Feature::ssse3 | cpu::Feature::sse41 | cpu::Feature::avx | cpu::Feature::avx2 |
         cpu::Feature::avx512 | cpu::Feature::vpclmul,
     true},
    mgm_vpclmul_avx512::mac};
}  // namespace axiom::detail
