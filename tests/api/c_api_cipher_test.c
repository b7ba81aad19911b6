/* The C API of the ciphers, MACs and AEADs from a C99 program: a known answer for each
 * function, then every documented error path (axiom.h lists them in the order they are
 * checked). Compiled with -std=c99 -pedantic and linked both static and shared. */
#include <axiom/axiom.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "c_check.h"

static const char* sunscreen =
    "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, "
    "sunscreen would be it.";

static void test_hmac_streebog(void) {
  uint8_t key[32], msg[16], out[64];
  unhex(key, "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
  unhex(msg, "0126bdb87800af214341456563780100");
  /* RFC 7836 section 4.1 (bytes in memory order). */
  CHECK(axiom_hmac_streebog256(out, key, 32, msg, 16) == AXIOM_OK);
  CHECK(same_hex(out, 32, "a1aa5f7de402d7b3d323f2991c8d4534013137010a83754fd0af6d7cd4922ed9"));
  CHECK(axiom_hmac_streebog512(out, key, 32, msg, 16) == AXIOM_OK);
  CHECK(same_hex(out, 64,
                 "a59bab22ecae19c65fbde6e5f4e9f5d8549d31f037f9df9b905500e171923a77"
                 "3d5f1530f2ed7e964cb2eedc29e9ad2f3afe93b2814f79f5000ffc0366c251e6"));
  CHECK(axiom_hmac_streebog256(NULL, key, 32, msg, 16) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_hmac_streebog512(out, NULL, 1, msg, 16) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_hmac_streebog512(out, key, 32, msg, HUGE_LEN) == AXIOM_ERR_INVALID_LENGTH);
}

static void test_gost_kdfs(void) {
  uint8_t key[32], label[4], seed[8], out[64], big[256 * 32];
  unhex(key, "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
  unhex(label, "26bdb878");
  unhex(seed, "af21434145656378");
  /* RFC 7836 sections 4.4 and 4.5 (bytes in memory order). */
  CHECK(axiom_kdf_gostr3411_2012_256(out, key, 32, label, 4, seed, 8) == AXIOM_OK);
  CHECK(same_hex(out, 32, "a1aa5f7de402d7b3d323f2991c8d4534013137010a83754fd0af6d7cd4922ed9"));
  CHECK(axiom_kdf_tree_gostr3411_2012_256(out, 64, key, 32, label, 4, seed, 8, 1) == AXIOM_OK);
  CHECK(same_hex(out, 64,
                 "22b6837845c6bef65ea71672b265831086d3c76aebe6dae91cad51d83f79d16b"
                 "074c9330599d7f8d712fca54392f4ddde93751206b3584c8f43f9e6dc51531f9"));
  /* R 50.1.111-2016, "password" / "salt", 2 iterations. */
  CHECK(axiom_pbkdf2_hmac_streebog512(out, 64, (const uint8_t*)"password", 8,
                                      (const uint8_t*)"salt", 4, 2) == AXIOM_OK);
  CHECK(same_hex(out, 64,
                 "5a585bafdfbb6e8830d6d68aa3b43ac00d2e4aebce01c9b31c2caed56f0236d4"
                 "d34b2b8fbd2c4e89d54d46f50e47d45bbac301571743119e8d3c42ba66d348de"));
  /* Errors, in the documented order. */
  CHECK(axiom_kdf_gostr3411_2012_256(NULL, key, 32, label, 4, seed, 8) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_kdf_gostr3411_2012_256(out, NULL, 32, label, 4, seed, 8) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_kdf_gostr3411_2012_256(out, key, 32, label, HUGE_LEN, seed, 8) ==
        AXIOM_ERR_INVALID_LENGTH);
  CHECK(axiom_kdf_tree_gostr3411_2012_256(NULL, 64, key, 32, label, 4, seed, 8, 1) ==
        AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_kdf_tree_gostr3411_2012_256(out, 64, key, 32, label, 4, seed, 8, 5) ==
        AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(all_zero(out, 64));
  CHECK(axiom_kdf_tree_gostr3411_2012_256(out, 0, key, 32, label, 4, seed, 8, 1) ==
        AXIOM_ERR_INVALID_ARGUMENT);
  memset(big, 0xaa, sizeof big);
  CHECK(axiom_kdf_tree_gostr3411_2012_256(big, sizeof big, key, 32, label, 4, seed, 8, 1) ==
        AXIOM_ERR_OUTPUT_TOO_LONG);
  CHECK(all_zero(big, sizeof big));
  CHECK(axiom_pbkdf2_hmac_streebog512(out, 64, (const uint8_t*)"password", 8, NULL, 4, 2) ==
        AXIOM_ERR_NULL_POINTER);
  memset(out, 0xaa, sizeof out);
  CHECK(axiom_pbkdf2_hmac_streebog512(out, 64, (const uint8_t*)"password", 8,
                                      (const uint8_t*)"salt", 4, 0) == AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(all_zero(out, 64));
}

static void test_aes(void) {
  axiom_aes_ctx aes, other;
  axiom_aes_cmac_ctx cmac;
  uint8_t key[32], iv[16], pt[64], buf[80], tag[16];
  size_t i;

  /* FIPS 197 appendix C. */
  unhex(key, "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
  unhex(pt, "00112233445566778899aabbccddeeff");
  CHECK(axiom_aes_init(&aes, key, 16) == AXIOM_OK);
  CHECK(axiom_aes_encrypt_block(&aes, buf, pt) == AXIOM_OK);
  CHECK(same_hex(buf, 16, "69c4e0d86a7b0430d8cdb78070b4c55a"));
  CHECK(axiom_aes_decrypt_block(&aes, buf, buf) == AXIOM_OK); /* in place */
  CHECK(memcmp(buf, pt, 16) == 0);
  CHECK(axiom_aes_init(&aes, key, 24) == AXIOM_OK);
  CHECK(axiom_aes_encrypt_block(&aes, buf, pt) == AXIOM_OK);
  CHECK(same_hex(buf, 16, "dda97ca4864cdfe06eaf70a0ec0d7191"));
  CHECK(axiom_aes_init(&aes, key, 32) == AXIOM_OK);
  CHECK(axiom_aes_encrypt_block(&aes, buf, pt) == AXIOM_OK);
  CHECK(same_hex(buf, 16, "8ea2b7ca516745bfeafc49904b496089"));

  /* SP 800-38A F.1.1, F.2.1, F.5.1 (AES-128, four blocks; first and last checked). */
  unhex(key, "2b7e151628aed2a6abf7158809cf4f3c");
  unhex(pt,
        "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
        "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710");
  CHECK(axiom_aes_init(&aes, key, 16) == AXIOM_OK);
  CHECK(axiom_aes_ecb_encrypt(&aes, buf, 64, pt, 64) == AXIOM_OK);
  CHECK(same_hex(buf, 16, "3ad77bb40d7a3660a89ecaf32466ef97"));
  CHECK(same_hex(buf + 48, 16, "7b0c785e27e8ad3f8223207104725dd4"));
  CHECK(axiom_aes_ecb_decrypt(&aes, buf, 64, buf, 64) == AXIOM_OK);
  CHECK(memcmp(buf, pt, 64) == 0);

  unhex(iv, "000102030405060708090a0b0c0d0e0f");
  CHECK(axiom_aes_cbc_encrypt(&aes, iv, buf, 32, pt, 32) == AXIOM_OK); /* in two calls */
  CHECK(axiom_aes_cbc_encrypt(&aes, iv, buf + 32, 32, pt + 32, 32) == AXIOM_OK);
  CHECK(same_hex(buf, 16, "7649abac8119b246cee98e9b12e9197d"));
  CHECK(same_hex(buf + 48, 16, "3ff1caa1681fac09120eca307586e1a7"));
  CHECK(same_hex(iv, 16, "3ff1caa1681fac09120eca307586e1a7")); /* the chaining value */
  unhex(iv, "000102030405060708090a0b0c0d0e0f");
  CHECK(axiom_aes_cbc_decrypt(&aes, iv, buf, 64, buf, 64) == AXIOM_OK);
  CHECK(memcmp(buf, pt, 64) == 0);

  unhex(iv, "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
  CHECK(axiom_aes_ctr_xor(&aes, iv, 0, buf, 64, pt, 64) == AXIOM_OK);
  CHECK(same_hex(buf, 16, "874d6191b620e3261bef6864990db6ce"));
  CHECK(same_hex(buf + 48, 16, "1e031dda2fbe03d1792170a0f3009cee"));
  /* The same message cut at 7 and 40, each piece at its offset, in place. */
  memcpy(buf, pt, 64);
  CHECK(axiom_aes_ctr_xor(&aes, iv, 0, buf, 7, buf, 7) == AXIOM_OK);
  CHECK(axiom_aes_ctr_xor(&aes, iv, 7, buf + 7, 33, buf + 7, 33) == AXIOM_OK);
  CHECK(axiom_aes_ctr_xor(&aes, iv, 40, buf + 40, 24, buf + 40, 24) == AXIOM_OK);
  CHECK(same_hex(buf + 48, 16, "1e031dda2fbe03d1792170a0f3009cee"));

  /* RFC 4493 section 4: empty, 16 and 64 bytes; the streaming form in odd pieces. */
  CHECK(axiom_aes_cmac(&aes, tag, NULL, 0) == AXIOM_OK);
  CHECK(same_hex(tag, 16, "bb1d6929e95937287fa37d129b756746"));
  CHECK(axiom_aes_cmac(&aes, tag, pt, 16) == AXIOM_OK);
  CHECK(same_hex(tag, 16, "070a16b46b4d4144f79bdd9dd04a287c"));
  CHECK(axiom_aes_cmac_init(&cmac, &aes) == AXIOM_OK);
  for (i = 0; i < 64; i += 13)
    CHECK(axiom_aes_cmac_update(&cmac, pt + i, i + 13 <= 64 ? 13 : 64 - i) == AXIOM_OK);
  CHECK(axiom_aes_cmac_final(&cmac, tag) == AXIOM_OK);
  CHECK(same_hex(tag, 16, "51f0bebf7e3b9d92fc49741779363cfe"));

  /* Error paths, in axiom.h's order. */
  CHECK(axiom_aes_init(NULL, key, 16) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_init(&other, NULL, 16) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_init(&other, key, HUGE_LEN) == AXIOM_ERR_INVALID_LENGTH);
  CHECK(axiom_aes_init(&other, key, 17) == AXIOM_ERR_INVALID_KEY_SIZE);
  CHECK(axiom_aes_init(&other, NULL, 0) == AXIOM_ERR_INVALID_KEY_SIZE);
  /* A context whose init failed holds no key: every use says so. */
  CHECK(axiom_aes_encrypt_block(&other, buf, pt) == AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(axiom_aes_ecb_encrypt(&other, buf, 16, pt, 16) == AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(axiom_aes_ecb_encrypt(&other, NULL, 16, pt, 16) == AXIOM_ERR_NULL_POINTER); /* first */
  CHECK(axiom_aes_encrypt_block(&other, buf + 1, buf) == AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(axiom_aes_cmac_init(&cmac, &other) == AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(axiom_aes_init(&other, key, 16) == AXIOM_OK);
  axiom_aes_clear(&other);
  CHECK(all_zero((const uint8_t*)&other, sizeof other));
  CHECK(axiom_aes_decrypt_block(&other, buf, pt) == AXIOM_ERR_INVALID_ARGUMENT);
  axiom_aes_clear(NULL);

  CHECK(axiom_aes_encrypt_block(NULL, buf, pt) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_encrypt_block(&aes, NULL, pt) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_decrypt_block(&aes, buf, NULL) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_encrypt_block(&aes, buf + 1, buf) == AXIOM_ERR_OVERLAPPING_BUFFERS);

  CHECK(axiom_aes_ecb_encrypt(NULL, buf, 16, pt, 16) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_ecb_encrypt(&aes, NULL, 16, pt, 16) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_ecb_decrypt(&aes, buf, 16, NULL, 16) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_ecb_encrypt(&aes, buf, HUGE_LEN, pt, 16) == AXIOM_ERR_INVALID_LENGTH);
  CHECK(axiom_aes_ecb_encrypt(&aes, buf, 16, (const uint8_t*)(uintptr_t)-8, 16) ==
        AXIOM_ERR_INVALID_LENGTH); /* runs past the end of the address space */
  CHECK(axiom_aes_ecb_encrypt(&aes, buf, 15, pt, 15) == AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(axiom_aes_ecb_encrypt(&aes, buf + 8, 32, buf, 32) == AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_aes_ecb_encrypt(&aes, buf, 32, pt, 16) == AXIOM_ERR_OUTPUT_SIZE_MISMATCH);
  CHECK(axiom_aes_ecb_encrypt(&aes, NULL, 0, NULL, 0) == AXIOM_OK);

  memset(buf, 0xaa, sizeof buf);
  CHECK(axiom_aes_cbc_encrypt(&aes, NULL, buf, 16, pt, 16) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_cbc_decrypt(&aes, iv, buf, 16, pt, 17) == AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(axiom_aes_cbc_encrypt(&aes, buf, buf + 8, 16, pt, 16) == AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_aes_cbc_encrypt(&aes, iv, buf, 16, iv, 16) == AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_aes_cbc_encrypt(&aes, iv, buf, 32, pt, 16) == AXIOM_ERR_OUTPUT_SIZE_MISMATCH);
  CHECK(buf[0] == 0xaa && buf[31] == 0xaa); /* nothing written on error */

  CHECK(axiom_aes_ctr_xor(&aes, NULL, 0, buf, 16, pt, 16) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_ctr_xor(&aes, iv, 0, buf, 16, pt, HUGE_LEN) == AXIOM_ERR_INVALID_LENGTH);
  CHECK(axiom_aes_ctr_xor(&aes, buf + 4, 0, buf, 16, pt, 16) == AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_aes_ctr_xor(&aes, iv, 0, buf + 1, 16, buf, 16) == AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_aes_ctr_xor(&aes, iv, 0, buf, 15, pt, 16) == AXIOM_ERR_OUTPUT_SIZE_MISMATCH);

  CHECK(axiom_aes_cmac(&aes, NULL, pt, 16) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_cmac(&aes, tag, NULL, 16) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_cmac(&aes, tag, pt, HUGE_LEN) == AXIOM_ERR_INVALID_LENGTH);
  CHECK(axiom_aes_cmac_init(NULL, &aes) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_cmac_init(&cmac, NULL) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_cmac_init(&cmac, &aes) == AXIOM_OK);
  CHECK(axiom_aes_cmac_update(NULL, pt, 1) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_cmac_update(&cmac, NULL, 1) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_cmac_update(&cmac, pt, HUGE_LEN) == AXIOM_ERR_INVALID_LENGTH);
  CHECK(axiom_aes_cmac_final(&cmac, NULL) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_cmac_final(&cmac, tag) == AXIOM_OK);
  CHECK(same_hex(tag, 16, "bb1d6929e95937287fa37d129b756746")); /* the failed calls added nothing */
  CHECK(axiom_aes_cmac_update(&cmac, pt, 1) == AXIOM_ERR_INVALID_ARGUMENT); /* wiped by final */
  axiom_aes_clear(&aes);
}

static void test_gcm(void) {
  axiom_aes_gcm_ctx gcm, other;
  uint8_t key[32], nonce[12], msg[32], buf[64], tag[16];
  memset(key, 0, sizeof key);
  memset(nonce, 0, sizeof nonce);
  memset(msg, 0, sizeof msg);

  /* McGrew and Viega, test cases 1 and 2 (AES-128, zero key and nonce). */
  CHECK(axiom_aes_gcm_init(&gcm, key, 16) == AXIOM_OK);
  CHECK(axiom_aes_gcm_seal(&gcm, buf, 16, nonce, 12, NULL, 0, NULL, 0) == AXIOM_OK);
  CHECK(same_hex(buf, 16, "58e2fccefa7e3061367f1d57a4e7455a"));
  CHECK(axiom_aes_gcm_seal(&gcm, buf, 32, nonce, 12, NULL, 0, msg, 16) == AXIOM_OK);
  CHECK(same_hex(buf, 32, "0388dace60b6a392f328c2b971b2fe78ab6e47d42cec13bdf53a67b21257bddf"));
  CHECK(axiom_aes_gcm_open(&gcm, buf, 16, nonce, 12, NULL, 0, buf, 32) == AXIOM_OK); /* in place */
  CHECK(all_zero(buf, 16));
  CHECK(axiom_aes_gcm_seal_detached(&gcm, buf, 16, tag, 16, nonce, 12, NULL, 0, msg, 16) ==
        AXIOM_OK);
  CHECK(same_hex(tag, 16, "ab6e47d42cec13bdf53a67b21257bddf"));
  CHECK(axiom_aes_gcm_open_detached(&gcm, buf, 16, tag, 12, nonce, 12, NULL, 0, buf, 16) ==
        AXIOM_OK);
  CHECK(all_zero(buf, 16));
  CHECK(axiom_aes_gcm_init(&other, key, 32) == AXIOM_OK);
  CHECK(axiom_aes_gcm_seal(&other, buf, 16, nonce, 12, NULL, 0, NULL, 0) == AXIOM_OK);
  CHECK(same_hex(buf, 16, "530f8afbc74536b9a963b4f1c4cb738b")); /* test case 13 */

  /* A wrong tag, AAD or nonce: authentication fails and the output is zeroed. */
  CHECK(axiom_aes_gcm_seal(&gcm, buf, 48, nonce, 12, (const uint8_t*)"aad", 3, msg, 32) ==
        AXIOM_OK);
  buf[47] ^= 1;
  memset(msg, 0x55, sizeof msg);
  CHECK(axiom_aes_gcm_open(&gcm, msg, 32, nonce, 12, (const uint8_t*)"aad", 3, buf, 48) ==
        AXIOM_ERR_AUTHENTICATION_FAILED);
  CHECK(all_zero(msg, 32));
  buf[47] ^= 1;
  memset(msg, 0x55, sizeof msg);
  CHECK(axiom_aes_gcm_open(&gcm, msg, 32, nonce, 12, (const uint8_t*)"aaD", 3, buf, 48) ==
        AXIOM_ERR_AUTHENTICATION_FAILED);
  CHECK(all_zero(msg, 32));
  CHECK(axiom_aes_gcm_open(&gcm, msg, 32, nonce, 12, (const uint8_t*)"aad", 3, buf, 48) ==
        AXIOM_OK);

  /* Error paths. */
  CHECK(axiom_aes_gcm_init(NULL, key, 16) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_gcm_init(&other, key, 20) == AXIOM_ERR_INVALID_KEY_SIZE);
  memset(buf, 0x55, sizeof buf);
  CHECK(axiom_aes_gcm_seal(&other, buf, 16, nonce, 12, NULL, 0, NULL, 0) ==
        AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(all_zero(buf, 16));
  CHECK(axiom_aes_gcm_seal(NULL, buf, 16, nonce, 12, NULL, 0, NULL, 0) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_gcm_seal(&gcm, NULL, 16, nonce, 12, NULL, 0, NULL, 0) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_gcm_seal(&gcm, buf, 16, NULL, 12, NULL, 0, NULL, 0) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_gcm_seal(&gcm, buf, 16, nonce, 12, NULL, 3, NULL, 0) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_gcm_open(&gcm, buf, 16, nonce, 12, NULL, 0, NULL, 32) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_gcm_seal(&gcm, buf, 16, nonce, 12, NULL, 0, msg, HUGE_LEN) ==
        AXIOM_ERR_INVALID_LENGTH);
  CHECK(axiom_aes_gcm_seal(&gcm, buf, (size_t)-1, nonce, 12, NULL, 0, msg, (size_t)-17) ==
        AXIOM_ERR_INVALID_LENGTH); /* in_len + 16 would wrap around */
  CHECK(axiom_aes_gcm_seal(&gcm, buf, 16, nonce, 0, NULL, 0, NULL, 0) ==
        AXIOM_ERR_INVALID_NONCE_SIZE);
  CHECK(axiom_aes_gcm_seal_detached(&gcm, buf, 16, tag, 11, nonce, 12, NULL, 0, msg, 16) ==
        AXIOM_ERR_INVALID_TAG_SIZE);
  CHECK(axiom_aes_gcm_open_detached(&gcm, buf, 16, tag, 17, nonce, 12, NULL, 0, msg, 16) ==
        AXIOM_ERR_INVALID_TAG_SIZE);
  memset(buf, 0x55, sizeof buf);
  CHECK(axiom_aes_gcm_seal(&gcm, buf + 1, 32, nonce, 12, NULL, 0, buf, 16) ==
        AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(buf[1] == 0x55 && buf[32] == 0x55); /* nothing written */
  CHECK(axiom_aes_gcm_seal(&gcm, buf, 32, buf + 20, 12, NULL, 0, msg, 16) ==
        AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_aes_gcm_seal(&gcm, buf, 32, nonce, 12, buf + 30, 4, msg, 16) ==
        AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_aes_gcm_seal_detached(&gcm, buf, 16, buf + 8, 16, nonce, 12, NULL, 0, msg, 16) ==
        AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_aes_gcm_open_detached(&gcm, buf, 16, msg + 4, 16, nonce, 12, NULL, 0, msg, 16) ==
        AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_aes_gcm_seal(&gcm, buf, 31, nonce, 12, NULL, 0, msg, 16) ==
        AXIOM_ERR_OUTPUT_SIZE_MISMATCH);
  CHECK(all_zero(buf, 31));
  memset(tag, 0x55, sizeof tag);
  CHECK(axiom_aes_gcm_seal_detached(&gcm, buf, 15, tag, 16, nonce, 12, NULL, 0, msg, 16) ==
        AXIOM_ERR_OUTPUT_SIZE_MISMATCH);
  CHECK(all_zero(tag, 16)); /* the tag of a failed seal is zeroed too */
  memset(buf, 0x55, sizeof buf);
  CHECK(axiom_aes_gcm_open(&gcm, buf, 20, nonce, 12, NULL, 0, msg, 32) ==
        AXIOM_ERR_OUTPUT_SIZE_MISMATCH);
  CHECK(all_zero(buf, 20));
  CHECK(axiom_aes_gcm_open(&gcm, buf, 0, nonce, 12, NULL, 0, msg, 15) ==
        AXIOM_ERR_AUTHENTICATION_FAILED);
  axiom_aes_gcm_clear(&gcm);
  axiom_aes_gcm_clear(&other);
  CHECK(all_zero((const uint8_t*)&gcm, sizeof gcm));
  CHECK(axiom_aes_gcm_seal(&gcm, buf, 16, nonce, 12, NULL, 0, NULL, 0) ==
        AXIOM_ERR_INVALID_ARGUMENT);
}

static void test_chacha20_poly1305(void) {
  uint8_t key[32], nonce[24], xnonce[24], aad[12], ct[130], out[130], tag[16];
  axiom_poly1305_ctx poly, fork;
  const size_t n = strlen(sunscreen);
  const uint8_t* pt = (const uint8_t*)sunscreen;
  size_t i;

  /* RFC 8439 section 2.4.2. */
  for (i = 0; i < 32; ++i) key[i] = (uint8_t)i;
  unhex(nonce, "000000000000004a00000000");
  CHECK(axiom_chacha20(ct, n, key, 32, nonce, 12, 1, pt, n) == AXIOM_OK);
  CHECK(same_hex(ct, 16, "6e2e359a2568f98041ba0728dd0d6981"));
  CHECK(same_hex(ct + n - 2, 2, "874d"));
  CHECK(axiom_chacha20(ct, n, key, 32, nonce, 12, 1, ct, n) == AXIOM_OK); /* in place */
  CHECK(memcmp(ct, pt, n) == 0);
  /* XChaCha20 (draft-irtf-cfrg-xchacha-03 A.2) is checked through its AEAD below; here
   * its round trip and the error paths. */
  unhex(xnonce, "404142434445464748494a4b4c4d4e4f5051525354555657");
  CHECK(axiom_xchacha20(ct, n, key, 32, xnonce, 24, 0, pt, n) == AXIOM_OK);
  CHECK(axiom_xchacha20(out, n, key, 32, xnonce, 24, 0, ct, n) == AXIOM_OK);
  CHECK(memcmp(out, pt, n) == 0);
  CHECK(axiom_chacha20(ct, n, NULL, 32, nonce, 12, 1, pt, n) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_chacha20(ct, n, key, 32, nonce, 12, 1, pt, HUGE_LEN) == AXIOM_ERR_INVALID_LENGTH);
  CHECK(axiom_chacha20(ct, n, key, 31, nonce, 12, 1, pt, n) == AXIOM_ERR_INVALID_KEY_SIZE);
  CHECK(axiom_chacha20(ct, n, key, 32, nonce, 24, 1, pt, n) == AXIOM_ERR_INVALID_NONCE_SIZE);
  CHECK(axiom_xchacha20(ct, n, key, 32, nonce, 12, 1, pt, n) == AXIOM_ERR_INVALID_NONCE_SIZE);
  CHECK(axiom_chacha20(ct + 1, n, key, 32, nonce, 12, 1, ct, n) == AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_chacha20(key, 32, key, 32, nonce, 12, 1, pt, 32) == AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_chacha20(ct, n - 1, key, 32, nonce, 12, 1, pt, n) == AXIOM_ERR_OUTPUT_SIZE_MISMATCH);
  CHECK(axiom_chacha20(ct, 128, key, 32, nonce, 12, 0xffffffffu, pt, 128) ==
        AXIOM_ERR_MESSAGE_TOO_LONG);

  /* RFC 8439 section 2.5.2, one-shot and in pieces, with a fork. */
  unhex(key, "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b");
  CHECK(axiom_poly1305(tag, key, 32, (const uint8_t*)"Cryptographic Forum Research Group", 34) ==
        AXIOM_OK);
  CHECK(same_hex(tag, 16, "a8061dc1305136c6c22b8baf0c0127a9"));
  CHECK(axiom_poly1305_init(&poly, key, 32) == AXIOM_OK);
  CHECK(axiom_poly1305_update(&poly, (const uint8_t*)"Cryptographic Forum", 19) == AXIOM_OK);
  memcpy(&fork, &poly, sizeof poly);
  CHECK(axiom_poly1305_update(&poly, (const uint8_t*)" Research Group", 15) == AXIOM_OK);
  CHECK(axiom_poly1305_final(&poly, tag) == AXIOM_OK);
  CHECK(same_hex(tag, 16, "a8061dc1305136c6c22b8baf0c0127a9"));
  CHECK(axiom_poly1305_update(&fork, (const uint8_t*)" Research", 9) == AXIOM_OK);
  CHECK(axiom_poly1305_update(&fork, (const uint8_t*)" Group", 6) == AXIOM_OK);
  CHECK(axiom_poly1305_final(&fork, tag) == AXIOM_OK);
  CHECK(same_hex(tag, 16, "a8061dc1305136c6c22b8baf0c0127a9"));
  /* Forks to each alignment of uint64_t modulo 32 after 600 bytes (the AVX2 kernel's powers
   * are then in the context, at an offset that depends on the context's alignment). */
  {
    static uint64_t store[4 + sizeof(axiom_poly1305_ctx) / 8];
    uint8_t big[1000], expect[16], got[16];
    int k;
    for (k = 0; k < 1000; ++k) big[k] = (uint8_t)(k * 7);
    CHECK(axiom_poly1305(expect, key, 32, big, 1000) == AXIOM_OK);
    for (k = 0; k < 4; ++k) {
      axiom_poly1305_ctx* moved = (axiom_poly1305_ctx*)(void*)(store + k);
      CHECK(axiom_poly1305_init(&poly, key, 32) == AXIOM_OK);
      CHECK(axiom_poly1305_update(&poly, big, 600) == AXIOM_OK);
      memcpy(moved, &poly, sizeof poly);
      CHECK(axiom_poly1305_final(&poly, got) == AXIOM_OK);
      CHECK(memcmp(got, expect, 16) != 0);
      CHECK(axiom_poly1305_update(moved, big + 600, 400) == AXIOM_OK);
      CHECK(axiom_poly1305_final(moved, got) == AXIOM_OK);
      CHECK(memcmp(got, expect, 16) == 0);
    }
  }
  CHECK(axiom_poly1305(NULL, key, 32, pt, 1) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_poly1305(tag, key, 32, NULL, 1) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_poly1305(tag, key, 32, pt, HUGE_LEN) == AXIOM_ERR_INVALID_LENGTH);
  CHECK(axiom_poly1305(tag, key, 16, pt, 1) == AXIOM_ERR_INVALID_KEY_SIZE);
  CHECK(axiom_poly1305_init(NULL, key, 32) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_poly1305_init(&poly, key, 33) == AXIOM_ERR_INVALID_KEY_SIZE);
  CHECK(axiom_poly1305_update(&poly, pt, 1) == AXIOM_ERR_INVALID_ARGUMENT); /* no key */
  CHECK(axiom_poly1305_final(&poly, tag) == AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(axiom_poly1305_init(&poly, key, 32) == AXIOM_OK);
  CHECK(axiom_poly1305_update(NULL, pt, 1) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_poly1305_update(&poly, NULL, 1) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_poly1305_update(&poly, pt, HUGE_LEN) == AXIOM_ERR_INVALID_LENGTH);
  CHECK(axiom_poly1305_final(&poly, NULL) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_poly1305_final(&poly, tag) == AXIOM_OK);
  CHECK(axiom_poly1305_update(&poly, pt, 1) == AXIOM_ERR_INVALID_ARGUMENT); /* wiped by final */

  /* RFC 8439 section 2.8.2 and draft-irtf-cfrg-xchacha-03 A.3.1. */
  for (i = 0; i < 32; ++i) key[i] = (uint8_t)(0x80 + i);
  unhex(nonce, "070000004041424344454647");
  unhex(aad, "50515253c0c1c2c3c4c5c6c7");
  CHECK(axiom_chacha20_poly1305_seal(ct, n + 16, key, 32, nonce, 12, aad, 12, pt, n) == AXIOM_OK);
  CHECK(same_hex(ct, 16, "d31a8d34648e60db7b86afbc53ef7ec2"));
  CHECK(same_hex(ct + n, 16, "1ae10b594f09e26a7e902ecbd0600691"));
  CHECK(axiom_chacha20_poly1305_open(out, n, key, 32, nonce, 12, aad, 12, ct, n + 16) == AXIOM_OK);
  CHECK(memcmp(out, pt, n) == 0);
  CHECK(axiom_chacha20_poly1305_seal_detached(out, n, tag, 16, key, 32, nonce, 12, aad, 12, pt,
                                              n) == AXIOM_OK);
  CHECK(memcmp(out, ct, n) == 0 && memcmp(tag, ct + n, 16) == 0);
  CHECK(axiom_chacha20_poly1305_open_detached(out, n, tag, 16, key, 32, nonce, 12, aad, 12, out,
                                              n) == AXIOM_OK);
  CHECK(memcmp(out, pt, n) == 0);
  ct[0] ^= 1;
  CHECK(axiom_chacha20_poly1305_open(out, n, key, 32, nonce, 12, aad, 12, ct, n + 16) ==
        AXIOM_ERR_AUTHENTICATION_FAILED);
  CHECK(all_zero(out, n));
  ct[0] ^= 1;

  CHECK(axiom_xchacha20_poly1305_seal(ct, n + 16, key, 32, xnonce, 24, aad, 12, pt, n) == AXIOM_OK);
  CHECK(same_hex(ct, 16, "bd6d179d3e83d43b9576579493c0e939"));
  CHECK(same_hex(ct + n, 16, "c0875924c1c7987947deafd8780acf49"));
  CHECK(axiom_xchacha20_poly1305_open(out, n, key, 32, xnonce, 24, aad, 12, ct, n + 16) ==
        AXIOM_OK);
  CHECK(memcmp(out, pt, n) == 0);
  CHECK(axiom_xchacha20_poly1305_seal_detached(out, n, tag, 16, key, 32, xnonce, 24, aad, 12, pt,
                                               n) == AXIOM_OK);
  CHECK(memcmp(tag, ct + n, 16) == 0);
  tag[15] ^= 0x80;
  CHECK(axiom_xchacha20_poly1305_open_detached(out, n, tag, 16, key, 32, xnonce, 24, aad, 12, out,
                                               n) == AXIOM_ERR_AUTHENTICATION_FAILED);
  CHECK(all_zero(out, n));

  /* Error paths, for both AEADs. */
  CHECK(axiom_chacha20_poly1305_seal(NULL, 16, key, 32, nonce, 12, NULL, 0, NULL, 0) ==
        AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_chacha20_poly1305_seal(out, 16, NULL, 32, nonce, 12, NULL, 0, NULL, 0) ==
        AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_xchacha20_poly1305_open(out, 16, key, 32, NULL, 24, NULL, 0, ct, 32) ==
        AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_chacha20_poly1305_open_detached(out, 16, NULL, 16, key, 32, nonce, 12, NULL, 0, ct,
                                              16) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_chacha20_poly1305_seal(out, 16, key, 32, nonce, 12, aad, HUGE_LEN, NULL, 0) ==
        AXIOM_ERR_INVALID_LENGTH);
  CHECK(axiom_xchacha20_poly1305_seal(out, (size_t)-1, key, 32, xnonce, 24, NULL, 0, pt,
                                      (size_t)-17) == AXIOM_ERR_INVALID_LENGTH);
  memset(out, 0x55, sizeof out);
  CHECK(axiom_chacha20_poly1305_seal(out, 16, key, 16, nonce, 12, NULL, 0, NULL, 0) ==
        AXIOM_ERR_INVALID_KEY_SIZE);
  CHECK(all_zero(out, 16));
  CHECK(axiom_chacha20_poly1305_seal(out, 16, key, 32, xnonce, 24, NULL, 0, NULL, 0) ==
        AXIOM_ERR_INVALID_NONCE_SIZE);
  CHECK(axiom_xchacha20_poly1305_open(out, 16, key, 32, nonce, 12, NULL, 0, ct, 32) ==
        AXIOM_ERR_INVALID_NONCE_SIZE);
  CHECK(axiom_chacha20_poly1305_seal_detached(out, n, tag, 12, key, 32, nonce, 12, NULL, 0, pt,
                                              n) == AXIOM_ERR_INVALID_TAG_SIZE);
  CHECK(axiom_xchacha20_poly1305_open_detached(out, n, tag, 15, key, 32, xnonce, 24, NULL, 0, ct,
                                               n) == AXIOM_ERR_INVALID_TAG_SIZE);
  memcpy(out, pt, n);
  CHECK(axiom_chacha20_poly1305_seal(out + 1, n + 16, key, 32, nonce, 12, NULL, 0, out, n) ==
        AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(memcmp(out, pt, n) == 0); /* the input is untouched */
  CHECK(axiom_chacha20_poly1305_seal(out, 32, out + 16, 32, nonce, 12, NULL, 0, pt, 16) ==
        AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_xchacha20_poly1305_seal_detached(out, 16, out + 8, 16, key, 32, xnonce, 24, NULL, 0,
                                               pt, 16) == AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_chacha20_poly1305_open(out, 16, key, 32, nonce, 12, out + 2, 4, ct, 32) ==
        AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_chacha20_poly1305_seal(out, n, key, 32, nonce, 12, NULL, 0, pt, n) ==
        AXIOM_ERR_OUTPUT_SIZE_MISMATCH);
  CHECK(all_zero(out, n));
  CHECK(axiom_xchacha20_poly1305_open(out, n, key, 32, xnonce, 24, aad, 12, ct, n + 15) ==
        AXIOM_ERR_OUTPUT_SIZE_MISMATCH);
  CHECK(axiom_chacha20_poly1305_open(out, 0, key, 32, nonce, 12, NULL, 0, ct, 15) ==
        AXIOM_ERR_AUTHENTICATION_FAILED);
}

int main(void) {
  CHECK(strcmp(axiom_error_text(AXIOM_ERR_INVALID_LENGTH), "length larger than any object") == 0);
  test_hmac_streebog();
  test_gost_kdfs();
  test_aes();
  test_gcm();
  test_chacha20_poly1305();
  printf("c_api.cipher: %s\n", failures ? "FAILED" : "all checks passed");
  return failures ? 1 : 0;
}
