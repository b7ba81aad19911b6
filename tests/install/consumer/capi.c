/* A C99 program over the installed C API, built against the shared library (on Windows through
 * axiom.h's dllimport declarations) and against the static one (AXIOM_STATIC, set by the CMake
 * target). */
#include <axiom/axiom.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  static const uint8_t abc_digest_start[4] = {0xba, 0x78, 0x16, 0xbf};
  uint8_t digest[AXIOM_SHA256_DIGEST_SIZE];
  if (axiom_sha256(digest, (const uint8_t*)"abc", 3) != AXIOM_OK ||
      memcmp(digest, abc_digest_start, sizeof abc_digest_start) != 0) {
    puts("axiom_sha256 gave a wrong digest");
    return 1;
  }
  printf("axiom %s\n", axiom_version());
  return 0;
}
