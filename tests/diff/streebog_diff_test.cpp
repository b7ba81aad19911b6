// Differential tests: every Streebog kernel against the portable one, at every awkward length,
// unaligned, through random streaming splits, with the input ending at a guard page; and the
// portable kernel against libgcrypt (GCRY_MD_STRIBOG256/512) on random inputs.
#include <gtest/gtest.h>

#include <algorithm>

#include "axiom/bytes.hpp"
#include "axiom/hmac.hpp"
#include "axiom/streebog.hpp"
#include "streebog/streebog_kernel.hpp"
#include "support/kernels.hpp"
#include "support/vectors.hpp"

#if AXIOM_HAVE_LIBGCRYPT
#include <gcrypt.h>
#endif

namespace axiom::test {
namespace {

using Kernel = const detail::StreebogKernel*;

class StreebogDiff : public ::testing::TestWithParam<Kernel> {
 protected:
  void SetUp() override { AXIOM_SKIP_UNLESS_RUNNABLE(GetParam()->info); }
  template <class H>
  static typename H::Digest reference(std::span<const std::uint8_t> data) {
    H h(detail::streebog_portable);
    h.update(data);
    return h.finish();
  }
  template <class H>
  typename H::Digest ours(std::span<const std::uint8_t> data) const {
    H h(*GetParam());
    h.update(data);
    return h.finish();
  }
};

TEST_P(StreebogDiff, EveryLengthAndOffset) {
  Prng rng(test_seed());
  const Bytes buf = rng.bytes(65537 + 64);
  // 0..1100: past 4 x 4 blocks of any multi-block kernel, and every tail length many times.
  for (std::size_t n : awkward_lengths(1100)) {
    const std::size_t offset = n % 16;
    const auto in = std::span(buf).subspan(offset, n);
    ASSERT_EQ(ours<Streebog512>(in), reference<Streebog512>(in))
        << "length " << n << " offset " << offset << " seed " << rng.seed;
    ASSERT_EQ(ours<Streebog256>(in), reference<Streebog256>(in))
        << "length " << n << " offset " << offset << " seed " << rng.seed;
  }
}

TEST_P(StreebogDiff, RandomStreamingSplits) {
  Prng rng(test_seed() + 1);
  for (int round = 0; round < 300; ++round) {
    const Bytes msg = rng.bytes(rng.below(3000));
    Streebog256 h(*GetParam());
    std::size_t pos = 0;
    while (pos < msg.size()) {
      const std::size_t take = std::min(msg.size() - pos, rng.below(200));
      h.update(std::span(msg).subspan(pos, take));
      pos += take;
    }
    ASSERT_EQ(h.finish(), reference<Streebog256>(msg)) << "round " << round << " seed " << rng.seed;
  }
}

TEST_P(StreebogDiff, CopyForksMidStream) {
  Prng rng(test_seed() + 2);
  const Bytes a = rng.bytes(100), b = rng.bytes(77), c = rng.bytes(130);
  Streebog512 h(*GetParam());
  h.update(a);
  Streebog512 fork = h;
  h.update(b);
  fork.update(c);
  Bytes ab = a, ac = a;
  ab.insert(ab.end(), b.begin(), b.end());
  ac.insert(ac.end(), c.begin(), c.end());
  EXPECT_EQ(h.finish(), reference<Streebog512>(ab));
  EXPECT_EQ(fork.finish(), reference<Streebog512>(ac));
  h.update(c);  // after finish the object starts over
  EXPECT_EQ(h.finish(), reference<Streebog512>(c));
}

TEST_P(StreebogDiff, InputEndsAtGuardPage) {
  Prng rng(test_seed() + 3);
  for (std::size_t n : {0u, 1u, 63u, 64u, 65u, 1000u, 4096u}) {
    GuardedBuffer g(n);
    const Bytes data = rng.bytes(n);
    std::copy(data.begin(), data.end(), g.span().begin());
    EXPECT_EQ(ours<Streebog256>(g.span()), reference<Streebog256>(data)) << n;
  }
}

TEST_P(StreebogDiff, HmacMatchesPortable) {
  Prng rng(test_seed() + 4);
  for (std::size_t keylen : {0u, 1u, 32u, 63u, 64u, 65u, 200u}) {
    const Bytes key = rng.bytes(keylen);
    for (std::size_t n : {0u, 1u, 63u, 64u, 1000u}) {
      const Bytes msg = rng.bytes(n);
      Hmac<Streebog512> ref(key, Streebog512(detail::streebog_portable)),
          mine(key, Streebog512(*GetParam()));
      ref.update(msg);
      mine.update(msg);
      EXPECT_EQ(mine.finish(), ref.finish()) << keylen << " " << n;
    }
  }
}

#if AXIOM_HAVE_LIBGCRYPT
TEST_P(StreebogDiff, MatchesLibgcrypt) {
  ASSERT_TRUE(gcry_check_version(nullptr));
  Prng rng(test_seed() + 5);
  for (std::size_t n : awkward_lengths(300)) {
    const Bytes msg = rng.bytes(n);
    std::uint8_t want256[32], want512[64];
    gcry_md_hash_buffer(GCRY_MD_STRIBOG256, want256, msg.data(), msg.size());
    gcry_md_hash_buffer(GCRY_MD_STRIBOG512, want512, msg.data(), msg.size());
    ASSERT_EQ(to_hex(ours<Streebog256>(msg)), to_hex(want256)) << n << " seed " << rng.seed;
    ASSERT_EQ(to_hex(ours<Streebog512>(msg)), to_hex(want512)) << n << " seed " << rng.seed;
  }
  // Messages of all-0xff blocks, whose sums carry through every word.
  for (std::size_t n : {64u, 128u, 640u, 4096u}) {
    const Bytes msg(n, 0xff);
    std::uint8_t want512[64];
    gcry_md_hash_buffer(GCRY_MD_STRIBOG512, want512, msg.data(), msg.size());
    ASSERT_EQ(to_hex(ours<Streebog512>(msg)), to_hex(want512)) << n;
  }
}
#endif

INSTANTIATE_TEST_SUITE_P(Kernels, StreebogDiff, ::testing::ValuesIn(detail::streebog_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

}  // namespace
}  // namespace axiom::test
