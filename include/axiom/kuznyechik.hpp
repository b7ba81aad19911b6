// kuznyechik.hpp: the Kuznyechik block cipher (GOST R 34.12-2015, RFC 7801): 128-bit blocks,
// 256-bit keys. The modes in modes.hpp (ECB, CBC, CTR, CMAC/OMAC, ...) work over it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "axiom/block_cipher.hpp"
#include "axiom/result.hpp"

namespace axiom {

namespace detail {
struct KuznyechikKernel;

// KuznyechikSchedule holds the round keys K1..K10 (enc) and what the kernel that wrote it
// derives from them at setup (dec): decryption keys, or the forms its rounds merge the keys in.
struct KuznyechikSchedule {
  alignas(32) std::uint8_t enc[10][16];
  alignas(32) std::uint8_t dec[17][16];
};
}  // namespace detail

// Kuznyechik is the GOST R 34.12-2015 128-bit block cipher with a 32-byte key. Blocks and keys
// are bytes in the order RFC 7801 prints them (as the GOST engine, Botan and GnuTLS store
// them). The kernel is chosen when the object is keyed and kept with the key schedule; the key
// schedule runs in constant time. Copyable; the schedule is wiped on destruction. A const
// object may be used by several threads at once.
class Kuznyechik {
 public:
  static constexpr std::size_t key_size = 32;
  static constexpr std::size_t block_size = 16;

  // Kuznyechik(key) expands key with the fastest constant-time kernel this CPU runs.
  explicit Kuznyechik(std::span<const std::uint8_t, 32> key) noexcept;
  // Kuznyechik(key, kernel) uses the given kernel (internal: tests and benchmarks).
  Kuznyechik(std::span<const std::uint8_t, 32> key, const detail::KuznyechikKernel& kernel) noexcept;
  Kuznyechik(const Kuznyechik&) noexcept = default;
  Kuznyechik& operator=(const Kuznyechik&) noexcept = default;
  ~Kuznyechik();

  // rekey expands a new key into this object with the same kernel (CTR-ACPKM's section keys).
  void rekey(std::span<const std::uint8_t, 32> key) noexcept;

  // from_key keys a cipher from a key of run-time size; Error::invalid_key_size unless it
  // holds exactly 32 bytes.
  static Result<Kuznyechik> from_key(std::span<const std::uint8_t> key) noexcept;

  // encrypt_blocks / decrypt_blocks transform whole blocks (ECB): out.size() must equal
  // in.size() (else output_size_mismatch), a multiple of 16 (else invalid_argument); out is
  // untouched on error. out may be in exactly (in place) but must not overlap it otherwise
  // (overlapping_buffers).
  Status encrypt_blocks(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) const noexcept;
  Status decrypt_blocks(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) const noexcept;
  // encrypt_block / decrypt_block transform one block; out may alias in.
  void encrypt_block(std::span<std::uint8_t, 16> out, std::span<const std::uint8_t, 16> in) const noexcept;
  void decrypt_block(std::span<std::uint8_t, 16> out, std::span<const std::uint8_t, 16> in) const noexcept;
  // encrypt_block / decrypt_block with one argument transform the block in place.
  void encrypt_block(std::span<std::uint8_t, 16> block) const noexcept { encrypt_block(block, block); }
  void decrypt_block(std::span<std::uint8_t, 16> block) const noexcept { decrypt_block(block, block); }

  // kernel_name names the kernel in use, e.g. "kuznyechik/avx2".
  std::string_view kernel_name() const noexcept;
  // block_ref is the cipher as the modes use it (internal); valid while this object lives.
  detail::BlockCipherRef block_ref() const noexcept;

 private:
  const detail::KuznyechikKernel* kernel_;
  detail::KuznyechikSchedule schedule_;
};

}  // namespace axiom
