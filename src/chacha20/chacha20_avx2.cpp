// ChaCha20 with AVX2: eight blocks per iteration, one 32-bit state word of all eight blocks per
// ymm register (counters n..n+7 in the lanes of word 12). Constant time.
//
// Count per 8 blocks (512 bytes): a double round is 8 quarter rounds x (4 vpaddd, 4 vpxor,
// 2 vpshufb for the rotations by 16 and 8, 2 x (vpslld, vpsrld, vpor) for 12 and 7) = 128
// uops, so 1280 for the 20 rounds; then 16 vpaddd (feed-forward), 48 shuffles to transpose
// words into blocks (vpunpck{l,h}dq/qdq, vperm2i128), 16 vpxor with the input and 16 stores:
// about 1380 uops. Zen 3 runs vector integer ALU uops on 4 pipes (shifts and shuffles on 2 of
// them: 480 uops, 240 cycles, not the limit), so the throughput bound is ~345 core cycles per
// 512 bytes = 0.67 core cycles/byte = 0.54 TSC cycles/byte here (core ~1.25x the TSC). The
// latency bound is close: a half round is a chain of 7 dependent uops, 40 halves = 280 cycles
// per 512 bytes, and the next half needs the last. Measured: 0.74 TSC cycles/byte in the rounds
// (10 more double rounds cost that much), 0.80-0.85 in all at 16 KiB; GCC's own allocation of
// the same rounds spilled a third of the state (1.01).
//
// The fused ChaCha20-Poly1305 pass (xor_blocks_mac) puts the scalar Poly1305 of 32 blocks (the
// 512 bytes of ciphertext of one group) between the vector half rounds: about 32 integer uops
// per block on the 4 integer ALUs and the multiplier, otherwise idle here; its carried chain,
// ~14 cycles per block, is about as long as the rounds of one group.
//
// One or two blocks (short messages, tails) use a 2-block row layout instead: a, b, c, d rows of
// two blocks per register, diagonals by vpshufd; 3 to 7 blocks run the 8-block path and use
// the first blocks of its keystream.
#include <immintrin.h>

#include <cstddef>
#include <cstring>

#include "chacha20/chacha20_kernel.hpp"
#include "core/wipe.hpp"
#include "poly1305/poly1305_kernel.hpp"

AXIOM_ISA_BEGIN(chacha20, avx2)

template <int N>
__attribute__((always_inline)) inline __m256i rotl(__m256i v) noexcept {
  return _mm256_or_si256(_mm256_slli_epi32(v, N), _mm256_srli_epi32(v, 32 - N));
}

// Byte shuffles that rotate each 32-bit lane left by 16 and by 8.
__attribute__((always_inline)) inline __m256i rot16_mask() noexcept {
  return _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,  //
                          2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
}
__attribute__((always_inline)) inline __m256i rot8_mask() noexcept {
  return _mm256_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14,  //
                          3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14);
}

// The 20 rounds on eight blocks, in assembly: GCC 12 kept a third of the state on the stack,
// with stores reloaded at once (1.01 TSC cycles/byte). x holds the 16 word vectors (32-byte
// aligned) in and out; masks the vpshufb masks for 16 and 8.
//
// Registers: word i of the state in ymm<i>, except x8 and x9, which stay in their slots of x:
// ymm8 and ymm9 are the temporaries of the rotations by 12 and 7. The four quarter rounds of a
// half round run side by side (four independent chains in program order). In each half the c
// values x8, x9 come from memory as operands of the addition c += d, are used once in b ^= c,
// and go back to memory before ymm8, ymm9 take the rotations: 2 stores and 2 folded loads per
// half round, read back a half round later (no store-to-load stall).
#define AXIOM_CHACHA_HALF(a0, a1, a2, a3, b0, b1, b2, b3, c2, c3, d0, d1, d2, d3, mask, left) \
  "vpaddd %%ymm" #b0 ", %%ymm" #a0 ", %%ymm" #a0 "\n\t"                                     \
  "vpaddd %%ymm" #b1 ", %%ymm" #a1 ", %%ymm" #a1 "\n\t"                                     \
  "vpaddd %%ymm" #b2 ", %%ymm" #a2 ", %%ymm" #a2 "\n\t"                                     \
  "vpaddd %%ymm" #b3 ", %%ymm" #a3 ", %%ymm" #a3 "\n\t"                                     \
  "vpxor %%ymm" #a0 ", %%ymm" #d0 ", %%ymm" #d0 "\n\t"                                      \
  "vpxor %%ymm" #a1 ", %%ymm" #d1 ", %%ymm" #d1 "\n\t"                                      \
  "vpxor %%ymm" #a2 ", %%ymm" #d2 ", %%ymm" #d2 "\n\t"                                      \
  "vpxor %%ymm" #a3 ", %%ymm" #d3 ", %%ymm" #d3 "\n\t"                                      \
  "vpshufb " mask ", %%ymm" #d0 ", %%ymm" #d0 "\n\t"                                        \
  "vpshufb " mask ", %%ymm" #d1 ", %%ymm" #d1 "\n\t"                                        \
  "vpshufb " mask ", %%ymm" #d2 ", %%ymm" #d2 "\n\t"                                        \
  "vpshufb " mask ", %%ymm" #d3 ", %%ymm" #d3 "\n\t"                                        \
  "vpaddd 256(%[x]), %%ymm" #d0 ", %%ymm8\n\t"                                              \
  "vpaddd 288(%[x]), %%ymm" #d1 ", %%ymm9\n\t"                                              \
  "vpaddd %%ymm" #d2 ", %%ymm" #c2 ", %%ymm" #c2 "\n\t"                                     \
  "vpaddd %%ymm" #d3 ", %%ymm" #c3 ", %%ymm" #c3 "\n\t"                                     \
  "vpxor %%ymm8, %%ymm" #b0 ", %%ymm" #b0 "\n\t"                                            \
  "vpxor %%ymm9, %%ymm" #b1 ", %%ymm" #b1 "\n\t"                                            \
  "vpxor %%ymm" #c2 ", %%ymm" #b2 ", %%ymm" #b2 "\n\t"                                      \
  "vpxor %%ymm" #c3 ", %%ymm" #b3 ", %%ymm" #b3 "\n\t"                                      \
  "vmovdqa %%ymm8, 256(%[x])\n\t"                                                           \
  "vmovdqa %%ymm9, 288(%[x])\n\t"                                                           \
  "vpsrld $32-" #left ", %%ymm" #b0 ", %%ymm8\n\t"                                          \
  "vpsrld $32-" #left ", %%ymm" #b1 ", %%ymm9\n\t"                                          \
  "vpslld $" #left ", %%ymm" #b0 ", %%ymm" #b0 "\n\t"                                       \
  "vpslld $" #left ", %%ymm" #b1 ", %%ymm" #b1 "\n\t"                                       \
  "vpor %%ymm8, %%ymm" #b0 ", %%ymm" #b0 "\n\t"                                             \
  "vpor %%ymm9, %%ymm" #b1 ", %%ymm" #b1 "\n\t"                                             \
  "vpsrld $32-" #left ", %%ymm" #b2 ", %%ymm8\n\t"                                          \
  "vpsrld $32-" #left ", %%ymm" #b3 ", %%ymm9\n\t"                                          \
  "vpslld $" #left ", %%ymm" #b2 ", %%ymm" #b2 "\n\t"                                       \
  "vpslld $" #left ", %%ymm" #b3 ", %%ymm" #b3 "\n\t"                                       \
  "vpor %%ymm8, %%ymm" #b2 ", %%ymm" #b2 "\n\t"                                             \
  "vpor %%ymm9, %%ymm" #b3 ", %%ymm" #b3 "\n\t"

// What the assembly reads and writes, at fixed offsets from one register: the 16 word vectors,
// the two vpshufb masks and, for the fused pass, r and s1 = r1 + r1 / 4 of Poly1305.
struct alignas(32) Work {
  __m256i x[16];
  __m256i masks[2];
  std::uint64_t r0, r1, s1;
};
static_assert(offsetof(Work, masks) == 512 && offsetof(Work, r0) == 576 &&
              offsetof(Work, r1) == 584 && offsetof(Work, s1) == 592);

#define AXIOM_CHACHA_LOAD            \
  "vmovdqa 0(%[x]), %%ymm0\n\t"      \
  "vmovdqa 32(%[x]), %%ymm1\n\t"     \
  "vmovdqa 64(%[x]), %%ymm2\n\t"     \
  "vmovdqa 96(%[x]), %%ymm3\n\t"     \
  "vmovdqa 128(%[x]), %%ymm4\n\t"    \
  "vmovdqa 160(%[x]), %%ymm5\n\t"    \
  "vmovdqa 192(%[x]), %%ymm6\n\t"    \
  "vmovdqa 224(%[x]), %%ymm7\n\t"    \
  "vmovdqa 320(%[x]), %%ymm10\n\t"   \
  "vmovdqa 352(%[x]), %%ymm11\n\t"   \
  "vmovdqa 384(%[x]), %%ymm12\n\t"   \
  "vmovdqa 416(%[x]), %%ymm13\n\t"   \
  "vmovdqa 448(%[x]), %%ymm14\n\t"   \
  "vmovdqa 480(%[x]), %%ymm15\n\t"
#define AXIOM_CHACHA_STORE           \
  "vmovdqa %%ymm0, 0(%[x])\n\t"      \
  "vmovdqa %%ymm1, 32(%[x])\n\t"     \
  "vmovdqa %%ymm2, 64(%[x])\n\t"     \
  "vmovdqa %%ymm3, 96(%[x])\n\t"     \
  "vmovdqa %%ymm4, 128(%[x])\n\t"    \
  "vmovdqa %%ymm5, 160(%[x])\n\t"    \
  "vmovdqa %%ymm6, 192(%[x])\n\t"    \
  "vmovdqa %%ymm7, 224(%[x])\n\t"    \
  "vmovdqa %%ymm10, 320(%[x])\n\t"   \
  "vmovdqa %%ymm11, 352(%[x])\n\t"   \
  "vmovdqa %%ymm12, 384(%[x])\n\t"   \
  "vmovdqa %%ymm13, 416(%[x])\n\t"   \
  "vmovdqa %%ymm14, 448(%[x])\n\t"   \
  "vmovdqa %%ymm15, 480(%[x])\n\t"
// The four halves of a double round: columns (0, 4, 8, 12), (1, 5, 9, 13), (2, 6, 10, 14),
// (3, 7, 11, 15); diagonals, those with c = x8, x9 first: (2, 7, 8, 13), (3, 4, 9, 14),
// (0, 5, 10, 15), (1, 6, 11, 12).
#define AXIOM_CHACHA_COLUMNS_16 AXIOM_CHACHA_HALF(0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, "512(%[x])", 12)
#define AXIOM_CHACHA_COLUMNS_8 AXIOM_CHACHA_HALF(0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, "544(%[x])", 7)
#define AXIOM_CHACHA_DIAGONALS_16 AXIOM_CHACHA_HALF(2, 3, 0, 1, 7, 4, 5, 6, 10, 11, 13, 14, 15, 12, "512(%[x])", 12)
#define AXIOM_CHACHA_DIAGONALS_8 AXIOM_CHACHA_HALF(2, 3, 0, 1, 7, 4, 5, 6, 10, 11, 13, 14, 15, 12, "544(%[x])", 7)

// One Poly1305 block at m in 64-bit registers, the arithmetic of poly1305/portable (h = (h +
// m + 2^128) r, partly reduced): it runs on the integer units, beside the vector rounds.
#define AXIOM_POLY1305_BLOCK                                                    \
  "add (%[m]), %[h0]\n\t"                                                       \
  "adc 8(%[m]), %[h1]\n\t"                                                      \
  "adc $1, %[h2]\n\t"                                                           \
  "mov 576(%[x]), %%rdx\n\t"            /* r0 */                               \
  "mulx %[h0], %[a], %[b]\n\t"          /* b:a = h0 r0 */                      \
  "mulx %[h1], %[c], %[d]\n\t"          /* d:c = h1 r0 */                      \
  "mov 592(%[x]), %%rdx\n\t"            /* s1 */                               \
  "mulx %[h1], %[e], %[f]\n\t"          /* h1 s1 */                            \
  "add %[e], %[a]\n\t"                                                          \
  "adc %[f], %[b]\n\t"                  /* b:a = d0 = h0 r0 + h1 s1 */         \
  "mov 584(%[x]), %%rdx\n\t"            /* r1 */                               \
  "mulx %[h0], %[e], %[f]\n\t"          /* h0 r1 */                            \
  "add %[e], %[c]\n\t"                                                          \
  "adc %[f], %[d]\n\t"                                                          \
  "mov %[h2], %[e]\n\t"                                                         \
  "imul 592(%[x]), %[e]\n\t"            /* h2 s1 (h2 < 8) */                   \
  "add %[e], %[c]\n\t"                                                          \
  "adc $0, %[d]\n\t"                    /* d:c = h0 r1 + h1 r0 + h2 s1 */      \
  "imul 576(%[x]), %[h2]\n\t"           /* h2 r0 */                            \
  "add %[b], %[c]\n\t"                                                          \
  "adc %[d], %[h2]\n\t"                 /* d1 = c, d2 = h2 */                  \
  "mov %[a], %[h0]\n\t"                                                         \
  "mov %[c], %[h1]\n\t"                                                         \
  "mov %[h2], %[e]\n\t"                 /* fold 2^130 = 5: (d2 >> 2) * 5 */    \
  "shr $2, %[e]\n\t"                                                            \
  "mov %[h2], %[f]\n\t"                                                         \
  "and $-4, %[f]\n\t"                                                           \
  "add %[f], %[e]\n\t"                                                          \
  "and $3, %[h2]\n\t"                                                           \
  "add %[e], %[h0]\n\t"                                                         \
  "adc $0, %[h1]\n\t"                                                           \
  "adc $0, %[h2]\n\t"                                                           \
  "add $16, %[m]\n\t"

#define AXIOM_CHACHA_CLOBBERS                                                                   \
  "memory", "cc", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", \
      "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15"

// rounds8 applies the 20 rounds to w.x.
void rounds8(Work& w) noexcept {
  unsigned left;
  __asm__ volatile(AXIOM_CHACHA_LOAD
                   "mov $10, %[left]\n\t"
                   "1:\n\t"
                   AXIOM_CHACHA_COLUMNS_16 AXIOM_CHACHA_COLUMNS_8
                   AXIOM_CHACHA_DIAGONALS_16 AXIOM_CHACHA_DIAGONALS_8
                   "dec %[left]\n\t"
                   "jnz 1b\n\t"
                   AXIOM_CHACHA_STORE
                   : [left] "=&r"(left)
                   : [x] "r"(&w)
                   : AXIOM_CHACHA_CLOBBERS);
}

// rounds8_mac applies the 20 rounds to w.x and absorbs the 32 Poly1305 blocks at m into h:
// three per double round, four in the first two (spread evenly: the scalar chain of 32 blocks
// takes about as long as the rounds).
void rounds8_mac(Work& w, const std::uint8_t* m, std::uint64_t h[3]) noexcept {
  unsigned left;
  std::uint64_t a, b, c, d, e, f;
  __asm__ volatile(AXIOM_CHACHA_LOAD
                   "mov $10, %[left]\n\t"
                   "1:\n\t"
                   AXIOM_CHACHA_COLUMNS_16 AXIOM_POLY1305_BLOCK
                   AXIOM_CHACHA_COLUMNS_8 AXIOM_POLY1305_BLOCK
                   AXIOM_CHACHA_DIAGONALS_16 AXIOM_POLY1305_BLOCK
                   AXIOM_CHACHA_DIAGONALS_8
                   "cmp $8, %[left]\n\t"
                   "jbe 2f\n\t"
                   AXIOM_POLY1305_BLOCK
                   "2:\n\t"
                   "dec %[left]\n\t"
                   "jnz 1b\n\t"
                   AXIOM_CHACHA_STORE
                   : [left] "=&r"(left), [m] "+r"(m), [h0] "+r"(h[0]), [h1] "+r"(h[1]),
                     [h2] "+r"(h[2]), [a] "=&r"(a), [b] "=&r"(b), [c] "=&r"(c), [d] "=&r"(d),
                     [e] "=&r"(e), [f] "=&r"(f)
                   : [x] "r"(&w)
                   : AXIOM_CHACHA_CLOBBERS, "rdx");
}
#undef AXIOM_CHACHA_CLOBBERS
#undef AXIOM_POLY1305_BLOCK
#undef AXIOM_CHACHA_DIAGONALS_8
#undef AXIOM_CHACHA_DIAGONALS_16
#undef AXIOM_CHACHA_COLUMNS_8
#undef AXIOM_CHACHA_COLUMNS_16
#undef AXIOM_CHACHA_STORE
#undef AXIOM_CHACHA_LOAD
#undef AXIOM_CHACHA_HALF

// Transposes four word vectors (lane j = word of block j) into four vectors of 4 words:
// t[0] = words of blocks 0 | 4, t[1] = 1 | 5, t[2] = 2 | 6, t[3] = 3 | 7.
__attribute__((always_inline)) inline void transpose4(__m256i w0, __m256i w1, __m256i w2,
                                                      __m256i w3, __m256i t[4]) noexcept {
  const __m256i a0 = _mm256_unpacklo_epi32(w0, w1), a1 = _mm256_unpackhi_epi32(w0, w1);
  const __m256i a2 = _mm256_unpacklo_epi32(w2, w3), a3 = _mm256_unpackhi_epi32(w2, w3);
  t[0] = _mm256_unpacklo_epi64(a0, a2);
  t[1] = _mm256_unpackhi_epi64(a0, a2);
  t[2] = _mm256_unpacklo_epi64(a1, a3);
  t[3] = _mm256_unpackhi_epi64(a1, a3);
}

// xor8 XORs the keystream of blocks counter .. counter + 7 into the 512 bytes at in and
// writes them to out (out may equal in). With mac, it also absorbs the 32 Poly1305 blocks at
// mac into h (w.r0, w.r1, w.s1 set). The keystream goes from the word vectors to the output
// without a buffer: words 0-7 of the eight blocks, then words 8-15.
__attribute__((always_inline)) inline void xor8(const std::uint32_t input[16], std::uint32_t counter,
                                                std::uint8_t* out, const std::uint8_t* in, Work& w,
                                                const std::uint8_t* mac = nullptr,
                                                std::uint64_t* h = nullptr) noexcept {
  __m256i* x = w.x;
  w.masks[0] = rot16_mask();
  w.masks[1] = rot8_mask();
  for (int i = 0; i < 16; ++i) x[i] = _mm256_set1_epi32(static_cast<int>(input[i]));
  const __m256i counters = _mm256_add_epi32(_mm256_set1_epi32(static_cast<int>(counter)),
                                            _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
  x[12] = counters;
  if (mac != nullptr)
    rounds8_mac(w, mac, h);
  else
    rounds8(w);
  for (int half = 0; half < 2; ++half) {
    __m256i v[8];  // the feed-forward reloads the input words (broadcast loads)
    for (int i = 0; i < 8; ++i) {
      const int k = 8 * half + i;
      v[i] = _mm256_add_epi32(x[k], k == 12 ? counters : _mm256_set1_epi32(static_cast<int>(input[k])));
    }
    __m256i t0[4], t1[4];
    transpose4(v[0], v[1], v[2], v[3], t0);
    transpose4(v[4], v[5], v[6], v[7], t1);
    for (int j = 0; j < 4; ++j) {
      // t0[j] | t1[j] hold the words of blocks j and j + 4.
      for (int upper = 0; upper < 2; ++upper) {
        const std::size_t at = 64 * static_cast<std::size_t>(j + 4 * upper) + 32 * static_cast<std::size_t>(half);
        const __m256i k = upper != 0 ? _mm256_permute2x128_si256(t0[j], t1[j], 0x31)
                                     : _mm256_permute2x128_si256(t0[j], t1[j], 0x20);
        const __m256i m = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + at));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + at), _mm256_xor_si256(m, k));
      }
    }
  }
}

// One quarter round on the four rows of two blocks.
__attribute__((always_inline)) inline void row_round(__m256i& a, __m256i& b, __m256i& c, __m256i& d,
                                                     __m256i r16, __m256i r8) noexcept {
  a = _mm256_add_epi32(a, b); d = _mm256_shuffle_epi8(_mm256_xor_si256(d, a), r16);
  c = _mm256_add_epi32(c, d); b = rotl<12>(_mm256_xor_si256(b, c));
  a = _mm256_add_epi32(a, b); d = _mm256_shuffle_epi8(_mm256_xor_si256(d, a), r8);
  c = _mm256_add_epi32(c, d); b = rotl<7>(_mm256_xor_si256(b, c));
}

// xor_two XORs the keystream of one or two blocks (nblocks) at counter into in.
void xor_two(const std::uint32_t input[16], std::uint32_t counter, std::uint8_t* out,
             const std::uint8_t* in, std::size_t nblocks) noexcept {
  const __m256i r16 = rot16_mask(), r8 = rot8_mask();
  const __m256i sa = _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(input)));
  const __m256i sb = _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(input + 4)));
  const __m256i sc = _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(input + 8)));
  const __m256i sd = _mm256_add_epi32(
      _mm256_setr_epi32(static_cast<int>(counter), static_cast<int>(input[13]),
                        static_cast<int>(input[14]), static_cast<int>(input[15]),
                        static_cast<int>(counter), static_cast<int>(input[13]),
                        static_cast<int>(input[14]), static_cast<int>(input[15])),
      _mm256_setr_epi32(0, 0, 0, 0, 1, 0, 0, 0));
  __m256i a = sa, b = sb, c = sc, d = sd;
  for (int round = 0; round < 10; ++round) {
    row_round(a, b, c, d, r16, r8);
    // Rows turned so that lane j holds the diagonal (a[j-1], b[j], c[j+1], d[j+2]): b, the
    // last value of a quarter round and the first needed, stays; a, c, d are ready earlier and
    // their shuffles are off the dependency chain (14 instead of 15 cycles per half round).
    a = _mm256_shuffle_epi32(a, 0x93);
    c = _mm256_shuffle_epi32(c, 0x39);
    d = _mm256_shuffle_epi32(d, 0x4e);
    row_round(a, b, c, d, r16, r8);
    a = _mm256_shuffle_epi32(a, 0x39);
    c = _mm256_shuffle_epi32(c, 0x93);
    d = _mm256_shuffle_epi32(d, 0x4e);
  }
  a = _mm256_add_epi32(a, sa);
  b = _mm256_add_epi32(b, sb);
  c = _mm256_add_epi32(c, sc);
  d = _mm256_add_epi32(d, sd);
  const __m256i ks[4] = {_mm256_permute2x128_si256(a, b, 0x20), _mm256_permute2x128_si256(c, d, 0x20),
                         _mm256_permute2x128_si256(a, b, 0x31), _mm256_permute2x128_si256(c, d, 0x31)};
  for (std::size_t i = 0; i < 2 * nblocks; ++i) {
    const __m256i m = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in) + i);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out) + i, _mm256_xor_si256(m, ks[i]));
  }
}

void xor_blocks(const std::uint32_t input[16], std::uint8_t* out, const std::uint8_t* in,
                std::size_t nblocks) noexcept {
  std::uint32_t counter = input[12];
  Work w;
  const bool batches = nblocks >= 3;
  for (; nblocks >= 8; nblocks -= 8, counter += 8, in += 512, out += 512) xor8(input, counter, out, in, w);
  if (nblocks >= 3) {
    // Through a buffer, zero past nblocks: the lanes past nblocks compute blocks that are never
    // used (their counters may wrap).
    alignas(32) std::uint8_t buf[512] = {};
    std::memcpy(buf, in, 64 * nblocks);
    xor8(input, counter, buf, buf, w);
    std::memcpy(out, buf, 64 * nblocks);
    axiom::detail::wipe(buf);
  } else if (nblocks > 0) {
    xor_two(input, counter, out, in, nblocks);
  }
  _mm256_zeroupper();
  if (batches) axiom::detail::wipe(w);  // the last rounds' state
}

// xor_blocks_mac: see ChaCha20Kernel. Sealing, the MAC of each group of eight blocks runs
// during the rounds of the next group (the last one after the loop, in the scalar kernel).
void xor_blocks_mac(const std::uint32_t input[16], std::uint8_t* out, const std::uint8_t* in,
                    std::size_t nblocks, axiom::detail::Poly1305State& mac, bool sealing) noexcept {
  std::uint32_t counter = input[12];
  Work w;
  w.r0 = mac.r[0];
  w.r1 = mac.r[1];
  w.s1 = mac.r[1] + (mac.r[1] >> 2);
  std::uint64_t h[3] = {mac.h[0], mac.h[1], mac.h[2]};
  for (std::size_t group = 0; group < nblocks / 8; ++group, counter += 8, in += 512, out += 512) {
    const std::uint8_t* to_mac = sealing ? (group == 0 ? nullptr : out - 512) : in;
    xor8(input, counter, out, in, w, to_mac, h);
  }
  _mm256_zeroupper();
  mac.h[0] = h[0];
  mac.h[1] = h[1];
  mac.h[2] = h[2];
  if (sealing && nblocks != 0) axiom::detail::poly1305_portable.blocks(mac, out - 512, 32, 1);
  axiom::detail::wipe(w);
}

AXIOM_ISA_END

namespace axiom::detail {
const ChaCha20Kernel chacha20_avx2 = {
    {"chacha20/avx2", cpu::Feature::avx2 | cpu::Feature::bmi2, true},  // mulx in the fused pass
    chacha20_avx2::xor_blocks,
    chacha20_avx2::xor_blocks_mac,
};
}  // namespace axiom::detail
