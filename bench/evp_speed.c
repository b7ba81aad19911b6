/* evp_speed: the throughput of one algorithm through OpenSSL's EVP interface, as `openssl speed
 * -evp` measures it (one EVP update of the whole buffer per step; an AEAD message per step:
 * new IV, 13 bytes of AAD, the buffer, final, tag; a CTR-ACPKM-OMAC message per step: key and
 * IV, as CMS sets them for each message, the buffer, final), for axiom's provider, the GOST
 * provider, the GOST engine or OpenSSL's default provider. `openssl speed` itself cannot reach
 * an engine's algorithms in OpenSSL 3.0, nor run MGM (it gives every AEAD a 12-byte IV).
 *
 * Usage: evp_speed axiom|gostprov|engine|default PROVIDER_DIR ALGORITHM BYTES MILLISECONDS
 * Prints MB/s (10^6 bytes per CPU second), or "n/a" and exit status 3 if the algorithm is absent.
 */
#define OPENSSL_SUPPRESS_DEPRECATED /* the ENGINE interface, for the GOST engine */
#include <openssl/engine.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* CPU time of this process, as openssl speed counts by default: on a loaded machine wall time
 * would count the other processes too. */
static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int absent(const char* impl, const char* alg) {
  printf("n/a\n");
  fprintf(stderr, "evp_speed: %s has no %s\n", impl, alg);
  return 3;
}

int main(int argc, char** argv) {
  if (argc != 6) {
    fprintf(stderr,
            "usage: evp_speed axiom|gostprov|engine|default PROVIDER_DIR ALGORITHM BYTES "
            "MILLISECONDS\n");
    return 2;
  }
  const char *impl = argv[1], *dir = argv[2], *alg = argv[3];
  const size_t bytes = (size_t)strtoul(argv[4], NULL, 10);
  const double seconds = strtod(argv[5], NULL) / 1000;
  ENGINE* engine = NULL;
  const char* query = NULL;
  if (strcmp(impl, "axiom") == 0) {
    OSSL_PROVIDER_set_default_search_path(NULL, dir);
    if (OSSL_PROVIDER_load(NULL, "axiom") == NULL) return absent(impl, "provider");
    query = "provider=axiom";
  } else if (strcmp(impl, "gostprov") == 0) {
    if (OSSL_PROVIDER_load(NULL, "gostprov") == NULL) return absent(impl, "provider");
  } else if (strcmp(impl, "engine") == 0) {
    ENGINE_load_builtin_engines();
    engine = ENGINE_by_id("gost");
    if (engine == NULL || !ENGINE_init(engine)) return absent(impl, "engine");
    /* Its CTR-ACPKM-OMAC keys its OMAC through EVP_PKEY_new_mac_key and its digest table. */
    ENGINE_set_default(
        engine, ENGINE_METHOD_DIGESTS | ENGINE_METHOD_PKEY_METHS | ENGINE_METHOD_PKEY_ASN1_METHS);
  } else if (strcmp(impl, "default") == 0) {
    query = "provider=default";
  } else {
    fprintf(stderr, "evp_speed: unknown implementation %s\n", impl);
    return 2;
  }
  OSSL_PROVIDER_load(NULL, "default");

  unsigned char* buf = calloc(bytes + 64, 1);
  unsigned char key[64] = {1, 2, 3}, iv[32] = {0}, aad[13] = {0}, tag[16];
  for (int i = 0; i < 64; ++i) key[i] = (unsigned char)(i * 7 + 1);
  size_t done = 0;
  double start = 0, elapsed = 0;
  int len = 0;

  EVP_MD* md = NULL;
  EVP_CIPHER* cipher = NULL;
  const EVP_MD* legacy_md = NULL;
  const EVP_CIPHER* legacy_cipher = NULL;
  if (engine != NULL) {
    /* The cipher first: the engine's kuznyechik-ctr-acpkm-omac is also a MAC "digest". */
    legacy_cipher = ENGINE_get_cipher(engine, OBJ_sn2nid(alg));
    legacy_md = legacy_cipher ? NULL : ENGINE_get_digest(engine, OBJ_sn2nid(alg));
    if (legacy_md == NULL && legacy_cipher == NULL) return absent(impl, alg);
  } else {
    md = EVP_MD_fetch(NULL, alg, query);
    cipher = md ? NULL : EVP_CIPHER_fetch(NULL, alg, query);
    if (md == NULL && cipher == NULL) return absent(impl, alg);
    legacy_md = md;
    legacy_cipher = cipher;
  }

  if (legacy_md != NULL) {
    EVP_MD_CTX* c = EVP_MD_CTX_new();
    unsigned char out[64];
    start = now();
    do {
      if (!EVP_DigestInit_ex(c, legacy_md, engine) || !EVP_DigestUpdate(c, buf, bytes) ||
          !EVP_DigestFinal_ex(c, out, NULL))
        return absent(impl, alg);
      done += bytes;
    } while ((elapsed = now() - start) < seconds);
    EVP_MD_CTX_free(c);
  } else {
    EVP_CIPHER_CTX* c = EVP_CIPHER_CTX_new();
    const int omac = strstr(alg, "-omac") != NULL; /* its tag: the engine's only in CMS */
    const int aead =
        !omac && (EVP_CIPHER_get_flags(legacy_cipher) & EVP_CIPH_FLAG_AEAD_CIPHER) != 0;
    if (!EVP_EncryptInit_ex(c, legacy_cipher, engine, key, iv)) return absent(impl, alg);
    /* The tag's length: 16 bytes, or the cipher's own (8 for Magma's MGM). */
    const int tag_len =
        aead && EVP_CIPHER_CTX_get_tag_length(c) > 0 ? EVP_CIPHER_CTX_get_tag_length(c) : 16;
    start = now();
    do {
      if (aead) {
        ++iv[7]; /* a new nonce per message; its first bit stays 0 (MGM) */
        if (!EVP_EncryptInit_ex(c, NULL, NULL, NULL, iv) ||
            !EVP_EncryptUpdate(c, NULL, &len, aad, 13))
          return absent(impl, alg);
      }
      if (omac && !EVP_EncryptInit_ex(c, NULL, NULL, key, iv)) return absent(impl, alg);
      if (!EVP_EncryptUpdate(c, buf, &len, buf, (int)bytes)) return absent(impl, alg);
      if (omac && !EVP_EncryptFinal_ex(c, buf + len, &len)) return absent(impl, alg);
      if (aead && (!EVP_EncryptFinal_ex(c, buf + len, &len) ||
                   !EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, tag_len, tag)))
        return absent(impl, alg);
      done += bytes;
    } while ((elapsed = now() - start) < seconds);
    EVP_CIPHER_CTX_free(c);
  }
  printf("%.1f\n", (double)done / elapsed / 1e6);
  EVP_MD_free(md);
  EVP_CIPHER_free(cipher);
  free(buf);
  return 0;
}
