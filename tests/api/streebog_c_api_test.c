/* The fast-streebog C API of streebog.h (axiom_streebog_compat) from a C99 program: known answers,
 * streaming, forks, hex output and every return code of streebog_hash_file_dual. */
#define _POSIX_C_SOURCE 200809L
#include <axiom/streebog.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "c_check.h"

/* RFC 6986 M1 and its digests, in memory order (as gost12sum prints them). */
static const char m1[] = "012345678901234567890123456789012345678901234567890123456789012";
static const char m1_256[] = "9d151eefd8590b89daa6ba6cb74af9275dd051026bb149a452fd84e5e57b5500";
static const char empty_512[] =
    "8e945da209aa869f0455928529bcae4679e9873ab707b55315f56ceb98bef0a7"
    "362f715528356ee83cda5f2aac4c6ad2ba3a715c1bcd81cb8e9f90bf4c1c1a8a";

struct progress {
  size_t calls, last, total;
};

static void on_progress(size_t done, size_t total, void* user) {
  struct progress* p = (struct progress*)user;
  p->calls++;
  p->last = done;
  p->total = total;
}

int main(void) {
  uint8_t d256[32], d512[64], f256[32], f512[64];
  char text[129];
  streebog_ctx ctx, fork;
  const uint8_t* msg = (const uint8_t*)m1;
  size_t i;

  streebog_hash_256(msg, 63, d256);
  streebog_bytes_to_hex(d256, 32, text);
  CHECK(strcmp(text, m1_256) == 0);
  streebog_hash_256_hex(msg, 63, text);
  CHECK(strcmp(text, m1_256) == 0);
  streebog_hash_512_hex(NULL, 0, text);
  CHECK(strcmp(text, empty_512) == 0);
  streebog_hash_512(NULL, 0, d512);
  streebog_bytes_to_hex(d512, 64, text);
  CHECK(strcmp(text, empty_512) == 0);

  /* Streaming byte by byte, with a fork half way. */
  streebog_init_256(&ctx);
  for (i = 0; i < 30; ++i) streebog_update(&ctx, msg + i, 1);
  memcpy(&fork, &ctx, sizeof ctx);
  for (; i < 63; ++i) streebog_update(&ctx, msg + i, 1);
  streebog_update(&ctx, NULL, 0);
  streebog_final(&ctx, d256);
  streebog_bytes_to_hex(d256, 32, text);
  CHECK(strcmp(text, m1_256) == 0);
  streebog_update(&fork, msg + 30, 33);
  streebog_final(&fork, d256);
  streebog_bytes_to_hex(d256, 32, text);
  CHECK(strcmp(text, m1_256) == 0);
  streebog_init_512(&ctx);
  streebog_final(&ctx, d512);
  streebog_bytes_to_hex(d512, 64, text);
  CHECK(strcmp(text, empty_512) == 0);
  CHECK(strlen(streebog_version()) > 0);
  CHECK(strcmp(streebog_version(), axiom_version()) == 0);

  /* A file of 200000 bytes: both digests in one pass equal the one-shot ones. */
  {
    char path[] = "/tmp/axiom_streebog_XXXXXX";
    const size_t size = 200000;
    uint8_t* data = (uint8_t*)malloc(size);
    struct progress p = {0, 0, 0};
    int fd = mkstemp(path);
    FILE* f;
    CHECK(fd >= 0 && data != NULL);
    if (fd < 0 || data == NULL) return 1;
    for (i = 0; i < size; ++i) data[i] = (uint8_t)(i * 7 + (i >> 8));
    f = fdopen(fd, "wb");
    CHECK(f != NULL && fwrite(data, 1, size, f) == size);
    fclose(f);
    CHECK(streebog_hash_file_dual(path, f256, f512, on_progress, &p) == 0);
    streebog_hash_256(data, size, d256);
    streebog_hash_512(data, size, d512);
    CHECK(memcmp(f256, d256, 32) == 0);
    CHECK(memcmp(f512, d512, 64) == 0);
    CHECK(p.calls >= 2 && p.last == size && p.total == size);
    memset(f512, 0, 64);
    CHECK(streebog_hash_file_dual(path, NULL, f512, NULL, NULL) == 0);
    CHECK(memcmp(f512, d512, 64) == 0);
    CHECK(streebog_hash_file_dual(path, NULL, NULL, NULL, NULL) == -3);
    CHECK(streebog_hash_file_dual("/nonexistent/file", f256, f512, NULL, NULL) == -1);
#if defined(_WIN32)
    CHECK(streebog_hash_file_dual("/tmp", f256, f512, NULL, NULL) ==
          -1); /* no fopen of a directory */
#else
    CHECK(streebog_hash_file_dual("/tmp", f256, f512, NULL, NULL) == -2); /* a directory */
#endif
    CHECK(memcmp(f256, d256, 32) == 0); /* unchanged on failure */
    unlink(path);
    free(data);
  }

  if (failures) fprintf(stderr, "%d checks failed\n", failures);
  return failures ? 1 : 0;
}
