/* The many-stream C calls (axiom_*_cbc_encrypt_many, _many_padded, axiom_*_cmac_many) from a
 * C99 program: for AES-128/192/256, SM4 and Kuznyechik, every job's output equals the
 * single-stream C call's (messages of mixed lengths, more jobs than one call steps side by
 * side, and in place); then every documented error path, each writing nothing. Compiled with
 * -std=c99 -pedantic and linked both static and shared. */
#include <axiom/axiom.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "c_check.h"

/* The calls of one cipher, on its context passed as void*. */
typedef struct cipher_calls {
  const char* name;
  int (*cbc)(const void* ctx, uint8_t iv[16], uint8_t* out, size_t out_len, const uint8_t* in,
             size_t in_len);
  int (*cmac)(const void* ctx, uint8_t tag[16], const uint8_t* msg, size_t msg_len);
  int (*cbc_many)(const void* ctx, const axiom_cbc_job* jobs, size_t n);
  int (*cbc_many_padded)(const void* ctx, const axiom_cbc_job* jobs, size_t n);
  int (*cmac_many)(const void* ctx, axiom_cmac_job* jobs, size_t n);
} cipher_calls;

#define CALLS(prefix)                                                                              \
  static int prefix##_cbc1(const void* c, uint8_t iv[16], uint8_t* o, size_t ol, const uint8_t* i, \
                           size_t il) {                                                            \
    return prefix##_cbc_encrypt((const prefix##_ctx*)c, iv, o, ol, i, il);                         \
  }                                                                                                \
  static int prefix##_cmac1(const void* c, uint8_t tag[16], const uint8_t* m, size_t n) {          \
    return prefix##_cmac((const prefix##_ctx*)c, tag, m, n);                                       \
  }                                                                                                \
  static int prefix##_many(const void* c, const axiom_cbc_job* j, size_t n) {                      \
    return prefix##_cbc_encrypt_many((const prefix##_ctx*)c, j, n);                                \
  }                                                                                                \
  static int prefix##_many_padded(const void* c, const axiom_cbc_job* j, size_t n) {               \
    return prefix##_cbc_encrypt_many_padded((const prefix##_ctx*)c, j, n);                         \
  }                                                                                                \
  static int prefix##_cmac_n(const void* c, axiom_cmac_job* j, size_t n) {                         \
    return prefix##_cmac_many((const prefix##_ctx*)c, j, n);                                       \
  }                                                                                                \
  static const cipher_calls prefix##_calls =                                                       \
      {#prefix,       prefix##_cbc1,        prefix##_cmac1,                                        \
       prefix##_many, prefix##_many_padded, prefix##_cmac_n};
CALLS(axiom_aes)
CALLS(axiom_sm4)
CALLS(axiom_kuznyechik)

enum { JOBS = 70, MAX_LEN = 1100, ROOM = MAX_LEN + 32 };

static uint8_t in[JOBS][ROOM], out[JOBS][ROOM], want[JOBS][ROOM];
static size_t len[JOBS];

/* next: a small deterministic generator (xorshift64). */
static uint64_t seed = 0x9e3779b97f4a7c15u;
static uint64_t next(void) {
  seed ^= seed << 13;
  seed ^= seed >> 7;
  seed ^= seed << 17;
  return seed;
}

/* fill picks n lengths (every eighth 0, some 16, the others 0..MAX_LEN) and random messages. */
static void fill(size_t n, int whole_blocks) {
  size_t i, j;
  for (i = 0; i < n; ++i) {
    len[i] = i % 8 == 0 ? 0 : i % 8 == 1 ? 16 : (size_t)(next() % (MAX_LEN + 1));
    if (whole_blocks) len[i] -= len[i] % 16;
    for (j = 0; j < ROOM; ++j) in[i][j] = (uint8_t)next();
  }
}

static void test_equal_to_one_stream(const cipher_calls* c, const void* ctx) {
  static const size_t counts[] = {1, 8, 15, 16, 17, 33, JOBS};
  axiom_cbc_job jobs[JOBS];
  axiom_cmac_job macs[JOBS];
  size_t k, i;
  for (k = 0; k < sizeof counts / sizeof counts[0]; ++k) {
    const size_t n = counts[k];
    int bad = 0;
    /* Raw CBC to separate buffers, against axiom_*_cbc_encrypt on a copy of the IV. */
    fill(n, 1);
    for (i = 0; i < n; ++i) {
      uint8_t iv[16];
      memcpy(iv, in[i] + MAX_LEN, 16);
      CHECK(c->cbc(ctx, iv, want[i], len[i], in[i], len[i]) == AXIOM_OK);
      jobs[i].out = out[i];
      jobs[i].out_len = len[i];
      jobs[i].in = in[i];
      jobs[i].in_len = len[i];
      memcpy(jobs[i].iv, in[i] + MAX_LEN, 16);
    }
    CHECK(c->cbc_many(ctx, jobs, n) == AXIOM_OK);
    for (i = 0; i < n; ++i) bad |= memcmp(out[i], want[i], len[i]) != 0;
    /* In place. */
    for (i = 0; i < n; ++i) jobs[i].out = in[i];
    CHECK(c->cbc_many(ctx, jobs, n) == AXIOM_OK);
    for (i = 0; i < n; ++i) bad |= memcmp(in[i], want[i], len[i]) != 0;
    if (bad) fprintf(stderr, "%s cbc_encrypt_many, %u jobs\n", c->name, (unsigned)n);
    CHECK(!bad);

    /* PKCS#7: any lengths; want is the raw CBC of the message padded by hand. */
    bad = 0;
    fill(n, 0);
    for (i = 0; i < n; ++i) {
      const size_t padded = (len[i] / 16 + 1) * 16;
      uint8_t iv[16], msg[ROOM];
      memcpy(msg, in[i], len[i]);
      memset(msg + len[i], (int)(padded - len[i]), padded - len[i]);
      memcpy(iv, in[i] + MAX_LEN + 16, 16);
      CHECK(c->cbc(ctx, iv, want[i], padded, msg, padded) == AXIOM_OK);
      jobs[i].out = out[i];
      jobs[i].out_len = padded + (i % 3); /* room to spare is allowed */
      jobs[i].in = in[i];
      jobs[i].in_len = len[i];
      memcpy(jobs[i].iv, in[i] + MAX_LEN + 16, 16);
    }
    CHECK(c->cbc_many_padded(ctx, jobs, n) == AXIOM_OK);
    for (i = 0; i < n; ++i) bad |= memcmp(out[i], want[i], (len[i] / 16 + 1) * 16) != 0;
    for (i = 0; i < n; ++i) jobs[i].out = in[i]; /* in place: in[i] has room for the padding */
    CHECK(c->cbc_many_padded(ctx, jobs, n) == AXIOM_OK);
    for (i = 0; i < n; ++i) bad |= memcmp(in[i], want[i], (len[i] / 16 + 1) * 16) != 0;
    if (bad) fprintf(stderr, "%s cbc_encrypt_many_padded, %u jobs\n", c->name, (unsigned)n);
    CHECK(!bad);

    /* CMAC, against axiom_*_cmac. */
    bad = 0;
    fill(n, 0);
    for (i = 0; i < n; ++i) {
      CHECK(c->cmac(ctx, want[i], in[i], len[i]) == AXIOM_OK);
      macs[i].msg = len[i] ? in[i] : NULL; /* NULL with length 0 is allowed */
      macs[i].msg_len = len[i];
      memset(macs[i].tag, 0, 16);
    }
    CHECK(c->cmac_many(ctx, macs, n) == AXIOM_OK);
    for (i = 0; i < n; ++i) bad |= memcmp(macs[i].tag, want[i], 16) != 0;
    if (bad) fprintf(stderr, "%s cmac_many, %u jobs\n", c->name, (unsigned)n);
    CHECK(!bad);
  }
}

/* untouched: the buffer still holds the 0xee it was filled with. */
static int untouched(const uint8_t* p, size_t n) {
  size_t i;
  for (i = 0; i < n; ++i)
    if (p[i] != 0xee) return 0;
  return 1;
}

/* set_job fills a CBC job. */
static axiom_cbc_job job(uint8_t* o, size_t ol, const uint8_t* i, size_t il) {
  axiom_cbc_job j;
  j.out = o;
  j.out_len = ol;
  j.in = i;
  j.in_len = il;
  memset(j.iv, 7, 16);
  return j;
}

/* Every error, in axiom.h's order, with a good first job whose output must stay untouched. */
static void test_errors(void) {
  axiom_aes_ctx aes, empty;
  uint8_t key[16], pt[64], a[80], b[80];
  axiom_cbc_job jobs[3];
  axiom_cmac_job macs[2];
  memset(key, 1, 16);
  memset(pt, 2, 64);
  CHECK(axiom_aes_init(&aes, key, 16) == AXIOM_OK);
  CHECK(axiom_aes_init(&empty, key, 15) == AXIOM_ERR_INVALID_KEY_SIZE);
  memset(a, 0xee, sizeof a);
  memset(b, 0xee, sizeof b);

  CHECK(axiom_aes_cbc_encrypt_many(&aes, NULL, 0) == AXIOM_OK);
  CHECK(axiom_aes_cbc_encrypt_many_padded(&aes, NULL, 0) == AXIOM_OK);
  CHECK(axiom_aes_cmac_many(&aes, NULL, 0) == AXIOM_OK);
  CHECK(axiom_aes_cbc_encrypt_many(&aes, NULL, 1) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_cmac_many(&aes, NULL, 1) == AXIOM_ERR_NULL_POINTER);

  jobs[0] = job(a, 64, pt, 64);
  /* NULL pointers: a job's out or in, then the context (after the buffers). */
  jobs[1] = job(NULL, 16, pt, 16);
  CHECK(axiom_aes_cbc_encrypt_many(&aes, jobs, 2) == AXIOM_ERR_NULL_POINTER);
  jobs[1] = job(b, 16, NULL, 16);
  CHECK(axiom_aes_cbc_encrypt_many_padded(&aes, jobs, 2) == AXIOM_ERR_NULL_POINTER);
  jobs[1] = job(b, 16, pt, 16);
  CHECK(axiom_aes_cbc_encrypt_many(NULL, jobs, 2) == AXIOM_ERR_NULL_POINTER);
  /* Each check runs over all jobs before the next: a wrong size in job 1, a NULL in job 2. */
  jobs[1] = job(b, 32, pt, 16);
  jobs[2] = job(NULL, 16, pt, 16);
  CHECK(axiom_aes_cbc_encrypt_many(&aes, jobs, 3) == AXIOM_ERR_NULL_POINTER);
  /* Lengths no object can have: a job's, and the job count's. */
  jobs[1] = job(b, 16, pt, HUGE_LEN);
  CHECK(axiom_aes_cbc_encrypt_many(&aes, jobs, 2) == AXIOM_ERR_INVALID_LENGTH);
  CHECK(axiom_aes_cbc_encrypt_many(&aes, jobs, HUGE_LEN / 8) == AXIOM_ERR_INVALID_LENGTH);
  CHECK(axiom_aes_cmac_many(&aes, macs, HUGE_LEN / 8) == AXIOM_ERR_INVALID_LENGTH);
  /* A context without a key; then a raw length of partial blocks (the padded form takes it). */
  jobs[1] = job(b, 16, pt, 16);
  CHECK(axiom_aes_cbc_encrypt_many(&empty, jobs, 2) == AXIOM_ERR_INVALID_ARGUMENT);
  jobs[1] = job(b, 17, pt, 17);
  CHECK(axiom_aes_cbc_encrypt_many(&aes, jobs, 2) == AXIOM_ERR_INVALID_ARGUMENT);
  /* Overlaps: out partly over in; out over the jobs array (which holds the IVs). */
  jobs[1] = job(b + 16, 32, b, 32);
  CHECK(axiom_aes_cbc_encrypt_many(&aes, jobs, 2) == AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_aes_cbc_encrypt_many_padded(&aes, jobs, 2) == AXIOM_ERR_OVERLAPPING_BUFFERS);
  jobs[1] = job((uint8_t*)&jobs[0], 16, pt, 16);
  CHECK(axiom_aes_cbc_encrypt_many(&aes, jobs, 2) == AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(((const uint8_t*)jobs[0].iv)[0] == 7); /* the job array is untouched */
  /* Output sizes: raw out_len != in_len; padded out_len below the padded size. */
  jobs[1] = job(b, 48, pt, 32);
  CHECK(axiom_aes_cbc_encrypt_many(&aes, jobs, 2) == AXIOM_ERR_OUTPUT_SIZE_MISMATCH);
  jobs[1] = job(b, 32, pt, 32); /* 32 bytes pad to 48 */
  CHECK(axiom_aes_cbc_encrypt_many_padded(&aes, jobs, 2) == AXIOM_ERR_OUTPUT_SIZE_MISMATCH);
  CHECK(untouched(a, sizeof a) && untouched(b, sizeof b));

  /* CMAC: a NULL message, an absurd length, no key, a message over the jobs (the tags). */
  macs[0].msg = pt;
  macs[0].msg_len = 64;
  memset(macs[0].tag, 0xee, 16);
  macs[1].msg = NULL;
  macs[1].msg_len = 1;
  memset(macs[1].tag, 0xee, 16);
  CHECK(axiom_aes_cmac_many(&aes, macs, 2) == AXIOM_ERR_NULL_POINTER);
  macs[1].msg = pt;
  macs[1].msg_len = HUGE_LEN;
  CHECK(axiom_aes_cmac_many(&aes, macs, 2) == AXIOM_ERR_INVALID_LENGTH);
  macs[1].msg_len = 16;
  CHECK(axiom_aes_cmac_many(NULL, macs, 2) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_cmac_many(&empty, macs, 2) == AXIOM_ERR_INVALID_ARGUMENT);
  macs[1].msg = (const uint8_t*)macs;
  CHECK(axiom_aes_cmac_many(&aes, macs, 2) == AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(untouched(macs[0].tag, 16) && untouched(macs[1].tag, 16));
  axiom_aes_clear(&aes);
}

/* SM4 and Kuznyechik share the checks; their own context checks: none, no key. */
static void test_other_contexts(void) {
  axiom_sm4_ctx sm4;
  axiom_kuznyechik_ctx kuz;
  uint8_t key[32], pt[16], o[16];
  axiom_cbc_job j;
  axiom_cmac_job m;
  memset(key, 3, 32);
  memset(pt, 4, 16);
  memset(o, 0xee, 16);
  j = job(o, 16, pt, 16);
  m.msg = pt;
  m.msg_len = 16;
  memset(m.tag, 0xee, 16);
  CHECK(axiom_sm4_init(&sm4, key, 32) == AXIOM_ERR_INVALID_KEY_SIZE);
  CHECK(axiom_kuznyechik_init(&kuz, key, 16) == AXIOM_ERR_INVALID_KEY_SIZE);
  CHECK(axiom_sm4_cbc_encrypt_many(&sm4, &j, 1) == AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(axiom_sm4_cbc_encrypt_many_padded(NULL, &j, 1) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_sm4_cmac_many(&sm4, &m, 1) == AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(axiom_kuznyechik_cbc_encrypt_many(&kuz, &j, 1) == AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(axiom_kuznyechik_cbc_encrypt_many_padded(NULL, &j, 1) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_kuznyechik_cmac_many(&kuz, &m, 1) == AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(untouched(o, 16) && untouched(m.tag, 16));
}

int main(void) {
  axiom_aes_ctx aes;
  axiom_sm4_ctx sm4;
  axiom_kuznyechik_ctx kuz;
  uint8_t key[32];
  size_t k;
  for (k = 0; k < 32; ++k) key[k] = (uint8_t)(k * 37 + 11);
  for (k = 16; k <= 32; k += 8) {
    CHECK(axiom_aes_init(&aes, key, k) == AXIOM_OK);
    test_equal_to_one_stream(&axiom_aes_calls, &aes);
    axiom_aes_clear(&aes);
  }
  CHECK(axiom_sm4_init(&sm4, key, 16) == AXIOM_OK);
  test_equal_to_one_stream(&axiom_sm4_calls, &sm4);
  axiom_sm4_clear(&sm4);
  CHECK(axiom_kuznyechik_init(&kuz, key, 32) == AXIOM_OK);
  test_equal_to_one_stream(&axiom_kuznyechik_calls, &kuz);
  axiom_kuznyechik_clear(&kuz);
  test_errors();
  test_other_contexts();
  printf("c_api.many: %s\n", failures ? "FAILED" : "all checks passed");
  return failures ? 1 : 0;
}
