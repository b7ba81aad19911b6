// SHA-256 compression with the ARMv8 Crypto Extension (SHA256H/H2/SU0/SU1), one message or two
// interleaved. Constant time.
//
// Per 64-byte block: 16 SHA256H + 16 SHA256H2 (four rounds each pair) on one dependent chain,
// 12 SU0 + 12 SU1 and 16 adds for the schedule beside it. The chain's latency bounds one
// message; two independent messages interleaved (compress_blocks_x2) fill the pipe the chain
// leaves idle.
#include "sha256/sha256_kernel.hpp"

#include <arm_neon.h>

AXIOM_ISA_BEGIN(sha256, armv8)

namespace {

// One message in flight: its state as the instructions take it (ABCD and EFGH, A in lane 0,
// FIPS 180-4's word order), the state at the start of the block and the block's schedule.
struct Lane {
  uint32x4_t abcd, efgh, abcd_start, efgh_start;
  uint32x4_t m[16];
};

inline __attribute__((always_inline)) void start_block(Lane& l,
                                                       const std::uint8_t* block) noexcept {
  l.abcd_start = l.abcd;
  l.efgh_start = l.efgh;
  // Big-endian words: reverse the bytes of each 32-bit lane.
  for (int i = 0; i < 4; ++i) l.m[i] = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(block + 16 * i)));
}

// Rounds 4g..4g+3, and the schedule of the group after next-but-one's input.
inline __attribute__((always_inline)) void rounds(Lane& l, int g) noexcept {
  if (g >= 3 && g < 15) {  // W[t..t+3] of the next group from the four groups before it
    const int j = g + 1;
    l.m[j] = vsha256su1q_u32(vsha256su0q_u32(l.m[j - 4], l.m[j - 3]), l.m[j - 2], l.m[j - 1]);
  }
  const uint32x4_t wk = vaddq_u32(l.m[g], vld1q_u32(detail::sha256_round_constants + 4 * g));
  const uint32x4_t abcd = l.abcd;
  l.abcd = vsha256hq_u32(l.abcd, l.efgh, wk);
  l.efgh = vsha256h2q_u32(l.efgh, abcd, wk);
}

inline __attribute__((always_inline)) void end_block(Lane& l) noexcept {
  l.abcd = vaddq_u32(l.abcd, l.abcd_start);
  l.efgh = vaddq_u32(l.efgh, l.efgh_start);
}

void compress_blocks(std::uint32_t state[8], const std::uint8_t* blocks,
                     std::size_t nblocks) noexcept {
  Lane a;
  a.abcd = vld1q_u32(state);
  a.efgh = vld1q_u32(state + 4);
  for (; nblocks > 0; --nblocks, blocks += 64) {
    start_block(a, blocks);
#pragma GCC unroll 16
    for (int g = 0; g < 16; ++g) rounds(a, g);
    end_block(a);
  }
  vst1q_u32(state, a.abcd);
  vst1q_u32(state + 4, a.efgh);
}

// Two independent messages, their round chains interleaved group by group.
void compress_blocks_x2(std::uint32_t* const state[2], const std::uint8_t* const blocks[2],
                        std::size_t nblocks) noexcept {
  Lane a, b;
  a.abcd = vld1q_u32(state[0]);
  a.efgh = vld1q_u32(state[0] + 4);
  b.abcd = vld1q_u32(state[1]);
  b.efgh = vld1q_u32(state[1] + 4);
  for (std::size_t i = 0; i < nblocks; ++i) {
    start_block(a, blocks[0] + 64 * i);
    start_block(b, blocks[1] + 64 * i);
#pragma GCC unroll 16
    for (int g = 0; g < 16; ++g) {
      rounds(a, g);
      rounds(b, g);
    }
    end_block(a);
    end_block(b);
  }
  vst1q_u32(state[0], a.abcd);
  vst1q_u32(state[0] + 4, a.efgh);
  vst1q_u32(state[1], b.abcd);
  vst1q_u32(state[1] + 4, b.efgh);
}

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const Sha256Kernel sha256_armv8 = {
    {"sha256/armv8",
     cpu::Feature::asimd | cpu::Feature::aes | cpu::Feature::pmull | cpu::Feature::sha2, true},
    &sha256_armv8::compress_blocks,
    &sha256_armv8::compress_blocks_x2,
    nullptr};
}  // namespace axiom::detail
