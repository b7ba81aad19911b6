// ChaCha20-Poly1305 (RFC 8439 section 2.8) and XChaCha20-Poly1305, written once over the
// ChaCha20 and Poly1305 kernels.
#include "axiom/chacha20_poly1305.hpp"

#include <bit>
#include <cstring>

#include "axiom/bytes.hpp"
#include "axiom/chacha20.hpp"
#include "axiom/poly1305.hpp"
#include "chacha20/chacha20_kernel.hpp"
#include "core/verdict.hpp"
#include "core/wipe.hpp"
#include "poly1305/poly1305_kernel.hpp"

namespace axiom {

namespace {

using Bytes = std::span<const std::uint8_t>;

// The data go through in pieces that stay in the L1 cache between the cipher and the MAC (a
// piece in and out: 16 KiB, half of a 32 KiB L1). Fewer pieces, fewer of the vector MAC's fixed
// costs per call: chacha20/avx512 + poly1305/avx512_ifma seal 16 KiB in 0.37 TSC cycles/byte
// with 8 KiB pieces, 0.39-0.40 with 4 KiB.
constexpr std::size_t piece_size = 8192;

// Messages up to seven blocks go through the short path (block 0 and theirs in one batch).
constexpr std::size_t short_max = 7 * 64;

// Whether two byte ranges share a byte.
bool overlap(const void* a, std::size_t na, const void* b, std::size_t nb) noexcept {
  const auto x = reinterpret_cast<std::uintptr_t>(a), y = reinterpret_cast<std::uintptr_t>(b);
  return na != 0 && nb != 0 && x < y + nb && y < x + na;
}

// The output may be the input exactly; any other shared byte with an input is an error.
bool bad_overlap(std::span<const std::uint8_t> out, Bytes in, Bytes aad, Bytes tag) noexcept {
  return (out.data() != in.data() && overlap(out.data(), out.size(), in.data(), in.size())) ||
         overlap(out.data(), out.size(), aad.data(), aad.size()) ||
         overlap(out.data(), out.size(), tag.data(), tag.size());
}

void pad16(Poly1305& mac, std::size_t n) noexcept {
  static constexpr std::uint8_t zeros[16] = {};
  if (n % 16 != 0) mac.update(Bytes(zeros, 16 - n % 16));
}

void store_le64(std::uint8_t* p, std::uint64_t v) noexcept {
  if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap64(v);
  std::memcpy(p, &v, 8);
}

void finish_lengths(Poly1305& mac, std::size_t aad_size, std::size_t text_size) noexcept {
  pad16(mac, text_size);
  std::uint8_t lengths[16];
  store_le64(lengths, aad_size);
  store_le64(lengths + 8, text_size);
  mac.update(lengths);
}

}  // namespace

// AeadAccess reaches into the cipher and the MAC for the fused pass.
struct detail::AeadAccess {
  // start_and_crypt encrypts (sealing) or decrypts in into out and returns the MAC (one-time key
  // from block 0) having absorbed the padded AAD and the ciphertext.
  static Poly1305 start_and_crypt(ChaCha20& cipher, const Poly1305Kernel& poly,
                                  std::span<std::uint8_t> out, Bytes in, Bytes aad,
                                  bool sealing) noexcept {
    // A short message takes its keystream and the key's block 0 from one kernel call (the AVX2
    // kernel computes two blocks in the time of one, up to eight in one batch).
    const bool short_message = in.size() <= short_max;
    const std::size_t nblocks = short_message ? 1 + (in.size() + 63) / 64 : 1;
    std::uint8_t ks[64 + short_max];
    std::memset(ks, 0, 64 * nblocks);
    (void)cipher.crypt(std::span(ks, 64 * nblocks), Bytes(ks, 64 * nblocks));  // cannot fail
    Poly1305 mac(std::span<const std::uint8_t, 32>(ks, 32), poly);
    mac.update(aad);
    pad16(mac, aad.size());
    if (short_message) {
      // Opening, the ciphertext is absorbed before in place decryption overwrites it.
      if (!sealing) mac.update(in);
      for (std::size_t i = 0; i < in.size(); ++i)
        out[i] = static_cast<std::uint8_t>(in[i] ^ ks[64 + i]);
      if (sealing) mac.update(out);
    } else {
      crypt_and_mac(cipher, mac, out, in, sealing);
    }
    detail::wipe(ks);
    return mac;
  }

  // crypt_and_mac encrypts (sealing) or decrypts in into out with cipher and absorbs the
  // ciphertext into mac: in one pass where the ChaCha20 kernel has a fused form and the MAC is
  // the scalar kernel whose arithmetic it embeds, in pieces otherwise (and for the rest).
  static void crypt_and_mac(ChaCha20& cipher, Poly1305& mac, std::span<std::uint8_t> out, Bytes in,
                            bool sealing) noexcept {
    std::size_t done = 0;
    const auto fused = cipher.kernel_->xor_blocks_mac;
    const std::size_t nblocks = in.size() / 512 * 8;  // the caller checked the length
    if (nblocks != 0 && fused != nullptr && mac.kernel_ == &poly1305_portable &&
        cipher.buffered_ == 0 && mac.buffered_ == 0) {
      fused(cipher.input_, out.data(), in.data(), nblocks, mac.state_, sealing);
      cipher.input_[12] += static_cast<std::uint32_t>(nblocks);
      cipher.blocks_left_ -= nblocks;
      done = 64 * nblocks;
    }
    for (; done < in.size(); done += piece_size) {
      const std::size_t n = in.size() - done < piece_size ? in.size() - done : piece_size;
      // Opening, each piece is absorbed before it is decrypted (in place overwrites it).
      if (!sealing) mac.update(in.subspan(done, n));
      (void)cipher.crypt(out.subspan(done, n),
                         in.subspan(done, n));  // length checked by the caller
      if (sealing) mac.update(out.subspan(done, n));
    }
  }
};

// The default kernels: with a fused ChaCha20 kernel, the scalar Poly1305 it embeds (measured
// 16 KiB seal 1.19 -> 0.9 TSC cycles/byte against ChaCha20 avx2 then Poly1305 avx2).
const detail::Poly1305Kernel& detail::aead_poly1305(const ChaCha20Kernel& chacha) noexcept {
  return chacha.xor_blocks_mac != nullptr ? poly1305_portable : poly1305_default();
}

ChaCha20Poly1305::ChaCha20Poly1305(std::span<const std::uint8_t, key_size> key) noexcept
    : ChaCha20Poly1305(key, detail::chacha20_default(),
                       detail::aead_poly1305(detail::chacha20_default())) {}

ChaCha20Poly1305::ChaCha20Poly1305(std::span<const std::uint8_t, key_size> key,
                                   const detail::ChaCha20Kernel& chacha,
                                   const detail::Poly1305Kernel& poly) noexcept
    : chacha_(&chacha), poly_(&poly) {
  std::memcpy(key_, key.data(), key_size);
}

ChaCha20Poly1305::~ChaCha20Poly1305() { detail::wipe(key_); }

std::string_view ChaCha20Poly1305::chacha20_kernel_name() const noexcept {
  return chacha_->info.name;
}
std::string_view ChaCha20Poly1305::poly1305_kernel_name() const noexcept {
  return poly_->info.name;
}

Status ChaCha20Poly1305::seal_detached(std::span<std::uint8_t> out,
                                       std::span<std::uint8_t, tag_size> tag,
                                       std::span<const std::uint8_t, nonce_size> nonce,
                                       Bytes plaintext, Bytes aad) const noexcept {
  if (bad_overlap(out, plaintext, aad, {}) ||
      overlap(tag.data(), tag_size, out.data(), out.size()) ||
      overlap(tag.data(), tag_size, plaintext.data(), plaintext.size()) ||
      overlap(tag.data(), tag_size, aad.data(), aad.size()))
    return Error::overlapping_buffers;
  Status s;
  if (out.size() != plaintext.size())
    s = Error::output_size_mismatch;
  else if (plaintext.size() > max_message_size)
    s = Error::message_too_long;
  if (!s.ok()) {
    secure_wipe(out);
    secure_wipe(tag);
    return s;
  }
  ChaCha20 cipher(std::span<const std::uint8_t, key_size>(key_, key_size), nonce, 0, *chacha_);
  Poly1305 mac = detail::AeadAccess::start_and_crypt(cipher, *poly_, out, plaintext, aad, true);
  finish_lengths(mac, aad.size(), plaintext.size());
  mac.finish(tag);
  return Status{};
}

Status ChaCha20Poly1305::seal(std::span<std::uint8_t> out,
                              std::span<const std::uint8_t, nonce_size> nonce, Bytes plaintext,
                              Bytes aad) const noexcept {
  if (bad_overlap(out, plaintext, aad, {})) return Error::overlapping_buffers;
  if (out.size() != plaintext.size() + tag_size) {
    secure_wipe(out);
    return Error::output_size_mismatch;
  }
  // The tag goes after the ciphertext; in place, plaintext ends where the tag begins.
  std::uint8_t tag[tag_size];
  const Status s = seal_detached(out.first(plaintext.size()), tag, nonce, plaintext, aad);
  std::memcpy(out.data() + plaintext.size(), tag, tag_size);
  secure_wipe(tag, tag_size);
  if (!s.ok()) secure_wipe(out);
  return s;
}

Status ChaCha20Poly1305::open_detached(std::span<std::uint8_t> out,
                                       std::span<const std::uint8_t, nonce_size> nonce,
                                       Bytes ciphertext,
                                       std::span<const std::uint8_t, tag_size> tag,
                                       Bytes aad) const noexcept {
  if (bad_overlap(out, ciphertext, aad, tag)) return Error::overlapping_buffers;
  Status s;
  if (out.size() != ciphertext.size())
    s = Error::output_size_mismatch;
  else if (ciphertext.size() > max_message_size)
    s = Error::message_too_long;
  if (!s.ok()) {
    secure_wipe(out);
    return s;
  }
  ChaCha20 cipher(std::span<const std::uint8_t, key_size>(key_, key_size), nonce, 0, *chacha_);
  Poly1305 mac = detail::AeadAccess::start_and_crypt(cipher, *poly_, out, ciphertext, aad, false);
  // The plaintext is wiped below if the tag turns out wrong.
  finish_lengths(mac, aad.size(), ciphertext.size());
  std::uint8_t expected[tag_size];
  mac.finish(expected);
  const bool same = ct_equal(expected, tag);
  detail::wipe(expected);
  return detail::release_if_authentic(out, same);
}

Status ChaCha20Poly1305::open(std::span<std::uint8_t> out,
                              std::span<const std::uint8_t, nonce_size> nonce, Bytes sealed,
                              Bytes aad) const noexcept {
  if (bad_overlap(out, sealed, aad, {})) return Error::overlapping_buffers;
  if (sealed.size() < tag_size) {
    secure_wipe(out);
    return Error::authentication_failed;
  }
  const std::size_t n = sealed.size() - tag_size;
  if (out.size() != n) {
    secure_wipe(out);
    return Error::output_size_mismatch;
  }
  std::uint8_t tag[tag_size];
  std::memcpy(tag, sealed.data() + n, tag_size);
  const Status s = open_detached(out, nonce, sealed.first(n), tag, aad);
  secure_wipe(tag, tag_size);
  return s;
}

namespace {
// The per-message ChaCha20-Poly1305 of XChaCha20-Poly1305: subkey and 12-byte nonce.
struct XKeys {
  std::uint8_t subkey[32];
  std::uint8_t nonce[12];
  XKeys(const std::uint8_t* key, std::span<const std::uint8_t, 24> nonce24) noexcept {
    hchacha20(subkey, std::span<const std::uint8_t, 32>(key, 32), nonce24.first<16>());
    std::memset(nonce, 0, 4);
    std::memcpy(nonce + 4, nonce24.data() + 16, 8);
  }
  ~XKeys() { detail::wipe(subkey); }
  XKeys(const XKeys&) = delete;
  XKeys& operator=(const XKeys&) = delete;
};
}  // namespace

XChaCha20Poly1305::XChaCha20Poly1305(std::span<const std::uint8_t, key_size> key) noexcept
    : inner_(key) {}

XChaCha20Poly1305::XChaCha20Poly1305(std::span<const std::uint8_t, key_size> key,
                                     const detail::ChaCha20Kernel& chacha,
                                     const detail::Poly1305Kernel& poly) noexcept
    : inner_(key, chacha, poly) {}

Status XChaCha20Poly1305::seal(std::span<std::uint8_t> out,
                               std::span<const std::uint8_t, nonce_size> nonce, Bytes plaintext,
                               Bytes aad) const noexcept {
  const XKeys k(inner_.key_, nonce);
  return ChaCha20Poly1305(k.subkey, *inner_.chacha_, *inner_.poly_)
      .seal(out, k.nonce, plaintext, aad);
}

Status XChaCha20Poly1305::open(std::span<std::uint8_t> out,
                               std::span<const std::uint8_t, nonce_size> nonce, Bytes sealed,
                               Bytes aad) const noexcept {
  const XKeys k(inner_.key_, nonce);
  return ChaCha20Poly1305(k.subkey, *inner_.chacha_, *inner_.poly_).open(out, k.nonce, sealed, aad);
}

Status XChaCha20Poly1305::seal_detached(std::span<std::uint8_t> out,
                                        std::span<std::uint8_t, tag_size> tag,
                                        std::span<const std::uint8_t, nonce_size> nonce,
                                        Bytes plaintext, Bytes aad) const noexcept {
  const XKeys k(inner_.key_, nonce);
  return ChaCha20Poly1305(k.subkey, *inner_.chacha_, *inner_.poly_)
      .seal_detached(out, tag, k.nonce, plaintext, aad);
}

Status XChaCha20Poly1305::open_detached(std::span<std::uint8_t> out,
                                        std::span<const std::uint8_t, nonce_size> nonce,
                                        Bytes ciphertext,
                                        std::span<const std::uint8_t, tag_size> tag,
                                        Bytes aad) const noexcept {
  const XKeys k(inner_.key_, nonce);
  return ChaCha20Poly1305(k.subkey, *inner_.chacha_, *inner_.poly_)
      .open_detached(out, k.nonce, ciphertext, tag, aad);
}

}  // namespace axiom
