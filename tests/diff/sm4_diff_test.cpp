// Differential tests: every SM4 kernel (ECB, CBC, CTR, CFB, OFB, CMAC, GCM, CCM) against the
// portable kernel, at every awkward length, unaligned, in place, with the output ending at a guard
// page, and through random streaming splits.
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
#include "support/block_cipher_diff.hpp"
#include "support/kernels.hpp"
#include "support/test_kernels.hpp"
#include "support/vectors.hpp"

#if AXIOM_HAVE_LIBGCRYPT
#include <gcrypt.h>
#endif

namespace axiom::test {
namespace {

using Kernel = const detail::Sm4Kernel*;
constexpr std::size_t dense = 4 * 16 * 16 + 1;  // 4 x (16 blocks in flight) x 16 bytes, + 1

class Sm4Diff : public KernelTest<detail::Sm4Kernel> {
 protected:
  // The lengths to cover: fewer for an emulated kernel (and for its one-block calls, CFB and OFB,
  // up to a few groups only).
  Sweep sweep(std::size_t emulated_dense = dense) const {
    return emulated(GetParam()->info) ? Sweep(emulated_dense, true) : Sweep(dense);
  }
};

// each_key calls check(ref, mine) with the portable kernel and the kernel under test keyed alike.
template <class Check>
void each_key(const detail::Sm4Kernel& kernel, Check check) {
  const Bytes key = Prng(test_seed() + 40).bytes(16);
  check(Sm4(fixed<16>(key), detail::sm4_portable), Sm4(fixed<16>(key), kernel));
}

TEST_P(Sm4Diff, Ecb) {
  each_key(*GetParam(), [s = sweep()](const Sm4& ref, const Sm4& mine) { diff_ecb(ref, mine, s); });
}

TEST_P(Sm4Diff, Cbc) {
  each_key(*GetParam(), [s = sweep()](const Sm4& ref, const Sm4& mine) { diff_cbc(ref, mine, s); });
}

TEST_P(Sm4Diff, Ctr) {
  // Counters whose low 32 bits wrap inside a batch, that carry out of the low 64 bits, and
  // that wrap the whole 128 bits within a message.
  each_key(*GetParam(), [s = sweep()](const Sm4& ref, const Sm4& mine) {
    diff_ctr(ref, mine, s,
             {"000102030405060708090a0b0c0d0e0f", "0001020304050607aaaaaaaafffffff9",
              "0102030405060708fffffffffffffff0", "fffffffffffffffffffffffffffffffa"});
  });
}

TEST_P(Sm4Diff, CtrCarryAgainstDefinition) {
  // The 2^32, 2^64 carries and the 2^128 wrap.
  const Bytes key = Prng(test_seed() + 41).bytes(16);
  ctr_against_definition(Sm4(fixed<16>(key), *GetParam()),
                         {"01020304050607080000fffffffffff9", "0102030405060708fffffffffffffff9",
                          "fffffffffffffffffffffffffffffff3"});
}

TEST_P(Sm4Diff, CfbOfb) {
  each_key(*GetParam(), [s = sweep(4 * 16 + 1)](const Sm4& ref, const Sm4& mine) {
    diff_cfb_ofb(ref, mine, s);
  });
}

TEST_P(Sm4Diff, Cmac) {
  each_key(*GetParam(),
           [s = sweep()](const Sm4& ref, const Sm4& mine) { diff_cmac(ref, mine, s); });
}

TEST_P(Sm4Diff, StreamingSplits) {
  const int rounds = emulated(GetParam()->info) ? 20 : 100;
  each_key(*GetParam(), [rounds](const Sm4& ref, const Sm4& mine) {
    streaming_splits(ref, mine, rounds, 200, 20);
  });
}

// The AEADs over every kernel against the portable one, every length, in place.
TEST_P(Sm4Diff, GcmCcmSealOpen) {
  Prng rng(test_seed() + 43);
  const Bytes buf = rng.bytes(65537 + 64), key = rng.bytes(16);
  const Sm4Gcm gref(fixed<16>(key), detail::sm4_portable, detail::ghash_portable);
  const Sm4Gcm gmine(fixed<16>(key), *GetParam(), detail::ghash_portable);
  const Sm4Ccm cref(fixed<16>(key), detail::sm4_portable), cmine(fixed<16>(key), *GetParam());
  for (std::size_t n : sweep().lengths()) {
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
    const Bytes key = rng.bytes(16), iv = rng.bytes(16), nonce = rng.bytes(12),
                aad = rng.bytes(rng.below(40));
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
    EXPECT_EQ(Bytes(ccm_sealed.begin(), ccm_sealed.begin() + static_cast<long>(n)), ccm_ct)
        << "CCM " << n;
    EXPECT_EQ(Bytes(ccm_sealed.begin() + static_cast<long>(n), ccm_sealed.end()), tag)
        << "CCM tag " << n;
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

INSTANTIATE_TEST_SUITE_P(Kernels, Sm4Diff, ::testing::ValuesIn(sm4_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

}  // namespace
}  // namespace axiom::test
