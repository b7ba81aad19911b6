// The constants of the GFNI SM4 kernels (sm4_kernel.hpp, sm4_gfni) against the S-box table of
// GB/T 32907-2016 on all 256 inputs, through a plain model of vgf2p8affineqb and
// vgf2p8affineinvqb: every machine checks them, whatever its CPU.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>

#include "sm4/sm4_kernel.hpp"
#include "support/kernels.hpp"

namespace axiom::test {
namespace {

namespace K = detail::sm4_gfni;

// GB/T 32907-2016, 6.2.
constexpr std::uint8_t sbox[256] = {
    0xd6, 0x90, 0xe9, 0xfe, 0xcc, 0xe1, 0x3d, 0xb7, 0x16, 0xb6, 0x14, 0xc2, 0x28, 0xfb, 0x2c, 0x05,
    0x2b, 0x67, 0x9a, 0x76, 0x2a, 0xbe, 0x04, 0xc3, 0xaa, 0x44, 0x13, 0x26, 0x49, 0x86, 0x06, 0x99,
    0x9c, 0x42, 0x50, 0xf4, 0x91, 0xef, 0x98, 0x7a, 0x33, 0x54, 0x0b, 0x43, 0xed, 0xcf, 0xac, 0x62,
    0xe4, 0xb3, 0x1c, 0xa9, 0xc9, 0x08, 0xe8, 0x95, 0x80, 0xdf, 0x94, 0xfa, 0x75, 0x8f, 0x3f, 0xa6,
    0x47, 0x07, 0xa7, 0xfc, 0xf3, 0x73, 0x17, 0xba, 0x83, 0x59, 0x3c, 0x19, 0xe6, 0x85, 0x4f, 0xa8,
    0x68, 0x6b, 0x81, 0xb2, 0x71, 0x64, 0xda, 0x8b, 0xf8, 0xeb, 0x0f, 0x4b, 0x70, 0x56, 0x9d, 0x35,
    0x1e, 0x24, 0x0e, 0x5e, 0x63, 0x58, 0xd1, 0xa2, 0x25, 0x22, 0x7c, 0x3b, 0x01, 0x21, 0x78, 0x87,
    0xd4, 0x00, 0x46, 0x57, 0x9f, 0xd3, 0x27, 0x52, 0x4c, 0x36, 0x02, 0xe7, 0xa0, 0xc4, 0xc8, 0x9e,
    0xea, 0xbf, 0x8a, 0xd2, 0x40, 0xc7, 0x38, 0xb5, 0xa3, 0xf7, 0xf2, 0xce, 0xf9, 0x61, 0x15, 0xa1,
    0xe0, 0xae, 0x5d, 0xa4, 0x9b, 0x34, 0x1a, 0x55, 0xad, 0x93, 0x32, 0x30, 0xf5, 0x8c, 0xb1, 0xe3,
    0x1d, 0xf6, 0xe2, 0x2e, 0x82, 0x66, 0xca, 0x60, 0xc0, 0x29, 0x23, 0xab, 0x0d, 0x53, 0x4e, 0x6f,
    0xd5, 0xdb, 0x37, 0x45, 0xde, 0xfd, 0x8e, 0x2f, 0x03, 0xff, 0x6a, 0x72, 0x6d, 0x6c, 0x5b, 0x51,
    0x8d, 0x1b, 0xaf, 0x92, 0xbb, 0xdd, 0xbc, 0x7f, 0x11, 0xd9, 0x5c, 0x41, 0x1f, 0x10, 0x5a, 0xd8,
    0x0a, 0xc1, 0x31, 0x88, 0xa5, 0xcd, 0x7b, 0xbd, 0x2d, 0x74, 0xd0, 0x12, 0xb8, 0xe5, 0xb4, 0xb0,
    0x89, 0x69, 0x97, 0x4a, 0x0c, 0x96, 0x77, 0x7e, 0x65, 0xb9, 0xf1, 0x09, 0xc5, 0x6e, 0xc6, 0x84,
    0x18, 0xf0, 0x7d, 0xec, 0x3a, 0xdc, 0x4d, 0x20, 0x79, 0xee, 0x5f, 0x3e, 0xd7, 0xcb, 0x39, 0x48,
};

// The AES field (x^8 + x^4 + x^3 + x + 1), as GFNI computes in it.
std::uint8_t gf_mul(std::uint8_t a, std::uint8_t b) {
  unsigned r = 0, x = a;
  for (unsigned y = b; y != 0; y >>= 1, x = (x << 1) ^ ((x & 0x80) ? 0x11b : 0))
    r ^= (y & 1) ? x : 0;
  return static_cast<std::uint8_t>(r);
}
std::uint8_t gf_inv(std::uint8_t a) {
  for (unsigned b = 1; b < 256; ++b)
    if (gf_mul(a, static_cast<std::uint8_t>(b)) == 1) return static_cast<std::uint8_t>(b);
  return 0;
}

// vgf2p8affineqb on one byte: output bit i is the parity of x AND byte 7 - i of m, XOR bit i of c.
std::uint8_t affine(std::uint64_t m, std::uint8_t x, int c) {
  unsigned r = 0;
  for (int i = 0; i < 8; ++i)
    r |= static_cast<unsigned>(std::popcount((m >> (8 * (7 - i))) & x) & 1) << i;
  return static_cast<std::uint8_t>(r ^ static_cast<unsigned>(c));
}
std::uint8_t affine_inv(std::uint64_t m, std::uint8_t x, int c) { return affine(m, gf_inv(x), c); }

std::uint32_t bswap(std::uint32_t w) { return __builtin_bswap32(w); }

// A word as the kernels hold it: its bytes in memory (big-endian) order, loaded little-endian.
std::uint32_t bytewise(std::uint64_t m, std::uint32_t w, int c) {
  std::uint32_t r = 0;
  for (int i = 0; i < 4; ++i)
    r |= std::uint32_t{affine(m, static_cast<std::uint8_t>(w >> (8 * i)), c)} << (8 * i);
  return r;
}
std::uint32_t bytewise_inv(std::uint64_t m, std::uint32_t w, int c) {
  std::uint32_t r = 0;
  for (int i = 0; i < 4; ++i)
    r |= std::uint32_t{affine_inv(m, static_cast<std::uint8_t>(w >> (8 * i)), c)} << (8 * i);
  return r;
}

std::uint32_t tau(std::uint32_t w) {
  std::uint32_t r = 0;
  for (int i = 0; i < 4; ++i) r |= std::uint32_t{sbox[(w >> (8 * i)) & 0xff]} << (8 * i);
  return r;
}
std::uint32_t linear(std::uint32_t b) {
  return b ^ std::rotl(b, 2) ^ std::rotl(b, 10) ^ std::rotl(b, 18) ^ std::rotl(b, 24);
}
std::uint32_t linear_key(std::uint32_t b) { return b ^ std::rotl(b, 13) ^ std::rotl(b, 23); }

// round_output: what a round XORs into the state word, in the Y basis, for the S-box input s
// (a big-endian word): the kernels' vgf2p8affineinvqb products and byte rotations.
std::uint32_t round_output(std::uint32_t s, bool key) {
  const std::uint32_t x = bytewise(K::to_y, bswap(s), K::to_y_const);
  const std::uint32_t u0 =
      bytewise_inv(key ? K::key_m0 : K::enc_m0, x, key ? K::key_const : K::enc_const);
  const std::uint32_t u1 = bytewise_inv(key ? K::key_m1 : K::enc_m1, x, 0);
  const std::uint32_t u2 = bytewise_inv(key ? K::key_m2 : K::enc_m1, x, 0);
  const std::uint32_t u3 = bytewise_inv(key ? K::key_m3 : K::enc_m3, x, 0);
  return u0 ^ std::rotr(u1, 8) ^ std::rotr(u2, 16) ^ std::rotr(u3, 24);
}

TEST(Sm4Gfni, TableMatchesTheCircuit) {
  for (std::uint32_t z = 0; z < 256; ++z)
    EXPECT_EQ(detail::sm4_tau(z * 0x01010101u), tau(z * 0x01010101u)) << z;
}

TEST(Sm4Gfni, BasisChangeIsInvertible) {
  for (unsigned z = 0; z < 256; ++z) {
    const auto b = static_cast<std::uint8_t>(z);
    EXPECT_EQ(affine(K::from_y, affine(K::to_y, b, 0), 0), b) << z;
  }
}

// Every S-box input byte in every position of the word, the other bytes random: the round's
// output in the Y basis is to_y·L(tau(s)) (L' for the key schedule).
TEST(Sm4Gfni, RoundOutputIsLOfTau) {
  Prng rng(test_seed() + 60);
  for (bool key : {false, true}) {
    for (std::uint32_t z = 0; z < 256; ++z) {
      for (int at = 0; at < 32; at += 8) {
        const auto r = rng.bytes(4);
        std::uint32_t s = (std::uint32_t{r[0]} << 24 | std::uint32_t{r[1]} << 16 |
                           std::uint32_t{r[2]} << 8 | r[3]);
        s = (s & ~(0xffu << at)) | (z << at);
        const std::uint32_t l = key ? linear_key(tau(s)) : linear(tau(s));
        ASSERT_EQ(round_output(s, key), bytewise(K::to_y, bswap(l), 0))
            << (key ? "key " : "") << z << " at " << at;
      }
    }
  }
}

}  // namespace
}  // namespace axiom::test
