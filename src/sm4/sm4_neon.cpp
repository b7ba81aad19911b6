// The NEON SM4 kernel (AArch64, without the SM4 extension): constant time, the S-box is a
// 256-byte table in sixteen registers read by one tbl and three tbx (each byte XORed with 0x40,
// 0x80, 0xc0 first, so that exactly one of the four lookups sees an index below 64).
// Blocks go four to a group, transposed so that register w holds word w of the four; bulk calls
// run two groups side by side. L's rotations by 8, 16 and 24 bits are byte shuffles (tbl, rev),
// the one by 2 a shift and a shift-insert. Per round and group: 4 tbl4 and about 20 other ops.
#include <arm_neon.h>

#include <cstring>

#include "core/endian.hpp"
#include "core/wipe.hpp"
#include "sm4/sm4_kernel.hpp"

namespace axiom::detail {
namespace {

// GB/T 32907-2016, 6.2.
alignas(64) constexpr std::uint8_t sm4_sbox[256] = {
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

// Byte indices (tbl operands) rotating each little-endian 32-bit lane left by 8 and 24 bits.
alignas(16) constexpr std::uint8_t rotl8_index[16] = {3,  0, 1, 2,  7,  4,  5,  6,
                                                      11, 8, 9, 10, 15, 12, 13, 14};
alignas(16) constexpr std::uint8_t rotl24_index[16] = {1, 2,  3,  0, 5,  6,  7,  4,
                                                       9, 10, 11, 8, 13, 14, 15, 12};

}  // namespace
}  // namespace axiom::detail

AXIOM_ISA_BEGIN(sm4, neon)

namespace vec {

using detail::Sm4Schedule;
using W = uint32x4_t;
using B = uint8x16_t;

inline B as8(W x) noexcept { return vreinterpretq_u8_u32(x); }
inline W as32(B x) noexcept { return vreinterpretq_u32_u8(x); }

// The S-box and the rotation indices, loaded once per call.
struct Consts {
  uint8x16x4_t s0, s1, s2, s3;
  B rotl8, rotl24;
};

[[gnu::always_inline]] inline Consts consts() noexcept {
  return {vld1q_u8_x4(detail::sm4_sbox),       vld1q_u8_x4(detail::sm4_sbox + 64),
          vld1q_u8_x4(detail::sm4_sbox + 128), vld1q_u8_x4(detail::sm4_sbox + 192),
          vld1q_u8(detail::rotl8_index),       vld1q_u8(detail::rotl24_index)};
}

// round_step<G, Wd>: X_Wd ^= L(τ(X_Wd+1 ^ X_Wd+2 ^ X_Wd+3 ^ rk)) in G groups side by side.
template <int G, int Wd>
[[gnu::always_inline]] inline void round_step(const Consts& c, W (*x)[4], W k) noexcept {
#pragma GCC unroll 4
  for (int g = 0; g < G; ++g) {
    const B t = as8(veorq_u32(veorq_u32(veorq_u32(x[g][(Wd + 1) % 4], x[g][(Wd + 2) % 4]), k),
                              x[g][(Wd + 3) % 4]));
    B s = vqtbl4q_u8(c.s0, t);
    s = vqtbx4q_u8(s, c.s1, veorq_u8(t, vdupq_n_u8(0x40)));
    s = vqtbx4q_u8(s, c.s2, veorq_u8(t, vdupq_n_u8(0x80)));
    s = vqtbx4q_u8(s, c.s3, veorq_u8(t, vdupq_n_u8(0xc0)));
    // L(B) = B ^ (B <<< 24) ^ ((B ^ (B <<< 8) ^ (B <<< 16)) <<< 2), as in the x86 kernels.
    const W b = as32(s);
    const W u = veorq_u32(veorq_u32(b, as32(vqtbl1q_u8(s, c.rotl8))),
                          vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u8(s))));
    const W l = veorq_u32(veorq_u32(b, as32(vqtbl1q_u8(s, c.rotl24))),
                          vsliq_n_u32(vshrq_n_u32(u, 30), u, 2));
    x[g][Wd] = veorq_u32(x[g][Wd], l);
  }
}

template <int G, bool Decrypt>
[[gnu::always_inline]] inline void rounds(const Sm4Schedule& ks, W (*x)[4]) noexcept {
  const Consts c = consts();
  for (int i = 0; i < 32; i += 4) {
    round_step<G, 0>(c, x, vdupq_n_u32(ks.rk[Decrypt ? 31 - i : i]));
    round_step<G, 1>(c, x, vdupq_n_u32(ks.rk[Decrypt ? 30 - i : i + 1]));
    round_step<G, 2>(c, x, vdupq_n_u32(ks.rk[Decrypt ? 29 - i : i + 2]));
    round_step<G, 3>(c, x, vdupq_n_u32(ks.rk[Decrypt ? 28 - i : i + 3]));
  }
}

// transpose4 turns four rows of four 32-bit words into four columns.
inline void transpose4(W& a, W& b, W& c, W& d) noexcept {
  const uint64x2_t t0 = vreinterpretq_u64_u32(vzip1q_u32(a, b)),
                   t1 = vreinterpretq_u64_u32(vzip1q_u32(c, d));
  const uint64x2_t t2 = vreinterpretq_u64_u32(vzip2q_u32(a, b)),
                   t3 = vreinterpretq_u64_u32(vzip2q_u32(c, d));
  a = vreinterpretq_u32_u64(vzip1q_u64(t0, t1)), b = vreinterpretq_u32_u64(vzip2q_u64(t0, t1));
  c = vreinterpretq_u32_u64(vzip1q_u64(t2, t3)), d = vreinterpretq_u32_u64(vzip2q_u64(t2, t3));
}

// The words of a block are big-endian; the output block is X35 || X34 || X33 || X32.
inline W load_words(const std::uint8_t* p) noexcept { return as32(vrev32q_u8(vld1q_u8(p))); }

// crypt_groups<G>: G groups (64 G bytes) from in to out (out may be in).
template <int G, bool Decrypt>
inline void crypt_groups(const Sm4Schedule& ks, std::uint8_t* out,
                         const std::uint8_t* in) noexcept {
  W x[G][4];
#pragma GCC unroll 4
  for (int g = 0; g < G; ++g) {
#pragma GCC unroll 4
    for (int w = 0; w < 4; ++w) x[g][w] = load_words(in + 64 * g + 16 * w);
    transpose4(x[g][0], x[g][1], x[g][2], x[g][3]);
  }
  rounds<G, Decrypt>(ks, x);
#pragma GCC unroll 4
  for (int g = 0; g < G; ++g) {
    transpose4(x[g][3], x[g][2], x[g][1], x[g][0]);
#pragma GCC unroll 4
    for (int w = 0; w < 4; ++w) vst1q_u8(out + 64 * g + 16 * w, vrev32q_u8(as8(x[g][3 - w])));
  }
}

template <bool Decrypt>
void crypt_blocks(const Sm4Schedule& s, std::uint8_t* out, const std::uint8_t* in,
                  std::size_t n) noexcept {
  for (; n >= 8; n -= 8, in += 128, out += 128) crypt_groups<2, Decrypt>(s, out, in);
  if (n == 0) return;
  alignas(16) std::uint8_t buf[128] = {};
  std::memcpy(buf, in, 16 * n);
  if (n > 4)
    crypt_groups<2, Decrypt>(s, buf, buf);
  else
    crypt_groups<1, Decrypt>(s, buf, buf);
  std::memcpy(out, buf, 16 * n);
  detail::wipe(buf);
}

// encrypt1: one block, its words broadcast (all four lanes carry the same block).
inline B encrypt1(const Sm4Schedule& s, B block) noexcept {
  const W b = as32(vrev32q_u8(block));
  W x[1][4] = {
      {vdupq_laneq_u32(b, 0), vdupq_laneq_u32(b, 1), vdupq_laneq_u32(b, 2), vdupq_laneq_u32(b, 3)}};
  rounds<1, false>(s, x);
  const W r = vzip1q_u32(vzip1q_u32(x[0][3], x[0][1]), vzip1q_u32(x[0][2], x[0][0]));
  return vrev32q_u8(as8(r));
}

}  // namespace vec

#include "sm4/sm4_arm_modes.hpp"

AXIOM_ISA_END

namespace axiom::detail {
const Sm4Kernel sm4_neon = {
    {"sm4/neon", cpu::Feature::asimd, true},
    {sm4_neon::sm4_arm::encrypt_blocks, sm4_neon::sm4_arm::decrypt_blocks,
     sm4_neon::sm4_arm::ctr_xor, sm4_neon::sm4_arm::cbc_encrypt, sm4_neon::sm4_arm::cbc_decrypt,
     sm4_neon::sm4_arm::cbc_mac},
};
}  // namespace axiom::detail
