// XTS over every kernel of every block-cipher row of 16-byte blocks (core/block_ciphers.h)
// against a block-at-a-time reading of the standards (IEEE 1619-2018 5.3/5.4, GB/T 17964-2021)
// on the portable kernel, in both tweak orders and both directions, at every length 16..1100
// and around 4 KiB and 64 KiB, unaligned, in place and with the output ending at a guard page;
// and against OpenSSL (EVP aes-*-xts) and libgcrypt (GCRY_CIPHER_MODE_XTS with AES and SM4) on
// random keys, tweaks and lengths.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "aes/aes_kernel.hpp"
#include "axiom/aes.hpp"
#include "axiom/kuznyechik.hpp"
#include "axiom/sm4.hpp"
#include "axiom/xts.hpp"
#include "core/block_ciphers.hpp"
#include "kuznyechik/kuznyechik_kernel.hpp"
#include "sm4/sm4_kernel.hpp"
#include "support/aes_helpers.hpp"
#include "support/kernels.hpp"
#include "support/test_kernels.hpp"
#include "support/vectors.hpp"

#if AXIOM_HAVE_LIBGCRYPT
#include <gcrypt.h>
#endif
#if AXIOM_HAVE_OPENSSL
#include <openssl/evp.h>
#endif

namespace axiom::test {
namespace {

constexpr std::size_t dense = 1100;

// times_x multiplies the mask t by x as each standard writes it, one byte at a time.
void times_x(std::uint8_t t[16], XtsStandard s) {
  if (s == XtsStandard::ieee1619) {  // little-endian: shift left, bit 127 back as 0x87
    const int carry = t[15] >> 7;
    for (int i = 15; i > 0; --i) t[i] = static_cast<std::uint8_t>(t[i] << 1 | t[i - 1] >> 7);
    t[0] = static_cast<std::uint8_t>(t[0] << 1 ^ (carry ? 0x87 : 0));
  } else {  // reflected big-endian: shift right, the last bit back as 0xe1 in byte 0
    const int carry = t[15] & 1;
    for (int i = 15; i > 0; --i) t[i] = static_cast<std::uint8_t>(t[i] >> 1 | t[i - 1] << 7);
    t[0] = static_cast<std::uint8_t>(t[0] >> 1 ^ (carry ? 0xe1 : 0));
  }
}

// reference: XTS block by block with ciphertext stealing, straight from the standard's text.
template <class C>
Bytes reference(const C& k1, const C& k2, XtsStandard s, bool decrypt, const Bytes& tweak,
                std::span<const std::uint8_t> in) {
  std::uint8_t t[16], next[16];
  k2.encrypt_block(t, fixed<16>(tweak));
  Bytes out(in.begin(), in.end());
  const std::size_t m = in.size() / 16, rest = in.size() % 16;
  auto block = [&](std::uint8_t* p, const std::uint8_t* mask) {
    for (int i = 0; i < 16; ++i) p[i] ^= mask[i];
    std::span<std::uint8_t, 16> b(p, 16);
    decrypt ? k1.decrypt_block(b, b) : k1.encrypt_block(b, b);
    for (int i = 0; i < 16; ++i) p[i] ^= mask[i];
  };
  for (std::size_t j = 0; j + (rest ? 1 : 0) < m; ++j) {
    block(out.data() + 16 * j, t);
    times_x(t, s);
  }
  if (rest) {
    std::uint8_t* last = out.data() + 16 * (m - 1);
    std::memcpy(next, t, 16);
    times_x(next, s);
    block(last, decrypt ? next : t);
    std::uint8_t stolen[16];
    std::memcpy(stolen, in.data() + 16 * m, rest);
    std::memcpy(stolen + rest, last + rest, 16 - rest);
    std::memcpy(last + 16, last, rest);
    block(stolen, decrypt ? t : next);
    std::memcpy(last, stolen, 16);
  }
  return out;
}

// against_definition: Xts over the kernel under test (mine) against the reference over the
// portable kernel (ref), both standards, both directions, every length of the sweep, unaligned, in
// place, and ending at a guard page; lengths below 16 fail with out untouched.
template <class C>
void against_definition(const C& ref1, const C& ref2, const C& mine1, const C& mine2,
                        Sweep sweep = dense) {
  Prng rng(test_seed() + 71);
  const Bytes buf = rng.bytes(65537 + 64);
  const Bytes tweak = rng.bytes(16);
  for (XtsStandard s : {XtsStandard::ieee1619, XtsStandard::gb17964}) {
    const Xts<C> xts(mine1, mine2, s);
    for (bool decrypt : {false, true}) {
      auto run = [&](std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
        return decrypt ? xts.decrypt(out, in, fixed<16>(tweak))
                       : xts.encrypt(out, in, fixed<16>(tweak));
      };
      for (std::size_t n : sweep.for_kernel(mine1.kernel_name()).lengths()) {
        const auto in = std::span(buf).subspan(n % 7, n);
        Bytes got(n + 8, 0x5a), inplace(in.begin(), in.end());
        const auto out = std::span(got).subspan(n % 5, n);
        if (n < 16) {
          EXPECT_EQ(run(out, in).error(), Error::invalid_argument) << n;
          EXPECT_TRUE(std::all_of(got.begin(), got.end(), [](std::uint8_t b) { return b == 0x5a; }))
              << n;
          continue;
        }
        const Bytes expected = reference(ref1, ref2, s, decrypt, tweak, in);
        ASSERT_TRUE(run(out, in).ok());
        ASSERT_TRUE(std::equal(expected.begin(), expected.end(), out.begin()))
            << "standard " << static_cast<int>(s) << " decrypt " << decrypt << " length " << n
            << " seed " << rng.seed;
        ASSERT_TRUE(run(inplace, inplace).ok());
        ASSERT_EQ(inplace, expected) << "in place, length " << n;
      }
      for (std::size_t n : {16u, 17u, 31u, 512u, 4096u, 4111u}) {
        GuardedBuffer g(n);
        const Bytes in = rng.bytes(n);
        ASSERT_TRUE(run(g.span(), in).ok());
        const Bytes expected = reference(ref1, ref2, s, decrypt, tweak, in);
        ASSERT_TRUE(std::equal(expected.begin(), expected.end(), g.span().begin())) << n;
      }
    }
  }
}

template <class C>
std::pair<Bytes, Bytes> two_keys(std::uint64_t seed) {
  Prng rng(test_seed() + seed);
  return {rng.bytes(C::key_size), rng.bytes(C::key_size)};
}

class AesXtsDiff : public KernelTest<detail::AesKernel> {};

#if AXIOM_HAVE_OPENSSL || AXIOM_HAVE_LIBGCRYPT
// peer_lengths: 16..1100, then some KiB.
std::vector<std::size_t> peer_lengths() {
  std::vector<std::size_t> v;
  for (std::size_t n = 16; n <= 1100; ++n) v.push_back(n);
  for (std::size_t n : {4095u, 4096u, 4097u, 8191u, 16384u, 65536u + 7u}) v.push_back(n);
  return v;
}
#endif

#if AXIOM_HAVE_OPENSSL
// openssl_xts: OpenSSL's EVP XTS-AES of in under key (K1 || K2) and tweak.
Bytes openssl_xts(const Bytes& key, const Bytes& tweak, bool decrypt,
                  std::span<const std::uint8_t> in) {
  const EVP_CIPHER* cipher = key.size() == 32 ? EVP_aes_128_xts() : EVP_aes_256_xts();
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  Bytes out(in.size());
  int len = 0;
  EXPECT_EQ(EVP_CipherInit_ex(ctx, cipher, nullptr, key.data(), tweak.data(), decrypt ? 0 : 1), 1);
  EXPECT_EQ(EVP_CipherUpdate(ctx, out.data(), &len, in.data(), static_cast<int>(in.size())), 1);
  EXPECT_EQ(static_cast<std::size_t>(len), in.size());
  EVP_CIPHER_CTX_free(ctx);
  return out;
}

template <class C>
void against_openssl(const detail::AesKernel& kernel, std::uint64_t seed) {
  Prng rng(test_seed() + seed);
  const Bytes buf = rng.bytes(65536 + 64);
  for (std::size_t n : peer_lengths()) {
    const Bytes key = rng.bytes(2 * C::key_size), tweak = rng.bytes(16);
    const Xts<C> xts(
        C(std::span<const std::uint8_t>(key).template first<C::key_size>(), kernel),
        C(std::span<const std::uint8_t>(key).template subspan<C::key_size, C::key_size>(), kernel));
    const auto in = std::span(buf).subspan(n % 9, n);
    Bytes ours(n + 3);
    const auto out = std::span(ours).subspan(n % 3, n);
    ASSERT_TRUE(xts.encrypt(out, in, fixed<16>(tweak)).ok());
    const Bytes theirs = openssl_xts(key, tweak, false, in);
    ASSERT_TRUE(std::equal(theirs.begin(), theirs.end(), out.begin()))
        << "length " << n << " seed " << rng.seed;
    Bytes back(theirs);
    ASSERT_TRUE(xts.decrypt(back, back, fixed<16>(tweak)).ok());
    ASSERT_TRUE(std::equal(in.begin(), in.end(), back.begin())) << "decrypt length " << n;
    Bytes dec(n);
    ASSERT_TRUE(xts.decrypt(dec, in, fixed<16>(tweak)).ok());
    ASSERT_EQ(dec, openssl_xts(key, tweak, true, in)) << "decrypt of random data, length " << n;
  }
}

TEST_P(AesXtsDiff, MatchesOpenssl) {
  against_openssl<Aes128>(*GetParam(), 74);
  against_openssl<Aes256>(*GetParam(), 75);
}
#endif

#if AXIOM_HAVE_LIBGCRYPT
// gcrypt_xts: libgcrypt's XTS (IEEE 1619 tweak order) with algo under key (K1 || K2).
Bytes gcrypt_xts(int algo, const Bytes& key, const Bytes& tweak, bool decrypt,
                 std::span<const std::uint8_t> in) {
  gcry_cipher_hd_t h = nullptr;
  EXPECT_EQ(gcry_cipher_open(&h, algo, GCRY_CIPHER_MODE_XTS, 0), 0u);
  EXPECT_EQ(gcry_cipher_setkey(h, key.data(), key.size()), 0u);
  EXPECT_EQ(gcry_cipher_setiv(h, tweak.data(), 16), 0u);
  Bytes out(in.size());
  EXPECT_EQ(decrypt ? gcry_cipher_decrypt(h, out.data(), out.size(), in.data(), in.size())
                    : gcry_cipher_encrypt(h, out.data(), out.size(), in.data(), in.size()),
            0u);
  gcry_cipher_close(h);
  return out;
}

// An emulated kernel (sparse) takes the lengths to 80, then the multiples of 16 and the lengths
// after them, up to 4097.
template <class C, class Kernel>
void against_libgcrypt(int algo, const Kernel& kernel, std::uint64_t seed, bool sparse = false) {
  ASSERT_TRUE(gcry_check_version(nullptr));
  Prng rng(test_seed() + seed);
  const Bytes buf = rng.bytes(65536 + 64);
  for (std::size_t n : peer_lengths()) {
    if (sparse && n > 80 && (n % 16 > 1 || n > 4097)) continue;
    const Bytes key = rng.bytes(2 * C::key_size), tweak = rng.bytes(16);
    const Xts<C> xts(
        C(std::span<const std::uint8_t>(key).template first<C::key_size>(), kernel),
        C(std::span<const std::uint8_t>(key).template subspan<C::key_size, C::key_size>(), kernel));
    const auto in = std::span(buf).subspan(n % 11, n);
    Bytes enc(n), dec(n);
    ASSERT_TRUE(xts.encrypt(enc, in, fixed<16>(tweak)).ok());
    ASSERT_EQ(enc, gcrypt_xts(algo, key, tweak, false, in))
        << "length " << n << " seed " << rng.seed;
    ASSERT_TRUE(xts.decrypt(dec, in, fixed<16>(tweak)).ok());
    ASSERT_EQ(dec, gcrypt_xts(algo, key, tweak, true, in))
        << "decrypt, length " << n << " seed " << rng.seed;
  }
}

TEST_P(AesXtsDiff, MatchesLibgcrypt) {
  against_libgcrypt<Aes128>(GCRY_CIPHER_AES128, *GetParam(), 76);
  against_libgcrypt<Aes256>(GCRY_CIPHER_AES256, *GetParam(), 77);
}
#endif

// A kernel's fused XTS path (IEEE order) against the same kernel without it (the generic path
// of src/modes/xts.cpp over its ECB) on long data units, both directions, in place; and the
// next tweak it hands back against T·x^n for every n of 0..40 blocks.
TEST_P(AesXtsDiff, FusedMatchesGeneric) {
  const detail::AesKernel& kernel = *GetParam();
  if (kernel.ops.xts_encrypt == nullptr) GTEST_SKIP() << "no fused XTS path";
  detail::AesKernel generic = kernel;
  generic.ops.xts_encrypt = nullptr;
  generic.ops.xts_decrypt = nullptr;
  const auto [k1, k2] = two_keys<Aes256>(80);
  const Aes256 f1(fixed<32>(k1), kernel), f2(fixed<32>(k2), kernel), g1(fixed<32>(k1), generic),
      g2(fixed<32>(k2), generic);
  const Xts<Aes256> fused(f1, f2), plain(g1, g2);
  Prng rng(test_seed() + 81);
  for (std::size_t n :
       {65536u, 65536u + 15u, 65536u + 16u * 7u + 1u, (1u << 20) + 16u * 9u + 33u}) {
    const Bytes in = rng.bytes(n), tweak = rng.bytes(16);
    for (bool decrypt : {false, true}) {
      Bytes want(n), got(in);
      auto run = [&](const Xts<Aes256>& x, std::span<std::uint8_t> out,
                     std::span<const std::uint8_t> src) {
        return decrypt ? x.decrypt(out, src, fixed<16>(tweak))
                       : x.encrypt(out, src, fixed<16>(tweak));
      };
      ASSERT_TRUE(run(plain, want, in).ok());
      ASSERT_TRUE(run(fused, got, got).ok());
      ASSERT_EQ(got, want) << "length " << n << " decrypt " << decrypt;
    }
  }
  std::uint8_t expect[16];
  const Bytes t0 = rng.bytes(16);
  std::memcpy(expect, t0.data(), 16);
  Bytes buf(16 * 40);
  for (std::size_t blocks = 0; blocks <= 40; ++blocks) {
    for (auto entry : {kernel.ops.xts_encrypt, kernel.ops.xts_decrypt}) {
      std::uint8_t t[16];
      std::memcpy(t, t0.data(), 16);
      entry(f1.block_ref().schedule, t, buf.data(), buf.data(), blocks);
      ASSERT_EQ(Bytes(t, t + 16), Bytes(expect, expect + 16)) << blocks << " blocks";
    }
    times_x(expect, XtsStandard::ieee1619);
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, AesXtsDiff, ::testing::ValuesIn(aes_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

#if AXIOM_HAVE_LIBGCRYPT
class Sm4XtsDiff : public KernelTest<detail::Sm4Kernel> {};

TEST_P(Sm4XtsDiff, MatchesLibgcrypt) {
  against_libgcrypt<Sm4>(GCRY_CIPHER_SM4, *GetParam(), 79, emulated(GetParam()->info));
}

INSTANTIATE_TEST_SUITE_P(Kernels, Sm4XtsDiff, ::testing::ValuesIn(sm4_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });
#endif

// XTS against its definition over ECB on the row's portable kernel, for every row of
// core/block_ciphers.h of 16-byte blocks, each of its ciphers with 128- or 256-bit keys, every
// kernel.
template <class Row, class Kernel>
void each_xts_against_definition(const Kernel& kernel) {
  detail::for_each_type<typename Row::ciphers>([&]<class C>() {
    if constexpr (C::key_size == 16 || C::key_size == 32) {
      const auto [k1, k2] = two_keys<C>(72 + detail::index_of<C>);
      const auto& portable = *Row::kernels().back();
      against_definition(C(fixed<C::key_size>(k1), portable), C(fixed<C::key_size>(k2), portable),
                         C(fixed<C::key_size>(k1), kernel), C(fixed<C::key_size>(k2), kernel),
                         Sweep(dense, emulated(kernel.info)));
    }
  });
}
#define AXIOM_XTS_ROW_16(family)                                                             \
  class family##XtsDefinition                                                                \
      : public KernelTest<std::remove_cvref_t<decltype(*detail::family##_kernels()[0])>> {}; \
  TEST_P(family##XtsDefinition, AgainstDefinition) {                                         \
    each_xts_against_definition<detail::family##_row>(*GetParam());                          \
  }                                                                                          \
  INSTANTIATE_TEST_SUITE_P(Kernels, family##XtsDefinition,                                   \
                           ::testing::ValuesIn(family##_test_kernels()),                     \
                           [](const auto& p) { return kernel_test_name(p.param->info); });
#define AXIOM_XTS_ROW_8(family)
#define AXIOM_XTS_ROW(family, block, standard, ...) AXIOM_XTS_ROW_##block(family)
AXIOM_BLOCK_CIPHERS(AXIOM_XTS_ROW)
#undef AXIOM_XTS_ROW

// Errors: sizes, overlap, the largest data unit and one byte more; out untouched on errors.
TEST(XtsErrors, SizesAndOverlap) {
  const auto [k1, k2] = two_keys<Aes128>(81);
  const Xts<Aes128> xts(Aes128(fixed<16>(k1)), Aes128(fixed<16>(k2)));
  const Bytes tweak(16, 7);
  Bytes buf(64, 1), out(64, 9);
  EXPECT_EQ(
      xts.encrypt(std::span(out).first(32), std::span(buf).first(33), fixed<16>(tweak)).error(),
      Error::output_size_mismatch);
  EXPECT_EQ(xts.encrypt(std::span(buf).subspan(1, 40), std::span(buf).first(40), fixed<16>(tweak))
                .error(),
            Error::overlapping_buffers);
  EXPECT_EQ(
      xts.decrypt(std::span(out).first(15), std::span(buf).first(15), fixed<16>(tweak)).error(),
      Error::invalid_argument);
  EXPECT_EQ(out, Bytes(64, 9));
  EXPECT_EQ(buf, Bytes(64, 1));
  Bytes big(Xts<Aes128>::max_unit_size + 1, 3);
  EXPECT_EQ(xts.encrypt(big, big, fixed<16>(tweak)).error(), Error::message_too_long);
  EXPECT_EQ(big, Bytes(big.size(), 3));
  const auto unit = std::span(big).first(Xts<Aes128>::max_unit_size);
  ASSERT_TRUE(xts.encrypt(unit, unit, fixed<16>(tweak)).ok());
  ASSERT_TRUE(xts.decrypt(unit, unit, fixed<16>(tweak)).ok());
  EXPECT_EQ(big, Bytes(big.size(), 3));
}

}  // namespace
}  // namespace axiom::test
