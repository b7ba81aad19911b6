// gcm.hpp: GCM authenticated encryption (NIST SP 800-38D) over any 128-bit block cipher:
// AES-GCM, and SM4-GCM (RFC 8998).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "axiom/aead_stream.hpp"
#include "axiom/aes.hpp"
#include "axiom/block_cipher.hpp"
#include "axiom/result.hpp"
#include "axiom/sm4.hpp"

namespace axiom {

namespace detail {
struct GhashKernel;
// GhashKey holds the GHASH key in the layout of its kernel (powers of H, ...).
struct GhashKey {
  alignas(32) std::uint8_t bytes[256];
};
struct GcmKey {
  BlockCipherRef cipher;
  const GhashKernel* ghash;
  const GhashKey* hash_key;
};
Status gcm_seal(const GcmKey& k, std::span<std::uint8_t> out, std::span<std::uint8_t> tag,
                std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                std::span<const std::uint8_t> in) noexcept;
Status gcm_open(const GcmKey& k, std::span<std::uint8_t> out, std::span<const std::uint8_t> tag,
                std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                std::span<const std::uint8_t> in) noexcept;
// GcmState: a message in progress (Gcm<C>::Stream): the counter, E(J0), the GHASH sum, the
// fused kernel in use (or null) and whether the counter is public (12-byte nonces).
struct GcmFusedKernel;
struct GcmState {
  AeadStreamState<16> s;
  std::uint8_t ctr[16], ek[16], y[16];
  const GcmFusedKernel* fused;
  bool public_counter;
};
Status gcm_start(const GcmKey& k, GcmState& st, bool seal,
                 std::span<const std::uint8_t> nonce) noexcept;
Status gcm_aad(const GcmKey& k, GcmState& st, std::span<const std::uint8_t> aad) noexcept;
Status gcm_update(const GcmKey& k, GcmState& st, std::span<std::uint8_t> out,
                  std::span<const std::uint8_t> in) noexcept;
Status gcm_finish_seal(const GcmKey& k, GcmState& st, std::span<std::uint8_t> tag) noexcept;
Status gcm_finish_open(const GcmKey& k, GcmState& st, std::span<const std::uint8_t> tag) noexcept;
void gcm_init(const GhashKernel& g, GhashKey& key, BlockCipherRef cipher) noexcept;
const GhashKernel& ghash_default() noexcept;
std::string_view ghash_name(const GhashKernel& g) noexcept;
void wipe_state(void* p, std::size_t n) noexcept;
}  // namespace detail

// Gcm<C> is GCM over the 128-bit block cipher C: use the names AesGcm128, AesGcm192,
// AesGcm256 and Sm4Gcm. Nonces: 12 bytes is the fast path and the recommended size; any other
// non-empty length works as SP 800-38D defines (J0 = GHASH(nonce)). Tags are 12 to 16 bytes
// (16 by default). Limits (SP 800-38D): plaintext up to 2^36 - 32 bytes, AAD and nonce up to
// 2^61 - 1 bytes (Error::message_too_long). In every call out may be exactly in (in place) but
// must not overlap it otherwise (overlapping_buffers). A failed call writes nothing (seal) or
// zeroes out (open), and releases no plaintext. A const object may be used by several threads
// at once; the key material is wiped on destruction.
template <class C>
class Gcm {
 public:
  static_assert(C::block_size == 16, "defined for 128-bit block ciphers only");
  static constexpr std::size_t key_size = C::key_size;
  static constexpr std::size_t nonce_size = 12;
  static constexpr std::size_t tag_size = 16;
  static constexpr std::uint64_t max_message_size = (std::uint64_t{1} << 36) - 32;

  // Gcm(key) keys the cipher and GHASH with the fastest constant-time kernels this CPU runs.
  explicit Gcm(std::span<const std::uint8_t, key_size> key) noexcept
      : Gcm(C(key), detail::ghash_default()) {}
  // Gcm(key, kernel, ghash) uses the given kernels (internal: tests and benchmarks).
  template <class Kernel>
  Gcm(std::span<const std::uint8_t, key_size> key, const Kernel& kernel,
      const detail::GhashKernel& ghash) noexcept
      : Gcm(C(key, kernel), ghash) {}
  // Gcm(cipher, ghash) uses a keyed cipher (copied) and the given GHASH kernel.
  Gcm(const C& cipher, const detail::GhashKernel& ghash) noexcept
      : cipher_(cipher), ghash_(&ghash) {
    detail::gcm_init(ghash, hash_key_, cipher_.block_ref());
  }
  Gcm(const Gcm&) noexcept = default;
  Gcm& operator=(const Gcm&) noexcept = default;
  ~Gcm() { detail::wipe_state(&hash_key_, sizeof hash_key_); }

  // from_key: a key of run-time size; Error::invalid_key_size unless it has key_size bytes.
  static Result<Gcm> from_key(std::span<const std::uint8_t> key) noexcept {
    if (key.size() != key_size) return Error::invalid_key_size;
    return Gcm(key.template first<key_size>());
  }

  // seal writes ciphertext || tag to out: out.size() == in.size() + tag_len (tag_len 12..16).
  Status seal(std::span<std::uint8_t> out, std::span<const std::uint8_t> nonce,
              std::span<const std::uint8_t> aad, std::span<const std::uint8_t> in,
              std::size_t tag_len = tag_size) const noexcept {
    if (tag_len < 12 || tag_len > 16) return Error::invalid_tag_size;
    if (out.size() != in.size() + tag_len) return Error::output_size_mismatch;
    return detail::gcm_seal(key(), out.first(in.size()), out.subspan(in.size()), nonce, aad, in);
  }
  // open checks and decrypts ciphertext || tag (in) into out: out.size() == in.size() - tag_len.
  // Error::authentication_failed (out zeroed) if anything was changed.
  Status open(std::span<std::uint8_t> out, std::span<const std::uint8_t> nonce,
              std::span<const std::uint8_t> aad, std::span<const std::uint8_t> in,
              std::size_t tag_len = tag_size) const noexcept {
    if (tag_len < 12 || tag_len > 16) return Error::invalid_tag_size;
    if (in.size() < tag_len) return Error::authentication_failed;
    if (out.size() != in.size() - tag_len) return Error::output_size_mismatch;
    return detail::gcm_open(key(), out, in.subspan(in.size() - tag_len), nonce, aad,
                            in.first(in.size() - tag_len));
  }
  // seal_detached: out.size() == in.size(); tag.size() is the tag length (12..16).
  Status seal_detached(std::span<std::uint8_t> out, std::span<std::uint8_t> tag,
                       std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                       std::span<const std::uint8_t> in) const noexcept {
    return detail::gcm_seal(key(), out, tag, nonce, aad, in);
  }
  // open_detached: out.size() == in.size(); tag.size() 12..16.
  Status open_detached(std::span<std::uint8_t> out, std::span<const std::uint8_t> tag,
                       std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                       std::span<const std::uint8_t> in) const noexcept {
    return detail::gcm_open(key(), out, tag, nonce, aad, in);
  }
  // GMAC is seal_detached with an empty message: the tag authenticates aad alone.

  // Stream takes one message at a time in pieces, in the order OpenSSL's EVP AEAD interface
  // takes it: start_seal or start_open with the nonce, aad() any number of times, update()
  // any number of times at any split, then finish_seal (the tag) or finish_open (the check).
  // It holds a copy of the keyed Gcm, so it may outlive it and be copied mid-message (the copy
  // goes on independently). Nonce rules and limits as for seal (past them:
  // Error::message_too_long, nothing taken); an error leaves the message as it was (a bad
  // nonce: no message). Calls out of order (aad after text, update or finish before start or
  // after finish, finish_open on a sealed message) are Error::invalid_argument.
  //
  // OPENING RELEASES UNVERIFIED PLAINTEXT: update() decrypts before the tag is known to match,
  // as EVP_DecryptUpdate does. The caller must hold back (or be able to retract) everything it
  // got until finish_open succeeds, and discard it if finish_open fails. Where the message
  // fits in memory, open() is the safe call: it releases nothing unless the tag matches.
  //
  // Not thread-safe; the message state and the key copy are wiped on destruction.
  class Stream;

  // kernel_name / ghash_kernel_name name the kernels in use ("aes/aesni" or "sm4/aesni",
  // "ghash/pclmul").
  std::string_view kernel_name() const noexcept { return cipher_.kernel_name(); }
  std::string_view ghash_kernel_name() const noexcept { return detail::ghash_name(*ghash_); }

 private:
  detail::GcmKey key() const noexcept { return {cipher_.block_ref(), ghash_, &hash_key_}; }

  C cipher_;
  const detail::GhashKernel* ghash_;
  detail::GhashKey hash_key_;
};

template <class C>
class Gcm<C>::Stream {
 public:
  explicit Stream(const Gcm& aead) noexcept : aead_(aead) {}
  Stream(const Stream&) noexcept = default;
  Stream& operator=(const Stream&) noexcept = default;
  ~Stream() { detail::wipe_state(&state_, sizeof state_); }

  // start_seal / start_open begin a message (the previous one, finished or not, is dropped).
  Status start_seal(std::span<const std::uint8_t> nonce) noexcept {
    return detail::gcm_start(aead_.key(), state_, true, nonce);
  }
  Status start_open(std::span<const std::uint8_t> nonce) noexcept {
    return detail::gcm_start(aead_.key(), state_, false, nonce);
  }
  // aad: associated data, before any update.
  Status aad(std::span<const std::uint8_t> in) noexcept {
    return detail::gcm_aad(aead_.key(), state_, in);
  }
  // update: out.size() == in.size(); out may be exactly in. Sealing: ciphertext; opening:
  // UNVERIFIED plaintext (see above).
  Status update(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) noexcept {
    return detail::gcm_update(aead_.key(), state_, out, in);
  }
  // finish_seal writes the tag (12..16 bytes: the first bytes of the full tag).
  Status finish_seal(std::span<std::uint8_t> tag) noexcept {
    return detail::gcm_finish_seal(aead_.key(), state_, tag);
  }
  // finish_open compares the tag (12..16 bytes) in constant time:
  // Error::authentication_failed if the message, AAD or tag was changed.
  Status finish_open(std::span<const std::uint8_t> tag) noexcept {
    return detail::gcm_finish_open(aead_.key(), state_, tag);
  }

 private:
  Gcm aead_;
  detail::GcmState state_{};
};

// AesGcm<KeySize> is AES-GCM with a KeySize-byte key (16, 24 or 32).
template <std::size_t KeySize>
using AesGcm = Gcm<AesCipher<KeySize>>;

using AesGcm128 = AesGcm<16>;
using AesGcm192 = AesGcm<24>;
using AesGcm256 = AesGcm<32>;
// Sm4Gcm is SM4-GCM (RFC 8998).
using Sm4Gcm = Gcm<Sm4>;

}  // namespace axiom
