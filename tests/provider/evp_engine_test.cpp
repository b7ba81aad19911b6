// The provider's kuznyechik- and magma-ctr-acpkm-omac against the GOST engine in this process,
// in the order CMS uses them: the sender's ASN.1 parameters (IV and KDF seed) and tag travel
// to the receiver. The engine's tag goes out through EVP_CTRL_PROCESS_UNPROTECTED (CMS's
// unprotected attribute), as the engine 3.0.1 gives it no other way. A separate program from
// evp_cipher_test.cpp: the engine and the gostprov provider cannot share a process. Skipped
// where the engine is not installed.
#include <gtest/gtest.h>
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/asn1.h>
#include <openssl/core_names.h>
#include <openssl/engine.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <openssl/provider.h>
#include <openssl/x509.h>

#include <random>
#include <string>

#include "support/vectors.hpp"

namespace {

using axiom::test::Bytes;

constexpr const char* cms_mac_oid = "1.2.643.7.1.0.6.1.1";  // the engine's tag attribute

ENGINE* gost_engine() {
  static ENGINE* e = [] {
    ENGINE* g = ENGINE_by_id("gost");
    // The engine's OMAC goes through EVP_PKEY_new_mac_key and its digest table: those must be
    // the default. Not its ciphers (binding the engine registers them): EVP would route the
    // provider's ciphers of the same names to the engine.
    constexpr unsigned methods =
        ENGINE_METHOD_DIGESTS | ENGINE_METHOD_PKEY_METHS | ENGINE_METHOD_PKEY_ASN1_METHS;
    if (g != nullptr && (ENGINE_init(g) != 1 || ENGINE_set_default(g, methods) != 1)) {
      ENGINE_free(g);
      g = nullptr;
    }
    if (g != nullptr) ENGINE_unregister_ciphers(g);
    ERR_clear_error();
    return g;
  }();
  return e;
}

OSSL_LIB_CTX* axiom_lib() {
  static OSSL_LIB_CTX* lib = [] {
    OSSL_LIB_CTX* l = OSSL_LIB_CTX_new();
    OSSL_PROVIDER_set_default_search_path(l, AXIOM_PROVIDER_DIR);
    if (OSSL_PROVIDER_load(l, "axiom") == nullptr) {
      ERR_print_errors_fp(stderr);
      std::abort();
    }
    return l;
  }();
  return lib;
}

std::string errors() {
  std::string text;
  for (unsigned long e; (e = ERR_get_error()) != 0;) {
    char line[256];
    ERR_error_string_n(e, line, sizeof line);
    text += std::string(" ") + line;
  }
  return text;
}

std::mt19937_64& rng() {
  static std::mt19937_64 r(20261202);
  return r;
}
Bytes random_bytes(std::size_t n) {
  Bytes b(n);
  for (auto& x : b) x = static_cast<std::uint8_t>(rng()());
  return b;
}

// Sealed: what a CMS sender hands on: the ciphertext, the tag and the DER of the cipher's
// ASN.1 parameters.
struct Sealed {
  Bytes ct, tag, params;
};

// engine_seal encrypts as CMS does: key and IV, the parameters read, then the text, then the
// tag taken from the unprotected attribute.
bool engine_seal(int nid, const Bytes& key, const Bytes& iv, const Bytes& pt, Sealed& out) {
  const EVP_CIPHER* c = ENGINE_get_cipher(gost_engine(), nid);
  EVP_CIPHER_CTX* x = EVP_CIPHER_CTX_new();
  ASN1_TYPE* params = ASN1_TYPE_new();
  STACK_OF(X509_ATTRIBUTE)* attrs = sk_X509_ATTRIBUTE_new_null();
  bool ok = c != nullptr && EVP_CipherInit_ex(x, c, gost_engine(), key.data(), iv.data(), 1) == 1 &&
            EVP_CIPHER_param_to_asn1(x, params) > 0;
  unsigned char* der = nullptr;
  const int der_size = ok ? i2d_ASN1_TYPE(params, &der) : -1;
  ok = ok && der_size > 0;
  if (ok) out.params.assign(der, der + der_size);
  out.ct.assign(pt.size() + 16, 0);
  // No update for an empty text: the engine takes an update of no data at NULL for final.
  int n = 0, m = 0;
  ok = ok &&
       (pt.empty() ||
        EVP_CipherUpdate(x, out.ct.data(), &n, pt.data(), static_cast<int>(pt.size())) == 1) &&
       EVP_CipherFinal_ex(x, out.ct.data() + n, &m) == 1 &&
       EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_PROCESS_UNPROTECTED, 1, attrs) > 0 &&
       sk_X509_ATTRIBUTE_num(attrs) == 1;
  out.ct.resize(static_cast<std::size_t>(n + m));
  if (ok) {
    const ASN1_TYPE* t = X509_ATTRIBUTE_get0_type(sk_X509_ATTRIBUTE_value(attrs, 0), 0);
    ok = t != nullptr && t->type == V_ASN1_OCTET_STRING;
    if (ok)
      out.tag.assign(t->value.octet_string->data,
                     t->value.octet_string->data + t->value.octet_string->length);
  }
  OPENSSL_free(der);
  sk_X509_ATTRIBUTE_pop_free(attrs, X509_ATTRIBUTE_free);
  ASN1_TYPE_free(params);
  EVP_CIPHER_CTX_free(x);
  return ok;
}

// engine_open decrypts as CMS does: the parameters, then the key, the tag, the text, final.
bool engine_open(int nid, const Bytes& key, const Sealed& in, Bytes& pt) {
  const EVP_CIPHER* c = ENGINE_get_cipher(gost_engine(), nid);
  EVP_CIPHER_CTX* x = EVP_CIPHER_CTX_new();
  const unsigned char* p = in.params.data();
  ASN1_TYPE* params = d2i_ASN1_TYPE(nullptr, &p, static_cast<long>(in.params.size()));
  STACK_OF(X509_ATTRIBUTE)* attrs = sk_X509_ATTRIBUTE_new_null();
  bool ok = c != nullptr && params != nullptr &&
            X509at_add1_attr_by_txt(&attrs, cms_mac_oid, V_ASN1_OCTET_STRING, in.tag.data(),
                                    static_cast<int>(in.tag.size())) != nullptr &&
            EVP_CipherInit_ex(x, c, gost_engine(), nullptr, nullptr, 0) == 1 &&
            EVP_CIPHER_asn1_to_param(x, params) > 0 &&
            EVP_CipherInit_ex(x, nullptr, nullptr, key.data(), nullptr, 0) == 1 &&
            EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_PROCESS_UNPROTECTED, 0, attrs) > 0;
  pt.assign(in.ct.size() + 16, 0);
  int n = 0, m = 0;
  ok = ok &&
       (in.ct.empty() ||
        EVP_CipherUpdate(x, pt.data(), &n, in.ct.data(), static_cast<int>(in.ct.size())) == 1) &&
       EVP_CipherFinal_ex(x, pt.data() + n, &m) == 1;
  pt.resize(ok ? static_cast<std::size_t>(n + m) : 0);
  sk_X509_ATTRIBUTE_pop_free(attrs, X509_ATTRIBUTE_free);
  ASN1_TYPE_free(params);
  EVP_CIPHER_CTX_free(x);
  return ok;
}

// axiom_seal: key and IV, the parameters read (EVP_CIPHER_param_to_asn1, as CMS reads them),
// the text at random splits, the tag.
bool axiom_seal(const char* name, const Bytes& key, const Bytes& iv, const Bytes& pt, Sealed& out) {
  EVP_CIPHER* c = EVP_CIPHER_fetch(axiom_lib(), name, nullptr);
  EVP_CIPHER_CTX* x = EVP_CIPHER_CTX_new();
  ASN1_TYPE* params = ASN1_TYPE_new();
  bool ok = c != nullptr && EVP_EncryptInit_ex2(x, c, key.data(), iv.data(), nullptr) == 1 &&
            EVP_CIPHER_param_to_asn1(x, params) > 0;
  unsigned char* der = nullptr;
  const int der_size = ok ? i2d_ASN1_TYPE(params, &der) : -1;
  ok = ok && der_size > 0;
  if (ok) out.params.assign(der, der + der_size);
  OPENSSL_free(der);
  ASN1_TYPE_free(params);
  out.ct.assign(pt.size(), 0);
  for (std::size_t off = 0; ok && off < pt.size();) {
    const std::size_t step = std::min<std::size_t>(pt.size() - off, 1 + rng()() % 5000);
    int n = 0;
    ok =
        EVP_EncryptUpdate(x, out.ct.data() + off, &n, pt.data() + off, static_cast<int>(step)) == 1;
    off += step;
  }
  int m = 0;
  ok = ok && EVP_EncryptFinal_ex(x, nullptr, &m) == 1;
  const std::size_t tag_size = std::string(name).starts_with("magma") ? 8 : 16;
  out.tag.assign(tag_size, 0);
  ok = ok && EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, static_cast<int>(tag_size),
                                 out.tag.data()) == 1;
  EVP_CIPHER_CTX_free(x);
  EVP_CIPHER_free(c);
  return ok;
}

// axiom_open: the parameters before the key (CMS's order, EVP_CIPHER_asn1_to_param) or after
// it (as the context parameter), then the tag, the text at random splits and final. A failed
// final leaves pt as it was released (the stream's way).
bool axiom_open(const char* name, const Bytes& key, const Sealed& in, Bytes& pt,
                bool params_first) {
  EVP_CIPHER* c = EVP_CIPHER_fetch(axiom_lib(), name, nullptr);
  EVP_CIPHER_CTX* x = EVP_CIPHER_CTX_new();
  Bytes der = in.params;
  bool ok = c != nullptr;
  if (params_first) {
    const unsigned char* p = der.data();
    ASN1_TYPE* params = d2i_ASN1_TYPE(nullptr, &p, static_cast<long>(der.size()));
    ok = ok && params != nullptr && EVP_DecryptInit_ex2(x, c, nullptr, nullptr, nullptr) == 1 &&
         EVP_CIPHER_asn1_to_param(x, params) > 0 &&
         EVP_DecryptInit_ex2(x, nullptr, key.data(), nullptr, nullptr) == 1;
    ASN1_TYPE_free(params);
  } else {
    OSSL_PARAM set[] = {
        OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_ALGORITHM_ID_PARAMS, der.data(), der.size()),
        OSSL_PARAM_END};
    ok = ok && EVP_DecryptInit_ex2(x, c, key.data(), nullptr, nullptr) == 1 &&
         EVP_CIPHER_CTX_set_params(x, set) == 1;
  }
  Bytes tag = in.tag;
  ok = ok &&
       EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, static_cast<int>(tag.size()), tag.data()) == 1;
  pt.assign(in.ct.size(), 0);
  for (std::size_t off = 0; ok && off < in.ct.size();) {
    const std::size_t step = std::min<std::size_t>(in.ct.size() - off, 1 + rng()() % 5000);
    int n = 0;
    ok = EVP_DecryptUpdate(x, pt.data() + off, &n, in.ct.data() + off, static_cast<int>(step)) == 1;
    off += step;
  }
  int m = 0;
  ok = ok && EVP_DecryptFinal_ex(x, nullptr, &m) == 1;
  EVP_CIPHER_CTX_free(x);
  EVP_CIPHER_free(c);
  return ok;
}

struct Omac {
  int nid;
  const char* name;
  std::size_t iv_size;
};
constexpr Omac omacs[] = {{NID_kuznyechik_ctr_acpkm_omac, "kuznyechik-ctr-acpkm-omac", 8},
                          {NID_magma_ctr_acpkm_omac, "magma-ctr-acpkm-omac", 4}};

#define REQUIRE_ENGINE() \
  if (gost_engine() == nullptr) GTEST_SKIP() << "the GOST engine is not installed"

// The engine seals, the provider opens; lengths past several sections of both ciphers (the
// engine's CMS sections: 256 KiB for Kuznyechik, 8 KiB for Magma).
TEST(ProviderEngine, CtrAcpkmOmacEngineToAxiom) {
  REQUIRE_ENGINE();
  for (const Omac& o : omacs)
    for (std::size_t n :
         {0u, 1u, 15u, 16u, 17u, 63u, 64u, 65u, 1000u, 8191u, 8192u, 8193u, 70001u, 600000u}) {
      const Bytes key = random_bytes(32), iv = random_bytes(o.iv_size), pt = random_bytes(n);
      Sealed s;
      ASSERT_TRUE(engine_seal(o.nid, key, iv, pt, s)) << o.name << " " << n << errors();
      ASSERT_EQ(s.params.size(), 4 + o.iv_size + 8) << o.name;
      for (bool params_first : {true, false}) {
        Bytes back;
        EXPECT_TRUE(axiom_open(o.name, key, s, back, params_first))
            << o.name << " " << n << errors();
        EXPECT_EQ(back, pt) << o.name << " " << n;
      }
      Sealed forged = s;
      forged.tag[rng()() % forged.tag.size()] ^= 1;
      Bytes back;
      EXPECT_FALSE(axiom_open(o.name, key, forged, back, true)) << o.name << " " << n;
      ERR_clear_error();
      if (n != 0) {
        forged = s;
        forged.ct[rng()() % n] ^= 0x80;
        EXPECT_FALSE(axiom_open(o.name, key, forged, back, true)) << o.name << " " << n;
        ERR_clear_error();
      }
    }
}

// The provider seals, the engine opens. The engine 3.0.1 opens in CMS's order only while text
// and tag fit its first section (Magma's is 1 KiB): setting the key after the parameters puts
// its default section back.
TEST(ProviderEngine, CtrAcpkmOmacAxiomToEngine) {
  REQUIRE_ENGINE();
  for (const Omac& o : omacs)
    for (std::size_t n : {0u, 1u, 7u, 8u, 9u, 15u, 16u, 17u, 100u, 1000u, 1016u}) {
      const Bytes key = random_bytes(32), iv = random_bytes(o.iv_size), pt = random_bytes(n);
      Sealed s;
      ASSERT_TRUE(axiom_seal(o.name, key, iv, pt, s)) << o.name << " " << n << errors();
      Bytes back;
      EXPECT_TRUE(engine_open(o.nid, key, s, back)) << o.name << " " << n << errors();
      EXPECT_EQ(back, pt) << o.name << " " << n;
      s.tag[0] ^= 1;
      EXPECT_FALSE(engine_open(o.nid, key, s, back)) << o.name << " " << n;
      ERR_clear_error();
    }
}

}  // namespace
