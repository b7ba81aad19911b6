// ChaCha20 with AVX2: eight blocks per iteration, one 32-bit state word of all eight blocks per
// ymm register (counters n..n+7 in the lanes of word 12). Constant time.
//
// Count per 8 blocks (512 bytes): a double round is 8 quarter rounds x (4 vpaddd, 4 vpxor,
// 2 vpshufb for the rotations by 16 and 8, 2 x (vpslld, vpsrld, vpor) for 12 and 7) = 128
// uops, so 1280 for the 20 rounds; then 16 broadcasts, 16 vpaddd (feed-forward), 48 shuffles
// to transpose words into blocks (vpunpck{l,h}dq/qdq, vperm2i128), 16 loads, 16 vpxor with the
// input and 16 stores: about 1380 vector uops. Zen 3 runs vector integer ALU uops on 4 pipes
// (shifts and shuffles on 2 of them: 480 + 48 uops, 264 cycles, not the limit), so the
// throughput bound is ~345 core cycles per 512 bytes = 0.67 core cycles/byte = 0.53 TSC
// cycles/byte here (core ~3.1 GHz, TSC 2.445 GHz). The latency bound is close: a quarter round
// is a chain of 14 cycles, 20 rounds = 280 cycles per 512 bytes, and each round needs the last
// values of the one before. Measured (min of 3000 runs, loaded machine): 0.74-0.76 TSC
// cycles/byte at 16 KiB, 1.4x the bound; libgcrypt's AVX2 code 0.74-0.76 in the same runs.
// The state stays in registers from the broadcasts to the output (x15 and x8 take turns in
// memory); with the state stored to and reloaded from a buffer around the rounds, 0.80.
// Tried and slower: vpmulld for the left shift of the 12/7 rotations (free pipes, but its
// latency of 3 lengthens the chain); a ninth block in general registers beside the vector
// rounds (~1.1x the time of eight on a quiet core, far worse under load).
//
// The fused ChaCha20-Poly1305 pass (xor_blocks_mac) spreads the scalar Poly1305 of 32 blocks
// (the 512 bytes of ciphertext of one group) over the vector quarter rounds: about 32 integer
// uops per block on the 4 integer ALUs and the multiplier, otherwise idle here; its carried
// chain, ~15 cycles per block (480 per group), is about as long as the rounds of one group, so
// the MAC costs ~0.08 TSC cycles/byte on top of the cipher (16 KiB seal 0.82-0.85, open
// 0.85-0.87, of which ~0.05 is the AEAD's masking pass; libgcrypt 0.80 / 0.78 in the same runs).
// Tried and slower: the MAC in the first eight double rounds instead of all ten; a
// 30-instruction Poly1305 block (mulx from memory, no moves) with a longer chain.
//
// One or two blocks (short messages, tails) use a row layout instead: a, b, c, d rows of one
// block per xmm register or two per ymm register, diagonals by vpshufd: a chain of 14 cycles per
// half round (add, xor, vpshufb, add, xor, shift, or, twice), 280 core cycles for the 20 rounds,
// ~225 TSC cycles here (measured: 280 dependent vpaddd take 230 TSC cycles in the same runs). A
// 64-byte message from a new ChaCha20 object measures ~250 TSC cycles (the rows stored and
// forwarded to the loads, the feed-forward, the calls; consecutive calls overlap by ~40 cycles),
// the same as libsodium's one-block SSSE3 code, which has the same chain; 3 to 7 blocks run the
// 8-block path through a buffer and use its first blocks.
#include <immintrin.h>

#include <cstddef>
#include <cstring>

#include "chacha20/chacha20_kernel.hpp"
#include "core/wipe.hpp"
#include "poly1305/poly1305_kernel.hpp"

AXIOM_ISA_BEGIN(chacha20, avx2)

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
// with stores reloaded at once (1.01 TSC cycles/byte). The asm operands x0-x14 are the word
// vectors 0-14 in registers of the compiler's choice; word 15 waits in memory while its register
// t is the temporary of the rotations by 12 and 7, and for half of each double round word 8
// waits instead (its register the temporary). Quarter rounds go in pairs (two independent
// chains in program order), whole: the out-of-order core overlaps a pair with the next one.
#define AXIOM_CHACHA_ROTL2(b1, b2, left, t) \
  "vpsrld $32-" #left ", %[" #b1 "], %[" #t \
  "]\n\t"                                   \
  "vpslld $" #left ", %[" #b1 "], %[" #b1   \
  "]\n\t"                                   \
  "vpor %[" #t "], %[" #b1 "], %[" #b1      \
  "]\n\t"                                   \
  "vpsrld $32-" #left ", %[" #b2 "], %[" #t \
  "]\n\t"                                   \
  "vpslld $" #left ", %[" #b2 "], %[" #b2   \
  "]\n\t"                                   \
  "vpor %[" #t "], %[" #b2 "], %[" #b2 "]\n\t"
#define AXIOM_CHACHA_HALF2(a1, b1, c1, d1, a2, b2, c2, d2, mask, left, t, s1, s2)              \
  s1 "vpaddd %[" #b1 "], %[" #a1 "], %[" #a1                                                   \
     "]\n\t"                                                                                   \
     "vpaddd %[" #b2 "], %[" #a2 "], %[" #a2                                                   \
     "]\n\t"                                                                                   \
     "vpxor %[" #a1 "], %[" #d1 "], %[" #d1                                                    \
     "]\n\t"                                                                                   \
     "vpxor %[" #a2 "], %[" #d2 "], %[" #d2                                                    \
     "]\n\t"                                                                                   \
     "vpshufb " mask ", %[" #d1 "], %[" #d1                                                    \
     "]\n\t"                                                                                   \
     "vpshufb " mask ", %[" #d2 "], %[" #d2 "]\n\t" s2 "vpaddd %[" #d1 "], %[" #c1 "], %[" #c1 \
     "]\n\t"                                                                                   \
     "vpaddd %[" #d2 "], %[" #c2 "], %[" #c2                                                   \
     "]\n\t"                                                                                   \
     "vpxor %[" #c1 "], %[" #b1 "], %[" #b1                                                    \
     "]\n\t"                                                                                   \
     "vpxor %[" #c2 "], %[" #b2 "], %[" #b2 "]\n\t" AXIOM_CHACHA_ROTL2(b1, b2, left, t)
// A pair of quarter rounds; s1-s4, instructions of another computation (the Poly1305 of the
// fused pass, or nothing), are spread over it.
#define AXIOM_CHACHA_QR2(a1, b1, c1, d1, a2, b2, c2, d2, t, s1, s2, s3, s4)      \
  AXIOM_CHACHA_HALF2(a1, b1, c1, d1, a2, b2, c2, d2, "512(%[w])", 12, t, s1, s2) \
  AXIOM_CHACHA_HALF2(a1, b1, c1, d1, a2, b2, c2, d2, "544(%[w])", 7, t, s3, s4)

// What the assembly reads and writes in memory, at fixed offsets from one register: the slots of
// words 8 and 15 (x[8], x[15]), the two vpshufb masks and, for the fused pass, r and
// s1 = r1 + r1 / 4 of Poly1305.
struct alignas(32) Work {
  __m256i x[16];
  __m256i masks[2];
  std::uint64_t r0, r1, s1;
};
static_assert(offsetof(Work, masks) == 512 && offsetof(Work, r0) == 576 &&
              offsetof(Work, r1) == 584 && offsetof(Work, s1) == 592);

// The four pairs of a double round, x15 in memory at the start and the end: columns (0, 4, 8,
// 12) and (1, 5, 9, 13) with t free; x15 into t, x8 out; columns (2, 6, 10, 14), (3, 7, 11, 15)
// and diagonals (0, 5, 10, 15), (1, 6, 11, 12) with x8's register free; x8 in, x15 out;
// diagonals (2, 7, 8, 13), (3, 4, 9, 14) with t free.
#define AXIOM_CHACHA_PAIR1(s1, s2, s3, s4) \
  AXIOM_CHACHA_QR2(x0, x4, x8, x12, x1, x5, x9, x13, t, s1, s2, s3, s4)
#define AXIOM_CHACHA_PAIR2(s1, s2, s3, s4)                                                      \
  "vmovdqa 480(%[w]), %[t]\n\t"                                                                 \
  "vmovdqa %[x8], 256(%[w])\n\t" AXIOM_CHACHA_QR2(x2, x6, x10, x14, x3, x7, x11, t, x8, s1, s2, \
                                                  s3, s4)
#define AXIOM_CHACHA_PAIR3(s1, s2, s3, s4) \
  AXIOM_CHACHA_QR2(x0, x5, x10, t, x1, x6, x11, x12, x8, s1, s2, s3, s4)
#define AXIOM_CHACHA_PAIR4(s1, s2, s3, s4)                                                        \
  "vmovdqa 256(%[w]), %[x8]\n\t"                                                                  \
  "vmovdqa %[t], 480(%[w])\n\t" AXIOM_CHACHA_QR2(x2, x7, x8, x13, x3, x4, x9, x14, t, s1, s2, s3, \
                                                 s4)

// One Poly1305 block at m in 64-bit registers, the arithmetic of poly1305/portable (h = (h +
// m + 2^128) r, partly reduced), in four parts P1-P4 to spread between vector instructions: it
// runs on the integer units, beside the vector rounds. Temporaries (a, b, c, d, e, f in the
// comments): r8, r9, r10, r11, rcx, rsi, fixed (clobbered) because asm takes 30 operands.
#define AXIOM_POLY1305_P1                          \
  "add (%[m]), %[h0]\n\t"                          \
  "adc 8(%[m]), %[h1]\n\t"                         \
  "adc $1, %[h2]\n\t"                              \
  "mov 576(%[w]), %%rdx\n\t"     /* r0 */          \
  "mulx %[h0], %%r8, %%r9\n\t"   /* b:a = h0 r0 */ \
  "mulx %[h1], %%r10, %%r11\n\t" /* d:c = h1 r0 */
#define AXIOM_POLY1305_P2                                       \
  "mov 592(%[w]), %%rdx\n\t"     /* s1 */                       \
  "mulx %[h1], %%rcx, %%rsi\n\t" /* h1 s1 */                    \
  "add %%rcx, %%r8\n\t"                                         \
  "adc %%rsi, %%r9\n\t"          /* b:a = d0 = h0 r0 + h1 s1 */ \
  "mov 584(%[w]), %%rdx\n\t"     /* r1 */                       \
  "mulx %[h0], %%rcx, %%rsi\n\t" /* h0 r1 */                    \
  "add %%rcx, %%r10\n\t"                                        \
  "adc %%rsi, %%r11\n\t"
#define AXIOM_POLY1305_P3                                       \
  "mov %[h2], %%rcx\n\t"                                        \
  "imul 592(%[w]), %%rcx\n\t" /* h2 s1 (h2 < 8) */              \
  "add %%rcx, %%r10\n\t"                                        \
  "adc $0, %%r11\n\t"         /* d:c = h0 r1 + h1 r0 + h2 s1 */ \
  "imul 576(%[w]), %[h2]\n\t" /* h2 r0 */                       \
  "add %%r9, %%r10\n\t"                                         \
  "adc %%r11, %[h2]\n\t" /* d1 = c, d2 = h2 */                  \
  "mov %%r8, %[h0]\n\t"                                         \
  "mov %%r10, %[h1]\n\t"
#define AXIOM_POLY1305_P4                                    \
  "mov %[h2], %%rcx\n\t" /* fold 2^130 = 5: (d2 >> 2) * 5 */ \
  "shr $2, %%rcx\n\t"                                        \
  "mov %[h2], %%rsi\n\t"                                     \
  "and $-4, %%rsi\n\t"                                       \
  "add %%rsi, %%rcx\n\t"                                     \
  "and $3, %[h2]\n\t"                                        \
  "add %%rcx, %[h0]\n\t"                                     \
  "adc $0, %[h1]\n\t"                                        \
  "adc $0, %[h2]\n\t"                                        \
  "add $16, %[m]\n\t"

// The state words 0-14 in registers (x), word 15 in w.x[15].
struct Words {
  __m256i x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14;
};
// The assembly broadcasts the input words itself (x12 is the counters) and leaves x0-x14 in
// registers for the feed-forward: the state goes through memory only for x8 and x15.
#define AXIOM_CHACHA_OPERANDS                                                              \
  [x0] "=x"(s.x0), [x1] "=x"(s.x1), [x2] "=x"(s.x2), [x3] "=x"(s.x3), [x4] "=x"(s.x4),     \
      [x5] "=x"(s.x5), [x6] "=x"(s.x6), [x7] "=x"(s.x7), [x8] "=x"(s.x8), [x9] "=x"(s.x9), \
      [x10] "=x"(s.x10), [x11] "=x"(s.x11), [x12] "=x"(s.x12), [x13] "=x"(s.x13),          \
      [x14] "=x"(s.x14), [t] "=&x"(t)
#define AXIOM_CHACHA_INIT              \
  "vpbroadcastd 0(%[in]), %[x0]\n\t"   \
  "vpbroadcastd 4(%[in]), %[x1]\n\t"   \
  "vpbroadcastd 8(%[in]), %[x2]\n\t"   \
  "vpbroadcastd 12(%[in]), %[x3]\n\t"  \
  "vpbroadcastd 16(%[in]), %[x4]\n\t"  \
  "vpbroadcastd 20(%[in]), %[x5]\n\t"  \
  "vpbroadcastd 24(%[in]), %[x6]\n\t"  \
  "vpbroadcastd 28(%[in]), %[x7]\n\t"  \
  "vpbroadcastd 32(%[in]), %[x8]\n\t"  \
  "vpbroadcastd 36(%[in]), %[x9]\n\t"  \
  "vpbroadcastd 40(%[in]), %[x10]\n\t" \
  "vpbroadcastd 44(%[in]), %[x11]\n\t" \
  "vmovdqa %[ctr], %[x12]\n\t"         \
  "vpbroadcastd 52(%[in]), %[x13]\n\t" \
  "vpbroadcastd 56(%[in]), %[x14]\n\t" \
  "vpbroadcastd 60(%[in]), %[t]\n\t"   \
  "vmovdqa %[t], 480(%[w])\n\t"

// rounds8 sets up and applies the 20 rounds to eight blocks: input words, counters ctr.
__attribute__((always_inline)) inline void rounds8(Words& s, Work& w, const std::uint32_t input[16],
                                                   const __m256i& ctr) noexcept {
  unsigned left;
  __m256i t;
  __asm__ volatile(AXIOM_CHACHA_INIT
                   "mov $10, %[left]\n\t"
                   "1:\n\t"
                   AXIOM_CHACHA_PAIR1("", "", "", "") AXIOM_CHACHA_PAIR2("", "", "", "")
                   AXIOM_CHACHA_PAIR3("", "", "", "") AXIOM_CHACHA_PAIR4("", "", "", "")
                   "dec %[left]\n\t"
                   "jnz 1b\n\t"
                   : [left] "=&r"(left), AXIOM_CHACHA_OPERANDS
                   : [w] "r"(&w), [in] "r"(input), [ctr] "m"(ctr)
                   : "memory", "cc");
}

// rounds8_mac is rounds8 absorbing the 32 Poly1305 blocks at m into h: one per pair of quarter
// rounds, its instructions in four parts between the vector ones, in three pairs of four in
// the last eight double rounds (spread evenly: the scalar chain of 32 blocks takes about as
// long as the rounds).
__attribute__((always_inline)) inline void rounds8_mac(Words& s, Work& w,
                                                       const std::uint32_t input[16],
                                                       const __m256i& ctr, const std::uint8_t* m,
                                                       std::uint64_t h[3]) noexcept {
  unsigned left;
  __m256i t;
  __asm__ volatile(AXIOM_CHACHA_INIT
                   "1:\n\t"
                   "mov $2, %[left]\n\t"
                   "1:\n\t"
                   AXIOM_CHACHA_PAIR1(AXIOM_POLY1305_P1, AXIOM_POLY1305_P2, AXIOM_POLY1305_P3, AXIOM_POLY1305_P4)
                   AXIOM_CHACHA_PAIR2(AXIOM_POLY1305_P1, AXIOM_POLY1305_P2, AXIOM_POLY1305_P3, AXIOM_POLY1305_P4)
                   AXIOM_CHACHA_PAIR3(AXIOM_POLY1305_P1, AXIOM_POLY1305_P2, AXIOM_POLY1305_P3, AXIOM_POLY1305_P4)
                   AXIOM_CHACHA_PAIR4(AXIOM_POLY1305_P1, AXIOM_POLY1305_P2, AXIOM_POLY1305_P3, AXIOM_POLY1305_P4)
                   "dec %[left]\n\t"
                   "jnz 1b\n\t"
                   "mov $8, %[left]\n\t"
                   "2:\n\t"
                   AXIOM_CHACHA_PAIR1(AXIOM_POLY1305_P1, AXIOM_POLY1305_P2, AXIOM_POLY1305_P3, AXIOM_POLY1305_P4)
                   AXIOM_CHACHA_PAIR2(AXIOM_POLY1305_P1, AXIOM_POLY1305_P2, AXIOM_POLY1305_P3, AXIOM_POLY1305_P4)
                   AXIOM_CHACHA_PAIR3(AXIOM_POLY1305_P1, AXIOM_POLY1305_P2, AXIOM_POLY1305_P3, AXIOM_POLY1305_P4)
                   AXIOM_CHACHA_PAIR4("", "", "", "")
                   "dec %[left]\n\t"
                   "jnz 2b\n\t"
                   : [left] "=&r"(left), [m] "+r"(m), [h0] "+r"(h[0]), [h1] "+r"(h[1]),
                     [h2] "+r"(h[2]), AXIOM_CHACHA_OPERANDS
                   : [w] "r"(&w), [in] "r"(input), [ctr] "m"(ctr)
                   : "memory", "cc", "rdx", "rcx", "rsi", "r8", "r9", "r10", "r11");
}
#undef AXIOM_CHACHA_INIT
#undef AXIOM_CHACHA_OPERANDS
#undef AXIOM_POLY1305_P4
#undef AXIOM_POLY1305_P3
#undef AXIOM_POLY1305_P2
#undef AXIOM_POLY1305_P1
#undef AXIOM_CHACHA_PAIR4
#undef AXIOM_CHACHA_PAIR3
#undef AXIOM_CHACHA_PAIR2
#undef AXIOM_CHACHA_PAIR1
#undef AXIOM_CHACHA_QR2
#undef AXIOM_CHACHA_HALF2
#undef AXIOM_CHACHA_ROTL2

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

// xor_half XORs words 0-7 (half 0) or 8-15 (half 1) of the eight blocks' keystream (v, one word
// of all blocks per vector) into in and writes them to out.
__attribute__((always_inline)) inline void xor_half(const __m256i v[8], std::uint8_t* out,
                                                    const std::uint8_t* in,
                                                    std::size_t half) noexcept {
  __m256i t0[4], t1[4];
  transpose4(v[0], v[1], v[2], v[3], t0);
  transpose4(v[4], v[5], v[6], v[7], t1);
  for (std::size_t j = 0; j < 4; ++j) {
    // t0[j] | t1[j] hold the words of blocks j and j + 4.
    const __m256i k[2] = {_mm256_permute2x128_si256(t0[j], t1[j], 0x20),
                          _mm256_permute2x128_si256(t0[j], t1[j], 0x31)};
    for (std::size_t upper = 0; upper < 2; ++upper) {
      const std::size_t at = 64 * (j + 4 * upper) + 32 * half;
      const __m256i m = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + at));
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + at), _mm256_xor_si256(m, k[upper]));
    }
  }
}

__attribute__((always_inline)) inline __m256i broadcast(const std::uint32_t* p) noexcept {
  return _mm256_set1_epi32(static_cast<int>(*p));
}

// xor8 XORs the keystream of blocks counter .. counter + 7 into the 512 bytes at in and
// writes them to out (out may equal in). With mac, it also absorbs the 32 Poly1305 blocks at
// mac into h (w.r0, w.r1, w.s1 set). w.masks must be set. The word vectors stay in registers
// from the broadcasts to the output (but x15, and what the compiler spills).
__attribute__((always_inline)) inline void xor8(const std::uint32_t input[16],
                                                std::uint32_t counter, std::uint8_t* out,
                                                const std::uint8_t* in, Work& w,
                                                const std::uint8_t* mac = nullptr,
                                                std::uint64_t* h = nullptr) noexcept {
  const __m256i counters = _mm256_add_epi32(_mm256_set1_epi32(static_cast<int>(counter)),
                                            _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
  Words s;
  if (mac != nullptr)
    rounds8_mac(s, w, input, counters, mac, h);
  else
    rounds8(s, w, input, counters);
  // The feed-forward reloads the input words (broadcast loads).
  const __m256i lo[8] = {
      _mm256_add_epi32(s.x0, broadcast(input)),     _mm256_add_epi32(s.x1, broadcast(input + 1)),
      _mm256_add_epi32(s.x2, broadcast(input + 2)), _mm256_add_epi32(s.x3, broadcast(input + 3)),
      _mm256_add_epi32(s.x4, broadcast(input + 4)), _mm256_add_epi32(s.x5, broadcast(input + 5)),
      _mm256_add_epi32(s.x6, broadcast(input + 6)), _mm256_add_epi32(s.x7, broadcast(input + 7))};
  xor_half(lo, out, in, 0);
  const __m256i hi[8] = {_mm256_add_epi32(s.x8, broadcast(input + 8)),
                         _mm256_add_epi32(s.x9, broadcast(input + 9)),
                         _mm256_add_epi32(s.x10, broadcast(input + 10)),
                         _mm256_add_epi32(s.x11, broadcast(input + 11)),
                         _mm256_add_epi32(s.x12, counters),
                         _mm256_add_epi32(s.x13, broadcast(input + 13)),
                         _mm256_add_epi32(s.x14, broadcast(input + 14)),
                         _mm256_add_epi32(w.x[15], broadcast(input + 15))};
  xor_half(hi, out, in, 1);
}

// The operations on rows of one block (__m128i: four words) or of two (__m256i: the same
// row of two blocks side by side), so that both widths share the rounds below.
#define AXIOM_CHACHA_ROW_OPS(V, p, si)                                                           \
  __attribute__((always_inline)) inline V add(V x, V y) noexcept { return p##_add_epi32(x, y); } \
  __attribute__((always_inline)) inline V xor_(V x, V y) noexcept { return p##_xor_##si(x, y); } \
  __attribute__((always_inline)) inline V bytes(V x, V mask) noexcept {                          \
    return p##_shuffle_epi8(x, mask);                                                            \
  }                                                                                              \
  template <int N>                                                                               \
  __attribute__((always_inline)) inline V rotl(V x) noexcept {                                   \
    return p##_or_##si(p##_slli_epi32(x, N), p##_srli_epi32(x, 32 - N));                         \
  }                                                                                              \
  template <int Imm>                                                                             \
  __attribute__((always_inline)) inline V words(V x) noexcept {                                  \
    return p##_shuffle_epi32(x, Imm);                                                            \
  }
AXIOM_CHACHA_ROW_OPS(__m128i, _mm, si128)
AXIOM_CHACHA_ROW_OPS(__m256i, _mm256, si256)
#undef AXIOM_CHACHA_ROW_OPS

// One quarter round on the four rows.
template <class V>
__attribute__((always_inline)) inline void row_round(V& a, V& b, V& c, V& d, V r16, V r8) noexcept {
  a = add(a, b);
  d = bytes(xor_(d, a), r16);
  c = add(c, d);
  b = rotl<12>(xor_(b, c));
  a = add(a, b);
  d = bytes(xor_(d, a), r8);
  c = add(c, d);
  b = rotl<7>(xor_(b, c));
}

// The 20 rounds on the rows a, b, c, d (without the feed-forward).
template <class V>
__attribute__((always_inline)) inline void row_rounds(V& a, V& b, V& c, V& d, V r16,
                                                      V r8) noexcept {
  for (int round = 0; round < 10; ++round) {
    row_round(a, b, c, d, r16, r8);
    // Rows turned so that lane j holds the diagonal (a[j-1], b[j], c[j+1], d[j+2]): b, the
    // last value of a quarter round and the first needed, stays; a, c, d are ready earlier and
    // their shuffles are off the dependency chain (14 instead of 15 cycles per half round).
    a = words<0x93>(a);
    c = words<0x39>(c);
    d = words<0x4e>(d);
    row_round(a, b, c, d, r16, r8);
    a = words<0x39>(a);
    c = words<0x93>(c);
    d = words<0x4e>(d);
  }
}

// xor_one XORs the keystream of one block into in: sa, sb, sc, sd are the state's rows. In
// xmm registers: the same instructions as two blocks in ymm, but the keystream needs no
// vperm2i128 (3 cycles) to come out in order, and no vzeroupper follows.
__attribute__((always_inline)) inline void xor_one(__m128i sa, __m128i sb, __m128i sc, __m128i sd,
                                                   std::uint8_t* out,
                                                   const std::uint8_t* in) noexcept {
  __m128i a = sa, b = sb, c = sc, d = sd;
  row_rounds(a, b, c, d, _mm256_castsi256_si128(rot16_mask()), _mm256_castsi256_si128(rot8_mask()));
  const __m128i ks[4] = {add(a, sa), add(b, sb), add(c, sc), add(d, sd)};
  for (std::size_t i = 0; i < 4; ++i) {
    const __m128i m = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in) + i);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out) + i, xor_(m, ks[i]));
  }
}

// xor_rows XORs the keystream of one or two blocks (nblocks) into in: sa, sb, sc, sd are the
// state's rows, sd with the counter of the first block.
__attribute__((always_inline)) inline void xor_rows(__m128i sa4, __m128i sb4, __m128i sc4,
                                                    __m128i sd4, std::uint8_t* out,
                                                    const std::uint8_t* in,
                                                    std::size_t nblocks) noexcept {
  const __m256i sa = _mm256_broadcastsi128_si256(sa4), sb = _mm256_broadcastsi128_si256(sb4);
  const __m256i sc = _mm256_broadcastsi128_si256(sc4);
  const __m256i sd =
      _mm256_add_epi32(_mm256_broadcastsi128_si256(sd4), _mm256_setr_epi32(0, 0, 0, 0, 1, 0, 0, 0));
  __m256i a = sa, b = sb, c = sc, d = sd;
  row_rounds(a, b, c, d, rot16_mask(), rot8_mask());
  a = _mm256_add_epi32(a, sa);
  b = _mm256_add_epi32(b, sb);
  c = _mm256_add_epi32(c, sc);
  d = _mm256_add_epi32(d, sd);
  const __m256i ks[4] = {
      _mm256_permute2x128_si256(a, b, 0x20), _mm256_permute2x128_si256(c, d, 0x20),
      _mm256_permute2x128_si256(a, b, 0x31), _mm256_permute2x128_si256(c, d, 0x31)};
  for (std::size_t i = 0; i < 2 * nblocks; ++i) {
    const __m256i m = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in) + i);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out) + i, _mm256_xor_si256(m, ks[i]));
  }
}

__attribute__((always_inline)) inline __m128i load_row(const std::uint32_t* p) noexcept {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}

// xor_two XORs the keystream of one or two blocks (nblocks) at counter into in.
__attribute__((always_inline)) inline void xor_two(const std::uint32_t input[16],
                                                   std::uint32_t counter, std::uint8_t* out,
                                                   const std::uint8_t* in,
                                                   std::size_t nblocks) noexcept {
  xor_rows(load_row(input), load_row(input + 4), load_row(input + 8),
           _mm_insert_epi32(load_row(input + 12), static_cast<int>(counter), 0), out, in, nblocks);
}

// xor_batches: xor_blocks for three blocks or more.
__attribute__((noinline)) void xor_batches(const std::uint32_t input[16], std::uint8_t* out,
                                           const std::uint8_t* in, std::size_t nblocks) noexcept {
  std::uint32_t counter = input[12];
  Work w;
  w.masks[0] = rot16_mask();
  w.masks[1] = rot8_mask();
  for (; nblocks >= 8; nblocks -= 8, counter += 8, in += 512, out += 512)
    xor8(input, counter, out, in, w);
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
  axiom::detail::wipe(w);  // the last rounds' state
}

// One or two blocks (a 64-byte message, a tail) go straight to xor_one or xor_rows, without the
// stack frame of the batches (a 608-byte work area aligned to 32).
void xor_blocks(const std::uint32_t input[16], std::uint8_t* out, const std::uint8_t* in,
                std::size_t nblocks) noexcept {
  if (nblocks >= 3) return xor_batches(input, out, in, nblocks);
  // The rows as the caller stored them: whole 16-byte loads, which a ChaCha20 object's 16-byte
  // row stores forward to at once.
  const __m128i a = load_row(input), b = load_row(input + 4), c = load_row(input + 8),
                d = load_row(input + 12);
  if (nblocks == 1) return xor_one(a, b, c, d, out, in);
  if (nblocks == 2) xor_rows(a, b, c, d, out, in, 2);
  _mm256_zeroupper();
}

// xor_blocks_mac: see ChaCha20Kernel. Sealing, the MAC of each group of eight blocks runs
// during the rounds of the next group (the last one after the loop, in the scalar kernel).
void xor_blocks_mac(const std::uint32_t input[16], std::uint8_t* out, const std::uint8_t* in,
                    std::size_t nblocks, axiom::detail::Poly1305State& mac, bool sealing) noexcept {
  std::uint32_t counter = input[12];
  Work w;
  w.masks[0] = rot16_mask();
  w.masks[1] = rot8_mask();
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
