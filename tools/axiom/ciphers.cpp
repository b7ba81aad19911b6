#include "ciphers.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <deque>
#include <string>
#include <type_traits>
#include <utility>

#include "axiom/axiom.hpp"
#include "core/block_ciphers.hpp"
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
                                   std::uint32_t{iv[0]} | std::uint32_t{iv[1]} << 8 |
                                       std::uint32_t{iv[2]} << 16 | std::uint32_t{iv[3]} << 24));
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

// BlockModeCrypter: ECB or CBC over a block cipher C of B-byte blocks, as `openssl enc`:
// PKCS#7 padding unless disable_padding(). CBC takes GOST R 34.13-2015's register too (an IV
// of B·z bytes: z chains). Whole blocks go through as they come; a partial block waits in
// pending_, and a padded decryption also holds back its last whole block, whose padding
// finish() checks and removes.
template <class C, BlockMode M>
class BlockModeCrypter final : public Crypter {
 public:
  BlockModeCrypter(std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv,
                   bool encrypt)
      : mode_(make_mode(key, iv)), encrypt_(encrypt) {}
  ~BlockModeCrypter() override { secure_wipe(pending_); }
  bool disable_padding() override {
    pad_ = false;
    return true;
  }
  Status update(std::span<const std::uint8_t> in, std::vector<std::uint8_t>& out) override {
    if (!mode_) return mode_.error();
    pending_.insert(pending_.end(), in.begin(), in.end());
    std::size_t whole = pending_.size() / B * B;
    if (!encrypt_ && pad_ && whole == pending_.size() && whole != 0) whole -= B;
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
    std::uint8_t block[B];
    const std::size_t at = out.size();
    Status s;
    if (encrypt_) {
      Result<std::size_t> r = mode_->encrypt_padded(block, pending_);
      s = r.status();
      if (s.ok()) out.insert(out.end(), block, block + B);
    } else if (pending_.size() != B) {
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
  static constexpr std::size_t B = C::block_size;
  using Mode = std::conditional_t<M == BlockMode::cbc, Cbc<C>, Ecb<C>>;
  static Result<Mode> make_mode(std::span<const std::uint8_t> key,
                                std::span<const std::uint8_t> iv) {
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
std::unique_ptr<Crypter> make_block_mode(std::span<const std::uint8_t> key,
                                         std::span<const std::uint8_t> iv, bool encrypt) {
  return std::make_unique<BlockModeCrypter<C, M>>(key, iv, encrypt);
}

// CTR over a block cipher C with a big-endian counter of one block (the IV), as
// `openssl enc -aes-128-ctr`.
template <class C>
std::unique_ptr<Crypter> make_ctr(std::span<const std::uint8_t> key,
                                  std::span<const std::uint8_t> iv, bool) {
  return stream<Ctr<C>>(Ctr<C>(key.first<C::key_size>(), iv.first<C::block_size>()));
}

// GCM: ciphertext || tag of tag_size bytes (12..16), as OpenSSL's EVP AES-GCM gives them.
template <class A>
Status gcm_seal(std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv,
                std::span<const std::uint8_t> aad, std::size_t tag_size,
                std::span<const std::uint8_t> in, std::vector<std::uint8_t>& out) {
  out.resize(in.size() + tag_size);
  return A(key.first<A::key_size>()).seal(out, iv, aad, in, tag_size);
}

template <class A>
Status gcm_open(std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv,
                std::span<const std::uint8_t> aad, std::size_t tag_size,
                std::span<const std::uint8_t> in, std::vector<std::uint8_t>& out) {
  if (in.size() < tag_size) return Error::authentication_failed;
  out.resize(in.size() - tag_size);
  return A(key.first<A::key_size>()).open(out, iv, aad, in, tag_size);
}

// CFB with a segment of `segment` bytes (a block: OpenSSL's -cfb, 1: -cfb8) and OFB over a
// block cipher C; an IV of one block, or GOST R 34.13-2015's register of z blocks.
template <class C, std::size_t segment>
std::unique_ptr<Crypter> make_cfb(std::span<const std::uint8_t> key,
                                  std::span<const std::uint8_t> iv, bool encrypt) {
  return stream<Cfb<C>>(Cfb<C>::with_register(C(key.first<C::key_size>()), iv, segment), encrypt);
}

template <class C>
std::unique_ptr<Crypter> make_ofb(std::span<const std::uint8_t> key,
                                  std::span<const std::uint8_t> iv, bool) {
  return stream<Ofb<C>>(Ofb<C>::with_register(C(key.first<C::key_size>()), iv));
}

// XTS over a block cipher C of 16-byte blocks: the whole input is one data unit (16 bytes to 16
// MiB) under the IV as tweak, with ciphertext stealing (OpenSSL's EVP aes-*-xts / sm4-xts; its
// `enc` command refuses XTS). The input waits in pending_ until finish().
template <class C>
class XtsCrypter final : public Crypter {
 public:
  XtsCrypter(std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv, bool encrypt)
      : key_(key.begin(), key.end()), encrypt_(encrypt) {
    std::copy(iv.begin(), iv.begin() + C::block_size, tweak_.begin());
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
    const Status s =
        encrypt_ ? xts->encrypt(dst, pending_, tweak_) : xts->decrypt(dst, pending_, tweak_);
    if (!s.ok()) out.resize(at);
    return s;
  }

 private:
  std::vector<std::uint8_t> key_;
  std::array<std::uint8_t, C::block_size> tweak_{};
  bool encrypt_;
  XtsStandard standard_ = XtsStandard::ieee1619;
  std::vector<std::uint8_t> pending_;
};

template <class C>
std::unique_ptr<Crypter> make_xts(std::span<const std::uint8_t> key,
                                  std::span<const std::uint8_t> iv, bool encrypt) {
  return std::make_unique<XtsCrypter<C>>(key, iv, encrypt);
}

// The kernel of cipher C on this CPU.
template <class C>
std::string_view cipher_kernel() {
  static const std::string name(C(std::array<std::uint8_t, C::key_size>{}).kernel_name());
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

// GOST CTR (GOST R 34.13-2015, as the GOST engine's kuznyechik-ctr and magma-ctr): the IV of
// half a block is the top half of the first counter block, the low half starts at 0.
template <class C>
std::unique_ptr<Crypter> make_gost_ctr(std::span<const std::uint8_t> key,
                                       std::span<const std::uint8_t> iv, bool) {
  std::array<std::uint8_t, C::block_size> block{};
  std::copy(iv.begin(), iv.begin() + C::block_size / 2, block.begin());
  return stream<Ctr<C>>(Ctr<C>(key.first<C::key_size>(), block));
}

// The GOST engine's CTR-ACPKM section (<cipher>-ctr-acpkm): 4096 bytes for 16-byte blocks
// (Kuznyechik), 1024 for 8-byte blocks (Magma).
constexpr std::size_t acpkm_section(std::size_t block_size) {
  return block_size == 16 ? 4096 : 1024;
}

// CTR-ACPKM with the GOST engine's section and its IV of half a block.
template <class C>
std::unique_ptr<Crypter> make_ctr_acpkm(std::span<const std::uint8_t> key,
                                        std::span<const std::uint8_t> iv, bool) {
  return stream(CtrAcpkm<C>::make(key.first<C::key_size>(), iv, acpkm_section(C::block_size)));
}

// The kernels of MGM over C: the cipher's and the multiplication's.
template <class C>
std::string_view mgm_kernel() {
  static const std::string name = [] {
    const Mgm<C> m(std::array<std::uint8_t, C::key_size>{});
    return std::string(m.kernel_name()) + "+" + std::string(m.mul_kernel_name());
  }();
  return name;
}

constexpr Sizes any_nonce{1, SIZE_MAX};  // GCM: any non-empty nonce (SP 800-38D)
constexpr std::string_view tweak_text = "16 bytes: the tweak (data unit number)";
constexpr std::string_view gcm_text =
    "a nonce of 1 byte or more (12 is the fast path and the usual size)";
constexpr std::string_view ccm_text =
    "a nonce of 7 to 13 bytes (12 in RFC 8998); with N bytes a message holds at most 2^(8*(15 - "
    "N)) - 1 bytes";

// Rows: the table under construction; its names and IV texts are kept in `texts`, which never
// moves them.
struct Rows {
  std::vector<CipherAlgorithm> list;
  std::deque<std::string> texts;
  std::string_view keep(std::string s) { return texts.emplace_back(std::move(s)); }
};

// The modes of the block ciphers of one row of core/block_ciphers.h, mode by mode (each for
// every key size), named <cipher>-<mode> as OpenSSL and the GOST engine name them. What a
// cipher offers follows from its row: ECB, CBC, CFB, CFB8, OFB and CTR for all; CTR-ACPKM
// and MGM for GOST ciphers, whose CBC, CFB and OFB also take GOST R 34.13-2015's register of
// up to 8 blocks and whose CTR starts from half a block; XTS for 16-byte blocks under 128- or
// 256-bit keys (IEEE 1619); GCM and CCM for the other ciphers of 16-byte blocks.
template <class Row>
void add_family(Rows& rows) {
  constexpr std::size_t B = Row::block_size;
  constexpr bool gost = Row::standard == detail::CipherStandard::gost;
  const std::string b = std::to_string(B), half = std::to_string(B / 2),
                    bits = std::to_string(8 * B);
  const Sizes block_iv{B, B}, register_iv{B, 8 * B, B}, chain_iv = gost ? register_iv : block_iv;
  const std::string_view chain_text =
      rows.keep(gost ? b + " bytes, or " + b +
                           "*z bytes for GOST R 34.13-2015's register of z blocks (z = 1 to 8)"
                     : b + " bytes");
  const std::string_view counter_text =
      rows.keep(gost ? half + " bytes: the top half of the first " + bits +
                           "-bit counter block (GOST R 34.13-2015)"
                     : b + " bytes: the initial " + bits + "-bit big-endian counter");
  const std::string_view acpkm_text =
      rows.keep(half + " bytes (CTR-ACPKM, RFC 8645, a new key every " +
                std::to_string(acpkm_section(B)) + " bytes as the GOST engine)");
  const std::string_view mgm_text = rows.keep(std::string(B == 8 ? "an " : "a ").append(b) +
                                              "-byte nonce whose first bit is 0 (RFC 9058)");
  const auto each = [&](std::string_view mode, auto add) {
    detail::for_each_type<typename Row::ciphers>([&]<class C>() {
      CipherAlgorithm a{.name = rows.keep(detail::cipher_name<C>() + "-" + std::string(mode)),
                        .key_size = C::key_size,
                        .iv = chain_iv,
                        .iv_text = chain_text,
                        .kernel = cipher_kernel<C>};
      if (add.template operator()<C>(a)) rows.list.push_back(a);
    });
  };
  each("ecb", []<class C>(CipherAlgorithm& a) {
    a.iv = {0, 0}, a.iv_text = "", a.make = make_block_mode<C, BlockMode::ecb>;
    return true;
  });
  each("cbc", []<class C>(CipherAlgorithm& a) {
    return a.make = make_block_mode<C, BlockMode::cbc>, true;
  });
  each("cfb",
       []<class C>(CipherAlgorithm& a) { return a.make = make_cfb<C, C::block_size>, true; });
  each("cfb8", []<class C>(CipherAlgorithm& a) { return a.make = make_cfb<C, 1>, true; });
  each("ofb", []<class C>(CipherAlgorithm& a) { return a.make = make_ofb<C>, true; });
  each("ctr", [&]<class C>(CipherAlgorithm& a) {
    a.iv = gost ? Sizes{B / 2, B / 2} : block_iv, a.iv_text = counter_text;
    a.make = gost ? make_gost_ctr<C> : make_ctr<C>;
    return true;
  });
  if constexpr (gost)
    each("ctr-acpkm", [&]<class C>(CipherAlgorithm& a) {
      a.iv = {B / 2, B / 2}, a.iv_text = acpkm_text, a.make = make_ctr_acpkm<C>;
      return true;
    });
  if constexpr (B == 16)
    each("xts", []<class C>(CipherAlgorithm& a) {
      if constexpr (C::key_size == 16 || C::key_size == 32) {
        a.key_size = 2 * C::key_size, a.iv = {16, 16}, a.iv_text = tweak_text, a.make = make_xts<C>;
        return true;
      }
      return false;
    });
  if constexpr (B == 16 && !gost) {
    each("gcm", []<class C>(CipherAlgorithm& a) {
      a.iv = any_nonce, a.iv_text = gcm_text, a.aead = {gcm_seal<Gcm<C>>, gcm_open<Gcm<C>>};
      a.tag_size = 16, a.tags = {12, 16}, a.kernel = gcm_kernel<C>;
      return true;
    });
    // CCM (RFC 8998 uses 12-byte nonces): L = 15 - nonce bytes hold the message length.
    each("ccm", []<class C>(CipherAlgorithm& a) {
      a.iv = {7, 13}, a.iv_text = ccm_text, a.aead = {gcm_seal<Ccm<C>>, gcm_open<Ccm<C>>};
      a.tag_size = 16, a.tags = {4, 16, 2};
      return true;
    });
  }
  if constexpr (gost)
    each("mgm", [&]<class C>(CipherAlgorithm& a) {
      a.iv = block_iv, a.iv_text = mgm_text, a.aead = {gcm_seal<Mgm<C>>, gcm_open<Mgm<C>>};
      a.tag_size = B, a.tags = {4, B}, a.kernel = mgm_kernel<C>;
      return true;
    });
}

const Rows& ciphers() {
  static const Rows rows = [] {
    Rows r;
    r.list = {
        {.name = "chacha20",
         .key_size = 32,
         .iv = {16, 16},
         .iv_text = "16 bytes: block counter (32-bit little-endian) || 12-byte nonce",
         .make = make_chacha20,
         .kernel = chacha20_kernel},
        {.name = "chacha20-poly1305",
         .key_size = 32,
         .iv = {12, 12},
         .iv_text = "a 12-byte nonce",
         .aead = {aead_seal<ChaCha20Poly1305>, aead_open<ChaCha20Poly1305>},
         .tag_size = 16,
         .tags = {16, 16},
         .kernel = chacha20_poly1305_kernel},
        {.name = "xchacha20-poly1305",
         .key_size = 32,
         .iv = {24, 24},
         .iv_text = "a 24-byte nonce",
         .aead = {aead_seal<XChaCha20Poly1305>, aead_open<XChaCha20Poly1305>},
         .tag_size = 16,
         .tags = {16, 16},
         .kernel = chacha20_poly1305_kernel},
    };
    detail::for_each_type<detail::BlockCipherFamilies>([&]<class Row>() { add_family<Row>(r); });
    return r;
  }();
  return rows;
}

}  // namespace

std::span<const CipherAlgorithm> cipher_algorithms() { return ciphers().list; }

const CipherAlgorithm* find_cipher(std::string_view name) {
  for (const CipherAlgorithm& c : ciphers().list)
    if (same_name(c.name, name)) return &c;
  return nullptr;
}

}  // namespace axiom::cli
