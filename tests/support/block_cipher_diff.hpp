// The differential harness of the 128-bit block ciphers (AES, SM4, Kuznyechik): each check runs
// a mode over a keyed reference cipher and the same key on the kernel under test, and compares,
// at every awkward length, unaligned, in place, with the output ending at a guard page, and
// through random streaming splits. Failures carry the length and the seed.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <span>

#include "axiom/modes.hpp"
#include "support/aes_helpers.hpp"
#include "support/kernels.hpp"
#include "support/test_kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {

// compare_op runs op(cipher, out, in) on ref and mine at every length of sweep
// (rounded down to blocks when whole_blocks), unaligned, and in place, then at a few lengths
// with the output ending at a guard page.
template <class C, class Op>
void compare_op(const C& ref, const C& mine, Sweep sweep, bool whole_blocks, Op op) {
  Prng rng(test_seed() + 100);
  const Bytes buf = rng.bytes(65537 + 64);
  for (std::size_t n : sweep.for_kernel(mine.kernel_name()).lengths()) {
    if (whole_blocks) n -= n % 16;
    const std::size_t in_off = n % 7, out_off = n % 5;
    const auto in = std::span(buf).subspan(in_off, n);
    Bytes expected(n), got(n + 8), inplace(in.begin(), in.end());
    op(ref, std::span(expected), in);
    op(mine, std::span(got).subspan(out_off, n), in);
    ASSERT_TRUE(
        std::equal(expected.begin(), expected.end(), got.begin() + static_cast<long>(out_off)))
        << "key " << C::key_size << " length " << n << " seed " << rng.seed;
    op(mine, std::span(inplace), std::span<const std::uint8_t>(inplace));
    ASSERT_EQ(inplace, expected) << "in place, key " << C::key_size << " length " << n << " seed "
                                 << rng.seed;
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

using Out = std::span<std::uint8_t>;
using In = std::span<const std::uint8_t>;

// ECB both ways (the bulk block functions).
template <class C>
void diff_ecb(const C& ref, const C& mine, Sweep sweep) {
  compare_op(ref, mine, sweep, true,
             [](const C& c, Out out, In in) { ASSERT_TRUE(c.encrypt_blocks(out, in).ok()); });
  compare_op(ref, mine, sweep, true,
             [](const C& c, Out out, In in) { ASSERT_TRUE(c.decrypt_blocks(out, in).ok()); });
}

// CBC both ways.
template <class C>
void diff_cbc(const C& ref, const C& mine, Sweep sweep) {
  const Bytes iv = Prng(5).bytes(16);
  compare_op(ref, mine, sweep, true, [&](const C& c, Out out, In in) {
    ASSERT_TRUE(Cbc<C>(c, fixed<16>(iv)).encrypt(out, in).ok());
  });
  compare_op(ref, mine, sweep, true, [&](const C& c, Out out, In in) {
    ASSERT_TRUE(Cbc<C>(c, fixed<16>(iv)).decrypt(out, in).ok());
  });
}

// CTR from each initial counter block (hex).
template <class C>
void diff_ctr(const C& ref, const C& mine, Sweep sweep, std::initializer_list<const char*> ivs) {
  for (const char* iv_hex : ivs) {
    const Bytes iv = hex(iv_hex);
    compare_op(ref, mine, sweep, false, [&](const C& c, Out out, In in) {
      ASSERT_TRUE(Ctr<C>(c, fixed<16>(iv)).apply(out, in).ok());
    });
  }
}

// CFB both ways and OFB.
template <class C>
void diff_cfb_ofb(const C& ref, const C& mine, Sweep sweep) {
  const Bytes iv = Prng(6).bytes(16);
  compare_op(ref, mine, sweep, false, [&](const C& c, Out out, In in) {
    ASSERT_TRUE(Cfb<C>(c, fixed<16>(iv)).encrypt(out, in).ok());
  });
  compare_op(ref, mine, sweep, false, [&](const C& c, Out out, In in) {
    ASSERT_TRUE(Cfb<C>(c, fixed<16>(iv)).decrypt(out, in).ok());
  });
  compare_op(ref, mine, sweep, false, [&](const C& c, Out out, In in) {
    ASSERT_TRUE(Ofb<C>(c, fixed<16>(iv)).apply(out, in).ok());
  });
}

// CMAC, its tag spread over the output.
template <class C>
void diff_cmac(const C& ref, const C& mine, Sweep sweep) {
  compare_op(ref, mine, sweep, false, [](const C& c, Out out, In in) {
    Cmac<C> m(c);
    m.update(in);
    std::uint8_t tag[16];
    m.finish(tag);
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = tag[i % 16];
  });
}

// ctr_against_definition checks CTR from each initial counter block (hex; chosen to carry
// across 2^32, 2^64 or wrap 2^128 within 40 blocks) against ECB of explicit counter blocks.
template <class C>
void ctr_against_definition(const C& cipher, std::initializer_list<const char*> ivs) {
  for (const char* iv_hex : ivs) {
    const Bytes iv = hex(iv_hex);
    Bytes counters(16 * 40), expected(16 * 40), got(16 * 40), zeros(16 * 40, 0);
    Bytes c = iv;
    for (std::size_t i = 0; i < 40; ++i) {
      std::copy(c.begin(), c.end(), counters.begin() + static_cast<long>(16 * i));
      for (int j = 15; j >= 0; --j)
        if (++c[static_cast<std::size_t>(j)] != 0) break;
    }
    ASSERT_TRUE(cipher.encrypt_blocks(expected, counters).ok());
    ASSERT_TRUE(Ctr<C>(cipher, fixed<16>(iv)).apply(got, zeros).ok());
    EXPECT_EQ(got, expected) << iv_hex;
  }
}

// streaming_splits (any block size): for rounds random messages (up to 3000 bytes), CTR and CMAC
// fed in random pieces (up to max_piece bytes), CTR's seek to a random offset, and CBC both ways in
// pieces of up to max_blocks whole blocks, all equal to the reference in one call.
template <class C>
void streaming_splits(const C& ref, const C& mine, int rounds, std::size_t max_piece,
                      std::size_t max_blocks) {
  constexpr std::size_t B = C::block_size;
  Prng rng(test_seed() + 101);
  const Bytes iv = rng.bytes(B);
  for (int round = 0; round < rounds; ++round) {
    const std::size_t n = rng.below(3000);
    const Bytes msg = rng.bytes(n);
    Bytes whole(n), pieces(n);
    Ctr<C> a(ref, fixed<B>(iv)), b(mine, fixed<B>(iv));
    ASSERT_TRUE(a.apply(whole, msg).ok());
    Cmac<C> ma(ref), mb(mine);
    ma.update(msg);
    std::size_t pos = 0;
    while (pos < n) {
      const std::size_t take = std::min(n - pos, rng.below(max_piece));
      ASSERT_TRUE(
          b.apply(std::span(pieces).subspan(pos, take), std::span(msg).subspan(pos, take)).ok());
      mb.update(std::span(msg).subspan(pos, take));
      pos += take;
    }
    ASSERT_EQ(pieces, whole) << "round " << round << " seed " << rng.seed;
    std::uint8_t ta[B], tb[B];
    ma.finish(ta);
    mb.finish(tb);
    ASSERT_TRUE(std::equal(ta, ta + B, tb)) << "round " << round;
    // seek to any byte offset gives the same keystream.
    const std::size_t off = rng.below(n + 1);
    Ctr<C> s(mine, fixed<B>(iv));
    s.seek(off);
    Bytes tail(n - off);
    ASSERT_TRUE(s.apply(tail, std::span(msg).subspan(off)).ok());
    ASSERT_TRUE(std::equal(tail.begin(), tail.end(), whole.begin() + static_cast<long>(off)))
        << off;
    // CBC in pieces of whole blocks equals one call, both ways.
    const std::size_t nb = n / B * B;
    Bytes cw(nb), cp(nb), dw(nb), dp(nb);
    Cbc<C> ca(ref, fixed<B>(iv)), cb(mine, fixed<B>(iv)), da(ref, fixed<B>(iv)),
        db(mine, fixed<B>(iv));
    ASSERT_TRUE(ca.encrypt(cw, std::span(msg).first(nb)).ok());
    ASSERT_TRUE(da.decrypt(dw, std::span(msg).first(nb)).ok());
    for (pos = 0; pos < nb;) {
      const std::size_t take = std::min(nb - pos, B * rng.below(max_blocks));
      ASSERT_TRUE(
          cb.encrypt(std::span(cp).subspan(pos, take), std::span(msg).subspan(pos, take)).ok());
      ASSERT_TRUE(
          db.decrypt(std::span(dp).subspan(pos, take), std::span(msg).subspan(pos, take)).ok());
      pos += take;
    }
    ASSERT_EQ(cp, cw) << "round " << round;
    ASSERT_EQ(dp, dw) << "round " << round;
  }
}

}  // namespace axiom::test
