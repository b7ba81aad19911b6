// Cbc<C>::encrypt_many, Cbc<C>::encrypt_many_padded and Cmac<C>::mac_many over every kernel of
// every block cipher of core/block_ciphers.h: each message equals the single-stream result on
// the portable kernel, for many counts of messages of mixed lengths, unaligned and in place;
// the known answers of SP 800-38A (CBC) and RFC 4493 / SP 800-38B (CMAC) through the
// many-calls (AES); and the argument errors, which write nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <string>
#include <vector>

#include "aes/aes_kernel.hpp"
#include "core/block_ciphers.hpp"
#include "axiom/aes.hpp"
#include "axiom/kuznyechik.hpp"
#include "axiom/modes.hpp"
#include "axiom/sm4.hpp"
#include "kuznyechik/kuznyechik_kernel.hpp"
#include "sm4/sm4_kernel.hpp"
#include "support/aes_helpers.hpp"
#include "support/kernels.hpp"
#include "support/test_kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

// Message counts around the kernels' groups (AES-NI 8, VAES 16 and 16 + 8) and the 32 lanes of
// the many-calls, and lengths that end at once, within a step, at odd bytes, and after several KiB.
constexpr std::size_t counts[] = {0, 1, 2, 7, 8, 9, 15, 16, 17, 23, 24, 25, 31, 32, 33, 70};
// For an emulated kernel (16 blocks a group, 50-500 times slower): around its group and the 32
// lanes.
constexpr std::size_t emulated_counts[] = {0, 1, 2, 15, 16, 17, 31, 32, 33};

// iv_of: the first B bytes of b, an IV of a cipher of B-byte blocks.
template <std::size_t B = 16>
std::array<std::uint8_t, B> iv_of(const Bytes& b) {
  std::array<std::uint8_t, B> iv;
  std::copy(b.begin(), b.begin() + B, iv.begin());
  return iv;
}

std::size_t pick_length(Prng& rng) {
  switch (rng.below(8)) {
    case 0:
      return 0;
    case 1:
      return 16;
    case 2:
      return 17 * 16;
    case 3:
      return 3 * 1024 + rng.below(2048);
    case 4:
      return 1 + rng.below(15);
    case 5:
      return 17;
    default:
      return rng.below(400);
  }
}

// A message stored at an odd offset in its own buffer, and room for its output likewise.
struct Message {
  Bytes in_buf, out_buf, iv;
  std::size_t off;
  std::span<const std::uint8_t> in() const { return std::span(in_buf).subspan(off); }
  std::span<std::uint8_t> out(std::size_t n) { return std::span(out_buf).subspan(off + 1, n); }
};

// make_messages: count messages of picked lengths (whole_blocks: rounded down to whole B-byte
// blocks), with room for their padded outputs.
std::vector<Message> make_messages(Prng& rng, std::size_t count, bool whole_blocks, std::size_t B) {
  std::vector<Message> ms(count);
  for (std::size_t i = 0; i < count; ++i) {
    std::size_t n = pick_length(rng);
    if (whole_blocks) n -= n % B;
    ms[i].off = i % 7;
    ms[i].in_buf = rng.bytes(ms[i].off + n);
    ms[i].out_buf.assign(ms[i].off + 1 + padded_size(n, B), 0);
    ms[i].iv = rng.bytes(16);
  }
  return ms;
}

template <class C>
void diff_many(const C& ref, const C& mine, std::span<const std::size_t> message_counts = counts) {
  constexpr std::size_t B = C::block_size;
  Prng rng(test_seed() + 300);
  for (const std::size_t count : message_counts) {
    // Raw CBC: to separate buffers, then in place.
    std::vector<Message> ms = make_messages(rng, count, true, B);
    std::vector<BasicCbcJob<B>> jobs;
    for (Message& m : ms) jobs.push_back({m.out(m.in().size()), m.in(), iv_of<B>(m.iv)});
    ASSERT_TRUE(Cbc<C>::encrypt_many(mine, jobs).ok());
    std::vector<Bytes> inplace;
    for (const Message& m : ms) inplace.emplace_back(m.in().begin(), m.in().end());
    jobs.clear();
    for (std::size_t i = 0; i < count; ++i)
      jobs.push_back({inplace[i], inplace[i], iv_of<B>(ms[i].iv)});
    ASSERT_TRUE(Cbc<C>::encrypt_many(mine, jobs).ok());
    for (std::size_t i = 0; i < count; ++i) {
      Message& m = ms[i];
      Bytes want(m.in().size());
      ASSERT_TRUE(Cbc<C>(ref, fixed<B>(m.iv)).encrypt(want, m.in()).ok());
      const auto got = m.out(want.size());
      ASSERT_TRUE(std::equal(want.begin(), want.end(), got.begin()))
          << "cbc, " << count << " messages, #" << i << " of " << want.size() << " bytes, seed "
          << rng.seed;
      ASSERT_EQ(inplace[i], want) << "cbc in place, " << count << " messages, #" << i << ", seed "
                                  << rng.seed;
    }

    // PKCS#7: any lengths; to separate buffers, then in place (the message at the front).
    ms = make_messages(rng, count, false, B);
    jobs.clear();
    for (Message& m : ms)
      jobs.push_back({m.out(padded_size(m.in().size(), B)), m.in(), iv_of<B>(m.iv)});
    ASSERT_TRUE(Cbc<C>::encrypt_many_padded(mine, jobs).ok());
    inplace.clear();
    for (const Message& m : ms) {
      inplace.emplace_back(m.in().begin(), m.in().end());
      inplace.back().resize(padded_size(m.in().size(), B));
    }
    jobs.clear();
    for (std::size_t i = 0; i < count; ++i)
      jobs.push_back(
          {inplace[i], std::span(inplace[i]).first(ms[i].in().size()), iv_of<B>(ms[i].iv)});
    ASSERT_TRUE(Cbc<C>::encrypt_many_padded(mine, jobs).ok());
    for (std::size_t i = 0; i < count; ++i) {
      Message& m = ms[i];
      Bytes want(padded_size(m.in().size(), B));
      const auto written = Cbc<C>(ref, fixed<B>(m.iv)).encrypt_padded(want, m.in());
      ASSERT_TRUE(written.ok());
      const auto got = m.out(want.size());
      ASSERT_TRUE(std::equal(want.begin(), want.end(), got.begin()))
          << "padded, " << count << " messages, #" << i << " of " << m.in().size()
          << " bytes, seed " << rng.seed;
      ASSERT_EQ(inplace[i], want) << "padded in place, " << count << " messages, #" << i
                                  << ", seed " << rng.seed;
    }

    // CMAC.
    ms = make_messages(rng, count, false, B);
    std::vector<std::span<const std::uint8_t>> msgs;
    for (const Message& m : ms) msgs.push_back(m.in());
    std::vector<typename Cmac<C>::Tag> tags(count);
    ASSERT_TRUE(Cmac<C>::mac_many(mine, tags, msgs).ok());
    for (std::size_t i = 0; i < count; ++i) {
      Cmac<C> mac(ref);
      mac.update(msgs[i]);
      std::uint8_t want[B];
      mac.finish(want);
      ASSERT_TRUE(std::equal(want, want + B, tags[i].begin()))
          << "cmac, " << count << " messages, #" << i << " of " << msgs[i].size() << " bytes, seed "
          << rng.seed;
    }
  }
}

class AesMany : public KernelTest<detail::AesKernel> {};

TEST_P(AesMany, KnownAnswers) {
  std::map<std::string, std::vector<VectorCase>> by_key;
  for (const char* file : {"kat/aes_cbc.txt", "kat/aes_cmac.txt"})
    for (const VectorCase& c : load_vectors(file))
      by_key[std::string(file) + " " + c.text("Key")].push_back(c);
  int checked = 0;
  for (const auto& entry : by_key) {
    const std::string& name = entry.first;  // not a structured binding: clang 14 cannot capture one
    const std::vector<VectorCase>& cases = entry.second;
    const Bytes key = cases[0].bytes("Key");
    const bool cmac = name.find("cmac") != std::string::npos;
    ASSERT_TRUE(with_key_size(key.size(), [&](auto k) {
      constexpr std::size_t K = decltype(k)::value;
      using C = AesCipher<K>;
      const C aes(fixed<K>(key), *GetParam());
      constexpr std::size_t repeat = 5;
      std::vector<Bytes> in, want, out, ivs;
      for (std::size_t r = 0; r < repeat; ++r)
        for (const VectorCase& c : cases) {
          in.push_back(c.bytes(cmac ? "Msg" : "Plaintext"));
          want.push_back(c.bytes(cmac ? "Tag" : "Ciphertext"));
          ivs.push_back(cmac ? Bytes(16) : c.bytes("IV"));
          out.emplace_back(want.back().size());
        }
      if (cmac) {
        std::vector<std::span<const std::uint8_t>> msgs(in.begin(), in.end());
        std::vector<typename Cmac<C>::Tag> tags(in.size());
        ASSERT_TRUE(Cmac<C>::mac_many(aes, tags, msgs).ok());
        for (std::size_t i = 0; i < in.size(); ++i)
          EXPECT_TRUE(std::equal(want[i].begin(), want[i].end(), tags[i].begin()))
              << cases[i % cases.size()].where();
      } else {
        std::vector<CbcJob> jobs;
        for (std::size_t i = 0; i < in.size(); ++i) jobs.push_back({out[i], in[i], iv_of(ivs[i])});
        ASSERT_TRUE(Cbc<C>::encrypt_many(aes, jobs).ok());
        for (std::size_t i = 0; i < in.size(); ++i)
          EXPECT_EQ(out[i], want[i]) << cases[i % cases.size()].where();
      }
      checked += static_cast<int>(cases.size());
    })) << name;
  }
  EXPECT_EQ(checked, 3 + 12);  // SP 800-38A F.2 (one per key size); RFC 4493 and SP 800-38B D
}

// Messages a multiple of 4 KiB apart (their lines share L1 sets: vaes_avx2 then steps 8 + 8
// lanes instead of 16), to separate buffers and in place, raw CBC and CMAC.
TEST_P(AesMany, MessagesSharingCacheSets) {
  Prng rng(test_seed() + 304);
  const Bytes key = rng.bytes(16);
  const Aes128 ref(fixed<16>(key), detail::aes_portable), mine(fixed<16>(key), *GetParam());
  constexpr std::size_t count = 19, stride = 4096, len = 1024 + 48;
  const Bytes in = rng.bytes(count * stride), ivs = rng.bytes(16 * count);
  Bytes out(count * stride), inplace = in;
  std::vector<CbcJob> jobs, jobs_inplace;
  std::vector<std::span<const std::uint8_t>> msgs;
  for (std::size_t i = 0; i < count; ++i) {
    std::array<std::uint8_t, 16> iv;
    std::copy_n(ivs.data() + 16 * i, 16, iv.begin());
    jobs.push_back(
        {std::span(out).subspan(i * stride, len), std::span(in).subspan(i * stride, len), iv});
    jobs_inplace.push_back({std::span(inplace).subspan(i * stride, len),
                            std::span(inplace).subspan(i * stride, len), iv});
    msgs.push_back(std::span(in).subspan(i * stride, len - 5));
  }
  ASSERT_TRUE(Cbc<Aes128>::encrypt_many(mine, jobs).ok());
  ASSERT_TRUE(Cbc<Aes128>::encrypt_many(mine, jobs_inplace).ok());
  std::vector<Cmac<Aes128>::Tag> tags(count);
  ASSERT_TRUE(Cmac<Aes128>::mac_many(mine, tags, msgs).ok());
  for (std::size_t i = 0; i < count; ++i) {
    Bytes want(len);
    ASSERT_TRUE(Cbc<Aes128>(ref, jobs[i].iv).encrypt(want, jobs[i].in).ok());
    EXPECT_TRUE(std::equal(want.begin(), want.end(), jobs[i].out.begin())) << "message " << i;
    EXPECT_TRUE(std::equal(want.begin(), want.end(), jobs_inplace[i].out.begin()))
        << "in place, message " << i;
    Cmac<Aes128> mac(ref);
    mac.update(msgs[i]);
    std::uint8_t tag[16];
    mac.finish(tag);
    EXPECT_TRUE(std::equal(tag, tag + 16, tags[i].begin())) << "cmac, message " << i;
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, AesMany, ::testing::ValuesIn(aes_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

// Every row of core/block_ciphers.h, every key size, every kernel against the row's portable one.
template <class Row, class Kernel>
void each_cipher_many(const Kernel& kernel, std::uint64_t seed) {
  Prng rng(seed);
  detail::for_each_type<typename Row::ciphers>([&]<class C>() {
    const Bytes key = rng.bytes(C::key_size);
    diff_many(C(fixed<C::key_size>(key), *Row::kernels().back()),
              C(fixed<C::key_size>(key), kernel),
              emulated(kernel.info) ? std::span<const std::size_t>(emulated_counts) : counts);
  });
}
#define AXIOM_MANY_ROW(family, block, standard, ...)                                            \
  class family##Many                                                                            \
      : public KernelTest<std::remove_cvref_t<decltype(*detail::family##_kernels()[0])>> {};    \
  TEST_P(family##Many, EqualsOneStreamEach) {                                                   \
    each_cipher_many<detail::family##_row>(*GetParam(), test_seed() + 301);                     \
  }                                                                                             \
  INSTANTIATE_TEST_SUITE_P(Kernels, family##Many, ::testing::ValuesIn(family##_test_kernels()), \
                           [](const auto& p) { return kernel_test_name(p.param->info); });
AXIOM_BLOCK_CIPHERS(AXIOM_MANY_ROW)
#undef AXIOM_MANY_ROW

// Argument errors: nothing is written, whichever job is wrong.
TEST(ManyStreams, ErrorsWriteNothing) {
  const Bytes key(16, 7), iv(16, 9), in(64, 1);
  const Aes128 aes(fixed<16>(key));
  Bytes a(64, 0xee), b(64, 0xee), shared(80, 0xee);
  auto untouched = [](const Bytes& v) {
    return std::all_of(v.begin(), v.end(), [](std::uint8_t x) { return x == 0xee; });
  };
  auto expect = [&](std::vector<CbcJob> jobs, Error e, bool padded) {
    const Status s =
        padded ? Cbc<Aes128>::encrypt_many_padded(aes, jobs) : Cbc<Aes128>::encrypt_many(aes, jobs);
    EXPECT_EQ(s.error(), e);
    EXPECT_TRUE(untouched(a) && untouched(b) && untouched(shared));
  };
  const std::array<std::uint8_t, 16> v = iv_of(iv);
  expect({{a, in, v}, {std::span(b).first(48), in, v}}, Error::output_size_mismatch, false);
  expect({{a, in, v}, {std::span(b).first(17), std::span(in).first(17), v}},
         Error::invalid_argument, false);
  expect({{a, in, v},
          {std::span(shared).subspan(8, 64), std::span<const std::uint8_t>(shared).first(64), v}},
         Error::overlapping_buffers, false);
  expect({{a, std::span(in).first(63), v}, {b, in, v}}, Error::output_size_mismatch,
         true);  // 64 needs 80
  expect({{std::span(shared).subspan(8, 64), std::span<const std::uint8_t>(shared).first(40), v}},
         Error::overlapping_buffers, true);

  std::vector<Cmac<Aes128>::Tag> tags(2);
  const std::span<const std::uint8_t> msgs[] = {in};
  EXPECT_EQ(Cmac<Aes128>::mac_many(aes, tags, msgs).error(), Error::output_size_mismatch);
  EXPECT_TRUE(Cbc<Aes128>::encrypt_many(aes, {}).ok());
  EXPECT_TRUE(Cmac<Aes128>::mac_many(aes, {}, {}).ok());
}

}  // namespace
}  // namespace axiom::test
