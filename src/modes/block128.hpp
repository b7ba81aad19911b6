// block128.hpp: the bulk functions every 128-bit block-cipher kernel provides (AES, and later
// SM4 and Kuznyechik). The modes are written once over this interface. All functions take
// whole blocks; out may equal in exactly (in place) but must not overlap it otherwise.
#pragma once

#include <cstddef>
#include <cstdint>

namespace axiom::detail {

struct Block128Ops {
  // encrypt_blocks / decrypt_blocks: ECB on n blocks.
  void (*encrypt_blocks)(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                         std::size_t n) noexcept;
  void (*decrypt_blocks)(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                         std::size_t n) noexcept;
  // ctr_xor: out = in ^ E(ctr), E(ctr+1), ... for n blocks; ctr is a 128-bit big-endian
  // counter, advanced by n (mod 2^128).
  void (*ctr_xor)(const void* ks, std::uint8_t ctr[16], std::uint8_t* out, const std::uint8_t* in,
                  std::size_t n) noexcept;
  // cbc_encrypt / cbc_decrypt: CBC on n blocks; iv is replaced by the last ciphertext block.
  void (*cbc_encrypt)(const void* ks, std::uint8_t iv[16], std::uint8_t* out,
                      const std::uint8_t* in, std::size_t n) noexcept;
  void (*cbc_decrypt)(const void* ks, std::uint8_t iv[16], std::uint8_t* out,
                      const std::uint8_t* in, std::size_t n) noexcept;
  // cbc_mac: state = E(state ^ block) for each of n blocks (CMAC's chain, no output).
  void (*cbc_mac)(const void* ks, std::uint8_t state[16], const std::uint8_t* in,
                  std::size_t n) noexcept;
  // cbc_lanes (optional: null where the modes' generic lanes over encrypt_blocks do as well):
  // n independent chains of `blocks` blocks each, chain l's value in chain[16 l..], its input
  // at in[l] and, for CBC encryption, its output at out[l] (out null: CBC-MAC, no output);
  // the chaining values and pointers are advanced.
  void (*cbc_lanes)(const void* ks, std::uint8_t* chain, const std::uint8_t** in, std::uint8_t** out,
                    std::size_t n, std::size_t blocks) noexcept = nullptr;
  // xts_encrypt / xts_decrypt (optional, nullptr if the kernel has none): XTS in IEEE 1619
  // order on n whole blocks, block j masked with T·x^j where T = tweak (already E_K2(i));
  // tweak is replaced by T·x^n. Ciphertext stealing stays with the caller (src/modes/xts.cpp).
  void (*xts_encrypt)(const void* ks, std::uint8_t tweak[16], std::uint8_t* out, const std::uint8_t* in,
                      std::size_t n) noexcept = nullptr;
  void (*xts_decrypt)(const void* ks, std::uint8_t tweak[16], std::uint8_t* out, const std::uint8_t* in,
                      std::size_t n) noexcept = nullptr;
};

}  // namespace axiom::detail
