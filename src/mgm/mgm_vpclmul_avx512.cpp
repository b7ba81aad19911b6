// The VPCLMULQDQ MGM multiplication on 512-bit registers: four block pairs per zmm, each
// byte-reversed into a little-endian number (vpshufb works per 128-bit lane) and multiplied with
// four carry-less products (schoolbook: Karatsuba would save one vpclmulqdq for three extra
// shuffles and XORs, on the same port). The 256-bit products are summed unreduced in three
// accumulators across the whole call; the four lanes are folded together and reduced once at
// the end as in mgm_pclmul.cpp. The last n % 4 pairs go through a masked load (zero lanes
// multiply to zero). Per 4 blocks: 4 vpclmulqdq, 2 vpshufb, 3 XOR.
#include <immintrin.h>

#include "mgm/mgm_kernel.hpp"

AXIOM_ISA_BEGIN(mgm, vpclmul_avx512)

namespace {

// Sums holds the unreduced 256-bit sums, lane by lane: lo + mid * x^64 + hi * x^128.
struct Sums {
  __m512i lo, mid, hi;
};

inline __m512i reversed_lanes(__m512i v) noexcept {
  const __m512i rev = _mm512_set4_epi32(0x00010203, 0x04050607, 0x08090a0b, 0x0c0d0e0f);
  return _mm512_shuffle_epi8(v, rev);
}

inline void add_products(Sums& s, __m512i hb, __m512i ab) noexcept {
  const __m512i x = reversed_lanes(hb), y = reversed_lanes(ab);
  s.lo = _mm512_xor_si512(s.lo, _mm512_clmulepi64_epi128(x, y, 0x00));
  s.hi = _mm512_xor_si512(s.hi, _mm512_clmulepi64_epi128(x, y, 0x11));
  // 0x96: three-way XOR.
  s.mid = _mm512_ternarylogic_epi64(s.mid, _mm512_clmulepi64_epi128(x, y, 0x01),
                                    _mm512_clmulepi64_epi128(x, y, 0x10), 0x96);
}

// fold_lanes XORs the four 128-bit lanes of v. Zero-masked extracts with an all-ones mask:
// GCC 12's unmasked forms (the cast too) pass an undefined vector that -Wuninitialized flags.
inline __m128i fold_lanes(__m512i v) noexcept {
  const __m256i h = _mm256_xor_si256(_mm512_maskz_extracti64x4_epi64(0xff, v, 0),
                                     _mm512_maskz_extracti64x4_epi64(0xff, v, 1));
  return _mm_xor_si128(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
}

void mac(std::uint8_t acc[16], const std::uint8_t* h, const std::uint8_t* a,
         std::size_t n) noexcept {
  Sums s{_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()};
  for (; n >= 4; n -= 4, h += 64, a += 64)
    add_products(s, _mm512_loadu_si512(h), _mm512_loadu_si512(a));
  if (n > 0) {
    // n is public (a length): two qwords per block.
    const __mmask8 m = static_cast<__mmask8>((1u << (2 * n)) - 1);
    add_products(s, _mm512_maskz_loadu_epi64(m, h), _mm512_maskz_loadu_epi64(m, a));
  }
  const __m128i mid = fold_lanes(s.mid);
  const __m128i lo = _mm_xor_si128(fold_lanes(s.lo), _mm_slli_si128(mid, 8));
  const __m128i hi = _mm_xor_si128(fold_lanes(s.hi), _mm_srli_si128(mid, 8));
  // hi * x^128 = hi * 0x87: the upper qword's product spills at most 7 bits past x^128, which
  // fold once more.
  const __m128i k = _mm_set_epi64x(0, 0x87);
  const __m128i a0 = _mm_clmulepi64_si128(hi, k, 0x00), a1 = _mm_clmulepi64_si128(hi, k, 0x01);
  const __m128i spill = _mm_clmulepi64_si128(_mm_srli_si128(a1, 8), k, 0x00);
  const __m128i r =
      _mm_xor_si128(_mm_xor_si128(lo, a0), _mm_xor_si128(_mm_slli_si128(a1, 8), spill));
  const __m128i rev = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  const __m128i old = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(acc)), rev);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(acc), _mm_shuffle_epi8(_mm_xor_si128(old, r), rev));
}

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const MgmKernel mgm_vpclmul_avx512 = {
    {"mgm/vpclmul_avx512",
     cpu::Feature::avx512 | cpu::Feature::vpclmul | cpu::Feature::pclmul | cpu::Feature::avx2 |
         cpu::Feature::avx | cpu::Feature::ssse3 | cpu::Feature::sse41,
     true},
    mgm_vpclmul_avx512::mac};
}  // namespace axiom::detail
