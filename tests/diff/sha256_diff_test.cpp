// Differential tests: every SHA-256 kernel against the portable one, at every awkward length,
// unaligned, through random streaming splits, and with the input ending at a guard page.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "axiom/bytes.hpp"
#include "axiom/hmac.hpp"
#include "axiom/sha256.hpp"
#include "sha256/sha256_kernel.hpp"
#include "support/kernels.hpp"
#include "support/test_kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

using Kernel = const detail::Sha256Kernel*;

class Sha256Diff : public KernelTest<detail::Sha256Kernel> {
 protected:
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
    ASSERT_EQ(ours(in), reference(in))
        << "length " << n << " offset " << offset << " seed " << rng.seed;
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

// update_many (two messages through compress_blocks_x2) equals separate updates, for every
// pair of awkward lengths, from any starting offset within a block, in random streams.
TEST_P(Sha256Diff, UpdateManyEqualsSeparateUpdates) {
  Prng rng(test_seed() + 5);
  const std::size_t lens[] = {0, 1, 55, 63, 64, 65, 127, 128, 129, 640, 1000, 4097};
  for (std::size_t la : lens)
    for (std::size_t lb : lens)
      for (std::size_t prefix : {0u, 5u}) {
        const Bytes pre = rng.bytes(prefix), a = rng.bytes(la), b = rng.bytes(lb),
                    c = rng.bytes(33);
        Sha256 ha(*GetParam()), hb(*GetParam()), hc(*GetParam());
        ha.update(pre);
        Sha256* hashers[] = {&ha, &hb, &hc};
        const std::span<const std::uint8_t> data[] = {a, b, c};
        ASSERT_TRUE(Sha256::update_many(hashers, data).ok());
        Bytes pa = pre;
        pa.insert(pa.end(), a.begin(), a.end());
        ASSERT_EQ(ha.finish(), reference(pa))
            << la << " " << lb << " " << prefix << " seed " << rng.seed;
        ASSERT_EQ(hb.finish(), reference(b))
            << la << " " << lb << " " << prefix << " seed " << rng.seed;
        ASSERT_EQ(hc.finish(), reference(c));
      }
  for (int round = 0; round < 100; ++round) {
    const Bytes a = rng.bytes(rng.below(5000)), b = rng.bytes(rng.below(5000));
    Sha256 ha(*GetParam()), hb(*GetParam());
    std::size_t pa = 0, pb = 0;
    while (pa < a.size() || pb < b.size()) {
      const std::size_t ta = std::min(a.size() - pa, rng.below(700));
      const std::size_t tb = std::min(b.size() - pb, rng.below(700));
      Sha256* hashers[] = {&ha, &hb};
      const std::span<const std::uint8_t> data[] = {std::span(a).subspan(pa, ta),
                                                    std::span(b).subspan(pb, tb)};
      ASSERT_TRUE(Sha256::update_many(hashers, data).ok());
      pa += ta;
      pb += tb;
    }
    ASSERT_EQ(ha.finish(), reference(a)) << "round " << round << " seed " << rng.seed;
    ASSERT_EQ(hb.finish(), reference(b)) << "round " << round << " seed " << rng.seed;
  }
}

// update_many over 1..20 messages of unequal awkward lengths, unaligned, some with a partial
// block buffered first: sixteen at a time where the kernel has compress_blocks_x16 (lanes
// dropping out as messages end, unused ones filled), the rest in pairs and alone.
TEST_P(Sha256Diff, UpdateManyOfUpToTwentyMessages) {
  Prng rng(test_seed() + 6);
  const std::size_t lens[] = {0, 1, 55, 56, 63, 64, 65, 127, 128, 129, 1000, 4097, 8191};
  const Bytes buf = rng.bytes(21 * (8191 + 16 + 70));
  for (std::size_t n = 1; n <= 20; ++n) {
    for (int shape = 0; shape < 3; ++shape) {  // unequal lengths; all 640 bytes; all 4096
      std::vector<Sha256> h(n, Sha256(*GetParam()));
      std::vector<Bytes> whole(n);
      std::vector<std::span<const std::uint8_t>> data(n);
      std::vector<Sha256*> hashers(n);
      for (std::size_t i = 0; i < n; ++i) {
        const std::size_t len = shape == 0   ? lens[(7 * i + n) % std::size(lens)]
                                : shape == 1 ? 640
                                             : 4096;
        const std::size_t offset = i * (8191 + 16 + 70) + (5 * i + n) % 16;
        const std::size_t prefix = i % 3 == 1 ? (11 * i + n) % 70 : 0;
        const auto pre = std::span(buf).subspan(offset, prefix);
        data[i] = std::span(buf).subspan(offset + prefix, len);
        whole[i].assign(pre.begin(), pre.end());
        whole[i].insert(whole[i].end(), data[i].begin(), data[i].end());
        h[i].update(pre);
        hashers[i] = &h[i];
      }
      ASSERT_TRUE(Sha256::update_many(hashers, data).ok());
      for (std::size_t i = 0; i < n; ++i)
        ASSERT_EQ(h[i].finish(), reference(whole[i]))
            << n << " messages, shape " << shape << ", message " << i;
    }
  }
}

// compress_blocks_x16 itself: sixteen states and unaligned inputs, against one at a time; then
// with lanes 11 to 15 copies of lane 0 (its state and input), as update_many fills them.
TEST_P(Sha256Diff, SixteenLanesEqualOneAtATime) {
  if (GetParam()->compress_blocks_x16 == nullptr) GTEST_SKIP() << "no compress_blocks_x16";
  Prng rng(test_seed() + 7);
  for (const std::size_t used : {16u, 11u}) {
    for (const std::size_t nblocks : {0u, 1u, 2u, 5u}) {
      const Bytes buf = rng.bytes(16 * (64 * nblocks + 16) + 1);
      const Bytes init = rng.bytes(16 * 32);
      std::uint32_t ours[16][8], want[16][8];
      std::uint32_t* states[16];
      const std::uint8_t* blocks[16];
      for (std::size_t l = 0; l < 16; ++l) {
        std::memcpy(ours[l], init.data() + 32 * l, 32);
        std::memcpy(want[l], init.data() + 32 * l, 32);
        states[l] = l < used ? ours[l] : ours[0];
        blocks[l] = l < used ? buf.data() + l * (64 * nblocks + 16) + l % 16 + 1 : blocks[0];
        detail::sha256_portable.compress_blocks(want[l], blocks[l], nblocks);
      }
      GetParam()->compress_blocks_x16(states, blocks, nblocks);
      for (std::size_t l = 0; l < used; ++l)
        for (std::size_t j = 0; j < 8; ++j)
          ASSERT_EQ(ours[l][j], want[l][j])
              << used << " lanes used, " << nblocks << " blocks, lane " << l;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, Sha256Diff, ::testing::ValuesIn(sha256_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

}  // namespace
}  // namespace axiom::test
