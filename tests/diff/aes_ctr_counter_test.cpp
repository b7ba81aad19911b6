// CTR counter handling of every AES kernel, against the definition (ECB of explicit counter
// blocks): every start value of the last byte (the kernels take a fast path while it does not
// wrap within a group, and step a copy of the block for the next group), carries through the
// bytes above it, across 2^64 and the 2^128 wrap, over messages of several groups cut into two
// calls, and the counter each call leaves behind.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "aes/aes_kernel.hpp"
#include "axiom/aes.hpp"
#include "support/aes_helpers.hpp"
#include "support/kernels.hpp"
#include "support/test_kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

using Kernel = const detail::AesKernel*;

class AesCtrCounters : public KernelTest<detail::AesKernel> {};

std::string hex_of(const Bytes& b) {
  std::string s;
  for (std::uint8_t v : b) s += "0123456789abcdef"[v >> 4], s += "0123456789abcdef"[v & 15];
  return s;
}

void increment(std::uint8_t c[16]) {
  for (int j = 15; j >= 0; --j)
    if (++c[j] != 0) break;
}

TEST_P(AesCtrCounters, EveryLastByteAndCarry) {
  Prng rng(test_seed() + 11);
  constexpr std::size_t blocks = 100;  // four groups of 24 and a tail
  const Bytes in = rng.bytes(16 * blocks);
  // The 15 bytes above the last one: random; ending in 0xff (a carry into the byte above it);
  // the low 64 bits all ones (a carry into the high half); all ones (the 2^128 wrap).
  Bytes random_prefix = rng.bytes(16), one_ff = rng.bytes(16), low_ones = rng.bytes(16),
        all_ones(16, 0xff);
  one_ff[14] = 0xff;
  std::memset(low_ones.data() + 8, 0xff, 7);
  for (std::size_t key_size : {16u, 32u}) {
    const Bytes key = rng.bytes(key_size);
    with_key_size(key_size, [&](auto k) {
      constexpr std::size_t K = decltype(k)::value;
      const AesCipher<K> ref(fixed<K>(key), detail::aes_portable), mine(fixed<K>(key), *GetParam());
      const detail::BlockCipherRef m = mine.block_ref();
      for (const Bytes* prefix : {&random_prefix, &one_ff, &low_ones, &all_ones}) {
        for (unsigned last = 0; last < 256; ++last) {
          Bytes iv = *prefix;
          iv[15] = static_cast<std::uint8_t>(last);
          Bytes counters(16 * blocks), expected(16 * blocks);
          std::uint8_t c[16];
          std::memcpy(c, iv.data(), 16);
          for (std::size_t i = 0; i < blocks; ++i, increment(c))
            std::memcpy(&counters[16 * i], c, 16);
          ASSERT_TRUE(ref.encrypt_blocks(expected, counters).ok());
          for (std::size_t i = 0; i < expected.size(); ++i) expected[i] ^= in[i];
          // Two calls, split anywhere: the counter the first leaves must start the second.
          const std::size_t split = (last * 7 + prefix->at(0)) % (blocks + 1);
          Bytes got(16 * blocks), ctr = iv;
          m.ops->ctr_xor(m.schedule, ctr.data(), got.data(), in.data(), split);
          m.ops->ctr_xor(m.schedule, ctr.data(), got.data() + 16 * split, in.data() + 16 * split,
                         blocks - split);
          ASSERT_EQ(got, expected) << "key " << K << " iv " << hex_of(iv) << " split " << split;
          ASSERT_EQ(ctr, Bytes(c, c + 16))
              << "key " << K << " iv " << hex_of(iv) << " split " << split;
        }
      }
    });
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, AesCtrCounters, ::testing::ValuesIn(aes_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

}  // namespace
}  // namespace axiom::test
