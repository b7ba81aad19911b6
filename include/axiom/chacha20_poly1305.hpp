// chacha20_poly1305.hpp: the ChaCha20-Poly1305 (RFC 8439 section 2.8) and XChaCha20-Poly1305
// (draft-irtf-cfrg-xchacha-03) AEADs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "axiom/result.hpp"

namespace axiom {

namespace detail {
struct ChaCha20Kernel;
struct Poly1305Kernel;
}  // namespace detail

// ChaCha20Poly1305 seals and opens messages under one 32-byte key; each message needs a
// 12-byte nonce never used before with that key. The tag is 16 bytes. Limits: the plaintext is
// at most max_message_size bytes (the 32-bit counter), the AAD any size. seal/open write
// ciphertext || tag; the _detached forms keep the tag apart. Output may be the input (the same
// first byte: in place) but must not partially overlap it, the AAD or the tag
// (overlapping_buffers: then nothing is written). On any other error the output is zeroed: a
// failed open releases no plaintext. The tag is checked in constant time. The key is wiped on
// destruction. The methods are const: one object may seal and open from several threads at once.
class ChaCha20Poly1305 {
 public:
  static constexpr std::size_t key_size = 32;
  static constexpr std::size_t nonce_size = 12;
  static constexpr std::size_t tag_size = 16;
  static constexpr std::uint64_t max_message_size = (std::uint64_t{1} << 38) - 64;
  static constexpr std::string_view name = "chacha20-poly1305";

  // ChaCha20Poly1305(key) keys the AEAD with the kernels chosen for this CPU.
  explicit ChaCha20Poly1305(std::span<const std::uint8_t, key_size> key) noexcept;
  // ChaCha20Poly1305(key, chacha, poly) uses the given kernels (internal: tests, benchmarks).
  ChaCha20Poly1305(std::span<const std::uint8_t, key_size> key,
                   const detail::ChaCha20Kernel& chacha,
                   const detail::Poly1305Kernel& poly) noexcept;
  ChaCha20Poly1305(const ChaCha20Poly1305&) noexcept = default;
  ChaCha20Poly1305& operator=(const ChaCha20Poly1305&) noexcept = default;
  ~ChaCha20Poly1305();

  // seal writes the ciphertext of plaintext followed by the tag to out (plaintext.size() + 16
  // bytes). Errors: output_size_mismatch, overlapping_buffers, message_too_long; on error out is
  // zeroed.
  Status seal(std::span<std::uint8_t> out, std::span<const std::uint8_t, nonce_size> nonce,
              std::span<const std::uint8_t> plaintext,
              std::span<const std::uint8_t> aad = {}) const noexcept;
  // open checks the tag at the end of sealed and writes the plaintext (sealed.size() - 16
  // bytes) to out. Errors: authentication_failed (also when sealed is shorter than the tag),
  // output_size_mismatch, overlapping_buffers, message_too_long; on error out is zeroed.
  Status open(std::span<std::uint8_t> out, std::span<const std::uint8_t, nonce_size> nonce,
              std::span<const std::uint8_t> sealed,
              std::span<const std::uint8_t> aad = {}) const noexcept;
  // seal_detached writes the ciphertext (plaintext.size() bytes) to out and the tag to tag.
  // Errors as seal; on error out and tag are zeroed.
  Status seal_detached(std::span<std::uint8_t> out, std::span<std::uint8_t, tag_size> tag,
                       std::span<const std::uint8_t, nonce_size> nonce,
                       std::span<const std::uint8_t> plaintext,
                       std::span<const std::uint8_t> aad = {}) const noexcept;
  // open_detached checks tag and writes the plaintext (ciphertext.size() bytes) to out. Errors
  // as open; on error out is zeroed.
  Status open_detached(std::span<std::uint8_t> out, std::span<const std::uint8_t, nonce_size> nonce,
                       std::span<const std::uint8_t> ciphertext,
                       std::span<const std::uint8_t, tag_size> tag,
                       std::span<const std::uint8_t> aad = {}) const noexcept;

  // chacha20_kernel_name and poly1305_kernel_name name the kernels this object uses, e.g.
  // "chacha20/avx2" and "poly1305/portable" (a pair that runs as one fused pass).
  std::string_view chacha20_kernel_name() const noexcept;
  std::string_view poly1305_kernel_name() const noexcept;

 private:
  friend class XChaCha20Poly1305;
  const detail::ChaCha20Kernel* chacha_;
  const detail::Poly1305Kernel* poly_;
  std::uint8_t key_[key_size];
};

// XChaCha20Poly1305 is ChaCha20-Poly1305 with a 24-byte nonce, safe to choose at random: each
// message uses the key HChaCha20(key, nonce[0..15]) and the nonce 00000000 || nonce[16..23].
// Sizes, limits, aliasing, errors, zeroed output on failure and threads as ChaCha20Poly1305.
class XChaCha20Poly1305 {
 public:
  static constexpr std::size_t key_size = 32;
  static constexpr std::size_t nonce_size = 24;
  static constexpr std::size_t tag_size = 16;
  static constexpr std::uint64_t max_message_size = ChaCha20Poly1305::max_message_size;
  static constexpr std::string_view name = "xchacha20-poly1305";

  // XChaCha20Poly1305(key) keys the AEAD with the kernels chosen for this CPU.
  explicit XChaCha20Poly1305(std::span<const std::uint8_t, key_size> key) noexcept;
  // XChaCha20Poly1305(key, chacha, poly) uses the given kernels (internal: tests, benchmarks).
  XChaCha20Poly1305(std::span<const std::uint8_t, key_size> key,
                    const detail::ChaCha20Kernel& chacha,
                    const detail::Poly1305Kernel& poly) noexcept;

  // seal: as ChaCha20Poly1305::seal.
  Status seal(std::span<std::uint8_t> out, std::span<const std::uint8_t, nonce_size> nonce,
              std::span<const std::uint8_t> plaintext,
              std::span<const std::uint8_t> aad = {}) const noexcept;
  // open: as ChaCha20Poly1305::open.
  Status open(std::span<std::uint8_t> out, std::span<const std::uint8_t, nonce_size> nonce,
              std::span<const std::uint8_t> sealed,
              std::span<const std::uint8_t> aad = {}) const noexcept;
  // seal_detached: as ChaCha20Poly1305::seal_detached.
  Status seal_detached(std::span<std::uint8_t> out, std::span<std::uint8_t, tag_size> tag,
                       std::span<const std::uint8_t, nonce_size> nonce,
                       std::span<const std::uint8_t> plaintext,
                       std::span<const std::uint8_t> aad = {}) const noexcept;
  // open_detached: as ChaCha20Poly1305::open_detached.
  Status open_detached(std::span<std::uint8_t> out, std::span<const std::uint8_t, nonce_size> nonce,
                       std::span<const std::uint8_t> ciphertext,
                       std::span<const std::uint8_t, tag_size> tag,
                       std::span<const std::uint8_t> aad = {}) const noexcept;

 private:
  ChaCha20Poly1305 inner_;  // holds the long-term key and the kernels
};

}  // namespace axiom
