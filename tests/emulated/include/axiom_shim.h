/* axiom_shim.h: the intrinsics axiom's kernels use that SIMDe 0.7.4 lacks, written plainly for
 * the emulated tests (never shipped; not constant time). Each is a function of its own name,
 * then the Intel name is #undef'd and #define'd to it, so a newer SIMDe that provides one does
 * not clash. Vectors cross as bytes (memcpy), which is independent of SIMDe's layout. */
#ifndef AXIOM_SHIM_H
#define AXIOM_SHIM_H

#include <stdint.h>
#include <string.h>

/* Type names. */
#undef __mmask8
#undef __mmask16
#undef __mmask32
#undef __mmask64
typedef simde__mmask8 __mmask8;
typedef simde__mmask16 __mmask16;
typedef simde__mmask32 __mmask32;
typedef simde__mmask64 __mmask64;

/* Masked loads and stores, element by element: masked-off memory is never touched (a whole-vector
 * load then blend would fault at the end of a page); memcpy, as the address need not be aligned. */
#define AXIOM_SHIM_MASK_MOVES(bits, vec, suffix, elem_t, count, mask_t)                          \
  static inline vec axiom_shim_mm##bits##_maskz_loadu_##suffix(mask_t k, const void* p) {        \
    elem_t e[count];                                                                             \
    for (int i = 0; i < (count); ++i)                                                            \
      e[i] = (elem_t)0;                                                                          \
    for (int i = 0; i < (count); ++i)                                                            \
      if ((k >> i) & 1) memcpy(&e[i], (const char*)p + i * (int)sizeof(elem_t), sizeof(elem_t)); \
    vec r;                                                                                       \
    memcpy(&r, e, sizeof r);                                                                     \
    return r;                                                                                    \
  }                                                                                              \
  static inline vec axiom_shim_mm##bits##_mask_loadu_##suffix(vec src, mask_t k, const void* p) { \
    elem_t e[count];                                                                             \
    memcpy(e, &src, sizeof e);                                                                   \
    for (int i = 0; i < (count); ++i)                                                            \
      if ((k >> i) & 1) memcpy(&e[i], (const char*)p + i * (int)sizeof(elem_t), sizeof(elem_t)); \
    vec r;                                                                                       \
    memcpy(&r, e, sizeof r);                                                                     \
    return r;                                                                                    \
  }                                                                                              \
  static inline void axiom_shim_mm##bits##_mask_storeu_##suffix(void* p, mask_t k, vec a) {      \
    elem_t e[count];                                                                             \
    memcpy(e, &a, sizeof e);                                                                     \
    for (int i = 0; i < (count); ++i)                                                            \
      if ((k >> i) & 1) memcpy((char*)p + i * (int)sizeof(elem_t), &e[i], sizeof(elem_t));       \
  }

AXIOM_SHIM_MASK_MOVES(512, simde__m512i, epi8, uint8_t, 64, simde__mmask64)
AXIOM_SHIM_MASK_MOVES(512, simde__m512i, epi32, uint32_t, 16, simde__mmask16)
AXIOM_SHIM_MASK_MOVES(512, simde__m512i, epi64, uint64_t, 8, simde__mmask8)
AXIOM_SHIM_MASK_MOVES(256, simde__m256i, epi8, uint8_t, 32, simde__mmask32)
AXIOM_SHIM_MASK_MOVES(256, simde__m256i, epi32, uint32_t, 8, simde__mmask8)
AXIOM_SHIM_MASK_MOVES(256, simde__m256i, epi64, uint64_t, 4, simde__mmask8)
AXIOM_SHIM_MASK_MOVES(128, simde__m128i, epi8, uint8_t, 16, simde__mmask16)
AXIOM_SHIM_MASK_MOVES(128, simde__m128i, epi32, uint32_t, 4, simde__mmask8)
AXIOM_SHIM_MASK_MOVES(128, simde__m128i, epi64, uint64_t, 2, simde__mmask8)
#undef AXIOM_SHIM_MASK_MOVES

/* vpshufd on 512 bits: the same word shuffle in each 128-bit lane. GCC's takes an _MM_PERM_ENUM. */
typedef int axiom_shim_mm_perm_enum;
static inline simde__m512i axiom_shim_mm512_shuffle_epi32(simde__m512i a, axiom_shim_mm_perm_enum imm) {
  uint32_t x[16], r[16];
  memcpy(x, &a, sizeof x);
  for (int i = 0; i < 16; ++i) r[i] = x[(i & ~3) + ((imm >> (2 * (i & 3))) & 3)];
  simde__m512i out;
  memcpy(&out, r, sizeof out);
  return out;
}

/* AVX-512 IFMA: a + the low (lo) or high (hi) 52 bits of the 104-bit product of the low 52 bits
 * of b and c, per 64-bit element. */
__extension__ typedef unsigned __int128 axiom_shim_u128; /* a GCC/clang extension */
#define AXIOM_SHIM_MADD52(name, shift)                                                          \
  static inline simde__m512i axiom_shim_mm512_##name(simde__m512i a, simde__m512i b, simde__m512i c) { \
    uint64_t x[8], y[8], z[8];                                                                  \
    memcpy(x, &a, sizeof x);                                                                    \
    memcpy(y, &b, sizeof y);                                                                    \
    memcpy(z, &c, sizeof z);                                                                    \
    const uint64_t m52 = (UINT64_C(1) << 52) - 1;                                               \
    for (int i = 0; i < 8; ++i) {                                                               \
      const axiom_shim_u128 p = (axiom_shim_u128)(y[i] & m52) * (z[i] & m52);                           \
      x[i] += (uint64_t)(p >> (shift)) & m52;                                                   \
    }                                                                                           \
    memcpy(&a, x, sizeof a);                                                                    \
    return a;                                                                                   \
  }
AXIOM_SHIM_MADD52(madd52lo_epu64, 0)
AXIOM_SHIM_MADD52(madd52hi_epu64, 52)
#undef AXIOM_SHIM_MADD52

/* The sum of the eight 64-bit elements (a sequence, not one instruction, in GCC too). */
static inline int64_t axiom_shim_mm512_reduce_add_epi64(simde__m512i a) {
  uint64_t x[8], sum = 0;
  memcpy(x, &a, sizeof x);
  for (int i = 0; i < 8; ++i) sum += x[i];
  return (int64_t)sum;
}

/* The SHA-256 extensions (SHA-NI), after the instructions' definitions in Intel's SDM: words as
 * uint32_t[4], element 0 the low one. */
static inline uint32_t axiom_shim_ror32(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }
static inline uint32_t axiom_shim_sha256_s0(uint32_t x) {
  return axiom_shim_ror32(x, 7) ^ axiom_shim_ror32(x, 18) ^ (x >> 3);
}
static inline uint32_t axiom_shim_sha256_s1(uint32_t x) {
  return axiom_shim_ror32(x, 17) ^ axiom_shim_ror32(x, 19) ^ (x >> 10);
}
static inline simde__m128i axiom_shim_mm_sha256msg1_epu32(simde__m128i a, simde__m128i b) {
  uint32_t x[4], y[4], r[4];
  memcpy(x, &a, 16);
  memcpy(y, &b, 16);
  const uint32_t next[4] = {x[1], x[2], x[3], y[0]};
  for (int i = 0; i < 4; ++i) r[i] = x[i] + axiom_shim_sha256_s0(next[i]);
  simde__m128i out;
  memcpy(&out, r, 16);
  return out;
}
static inline simde__m128i axiom_shim_mm_sha256msg2_epu32(simde__m128i a, simde__m128i b) {
  uint32_t x[4], y[4], r[4];
  memcpy(x, &a, 16);
  memcpy(y, &b, 16);
  r[0] = x[0] + axiom_shim_sha256_s1(y[2]);
  r[1] = x[1] + axiom_shim_sha256_s1(y[3]);
  r[2] = x[2] + axiom_shim_sha256_s1(r[0]);
  r[3] = x[3] + axiom_shim_sha256_s1(r[1]);
  simde__m128i out;
  memcpy(&out, r, 16);
  return out;
}
/* Two rounds: a holds C D G H (C in the top element), b holds A B E F, k the two K + W words. */
static inline simde__m128i axiom_shim_mm_sha256rnds2_epu32(simde__m128i a, simde__m128i b, simde__m128i k) {
  uint32_t x[4], y[4], wk[4];
  memcpy(x, &a, 16);
  memcpy(y, &b, 16);
  memcpy(wk, &k, 16);
  uint32_t va = y[3], vb = y[2], vc = x[3], vd = x[2], ve = y[1], vf = y[0], vg = x[1], vh = x[0];
  for (int i = 0; i < 2; ++i) {
    const uint32_t t1 = vh + (axiom_shim_ror32(ve, 6) ^ axiom_shim_ror32(ve, 11) ^ axiom_shim_ror32(ve, 25)) +
                        ((ve & vf) ^ (~ve & vg)) + wk[i];
    const uint32_t t2 = (axiom_shim_ror32(va, 2) ^ axiom_shim_ror32(va, 13) ^ axiom_shim_ror32(va, 22)) +
                        ((va & vb) ^ (va & vc) ^ (vb & vc));
    vh = vg;
    vg = vf;
    vf = ve;
    ve = vd + t1;
    vd = vc;
    vc = vb;
    vb = va;
    va = t1 + t2;
  }
  const uint32_t r[4] = {vf, ve, vb, va};
  simde__m128i out;
  memcpy(&out, r, 16);
  return out;
}

/* The Intel names. */
#undef _mm512_maskz_loadu_epi8
#undef _mm512_mask_loadu_epi8
#undef _mm512_mask_storeu_epi8
#undef _mm512_maskz_loadu_epi32
#undef _mm512_mask_loadu_epi32
#undef _mm512_mask_storeu_epi32
#undef _mm512_maskz_loadu_epi64
#undef _mm512_mask_loadu_epi64
#undef _mm512_mask_storeu_epi64
#undef _mm256_maskz_loadu_epi8
#undef _mm256_mask_loadu_epi8
#undef _mm256_mask_storeu_epi8
#undef _mm256_maskz_loadu_epi32
#undef _mm256_mask_loadu_epi32
#undef _mm256_mask_storeu_epi32
#undef _mm256_maskz_loadu_epi64
#undef _mm256_mask_loadu_epi64
#undef _mm256_mask_storeu_epi64
#undef _mm_maskz_loadu_epi8
#undef _mm_mask_loadu_epi8
#undef _mm_mask_storeu_epi8
#undef _mm_maskz_loadu_epi32
#undef _mm_mask_loadu_epi32
#undef _mm_mask_storeu_epi32
#undef _mm_maskz_loadu_epi64
#undef _mm_mask_loadu_epi64
#undef _mm_mask_storeu_epi64
#undef _mm_sha256msg1_epu32
#undef _mm_sha256msg2_epu32
#undef _mm_sha256rnds2_epu32
#define _mm512_maskz_loadu_epi8 axiom_shim_mm512_maskz_loadu_epi8
#define _mm512_mask_loadu_epi8 axiom_shim_mm512_mask_loadu_epi8
#define _mm512_mask_storeu_epi8 axiom_shim_mm512_mask_storeu_epi8
#define _mm512_maskz_loadu_epi32 axiom_shim_mm512_maskz_loadu_epi32
#define _mm512_mask_loadu_epi32 axiom_shim_mm512_mask_loadu_epi32
#define _mm512_mask_storeu_epi32 axiom_shim_mm512_mask_storeu_epi32
#define _mm512_maskz_loadu_epi64 axiom_shim_mm512_maskz_loadu_epi64
#define _mm512_mask_loadu_epi64 axiom_shim_mm512_mask_loadu_epi64
#define _mm512_mask_storeu_epi64 axiom_shim_mm512_mask_storeu_epi64
#define _mm256_maskz_loadu_epi8 axiom_shim_mm256_maskz_loadu_epi8
#define _mm256_mask_loadu_epi8 axiom_shim_mm256_mask_loadu_epi8
#define _mm256_mask_storeu_epi8 axiom_shim_mm256_mask_storeu_epi8
#define _mm256_maskz_loadu_epi32 axiom_shim_mm256_maskz_loadu_epi32
#define _mm256_mask_loadu_epi32 axiom_shim_mm256_mask_loadu_epi32
#define _mm256_mask_storeu_epi32 axiom_shim_mm256_mask_storeu_epi32
#define _mm256_maskz_loadu_epi64 axiom_shim_mm256_maskz_loadu_epi64
#define _mm256_mask_loadu_epi64 axiom_shim_mm256_mask_loadu_epi64
#define _mm256_mask_storeu_epi64 axiom_shim_mm256_mask_storeu_epi64
#define _mm_maskz_loadu_epi8 axiom_shim_mm128_maskz_loadu_epi8
#define _mm_mask_loadu_epi8 axiom_shim_mm128_mask_loadu_epi8
#define _mm_mask_storeu_epi8 axiom_shim_mm128_mask_storeu_epi8
#define _mm_maskz_loadu_epi32 axiom_shim_mm128_maskz_loadu_epi32
#define _mm_mask_loadu_epi32 axiom_shim_mm128_mask_loadu_epi32
#define _mm_mask_storeu_epi32 axiom_shim_mm128_mask_storeu_epi32
#define _mm_maskz_loadu_epi64 axiom_shim_mm128_maskz_loadu_epi64
#define _mm_mask_loadu_epi64 axiom_shim_mm128_mask_loadu_epi64
#define _mm_mask_storeu_epi64 axiom_shim_mm128_mask_storeu_epi64
#undef _MM_PERM_ENUM
#undef _mm512_shuffle_epi32
#define _MM_PERM_ENUM axiom_shim_mm_perm_enum
#define _mm512_shuffle_epi32 axiom_shim_mm512_shuffle_epi32
#undef _mm512_madd52lo_epu64
#undef _mm512_madd52hi_epu64
#undef _mm512_reduce_add_epi64
#define _mm512_madd52lo_epu64 axiom_shim_mm512_madd52lo_epu64
#define _mm512_madd52hi_epu64 axiom_shim_mm512_madd52hi_epu64
#define _mm512_reduce_add_epi64 axiom_shim_mm512_reduce_add_epi64

/* vpshufd on 512 bits with a zero mask: in each 128-bit lane, dword i is dword (imm >> 2i) & 3,
 * or zero where bit i of k is clear. The _MM_PERM_ENUM names are GCC's; here they are ints. */
static inline simde__m512i axiom_shim_mm512_maskz_shuffle_epi32(simde__mmask16 k, simde__m512i a, int imm) {
  uint32_t e[16], r[16];
  memcpy(e, &a, sizeof e);
  for (int i = 0; i < 16; ++i)
    r[i] = ((k >> i) & 1) ? e[(i & ~3) + ((imm >> (2 * (i & 3))) & 3)] : 0;
  simde__m512i v;
  memcpy(&v, r, sizeof v);
  return v;
}
#undef _mm512_maskz_shuffle_epi32
#define _mm512_maskz_shuffle_epi32 axiom_shim_mm512_maskz_shuffle_epi32
#ifndef _MM_PERM_BADC
#define _MM_PERM_BADC 0x4E
#endif
#define _mm_sha256msg1_epu32 axiom_shim_mm_sha256msg1_epu32
#define _mm_sha256msg2_epu32 axiom_shim_mm_sha256msg2_epu32
#define _mm_sha256rnds2_epu32 axiom_shim_mm_sha256rnds2_epu32

/* Whole-register shifts with an immediate (here a plain argument). */
/* Per 128-bit lane: the lane of a above the lane of b, shifted right by n bytes. */
static inline simde__m512i axiom_shim_mm512_alignr_epi8(simde__m512i a, simde__m512i b, int n) {
  uint8_t x[64], y[64], r[64];
  memcpy(x, &a, sizeof x);
  memcpy(y, &b, sizeof y);
  for (int lane = 0; lane < 4; ++lane)
    for (int i = 0; i < 16; ++i) {
      const int k = i + (n & 0xff);
      r[16 * lane + i] = k < 16 ? y[16 * lane + k] : k < 32 ? x[16 * lane + k - 16] : 0;
    }
  simde__m512i v;
  memcpy(&v, r, sizeof v);
  return v;
}

/* a above b (16 qwords), shifted right by n qwords (n mod 8), the low 8 qwords. */
static inline simde__m512i axiom_shim_mm512_alignr_epi64(simde__m512i a, simde__m512i b, int n) {
  uint64_t x[16], r[8];
  memcpy(x, &b, 64);
  memcpy(x + 8, &a, 64);
  for (int i = 0; i < 8; ++i) r[i] = x[i + (n & 7)];
  simde__m512i v;
  memcpy(&v, r, sizeof v);
  return v;
}

#ifndef _MM_PERM_ENUM
#define _MM_PERM_ENUM int
#endif
#undef _mm512_alignr_epi8
#undef _mm512_alignr_epi64
#define _mm512_alignr_epi8 axiom_shim_mm512_alignr_epi8
#define _mm512_alignr_epi64 axiom_shim_mm512_alignr_epi64

#endif
