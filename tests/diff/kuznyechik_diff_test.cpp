// Differential tests: every Kuznyechik kernel (ECB both ways, CBC both ways, CTR, CFB, OFB, CMAC)
// against the table kernel (itself checked against the KATs and the portable kernel), at every
// awkward length, unaligned, in place, with the output ending at a guard page, and through
// random streaming splits.
#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>

#include "axiom/kuznyechik.hpp"
#include "axiom/mgm.hpp"
#include "axiom/modes.hpp"
#include "kuznyechik/kuznyechik_kernel.hpp"
#include "mgm/mgm_kernel.hpp"
#include "support/aes_helpers.hpp"
#include "support/block_cipher_diff.hpp"
#include "support/kernel_pairs.hpp"
#include "support/kernels.hpp"
#include "support/test_kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

using Kernel = const detail::KuznyechikKernel*;
// Every length over two batches of the widest kernel (64 blocks) and one byte; the emulated
// build, 50-500 times slower, every length through its first padded batch (33 blocks).
std::size_t dense(const detail::KuznyechikKernel& k) {
  return emulated(k.info) ? 34 * 16 : 2 * 64 * 16 + 1;
}

class KuznyechikDiff : public KernelTest<detail::KuznyechikKernel> {};

// each_key calls check(ref, mine) with the table kernel and the kernel under test keyed alike.
template <class Check>
void each_key(const detail::KuznyechikKernel& kernel, Check check) {
  const Bytes key = Prng(test_seed()).bytes(32);
  check(Kuznyechik(fixed<32>(key), detail::kuznyechik_tables), Kuznyechik(fixed<32>(key), kernel));
}

TEST_P(KuznyechikDiff, Ecb) {
  const std::size_t n = dense(*GetParam());
  each_key(*GetParam(),
           [n](const Kuznyechik& ref, const Kuznyechik& mine) { diff_ecb(ref, mine, n); });
}

// The table kernel against the portable one (the other kernels are compared with tables).
TEST(KuznyechikTables, AgreesWithPortable) {
  Prng rng(test_seed() + 3);
  const Bytes key = rng.bytes(32), in = rng.bytes(16 * 200);
  const Kuznyechik a(fixed<32>(key), detail::kuznyechik_tables),
      b(fixed<32>(key), detail::kuznyechik_portable);
  Bytes x(in.size()), y(in.size());
  ASSERT_TRUE(a.encrypt_blocks(x, in).ok());
  ASSERT_TRUE(b.encrypt_blocks(y, in).ok());
  EXPECT_EQ(x, y);
  ASSERT_TRUE(a.decrypt_blocks(x, in).ok());
  ASSERT_TRUE(b.decrypt_blocks(y, in).ok());
  EXPECT_EQ(x, y);
}

TEST_P(KuznyechikDiff, Cbc) {
  const std::size_t n = dense(*GetParam());
  each_key(*GetParam(),
           [n](const Kuznyechik& ref, const Kuznyechik& mine) { diff_cbc(ref, mine, n); });
}

TEST_P(KuznyechikDiff, Ctr) {
  // GOST counters (IV || 0^64) and counters that carry out of the low 64 bits and wrap.
  const std::size_t n = dense(*GetParam());
  each_key(*GetParam(), [n](const Kuznyechik& ref, const Kuznyechik& mine) {
    diff_ctr(ref, mine, n,
             {"1234567890abcef00000000000000000", "0102030405060708fffffffffffffff0",
              "fffffffffffffffffffffffffffffffa"});
  });
}

TEST_P(KuznyechikDiff, CfbOfb) {
  // Every length up to a batch of 32 (CFB's) and 17 bytes: the dense range above made this test
  // take 26 s on the portable kernel (5 min under ASan) for no more coverage.
  const std::size_t n = emulated(GetParam()->info) ? 100 : 32 * 16 + 17;
  each_key(*GetParam(),
           [n](const Kuznyechik& ref, const Kuznyechik& mine) { diff_cfb_ofb(ref, mine, n); });
}

TEST_P(KuznyechikDiff, Cmac) {
  const std::size_t n = dense(*GetParam());
  each_key(*GetParam(),
           [n](const Kuznyechik& ref, const Kuznyechik& mine) { diff_cmac(ref, mine, n); });
}

TEST_P(KuznyechikDiff, StreamingSplits) {
  each_key(*GetParam(), [](const Kuznyechik& ref, const Kuznyechik& mine) {
    streaming_splits(ref, mine, 100, 700, 40);
  });
}

INSTANTIATE_TEST_SUITE_P(Kernels, KuznyechikDiff, ::testing::ValuesIn(kuznyechik_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

// MGM: every cipher kernel with every multiplication kernel against tables + portable, at
// every awkward length of plaintext and AAD, unaligned, opened in place.
using MgmDiff = KernelPairTest<detail::KuznyechikKernel, detail::MgmKernel>;

TEST_P(MgmDiff, SealOpenEveryLength) {
  Prng rng(test_seed() + 4);
  const Bytes buf = rng.bytes(65537 + 64), key = rng.bytes(32);
  const KuznyechikMgm ref(Kuznyechik(fixed<32>(key), detail::kuznyechik_tables),
                          detail::mgm_portable);
  const KuznyechikMgm mine(Kuznyechik(fixed<32>(key), cipher_kernel()), mul_kernel());
  const bool slow = emulated(cipher_kernel().info) || emulated(mul_kernel().info);
  for (std::size_t n : awkward_lengths(slow ? 300 : dense(cipher_kernel()))) {
    Bytes nonce = rng.bytes(16);
    nonce[0] &= 0x7f;
    const auto aad = std::span(buf).subspan(n % 11, rng.below(600));
    const auto in = std::span(buf).subspan(n % 13, n);
    Bytes expected(n + 16), got(n + 16);
    ASSERT_TRUE(ref.seal(expected, nonce, aad, in).ok());
    ASSERT_TRUE(mine.seal(got, nonce, aad, in).ok());
    ASSERT_EQ(got, expected) << "length " << n << " seed " << rng.seed;
    Bytes inplace = got;
    ASSERT_TRUE(mine.open(std::span(inplace).first(n), nonce, aad, inplace).ok()) << n;
    ASSERT_TRUE(std::equal(in.begin(), in.end(), inplace.begin())) << n;
  }
}

// The encryption counter counts in its low 64 bits only (incr_r), the authentication counter in
// its high 64 bits (incr_l). Nonces are made by decryption so that Y_1's low half or Z_1's high
// half is 2^64 - 3, and seal is checked against a model of RFC 9058 built on single blocks.
TEST_P(MgmDiff, CountersWrapInTheirHalf) {
  Prng rng(test_seed() + 5);
  const Bytes key = rng.bytes(32), msg = rng.bytes(16 * 9 + 5), aad = rng.bytes(16 * 3 + 1);
  const Kuznyechik cipher(fixed<32>(key), cipher_kernel());
  const KuznyechikMgm mine(cipher, mul_kernel());
  for (int half : {8, 0}) {  // 8: wrap Y's low half; 0: wrap Z's high half
    Bytes nonce;
    for (int tries = 0; tries < 64 && nonce.empty(); ++tries) {
      Bytes want = rng.bytes(16);
      std::fill(want.begin() + half, want.begin() + half + 8, 0xff);
      want[static_cast<std::size_t>(half + 7)] = 0xfd;
      cipher.decrypt_block(std::span<std::uint8_t, 16>(want.data(), 16));
      // Y_1 = E(0 || nonce) needs a top bit 0, Z_1 = E(1 || nonce) a top bit 1.
      if (((want[0] >> 7) == 1) == (half == 0)) nonce = want;
    }
    ASSERT_FALSE(nonce.empty());
    nonce[0] &= 0x7f;
    std::uint8_t y[16], z[16];
    std::copy(nonce.begin(), nonce.end(), y);
    std::copy(nonce.begin(), nonce.end(), z);
    z[0] |= 0x80;
    cipher.encrypt_block(y);
    cipher.encrypt_block(z);
    const auto incr = [](std::uint8_t* c) {
      for (int b = 7; b >= 0; --b)
        if (++c[b] != 0) break;
    };
    Bytes ct(msg.size());
    for (std::size_t i = 0; i < msg.size(); i += 16, incr(y + 8)) {
      std::uint8_t k[16];
      cipher.encrypt_block(k, y);
      for (std::size_t j = 0; j < 16 && i + j < msg.size(); ++j) ct[i + j] = msg[i + j] ^ k[j];
    }
    std::uint8_t acc[16] = {};
    const auto absorb = [&](const std::uint8_t* p, std::size_t n) {
      for (std::size_t i = 0; i < n; i += 16, incr(z)) {
        std::uint8_t h[16], a[16] = {};
        std::copy(p + i, p + std::min(n, i + 16), a);
        cipher.encrypt_block(h, z);
        detail::mgm_portable.mac(acc, h, a, 1);
      }
    };
    absorb(aad.data(), aad.size());
    absorb(ct.data(), ct.size());
    std::uint8_t len[16] = {};
    len[7] = static_cast<std::uint8_t>(aad.size() * 8),
    len[6] = static_cast<std::uint8_t>(aad.size() * 8 >> 8);
    len[15] = static_cast<std::uint8_t>(msg.size() * 8),
    len[14] = static_cast<std::uint8_t>(msg.size() * 8 >> 8);
    absorb(len, 16);
    std::uint8_t tag[16];
    cipher.encrypt_block(tag, acc);
    Bytes got(msg.size() + 16), want(ct);
    want.insert(want.end(), tag, tag + 16);
    ASSERT_TRUE(mine.seal(got, nonce, aad, msg).ok());
    EXPECT_EQ(got, want) << "half " << half;
  }
}

AXIOM_KERNEL_PAIRS(MgmDiff, kuznyechik_test_kernels(), mgm_test_kernels());

}  // namespace
}  // namespace axiom::test
