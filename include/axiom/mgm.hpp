// mgm.hpp: MGM, the Multilinear Galois Mode of RFC 9058 (authenticated encryption with
// associated data over a 128-bit block cipher), and KuznyechikMgm.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "axiom/block_cipher.hpp"
#include "axiom/kuznyechik.hpp"
#include "axiom/result.hpp"

namespace axiom {

namespace detail {
struct MgmKernel;
struct MgmKey {
  BlockCipherRef cipher;
  const MgmKernel* mul;
};
Status mgm_seal(const MgmKey& k, std::span<std::uint8_t> out, std::span<std::uint8_t> tag,
                std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                std::span<const std::uint8_t> in) noexcept;
Status mgm_open(const MgmKey& k, std::span<std::uint8_t> out, std::span<const std::uint8_t> tag,
                std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                std::span<const std::uint8_t> in) noexcept;
const MgmKernel& mgm_default() noexcept;
std::string_view mgm_name(const MgmKernel& k) noexcept;
}  // namespace detail

// Mgm<C> is MGM (RFC 9058) over the 128-bit block cipher C: use KuznyechikMgm. The nonce is
// 16 bytes whose first (most significant) bit is 0, the 127-bit ICN of the RFC: another size,
// or the top bit set, is Error::invalid_nonce_size. Tags are 4 to 16 bytes (16 by default;
// the first bytes of the full tag). Plaintext and AAD up to 2^61 - 1 bytes each. A nonce must
// never be used twice with one key. In every call out may be exactly in (in place) but must
// not overlap it otherwise (overlapping_buffers). A failed seal writes nothing; a failed open
// zeroes out and releases no plaintext. The GF(2^128) products run on the fastest
// constant-time kernel (PCLMULQDQ where the CPU has it). A const object may be used by several
// threads at once; the key schedule is wiped on destruction.
template <class C>
class Mgm {
 public:
  static constexpr std::size_t key_size = C::key_size;
  static constexpr std::size_t nonce_size = 16;
  static constexpr std::size_t tag_size = 16;
  static constexpr std::size_t min_tag_size = 4;

  explicit Mgm(std::span<const std::uint8_t, key_size> key) noexcept : Mgm(C(key)) {}
  explicit Mgm(const C& cipher) noexcept : cipher_(cipher), mul_(&detail::mgm_default()) {}
  // Mgm(cipher, mul) uses the given multiplication kernel (internal: tests and benchmarks).
  Mgm(const C& cipher, const detail::MgmKernel& mul) noexcept : cipher_(cipher), mul_(&mul) {}

  // from_key: a key of run-time size; Error::invalid_key_size unless it has key_size bytes.
  static Result<Mgm> from_key(std::span<const std::uint8_t> key) noexcept {
    if (key.size() != key_size) return Error::invalid_key_size;
    return Mgm(key.template first<key_size>());
  }

  // seal writes ciphertext || tag to out: out.size() == in.size() + tag_len (4..16).
  Status seal(std::span<std::uint8_t> out, std::span<const std::uint8_t> nonce,
              std::span<const std::uint8_t> aad, std::span<const std::uint8_t> in,
              std::size_t tag_len = tag_size) const noexcept {
    if (tag_len < min_tag_size || tag_len > tag_size) return Error::invalid_tag_size;
    if (out.size() != in.size() + tag_len) return Error::output_size_mismatch;
    return detail::mgm_seal(key(), out.first(in.size()), out.subspan(in.size()), nonce, aad, in);
  }
  // open checks and decrypts ciphertext || tag (in) into out: out.size() == in.size() - tag_len.
  // Error::authentication_failed (out zeroed) if anything was changed.
  Status open(std::span<std::uint8_t> out, std::span<const std::uint8_t> nonce,
              std::span<const std::uint8_t> aad, std::span<const std::uint8_t> in,
              std::size_t tag_len = tag_size) const noexcept {
    if (tag_len < min_tag_size || tag_len > tag_size) return Error::invalid_tag_size;
    if (in.size() < tag_len) return Error::authentication_failed;
    if (out.size() != in.size() - tag_len) return Error::output_size_mismatch;
    return detail::mgm_open(key(), out, in.subspan(in.size() - tag_len), nonce, aad, in.first(in.size() - tag_len));
  }
  // seal_detached: out.size() == in.size(); tag.size() is the tag length (4..16).
  Status seal_detached(std::span<std::uint8_t> out, std::span<std::uint8_t> tag, std::span<const std::uint8_t> nonce,
                       std::span<const std::uint8_t> aad, std::span<const std::uint8_t> in) const noexcept {
    return detail::mgm_seal(key(), out, tag, nonce, aad, in);
  }
  // open_detached: out.size() == in.size(); tag.size() 4..16.
  Status open_detached(std::span<std::uint8_t> out, std::span<const std::uint8_t> tag,
                       std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                       std::span<const std::uint8_t> in) const noexcept {
    return detail::mgm_open(key(), out, tag, nonce, aad, in);
  }

  // kernel_name / mul_kernel_name name the kernels in use ("kuznyechik/avx2", "mgm/pclmul").
  std::string_view kernel_name() const noexcept { return cipher_.kernel_name(); }
  std::string_view mul_kernel_name() const noexcept { return detail::mgm_name(*mul_); }

 private:
  detail::MgmKey key() const noexcept { return {cipher_.block_ref(), mul_}; }
  C cipher_;
  const detail::MgmKernel* mul_;
};

using KuznyechikMgm = Mgm<Kuznyechik>;

}  // namespace axiom
