// bitslice.hpp: bit-matrix transposes for bitsliced kernels (AES and SM4 portable).
#pragma once

#include <cstdint>

namespace axiom::detail {

// transpose_bits8x8 transposes an 8x8 bit matrix (byte r = row r, bit c = column c); an
// involution.
inline std::uint64_t transpose_bits8x8(std::uint64_t x) noexcept {
  std::uint64_t t = (x ^ (x >> 7)) & 0x00aa00aa00aa00aaULL;
  x ^= t ^ (t << 7);
  t = (x ^ (x >> 14)) & 0x0000cccc0000ccccULL;
  x ^= t ^ (t << 14);
  t = (x ^ (x >> 28)) & 0x00000000f0f0f0f0ULL;
  x ^= t ^ (t << 28);
  return x;
}

// swap_blocks exchanges the high part of each lane group of a with the low part of b.
inline void swap_blocks(std::uint64_t& a, std::uint64_t& b, unsigned shift,
                        std::uint64_t low_mask) noexcept {
  const std::uint64_t t = ((a >> shift) ^ b) & low_mask;
  a ^= t << shift;
  b ^= t;
}

}  // namespace axiom::detail
