/* streebog.h: fast-streebog's C function set over axiom's Streebog, in the library
 * axiom_streebog_compat (link it as well as axiom; pkg-config axiom_streebog_compat, CMake
 * axiom::streebog_compat), so that libaxiom itself exports only axiom_* names and never clashes
 * with another Streebog. The file has the name under which fast-streebog's programs include its
 * header; it also includes <stdio.h> and <string.h>, which fast-streebog's README examples use
 * without including them (its header pulled them in on Windows), so those programs compile
 * unchanged. STREEBOG_USE_DLL and STREEBOG_BUILD_DLL are accepted and ignored. */
#ifndef AXIOM_STREEBOG_H
#define AXIOM_STREEBOG_H
#include <stdio.h>
#include <string.h>

#include "axiom.h"

/* AXIOM_STREEBOG_API marks each function of this header, as AXIOM_API does for axiom.h: exported
 * by the axiom_streebog_compat DLL (its build defines AXIOM_BUILDING_STREEBOG_COMPAT), imported by
 * its users unless AXIOM_STATIC is defined (the static library's CMake target and pkg-config
 * --static do so). */
#if defined(_WIN32) || defined(__CYGWIN__)
#if defined(AXIOM_BUILDING_STREEBOG_COMPAT)
#define AXIOM_STREEBOG_API __declspec(dllexport)
#elif defined(AXIOM_STATIC)
#define AXIOM_STREEBOG_API
#else
#define AXIOM_STREEBOG_API __declspec(dllimport)
#endif
#elif defined(__GNUC__)
#define AXIOM_STREEBOG_API __attribute__((visibility("default")))
#else
#define AXIOM_STREEBOG_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Streebog (GOST R 34.11-2012): the fast-streebog function set, same names and semantics, so
 * that its programs compile and link against axiom unchanged. Digests are bytes in memory order, as
 * gost12sum prints them. Where fast-streebog's functions return nothing, these return AXIOM_OK or
 * an AXIOM_ERR_* code under this header's rules (its programs ignore it): a NULL pointer, an
 * impossible length, a context not started or already finished (AXIOM_ERR_INVALID_ARGUMENT),
 * overlaps. */

/* streebog_ctx holds a Streebog-256 or -512 computation; its contents are private (unlike
 * fast-streebog's, it holds no pointer: nothing is allocated). 288 bytes, aligned as uint64_t.
 * Copying it forks the computation. One context must not be used by two threads at once. */
typedef struct streebog_ctx {
  uint64_t opaque[36];
} streebog_ctx;

/* streebog_init_512 starts a Streebog-512 message in ctx (64-byte digest). */
AXIOM_STREEBOG_API int streebog_init_512(streebog_ctx* ctx);
/* streebog_init_256 starts a Streebog-256 message in ctx (32-byte digest). */
AXIOM_STREEBOG_API int streebog_init_256(streebog_ctx* ctx);
/* streebog_update appends len bytes at data to the message (data may be NULL if len is 0). */
AXIOM_STREEBOG_API int streebog_update(streebog_ctx* ctx, const uint8_t* data, size_t len);
/* streebog_final writes the digest (64 or 32 bytes, as ctx was started) to out and wipes ctx;
 * start it again to reuse it (until then it is AXIOM_ERR_INVALID_ARGUMENT). */
AXIOM_STREEBOG_API int streebog_final(streebog_ctx* ctx, uint8_t* out);
/* streebog_hash_512 writes the 64-byte Streebog-512 of len bytes at data to out. */
AXIOM_STREEBOG_API int streebog_hash_512(const uint8_t* data, size_t len, uint8_t* out);
/* streebog_hash_256 writes the 32-byte Streebog-256 of len bytes at data to out. */
AXIOM_STREEBOG_API int streebog_hash_256(const uint8_t* data, size_t len, uint8_t* out);
/* streebog_hash_512_hex writes Streebog-512 as 128 lowercase hex digits and a NUL (129 bytes). */
AXIOM_STREEBOG_API int streebog_hash_512_hex(const uint8_t* data, size_t len, char* out);
/* streebog_hash_256_hex writes Streebog-256 as 64 lowercase hex digits and a NUL (65 bytes). */
AXIOM_STREEBOG_API int streebog_hash_256_hex(const uint8_t* data, size_t len, char* out);
/* streebog_bytes_to_hex writes hash_len bytes at hash as lowercase hex and a NUL to out
 * (2 * hash_len + 1 bytes, which must not overlap hash). */
AXIOM_STREEBOG_API int streebog_bytes_to_hex(const uint8_t* hash, size_t hash_len, char* out);
/* streebog_version returns the library version, as axiom_version (static, never NULL). */
AXIOM_STREEBOG_API const char* streebog_version(void);
/* streebog_hash_file_dual hashes the file at filepath once and writes its Streebog-256 (32
 * bytes) to hash_256 and its Streebog-512 (64 bytes) to hash_512; either may be NULL to skip
 * it. progress_callback, if not NULL, is called after each chunk read with the bytes read so
 * far, the file's size (0 when unknown, e.g. a pipe) and user_data. Returns 0 on success, -1
 * if the file cannot be opened (or filepath is NULL), -2 on a read error, -3 if both outputs
 * are NULL, AXIOM_ERR_OVERLAPPING_BUFFERS if they overlap (nothing is read on those two); on
 * failure the outputs are left unchanged. Thread-safe. */
AXIOM_STREEBOG_API int streebog_hash_file_dual(
    const char* filepath, uint8_t* hash_256, uint8_t* hash_512,
    void (*progress_callback)(size_t bytes_processed, size_t total_size, void* user_data),
    void* user_data);

#ifdef __cplusplus
}
#endif

#endif /* AXIOM_STREEBOG_H */
