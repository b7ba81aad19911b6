// Public API of AES, the modes and AES-GCM through the real dispatch (the default kernels):
// argument errors, tampering, and agreement with OpenSSL (EVP) on random inputs.
// This binary also runs under AXIOM_CPU=portable (see tests/CMakeLists.txt).
#include <gtest/gtest.h>

#if AXIOM_HAVE_OPENSSL
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#endif

#include "aes/aes_kernel.hpp"
#include "axiom/axiom.hpp"
#include "support/aes_helpers.hpp"
#include "support/kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

TEST(AesApi, FromKeyChecksTheSize) {
  const Bytes k16(16, 1), k24(24, 2), k32(32, 3);
  EXPECT_TRUE(Aes128::from_key(k16).ok());
  EXPECT_EQ(Aes128::from_key(k24).error(), Error::invalid_key_size);
  EXPECT_TRUE(Aes192::from_key(k24).ok());
  EXPECT_TRUE(Aes256::from_key(k32).ok());
  EXPECT_EQ(Aes256::from_key(std::span(k32).first(31)).error(), Error::invalid_key_size);
  EXPECT_EQ(AesGcm128::from_key(k32).error(), Error::invalid_key_size);
  EXPECT_TRUE(AesGcm256::from_key(k32).ok());
}

TEST(AesApi, KernelFollowsAxiomCpu) {
  const char* spec = std::getenv("AXIOM_CPU");
  const Bytes key(16, 0);
  const AesGcm128 g(fixed<16>(key));
  if (spec && std::string(spec) == "portable") {
    EXPECT_EQ(g.kernel_name(), "aes/portable");
    EXPECT_EQ(g.ghash_kernel_name(), "ghash/portable");
  }
#if AXIOM_X86_64
  else if (!spec && cpu::hardware().has(detail::aes_vaes_avx512.info.needs)) {
    EXPECT_EQ(g.kernel_name(), "aes/vaes_avx512");
    EXPECT_EQ(g.ghash_kernel_name(), "ghash/vpclmul_avx512");
  } else if (!spec && cpu::hardware().has(cpu::Feature::vaes | cpu::Feature::avx2 |
                                          cpu::Feature::aesni | cpu::Feature::vpclmul)) {
    EXPECT_EQ(g.kernel_name(), "aes/vaes_avx2");
    EXPECT_EQ(g.ghash_kernel_name(), "ghash/vpclmul_avx2");
  }
#endif
}

TEST(AesApi, BlockAndModeArgumentErrors) {
  const Bytes key(16, 7), iv(16, 9);
  const Aes128 aes(fixed<16>(key));
  Bytes buf(64, 1), out(64);
  EXPECT_EQ(aes.encrypt_blocks(std::span(out).first(48), buf).error(), Error::output_size_mismatch);
  EXPECT_EQ(aes.encrypt_blocks(std::span(out).first(15), std::span(buf).first(15)).error(),
            Error::invalid_argument);
  // Partial overlap is refused; exact aliasing works.
  EXPECT_EQ(aes.encrypt_blocks(std::span(buf).subspan(16, 32), std::span(buf).first(32)).error(),
            Error::overlapping_buffers);
  EXPECT_TRUE(aes.encrypt_blocks(buf, buf).ok());
  Ctr<Aes128> ctr(aes, fixed<16>(iv));
  EXPECT_EQ(ctr.apply(std::span(out).first(3), std::span(buf).first(4)).error(),
            Error::output_size_mismatch);
  Cbc<Aes128> cbc(aes, fixed<16>(iv));
  EXPECT_EQ(cbc.encrypt(std::span(out).first(17), std::span(buf).first(17)).error(),
            Error::invalid_argument);
  EXPECT_EQ(cbc.encrypt_padded(std::span(out).first(16), std::span(buf).first(16)).error(),
            Error::output_size_mismatch);
  std::size_t len = 99;
  EXPECT_EQ(cbc.decrypt_padded(std::span(out).first(0), std::span(buf).first(0), len).error(),
            Error::invalid_padding);
  EXPECT_EQ(len, 0u);
}

TEST(AesApi, PaddingRoundTripsAndRejectsEveryBadByte) {
  const Bytes key(32, 5), iv(16, 6);
  const Aes256 aes(fixed<32>(key));
  Prng rng(11);
  for (std::size_t n = 0; n <= 48; ++n) {
    const Bytes msg = rng.bytes(n);
    Bytes ct(padded_size(n)), pt(padded_size(n));
    ASSERT_EQ(*Ecb<Aes256>(aes).encrypt_padded(ct, msg), padded_size(n));
    std::size_t len = 0;
    ASSERT_TRUE(Ecb<Aes256>(aes).decrypt_padded(pt, ct, len).ok());
    ASSERT_EQ(len, n);
    EXPECT_TRUE(std::equal(msg.begin(), msg.end(), pt.begin()));
    Cbc<Aes256> e(aes, fixed<16>(iv)), d(aes, fixed<16>(iv));
    ASSERT_TRUE(e.encrypt_padded(ct, msg).ok());
    ASSERT_TRUE(d.decrypt_padded(pt, ct, len).ok());
    ASSERT_EQ(len, n);
    EXPECT_TRUE(std::equal(msg.begin(), msg.end(), pt.begin()));
  }
  // A last block whose padding is wrong in each possible way.
  for (int pad = 0; pad <= 17; ++pad) {
    for (int bad_at = -1; bad_at < 16; ++bad_at) {
      Bytes block(16, static_cast<std::uint8_t>(pad));
      const bool in_pad = bad_at >= 16 - pad;
      if (bad_at >= 0) block[static_cast<std::size_t>(bad_at)] ^= 0x40;
      const bool valid = pad >= 1 && pad <= 16 && (bad_at < 0 || !in_pad);
      Bytes ct(16), pt(16, 0xee);
      ASSERT_TRUE(aes.encrypt_blocks(ct, block).ok());
      std::size_t len = 99;
      const Status r = Ecb<Aes256>(aes).decrypt_padded(pt, ct, len);
      EXPECT_EQ(r.ok(), valid) << pad << " " << bad_at;
      if (!valid) {
        EXPECT_EQ(r.error(), Error::invalid_padding);
        EXPECT_EQ(pt, Bytes(16, 0));
        EXPECT_EQ(len, 0u);
      } else {
        EXPECT_EQ(len, static_cast<std::size_t>(16 - pad));
      }
    }
  }
}

TEST(AesApi, CmacTagSizes) {
  const Bytes key(16, 3);
  Cmac<Aes128> m(fixed<16>(key));
  m.update(as_bytes("message"));
  std::uint8_t tag[16];
  m.finish(tag);
  m.update(as_bytes("message"));
  EXPECT_TRUE(m.verify(std::span<const std::uint8_t>(tag, 8)).ok());
  m.update(as_bytes("message"));
  EXPECT_EQ(m.verify(std::span<const std::uint8_t>(tag, 7)).error(), Error::invalid_tag_size);
  tag[15] ^= 1;
  m.update(as_bytes("message"));
  EXPECT_EQ(m.verify(tag).error(), Error::authentication_failed);
}

TEST(GcmApi, ArgumentErrors) {
  const Bytes key(16, 1), nonce(12, 2), msg(40, 3);
  const AesGcm128 g(fixed<16>(key));
  Bytes out(56), tag(16);
  EXPECT_EQ(g.seal(std::span(out).first(55), nonce, {}, msg).error(), Error::output_size_mismatch);
  EXPECT_EQ(g.seal(out, {}, {}, msg).error(), Error::invalid_nonce_size);
  EXPECT_EQ(g.seal(std::span(out).first(51), nonce, {}, msg, 11).error(), Error::invalid_tag_size);
  EXPECT_EQ(g.seal(out, nonce, {}, msg, 17).error(), Error::invalid_tag_size);
  EXPECT_EQ(
      g.seal_detached(std::span(out).first(40), std::span(tag).first(8), nonce, {}, msg).error(),
      Error::invalid_tag_size);
  // Tags of 12..16 bytes work, and each opens only with its own length.
  for (std::size_t t = 12; t <= 16; ++t) {
    Bytes sealed(msg.size() + t), opened(msg.size());
    ASSERT_TRUE(g.seal(sealed, nonce, {}, msg, t).ok());
    EXPECT_TRUE(g.open(opened, nonce, {}, sealed, t).ok());
    EXPECT_EQ(opened, msg);
  }
  // Length limit (SP 800-38D): plaintext up to 2^36 - 32 bytes; a larger span is refused
  // before anything is read.
  if constexpr (sizeof(std::size_t) == 8) {
    const std::size_t too_big = (std::size_t{1} << 36) - 31;
    const std::span<const std::uint8_t> huge(msg.data(), too_big);  // never dereferenced
    const std::span<std::uint8_t> huge_out(out.data(), too_big);
    EXPECT_EQ(g.seal_detached(huge_out, tag, nonce, {}, huge).error(), Error::message_too_long);
  }
}

TEST(GcmApi, TamperingFailsAndZeroesTheOutput) {
  Prng rng(21);
  const Bytes key = rng.bytes(32), nonce = rng.bytes(12), aad = rng.bytes(20), msg = rng.bytes(100);
  const AesGcm256 g(fixed<32>(key));
  Bytes sealed(116);
  ASSERT_TRUE(g.seal(sealed, nonce, aad, msg).ok());
  Bytes out(100, 0xaa);
  for (std::size_t i = 0; i < sealed.size(); ++i) {  // every byte of ciphertext and tag
    Bytes bad = sealed;
    bad[i] ^= 0x01;
    EXPECT_EQ(g.open(out, nonce, aad, bad).error(), Error::authentication_failed) << i;
    EXPECT_EQ(out, Bytes(100, 0));
  }
  Bytes bad_aad = aad, bad_nonce = nonce;
  bad_aad[3] ^= 0x80;
  bad_nonce[11] ^= 0x02;
  EXPECT_FALSE(g.open(out, nonce, bad_aad, sealed).ok());
  EXPECT_FALSE(g.open(out, bad_nonce, aad, sealed).ok());
  EXPECT_FALSE(g.open(out, nonce, std::span(aad).first(19), sealed).ok());
  EXPECT_FALSE(g.open(std::span(out).first(99), nonce, aad, std::span(sealed).subspan(1)).ok());
  const AesGcm256 other(fixed<32>(rng.bytes(32)));
  EXPECT_FALSE(other.open(out, nonce, aad, sealed).ok());
  ASSERT_TRUE(g.open(out, nonce, aad, sealed).ok());
  EXPECT_EQ(out, msg);
}

#if AXIOM_HAVE_OPENSSL
const EVP_CIPHER* evp_cipher(const char* mode, std::size_t key_size) {
  static const char* names[3][4] = {{"aes-128-ecb", "aes-128-cbc", "aes-128-ctr", "aes-128-gcm"},
                                    {"aes-192-ecb", "aes-192-cbc", "aes-192-ctr", "aes-192-gcm"},
                                    {"aes-256-ecb", "aes-256-cbc", "aes-256-ctr", "aes-256-gcm"}};
  const std::string m(mode);
  const int i = key_size == 16 ? 0 : key_size == 24 ? 1 : 2;
  const int j = m == "ecb" ? 0 : m == "cbc" ? 1 : m == "ctr" ? 2 : 3;
  return EVP_get_cipherbyname(names[i][j]);
}

// openssl_crypt runs an EVP cipher (ECB/CBC/CTR) with PKCS#7 padding on or off.
Bytes openssl_crypt(const char* mode, const Bytes& key, const Bytes& iv, const Bytes& in,
                    bool pad) {
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  Bytes out(in.size() + 16);
  int len = 0, fin = 0;
  EXPECT_EQ(EVP_EncryptInit_ex(ctx, evp_cipher(mode, key.size()), nullptr, key.data(),
                               iv.empty() ? nullptr : iv.data()),
            1);
  EVP_CIPHER_CTX_set_padding(ctx, pad ? 1 : 0);
  EXPECT_EQ(EVP_EncryptUpdate(ctx, out.data(), &len, in.data(), static_cast<int>(in.size())), 1);
  EXPECT_EQ(EVP_EncryptFinal_ex(ctx, out.data() + len, &fin), 1);
  EVP_CIPHER_CTX_free(ctx);
  out.resize(static_cast<std::size_t>(len + fin));
  return out;
}

TEST(AesApi, AgreesWithOpenSsl) {
  Prng rng(test_seed() + 31);
  for (int round = 0; round < 60; ++round) {
    const std::size_t key_size = 16 + 8 * rng.below(3);
    const Bytes key = rng.bytes(key_size), iv = rng.bytes(16);
    const std::size_t n = rng.below(700);
    const Bytes msg = rng.bytes(n), whole = rng.bytes(n / 16 * 16);
    with_key_size(key_size, [&](auto k) {
      constexpr std::size_t K = decltype(k)::value;
      using C = AesCipher<K>;
      const C aes(fixed<K>(key));
      Bytes out(padded_size(n));
      ASSERT_TRUE(Ecb<C>(aes).encrypt_padded(out, msg).ok());
      EXPECT_EQ(out, openssl_crypt("ecb", key, {}, msg, true)) << round;
      ASSERT_TRUE(Cbc<C>(aes, fixed<16>(iv)).encrypt_padded(out, msg).ok());
      EXPECT_EQ(out, openssl_crypt("cbc", key, iv, msg, true)) << round;
      Bytes raw(whole.size());
      ASSERT_TRUE(Cbc<C>(aes, fixed<16>(iv)).encrypt(raw, whole).ok());
      EXPECT_EQ(raw, openssl_crypt("cbc", key, iv, whole, false)) << round;
      Bytes ctr(n);
      ASSERT_TRUE(Ctr<C>(aes, fixed<16>(iv)).apply(ctr, msg).ok());
      EXPECT_EQ(ctr, openssl_crypt("ctr", key, iv, msg, false)) << round;
      // CMAC through EVP_MAC.
      Cmac<C> mac(aes);
      mac.update(msg);
      std::uint8_t tag[16], theirs[16];
      mac.finish(tag);
      std::size_t tlen = 0;
      const std::string cipher_name = "aes-" + std::to_string(K * 8) + "-cbc";
      EVP_MAC* m = EVP_MAC_fetch(nullptr, "CMAC", nullptr);
      EVP_MAC_CTX* mc = EVP_MAC_CTX_new(m);
      OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_string(
                                 OSSL_MAC_PARAM_CIPHER, const_cast<char*>(cipher_name.c_str()), 0),
                             OSSL_PARAM_construct_end()};
      ASSERT_EQ(EVP_MAC_init(mc, key.data(), key.size(), params), 1);
      ASSERT_EQ(EVP_MAC_update(mc, msg.data(), msg.size()), 1);
      ASSERT_EQ(EVP_MAC_final(mc, theirs, &tlen, sizeof theirs), 1);
      EVP_MAC_CTX_free(mc);
      EVP_MAC_free(m);
      EXPECT_EQ(to_hex(tag), to_hex(theirs)) << round;
      // GCM with random nonce length (12 most often) and AAD.
      const Bytes nonce = rng.bytes(round % 4 == 0 ? 1 + rng.below(40) : 12),
                  aad = rng.bytes(rng.below(80));
      const AesGcm<K> g(fixed<K>(key));
      Bytes sealed(n + 16);
      ASSERT_TRUE(g.seal(sealed, nonce, aad, msg).ok());
      EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
      Bytes ct(n + 1), t(16);
      int len = 0;
      ASSERT_EQ(EVP_EncryptInit_ex(ctx, evp_cipher("gcm", K), nullptr, nullptr, nullptr), 1);
      ASSERT_EQ(
          EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IVLEN, static_cast<int>(nonce.size()), nullptr),
          1);
      ASSERT_EQ(EVP_EncryptInit_ex(ctx, nullptr, nullptr, key.data(), nonce.data()), 1);
      ASSERT_EQ(EVP_EncryptUpdate(ctx, nullptr, &len, aad.data(), static_cast<int>(aad.size())), 1);
      ASSERT_EQ(EVP_EncryptUpdate(ctx, ct.data(), &len, msg.data(), static_cast<int>(n)), 1);
      ASSERT_EQ(EVP_EncryptFinal_ex(ctx, ct.data() + len, &len), 1);
      ASSERT_EQ(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16, t.data()), 1);
      EVP_CIPHER_CTX_free(ctx);
      ct.resize(n);
      ct.insert(ct.end(), t.begin(), t.end());
      EXPECT_EQ(to_hex(sealed), to_hex(ct)) << round << " nonce " << nonce.size();
    });
  }
}
#endif

}  // namespace
}  // namespace axiom::test
