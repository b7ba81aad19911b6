// The OpenSSL provider through EVP only: every algorithm against the standards' vectors,
// streaming at random splits, context copies, AEAD tag checks, every error path, and byte for
// byte against the GOST provider (gostprov) where it is installed.
#include <gtest/gtest.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include <random>
#include <string>

#include "axiom/hmac.hpp"
#include "axiom/pbkdf2.hpp"
#include "axiom/streebog.hpp"
#include "support/vectors.hpp"

namespace {

using axiom::test::Bytes;
using axiom::test::load_vectors;

// One library context with axiom (and the default provider for HMAC, PBKDF2, HKDF), one with
// gostprov when it can be loaded.
struct Contexts {
  OSSL_LIB_CTX* axiom = nullptr;
  OSSL_LIB_CTX* gost = nullptr;
  Contexts() {
    axiom = OSSL_LIB_CTX_new();
    OSSL_PROVIDER_set_default_search_path(axiom, AXIOM_PROVIDER_DIR);
    if (OSSL_PROVIDER_load(axiom, "axiom") == nullptr ||
        OSSL_PROVIDER_load(axiom, "default") == nullptr) {
      ERR_print_errors_fp(stderr);
      std::abort();
    }
    gost = OSSL_LIB_CTX_new();
    if (OSSL_PROVIDER_load(gost, "gostprov") == nullptr ||
        OSSL_PROVIDER_load(gost, "default") == nullptr) {
      OSSL_LIB_CTX_free(gost);
      gost = nullptr;
    }
    ERR_clear_error();
  }
};
const Contexts& ctxs() {
  static const Contexts c;
  return c;
}

// last_error is the text of the newest error on the queue ("" if none); the queue is cleared.
std::string last_error() {
  const unsigned long e = ERR_peek_last_error();
  std::string text;
  if (e != 0) {
    const char* r = ERR_reason_error_string(e);
    text = r != nullptr ? r : "(no reason text)";
  }
  ERR_clear_error();
  return text;
}

std::mt19937_64& rng() {
  static std::mt19937_64 r(20260421);
  return r;
}
Bytes random_bytes(std::size_t n) {
  Bytes b(n);
  for (auto& x : b) x = static_cast<std::uint8_t>(rng()());
  return b;
}

// ---- digests ----

EVP_MD* fetch_md(const char* name) { return EVP_MD_fetch(ctxs().axiom, name, "provider=axiom"); }

Bytes digest(const char* name, const Bytes& msg, bool split) {
  EVP_MD* md = fetch_md(name);
  EXPECT_NE(md, nullptr) << name;
  EVP_MD_CTX* c = EVP_MD_CTX_new();
  EXPECT_EQ(EVP_DigestInit_ex2(c, md, nullptr), 1);
  std::size_t off = 0;
  while (off < msg.size()) {
    const std::size_t n =
        split ? std::min<std::size_t>(msg.size() - off, rng()() % 150) : msg.size();
    EXPECT_EQ(EVP_DigestUpdate(c, msg.data() + off, n), 1);
    off += n;
  }
  Bytes out(EVP_MAX_MD_SIZE);
  unsigned len = 0;
  EXPECT_EQ(EVP_DigestFinal_ex(c, out.data(), &len), 1);
  out.resize(len);
  EVP_MD_CTX_free(c);
  EVP_MD_free(md);
  return out;
}

TEST(ProviderDigest, StreebogVectorsAtRandomSplits) {
  for (const auto& [file, name] : {std::pair{"kat/streebog256.txt", "md_gost12_256"},
                                   std::pair{"kat/streebog512.txt", "md_gost12_512"}}) {
    for (const auto& v : load_vectors(file)) {
      Bytes msg;
      for (long long i = 0; i < v.number("Count", 1); ++i) {
        const Bytes m = v.bytes("Msg");
        msg.insert(msg.end(), m.begin(), m.end());
      }
      EXPECT_EQ(digest(name, msg, false), v.bytes("Digest")) << v.where();
      EXPECT_EQ(digest(name, msg, true), v.bytes("Digest")) << v.where();
    }
  }
}

TEST(ProviderDigest, NamesAliasesAndParams) {
  for (const auto& [name, size] :
       {std::pair{"md_gost12_256", 32}, std::pair{"streebog256", 32},
        std::pair{"id-tc26-gost3411-12-256", 32}, std::pair{"1.2.643.7.1.1.2.2", 32},
        std::pair{"md_gost12_512", 64}, std::pair{"streebog512", 64},
        std::pair{"id-tc26-gost3411-12-512", 64}, std::pair{"1.2.643.7.1.1.2.3", 64}}) {
    EVP_MD* md = fetch_md(name);
    ASSERT_NE(md, nullptr) << name;
    EXPECT_EQ(EVP_MD_get_size(md), size) << name;
    EXPECT_EQ(EVP_MD_get_block_size(md), 64) << name;
    EVP_MD_free(md);
  }
}

TEST(ProviderDigest, CopyForksMidMessage) {
  const Bytes msg = random_bytes(1000);
  EVP_MD* md = fetch_md("md_gost12_512");
  EVP_MD_CTX* a = EVP_MD_CTX_new();
  EVP_MD_CTX* b = EVP_MD_CTX_new();
  ASSERT_EQ(EVP_DigestInit_ex2(a, md, nullptr), 1);
  ASSERT_EQ(EVP_DigestUpdate(a, msg.data(), 333), 1);
  ASSERT_EQ(EVP_MD_CTX_copy_ex(b, a), 1);
  ASSERT_EQ(EVP_DigestUpdate(a, msg.data() + 333, 667), 1);
  ASSERT_EQ(EVP_DigestUpdate(b, msg.data() + 333, 667), 1);
  Bytes da(64), db(64);
  ASSERT_EQ(EVP_DigestFinal_ex(a, da.data(), nullptr), 1);
  ASSERT_EQ(EVP_DigestFinal_ex(b, db.data(), nullptr), 1);
  const auto want = axiom::Streebog512::hash(msg);
  EXPECT_EQ(da, Bytes(want.begin(), want.end()));
  EXPECT_EQ(db, da);
  // The context is reusable after final.
  ASSERT_EQ(EVP_DigestInit_ex2(a, nullptr, nullptr), 1);
  ASSERT_EQ(EVP_DigestFinal_ex(a, da.data(), nullptr), 1);
  const auto empty = axiom::Streebog512::hash({});
  EXPECT_EQ(da, Bytes(empty.begin(), empty.end()));
  EVP_MD_CTX_free(a);
  EVP_MD_CTX_free(b);
  EVP_MD_free(md);
}

// HMAC, PBKDF2 and HKDF are OpenSSL's own, over our digest.
TEST(ProviderDigest, HmacVectors) {
  for (const auto& [file, name] : {std::pair{"kat/hmac_streebog256.txt", "md_gost12_256"},
                                   std::pair{"kat/hmac_streebog512.txt", "md_gost12_512"}}) {
    for (const auto& v : load_vectors(file)) {
      const Bytes key = v.bytes("Key"), msg = v.bytes("Msg"), tag = v.bytes("Tag");
      EVP_MAC* mac = EVP_MAC_fetch(ctxs().axiom, "HMAC", nullptr);
      EVP_MAC_CTX* c = EVP_MAC_CTX_new(mac);
      OSSL_PARAM params[] = {
          OSSL_PARAM_utf8_string("digest", const_cast<char*>(name), 0),
          OSSL_PARAM_utf8_string("properties", const_cast<char*>("provider=axiom"), 0),
          OSSL_PARAM_END};
      static const std::uint8_t empty_key[1] = {0};  // a NULL key would mean "no key"
      ASSERT_EQ(EVP_MAC_init(c, key.empty() ? empty_key : key.data(), key.size(), params), 1)
          << v.where() << last_error();
      ASSERT_EQ(EVP_MAC_update(c, msg.data(), msg.size()), 1);
      Bytes out(64);
      std::size_t len = 0;
      ASSERT_EQ(EVP_MAC_final(c, out.data(), &len, out.size()), 1);
      out.resize(len);
      EXPECT_EQ(Bytes(out.begin(), out.begin() + static_cast<long>(tag.size())), tag) << v.where();
      EVP_MAC_CTX_free(c);
      EVP_MAC_free(mac);
    }
  }
}

TEST(ProviderDigest, Pbkdf2AndHkdfMatchTheLibrary) {
  const Bytes password = random_bytes(23), salt = random_bytes(16);
  Bytes out(77);
  EVP_KDF* kdf = EVP_KDF_fetch(ctxs().axiom, "PBKDF2", nullptr);
  EVP_KDF_CTX* c = EVP_KDF_CTX_new(kdf);
  unsigned iter = 1000;
  int no_check = 0;
  OSSL_PARAM params[] = {
      OSSL_PARAM_octet_string("pass", const_cast<std::uint8_t*>(password.data()), password.size()),
      OSSL_PARAM_octet_string("salt", const_cast<std::uint8_t*>(salt.data()), salt.size()),
      OSSL_PARAM_uint("iter", &iter),
      OSSL_PARAM_utf8_string("digest", const_cast<char*>("md_gost12_512"), 0),
      OSSL_PARAM_utf8_string("properties", const_cast<char*>("provider=axiom"), 0),
      OSSL_PARAM_int("pkcs5", &no_check),
      OSSL_PARAM_END};
  ASSERT_EQ(EVP_KDF_derive(c, out.data(), out.size(), params), 1) << last_error();
  Bytes want(out.size());
  ASSERT_TRUE(
      axiom::Pbkdf2<axiom::Hmac<axiom::Streebog512>>::derive(want, password, salt, iter).ok());
  EXPECT_EQ(out, want);
  EVP_KDF_CTX_free(c);
  EVP_KDF_free(kdf);

  // HKDF against HMAC-Streebog-256 from the library: PRK = HMAC(salt, IKM), T1 = HMAC(PRK, info ||
  // 1).
  kdf = EVP_KDF_fetch(ctxs().axiom, "HKDF", nullptr);
  c = EVP_KDF_CTX_new(kdf);
  const Bytes ikm = random_bytes(40), info = random_bytes(9);
  OSSL_PARAM hp[] = {
      OSSL_PARAM_octet_string("key", const_cast<std::uint8_t*>(ikm.data()), ikm.size()),
      OSSL_PARAM_octet_string("salt", const_cast<std::uint8_t*>(salt.data()), salt.size()),
      OSSL_PARAM_octet_string("info", const_cast<std::uint8_t*>(info.data()), info.size()),
      OSSL_PARAM_utf8_string("digest", const_cast<char*>("md_gost12_256"), 0),
      OSSL_PARAM_utf8_string("properties", const_cast<char*>("provider=axiom"), 0),
      OSSL_PARAM_END};
  Bytes okm(32);
  ASSERT_EQ(EVP_KDF_derive(c, okm.data(), okm.size(), hp), 1) << last_error();
  const auto prk = axiom::Hmac<axiom::Streebog256>::mac(salt, ikm);
  Bytes t1_in = info;
  t1_in.push_back(1);
  const auto t1 = axiom::Hmac<axiom::Streebog256>::mac(prk, t1_in);
  EXPECT_EQ(okm, Bytes(t1.begin(), t1.end()));
  EVP_KDF_CTX_free(c);
  EVP_KDF_free(kdf);
}

TEST(ProviderDigest, NullInputIsAnError) {
  EVP_MD* md = fetch_md("md_gost12_256");
  EVP_MD_CTX* c = EVP_MD_CTX_new();
  ASSERT_EQ(EVP_DigestInit_ex2(c, md, nullptr), 1);
  EXPECT_EQ(EVP_DigestUpdate(c, nullptr, 5), 0);
  ERR_clear_error();
  EVP_MD_CTX_free(c);
  EVP_MD_free(md);
}

}  // namespace
