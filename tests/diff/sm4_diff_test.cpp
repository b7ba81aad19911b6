// Differential tests: every SM4 kernel (ECB, CBC, CTR, CFB, OFB, CMAC, GCM, CCM) against the portable kernel, at
// every awkward length, unaligned, in place, with the output ending at a guard page, and
// through random streaming splits.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "axiom/ccm.hpp"
#include "axiom/gcm.hpp"
#include "axiom/modes.hpp"
#include "ghash/ghash_kernel.hpp"
#include "axiom/sm4.hpp"
#include "sm4/sm4_kernel.hpp"
#include "support/aes_helpers.hpp"
#include "support/kernels.hpp"
#include "support/vectors.hpp"

#if AXIOM_HAVE_LIBGCRYPT
#include <gcrypt.h>
#endif

namespace axiom::test {
namespace {

using Kernel = const detail::Sm4Kernel*;
constexpr std::size_t dense = 4 * 16 * 16 + 1;  // 4 x (16 blocks in flight) x 16 bytes, + 1

class Sm4Diff : public ::testing::TestWithParam<Kernel> {
 protected:
  void SetUp() override { AXIOM_SKIP_UNLESS_RUNNABLE(GetParam()->info); }
};

// Runs op(cipher, out, in) for the kernel under test and portable at every awkward length
// (rounded down to blocks when whole), unaligned, and in place.
template <class Op>
void compare_all(const detail::Sm4Kernel& kernel, bool whole_blocks, Op op) {
  Prng rng(test_seed() + 40);
  const Bytes buf = rng.bytes(65537 + 64);
  const Bytes key = rng.bytes(16);
  const Sm4 ref(fixed<16>(key), detail::sm4_portable), mine(fixed<16>(key), kernel);
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

TEST_P(Sm4Diff, Ecb) {
  compare_all(*GetParam(), true, [](const Sm4& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
    ASSERT_TRUE(c.encrypt_blocks(out, in).ok());
  });
  compare_all(*GetParam(), true, [](const Sm4& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
    ASSERT_TRUE(c.decrypt_blocks(out, in).ok());
  });
}

TEST_P(Sm4Diff, Cbc) {
  const Bytes iv = Prng(5).bytes(16);
  compare_all(*GetParam(), true, [&](const Sm4& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
    Cbc<Sm4> m(c, fixed<16>(iv));
    ASSERT_TRUE(m.encrypt(out, in).ok());
  });
  compare_all(*GetParam(), true, [&](const Sm4& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
    Cbc<Sm4> m(c, fixed<16>(iv));
    ASSERT_TRUE(m.decrypt(out, in).ok());
  });
}

TEST_P(Sm4Diff, Ctr) {
  // Counters whose low 32 bits wrap inside a batch, that carry out of the low 64 bits, and
  // that wrap the whole 128 bits within a message.
  for (const char* iv_hex : {"000102030405060708090a0b0c0d0e0f", "0001020304050607aaaaaaaafffffff9",
                             "0102030405060708fffffffffffffff0", "fffffffffffffffffffffffffffffffa"}) {
    const Bytes iv = hex(iv_hex);
    compare_all(*GetParam(), false, [&](const Sm4& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
      Ctr<Sm4> m(c, fixed<16>(iv));
      ASSERT_TRUE(m.apply(out, in).ok());
    });
  }
}

TEST_P(Sm4Diff, CtrCarryAgainstDefinition) {
  // The 2^32, 2^64 carries and the 2^128 wrap, checked against ECB of explicit counter blocks.
  Prng rng(test_seed() + 41);
  const Bytes key = rng.bytes(16);
  const Sm4 sm4(fixed<16>(key), *GetParam());
  for (const char* iv_hex : {"01020304050607080000fffffffffff9", "0102030405060708fffffffffffffff9",
                             "fffffffffffffffffffffffffffffff3"}) {
    const Bytes iv = hex(iv_hex);
    Bytes counters(16 * 40), expected(16 * 40), got(16 * 40), zeros(16 * 40, 0);
    Bytes c = iv;
    for (std::size_t i = 0; i < 40; ++i) {
      std::copy(c.begin(), c.end(), counters.begin() + static_cast<long>(16 * i));
      for (int j = 15; j >= 0; --j)
        if (++c[static_cast<std::size_t>(j)] != 0) break;
    }
    ASSERT_TRUE(sm4.encrypt_blocks(expected, counters).ok());
    Ctr<Sm4> ctr(sm4, fixed<16>(iv));
    ASSERT_TRUE(ctr.apply(got, zeros).ok());
    EXPECT_EQ(got, expected) << iv_hex;
  }
}

TEST_P(Sm4Diff, CfbOfb) {
  const Bytes iv = Prng(6).bytes(16);
  compare_all(*GetParam(), false, [&](const Sm4& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
    Cfb<Sm4> m(c, fixed<16>(iv));
    ASSERT_TRUE(m.encrypt(out, in).ok());
  });
  compare_all(*GetParam(), false, [&](const Sm4& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
    Cfb<Sm4> m(c, fixed<16>(iv));
    ASSERT_TRUE(m.decrypt(out, in).ok());
  });
  compare_all(*GetParam(), false, [&](const Sm4& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
    Ofb<Sm4> m(c, fixed<16>(iv));
    ASSERT_TRUE(m.apply(out, in).ok());
  });
}

TEST_P(Sm4Diff, Cmac) {
  compare_all(*GetParam(), false, [](const Sm4& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
    Cmac<Sm4> m(c);
    m.update(in);
    std::uint8_t tag[16];
    m.finish(tag);
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = tag[i % 16];  // spread over the output
  });
}

TEST_P(Sm4Diff, StreamingSplits) {
  Prng rng(test_seed() + 42);
  const Bytes key = rng.bytes(16), iv = rng.bytes(16);
  const Sm4 ref(fixed<16>(key), detail::sm4_portable), mine(fixed<16>(key), *GetParam());
  for (int round = 0; round < 100; ++round) {
    const std::size_t n = rng.below(3000);
    const Bytes msg = rng.bytes(n);
    Bytes whole(n), pieces(n);
    Ctr<Sm4> a(ref, fixed<16>(iv)), b(mine, fixed<16>(iv));
    ASSERT_TRUE(a.apply(whole, msg).ok());
    Cmac<Sm4> ma(ref), mb(mine);
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
    const std::size_t off = rng.below(n + 1);
    Ctr<Sm4> s(mine, fixed<16>(iv));
    s.seek(off);
    Bytes tail(n - off);
    ASSERT_TRUE(s.apply(tail, std::span(msg).subspan(off)).ok());
    ASSERT_TRUE(std::equal(tail.begin(), tail.end(), whole.begin() + static_cast<long>(off))) << off;
    const std::size_t nb = n / 16 * 16;
    Bytes cw(nb), cp(nb), dw(nb), dp(nb);
    Cbc<Sm4> ca(ref, fixed<16>(iv)), cb(mine, fixed<16>(iv)), da(ref, fixed<16>(iv)), db(mine, fixed<16>(iv));
    ASSERT_TRUE(ca.encrypt(cw, std::span(msg).first(nb)).ok());
    ASSERT_TRUE(da.decrypt(dw, std::span(msg).first(nb)).ok());
    for (pos = 0; pos < nb;) {
      const std::size_t take = std::min(nb - pos, 16 * rng.below(20));
      ASSERT_TRUE(cb.encrypt(std::span(cp).subspan(pos, take), std::span(msg).subspan(pos, take)).ok());
      ASSERT_TRUE(db.decrypt(std::span(dp).subspan(pos, take), std::span(msg).subspan(pos, take)).ok());
      pos += take;
    }
    ASSERT_EQ(cp, cw) << "round " << round;
    ASSERT_EQ(dp, dw) << "round " << round;
  }
}

// The AEADs over every kernel against the portable one, every length, in place.
TEST_P(Sm4Diff, GcmCcmSealOpen) {
  Prng rng(test_seed() + 43);
  const Bytes buf = rng.bytes(65537 + 64), key = rng.bytes(16);
  const Sm4Gcm gref(fixed<16>(key), detail::sm4_portable, detail::ghash_portable);
  const Sm4Gcm gmine(fixed<16>(key), *GetParam(), detail::ghash_portable);
  const Sm4Ccm cref(fixed<16>(key), detail::sm4_portable), cmine(fixed<16>(key), *GetParam());
  for (std::size_t n : awkward_lengths(dense)) {
    const Bytes nonce = rng.bytes(n % 3 == 0 ? 7 + rng.below(7) : 12);
    const auto aad = std::span(buf).subspan(n % 11, rng.below(300));
    const auto in = std::span(buf).subspan(n % 13, n);
    Bytes expected(n + 16), got(n + 16);
    ASSERT_TRUE(gref.seal(expected, nonce, aad, in).ok());
    ASSERT_TRUE(gmine.seal(got, nonce, aad, in).ok());
    ASSERT_EQ(got, expected) << "GCM length " << n << " seed " << rng.seed;
    ASSERT_TRUE(gmine.open(std::span(got).first(n), nonce, aad, got).ok()) << n;
    ASSERT_TRUE(std::equal(in.begin(), in.end(), got.begin())) << n;
    const std::size_t tag_len = 4 + 2 * (n % 7);
    Bytes ce(n + tag_len), cg(n + tag_len);
    ASSERT_TRUE(cref.seal(ce, nonce, aad, in, tag_len).ok());
    ASSERT_TRUE(cmine.seal(cg, nonce, aad, in, tag_len).ok());
    ASSERT_EQ(cg, ce) << "CCM length " << n << " seed " << rng.seed;
    ASSERT_TRUE(cmine.open(std::span(cg).first(n), nonce, aad, cg, tag_len).ok()) << n;
    ASSERT_TRUE(std::equal(in.begin(), in.end(), cg.begin())) << n;
  }
}

#if AXIOM_HAVE_LIBGCRYPT
// Against libgcrypt's SM4 (its own AES-NI/AVX2 code): CTR, CBC, GCM, CCM and CMAC on random
// keys, nonces, AAD and lengths.
TEST_P(Sm4Diff, MatchesLibgcrypt) {
  ASSERT_TRUE(gcry_check_version(nullptr));
  Prng rng(test_seed() + 44);
  for (int round = 0; round < 40; ++round) {
    const Bytes key = rng.bytes(16), iv = rng.bytes(16), nonce = rng.bytes(12), aad = rng.bytes(rng.below(40));
    const std::size_t n = rng.below(1500);
    const Bytes msg = rng.bytes(n);
    const Sm4 sm4(fixed<16>(key), *GetParam());
    auto gcrypt = [&](int mode, const Bytes& in, std::size_t tag_len, Bytes* tag) {
      gcry_cipher_hd_t h = nullptr;
      EXPECT_EQ(gcry_cipher_open(&h, GCRY_CIPHER_SM4, mode, 0), 0u);
      EXPECT_EQ(gcry_cipher_setkey(h, key.data(), 16), 0u);
      if (mode == GCRY_CIPHER_MODE_CTR) {
        EXPECT_EQ(gcry_cipher_setctr(h, iv.data(), 16), 0u);
      } else if (mode == GCRY_CIPHER_MODE_CBC) {
        EXPECT_EQ(gcry_cipher_setiv(h, iv.data(), 16), 0u);
      } else {
        EXPECT_EQ(gcry_cipher_setiv(h, nonce.data(), 12), 0u);
        if (mode == GCRY_CIPHER_MODE_CCM) {
          std::uint64_t lengths[3] = {in.size(), aad.size(), tag_len};
          EXPECT_EQ(gcry_cipher_ctl(h, GCRYCTL_SET_CCM_LENGTHS, lengths, sizeof lengths), 0u);
        }
        EXPECT_EQ(gcry_cipher_authenticate(h, aad.data(), aad.size()), 0u);
        EXPECT_EQ(gcry_cipher_final(h), 0u);
      }
      Bytes out(in.size());
      EXPECT_EQ(gcry_cipher_encrypt(h, out.data(), out.size(), in.data(), in.size()), 0u);
      if (tag) {
        tag->resize(tag_len);
        EXPECT_EQ(gcry_cipher_gettag(h, tag->data(), tag_len), 0u);
      }
      gcry_cipher_close(h);
      return out;
    };
    Bytes out(n);
    Ctr<Sm4> ctr(sm4, fixed<16>(iv));
    ASSERT_TRUE(ctr.apply(out, msg).ok());
    EXPECT_EQ(out, gcrypt(GCRY_CIPHER_MODE_CTR, msg, 0, nullptr)) << "CTR " << n;
    const Bytes whole(msg.begin(), msg.begin() + static_cast<long>(n / 16 * 16));
    Bytes cbc_out(whole.size());
    Cbc<Sm4> cbc(sm4, fixed<16>(iv));
    ASSERT_TRUE(cbc.encrypt(cbc_out, whole).ok());
    EXPECT_EQ(cbc_out, gcrypt(GCRY_CIPHER_MODE_CBC, whole, 0, nullptr)) << "CBC " << n;
    Bytes tag, sealed(n + 16);
    const Bytes gcm_ct = gcrypt(GCRY_CIPHER_MODE_GCM, msg, 16, &tag);
    ASSERT_TRUE(Sm4Gcm(sm4, detail::ghash_portable).seal(sealed, nonce, aad, msg).ok());
    EXPECT_EQ(Bytes(sealed.begin(), sealed.begin() + static_cast<long>(n)), gcm_ct) << "GCM " << n;
    EXPECT_EQ(Bytes(sealed.begin() + static_cast<long>(n), sealed.end()), tag) << "GCM tag " << n;
    const std::size_t tag_len = 4 + 2 * rng.below(7);
    const Bytes ccm_ct = gcrypt(GCRY_CIPHER_MODE_CCM, msg, tag_len, &tag);
    Bytes ccm_sealed(n + tag_len);
    ASSERT_TRUE(Sm4Ccm(sm4).seal(ccm_sealed, nonce, aad, msg, tag_len).ok());
    EXPECT_EQ(Bytes(ccm_sealed.begin(), ccm_sealed.begin() + static_cast<long>(n)), ccm_ct) << "CCM " << n;
    EXPECT_EQ(Bytes(ccm_sealed.begin() + static_cast<long>(n), ccm_sealed.end()), tag) << "CCM tag " << n;
    gcry_mac_hd_t m = nullptr;
    ASSERT_EQ(gcry_mac_open(&m, GCRY_MAC_CMAC_SM4, 0, nullptr), 0u);
    ASSERT_EQ(gcry_mac_setkey(m, key.data(), 16), 0u);
    ASSERT_EQ(gcry_mac_write(m, msg.data(), msg.size()), 0u);
    std::uint8_t want[16], got[16];
    std::size_t len = 16;
    ASSERT_EQ(gcry_mac_read(m, want, &len), 0u);
    gcry_mac_close(m);
    Cmac<Sm4> mac(sm4);
    mac.update(msg);
    mac.finish(got);
    EXPECT_TRUE(std::equal(got, got + 16, want)) << "CMAC " << n;
  }
}
#endif

INSTANTIATE_TEST_SUITE_P(Kernels, Sm4Diff, ::testing::ValuesIn(detail::sm4_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

}  // namespace
}  // namespace axiom::test
