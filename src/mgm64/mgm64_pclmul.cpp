// The PCLMULQDQ GF(2^64) MGM multiplication: one carry-less product per block pair, the 128-bit
// products summed unreduced and reduced once per call (x^64 = x^4 + x^3 + x + 1: the high half
// times 0x1b spills at most 4 bits past x^64, which fold once more).
#include <immintrin.h>

#include "mgm64/mgm64_kernel.hpp"

AXIOM_ISA_BEGIN(mgm64, pclmul)

namespace {

inline __m128i load_be(const std::uint8_t* p) noexcept {
  std::uint64_t v;
  __builtin_memcpy(&v, p, 8);
  return _mm_cvtsi64_si128(static_cast<long long>(__builtin_bswap64(v)));
}

void mac(std::uint8_t acc[8], const std::uint8_t* h, const std::uint8_t* a,
         std::size_t n) noexcept {
  __m128i sum = _mm_setzero_si128();
  for (; n > 0; --n, h += 8, a += 8)
    sum = _mm_xor_si128(sum, _mm_clmulepi64_si128(load_be(h), load_be(a), 0x00));
  const __m128i k = _mm_cvtsi32_si128(0x1b);
  const __m128i f = _mm_clmulepi64_si128(sum, k, 0x01);    // high half * 0x1b: up to 68 bits
  const __m128i spill = _mm_clmulepi64_si128(f, k, 0x01);  // its bits past x^64, folded again
  const __m128i r = _mm_xor_si128(_mm_xor_si128(sum, f), spill);
  std::uint64_t x;
  __builtin_memcpy(&x, acc, 8);
  x = __builtin_bswap64(static_cast<std::uint64_t>(_mm_cvtsi128_si64(r)) ^ __builtin_bswap64(x));
  __builtin_memcpy(acc, &x, 8);
}

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const Mgm64Kernel mgm64_pclmul = {
    {"mgm64/pclmul", cpu::Feature::pclmul | cpu::Feature::ssse3 | cpu::Feature::sse41, true},
    mgm64_pclmul::mac};
}  // namespace axiom::detail
