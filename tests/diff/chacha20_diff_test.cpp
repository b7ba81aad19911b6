// Differential and property tests for ChaCha20, XChaCha20, Poly1305 and the AEADs: every kernel
// against the portable one at every awkward length, unaligned, in place, at guard pages, through
// random streaming splits and counter seeks; the counter limit; AEAD tampering and aliasing.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <tuple>

#include "axiom/bytes.hpp"
#include "axiom/chacha20.hpp"
#include "axiom/chacha20_poly1305.hpp"
#include "axiom/poly1305.hpp"
#include "chacha20/chacha20_kernel.hpp"
#include "core/endian.hpp"
#include "poly1305/poly1305_kernel.hpp"
#include "support/kernels.hpp"
#include "support/test_kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

using ChaChaKernel = const detail::ChaCha20Kernel*;
using PolyKernel = const detail::Poly1305Kernel*;
using Key = std::array<std::uint8_t, 32>;
using Nonce = std::array<std::uint8_t, 12>;

template <std::size_t N>
std::array<std::uint8_t, N> random_array(Prng& rng) {
  std::array<std::uint8_t, N> a{};
  const Bytes b = rng.bytes(N);
  std::copy(b.begin(), b.end(), a.begin());
  return a;
}

// Every length up to two of the widest kernel's iterations (32 blocks of 64 bytes), so that it
// meets every remainder after a whole iteration.
constexpr std::size_t dense_max = 2 * 32 * 64 + 1;

Bytes reference_chacha(const Key& key, const Nonce& nonce, std::uint32_t counter,
                       std::span<const std::uint8_t> in) {
  Bytes out(in.size());
  ChaCha20 c(key, nonce, counter, detail::chacha20_portable);
  EXPECT_TRUE(c.crypt(out, in).ok());
  return out;
}

class ChaCha20Diff : public KernelTest<detail::ChaCha20Kernel> {
 protected:
  ChaCha20 make(const Key& key, const Nonce& nonce, std::uint32_t counter) const {
    return ChaCha20(key, nonce, counter, *GetParam());
  }
};

TEST_P(ChaCha20Diff, EveryLengthOffsetAndInPlace) {
  Prng rng(test_seed());
  const Key key = random_array<32>(rng);
  const Nonce nonce = random_array<12>(rng);
  const Bytes buf = rng.bytes(65537 + 64);
  for (std::size_t n : awkward_lengths(dense_max)) {
    const std::size_t in_off = n % 32, out_off = (n / 3) % 32;
    const auto in = std::span(buf).subspan(in_off, n);
    const auto counter = static_cast<std::uint32_t>(rng.engine());
    const Bytes expected = reference_chacha(key, nonce, counter, in);
    Bytes out(n + 32);
    ChaCha20 c = make(key, nonce, counter);
    ASSERT_TRUE(c.crypt(std::span(out).subspan(out_off, n), in).ok()) << n;
    ASSERT_TRUE(
        std::equal(expected.begin(), expected.end(), out.begin() + static_cast<long>(out_off)))
        << "length " << n << " offsets " << in_off << "/" << out_off << " seed " << rng.seed;
    Bytes inplace(in.begin(), in.end());
    ChaCha20 d = make(key, nonce, counter);
    ASSERT_TRUE(d.crypt(inplace, inplace).ok());
    ASSERT_EQ(inplace, expected) << "in place, length " << n << " seed " << rng.seed;
  }
}

TEST_P(ChaCha20Diff, RandomStreamingSplitsAndSeeks) {
  Prng rng(test_seed() + 1);
  for (int round = 0; round < 200; ++round) {
    const Key key = random_array<32>(rng);
    const Nonce nonce = random_array<12>(rng);
    const auto counter = static_cast<std::uint32_t>(rng.below(1000));
    const Bytes msg = rng.bytes(rng.below(3000));
    const Bytes expected = reference_chacha(key, nonce, counter, msg);
    ChaCha20 c = make(key, nonce, counter);
    Bytes out(msg.size());
    for (std::size_t pos = 0; pos < msg.size();) {
      const std::size_t take = std::min(msg.size() - pos, rng.below(rng.below(2) ? 40 : 700));
      ASSERT_TRUE(
          c.crypt(std::span(out).subspan(pos, take), std::span(msg).subspan(pos, take)).ok());
      pos += take;
    }
    ASSERT_EQ(out, expected) << "round " << round << " seed " << rng.seed;
    // Seek back to a block and redo from there; a copy continues where the original is.
    if (msg.size() >= 64) {
      const std::size_t block = rng.below(msg.size() / 64);
      c.seek(static_cast<std::uint32_t>(counter + block));
      ChaCha20 fork = c;
      Bytes tail(msg.size() - 64 * block);
      ASSERT_TRUE(fork.crypt(tail, std::span(msg).subspan(64 * block)).ok());
      ASSERT_TRUE(
          std::equal(tail.begin(), tail.end(), expected.begin() + static_cast<long>(64 * block)))
          << "seek to " << block << " round " << round << " seed " << rng.seed;
    }
  }
}

TEST_P(ChaCha20Diff, GuardPages) {
  Prng rng(test_seed() + 2);
  const Key key = random_array<32>(rng);
  const Nonce nonce = random_array<12>(rng);
  for (std::size_t n : {0u, 1u, 63u, 64u, 65u, 127u, 128u, 129u, 191u, 448u, 511u, 512u, 513u,
                        1000u, 4096u, 4097u}) {
    GuardedBuffer in(n), out(n);
    const Bytes data = rng.bytes(n);
    std::copy(data.begin(), data.end(), in.span().begin());
    ChaCha20 c = make(key, nonce, 7);
    ASSERT_TRUE(c.crypt(out.span(), in.span()).ok());
    const Bytes expected = reference_chacha(key, nonce, 7, data);
    EXPECT_TRUE(std::equal(expected.begin(), expected.end(), out.span().begin())) << n;
    ChaCha20 d = make(key, nonce, 7);
    ASSERT_TRUE(d.crypt(in.span(), in.span()).ok());
    EXPECT_TRUE(std::equal(expected.begin(), expected.end(), in.span().begin()))
        << "in place " << n;
  }
}

// The 32-bit counter: the last blocks before it would wrap work; one byte more is refused
// without writing anything or moving.
TEST_P(ChaCha20Diff, CounterLimit) {
  Prng rng(test_seed() + 3);
  const Key key = random_array<32>(rng);
  const Nonce nonce = random_array<12>(rng);
  for (std::uint32_t blocks : {1u, 2u, 3u, 8u, 9u, 17u}) {
    const std::uint32_t counter = 0u - blocks;  // 2^32 - blocks
    const Bytes msg = rng.bytes(64 * blocks + 1);
    const Bytes expected = reference_chacha(key, nonce, counter, std::span(msg).first(64 * blocks));
    Bytes out(msg.size(), 0x55);
    ChaCha20 c = make(key, nonce, counter);
    EXPECT_EQ(c.crypt(out, msg).error(), Error::message_too_long) << blocks;
    EXPECT_EQ(out, Bytes(msg.size(), 0x55)) << "nothing written " << blocks;
    // Byte-wise up to the end is fine; then even one byte is refused.
    ASSERT_TRUE(c.crypt(std::span(out).first(5), std::span(msg).first(5)).ok());
    ASSERT_TRUE(c.crypt(std::span(out).subspan(5, 64 * blocks - 5),
                        std::span(msg).subspan(5, 64 * blocks - 5))
                    .ok());
    EXPECT_TRUE(std::equal(expected.begin(), expected.end(), out.begin())) << blocks;
    EXPECT_EQ(c.crypt(std::span(out).last(1), std::span(msg).last(1)).error(),
              Error::message_too_long);
    EXPECT_TRUE(c.crypt({}, {}).ok());
    // Seeking back makes the keystream available again.
    c.seek(counter);
    Bytes again(64 * blocks);
    ASSERT_TRUE(c.crypt(again, std::span(msg).first(64 * blocks)).ok());
    EXPECT_TRUE(std::equal(expected.begin(), expected.end(), again.begin())) << blocks;
  }
}

TEST_P(ChaCha20Diff, ArgumentErrors) {
  const Key key{};
  const Nonce nonce{};
  ChaCha20 c = make(key, nonce, 0);
  Bytes buf(200, 1), out(199);
  EXPECT_EQ(c.crypt(out, buf).error(), Error::output_size_mismatch);
  EXPECT_EQ(c.crypt(std::span(buf).subspan(1, 100), std::span(buf).first(100)).error(),
            Error::overlapping_buffers);
  EXPECT_EQ(c.crypt(std::span(buf).first(100), std::span(buf).subspan(99, 100)).error(),
            Error::overlapping_buffers);
  EXPECT_EQ(buf, Bytes(200, 1));
  EXPECT_TRUE(c.crypt(std::span(buf).first(100), std::span(buf).subspan(100, 100)).ok());
}

TEST_P(ChaCha20Diff, XChaCha20MatchesChaCha20WithSubkey) {
  Prng rng(test_seed() + 4);
  for (std::size_t n : {0u, 1u, 64u, 100u, 700u}) {
    const Key key = random_array<32>(rng);
    const auto xnonce = random_array<24>(rng);
    const Bytes msg = rng.bytes(n);
    Key subkey;
    hchacha20(subkey, key, std::span<const std::uint8_t, 24>(xnonce).first<16>());
    Nonce nonce{};
    std::copy(xnonce.begin() + 16, xnonce.end(), nonce.begin() + 4);
    Bytes out(n);
    XChaCha20 x(key, xnonce, 3, *GetParam());
    ASSERT_TRUE(x.crypt(out, msg).ok());
    EXPECT_EQ(out, reference_chacha(subkey, nonce, 3, msg)) << n;
  }
}

// An independent Poly1305 reference for the fused pass: numbers in nine 32-bit words, the
// product in full, then reduced mod p = 2^130 - 5 by folding the bits above 2^130 (times 5)
// until none are left and subtracting p once if needed.
using Big = std::array<std::uint32_t, 9>;

Big big_from(const std::uint64_t* v, std::size_t n) {
  Big b{};
  for (std::size_t i = 0; i < n; ++i) {
    b[2 * i] = static_cast<std::uint32_t>(v[i]);
    b[2 * i + 1] = static_cast<std::uint32_t>(v[i] >> 32);
  }
  return b;
}

Big big_add(const Big& a, const Big& b) {
  Big s{};
  std::uint64_t carry = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    carry += std::uint64_t{a[i]} + b[i];
    s[i] = static_cast<std::uint32_t>(carry);
    carry >>= 32;
  }
  return s;
}

Big big_mul(const Big& a, const Big& b) {  // both < 2^144: the product fits
  std::array<std::uint64_t, 18> acc{};
  for (std::size_t i = 0; i < a.size(); ++i) {
    std::uint64_t carry = 0;
    for (std::size_t j = 0; j < b.size(); ++j) {
      carry += acc[i + j] + std::uint64_t{a[i]} * b[j];
      acc[i + j] = static_cast<std::uint32_t>(carry);
      carry >>= 32;
    }
    acc[i + b.size()] = carry;
  }
  Big p{};
  for (std::size_t i = 0; i < p.size(); ++i) p[i] = static_cast<std::uint32_t>(acc[i]);
  for (std::size_t i = p.size(); i < acc.size(); ++i) EXPECT_EQ(acc[i], 0u);
  return p;
}

Big big_mod_p(Big a) {
  for (;;) {
    Big high{}, five{};  // a >> 130, and 5 for the fold
    for (std::size_t i = 0; i + 4 < a.size(); ++i)
      high[i] = (a[i + 4] >> 2) | (i + 5 < a.size() ? a[i + 5] << 30 : 0);
    if (high == Big{}) break;
    for (std::size_t i = 5; i < a.size(); ++i) a[i] = 0;
    a[4] &= 3;
    five[0] = 5;
    a = big_add(a, big_mul(high, five));
  }
  const Big p = {0xfffffffb, 0xffffffff, 0xffffffff, 0xffffffff, 3, 0, 0, 0, 0};
  if (std::lexicographical_compare(a.rbegin(), a.rend(), p.rbegin(), p.rend())) return a;
  Big d{};
  std::int64_t borrow = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::int64_t v = std::int64_t{a[i]} - p[i] - borrow;
    d[i] = static_cast<std::uint32_t>(v);
    borrow = v < 0;
  }
  return d;
}

// The fused ChaCha20-Poly1305 pass against the reference, with r and h chosen: the largest
// clamped r, h at p - 1 and at the largest partly reduced value the kernels accept (h2 = 7),
// all-0xFF MAC input (so every carry of the 64-bit limbs is exercised), and random values;
// opening (MAC of the input) and sealing (MAC of the output, made all 0xFF there too).
TEST_P(ChaCha20Diff, FusedMacExtremeValues) {
  if (GetParam()->xor_blocks_mac == nullptr) GTEST_SKIP() << "no fused pass in this kernel";
  Prng rng(test_seed() + 9);
  const std::uint64_t max_r[2] = {0x0ffffffc0fffffff, 0x0ffffffc0ffffffc};
  for (std::size_t trial = 0; trial < 24; ++trial) {
    const bool extreme = trial < 16, sealing = trial % 2 == 1;
    std::uint64_t r[2] = {max_r[0], max_r[1]}, h[3] = {0, 0, 0};
    if (!extreme || trial % 8 >= 6) {
      r[0] = rng.engine() & max_r[0];
      r[1] = rng.engine() & max_r[1];
    }
    switch (trial % 8 / 2) {
      case 1:
        h[0] = 0xfffffffffffffffa, h[1] = ~0ull, h[2] = 3;
        break;  // p - 1
      case 2:
        h[0] = ~0ull, h[1] = ~0ull, h[2] = 7;
        break;
      case 3:
        h[0] = rng.engine(), h[1] = rng.engine(), h[2] = rng.below(8);
        break;
      default:
        break;
    }
    const std::size_t nblocks = 8 * (1 + trial % 5);
    std::uint32_t input[16];
    for (auto& w : input) w = static_cast<std::uint32_t>(rng.engine());
    input[12] = 0;
    // The MAC input: all 0xFF (extreme) or random; sealing, in is made so that out is that.
    Bytes mac_in = extreme ? Bytes(64 * nblocks, 0xff) : rng.bytes(64 * nblocks);
    Bytes in = mac_in, keystream(64 * nblocks, 0);
    detail::chacha20_portable.xor_blocks(input, keystream.data(), keystream.data(), nblocks);
    if (sealing)
      for (std::size_t i = 0; i < in.size(); ++i)
        in[i] = static_cast<std::uint8_t>(in[i] ^ keystream[i]);
    detail::Poly1305State st{};
    std::copy(r, r + 2, st.r);
    std::copy(h, h + 3, st.h);
    Bytes out(in.size());
    GetParam()->xor_blocks_mac(input, out.data(), in.data(), nblocks, st, sealing);
    for (std::size_t i = 0; i < in.size(); ++i)
      ASSERT_EQ(out[i], in[i] ^ keystream[i]) << "trial " << trial << " byte " << i;
    EXPECT_LT(st.h[2], 8u) << "trial " << trial;

    Big acc = big_mod_p(big_from(h, 3));
    const Big big_r = big_from(r, 2);
    for (std::size_t b = 0; b < mac_in.size(); b += 16) {
      const std::uint64_t m[3] = {detail::load_le64(&mac_in[b]), detail::load_le64(&mac_in[b + 8]),
                                  1};
      acc = big_mod_p(big_mul(big_add(acc, big_from(m, 3)), big_r));
    }
    EXPECT_EQ(big_mod_p(big_from(st.h, 3)), acc) << "trial " << trial << " seed " << rng.seed;
  }
  // The carry into h2 of the last fold, which random values almost never reach: with r = 1 and
  // h = 0, 31 zero blocks leave h = 35 + 3 2^128 (adding 2^128 each, 5 for each of the 7 folds
  // at 2^130), and the last block 2^128 - 36 makes the product 2^130 + 2^128 - 1: its fold
  // adds 5 to h0 = h1 = 2^64 - 1, a carry through both into h2 (4 + 2^128 mod p).
  std::uint32_t input[16] = {};
  Bytes in(512, 0);
  std::fill(in.end() - 16, in.end(), 0xff);
  in[in.size() - 16] = 0xdc;
  detail::Poly1305State st{};
  st.r[0] = 1;
  Bytes out(512);
  GetParam()->xor_blocks_mac(input, out.data(), in.data(), 8, st, false);
  EXPECT_EQ(big_mod_p(big_from(st.h, 3)), big_mod_p(Big{4, 0, 0, 0, 1}));
}

class Poly1305Diff : public KernelTest<detail::Poly1305Kernel> {};

TEST_P(Poly1305Diff, EveryLengthSplitsAndGuardPages) {
  Prng rng(test_seed() + 5);
  const Bytes buf = rng.bytes(65537 + 16);
  for (std::size_t n : awkward_lengths(600)) {
    const Key key = random_array<32>(rng);
    const auto msg = std::span(buf).subspan(n % 16, n);
    Poly1305 ref(key, detail::poly1305_portable), mine(key, *GetParam()), whole(key, *GetParam());
    ref.update(msg);
    // Pieces short and long: vector kernels take only long runs of blocks.
    const std::size_t piece = rng.below(2) ? 50 : 1500;
    std::size_t pos = 0;
    while (pos < n) {
      const std::size_t take = std::min(n - pos, rng.below(piece));
      mine.update(msg.subspan(pos, take));
      pos += take;
    }
    whole.update(msg);
    const auto expected = ref.finish();
    ASSERT_EQ(mine.finish(), expected) << "length " << n << " seed " << rng.seed;
    ASSERT_EQ(whole.finish(), expected) << "one shot, length " << n << " seed " << rng.seed;
    if (n % 97 == 0 || n < 40) {
      GuardedBuffer g(n);
      std::copy(msg.begin(), msg.end(), g.span().begin());
      Poly1305 m(key, *GetParam());
      m.update(g.span());
      ASSERT_EQ(m.finish(), expected) << "guard page, length " << n;
    }
  }
}

// Edge values of h: all-ones keys and messages drive h close to 2^130 - 5, where the final
// reduction matters. Checked against the known-good result of the portable kernel and, for
// portable itself, by the property that a forked MAC gives the same tag.
TEST_P(Poly1305Diff, ExtremeValues) {
  for (int f : {0x00, 0xff}) {
    const auto fill = static_cast<std::uint8_t>(f);
    Key key;
    key.fill(0xff);
    for (std::size_t n : {16u, 32u, 64u, 256u, 1000u, 4096u, 4160u}) {
      const Bytes msg(n, fill);
      Poly1305 ref(key, detail::poly1305_portable), mine(key, *GetParam());
      ref.update(msg);
      mine.update(msg);
      Poly1305 fork = mine;
      const auto t = mine.finish();
      EXPECT_EQ(t, ref.finish());
      EXPECT_EQ(fork.finish(), t);
    }
  }
}

using AeadParam = std::tuple<ChaChaKernel, PolyKernel>;

class AeadDiff : public ::testing::TestWithParam<AeadParam> {
 protected:
  void SetUp() override {
    AXIOM_SKIP_UNLESS_RUNNABLE(std::get<0>(GetParam())->info);
    AXIOM_SKIP_UNLESS_RUNNABLE(std::get<1>(GetParam())->info);
  }
  template <class A>
  A make(const Key& key) const {
    return A(key, *std::get<0>(GetParam()), *std::get<1>(GetParam()));
  }
};

// seal equals ChaCha20 from block 1 plus Poly1305 with the RFC 8439 layout, built from the
// portable parts; open inverts it, in place too.
TEST_P(AeadDiff, SealMatchesCompositionAndOpenInverts) {
  Prng rng(test_seed() + 6);
  for (std::size_t n : awkward_lengths(dense_max)) {
    if (n > 2100 && n % 2 == 0) continue;  // keep the run short: odd large sizes are enough
    const Key key = random_array<32>(rng);
    const Nonce nonce = random_array<12>(rng);
    const Bytes pt = rng.bytes(n), aad = rng.bytes(rng.below(40));
    // The reference: keystream block 0 is the one-time key, block 1 on encrypts.
    Bytes otk(64, 0);
    ChaCha20 k0(key, nonce, 0, detail::chacha20_portable);
    ASSERT_TRUE(k0.crypt(otk, otk).ok());
    const Bytes ct = reference_chacha(key, nonce, 1, pt);
    Poly1305 mac(std::span<const std::uint8_t, 32>(otk.data(), 32), detail::poly1305_portable);
    const Bytes zeros(16, 0);
    mac.update(aad);
    mac.update(std::span(zeros).first((16 - aad.size() % 16) % 16));
    mac.update(ct);
    mac.update(std::span(zeros).first((16 - n % 16) % 16));
    std::uint8_t lengths[16] = {};
    for (int i = 0; i < 8; ++i) {
      lengths[i] = static_cast<std::uint8_t>(aad.size() >> (8 * i));
      lengths[8 + i] = static_cast<std::uint8_t>(n >> (8 * i));
    }
    mac.update(lengths);
    Bytes expected = ct;
    const auto tag = mac.finish();
    expected.insert(expected.end(), tag.begin(), tag.end());

    const auto aead = make<ChaCha20Poly1305>(key);
    Bytes sealed(n + 16);
    ASSERT_TRUE(aead.seal(sealed, nonce, pt, aad).ok());
    ASSERT_EQ(sealed, expected) << "length " << n << " seed " << rng.seed;
    // In place: plaintext at the start of the output buffer.
    Bytes buf = pt;
    buf.resize(n + 16);
    ASSERT_TRUE(aead.seal(buf, nonce, std::span(buf).first(n), aad).ok());
    ASSERT_EQ(buf, expected) << "in place, length " << n;
    ASSERT_TRUE(aead.open(std::span(buf).first(n), nonce, buf, aad).ok());
    ASSERT_TRUE(std::equal(pt.begin(), pt.end(), buf.begin())) << "open in place, length " << n;
  }
}

// Any change to the tag, AAD, nonce or ciphertext fails, and the output is all zeros.
TEST_P(AeadDiff, TamperingFailsAndZeroesOutput) {
  Prng rng(test_seed() + 7);
  for (std::size_t n : {0u, 1u, 15u, 16u, 17u, 64u, 300u, 4097u}) {
    const Key key = random_array<32>(rng);
    const auto xnonce = random_array<24>(rng);
    const Nonce nonce = random_array<12>(rng);
    const Bytes pt = rng.bytes(n), aad = rng.bytes(1 + rng.below(30));
    const auto aead = make<ChaCha20Poly1305>(key);
    const auto xaead = make<XChaCha20Poly1305>(key);
    Bytes sealed(n + 16), xsealed(n + 16);
    ASSERT_TRUE(aead.seal(sealed, nonce, pt, aad).ok());
    ASSERT_TRUE(xaead.seal(xsealed, xnonce, pt, aad).ok());
    const auto expect_fail = [&](const Status& s, const Bytes& out, const char* what) {
      EXPECT_EQ(s.error(), Error::authentication_failed) << what << " length " << n;
      EXPECT_EQ(out, Bytes(out.size(), 0)) << what << " length " << n;
    };
    for (std::size_t pos : {std::size_t{0}, n / 2, n + 15}) {
      if (pos >= n + 16) continue;
      Bytes bad = sealed, xbad = xsealed, out(n, 0xaa), xout(n, 0xaa);
      bad[pos] ^= 0x01;
      xbad[pos] ^= 0x80;
      expect_fail(aead.open(out, nonce, bad, aad), out, "ciphertext/tag bit");
      expect_fail(xaead.open(xout, xnonce, xbad, aad), xout, "x ciphertext/tag bit");
    }
    Bytes bad_aad = aad;
    bad_aad.back() ^= 0x04;
    Bytes out(n, 0xaa);
    expect_fail(aead.open(out, nonce, sealed, bad_aad), out, "aad");
    out.assign(n, 0xaa);
    expect_fail(xaead.open(out, xnonce, xsealed, bad_aad), out, "x aad");
    Nonce bad_nonce = nonce;
    bad_nonce[11] ^= 1;
    out.assign(n, 0xaa);
    expect_fail(aead.open(out, bad_nonce, sealed, aad), out, "nonce");
    auto bad_xnonce = xnonce;
    bad_xnonce[3] ^= 1;  // in the HChaCha20 part
    out.assign(n, 0xaa);
    expect_fail(xaead.open(out, bad_xnonce, xsealed, aad), out, "x nonce");
    out.assign(n, 0xaa);
    expect_fail(aead.open(out, nonce, sealed, {}), out, "aad dropped");
    // Truncated: one byte fewer is a different message.
    if (n > 0) {
      Bytes shorter(n - 1, 0xaa);
      expect_fail(aead.open(shorter, nonce, std::span(sealed).subspan(1), aad), shorter,
                  "truncated");
    }
    // In place, a failed open leaves zeros where the ciphertext was.
    Bytes inplace = sealed;
    inplace[0] ^= 0x10;
    const Status s = aead.open(std::span(inplace).first(n), nonce, inplace, aad);
    EXPECT_EQ(s.error(), Error::authentication_failed);
    EXPECT_TRUE(std::all_of(inplace.begin(), inplace.begin() + static_cast<long>(n),
                            [](std::uint8_t b) { return b == 0; }));
  }
}

TEST_P(AeadDiff, ArgumentErrors) {
  const Key key{};
  const Nonce nonce{};
  const auto aead = make<ChaCha20Poly1305>(key);
  Bytes buf(300, 1);
  std::array<std::uint8_t, 16> tag;
  // Wrong output sizes: zeroed output.
  Bytes out(116, 7);
  EXPECT_EQ(aead.seal(out, nonce, std::span(buf).first(101)).error(), Error::output_size_mismatch);
  EXPECT_EQ(out, Bytes(116, 0));
  out.assign(99, 7);
  EXPECT_EQ(aead.open(out, nonce, std::span(buf).first(116)).error(), Error::output_size_mismatch);
  EXPECT_EQ(out, Bytes(99, 0));
  EXPECT_EQ(aead.open(std::span(out).first(0), nonce, std::span(buf).first(15)).error(),
            Error::authentication_failed);
  // Partial overlap of output with input, AAD or tag: refused, nothing written.
  EXPECT_EQ(aead.seal(std::span(buf).subspan(1, 116), nonce, std::span(buf).first(100)).error(),
            Error::overlapping_buffers);
  EXPECT_EQ(aead.seal(std::span(buf).subspan(150, 116), nonce, std::span(buf).first(100),
                      std::span(buf).subspan(140, 20))
                .error(),
            Error::overlapping_buffers);
  EXPECT_EQ(aead.seal_detached(std::span(buf).first(100),
                               std::span<std::uint8_t, 16>(buf.data() + 90, 16), nonce,
                               std::span(buf).first(100))
                .error(),
            Error::overlapping_buffers);
  EXPECT_EQ(aead.open_detached(std::span(buf).first(100), nonce, std::span(buf).first(100),
                               std::span<const std::uint8_t, 16>(buf.data() + 90, 16))
                .error(),
            Error::overlapping_buffers);
  EXPECT_EQ(buf, Bytes(300, 1));
  // The detached forms agree with the attached ones.
  Bytes sealed(116), ct(100);
  ASSERT_TRUE(
      aead.seal(sealed, nonce, std::span(buf).first(100), std::span(buf).subspan(200, 9)).ok());
  ASSERT_TRUE(
      aead.seal_detached(ct, tag, nonce, std::span(buf).first(100), std::span(buf).subspan(200, 9))
          .ok());
  EXPECT_TRUE(std::equal(ct.begin(), ct.end(), sealed.begin()));
  EXPECT_TRUE(std::equal(tag.begin(), tag.end(), sealed.begin() + 100));
}

INSTANTIATE_TEST_SUITE_P(Kernels, ChaCha20Diff, ::testing::ValuesIn(chacha20_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });
INSTANTIATE_TEST_SUITE_P(Kernels, Poly1305Diff, ::testing::ValuesIn(poly1305_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });
INSTANTIATE_TEST_SUITE_P(Kernels, AeadDiff,
                         ::testing::Combine(::testing::ValuesIn(chacha20_test_kernels()),
                                            ::testing::ValuesIn(poly1305_test_kernels())),
                         [](const auto& p) {
                           return kernel_test_name(std::get<0>(p.param)->info) + "_" +
                                  kernel_test_name(std::get<1>(p.param)->info);
                         });

}  // namespace
}  // namespace axiom::test
