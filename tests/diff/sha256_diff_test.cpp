// Differential tests: every SHA-256 kernel against the portable one, at every awkward length,
// unaligned, through random streaming splits, and with the input ending at a guard page.
#include <gtest/gtest.h>

#include <algorithm>

#include "axiom/bytes.hpp"
#include "axiom/hmac.hpp"
#include "axiom/sha256.hpp"
#include "sha256/sha256_kernel.hpp"
#include "support/kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

using Kernel = const detail::Sha256Kernel*;

class Sha256Diff : public ::testing::TestWithParam<Kernel> {
 protected:
  void SetUp() override { AXIOM_SKIP_UNLESS_RUNNABLE(GetParam()->info); }
  static Sha256::Digest reference(std::span<const std::uint8_t> data) {
    Sha256 h(detail::sha256_portable);
    h.update(data);
    return h.finish();
  }
  Sha256::Digest ours(std::span<const std::uint8_t> data) const {
    Sha256 h(*GetParam());
    h.update(data);
    return h.finish();
  }
};

TEST_P(Sha256Diff, EveryLengthAndOffset) {
  Prng rng(test_seed());
  const Bytes buf = rng.bytes(65537 + 64);
  for (std::size_t n : awkward_lengths(1100)) {
    const std::size_t offset = n % 16;  // unaligned starts as well as aligned ones
    const auto in = std::span(buf).subspan(offset, n);
    ASSERT_EQ(ours(in), reference(in)) << "length " << n << " offset " << offset << " seed " << rng.seed;
  }
}

TEST_P(Sha256Diff, RandomStreamingSplits) {
  Prng rng(test_seed() + 1);
  for (int round = 0; round < 300; ++round) {
    const Bytes msg = rng.bytes(rng.below(3000));
    Sha256 h(*GetParam());
    std::size_t pos = 0;
    while (pos < msg.size()) {
      const std::size_t take = std::min(msg.size() - pos, rng.below(200));
      h.update(std::span(msg).subspan(pos, take));
      pos += take;
    }
    ASSERT_EQ(h.finish(), reference(msg)) << "round " << round << " seed " << rng.seed;
  }
}

TEST_P(Sha256Diff, CopyForksMidStream) {
  Prng rng(test_seed() + 2);
  const Bytes a = rng.bytes(100), b = rng.bytes(77), c = rng.bytes(130);
  Sha256 h(*GetParam());
  h.update(a);
  Sha256 fork = h;
  h.update(b);
  fork.update(c);
  Bytes ab = a, ac = a;
  ab.insert(ab.end(), b.begin(), b.end());
  ac.insert(ac.end(), c.begin(), c.end());
  EXPECT_EQ(h.finish(), reference(ab));
  EXPECT_EQ(fork.finish(), reference(ac));
  // After finish the object starts over.
  h.update(c);
  EXPECT_EQ(h.finish(), reference(c));
}

TEST_P(Sha256Diff, InputEndsAtGuardPage) {
  Prng rng(test_seed() + 3);
  for (std::size_t n : {0u, 1u, 63u, 64u, 65u, 1000u, 4096u}) {
    GuardedBuffer g(n);
    const Bytes data = rng.bytes(n);
    std::copy(data.begin(), data.end(), g.span().begin());
    EXPECT_EQ(ours(g.span()), reference(data)) << n;
  }
}

TEST_P(Sha256Diff, HmacMatchesPortable) {
  Prng rng(test_seed() + 4);
  for (std::size_t keylen : {0u, 1u, 32u, 63u, 64u, 65u, 200u}) {
    const Bytes key = rng.bytes(keylen);
    for (std::size_t n : {0u, 1u, 55u, 56u, 64u, 1000u}) {
      const Bytes msg = rng.bytes(n);
      Hmac<Sha256> ref(key, Sha256(detail::sha256_portable)), mine(key, Sha256(*GetParam()));
      ref.update(msg);
      mine.update(msg);
      EXPECT_EQ(mine.finish(), ref.finish()) << keylen << " " << n;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, Sha256Diff, ::testing::ValuesIn(detail::sha256_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

}  // namespace
}  // namespace axiom::test
