// Known-answer tests for Streebog-256/512 and HMAC-Streebog, run over every Streebog kernel,
// and the 512-bit counter and sum carries.
#include <gtest/gtest.h>

#include "axiom/bytes.hpp"
#include "axiom/gost_kdf.hpp"
#include "axiom/hmac.hpp"
#include "axiom/pbkdf2.hpp"
#include "axiom/streebog.hpp"
#include "streebog/streebog_kernel.hpp"
#include "support/kernels.hpp"
#include "support/test_kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::detail {
// StreebogTestAccess reaches the state of a hash, to start it at a chosen length counter.
struct StreebogTestAccess {
  template <std::size_t Bits>
  static StreebogState& state(Streebog<Bits>& h) {
    return h.state_;
  }
};
}  // namespace axiom::detail

namespace axiom::test {
namespace {

using Kernel = const detail::StreebogKernel*;

class StreebogKat : public KernelTest<detail::StreebogKernel> {
 protected:
  template <class H>
  void official_vectors(const std::string& file) {
    int cases = 0;
    for (const VectorCase& c : load_vectors(file)) {
      const Bytes msg = c.bytes("Msg");
      const long long count = c.number("Count", 1);
      H h(*GetParam());
      for (long long i = 0; i < count; ++i) h.update(msg);
      EXPECT_EQ(to_hex(h.finish()), c.text("Digest")) << c.where();
      // Byte by byte through the buffer as well.
      if (count == 1) {
        for (std::uint8_t b : msg) h.update(std::span(&b, 1));
        EXPECT_EQ(to_hex(h.finish()), c.text("Digest")) << c.where() << " (byte by byte)";
      }
      ++cases;
    }
    EXPECT_GE(cases, 10);
  }

  template <class H>
  void hmac_vectors(const std::string& file) {
    for (const VectorCase& c : load_vectors(file)) {
      Hmac<H> m(c.bytes("Key"), H(*GetParam()));
      m.update(c.bytes("Msg"));
      const Bytes tag = c.bytes("Tag");
      const auto full = m.finish();
      EXPECT_EQ(to_hex(std::span(full).first(tag.size())), c.text("Tag")) << c.where();
      m.update(c.bytes("Msg"));
      EXPECT_TRUE(m.verify(tag).ok()) << c.where();
    }
  }
};

TEST_P(StreebogKat, Streebog256Vectors) { official_vectors<Streebog256>("kat/streebog256.txt"); }
TEST_P(StreebogKat, Streebog512Vectors) { official_vectors<Streebog512>("kat/streebog512.txt"); }
TEST_P(StreebogKat, HmacStreebog256Vectors) {
  hmac_vectors<Streebog256>("kat/hmac_streebog256.txt");
}
TEST_P(StreebogKat, HmacStreebog512Vectors) {
  hmac_vectors<Streebog512>("kat/hmac_streebog512.txt");
}

// A model of the hash written from the standard with byte-wise 512-bit arithmetic, over the
// kernel's single compression only: it checks the word-wise carries of N and Σ in the class.
struct Model {
  std::uint8_t h[64] = {}, n[64] = {}, sigma[64] = {};  // Streebog-512: h starts at zero

  static void add(std::uint8_t a[64], const std::uint8_t b[64]) {
    unsigned carry = 0;
    for (int i = 0; i < 64; ++i) {
      carry += static_cast<unsigned>(a[i]) + b[i];
      a[i] = static_cast<std::uint8_t>(carry);
      carry >>= 8;
    }
  }
  static void words(std::uint64_t w[8], const std::uint8_t b[64]) {
    for (int i = 0; i < 8; ++i) w[i] = detail::streebog_load64(b + 8 * i);
  }
  void g(const detail::StreebogKernel& k, const std::uint8_t nn[64], const std::uint8_t m[64]) {
    std::uint64_t hw[8], nw[8], mw[8];
    words(hw, h);
    words(nw, nn);
    words(mw, m);
    k.compress(hw, nw, mw);
    for (int i = 0; i < 8; ++i) detail::streebog_store64(h + 8 * i, hw[i]);
  }
  // hash: full blocks of msg, then the padded tail, then the two finalisation steps.
  void hash(const detail::StreebogKernel& k, const Bytes& msg) {
    std::uint8_t block_bits[64] = {}, zero[64] = {};
    block_bits[1] = 2;  // 512
    std::size_t pos = 0;
    for (; msg.size() - pos >= 64; pos += 64) {
      g(k, n, msg.data() + pos);
      add(n, block_bits);
      add(sigma, msg.data() + pos);
    }
    std::uint8_t last[64] = {}, bits[64] = {};
    const std::size_t r = msg.size() - pos;
    std::copy(msg.begin() + static_cast<std::ptrdiff_t>(pos), msg.end(), last);
    last[r] = 1;
    bits[0] = static_cast<std::uint8_t>(8 * r);
    bits[1] = static_cast<std::uint8_t>((8 * r) >> 8);
    g(k, n, last);
    add(n, bits);
    add(sigma, last);
    g(k, zero, n);
    g(k, zero, sigma);
  }
};

// The 512-bit length counter and sum: start a hash whose N and Σ sit just below word and
// whole-number boundaries (as after 2^61 bytes, or 2^509), and compare it with the byte-wise
// model started the same way.
TEST_P(StreebogKat, CounterAndSumCarries) {
  Prng rng(test_seed() + 10);
  constexpr std::uint64_t ones = ~0ull;
  const std::uint64_t n_starts[][8] = {
      {ones << 9, 0, 0, 0, 0, 0, 0, 0},                       // 2^64 - 512
      {ones << 10, ones, 0, 0, 0, 0, 0, 0},                   // 2^128 - 1024
      {ones << 9, ones, ones, ones, ones, ones, ones, ones},  // 2^512 - 512: N wraps
  };
  for (const auto& n0 : n_starts) {
    for (std::size_t len : {0u, 1u, 63u, 64u, 65u, 200u}) {
      const Bytes msg = rng.bytes(len);
      Streebog512 h(*GetParam());
      Model m{};
      auto& s = detail::StreebogTestAccess::state(h);
      for (int i = 0; i < 8; ++i) {
        s.n[i] = n0[i];
        s.sigma[i] = ones;  // Σ = 2^512 - 1: any non-zero block wraps it
        detail::streebog_store64(m.n + 8 * i, n0[i]);
        detail::streebog_store64(m.sigma + 8 * i, ones);
      }
      // Split the input so that both the buffered and the direct paths run.
      h.update(std::span(msg).first(len / 3));
      h.update(std::span(msg).subspan(len / 3));
      m.hash(*GetParam(), msg);
      EXPECT_EQ(to_hex(h.finish()), to_hex(m.h)) << "N word 0 " << n0[0] << " length " << len;
    }
  }
}

// PBKDF2 with HMAC-Streebog-512, R 50.1.111-2016 appendix A (also RFC 9337).
TEST_P(StreebogKat, Pbkdf2R5011112016) {
  struct Case {
    const char* password;
    const char* salt;
    std::uint32_t iterations;
    const char* dk;
  };
  const Case cases[] = {
      {"password", "salt", 1,
       "64770af7f748c3b1c9ac831dbcfd85c26111b30a8a657ddc3056b80ca73e040d"
       "2854fd36811f6d825cc4ab66ec0a68a490a9e5cf5156b3a2b7eecddbf9a16b47"},
      {"password", "salt", 2,
       "5a585bafdfbb6e8830d6d68aa3b43ac00d2e4aebce01c9b31c2caed56f0236d4"
       "d34b2b8fbd2c4e89d54d46f50e47d45bbac301571743119e8d3c42ba66d348de"},
      {"password", "salt", 4096,
       "e52deb9a2d2aaff4e2ac9d47a41f34c20376591c67807f0477e32549dc341bc7"
       "867c09841b6d58e29d0347c996301d55df0d34e47cf68f4e3c2cdaf1d9ab86c3"},
  };
  for (const Case& c : cases) {
    if (c.iterations > 2 && emulated(GetParam()->info))
      continue;  // 4096 iterations: too slow emulated
    Bytes dk(64);
    ASSERT_TRUE(Pbkdf2<Hmac<Streebog512>>::derive(dk, as_bytes(c.password), as_bytes(c.salt),
                                                  c.iterations, Streebog512(*GetParam()))
                    .ok());
    EXPECT_EQ(to_hex(dk), c.dk) << c.iterations;
  }
}

// KDF_GOSTR3411_2012_256 and KDF_TREE_GOSTR3411_2012_256, RFC 7836 appendix B.
TEST_P(StreebogKat, GostKdfRfc7836) {
  const Bytes key = hex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
  const Bytes label = hex("26bdb878"), seed = hex("af21434145656378");
  const Streebog256 proto(*GetParam());
  std::uint8_t k[32];
  KdfGostr3411_2012_256::derive(k, key, label, seed, proto);
  EXPECT_EQ(to_hex(k), "a1aa5f7de402d7b3d323f2991c8d4534013137010a83754fd0af6d7cd4922ed9");
  Bytes tree(64);
  ASSERT_TRUE(KdfTreeGostr3411_2012_256::derive(tree, key, label, seed, 1, proto).ok());
  EXPECT_EQ(to_hex(tree),
            "22b6837845c6bef65ea71672b265831086d3c76aebe6dae91cad51d83f79d16b"
            "074c9330599d7f8d712fca54392f4ddde93751206b3584c8f43f9e6dc51531f9");
  // With one block, KDF_TREE is KDF_GOSTR3411_2012_256.
  Bytes one(32);
  ASSERT_TRUE(KdfTreeGostr3411_2012_256::derive(one, key, label, seed, 1, proto).ok());
  EXPECT_EQ(to_hex(one), to_hex(k));
}

TEST(GostKdf, TreeRejectsBadParameters) {
  const Bytes key(32, 7);
  Bytes out(64, 0xaa);
  EXPECT_EQ(KdfTreeGostr3411_2012_256::derive(out, key, {}, {}, 0).error(),
            Error::invalid_argument);
  EXPECT_EQ(out, Bytes(64, 0));
  EXPECT_EQ(KdfTreeGostr3411_2012_256::derive(out, key, {}, {}, 5).error(),
            Error::invalid_argument);
  EXPECT_EQ(KdfTreeGostr3411_2012_256::derive({}, key, {}, {}, 1).error(), Error::invalid_argument);
  Bytes big(256 * 32, 0xaa);  // 256 blocks do not fit a one-byte counter
  EXPECT_EQ(KdfTreeGostr3411_2012_256::derive(big, key, {}, {}, 1).error(), Error::output_too_long);
  EXPECT_EQ(big, Bytes(big.size(), 0));
  EXPECT_TRUE(
      KdfTreeGostr3411_2012_256::derive(std::span(big).first(255 * 32), key, {}, {}, 1).ok());
  EXPECT_TRUE(KdfTreeGostr3411_2012_256::derive(big, key, {}, {}, 2).ok());
}

TEST(StreebogArithmetic, Add512Carries) {
  std::uint64_t a[8] = {~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull};
  detail::streebog_add_bits(a, 1);  // wraps to zero modulo 2^512
  for (std::uint64_t w : a) EXPECT_EQ(w, 0u);
  std::uint64_t b[8] = {~0ull, 5, ~0ull, 0, 0, 0, 0, 0};
  const std::uint64_t c[8] = {1, ~0ull, 1, 0, 0, 0, 0, 0};
  detail::streebog_add512(b, c);  // carry in and carry out of one word at once
  const std::uint64_t want[8] = {0, 5, 1, 1, 0, 0, 0, 0};
  for (int i = 0; i < 8; ++i) EXPECT_EQ(b[i], want[i]) << i;
}

INSTANTIATE_TEST_SUITE_P(Kernels, StreebogKat, ::testing::ValuesIn(streebog_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

}  // namespace
}  // namespace axiom::test
