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
}  // namespace detail

// AesCipher<KeySize> is AES with a KeySize-byte key (16, 24 or 32): use the names Aes128,
// Aes192 and Aes256. It encrypts and decrypts whole 16-byte blocks; the modes in modes.hpp and
// gcm.hpp build on it. The kernel is chosen when the object is keyed and kept with the key
// schedule. Copyable; the schedule is wiped on destruction. A const object may be used by
// several threads at once.
template <std::size_t KeySize>
class AesCipher {
 public:
  static_assert(KeySize == 16 || KeySize == 24 || KeySize == 32, "AES keys are 16, 24 or 32 bytes");
  static constexpr std::size_t key_size = KeySize;
  static constexpr std::size_t block_size = 16;

  // AesCipher(key) expands key with the fastest constant-time kernel this CPU runs.
  explicit AesCipher(std::span<const std::uint8_t, KeySize> key) noexcept;
  // AesCipher(key, kernel) uses the given kernel (internal: tests and benchmarks).
  AesCipher(std::span<const std::uint8_t, KeySize> key, const detail::AesKernel& kernel) noexcept;
  AesCipher(const AesCipher&) noexcept = default;
  AesCipher& operator=(const AesCipher&) noexcept = default;
  ~AesCipher();

  // from_key keys a cipher from a key of run-time size; Error::invalid_key_size unless it
  // holds exactly KeySize bytes.
  static Result<AesCipher> from_key(std::span<const std::uint8_t> key) noexcept;

  // encrypt_blocks / decrypt_blocks transform whole blocks (ECB): out.size() must equal
  // in.size(), a multiple of 16 (else output_size_mismatch / invalid_argument, out untouched).
  // out may be in exactly (in place) but must not overlap it otherwise (overlapping_buffers).
  Status encrypt_blocks(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) const noexcept;
  Status decrypt_blocks(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) const noexcept;
  // encrypt_block / decrypt_block transform one block; out may alias in.
  void encrypt_block(std::span<std::uint8_t, 16> out, std::span<const std::uint8_t, 16> in) const noexcept;
  void decrypt_block(std::span<std::uint8_t, 16> out, std::span<const std::uint8_t, 16> in) const noexcept;

  // kernel_name names the kernel in use, e.g. "aes/aesni".
  std::string_view kernel_name() const noexcept;
  // block_ref is the cipher as the modes use it (internal); valid while this object lives.
  // Inline: a short message's call through a mode pays for no extra call.
  detail::BlockCipherRef block_ref() const noexcept { return {ops_, &schedule_}; }

 private:
  const detail::AesKernel* kernel_;
  const detail::Block128Ops* ops_;  // &kernel_->ops
  detail::AesSchedule schedule_;
};

using Aes128 = AesCipher<16>;
using Aes192 = AesCipher<24>;
using Aes256 = AesCipher<32>;

extern template class AesCipher<16>;
extern template class AesCipher<24>;
extern template class AesCipher<32>;

}  // namespace axiom
