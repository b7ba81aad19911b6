#include "ciphers.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
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
#include "gcm/gcm_kernel.hpp"
#include "io.hpp"

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
// padding unless disable_padding(). CBC takes GOST R 34.13-2015's register too (an IV of
// 16·z bytes: z chains). Whole blocks go through as they come; a partial block waits in
// pending_, and a padded decryption also holds back its last whole block, whose padding
// finish() checks and removes.
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
    if (!mode_) return mode_.error();
    pending_.insert(pending_.end(), in.begin(), in.end());
    std::size_t whole = pending_.size() / 16 * 16;
    if (!encrypt_ && pad_ && whole == pending_.size() && whole != 0) whole -= 16;
    const std::size_t at = out.size();
    out.resize(at + whole);
    const auto src = std::span<const std::uint8_t>(pending_).first(whole);
    const Status s = encrypt_ ? mode_->encrypt(std::span(out).subspan(at), src)
                              : mode_->decrypt(std::span(out).subspan(at), src);
    secure_wipe(pending_.data(), whole);
    pending_.erase(pending_.begin(), pending_.begin() + static_cast<std::ptrdiff_t>(whole));
    return s;
  }
  // finish: Error::invalid_argument for --nopad data that is not whole blocks,
  // Error::invalid_padding for a padded decryption that is not.
  Status finish(std::vector<std::uint8_t>& out) override {
    if (!mode_) return mode_.error();
    if (!pad_) return pending_.empty() ? Status{} : Status{Error::invalid_argument};
    std::uint8_t block[16];
    const std::size_t at = out.size();
    Status s;
    if (encrypt_) {
      Result<std::size_t> r = mode_->encrypt_padded(block, pending_);
      s = r.status();
      if (s.ok()) out.insert(out.end(), block, block + 16);
    } else if (pending_.size() != 16) {
      s = Error::invalid_padding;
    } else {
      std::size_t length = 0;
      s = mode_->decrypt_padded(block, pending_, length);
      if (s.ok()) out.insert(out.begin() + static_cast<std::ptrdiff_t>(at), block, block + length);
    }
    secure_wipe(block);
    secure_wipe(pending_);
    pending_.clear();
    return s;
  }

 private:
  using Mode = std::conditional_t<M == BlockMode::cbc, Cbc<C>, Ecb<C>>;
  static Result<Mode> make_mode(std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv) {
    if constexpr (M == BlockMode::cbc)
      return Mode::with_register(C(key.first<C::key_size>()), iv);
    else
      return Mode(key.first<C::key_size>());
  }
  Result<Mode> mode_;
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

// CFB with a segment of `segment` bytes (16: OpenSSL's -cfb, 1: -cfb8) and OFB over a 16-byte
// block cipher C; a 16-byte IV, or GOST R 34.13-2015's register of 16·z bytes.
template <class C, std::size_t segment>
std::unique_ptr<Crypter> make_cfb(std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv, bool encrypt) {
  return stream<Cfb<C>>(Cfb<C>::with_register(C(key.first<C::key_size>()), iv, segment), encrypt);
}

template <class C>
std::unique_ptr<Crypter> make_ofb(std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv, bool) {
  return stream<Ofb<C>>(Ofb<C>::with_register(C(key.first<C::key_size>()), iv));
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

std::string_view aes_kernel() {
  static const std::string name(Aes128(std::array<std::uint8_t, 16>{}).kernel_name());
  return name;
}

// The kernels of a GCM: the cipher's, GHASH's and, where the pair has one, the fused one
// (which runs for 12-byte nonces).
template <class C>
std::string_view gcm_kernel() {
  static const std::string name = [] {
    const C cipher(std::array<std::uint8_t, C::key_size>{});
    const detail::GhashKernel& ghash = detail::ghash_default();
    std::string text(cipher.kernel_name());
    text += '+';
    text += detail::ghash_name(ghash);
    for (const detail::GcmFusedKernel* f : detail::gcm_kernels()) {
      if (f->cipher != cipher.block_ref().ops || f->ghash != &ghash) continue;
      text += '+';
      text += f->info.name;
    }
    return text;
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

constexpr Sizes no_iv{0, 0};
constexpr Sizes block_iv{16, 16};
constexpr Sizes register_iv{16, 128, 16};  // GOST R 34.13-2015: m = 16·z bytes, z = 1..8
constexpr Sizes any_nonce{1, SIZE_MAX};    // GCM: any non-empty nonce (SP 800-38D)
constexpr std::string_view counter_text = "16 bytes: the initial 128-bit big-endian counter";
constexpr std::string_view tweak_text = "16 bytes: the tweak (data unit number)";
constexpr std::string_view register_text =
    "16 bytes, or 16*z bytes for GOST R 34.13-2015's register of z blocks (z = 1 to 8)";
constexpr std::string_view gcm_text = "a nonce of 1 byte or more (12 is the fast path and the usual size)";

// The block cipher modes of cipher C named PREFIX-MODE, as OpenSSL names them.
template <class C>
constexpr CipherAlgorithm ecb(std::string_view name, std::string_view (*kernel)()) {
  return {.name = name, .key_size = C::key_size, .iv = no_iv, .iv_text = "",
          .make = make_block_mode<C, BlockMode::ecb>, .kernel = kernel};
}
template <class C>
constexpr CipherAlgorithm mode(std::string_view name, Sizes iv, std::string_view iv_text,
                               std::unique_ptr<Crypter> (*make)(std::span<const std::uint8_t>,
                                                                std::span<const std::uint8_t>, bool),
                               std::string_view (*kernel)(), std::size_t key_size = C::key_size) {
  return {.name = name, .key_size = key_size, .iv = iv, .iv_text = iv_text, .make = make, .kernel = kernel};
}
template <class C>
constexpr CipherAlgorithm gcm(std::string_view name) {
  return {.name = name, .key_size = C::key_size, .iv = any_nonce, .iv_text = gcm_text,
          .aead = {gcm_seal<Gcm<C>>, gcm_open<Gcm<C>>}, .tag_size = 16, .tags = {12, 16},
          .kernel = gcm_kernel<C>};
}

const CipherAlgorithm ciphers[] = {
    {.name = "chacha20", .key_size = 32, .iv = {16, 16},
     .iv_text = "16 bytes: block counter (32-bit little-endian) || 12-byte nonce", .make = make_chacha20,
     .kernel = chacha20_kernel},
    {.name = "chacha20-poly1305", .key_size = 32, .iv = {12, 12}, .iv_text = "a 12-byte nonce",
     .aead = {aead_seal<ChaCha20Poly1305>, aead_open<ChaCha20Poly1305>}, .tag_size = 16, .tags = {16, 16},
     .kernel = chacha20_poly1305_kernel},
    {.name = "xchacha20-poly1305", .key_size = 32, .iv = {24, 24}, .iv_text = "a 24-byte nonce",
     .aead = {aead_seal<XChaCha20Poly1305>, aead_open<XChaCha20Poly1305>}, .tag_size = 16, .tags = {16, 16},
     .kernel = chacha20_poly1305_kernel},
    ecb<Aes128>("aes-128-ecb", aes_kernel),
    ecb<Aes192>("aes-192-ecb", aes_kernel),
    ecb<Aes256>("aes-256-ecb", aes_kernel),
    mode<Aes128>("aes-128-cbc", block_iv, "16 bytes", make_block_mode<Aes128, BlockMode::cbc>, aes_kernel),
    mode<Aes192>("aes-192-cbc", block_iv, "16 bytes", make_block_mode<Aes192, BlockMode::cbc>, aes_kernel),
    mode<Aes256>("aes-256-cbc", block_iv, "16 bytes", make_block_mode<Aes256, BlockMode::cbc>, aes_kernel),
    mode<Aes128>("aes-128-cfb", block_iv, "16 bytes", make_cfb<Aes128, 16>, aes_kernel),
    mode<Aes192>("aes-192-cfb", block_iv, "16 bytes", make_cfb<Aes192, 16>, aes_kernel),
    mode<Aes256>("aes-256-cfb", block_iv, "16 bytes", make_cfb<Aes256, 16>, aes_kernel),
    mode<Aes128>("aes-128-cfb8", block_iv, "16 bytes", make_cfb<Aes128, 1>, aes_kernel),
    mode<Aes192>("aes-192-cfb8", block_iv, "16 bytes", make_cfb<Aes192, 1>, aes_kernel),
    mode<Aes256>("aes-256-cfb8", block_iv, "16 bytes", make_cfb<Aes256, 1>, aes_kernel),
    mode<Aes128>("aes-128-ofb", block_iv, "16 bytes", make_ofb<Aes128>, aes_kernel),
    mode<Aes192>("aes-192-ofb", block_iv, "16 bytes", make_ofb<Aes192>, aes_kernel),
    mode<Aes256>("aes-256-ofb", block_iv, "16 bytes", make_ofb<Aes256>, aes_kernel),
    mode<Aes128>("aes-128-ctr", block_iv, counter_text, make_ctr<Aes128>, aes_kernel),
    mode<Aes192>("aes-192-ctr", block_iv, counter_text, make_ctr<Aes192>, aes_kernel),
    mode<Aes256>("aes-256-ctr", block_iv, counter_text, make_ctr<Aes256>, aes_kernel),
    mode<Aes128>("aes-128-xts", block_iv, tweak_text, make_xts<Aes128>, aes_kernel, 32),
    mode<Aes256>("aes-256-xts", block_iv, tweak_text, make_xts<Aes256>, aes_kernel, 64),
    gcm<Aes128>("aes-128-gcm"),
    gcm<Aes192>("aes-192-gcm"),
    gcm<Aes256>("aes-256-gcm"),
    ecb<Sm4>("sm4-ecb", sm4_kernel),
    mode<Sm4>("sm4-cbc", block_iv, "16 bytes", make_block_mode<Sm4, BlockMode::cbc>, sm4_kernel),
    mode<Sm4>("sm4-cfb", block_iv, "16 bytes", make_cfb<Sm4, 16>, sm4_kernel),
    mode<Sm4>("sm4-cfb8", block_iv, "16 bytes", make_cfb<Sm4, 1>, sm4_kernel),
    mode<Sm4>("sm4-ofb", block_iv, "16 bytes", make_ofb<Sm4>, sm4_kernel),
    mode<Sm4>("sm4-ctr", block_iv, counter_text, make_ctr<Sm4>, sm4_kernel),
    mode<Sm4>("sm4-xts", block_iv, tweak_text, make_xts<Sm4>, sm4_kernel, 32),
    gcm<Sm4>("sm4-gcm"),
    // CCM (RFC 8998 uses 12-byte nonces): L = 15 - nonce bytes hold the message length.
    {.name = "sm4-ccm", .key_size = 16, .iv = {7, 13},
     .iv_text = "a nonce of 7 to 13 bytes (12 in RFC 8998); with N bytes a message holds at most "
                "2^(8*(15 - N)) - 1 bytes",
     .aead = {gcm_seal<Sm4Ccm>, gcm_open<Sm4Ccm>}, .tag_size = 16, .tags = {4, 16, 2}, .kernel = sm4_kernel},
    ecb<Kuznyechik>("kuznyechik-ecb", kuznyechik_kernel),
    mode<Kuznyechik>("kuznyechik-cbc", register_iv, register_text, make_block_mode<Kuznyechik, BlockMode::cbc>,
                     kuznyechik_kernel),
    mode<Kuznyechik>("kuznyechik-cfb", register_iv, register_text, make_cfb<Kuznyechik, 16>, kuznyechik_kernel),
    mode<Kuznyechik>("kuznyechik-cfb8", register_iv, register_text, make_cfb<Kuznyechik, 1>, kuznyechik_kernel),
    mode<Kuznyechik>("kuznyechik-ofb", register_iv, register_text, make_ofb<Kuznyechik>, kuznyechik_kernel),
    mode<Kuznyechik>("kuznyechik-ctr", {8, 8},
                     "8 bytes: the top half of the first 128-bit counter block (GOST R 34.13-2015)",
                     make_gost_ctr<Kuznyechik>, kuznyechik_kernel),
    mode<Kuznyechik>("kuznyechik-ctr-acpkm", {8, 8},
                     "8 bytes (CTR-ACPKM, RFC 8645, a new key every 4096 bytes as the GOST engine)",
                     make_ctr_acpkm, kuznyechik_kernel),
    mode<Kuznyechik>("kuznyechik-xts", block_iv, tweak_text, make_xts<Kuznyechik>, kuznyechik_kernel, 64),
    {.name = "kuznyechik-mgm", .key_size = 32, .iv = {16, 16},
     .iv_text = "a 16-byte nonce whose first bit is 0 (RFC 9058)",
     .aead = {gcm_seal<KuznyechikMgm>, gcm_open<KuznyechikMgm>}, .tag_size = 16, .tags = {4, 16},
     .kernel = kuznyechik_mgm_kernel},
};

}  // namespace

std::span<const CipherAlgorithm> cipher_algorithms() { return ciphers; }

const CipherAlgorithm* find_cipher(std::string_view name) {
  for (const CipherAlgorithm& c : ciphers)
    if (same_name(c.name, name)) return &c;
  return nullptr;
}

}  // namespace axiom::cli
