// SHA-256 compression with the SHA extensions (SHA-NI). Constant time.
//
// Per 64-byte block: 32 SHA256RNDS2 (two rounds each) on one dependent chain, 12 MSG1 and
// 12 MSG2 plus 16 PADDD/PALIGNR for the schedule, off the critical path. The chain of
// SHA256RNDS2 latencies bounds one message: 32 x latency per block.
#include <immintrin.h>

#include "sha256/sha256_kernel.hpp"

AXIOM_ISA_BEGIN(sha256, shani)

void compress_blocks(std::uint32_t state[8], const std::uint8_t* blocks,
                     std::size_t nblocks) noexcept {
  const __m128i* k = reinterpret_cast<const __m128i*>(detail::sha256_round_constants);
  // Big-endian words: reverse the bytes of each 32-bit lane.
  const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);

  // The instructions want the state as ABEF and CDGH (A in the top lane).
  __m128i abcd = _mm_loadu_si128(reinterpret_cast<const __m128i*>(state));
  __m128i efgh = _mm_loadu_si128(reinterpret_cast<const __m128i*>(state + 4));
  abcd = _mm_shuffle_epi32(abcd, 0xb1);              // C D A B (top lane first)
  efgh = _mm_shuffle_epi32(efgh, 0x1b);              // E F G H
  __m128i abef = _mm_alignr_epi8(abcd, efgh, 8);     // A B E F
  __m128i cdgh = _mm_blend_epi16(efgh, abcd, 0xf0);  // C D G H

  for (; nblocks > 0; --nblocks, blocks += 64) {
    const __m128i abef_start = abef, cdgh_start = cdgh;
    __m128i m[16];
    for (int i = 0; i < 4; ++i)
      m[i] = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(blocks) + i), bswap);
#pragma GCC unroll 16
    for (int g = 0; g < 16; ++g) {
      // The schedule for the next group: W[t..t+3] from the four groups before it.
      if (g >= 3 && g < 15) {
        const int j = g + 1;
        __m128i t = _mm_sha256msg1_epu32(m[j - 4], m[j - 3]);
        t = _mm_add_epi32(t, _mm_alignr_epi8(m[j - 1], m[j - 2], 4));
        m[j] = _mm_sha256msg2_epu32(t, m[j - 1]);
      }
      __m128i wk = _mm_add_epi32(m[g], _mm_loadu_si128(k + g));
      cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);  // rounds 4g, 4g+1: new ABEF in cdgh
      wk = _mm_shuffle_epi32(wk, 0x0e);
      // After two rounds the old ABEF is the new CDGH, so the roles swap back.
      abef = _mm_sha256rnds2_epu32(abef, cdgh, wk);  // rounds 4g+2, 4g+3
    }
    abef = _mm_add_epi32(abef, abef_start);
    cdgh = _mm_add_epi32(cdgh, cdgh_start);
  }

  // Back to A B C D / E F G H.
  __m128i t = _mm_shuffle_epi32(abef, 0x1b);  // F E B A (top lane first)
  cdgh = _mm_shuffle_epi32(cdgh, 0xb1);       // D C H G
  abcd = _mm_blend_epi16(t, cdgh, 0xf0);      // D C B A
  efgh = _mm_alignr_epi8(cdgh, t, 8);         // H G F E
  _mm_storeu_si128(reinterpret_cast<__m128i*>(state), abcd);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(state + 4), efgh);
}

AXIOM_ISA_END

namespace axiom::detail {
const Sha256Kernel sha256_shani = {
    {"sha256/shani", cpu::Feature::shani | cpu::Feature::ssse3 | cpu::Feature::sse41, true},
    &sha256_shani::compress_blocks};
}  // namespace axiom::detail
