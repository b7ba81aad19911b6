// ccm.hpp: CCM authenticated encryption (NIST SP 800-38C, RFC 3610) over any 128-bit block
// cipher: SM4-CCM (RFC 8998), and Ccm<Aes128> etc. the same way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "axiom/block_cipher.hpp"
#include "axiom/result.hpp"
#include "axiom/sm4.hpp"

namespace axiom {

namespace detail {
Status ccm_seal(BlockCipherRef c, std::span<std::uint8_t> out, std::span<std::uint8_t> tag,
                std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                std::span<const std::uint8_t> in) noexcept;
Status ccm_open(BlockCipherRef c, std::span<std::uint8_t> out, std::span<const std::uint8_t> tag,
                std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                std::span<const std::uint8_t> in) noexcept;
}  // namespace detail

// Ccm<C> is CCM over the 128-bit block cipher C (Sm4Ccm = Ccm<Sm4>). Nonces are 7 to 13
// bytes (invalid_nonce_size otherwise; 12 is RFC 8998's), which leaves L = 15 - nonce bytes
// for the message length: up to 2^(8L) - 1 bytes (message_too_long). Tags are 4, 6, ..., 16
// bytes (invalid_tag_size otherwise; 16 by default). In every call out may be exactly in (in
// place) but must not overlap it otherwise (overlapping_buffers). A failed seal writes nothing;
// a failed open zeroes out and releases no plaintext (the tag is compared in constant time and
// the plaintext kept or cleared by a mask). A const object may be used by several threads at
// once; the key schedule is wiped on destruction.
template <class C>
class Ccm {
 public:
  static_assert(C::block_size == 16, "defined for 128-bit block ciphers only");
  static constexpr std::size_t key_size = C::key_size;
  static constexpr std::size_t nonce_size = 12;
  static constexpr std::size_t tag_size = 16;

  // Ccm(key) keys the cipher with the fastest constant-time kernel this CPU runs.
  explicit Ccm(std::span<const std::uint8_t, key_size> key) noexcept : cipher_(key) {}
  // Ccm(key, kernel) uses the given kernel (internal: tests and benchmarks).
  template <class Kernel>
  Ccm(std::span<const std::uint8_t, key_size> key, const Kernel& kernel) noexcept
      : cipher_(key, kernel) {}
  // Ccm(cipher) uses a keyed cipher (copied).
  explicit Ccm(const C& cipher) noexcept : cipher_(cipher) {}

  // from_key: a key of run-time size; Error::invalid_key_size unless it has key_size bytes.
  static Result<Ccm> from_key(std::span<const std::uint8_t> key) noexcept {
    if (key.size() != key_size) return Error::invalid_key_size;
    return Ccm(key.template first<key_size>());
  }

  // seal writes ciphertext || tag to out: out.size() == in.size() + tag_len.
  Status seal(std::span<std::uint8_t> out, std::span<const std::uint8_t> nonce,
              std::span<const std::uint8_t> aad, std::span<const std::uint8_t> in,
              std::size_t tag_len = tag_size) const noexcept {
    if (out.size() != in.size() + tag_len) return Error::output_size_mismatch;
    return detail::ccm_seal(cipher_.block_ref(), out.first(in.size()), out.subspan(in.size()),
                            nonce, aad, in);
  }
  // open checks and decrypts ciphertext || tag (in) into out: out.size() == in.size() - tag_len.
  // Error::authentication_failed (out zeroed) if anything was changed.
  Status open(std::span<std::uint8_t> out, std::span<const std::uint8_t> nonce,
              std::span<const std::uint8_t> aad, std::span<const std::uint8_t> in,
              std::size_t tag_len = tag_size) const noexcept {
    if (in.size() < tag_len) return Error::authentication_failed;
    if (out.size() != in.size() - tag_len) return Error::output_size_mismatch;
    return detail::ccm_open(cipher_.block_ref(), out, in.subspan(in.size() - tag_len), nonce, aad,
                            in.first(in.size() - tag_len));
  }
  // seal_detached: out.size() == in.size(); tag.size() is the tag length.
  Status seal_detached(std::span<std::uint8_t> out, std::span<std::uint8_t> tag,
                       std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                       std::span<const std::uint8_t> in) const noexcept {
    return detail::ccm_seal(cipher_.block_ref(), out, tag, nonce, aad, in);
  }
  // open_detached: out.size() == in.size(); tag.size() is the tag length.
  Status open_detached(std::span<std::uint8_t> out, std::span<const std::uint8_t> tag,
                       std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                       std::span<const std::uint8_t> in) const noexcept {
    return detail::ccm_open(cipher_.block_ref(), out, tag, nonce, aad, in);
  }

  // kernel_name names the cipher kernel in use ("sm4/aesni").
  std::string_view kernel_name() const noexcept { return cipher_.kernel_name(); }

 private:
  C cipher_;
};

// Sm4Ccm is SM4-CCM (RFC 8998).
using Sm4Ccm = Ccm<Sm4>;

}  // namespace axiom
