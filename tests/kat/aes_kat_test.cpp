// Known-answer tests for AES (FIPS 197, SP 800-38A, RFC 4493, the GCM specification) and the
// Wycheproof AES-GCM, AES-GMAC, AES-CBC-PKCS5 and AES-CMAC suites, over every AES kernel
// (and, for GCM, every AES kernel with every GHASH kernel).
#include <gtest/gtest.h>

#include <tuple>

#include "aes/aes_kernel.hpp"
#include "axiom/aes.hpp"
#include "axiom/bytes.hpp"
#include "axiom/gcm.hpp"
#include "axiom/modes.hpp"
#include "ghash/ghash_kernel.hpp"
#include "support/aead_kat.hpp"
#include "support/aes_helpers.hpp"
#include "support/kernel_pairs.hpp"
#include "support/kernels.hpp"
#include "support/test_kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

using Kernel = const detail::AesKernel*;

class AesKat : public KernelTest<detail::AesKernel> {
 protected:
  const detail::AesKernel& kernel() const { return *GetParam(); }
};

TEST_P(AesKat, BlockAndEcb) {
  int cases = 0;
  for (const char* file : {"kat/aes_block.txt", "kat/aes_ecb.txt"}) {
    for (const VectorCase& c : load_vectors(file)) {
      const Bytes key = c.bytes("Key"), pt = c.bytes("Plaintext"), ct = c.bytes("Ciphertext");
      ASSERT_TRUE(with_key_size(key.size(), [&](auto k) {
        constexpr std::size_t K = decltype(k)::value;
        const AesCipher<K> aes(fixed<K>(key), kernel());
        Bytes out(pt.size());
        ASSERT_TRUE(aes.encrypt_blocks(out, pt).ok());
        EXPECT_EQ(out, ct) << c.where();
        ASSERT_TRUE(aes.decrypt_blocks(out, ct).ok());
        EXPECT_EQ(out, pt) << c.where();
        Ecb<AesCipher<K>> ecb(aes);
        ASSERT_TRUE(ecb.encrypt(out, pt).ok());
        EXPECT_EQ(out, ct) << c.where();
      })) << c.where();
      ++cases;
    }
  }
  EXPECT_EQ(cases, 7);
}

TEST_P(AesKat, Cbc) {
  for (const VectorCase& c : load_vectors("kat/aes_cbc.txt")) {
    const Bytes key = c.bytes("Key"), iv = c.bytes("IV"), pt = c.bytes("Plaintext"),
                ct = c.bytes("Ciphertext");
    ASSERT_TRUE(with_key_size(key.size(), [&](auto k) {
      constexpr std::size_t K = decltype(k)::value;
      const AesCipher<K> aes(fixed<K>(key), kernel());
      Bytes out(pt.size());
      Cbc<AesCipher<K>> enc(aes, fixed<16>(iv));
      ASSERT_TRUE(enc.encrypt(out, pt).ok());
      EXPECT_EQ(out, ct) << c.where();
      Cbc<AesCipher<K>> dec(aes, fixed<16>(iv));
      ASSERT_TRUE(dec.decrypt(out, ct).ok());
      EXPECT_EQ(out, pt) << c.where();
    }));
  }
}

TEST_P(AesKat, Ctr) {
  for (const VectorCase& c : load_vectors("kat/aes_ctr.txt")) {
    const Bytes key = c.bytes("Key"), iv = c.bytes("IV"), pt = c.bytes("Plaintext"),
                ct = c.bytes("Ciphertext");
    ASSERT_TRUE(with_key_size(key.size(), [&](auto k) {
      constexpr std::size_t K = decltype(k)::value;
      const AesCipher<K> aes(fixed<K>(key), kernel());
      Bytes out(pt.size());
      Ctr<AesCipher<K>> ctr(aes, fixed<16>(iv));
      ASSERT_TRUE(ctr.apply(out, pt).ok());
      EXPECT_EQ(out, ct) << c.where();
      ctr.seek(0);
      ASSERT_TRUE(ctr.apply(out, ct).ok());
      EXPECT_EQ(out, pt) << c.where();
    }));
  }
}

TEST_P(AesKat, Cmac) {
  for (const VectorCase& c : load_vectors("kat/aes_cmac.txt")) {
    const Bytes key = c.bytes("Key"), msg = c.bytes("Msg"), tag = c.bytes("Tag");
    ASSERT_TRUE(with_key_size(key.size(), [&](auto k) {
      constexpr std::size_t K = decltype(k)::value;
      Cmac<AesCipher<K>> mac(AesCipher<K>(fixed<K>(key), kernel()));
      mac.update(msg);
      std::uint8_t out[16];
      mac.finish(out);
      EXPECT_EQ(to_hex(out), c.text("Tag")) << c.where();
      mac.update(msg);
      EXPECT_TRUE(mac.verify(tag).ok()) << c.where();
    }));
  }
}

// Wycheproof CBC with PKCS#7: valid cases round-trip, invalid ones have bad padding.
TEST_P(AesKat, WycheproofCbcPkcs5) {
  int valid = 0, invalid = 0;
  for (const VectorCase& c : load_vectors("wycheproof/aes_cbc_pkcs5.txt")) {
    const Bytes key = c.bytes("Key"), iv = c.bytes("IV"), msg = c.bytes("Msg"),
                ct = c.bytes("Ciphertext");
    ASSERT_TRUE(with_key_size(key.size(), [&](auto k) {
      constexpr std::size_t K = decltype(k)::value;
      const AesCipher<K> aes(fixed<K>(key), kernel());
      Bytes out(ct.size());
      Cbc<AesCipher<K>> dec(aes, fixed<16>(iv));
      std::size_t len = 0;
      const Status r = dec.decrypt_padded(out, ct, len);
      if (c.text("Result") == "valid") {
        ++valid;
        ASSERT_TRUE(r.ok()) << c.where();
        EXPECT_EQ(Bytes(out.begin(), out.begin() + static_cast<long>(len)), msg) << c.where();
        Bytes enc(padded_size(msg.size()));
        Cbc<AesCipher<K>> e(aes, fixed<16>(iv));
        const Result<std::size_t> w = e.encrypt_padded(enc, msg);
        ASSERT_TRUE(w.ok());
        EXPECT_EQ(enc, ct) << c.where();
      } else {
        ++invalid;
        EXPECT_EQ(r.error(), Error::invalid_padding) << c.where();
        EXPECT_EQ(out, Bytes(out.size(), 0)) << c.where();
      }
    })) << c.where();
  }
  EXPECT_EQ(valid, 72);
  EXPECT_EQ(invalid, 144);
}

// Wycheproof CMAC: valid tags verify; invalid ones (changed tags, bad key sizes) must not.
TEST_P(AesKat, WycheproofCmac) {
  int valid = 0, invalid = 0;
  for (const VectorCase& c : load_vectors("wycheproof/aes_cmac.txt")) {
    const Bytes key = c.bytes("Key"), msg = c.bytes("Msg"), tag = c.bytes("Tag");
    Status s = Error::invalid_key_size;
    with_key_size(key.size(), [&](auto k) {
      constexpr std::size_t K = decltype(k)::value;
      Cmac<AesCipher<K>> mac(AesCipher<K>(fixed<K>(key), kernel()));
      mac.update(msg);
      s = mac.verify(tag);
    });
    if (c.text("Result") == "valid") {
      ++valid;
      EXPECT_TRUE(s.ok()) << c.where() << " " << s.text();
    } else {
      ++invalid;
      EXPECT_FALSE(s.ok()) << c.where();
    }
  }
  EXPECT_EQ(valid, 63);
  EXPECT_EQ(invalid, 248);
}

INSTANTIATE_TEST_SUITE_P(Kernels, AesKat, ::testing::ValuesIn(aes_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

// GCM: every AES kernel with every GHASH kernel.
class GcmKat : public KernelPairTest<detail::AesKernel, detail::GhashKernel> {
 protected:
  template <std::size_t K>
  AesGcm<K> gcm(const Bytes& key) const {
    return AesGcm<K>(fixed<K>(key), cipher_kernel(), mul_kernel());
  }
};

TEST_P(GcmKat, SpecVectors) {
  for (const VectorCase& c : load_vectors("kat/aes_gcm.txt")) {
    const Bytes key = c.bytes("Key");
    ASSERT_TRUE(with_key_size(key.size(), [&](auto k) {
      seal_open_kat(gcm<decltype(k)::value>(key), c, c.bytes("IV"));
    }));
  }
}

TEST_P(GcmKat, WycheproofGcm) {
  int valid = 0, invalid = 0;
  for (const VectorCase& c : load_vectors("wycheproof/aes_gcm.txt")) {
    const Bytes key = c.bytes("Key");
    const bool expect_valid = c.text("Result") == "valid";
    (expect_valid ? valid : invalid)++;
    const bool known_size = with_key_size(key.size(), [&](auto k) {
      wycheproof_aead_case(gcm<decltype(k)::value>(key), c, expect_valid);
    });
    if (!known_size) {
      EXPECT_FALSE(expect_valid) << c.where();
    }
  }
  EXPECT_EQ(valid, 229);
  EXPECT_EQ(invalid, 87);
}

// GMAC: the tag of GCM with the message as AAD and no plaintext.
TEST_P(GcmKat, WycheproofGmac) {
  int valid = 0, invalid = 0;
  for (const VectorCase& c : load_vectors("wycheproof/aes_gmac.txt")) {
    const Bytes key = c.bytes("Key"), iv = c.bytes("IV"), msg = c.bytes("Msg"),
                tag = c.bytes("Tag");
    const bool expect_valid = c.text("Result") == "valid";
    (expect_valid ? valid : invalid)++;
    ASSERT_TRUE(with_key_size(key.size(), [&](auto k) {
      constexpr std::size_t K = decltype(k)::value;
      const AesGcm<K> g = gcm<K>(key);
      const Status s = g.open_detached({}, tag, iv, msg, {});
      EXPECT_EQ(s.ok(), expect_valid) << c.where() << " " << s.text();
    })) << c.where();
  }
  EXPECT_EQ(valid, 90);
  EXPECT_EQ(invalid, 324);
}

AXIOM_KERNEL_PAIRS(GcmKat, aes_test_kernels(), ghash_test_kernels());

}  // namespace
}  // namespace axiom::test
