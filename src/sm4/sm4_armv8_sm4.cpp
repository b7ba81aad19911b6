// The SM4 kernel on the Armv8 SM4 extension: SM4E runs four rounds on a block, SM4EKEY four
// steps of the key schedule. Constant time (no lookup at all). Bulk calls take eight blocks
// side by side, so that SM4E's latency is hidden behind the other blocks' rounds.
#include <arm_neon.h>

#include <cstring>

#include "core/endian.hpp"
#include "core/wipe.hpp"
#include "sm4/sm4_kernel.hpp"

AXIOM_ISA_BEGIN(sm4, armv8_sm4)

namespace vec {

using detail::Sm4Schedule;

// The state as four 32-bit lanes X0..X3: each block word is big-endian in memory.
inline uint32x4_t to_words(uint8x16_t b) noexcept { return vreinterpretq_u32_u8(vrev32q_u8(b)); }

// from_words: the block X35 || X34 || X33 || X32 of the final state (X32..X35).
inline uint8x16_t from_words(uint32x4_t x) noexcept {
  const uint32x4_t r = vrev64q_u32(x);
  return vrev32q_u8(vreinterpretq_u8_u32(vextq_u32(r, r, 2)));
}

// round_keys: the eight groups of four round keys, in decryption order reversed within each.
template <bool Decrypt>
inline void round_keys(const Sm4Schedule& s, uint32x4_t k[8]) noexcept {
  for (int i = 0; i < 8; ++i) {
    if (Decrypt) {
      const uint32x4_t r = vrev64q_u32(vld1q_u32(s.rk + 28 - 4 * i));
      k[i] = vextq_u32(r, r, 2);
    } else {
      k[i] = vld1q_u32(s.rk + 4 * i);
    }
  }
}

template <int N>
[[gnu::always_inline]] inline void crypt_n(const uint32x4_t k[8], std::uint8_t* out,
                                           const std::uint8_t* in) noexcept {
  uint32x4_t x[N];
#pragma GCC unroll 8
  for (int b = 0; b < N; ++b) x[b] = to_words(vld1q_u8(in + 16 * b));
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i)
#pragma GCC unroll 8
    for (int b = 0; b < N; ++b) x[b] = vsm4eq_u32(x[b], k[i]);
#pragma GCC unroll 8
  for (int b = 0; b < N; ++b) vst1q_u8(out + 16 * b, from_words(x[b]));
}

template <bool Decrypt>
void crypt_blocks(const Sm4Schedule& s, std::uint8_t* out, const std::uint8_t* in,
                  std::size_t n) noexcept {
  uint32x4_t k[8];
  round_keys<Decrypt>(s, k);
  for (; n >= 8; n -= 8, in += 128, out += 128) crypt_n<8>(k, out, in);
  for (; n > 0; --n, in += 16, out += 16) crypt_n<1>(k, out, in);
}

inline uint8x16_t encrypt1(const Sm4Schedule& s, uint8x16_t block) noexcept {
  uint32x4_t x = to_words(block);
  for (int i = 0; i < 8; ++i) x = vsm4eq_u32(x, vld1q_u32(s.rk + 4 * i));
  return from_words(x);
}

}  // namespace vec

#include "sm4/sm4_arm_modes.hpp"

namespace {

// The key schedule of GB/T 32907 section 7.3 with SM4EKEY: K = MK ^ FK, then four round keys
// per instruction from the previous four and CK.
void expand_key(detail::Sm4Schedule& ks, const std::uint8_t key[16]) noexcept {
  alignas(16) static constexpr std::uint32_t fk[4] = {0xa3b1bac6u, 0x56aa3350u, 0x677d9197u,
                                                      0xb27022dcu};
  alignas(16) std::uint32_t ck[32];
  for (std::uint32_t i = 0; i < 32; ++i) {
    std::uint32_t c = 0;  // byte j of CK_i is (4i + j) * 7 mod 256
    for (std::uint32_t j = 0; j < 4; ++j) c = (c << 8) | (((4 * i + j) * 7) & 0xffu);
    ck[i] = c;
  }
  uint32x4_t k = veorq_u32(vec::to_words(vld1q_u8(key)), vld1q_u32(fk));
  for (int i = 0; i < 8; ++i) {
    k = vsm4ekeyq_u32(k, vld1q_u32(ck + 4 * i));
    vst1q_u32(ks.rk + 4 * i, k);
  }
}

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const Sm4Kernel sm4_armv8_sm4 = {
    {"sm4/armv8_sm4", cpu::Feature::asimd | cpu::Feature::sm3 | cpu::Feature::sm4, true},
    {sm4_armv8_sm4::sm4_arm::encrypt_blocks, sm4_armv8_sm4::sm4_arm::decrypt_blocks,
     sm4_armv8_sm4::sm4_arm::ctr_xor, sm4_armv8_sm4::sm4_arm::cbc_encrypt,
     sm4_armv8_sm4::sm4_arm::cbc_decrypt, sm4_armv8_sm4::sm4_arm::cbc_mac},
    sm4_armv8_sm4::expand_key,
};
}  // namespace axiom::detail
