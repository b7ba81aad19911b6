// GCM open's handling of the plaintext after the tag check: each fused kernel's mask (which
// keeps or wipes it without a branch) on every length and alignment, and a failed open through
// the API wiping outputs of every awkward length, separate or in place.
#include <gtest/gtest.h>

#include <algorithm>

#include "axiom/gcm.hpp"
#include "gcm/gcm_kernel.hpp"
#include "support/aes_helpers.hpp"
#include "support/kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

class GcmFusedMask : public ::testing::TestWithParam<const detail::GcmFusedKernel*> {
 protected:
  void SetUp() override { AXIOM_SKIP_UNLESS_RUNNABLE(GetParam()->info); }
};

TEST_P(GcmFusedMask, KeepsOrWipesExactlyTheRange) {
  Prng rng(test_seed() + 13);
  for (std::size_t n = 0; n <= 300; ++n) {
    for (std::size_t off = 0; off < 4; ++off) {
      const Bytes before = rng.bytes(n + 8);
      Bytes buf = before;
      GetParam()->mask(buf.data() + off, n, 0xff);
      ASSERT_EQ(buf, before) << "kept, length " << n << " offset " << off;
      GetParam()->mask(buf.data() + off, n, 0);
      for (std::size_t i = 0; i < buf.size(); ++i) {
        const bool inside = i >= off && i < off + n;
        ASSERT_EQ(buf[i], inside ? 0 : before[i]) << "wiped, length " << n << " offset " << off << " byte " << i;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, GcmFusedMask, ::testing::ValuesIn(detail::gcm_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(GcmFusedMask);

TEST(GcmOpen, FailureWipesEveryLength) {
  Prng rng(test_seed() + 14);
  const Bytes key = rng.bytes(16), nonce = rng.bytes(12), aad = rng.bytes(5);
  const AesGcm128 g(fixed<16>(key));
  for (std::size_t n : {0u, 1u, 15u, 16u, 17u, 31u, 32u, 33u, 63u, 64u, 65u, 127u, 128u, 129u, 255u, 256u, 257u,
                        1000u, 4097u}) {
    const Bytes msg = rng.bytes(n);
    Bytes sealed(n + 16);
    ASSERT_TRUE(g.seal(sealed, nonce, aad, msg).ok());
    Bytes out(n, 0xaa);
    ASSERT_TRUE(g.open(out, nonce, aad, sealed).ok()) << n;
    ASSERT_EQ(out, msg) << n;
    sealed[n] ^= 0x40;  // the tag's first byte
    out.assign(n, 0xaa);
    EXPECT_EQ(g.open(out, nonce, aad, sealed).error(), Error::authentication_failed) << n;
    EXPECT_EQ(out, Bytes(n, 0)) << n;
    // In place: the ciphertext is decrypted over itself, then wiped.
    Bytes inplace = sealed;
    EXPECT_EQ(g.open(std::span(inplace).first(n), nonce, aad, inplace).error(), Error::authentication_failed) << n;
    EXPECT_TRUE(std::all_of(inplace.begin(), inplace.begin() + static_cast<long>(n), [](std::uint8_t b) { return b == 0; }))
        << n;
  }
}

}  // namespace
}  // namespace axiom::test
