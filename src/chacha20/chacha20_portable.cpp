// Portable ChaCha20: plain C++, one block at a time, constant time (only additions, XORs and
// fixed rotations; no branch or index depends on the key or data).
#include <bit>
#include <cstring>

#include "chacha20/chacha20_kernel.hpp"

namespace axiom::detail {

namespace {

inline std::uint32_t rotl(std::uint32_t x, int n) noexcept { return (x << n) | (x >> (32 - n)); }

inline std::uint32_t load_le32(const std::uint8_t* p) noexcept {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap32(v);
  return v;
}

inline void store_le32(std::uint8_t* p, std::uint32_t v) noexcept {
  if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap32(v);
  std::memcpy(p, &v, 4);
}

inline void quarter_round(std::uint32_t& a, std::uint32_t& b, std::uint32_t& c,
                          std::uint32_t& d) noexcept {
  a += b; d ^= a; d = rotl(d, 16);
  c += d; b ^= c; b = rotl(b, 12);
  a += b; d ^= a; d = rotl(d, 8);
  c += d; b ^= c; b = rotl(b, 7);
}

void xor_blocks(const std::uint32_t input[16], std::uint8_t* out, const std::uint8_t* in,
                std::size_t nblocks) noexcept {
  std::uint32_t counter = input[12];
  for (; nblocks > 0; --nblocks, in += 64, out += 64, ++counter) {
    std::uint32_t x[16];
    std::memcpy(x, input, sizeof x);
    x[12] = counter;
    for (int i = 0; i < 10; ++i) {
      quarter_round(x[0], x[4], x[8], x[12]);
      quarter_round(x[1], x[5], x[9], x[13]);
      quarter_round(x[2], x[6], x[10], x[14]);
      quarter_round(x[3], x[7], x[11], x[15]);
      quarter_round(x[0], x[5], x[10], x[15]);
      quarter_round(x[1], x[6], x[11], x[12]);
      quarter_round(x[2], x[7], x[8], x[13]);
      quarter_round(x[3], x[4], x[9], x[14]);
    }
    for (int i = 0; i < 16; ++i) {
      const std::uint32_t k = x[i] + (i == 12 ? counter : input[i]);
      store_le32(out + 4 * i, load_le32(in + 4 * i) ^ k);
    }
  }
}

}  // namespace

const ChaCha20Kernel chacha20_portable = {
    {"chacha20/portable", cpu::Features{}, true},
    xor_blocks,
};

}  // namespace axiom::detail
