/* axiom.h: the C API, for C programs and other languages' bindings.
 *
 * Every function returns AXIOM_OK (0) or a negative AXIOM_ERR_* code; axiom_error_text() names
 * it. A pointer may be NULL only when its length is 0. All functions are thread-safe on
 * distinct contexts. C99 or later. Every name this library exports starts with axiom_;
 * fast-streebog's streebog_* names are in streebog.h and a library of their own.
 *
 * Every buffer comes with its length. The arguments are checked in this order, and the first
 * failing check gives the code:
 *   AXIOM_ERR_NULL_POINTER          a NULL pointer with a non-zero length, or a NULL context;
 *   AXIOM_ERR_INVALID_LENGTH        a length no object can have (above PTRDIFF_MAX, or running
 *                                   past the end of the address space);
 *   AXIOM_ERR_INVALID_ARGUMENT      a context not in the state the call needs (see Contexts),
 *                                   a length that is not whole blocks, or another argument out
 *                                   of its range;
 *   AXIOM_ERR_INVALID_KEY_SIZE, _NONCE_SIZE, _TAG_SIZE   a key, nonce or tag of the wrong size
 *                                   (in this order);
 *   AXIOM_ERR_OVERLAPPING_BUFFERS   buffers sharing bytes they may not (see Overlaps);
 *   AXIOM_ERR_AUTHENTICATION_FAILED an AEAD open of an input shorter than the tag;
 *   AXIOM_ERR_OUTPUT_SIZE_MISMATCH, _OUTPUT_TOO_LONG   an output of the wrong length, or longer
 *                                   than the function can fill;
 *   AXIOM_ERR_MESSAGE_TOO_LONG      more data than the algorithm allows.
 * On NULL_POINTER, INVALID_LENGTH and OVERLAPPING_BUFFERS nothing is written (but a failed
 * _init wipes its context, see Contexts). Otherwise, unless a function says more, nothing is
 * written on error either, except by the AEADs and the KDFs: the AEADs' seal and open zero the
 * whole output (and the tag of seal_detached) on any other error, so a failed open releases no
 * plaintext; the KDFs zero their output. Tags are checked in constant time.
 *
 * Overlaps. An output may share no byte with an input or with another output, except:
 *   - in place where a function says "out may be in": out == in with out_len == in_len (for
 *     the combined seal and open of the AEADs, out == in with the lengths the call takes);
 *   - an output of fixed size (a digest, a MAC tag, the 32-byte key of
 *     axiom_kdf_gostr3411_2012_256, a hex digest) is written after every input was read, so it
 *     may overlap any input.
 * No output may share a byte with a context, nor any buffer with a context the call writes
 * (a streaming context, or the one an _init keys). Inputs may share bytes with each other and
 * with keyed contexts.
 *
 * Contexts. Every context starts with a state word that its _init writes and its _final, its
 * _clear or a failed _init wipes. A call given a context not in the state it needs (never
 * initialised, zeroed, already finished or cleared) returns AXIOM_ERR_INVALID_ARGUMENT and
 * touches nothing; random bytes pass this check only if they hold that 64-bit word (stale bytes
 * of an earlier context can). The _init functions take a context in any state; a failed _init
 * leaves it holding nothing, except on OVERLAPPING_BUFFERS (its key inside it), when nothing is
 * written. Any context may be copied (struct assignment, memcpy, realloc) to any address
 * aligned for uint64_t: a copy of a streaming context (SHA-256, Poly1305, Streebog, CMAC) forks
 * the computation; a copy of a keyed context (AES, AES-GCM, SM4, SM4-GCM, Kuznyechik, Magma) holds
 * the same key. A keyed context at an address of another remainder modulo 64 than where it was
 * keyed works on an aligned copy of its key schedule, made and wiped in each call: that costs
 * time on short messages, so key contexts in place (or keep their copies 64-byte aligned) where
 * speed counts. Keyed contexts are taken const: one may serve several threads at once; _clear
 * wipes the key. A CMAC context refers to its cipher context by address: that one must stay
 * keyed, and where it is, until the CMAC's _final. */
#ifndef AXIOM_H
#define AXIOM_H

#include <stddef.h>
#include <stdint.h>

/* AXIOM_API marks each function of the C API. On Windows the DLL exports them (axiom's own build
 * defines AXIOM_BUILDING_LIBRARY) and its users import them; a program linking the static library
 * defines AXIOM_STATIC (the CMake target axiom::axiom_static and `pkg-config --static axiom` do
 * so). Elsewhere they keep default visibility, whatever visibility the library is built with. */
#if defined(_WIN32) || defined(__CYGWIN__)
#if defined(AXIOM_BUILDING_LIBRARY)
#define AXIOM_API __declspec(dllexport)
#elif defined(AXIOM_STATIC)
#define AXIOM_API
#else
#define AXIOM_API __declspec(dllimport)
#endif
#elif defined(__GNUC__)
#define AXIOM_API __attribute__((visibility("default")))
#else
#define AXIOM_API
#endif

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
#define AXIOM_ERR_INVALID_LENGTH (-14)

/* axiom_error_text returns a static English description of code (never NULL). */
AXIOM_API const char* axiom_error_text(int code);

/* axiom_version returns the library version, e.g. "0.1.0" (static, never NULL). */
AXIOM_API const char* axiom_version(void);

#define AXIOM_SHA256_DIGEST_SIZE 32

/* axiom_sha256_ctx holds a SHA-256 computation; its contents are private. 256 bytes, any
 * alignment of uint64_t. Copying it forks the computation. */
typedef struct axiom_sha256_ctx {
  uint64_t opaque[32];
} axiom_sha256_ctx;

/* axiom_sha256_init starts a new message in ctx with the fastest kernel for this CPU. */
AXIOM_API int axiom_sha256_init(axiom_sha256_ctx* ctx);
/* axiom_sha256_update appends len bytes at data to the message. */
AXIOM_API int axiom_sha256_update(axiom_sha256_ctx* ctx, const uint8_t* data, size_t len);
/* axiom_sha256_final writes the 32-byte digest to out and wipes ctx (init it again to reuse:
 * until then it is AXIOM_ERR_INVALID_ARGUMENT). */
AXIOM_API int axiom_sha256_final(axiom_sha256_ctx* ctx, uint8_t out[AXIOM_SHA256_DIGEST_SIZE]);
/* axiom_sha256 writes SHA-256(data) to out. */
AXIOM_API int axiom_sha256(uint8_t out[AXIOM_SHA256_DIGEST_SIZE], const uint8_t* data, size_t len);

/* axiom_hmac_sha256 writes the 32-byte HMAC-SHA256(key, msg) to out. Keys of any length. */
AXIOM_API int axiom_hmac_sha256(uint8_t out[AXIOM_SHA256_DIGEST_SIZE], const uint8_t* key,
                                size_t key_len, const uint8_t* msg, size_t msg_len);

/* axiom_hkdf_sha256 fills okm (at most 255 * 32 bytes, else AXIOM_ERR_OUTPUT_TOO_LONG) with
 * HKDF-SHA256(ikm, salt, info) per RFC 5869; an empty salt means 32 zero bytes. okm must not
 * overlap the inputs. On any other failure okm is zeroed. */
AXIOM_API int axiom_hkdf_sha256(uint8_t* okm, size_t okm_len, const uint8_t* ikm, size_t ikm_len,
                                const uint8_t* salt, size_t salt_len, const uint8_t* info,
                                size_t info_len);

/* axiom_pbkdf2_hmac_sha256 fills out with PBKDF2-HMAC-SHA256(password, salt, iterations).
 * iterations = 0 is AXIOM_ERR_INVALID_ARGUMENT. out must not overlap the inputs. On any other
 * failure out is zeroed, unless it overlaps an input. */
AXIOM_API int axiom_pbkdf2_hmac_sha256(uint8_t* out, size_t out_len, const uint8_t* password,
                                       size_t password_len, const uint8_t* salt, size_t salt_len,
                                       uint32_t iterations);

/* axiom_random fills out with len bytes from the OS CSPRNG (aborts if the OS fails). */
AXIOM_API int axiom_random(uint8_t* out, size_t len);

/* axiom_ct_equal returns 1 if a and b hold the same len bytes, else 0, in a time that depends
 * only on len. NULL pointers with len > 0 compare unequal. */
AXIOM_API int axiom_ct_equal(const uint8_t* a, const uint8_t* b, size_t len);

/* axiom_wipe zeroes len bytes at p in a way the compiler cannot remove (p NULL or len larger
 * than any object: nothing). */
AXIOM_API void axiom_wipe(void* p, size_t len);

/* axiom_hmac_streebog256 / axiom_hmac_streebog512 write HMAC-Streebog (RFC 7836) of msg under
 * a key of any length to out (32 or 64 bytes). */
AXIOM_API int axiom_hmac_streebog256(uint8_t out[32], const uint8_t* key, size_t key_len,
                                     const uint8_t* msg, size_t msg_len);
AXIOM_API int axiom_hmac_streebog512(uint8_t out[64], const uint8_t* key, size_t key_len,
                                     const uint8_t* msg, size_t msg_len);

/* axiom_pbkdf2_hmac_streebog512 fills out with PBKDF2-HMAC-Streebog-512(password, salt,
 * iterations) (R 50.1.111-2016). iterations = 0 is AXIOM_ERR_INVALID_ARGUMENT. out must not
 * overlap the inputs. On any other failure out is zeroed, unless it overlaps an input. */
AXIOM_API int axiom_pbkdf2_hmac_streebog512(uint8_t* out, size_t out_len, const uint8_t* password,
                                            size_t password_len, const uint8_t* salt,
                                            size_t salt_len, uint32_t iterations);

/* axiom_kdf_gostr3411_2012_256 writes KDF_GOSTR3411_2012_256(key, label, seed) (RFC 7836
 * section 4.4), a 32-byte key, to out. */
AXIOM_API int axiom_kdf_gostr3411_2012_256(uint8_t out[32], const uint8_t* key, size_t key_len,
                                           const uint8_t* label, size_t label_len,
                                           const uint8_t* seed, size_t seed_len);

/* axiom_kdf_tree_gostr3411_2012_256 fills out with KDF_TREE_GOSTR3411_2012_256(key, label, seed)
 * (RFC 7836 section 4.5) with an r-byte counter (1 to 4, else AXIOM_ERR_INVALID_ARGUMENT; an
 * empty out too). AXIOM_ERR_OUTPUT_TOO_LONG when out needs more blocks than the counter can
 * number. out must not overlap the inputs. On any other failure out is zeroed, unless it
 * overlaps an input. */
AXIOM_API int axiom_kdf_tree_gostr3411_2012_256(uint8_t* out, size_t out_len, const uint8_t* key,
                                                size_t key_len, const uint8_t* label,
                                                size_t label_len, const uint8_t* seed,
                                                size_t seed_len, size_t r);

/* ---- AES (FIPS 197) and its modes: ECB, CBC, CTR (SP 800-38A), CMAC (SP 800-38B). */

#define AXIOM_AES_BLOCK_SIZE 16

/* axiom_aes_ctx holds an AES key schedule (128-, 192- or 256-bit key) and the kernel chosen
 * for this CPU; its contents are private. 640 bytes, any alignment of uint64_t. */
typedef struct axiom_aes_ctx {
  uint64_t opaque[80];
} axiom_aes_ctx;

/* axiom_aes_init keys ctx with a 16-, 24- or 32-byte key (else AXIOM_ERR_INVALID_KEY_SIZE).
 * On failure ctx holds no key. */
AXIOM_API int axiom_aes_init(axiom_aes_ctx* ctx, const uint8_t* key, size_t key_len);
/* axiom_aes_clear wipes the key schedule in ctx (NULL is ignored). */
AXIOM_API void axiom_aes_clear(axiom_aes_ctx* ctx);
/* axiom_aes_encrypt_block / axiom_aes_decrypt_block transform one 16-byte block; out may be in. */
AXIOM_API int axiom_aes_encrypt_block(const axiom_aes_ctx* ctx, uint8_t out[AXIOM_AES_BLOCK_SIZE],
                                      const uint8_t in[AXIOM_AES_BLOCK_SIZE]);
AXIOM_API int axiom_aes_decrypt_block(const axiom_aes_ctx* ctx, uint8_t out[AXIOM_AES_BLOCK_SIZE],
                                      const uint8_t in[AXIOM_AES_BLOCK_SIZE]);
/* axiom_aes_ecb_encrypt / _decrypt: ECB without padding. in_len must be a multiple of 16
 * (AXIOM_ERR_INVALID_ARGUMENT) and out_len == in_len. */
AXIOM_API int axiom_aes_ecb_encrypt(const axiom_aes_ctx* ctx, uint8_t* out, size_t out_len,
                                    const uint8_t* in, size_t in_len);
AXIOM_API int axiom_aes_ecb_decrypt(const axiom_aes_ctx* ctx, uint8_t* out, size_t out_len,
                                    const uint8_t* in, size_t in_len);
/* axiom_aes_cbc_encrypt / _decrypt: CBC without padding, sizes as ECB. iv (16 bytes) is read
 * and replaced by the chaining value, so a message may be given in several calls of whole
 * blocks. iv must not overlap out or in. */
AXIOM_API int axiom_aes_cbc_encrypt(const axiom_aes_ctx* ctx, uint8_t iv[AXIOM_AES_BLOCK_SIZE],
                                    uint8_t* out, size_t out_len, const uint8_t* in, size_t in_len);
AXIOM_API int axiom_aes_cbc_decrypt(const axiom_aes_ctx* ctx, uint8_t iv[AXIOM_AES_BLOCK_SIZE],
                                    uint8_t* out, size_t out_len, const uint8_t* in, size_t in_len);
/* axiom_aes_ctr_xor XORs in with the CTR keystream of the 16-byte initial counter block iv
 * (a 128-bit big-endian counter), starting at byte `offset` of the keystream, into out
 * (out_len == in_len, any length). Encryption and decryption are the same call; a message cut
 * anywhere is processed piece by piece by passing each piece's offset. */
AXIOM_API int axiom_aes_ctr_xor(const axiom_aes_ctx* ctx, const uint8_t iv[AXIOM_AES_BLOCK_SIZE],
                                uint64_t offset, uint8_t* out, size_t out_len, const uint8_t* in,
                                size_t in_len);
/* axiom_aes_cmac writes the 16-byte CMAC of msg under ctx's key to tag. */
AXIOM_API int axiom_aes_cmac(const axiom_aes_ctx* ctx, uint8_t tag[AXIOM_AES_BLOCK_SIZE],
                             const uint8_t* msg, size_t msg_len);

/* axiom_aes_cmac_ctx holds a CMAC computation; its contents are private. It refers to the
 * axiom_aes_ctx it was started with, which must stay keyed and in place until
 * axiom_aes_cmac_final (a cleared one: AXIOM_ERR_INVALID_ARGUMENT). */
typedef struct axiom_aes_cmac_ctx {
  uint64_t opaque[12];
} axiom_aes_cmac_ctx;
/* axiom_aes_cmac_init starts a message in cmac under the key in aes. */
AXIOM_API int axiom_aes_cmac_init(axiom_aes_cmac_ctx* cmac, const axiom_aes_ctx* aes);
/* axiom_aes_cmac_update appends len bytes at data to the message. */
AXIOM_API int axiom_aes_cmac_update(axiom_aes_cmac_ctx* cmac, const uint8_t* data, size_t len);
/* axiom_aes_cmac_final writes the 16-byte tag and wipes cmac (init it again to reuse: until
 * then it is AXIOM_ERR_INVALID_ARGUMENT). */
AXIOM_API int axiom_aes_cmac_final(axiom_aes_cmac_ctx* cmac, uint8_t tag[AXIOM_AES_BLOCK_SIZE]);

/* Many messages under one key at once: CBC encryption and CMAC are chains, each block waiting
 * for the last, so one message leaves the cipher mostly idle; these calls step up to 32
 * messages side by side (16 fill VAES, 8 AES-NI), so that N messages cost about the time of
 * one. Messages of any mix of lengths; a message that ends hands its place to the next job.
 *
 * axiom_cbc_job is one message of the CBC calls: its plaintext, where its ciphertext goes and
 * its IV (read only; not updated). The jobs serve every block cipher: iv and tag have room for
 * the largest block (16 bytes); a cipher of 8-byte blocks (Magma) reads its IV from the first 8
 * bytes of iv and writes its tag to the first 8 bytes of tag, leaving the rest untouched. */
typedef struct axiom_cbc_job {
  uint8_t* out;
  size_t out_len;
  const uint8_t* in;
  size_t in_len;
  uint8_t iv[16];
} axiom_cbc_job;
/* axiom_cmac_job is one message of the CMAC calls; its tag is written into it. */
typedef struct axiom_cmac_job {
  const uint8_t* msg;
  size_t msg_len;
  uint8_t tag[16];
} axiom_cmac_job;
/* axiom_aes_cbc_encrypt_many encrypts each of the n jobs as axiom_aes_cbc_encrypt from its
 * iv (raw CBC: in_len whole blocks, out_len == in_len, out exactly in or apart from it).
 * _padded adds PKCS#7 padding: in_len any, out_len at least (in_len / 16 + 1) * 16, the bytes
 * written (the padded length, which the caller knows). axiom_aes_cmac_many writes each job's
 * CMAC, as axiom_aes_cmac, to its tag. jobs may be NULL only when n is 0; n jobs larger than
 * any object is AXIOM_ERR_INVALID_LENGTH before any job is read. Then every job is checked,
 * each check (axiom.h's order) over all jobs before the next, and on any error nothing
 * is written; an output or message must not overlap the jobs array or the context
 * (OVERLAPPING_BUFFERS), a job's output must be exactly its input or apart from it (out_len
 * == in_len in place, except for _padded), and one job must not write to another's buffers
 * (not checked). */
AXIOM_API int axiom_aes_cbc_encrypt_many(const axiom_aes_ctx* ctx, const axiom_cbc_job* jobs,
                                         size_t n);
AXIOM_API int axiom_aes_cbc_encrypt_many_padded(const axiom_aes_ctx* ctx, const axiom_cbc_job* jobs,
                                                size_t n);
AXIOM_API int axiom_aes_cmac_many(const axiom_aes_ctx* ctx, axiom_cmac_job* jobs, size_t n);

/* ---- AES-GCM (SP 800-38D). */

#define AXIOM_AES_GCM_TAG_SIZE 16
#define AXIOM_AES_GCM_NONCE_SIZE 12

/* axiom_aes_gcm_ctx holds an AES-GCM key (AES schedule and GHASH key); contents private. */
typedef struct axiom_aes_gcm_ctx {
  uint64_t opaque[128];
} axiom_aes_gcm_ctx;

/* axiom_aes_gcm_init keys ctx with a 16-, 24- or 32-byte key (else AXIOM_ERR_INVALID_KEY_SIZE). */
AXIOM_API int axiom_aes_gcm_init(axiom_aes_gcm_ctx* ctx, const uint8_t* key, size_t key_len);
/* axiom_aes_gcm_clear wipes the key in ctx (NULL is ignored). */
AXIOM_API void axiom_aes_gcm_clear(axiom_aes_gcm_ctx* ctx);
/* axiom_aes_gcm_seal writes the ciphertext of in followed by the 16-byte tag to out
 * (out_len == in_len + 16). The nonce should be 12 bytes; any length from 1 byte is allowed
 * (0: AXIOM_ERR_INVALID_NONCE_SIZE). At most 2^36 - 32 bytes of message. out may be in. */
AXIOM_API int axiom_aes_gcm_seal(const axiom_aes_gcm_ctx* ctx, uint8_t* out, size_t out_len,
                                 const uint8_t* nonce, size_t nonce_len, const uint8_t* aad,
                                 size_t aad_len, const uint8_t* in, size_t in_len);
/* axiom_aes_gcm_open checks the tag in the last 16 bytes of in and writes the plaintext to out
 * (out_len == in_len - 16). AXIOM_ERR_AUTHENTICATION_FAILED if the tag is wrong or in_len < 16. */
AXIOM_API int axiom_aes_gcm_open(const axiom_aes_gcm_ctx* ctx, uint8_t* out, size_t out_len,
                                 const uint8_t* nonce, size_t nonce_len, const uint8_t* aad,
                                 size_t aad_len, const uint8_t* in, size_t in_len);
/* axiom_aes_gcm_seal_detached writes the ciphertext (out_len == in_len) to out and a tag of
 * tag_len bytes (12..16, else AXIOM_ERR_INVALID_TAG_SIZE) to tag. */
AXIOM_API int axiom_aes_gcm_seal_detached(const axiom_aes_gcm_ctx* ctx, uint8_t* out,
                                          size_t out_len, uint8_t* tag, size_t tag_len,
                                          const uint8_t* nonce, size_t nonce_len,
                                          const uint8_t* aad, size_t aad_len, const uint8_t* in,
                                          size_t in_len);
/* axiom_aes_gcm_open_detached checks the tag_len-byte tag (12..16) and writes the plaintext
 * (out_len == in_len) to out. */
AXIOM_API int axiom_aes_gcm_open_detached(const axiom_aes_gcm_ctx* ctx, uint8_t* out,
                                          size_t out_len, const uint8_t* tag, size_t tag_len,
                                          const uint8_t* nonce, size_t nonce_len,
                                          const uint8_t* aad, size_t aad_len, const uint8_t* in,
                                          size_t in_len);

/* axiom_aes_cfb_encrypt / _decrypt: CFB-128 (SP 800-38A; OpenSSL's -cfb), any length,
 * out_len == in_len, out may be in. iv (16 bytes) is read and replaced by the next register
 * value, so a message may be given in several calls when every piece but the last is whole
 * blocks. iv must not overlap out or in. */
AXIOM_API int axiom_aes_cfb_encrypt(const axiom_aes_ctx* ctx, uint8_t iv[AXIOM_AES_BLOCK_SIZE],
                                    uint8_t* out, size_t out_len, const uint8_t* in, size_t in_len);
AXIOM_API int axiom_aes_cfb_decrypt(const axiom_aes_ctx* ctx, uint8_t iv[AXIOM_AES_BLOCK_SIZE],
                                    uint8_t* out, size_t out_len, const uint8_t* in, size_t in_len);
/* axiom_aes_ofb_xor: OFB (SP 800-38A), encryption and decryption alike; iv as in CFB. */
AXIOM_API int axiom_aes_ofb_xor(const axiom_aes_ctx* ctx, uint8_t iv[AXIOM_AES_BLOCK_SIZE],
                                uint8_t* out, size_t out_len, const uint8_t* in, size_t in_len);

/* The tweak orders of XTS (the standard argument of the _xts_ functions): IEEE 1619 (the
 * tweak a little-endian number) and GB/T 17964-2021 (big-endian, reflected bits). */
#define AXIOM_XTS_IEEE1619 0
#define AXIOM_XTS_GB17964 1
/* axiom_aes_xts_encrypt / _decrypt: XTS (IEEE 1619-2018, SP 800-38E) of one data unit of
 * in_len bytes, 16 (else AXIOM_ERR_INVALID_ARGUMENT) to 16 MiB (2^20 blocks; else
 * AXIOM_ERR_MESSAGE_TOO_LONG), a partial last block by ciphertext stealing; out_len == in_len,
 * out may be in. data_ctx holds Key1, tweak_ctx Key2: keys of the same size (else
 * AXIOM_ERR_INVALID_KEY_SIZE) that must differ (IEEE 1619): the same context for both is
 * AXIOM_ERR_INVALID_ARGUMENT; equal keys in two contexts are not detected. tweak is the
 * 16-byte tweak (the data unit number, as a little-endian number for IEEE 1619); standard is
 * AXIOM_XTS_IEEE1619 or AXIOM_XTS_GB17964 (else AXIOM_ERR_INVALID_ARGUMENT). A context that
 * holds no key: AXIOM_ERR_INVALID_ARGUMENT. */
AXIOM_API int axiom_aes_xts_encrypt(const axiom_aes_ctx* data_ctx, const axiom_aes_ctx* tweak_ctx,
                                    int standard, const uint8_t tweak[16], uint8_t* out,
                                    size_t out_len, const uint8_t* in, size_t in_len);
AXIOM_API int axiom_aes_xts_decrypt(const axiom_aes_ctx* data_ctx, const axiom_aes_ctx* tweak_ctx,
                                    int standard, const uint8_t tweak[16], uint8_t* out,
                                    size_t out_len, const uint8_t* in, size_t in_len);

/* ---- SM4 (GB/T 32907-2016) and Kuznyechik (GOST R 34.12-2015), with the modes above.
 * Each function works as its axiom_aes_* namesake (same arguments, checks and error codes),
 * on an axiom_sm4_ctx or an axiom_kuznyechik_ctx keyed by _init. The SM4 key is 16 bytes,
 * the Kuznyechik key 32; other sizes give AXIOM_ERR_INVALID_KEY_SIZE. GOST R 34.13-2015's
 * modes with a 16-byte register are these: its CTR with IV (8 bytes) is axiom_*_ctr_xor with
 * the counter block IV || 00000000 00000000; its MAC is CMAC (OMAC1), truncated by the caller
 * to the length it wants. */

#define AXIOM_SM4_KEY_SIZE 16
#define AXIOM_SM4_BLOCK_SIZE 16
#define AXIOM_KUZNYECHIK_KEY_SIZE 32
#define AXIOM_KUZNYECHIK_BLOCK_SIZE 16

/* axiom_sm4_ctx holds an SM4 key schedule and its kernel; contents private. 384 bytes. */
typedef struct axiom_sm4_ctx {
  uint64_t opaque[48];
} axiom_sm4_ctx;
/* axiom_sm4_cmac_ctx holds a CMAC computation over an axiom_sm4_ctx that must stay keyed and
 * in place until axiom_sm4_cmac_final. */
typedef struct axiom_sm4_cmac_ctx {
  uint64_t opaque[12];
} axiom_sm4_cmac_ctx;

AXIOM_API int axiom_sm4_init(axiom_sm4_ctx* ctx, const uint8_t* key, size_t key_len);
AXIOM_API void axiom_sm4_clear(axiom_sm4_ctx* ctx);
AXIOM_API int axiom_sm4_encrypt_block(const axiom_sm4_ctx* ctx, uint8_t out[16],
                                      const uint8_t in[16]);
AXIOM_API int axiom_sm4_decrypt_block(const axiom_sm4_ctx* ctx, uint8_t out[16],
                                      const uint8_t in[16]);
AXIOM_API int axiom_sm4_ecb_encrypt(const axiom_sm4_ctx* ctx, uint8_t* out, size_t out_len,
                                    const uint8_t* in, size_t in_len);
AXIOM_API int axiom_sm4_ecb_decrypt(const axiom_sm4_ctx* ctx, uint8_t* out, size_t out_len,
                                    const uint8_t* in, size_t in_len);
AXIOM_API int axiom_sm4_cbc_encrypt(const axiom_sm4_ctx* ctx, uint8_t iv[16], uint8_t* out,
                                    size_t out_len, const uint8_t* in, size_t in_len);
AXIOM_API int axiom_sm4_cbc_decrypt(const axiom_sm4_ctx* ctx, uint8_t iv[16], uint8_t* out,
                                    size_t out_len, const uint8_t* in, size_t in_len);
AXIOM_API int axiom_sm4_ctr_xor(const axiom_sm4_ctx* ctx, const uint8_t iv[16], uint64_t offset,
                                uint8_t* out, size_t out_len, const uint8_t* in, size_t in_len);
AXIOM_API int axiom_sm4_cfb_encrypt(const axiom_sm4_ctx* ctx, uint8_t iv[16], uint8_t* out,
                                    size_t out_len, const uint8_t* in, size_t in_len);
AXIOM_API int axiom_sm4_cfb_decrypt(const axiom_sm4_ctx* ctx, uint8_t iv[16], uint8_t* out,
                                    size_t out_len, const uint8_t* in, size_t in_len);
AXIOM_API int axiom_sm4_ofb_xor(const axiom_sm4_ctx* ctx, uint8_t iv[16], uint8_t* out,
                                size_t out_len, const uint8_t* in, size_t in_len);
AXIOM_API int axiom_sm4_cmac(const axiom_sm4_ctx* ctx, uint8_t tag[16], const uint8_t* msg,
                             size_t msg_len);
AXIOM_API int axiom_sm4_cmac_init(axiom_sm4_cmac_ctx* cmac, const axiom_sm4_ctx* sm4);
AXIOM_API int axiom_sm4_cmac_update(axiom_sm4_cmac_ctx* cmac, const uint8_t* data, size_t len);
AXIOM_API int axiom_sm4_cmac_final(axiom_sm4_cmac_ctx* cmac, uint8_t tag[16]);
/* axiom_sm4_xts_encrypt / _decrypt: as the AES ones; GB/T 17964-2021 defines SM4-XTS with
 * AXIOM_XTS_GB17964 (OpenSSL's sm4-xts default), libgcrypt's is AXIOM_XTS_IEEE1619. */
AXIOM_API int axiom_sm4_xts_encrypt(const axiom_sm4_ctx* data_ctx, const axiom_sm4_ctx* tweak_ctx,
                                    int standard, const uint8_t tweak[16], uint8_t* out,
                                    size_t out_len, const uint8_t* in, size_t in_len);
AXIOM_API int axiom_sm4_xts_decrypt(const axiom_sm4_ctx* data_ctx, const axiom_sm4_ctx* tweak_ctx,
                                    int standard, const uint8_t tweak[16], uint8_t* out,
                                    size_t out_len, const uint8_t* in, size_t in_len);
AXIOM_API int axiom_sm4_cbc_encrypt_many(const axiom_sm4_ctx* ctx, const axiom_cbc_job* jobs,
                                         size_t n);
AXIOM_API int axiom_sm4_cbc_encrypt_many_padded(const axiom_sm4_ctx* ctx, const axiom_cbc_job* jobs,
                                                size_t n);
AXIOM_API int axiom_sm4_cmac_many(const axiom_sm4_ctx* ctx, axiom_cmac_job* jobs, size_t n);

/* axiom_sm4_ccm_seal / _open / _seal_detached / _open_detached: SM4-CCM (RFC 8998, SP
 * 800-38C) under the key in ctx, with the arguments and rules of the AES-GCM functions, except:
 * nonces are 7 to 13 bytes (12 in RFC 8998; else AXIOM_ERR_INVALID_NONCE_SIZE), leaving
 * 15 - nonce_len bytes for the message length (AXIOM_ERR_MESSAGE_TOO_LONG beyond); detached
 * tags are 4, 6, 8, 10, 12, 14 or 16 bytes; the combined forms use 16-byte tags. */
AXIOM_API int axiom_sm4_ccm_seal(const axiom_sm4_ctx* ctx, uint8_t* out, size_t out_len,
                                 const uint8_t* nonce, size_t nonce_len, const uint8_t* aad,
                                 size_t aad_len, const uint8_t* in, size_t in_len);
AXIOM_API int axiom_sm4_ccm_open(const axiom_sm4_ctx* ctx, uint8_t* out, size_t out_len,
                                 const uint8_t* nonce, size_t nonce_len, const uint8_t* aad,
                                 size_t aad_len, const uint8_t* in, size_t in_len);
AXIOM_API int axiom_sm4_ccm_seal_detached(const axiom_sm4_ctx* ctx, uint8_t* out, size_t out_len,
                                          uint8_t* tag, size_t tag_len, const uint8_t* nonce,
                                          size_t nonce_len, const uint8_t* aad, size_t aad_len,
                                          const uint8_t* in, size_t in_len);
AXIOM_API int axiom_sm4_ccm_open_detached(const axiom_sm4_ctx* ctx, uint8_t* out, size_t out_len,
                                          const uint8_t* tag, size_t tag_len, const uint8_t* nonce,
                                          size_t nonce_len, const uint8_t* aad, size_t aad_len,
                                          const uint8_t* in, size_t in_len);

/* axiom_sm4_gcm_ctx holds an SM4-GCM key (RFC 8998): SM4 schedule and GHASH key; contents
 * private. The functions are those of AES-GCM with a 16-byte key. */
typedef struct axiom_sm4_gcm_ctx {
  uint64_t opaque[128];
} axiom_sm4_gcm_ctx;
AXIOM_API int axiom_sm4_gcm_init(axiom_sm4_gcm_ctx* ctx, const uint8_t* key, size_t key_len);
AXIOM_API void axiom_sm4_gcm_clear(axiom_sm4_gcm_ctx* ctx);
AXIOM_API int axiom_sm4_gcm_seal(const axiom_sm4_gcm_ctx* ctx, uint8_t* out, size_t out_len,
                                 const uint8_t* nonce, size_t nonce_len, const uint8_t* aad,
                                 size_t aad_len, const uint8_t* in, size_t in_len);
AXIOM_API int axiom_sm4_gcm_open(const axiom_sm4_gcm_ctx* ctx, uint8_t* out, size_t out_len,
                                 const uint8_t* nonce, size_t nonce_len, const uint8_t* aad,
                                 size_t aad_len, const uint8_t* in, size_t in_len);
AXIOM_API int axiom_sm4_gcm_seal_detached(const axiom_sm4_gcm_ctx* ctx, uint8_t* out,
                                          size_t out_len, uint8_t* tag, size_t tag_len,
                                          const uint8_t* nonce, size_t nonce_len,
                                          const uint8_t* aad, size_t aad_len, const uint8_t* in,
                                          size_t in_len);
AXIOM_API int axiom_sm4_gcm_open_detached(const axiom_sm4_gcm_ctx* ctx, uint8_t* out,
                                          size_t out_len, const uint8_t* tag, size_t tag_len,
                                          const uint8_t* nonce, size_t nonce_len,
                                          const uint8_t* aad, size_t aad_len, const uint8_t* in,
                                          size_t in_len);

/* axiom_kuznyechik_ctx holds a Kuznyechik key schedule and its kernel; contents private.
 * 512 bytes. */
typedef struct axiom_kuznyechik_ctx {
  uint64_t opaque[64];
} axiom_kuznyechik_ctx;
/* axiom_kuznyechik_cmac_ctx holds a MAC computation over an axiom_kuznyechik_ctx that must
 * stay keyed and in place until axiom_kuznyechik_cmac_final. */
typedef struct axiom_kuznyechik_cmac_ctx {
  uint64_t opaque[12];
} axiom_kuznyechik_cmac_ctx;

AXIOM_API int axiom_kuznyechik_init(axiom_kuznyechik_ctx* ctx, const uint8_t* key, size_t key_len);
AXIOM_API void axiom_kuznyechik_clear(axiom_kuznyechik_ctx* ctx);
AXIOM_API int axiom_kuznyechik_encrypt_block(const axiom_kuznyechik_ctx* ctx, uint8_t out[16],
                                             const uint8_t in[16]);
AXIOM_API int axiom_kuznyechik_decrypt_block(const axiom_kuznyechik_ctx* ctx, uint8_t out[16],
                                             const uint8_t in[16]);
AXIOM_API int axiom_kuznyechik_ecb_encrypt(const axiom_kuznyechik_ctx* ctx, uint8_t* out,
                                           size_t out_len, const uint8_t* in, size_t in_len);
AXIOM_API int axiom_kuznyechik_ecb_decrypt(const axiom_kuznyechik_ctx* ctx, uint8_t* out,
                                           size_t out_len, const uint8_t* in, size_t in_len);
AXIOM_API int axiom_kuznyechik_cbc_encrypt(const axiom_kuznyechik_ctx* ctx, uint8_t iv[16],
                                           uint8_t* out, size_t out_len, const uint8_t* in,
                                           size_t in_len);
AXIOM_API int axiom_kuznyechik_cbc_decrypt(const axiom_kuznyechik_ctx* ctx, uint8_t iv[16],
                                           uint8_t* out, size_t out_len, const uint8_t* in,
                                           size_t in_len);
AXIOM_API int axiom_kuznyechik_ctr_xor(const axiom_kuznyechik_ctx* ctx, const uint8_t iv[16],
                                       uint64_t offset, uint8_t* out, size_t out_len,
                                       const uint8_t* in, size_t in_len);
AXIOM_API int axiom_kuznyechik_cfb_encrypt(const axiom_kuznyechik_ctx* ctx, uint8_t iv[16],
                                           uint8_t* out, size_t out_len, const uint8_t* in,
                                           size_t in_len);
AXIOM_API int axiom_kuznyechik_cfb_decrypt(const axiom_kuznyechik_ctx* ctx, uint8_t iv[16],
                                           uint8_t* out, size_t out_len, const uint8_t* in,
                                           size_t in_len);
AXIOM_API int axiom_kuznyechik_ofb_xor(const axiom_kuznyechik_ctx* ctx, uint8_t iv[16],
                                       uint8_t* out, size_t out_len, const uint8_t* in,
                                       size_t in_len);
AXIOM_API int axiom_kuznyechik_cmac(const axiom_kuznyechik_ctx* ctx, uint8_t tag[16],
                                    const uint8_t* msg, size_t msg_len);
AXIOM_API int axiom_kuznyechik_cmac_init(axiom_kuznyechik_cmac_ctx* cmac,
                                         const axiom_kuznyechik_ctx* kuz);
AXIOM_API int axiom_kuznyechik_cmac_update(axiom_kuznyechik_cmac_ctx* cmac, const uint8_t* data,
                                           size_t len);
AXIOM_API int axiom_kuznyechik_cmac_final(axiom_kuznyechik_cmac_ctx* cmac, uint8_t tag[16]);
AXIOM_API int axiom_kuznyechik_xts_encrypt(const axiom_kuznyechik_ctx* data_ctx,
                                           const axiom_kuznyechik_ctx* tweak_ctx, int standard,
                                           const uint8_t tweak[16], uint8_t* out, size_t out_len,
                                           const uint8_t* in, size_t in_len);
AXIOM_API int axiom_kuznyechik_xts_decrypt(const axiom_kuznyechik_ctx* data_ctx,
                                           const axiom_kuznyechik_ctx* tweak_ctx, int standard,
                                           const uint8_t tweak[16], uint8_t* out, size_t out_len,
                                           const uint8_t* in, size_t in_len);
AXIOM_API int axiom_kuznyechik_cbc_encrypt_many(const axiom_kuznyechik_ctx* ctx,
                                                const axiom_cbc_job* jobs, size_t n);
AXIOM_API int axiom_kuznyechik_cbc_encrypt_many_padded(const axiom_kuznyechik_ctx* ctx,
                                                       const axiom_cbc_job* jobs, size_t n);
AXIOM_API int axiom_kuznyechik_cmac_many(const axiom_kuznyechik_ctx* ctx, axiom_cmac_job* jobs,
                                         size_t n);

/* axiom_kuznyechik_ctr_acpkm_xor: CTR-ACPKM (RFC 8645; R 1323565.1.017-2018) of the whole
 * message in, under the key in ctx, an 8-byte iv (else AXIOM_ERR_INVALID_NONCE_SIZE) and a
 * section of section_size bytes after which the key changes (a non-zero multiple of 16, else
 * AXIOM_ERR_INVALID_ARGUMENT). out_len == in_len; out may be in. ctx is not changed. */
AXIOM_API int axiom_kuznyechik_ctr_acpkm_xor(const axiom_kuznyechik_ctx* ctx, const uint8_t* iv,
                                             size_t iv_len, size_t section_size, uint8_t* out,
                                             size_t out_len, const uint8_t* in, size_t in_len);

/* axiom_kuznyechik_mgm_seal / _open / _seal_detached / _open_detached: Kuznyechik-MGM
 * (RFC 9058) under the key in ctx, with the arguments and rules of the AES-GCM functions,
 * except: the nonce is 16 bytes whose first bit is 0 (else AXIOM_ERR_INVALID_NONCE_SIZE);
 * detached tags are 4 to 16 bytes; the combined forms use 16-byte tags; message and AAD up to
 * 2^61 - 1 bytes each. */
AXIOM_API int axiom_kuznyechik_mgm_seal(const axiom_kuznyechik_ctx* ctx, uint8_t* out,
                                        size_t out_len, const uint8_t* nonce, size_t nonce_len,
                                        const uint8_t* aad, size_t aad_len, const uint8_t* in,
                                        size_t in_len);
AXIOM_API int axiom_kuznyechik_mgm_open(const axiom_kuznyechik_ctx* ctx, uint8_t* out,
                                        size_t out_len, const uint8_t* nonce, size_t nonce_len,
                                        const uint8_t* aad, size_t aad_len, const uint8_t* in,
                                        size_t in_len);
AXIOM_API int axiom_kuznyechik_mgm_seal_detached(const axiom_kuznyechik_ctx* ctx, uint8_t* out,
                                                 size_t out_len, uint8_t* tag, size_t tag_len,
                                                 const uint8_t* nonce, size_t nonce_len,
                                                 const uint8_t* aad, size_t aad_len,
                                                 const uint8_t* in, size_t in_len);
AXIOM_API int axiom_kuznyechik_mgm_open_detached(const axiom_kuznyechik_ctx* ctx, uint8_t* out,
                                                 size_t out_len, const uint8_t* tag, size_t tag_len,
                                                 const uint8_t* nonce, size_t nonce_len,
                                                 const uint8_t* aad, size_t aad_len,
                                                 const uint8_t* in, size_t in_len);

/* ---- Magma (GOST R 34.12-2015, RFC 8891: 64-bit blocks, a 32-byte key) with the modes above.
 * Each function works as its axiom_kuznyechik_* namesake (same arguments, checks and error
 * codes) on 8-byte blocks: single blocks, the IVs of CBC, CFB and OFB, the CTR counter block
 * and the CMAC tag are 8 bytes, ECB and CBC take multiples of 8 bytes, the many-message calls
 * use the first 8 bytes of the jobs' iv and tag. GOST R 34.13-2015's CTR with IV (4 bytes) is
 * axiom_magma_ctr_xor with the counter block IV || 00000000. CTR-ACPKM takes a 4-byte IV and
 * sections of a multiple of 8 bytes. MGM (RFC 9058) takes an 8-byte nonce whose first bit is 0
 * and detached tags of 4 to 8 bytes; its combined forms carry an 8-byte tag after the
 * ciphertext (out_len == in_len + 8 to seal, in_len - 8 to open); message and AAD up to
 * 2^29 - 1 bytes each. There is no Magma XTS. */

#define AXIOM_MAGMA_KEY_SIZE 32
#define AXIOM_MAGMA_BLOCK_SIZE 8

/* axiom_magma_ctx holds a Magma key schedule and its kernel; contents private. 256 bytes. */
typedef struct axiom_magma_ctx {
  uint64_t opaque[32];
} axiom_magma_ctx;
/* axiom_magma_cmac_ctx holds a MAC computation over an axiom_magma_ctx that must stay keyed and
 * in place until axiom_magma_cmac_final. */
typedef struct axiom_magma_cmac_ctx {
  uint64_t opaque[12];
} axiom_magma_cmac_ctx;

AXIOM_API int axiom_magma_init(axiom_magma_ctx* ctx, const uint8_t* key, size_t key_len);
AXIOM_API void axiom_magma_clear(axiom_magma_ctx* ctx);
AXIOM_API int axiom_magma_encrypt_block(const axiom_magma_ctx* ctx, uint8_t out[8],
                                        const uint8_t in[8]);
AXIOM_API int axiom_magma_decrypt_block(const axiom_magma_ctx* ctx, uint8_t out[8],
                                        const uint8_t in[8]);
AXIOM_API int axiom_magma_ecb_encrypt(const axiom_magma_ctx* ctx, uint8_t* out, size_t out_len,
                                      const uint8_t* in, size_t in_len);
AXIOM_API int axiom_magma_ecb_decrypt(const axiom_magma_ctx* ctx, uint8_t* out, size_t out_len,
                                      const uint8_t* in, size_t in_len);
AXIOM_API int axiom_magma_cbc_encrypt(const axiom_magma_ctx* ctx, uint8_t iv[8], uint8_t* out,
                                      size_t out_len, const uint8_t* in, size_t in_len);
AXIOM_API int axiom_magma_cbc_decrypt(const axiom_magma_ctx* ctx, uint8_t iv[8], uint8_t* out,
                                      size_t out_len, const uint8_t* in, size_t in_len);
AXIOM_API int axiom_magma_ctr_xor(const axiom_magma_ctx* ctx, const uint8_t iv[8], uint64_t offset,
                                  uint8_t* out, size_t out_len, const uint8_t* in, size_t in_len);
AXIOM_API int axiom_magma_cfb_encrypt(const axiom_magma_ctx* ctx, uint8_t iv[8], uint8_t* out,
                                      size_t out_len, const uint8_t* in, size_t in_len);
AXIOM_API int axiom_magma_cfb_decrypt(const axiom_magma_ctx* ctx, uint8_t iv[8], uint8_t* out,
                                      size_t out_len, const uint8_t* in, size_t in_len);
AXIOM_API int axiom_magma_ofb_xor(const axiom_magma_ctx* ctx, uint8_t iv[8], uint8_t* out,
                                  size_t out_len, const uint8_t* in, size_t in_len);
AXIOM_API int axiom_magma_cmac(const axiom_magma_ctx* ctx, uint8_t tag[8], const uint8_t* msg,
                               size_t msg_len);
AXIOM_API int axiom_magma_cmac_init(axiom_magma_cmac_ctx* cmac, const axiom_magma_ctx* magma);
AXIOM_API int axiom_magma_cmac_update(axiom_magma_cmac_ctx* cmac, const uint8_t* data, size_t len);
AXIOM_API int axiom_magma_cmac_final(axiom_magma_cmac_ctx* cmac, uint8_t tag[8]);
AXIOM_API int axiom_magma_cbc_encrypt_many(const axiom_magma_ctx* ctx, const axiom_cbc_job* jobs,
                                           size_t n);
AXIOM_API int axiom_magma_cbc_encrypt_many_padded(const axiom_magma_ctx* ctx,
                                                  const axiom_cbc_job* jobs, size_t n);
AXIOM_API int axiom_magma_cmac_many(const axiom_magma_ctx* ctx, axiom_cmac_job* jobs, size_t n);
AXIOM_API int axiom_magma_ctr_acpkm_xor(const axiom_magma_ctx* ctx, const uint8_t* iv,
                                        size_t iv_len, size_t section_size, uint8_t* out,
                                        size_t out_len, const uint8_t* in, size_t in_len);
AXIOM_API int axiom_magma_mgm_seal(const axiom_magma_ctx* ctx, uint8_t* out, size_t out_len,
                                   const uint8_t* nonce, size_t nonce_len, const uint8_t* aad,
                                   size_t aad_len, const uint8_t* in, size_t in_len);
AXIOM_API int axiom_magma_mgm_open(const axiom_magma_ctx* ctx, uint8_t* out, size_t out_len,
                                   const uint8_t* nonce, size_t nonce_len, const uint8_t* aad,
                                   size_t aad_len, const uint8_t* in, size_t in_len);
AXIOM_API int axiom_magma_mgm_seal_detached(const axiom_magma_ctx* ctx, uint8_t* out,
                                            size_t out_len, uint8_t* tag, size_t tag_len,
                                            const uint8_t* nonce, size_t nonce_len,
                                            const uint8_t* aad, size_t aad_len, const uint8_t* in,
                                            size_t in_len);
AXIOM_API int axiom_magma_mgm_open_detached(const axiom_magma_ctx* ctx, uint8_t* out,
                                            size_t out_len, const uint8_t* tag, size_t tag_len,
                                            const uint8_t* nonce, size_t nonce_len,
                                            const uint8_t* aad, size_t aad_len, const uint8_t* in,
                                            size_t in_len);

/* ---- ChaCha20, XChaCha20 (RFC 8439, draft-irtf-cfrg-xchacha), Poly1305 and the AEADs.
 * These are cheap to key, so they take the 32-byte key on each call (as libsodium does). */

#define AXIOM_CHACHA20_KEY_SIZE 32
#define AXIOM_CHACHA20_NONCE_SIZE 12
#define AXIOM_XCHACHA20_NONCE_SIZE 24
#define AXIOM_POLY1305_KEY_SIZE 32
#define AXIOM_POLY1305_TAG_SIZE 16

/* axiom_chacha20 XORs in with the ChaCha20 keystream of (key, 12-byte nonce) from block
 * `counter` into out (out_len == in_len; out may be in). AXIOM_ERR_MESSAGE_TOO_LONG if the
 * data would run past block 2^32 - 1. */
AXIOM_API int axiom_chacha20(uint8_t* out, size_t out_len, const uint8_t* key, size_t key_len,
                             const uint8_t* nonce, size_t nonce_len, uint32_t counter,
                             const uint8_t* in, size_t in_len);
/* axiom_xchacha20 is axiom_chacha20 with a 24-byte nonce. */
AXIOM_API int axiom_xchacha20(uint8_t* out, size_t out_len, const uint8_t* key, size_t key_len,
                              const uint8_t* nonce, size_t nonce_len, uint32_t counter,
                              const uint8_t* in, size_t in_len);

/* axiom_poly1305 writes the 16-byte Poly1305 tag of msg under a 32-byte one-time key. */
AXIOM_API int axiom_poly1305(uint8_t tag[AXIOM_POLY1305_TAG_SIZE], const uint8_t* key,
                             size_t key_len, const uint8_t* msg, size_t msg_len);
/* axiom_poly1305_ctx holds a Poly1305 computation (and the AVX2 kernel's powers of the key);
 * contents private. 1088 bytes, any alignment of uint64_t. Copying it forks the computation. */
typedef struct axiom_poly1305_ctx {
  uint64_t opaque[136];
} axiom_poly1305_ctx;
/* axiom_poly1305_init starts a message in ctx under a 32-byte one-time key. */
AXIOM_API int axiom_poly1305_init(axiom_poly1305_ctx* ctx, const uint8_t* key, size_t key_len);
/* axiom_poly1305_update appends len bytes at data to the message. */
AXIOM_API int axiom_poly1305_update(axiom_poly1305_ctx* ctx, const uint8_t* data, size_t len);
/* axiom_poly1305_final writes the 16-byte tag and wipes ctx (init it again to reuse). */
AXIOM_API int axiom_poly1305_final(axiom_poly1305_ctx* ctx, uint8_t tag[AXIOM_POLY1305_TAG_SIZE]);

#define AXIOM_CHACHA20_POLY1305_TAG_SIZE 16

/* axiom_chacha20_poly1305_seal writes the ciphertext of in and the 16-byte tag to out
 * (out_len == in_len + 16), under a 32-byte key and a 12-byte nonce. out may be in. */
AXIOM_API int axiom_chacha20_poly1305_seal(uint8_t* out, size_t out_len, const uint8_t* key,
                                           size_t key_len, const uint8_t* nonce, size_t nonce_len,
                                           const uint8_t* aad, size_t aad_len, const uint8_t* in,
                                           size_t in_len);
/* axiom_chacha20_poly1305_open checks the tag at the end of in and writes the plaintext
 * (out_len == in_len - 16). AXIOM_ERR_AUTHENTICATION_FAILED if the tag is wrong or in_len < 16. */
AXIOM_API int axiom_chacha20_poly1305_open(uint8_t* out, size_t out_len, const uint8_t* key,
                                           size_t key_len, const uint8_t* nonce, size_t nonce_len,
                                           const uint8_t* aad, size_t aad_len, const uint8_t* in,
                                           size_t in_len);
/* axiom_chacha20_poly1305_seal_detached writes the ciphertext (out_len == in_len) and the
 * tag (tag_len must be 16). */
AXIOM_API int axiom_chacha20_poly1305_seal_detached(uint8_t* out, size_t out_len, uint8_t* tag,
                                                    size_t tag_len, const uint8_t* key,
                                                    size_t key_len, const uint8_t* nonce,
                                                    size_t nonce_len, const uint8_t* aad,
                                                    size_t aad_len, const uint8_t* in,
                                                    size_t in_len);
/* axiom_chacha20_poly1305_open_detached checks the 16-byte tag and writes the plaintext
 * (out_len == in_len). */
AXIOM_API int axiom_chacha20_poly1305_open_detached(uint8_t* out, size_t out_len,
                                                    const uint8_t* tag, size_t tag_len,
                                                    const uint8_t* key, size_t key_len,
                                                    const uint8_t* nonce, size_t nonce_len,
                                                    const uint8_t* aad, size_t aad_len,
                                                    const uint8_t* in, size_t in_len);
/* axiom_xchacha20_poly1305_*: the same four with a 24-byte nonce (safe to choose at random). */
AXIOM_API int axiom_xchacha20_poly1305_seal(uint8_t* out, size_t out_len, const uint8_t* key,
                                            size_t key_len, const uint8_t* nonce, size_t nonce_len,
                                            const uint8_t* aad, size_t aad_len, const uint8_t* in,
                                            size_t in_len);
AXIOM_API int axiom_xchacha20_poly1305_open(uint8_t* out, size_t out_len, const uint8_t* key,
                                            size_t key_len, const uint8_t* nonce, size_t nonce_len,
                                            const uint8_t* aad, size_t aad_len, const uint8_t* in,
                                            size_t in_len);
AXIOM_API int axiom_xchacha20_poly1305_seal_detached(uint8_t* out, size_t out_len, uint8_t* tag,
                                                     size_t tag_len, const uint8_t* key,
                                                     size_t key_len, const uint8_t* nonce,
                                                     size_t nonce_len, const uint8_t* aad,
                                                     size_t aad_len, const uint8_t* in,
                                                     size_t in_len);
AXIOM_API int axiom_xchacha20_poly1305_open_detached(uint8_t* out, size_t out_len,
                                                     const uint8_t* tag, size_t tag_len,
                                                     const uint8_t* key, size_t key_len,
                                                     const uint8_t* nonce, size_t nonce_len,
                                                     const uint8_t* aad, size_t aad_len,
                                                     const uint8_t* in, size_t in_len);

#ifdef __cplusplus
}
#endif

#endif /* AXIOM_H */
