// Known-answer tests for XTS: IEEE 1619-2007 Annex B (XTS-AES-128 and -256, with ciphertext
// stealing) over every AES kernel, and GB/T 17964-2021's SM4-XTS example in both tweak orders
// over every SM4 kernel; both directions, separate buffers and in place. Also the key checks of
// from_key.
#include <gtest/gtest.h>

#include "aes/aes_kernel.hpp"
#include "axiom/aes.hpp"
#include "axiom/sm4.hpp"
#include "axiom/xts.hpp"
#include "sm4/sm4_kernel.hpp"
#include "support/aes_helpers.hpp"
#include "support/kernels.hpp"
#include "support/test_kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

// check_case encrypts and decrypts one case with xts, out of place and in place.
template <class C>
void check_case(const Xts<C>& xts, const VectorCase& c) {
  const Bytes tweak = c.bytes("Tweak"), pt = c.bytes("Plaintext"), ct = c.bytes("Ciphertext");
  Bytes out(pt.size());
  ASSERT_TRUE(xts.encrypt(out, pt, fixed<16>(tweak)).ok()) << c.where();
  EXPECT_EQ(out, ct) << c.where();
  ASSERT_TRUE(xts.decrypt(out, ct, fixed<16>(tweak)).ok()) << c.where();
  EXPECT_EQ(out, pt) << c.where();
  Bytes inplace = pt;
  ASSERT_TRUE(xts.encrypt(inplace, inplace, fixed<16>(tweak)).ok());
  EXPECT_EQ(inplace, ct) << "in place " << c.where();
  ASSERT_TRUE(xts.decrypt(inplace, inplace, fixed<16>(tweak)).ok());
  EXPECT_EQ(inplace, pt) << "in place " << c.where();
}

class AesXtsKat : public KernelTest<detail::AesKernel> {};

TEST_P(AesXtsKat, Ieee1619AnnexB) {
  int cases = 0;
  for (const VectorCase& c : load_vectors("kat/aes_xts.txt")) {
    const Bytes key = c.bytes("Key");
    const std::size_t half = key.size() / 2;
    const Bytes k1(key.begin(), key.begin() + static_cast<long>(half)),
        k2(key.begin() + static_cast<long>(half), key.end());
    ASSERT_TRUE(with_key_size(half, [&](auto size) {
      constexpr std::size_t K = decltype(size)::value;
      using C = AesCipher<K>;
      check_case(Xts<C>(C(fixed<K>(k1), *GetParam()), C(fixed<K>(k2), *GetParam())), c);
      // from_key takes the same key, unless its halves are equal (vector 1).
      const auto made = Xts<C>::from_key(key);
      EXPECT_EQ(made.ok(), k1 != k2) << c.where();
      if (made.ok()) check_case(made.value(), c);
    })) << c.where();
    ++cases;
  }
  EXPECT_EQ(cases, 10);
}

INSTANTIATE_TEST_SUITE_P(Kernels, AesXtsKat, ::testing::ValuesIn(aes_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

class Sm4XtsKat : public KernelTest<detail::Sm4Kernel> {};

TEST_P(Sm4XtsKat, GbAndIeee) {
  int cases = 0;
  for (const VectorCase& c : load_vectors("kat/sm4_xts.txt")) {
    const Bytes key = c.bytes("Key");
    const Bytes k1(key.begin(), key.begin() + 16), k2(key.begin() + 16, key.end());
    const std::string& standard = c.text("Standard");
    ASSERT_TRUE(standard == "gb" || standard == "ieee") << c.where();
    const XtsStandard s = standard == "gb" ? XtsStandard::gb17964 : XtsStandard::ieee1619;
    check_case(Xts<Sm4>(Sm4(fixed<16>(k1), *GetParam()), Sm4(fixed<16>(k2), *GetParam()), s), c);
    ++cases;
  }
  EXPECT_EQ(cases, 3);
}

INSTANTIATE_TEST_SUITE_P(Kernels, Sm4XtsKat, ::testing::ValuesIn(sm4_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

// from_key: the size and the equal-halves check, which looks at every byte.
TEST(XtsKeys, FromKeyChecks) {
  Bytes key = Prng(test_seed() + 70).bytes(64);
  EXPECT_EQ(Xts<Aes128>::from_key(std::span(key).first(31)).error(), Error::invalid_key_size);
  EXPECT_EQ(Xts<Aes128>::from_key(key).error(), Error::invalid_key_size);
  EXPECT_TRUE(Xts<Aes256>::from_key(key).ok());
  EXPECT_TRUE(Xts<Aes128>::from_key(std::span(key).first(32)).ok());
  EXPECT_EQ(Xts<Sm4>::from_key(std::span(key).first(33)).error(), Error::invalid_key_size);
  std::copy(key.begin(), key.begin() + 32, key.begin() + 32);
  EXPECT_EQ(Xts<Aes256>::from_key(key).error(), Error::invalid_argument);
  for (std::size_t i = 0; i < 32; ++i) {
    Bytes k = key;
    k[32 + i] ^= 0x80;  // one bit of K2 differs
    EXPECT_TRUE(Xts<Aes256>::from_key(k).ok()) << i;
  }
  std::copy(key.begin(), key.begin() + 16, key.begin() + 16);
  EXPECT_EQ(Xts<Sm4>::from_key(std::span(key).first(32)).error(), Error::invalid_argument);
  EXPECT_EQ(Xts<Aes128>::from_key(std::span(key).first(32)).error(), Error::invalid_argument);
}

}  // namespace
}  // namespace axiom::test
