// The NEON ChaCha20 kernel (AArch64): four blocks side by side, register i holding word i of
// each of the four blocks, so that every quarter round is four independent lane-wise chains.
// Rotations: by 16 with rev32 on 16-bit lanes, by 12, 8 and 7 with shl + sri. The keystream is
// turned back into block order by a 4 x 4 transpose per group of four words (trn1/trn2 on 32-
// and 64-bit lanes). One to three blocks (a tail) run as four through a zeroed stack buffer.
// Constant time: additions, XORs, fixed shifts and permutations only; branches on lengths only.
#include <cstring>

#include "chacha20/chacha20_kernel.hpp"
#include "core/wipe.hpp"

#include <arm_neon.h>

AXIOM_ISA_BEGIN(chacha20, neon)

namespace {

using V = uint32x4_t;

inline V rotl16(V x) noexcept {
  return vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(x)));
}

template <int n>
inline V rotl(V x) noexcept {
  return vsriq_n_u32(vshlq_n_u32(x, n), x, 32 - n);
}

inline void quarter(V& a, V& b, V& c, V& d) noexcept {
  a = vaddq_u32(a, b);
  d = rotl16(veorq_u32(d, a));
  c = vaddq_u32(c, d);
  b = rotl<12>(veorq_u32(b, c));
  a = vaddq_u32(a, b);
  d = rotl<8>(veorq_u32(d, a));
  c = vaddq_u32(c, d);
  b = rotl<7>(veorq_u32(b, c));
}

// store4 XORs words w..w+3 of the four blocks (x[w..w+3], one word of each block per register)
// into in and writes out: the transpose gives the 16 bytes of block j at offset 64 j + 4 w.
inline void store4(const V* x, std::uint8_t* out, const std::uint8_t* in) noexcept {
  const V t0 = vtrn1q_u32(x[0], x[1]), t1 = vtrn2q_u32(x[0], x[1]);
  const V t2 = vtrn1q_u32(x[2], x[3]), t3 = vtrn2q_u32(x[2], x[3]);
  const uint64x2_t u0 = vreinterpretq_u64_u32(t0), u1 = vreinterpretq_u64_u32(t1);
  const uint64x2_t u2 = vreinterpretq_u64_u32(t2), u3 = vreinterpretq_u64_u32(t3);
  const V rows[4] = {
      vreinterpretq_u32_u64(vtrn1q_u64(u0, u2)), vreinterpretq_u32_u64(vtrn1q_u64(u1, u3)),
      vreinterpretq_u32_u64(vtrn2q_u64(u0, u2)), vreinterpretq_u32_u64(vtrn2q_u64(u1, u3))};
  for (int j = 0; j < 4; ++j) {
    const uint8x16_t k = vreinterpretq_u8_u32(rows[j]);
    vst1q_u8(out + 64 * j, veorq_u8(vld1q_u8(in + 64 * j), k));
  }
}

// xor4 XORs the keystream of the four blocks at counters counter .. counter + 3 into in (256
// bytes).
inline void xor4(const std::uint32_t input[16], std::uint32_t counter, std::uint8_t* out,
                 const std::uint8_t* in) noexcept {
  const V lanes = {0, 1, 2, 3};
  const V ctr = vaddq_u32(vdupq_n_u32(counter), lanes);
  V x[16];
  for (int i = 0; i < 16; ++i) x[i] = vdupq_n_u32(input[i]);
  x[12] = ctr;
  for (int r = 0; r < 10; ++r) {
    quarter(x[0], x[4], x[8], x[12]);
    quarter(x[1], x[5], x[9], x[13]);
    quarter(x[2], x[6], x[10], x[14]);
    quarter(x[3], x[7], x[11], x[15]);
    quarter(x[0], x[5], x[10], x[15]);
    quarter(x[1], x[6], x[11], x[12]);
    quarter(x[2], x[7], x[8], x[13]);
    quarter(x[3], x[4], x[9], x[14]);
  }
  for (int i = 0; i < 16; ++i) x[i] = vaddq_u32(x[i], i == 12 ? ctr : vdupq_n_u32(input[i]));
  for (int w = 0; w < 16; w += 4) store4(x + w, out + 4 * w, in + 4 * w);
}

void xor_blocks(const std::uint32_t input[16], std::uint8_t* out, const std::uint8_t* in,
                std::size_t nblocks) noexcept {
  std::uint32_t counter = input[12];
  for (; nblocks >= 4; nblocks -= 4, counter += 4, in += 256, out += 256)
    xor4(input, counter, out, in);
  if (nblocks > 0) {
    // The lanes past nblocks compute blocks that are never used (their counters may wrap).
    std::uint8_t buf[256] = {};
    std::memcpy(buf, in, 64 * nblocks);
    xor4(input, counter, buf, buf);
    std::memcpy(out, buf, 64 * nblocks);
    axiom::detail::wipe(buf);
  }
}

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const ChaCha20Kernel chacha20_neon = {
    {"chacha20/neon", cpu::Feature::asimd, true},
    chacha20_neon::xor_blocks,
    nullptr,
};
}  // namespace axiom::detail
