#include "ciphers.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <type_traits>
#include <utility>

#include "axiom/aes.hpp"
#include "axiom/bytes.hpp"
#include "axiom/ccm.hpp"
#include "axiom/chacha20.hpp"
#include "axiom/chacha20_poly1305.hpp"
#include "axiom/gcm.hpp"
#include "axiom/acpkm.hpp"
#include "axiom/kuznyechik.hpp"
#include "axiom/mgm.hpp"
#include "axiom/modes.hpp"
#include "axiom/poly1305.hpp"
#include "axiom/sm4.hpp"
#include "axiom/xts.hpp"

namespace axiom::cli {

namespace {

// StreamCrypter: a mode that turns each input byte into one output byte as it comes (CTR, CFB,
// OFB, ChaCha20), so nothing waits for finish. It holds a Result so that a mode whose set-up
// can fail reports the error on the first update.
template <class M>
class StreamCrypter final : public Crypter {
 public:
  StreamCrypter(Result<M> m, bool encrypt) : m_(std::move(m)), encrypt_(encrypt) {}
  Status update(std::span<const std::uint8_t> in, std::vector<std::uint8_t>& out) override {
    if (!m_.ok()) return m_.error();
    const std::size_t at = out.size();
    out.resize(at + in.size());
    const Status s = run(m_.value(), std::span(out).subspan(at), in);
    if (!s.ok()) out.resize(at);
    return s;
  }
  Status finish(std::vector<std::uint8_t>&) override { return Status{}; }

 private:
  Status run(M& m, std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
    if constexpr (requires { m.apply(out, in); })
      return m.apply(out, in);
    else if constexpr (requires { m.crypt(out, in); })
      return m.crypt(out, in);
    else
      return encrypt_ ? m.encrypt(out, in) : m.decrypt(out, in);
  }
  Result<M> m_;
  bool encrypt_;
};

template <class M>
std::unique_ptr<Crypter> stream(Result<M> m, bool encrypt = true) {
  return std::make_unique<StreamCrypter<M>>(std::move(m), encrypt);
}

// ChaCha20 with OpenSSL's 16-byte IV: the 32-bit little-endian block counter, then the nonce.
std::unique_ptr<Crypter> make_chacha20(std::span<const std::uint8_t> key,
                                       std::span<const std::uint8_t> iv, bool) {
  return stream<ChaCha20>(ChaCha20(key.first<32>(), iv.subspan<4, 12>(),
                                   std::uint32_t{iv[0]} | std::uint32_t{iv[1]} << 8 | std::uint32_t{iv[2]} << 16 |
                                       std::uint32_t{iv[3]} << 24));
}

// The AEADs of this family have 16-byte tags only.
template <class A>
Status aead_seal(std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv,
                 std::span<const std::uint8_t> aad, std::size_t, std::span<const std::uint8_t> in,
                 std::vector<std::uint8_t>& out) {
  out.resize(in.size() + A::tag_size);
  return A(key.first<A::key_size>()).seal(out, iv.first<A::nonce_size>(), in, aad);
}

template <class A>
Status aead_open(std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv,
                 std::span<const std::uint8_t> aad, std::size_t, std::span<const std::uint8_t> in,
                 std::vector<std::uint8_t>& out) {
  if (in.size() < A::tag_size) return Error::authentication_failed;
  out.resize(in.size() - A::tag_size);
  return A(key.first<A::key_size>()).open(out, iv.first<A::nonce_size>(), in, aad);
}

std::string_view chacha20_kernel() {
  static const std::string name(
      ChaCha20(std::array<std::uint8_t, 32>{}, std::array<std::uint8_t, 12>{}).kernel_name());
  return name;
}

std::string_view chacha20_poly1305_kernel() {
  const ChaCha20Poly1305 aead(std::array<std::uint8_t, 32>{});
  static const std::string name =
      std::string(aead.chacha20_kernel_name()) + "+" + std::string(aead.poly1305_kernel_name());
  return name;
}

enum class BlockMode { ecb, cbc };

// BlockModeCrypter: ECB or CBC over a 16-byte block cipher C, as `openssl enc`: PKCS#7
// padding unless disable_padding(). Whole blocks go through as they come; a partial block
// waits in pending_, and a padded decryption also holds back its last whole block, whose
// padding finish() checks and removes.
template <class C, BlockMode M>
class BlockModeCrypter final : public Crypter {
 public:
  BlockModeCrypter(std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv, bool encrypt)
      : mode_(make_mode(key, iv)), encrypt_(encrypt) {}
  ~BlockModeCrypter() override { secure_wipe(pending_); }
  bool disable_padding() override {
    pad_ = false;
    return true;
  }
  Status update(std::span<const std::uint8_t> in, std::vector<std::uint8_t>& out) override {
    pending_.insert(pending_.end(), in.begin(), in.end());
    std::size_t whole = pending_.size() / 16 * 16;
    if (!encrypt_ && pad_ && whole == pending_.size() && whole != 0) whole -= 16;
    const std::size_t at = out.size();
    out.resize(at + whole);
    const auto src = std::span<const std::uint8_t>(pending_).first(whole);
    const Status s = encrypt_ ? mode_.encrypt(std::span(out).subspan(at), src)
                              : mode_.decrypt(std::span(out).subspan(at), src);
    secure_wipe(pending_.data(), whole);
    pending_.erase(pending_.begin(), pending_.begin() + static_cast<std::ptrdiff_t>(whole));
    return s;
  }
  // finish: Error::invalid_argument for --nopad data that is not whole blocks,
  // Error::invalid_padding for a padded decryption that is not.
  Status finish(std::vector<std::uint8_t>& out) override {
    if (!pad_) return pending_.empty() ? Status{} : Status{Error::invalid_argument};
    std::uint8_t block[16];
    const std::size_t at = out.size();
    Status s;
    if (encrypt_) {
      Result<std::size_t> r = mode_.encrypt_padded(block, pending_);
      s = r.status();
      if (s.ok()) out.insert(out.end(), block, block + 16);
    } else if (pending_.size() != 16) {
      s = Error::invalid_padding;
    } else {
      std::size_t length = 0;
      s = mode_.decrypt_padded(block, pending_, length);
      if (s.ok()) out.insert(out.begin() + static_cast<std::ptrdiff_t>(at), block, block + length);
    }
    secure_wipe(block);
    secure_wipe(pending_);
    pending_.clear();
    return s;
  }

 private:
  using Mode = std::conditional_t<M == BlockMode::cbc, Cbc<C>, Ecb<C>>;
  static Mode make_mode(std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv) {
    if constexpr (M == BlockMode::cbc)
      return Mode(key.first<C::key_size>(), iv.first<16>());
    else
      return Mode(key.first<C::key_size>());
  }
  Mode mode_;
  bool encrypt_;
  bool pad_ = true;
  std::vector<std::uint8_t> pending_;
};

template <class C, BlockMode M>
std::unique_ptr<Crypter> make_block_mode(std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv,
                                         bool encrypt) {
  return std::make_unique<BlockModeCrypter<C, M>>(key, iv, encrypt);
}

// CTR over a 16-byte block cipher C with a 128-bit big-endian counter (the IV), as
// `openssl enc -aes-128-ctr`.
template <class C>
std::unique_ptr<Crypter> make_ctr(std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv, bool) {
  return stream<Ctr<C>>(Ctr<C>(key.first<C::key_size>(), iv.first<16>()));
}

// GCM: ciphertext || tag of tag_size bytes (12..16), as OpenSSL's EVP AES-GCM gives them.
template <class A>
Status gcm_seal(std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv,
                std::span<const std::uint8_t> aad, std::size_t tag_size, std::span<const std::uint8_t> in,
                std::vector<std::uint8_t>& out) {
  out.resize(in.size() + tag_size);
  return A(key.first<A::key_size>()).seal(out, iv, aad, in, tag_size);
}

template <class A>
Status gcm_open(std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv,
                std::span<const std::uint8_t> aad, std::size_t tag_size, std::span<const std::uint8_t> in,
                std::vector<std::uint8_t>& out) {
  if (in.size() < tag_size) return Error::authentication_failed;
  out.resize(in.size() - tag_size);
  return A(key.first<A::key_size>()).open(out, iv, aad, in, tag_size);
}

// CFB-128 and OFB over a 16-byte block cipher C with a 16-byte IV, as `openssl enc -sm4-cfb`
// / `-sm4-ofb`.
template <class C>
std::unique_ptr<Crypter> make_cfb(std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv, bool encrypt) {
  return stream<Cfb<C>>(Cfb<C>(key.first<C::key_size>(), iv.first<16>()), encrypt);
}

template <class C>
std::unique_ptr<Crypter> make_ofb(std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv, bool) {
  return stream<Ofb<C>>(Ofb<C>(key.first<C::key_size>(), iv.first<16>()));
}

// XTS over a 16-byte block cipher C: the whole input is one data unit (16 bytes to 16 MiB)
// under the IV as tweak, with ciphertext stealing (OpenSSL's EVP aes-*-xts / sm4-xts; its
// `enc` command refuses XTS). The input waits in pending_ until finish().
template <class C>
class XtsCrypter final : public Crypter {
 public:
  XtsCrypter(std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv, bool encrypt)
      : key_(key.begin(), key.end()), encrypt_(encrypt) {
    std::copy(iv.begin(), iv.begin() + 16, tweak_.begin());
  }
  ~XtsCrypter() override {
    secure_wipe(key_);
    secure_wipe(pending_);
  }
  bool use_gb_tweak() override {
    standard_ = XtsStandard::gb17964;
    return true;
  }
  Status update(std::span<const std::uint8_t> in, std::vector<std::uint8_t>&) override {
    if (in.size() > Xts<C>::max_unit_size - pending_.size()) return Error::message_too_long;
    pending_.insert(pending_.end(), in.begin(), in.end());
    return Status{};
  }
  Status finish(std::vector<std::uint8_t>& out) override {
    Result<Xts<C>> xts = Xts<C>::from_key(key_, standard_);
    if (!xts) return xts.error();
    const std::size_t at = out.size();
    out.resize(at + pending_.size());
    const auto dst = std::span(out).subspan(at);
    const Status s = encrypt_ ? xts->encrypt(dst, pending_, tweak_) : xts->decrypt(dst, pending_, tweak_);
    if (!s.ok()) out.resize(at);
    return s;
  }

 private:
  std::vector<std::uint8_t> key_;
  std::array<std::uint8_t, 16> tweak_{};
  bool encrypt_;
  XtsStandard standard_ = XtsStandard::ieee1619;
  std::vector<std::uint8_t> pending_;
};

template <class C>
std::unique_ptr<Crypter> make_xts(std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv, bool encrypt) {
  return std::make_unique<XtsCrypter<C>>(key, iv, encrypt);
}

std::string_view sm4_kernel() {
  static const std::string name(Sm4(std::array<std::uint8_t, 16>{}).kernel_name());
  return name;
}

std::string_view sm4_gcm_kernel() {
  static const std::string name = [] {
    const Sm4Gcm g(std::array<std::uint8_t, 16>{});
    return std::string(g.kernel_name()) + "+" + std::string(g.ghash_kernel_name());
  }();
  return name;
}

std::string_view aes_kernel() {
  static const std::string name(Aes128(std::array<std::uint8_t, 16>{}).kernel_name());
  return name;
}

std::string_view aes_gcm_kernel() {
  static const std::string name = [] {
    const AesGcm128 g(std::array<std::uint8_t, 16>{});
    return std::string(g.kernel_name()) + "+" + std::string(g.ghash_kernel_name());
  }();
  return name;
}

// GOST CTR (GOST R 34.13-2015, as the GOST engine's kuznyechik-ctr): the 8-byte IV is the
// top half of the first 128-bit counter block, the low half starts at 0.
template <class C>
std::unique_ptr<Crypter> make_gost_ctr(std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv, bool) {
  std::array<std::uint8_t, 16> block{};
  std::copy(iv.begin(), iv.begin() + 8, block.begin());
  return stream<Ctr<C>>(Ctr<C>(key.first<C::key_size>(), block));
}

// CTR-ACPKM with the GOST engine's section of 4096 bytes (kuznyechik-ctr-acpkm) and its 8-byte IV.
std::unique_ptr<Crypter> make_ctr_acpkm(std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv, bool) {
  return stream(KuznyechikCtrAcpkm::make(key.first<32>(), iv, 4096));
}

std::string_view kuznyechik_kernel() {
  static const std::string name(Kuznyechik(std::array<std::uint8_t, 32>{}).kernel_name());
  return name;
}

std::string_view kuznyechik_mgm_kernel() {
  static const std::string name = [] {
    const KuznyechikMgm m(std::array<std::uint8_t, 32>{});
    return std::string(m.kernel_name()) + "+" + std::string(m.mul_kernel_name());
  }();
  return name;
}

const CipherAlgorithm ciphers[] = {
    {"chacha20", 32, 16, "16 bytes: block counter (32-bit little-endian) || 12-byte nonce",
     make_chacha20, {}, 0, 0, 0, chacha20_kernel},
    {"chacha20-poly1305", 32, 12, "12-byte nonce", nullptr,
     {aead_seal<ChaCha20Poly1305>, aead_open<ChaCha20Poly1305>}, 16, 16, 16,
     chacha20_poly1305_kernel},
    {"xchacha20-poly1305", 32, 24, "24-byte nonce", nullptr,
     {aead_seal<XChaCha20Poly1305>, aead_open<XChaCha20Poly1305>}, 16, 16, 16,
     chacha20_poly1305_kernel},
    {"aes-128-ecb", 16, 0, "", make_block_mode<Aes128, BlockMode::ecb>, {}, 0, 0, 0, aes_kernel},
    {"aes-192-ecb", 24, 0, "", make_block_mode<Aes192, BlockMode::ecb>, {}, 0, 0, 0, aes_kernel},
    {"aes-256-ecb", 32, 0, "", make_block_mode<Aes256, BlockMode::ecb>, {}, 0, 0, 0, aes_kernel},
    {"aes-128-cbc", 16, 16, "16 bytes", make_block_mode<Aes128, BlockMode::cbc>, {}, 0, 0, 0, aes_kernel},
    {"aes-192-cbc", 24, 16, "16 bytes", make_block_mode<Aes192, BlockMode::cbc>, {}, 0, 0, 0, aes_kernel},
    {"aes-256-cbc", 32, 16, "16 bytes", make_block_mode<Aes256, BlockMode::cbc>, {}, 0, 0, 0, aes_kernel},
    {"aes-128-ctr", 16, 16, "16 bytes: the initial 128-bit big-endian counter", make_ctr<Aes128>, {}, 0, 0, 0,
     aes_kernel},
    {"aes-192-ctr", 24, 16, "16 bytes: the initial 128-bit big-endian counter", make_ctr<Aes192>, {}, 0, 0, 0,
     aes_kernel},
    {"aes-256-ctr", 32, 16, "16 bytes: the initial 128-bit big-endian counter", make_ctr<Aes256>, {}, 0, 0, 0,
     aes_kernel},
    {"aes-128-xts", 32, 16, "16 bytes: the tweak (data unit number)", make_xts<Aes128>, {}, 0, 0, 0, aes_kernel},
    {"aes-256-xts", 64, 16, "16 bytes: the tweak (data unit number)", make_xts<Aes256>, {}, 0, 0, 0, aes_kernel},
    {"aes-128-gcm", 16, 12, "12-byte nonce", nullptr, {gcm_seal<AesGcm128>, gcm_open<AesGcm128>}, 16, 12, 16,
     aes_gcm_kernel},
    {"aes-192-gcm", 24, 12, "12-byte nonce", nullptr, {gcm_seal<AesGcm192>, gcm_open<AesGcm192>}, 16, 12, 16,
     aes_gcm_kernel},
    {"aes-256-gcm", 32, 12, "12-byte nonce", nullptr, {gcm_seal<AesGcm256>, gcm_open<AesGcm256>}, 16, 12, 16,
     aes_gcm_kernel},
    {"sm4-ecb", 16, 0, "", make_block_mode<Sm4, BlockMode::ecb>, {}, 0, 0, 0, sm4_kernel},
    {"sm4-cbc", 16, 16, "16 bytes", make_block_mode<Sm4, BlockMode::cbc>, {}, 0, 0, 0, sm4_kernel},
    {"sm4-ctr", 16, 16, "16 bytes: the initial 128-bit big-endian counter", make_ctr<Sm4>, {}, 0, 0, 0, sm4_kernel},
    {"sm4-cfb", 16, 16, "16 bytes", make_cfb<Sm4>, {}, 0, 0, 0, sm4_kernel},
    {"sm4-ofb", 16, 16, "16 bytes", make_ofb<Sm4>, {}, 0, 0, 0, sm4_kernel},
    {"sm4-xts", 32, 16, "16 bytes: the tweak (data unit number)", make_xts<Sm4>, {}, 0, 0, 0, sm4_kernel},
    {"sm4-gcm", 16, 12, "12-byte nonce", nullptr, {gcm_seal<Sm4Gcm>, gcm_open<Sm4Gcm>}, 16, 12, 16, sm4_gcm_kernel},
    // CCM (RFC 8998): a 12-byte nonce, tags of 4, 6, ..., 16 bytes (seal/open as GCM's).
    {"sm4-ccm", 16, 12, "12-byte nonce", nullptr, {gcm_seal<Sm4Ccm>, gcm_open<Sm4Ccm>}, 16, 4, 16, sm4_kernel},
    {"kuznyechik-ecb", 32, 0, "", make_block_mode<Kuznyechik, BlockMode::ecb>, {}, 0, 0, 0, kuznyechik_kernel},
    {"kuznyechik-cbc", 32, 16, "16 bytes", make_block_mode<Kuznyechik, BlockMode::cbc>, {}, 0, 0, 0, kuznyechik_kernel},
    {"kuznyechik-ctr", 32, 8, "8 bytes: the top half of the first 128-bit counter block (GOST R 34.13-2015)",
     make_gost_ctr<Kuznyechik>, {}, 0, 0, 0, kuznyechik_kernel},
    {"kuznyechik-ctr-acpkm", 32, 8, "8 bytes (CTR-ACPKM, RFC 8645, a new key every 4096 bytes as the GOST engine)",
     make_ctr_acpkm, {}, 0, 0, 0, kuznyechik_kernel},
    {"kuznyechik-ofb", 32, 16, "16 bytes", make_ofb<Kuznyechik>, {}, 0, 0, 0, kuznyechik_kernel},
    {"kuznyechik-cfb", 32, 16, "16 bytes", make_cfb<Kuznyechik>, {}, 0, 0, 0, kuznyechik_kernel},
    {"kuznyechik-mgm", 32, 16, "16-byte nonce whose first bit is 0 (RFC 9058)", nullptr,
     {gcm_seal<KuznyechikMgm>, gcm_open<KuznyechikMgm>}, 16, 4, 16, kuznyechik_mgm_kernel},
};

}  // namespace

std::span<const CipherAlgorithm> cipher_algorithms() { return ciphers; }

const CipherAlgorithm* find_cipher(std::string_view name) {
  for (const CipherAlgorithm& c : ciphers)
    if (c.name == name) return &c;
  return nullptr;
}

}  // namespace axiom::cli
