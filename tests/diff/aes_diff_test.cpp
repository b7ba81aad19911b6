// Differential tests: every AES kernel (ECB, CBC, CTR, CFB, OFB, CMAC) and every AES x GHASH kernel
// pair (GCM) against the portable kernels, at every awkward length, unaligned, in place, with the
// output ending at a guard page, and through random streaming splits.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <tuple>

#include "aes/aes_kernel.hpp"
#include "axiom/aes.hpp"
#include "axiom/gcm.hpp"
#include "axiom/modes.hpp"
#include "gcm/gcm_kernel.hpp"
#include "ghash/ghash_kernel.hpp"
#include "support/aes_helpers.hpp"
#include "support/block_cipher_diff.hpp"
#include "support/kernel_pairs.hpp"
#include "support/kernels.hpp"
#include "support/test_kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

using Kernel = const detail::AesKernel*;
using Aes = Aes256;  // the code paths are the same for every key size but the round count
constexpr std::size_t dense = 1100;

class AesDiff : public KernelTest<detail::AesKernel> {};

// each_key calls check(ref, mine) with the portable kernel and the kernel under test keyed
// alike, for each key size.
template <class Check>
void each_key(const detail::AesKernel& kernel, Check check) {
  Prng rng(test_seed());
  for (std::size_t key_size : {16u, 24u, 32u}) {
    const Bytes key = rng.bytes(key_size);
    with_key_size(key_size, [&](auto k) {
      constexpr std::size_t K = decltype(k)::value;
      check(AesCipher<K>(fixed<K>(key), detail::aes_portable), AesCipher<K>(fixed<K>(key), kernel));
    });
  }
}

TEST_P(AesDiff, Ecb) {
  each_key(*GetParam(), [](const auto& ref, const auto& mine) { diff_ecb(ref, mine, dense); });
}

TEST_P(AesDiff, Cbc) {
  each_key(*GetParam(), [](const auto& ref, const auto& mine) { diff_cbc(ref, mine, dense); });
}

TEST_P(AesDiff, Ctr) {
  // Counters that carry out of the low 64 bits and wrap the whole 128 bits within a message.
  each_key(*GetParam(), [](const auto& ref, const auto& mine) {
    diff_ctr(ref, mine, dense,
             {"000102030405060708090a0b0c0d0e0f", "0102030405060708fffffffffffffff0",
              "fffffffffffffffffffffffffffffffa"});
  });
}

TEST_P(AesDiff, CtrCarryAgainstDefinition) {
  // The 2^64 carry and the 2^128 wrap.
  const Bytes key = Prng(test_seed() + 9).bytes(16);
  ctr_against_definition(Aes128(fixed<16>(key), *GetParam()),
                         {"0102030405060708fffffffffffffff9", "fffffffffffffffffffffffffffffff3"});
}

TEST_P(AesDiff, CfbOfb) {
  each_key(*GetParam(), [](const auto& ref, const auto& mine) { diff_cfb_ofb(ref, mine, dense); });
}

TEST_P(AesDiff, Cmac) {
  each_key(*GetParam(), [](const auto& ref, const auto& mine) { diff_cmac(ref, mine, dense); });
}

TEST_P(AesDiff, StreamingSplits) {
  const Bytes key = Prng(test_seed() + 1).bytes(32);
  streaming_splits(Aes(fixed<32>(key), detail::aes_portable), Aes(fixed<32>(key), *GetParam()), 200,
                   200, 12);
}

INSTANTIATE_TEST_SUITE_P(Kernels, AesDiff, ::testing::ValuesIn(aes_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

using GcmDiff = KernelPairTest<detail::AesKernel, detail::GhashKernel>;

TEST_P(GcmDiff, SealOpenEveryLength) {
  Prng rng(test_seed() + 2);
  const Bytes buf = rng.bytes(65537 + 64);
  for (std::size_t key_size : {16u, 32u}) {
    const Bytes key = rng.bytes(key_size);
    with_key_size(key_size, [&](auto k) {
      constexpr std::size_t K = decltype(k)::value;
      const AesGcm<K> ref(fixed<K>(key), detail::aes_portable, detail::ghash_portable);
      const AesGcm<K> mine(fixed<K>(key), cipher_kernel(), mul_kernel());
      const detail::KernelInfo& slower =
          emulated(mul_kernel().info) ? mul_kernel().info : cipher_kernel().info;
      for (std::size_t n : Sweep(dense).for_kernel(slower.name).lengths()) {
        const Bytes nonce = rng.bytes(n % 3 == 0 ? 1 + rng.below(70) : 12);
        const auto aad = std::span(buf).subspan(n % 11, rng.below(300));
        const auto in = std::span(buf).subspan(n % 13, n);
        Bytes expected(n + 16), got(n + 16);
        ASSERT_TRUE(ref.seal(expected, nonce, aad, in).ok());
        ASSERT_TRUE(mine.seal(got, nonce, aad, in).ok());
        ASSERT_EQ(got, expected) << "key " << K << " length " << n << " seed " << rng.seed;
        // Open in place.
        Bytes inplace = got;
        ASSERT_TRUE(mine.open(std::span(inplace).first(n), nonce, aad, inplace).ok()) << n;
        ASSERT_TRUE(std::equal(in.begin(), in.end(), inplace.begin())) << n;
      }
    });
  }
}

AXIOM_KERNEL_PAIRS(GcmDiff, aes_test_kernels(), ghash_test_kernels());

// The fused GCM kernels through their own entry points, against portable AES (counter blocks
// written out with inc32) and portable GHASH: any number of blocks, counters that wrap their
// 32 bits inside a group, unaligned, in place.
void inc32(Bytes& c) {
  for (std::size_t j = 15; j >= 12 && ++c[j] == 0; --j) {
  }
}

class GcmFusedDiff : public KernelTest<detail::GcmFusedKernel> {};

TEST_P(GcmFusedDiff, AgainstPortable) {
  const detail::GcmFusedKernel& f = *GetParam();
  const detail::AesKernel* aes = fused_cipher(f);
  ASSERT_NE(aes, nullptr) << "the fused kernel's cipher kernel is not an AES kernel";
  Prng rng(test_seed() + 5);
  const Bytes buf = rng.bytes(16 * 200 + 64);
  for (std::size_t key_size : {16u, 24u, 32u}) {
    const Bytes key = rng.bytes(key_size);
    with_key_size(key_size, [&](auto k) {
      constexpr std::size_t K = decltype(k)::value;
      const AesCipher<K> mine(fixed<K>(key), *aes), ref(fixed<K>(key), detail::aes_portable);
      detail::GhashKey hk_mine, hk_ref;
      detail::gcm_init(*f.ghash, hk_mine, mine.block_ref());
      detail::gcm_init(detail::ghash_portable, hk_ref, ref.block_ref());
      for (std::size_t n : {0u, 1u, 2u, 14u, 15u, 16u, 17u, 30u, 31u, 32u, 33u, 48u, 64u, 65u, 127u,
                            128u, 129u, 200u}) {
        for (int call = 0; call < 4; ++call) {
          const bool open = call % 2 != 0, with_last = call >= 2;
          Bytes ctr = rng.bytes(16), y = rng.bytes(16);
          if (n % 2 == 0) ctr[12] = ctr[13] = ctr[14] = 0xff;  // the 32-bit counter wraps soon
          const auto in = std::span(buf).subspan(n % 7, 16 * n);
          // Reference: counter blocks with inc32, portable ECB, xor; GHASH of the ciphertext.
          Bytes ref_ctr = ctr, ref_y = y, blocks(16 * n), expected(16 * n);
          for (std::size_t i = 0; i < n; ++i) {
            std::memcpy(&blocks[16 * i], ref_ctr.data(), 16);
            inc32(ref_ctr);
          }
          ASSERT_TRUE(ref.encrypt_blocks(blocks, blocks).ok());
          for (std::size_t i = 0; i < 16 * n; ++i)
            expected[i] = static_cast<std::uint8_t>(in[i] ^ blocks[i]);
          // In place: the output buffer starts as a copy of the input; with_last also hashes a
          // last block (GCM's lengths block) after the message.
          const Bytes last = rng.bytes(16);
          Bytes got(in.begin(), in.end()), got_ctr = ctr, got_y = y;
          (open ? f.open : f.seal)(mine.block_ref().schedule, hk_mine, got_ctr.data(), got_y.data(),
                                   got.data(), got.data(), n, with_last ? last.data() : nullptr);
          detail::ghash_portable.blocks(hk_ref, ref_y.data(), open ? in.data() : expected.data(),
                                        n);
          if (with_last) detail::ghash_portable.blocks(hk_ref, ref_y.data(), last.data(), 1);
          ASSERT_EQ(got, expected) << "key " << K << " blocks " << n << (open ? " open" : " seal")
                                   << " seed " << rng.seed;
          ASSERT_EQ(got_ctr, ref_ctr) << n;
          ASSERT_EQ(got_y, ref_y) << n << (open ? " open" : " seal")
                                  << (with_last ? " with last" : "");
        }
      }
    });
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, GcmFusedDiff, ::testing::ValuesIn(gcm_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(GcmFusedDiff);

}  // namespace
}  // namespace axiom::test
