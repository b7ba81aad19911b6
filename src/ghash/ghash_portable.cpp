// The portable GHASH kernel, constant time: carry-less 64x64 multiplication built from integer
// multiplications of operands with "holes" (every fourth bit kept, so that the carries of
// at most 15 terms never reach the next kept bit: the technique of BearSSL's ghash_ctmul64),
// the high half from the bit-reversed operands, Karatsuba for 128 bits, and a shift-and-xor
// reduction. No table, no branch on data.
#include <cstring>

#include "core/wipe.hpp"
#include "ghash/ghash_kernel.hpp"

namespace axiom::detail {

namespace {

using u64 = std::uint64_t;

// clmul_low returns the low 64 bits of the carry-less product of x and y.
u64 clmul_low(u64 x, u64 y) noexcept {
  constexpr u64 m0 = 0x1111111111111111ULL, m1 = m0 << 1, m2 = m0 << 2, m3 = m0 << 3;
  const u64 x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
  const u64 y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
  const u64 z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
  const u64 z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
  const u64 z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
  const u64 z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
  return (z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3);
}

u64 reverse_bits(u64 x) noexcept {
  x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
  x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
  x = ((x >> 4) & 0x0f0f0f0f0f0f0f0fULL) | ((x & 0x0f0f0f0f0f0f0f0fULL) << 4);
  return __builtin_bswap64(x);
}

// clmul64 writes the 127-bit carry-less product of x and y to hi:lo. The high half is the
// low half of the product of the reversed operands, reversed back.
void clmul64(u64 x, u64 y, u64& hi, u64& lo) noexcept {
  lo = clmul_low(x, y);
  hi = reverse_bits(clmul_low(reverse_bits(x), reverse_bits(y))) >> 1;
}

u64 load_be(const std::uint8_t* p) noexcept {
  u64 v;
  std::memcpy(&v, p, 8);
  return __builtin_bswap64(v);
}
void store_be(std::uint8_t* p, u64 v) noexcept {
  v = __builtin_bswap64(v);
  std::memcpy(p, &v, 8);
}

// An element is the block read as a big-endian 128-bit number (a1 high, a0 low): the
// coefficient of x^i is bit 127 - i ("reflected"). The product of two reflected numbers is
// the reflected product shifted right by one bit, hence the shift left below.
void multiply(u64& a1, u64& a0, u64 h1, u64 h0) noexcept {
  u64 p3, p2, p1, p0, m1, m0;
  clmul64(a1, h1, p3, p2);
  clmul64(a0, h0, p1, p0);
  clmul64(a1 ^ a0, h1 ^ h0, m1, m0);
  m1 ^= p3 ^ p1;
  m0 ^= p2 ^ p0;
  p2 ^= m1;
  p1 ^= m0;
  // q = p << 1: q3:q2 holds the low-degree half, q1:q0 the high-degree half.
  const u64 q3 = (p3 << 1) | (p2 >> 63), q2 = (p2 << 1) | (p1 >> 63);
  const u64 q1 = (p1 << 1) | (p0 >> 63), q0 = p0 << 1;
  // Reduce x^128 * (q1:q0) by x^128 = x^7 + x^2 + x + 1: first fold the bits that the
  // shifts below would push out of the low word (coefficients 121..127 of the high half).
  const u64 d1 = q1 ^ (q0 << 63) ^ (q0 << 62) ^ (q0 << 57), d0 = q0;
  a1 = q3 ^ d1 ^ (d1 >> 1) ^ (d1 >> 2) ^ (d1 >> 7);
  a0 = q2 ^ d0 ^ (d0 >> 1) ^ (d0 >> 2) ^ (d0 >> 7) ^ (d1 << 63) ^ (d1 << 62) ^ (d1 << 57);
}

struct PortableKey {
  u64 h1, h0;
};

void init(GhashKey& key, const std::uint8_t h[16]) noexcept {
  const PortableKey k{load_be(h), load_be(h + 8)};
  static_assert(sizeof k <= sizeof key.bytes);
  std::memcpy(key.bytes, &k, sizeof k);
}

void blocks(const GhashKey& key, std::uint8_t y[16], const std::uint8_t* in,
            std::size_t n) noexcept {
  PortableKey k;
  std::memcpy(&k, key.bytes, sizeof k);
  u64 a1 = load_be(y), a0 = load_be(y + 8);
  for (; n > 0; --n, in += 16) {
    a1 ^= load_be(in);
    a0 ^= load_be(in + 8);
    multiply(a1, a0, k.h1, k.h0);
  }
  store_be(y, a1);
  store_be(y + 8, a0);
  wipe(k);
}

}  // namespace

const GhashKernel ghash_portable = {{"ghash/portable", cpu::Features{}, true}, init, blocks};

}  // namespace axiom::detail
