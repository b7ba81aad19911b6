// Public API of the core: Result/Status, hex, constant-time compare, wiping, randomness.
#include <gtest/gtest.h>

#include <set>

#include "axiom/bytes.hpp"
#include "axiom/random.hpp"
#include "axiom/result.hpp"

namespace axiom {
namespace {

TEST(Result, CarriesValueOrError) {
  Result<int> good = 42;
  ASSERT_TRUE(good.ok());
  EXPECT_EQ(*good, 42);
  Result<int> bad = Error::invalid_key_size;
  EXPECT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), Error::invalid_key_size);
  EXPECT_EQ(bad.status().text(), "invalid key size");
}

TEST(Result, EveryErrorHasText) {
  for (int e = 0; e <= static_cast<int>(Error::unsupported); ++e) {
    const auto text = error_text(static_cast<Error>(e));
    EXPECT_FALSE(text.empty());
    EXPECT_NE(text, "unknown error") << e;
  }
  EXPECT_TRUE(Status().ok());
  EXPECT_FALSE(Status(Error::authentication_failed).ok());
}

TEST(Hex, RoundTrip) {
  const std::vector<std::uint8_t> v = {0x00, 0x01, 0xab, 0xff};
  EXPECT_EQ(to_hex(v), "0001abff");
  auto back = from_hex("0001ABff");
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(*back, v);
  EXPECT_EQ(to_hex({}), "");
}

TEST(Hex, RejectsBadInput) {
  EXPECT_EQ(from_hex("abc").error(), Error::invalid_hex);
  EXPECT_EQ(from_hex("zz").error(), Error::invalid_hex);
  EXPECT_EQ(from_hex("0 ").error(), Error::invalid_hex);
  std::uint8_t out[2] = {1, 2};
  EXPECT_EQ(hex_decode(out, "00").error(), Error::output_size_mismatch);
  EXPECT_EQ(out[0], 0);  // zeroed on failure
  EXPECT_EQ(hex_decode(out, "00g0").error(), Error::invalid_hex);
}

TEST(CtEqual, ComparesContentsAndLength) {
  const std::vector<std::uint8_t> a = {1, 2, 3}, b = {1, 2, 3}, c = {1, 2, 4}, d = {1, 2};
  EXPECT_TRUE(ct_equal(a, b));
  EXPECT_FALSE(ct_equal(a, c));
  EXPECT_FALSE(ct_equal(a, d));
  EXPECT_TRUE(ct_equal({}, {}));
  for (int bit = 0; bit < 8; ++bit) {
    std::vector<std::uint8_t> e = a;
    e[2] ^= static_cast<std::uint8_t>(1 << bit);
    EXPECT_FALSE(ct_equal(a, e)) << bit;
  }
}

TEST(SecureWipe, Zeroes) {
  std::vector<std::uint8_t> v(100, 0xaa);
  secure_wipe(v);
  EXPECT_EQ(v, std::vector<std::uint8_t>(100, 0));
}

TEST(FillRandom, FillsLargeAndSmallBuffers) {
  std::vector<std::uint8_t> big(1 << 20);
  fill_random(big);
  std::set<std::uint8_t> seen(big.begin(), big.end());
  EXPECT_EQ(seen.size(), 256u);
  std::vector<std::uint8_t> a(32), b(32);
  fill_random(a);
  fill_random(b);
  EXPECT_NE(a, b);
  fill_random({});  // empty is fine
}

}  // namespace
}  // namespace axiom
