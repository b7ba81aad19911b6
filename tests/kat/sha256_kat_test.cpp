// Known-answer tests for SHA-256, HMAC-SHA256, HKDF-SHA256 and PBKDF2-HMAC-SHA256, run over
// every SHA-256 kernel.
#include <gtest/gtest.h>

#include "axiom/hkdf.hpp"
#include "axiom/hmac.hpp"
#include "axiom/pbkdf2.hpp"
#include "axiom/sha256.hpp"
#include "sha256/sha256_kernel.hpp"
#include "support/kernels.hpp"
#include "support/test_kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

using Kernel = const detail::Sha256Kernel*;

class Sha256Kat : public KernelTest<detail::Sha256Kernel> {
 protected:
  Sha256 fresh() const { return Sha256(*GetParam()); }
};

TEST_P(Sha256Kat, OfficialVectors) {
  for (const VectorCase& c : load_vectors("kat/sha256.txt")) {
    const Bytes msg = c.bytes("Msg");
    const long long count = c.number("Count", 1);
    Sha256 h = fresh();
    if (count > 1 && msg.size() == 1) {
      // 10^6 x 'a': feed in uneven pieces to exercise the buffer too.
      const Bytes chunk(997, msg[0]);
      long long left = count;
      for (; left >= 997; left -= 997) h.update(chunk);
      h.update(std::span(chunk).first(static_cast<std::size_t>(left)));
    } else {
      for (long long i = 0; i < count; ++i) h.update(msg);
    }
    EXPECT_EQ(to_hex(h.finish()), c.text("Digest")) << c.where();
  }
}

TEST_P(Sha256Kat, HmacVectors) {
  for (const VectorCase& c : load_vectors("kat/hmac_sha256.txt")) {
    Hmac<Sha256> m(c.bytes("Key"), fresh());
    m.update(c.bytes("Msg"));
    const Bytes tag = c.bytes("Tag");
    const auto full = m.finish();
    EXPECT_EQ(to_hex(std::span(full).first(tag.size())), c.text("Tag")) << c.where();
    m.update(c.bytes("Msg"));
    EXPECT_TRUE(m.verify(tag).ok()) << c.where();
  }
}

TEST_P(Sha256Kat, HkdfVectors) {
  for (const VectorCase& c : load_vectors("kat/hkdf_sha256.txt")) {
    std::uint8_t prk[32];
    Hkdf<Sha256>::extract(prk, c.bytes("Salt"), c.bytes("IKM"), fresh());
    EXPECT_EQ(to_hex(prk), c.text("PRK")) << c.where();
    Bytes okm(static_cast<std::size_t>(c.number("L")));
    ASSERT_TRUE(Hkdf<Sha256>::expand(okm, prk, c.bytes("Info"), fresh()).ok());
    EXPECT_EQ(to_hex(okm), c.text("OKM")) << c.where();
    Bytes okm2(okm.size());
    ASSERT_TRUE(
        Hkdf<Sha256>::derive(okm2, c.bytes("IKM"), c.bytes("Salt"), c.bytes("Info"), fresh()).ok());
    EXPECT_EQ(okm2, okm) << c.where();
  }
}

// Wycheproof: valid tags verify, invalid ones (modified tags) must not.
TEST_P(Sha256Kat, WycheproofHmac) {
  int valid = 0, invalid = 0;
  for (const VectorCase& c : load_vectors("wycheproof/hmac_sha256.txt")) {
    Hmac<Sha256> m(c.bytes("Key"), fresh());
    m.update(c.bytes("Msg"));
    const Status s = m.verify(c.bytes("Tag"));
    if (c.text("Result") == "valid") {
      ++valid;
      EXPECT_TRUE(s.ok()) << c.where();
    } else {
      ++invalid;
      EXPECT_FALSE(s.ok()) << c.where();
    }
  }
  EXPECT_EQ(valid, 66);
  EXPECT_EQ(invalid, 108);
}

// Wycheproof: valid sizes derive OKM; sizes over 255 x 32 must be refused.
TEST_P(Sha256Kat, WycheproofHkdf) {
  int valid = 0, invalid = 0;
  for (const VectorCase& c : load_vectors("wycheproof/hkdf_sha256.txt")) {
    Bytes okm(static_cast<std::size_t>(c.number("L")));
    const Status s =
        Hkdf<Sha256>::derive(okm, c.bytes("IKM"), c.bytes("Salt"), c.bytes("Info"), fresh());
    if (c.text("Result") == "valid") {
      ++valid;
      ASSERT_TRUE(s.ok()) << c.where();
      EXPECT_EQ(to_hex(okm), c.text("OKM")) << c.where();
    } else {
      ++invalid;
      EXPECT_EQ(s.error(), Error::output_too_long) << c.where();
      EXPECT_EQ(okm, Bytes(okm.size(), 0)) << c.where();
    }
  }
  EXPECT_EQ(valid, 83);
  EXPECT_EQ(invalid, 3);
}

// PBKDF2-HMAC-SHA256, RFC 7914 section 11.
TEST_P(Sha256Kat, Pbkdf2Rfc7914) {
  struct Case {
    const char* password;
    const char* salt;
    std::uint32_t iterations;
    const char* dk;
  };
  const Case cases[] = {
      {"passwd", "salt", 1,
       "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
       "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"},
      {"Password", "NaCl", 80000,
       "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"
       "a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d"},
  };
  for (const Case& c : cases) {
    Bytes dk(64);
    ASSERT_TRUE(Pbkdf2<Hmac<Sha256>>::derive(dk, as_bytes(c.password), as_bytes(c.salt),
                                             c.iterations, fresh())
                    .ok());
    EXPECT_EQ(to_hex(dk), c.dk) << c.password;
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, Sha256Kat, ::testing::ValuesIn(sha256_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

}  // namespace
}  // namespace axiom::test
