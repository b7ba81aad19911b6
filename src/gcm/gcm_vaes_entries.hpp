// gcm_vaes_entries.hpp: the vaes_avx2 and vaes_avx512 GCM kernels' start (E(J0) and the
// first counter) and their entry points, which pick the kernel's seal<R> and open<R> and
// start<R> by key size. Include it at the end of the kernel's namespace, inside its
// AXIOM_ISA_BEGIN region, after seal and open.
#pragma once

// start: J0 assembled in a register from an 8-byte and a 4-byte load of the nonce.
template <unsigned R>
void start(const AesSchedule& ks, const std::uint8_t nonce[12], std::uint8_t ek[16],
           std::uint8_t ctr[16]) noexcept {
  const auto* rk = reinterpret_cast<const __m128i*>(ks.enc);
  std::uint32_t tail;
  std::memcpy(&tail, nonce + 8, 4);
  __m128i j0 = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(nonce));
  j0 = _mm_insert_epi32(j0, static_cast<int>(tail), 2);
  const __m128i c = _mm_insert_epi32(j0, 0x02000000, 3);  // the last 4 bytes 00 00 00 02
  j0 = _mm_insert_epi32(j0, 0x01000000, 3);
  __m128i x = _mm_xor_si128(j0, rk[0]);
  for (unsigned r = 1; r < R; ++r) x = _mm_aesenc_si128(x, rk[r]);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(ek), _mm_aesenclast_si128(x, rk[R]));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(ctr), c);
}
void start_entry(const void* ks, const std::uint8_t nonce[12], std::uint8_t ek[16],
                 std::uint8_t ctr[16]) noexcept {
  const auto& s = *static_cast<const AesSchedule*>(ks);
  switch (s.rounds) {
    case 10:
      return start<10>(s, nonce, ek, ctr);
    case 12:
      return start<12>(s, nonce, ek, ctr);
    default:
      return start<14>(s, nonce, ek, ctr);
  }
}

#define AXIOM_GCM_BY_ROUNDS(f)                                                                  \
  void f##_entry(const void* ks, const GhashKey& key, std::uint8_t ctr[16], std::uint8_t y[16], \
                 std::uint8_t* out, const std::uint8_t* in, std::size_t n,                      \
                 const std::uint8_t* last) noexcept {                                           \
    const auto& s = *static_cast<const AesSchedule*>(ks);                                       \
    switch (s.rounds) {                                                                         \
      case 10:                                                                                  \
        return f<10>(s, key, ctr, y, out, in, n, last);                                         \
      case 12:                                                                                  \
        return f<12>(s, key, ctr, y, out, in, n, last);                                         \
      default:                                                                                  \
        return f<14>(s, key, ctr, y, out, in, n, last);                                         \
    }                                                                                           \
  }
AXIOM_GCM_BY_ROUNDS(seal)
AXIOM_GCM_BY_ROUNDS(open)
#undef AXIOM_GCM_BY_ROUNDS
