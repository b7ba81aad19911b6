// mgm.hpp: MGM, the Multilinear Galois Mode of RFC 9058 (authenticated encryption with
// associated data over a 128-bit or 64-bit block cipher), KuznyechikMgm and MagmaMgm.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <type_traits>

#include "axiom/block_cipher.hpp"
#include "axiom/kuznyechik.hpp"
#include "axiom/magma.hpp"
#include "axiom/result.hpp"

namespace axiom {

namespace detail {
struct MgmKernel;    // products in GF(2^128)
struct Mgm64Kernel;  // products in GF(2^64)
// MgmMul<N>: the multiplication kernel for N-byte blocks.
template <std::size_t N>
using MgmMul = std::conditional_t<N == 16, MgmKernel, Mgm64Kernel>;
template <std::size_t N>
struct BasicMgmKey {
  BlockRef<N> cipher;
  const MgmMul<N>* mul;
};
using MgmKey = BasicMgmKey<16>;
// mgm_seal / mgm_open: instantiated for N = 8 and 16 in src/mgm/mgm.cpp.
template <std::size_t N>
Status mgm_seal(const BasicMgmKey<N>& k, std::span<std::uint8_t> out, std::span<std::uint8_t> tag,
                std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                std::span<const std::uint8_t> in) noexcept;
template <std::size_t N>
Status mgm_open(const BasicMgmKey<N>& k, std::span<std::uint8_t> out,
                std::span<const std::uint8_t> tag, std::span<const std::uint8_t> nonce,
                std::span<const std::uint8_t> aad, std::span<const std::uint8_t> in) noexcept;
const MgmKernel& mgm_default() noexcept;
const Mgm64Kernel& mgm64_default() noexcept;
template <std::size_t N>
const MgmMul<N>& mgm_default_for() noexcept {
  if constexpr (N == 16)
    return mgm_default();
  else
    return mgm64_default();
}
std::string_view mgm_name(const MgmKernel& k) noexcept;
std::string_view mgm_name(const Mgm64Kernel& k) noexcept;
}  // namespace detail

// Mgm<C> is MGM (RFC 9058) over the n-bit block cipher C: use KuznyechikMgm (n = 128) or
// MagmaMgm (n = 64). The nonce is one block (16 or 8 bytes) whose first (most significant) bit
// is 0, the (n-1)-bit ICN of the RFC: another size, or the top bit set, is
// Error::invalid_nonce_size. Tags are 4 to n/8 bytes (n/8 by default; the first bytes of the
// full tag). Plaintext and AAD up to 2^61 - 1 bytes each (n = 128) or 2^29 - 1 (n = 64: the
// lengths block holds two 32-bit bit counts); longer is message_too_long. A nonce must
// never be used twice with one key. In every call out may be exactly in (in place) but must
// not overlap it otherwise (overlapping_buffers). A failed seal writes nothing; a failed open
// zeroes out and releases no plaintext. The GF(2^n) products run on the fastest
// constant-time kernel (PCLMULQDQ where the CPU has it). A const object may be used by several
// threads at once; the key schedule is wiped on destruction.
template <class C>
class Mgm {
 public:
  static constexpr std::size_t key_size = C::key_size;
  static constexpr std::size_t block_size = C::block_size;
  static constexpr std::size_t nonce_size = block_size;
  static constexpr std::size_t tag_size = block_size;
  static constexpr std::size_t min_tag_size = 4;
  using Mul = detail::MgmMul<block_size>;

  explicit Mgm(std::span<const std::uint8_t, key_size> key) noexcept : Mgm(C(key)) {}
  explicit Mgm(const C& cipher) noexcept
      : cipher_(cipher), mul_(&detail::mgm_default_for<block_size>()) {}
  // Mgm(cipher, mul) uses the given multiplication kernel (internal: tests and benchmarks).
  Mgm(const C& cipher, const Mul& mul) noexcept : cipher_(cipher), mul_(&mul) {}

  // from_key: a key of run-time size; Error::invalid_key_size unless it has key_size bytes.
  static Result<Mgm> from_key(std::span<const std::uint8_t> key) noexcept {
    if (key.size() != key_size) return Error::invalid_key_size;
    return Mgm(key.template first<key_size>());
  }

  // seal writes ciphertext || tag to out: out.size() == in.size() + tag_len (4..tag_size).
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
    return detail::mgm_open(key(), out, in.subspan(in.size() - tag_len), nonce, aad,
                            in.first(in.size() - tag_len));
  }
  // seal_detached: out.size() == in.size(); tag.size() is the tag length (4..tag_size).
  Status seal_detached(std::span<std::uint8_t> out, std::span<std::uint8_t> tag,
                       std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                       std::span<const std::uint8_t> in) const noexcept {
    return detail::mgm_seal(key(), out, tag, nonce, aad, in);
  }
  // open_detached: out.size() == in.size(); tag.size() 4..tag_size.
  Status open_detached(std::span<std::uint8_t> out, std::span<const std::uint8_t> tag,
                       std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                       std::span<const std::uint8_t> in) const noexcept {
    return detail::mgm_open(key(), out, tag, nonce, aad, in);
  }

  // kernel_name / mul_kernel_name name the kernels in use ("kuznyechik/avx2", "mgm/pclmul").
  std::string_view kernel_name() const noexcept { return cipher_.kernel_name(); }
  std::string_view mul_kernel_name() const noexcept { return detail::mgm_name(*mul_); }

 private:
  detail::BasicMgmKey<block_size> key() const noexcept { return {cipher_.block_ref(), mul_}; }
  C cipher_;
  const Mul* mul_;
};

using KuznyechikMgm = Mgm<Kuznyechik>;
using MagmaMgm = Mgm<Magma>;

}  // namespace axiom
