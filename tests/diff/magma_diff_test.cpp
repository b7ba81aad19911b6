// Differential tests: every Magma kernel's ops against the portable kernel's (itself checked by
// the KATs), on seeded random keys and data, at awkward block counts, unaligned and in place,
// with counters that wrap at 2^64 (ctr_xor) and at 2^32 in either half (ctr_half_xor).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "axiom/bytes.hpp"
#include "magma/magma_kernel.hpp"
#include "support/kernels.hpp"
#include "support/test_kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

using Kernel = const detail::MagmaKernel*;
const detail::Block64Ops& ref() { return detail::magma_portable.ops; }

// Block counts around every batch size of the kernels (1, 2, 16, 32, 64 blocks); the emulated
// build, 50-500 times slower, stops after its first two batches.
std::vector<std::size_t> block_counts(const detail::MagmaKernel& k) {
  std::vector<std::size_t> v = {0, 1, 2, 3, 7, 8, 15, 16, 17, 31, 32, 33, 47, 48, 49, 63, 64, 65};
  if (!emulated(k.info))
    for (std::size_t n : {95u, 96u, 97u, 127u, 128u, 129u, 191u, 200u, 255u, 256u, 257u, 300u})
      v.push_back(n);
  return v;
}

class MagmaDiff : public KernelTest<detail::MagmaKernel> {
 protected:
  const detail::Block64Ops& ops() const { return GetParam()->ops; }
  detail::MagmaSchedule key(Prng& rng) const {
    const Bytes k = rng.bytes(32);
    detail::MagmaSchedule ks;
    detail::magma_schedule_from_key(ks, k.data());
    return ks;
  }
};

// Buffers at an odd offset from the allocation, so no kernel sees aligned data.
struct Unaligned {
  explicit Unaligned(const Bytes& b) : store(b.size() + 3) {
    std::copy(b.begin(), b.end(), store.begin() + 3);
  }
  explicit Unaligned(std::size_t n) : store(n + 3) {}
  std::uint8_t* data() { return store.data() + 3; }
  Bytes bytes() const { return Bytes(store.begin() + 3, store.end()); }
  Bytes store;
};

TEST_P(MagmaDiff, Ecb) {
  Prng rng(test_seed());
  for (std::size_t n : block_counts(*GetParam())) {
    const detail::MagmaSchedule ks = key(rng);
    const Bytes in = rng.bytes(8 * n);
    for (bool decrypt : {false, true}) {
      const auto f = decrypt ? ops().decrypt_blocks : ops().encrypt_blocks;
      Bytes want(8 * n);
      (decrypt ? ref().decrypt_blocks : ref().encrypt_blocks)(&ks, want.data(), in.data(), n);
      Unaligned src(in), dst(8 * n);
      f(&ks, dst.data(), src.data(), n);
      EXPECT_EQ(dst.bytes(), want)
          << "blocks " << n << " decrypt " << decrypt << " seed " << rng.seed;
      f(&ks, src.data(), src.data(), n);
      EXPECT_EQ(src.bytes(), want) << "in place, blocks " << n << " decrypt " << decrypt;
    }
  }
}

TEST_P(MagmaDiff, Ctr) {
  Prng rng(test_seed() + 1);
  for (std::size_t n : block_counts(*GetParam())) {
    const detail::MagmaSchedule ks = key(rng);
    const Bytes in = rng.bytes(8 * n);
    // a random counter, GOST's IV || 0^32, and one that wraps past 2^64 within the call
    Bytes start[3] = {rng.bytes(8), rng.bytes(4), Bytes(8, 0xff)};
    start[1].resize(8, 0);
    start[2][7] = 0xfb;
    for (const Bytes& c0 : start) {
      Bytes want(8 * n), want_ctr = c0, ctr = c0;
      ref().ctr_xor(&ks, want_ctr.data(), want.data(), in.data(), n);
      Unaligned src(in), dst(8 * n);
      ops().ctr_xor(&ks, ctr.data(), dst.data(), src.data(), n);
      EXPECT_EQ(dst.bytes(), want) << "blocks " << n << " counter " << to_hex(c0);
      EXPECT_EQ(ctr, want_ctr) << "blocks " << n << " counter " << to_hex(c0);
      ctr = c0;
      ops().ctr_xor(&ks, ctr.data(), src.data(), src.data(), n);
      EXPECT_EQ(src.bytes(), want) << "in place, blocks " << n << " counter " << to_hex(c0);
    }
  }
}

TEST_P(MagmaDiff, CtrHalf) {
  if (ops().ctr_half_xor == nullptr) GTEST_SKIP() << "no ctr_half_xor";
  Prng rng(test_seed() + 2);
  for (std::size_t n : block_counts(*GetParam())) {
    const detail::MagmaSchedule ks = key(rng);
    const Bytes in = rng.bytes(8 * n);
    for (std::size_t half : {0u, 4u}) {
      // a random counter and one whose counting half wraps past 2^32 within the call
      Bytes wrap = rng.bytes(8);
      std::fill(wrap.begin() + static_cast<std::ptrdiff_t>(half),
                wrap.begin() + static_cast<std::ptrdiff_t>(half) + 4, 0xff);
      wrap[half + 3] = 0xfd;
      for (const Bytes& c0 : {rng.bytes(8), wrap}) {
        for (bool keystream_only : {false, true}) {
          Bytes want(8 * n), want_ctr = c0, ctr = c0;
          ref().ctr_half_xor(&ks, want_ctr.data(), half, want.data(),
                             keystream_only ? nullptr : in.data(), n);
          Unaligned src(in), dst(8 * n);
          ops().ctr_half_xor(&ks, ctr.data(), half, dst.data(),
                             keystream_only ? nullptr : src.data(), n);
          EXPECT_EQ(dst.bytes(), want)
              << "blocks " << n << " half " << half << " counter " << to_hex(c0);
          EXPECT_EQ(ctr, want_ctr)
              << "blocks " << n << " half " << half << " counter " << to_hex(c0);
          if (keystream_only) continue;
          ctr = c0;
          ops().ctr_half_xor(&ks, ctr.data(), half, src.data(), src.data(), n);
          EXPECT_EQ(src.bytes(), want) << "in place, blocks " << n << " half " << half;
        }
      }
    }
  }
}

TEST_P(MagmaDiff, Cbc) {
  Prng rng(test_seed() + 3);
  for (std::size_t n : block_counts(*GetParam())) {
    const detail::MagmaSchedule ks = key(rng);
    const Bytes in = rng.bytes(8 * n), iv = rng.bytes(8);
    for (bool decrypt : {false, true}) {
      const auto f = decrypt ? ops().cbc_decrypt : ops().cbc_encrypt;
      Bytes want(8 * n), want_iv = iv, chain = iv;
      (decrypt ? ref().cbc_decrypt : ref().cbc_encrypt)(&ks, want_iv.data(), want.data(), in.data(),
                                                        n);
      Unaligned src(in), dst(8 * n);
      f(&ks, chain.data(), dst.data(), src.data(), n);
      EXPECT_EQ(dst.bytes(), want) << "blocks " << n << " decrypt " << decrypt;
      EXPECT_EQ(chain, want_iv) << "blocks " << n << " decrypt " << decrypt;
      chain = iv;
      f(&ks, chain.data(), src.data(), src.data(), n);
      EXPECT_EQ(src.bytes(), want) << "in place, blocks " << n << " decrypt " << decrypt;
    }
    Bytes want_mac = iv, mac = iv;
    ref().cbc_mac(&ks, want_mac.data(), in.data(), n);
    Unaligned src(in);
    ops().cbc_mac(&ks, mac.data(), src.data(), n);
    EXPECT_EQ(mac, want_mac) << "blocks " << n;
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, MagmaDiff, ::testing::ValuesIn(magma_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

}  // namespace
}  // namespace axiom::test
