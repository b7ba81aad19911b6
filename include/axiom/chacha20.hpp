// chacha20.hpp: the ChaCha20 and XChaCha20 stream ciphers (RFC 8439, draft-irtf-cfrg-xchacha).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "axiom/result.hpp"

namespace axiom {

namespace detail {
struct ChaCha20Kernel;
struct AeadAccess;
}  // namespace detail

// ChaCha20 is the RFC 8439 stream cipher: a 32-byte key, a 12-byte nonce and a 32-bit block
// counter, so one (key, nonce) gives at most 2^32 blocks of 64 bytes (256 GiB) of keystream.
// crypt() XORs the keystream into data; encryption and decryption are the same call. Calls
// stream: a message may be cut anywhere and fed in any number of pieces. seek() moves to the
// start of any block. The key and keystream are wiped on destruction. Copyable (the copy
// continues from the same position). One object must not be used by two threads at once.
class ChaCha20 {
 public:
  static constexpr std::size_t key_size = 32;
  static constexpr std::size_t nonce_size = 12;
  static constexpr std::size_t block_size = 64;
  static constexpr std::string_view name = "chacha20";

  // ChaCha20(key, nonce, counter) starts the keystream at block `counter`, with the fastest
  // kernel this CPU runs.
  ChaCha20(std::span<const std::uint8_t, key_size> key,
           std::span<const std::uint8_t, nonce_size> nonce, std::uint32_t counter = 0) noexcept;
  // ChaCha20(..., kernel) uses the given kernel (internal: tests and benchmarks).
  ChaCha20(std::span<const std::uint8_t, key_size> key,
           std::span<const std::uint8_t, nonce_size> nonce, std::uint32_t counter,
           const detail::ChaCha20Kernel& kernel) noexcept;
  ChaCha20(const ChaCha20&) noexcept = default;
  ChaCha20& operator=(const ChaCha20&) noexcept = default;
  ~ChaCha20();

  // crypt writes in XOR keystream to out and advances by in.size() bytes. out.size() must equal
  // in.size(); out may be in (the same bytes) but must not partially overlap it. Errors:
  // output_size_mismatch, overlapping_buffers, message_too_long (the data would run past block
  // 2^32 - 1, where the 32-bit counter would wrap). On error nothing is written and the
  // position does not move.
  Status crypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) noexcept;

  // seek moves to the first byte of block `counter`.
  void seek(std::uint32_t counter) noexcept;

  // crypt (one-shot) is ChaCha20(key, nonce, counter).crypt(out, in).
  static Status crypt(std::span<std::uint8_t> out, std::span<const std::uint8_t, key_size> key,
                      std::span<const std::uint8_t, nonce_size> nonce, std::uint32_t counter,
                      std::span<const std::uint8_t> in) noexcept;

  // kernel_name names the kernel this object uses, e.g. "chacha20/avx2".
  std::string_view kernel_name() const noexcept;

 private:
  friend struct detail::AeadAccess;  // the fused ChaCha20-Poly1305 pass
  // crypt_partial is crypt when keystream is left over or n is not a multiple of block_size.
  Status crypt_partial(std::uint8_t* dst, const std::uint8_t* src, std::size_t n) noexcept;
  const detail::ChaCha20Kernel* kernel_;
  // Constants, key, counter of the next block, nonce: four rows of 16 bytes, aligned so that no
  // row crosses a cache line or a page (a split row is not forwarded from the stores of a new
  // object to the kernel's loads: measured +75 cycles per 64-byte call where a row crossed a page).
  alignas(16) std::uint32_t input_[16];
  std::uint64_t blocks_left_;        // blocks the counter can still give: 2^32 - input_[12]
  std::size_t buffered_;             // unused keystream bytes at the end of buffer_
  std::uint8_t buffer_[block_size];  // keystream (only while buffered_ != 0)
};

// hchacha20 writes HChaCha20(key, input) to out: the 32-byte subkey of XChaCha20
// (draft-irtf-cfrg-xchacha-03 section 2.2). out may alias key or input. Thread-safe.
void hchacha20(std::span<std::uint8_t, 32> out, std::span<const std::uint8_t, 32> key,
               std::span<const std::uint8_t, 16> input) noexcept;

// XChaCha20 is ChaCha20 with a 24-byte nonce, safe to choose at random: the key becomes
// HChaCha20(key, nonce[0..15]) and the 12-byte nonce 00000000 || nonce[16..23]. Otherwise it is
// the same as ChaCha20 (limits, streaming, seek, wiping, threads).
class XChaCha20 {
 public:
  static constexpr std::size_t key_size = 32;
  static constexpr std::size_t nonce_size = 24;
  static constexpr std::size_t block_size = 64;
  static constexpr std::string_view name = "xchacha20";

  // XChaCha20(key, nonce, counter) starts the keystream at block `counter`.
  XChaCha20(std::span<const std::uint8_t, key_size> key,
            std::span<const std::uint8_t, nonce_size> nonce, std::uint32_t counter = 0) noexcept;
  // XChaCha20(..., kernel) uses the given kernel (internal: tests and benchmarks).
  XChaCha20(std::span<const std::uint8_t, key_size> key,
            std::span<const std::uint8_t, nonce_size> nonce, std::uint32_t counter,
            const detail::ChaCha20Kernel& kernel) noexcept;

  // crypt is ChaCha20::crypt (same sizes, aliasing and errors).
  Status crypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) noexcept {
    return cipher_.crypt(out, in);
  }
  // seek moves to the first byte of block `counter`.
  void seek(std::uint32_t counter) noexcept { cipher_.seek(counter); }
  // kernel_name names the ChaCha20 kernel this object uses.
  std::string_view kernel_name() const noexcept { return cipher_.kernel_name(); }

 private:
  ChaCha20 cipher_;
};

}  // namespace axiom
