// The PCLMULQDQ MGM multiplication: each block pair is byte-reversed into a little-endian
// number and multiplied with four carry-less products; the 256-bit products are summed
// unreduced and reduced once per call (x^128 = x^7 + x^2 + x + 1: two folds by 0x87).
// Per block: 4 pclmulqdq, 2 pshufb, 4 XOR.
#include <immintrin.h>

#include "mgm/mgm_kernel.hpp"

AXIOM_ISA_BEGIN(mgm, pclmul)

namespace {

inline __m128i load_be(const std::uint8_t* p) noexcept {
  const __m128i rev = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  return _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), rev);
}
inline void store_be(std::uint8_t* p, __m128i v) noexcept {
  const __m128i rev = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), _mm_shuffle_epi8(v, rev));
}

void mac(std::uint8_t acc[16], const std::uint8_t* h, const std::uint8_t* a,
         std::size_t n) noexcept {
  __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
  for (; n > 0; --n, h += 16, a += 16) {
    const __m128i x = load_be(h), y = load_be(a);
    lo = _mm_xor_si128(lo, _mm_clmulepi64_si128(x, y, 0x00));
    hi = _mm_xor_si128(hi, _mm_clmulepi64_si128(x, y, 0x11));
    mid = _mm_xor_si128(
        mid, _mm_xor_si128(_mm_clmulepi64_si128(x, y, 0x01), _mm_clmulepi64_si128(x, y, 0x10)));
  }
  lo = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
  hi = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
  // hi * x^128 = hi * 0x87: the upper qword's product spills at most 7 bits past x^128, which
  // fold once more.
  const __m128i k = _mm_set_epi64x(0, 0x87);
  const __m128i a0 = _mm_clmulepi64_si128(hi, k, 0x00), a1 = _mm_clmulepi64_si128(hi, k, 0x01);
  const __m128i spill = _mm_clmulepi64_si128(_mm_srli_si128(a1, 8), k, 0x00);
  const __m128i r =
      _mm_xor_si128(_mm_xor_si128(lo, a0), _mm_xor_si128(_mm_slli_si128(a1, 8), spill));
  store_be(acc, _mm_xor_si128(load_be(acc), r));
}

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const MgmKernel mgm_pclmul = {
    {"mgm/pclmul", cpu::Feature::pclmul | cpu::Feature::ssse3 | cpu::Feature::sse41, true},
    mgm_pclmul::mac};
}  // namespace axiom::detail
