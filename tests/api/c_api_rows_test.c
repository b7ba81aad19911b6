/* Every row of the block-cipher list (src/core/block_ciphers.h) has its C functions in axiom.h,
 * with their signatures: each is assigned to a pointer of its exact type, so a row without its
 * functions does not compile (built -pedantic-errors with incompatible pointers as errors).
 * Then each row's functions run once: an unkeyed context is refused, a key of no size the row
 * takes is refused, and under a key of its first accepted size (16, 24 or 32 bytes) the block
 * functions invert each other, CTR twice is the identity, streaming CMAC equals one-shot CMAC
 * and the many-message calls equal one message each. */
#include <axiom/axiom.h>

#include "c_check.h"
#include "core/block_ciphers.h"

/* XTS for the rows of 16-byte blocks, CTR-ACPKM and MGM for the GOST rows: their signatures. */
#define XTS_16(f)                                                                                \
  {                                                                                              \
    int (*xts[2])(const axiom_##f##_ctx*, const axiom_##f##_ctx*, int, const uint8_t*, uint8_t*, \
                  size_t, const uint8_t*,                                                        \
                  size_t) = {axiom_##f##_xts_encrypt, axiom_##f##_xts_decrypt};                  \
    (void)xts;                                                                                   \
  }
#define XTS_8(f)
#define EXTRA_nist(f)
#define EXTRA_gost(f)                                                                          \
  {                                                                                            \
    int (*acpkm)(const axiom_##f##_ctx*, const uint8_t*, size_t, size_t, uint8_t*, size_t,     \
                 const uint8_t*, size_t) = axiom_##f##_ctr_acpkm_xor;                          \
    int (*mgm[2])(const axiom_##f##_ctx*, uint8_t*, size_t, const uint8_t*, size_t,            \
                  const uint8_t*, size_t, const uint8_t*,                                      \
                  size_t) = {axiom_##f##_mgm_seal, axiom_##f##_mgm_open};                      \
    int (*mgm_seal_detached)(const axiom_##f##_ctx*, uint8_t*, size_t, uint8_t*, size_t,       \
                             const uint8_t*, size_t, const uint8_t*, size_t, const uint8_t*,   \
                             size_t) = axiom_##f##_mgm_seal_detached;                          \
    int (*mgm_open_detached)(const axiom_##f##_ctx*, uint8_t*, size_t, const uint8_t*, size_t, \
                             const uint8_t*, size_t, const uint8_t*, size_t, const uint8_t*,   \
                             size_t) = axiom_##f##_mgm_open_detached;                          \
    (void)acpkm, (void)mgm, (void)mgm_seal_detached, (void)mgm_open_detached;                  \
  }

#define ROW(f, block, standard, ...)                                                               \
  {                                                                                                \
    int (*init)(axiom_##f##_ctx*, const uint8_t*, size_t) = axiom_##f##_init;                      \
    void (*clear)(axiom_##f##_ctx*) = axiom_##f##_clear;                                           \
    int (*blockf[2])(const axiom_##f##_ctx*, uint8_t*, const uint8_t*) = {                         \
        axiom_##f##_encrypt_block, axiom_##f##_decrypt_block};                                     \
    int (*whole[2])(const axiom_##f##_ctx*, uint8_t*, size_t, const uint8_t*, size_t) = {          \
        axiom_##f##_ecb_encrypt, axiom_##f##_ecb_decrypt};                                         \
    int (*chained[5])(const axiom_##f##_ctx*, uint8_t*, uint8_t*, size_t, const uint8_t*,          \
                      size_t) = {axiom_##f##_cbc_encrypt, axiom_##f##_cbc_decrypt,                 \
                                 axiom_##f##_cfb_encrypt, axiom_##f##_cfb_decrypt,                 \
                                 axiom_##f##_ofb_xor};                                             \
    int (*ctr)(const axiom_##f##_ctx*, const uint8_t*, uint64_t, uint8_t*, size_t, const uint8_t*, \
               size_t) = axiom_##f##_ctr_xor;                                                      \
    int (*cmac)(const axiom_##f##_ctx*, uint8_t*, const uint8_t*, size_t) = axiom_##f##_cmac;      \
    int (*cmac_init)(axiom_##f##_cmac_ctx*, const axiom_##f##_ctx*) = axiom_##f##_cmac_init;       \
    int (*cmac_update)(axiom_##f##_cmac_ctx*, const uint8_t*, size_t) = axiom_##f##_cmac_update;   \
    int (*cmac_final)(axiom_##f##_cmac_ctx*, uint8_t*) = axiom_##f##_cmac_final;                   \
    int (*cbc_many[2])(const axiom_##f##_ctx*, const axiom_cbc_job*, size_t) = {                   \
        axiom_##f##_cbc_encrypt_many, axiom_##f##_cbc_encrypt_many_padded};                        \
    int (*cmac_many)(const axiom_##f##_ctx*, axiom_cmac_job*, size_t) = axiom_##f##_cmac_many;     \
    axiom_##f##_ctx ctx;                                                                           \
    axiom_##f##_cmac_ctx mac;                                                                      \
    uint8_t iv[block], a[4 * block], b[4 * block], c[4 * block], d[5 * block], t1[block],          \
        t2[block];                                                                                 \
    size_t i, key_len = 0;                                                                         \
    XTS_##block(f) EXTRA_##standard(f);                                                            \
    memset(&ctx, 0, sizeof ctx);                                                                   \
    memset(iv, 7, sizeof iv);                                                                      \
    for (i = 0; i < sizeof a; ++i) a[i] = (uint8_t)(i * 13 + 1);                                   \
    CHECK(blockf[0](&ctx, b, a) == AXIOM_ERR_INVALID_ARGUMENT);                                    \
    for (i = 0; i < 5; ++i) CHECK(chained[i](&ctx, iv, b, 0, a, 0) == AXIOM_ERR_INVALID_ARGUMENT); \
    CHECK(init(&ctx, key, 0) == AXIOM_ERR_INVALID_KEY_SIZE);                                       \
    for (i = 16; i <= 32 && key_len == 0; i += 8)                                                  \
      if (init(&ctx, key, i) == AXIOM_OK) key_len = i;                                             \
    CHECK(key_len != 0);                                                                           \
    CHECK(blockf[0](&ctx, b, a) == AXIOM_OK && blockf[1](&ctx, c, b) == AXIOM_OK &&                \
          memcmp(c, a, block) == 0 && memcmp(b, a, block) != 0);                                   \
    CHECK(whole[0](&ctx, b, sizeof b, a, sizeof a) == AXIOM_OK &&                                  \
          whole[1](&ctx, c, sizeof c, b, sizeof b) == AXIOM_OK && memcmp(c, a, sizeof a) == 0);    \
    for (i = 0; i < 5; i += 2) {                                                                   \
      uint8_t v[block];                                                                            \
      memset(v, 7, sizeof v);                                                                      \
      CHECK(chained[i](&ctx, v, b, sizeof b, a, sizeof a) == AXIOM_OK);                            \
      memset(v, 7, sizeof v);                                                                      \
      CHECK(chained[i == 4 ? 4 : i + 1](&ctx, v, c, sizeof c, b, sizeof b) == AXIOM_OK &&          \
            memcmp(c, a, sizeof a) == 0);                                                          \
    }                                                                                              \
    CHECK(ctr(&ctx, iv, 0, b, sizeof b, a, sizeof a) == AXIOM_OK &&                                \
          ctr(&ctx, iv, 0, c, sizeof c, b, sizeof b) == AXIOM_OK && memcmp(c, a, sizeof a) == 0);  \
    CHECK(cmac(&ctx, t1, a, sizeof a - 3) == AXIOM_OK && cmac_init(&mac, &ctx) == AXIOM_OK &&      \
          cmac_update(&mac, a, 5) == AXIOM_OK &&                                                   \
          cmac_update(&mac, a + 5, sizeof a - 8) == AXIOM_OK &&                                    \
          cmac_final(&mac, t2) == AXIOM_OK && memcmp(t1, t2, block) == 0);                         \
    {                                                                                              \
      axiom_cbc_job job;                                                                           \
      axiom_cmac_job mjob;                                                                         \
      uint8_t v[block];                                                                            \
      memset(&job, 0, sizeof job);                                                                 \
      memset(&mjob, 0, sizeof mjob);                                                               \
      memset(v, 7, sizeof v);                                                                      \
      memcpy(job.iv, v, block);                                                                    \
      job.out = c, job.out_len = sizeof c, job.in = a, job.in_len = sizeof a;                      \
      mjob.msg = a, mjob.msg_len = sizeof a - 3;                                                   \
      CHECK(chained[0](&ctx, v, b, sizeof b, a, sizeof a) == AXIOM_OK &&                           \
            cbc_many[0](&ctx, &job, 1) == AXIOM_OK && memcmp(b, c, sizeof b) == 0);                \
      CHECK(cmac_many(&ctx, &mjob, 1) == AXIOM_OK && memcmp(mjob.tag, t1, block) == 0);            \
      job.out = d, job.out_len = sizeof d;                                                         \
      CHECK(cbc_many[1](&ctx, &job, 1) == AXIOM_OK && memcmp(d, b, sizeof b) == 0);                \
    }                                                                                              \
    clear(&ctx);                                                                                   \
    CHECK(blockf[0](&ctx, b, a) == AXIOM_ERR_INVALID_ARGUMENT);                                    \
    printf("%s: %zu-byte key, %d-byte blocks\n", #f, key_len, block);                              \
    ++rows;                                                                                        \
  }

int main(void) {
  static const uint8_t key[32] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16,
                                  17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32};
  int rows = 0;
  AXIOM_BLOCK_CIPHERS(ROW)
  CHECK(rows > 0);
  return failures != 0;
}
