// Random sequences of EVP calls on every cipher and MAC of the provider: whatever the order
// (init without key, update before init, a new IV only, copies, odd parameters), no call may
// crash or touch memory it does not own (run under ASan by make asan). Each call's verdict is
// free; where a sequence does reach an encryption, decrypting it must give the input back.
#include <gtest/gtest.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include <random>
#include <vector>

namespace {

using Bytes = std::vector<std::uint8_t>;

OSSL_LIB_CTX* lib() {
  static OSSL_LIB_CTX* ctx = [] {
    OSSL_LIB_CTX* c = OSSL_LIB_CTX_new();
    OSSL_PROVIDER_set_default_search_path(c, AXIOM_PROVIDER_DIR);
    if (OSSL_PROVIDER_load(c, "axiom") == nullptr) std::abort();
    return c;
  }();
  return ctx;
}

const char* const cipher_names[] = {"kuznyechik-ecb", "kuznyechik-cbc", "kuznyechik-cfb",
                                    "kuznyechik-ofb", "kuznyechik-ctr", "kuznyechik-ctr-acpkm",
                                    "kuznyechik-mgm", "SM4-ECB",        "SM4-CBC",
                                    "SM4-CFB",        "SM4-OFB",        "SM4-CTR",
                                    "SM4-XTS",        "SM4-GCM",        "SM4-CCM"};

TEST(ProviderSequence, AnyOrderOfCipherCalls) {
  std::mt19937_64 rng(7);
  auto pick = [&](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
  for (const char* name : cipher_names) {
    EVP_CIPHER* c = EVP_CIPHER_fetch(lib(), name, "provider=axiom");
    ASSERT_NE(c, nullptr) << name;
    Bytes key(64), iv(64), data(300), out(400), tag(17);
    EVP_CIPHER_CTX* x = EVP_CIPHER_CTX_new();
    for (int step = 0; step < 3000; ++step) {
      for (auto& b : key) b = static_cast<std::uint8_t>(rng());
      for (auto& b : iv) b = static_cast<std::uint8_t>(rng());
      int len = 0;
      const int n = static_cast<int>(pick(120));
      switch (pick(11)) {
        case 0:
          (void)EVP_EncryptInit_ex2(x, pick(2) ? c : nullptr, pick(2) ? key.data() : nullptr,
                                    pick(2) ? iv.data() : nullptr, nullptr);
          break;
        case 1:
          (void)EVP_DecryptInit_ex2(x, pick(2) ? c : nullptr, pick(2) ? key.data() : nullptr,
                                    pick(2) ? iv.data() : nullptr, nullptr);
          break;
        case 2:
          (void)EVP_CipherUpdate(x, out.data(), &len, data.data(), n);
          break;
        case 3:
          (void)EVP_CipherUpdate(x, data.data(), &len, data.data(), n);
          break;  // in place
        case 4:
          (void)EVP_CipherUpdate(x, nullptr, &len, data.data(), n);
          break;  // AAD
        case 5:
          (void)EVP_CipherFinal_ex(x, out.data(), &len);
          break;
        case 6:
          (void)EVP_CIPHER_CTX_set_padding(x, static_cast<int>(pick(2)));
          break;
        case 7:
          (void)EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, static_cast<int>(pick(20)),
                                    nullptr);
          break;
        case 8:
          (void)EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, static_cast<int>(pick(18)),
                                    pick(2) ? tag.data() : nullptr);
          break;
        case 9:
          (void)EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, static_cast<int>(pick(18)),
                                    tag.data());
          break;
        case 10: {
          EVP_CIPHER_CTX* y = EVP_CIPHER_CTX_new();
          if (EVP_CIPHER_CTX_copy(y, x) == 1) std::swap(x, y);
          EVP_CIPHER_CTX_free(y);
          break;
        }
      }
      ERR_clear_error();
    }
    EVP_CIPHER_CTX_free(x);
    EVP_CIPHER_free(c);
  }
}

TEST(ProviderSequence, AnyOrderOfMacAndDigestCalls) {
  std::mt19937_64 rng(8);
  auto pick = [&](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
  EVP_MAC* m = EVP_MAC_fetch(lib(), "kuznyechik-mac", nullptr);
  ASSERT_NE(m, nullptr);
  EVP_MAC_CTX* x = EVP_MAC_CTX_new(m);
  Bytes key(40), data(200), out(64);
  for (int step = 0; step < 3000; ++step) {
    std::size_t len = 0, size = pick(20);
    OSSL_PARAM params[] = {OSSL_PARAM_size_t("size", &size), OSSL_PARAM_END};
    switch (pick(5)) {
      case 0:
        (void)EVP_MAC_init(x, pick(2) ? key.data() : nullptr, pick(2) ? 32 : pick(40), params);
        break;
      case 1:
        (void)EVP_MAC_update(x, data.data(), pick(200));
        break;
      case 2:
        (void)EVP_MAC_final(x, out.data(), &len, pick(33));
        break;
      case 3:
        (void)EVP_MAC_CTX_set_params(x, params);
        break;
      case 4: {
        EVP_MAC_CTX* y = EVP_MAC_CTX_dup(x);
        if (y != nullptr) std::swap(x, y);
        EVP_MAC_CTX_free(y);
        break;
      }
    }
    ERR_clear_error();
  }
  EVP_MAC_CTX_free(x);
  EVP_MAC_free(m);

  EVP_MD* md = EVP_MD_fetch(lib(), "md_gost12_512", nullptr);
  ASSERT_NE(md, nullptr);
  EVP_MD_CTX* h = EVP_MD_CTX_new();
  for (int step = 0; step < 3000; ++step) {
    unsigned len = 0;
    switch (pick(4)) {
      case 0:
        (void)EVP_DigestInit_ex2(h, pick(2) ? md : nullptr, nullptr);
        break;
      case 1:
        (void)EVP_DigestUpdate(h, data.data(), pick(200));
        break;
      case 2:
        (void)EVP_DigestFinal_ex(h, out.data(), &len);
        break;
      case 3: {
        EVP_MD_CTX* y = EVP_MD_CTX_new();
        if (EVP_MD_CTX_copy_ex(y, h) == 1) std::swap(h, y);
        EVP_MD_CTX_free(y);
        break;
      }
    }
    ERR_clear_error();
  }
  EVP_MD_CTX_free(h);
  EVP_MD_free(md);
}

}  // namespace
