/* The C API from a C99 program: known answers and every documented error path. */
#include <axiom/axiom.h>

#include <stdio.h>
#include <string.h>

#include "c_check.h"

static void hex(char* s, const uint8_t* p, size_t n) {
  size_t i;
  for (i = 0; i < n; ++i) sprintf(s + 2 * i, "%02x", p[i]);
}

int main(void) {
  const char* abc_digest = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
  uint8_t out[32], okm[42];
  char text[2 * 64 + 1];
  axiom_sha256_ctx ctx, fork;

  CHECK(axiom_sha256(out, (const uint8_t*)"abc", 3) == AXIOM_OK);
  hex(text, out, 32);
  CHECK(strcmp(text, abc_digest) == 0);

  CHECK(axiom_sha256_init(&ctx) == AXIOM_OK);
  CHECK(axiom_sha256_update(&ctx, (const uint8_t*)"a", 1) == AXIOM_OK);
  memcpy(&fork, &ctx, sizeof ctx); /* forks the computation */
  CHECK(axiom_sha256_update(&ctx, (const uint8_t*)"bc", 2) == AXIOM_OK);
  CHECK(axiom_sha256_update(&ctx, NULL, 0) == AXIOM_OK);
  CHECK(axiom_sha256_final(&ctx, out) == AXIOM_OK);
  hex(text, out, 32);
  CHECK(strcmp(text, abc_digest) == 0);
  CHECK(axiom_sha256_update(&fork, (const uint8_t*)"bc", 2) == AXIOM_OK);
  CHECK(axiom_sha256_final(&fork, out) == AXIOM_OK);
  hex(text, out, 32);
  CHECK(strcmp(text, abc_digest) == 0);

  /* RFC 4231 test case 2. */
  CHECK(axiom_hmac_sha256(out, (const uint8_t*)"Jefe", 4,
                          (const uint8_t*)"what do ya want for nothing?", 28) == AXIOM_OK);
  hex(text, out, 32);
  CHECK(strcmp(text, "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843") == 0);

  /* RFC 5869 A.3: zero-length salt and info. */
  {
    uint8_t ikm[22];
    memset(ikm, 0x0b, sizeof ikm);
    CHECK(axiom_hkdf_sha256(okm, sizeof okm, ikm, sizeof ikm, NULL, 0, NULL, 0) == AXIOM_OK);
    hex(text, okm, sizeof okm);
    CHECK(strcmp(text,
                 "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d"
                 "9d201395faa4b61a96c8") == 0);
  }

  /* RFC 7914 section 11, first case. */
  {
    uint8_t dk[64];
    CHECK(axiom_pbkdf2_hmac_sha256(dk, sizeof dk, (const uint8_t*)"passwd", 6,
                                   (const uint8_t*)"salt", 4, 1) == AXIOM_OK);
    hex(text, dk, sizeof dk);
    CHECK(strncmp(text, "55ac046e56e3089fec1691c22544b605", 32) == 0);
    CHECK(axiom_pbkdf2_hmac_sha256(dk, sizeof dk, (const uint8_t*)"pw", 2, NULL, 0, 0) ==
          AXIOM_ERR_INVALID_ARGUMENT);
    CHECK(dk[0] == 0 && dk[63] == 0); /* zeroed on failure */
  }

  /* Error paths. */
  CHECK(axiom_sha256(NULL, (const uint8_t*)"abc", 3) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_sha256(out, NULL, 3) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_sha256_init(NULL) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_sha256_init(&ctx) == AXIOM_OK);
  CHECK(axiom_sha256_update(&ctx, NULL, 1) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_sha256_final(&ctx, NULL) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_sha256_final(&ctx, out) == AXIOM_OK);
  CHECK(axiom_hmac_sha256(out, NULL, 5, NULL, 0) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_hkdf_sha256(NULL, 5, NULL, 0, NULL, 0, NULL, 0) == AXIOM_ERR_NULL_POINTER);
  {
    static uint8_t big[255 * 32 + 1];
    big[0] = 1;
    CHECK(axiom_hkdf_sha256(big, sizeof big, NULL, 0, NULL, 0, NULL, 0) ==
          AXIOM_ERR_OUTPUT_TOO_LONG);
    CHECK(big[0] == 0);
  }
  CHECK(axiom_random(NULL, 1) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_random(okm, sizeof okm) == AXIOM_OK);
  CHECK(axiom_ct_equal(out, out, 32) == 1);
  CHECK(axiom_ct_equal(NULL, out, 32) == 0);
  CHECK(strcmp(axiom_error_text(AXIOM_ERR_AUTHENTICATION_FAILED), "authentication failed") == 0);
  CHECK(strcmp(axiom_error_text(AXIOM_ERR_NULL_POINTER), "null pointer with a non-zero length") ==
        0);
  CHECK(strcmp(axiom_error_text(12345), "unknown error") == 0);
  CHECK(strlen(axiom_version()) > 0);
  axiom_wipe(out, sizeof out);
  CHECK(out[0] == 0 && out[31] == 0);

  printf("c_api: %s\n", failures ? "FAILED" : "all checks passed");
  return failures ? 1 : 0;
}
