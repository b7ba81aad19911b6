// ghash_clmul.hpp: the carry-less-multiply GHASH arithmetic on xmm registers, shared by the
// PCLMUL and VPCLMULQDQ GHASH kernels and the fused GCM kernel. Include it inside an
// AXIOM_ISA_BEGIN region whose target has pclmul and ssse3 (and <immintrin.h> before the
// region): each kernel gets its own copy, compiled for its own target.
//
// Field elements are kept reflected (bytes reversed), so that the polynomial x^i is bit i of
// the 128-bit integer and pclmulqdq multiplies them directly.
#pragma once

namespace ghash_clmul {

inline __m128i reverse_mask() noexcept {
  return _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}
inline __m128i load_reflected(const std::uint8_t* p) noexcept {
  return _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), reverse_mask());
}
inline void store_reflected(std::uint8_t* p, __m128i v) noexcept {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), _mm_shuffle_epi8(v, reverse_mask()));
}

// Unreduced Karatsuba products, accumulated: lo = a0*b0, hi = a1*b1, mid = (a0^a1)*(b0^b1).
struct Acc {
  __m128i lo, hi, mid;
};

// halves_xor: the xor of the two 64-bit halves (Karatsuba's middle operand), in both halves.
inline __m128i halves_xor(__m128i h) noexcept {
  return _mm_xor_si128(h, _mm_shuffle_epi32(h, 0x4e));
}

// mul_acc adds x*h to a; hk is halves_xor(h).
inline void mul_acc(Acc& a, __m128i x, __m128i h, __m128i hk) noexcept {
  a.lo = _mm_xor_si128(a.lo, _mm_clmulepi64_si128(x, h, 0x00));
  a.hi = _mm_xor_si128(a.hi, _mm_clmulepi64_si128(x, h, 0x11));
  a.mid = _mm_xor_si128(a.mid, _mm_clmulepi64_si128(halves_xor(x), hk, 0x00));
}

inline __m128i shift_right128(__m128i d, int k) noexcept {
  return _mm_or_si128(_mm_srli_epi64(d, k), _mm_slli_epi64(_mm_srli_si128(d, 8), 64 - k));
}

// Shifted: an accumulated product as 256 bits (lo, hi), shifted left by one (see
// ghash_portable.cpp for the math).
struct Shifted {
  __m128i lo, hi;
};
inline Shifted shifted(const Acc& a) noexcept {
  const __m128i mid = _mm_xor_si128(a.mid, _mm_xor_si128(a.lo, a.hi));
  const __m128i lo = _mm_xor_si128(a.lo, _mm_slli_si128(mid, 8));
  const __m128i hi = _mm_xor_si128(a.hi, _mm_srli_si128(mid, 8));
  const __m128i carry_lo = _mm_srli_epi64(lo, 63), carry_hi = _mm_srli_epi64(hi, 63);
  return {_mm_or_si128(_mm_slli_epi64(lo, 1), _mm_slli_si128(carry_lo, 8)),
          _mm_or_si128(_mm_or_si128(_mm_slli_epi64(hi, 1), _mm_slli_si128(carry_hi, 8)),
                       _mm_srli_si128(carry_lo, 8))};
}

// reduce: the field element of an accumulated product: the shifted product with its
// low-degree half folded by shifts and xors, no multiply.
inline __m128i reduce(const Acc& a) noexcept {
  const Shifted q = shifted(a);
  const __m128i t = _mm_xor_si128(_mm_xor_si128(_mm_slli_epi64(q.lo, 63), _mm_slli_epi64(q.lo, 62)),
                                  _mm_slli_epi64(q.lo, 57));
  const __m128i d = _mm_xor_si128(q.lo, _mm_slli_si128(t, 8));
  const __m128i f = _mm_xor_si128(_mm_xor_si128(d, shift_right128(d, 1)),
                                  _mm_xor_si128(shift_right128(d, 2), shift_right128(d, 7)));
  return _mm_xor_si128(q.hi, f);
}

// reduce_by_multiply: the same field element, with the fold done by two carry-less multiplies
// by x^63 + x^62 + x^57 (each 64-bit half of the low part in turn): the shifts of reduce are
// those products. 4 + 4 ops instead of 20, of which 12 are shifts; for the fused GCM kernel,
// where shifts compete with the AES rounds and the reduction is off the critical path.
inline __m128i reduce_by_multiply(const Acc& a) noexcept {
  const Shifted q = shifted(a);
  const __m128i poly = _mm_set_epi64x(0, static_cast<long long>(0xc200000000000000ULL));
  const __m128i v =
      _mm_xor_si128(_mm_shuffle_epi32(q.lo, 0x4e), _mm_clmulepi64_si128(q.lo, poly, 0x00));
  return _mm_xor_si128(
      q.hi, _mm_xor_si128(_mm_shuffle_epi32(v, 0x4e), _mm_clmulepi64_si128(v, poly, 0x00)));
}

inline __m128i multiply(__m128i x, __m128i h) noexcept {
  Acc a{_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
  mul_acc(a, x, h, halves_xor(h));
  return reduce(a);
}

}  // namespace ghash_clmul
