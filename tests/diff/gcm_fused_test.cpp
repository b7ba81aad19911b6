// The fused GCM kernels' entries around the message pass: start (E(J0) and the first counter
// block for a 12-byte nonce) against portable AES; and a failed open through the API wiping
// outputs of every awkward length, separate or in place.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "axiom/gcm.hpp"
#include "aes/aes_kernel.hpp"
#include "axiom/aes.hpp"
#include "gcm/gcm_kernel.hpp"
#include "support/aes_helpers.hpp"
#include "support/kernels.hpp"
#include "support/test_kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

class GcmFusedEntries : public KernelTest<detail::GcmFusedKernel> {};

TEST_P(GcmFusedEntries, StartGivesEJ0AndTheFirstCounter) {
  const detail::GcmFusedKernel& f = *GetParam();
  const detail::AesKernel* aes = fused_cipher(f);
  ASSERT_NE(aes, nullptr) << "the fused kernel's cipher kernel is not an AES kernel";
  Prng rng(test_seed() + 12);
  for (std::size_t key_size : {16u, 24u, 32u}) {
    const Bytes key = rng.bytes(key_size);
    with_key_size(key_size, [&](auto k) {
      constexpr std::size_t K = decltype(k)::value;
      const AesCipher<K> mine(fixed<K>(key), *aes), ref(fixed<K>(key), detail::aes_portable);
      for (int i = 0; i < 50; ++i) {
        const Bytes buf = rng.bytes(13);
        const std::uint8_t* nonce = buf.data() + i % 2;  // unaligned too
        Bytes j0(nonce, nonce + 12), expected_ek(16);
        j0.insert(j0.end(), {0, 0, 0, 1});
        ASSERT_TRUE(ref.encrypt_blocks(expected_ek, j0).ok());
        Bytes ek(16), ctr(16);
        f.start(mine.block_ref().schedule, nonce, ek.data(), ctr.data());
        EXPECT_EQ(ek, expected_ek) << "key " << K;
        j0[15] = 2;
        EXPECT_EQ(ctr, j0) << "key " << K;
      }
    });
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, GcmFusedEntries, ::testing::ValuesIn(gcm_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(GcmFusedEntries);

TEST(GcmOpen, FailureWipesEveryLength) {
  Prng rng(test_seed() + 14);
  const Bytes key = rng.bytes(16), nonce = rng.bytes(12), aad = rng.bytes(5);
  const AesGcm128 g(fixed<16>(key));
  for (std::size_t n : {0u, 1u, 15u, 16u, 17u, 31u, 32u, 33u, 63u, 64u, 65u, 127u, 128u, 129u, 255u,
                        256u, 257u, 1000u, 4097u}) {
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
    EXPECT_EQ(g.open(std::span(inplace).first(n), nonce, aad, inplace).error(),
              Error::authentication_failed)
        << n;
    EXPECT_TRUE(std::all_of(inplace.begin(), inplace.begin() + static_cast<long>(n),
                            [](std::uint8_t b) { return b == 0; }))
        << n;
  }
}

}  // namespace
}  // namespace axiom::test
