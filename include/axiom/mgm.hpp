// mgm.hpp: MGM, the Multilinear Galois Mode of RFC 9058 (authenticated encryption with
// associated data over a 128-bit or 64-bit block cipher), KuznyechikMgm and MagmaMgm.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <type_traits>

#include "axiom/aead_stream.hpp"
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
// MgmState: a message in progress (Mgm<C>::Stream): the encryption counter Y, the
// authentication counter Z, the sum so far and the stream's buffers.
template <std::size_t N>
struct MgmState {
  AeadStreamState<N> s;
  std::uint8_t y[N], z[N], acc[N];
};
template <std::size_t N>
Status mgm_start(const BasicMgmKey<N>& k, MgmState<N>& st, bool seal,
                 std::span<const std::uint8_t> nonce) noexcept;
template <std::size_t N>
Status mgm_aad(const BasicMgmKey<N>& k, MgmState<N>& st,
               std::span<const std::uint8_t> aad) noexcept;
template <std::size_t N>
Status mgm_update(const BasicMgmKey<N>& k, MgmState<N>& st, std::span<std::uint8_t> out,
                  std::span<const std::uint8_t> in) noexcept;
template <std::size_t N>
Status mgm_finish_seal(const BasicMgmKey<N>& k, MgmState<N>& st,
                       std::span<std::uint8_t> tag) noexcept;
template <std::size_t N>
Status mgm_finish_open(const BasicMgmKey<N>& k, MgmState<N>& st,
                       std::span<const std::uint8_t> tag) noexcept;
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

  // Stream takes one message at a time in pieces, in the order OpenSSL's EVP AEAD interface
  // takes it: start_seal or start_open with the nonce, aad() any number of times, update()
  // any number of times at any split, then finish_seal (the tag) or finish_open (the check).
  // It holds a copy of the keyed Mgm, so it may outlive it and be copied mid-message (the copy
  // goes on independently). Limits and nonce rules as for seal; an error leaves the message as
  // it was (a bad nonce: no message). Calls out of order (aad after text, update or finish
  // before start or after finish, finish_open on a sealed message) are
  // Error::invalid_argument.
  //
  // OPENING RELEASES UNVERIFIED PLAINTEXT: update() decrypts before the tag is known to match,
  // as EVP_DecryptUpdate does. The caller must hold back (or be able to retract) everything it
  // got until finish_open succeeds, and discard it if finish_open fails. Where the message
  // fits in memory, open() is the safe call: it releases nothing unless the tag matches.
  //
  // Not thread-safe; the message state and the key copy are wiped on destruction.
  class Stream;

  // kernel_name / mul_kernel_name name the kernels in use ("kuznyechik/avx2", "mgm/pclmul").
  std::string_view kernel_name() const noexcept { return cipher_.kernel_name(); }
  std::string_view mul_kernel_name() const noexcept { return detail::mgm_name(*mul_); }

 private:
  detail::BasicMgmKey<block_size> key() const noexcept { return {cipher_.block_ref(), mul_}; }
  C cipher_;
  const Mul* mul_;
};

template <class C>
class Mgm<C>::Stream {
 public:
  explicit Stream(const Mgm& aead) noexcept : aead_(aead) {}
  Stream(const Stream&) noexcept = default;
  Stream& operator=(const Stream&) noexcept = default;
  ~Stream() { detail::wipe_state(&state_, sizeof state_); }

  // start_seal / start_open begin a message (the previous one, finished or not, is dropped).
  Status start_seal(std::span<const std::uint8_t> nonce) noexcept {
    return detail::mgm_start(aead_.key(), state_, true, nonce);
  }
  Status start_open(std::span<const std::uint8_t> nonce) noexcept {
    return detail::mgm_start(aead_.key(), state_, false, nonce);
  }
  // aad: associated data, before any update.
  Status aad(std::span<const std::uint8_t> in) noexcept {
    return detail::mgm_aad(aead_.key(), state_, in);
  }
  // update: out.size() == in.size(); out may be exactly in. Sealing: ciphertext; opening:
  // UNVERIFIED plaintext (see above).
  Status update(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) noexcept {
    return detail::mgm_update(aead_.key(), state_, out, in);
  }
  // finish_seal writes the tag (4..tag_size bytes: the first bytes of the full tag).
  Status finish_seal(std::span<std::uint8_t> tag) noexcept {
    return detail::mgm_finish_seal(aead_.key(), state_, tag);
  }
  // finish_open compares the tag (4..tag_size bytes) in constant time:
  // Error::authentication_failed if the message, AAD or tag was changed.
  Status finish_open(std::span<const std::uint8_t> tag) noexcept {
    return detail::mgm_finish_open(aead_.key(), state_, tag);
  }

 private:
  Mgm aead_;
  detail::MgmState<C::block_size> state_{};
};

using KuznyechikMgm = Mgm<Kuznyechik>;
using MagmaMgm = Mgm<Magma>;

}  // namespace axiom
