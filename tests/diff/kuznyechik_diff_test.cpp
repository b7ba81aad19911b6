// Differential tests: every Kuznyechik kernel (ECB both ways, CBC both ways, CTR, CMAC)
// against the table kernel (itself checked against the KATs and the portable kernel), at every
// awkward length, unaligned, in place, with the output ending at a guard page, and through
// random streaming splits.
#include <gtest/gtest.h>

#include <algorithm>

#include "axiom/kuznyechik.hpp"
#include "axiom/modes.hpp"
#include "kuznyechik/kuznyechik_kernel.hpp"
#include "support/aes_helpers.hpp"
#include "support/kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

using Kernel = const detail::KuznyechikKernel*;
constexpr std::size_t dense = 4 * 32 * 16 + 1;  // four batches of the widest kernel, and one byte

class KuznyechikDiff : public ::testing::TestWithParam<Kernel> {
 protected:
  void SetUp() override { AXIOM_SKIP_UNLESS_RUNNABLE(GetParam()->info); }
};

// Runs op(cipher, out, in) for the kernel under test and the reference at every awkward length
// (rounded down to blocks when whole), unaligned, and in place.
template <class Op>
void compare_all(const detail::KuznyechikKernel& kernel, bool whole_blocks, Op op) {
  Prng rng(test_seed());
  const Bytes buf = rng.bytes(65537 + 64), key = rng.bytes(32);
  const Kuznyechik ref(fixed<32>(key), detail::kuznyechik_tables), mine(fixed<32>(key), kernel);
  for (std::size_t n : awkward_lengths(dense)) {
    if (whole_blocks) n -= n % 16;
    const std::size_t in_off = n % 7, out_off = n % 5;
    const auto in = std::span(buf).subspan(in_off, n);
    Bytes expected(n), got(n + 8), inplace(in.begin(), in.end());
    op(ref, std::span(expected), in);
    op(mine, std::span(got).subspan(out_off, n), in);
    ASSERT_TRUE(std::equal(expected.begin(), expected.end(), got.begin() + static_cast<long>(out_off)))
        << "length " << n << " seed " << rng.seed;
    op(mine, std::span(inplace), std::span<const std::uint8_t>(inplace));
    ASSERT_EQ(inplace, expected) << "in place, length " << n << " seed " << rng.seed;
  }
  for (std::size_t n : {0u, 16u, 48u, 256u, 4096u}) {  // output ending at a guard page
    GuardedBuffer g(n);
    const Bytes in = rng.bytes(n);
    Bytes expected(n);
    op(ref, std::span(expected), std::span<const std::uint8_t>(in));
    op(mine, g.span(), std::span<const std::uint8_t>(in));
    ASSERT_TRUE(std::equal(expected.begin(), expected.end(), g.span().begin())) << n;
  }
}

TEST_P(KuznyechikDiff, Ecb) {
  compare_all(*GetParam(), true, [](const Kuznyechik& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
    ASSERT_TRUE(c.encrypt_blocks(out, in).ok());
  });
  compare_all(*GetParam(), true, [](const Kuznyechik& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
    ASSERT_TRUE(c.decrypt_blocks(out, in).ok());
  });
}

// The table kernel against the portable one (the other kernels are compared with tables).
TEST(KuznyechikTables, AgreesWithPortable) {
  Prng rng(test_seed() + 3);
  const Bytes key = rng.bytes(32), in = rng.bytes(16 * 200);
  const Kuznyechik a(fixed<32>(key), detail::kuznyechik_tables), b(fixed<32>(key), detail::kuznyechik_portable);
  Bytes x(in.size()), y(in.size());
  ASSERT_TRUE(a.encrypt_blocks(x, in).ok());
  ASSERT_TRUE(b.encrypt_blocks(y, in).ok());
  EXPECT_EQ(x, y);
  ASSERT_TRUE(a.decrypt_blocks(x, in).ok());
  ASSERT_TRUE(b.decrypt_blocks(y, in).ok());
  EXPECT_EQ(x, y);
}

TEST_P(KuznyechikDiff, Cbc) {
  const Bytes iv = Prng(5).bytes(16);
  compare_all(*GetParam(), true, [&](const Kuznyechik& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
    Cbc<Kuznyechik> m(c, fixed<16>(iv));
    ASSERT_TRUE(m.encrypt(out, in).ok());
  });
  compare_all(*GetParam(), true, [&](const Kuznyechik& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
    Cbc<Kuznyechik> m(c, fixed<16>(iv));
    ASSERT_TRUE(m.decrypt(out, in).ok());
  });
}

TEST_P(KuznyechikDiff, Ctr) {
  // GOST counters (IV || 0^64) and counters that carry out of the low 64 bits and wrap.
  for (const char* iv_hex : {"1234567890abcef00000000000000000", "0102030405060708fffffffffffffff0",
                             "fffffffffffffffffffffffffffffffa"}) {
    const Bytes iv = hex(iv_hex);
    compare_all(*GetParam(), false, [&](const Kuznyechik& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
      Ctr<Kuznyechik> m(c, fixed<16>(iv));
      ASSERT_TRUE(m.apply(out, in).ok());
    });
  }
}

TEST_P(KuznyechikDiff, Cmac) {
  compare_all(*GetParam(), false, [](const Kuznyechik& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
    Cmac<Kuznyechik> m(c);
    m.update(in);
    std::uint8_t tag[16];
    m.finish(tag);
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = tag[i % 16];
  });
}

TEST_P(KuznyechikDiff, StreamingSplits) {
  Prng rng(test_seed() + 1);
  const Bytes key = rng.bytes(32), iv = rng.bytes(16);
  const Kuznyechik ref(fixed<32>(key), detail::kuznyechik_tables), mine(fixed<32>(key), *GetParam());
  for (int round = 0; round < 100; ++round) {
    const std::size_t n = rng.below(3000);
    const Bytes msg = rng.bytes(n);
    Bytes whole(n), pieces(n);
    Ctr<Kuznyechik> a(ref, fixed<16>(iv)), b(mine, fixed<16>(iv));
    ASSERT_TRUE(a.apply(whole, msg).ok());
    Cmac<Kuznyechik> ma(ref), mb(mine);
    ma.update(msg);
    std::size_t pos = 0;
    while (pos < n) {
      const std::size_t take = std::min(n - pos, rng.below(700));
      ASSERT_TRUE(b.apply(std::span(pieces).subspan(pos, take), std::span(msg).subspan(pos, take)).ok());
      mb.update(std::span(msg).subspan(pos, take));
      pos += take;
    }
    ASSERT_EQ(pieces, whole) << "round " << round << " seed " << rng.seed;
    std::uint8_t ta[16], tb[16];
    ma.finish(ta);
    mb.finish(tb);
    ASSERT_TRUE(std::equal(ta, ta + 16, tb)) << "round " << round;
    const std::size_t nb = n / 16 * 16;
    Bytes cw(nb), cp(nb);
    Cbc<Kuznyechik> ca(ref, fixed<16>(iv)), cb(mine, fixed<16>(iv));
    ASSERT_TRUE(ca.decrypt(cw, std::span(msg).first(nb)).ok());
    for (pos = 0; pos < nb;) {
      const std::size_t take = std::min(nb - pos, 16 * rng.below(40));
      ASSERT_TRUE(cb.decrypt(std::span(cp).subspan(pos, take), std::span(msg).subspan(pos, take)).ok());
      pos += take;
    }
    ASSERT_EQ(cp, cw) << "round " << round;
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, KuznyechikDiff, ::testing::ValuesIn(detail::kuznyechik_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

}  // namespace
}  // namespace axiom::test
