// sm4.hpp: the SM4 block cipher (GB/T 32907-2016) with its 128-bit key.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "axiom/block_cipher.hpp"
#include "axiom/result.hpp"

namespace axiom {

namespace detail {
struct Sm4Kernel;

// Sm4Schedule holds the 32 round keys, as 32-bit words in encryption order (every kernel
// reads this layout; decryption walks it backwards).
struct Sm4Schedule {
  alignas(64) std::uint32_t rk[32];
};
}  // namespace detail

// Sm4 is the SM4 block cipher with a 16-byte key. It encrypts and decrypts whole 16-byte
// blocks; the modes of modes.hpp, gcm.hpp and ccm.hpp build on it (Ecb<Sm4>, Cbc<Sm4>,
// Ctr<Sm4>, Cmac<Sm4>, Sm4Gcm, Sm4Ccm). The kernel is chosen when the object is keyed; the key
// schedule is computed in constant time (the S-box is a Boolean circuit or GFNI, no table).
// Copyable; the schedule is wiped on destruction. A const object may be used by several threads
// at once.
class Sm4 {
 public:
  static constexpr std::size_t key_size = 16;
  static constexpr std::size_t block_size = 16;

  // Sm4(key) expands key for the fastest constant-time kernel this CPU runs.
  explicit Sm4(std::span<const std::uint8_t, 16> key) noexcept;
  // Sm4(key, kernel) uses the given kernel (internal: tests and benchmarks).
  Sm4(std::span<const std::uint8_t, 16> key, const detail::Sm4Kernel& kernel) noexcept;
  Sm4(const Sm4&) noexcept = default;
  Sm4& operator=(const Sm4&) noexcept = default;
  ~Sm4();

  // from_key keys a cipher from a key of run-time size; Error::invalid_key_size unless it
  // holds exactly 16 bytes.
  static Result<Sm4> from_key(std::span<const std::uint8_t> key) noexcept;

  // encrypt_blocks / decrypt_blocks transform whole blocks (ECB): out.size() must equal
  // in.size(), a multiple of 16 (else output_size_mismatch / invalid_argument, out untouched).
  // out may be in exactly (in place) but must not overlap it otherwise (overlapping_buffers).
  Status encrypt_blocks(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) const noexcept;
  Status decrypt_blocks(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) const noexcept;
  // encrypt_block / decrypt_block transform one block; out may alias in.
  void encrypt_block(std::span<std::uint8_t, 16> out, std::span<const std::uint8_t, 16> in) const noexcept;
  void decrypt_block(std::span<std::uint8_t, 16> out, std::span<const std::uint8_t, 16> in) const noexcept;

  // kernel_name names the kernel in use, e.g. "sm4/aesni".
  std::string_view kernel_name() const noexcept;
  // block_ref is the cipher as the modes use it (internal); valid while this object lives.
  detail::BlockCipherRef block_ref() const noexcept;

 private:
  const detail::Sm4Kernel* kernel_;
  detail::Sm4Schedule schedule_;
};

}  // namespace axiom
