// Public API of SM4, its modes, SM4-GCM and SM4-CCM through the real dispatch (the default
// kernels): argument errors, tampering, in place, and agreement with OpenSSL (EVP) on random
// inputs. This binary also runs under AXIOM_CPU=portable (see tests/CMakeLists.txt).
#include <gtest/gtest.h>

#if AXIOM_HAVE_OPENSSL
#include <openssl/evp.h>
#endif

#include "axiom/axiom.hpp"
#include "support/aes_helpers.hpp"
#include "support/kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

TEST(Sm4Api, FromKeyChecksTheSize) {
  const Bytes k16(16, 1), k32(32, 3);
  EXPECT_TRUE(Sm4::from_key(k16).ok());
  EXPECT_EQ(Sm4::from_key(k32).error(), Error::invalid_key_size);
  EXPECT_EQ(Sm4::from_key(std::span(k16).first(15)).error(), Error::invalid_key_size);
  EXPECT_TRUE(Sm4Gcm::from_key(k16).ok());
  EXPECT_EQ(Sm4Ccm::from_key(k32).error(), Error::invalid_key_size);
}

TEST(Sm4Api, KernelFollowsAxiomCpu) {
  const char* spec = std::getenv("AXIOM_CPU");
  const Sm4 sm4(fixed<16>(Bytes(16, 0)));
  if (spec && std::string(spec) == "portable") {
    EXPECT_EQ(sm4.kernel_name(), "sm4/portable");
  } else if (!spec && cpu::hardware().has(cpu::Feature::avx512 | cpu::Feature::gfni)) {
    EXPECT_EQ(sm4.kernel_name(), "sm4/gfni_avx512");
  } else if (!spec && cpu::hardware().has(cpu::Feature::avx2 | cpu::Feature::gfni)) {
    EXPECT_EQ(sm4.kernel_name(), "sm4/gfni_avx2");
  } else if (!spec &&
             cpu::hardware().has(cpu::Feature::vaes | cpu::Feature::avx2 | cpu::Feature::aesni)) {
    EXPECT_EQ(sm4.kernel_name(), "sm4/vaes_avx2");
  }
}

TEST(Sm4Api, BlockArgumentErrors) {
  const Sm4 sm4(fixed<16>(Bytes(16, 7)));
  Bytes buf(64, 1), out(64);
  EXPECT_EQ(sm4.encrypt_blocks(std::span(out).first(48), buf).error(), Error::output_size_mismatch);
  EXPECT_EQ(sm4.decrypt_blocks(std::span(out).first(15), std::span(buf).first(15)).error(),
            Error::invalid_argument);
  EXPECT_EQ(sm4.encrypt_blocks(std::span(buf).subspan(16, 32), std::span(buf).first(32)).error(),
            Error::overlapping_buffers);
  EXPECT_EQ(out, Bytes(64, 0));  // nothing written on an error
  EXPECT_TRUE(sm4.encrypt_blocks(buf, buf).ok());
  EXPECT_TRUE(sm4.decrypt_blocks(buf, buf).ok());
  EXPECT_EQ(buf, Bytes(64, 1));
}

TEST(Sm4Api, CcmArgumentsAndTampering) {
  Prng rng(test_seed() + 50);
  const Bytes key = rng.bytes(16), msg = rng.bytes(100), aad = rng.bytes(20);
  const Sm4Ccm ccm(fixed<16>(key));
  Bytes sealed(116), out(100, 0xaa);
  for (std::size_t n : {0u, 6u, 14u, 16u}) {
    EXPECT_EQ(ccm.seal(sealed, rng.bytes(n), aad, msg).error(), Error::invalid_nonce_size) << n;
    EXPECT_EQ(ccm.open(out, rng.bytes(n), aad, sealed).error(), Error::invalid_nonce_size) << n;
    EXPECT_EQ(out, Bytes(100, 0)) << "a failed open zeroes the output";
    out.assign(100, 0xaa);
  }
  const Bytes nonce = rng.bytes(12);
  for (std::size_t t : {0u, 2u, 3u, 5u, 15u, 17u, 18u}) {
    Bytes o(msg.size() + t);
    EXPECT_EQ(ccm.seal(o, nonce, aad, msg, t).error(), Error::invalid_tag_size) << t;
  }
  // Every nonce length 7..13 and even tag length 4..16 round-trips, in place too.
  for (std::size_t n = 7; n <= 13; ++n) {
    const Bytes nn = rng.bytes(n);
    for (std::size_t t = 4; t <= 16; t += 2) {
      Bytes o(msg.size() + t);
      ASSERT_TRUE(ccm.seal(o, nn, aad, msg, t).ok()) << n << " " << t;
      Bytes inplace(msg.begin(), msg.end());
      inplace.resize(msg.size() + t);
      ASSERT_TRUE(ccm.seal(inplace, nn, aad, std::span(inplace).first(msg.size()), t).ok());
      EXPECT_EQ(inplace, o);
      ASSERT_TRUE(ccm.open(std::span(inplace).first(msg.size()), nn, aad, inplace, t).ok());
      EXPECT_TRUE(std::equal(msg.begin(), msg.end(), inplace.begin()));
    }
  }
  ASSERT_TRUE(ccm.seal(sealed, nonce, aad, msg).ok());
  for (std::size_t i : {0u, 50u, 99u, 100u, 115u}) {  // ciphertext and tag bytes
    Bytes bad = sealed;
    bad[i] ^= 0x10;
    out.assign(100, 0xaa);
    EXPECT_EQ(ccm.open(out, nonce, aad, bad).error(), Error::authentication_failed) << i;
    EXPECT_EQ(out, Bytes(100, 0)) << i;
  }
  Bytes bad_aad = aad;
  bad_aad[0] ^= 1;
  EXPECT_EQ(ccm.open(out, nonce, bad_aad, sealed).error(), Error::authentication_failed);
  EXPECT_EQ(ccm.open(std::span(out).first(99), nonce, aad, sealed).error(),
            Error::output_size_mismatch);
  EXPECT_EQ(ccm.open(out, nonce, aad, std::span(sealed).first(10)).error(),
            Error::authentication_failed);
  // A 13-byte nonce leaves 2 bytes for the length: up to 65535 bytes.
  const Bytes big(65536, 0);
  Bytes o(65536 + 16);
  EXPECT_EQ(ccm.seal(o, rng.bytes(13), {}, big).error(), Error::message_too_long);
  EXPECT_TRUE(
      ccm.seal(std::span(o).first(65535 + 16), rng.bytes(13), {}, std::span(big).first(65535))
          .ok());
  // Partial overlap is refused.
  Bytes buf(200, 3);
  EXPECT_EQ(ccm.seal_detached(std::span(buf).subspan(1, 100), std::span(buf).subspan(150, 16),
                              nonce, {}, std::span(buf).first(100))
                .error(),
            Error::overlapping_buffers);
}

// Long AAD encodings of CCM (2, 6 bytes of length) and GCM/CCM agreement between the
// detached and the combined forms.
TEST(Sm4Api, AeadLongAadAndDetached) {
  Prng rng(test_seed() + 51);
  const Bytes key = rng.bytes(16), nonce = rng.bytes(12), msg = rng.bytes(33);
  const Sm4Ccm ccm(fixed<16>(key));
  const Sm4Gcm gcm(fixed<16>(key));
  for (std::size_t a : {0u, 1u, 0xfeffu, 0xff00u, 0x10001u}) {
    const Bytes aad = rng.bytes(a);
    Bytes c1(49), c2(33), t2(16);
    ASSERT_TRUE(ccm.seal(c1, nonce, aad, msg).ok());
    ASSERT_TRUE(ccm.seal_detached(c2, t2, nonce, aad, msg).ok());
    c2.insert(c2.end(), t2.begin(), t2.end());
    EXPECT_EQ(c1, c2) << a;
    Bytes back(33);
    EXPECT_TRUE(ccm.open(back, nonce, aad, c1).ok()) << a;
    EXPECT_EQ(back, msg);
    ASSERT_TRUE(gcm.seal(c1, nonce, aad, msg).ok());
    EXPECT_TRUE(gcm.open(back, nonce, aad, c1).ok()) << a;
  }
}

#if AXIOM_HAVE_OPENSSL
// openssl_crypt runs an SM4 EVP cipher (ECB/CBC/CTR/CFB/OFB), no padding.
Bytes openssl_crypt(const char* name, const Bytes& key, const Bytes& iv, const Bytes& in) {
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  Bytes out(in.size() + 16);
  int len = 0, fin = 0;
  EXPECT_EQ(EVP_EncryptInit_ex(ctx, EVP_get_cipherbyname(name), nullptr, key.data(), iv.data()), 1)
      << name;
  EVP_CIPHER_CTX_set_padding(ctx, 0);
  EXPECT_EQ(EVP_EncryptUpdate(ctx, out.data(), &len, in.data(), static_cast<int>(in.size())), 1);
  EXPECT_EQ(EVP_EncryptFinal_ex(ctx, out.data() + len, &fin), 1);
  EVP_CIPHER_CTX_free(ctx);
  out.resize(static_cast<std::size_t>(len + fin));
  return out;
}

TEST(Sm4Api, AgreesWithOpenSsl) {
  Prng rng(test_seed() + 52);
  for (int round = 0; round < 60; ++round) {
    const Bytes key = rng.bytes(16), iv = rng.bytes(16);
    const std::size_t n = rng.below(3000);
    const Bytes msg = rng.bytes(n),
                whole(msg.begin(), msg.begin() + static_cast<long>(n / 16 * 16));
    const Sm4 sm4(fixed<16>(key));
    Bytes out(whole.size());
    ASSERT_TRUE(Ecb<Sm4>(sm4).encrypt(out, whole).ok());
    EXPECT_EQ(out, openssl_crypt("sm4-ecb", key, iv, whole)) << n;
    Cbc<Sm4> cbc(sm4, fixed<16>(iv));
    ASSERT_TRUE(cbc.encrypt(out, whole).ok());
    EXPECT_EQ(out, openssl_crypt("sm4-cbc", key, iv, whole)) << n;
    out.resize(n);
    Ctr<Sm4> ctr(sm4, fixed<16>(iv));
    ASSERT_TRUE(ctr.apply(out, msg).ok());
    EXPECT_EQ(out, openssl_crypt("sm4-ctr", key, iv, msg)) << n;
    Cfb<Sm4> cfb(sm4, fixed<16>(iv));
    ASSERT_TRUE(cfb.encrypt(out, msg).ok());
    EXPECT_EQ(out, openssl_crypt("sm4-cfb", key, iv, msg)) << n;
    Ofb<Sm4> ofb(sm4, fixed<16>(iv));
    ASSERT_TRUE(ofb.apply(out, msg).ok());
    EXPECT_EQ(out, openssl_crypt("sm4-ofb", key, iv, msg)) << n;
  }
}

// The CCM code is generic: Ccm<Aes128> against OpenSSL's AES-CCM checks B0, every AAD length
// encoding (2 and 6 bytes), nonce and tag sizes against an independent implementation.
TEST(Sm4Api, GenericCcmAgreesWithOpenSslAesCcm) {
  Prng rng(test_seed() + 53);
  for (std::size_t a : {0u, 1u, 17u, 0xfeffu, 0xff00u, 0x10003u}) {
    for (std::size_t n : {7u, 12u, 13u}) {
      const std::size_t tag_len = 4 + 2 * (a % 7), len = rng.below(200);
      const Bytes key = rng.bytes(16), nonce = rng.bytes(n), aad = rng.bytes(a),
                  msg = rng.bytes(len);
      Bytes ours(len + tag_len);
      ASSERT_TRUE(Ccm<Aes128>(fixed<16>(key)).seal(ours, nonce, aad, msg, tag_len).ok());
      EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
      Bytes theirs(len + tag_len);
      int out_len = 0;
      EXPECT_EQ(EVP_EncryptInit_ex(ctx, EVP_aes_128_ccm(), nullptr, nullptr, nullptr), 1);
      EXPECT_EQ(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, static_cast<int>(n), nullptr), 1);
      EXPECT_EQ(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, static_cast<int>(tag_len), nullptr),
                1);
      EXPECT_EQ(EVP_EncryptInit_ex(ctx, nullptr, nullptr, key.data(), nonce.data()), 1);
      EXPECT_EQ(EVP_EncryptUpdate(ctx, nullptr, &out_len, nullptr, static_cast<int>(len)), 1);
      if (a != 0) {
        EXPECT_EQ(EVP_EncryptUpdate(ctx, nullptr, &out_len, aad.data(), static_cast<int>(a)), 1);
      }
      EXPECT_EQ(EVP_EncryptUpdate(ctx, theirs.data(), &out_len, msg.data(), static_cast<int>(len)),
                1);
      EXPECT_EQ(EVP_EncryptFinal_ex(ctx, theirs.data() + out_len, &out_len), 1);
      EXPECT_EQ(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, static_cast<int>(tag_len),
                                    theirs.data() + len),
                1);
      EVP_CIPHER_CTX_free(ctx);
      EXPECT_EQ(ours, theirs) << "aad " << a << " nonce " << n << " tag " << tag_len << " length "
                              << len;
    }
  }
}
#endif

}  // namespace
}  // namespace axiom::test
