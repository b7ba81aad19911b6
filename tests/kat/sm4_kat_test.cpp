// Known-answer tests for SM4 (GB/T 32907-2016, draft-ribose-cfrg-sm4, RFC 8998) and the
// Wycheproof SM4-GCM and SM4-CCM suites, over every SM4 kernel (GCM also over every GHASH
// kernel).
#include <gtest/gtest.h>

#include <tuple>

#include "axiom/bytes.hpp"
#include "axiom/ccm.hpp"
#include "axiom/gcm.hpp"
#include "axiom/modes.hpp"
#include "axiom/sm4.hpp"
#include "ghash/ghash_kernel.hpp"
#include "sm4/sm4_kernel.hpp"
#include "support/aead_kat.hpp"
#include "support/aes_helpers.hpp"
#include "support/kernel_pairs.hpp"
#include "support/kernels.hpp"
#include "support/test_kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

using Kernel = const detail::Sm4Kernel*;

class Sm4Kat : public KernelTest<detail::Sm4Kernel> {
 protected:
  Sm4 cipher(const Bytes& key) const { return Sm4(fixed<16>(key), *GetParam()); }
};

// The standard's examples, including a block encrypted 1,000,000 times in a row (not for an
// emulated kernel: minutes).
TEST_P(Sm4Kat, Block) {
  int cases = 0;
  for (const VectorCase& c : load_vectors("kat/sm4.txt")) {
    const Bytes key = c.bytes("Key"), pt = c.bytes("Plaintext"), ct = c.bytes("Ciphertext");
    const Sm4 sm4 = cipher(key);
    const long long iterations = c.number("Iterations", 1);
    ++cases;
    if (iterations > 1 && emulated(GetParam()->info)) continue;
    Bytes out = pt;
    for (long long i = 0; i < iterations; ++i) ASSERT_TRUE(sm4.encrypt_blocks(out, out).ok());
    EXPECT_EQ(out, ct) << c.where();
    for (long long i = 0; i < iterations; ++i) ASSERT_TRUE(sm4.decrypt_blocks(out, out).ok());
    EXPECT_EQ(out, pt) << c.where();
  }
  EXPECT_EQ(cases, 2);
}

TEST_P(Sm4Kat, Ecb) {
  for (const VectorCase& c : load_vectors("kat/sm4_ecb.txt")) {
    const Bytes key = c.bytes("Key"), pt = c.bytes("Plaintext"), ct = c.bytes("Ciphertext");
    const Ecb<Sm4> ecb(cipher(key));
    Bytes out(pt.size());
    ASSERT_TRUE(ecb.encrypt(out, pt).ok());
    EXPECT_EQ(out, ct) << c.where();
    ASSERT_TRUE(ecb.decrypt(out, ct).ok());
    EXPECT_EQ(out, pt) << c.where();
  }
}

TEST_P(Sm4Kat, Cbc) {
  for (const VectorCase& c : load_vectors("kat/sm4_cbc.txt")) {
    const Bytes key = c.bytes("Key"), iv = c.bytes("IV"), pt = c.bytes("Plaintext"),
                ct = c.bytes("Ciphertext");
    Bytes out(pt.size());
    Cbc<Sm4> enc(cipher(key), fixed<16>(iv));
    ASSERT_TRUE(enc.encrypt(out, pt).ok());
    EXPECT_EQ(out, ct) << c.where();
    Cbc<Sm4> dec(cipher(key), fixed<16>(iv));
    ASSERT_TRUE(dec.decrypt(out, ct).ok());
    EXPECT_EQ(out, pt) << c.where();
  }
}

TEST_P(Sm4Kat, Ctr) {
  for (const VectorCase& c : load_vectors("kat/sm4_ctr.txt")) {
    const Bytes key = c.bytes("Key"), iv = c.bytes("IV"), pt = c.bytes("Plaintext"),
                ct = c.bytes("Ciphertext");
    Bytes out(pt.size());
    Ctr<Sm4> ctr(cipher(key), fixed<16>(iv));
    ASSERT_TRUE(ctr.apply(out, pt).ok());
    EXPECT_EQ(out, ct) << c.where();
    ctr.seek(0);
    ASSERT_TRUE(ctr.apply(out, ct).ok());
    EXPECT_EQ(out, pt) << c.where();
  }
}

// CMAC has no published SM4 vector: these tags are OpenSSL 3.0's (`openssl mac -cipher SM4-CBC
// CMAC`) for the standard's key, the empty message and the 64-byte message of RFC 4493.
TEST_P(Sm4Kat, Cmac) {
  const Bytes key = hex("0123456789abcdeffedcba9876543210");
  const Bytes m64 =
      hex("6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
          "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710");
  Cmac<Sm4> mac(cipher(key));
  std::uint8_t tag[16];
  mac.finish(tag);
  EXPECT_EQ(to_hex(tag), "29e154322e5c7bd8ee6a25ba549b24bc");
  mac.update(m64);
  mac.finish(tag);
  EXPECT_EQ(to_hex(tag), "cc8eda3eeed4cd37b55fa09b06c6f630");
}

// RFC 8998 CCM, then Wycheproof: valid cases seal to the expected bytes and open; invalid
// ones (changed bytes, bad nonce or tag sizes) fail and leave a zeroed output.
TEST_P(Sm4Kat, Ccm) {
  for (const VectorCase& c : load_vectors("kat/sm4_ccm.txt"))
    seal_open_kat(Sm4Ccm(cipher(c.bytes("Key"))), c, c.bytes("Nonce"));
}

TEST_P(Sm4Kat, WycheproofCcm) {
  int valid = 0, invalid = 0;
  for (const VectorCase& c : load_vectors("wycheproof/sm4_ccm.txt")) {
    ASSERT_NE(c.text("Result"), "acceptable") << c.where();
    const bool expect_valid = c.text("Result") == "valid";
    (expect_valid ? valid : invalid)++;
    wycheproof_aead_case(Sm4Ccm(cipher(c.bytes("Key"))), c, expect_valid);
  }
  EXPECT_GT(valid, 0);
  EXPECT_GT(invalid, 0);
  EXPECT_EQ(valid + invalid, 184);
}

INSTANTIATE_TEST_SUITE_P(Kernels, Sm4Kat, ::testing::ValuesIn(sm4_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

// GCM: every SM4 kernel with every GHASH kernel.
class Sm4GcmKat : public KernelPairTest<detail::Sm4Kernel, detail::GhashKernel> {
 protected:
  Sm4Gcm gcm(const Bytes& key) const {
    return Sm4Gcm(fixed<16>(key), cipher_kernel(), mul_kernel());
  }
};

TEST_P(Sm4GcmKat, Rfc8998) {
  for (const VectorCase& c : load_vectors("kat/sm4_gcm.txt"))
    seal_open_kat(gcm(c.bytes("Key")), c, c.bytes("IV"));
}

TEST_P(Sm4GcmKat, WycheproofGcm) {
  int valid = 0, invalid = 0;
  for (const VectorCase& c : load_vectors("wycheproof/sm4_gcm.txt")) {
    ASSERT_NE(c.text("Result"), "acceptable") << c.where();
    const bool expect_valid = c.text("Result") == "valid";
    (expect_valid ? valid : invalid)++;
    wycheproof_aead_case(gcm(c.bytes("Key")), c, expect_valid);
  }
  EXPECT_GT(valid, 0);
  EXPECT_GT(invalid, 0);
  EXPECT_EQ(valid + invalid, 104);
}

AXIOM_KERNEL_PAIRS(Sm4GcmKat, sm4_test_kernels(), ghash_test_kernels());

}  // namespace
}  // namespace axiom::test
