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

#endif
