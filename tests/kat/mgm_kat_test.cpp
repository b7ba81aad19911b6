// Known-answer tests for MGM over Kuznyechik (RFC 9058 appendix A and derived GOST-engine-model
// cases) over every Kuznyechik kernel with every MGM multiplication kernel, and MGM's argument
// rules (127-bit nonce, tag sizes, a failed open zeroes its output).
#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>

#include "axiom/bytes.hpp"
#include "axiom/mgm.hpp"
#include "kuznyechik/kuznyechik_kernel.hpp"
#include "mgm/mgm_kernel.hpp"
#include "support/aes_helpers.hpp"
#include "support/kernel_pairs.hpp"
#include "support/kernels.hpp"
#include "support/test_kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

class MgmKat : public KernelPairTest<detail::KuznyechikKernel, detail::MgmKernel> {
 protected:
  KuznyechikMgm mgm(const Bytes& key) const {
    return KuznyechikMgm(Kuznyechik(fixed<32>(key), cipher_kernel()), mul_kernel());
  }
};

TEST_P(MgmKat, Vectors) {
  int cases = 0;
  for (const VectorCase& c : load_vectors("kat/mgm_kuznyechik.txt")) {
    const Bytes key = c.bytes("Key"), nonce = c.bytes("Nonce"), aad = c.bytes("AAD"),
                pt = c.bytes("Plaintext"), ct = c.bytes("Ciphertext"), tag = c.bytes("Tag");
    const KuznyechikMgm m = mgm(key);
    Bytes out(pt.size() + 16);
    ASSERT_TRUE(m.seal(out, nonce, aad, pt).ok()) << c.where();
    EXPECT_EQ(to_hex(out), c.text("Ciphertext") + c.text("Tag")) << c.where();
    Bytes back(pt.size());
    ASSERT_TRUE(m.open(back, nonce, aad, out).ok()) << c.where();
    EXPECT_EQ(back, pt) << c.where();
    // In place both ways.
    Bytes inplace = pt;
    Bytes t(16);
    ASSERT_TRUE(m.seal_detached(inplace, t, nonce, aad, inplace).ok());
    EXPECT_EQ(inplace, ct) << c.where();
    EXPECT_EQ(t, tag) << c.where();
    ASSERT_TRUE(m.open_detached(inplace, t, nonce, aad, inplace).ok());
    EXPECT_EQ(inplace, pt) << c.where();
    // A truncated tag is the first bytes of the full one.
    Bytes shorter(pt.size() + 8);
    ASSERT_TRUE(m.seal(shorter, nonce, aad, pt, 8).ok());
    EXPECT_TRUE(std::equal(shorter.begin(), shorter.end(), out.begin())) << c.where();
    ASSERT_TRUE(m.open(back, nonce, aad, shorter, 8).ok()) << c.where();
    // Any changed bit fails, and the output is zeroed.
    for (std::size_t bit : {std::size_t{0}, out.size() * 8 - 1, out.size() * 4}) {
      Bytes bad = out;
      bad[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
      Bytes o(pt.size(), 0xaa);
      EXPECT_EQ(m.open(o, nonce, aad, bad).error(), Error::authentication_failed)
          << c.where() << " bit " << bit;
      EXPECT_EQ(o, Bytes(pt.size(), 0)) << c.where();
    }
    if (!aad.empty()) {
      Bytes bad_aad = aad;
      bad_aad[0] ^= 1;
      EXPECT_EQ(m.open(back, nonce, bad_aad, out).error(), Error::authentication_failed)
          << c.where();
    }
    ++cases;
  }
  EXPECT_EQ(cases, 7);
}

TEST_P(MgmKat, ArgumentRules) {
  const KuznyechikMgm m = mgm(Bytes(32, 7));
  Bytes nonce(16, 0x11), msg(40, 3), out(56);
  EXPECT_TRUE(m.seal(out, nonce, {}, msg).ok());
  Bytes high = nonce;
  high[0] |= 0x80;  // the ICN has 127 bits: the top bit must be 0
  EXPECT_EQ(m.seal(out, high, {}, msg).error(), Error::invalid_nonce_size);
  EXPECT_EQ(m.seal(out, std::span(nonce).first(12), {}, msg).error(), Error::invalid_nonce_size);
  EXPECT_EQ(m.seal(std::span(out).first(55), nonce, {}, msg).error(), Error::output_size_mismatch);
  EXPECT_EQ(m.seal(std::span(out).first(43), nonce, {}, msg, 3).error(), Error::invalid_tag_size);
  Bytes big(57);
  EXPECT_EQ(m.seal(big, nonce, {}, msg, 17).error(), Error::invalid_tag_size);
  ASSERT_TRUE(m.seal(std::span(out).first(44), nonce, {}, msg, 4).ok());
  Bytes back(40, 1);
  EXPECT_TRUE(m.open(back, nonce, {}, std::span(out).first(44), 4).ok());
  EXPECT_EQ(back, msg);
  EXPECT_EQ(m.open(back, high, {}, std::span(out).first(44), 4).error(), Error::invalid_nonce_size);
  EXPECT_EQ(back, Bytes(40, 0));  // a refused open releases nothing
  EXPECT_EQ(m.open(back, nonce, {}, std::span(out).first(3), 4).error(),
            Error::authentication_failed);
  // Partial overlap is refused.
  Bytes buf(100, 5);
  EXPECT_EQ(m.seal_detached(std::span(buf).subspan(8, 40), std::span(out).first(16), nonce, {},
                            std::span(buf).first(40))
                .error(),
            Error::overlapping_buffers);
  EXPECT_EQ(KuznyechikMgm::from_key(Bytes(31)).error(), Error::invalid_key_size);
}

AXIOM_KERNEL_PAIRS(MgmKat, detail::kuznyechik_kernels(), mgm_test_kernels());

// Every MGM kernel against the portable one on random sums of products of awkward sizes.
class MgmMulDiff : public KernelTest<detail::MgmKernel> {};

TEST_P(MgmMulDiff, AgreesWithPortable) {
  Prng rng(test_seed() + 7);
  for (std::size_t n : {0u, 1u, 2u, 3u, 7u, 8u, 9u, 31u, 32u, 33u, 100u}) {
    const Bytes h = rng.bytes(16 * n), a = rng.bytes(16 * n), acc0 = rng.bytes(16);
    Bytes want = acc0, got = acc0;
    detail::mgm_portable.mac(want.data(), h.data(), a.data(), n);
    GetParam()->mac(got.data(), h.data(), a.data(), n);
    EXPECT_EQ(got, want) << n << " seed " << rng.seed;
  }
  // All-ones factors exercise every reduction step.
  const Bytes ones(16, 0xff);
  Bytes want(16, 0), got(16, 0);
  detail::mgm_portable.mac(want.data(), ones.data(), ones.data(), 1);
  GetParam()->mac(got.data(), ones.data(), ones.data(), 1);
  EXPECT_EQ(got, want);
}

// Both inputs ending at an inaccessible page: a kernel that loads a whole register
// for a last short group of blocks faults here.
TEST_P(MgmMulDiff, ReadsOnlyItsBlocks) {
  Prng rng(test_seed() + 8);
  for (std::size_t n : {1u, 2u, 3u, 5u, 6u, 7u, 13u}) {
    GuardedBuffer h(16 * n), a(16 * n);
    const Bytes hb = rng.bytes(16 * n), ab = rng.bytes(16 * n), acc0 = rng.bytes(16);
    std::copy(hb.begin(), hb.end(), h.span().begin());
    std::copy(ab.begin(), ab.end(), a.span().begin());
    Bytes want = acc0, got = acc0;
    detail::mgm_portable.mac(want.data(), hb.data(), ab.data(), n);
    GetParam()->mac(got.data(), h.span().data(), a.span().data(), n);
    EXPECT_EQ(got, want) << n;
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, MgmMulDiff, ::testing::ValuesIn(mgm_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

}  // namespace
}  // namespace axiom::test
