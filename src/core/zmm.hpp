// zmm.hpp: AVX-512 intrinsics whose unmasked forms GCC 12 compiles with an undefined pass-through
// vector that -Wuninitialized then flags (GCC bug 105593), written as the zero-masked forms with
// every lane selected: the same single unmasked instruction. Include it inside an AXIOM_ISA_BEGIN
// region whose target has avx512f.
#pragma once

namespace zmm {

inline __m512i broadcast4(__m128i x) noexcept { return _mm512_maskz_broadcast_i32x4(0xffff, x); }
template <int I>
inline __m128i extract4(__m512i v) noexcept {
  return _mm512_maskz_extracti32x4_epi32(0xf, v, I);
}
inline __m128i low128(__m512i v) noexcept { return extract4<0>(v); }  // no instruction
template <int I>
inline __m256i extract8(__m512i v) noexcept {
  return _mm512_maskz_extracti64x4_epi64(0xf, v, I);
}
inline __m256i low256(__m512i v) noexcept { return extract8<0>(v); }  // no instruction
inline __m512i sllv64(__m512i a, __m512i count) noexcept {
  return _mm512_maskz_sllv_epi64(0xff, a, count);
}
inline __m512i srlv64(__m512i a, __m512i count) noexcept {
  return _mm512_maskz_srlv_epi64(0xff, a, count);
}
// alignr64: qwords N..7 of b, then qwords 0..N-1 of a (valignq).
template <int N>
inline __m512i alignr64(__m512i a, __m512i b) noexcept {
  return _mm512_maskz_alignr_epi64(0xff, a, b, N);
}
// shuffle32: vpshufd, the same dword shuffle in each lane.
template <_MM_PERM_ENUM P>
inline __m512i shuffle32(__m512i a) noexcept {
  return _mm512_maskz_shuffle_epi32(0xffff, a, P);
}
template <unsigned N>
inline __m512i srli64(__m512i a) noexcept {
  return _mm512_maskz_srli_epi64(0xff, a, N);
}

}  // namespace zmm
