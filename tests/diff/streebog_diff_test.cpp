// Differential tests: every Streebog kernel against the portable one, at every awkward length,
// unaligned, through random streaming splits, with the input ending at a guard page; and the
// portable kernel against libgcrypt (GCRY_MD_STRIBOG256/512) on random inputs.
#include <gtest/gtest.h>

#include <algorithm>
#include <string_view>
#include <vector>

#include "axiom/bytes.hpp"
#include "axiom/hmac.hpp"
#include "axiom/streebog.hpp"
#include "streebog/streebog_kernel.hpp"
#include "support/kernels.hpp"
#include "support/test_kernels.hpp"
#include "support/vectors.hpp"

#if AXIOM_HAVE_LIBGCRYPT
#include <gcrypt.h>
#endif

namespace axiom::test {
namespace {

using Kernel = const detail::StreebogKernel*;

class StreebogDiff : public KernelTest<detail::StreebogKernel> {
 protected:
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
  // 0..1100: past 4 x 4 blocks of any multi-block kernel, and every tail length many times (an
  // emulated kernel: 0..300, past 4 blocks).
  for (std::size_t n : awkward_lengths(emulated(GetParam()->info) ? 300 : 1100)) {
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

// update_many (pairs of messages through compress_blocks_x2) equals separate updates: every
// pair from a set of lengths (0..1100 and several KiB, each hasher possibly mid-block), odd
// counts of hashers, an empty list, and random streams of two messages.
template <class H>
void check_update_many(const detail::StreebogKernel& k, Prng& rng) {
  auto reference = [](std::span<const std::uint8_t> msg) {
    H h(detail::streebog_portable);
    h.update(msg);
    return h.finish();
  };
  // An emulated kernel (50-500 times slower) gets fewer lengths and rounds.
  const bool slow = emulated(k.info);
  std::vector<std::size_t> lens = {0, 1, 63, 64, 65, 127, 128, 129, 1100, 4096, 5000, 9000};
  if (slow) lens = {0, 1, 64, 65, 129, 1100, 5000};
  for (int i = 0; i < (slow ? 2 : 8); ++i) lens.push_back(rng.below(1101));
  for (std::size_t la : lens)
    for (std::size_t lb : lens)
      for (std::size_t prefix : {0u, 5u}) {
        const Bytes pre = rng.bytes(prefix), a = rng.bytes(la), b = rng.bytes(lb),
                    c = rng.bytes(33);
        H ha(k), hb(k), hc(k);
        ha.update(pre);
        H* hashers[] = {&ha, &hb, &hc};
        const std::span<const std::uint8_t> data[] = {a, b, c};
        ASSERT_TRUE(H::update_many(hashers, data).ok());
        Bytes pa = pre;
        pa.insert(pa.end(), a.begin(), a.end());
        ASSERT_EQ(ha.finish(), reference(pa))
            << la << " " << lb << " " << prefix << " seed " << rng.seed;
        ASSERT_EQ(hb.finish(), reference(b))
            << la << " " << lb << " " << prefix << " seed " << rng.seed;
        ASSERT_EQ(hc.finish(), reference(c));
      }
  ASSERT_TRUE(H::update_many({}, {}).ok());
  for (int round = 0; round < (slow ? 10 : 30); ++round) {
    const Bytes a = rng.bytes(rng.below(5000)), b = rng.bytes(rng.below(5000));
    H ha(k), hb(k);
    std::size_t pa = 0, pb = 0;
    while (pa < a.size() || pb < b.size()) {
      const std::size_t ta = std::min(a.size() - pa, rng.below(700));
      const std::size_t tb = std::min(b.size() - pb, rng.below(700));
      H* hashers[] = {&ha, &hb};
      const std::span<const std::uint8_t> data[] = {std::span(a).subspan(pa, ta),
                                                    std::span(b).subspan(pb, tb)};
      ASSERT_TRUE(H::update_many(hashers, data).ok());
      pa += ta;
      pb += tb;
    }
    ASSERT_EQ(ha.finish(), reference(a)) << "round " << round << " seed " << rng.seed;
    ASSERT_EQ(hb.finish(), reference(b)) << "round " << round << " seed " << rng.seed;
  }
}

TEST_P(StreebogDiff, UpdateManyEqualsSeparateUpdates) {
  Prng rng(test_seed() + 6);
  check_update_many<Streebog256>(*GetParam(), rng);
  check_update_many<Streebog512>(*GetParam(), rng);
}

// The two chains of compress_blocks_x2 keep their own length counters and sums: all-0xff
// blocks after different prefixes, whose Σ carries through every word.
TEST_P(StreebogDiff, UpdateManyCarries) {
  const Bytes ones(4096, 0xff), pre(200, 0xff);
  Streebog512 a(*GetParam()), b(*GetParam()), ra(detail::streebog_portable),
      rb(detail::streebog_portable);
  a.update(pre);
  ra.update(pre);
  Streebog512* hashers[] = {&a, &b};
  const std::span<const std::uint8_t> data[] = {ones, std::span(ones).first(4000)};
  ASSERT_TRUE(Streebog512::update_many(hashers, data).ok());
  ra.update(data[0]);
  rb.update(data[1]);
  EXPECT_EQ(a.finish(), ra.finish());
  EXPECT_EQ(b.finish(), rb.finish());
}

// expect_same_compression runs the three entry points of kernels a and b on random chaining
// values, counters and sums (not only those a hash reaches), and requires equal results.
void expect_same_compression(const detail::StreebogKernel& a, const detail::StreebogKernel& b,
                             Prng& rng) {
  auto words = [&rng](std::uint64_t w[8]) {
    const Bytes r = rng.bytes(64);
    for (int i = 0; i < 8; ++i) w[i] = detail::streebog_load64(r.data() + 8 * i);
  };
  for (int round = 0; round < 20; ++round) {
    std::uint64_t h[8], n[8], m[8];
    words(h);
    words(n);
    words(m);
    std::uint64_t ha[8], hb[8];
    std::copy(h, h + 8, ha);
    std::copy(h, h + 8, hb);
    a.compress(ha, n, m);
    b.compress(hb, n, m);
    ASSERT_TRUE(std::equal(ha, ha + 8, hb)) << "compress, round " << round << " seed " << rng.seed;

    const std::size_t nblocks = 1 + rng.below(4);
    const Bytes blocks[2] = {rng.bytes(64 * nblocks), rng.bytes(64 * nblocks)};
    detail::StreebogState sa[2], sb[2];
    for (int i = 0; i < 2; ++i) {
      words(sa[i].h);
      words(sa[i].n);
      words(sa[i].sigma);
      sb[i] = sa[i];
    }
    a.compress_blocks(sa[0], blocks[0].data(), nblocks);
    b.compress_blocks(sb[0], blocks[0].data(), nblocks);
    detail::StreebogState* const pa[2] = {&sa[0], &sa[1]};
    detail::StreebogState* const pb[2] = {&sb[0], &sb[1]};
    const std::uint8_t* const in[2] = {blocks[0].data(), blocks[1].data()};
    a.compress_blocks_x2(pa, in, nblocks);
    b.compress_blocks_x2(pb, in, nblocks);
    for (int i = 0; i < 2; ++i) {
      ASSERT_TRUE(std::equal(sa[i].h, sa[i].h + 8, sb[i].h))
          << i << " round " << round << " seed " << rng.seed;
      ASSERT_TRUE(std::equal(sa[i].n, sa[i].n + 8, sb[i].n))
          << i << " round " << round << " seed " << rng.seed;
      ASSERT_TRUE(std::equal(sa[i].sigma, sa[i].sigma + 8, sb[i].sigma)) << i << " round " << round;
    }
  }
}

TEST_P(StreebogDiff, CompressionOfRandomStatesMatchesPortable) {
  Prng rng(test_seed() + 7);
  expect_same_compression(*GetParam(), detail::streebog_portable, rng);
}

// Each emulated kernel against its native build, on this CPU if it has the ISA (the two builds of
// one source must agree; each also meets the portable kernel in the tests above).
TEST(StreebogEmulated, NativeMatchesEmulated) {
  Prng rng(test_seed() + 8);
  int compared = 0;
  for (const detail::StreebogKernel* emul : streebog_test_kernels()) {
    const std::string_view name = emul->info.name;
    if (!name.ends_with("~emul")) continue;
    for (const detail::StreebogKernel* native : detail::streebog_kernels()) {
      if (native->info.name != name.substr(0, name.size() - 5)) continue;
      if (!kernel_runnable(native->info)) {
        if (require_all_kernels()) ADD_FAILURE() << native->info.name << " cannot run";
        continue;
      }
      expect_same_compression(*native, *emul, rng);
      ++compared;
    }
  }
  if (compared == 0) GTEST_SKIP() << "this CPU runs none of the emulated kernels natively";
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

INSTANTIATE_TEST_SUITE_P(Kernels, StreebogDiff, ::testing::ValuesIn(streebog_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

}  // namespace
}  // namespace axiom::test
