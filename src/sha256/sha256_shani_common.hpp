// sha256_shani_common.hpp: the SHA-NI compression shared by the shani and avx512_shani kernels
// (one message, and two interleaved). Include it inside an AXIOM_ISA_BEGIN region whose target
// has sha, ssse3 and sse4.1 (and <immintrin.h> and sha256_kernel.hpp before the region): each
// kernel gets its own copy, compiled for its own target.
//
// Per 64-byte block: 32 SHA256RNDS2 (two rounds each) on one dependent chain, 12 MSG1 and
// 12 MSG2 plus 16 PADDD/PALIGNR for the schedule, off the critical path. The chain of
// SHA256RNDS2 latencies bounds one message at 32 x latency per block (about 3.2 TSC cycles
// each on Zen 3: 1.58 cycles/byte). The instruction issues about once per cycle, so two
// independent messages interleaved (compress_blocks_x2) run at nearly twice the throughput.
#pragma once

namespace shani {

#define AXIOM_INLINE inline __attribute__((always_inline))

// One message in flight: its state as ABEF/CDGH (the instructions' layout, A in the top
// lane), the state at the start of the block, and the block's message schedule.
struct Lane {
  __m128i abef, cdgh, abef_start, cdgh_start;
  __m128i m[16];
};

AXIOM_INLINE void load_state(Lane& l, const std::uint32_t* state) {
  __m128i abcd = _mm_loadu_si128(reinterpret_cast<const __m128i*>(state));
  __m128i efgh = _mm_loadu_si128(reinterpret_cast<const __m128i*>(state + 4));
  abcd = _mm_shuffle_epi32(abcd, 0xb1);        // C D A B (top lane first)
  efgh = _mm_shuffle_epi32(efgh, 0x1b);        // E F G H
  l.abef = _mm_alignr_epi8(abcd, efgh, 8);     // A B E F
  l.cdgh = _mm_blend_epi16(efgh, abcd, 0xf0);  // C D G H
}

AXIOM_INLINE void store_state(const Lane& l, std::uint32_t* state) {
  const __m128i feba = _mm_shuffle_epi32(l.abef, 0x1b);  // F E B A (top lane first)
  const __m128i dchg = _mm_shuffle_epi32(l.cdgh, 0xb1);  // D C H G
  _mm_storeu_si128(reinterpret_cast<__m128i*>(state), _mm_blend_epi16(feba, dchg, 0xf0));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(state + 4), _mm_alignr_epi8(dchg, feba, 8));
}

AXIOM_INLINE void start_block(Lane& l, const std::uint8_t* block) {
  // Big-endian words: reverse the bytes of each 32-bit lane.
  const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
  l.abef_start = l.abef;
  l.cdgh_start = l.cdgh;
  for (int i = 0; i < 4; ++i)
    l.m[i] = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(block) + i), bswap);
}

// Rounds 4g..4g+3, and the schedule of the group after next-but-one's input.
AXIOM_INLINE void rounds(Lane& l, int g) {
  const __m128i* k = reinterpret_cast<const __m128i*>(detail::sha256_round_constants);
  if (g >= 3 && g < 15) {  // W[t..t+3] of the next group from the four groups before it
    const int j = g + 1;
    __m128i t = _mm_sha256msg1_epu32(l.m[j - 4], l.m[j - 3]);
    t = _mm_add_epi32(t, _mm_alignr_epi8(l.m[j - 1], l.m[j - 2], 4));
    l.m[j] = _mm_sha256msg2_epu32(t, l.m[j - 1]);
  }
  __m128i wk = _mm_add_epi32(l.m[g], _mm_loadu_si128(k + g));
  l.cdgh = _mm_sha256rnds2_epu32(l.cdgh, l.abef, wk);  // two rounds: new ABEF in cdgh
  wk = _mm_shuffle_epi32(wk, 0x0e);
  // After two rounds the old ABEF is the new CDGH, so the roles swap back.
  l.abef = _mm_sha256rnds2_epu32(l.abef, l.cdgh, wk);
}

AXIOM_INLINE void end_block(Lane& l) {
  l.abef = _mm_add_epi32(l.abef, l.abef_start);
  l.cdgh = _mm_add_epi32(l.cdgh, l.cdgh_start);
}

#undef AXIOM_INLINE

inline void compress_blocks(std::uint32_t state[8], const std::uint8_t* blocks,
                            std::size_t nblocks) noexcept {
  Lane a;
  load_state(a, state);
  for (; nblocks > 0; --nblocks, blocks += 64) {
    start_block(a, blocks);
#pragma GCC unroll 16
    for (int g = 0; g < 16; ++g) rounds(a, g);
    end_block(a);
  }
  store_state(a, state);
}

// Two independent messages, their round chains interleaved group by group.
inline void compress_blocks_x2(std::uint32_t* const state[2], const std::uint8_t* const blocks[2],
                               std::size_t nblocks) noexcept {
  Lane a, b;
  load_state(a, state[0]);
  load_state(b, state[1]);
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
  store_state(a, state[0]);
  store_state(b, state[1]);
}

}  // namespace shani
