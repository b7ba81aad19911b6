/* config_fetch: what a program that knows nothing of axiom does once openssl.cnf loads the
 * provider: fetch md_gost12_256 from the default library context and hash its argument.
 * Prints the provider that answered and the digest in hex. */
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char** argv) {
  const char* msg = argc > 1 ? argv[1] : "";
  EVP_MD* md = EVP_MD_fetch(NULL, "md_gost12_256", NULL);
  if (md == NULL) {
    fprintf(stderr, "config_fetch: md_gost12_256 not found\n");
    return 1;
  }
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned len = 0;
  if (EVP_Digest(msg, strlen(msg), out, &len, md, NULL) != 1) return 1;
  printf("%s ", OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(md)));
  for (unsigned i = 0; i < len; ++i) printf("%02x", out[i]);
  printf("\n");
  EVP_MD_free(md);
  return 0;
}
