// Public API of SHA-256, HMAC, HKDF and PBKDF2 through the real dispatch (the default kernel).
// This binary also runs under AXIOM_CPU=portable (see tests/CMakeLists.txt).
#include <gtest/gtest.h>

#if AXIOM_HAVE_OPENSSL
#include <openssl/evp.h>
#endif

#include "axiom/axiom.hpp"
#include "support/kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

TEST(Sha256Api, OneShotAndStreamingAgree) {
  const auto d1 = Sha256::hash(as_bytes("abc"));
  Sha256 h;
  h.update(as_bytes("a"));
  h.update(as_bytes(""));
  h.update(as_bytes("bc"));
  EXPECT_EQ(h.finish(), d1);
  EXPECT_EQ(to_hex(d1), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Sha256Api, OutputMayAliasInput) {
  std::uint8_t buf[32] = {'a', 'b', 'c'};
  Sha256::hash(std::span<std::uint8_t, 32>(buf), std::span<const std::uint8_t>(buf, 3));
  EXPECT_EQ(to_hex(buf), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Sha256Api, ResetDiscardsMessage) {
  Sha256 h;
  h.update(as_bytes("garbage"));
  h.reset();
  h.update(as_bytes("abc"));
  EXPECT_EQ(h.finish(), Sha256::hash(as_bytes("abc")));
}

TEST(Sha256Api, KernelFollowsAxiomCpu) {
  const char* spec = std::getenv("AXIOM_CPU");
  const std::string name(Sha256().kernel_name());
  if (spec && std::string(spec) == "portable") {
    EXPECT_EQ(name, "sha256/portable");
  } else if (!spec && cpu::hardware().has(cpu::Feature::shani | cpu::Feature::avx512)) {
    EXPECT_EQ(name, "sha256/avx512_shani");
  } else if (!spec && cpu::hardware().has(cpu::Feature::shani)) {
    EXPECT_EQ(name, "sha256/shani");
  }
}

TEST(Sha256Api, HashManyEqualsHash) {
  Prng rng(test_seed() + 11);
  std::vector<Bytes> messages;
  for (std::size_t n : {0u, 3u, 64u, 100u, 1000u, 70000u, 1u}) messages.push_back(rng.bytes(n));
  std::vector<std::span<const std::uint8_t>> views(messages.begin(), messages.end());
  std::vector<Sha256::Digest> out(messages.size());
  ASSERT_TRUE(Sha256::hash_many(out, views).ok());
  for (std::size_t i = 0; i < messages.size(); ++i)
    EXPECT_EQ(out[i], Sha256::hash(messages[i])) << i;
  out.pop_back();
  EXPECT_EQ(Sha256::hash_many(out, views).error(), Error::output_size_mismatch);
  std::vector<Sha256*> hashers(2);
  EXPECT_EQ(Sha256::update_many(hashers, views).error(), Error::output_size_mismatch);
}

// Many messages at once: sixteen at a time, their final blocks too, then the rest; lengths
// unequal and awkward, one batch with all lengths equal.
TEST(Sha256Api, HashManyAndUpdateManyOfManyMessages) {
  Prng rng(test_seed() + 12);
  const std::size_t lens[] = {0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 1000, 4097};
  std::vector<Bytes> messages;
  for (std::size_t i = 0; i < 37; ++i)
    messages.push_back(rng.bytes(lens[(5 * i) % std::size(lens)]));
  for (std::size_t i = 0; i < 16; ++i) messages.push_back(rng.bytes(3000));
  std::vector<std::span<const std::uint8_t>> views(messages.begin(), messages.end());
  for (std::size_t n : {1u, 2u, 11u, 12u, 15u, 16u, 17u, 31u, 53u}) {
    const auto some = std::span(views).last(n);
    std::vector<Sha256::Digest> out(n);
    ASSERT_TRUE(Sha256::hash_many(out, some).ok());
    std::vector<Sha256> h(n);
    std::vector<Sha256*> hashers;
    for (Sha256& x : h) hashers.push_back(&x);
    ASSERT_TRUE(Sha256::update_many(hashers, some).ok());
    for (std::size_t i = 0; i < n; ++i) {
      EXPECT_EQ(out[i], Sha256::hash(some[i])) << n << " messages, message " << i;
      EXPECT_EQ(h[i].finish(), Sha256::hash(some[i])) << n << " messages, message " << i;
    }
  }
}

TEST(HmacApi, VerifyAcceptsTruncatedTagsAndRejectsBadOnes) {
  const auto key = as_bytes("key");
  const auto msg = as_bytes("The quick brown fox jumps over the lazy dog");
  const auto tag = Hmac<Sha256>::mac(key, msg);
  EXPECT_EQ(to_hex(tag), "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8");
  Hmac<Sha256> m(key);
  m.update(msg);
  EXPECT_TRUE(m.verify(tag).ok());
  m.update(msg);
  EXPECT_TRUE(m.verify(std::span(tag).first(16)).ok());
  m.update(msg);
  EXPECT_EQ(m.verify(std::span(tag).first(3)).error(), Error::invalid_tag_size);
  auto bad = tag;
  bad[31] ^= 1;
  m.update(msg);
  EXPECT_EQ(m.verify(bad).error(), Error::authentication_failed);
  std::vector<std::uint8_t> too_long(tag.begin(), tag.end());
  too_long.push_back(0);
  m.update(msg);
  EXPECT_EQ(m.verify(too_long).error(), Error::invalid_tag_size);
}

TEST(HkdfApi, RejectsBadSizes) {
  std::vector<std::uint8_t> okm(255 * 32 + 1, 0xaa), prk(32, 1);
  EXPECT_EQ(Hkdf<Sha256>::expand(okm, prk, {}).error(), Error::output_too_long);
  EXPECT_EQ(okm, std::vector<std::uint8_t>(okm.size(), 0));
  okm.resize(255 * 32);
  EXPECT_TRUE(Hkdf<Sha256>::expand(okm, prk, {}).ok());
  prk.resize(31);
  EXPECT_EQ(Hkdf<Sha256>::expand(okm, prk, {}).error(), Error::invalid_key_size);
  std::vector<std::uint8_t> empty;
  EXPECT_TRUE(Hkdf<Sha256>::derive(empty, as_bytes("ikm"), {}, {}).ok());
}

TEST(Pbkdf2Api, RejectsZeroIterations) {
  std::vector<std::uint8_t> out(32, 0xaa);
  EXPECT_EQ(Pbkdf2<Hmac<Sha256>>::derive(out, as_bytes("pw"), as_bytes("salt"), 0).error(),
            Error::invalid_argument);
  EXPECT_EQ(out, std::vector<std::uint8_t>(32, 0));
}

#if AXIOM_HAVE_OPENSSL
// Differential against OpenSSL on random inputs: SHA-256, HMAC, HKDF-free PBKDF2.
TEST(PeerOpenssl, Sha256HmacPbkdf2AgreeOnRandomInputs) {
  Prng rng(test_seed() + 10);
  for (int round = 0; round < 200; ++round) {
    const Bytes msg = rng.bytes(rng.below(5000));
    const Bytes key = rng.bytes(rng.below(150));
    std::uint8_t theirs[32];
    unsigned len = 0;
    EVP_Digest(msg.data(), msg.size(), theirs, &len, EVP_sha256(), nullptr);
    ASSERT_EQ(to_hex(Sha256::hash(msg)), to_hex(theirs)) << "seed " << rng.seed;
    ASSERT_TRUE(EVP_Q_mac(nullptr, "HMAC", nullptr, "SHA256", nullptr, key.data(), key.size(),
                          msg.data(), msg.size(), theirs, sizeof theirs, nullptr));
    ASSERT_EQ(to_hex(Hmac<Sha256>::mac(key, msg)), to_hex(theirs)) << "seed " << rng.seed;
    if (round % 20 == 0) {
      Bytes out(rng.below(100)), ref(out.size());
      const auto iters = static_cast<std::uint32_t>(1 + rng.below(50));
      ASSERT_TRUE(Pbkdf2<Hmac<Sha256>>::derive(out, key, msg, iters).ok());
      ASSERT_EQ(
          PKCS5_PBKDF2_HMAC(reinterpret_cast<const char*>(key.data()), static_cast<int>(key.size()),
                            msg.data(), static_cast<int>(msg.size()), static_cast<int>(iters),
                            EVP_sha256(), static_cast<int>(ref.size()), ref.data()),
          1);
      ASSERT_EQ(out, ref) << "seed " << rng.seed;
    }
  }
}

// 600 MiB streamed: the bit length passes 2^32, so its high word is exercised.
TEST(PeerOpenssl, LongMessagePastThe32BitBitLength) {
  Bytes chunk(1 << 20);
  for (std::size_t i = 0; i < chunk.size(); ++i) chunk[i] = static_cast<std::uint8_t>(i * 131 + 7);
  Sha256 ours;
  EVP_MD_CTX* theirs = EVP_MD_CTX_new();
  ASSERT_EQ(EVP_DigestInit_ex(theirs, EVP_sha256(), nullptr), 1);
  for (int i = 0; i < 600; ++i) {
    chunk[0] = static_cast<std::uint8_t>(i);
    const auto part =
        std::span<const std::uint8_t>(chunk).first(chunk.size() - static_cast<std::size_t>(i % 3));
    ours.update(part);
    EVP_DigestUpdate(theirs, part.data(), part.size());
  }
  std::uint8_t ref[32];
  EVP_DigestFinal_ex(theirs, ref, nullptr);
  EVP_MD_CTX_free(theirs);
  EXPECT_EQ(to_hex(ours.finish()), to_hex(ref));
}
#endif

}  // namespace
}  // namespace axiom::test
