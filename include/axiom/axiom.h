/* axiom.h: the C API, for C programs and other languages' bindings.
 *
 * Every function returns AXIOM_OK (0) or a negative AXIOM_ERR_* code; axiom_error_text() names
 * it. A pointer may be NULL only when its length is 0. Outputs may not partially overlap
 * inputs. All functions are thread-safe on distinct contexts. C99 or later. */
#ifndef AXIOM_H
#define AXIOM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Error codes: the negated values of axiom::Error in C++. */
#define AXIOM_OK 0
#define AXIOM_ERR_INVALID_KEY_SIZE (-1)
#define AXIOM_ERR_INVALID_NONCE_SIZE (-2)
#define AXIOM_ERR_INVALID_TAG_SIZE (-3)
#define AXIOM_ERR_INVALID_ARGUMENT (-4)
#define AXIOM_ERR_OUTPUT_SIZE_MISMATCH (-5)
#define AXIOM_ERR_OUTPUT_TOO_LONG (-6)
#define AXIOM_ERR_OVERLAPPING_BUFFERS (-7)
#define AXIOM_ERR_MESSAGE_TOO_LONG (-8)
#define AXIOM_ERR_AUTHENTICATION_FAILED (-9)
#define AXIOM_ERR_INVALID_PADDING (-10)
#define AXIOM_ERR_INVALID_HEX (-11)
#define AXIOM_ERR_UNSUPPORTED (-12)
#define AXIOM_ERR_NULL_POINTER (-13)

/* axiom_error_text returns a static English description of code (never NULL). */
const char* axiom_error_text(int code);

/* axiom_version returns the library version, e.g. "0.1.0" (static, never NULL). */
const char* axiom_version(void);

#define AXIOM_SHA256_DIGEST_SIZE 32

/* axiom_sha256_ctx holds a SHA-256 computation; its contents are private. 256 bytes, any
 * alignment of uint64_t. Copying it with memcpy forks the computation. */
typedef struct axiom_sha256_ctx {
  uint64_t opaque[32];
} axiom_sha256_ctx;

/* axiom_sha256_init starts a new message in ctx with the fastest kernel for this CPU. */
int axiom_sha256_init(axiom_sha256_ctx* ctx);
/* axiom_sha256_update appends len bytes at data to the message. */
int axiom_sha256_update(axiom_sha256_ctx* ctx, const uint8_t* data, size_t len);
/* axiom_sha256_final writes the 32-byte digest to out and wipes ctx (init it again to reuse). */
int axiom_sha256_final(axiom_sha256_ctx* ctx, uint8_t out[AXIOM_SHA256_DIGEST_SIZE]);
/* axiom_sha256 writes SHA-256(data) to out; out may alias data. */
int axiom_sha256(uint8_t out[AXIOM_SHA256_DIGEST_SIZE], const uint8_t* data, size_t len);

/* axiom_hmac_sha256 writes the 32-byte HMAC-SHA256(key, msg) to out. Keys of any length. */
int axiom_hmac_sha256(uint8_t out[AXIOM_SHA256_DIGEST_SIZE], const uint8_t* key, size_t key_len,
                      const uint8_t* msg, size_t msg_len);

/* axiom_hkdf_sha256 fills okm (at most 255 * 32 bytes, else AXIOM_ERR_OUTPUT_TOO_LONG) with
 * HKDF-SHA256(ikm, salt, info) per RFC 5869; an empty salt means 32 zero bytes. On failure okm
 * is zeroed. */
int axiom_hkdf_sha256(uint8_t* okm, size_t okm_len, const uint8_t* ikm, size_t ikm_len,
                      const uint8_t* salt, size_t salt_len, const uint8_t* info, size_t info_len);

/* axiom_pbkdf2_hmac_sha256 fills out with PBKDF2-HMAC-SHA256(password, salt, iterations).
 * iterations = 0 is AXIOM_ERR_INVALID_ARGUMENT. On failure out is zeroed. */
int axiom_pbkdf2_hmac_sha256(uint8_t* out, size_t out_len, const uint8_t* password,
                             size_t password_len, const uint8_t* salt, size_t salt_len,
                             uint32_t iterations);

/* axiom_random fills out with len bytes from the OS CSPRNG (aborts if the OS fails). */
int axiom_random(uint8_t* out, size_t len);

/* axiom_ct_equal returns 1 if a and b hold the same len bytes, else 0, in a time that depends
 * only on len. NULL pointers with len > 0 compare unequal. */
int axiom_ct_equal(const uint8_t* a, const uint8_t* b, size_t len);

/* axiom_wipe zeroes len bytes at p in a way the compiler cannot remove. */
void axiom_wipe(void* p, size_t len);

/* ---- Streebog (GOST R 34.11-2012): the fast-streebog function set, same names and
 * semantics, so that its programs compile and link against axiom unchanged (#include
 * "streebog.h" also works). Digests are bytes in memory order, as gost12sum prints them. */

/* streebog_ctx holds a Streebog-256 or -512 computation; its contents are private (unlike
 * fast-streebog's, it holds no pointer: nothing is allocated). 288 bytes, aligned as uint64_t.
 * Copying it with memcpy forks the computation. One context must not be used by two threads
 * at once. */
typedef struct streebog_ctx {
  uint64_t opaque[36];
} streebog_ctx;

/* streebog_init_512 starts a Streebog-512 message in ctx (64-byte digest). */
void streebog_init_512(streebog_ctx* ctx);
/* streebog_init_256 starts a Streebog-256 message in ctx (32-byte digest). */
void streebog_init_256(streebog_ctx* ctx);
/* streebog_update appends len bytes at data to the message (data may be NULL if len is 0). */
void streebog_update(streebog_ctx* ctx, const uint8_t* data, size_t len);
/* streebog_final writes the digest (64 or 32 bytes, as ctx was started) to out and wipes ctx;
 * start it again to reuse it. */
void streebog_final(streebog_ctx* ctx, uint8_t* out);
/* streebog_hash_512 writes the 64-byte Streebog-512 of len bytes at data to out. */
void streebog_hash_512(const uint8_t* data, size_t len, uint8_t* out);
/* streebog_hash_256 writes the 32-byte Streebog-256 of len bytes at data to out. */
void streebog_hash_256(const uint8_t* data, size_t len, uint8_t* out);
/* streebog_hash_512_hex writes Streebog-512 as 128 lowercase hex digits and a NUL (129 bytes). */
void streebog_hash_512_hex(const uint8_t* data, size_t len, char* out);
/* streebog_hash_256_hex writes Streebog-256 as 64 lowercase hex digits and a NUL (65 bytes). */
void streebog_hash_256_hex(const uint8_t* data, size_t len, char* out);
/* streebog_bytes_to_hex writes hash_len bytes at hash as lowercase hex and a NUL to out
 * (2 * hash_len + 1 bytes). */
void streebog_bytes_to_hex(const uint8_t* hash, size_t hash_len, char* out);
/* streebog_version returns the library version, as axiom_version (static, never NULL). */
const char* streebog_version(void);
/* streebog_hash_file_dual hashes the file at filepath once and writes its Streebog-256 (32
 * bytes) to hash_256 and its Streebog-512 (64 bytes) to hash_512; either may be NULL to skip
 * it. progress_callback, if not NULL, is called after each chunk read with the bytes read so
 * far, the file's size (0 when unknown, e.g. a pipe) and user_data. Returns 0 on success, -1
 * if the file cannot be opened, -2 on a read error, -3 if both outputs are NULL (nothing is
 * read); on failure the outputs are left unchanged. Thread-safe. */
int streebog_hash_file_dual(const char* filepath, uint8_t* hash_256, uint8_t* hash_512,
                            void (*progress_callback)(size_t bytes_processed, size_t total_size,
                                                      void* user_data),
                            void* user_data);

#ifdef __cplusplus
}
#endif

#endif /* AXIOM_H */
