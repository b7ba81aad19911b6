// Public API of Kuznyechik, MGM, CTR-ACPKM and the GOST padding procedures through the real
// dispatch (the default kernels): argument errors, kernel choice, padding rules.
// This binary also runs under AXIOM_CPU=portable (see tests/CMakeLists.txt).
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "axiom/axiom.hpp"
#include "support/aes_helpers.hpp"
#include "support/kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

TEST(KuznyechikApi, FromKeyChecksTheSize) {
  EXPECT_TRUE(Kuznyechik::from_key(Bytes(32, 1)).ok());
  EXPECT_EQ(Kuznyechik::from_key(Bytes(16, 1)).error(), Error::invalid_key_size);
  EXPECT_EQ(KuznyechikMgm::from_key(Bytes(33, 1)).error(), Error::invalid_key_size);
}

// The default is the best constant-time kernel: never the table kernel on x86-64.
// As detected the AVX-512 kernels where the CPU has their features, else AVX2 and PCLMULQDQ;
// with AVX-512 cleared (the no_avx512 run) the latter.
TEST(KuznyechikApi, KernelFollowsAxiomCpu) {
  using cpu::Feature;
  const char* spec = std::getenv("AXIOM_CPU");
  const Kuznyechik k(std::array<std::uint8_t, 32>{});
  const KuznyechikMgm m(std::array<std::uint8_t, 32>{});
  EXPECT_NE(k.kernel_name(), "kuznyechik/tables");
  const cpu::Features hw = cpu::hardware(),
                      base = Feature::avx | Feature::avx2 | Feature::bmi2 | Feature::avx512;
  const bool detected = spec == nullptr,
             no_avx512 = spec && std::string(spec) == "-avx512,-vbmi,-vbmi2,-ifma";
  if (spec && std::string(spec) == "portable") {
    EXPECT_EQ(k.kernel_name(), "kuznyechik/portable");
    EXPECT_EQ(m.mul_kernel_name(), "mgm/portable");
    return;
  }
  if (detected && hw.has(base | Feature::vbmi | Feature::gfni)) {
    EXPECT_EQ(k.kernel_name(), "kuznyechik/avx512_gfni");
  } else if ((detected || no_avx512) && hw.has(Feature::avx | Feature::avx2)) {
    EXPECT_EQ(k.kernel_name(), "kuznyechik/avx2");
  }
  if (detected && hw.has(base | Feature::pclmul | Feature::vpclmul)) {
    EXPECT_EQ(m.mul_kernel_name(), "mgm/vpclmul_avx512");
  } else if ((detected || no_avx512) && hw.has(Feature::pclmul | Feature::sse41 | Feature::ssse3)) {
    EXPECT_EQ(m.mul_kernel_name(), "mgm/pclmul");
  }
}

TEST(KuznyechikApi, ArgumentErrors) {
  const Kuznyechik k(std::array<std::uint8_t, 32>{7});
  Bytes buf(64, 1), out(64);
  EXPECT_EQ(k.encrypt_blocks(std::span(out).first(48), buf).error(), Error::output_size_mismatch);
  EXPECT_EQ(k.encrypt_blocks(std::span(out).first(15), std::span(buf).first(15)).error(),
            Error::invalid_argument);
  EXPECT_EQ(k.decrypt_blocks(std::span(buf).subspan(16, 32), std::span(buf).first(32)).error(),
            Error::overlapping_buffers);
  EXPECT_TRUE(k.encrypt_blocks(buf, buf).ok());
  EXPECT_TRUE(k.decrypt_blocks(buf, buf).ok());
  EXPECT_EQ(buf, Bytes(64, 1));
}

// GOST R 34.13-2015 4.1: procedure 1 adds zeros only when needed, 2 always adds 0x80 and zeros,
// 3 adds them only when needed; 2 is the one that can be removed.
TEST(KuznyechikApi, GostPadding) {
  for (std::size_t n : {0u, 1u, 15u, 16u, 17u, 32u}) {
    const Bytes msg(n, 0x5a);
    for (GostPadding p :
         {GostPadding::zeros, GostPadding::one_and_zeros, GostPadding::one_and_zeros_if_needed}) {
      Bytes out(gost_padded_size(n, p), 0xee);
      const Result<std::size_t> r = gost_pad(out, msg, p);
      ASSERT_TRUE(r.ok());
      ASSERT_EQ(r.value(), out.size());
      EXPECT_EQ(out.size() % 16, 0u);
      EXPECT_TRUE(std::equal(msg.begin(), msg.end(), out.begin()));
      const bool adds = p == GostPadding::one_and_zeros || n % 16 != 0;
      EXPECT_EQ(out.size(), adds ? n / 16 * 16 + 16 : n) << n;
      if (out.size() > n) {
        EXPECT_EQ(out[n], p == GostPadding::zeros ? 0 : 0x80) << n;
      }
      for (std::size_t i = n + 1; i < out.size(); ++i) EXPECT_EQ(out[i], 0) << n;
      if (p == GostPadding::one_and_zeros) {
        const Result<std::size_t> back = gost_unpad(out);
        ASSERT_TRUE(back.ok());
        EXPECT_EQ(back.value(), n);
        std::size_t length = 99;
        EXPECT_TRUE(gost_unpad(out, length).ok());  // the masked form gives the same length
        EXPECT_EQ(length, n);
      }
    }
  }
  Bytes small(15);
  EXPECT_EQ(gost_pad(small, Bytes(15), GostPadding::one_and_zeros).error(),
            Error::output_size_mismatch);
  EXPECT_EQ(gost_unpad(Bytes(16, 0)).error(), Error::invalid_padding);
  EXPECT_EQ(gost_unpad(Bytes(15, 0)).error(), Error::invalid_padding);
  Bytes bad(16, 0);
  bad[3] = 0x81;
  EXPECT_EQ(gost_unpad(bad).error(), Error::invalid_padding);
  std::size_t length = 99;
  EXPECT_EQ(gost_unpad(bad, length), Status(Error::invalid_padding));
  EXPECT_EQ(length, 0u);  // 0 on a bad padding
  bad[3] = 0x80;
  bad[15] = 0x01;  // 0x80 followed by a non-zero byte
  EXPECT_EQ(gost_unpad(bad, length), Status(Error::invalid_padding));
  EXPECT_EQ(gost_unpad(Bytes(), length), Status(Error::invalid_padding));
  // In place: the message at the start of the output buffer.
  Bytes inplace(32, 0x11);
  ASSERT_TRUE(gost_pad(inplace, std::span(inplace).first(20), GostPadding::one_and_zeros).ok());
  EXPECT_EQ(inplace[20], 0x80);
}

TEST(KuznyechikApi, MgmRoundTripThroughDispatch) {
  const KuznyechikMgm m(std::array<std::uint8_t, 32>{1, 2, 3});
  Bytes nonce(16, 9), msg(1000, 4), sealed(1016), back(1000);
  ASSERT_TRUE(m.seal(sealed, nonce, Bytes(20, 1), msg).ok());
  ASSERT_TRUE(m.open(back, nonce, Bytes(20, 1), sealed).ok());
  EXPECT_EQ(back, msg);
}

}  // namespace
}  // namespace axiom::test
