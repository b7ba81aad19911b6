/* fast-streebog's README examples (github.com/vanyabeat/fast-streebog, "Quick Start" and
 * "Streaming API"), unchanged below the marker, built against axiom as C99 to show that its
 * programs compile and link. ctest checks the printed digests. */
/* ---- unchanged from here ---- */
#define STREEBOG_USE_DLL
#include "streebog.h"
#include <stdio.h>

int main() {
  const char* data = "Hello, Streebog!";
  char hash_hex[129];

  // Compute 512-bit hash
  streebog_hash_512_hex((const uint8_t*)data, strlen(data), hash_hex);
  printf("GOST 512: %s\n", hash_hex);

  // Compute 256-bit hash
  char hash256_hex[65];
  streebog_hash_256_hex((const uint8_t*)data, strlen(data), hash256_hex);
  printf("GOST 256: %s\n", hash256_hex);

  // Check library version
  printf("Version: %s\n", streebog_version());

  return 0;
}

void hash_file(FILE* f) {
  streebog_ctx ctx;
  uint8_t buffer[4096];
  uint8_t hash[64];
  char hash_hex[129];

  streebog_init_512(&ctx);

  size_t bytes_read;
  while ((bytes_read = fread(buffer, 1, sizeof(buffer), f)) > 0) {
    streebog_update(&ctx, buffer, bytes_read);
  }

  streebog_final(&ctx, hash);
  streebog_bytes_to_hex(hash, 64, hash_hex);

  printf("File hash: %s\n", hash_hex);
}
