// aes_vaes_common.hpp: AES rounds on 256-bit registers (two blocks per ymm), shared by the
// vaes_avx2 AES kernel and the fused GCM kernel. Include it inside an
// AXIOM_ISA_BEGIN region whose target has avx2 and vaes.
#pragma once

namespace aes_vaes {

inline __m256i loadu2(const std::uint8_t* p) noexcept {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}
inline void storeu2(std::uint8_t* p, __m256i v) noexcept {
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v);
}
// key2: round key r in both lanes (a broadcast load, no shuffle uop).
inline __m256i key2(const __m128i* k, unsigned r) noexcept {
  return _mm256_broadcastsi128_si256(_mm_load_si128(k + r));
}

template <unsigned R, int N>
inline void encrypt_n(const __m128i* rk, __m256i* b) noexcept {
  const __m256i k0 = key2(rk, 0);
  for (int i = 0; i < N; ++i) b[i] = _mm256_xor_si256(b[i], k0);
  for (unsigned r = 1; r < R; ++r) {
    const __m256i k = key2(rk, r);
    for (int i = 0; i < N; ++i) b[i] = _mm256_aesenc_epi128(b[i], k);
  }
  const __m256i kl = key2(rk, R);
  for (int i = 0; i < N; ++i) b[i] = _mm256_aesenclast_epi128(b[i], kl);
}

template <unsigned R, int N>
inline void decrypt_n(const __m128i* dk, __m256i* b) noexcept {
  const __m256i k0 = key2(dk, 0);
  for (int i = 0; i < N; ++i) b[i] = _mm256_xor_si256(b[i], k0);
  for (unsigned r = 1; r < R; ++r) {
    const __m256i k = key2(dk, r);
    for (int i = 0; i < N; ++i) b[i] = _mm256_aesdec_epi128(b[i], k);
  }
  const __m256i kl = key2(dk, R);
  for (int i = 0; i < N; ++i) b[i] = _mm256_aesdeclast_epi128(b[i], kl);
}

// xor_keystream: out = in ^ E(b) for N ymm (counter mode). The input is xored into the last
// round key, which saves the xor after the last round.
template <unsigned R, int N>
inline void xor_keystream(const __m128i* rk, __m256i* b, std::uint8_t* out,
                          const std::uint8_t* in) noexcept {
  const __m256i k0 = key2(rk, 0);
  for (int i = 0; i < N; ++i) b[i] = _mm256_xor_si256(b[i], k0);
  for (unsigned r = 1; r < R; ++r) {
    const __m256i k = key2(rk, r);
    for (int i = 0; i < N; ++i) b[i] = _mm256_aesenc_epi128(b[i], k);
  }
  const __m256i kl = key2(rk, R);
  for (int i = 0; i < N; ++i)
    storeu2(out + 32 * i,
            _mm256_aesenclast_epi128(b[i], _mm256_xor_si256(kl, loadu2(in + 32 * i))));
}

}  // namespace aes_vaes
