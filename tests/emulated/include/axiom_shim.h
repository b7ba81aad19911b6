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
 * load then blend would fault at the end of a page). Each element through memcpy: the address
 * need not be aligned to the element (the "u" of loadu). */
#define AXIOM_SHIM_MASK_MOVES(bits, vec, suffix, elem_t, count, mask_t)                           \
  static inline vec axiom_shim_mm##bits##_maskz_loadu_##suffix(mask_t k, const void* p) {         \
    elem_t e[count];                                                                              \
    for (int i = 0; i < (count); ++i)                                                             \
      if (((k >> i) & 1) != 0)                                                                    \
        memcpy(&e[i], (const char*)p + (size_t)i * sizeof(elem_t), sizeof(elem_t));               \
      else                                                                                        \
        e[i] = 0;                                                                                 \
    vec r;                                                                                        \
    memcpy(&r, e, sizeof r);                                                                      \
    return r;                                                                                     \
  }                                                                                               \
  static inline vec axiom_shim_mm##bits##_mask_loadu_##suffix(vec src, mask_t k, const void* p) { \
    elem_t e[count];                                                                              \
    memcpy(e, &src, sizeof e);                                                                    \
    for (int i = 0; i < (count); ++i)                                                             \
      if ((k >> i) & 1)                                                                           \
        memcpy(&e[i], (const char*)p + (size_t)i * sizeof(elem_t), sizeof(elem_t));               \
    vec r;                                                                                        \
    memcpy(&r, e, sizeof r);                                                                      \
    return r;                                                                                     \
  }                                                                                               \
  static inline void axiom_shim_mm##bits##_mask_storeu_##suffix(void* p, mask_t k, vec a) {       \
    elem_t e[count];                                                                              \
    memcpy(e, &a, sizeof e);                                                                      \
    for (int i = 0; i < (count); ++i)                                                             \
      if ((k >> i) & 1) memcpy((char*)p + (size_t)i * sizeof(elem_t), &e[i], sizeof(elem_t));     \
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
static inline simde__m512i axiom_shim_mm512_shuffle_epi32(simde__m512i a,
                                                          axiom_shim_mm_perm_enum imm) {
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
#define AXIOM_SHIM_MADD52(name, shift)                                               \
  static inline simde__m512i axiom_shim_mm512_##name(simde__m512i a, simde__m512i b, \
                                                     simde__m512i c) {               \
    uint64_t x[8], y[8], z[8];                                                       \
    memcpy(x, &a, sizeof x);                                                         \
    memcpy(y, &b, sizeof y);                                                         \
    memcpy(z, &c, sizeof z);                                                         \
    const uint64_t m52 = (UINT64_C(1) << 52) - 1;                                    \
    for (int i = 0; i < 8; ++i) {                                                    \
      const axiom_shim_u128 p = (axiom_shim_u128)(y[i] & m52) * (z[i] & m52);        \
      x[i] += (uint64_t)(p >> (shift)) & m52;                                        \
    }                                                                                \
    memcpy(&a, x, sizeof a);                                                         \
    return a;                                                                        \
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
static inline simde__m128i axiom_shim_mm_sha256rnds2_epu32(simde__m128i a, simde__m128i b,
                                                           simde__m128i k) {
  uint32_t x[4], y[4], wk[4];
  memcpy(x, &a, 16);
  memcpy(y, &b, 16);
  memcpy(wk, &k, 16);
  uint32_t va = y[3], vb = y[2], vc = x[3], vd = x[2], ve = y[1], vf = y[0], vg = x[1], vh = x[0];
  for (int i = 0; i < 2; ++i) {
    const uint32_t t1 =
        vh + (axiom_shim_ror32(ve, 6) ^ axiom_shim_ror32(ve, 11) ^ axiom_shim_ror32(ve, 25)) +
        ((ve & vf) ^ (~ve & vg)) + wk[i];
    const uint32_t t2 =
        (axiom_shim_ror32(va, 2) ^ axiom_shim_ror32(va, 13) ^ axiom_shim_ror32(va, 22)) +
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
#undef _mm512_shuffle_epi32
#define _mm512_shuffle_epi32 axiom_shim_mm512_shuffle_epi32
#undef _mm512_madd52lo_epu64
#undef _mm512_madd52hi_epu64
#undef _mm512_reduce_add_epi64
#define _mm512_madd52lo_epu64 axiom_shim_mm512_madd52lo_epu64
#define _mm512_madd52hi_epu64 axiom_shim_mm512_madd52hi_epu64
#define _mm512_reduce_add_epi64 axiom_shim_mm512_reduce_add_epi64

/* vpshufd on 512 bits with a zero mask: in each 128-bit lane, dword i is dword (imm >> 2i) & 3,
 * or zero where bit i of k is clear. The _MM_PERM_ENUM names are GCC's; here they are ints. */
static inline simde__m512i axiom_shim_mm512_maskz_shuffle_epi32(simde__mmask16 k, simde__m512i a,
                                                                int imm) {
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

#undef _mm512_alignr_epi8
#undef _mm512_alignr_epi64
#define _mm512_alignr_epi8 axiom_shim_mm512_alignr_epi8
#define _mm512_alignr_epi64 axiom_shim_mm512_alignr_epi64

/* AES rounds (AES-NI and VAES), per 128-bit lane, with table S-boxes. A block's bytes are the
 * state column by column, as AES-NI holds it. */
typedef struct {
  uint8_t sbox[256], inv[256];
} axiom_shim_aes_tables;

static inline uint8_t axiom_shim_xtime(uint8_t x) {
  return (uint8_t)((x << 1) ^ ((x >> 7) * 0x1b));
}
static inline uint8_t axiom_shim_gmul(uint8_t a, uint8_t b) {
  uint8_t r = 0;
  for (; b; b >>= 1, a = axiom_shim_xtime(a))
    if (b & 1) r ^= a;
  return r;
}
/* The S-box from its definition: the inverse in GF(2^8) (x^254), then the affine map. */
static inline axiom_shim_aes_tables axiom_shim_make_aes_tables(void) {
  axiom_shim_aes_tables t;
  for (int x = 0; x < 256; ++x) {
    uint8_t inv = 1, sq = (uint8_t)x;
    for (int e = 254; e; e >>= 1, sq = axiom_shim_gmul(sq, sq))
      if (e & 1) inv = axiom_shim_gmul(inv, sq);
    uint8_t s = 0x63;
    for (int i = 0; i < 8; ++i) {
      const int bit = ((inv >> i) ^ (inv >> ((i + 4) & 7)) ^ (inv >> ((i + 5) & 7)) ^
                       (inv >> ((i + 6) & 7)) ^ (inv >> ((i + 7) & 7))) &
                      1;
      s ^= (uint8_t)(bit << i);
    }
    t.sbox[x] = s;
    t.inv[s] = (uint8_t)x;
  }
  return t;
}
static inline const axiom_shim_aes_tables* axiom_shim_aes(void) {
  static const axiom_shim_aes_tables t = axiom_shim_make_aes_tables(); /* C++: initialized once */
  return &t;
}
static inline void axiom_shim_mix_column(uint8_t* c, int inverse) {
  const uint8_t a0 = c[0], a1 = c[1], a2 = c[2], a3 = c[3];
  const uint8_t m0 = inverse ? 14 : 2, m1 = inverse ? 11 : 3, m2 = inverse ? 13 : 1,
                m3 = inverse ? 9 : 1;
  c[0] = axiom_shim_gmul(a0, m0) ^ axiom_shim_gmul(a1, m1) ^ axiom_shim_gmul(a2, m2) ^
         axiom_shim_gmul(a3, m3);
  c[1] = axiom_shim_gmul(a1, m0) ^ axiom_shim_gmul(a2, m1) ^ axiom_shim_gmul(a3, m2) ^
         axiom_shim_gmul(a0, m3);
  c[2] = axiom_shim_gmul(a2, m0) ^ axiom_shim_gmul(a3, m1) ^ axiom_shim_gmul(a0, m2) ^
         axiom_shim_gmul(a1, m3);
  c[3] = axiom_shim_gmul(a3, m0) ^ axiom_shim_gmul(a0, m1) ^ axiom_shim_gmul(a1, m2) ^
         axiom_shim_gmul(a2, m3);
}
/* One round on one block: aesenc = ShiftRows, SubBytes, MixColumns, xor key; aesdec the
 * inverses in the same order; the last rounds skip the (Inv)MixColumns. */
static inline void axiom_shim_aes_round(uint8_t* s, const uint8_t* k, int decrypt, int last) {
  const axiom_shim_aes_tables* t = axiom_shim_aes();
  uint8_t r[16];
  for (int c = 0; c < 4; ++c)
    for (int row = 0; row < 4; ++row) {
      const int from = decrypt ? (c - row + 4) & 3 : (c + row) & 3;
      const uint8_t b = s[row + 4 * from];
      r[row + 4 * c] = decrypt ? t->inv[b] : t->sbox[b];
    }
  if (!last)
    for (int c = 0; c < 4; ++c) axiom_shim_mix_column(r + 4 * c, decrypt);
  for (int i = 0; i < 16; ++i) s[i] = r[i] ^ k[i];
}
#define AXIOM_SHIM_AES(name, vec, bytes, decrypt, last)                                       \
  static inline vec name(vec a, vec k) {                                                      \
    uint8_t s[bytes], kb[bytes];                                                              \
    memcpy(s, &a, bytes);                                                                     \
    memcpy(kb, &k, bytes);                                                                    \
    for (int l = 0; l < (bytes); l += 16) axiom_shim_aes_round(s + l, kb + l, decrypt, last); \
    vec r;                                                                                    \
    memcpy(&r, s, bytes);                                                                     \
    return r;                                                                                 \
  }
AXIOM_SHIM_AES(axiom_shim_mm_aesenc_si128, simde__m128i, 16, 0, 0)
AXIOM_SHIM_AES(axiom_shim_mm_aesenclast_si128, simde__m128i, 16, 0, 1)
AXIOM_SHIM_AES(axiom_shim_mm_aesdec_si128, simde__m128i, 16, 1, 0)
AXIOM_SHIM_AES(axiom_shim_mm_aesdeclast_si128, simde__m128i, 16, 1, 1)
AXIOM_SHIM_AES(axiom_shim_mm256_aesenc_epi128, simde__m256i, 32, 0, 0)
AXIOM_SHIM_AES(axiom_shim_mm256_aesenclast_epi128, simde__m256i, 32, 0, 1)
AXIOM_SHIM_AES(axiom_shim_mm256_aesdec_epi128, simde__m256i, 32, 1, 0)
AXIOM_SHIM_AES(axiom_shim_mm256_aesdeclast_epi128, simde__m256i, 32, 1, 1)
AXIOM_SHIM_AES(axiom_shim_mm512_aesenc_epi128, simde__m512i, 64, 0, 0)
AXIOM_SHIM_AES(axiom_shim_mm512_aesenclast_epi128, simde__m512i, 64, 0, 1)
AXIOM_SHIM_AES(axiom_shim_mm512_aesdec_epi128, simde__m512i, 64, 1, 0)
AXIOM_SHIM_AES(axiom_shim_mm512_aesdeclast_epi128, simde__m512i, 64, 1, 1)
#undef AXIOM_SHIM_AES
/* aesimc: InvMixColumns (the key schedule of the equivalent inverse cipher). */
static inline simde__m128i axiom_shim_mm_aesimc_si128(simde__m128i a) {
  uint8_t s[16];
  memcpy(s, &a, 16);
  for (int c = 0; c < 4; ++c) axiom_shim_mix_column(s + 4 * c, 1);
  simde__m128i r;
  memcpy(&r, s, 16);
  return r;
}

/* 512-bit element-wise operations, zero-masked (the kernels write the unmasked forms that way:
 * see src/core/zmm.hpp). */
#define AXIOM_SHIM_Q8(name, expr)                                                    \
  static inline simde__m512i name(simde__mmask8 k, simde__m512i a, simde__m512i b) { \
    uint64_t x[8], y[8], r[8];                                                       \
    memcpy(x, &a, 64);                                                               \
    memcpy(y, &b, 64);                                                               \
    for (int i = 0; i < 8; ++i) r[i] = ((k >> i) & 1) ? (expr) : 0;                  \
    simde__m512i v;                                                                  \
    memcpy(&v, r, 64);                                                               \
    return v;                                                                        \
  }
AXIOM_SHIM_Q8(axiom_shim_mm512_maskz_sllv_epi64, y[i] < 64 ? x[i] << y[i] : 0)
AXIOM_SHIM_Q8(axiom_shim_mm512_maskz_srlv_epi64, y[i] < 64 ? x[i] >> y[i] : 0)
#undef AXIOM_SHIM_Q8
static inline simde__m512i axiom_shim_mm512_maskz_srli_epi64(simde__mmask8 k, simde__m512i a,
                                                             unsigned n) {
  return axiom_shim_mm512_maskz_srlv_epi64(k, a, simde_mm512_set1_epi64((int64_t)n));
}
/* valignq: the 16 qwords b:a (b low) shifted down by n, the low 8 kept. */
static inline simde__m512i axiom_shim_mm512_maskz_alignr_epi64(simde__mmask8 k, simde__m512i a,
                                                               simde__m512i b, int n) {
  uint64_t x[16], r[8];
  memcpy(x, &b, 64);
  memcpy(x + 8, &a, 64);
  for (int i = 0; i < 8; ++i) r[i] = ((k >> i) & 1) ? x[(i + (n & 7))] : 0;
  simde__m512i v;
  memcpy(&v, r, 64);
  return v;
}
static inline simde__mmask8 axiom_shim_mm512_cmplt_epu64_mask(simde__m512i a, simde__m512i b) {
  uint64_t x[8], y[8];
  memcpy(x, &a, 64);
  memcpy(y, &b, 64);
  unsigned m = 0;
  for (int i = 0; i < 8; ++i) m |= (unsigned)(x[i] < y[i]) << i;
  return (simde__mmask8)m;
}

/* The 128 bits of a in the low lane, the rest zero. */
static inline simde__m512i axiom_shim_mm512_zextsi128_si512(simde__m128i a) {
  uint8_t r[64] = {0};
  memcpy(r, &a, 16);
  simde__m512i v;
  memcpy(&v, r, 64);
  return v;
}

/* _MM_PERM_ENUM: _MM_PERM_AAAA .. _MM_PERM_DDDD, A..D = 0..3, the first letter the top bits. */
/* clang-format 14 does not settle on one layout of these macros. */
/* clang-format off */
#define AXIOM_SHIM_PERM1(p, v) p##A = (v)*4, p##B = (v)*4 + 1, p##C = (v)*4 + 2, p##D = (v)*4 + 3,
#define AXIOM_SHIM_PERM2(p, v) \
  AXIOM_SHIM_PERM1(p##A, (v)*4) AXIOM_SHIM_PERM1(p##B, (v)*4 + 1) \
  AXIOM_SHIM_PERM1(p##C, (v)*4 + 2) AXIOM_SHIM_PERM1(p##D, (v)*4 + 3)
#define AXIOM_SHIM_PERM3(p, v) \
  AXIOM_SHIM_PERM2(p##A, (v)*4) AXIOM_SHIM_PERM2(p##B, (v)*4 + 1) \
  AXIOM_SHIM_PERM2(p##C, (v)*4 + 2) AXIOM_SHIM_PERM2(p##D, (v)*4 + 3)
/* clang-format on */
#undef _MM_PERM_ENUM
typedef enum {
  AXIOM_SHIM_PERM3(_MM_PERM_A, 0) AXIOM_SHIM_PERM3(_MM_PERM_B, 1) AXIOM_SHIM_PERM3(_MM_PERM_C, 2)
      AXIOM_SHIM_PERM3(_MM_PERM_D, 3)
} _MM_PERM_ENUM;
#undef AXIOM_SHIM_PERM1
#undef AXIOM_SHIM_PERM2
#undef AXIOM_SHIM_PERM3

#undef _mm_aesenc_si128
#undef _mm_aesenclast_si128
#undef _mm_aesdec_si128
#undef _mm_aesdeclast_si128
#undef _mm_aesimc_si128
#undef _mm256_aesenc_epi128
#undef _mm256_aesenclast_epi128
#undef _mm256_aesdec_epi128
#undef _mm256_aesdeclast_epi128
#undef _mm512_aesenc_epi128
#undef _mm512_aesenclast_epi128
#undef _mm512_aesdec_epi128
#undef _mm512_aesdeclast_epi128
#undef _mm512_maskz_sllv_epi64
#undef _mm512_maskz_srlv_epi64
#undef _mm512_maskz_srli_epi64
#undef _mm512_maskz_alignr_epi64
#undef _mm512_cmplt_epu64_mask
#undef _mm512_zextsi128_si512
#define _mm_aesenc_si128 axiom_shim_mm_aesenc_si128
#define _mm_aesenclast_si128 axiom_shim_mm_aesenclast_si128
#define _mm_aesdec_si128 axiom_shim_mm_aesdec_si128
#define _mm_aesdeclast_si128 axiom_shim_mm_aesdeclast_si128
#define _mm_aesimc_si128 axiom_shim_mm_aesimc_si128
#define _mm256_aesenc_epi128 axiom_shim_mm256_aesenc_epi128
#define _mm256_aesenclast_epi128 axiom_shim_mm256_aesenclast_epi128
#define _mm256_aesdec_epi128 axiom_shim_mm256_aesdec_epi128
#define _mm256_aesdeclast_epi128 axiom_shim_mm256_aesdeclast_epi128
#define _mm512_aesenc_epi128 axiom_shim_mm512_aesenc_epi128
#define _mm512_aesenclast_epi128 axiom_shim_mm512_aesenclast_epi128
#define _mm512_aesdec_epi128 axiom_shim_mm512_aesdec_epi128
#define _mm512_aesdeclast_epi128 axiom_shim_mm512_aesdeclast_epi128
#define _mm512_maskz_sllv_epi64 axiom_shim_mm512_maskz_sllv_epi64
#define _mm512_maskz_srlv_epi64 axiom_shim_mm512_maskz_srlv_epi64
#define _mm512_maskz_srli_epi64 axiom_shim_mm512_maskz_srli_epi64
#define _mm512_maskz_alignr_epi64 axiom_shim_mm512_maskz_alignr_epi64
#define _mm512_cmplt_epu64_mask axiom_shim_mm512_cmplt_epu64_mask
#define _mm512_zextsi128_si512 axiom_shim_mm512_zextsi128_si512

#endif
