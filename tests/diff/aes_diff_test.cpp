// Differential tests: every AES kernel (ECB, CBC, CTR, CMAC) and every AES x GHASH kernel pair
// (GCM) against the portable kernels, at every awkward length, unaligned, in place, with the
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
#include "support/kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

using Kernel = const detail::AesKernel*;
using Aes = Aes256;  // the code paths are the same for every key size but the round count
constexpr std::size_t dense = 1100;

class AesDiff : public ::testing::TestWithParam<Kernel> {
 protected:
  void SetUp() override { AXIOM_SKIP_UNLESS_RUNNABLE(GetParam()->info); }
};

// Runs op(cipher, out, in) for the kernel under test and portable, for each key size, at every
// awkward length (rounded down to blocks when whole), unaligned, and in place.
template <class Op>
void compare_all(const detail::AesKernel& kernel, bool whole_blocks, Op op) {
  Prng rng(test_seed());
  const Bytes buf = rng.bytes(65537 + 64);
  for (std::size_t key_size : {16u, 24u, 32u}) {
    const Bytes key = rng.bytes(key_size);
    with_key_size(key_size, [&](auto k) {
      constexpr std::size_t K = decltype(k)::value;
      const AesCipher<K> ref(fixed<K>(key), detail::aes_portable), mine(fixed<K>(key), kernel);
      for (std::size_t n : awkward_lengths(dense)) {
        if (whole_blocks) n -= n % 16;
        const std::size_t in_off = n % 7, out_off = n % 5;
        const auto in = std::span(buf).subspan(in_off, n);
        Bytes expected(n), got(n + 8), inplace(in.begin(), in.end());
        op(ref, std::span(expected), in);
        op(mine, std::span(got).subspan(out_off, n), in);
        ASSERT_TRUE(std::equal(expected.begin(), expected.end(), got.begin() + static_cast<long>(out_off)))
            << "key " << K << " length " << n << " seed " << rng.seed;
        op(mine, std::span(inplace), std::span<const std::uint8_t>(inplace));
        ASSERT_EQ(inplace, expected) << "in place, key " << K << " length " << n << " seed " << rng.seed;
      }
      for (std::size_t n : {0u, 16u, 48u, 256u, 4096u}) {  // output ending at a guard page
        GuardedBuffer g(n);
        const Bytes in = rng.bytes(n);
        Bytes expected(n);
        op(ref, std::span(expected), std::span<const std::uint8_t>(in));
        op(mine, g.span(), std::span<const std::uint8_t>(in));
        ASSERT_TRUE(std::equal(expected.begin(), expected.end(), g.span().begin())) << n;
      }
    });
  }
}

TEST_P(AesDiff, Ecb) {
  compare_all(*GetParam(), true, [](const auto& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
    ASSERT_TRUE(c.encrypt_blocks(out, in).ok());
  });
  compare_all(*GetParam(), true, [](const auto& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
    ASSERT_TRUE(c.decrypt_blocks(out, in).ok());
  });
}

TEST_P(AesDiff, Cbc) {
  const Bytes iv = Prng(5).bytes(16);
  compare_all(*GetParam(), true, [&](const auto& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
    Cbc<std::decay_t<decltype(c)>> m(c, fixed<16>(iv));
    ASSERT_TRUE(m.encrypt(out, in).ok());
  });
  compare_all(*GetParam(), true, [&](const auto& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
    Cbc<std::decay_t<decltype(c)>> m(c, fixed<16>(iv));
    ASSERT_TRUE(m.decrypt(out, in).ok());
  });
}

TEST_P(AesDiff, Ctr) {
  // Counters that carry out of the low 64 bits and wrap the whole 128 bits within a message.
  for (const char* iv_hex : {"000102030405060708090a0b0c0d0e0f", "0102030405060708fffffffffffffff0",
                             "fffffffffffffffffffffffffffffffa"}) {
    const Bytes iv = hex(iv_hex);
    compare_all(*GetParam(), false, [&](const auto& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
      Ctr<std::decay_t<decltype(c)>> m(c, fixed<16>(iv));
      ASSERT_TRUE(m.apply(out, in).ok());
    });
  }
}

TEST_P(AesDiff, CtrCarryAgainstDefinition) {
  // The 2^64 carry and the 2^128 wrap, checked against ECB of explicit counter blocks.
  Prng rng(test_seed() + 9);
  const Bytes key = rng.bytes(16);
  const Aes128 aes(fixed<16>(key), *GetParam());
  for (const char* iv_hex : {"0102030405060708fffffffffffffff9", "fffffffffffffffffffffffffffffff3"}) {
    const Bytes iv = hex(iv_hex);
    Bytes counters(16 * 40), expected(16 * 40), got(16 * 40), zeros(16 * 40, 0);
    Bytes c = iv;
    for (std::size_t i = 0; i < 40; ++i) {
      std::copy(c.begin(), c.end(), counters.begin() + static_cast<long>(16 * i));
      for (int j = 15; j >= 0; --j)
        if (++c[static_cast<std::size_t>(j)] != 0) break;
    }
    ASSERT_TRUE(aes.encrypt_blocks(expected, counters).ok());
    Ctr<Aes128> ctr(aes, fixed<16>(iv));
    ASSERT_TRUE(ctr.apply(got, zeros).ok());
    EXPECT_EQ(got, expected) << iv_hex;
  }
}

TEST_P(AesDiff, Cmac) {
  compare_all(*GetParam(), false, [](const auto& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
    Cmac<std::decay_t<decltype(c)>> m(c);
    m.update(in);
    std::uint8_t tag[16];
    m.finish(tag);
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = tag[i % 16];  // spread over the output
  });
}

TEST_P(AesDiff, StreamingSplits) {
  Prng rng(test_seed() + 1);
  const Bytes key = rng.bytes(32), iv = rng.bytes(16);
  const Aes ref(fixed<32>(key), detail::aes_portable), mine(fixed<32>(key), *GetParam());
  for (int round = 0; round < 200; ++round) {
    const std::size_t n = rng.below(3000);
    const Bytes msg = rng.bytes(n);
    Bytes whole(n), pieces(n);
    Ctr<Aes> a(ref, fixed<16>(iv)), b(mine, fixed<16>(iv));
    ASSERT_TRUE(a.apply(whole, msg).ok());
    Cmac<Aes> ma(ref), mb(mine);
    ma.update(msg);
    std::size_t pos = 0;
    while (pos < n) {
      const std::size_t take = std::min(n - pos, rng.below(200));
      ASSERT_TRUE(b.apply(std::span(pieces).subspan(pos, take), std::span(msg).subspan(pos, take)).ok());
      mb.update(std::span(msg).subspan(pos, take));
      pos += take;
    }
    ASSERT_EQ(pieces, whole) << "round " << round << " seed " << rng.seed;
    std::uint8_t ta[16], tb[16];
    ma.finish(ta);
    mb.finish(tb);
    ASSERT_TRUE(std::equal(ta, ta + 16, tb)) << "round " << round;
    // seek to any byte offset gives the same keystream.
    const std::size_t off = rng.below(n + 1);
    Ctr<Aes> s(mine, fixed<16>(iv));
    s.seek(off);
    Bytes tail(n - off);
    ASSERT_TRUE(s.apply(tail, std::span(msg).subspan(off)).ok());
    ASSERT_TRUE(std::equal(tail.begin(), tail.end(), whole.begin() + static_cast<long>(off))) << off;
    // CBC in pieces of whole blocks equals one call.
    const std::size_t nb = n / 16 * 16;
    Bytes cw(nb), cp(nb);
    Cbc<Aes> ca(ref, fixed<16>(iv)), cb(mine, fixed<16>(iv));
    ASSERT_TRUE(ca.encrypt(cw, std::span(msg).first(nb)).ok());
    for (pos = 0; pos < nb;) {
      const std::size_t take = std::min(nb - pos, 16 * rng.below(12));
      ASSERT_TRUE(cb.encrypt(std::span(cp).subspan(pos, take), std::span(msg).subspan(pos, take)).ok());
      pos += take;
    }
    ASSERT_EQ(cp, cw) << "round " << round;
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, AesDiff, ::testing::ValuesIn(detail::aes_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

using GcmKernels = std::tuple<const detail::AesKernel*, const detail::GhashKernel*>;

class GcmDiff : public ::testing::TestWithParam<GcmKernels> {
 protected:
  void SetUp() override {
    AXIOM_SKIP_UNLESS_RUNNABLE(std::get<0>(GetParam())->info);
    AXIOM_SKIP_UNLESS_RUNNABLE(std::get<1>(GetParam())->info);
  }
};

TEST_P(GcmDiff, SealOpenEveryLength) {
  Prng rng(test_seed() + 2);
  const Bytes buf = rng.bytes(65537 + 64);
  for (std::size_t key_size : {16u, 32u}) {
    const Bytes key = rng.bytes(key_size);
    with_key_size(key_size, [&](auto k) {
      constexpr std::size_t K = decltype(k)::value;
      const AesGcm<K> ref(fixed<K>(key), detail::aes_portable, detail::ghash_portable);
      const AesGcm<K> mine(fixed<K>(key), *std::get<0>(GetParam()), *std::get<1>(GetParam()));
      for (std::size_t n : awkward_lengths(dense)) {
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

INSTANTIATE_TEST_SUITE_P(Kernels, GcmDiff,
                         ::testing::Combine(::testing::ValuesIn(detail::aes_kernels()),
                                            ::testing::ValuesIn(detail::ghash_kernels())),
                         [](const auto& p) {
                           return kernel_test_name(std::get<0>(p.param)->info) + "_" +
                                  kernel_test_name(std::get<1>(p.param)->info);
                         });

// The fused GCM kernels through their own entry points, against portable AES (counter blocks
// written out with inc32) and portable GHASH: any number of blocks, counters that wrap their
// 32 bits inside a group, unaligned, in place.
void inc32(Bytes& c) {
  for (std::size_t j = 15; j >= 12 && ++c[j] == 0; --j) {
  }
}

class GcmFusedDiff : public ::testing::TestWithParam<const detail::GcmFusedKernel*> {
 protected:
  void SetUp() override { AXIOM_SKIP_UNLESS_RUNNABLE(GetParam()->info); }
};

TEST_P(GcmFusedDiff, AgainstPortable) {
  const detail::GcmFusedKernel& f = *GetParam();
  const detail::AesKernel* aes = nullptr;
  for (const detail::AesKernel* k : detail::aes_kernels())
    if (&k->ops == f.cipher) aes = k;
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
      for (std::size_t n : {0u, 1u, 2u, 14u, 15u, 16u, 17u, 30u, 31u, 32u, 33u, 48u, 64u, 65u, 127u, 128u, 129u, 200u}) {
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
          for (std::size_t i = 0; i < 16 * n; ++i) expected[i] = static_cast<std::uint8_t>(in[i] ^ blocks[i]);
          // In place: the output buffer starts as a copy of the input; with_last also hashes a
          // last block (GCM's lengths block) after the message.
          const Bytes last = rng.bytes(16);
          Bytes got(in.begin(), in.end()), got_ctr = ctr, got_y = y;
          (open ? f.open : f.seal)(mine.block_ref().schedule, hk_mine, got_ctr.data(), got_y.data(), got.data(),
                                   got.data(), n, with_last ? last.data() : nullptr);
          detail::ghash_portable.blocks(hk_ref, ref_y.data(), open ? in.data() : expected.data(), n);
          if (with_last) detail::ghash_portable.blocks(hk_ref, ref_y.data(), last.data(), 1);
          ASSERT_EQ(got, expected) << "key " << K << " blocks " << n << (open ? " open" : " seal") << " seed "
                                   << rng.seed;
          ASSERT_EQ(got_ctr, ref_ctr) << n;
          ASSERT_EQ(got_y, ref_y) << n << (open ? " open" : " seal") << (with_last ? " with last" : "");
        }
      }
    });
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, GcmFusedDiff, ::testing::ValuesIn(detail::gcm_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(GcmFusedDiff);

}  // namespace
}  // namespace axiom::test
