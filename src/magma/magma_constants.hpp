// magma_constants.hpp: the S-boxes of GOST R 34.12-2015's Magma (RFC 8891 section 4.1,
// id-tc26-gost-28147-param-Z) and a reference model of its round function, at compile time.
// The kernels derive their constants from the table; the tests check the model against RFC 8891.
#pragma once

#include <array>
#include <cstdint>

namespace axiom::detail::magma {

// pi[i][v]: the S-box of nibble i (i = 0: the least significant nibble of a 32-bit word).
inline constexpr std::uint8_t pi[8][16] = {
    {12, 4, 6, 2, 10, 5, 11, 9, 14, 8, 13, 7, 0, 3, 15, 1},
    {6, 8, 2, 3, 9, 10, 5, 12, 1, 14, 4, 7, 11, 13, 0, 15},
    {11, 3, 5, 8, 2, 15, 10, 13, 14, 1, 7, 4, 12, 9, 6, 0},
    {12, 8, 2, 1, 13, 4, 15, 6, 7, 0, 10, 5, 3, 14, 9, 11},
    {7, 15, 5, 10, 8, 1, 6, 13, 0, 9, 3, 14, 11, 4, 2, 12},
    {5, 13, 15, 6, 9, 2, 12, 10, 11, 7, 8, 1, 4, 3, 14, 0},
    {8, 14, 2, 5, 6, 9, 1, 12, 15, 4, 11, 0, 13, 10, 3, 7},
    {1, 7, 14, 13, 0, 5, 8, 3, 4, 15, 10, 6, 9, 12, 11, 2},
};

// t(a): every nibble through its S-box (RFC 8891 section 4.2). A table lookup: the model only.
constexpr std::uint32_t t_map(std::uint32_t a) {
  std::uint32_t r = 0;
  for (int i = 0; i < 8; ++i) r |= std::uint32_t{pi[i][(a >> (4 * i)) & 15]} << (4 * i);
  return r;
}

// g[k](a) = t(a + k mod 2^32) <<< 11.
constexpr std::uint32_t g_map(std::uint32_t k, std::uint32_t a) {
  const std::uint32_t s = t_map(a + k);
  return (s << 11) | (s >> 21);
}

// round_key(w, i, decrypt): the key word of round i (0..31) from K1..K8 = w[0..7]: encryption
// uses K1..K8 three times, then K8..K1; decryption the reverse.
constexpr std::uint32_t round_key(const std::uint32_t w[8], int i, bool decrypt) {
  if (decrypt) return i < 8 ? w[i] : w[7 - (i & 7)];
  return i < 24 ? w[i & 7] : w[7 - (i & 7)];
}

}  // namespace axiom::detail::magma
