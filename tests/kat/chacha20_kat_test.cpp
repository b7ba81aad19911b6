// Known-answer tests for ChaCha20, HChaCha20, XChaCha20, Poly1305 and the two AEADs, over every
// ChaCha20 kernel and every Poly1305 kernel (the AEADs over every pair), plus Wycheproof.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <tuple>

#include "axiom/bytes.hpp"
#include "axiom/chacha20.hpp"
#include "axiom/chacha20_poly1305.hpp"
#include "axiom/poly1305.hpp"
#include "chacha20/chacha20_kernel.hpp"
#include "poly1305/poly1305_kernel.hpp"
#include "support/kernels.hpp"
#include "support/test_kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

using ChaChaKernel = const detail::ChaCha20Kernel*;
using PolyKernel = const detail::Poly1305Kernel*;

template <std::size_t N>
std::span<const std::uint8_t, N> fixed(const Bytes& b) {
  EXPECT_EQ(b.size(), N);
  return std::span<const std::uint8_t, N>(b.data(), N);
}

std::uint32_t counter_of(const VectorCase& c) {
  return static_cast<std::uint32_t>(c.number("Counter"));
}

class ChaCha20Kat : public KernelTest<detail::ChaCha20Kernel> {};

TEST_P(ChaCha20Kat, BlockFunction) {
  for (const VectorCase& c : load_vectors("kat/chacha20_block.txt")) {
    const Bytes key = c.bytes("Key"), nonce = c.bytes("Nonce");
    Bytes ks(64, 0);
    ChaCha20 cipher(fixed<32>(key), fixed<12>(nonce), counter_of(c), *GetParam());
    ASSERT_TRUE(cipher.crypt(ks, ks).ok());
    EXPECT_EQ(to_hex(ks), c.text("Keystream")) << c.where();
  }
}

TEST_P(ChaCha20Kat, Encryption) {
  for (const VectorCase& c : load_vectors("kat/chacha20.txt")) {
    const Bytes key = c.bytes("Key"), nonce = c.bytes("Nonce"), pt = c.bytes("Plaintext");
    Bytes out(pt.size());
    ChaCha20 enc(fixed<32>(key), fixed<12>(nonce), counter_of(c), *GetParam());
    ASSERT_TRUE(enc.crypt(out, pt).ok());
    EXPECT_EQ(to_hex(out), c.text("Ciphertext")) << c.where();
    // Decrypt in place, one byte at a time after the first 7.
    ChaCha20 dec(fixed<32>(key), fixed<12>(nonce), counter_of(c), *GetParam());
    const std::size_t first = std::min<std::size_t>(7, out.size());
    ASSERT_TRUE(dec.crypt(std::span(out).first(first), std::span(out).first(first)).ok());
    for (std::size_t i = first; i < out.size(); ++i)
      ASSERT_TRUE(dec.crypt(std::span(out).subspan(i, 1), std::span(out).subspan(i, 1)).ok());
    EXPECT_EQ(out, pt) << c.where();
  }
}

TEST_P(ChaCha20Kat, Poly1305KeyGeneration) {
  for (const VectorCase& c : load_vectors("kat/poly1305_keygen.txt")) {
    const Bytes key = c.bytes("Key"), nonce = c.bytes("Nonce");
    Bytes ks(32, 0);
    ChaCha20 cipher(fixed<32>(key), fixed<12>(nonce), 0, *GetParam());
    ASSERT_TRUE(cipher.crypt(ks, ks).ok());
    EXPECT_EQ(to_hex(ks), c.text("OTK")) << c.where();
  }
}

TEST_P(ChaCha20Kat, XChaCha20) {
  for (const VectorCase& c : load_vectors("kat/xchacha20.txt")) {
    const Bytes key = c.bytes("Key"), nonce = c.bytes("Nonce"), pt = c.bytes("Plaintext");
    Bytes out(pt.size());
    XChaCha20 enc(fixed<32>(key), fixed<24>(nonce), counter_of(c), *GetParam());
    ASSERT_TRUE(enc.crypt(out, pt).ok());
    EXPECT_EQ(to_hex(out), c.text("Ciphertext")) << c.where();
  }
}

TEST(HChaCha20Kat, Subkey) {
  for (const VectorCase& c : load_vectors("kat/hchacha20.txt")) {
    const Bytes key = c.bytes("Key"), input = c.bytes("Input");
    std::array<std::uint8_t, 32> out;
    hchacha20(out, fixed<32>(key), fixed<16>(input));
    EXPECT_EQ(to_hex(out), c.text("Output")) << c.where();
  }
}

class Poly1305Kat : public KernelTest<detail::Poly1305Kernel> {};

TEST_P(Poly1305Kat, OfficialVectors) {
  for (const VectorCase& c : load_vectors("kat/poly1305.txt")) {
    const Bytes key = c.bytes("Key"), msg = c.bytes("Msg");
    Poly1305 m(fixed<32>(key), *GetParam());
    m.update(msg);
    EXPECT_EQ(to_hex(m.finish()), c.text("Tag")) << c.where();
    // Byte by byte, then verify.
    Poly1305 v(fixed<32>(key), *GetParam());
    for (std::size_t i = 0; i < msg.size(); ++i) v.update(std::span(msg).subspan(i, 1));
    const Bytes tag = c.bytes("Tag");
    EXPECT_TRUE(v.verify(fixed<16>(tag)).ok()) << c.where();
    Poly1305 w(fixed<32>(key), *GetParam());
    w.update(msg);
    Bytes bad = tag;
    bad[15] ^= 0x80;
    EXPECT_EQ(w.verify(fixed<16>(bad)).error(), Error::authentication_failed) << c.where();
  }
}

using AeadParam = std::tuple<ChaChaKernel, PolyKernel>;

class AeadKat : public ::testing::TestWithParam<AeadParam> {
 protected:
  void SetUp() override {
    AXIOM_SKIP_UNLESS_RUNNABLE(chacha()->info);
    AXIOM_SKIP_UNLESS_RUNNABLE(poly()->info);
  }
  ChaChaKernel chacha() const { return std::get<0>(GetParam()); }
  PolyKernel poly() const { return std::get<1>(GetParam()); }

  // Seals and opens one case with AEAD A; returns whether the vector's Result was met.
  template <class A>
  void check(const VectorCase& c, const Bytes& key, const Bytes& nonce, const Bytes& pt,
             const Bytes& ct, const Bytes& tag, bool valid) {
    const Bytes aad = c.bytes("AAD");
    if (key.size() != A::key_size || nonce.size() != A::nonce_size || tag.size() != A::tag_size) {
      // Sizes the fixed-extent API cannot take (Wycheproof's wrong IV and tag sizes).
      EXPECT_FALSE(valid) << c.where();
      return;
    }
    const A aead(std::span<const std::uint8_t, 32>(key.data(), 32), *chacha(), *poly());
    const std::span<const std::uint8_t, A::nonce_size> n(nonce.data(), A::nonce_size);
    if (valid) {
      Bytes sealed(pt.size() + 16);
      ASSERT_TRUE(aead.seal(sealed, n, pt, aad).ok()) << c.where();
      Bytes expected = ct;
      expected.insert(expected.end(), tag.begin(), tag.end());
      EXPECT_EQ(to_hex(sealed), to_hex(expected)) << c.where();
      Bytes ct2(pt.size());
      std::array<std::uint8_t, 16> tag2;
      ASSERT_TRUE(aead.seal_detached(ct2, tag2, n, pt, aad).ok());
      EXPECT_EQ(ct2, ct) << c.where();
      EXPECT_EQ(to_hex(tag2), to_hex(tag)) << c.where();
    }
    Bytes sealed = ct;
    sealed.insert(sealed.end(), tag.begin(), tag.end());
    Bytes out(ct.size(), 0xaa);
    const Status s = aead.open(out, n, sealed, aad);
    Bytes out2(ct.size(), 0xaa);
    const Status s2 =
        aead.open_detached(out2, n, ct, std::span<const std::uint8_t, 16>(tag.data(), 16), aad);
    if (valid) {
      EXPECT_TRUE(s.ok()) << c.where();
      EXPECT_TRUE(s2.ok()) << c.where();
      EXPECT_EQ(out, pt) << c.where();
      EXPECT_EQ(out2, pt) << c.where();
    } else {
      EXPECT_EQ(s.error(), Error::authentication_failed) << c.where();
      EXPECT_EQ(s2.error(), Error::authentication_failed) << c.where();
      EXPECT_EQ(out, Bytes(ct.size(), 0)) << c.where();
      EXPECT_EQ(out2, Bytes(ct.size(), 0)) << c.where();
    }
  }
};

TEST_P(AeadKat, ChaCha20Poly1305) {
  for (const VectorCase& c : load_vectors("kat/chacha20_poly1305.txt"))
    check<ChaCha20Poly1305>(c, c.bytes("Key"), c.bytes("Nonce"), c.bytes("Plaintext"),
                            c.bytes("Ciphertext"), c.bytes("Tag"), true);
}

TEST_P(AeadKat, XChaCha20Poly1305) {
  for (const VectorCase& c : load_vectors("kat/xchacha20_poly1305.txt"))
    check<XChaCha20Poly1305>(c, c.bytes("Key"), c.bytes("Nonce"), c.bytes("Plaintext"),
                             c.bytes("Ciphertext"), c.bytes("Tag"), true);
}

TEST_P(AeadKat, WycheproofChaCha20Poly1305) {
  int valid = 0, invalid = 0;
  for (const VectorCase& c : load_vectors("wycheproof/chacha20_poly1305.txt")) {
    const bool ok = c.text("Result") == "valid";
    (ok ? valid : invalid)++;
    check<ChaCha20Poly1305>(c, c.bytes("Key"), c.bytes("IV"), c.bytes("Msg"), c.bytes("Ciphertext"),
                            c.bytes("Tag"), ok);
  }
  EXPECT_EQ(valid, 256);
  EXPECT_EQ(invalid, 69);
}

TEST_P(AeadKat, WycheproofXChaCha20Poly1305) {
  int valid = 0, invalid = 0;
  for (const VectorCase& c : load_vectors("wycheproof/xchacha20_poly1305.txt")) {
    const bool ok = c.text("Result") == "valid";
    (ok ? valid : invalid)++;
    check<XChaCha20Poly1305>(c, c.bytes("Key"), c.bytes("IV"), c.bytes("Msg"),
                             c.bytes("Ciphertext"), c.bytes("Tag"), ok);
  }
  EXPECT_EQ(valid, 246);
  EXPECT_EQ(invalid, 69);
}

INSTANTIATE_TEST_SUITE_P(Kernels, ChaCha20Kat, ::testing::ValuesIn(chacha20_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });
INSTANTIATE_TEST_SUITE_P(Kernels, Poly1305Kat, ::testing::ValuesIn(poly1305_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });
INSTANTIATE_TEST_SUITE_P(Kernels, AeadKat,
                         ::testing::Combine(::testing::ValuesIn(chacha20_test_kernels()),
                                            ::testing::ValuesIn(poly1305_test_kernels())),
                         [](const auto& p) {
                           return kernel_test_name(std::get<0>(p.param)->info) + "_" +
                                  kernel_test_name(std::get<1>(p.param)->info);
                         });

}  // namespace
}  // namespace axiom::test
