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

#ifdef __cplusplus
}
#endif

#endif /* AXIOM_H */
