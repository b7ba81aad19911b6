// Xts<C> through the real dispatch (run as detected, with AVX-512 cleared and portable only):
// from_key on the standards' vectors and a sector-by-sector round trip.
#include <gtest/gtest.h>

#include <algorithm>

#include "axiom/aes.hpp"
#include "axiom/sm4.hpp"
#include "axiom/xts.hpp"
#include "support/aes_helpers.hpp"
#include "support/kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

TEST(XtsApi, AesFromKeyMatchesIeee1619) {
  int cases = 0;
  for (const VectorCase& c : load_vectors("kat/aes_xts.txt")) {
    const Bytes key = c.bytes("Key"), tweak = c.bytes("Tweak"), pt = c.bytes("Plaintext"),
                ct = c.bytes("Ciphertext");
    if (std::equal(key.begin(), key.begin() + static_cast<long>(key.size() / 2),
                   key.begin() + static_cast<long>(key.size() / 2)))
      continue;  // vector 1 has K1 == K2, which from_key refuses
    Bytes out(pt.size());
    if (key.size() == 32) {
      const auto xts = Xts<Aes128>::from_key(key);
      ASSERT_TRUE(xts.ok());
      ASSERT_TRUE(xts->encrypt(out, pt, fixed<16>(tweak)).ok());
    } else {
      const auto xts = Xts<Aes256>::from_key(key);
      ASSERT_TRUE(xts.ok());
      ASSERT_TRUE(xts->encrypt(out, pt, fixed<16>(tweak)).ok());
    }
    EXPECT_EQ(out, ct) << c.where();
    ++cases;
  }
  EXPECT_EQ(cases, 9);
}

TEST(XtsApi, Sm4FromKeyBothStandards) {
  for (const VectorCase& c : load_vectors("kat/sm4_xts.txt")) {
    const Bytes key = c.bytes("Key"), tweak = c.bytes("Tweak"), pt = c.bytes("Plaintext"),
                ct = c.bytes("Ciphertext");
    const auto s = c.text("Standard") == "gb" ? XtsStandard::gb17964 : XtsStandard::ieee1619;
    const auto xts = Xts<Sm4>::from_key(key, s);
    ASSERT_TRUE(xts.ok());
    EXPECT_EQ(xts->standard(), s);
    Bytes out(pt.size());
    ASSERT_TRUE(xts->encrypt(out, pt, fixed<16>(tweak)).ok());
    EXPECT_EQ(out, ct) << c.where();
    ASSERT_TRUE(xts->decrypt(out, out, fixed<16>(tweak)).ok());
    EXPECT_EQ(out, pt) << c.where();
  }
}

// A disk of 4096-byte sectors, each under its number as a little-endian tweak: every sector
// decrypts back, and equal plaintext sectors give different ciphertexts.
TEST(XtsApi, SectorsRoundTrip) {
  const Bytes key = Prng(test_seed() + 90).bytes(64);
  const auto xts = Xts<Aes256>::from_key(key);
  ASSERT_TRUE(xts.ok());
  const Bytes sector(4096, 0xab);
  Bytes previous;
  for (std::uint64_t number = 0; number < 8; ++number) {
    Bytes tweak(16, 0);
    for (int i = 0; i < 8; ++i)
      tweak[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(number >> (8 * i));
    Bytes enc(sector.size()), dec(sector.size());
    ASSERT_TRUE(xts->encrypt(enc, sector, fixed<16>(tweak)).ok());
    EXPECT_NE(enc, previous);
    ASSERT_TRUE(xts->decrypt(dec, enc, fixed<16>(tweak)).ok());
    EXPECT_EQ(dec, sector);
    previous = enc;
  }
}

}  // namespace
}  // namespace axiom::test
