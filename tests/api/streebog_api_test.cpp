// Public API of Streebog, HMAC-Streebog and the GOST KDFs through the real dispatch (the default
// kernel). This binary also runs under AXIOM_CPU=portable (see tests/CMakeLists.txt).
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "axiom/axiom.hpp"
#include "support/kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

constexpr const char* m1 = "012345678901234567890123456789012345678901234567890123456789012";
constexpr const char* m1_256 = "9d151eefd8590b89daa6ba6cb74af9275dd051026bb149a452fd84e5e57b5500";

TEST(StreebogApi, OneShotAndStreamingAgree) {
  const auto d = Streebog256::hash(as_bytes(m1));
  EXPECT_EQ(to_hex(d), m1_256);
  Streebog256 h;
  h.update(as_bytes("0123"));
  h.update(as_bytes(""));
  h.update(as_bytes(m1).subspan(4));
  EXPECT_EQ(h.finish(), d);
  EXPECT_EQ(to_hex(Streebog512::hash({})).substr(0, 16), "8e945da209aa869f");
}

TEST(StreebogApi, OutputMayAliasInput) {
  std::uint8_t buf[64];
  for (int i = 0; i < 63; ++i) buf[i] = static_cast<std::uint8_t>(m1[i]);
  Streebog256::hash(std::span<std::uint8_t, 32>(buf, 32), std::span<const std::uint8_t>(buf, 63));
  EXPECT_EQ(to_hex(std::span(buf, 32)), m1_256);
}

TEST(StreebogApi, ResetDiscardsMessage) {
  Streebog512 h;
  h.update(as_bytes("garbage"));
  h.reset();
  h.update(as_bytes("abc"));
  EXPECT_EQ(h.finish(), Streebog512::hash(as_bytes("abc")));
}

// hash_many (the default kernel, two messages at a time) equals hash, for odd and even counts
// of messages of mixed lengths, and an empty list.
TEST(StreebogApi, HashManyEqualsHash) {
  Prng rng(test_seed() + 11);
  std::vector<Bytes> messages;
  for (std::size_t n : {0u, 3u, 64u, 100u, 1000u, 1100u, 70000u, 1u, 4097u})
    messages.push_back(rng.bytes(n));
  for (int i = 0; i < 6; ++i) messages.push_back(rng.bytes(rng.below(1101)));
  for (std::size_t count : {messages.size(), messages.size() - 1, std::size_t{1}, std::size_t{0}}) {
    std::vector<std::span<const std::uint8_t>> views(
        messages.begin(), messages.begin() + static_cast<std::ptrdiff_t>(count));
    std::vector<Streebog256::Digest> out256(count);
    std::vector<Streebog512::Digest> out512(count);
    ASSERT_TRUE(Streebog256::hash_many(out256, views).ok());
    ASSERT_TRUE(Streebog512::hash_many(out512, views).ok());
    for (std::size_t i = 0; i < count; ++i) {
      EXPECT_EQ(out256[i], Streebog256::hash(messages[i])) << count << " " << i;
      EXPECT_EQ(out512[i], Streebog512::hash(messages[i])) << count << " " << i;
    }
  }
  std::vector<std::span<const std::uint8_t>> views(messages.begin(), messages.end());
  std::vector<Streebog256::Digest> out(messages.size() - 1);
  EXPECT_EQ(Streebog256::hash_many(out, views).error(), Error::output_size_mismatch);
  std::vector<Streebog256*> hashers(2);
  EXPECT_EQ(Streebog256::update_many(hashers, views).error(), Error::output_size_mismatch);
}

// The default is the constant-time AVX-512 + GFNI kernel, else the AVX2 one, wherever they
// run; the table kernel otherwise.
TEST(StreebogApi, KernelFollowsAxiomCpu) {
  const char* spec = std::getenv("AXIOM_CPU");
  const std::string name(Streebog256().kernel_name());
  const cpu::Features hw = cpu::hardware();
  if (spec && std::string(spec) == "portable") {
    EXPECT_EQ(name, "streebog/portable");
  } else if (!spec && hw.has(cpu::Feature::avx512 | cpu::Feature::vbmi | cpu::Feature::gfni)) {
    EXPECT_EQ(name, "streebog/avx512_gfni");
  } else if (!spec && hw.has(cpu::Feature::avx2)) {
    EXPECT_EQ(name, "streebog/avx2");
  }
  EXPECT_EQ(Streebog512().kernel_name(), name);
}

TEST(StreebogApi, HmacAndKdfs) {
  const Bytes key = hex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
  const Bytes msg = hex("0126bdb87800af214341456563780100");
  EXPECT_EQ(to_hex(Hmac<Streebog256>::mac(key, msg)),
            "a1aa5f7de402d7b3d323f2991c8d4534013137010a83754fd0af6d7cd4922ed9");
  std::uint8_t k[32];
  KdfGostr3411_2012_256::derive(k, key, hex("26bdb878"), hex("af21434145656378"));
  EXPECT_EQ(to_hex(k), "a1aa5f7de402d7b3d323f2991c8d4534013137010a83754fd0af6d7cd4922ed9");
  Bytes dk(64);
  ASSERT_TRUE(
      Pbkdf2<Hmac<Streebog512>>::derive(dk, as_bytes("password"), as_bytes("salt"), 2).ok());
  EXPECT_EQ(to_hex(dk),
            "5a585bafdfbb6e8830d6d68aa3b43ac00d2e4aebce01c9b31c2caed56f0236d4"
            "d34b2b8fbd2c4e89d54d46f50e47d45bbac301571743119e8d3c42ba66d348de");
}

}  // namespace
}  // namespace axiom::test
