// Public API of ChaCha20, XChaCha20, Poly1305 and the AEADs through the real dispatch, against
// OpenSSL and libsodium on random inputs. Runs as detected, without AVX-512 and portable only.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>

#if AXIOM_HAVE_OPENSSL
#include <openssl/evp.h>
#endif
#if AXIOM_HAVE_SODIUM
#include <sodium.h>
#endif

#include "axiom/axiom.hpp"
#include "support/kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

template <std::size_t N>
std::array<std::uint8_t, N> random_array(Prng& rng) {
  std::array<std::uint8_t, N> a{};
  const Bytes b = rng.bytes(N);
  std::copy(b.begin(), b.end(), a.begin());
  return a;
}

// Sizes around the kernels' block groupings and the AEAD's 8 KiB pieces.
const std::size_t sizes[] = {0,    1,    15,   16,   17,   63,   64,   65,    127,  128,  129,
                             191,  192,  255,  256,  257,  511,  512,  513,   1000, 2047, 2048,
                             2049, 4095, 4096, 4097, 8191, 8192, 8193, 16385, 65537};

TEST(ChaCha20Api, KernelFollowsAxiomCpu) {
  const std::array<std::uint8_t, 32> key{};
  const std::array<std::uint8_t, 12> nonce{};
  const std::string name(ChaCha20(key, nonce).kernel_name());
  const std::string poly(Poly1305(key).kernel_name());
  const ChaCha20Poly1305 aead(key);
  const char* spec = std::getenv("AXIOM_CPU");
  if (spec && std::string(spec) == "portable") {
    EXPECT_EQ(name, "chacha20/portable");
    EXPECT_EQ(poly, "poly1305/portable");
  } else if (cpu::detected().has(cpu::Feature::avx512 | cpu::Feature::ifma | cpu::Feature::avx2 |
                                 cpu::Feature::bmi2)) {
    EXPECT_EQ(name, "chacha20/avx512");
    EXPECT_EQ(poly, "poly1305/avx512_ifma");
    // chacha20/avx512 has no fused pass: the AEAD pairs it with the default Poly1305 kernel.
    EXPECT_EQ(aead.poly1305_kernel_name(), "poly1305/avx512_ifma");
  } else if (cpu::detected().has(cpu::Feature::avx2 | cpu::Feature::bmi2)) {
    EXPECT_EQ(name, "chacha20/avx2");
    EXPECT_EQ(poly, "poly1305/avx2");
    // The AEAD takes the fused pass: chacha20/avx2 with the scalar Poly1305 inside it.
    EXPECT_EQ(aead.poly1305_kernel_name(), "poly1305/portable");
  }
  EXPECT_EQ(aead.chacha20_kernel_name(), name);
}

TEST(ChaCha20Api, OneShotEqualsObject) {
  Prng rng(test_seed() + 20);
  const auto key = random_array<32>(rng);
  const auto nonce = random_array<12>(rng);
  const Bytes msg = rng.bytes(777);
  Bytes a(777), b(777);
  ASSERT_TRUE(ChaCha20::crypt(a, key, nonce, 5, msg).ok());
  ChaCha20 c(key, nonce, 5);
  ASSERT_TRUE(c.crypt(b, msg).ok());
  EXPECT_EQ(a, b);
}

#if AXIOM_HAVE_OPENSSL
// OpenSSL's "chacha20" takes a 16-byte IV: the 32-bit little-endian block counter, then the nonce.
Bytes openssl_cipher(const EVP_CIPHER* cipher, bool aead, std::span<const std::uint8_t> key,
                     std::span<const std::uint8_t> iv, std::span<const std::uint8_t> aad,
                     std::span<const std::uint8_t> in) {
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  Bytes out(in.size() + 16);
  int len = 0, total = 0;
  EXPECT_EQ(EVP_EncryptInit_ex(ctx, cipher, nullptr, key.data(), iv.data()), 1);
  if (aead && !aad.empty()) {
    EXPECT_EQ(EVP_EncryptUpdate(ctx, nullptr, &len, aad.data(), static_cast<int>(aad.size())), 1);
  }
  len = 0;
  if (!in.empty()) {
    EXPECT_EQ(EVP_EncryptUpdate(ctx, out.data(), &len, in.data(), static_cast<int>(in.size())), 1);
  }
  total = len;
  EXPECT_EQ(EVP_EncryptFinal_ex(ctx, out.data() + total, &len), 1);
  total += len;
  if (aead) {
    EXPECT_EQ(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, out.data() + total), 1);
    total += 16;
  }
  EVP_CIPHER_CTX_free(ctx);
  out.resize(static_cast<std::size_t>(total));
  return out;
}

TEST(ChaCha20Api, MatchesOpenSsl) {
  Prng rng(test_seed() + 21);
  for (std::size_t n : sizes) {
    const auto key = random_array<32>(rng);
    const auto nonce = random_array<12>(rng);
    const auto counter = static_cast<std::uint32_t>(rng.below(1u << 20));
    const Bytes msg = rng.bytes(n), aad = rng.bytes(rng.below(70));
    Bytes iv(16);
    for (int i = 0; i < 4; ++i)
      iv[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(counter >> (8 * i));
    std::copy(nonce.begin(), nonce.end(), iv.begin() + 4);
    Bytes ours(n);
    ASSERT_TRUE(ChaCha20::crypt(ours, key, nonce, counter, msg).ok());
    EXPECT_EQ(ours, openssl_cipher(EVP_chacha20(), false, key, iv, {}, msg)) << n;

    Bytes sealed(n + 16);
    ASSERT_TRUE(ChaCha20Poly1305(key).seal(sealed, nonce, msg, aad).ok());
    EXPECT_EQ(sealed, openssl_cipher(EVP_chacha20_poly1305(), true, key, nonce, aad, msg)) << n;
  }
}
#endif

#if AXIOM_HAVE_SODIUM
TEST(ChaCha20Api, MatchesLibsodium) {
  ASSERT_GE(sodium_init(), 0);
  Prng rng(test_seed() + 22);
  for (std::size_t n : sizes) {
    const auto key = random_array<32>(rng);
    const auto nonce = random_array<12>(rng);
    const auto xnonce = random_array<24>(rng);
    const Bytes msg = rng.bytes(n), aad = rng.bytes(rng.below(70));
    Bytes theirs(n + 16), ours(n + 16);
    unsigned long long len = 0;
    crypto_aead_chacha20poly1305_ietf_encrypt(theirs.data(), &len, msg.data(), n, aad.data(),
                                              aad.size(), nullptr, nonce.data(), key.data());
    ASSERT_TRUE(ChaCha20Poly1305(key).seal(ours, nonce, msg, aad).ok());
    EXPECT_EQ(ours, theirs) << n;
    crypto_aead_xchacha20poly1305_ietf_encrypt(theirs.data(), &len, msg.data(), n, aad.data(),
                                               aad.size(), nullptr, xnonce.data(), key.data());
    ASSERT_TRUE(XChaCha20Poly1305(key).seal(ours, xnonce, msg, aad).ok());
    EXPECT_EQ(ours, theirs) << n;
    Bytes back(n);
    ASSERT_TRUE(XChaCha20Poly1305(key).open(back, xnonce, theirs, aad).ok());
    EXPECT_EQ(back, msg);

    // One spare byte: libsodium's stream declares its pointers non-null even for length 0.
    Bytes stream_theirs(n + 1), stream_ours(n), padded = msg;
    padded.push_back(0);
    crypto_stream_xchacha20_xor_ic(stream_theirs.data(), padded.data(), n, xnonce.data(), 9,
                                   key.data());
    stream_theirs.pop_back();
    XChaCha20 x(key, xnonce, 9);
    ASSERT_TRUE(x.crypt(stream_ours, msg).ok());
    EXPECT_EQ(stream_ours, stream_theirs) << n;

    std::array<std::uint8_t, 16> tag_theirs;
    crypto_onetimeauth_poly1305(tag_theirs.data(), msg.data(), n, key.data());
    EXPECT_EQ(Poly1305::mac(key, msg), tag_theirs) << n;
  }
}
#endif

}  // namespace
}  // namespace axiom::test
