// aes_armv8_common.hpp: the AES rounds with the ARMv8 Crypto Extension, shared by the aes/armv8
// kernel and the fused GCM kernel (gcm_armv8.cpp), which reads its schedule. Include it inside
// an AXIOM_ISA_BEGIN region whose target has crypto (and <arm_neon.h> and aes_kernel.hpp before
// the region): each kernel gets its own copy.
#pragma once

namespace aes_armv8_common {

using u8x16 = uint8x16_t;
using u64x2 = uint64x2_t;

inline const detail::AesSchedule& sched(const void* ks) noexcept {
  return *static_cast<const detail::AesSchedule*>(ks);
}
inline u8x16 load(const std::uint8_t* p) noexcept { return vld1q_u8(p); }
inline void store(std::uint8_t* p, u8x16 v) noexcept { vst1q_u8(p, v); }

template <unsigned R>
inline void load_keys(u8x16* k, const std::uint8_t* p) noexcept {
  for (unsigned r = 0; r <= R; ++r) k[r] = load(p + 16 * r);
}

// encrypt_n / decrypt_n run N blocks through the rounds, round by round across the blocks
// (each AESE followed by its AESMC, the pair the cores fuse).
template <unsigned R, int N>
inline void encrypt_n(const u8x16* k, u8x16* b) noexcept {
  for (unsigned r = 0; r + 1 < R; ++r)
    for (int i = 0; i < N; ++i) b[i] = vaesmcq_u8(vaeseq_u8(b[i], k[r]));
  for (int i = 0; i < N; ++i) b[i] = veorq_u8(vaeseq_u8(b[i], k[R - 1]), k[R]);
}
template <unsigned R, int N>
inline void decrypt_n(const u8x16* k, u8x16* b) noexcept {
  for (unsigned r = 0; r + 1 < R; ++r)
    for (int i = 0; i < N; ++i) b[i] = vaesimcq_u8(vaesdq_u8(b[i], k[r]));
  for (int i = 0; i < N; ++i) b[i] = veorq_u8(vaesdq_u8(b[i], k[R - 1]), k[R]);
}

}  // namespace aes_armv8_common
