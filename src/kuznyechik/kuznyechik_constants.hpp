// kuznyechik_constants.hpp: GOST R 34.12-2015 (RFC 7801) as compile-time facts every kernel's
// tables are computed from: π (shared with Streebog), its inverse, GF(2^8) arithmetic, the
// linear map L as a 16 x 16 matrix over GF(2^8) and its inverse, and the key-schedule
// constants C_i.
//
// Byte order: blocks are bytes in memory order, byte 0 = a_15 of RFC 7801 (the order the RFC
// prints them). R then shifts the bytes towards the end and writes l(a) into byte 0.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "streebog/streebog_constants.hpp"

namespace axiom::detail::kuz {

inline constexpr const std::uint8_t (&pi)[256] = streebog_pi;

inline constexpr std::array<std::uint8_t, 256> pi_inv = [] {
  std::array<std::uint8_t, 256> t{};
  for (std::size_t i = 0; i < 256; ++i) t[pi[i]] = static_cast<std::uint8_t>(i);
  return t;
}();

// gf_mul multiplies in GF(2^8) modulo x^8 + x^7 + x^6 + x + 1 (compile time only: it branches).
constexpr std::uint8_t gf_mul(std::uint8_t a, std::uint8_t b) {
  std::uint8_t r = 0;
  for (int i = 0; i < 8; ++i) {
    if (b & 1) r ^= a;
    a = static_cast<std::uint8_t>((a << 1) ^ ((a & 0x80) ? 0xc3 : 0));
    b >>= 1;
  }
  return r;
}

// coef[j] is the factor of byte j in l (R writes l of the block into byte 0).
inline constexpr std::uint8_t coef[16] = {148, 32,  133, 16, 194, 192, 1,   251,
                                          1,   192, 194, 16, 133, 32,  148, 1};

using Block = std::array<std::uint8_t, 16>;

constexpr Block r_step(const Block& a) {
  std::uint8_t l = 0;
  for (std::size_t j = 0; j < 16; ++j) l ^= gf_mul(coef[j], a[j]);
  Block b{};
  b[0] = l;
  for (std::size_t j = 1; j < 16; ++j) b[j] = a[j - 1];
  return b;
}

constexpr Block r_inv_step(const Block& b) {
  Block a{};
  for (std::size_t j = 0; j < 15; ++j) a[j] = b[j + 1];
  std::uint8_t last = b[0];
  for (std::size_t j = 0; j < 15; ++j) last ^= gf_mul(coef[j], a[j]);
  a[15] = last;
  return a;
}

constexpr Block l_map(Block a) {
  for (int i = 0; i < 16; ++i) a = r_step(a);
  return a;
}

constexpr Block l_inv_map(Block a) {
  for (int i = 0; i < 16; ++i) a = r_inv_step(a);
  return a;
}

// Matrix[j][i]: the factor of input byte i in output byte j.
using Matrix = std::array<std::array<std::uint8_t, 16>, 16>;

constexpr Matrix matrix_of(bool inverse) {
  Matrix m{};
  for (std::size_t i = 0; i < 16; ++i) {
    Block e{};
    e[i] = 1;
    const Block col = inverse ? l_inv_map(e) : l_map(e);
    for (std::size_t j = 0; j < 16; ++j) m[j][i] = col[j];
  }
  return m;
}

inline constexpr Matrix l_matrix = matrix_of(false);
inline constexpr Matrix l_inv_matrix = matrix_of(true);

// round_constants[i - 1] = C_i = L(Vec128(i)), i = 1..32 (Vec128(i) has i in its last byte).
inline constexpr std::array<Block, 32> round_constants = [] {
  std::array<Block, 32> c{};
  for (std::size_t i = 0; i < 32; ++i) {
    Block v{};
    v[15] = static_cast<std::uint8_t>(i + 1);
    c[i] = l_map(v);
  }
  return c;
}();

}  // namespace axiom::detail::kuz

namespace axiom::detail::kuz {

// gf_mul_ct multiplies in GF(2^8) without branches or tables (for secret operands).
inline std::uint8_t gf_mul_ct(std::uint8_t a, std::uint8_t b) noexcept {
  unsigned r = 0, x = a;
  for (int i = 0; i < 8; ++i) {
    r ^= x & (0u - ((b >> i) & 1u));
    x = ((x << 1) ^ (0xc3u & (0u - (x >> 7)))) & 0xffu;
  }
  return static_cast<std::uint8_t>(r);
}

// apply_matrix_ct: out = m * in over GF(2^8), constant time (key set-up, not the bulk path).
inline void apply_matrix_ct(std::uint8_t out[16], const Matrix& m,
                            const std::uint8_t in[16]) noexcept {
  std::uint8_t t[16];
  for (std::size_t j = 0; j < 16; ++j) {
    std::uint8_t s = 0;
    for (std::size_t i = 0; i < 16; ++i) s ^= gf_mul_ct(m[j][i], in[i]);
    t[j] = s;
  }
  for (int j = 0; j < 16; ++j) out[j] = t[j];
}

}  // namespace axiom::detail::kuz
