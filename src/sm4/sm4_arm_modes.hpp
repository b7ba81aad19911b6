// sm4_arm_modes.hpp: the modes of the AArch64 SM4 kernels, written once over a kernel's block
// functions. Include it inside an AXIOM_ISA_BEGIN region (after <arm_neon.h>, <cstring>,
// core/endian.hpp, core/wipe.hpp and sm4_kernel.hpp) after defining there, in namespace vec:
//   void crypt_blocks<Decrypt>(const Sm4Schedule&, std::uint8_t* out, const std::uint8_t* in,
//                              std::size_t n): ECB on any n blocks, out == in allowed;
//   uint8x16_t encrypt1(const Sm4Schedule&, uint8x16_t block): one block, in memory order.
// Each kernel gets its own copy compiled for its own target.
#pragma once

namespace sm4_arm {

using detail::Sm4Schedule;
using namespace vec;

inline const Sm4Schedule& sched(const void* ks) noexcept {
  return *static_cast<const Sm4Schedule*>(ks);
}

// Counter blocks and ciphertext copies go through a stack buffer of this many blocks.
constexpr std::size_t batch = 16;

void encrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  crypt_blocks<false>(sched(ks), out, in, n);
}

void decrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  crypt_blocks<true>(sched(ks), out, in, n);
}

void ctr_xor(const void* ks, std::uint8_t ctr[16], std::uint8_t* out, const std::uint8_t* in,
             std::size_t n) noexcept {
  alignas(16) std::uint8_t buf[16 * batch];
  std::uint64_t hi = (std::uint64_t{detail::load_be32(ctr)} << 32) | detail::load_be32(ctr + 4);
  std::uint64_t lo =
      (std::uint64_t{detail::load_be32(ctr + 8)} << 32) | detail::load_be32(ctr + 12);
  while (n > 0) {
    const std::size_t m = n < batch ? n : batch;
    for (std::size_t j = 0; j < m; ++j) {
      detail::store_be32(buf + 16 * j, static_cast<std::uint32_t>(hi >> 32));
      detail::store_be32(buf + 16 * j + 4, static_cast<std::uint32_t>(hi));
      detail::store_be32(buf + 16 * j + 8, static_cast<std::uint32_t>(lo >> 32));
      detail::store_be32(buf + 16 * j + 12, static_cast<std::uint32_t>(lo));
      hi += (++lo == 0);
    }
    crypt_blocks<false>(sched(ks), buf, buf, m);
    for (std::size_t j = 0; j < m; ++j)
      vst1q_u8(out + 16 * j, veorq_u8(vld1q_u8(in + 16 * j), vld1q_u8(buf + 16 * j)));
    n -= m, in += 16 * m, out += 16 * m;
  }
  detail::store_be32(ctr, static_cast<std::uint32_t>(hi >> 32));
  detail::store_be32(ctr + 4, static_cast<std::uint32_t>(hi));
  detail::store_be32(ctr + 8, static_cast<std::uint32_t>(lo >> 32));
  detail::store_be32(ctr + 12, static_cast<std::uint32_t>(lo));
  detail::wipe(buf);  // keystream
}

// CBC encryption and CMAC keep the chaining value in a register.
void cbc_encrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  uint8x16_t b = vld1q_u8(iv);
  for (; n > 0; --n, in += 16, out += 16) {
    b = encrypt1(sched(ks), veorq_u8(b, vld1q_u8(in)));
    vst1q_u8(out, b);
  }
  vst1q_u8(iv, b);
}

void cbc_mac(const void* ks, std::uint8_t state[16], const std::uint8_t* in,
             std::size_t n) noexcept {
  uint8x16_t b = vld1q_u8(state);
  for (; n > 0; --n, in += 16) b = encrypt1(sched(ks), veorq_u8(b, vld1q_u8(in)));
  vst1q_u8(state, b);
}

// CBC decryption a batch at a time; the ciphertext is kept before an in-place call overwrites it.
void cbc_decrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  alignas(16) std::uint8_t c[16 * batch];
  uint8x16_t prev = vld1q_u8(iv);
  while (n > 0) {
    const std::size_t m = n < batch ? n : batch;
    std::memcpy(c, in, 16 * m);
    crypt_blocks<true>(sched(ks), out, in, m);
    for (std::size_t j = 0; j < m; ++j) {
      vst1q_u8(out + 16 * j, veorq_u8(vld1q_u8(out + 16 * j), prev));
      prev = vld1q_u8(c + 16 * j);
    }
    n -= m, in += 16 * m, out += 16 * m;
  }
  vst1q_u8(iv, prev);
}

}  // namespace sm4_arm
