// aes.hpp: the AES block cipher (FIPS 197) with 128-, 192- and 256-bit keys.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "axiom/block_cipher.hpp"
#include "axiom/result.hpp"

namespace axiom {

namespace detail {
struct AesKernel;

// AesSchedule holds the round keys in the layout of the kernel that wrote them.
struct AesSchedule {
  alignas(64) std::uint8_t enc[240];
  alignas(16) std::uint8_t dec[240];
  std::uint32_t rounds;
};

template <std::size_t KeySize>
struct AesTraits {
  static_assert(KeySize == 16 || KeySize == 24 || KeySize == 32, "AES keys are 16, 24 or 32 bytes");
  static constexpr std::size_t key_size = KeySize;
  static constexpr std::size_t block_size = 16;
  using Kernel = AesKernel;
  using Schedule = AesSchedule;
  static const AesKernel& default_kernel() noexcept;
  static const BlockOps<16>& ops(const AesKernel& k) noexcept;
  static void expand(AesSchedule& ks, const AesKernel& k, const std::uint8_t* key) noexcept;
  static std::string_view name(const AesKernel& k) noexcept;
};
extern template struct AesTraits<16>;
extern template struct AesTraits<24>;
extern template struct AesTraits<32>;
}  // namespace detail

// AesCipher<KeySize> is AES with a KeySize-byte key (16, 24 or 32): use the names Aes128,
// Aes192 and Aes256. It encrypts and decrypts whole 16-byte blocks; the modes in modes.hpp and
// gcm.hpp build on it. See BlockCipher for the members.
template <std::size_t KeySize>
using AesCipher = BlockCipher<detail::AesTraits<KeySize>>;

using Aes128 = AesCipher<16>;
using Aes192 = AesCipher<24>;
using Aes256 = AesCipher<32>;

}  // namespace axiom
