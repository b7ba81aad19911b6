// Known-answer tests for SM4 (GB/T 32907-2016, draft-ribose-cfrg-sm4, RFC 8998) and the
// Wycheproof SM4-GCM and SM4-CCM suites, over every SM4 kernel (GCM also over every GHASH
// kernel).
#include <gtest/gtest.h>

#include <tuple>

#include "axiom/bytes.hpp"
#include "axiom/modes.hpp"
#include "axiom/sm4.hpp"
#include "sm4/sm4_kernel.hpp"
#include "support/aes_helpers.hpp"
#include "support/kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

using Kernel = const detail::Sm4Kernel*;

class Sm4Kat : public ::testing::TestWithParam<Kernel> {
 protected:
  void SetUp() override { AXIOM_SKIP_UNLESS_RUNNABLE(GetParam()->info); }
  Sm4 cipher(const Bytes& key) const { return Sm4(fixed<16>(key), *GetParam()); }
};

// The standard's examples, including a block encrypted 1,000,000 times in a row.
TEST_P(Sm4Kat, Block) {
  int cases = 0;
  for (const VectorCase& c : load_vectors("kat/sm4.txt")) {
    const Bytes key = c.bytes("Key"), pt = c.bytes("Plaintext"), ct = c.bytes("Ciphertext");
    const Sm4 sm4 = cipher(key);
    const long long iterations = c.number("Iterations", 1);
    Bytes out = pt;
    for (long long i = 0; i < iterations; ++i) ASSERT_TRUE(sm4.encrypt_blocks(out, out).ok());
    EXPECT_EQ(out, ct) << c.where();
    for (long long i = 0; i < iterations; ++i) ASSERT_TRUE(sm4.decrypt_blocks(out, out).ok());
    EXPECT_EQ(out, pt) << c.where();
    ++cases;
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
    const Bytes key = c.bytes("Key"), iv = c.bytes("IV"), pt = c.bytes("Plaintext"), ct = c.bytes("Ciphertext");
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
    const Bytes key = c.bytes("Key"), iv = c.bytes("IV"), pt = c.bytes("Plaintext"), ct = c.bytes("Ciphertext");
    Bytes out(pt.size());
    Ctr<Sm4> ctr(cipher(key), fixed<16>(iv));
    ASSERT_TRUE(ctr.apply(out, pt).ok());
    EXPECT_EQ(out, ct) << c.where();
    ctr.seek(0);
    ASSERT_TRUE(ctr.apply(out, ct).ok());
    EXPECT_EQ(out, pt) << c.where();
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, Sm4Kat, ::testing::ValuesIn(detail::sm4_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

}  // namespace
}  // namespace axiom::test
