/* The C API of SM4 (with CCM and GCM), Kuznyechik and Magma (with MGM and CTR-ACPKM), the CFB/OFB
 * and the XTS functions from a C99 program: known answers for each function, then every documented
 * error path in axiom.h's order. Compiled with -std=c99 -pedantic-errors, linked static and shared.
 */
#include <axiom/axiom.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "c_check.h"

/* SP 800-38A F.3.13 and F.4.1 (CFB128 and OFB, AES-128), given in two calls. */
static void test_aes_cfb_ofb(void) {
  axiom_aes_ctx aes;
  uint8_t key[16], iv[16], pt[64], buf[64];
  unhex(key, "2b7e151628aed2a6abf7158809cf4f3c");
  unhex(pt,
        "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
        "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710");
  CHECK(axiom_aes_init(&aes, key, 16) == AXIOM_OK);
  unhex(iv, "000102030405060708090a0b0c0d0e0f");
  CHECK(axiom_aes_cfb_encrypt(&aes, iv, buf, 32, pt, 32) == AXIOM_OK);
  CHECK(axiom_aes_cfb_encrypt(&aes, iv, buf + 32, 32, pt + 32, 32) == AXIOM_OK);
  CHECK(same_hex(buf, 32, "3b3fd92eb72dad20333449f8e83cfb4ac8a64537a0b3a93fcde3cdad9f1ce58b"));
  CHECK(same_hex(buf + 48, 16, "c04b05357c5d1c0eeac4c66f9ff7f2e6"));
  unhex(iv, "000102030405060708090a0b0c0d0e0f");
  CHECK(axiom_aes_cfb_decrypt(&aes, iv, buf, 64, buf, 64) == AXIOM_OK); /* in place */
  CHECK(memcmp(buf, pt, 64) == 0);
  unhex(iv, "000102030405060708090a0b0c0d0e0f");
  CHECK(axiom_aes_ofb_xor(&aes, iv, buf, 16, pt, 16) == AXIOM_OK);
  CHECK(axiom_aes_ofb_xor(&aes, iv, buf + 16, 48, pt + 16, 48) == AXIOM_OK);
  CHECK(same_hex(buf, 32, "3b3fd92eb72dad20333449f8e83cfb4a7789508d16918f03f53c52dac54ed825"));
  CHECK(same_hex(buf + 48, 16, "304c6528f659c77866a510d9c1d6ae5e"));
  /* Errors: the IV is checked like CBC's. */
  CHECK(axiom_aes_cfb_encrypt(&aes, NULL, buf, 16, pt, 16) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_ofb_xor(&aes, iv, buf, 16, pt, HUGE_LEN) == AXIOM_ERR_INVALID_LENGTH);
  CHECK(axiom_aes_cfb_decrypt(&aes, buf + 4, buf, 16, pt, 16) == AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_aes_ofb_xor(&aes, iv, buf, 15, pt, 16) == AXIOM_ERR_OUTPUT_SIZE_MISMATCH);
  axiom_aes_clear(&aes);
  CHECK(axiom_aes_cfb_encrypt(&aes, iv, buf, 16, pt, 16) == AXIOM_ERR_INVALID_ARGUMENT);
}

/* XTS: IEEE 1619-2007 vectors 2 and 15 (AES-128, the second with ciphertext stealing),
 * GB/T 17964-2021's SM4 example in both tweak orders, a Kuznyechik round trip, then the errors. */
static void test_xts(void) {
  axiom_aes_ctx k1, k2;
  axiom_sm4_ctx s1, s2;
  axiom_kuznyechik_ctx g1, g2;
  uint8_t key[32], tweak[16], pt[56], buf[64];
  unhex(key, "1111111111111111111111111111111122222222222222222222222222222222");
  unhex(tweak, "33333333330000000000000000000000");
  memset(pt, 0x44, 32);
  CHECK(axiom_aes_init(&k1, key, 16) == AXIOM_OK && axiom_aes_init(&k2, key + 16, 16) == AXIOM_OK);
  CHECK(axiom_aes_xts_encrypt(&k1, &k2, AXIOM_XTS_IEEE1619, tweak, buf, 32, pt, 32) == AXIOM_OK);
  CHECK(same_hex(buf, 32, "c454185e6a16936e39334038acef838bfb186fff7480adc4289382ecd6d394f0"));
  CHECK(axiom_aes_xts_decrypt(&k1, &k2, AXIOM_XTS_IEEE1619, tweak, buf, 32, buf, 32) ==
        AXIOM_OK); /* in place */
  CHECK(memcmp(buf, pt, 32) == 0);
  unhex(key, "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0bfbebdbcbbbab9b8b7b6b5b4b3b2b1b0");
  unhex(tweak, "9a785634120000000000000000000000");
  unhex(pt, "000102030405060708090a0b0c0d0e0f10");
  CHECK(axiom_aes_init(&k1, key, 16) == AXIOM_OK && axiom_aes_init(&k2, key + 16, 16) == AXIOM_OK);
  CHECK(axiom_aes_xts_encrypt(&k1, &k2, AXIOM_XTS_IEEE1619, tweak, buf, 17, pt, 17) == AXIOM_OK);
  CHECK(same_hex(buf, 17, "6c1625db4671522d3d7599601de7ca09ed"));
  unhex(key, "2b7e151628aed2a6abf7158809cf4f3c000102030405060708090a0b0c0d0e0f");
  unhex(tweak, "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
  unhex(pt,
        "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
        "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17");
  CHECK(axiom_sm4_init(&s1, key, 16) == AXIOM_OK && axiom_sm4_init(&s2, key + 16, 16) == AXIOM_OK);
  CHECK(axiom_sm4_xts_encrypt(&s1, &s2, AXIOM_XTS_GB17964, tweak, buf, 56, pt, 56) == AXIOM_OK);
  CHECK(same_hex(buf, 56,
                 "e9538251c71d7b80bbe4483fef497bd12c5c581bd6242fc51e08964fb4f60fdb"
                 "0ba42f63499279213d318d2c11f6886e903be7f93a1b3479"));
  CHECK(axiom_sm4_xts_encrypt(&s1, &s2, AXIOM_XTS_IEEE1619, tweak, buf, 56, pt, 56) == AXIOM_OK);
  CHECK(same_hex(buf, 56,
                 "e9538251c71d7b80bbe4483fef497bd1b3db1a3e60408c575d63ff7db39f8326"
                 "0869f9e2585fec9f0b863bf8fd784b8627d16c0db6d2cfc7"));
  CHECK(axiom_sm4_xts_decrypt(&s1, &s2, AXIOM_XTS_IEEE1619, tweak, buf, 56, buf, 56) == AXIOM_OK);
  CHECK(memcmp(buf, pt, 56) == 0);
  CHECK(axiom_kuznyechik_init(&g1, key, 32) == AXIOM_OK &&
        axiom_kuznyechik_init(&g2, pt, 32) == AXIOM_OK);
  CHECK(axiom_kuznyechik_xts_encrypt(&g1, &g2, AXIOM_XTS_IEEE1619, tweak, buf, 40, pt, 40) ==
        AXIOM_OK);
  CHECK(memcmp(buf, pt, 40) != 0);
  CHECK(axiom_kuznyechik_xts_decrypt(&g1, &g2, AXIOM_XTS_IEEE1619, tweak, buf, 40, buf, 40) ==
        AXIOM_OK);
  CHECK(memcmp(buf, pt, 40) == 0);
  /* Errors, in axiom.h's order. */
  CHECK(axiom_sm4_xts_encrypt(&s1, &s2, AXIOM_XTS_GB17964, NULL, buf, 16, pt, 16) ==
        AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_xts_encrypt(&k1, &k2, AXIOM_XTS_IEEE1619, tweak, NULL, 16, pt, 16) ==
        AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_aes_xts_encrypt(&k1, &k2, AXIOM_XTS_IEEE1619, tweak, buf, 16, pt, HUGE_LEN) ==
        AXIOM_ERR_INVALID_LENGTH);
  CHECK(axiom_aes_xts_encrypt(NULL, &k2, AXIOM_XTS_IEEE1619, tweak, buf, 16, pt, 16) ==
        AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_sm4_xts_encrypt(&s1, NULL, AXIOM_XTS_IEEE1619, tweak, buf, 16, pt, 16) ==
        AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_sm4_xts_encrypt(&s1, &s2, 2, tweak, buf, 16, pt, 16) == AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(axiom_sm4_xts_encrypt(&s1, &s2, AXIOM_XTS_IEEE1619, buf + 4, buf, 16, pt, 16) ==
        AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_sm4_xts_encrypt(&s1, &s2, AXIOM_XTS_IEEE1619, tweak, buf + 1, 20, buf, 20) ==
        AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_sm4_xts_encrypt(&s1, &s2, AXIOM_XTS_IEEE1619, tweak, buf, 17, pt, 16) ==
        AXIOM_ERR_OUTPUT_SIZE_MISMATCH);
  memset(buf, 0, sizeof buf);
  CHECK(axiom_sm4_xts_decrypt(&s1, &s2, AXIOM_XTS_IEEE1619, tweak, buf, 15, pt, 15) ==
        AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(all_zero(buf, sizeof buf));
  axiom_sm4_clear(&s2);
  CHECK(axiom_sm4_xts_encrypt(&s1, &s2, AXIOM_XTS_IEEE1619, tweak, buf, 16, pt, 16) ==
        AXIOM_ERR_INVALID_ARGUMENT);
  axiom_aes_clear(&k1);
  CHECK(axiom_aes_xts_decrypt(&k1, &k2, AXIOM_XTS_IEEE1619, tweak, buf, 16, pt, 16) ==
        AXIOM_ERR_INVALID_ARGUMENT);
  axiom_aes_clear(&k2);
  axiom_sm4_clear(&s1);
  axiom_kuznyechik_clear(&g1);
  axiom_kuznyechik_clear(&g2);
}

static void test_sm4(void) {
  axiom_sm4_ctx sm4, other;
  axiom_sm4_cmac_ctx cmac;
  uint8_t key[16], iv[16], pt[64], buf[80], tag[16];
  size_t i;

  /* GB/T 32907-2016 appendix A. */
  unhex(key, "0123456789abcdeffedcba9876543210");
  CHECK(axiom_sm4_init(&sm4, key, 16) == AXIOM_OK);
  CHECK(axiom_sm4_encrypt_block(&sm4, buf, key) == AXIOM_OK);
  CHECK(same_hex(buf, 16, "681edf34d206965e86b3e94f536e4246"));
  CHECK(axiom_sm4_decrypt_block(&sm4, buf, buf) == AXIOM_OK);
  CHECK(memcmp(buf, key, 16) == 0);

  /* CBC and CTR (the draft-ribose-cfrg-sm4 vectors of tests/data/kat), CFB and OFB (OpenSSL). */
  unhex(pt, "aaaaaaaabbbbbbbbccccccccddddddddeeeeeeeeffffffffaaaaaaaabbbbbbbb");
  CHECK(axiom_sm4_ecb_encrypt(&sm4, buf, 32, pt, 32) == AXIOM_OK);
  CHECK(axiom_sm4_ecb_decrypt(&sm4, buf, 32, buf, 32) == AXIOM_OK);
  CHECK(memcmp(buf, pt, 32) == 0);
  unhex(iv, "000102030405060708090a0b0c0d0e0f");
  CHECK(axiom_sm4_cbc_encrypt(&sm4, iv, buf, 16, pt, 16) == AXIOM_OK);
  CHECK(axiom_sm4_cbc_encrypt(&sm4, iv, buf + 16, 16, pt + 16, 16) == AXIOM_OK);
  CHECK(same_hex(buf, 32, "78ebb11cc40b0a48312aaeb2040244cb4cb7016951909226979b0d15dc6a8f6d"));
  unhex(iv, "000102030405060708090a0b0c0d0e0f");
  CHECK(axiom_sm4_cbc_decrypt(&sm4, iv, buf, 32, buf, 32) == AXIOM_OK);
  CHECK(memcmp(buf, pt, 32) == 0);
  unhex(iv, "000102030405060708090a0b0c0d0e0f");
  CHECK(axiom_sm4_cfb_encrypt(&sm4, iv, buf, 32, pt, 32) == AXIOM_OK);
  CHECK(same_hex(buf, 32, "ac3236cb861dd316e6413b4e3c7524b769d4c54ed433b9a0346009beb37b2b3f"));
  unhex(iv, "000102030405060708090a0b0c0d0e0f");
  CHECK(axiom_sm4_cfb_decrypt(&sm4, iv, buf, 32, buf, 32) == AXIOM_OK);
  CHECK(memcmp(buf, pt, 32) == 0);
  unhex(iv, "000102030405060708090a0b0c0d0e0f");
  CHECK(axiom_sm4_ofb_xor(&sm4, iv, buf, 32, pt, 32) == AXIOM_OK);
  CHECK(same_hex(buf, 32, "ac3236cb861dd316e6413b4e3c7524b71d01aca2487ca582cbf5463e6698539b"));
  unhex(iv, "000102030405060708090a0b0c0d0e0f");
  unhex(pt, "aaaaaaaaaaaaaaaabbbbbbbbbbbbbbbbccccccccccccccccdddddddddddddddd");
  CHECK(axiom_sm4_ctr_xor(&sm4, iv, 0, buf, 5, pt, 5) == AXIOM_OK);
  CHECK(axiom_sm4_ctr_xor(&sm4, iv, 5, buf + 5, 27, pt + 5, 27) == AXIOM_OK);
  CHECK(same_hex(buf, 32, "ac3236cb970cc20791364c395a1342d1a3cbc1878c6f30cd074cce385cdd70c7"));

  /* CMAC (OpenSSL's): empty, and 32 bytes in pieces. */
  unhex(pt, "aaaaaaaabbbbbbbbccccccccddddddddeeeeeeeeffffffffaaaaaaaabbbbbbbb");
  CHECK(axiom_sm4_cmac(&sm4, tag, NULL, 0) == AXIOM_OK);
  CHECK(same_hex(tag, 16, "29e154322e5c7bd8ee6a25ba549b24bc"));
  CHECK(axiom_sm4_cmac_init(&cmac, &sm4) == AXIOM_OK);
  for (i = 0; i < 32; i += 7)
    CHECK(axiom_sm4_cmac_update(&cmac, pt + i, i + 7 <= 32 ? 7 : 32 - i) == AXIOM_OK);
  CHECK(axiom_sm4_cmac_final(&cmac, tag) == AXIOM_OK);
  CHECK(same_hex(tag, 16, "7b619bfdda9373502869cde0ddb6e545"));
  CHECK(all_zero((const uint8_t*)&cmac, sizeof cmac));

  /* Error paths, in axiom.h's order. */
  CHECK(axiom_sm4_init(NULL, key, 16) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_sm4_init(&other, NULL, 16) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_sm4_init(&other, key, HUGE_LEN) == AXIOM_ERR_INVALID_LENGTH);
  CHECK(axiom_sm4_init(&other, key, 32) == AXIOM_ERR_INVALID_KEY_SIZE);
  CHECK(axiom_sm4_encrypt_block(&other, buf, pt) == AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(axiom_sm4_ecb_encrypt(&other, NULL, 16, pt, 16) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_sm4_ecb_encrypt(&other, buf, 16, pt, 16) == AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(axiom_sm4_cmac_init(&cmac, &other) == AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(axiom_sm4_cmac_init(&cmac, NULL) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_sm4_encrypt_block(NULL, buf, pt) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_sm4_decrypt_block(&sm4, NULL, pt) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_sm4_encrypt_block(&sm4, buf + 1, buf) == AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_sm4_ecb_decrypt(&sm4, buf, 16, pt, HUGE_LEN) == AXIOM_ERR_INVALID_LENGTH);
  CHECK(axiom_sm4_ecb_decrypt(&sm4, buf, 17, pt, 17) == AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(axiom_sm4_ecb_encrypt(&sm4, buf + 8, 32, buf, 32) == AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_sm4_ecb_encrypt(&sm4, buf, 32, pt, 16) == AXIOM_ERR_OUTPUT_SIZE_MISMATCH);
  CHECK(axiom_sm4_cbc_encrypt(&sm4, NULL, buf, 16, pt, 16) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_sm4_cbc_decrypt(&sm4, buf, buf, 16, pt, 16) == AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_sm4_cbc_decrypt(&sm4, iv, buf, 16, pt, 15) == AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(axiom_sm4_ctr_xor(&sm4, iv, 0, buf, 16, pt, 17) == AXIOM_ERR_OUTPUT_SIZE_MISMATCH);
  CHECK(axiom_sm4_ctr_xor(&sm4, buf, 0, buf, 16, pt, 16) == AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_sm4_cfb_encrypt(&sm4, iv, buf, 16, NULL, 16) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_sm4_cfb_encrypt(&sm4, iv, buf, 16, iv, 16) == AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_sm4_ofb_xor(NULL, iv, buf, 16, pt, 16) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_sm4_ofb_xor(&sm4, iv, buf, 16, pt, 15) == AXIOM_ERR_OUTPUT_SIZE_MISMATCH);
  CHECK(axiom_sm4_cmac(&sm4, NULL, pt, 16) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_sm4_cmac(&sm4, tag, NULL, 16) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_sm4_cmac(&sm4, tag, pt, HUGE_LEN) == AXIOM_ERR_INVALID_LENGTH);
  CHECK(axiom_sm4_cmac_update(NULL, pt, 1) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_sm4_cmac_final(NULL, tag) == AXIOM_ERR_NULL_POINTER);
  axiom_sm4_clear(&sm4);
  CHECK(all_zero((const uint8_t*)&sm4, sizeof sm4));
  CHECK(axiom_sm4_decrypt_block(&sm4, buf, pt) == AXIOM_ERR_INVALID_ARGUMENT);
  axiom_sm4_clear(NULL);
}

/* The RFC 8998 SM4-GCM and SM4-CCM vector (A.1, A.2) through the four forms of each, then the
 * errors of the AEAD rules. */
static void test_sm4_aeads(void) {
  static const char* gcm_ct =
      "17f399f08c67d5ee19d0dc9969c4bb7d5fd46fd3756489069157b282bb200735"
      "d82710ca5c22f0ccfa7cbf93d496ac15a56834cbcf98c397b4024a2691233b8d";
  static const char* ccm_ct =
      "48af93501fa62adbcd414cce6034d895dda1bf8f132f042098661572e7483094"
      "fd12e518ce062c98acee28d95df4416bed31a2f04476c18bb40c84a74b97dc5b";
  axiom_sm4_ctx sm4, empty;
  axiom_sm4_gcm_ctx gcm;
  uint8_t key[16], nonce[13] = {0}, aad[20], pt[64], buf[80], back[64],
                   tag[16]; /* 13: CCM's longest */
  unhex(key, "0123456789abcdeffedcba9876543210");
  unhex(nonce, "00001234567800000000abcd");
  unhex(aad, "feedfacedeadbeeffeedfacedeadbeefabaddad2");
  unhex(pt,
        "aaaaaaaaaaaaaaaabbbbbbbbbbbbbbbbccccccccccccccccdddddddddddddddd"
        "eeeeeeeeeeeeeeeeffffffffffffffffeeeeeeeeeeeeeeeeaaaaaaaaaaaaaaaa");
  CHECK(axiom_sm4_init(&sm4, key, 16) == AXIOM_OK);
  CHECK(axiom_sm4_gcm_init(&gcm, key, 16) == AXIOM_OK);
  memset(&empty, 0, sizeof empty);

  CHECK(axiom_sm4_gcm_seal(&gcm, buf, 80, nonce, 12, aad, 20, pt, 64) == AXIOM_OK);
  CHECK(same_hex(buf, 64, gcm_ct));
  CHECK(same_hex(buf + 64, 16, "83de3541e4c2b58177e065a9bf7b62ec"));
  CHECK(axiom_sm4_gcm_open(&gcm, back, 64, nonce, 12, aad, 20, buf, 80) == AXIOM_OK);
  CHECK(memcmp(back, pt, 64) == 0);
  CHECK(axiom_sm4_gcm_seal_detached(&gcm, buf, 64, tag, 12, nonce, 12, aad, 20, pt, 64) ==
        AXIOM_OK);
  CHECK(same_hex(tag, 12, "83de3541e4c2b58177e065a9"));
  CHECK(axiom_sm4_gcm_open_detached(&gcm, buf, 64, tag, 12, nonce, 12, aad, 20, buf, 64) ==
        AXIOM_OK);
  CHECK(memcmp(buf, pt, 64) == 0);

  CHECK(axiom_sm4_ccm_seal(&sm4, buf, 80, nonce, 12, aad, 20, pt, 64) == AXIOM_OK);
  CHECK(same_hex(buf, 64, ccm_ct));
  CHECK(same_hex(buf + 64, 16, "16842d4fa186f56ab33256971fa110f4"));
  CHECK(axiom_sm4_ccm_open(&sm4, back, 64, nonce, 12, aad, 20, buf, 80) == AXIOM_OK);
  CHECK(memcmp(back, pt, 64) == 0);
  buf[64] ^= 1; /* a wrong tag: AUTHENTICATION_FAILED and the output zeroed */
  memset(back, 0xee, 64);
  CHECK(axiom_sm4_ccm_open(&sm4, back, 64, nonce, 12, aad, 20, buf, 80) ==
        AXIOM_ERR_AUTHENTICATION_FAILED);
  CHECK(all_zero(back, 64));
  memset(back, 0xee, 64);
  CHECK(axiom_sm4_gcm_open(&gcm, back, 64, nonce, 12, aad, 20, buf, 80) ==
        AXIOM_ERR_AUTHENTICATION_FAILED);
  CHECK(all_zero(back, 64));
  memcpy(back, pt, 64); /* in place, 4-byte tag */
  CHECK(axiom_sm4_ccm_seal_detached(&sm4, back, 64, tag, 4, nonce, 12, aad, 20, back, 64) ==
        AXIOM_OK);
  CHECK(axiom_sm4_ccm_open_detached(&sm4, back, 64, tag, 4, nonce, 12, aad, 20, back, 64) ==
        AXIOM_OK);
  CHECK(memcmp(back, pt, 64) == 0);

  /* Errors, in order; all but NULL/length/overlap zero the output (and a seal's tag). */
  CHECK(axiom_sm4_gcm_seal(NULL, buf, 80, nonce, 12, aad, 20, pt, 64) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_sm4_ccm_seal(NULL, buf, 80, nonce, 12, aad, 20, pt, 64) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_sm4_ccm_seal(&sm4, buf, 80, NULL, 12, aad, 20, pt, 64) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_sm4_gcm_open(&gcm, buf, 64, nonce, 12, aad, HUGE_LEN, pt, 64) ==
        AXIOM_ERR_INVALID_LENGTH);
  memset(buf, 0xee, 80);
  CHECK(axiom_sm4_ccm_seal(&empty, buf, 80, nonce, 12, aad, 20, pt, 64) ==
        AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(all_zero(buf, 80));
  CHECK(axiom_sm4_gcm_init(NULL, key, 16) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_sm4_gcm_init(&gcm, key, 24) == AXIOM_ERR_INVALID_KEY_SIZE);
  CHECK(axiom_sm4_gcm_seal(&gcm, buf, 80, nonce, 12, aad, 20, pt, 64) ==
        AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(axiom_sm4_gcm_init(&gcm, key, 16) == AXIOM_OK);
  CHECK(axiom_sm4_gcm_seal(&gcm, buf, 80, nonce, 0, aad, 20, pt, 64) ==
        AXIOM_ERR_INVALID_NONCE_SIZE);
  CHECK(axiom_sm4_ccm_seal(&sm4, buf, 80, nonce, 6, aad, 20, pt, 64) ==
        AXIOM_ERR_INVALID_NONCE_SIZE);
  CHECK(axiom_sm4_ccm_seal(&sm4, buf, 80, nonce, 14, aad, 20, pt, 64) ==
        AXIOM_ERR_INVALID_NONCE_SIZE);
  memset(tag, 0xee, 16);
  CHECK(axiom_sm4_ccm_seal_detached(&sm4, buf, 64, tag, 5, nonce, 12, aad, 20, pt, 64) ==
        AXIOM_ERR_INVALID_TAG_SIZE);
  CHECK(all_zero(tag, 5));
  CHECK(axiom_sm4_ccm_open_detached(&sm4, buf, 64, tag, 18, nonce, 12, aad, 20, pt, 64) ==
        AXIOM_ERR_INVALID_TAG_SIZE);
  CHECK(axiom_sm4_gcm_seal_detached(&gcm, buf, 64, tag, 11, nonce, 12, aad, 20, pt, 64) ==
        AXIOM_ERR_INVALID_TAG_SIZE);
  CHECK(axiom_sm4_gcm_seal(&gcm, buf + 1, 80, nonce, 12, aad, 20, buf, 64) ==
        AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_sm4_ccm_seal(&sm4, buf, 80, nonce, 12, buf + 70, 5, pt, 64) ==
        AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_sm4_ccm_seal_detached(&sm4, buf, 64, buf + 60, 16, nonce, 12, aad, 20, pt, 64) ==
        AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_sm4_gcm_seal(&gcm, buf, 79, nonce, 12, aad, 20, pt, 64) ==
        AXIOM_ERR_OUTPUT_SIZE_MISMATCH);
  CHECK(axiom_sm4_ccm_open(&sm4, buf, 64, nonce, 12, aad, 20, pt, 15) ==
        AXIOM_ERR_AUTHENTICATION_FAILED);
  CHECK(axiom_sm4_ccm_open(&sm4, buf, 63, nonce, 12, aad, 20, buf, 80) ==
        AXIOM_ERR_OUTPUT_SIZE_MISMATCH);
  /* A 13-byte nonce leaves 2 bytes of length: 65536 bytes are too many (no data is read). */
  {
    static uint8_t big[65536 + 16];
    CHECK(axiom_sm4_ccm_seal(&sm4, big, sizeof big, nonce, 13, NULL, 0, big, 65536) ==
          AXIOM_ERR_MESSAGE_TOO_LONG); /* in place */
    CHECK(axiom_sm4_ccm_seal_detached(&sm4, big, 65536, tag, 16, nonce, 13, NULL, 0, big, 65536) ==
          AXIOM_ERR_MESSAGE_TOO_LONG);
    CHECK(axiom_sm4_ccm_seal_detached(&sm4, big, 65535, tag, 16, nonce, 13, NULL, 0, big, 65535) ==
          AXIOM_OK);
  }
  axiom_sm4_gcm_clear(&gcm);
  CHECK(all_zero((const uint8_t*)&gcm, sizeof gcm));
  axiom_sm4_gcm_clear(NULL);
  axiom_sm4_clear(&sm4);
}

static void test_kuznyechik(void) {
  static const char* gost_pt =
      "1122334455667700ffeeddccbbaa998800112233445566778899aabbcceeff0a"
      "112233445566778899aabbcceeff0a002233445566778899aabbcceeff0a0011";
  axiom_kuznyechik_ctx kuz, other;
  axiom_kuznyechik_cmac_ctx mac;
  uint8_t key[32], iv[16], pt[64], buf[80], tag[16];
  size_t i;

  /* GOST R 34.12-2015 A.1, then GOST R 34.13-2015 A.1 (modes with a 16-byte register). */
  unhex(key, "8899aabbccddeeff0011223344556677fedcba98765432100123456789abcdef");
  unhex(pt, "1122334455667700ffeeddccbbaa9988");
  CHECK(axiom_kuznyechik_init(&kuz, key, 32) == AXIOM_OK);
  CHECK(axiom_kuznyechik_encrypt_block(&kuz, buf, pt) == AXIOM_OK);
  CHECK(same_hex(buf, 16, "7f679d90bebc24305a468d42b9d4edcd"));
  CHECK(axiom_kuznyechik_decrypt_block(&kuz, buf, buf) == AXIOM_OK);
  CHECK(memcmp(buf, pt, 16) == 0);
  unhex(pt, gost_pt);
  CHECK(axiom_kuznyechik_ecb_encrypt(&kuz, buf, 64, pt, 64) == AXIOM_OK);
  CHECK(same_hex(buf, 16, "7f679d90bebc24305a468d42b9d4edcd"));
  CHECK(axiom_kuznyechik_ecb_decrypt(&kuz, buf, 64, buf, 64) == AXIOM_OK);
  CHECK(memcmp(buf, pt, 64) == 0);
  unhex(iv, "1234567890abcef00000000000000000");
  CHECK(axiom_kuznyechik_ctr_xor(&kuz, iv, 0, buf, 64, pt, 64) == AXIOM_OK);
  CHECK(same_hex(buf, 16, "f195d8bec10ed1dbd57b5fa240bda1b8"));
  CHECK(same_hex(buf + 48, 16, "cb91fab1f20cbab6d1c6d15820bdba73"));
  unhex(iv, "1234567890abcef0a1b2c3d4e5f00112");
  CHECK(axiom_kuznyechik_cfb_encrypt(&kuz, iv, buf, 64, pt, 64) == AXIOM_OK);
  CHECK(same_hex(buf, 32, "81800a59b1842b24ff1f795e897abd9568c1b99c4df59cc7951e3739b5b3cdbf"));
  unhex(iv, "1234567890abcef0a1b2c3d4e5f00112");
  CHECK(axiom_kuznyechik_cfb_decrypt(&kuz, iv, buf, 64, buf, 64) == AXIOM_OK);
  CHECK(memcmp(buf, pt, 64) == 0);
  unhex(iv, "1234567890abcef0a1b2c3d4e5f00112");
  CHECK(axiom_kuznyechik_ofb_xor(&kuz, iv, buf, 64, pt, 64) == AXIOM_OK);
  CHECK(same_hex(buf + 16, 16, "779146db2d93a94ed93cf68b32397f19"));
  /* CBC: the first block is E(P1 ^ IV); the chaining value comes back in iv. */
  unhex(iv, "1234567890abcef0a1b2c3d4e5f00112");
  CHECK(axiom_kuznyechik_cbc_encrypt(&kuz, iv, buf, 32, pt, 32) == AXIOM_OK);
  CHECK(memcmp(iv, buf + 16, 16) == 0);
  {
    uint8_t first[16];
    unhex(iv, "1234567890abcef0a1b2c3d4e5f00112");
    for (i = 0; i < 16; ++i) first[i] = (uint8_t)(pt[i] ^ iv[i]);
    CHECK(axiom_kuznyechik_encrypt_block(&kuz, first, first) == AXIOM_OK);
    CHECK(memcmp(first, buf, 16) == 0);
    CHECK(axiom_kuznyechik_cbc_decrypt(&kuz, iv, buf, 32, buf, 32) == AXIOM_OK);
    CHECK(memcmp(buf, pt, 32) == 0);
  }
  /* The MAC (A.1.6: the tag is its first 8 bytes), in pieces. */
  CHECK(axiom_kuznyechik_cmac(&kuz, tag, pt, 64) == AXIOM_OK);
  CHECK(same_hex(tag, 16, "336f4d296059fbe34ddeb35b37749c67"));
  CHECK(axiom_kuznyechik_cmac_init(&mac, &kuz) == AXIOM_OK);
  for (i = 0; i < 64; i += 11)
    CHECK(axiom_kuznyechik_cmac_update(&mac, pt + i, i + 11 <= 64 ? 11 : 64 - i) == AXIOM_OK);
  CHECK(axiom_kuznyechik_cmac_final(&mac, tag) == AXIOM_OK);
  CHECK(same_hex(tag, 8, "336f4d296059fbe3"));

  /* CTR-ACPKM, 32-byte sections: the first section is CTR; the next ones use new keys. */
  unhex(iv, "1234567890abcef0");
  memcpy(buf, pt, 64);
  CHECK(axiom_kuznyechik_ctr_acpkm_xor(&kuz, iv, 8, 32, buf, 64, buf, 64) == AXIOM_OK);
  CHECK(same_hex(buf, 32, "f195d8bec10ed1dbd57b5fa240bda1b885eee733f6a13e5df33ce4b33c45dee4"));
  CHECK(!same_hex(buf + 32, 16, "a5eae88be6356ed3d5e877f13564a3a5"));
  CHECK(axiom_kuznyechik_ctr_acpkm_xor(&kuz, iv, 8, 32, buf, 64, buf, 64) == AXIOM_OK);
  CHECK(memcmp(buf, pt, 64) == 0);

  /* Error paths. */
  CHECK(axiom_kuznyechik_init(&other, key, 16) == AXIOM_ERR_INVALID_KEY_SIZE);
  CHECK(axiom_kuznyechik_init(&other, NULL, 32) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_kuznyechik_encrypt_block(&other, buf, pt) == AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(axiom_kuznyechik_cbc_encrypt(&other, iv, buf, 16, pt, 16) == AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(axiom_kuznyechik_cmac_init(&mac, &other) == AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(axiom_kuznyechik_ctr_acpkm_xor(&other, iv, 8, 32, buf, 16, pt, 16) ==
        AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(axiom_kuznyechik_ctr_acpkm_xor(NULL, iv, 8, 32, buf, 16, pt, 16) == AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_kuznyechik_ctr_acpkm_xor(&kuz, NULL, 8, 32, buf, 16, pt, 16) ==
        AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_kuznyechik_ctr_acpkm_xor(&kuz, iv, 8, 32, buf, 16, pt, HUGE_LEN) ==
        AXIOM_ERR_INVALID_LENGTH);
  CHECK(axiom_kuznyechik_ctr_acpkm_xor(&kuz, iv, 8, 24, buf, 16, pt, 16) ==
        AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(axiom_kuznyechik_ctr_acpkm_xor(&kuz, iv, 8, 0, buf, 16, pt, 16) ==
        AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(axiom_kuznyechik_ctr_acpkm_xor(&kuz, iv, 16, 32, buf, 16, pt, 16) ==
        AXIOM_ERR_INVALID_NONCE_SIZE);
  CHECK(axiom_kuznyechik_ctr_acpkm_xor(&kuz, buf + 3, 8, 32, buf, 16, pt, 16) ==
        AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_kuznyechik_ctr_acpkm_xor(&kuz, iv, 8, 32, buf, 15, pt, 16) ==
        AXIOM_ERR_OUTPUT_SIZE_MISMATCH);
  CHECK(axiom_kuznyechik_ofb_xor(&kuz, iv, buf + 1, 16, buf, 16) == AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_kuznyechik_ecb_encrypt(&kuz, buf, 16, pt, 15) == AXIOM_ERR_INVALID_ARGUMENT);
  axiom_kuznyechik_clear(&kuz);
  CHECK(all_zero((const uint8_t*)&kuz, sizeof kuz));
  CHECK(axiom_kuznyechik_cmac(&kuz, tag, pt, 16) == AXIOM_ERR_INVALID_ARGUMENT);
  axiom_kuznyechik_clear(NULL);
}

/* RFC 9058 A.1 (Kuznyechik-MGM) through the four forms, then the MGM rules. */
static void test_mgm(void) {
  static const char* want =
      "a9757b8147956e9055b8a33de89f42fc8075d2212bf9fd5bd3f7069aadc16b39"
      "497ab15915a6ba85936b5d0ea9f6851cc60c14d4d3f883d0ab94420695c76deb2c7552";
  axiom_kuznyechik_ctx kuz;
  uint8_t key[32], nonce[16], aad[41], pt[67], buf[83], back[67], tag[16];
  unhex(key, "8899aabbccddeeff0011223344556677fedcba98765432100123456789abcdef");
  unhex(nonce, "1122334455667700ffeeddccbbaa9988");
  unhex(aad, "0202020202020202010101010101010104040404040404040303030303030303ea0505050505050505");
  unhex(pt,
        "1122334455667700ffeeddccbbaa998800112233445566778899aabbcceeff0a"
        "112233445566778899aabbcceeff0a002233445566778899aabbcceeff0a0011aabbcc");
  CHECK(axiom_kuznyechik_init(&kuz, key, 32) == AXIOM_OK);
  CHECK(axiom_kuznyechik_mgm_seal(&kuz, buf, 83, nonce, 16, aad, 41, pt, 67) == AXIOM_OK);
  CHECK(same_hex(buf, 67, want));
  CHECK(same_hex(buf + 67, 16, "cf5d656f40c34f5c46e8bb0e29fcdb4c"));
  CHECK(axiom_kuznyechik_mgm_open(&kuz, back, 67, nonce, 16, aad, 41, buf, 83) == AXIOM_OK);
  CHECK(memcmp(back, pt, 67) == 0);
  CHECK(axiom_kuznyechik_mgm_seal_detached(&kuz, back, 67, tag, 8, nonce, 16, aad, 41, back, 67) ==
        AXIOM_OK);
  CHECK(same_hex(tag, 8, "cf5d656f40c34f5c"));
  CHECK(axiom_kuznyechik_mgm_open_detached(&kuz, back, 67, tag, 8, nonce, 16, aad, 41, back, 67) ==
        AXIOM_OK);
  CHECK(memcmp(back, pt, 67) == 0);
  aad[0] ^= 1;
  memset(back, 0xee, 67);
  CHECK(axiom_kuznyechik_mgm_open(&kuz, back, 67, nonce, 16, aad, 41, buf, 83) ==
        AXIOM_ERR_AUTHENTICATION_FAILED);
  CHECK(all_zero(back, 67));
  aad[0] ^= 1;

  CHECK(axiom_kuznyechik_mgm_seal(NULL, buf, 83, nonce, 16, aad, 41, pt, 67) ==
        AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_kuznyechik_mgm_open(&kuz, NULL, 67, nonce, 16, aad, 41, buf, 83) ==
        AXIOM_ERR_NULL_POINTER);
  CHECK(axiom_kuznyechik_mgm_seal(&kuz, buf, 83, nonce, HUGE_LEN, aad, 41, pt, 67) ==
        AXIOM_ERR_INVALID_LENGTH);
  memset(buf, 0xee, 83);
  CHECK(axiom_kuznyechik_mgm_seal(&kuz, buf, 83, nonce, 12, aad, 41, pt, 67) ==
        AXIOM_ERR_INVALID_NONCE_SIZE);
  CHECK(all_zero(buf, 83));
  nonce[0] |= 0x80; /* the ICN is 127 bits: the first bit must be 0 */
  CHECK(axiom_kuznyechik_mgm_seal(&kuz, buf, 83, nonce, 16, aad, 41, pt, 67) ==
        AXIOM_ERR_INVALID_NONCE_SIZE);
  nonce[0] &= 0x7f;
  CHECK(axiom_kuznyechik_mgm_seal_detached(&kuz, buf, 67, tag, 3, nonce, 16, aad, 41, pt, 67) ==
        AXIOM_ERR_INVALID_TAG_SIZE);
  CHECK(axiom_kuznyechik_mgm_open_detached(&kuz, buf, 67, tag, 17, nonce, 16, aad, 41, pt, 67) ==
        AXIOM_ERR_INVALID_TAG_SIZE);
  CHECK(axiom_kuznyechik_mgm_seal(&kuz, buf, 83, buf + 70, 16, aad, 41, pt, 67) ==
        AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_kuznyechik_mgm_open_detached(&kuz, buf, 67, tag, 16, nonce, 16, aad, 41, buf + 2,
                                           67) == AXIOM_ERR_OVERLAPPING_BUFFERS);
  CHECK(axiom_kuznyechik_mgm_open(&kuz, buf, 67, nonce, 16, aad, 41, pt, 67) ==
        AXIOM_ERR_OUTPUT_SIZE_MISMATCH);
  CHECK(axiom_kuznyechik_mgm_open(&kuz, buf, 0, nonce, 16, aad, 41, pt, 15) ==
        AXIOM_ERR_AUTHENTICATION_FAILED);
  axiom_kuznyechik_clear(&kuz);
  CHECK(axiom_kuznyechik_mgm_seal(&kuz, buf, 83, nonce, 16, aad, 41, pt, 67) ==
        AXIOM_ERR_INVALID_ARGUMENT);
}

/* Magma: GOST R 34.12-2015 A.2, GOST R 34.13-2015 A.2 (the modes with a register of one
 * block agree with the standard's first block), R 1323565.1.017-2018 A.1 (CTR-ACPKM) and
 * RFC 9058 A.2 (Magma-MGM), then the errors where 8-byte blocks change the rules. */
static void test_magma(void) {
  static const char* gost_pt = "92def06b3c130a59db54c704f8189d204a98fb2e67a8024c8912409b17b57e41";
  axiom_magma_ctx magma, other;
  axiom_magma_cmac_ctx mac;
  axiom_cbc_job job;
  axiom_cmac_job mjob;
  uint8_t key[32], iv[8], pt[67], buf[80], tag[16], aad[41], back[67];
  size_t i;

  unhex(key, "ffeeddccbbaa99887766554433221100f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
  unhex(pt, "fedcba9876543210");
  CHECK(axiom_magma_init(&magma, key, 32) == AXIOM_OK);
  CHECK(axiom_magma_encrypt_block(&magma, buf, pt) == AXIOM_OK);
  CHECK(same_hex(buf, 8, "4ee901e5c2d8ca3d"));
  CHECK(axiom_magma_decrypt_block(&magma, buf, buf) == AXIOM_OK);
  CHECK(memcmp(buf, pt, 8) == 0);
  unhex(pt, gost_pt);
  CHECK(axiom_magma_ecb_encrypt(&magma, buf, 32, pt, 32) == AXIOM_OK);
  CHECK(same_hex(buf, 32, "2b073f0494f372a0de70e715d3556e4811d8d9e9eacfbc1e7c68260996c67efb"));
  CHECK(axiom_magma_ecb_decrypt(&magma, buf, 32, buf, 32) == AXIOM_OK);
  CHECK(memcmp(buf, pt, 32) == 0);
  unhex(iv, "1234567800000000");
  CHECK(axiom_magma_ctr_xor(&magma, iv, 0, buf, 32, pt, 32) == AXIOM_OK);
  CHECK(same_hex(buf, 32, "4e98110c97b7b93c3e250d93d6e85d69136d868807b2dbef568eb680ab52a12d"));
  CHECK(axiom_magma_ctr_xor(&magma, iv, 13, buf + 13, 19, pt + 13, 19) == AXIOM_OK);
  CHECK(same_hex(buf, 32, "4e98110c97b7b93c3e250d93d6e85d69136d868807b2dbef568eb680ab52a12d"));
  unhex(iv, "1234567890abcdef");
  CHECK(axiom_magma_cbc_encrypt(&magma, iv, buf, 32, pt, 32) == AXIOM_OK);
  CHECK(same_hex(buf, 32, "96d1b05eea683919f396b78c1d47bb616183e2cca976a4babe9ce87d6fa73cf2"));
  CHECK(memcmp(iv, buf + 24, 8) == 0);
  unhex(iv, "1234567890abcdef");
  CHECK(axiom_magma_cbc_decrypt(&magma, iv, buf, 32, buf, 32) == AXIOM_OK);
  CHECK(memcmp(buf, pt, 32) == 0);
  unhex(iv, "1234567890abcdef");
  CHECK(axiom_magma_cfb_encrypt(&magma, iv, buf, 32, pt, 32) == AXIOM_OK);
  CHECK(same_hex(buf, 8, "db37e0e266903c83"));
  unhex(iv, "1234567890abcdef");
  CHECK(axiom_magma_cfb_decrypt(&magma, iv, buf, 32, buf, 32) == AXIOM_OK);
  CHECK(memcmp(buf, pt, 32) == 0);
  unhex(iv, "1234567890abcdef");
  CHECK(axiom_magma_ofb_xor(&magma, iv, buf, 32, pt, 32) == AXIOM_OK);
  CHECK(same_hex(buf, 8, "db37e0e266903c83"));
  unhex(iv, "1234567890abcdef");
  CHECK(axiom_magma_ofb_xor(&magma, iv, buf, 32, buf, 32) == AXIOM_OK);
  CHECK(memcmp(buf, pt, 32) == 0);
  /* The MAC (A.2.6: the tag is its first 4 bytes), at once, in pieces and as a job. */
  CHECK(axiom_magma_cmac(&magma, tag, pt, 32) == AXIOM_OK);
  CHECK(same_hex(tag, 8, "154e72102030c5bb"));
  CHECK(axiom_magma_cmac_init(&mac, &magma) == AXIOM_OK);
  for (i = 0; i < 32; i += 5)
    CHECK(axiom_magma_cmac_update(&mac, pt + i, i + 5 <= 32 ? 5 : 32 - i) == AXIOM_OK);
  CHECK(axiom_magma_cmac_final(&mac, tag) == AXIOM_OK);
  CHECK(same_hex(tag, 8, "154e72102030c5bb"));
  memset(&mjob, 0xee, sizeof mjob);
  mjob.msg = pt, mjob.msg_len = 32;
  CHECK(axiom_magma_cmac_many(&magma, &mjob, 1) == AXIOM_OK);
  CHECK(same_hex(mjob.tag, 16, "154e72102030c5bbeeeeeeeeeeeeeeee"));
  /* A CBC job reads the first 8 bytes of its iv. */
  memset(&job, 0, sizeof job);
  unhex(job.iv, "1234567890abcdef");
  memset(job.iv + 8, 0xee, 8);
  job.out = buf, job.out_len = 32, job.in = pt, job.in_len = 32;
  CHECK(axiom_magma_cbc_encrypt_many(&magma, &job, 1) == AXIOM_OK);
  CHECK(same_hex(buf, 32, "96d1b05eea683919f396b78c1d47bb616183e2cca976a4babe9ce87d6fa73cf2"));
  job.out_len = 40;
  CHECK(axiom_magma_cbc_encrypt_many_padded(&magma, &job, 1) == AXIOM_OK);
  CHECK(same_hex(buf, 32, "96d1b05eea683919f396b78c1d47bb616183e2cca976a4babe9ce87d6fa73cf2"));
  job.out_len = 39; /* 32 bytes pad to 40 */
  CHECK(axiom_magma_cbc_encrypt_many_padded(&magma, &job, 1) == AXIOM_ERR_OUTPUT_SIZE_MISMATCH);

  /* CTR-ACPKM with sections of 16 bytes (N = 128 bits). */
  unhex(key, "8899aabbccddeeff0011223344556677fedcba98765432100123456789abcdef");
  CHECK(axiom_magma_init(&other, key, 32) == AXIOM_OK);
  unhex(pt,
        "1122334455667700ffeeddccbbaa998800112233445566778899aabbcceeff0a"
        "112233445566778899aabbcceeff0a002233445566778899");
  CHECK(axiom_magma_ctr_acpkm_xor(&other, (const uint8_t*)"\x12\x34\x56\x78", 4, 16, buf, 56, pt,
                                  56) == AXIOM_OK);
  CHECK(same_hex(buf, 56,
                 "2ab81deeeb1e4cab68e104c4bd6b94eac72c67af6c2e5b6b0eafb61770f1b32e"
                 "a1ae71149eed1382abd467180672ec6f84a2f15b3fca72c1"));
  CHECK(axiom_magma_ctr_acpkm_xor(&other, iv, 8, 16, buf, 16, pt, 16) ==
        AXIOM_ERR_INVALID_NONCE_SIZE);
  CHECK(axiom_magma_ctr_acpkm_xor(&other, iv, 4, 12, buf, 16, pt, 16) ==
        AXIOM_ERR_INVALID_ARGUMENT);

  /* RFC 9058 A.2: Magma-MGM in the four forms; the combined tag is 8 bytes. */
  unhex(key, "ffeeddccbbaa99887766554433221100f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
  CHECK(axiom_magma_init(&other, key, 32) == AXIOM_OK);
  unhex(iv, "12def06b3c130a59");
  unhex(aad, "01010101010101010202020202020202030303030303030304040404040404040505050505050505ea");
  unhex(pt,
        "ffeeddccbbaa998811223344556677008899aabbcceeff0a0011223344556677"
        "99aabbcceeff0a001122334455667788aabbcceeff0a00112233445566778899aabbcc");
  CHECK(axiom_magma_mgm_seal(&other, buf, 75, iv, 8, aad, 41, pt, 67) == AXIOM_OK);
  CHECK(same_hex(buf, 75,
                 "c795066c5f9ea03b85113342459185ae1f2e00d6bf2b785d940470b8bb9c8e7d"
                 "9a5dd3731f7ddc70ec27cb0ace6fa57670f65c646abb75d547aa37c3bcb5c34e"
                 "03bb9ca7928069aa10fd10"));
  CHECK(axiom_magma_mgm_open(&other, back, 67, iv, 8, aad, 41, buf, 75) == AXIOM_OK);
  CHECK(memcmp(back, pt, 67) == 0);
  CHECK(axiom_magma_mgm_seal_detached(&other, back, 67, tag, 4, iv, 8, aad, 41, back, 67) ==
        AXIOM_OK);
  CHECK(same_hex(tag, 4, "a7928069"));
  CHECK(axiom_magma_mgm_open_detached(&other, back, 67, tag, 4, iv, 8, aad, 41, back, 67) ==
        AXIOM_OK);
  CHECK(memcmp(back, pt, 67) == 0);
  buf[70] ^= 1;
  CHECK(axiom_magma_mgm_open(&other, back, 67, iv, 8, aad, 41, buf, 75) ==
        AXIOM_ERR_AUTHENTICATION_FAILED);
  CHECK(all_zero(back, 67));
  CHECK(axiom_magma_mgm_seal(&other, buf, 76, iv, 8, aad, 41, pt, 67) ==
        AXIOM_ERR_OUTPUT_SIZE_MISMATCH);
  CHECK(axiom_magma_mgm_seal(&other, buf, 75, iv, 16, aad, 41, pt, 67) ==
        AXIOM_ERR_INVALID_NONCE_SIZE);
  CHECK(axiom_magma_mgm_seal_detached(&other, buf, 67, tag, 9, iv, 8, aad, 41, pt, 67) ==
        AXIOM_ERR_INVALID_TAG_SIZE);
  CHECK(axiom_magma_mgm_open(&other, buf, 0, iv, 8, aad, 41, pt, 7) ==
        AXIOM_ERR_AUTHENTICATION_FAILED);

  /* The block size's rules. */
  CHECK(axiom_magma_init(&other, key, 16) == AXIOM_ERR_INVALID_KEY_SIZE);
  CHECK(axiom_magma_ecb_encrypt(&magma, buf, 12, pt, 12) == AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(axiom_magma_cbc_encrypt(&magma, iv, buf, 20, pt, 20) == AXIOM_ERR_INVALID_ARGUMENT);
  CHECK(axiom_magma_cbc_encrypt(&magma, iv, buf, 8, buf + 8, 8) == AXIOM_OK);
  CHECK(axiom_magma_cbc_encrypt(&magma, buf + 4, buf, 8, pt, 8) == AXIOM_ERR_OVERLAPPING_BUFFERS);
  axiom_magma_clear(&magma);
  axiom_magma_clear(&other);
  CHECK(all_zero((const uint8_t*)&magma, sizeof magma));
  CHECK(axiom_magma_cmac(&magma, tag, pt, 16) == AXIOM_ERR_INVALID_ARGUMENT);
  axiom_magma_clear(NULL);
}

int main(void) {
  test_aes_cfb_ofb();
  test_xts();
  test_sm4();
  test_sm4_aeads();
  test_kuznyechik();
  test_mgm();
  test_magma();
  if (failures) {
    fprintf(stderr, "%d check(s) failed\n", failures);
    return 1;
  }
  printf("c_api.gost: all checks passed\n");
  return 0;
}
