// The provider's ciphers, AEADs and MACs through EVP only (see evp_test.cpp for the digests).
#include <gtest/gtest.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include <random>
#include <string>
#include <tuple>

#include "axiom/gcm.hpp"
#include "axiom/mgm.hpp"
#include "support/vectors.hpp"

namespace {

using axiom::test::Bytes;
using axiom::test::load_vectors;

struct Contexts {
  OSSL_LIB_CTX* axiom = nullptr;
  OSSL_LIB_CTX* gost = nullptr;
  Contexts() {
    axiom = OSSL_LIB_CTX_new();
    OSSL_PROVIDER_set_default_search_path(axiom, AXIOM_PROVIDER_DIR);
    if (OSSL_PROVIDER_load(axiom, "axiom") == nullptr) {
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
  static std::mt19937_64 r(20260422);
  return r;
}
Bytes random_bytes(std::size_t n) {
  Bytes b(n);
  for (auto& x : b) x = static_cast<std::uint8_t>(rng()());
  return b;
}

EVP_CIPHER* fetch(OSSL_LIB_CTX* lib, const char* name) {
  return EVP_CIPHER_fetch(lib, name, nullptr);
}

// crypt runs a whole message through EVP_CipherUpdate (at random splits when split) and Final.
// Returns false (and no output) if any call fails.
bool crypt(OSSL_LIB_CTX* lib, const char* name, bool enc, const Bytes& key, const Bytes& iv,
           const Bytes& in, Bytes& out, bool pad, bool split) {
  EVP_CIPHER* c = fetch(lib, name);
  if (c == nullptr) return false;
  EVP_CIPHER_CTX* x = EVP_CIPHER_CTX_new();
  bool ok = EVP_CipherInit_ex2(x, c, key.data(), iv.empty() ? nullptr : iv.data(), enc ? 1 : 0,
                               nullptr) == 1;
  ok = ok && EVP_CIPHER_CTX_set_padding(x, pad ? 1 : 0) == 1;
  out.assign(in.size() + 32, 0);
  std::size_t off = 0, done = 0;
  while (ok && off < in.size()) {
    const std::size_t n = split ? std::min<std::size_t>(in.size() - off, rng()() % 70) : in.size();
    int len = 0;
    ok = EVP_CipherUpdate(x, out.data() + done, &len, in.data() + off, static_cast<int>(n)) == 1;
    off += n, done += static_cast<std::size_t>(len);
  }
  int len = 0;
  ok = ok && EVP_CipherFinal_ex(x, out.data() + done, &len) == 1;
  out.resize(ok ? done + static_cast<std::size_t>(len) : 0);
  EVP_CIPHER_CTX_free(x);
  EVP_CIPHER_free(c);
  return ok;
}

void check_vectors(const char* file, const char* name, bool has_iv) {
  int n = 0;
  for (const auto& v : load_vectors(file)) {
    const Bytes key = v.bytes("Key"), iv = has_iv ? v.bytes("IV") : Bytes{};
    EVP_CIPHER* c = fetch(ctxs().axiom, name);
    ASSERT_NE(c, nullptr) << name;
    const bool iv_fits = static_cast<int>(iv.size()) == EVP_CIPHER_get_iv_length(c);
    EVP_CIPHER_free(c);
    if (has_iv && !iv_fits) continue;  // GOST R 34.13's longer registers: not an EVP form
    const Bytes pt = v.bytes("Plaintext"), ct = v.bytes("Ciphertext");
    for (bool split : {false, true}) {
      Bytes out;
      ASSERT_TRUE(crypt(ctxs().axiom, name, true, key, iv, pt, out, false, split))
          << v.where() << last_error();
      EXPECT_EQ(out, ct) << v.where();
      ASSERT_TRUE(crypt(ctxs().axiom, name, false, key, iv, ct, out, false, split))
          << v.where() << last_error();
      EXPECT_EQ(out, pt) << v.where();
    }
    ++n;
  }
  EXPECT_GT(n, 0) << file;
}

TEST(ProviderCipher, KuznyechikVectors) {
  check_vectors("kat/kuznyechik_ecb.txt", "kuznyechik-ecb", false);
  check_vectors("kat/kuznyechik_cbc.txt", "kuznyechik-cbc", true);
  check_vectors("kat/kuznyechik_cfb.txt", "kuznyechik-cfb", true);
  check_vectors("kat/kuznyechik_ofb.txt", "kuznyechik-ofb", true);
  check_vectors("kat/kuznyechik_ctr.txt", "kuznyechik-ctr", true);
}

TEST(ProviderCipher, MagmaVectors) {
  check_vectors("kat/magma_ecb.txt", "magma-ecb", false);
  check_vectors("kat/magma_cbc.txt", "magma-cbc", true);
  check_vectors("kat/magma_ctr.txt", "magma-ctr", true);
}

// The standard's CBC, CFB and OFB examples use longer registers than a block (not EVP's form,
// and gostprov has no magma-cfb or magma-ofb): the m = n modes built block by block from
// magma-ecb, which MagmaVectors checks, at awkward lengths.
TEST(ProviderCipher, MagmaModesFromEcb) {
  const Bytes key = random_bytes(32), iv = random_bytes(8);
  auto ecb = [&](const std::uint8_t* in, std::uint8_t* out) {
    Bytes block(in, in + 8), o;
    ASSERT_TRUE(crypt(ctxs().axiom, "magma-ecb", true, key, {}, block, o, false, false));
    std::copy(o.begin(), o.end(), out);
  };
  for (std::size_t len : {0u, 1u, 7u, 8u, 9u, 15u, 16u, 17u, 63u, 64u, 65u, 1000u}) {
    const Bytes msg = random_bytes(len);
    Bytes cfb(len), ofb(len), cbc(len / 8 * 8);
    std::uint8_t reg_cfb[8], reg_ofb[8], reg_cbc[8], ks[8];
    std::copy(iv.begin(), iv.end(), reg_cfb);
    std::copy(iv.begin(), iv.end(), reg_ofb);
    std::copy(iv.begin(), iv.end(), reg_cbc);
    for (std::size_t at = 0; at < len; at += 8) {
      const std::size_t n = std::min<std::size_t>(8, len - at);
      ecb(reg_cfb, ks);
      for (std::size_t i = 0; i < n; ++i) cfb[at + i] = reg_cfb[i] = msg[at + i] ^ ks[i];
      ecb(reg_ofb, reg_ofb);
      for (std::size_t i = 0; i < n; ++i) ofb[at + i] = msg[at + i] ^ reg_ofb[i];
      if (n == 8) {
        for (std::size_t i = 0; i < 8; ++i) reg_cbc[i] ^= msg[at + i];
        ecb(reg_cbc, reg_cbc);
        std::copy(reg_cbc, reg_cbc + 8, cbc.begin() + static_cast<long>(at));
      }
    }
    const Bytes whole(msg.begin(), msg.begin() + static_cast<long>(cbc.size()));
    for (bool split : {false, true}) {
      Bytes out, back;
      ASSERT_TRUE(crypt(ctxs().axiom, "magma-cfb", true, key, iv, msg, out, false, split));
      EXPECT_EQ(out, cfb) << "cfb " << len;
      ASSERT_TRUE(crypt(ctxs().axiom, "magma-cfb", false, key, iv, out, back, false, split));
      EXPECT_EQ(back, msg) << "cfb " << len;
      ASSERT_TRUE(crypt(ctxs().axiom, "magma-ofb", true, key, iv, msg, out, false, split));
      EXPECT_EQ(out, ofb) << "ofb " << len;
      ASSERT_TRUE(crypt(ctxs().axiom, "magma-cbc", true, key, iv, whole, out, false, split));
      EXPECT_EQ(out, cbc) << "cbc " << len;
      ASSERT_TRUE(crypt(ctxs().axiom, "magma-cbc", false, key, iv, out, back, false, split));
      EXPECT_EQ(back, whole) << "cbc " << len;
    }
  }
}

// CTR-ACPKM with the section size of the vector through gostprov's "key-mesh" parameter, set
// after the key and IV as gostprov's own tests do.
bool acpkm(const char* name, bool enc, const axiom::test::VectorCase& v, const Bytes& in,
           Bytes& out, bool split) {
  EVP_CIPHER* c = fetch(ctxs().axiom, name);
  EVP_CIPHER_CTX* x = EVP_CIPHER_CTX_new();
  std::size_t section = std::stoul(v.text("SectionSize"));
  const Bytes key = v.bytes("Key"), iv = v.bytes("IV");
  OSSL_PARAM params[] = {OSSL_PARAM_size_t("key-mesh", &section), OSSL_PARAM_END};
  bool ok = EVP_CipherInit_ex2(x, c, key.data(), iv.data(), enc ? 1 : 0, nullptr) == 1 &&
            EVP_CIPHER_CTX_set_params(x, params) == 1;
  out.assign(in.size(), 0);
  for (std::size_t off = 0; ok && off < in.size();) {
    const std::size_t n = split ? std::min<std::size_t>(in.size() - off, rng()() % 40) : in.size();
    int len = 0;
    ok = EVP_CipherUpdate(x, out.data() + off, &len, in.data() + off, static_cast<int>(n)) == 1 &&
         static_cast<std::size_t>(len) == n;
    off += n;
  }
  EVP_CIPHER_CTX_free(x);
  EVP_CIPHER_free(c);
  return ok;
}

TEST(ProviderCipher, CtrAcpkmVectors) {
  for (const auto& [file, name] :
       {std::pair{"kat/kuznyechik_ctr_acpkm.txt", "kuznyechik-ctr-acpkm"},
        std::pair{"kat/magma_ctr_acpkm.txt", "magma-ctr-acpkm"}}) {
    int n = 0;
    for (const auto& v : load_vectors(file)) {
      if (!v.has("Ciphertext")) continue;
      const Bytes pt = v.bytes("Plaintext"), ct = v.bytes("Ciphertext");
      for (bool split : {false, true}) {
        Bytes out;
        ASSERT_TRUE(acpkm(name, true, v, pt, out, split)) << v.where() << last_error();
        EXPECT_EQ(out, ct) << v.where();
        ASSERT_TRUE(acpkm(name, false, v, ct, out, split)) << v.where() << last_error();
        EXPECT_EQ(out, pt) << v.where();
      }
      ++n;
    }
    EXPECT_GE(n, 2) << file;
  }
}

// "key-mesh": a multiple of the block, before the message's first byte, ACPKM ciphers only.
TEST(ProviderCipher, KeyMeshErrors) {
  const Bytes key = random_bytes(32), iv = random_bytes(4), msg = random_bytes(3000);
  EVP_CIPHER* c = fetch(ctxs().axiom, "magma-ctr-acpkm");
  EVP_CIPHER_CTX* x = EVP_CIPHER_CTX_new();
  std::size_t mesh = 0;
  OSSL_PARAM get[] = {OSSL_PARAM_size_t("key-mesh", &mesh), OSSL_PARAM_END};
  ASSERT_EQ(EVP_EncryptInit_ex2(x, c, key.data(), iv.data(), nullptr), 1);
  ASSERT_EQ(EVP_CIPHER_CTX_get_params(x, get), 1);
  EXPECT_EQ(mesh, 1024u);
  for (std::size_t bad : {0u, 12u}) {
    mesh = bad;
    EXPECT_EQ(EVP_CIPHER_CTX_set_params(x, get), 0) << bad;
    EXPECT_EQ(last_error(), "invalid parameter value");
  }
  // Set before the first byte: the same bytes as with it set before the key.
  mesh = 64;
  ASSERT_EQ(EVP_CIPHER_CTX_set_params(x, get), 1);
  Bytes a(msg.size()), b(msg.size());
  int len = 0;
  ASSERT_EQ(EVP_EncryptUpdate(x, a.data(), &len, msg.data(), 100), 1);
  EXPECT_EQ(EVP_CIPHER_CTX_set_params(x, get), 0);
  EXPECT_EQ(last_error(), "invalid parameter value");
  ASSERT_EQ(EVP_EncryptUpdate(x, a.data() + 100, &len, msg.data() + 100, 2900), 1);
  EVP_CIPHER_CTX* y = EVP_CIPHER_CTX_new();
  ASSERT_EQ(EVP_EncryptInit_ex2(y, c, nullptr, nullptr, get), 1);
  ASSERT_EQ(EVP_EncryptInit_ex2(y, nullptr, key.data(), iv.data(), nullptr), 1);
  ASSERT_EQ(EVP_EncryptUpdate(y, b.data(), &len, msg.data(), 3000), 1);
  EXPECT_EQ(a, b);
  Bytes plain;
  ASSERT_TRUE(crypt(ctxs().axiom, "magma-ctr-acpkm", true, key, iv, msg, plain, false, false));
  EXPECT_NE(a, plain);  // 1024-byte sections differ from 64-byte ones
  EXPECT_EQ(Bytes(a.begin(), a.begin() + 64), Bytes(plain.begin(), plain.begin() + 64));
  EVP_CIPHER_CTX_free(x);
  EVP_CIPHER_CTX_free(y);
  EVP_CIPHER_free(c);
  // A cipher without sections refuses it.
  c = fetch(ctxs().axiom, "magma-ctr");
  x = EVP_CIPHER_CTX_new();
  ASSERT_EQ(EVP_EncryptInit_ex2(x, c, key.data(), iv.data(), nullptr), 1);
  EXPECT_EQ(EVP_CIPHER_CTX_set_params(x, get), 0);
  EXPECT_EQ(last_error(), "invalid parameter value");
  EVP_CIPHER_CTX_free(x);
  EVP_CIPHER_free(c);
}

TEST(ProviderCipher, Sm4Vectors) {
  check_vectors("kat/sm4_ecb.txt", "SM4-ECB", false);
  check_vectors("kat/sm4_cbc.txt", "SM4-CBC", true);
  check_vectors("kat/sm4_ctr.txt", "SM4-CTR", true);
}

// One data unit per update; the tweak order by the "xts_standard" parameter (IEEE by default).
bool xts(bool enc, const axiom::test::VectorCase& v, const Bytes& in, Bytes& out) {
  EVP_CIPHER* c = fetch(ctxs().axiom, "SM4-XTS");
  EVP_CIPHER_CTX* x = EVP_CIPHER_CTX_new();
  const Bytes key = v.bytes("Key"), tweak = v.bytes("Tweak");
  char gb[] = "GB";
  OSSL_PARAM params[] = {OSSL_PARAM_utf8_string("xts_standard", gb, 0), OSSL_PARAM_END};
  if (v.text("Standard") != "gb") params[0] = OSSL_PARAM_construct_end();
  int len = 0;
  out.assign(in.size(), 0);
  const bool ok =
      EVP_CipherInit_ex2(x, c, key.data(), tweak.data(), enc ? 1 : 0, params) == 1 &&
      EVP_CipherUpdate(x, out.data(), &len, in.data(), static_cast<int>(in.size())) == 1 &&
      static_cast<std::size_t>(len) == in.size();
  EVP_CIPHER_CTX_free(x);
  EVP_CIPHER_free(c);
  return ok;
}

TEST(ProviderCipher, Sm4XtsVectorsBothStandards) {
  int n = 0;
  for (const auto& v : load_vectors("kat/sm4_xts.txt")) {
    Bytes out;
    ASSERT_TRUE(xts(true, v, v.bytes("Plaintext"), out)) << v.where() << last_error();
    EXPECT_EQ(out, v.bytes("Ciphertext")) << v.where();
    ASSERT_TRUE(xts(false, v, v.bytes("Ciphertext"), out)) << v.where() << last_error();
    EXPECT_EQ(out, v.bytes("Plaintext")) << v.where();
    ++n;
  }
  EXPECT_EQ(n, 3);
}

// Every mode, lengths 0..1100, padding on (ECB, CBC): the same bytes as the GOST provider,
// one-shot and at random splits, and back.
TEST(ProviderCipher, GostEqualsGostProviderAtEveryLength) {
  if (ctxs().gost == nullptr) GTEST_SKIP() << "gostprov (libengine-gost-openssl) not installed";
  for (const char* name :
       {"kuznyechik-ecb", "kuznyechik-cbc", "kuznyechik-cfb", "kuznyechik-ofb", "kuznyechik-ctr",
        "kuznyechik-ctr-acpkm", "magma-cbc", "magma-ctr", "magma-ctr-acpkm"}) {
    EVP_CIPHER* c = fetch(ctxs().axiom, name);
    const auto ivlen = static_cast<std::size_t>(EVP_CIPHER_get_iv_length(c));
    EVP_CIPHER_free(c);
    const Bytes key = random_bytes(32), iv = random_bytes(ivlen), msg = random_bytes(1100 + 8192);
    for (std::size_t len = 0; len <= 1100; ++len) {
      const Bytes in(msg.begin(), msg.begin() + static_cast<long>(len));
      Bytes ours, theirs, back;
      ASSERT_TRUE(crypt(ctxs().axiom, name, true, key, iv, in, ours, true, len % 2 == 1))
          << name << last_error();
      ASSERT_TRUE(crypt(ctxs().gost, name, true, key, iv, in, theirs, true, false)) << name;
      ASSERT_EQ(ours, theirs) << name << " length " << len;
      ASSERT_TRUE(crypt(ctxs().axiom, name, false, key, iv, ours, back, true, len % 3 == 0))
          << name << last_error();
      ASSERT_EQ(back, in) << name << " length " << len;
    }
    // Past ACPKM's first section changes (4096 or 1024 bytes) at random splits.
    Bytes ours, theirs;
    ASSERT_TRUE(crypt(ctxs().axiom, name, true, key, iv, msg, ours, true, true));
    ASSERT_TRUE(crypt(ctxs().gost, name, true, key, iv, msg, theirs, true, false));
    EXPECT_EQ(ours, theirs) << name;
  }
}

// Copy mid-message, and a new IV under the same key.
TEST(ProviderCipher, CopyAndReinitWithANewIv) {
  for (const char* name :
       {"kuznyechik-cbc", "kuznyechik-ctr", "kuznyechik-ctr-acpkm", "kuznyechik-cfb", "SM4-CBC",
        "magma-cbc", "magma-ofb", "magma-ctr-acpkm"}) {
    EVP_CIPHER* c = fetch(ctxs().axiom, name);
    const auto keylen = static_cast<std::size_t>(EVP_CIPHER_get_key_length(c));
    const auto ivlen = static_cast<std::size_t>(EVP_CIPHER_get_iv_length(c));
    const Bytes key = random_bytes(keylen), iv = random_bytes(ivlen), iv2 = random_bytes(ivlen);
    const Bytes msg = random_bytes(100);
    Bytes whole, whole2;
    ASSERT_TRUE(crypt(ctxs().axiom, name, true, key, iv, msg, whole, true, false));
    ASSERT_TRUE(crypt(ctxs().axiom, name, true, key, iv2, msg, whole2, true, false));
    EVP_CIPHER_CTX* a = EVP_CIPHER_CTX_new();
    EVP_CIPHER_CTX* b = EVP_CIPHER_CTX_new();
    ASSERT_EQ(EVP_EncryptInit_ex2(a, c, key.data(), iv.data(), nullptr), 1);
    Bytes oa(200), ob(200);
    int la = 0, lb = 0, n = 0;
    ASSERT_EQ(EVP_EncryptUpdate(a, oa.data(), &la, msg.data(), 37), 1);
    ASSERT_EQ(EVP_CIPHER_CTX_copy(b, a), 1);
    lb = la;
    std::copy(oa.begin(), oa.begin() + la, ob.begin());
    ASSERT_EQ(EVP_EncryptUpdate(a, oa.data() + la, &n, msg.data() + 37, 63), 1);
    la += n;
    ASSERT_EQ(EVP_EncryptFinal_ex(a, oa.data() + la, &n), 1);
    la += n;
    ASSERT_EQ(EVP_EncryptUpdate(b, ob.data() + lb, &n, msg.data() + 37, 63), 1);
    lb += n;
    ASSERT_EQ(EVP_EncryptFinal_ex(b, ob.data() + lb, &n), 1);
    lb += n;
    EXPECT_EQ(Bytes(oa.begin(), oa.begin() + la), whole) << name;
    EXPECT_EQ(Bytes(ob.begin(), ob.begin() + lb), whole) << name;
    // The same context, a new IV only.
    ASSERT_EQ(EVP_EncryptInit_ex2(a, nullptr, nullptr, iv2.data(), nullptr), 1);
    ASSERT_EQ(EVP_EncryptUpdate(a, oa.data(), &la, msg.data(), 100), 1);
    ASSERT_EQ(EVP_EncryptFinal_ex(a, oa.data() + la, &n), 1);
    EXPECT_EQ(Bytes(oa.begin(), oa.begin() + la + n), whole2) << name;
    EVP_CIPHER_CTX_free(a);
    EVP_CIPHER_CTX_free(b);
    EVP_CIPHER_free(c);
  }
}

TEST(ProviderCipher, ParamsOfEveryCipher) {
  struct Want {
    const char* name;
    int key, iv, block;
  };
  for (const Want w : {Want{"kuznyechik-ecb", 32, 0, 16},
                       Want{"kuznyechik-cbc", 32, 16, 16},
                       Want{"kuznyechik-cfb", 32, 16, 1},
                       Want{"kuznyechik-ofb", 32, 16, 1},
                       Want{"kuznyechik-ctr", 32, 8, 1},
                       Want{"kuznyechik-ctr-acpkm", 32, 8, 1},
                       Want{"1.2.643.7.1.1.5.2.1", 32, 8, 1},
                       Want{"kuznyechik-mgm", 32, 16, 1},
                       Want{"magma-mgm", 32, 8, 1},
                       Want{"kuznyechik-ctr-acpkm-omac", 32, 8, 1},
                       Want{"1.2.643.7.1.1.5.2.2", 32, 8, 1},
                       Want{"magma-ctr-acpkm-omac", 32, 4, 1},
                       Want{"1.2.643.7.1.1.5.1.2", 32, 4, 1},
                       Want{"magma-ecb", 32, 0, 8},
                       Want{"magma-cbc", 32, 8, 8},
                       Want{"magma-cfb", 32, 8, 1},
                       Want{"magma-ofb", 32, 8, 1},
                       Want{"magma-ctr", 32, 4, 1},
                       Want{"magma-ctr-acpkm", 32, 4, 1},
                       Want{"1.2.643.7.1.1.5.1.1", 32, 4, 1},
                       Want{"SM4-ECB", 16, 0, 16},
                       Want{"SM4-CBC", 16, 16, 16},
                       Want{"SM4-CTR", 16, 16, 1},
                       Want{"SM4-CFB", 16, 16, 1},
                       Want{"SM4-OFB", 16, 16, 1},
                       Want{"SM4-XTS", 32, 16, 1},
                       Want{"SM4-GCM", 16, 12, 1},
                       Want{"SM4-CCM", 16, 12, 1}}) {
    EVP_CIPHER* c = fetch(ctxs().axiom, w.name);
    ASSERT_NE(c, nullptr) << w.name;
    EXPECT_EQ(EVP_CIPHER_get_key_length(c), w.key) << w.name;
    EXPECT_EQ(EVP_CIPHER_get_iv_length(c), w.iv) << w.name;
    EXPECT_EQ(EVP_CIPHER_get_block_size(c), w.block) << w.name;
    const bool aead = std::string(w.name).find("GCM") != std::string::npos ||
                      std::string(w.name).find("CCM") != std::string::npos ||
                      std::string(w.name).find("mgm") != std::string::npos ||
                      std::string(w.name).find("omac") != std::string::npos ||
                      std::string(w.name).ends_with(".2");
    EXPECT_EQ((EVP_CIPHER_get_flags(c) & EVP_CIPH_FLAG_AEAD_CIPHER) != 0, aead) << w.name;
    EVP_CIPHER_free(c);
  }
}

// Every misuse: an error with a reason, never a crash.
TEST(ProviderCipher, ErrorPaths) {
  EVP_CIPHER* c = fetch(ctxs().axiom, "kuznyechik-cbc");
  EVP_CIPHER_CTX* x = EVP_CIPHER_CTX_new();
  const Bytes key = random_bytes(32), iv = random_bytes(16), msg = random_bytes(40);
  Bytes out(100);
  int len = 0;
  // Init without key or IV, then update.
  ASSERT_EQ(EVP_EncryptInit_ex2(x, c, nullptr, nullptr, nullptr), 1);
  EXPECT_EQ(EVP_EncryptUpdate(x, out.data(), &len, msg.data(), 16), 0);
  EXPECT_EQ(last_error(), "no key set");
  ASSERT_EQ(EVP_EncryptInit_ex2(x, nullptr, key.data(), nullptr, nullptr), 1);
  EXPECT_EQ(EVP_EncryptUpdate(x, out.data(), &len, msg.data(), 16), 0);
  EXPECT_EQ(last_error(), "no IV set");
  EXPECT_EQ(EVP_EncryptFinal_ex(x, out.data(), &len), 0);
  EXPECT_EQ(last_error(), "no IV set");
  ASSERT_EQ(EVP_EncryptInit_ex2(x, nullptr, nullptr, iv.data(), nullptr), 1);
  EXPECT_EQ(EVP_EncryptUpdate(x, out.data(), &len, msg.data(), 16), 1);
  // Padding off and a partial block.
  EXPECT_EQ(EVP_CIPHER_CTX_set_padding(x, 0), 1);
  EXPECT_EQ(EVP_EncryptUpdate(x, out.data(), &len, msg.data(), 5), 1);
  EXPECT_EQ(EVP_EncryptFinal_ex(x, out.data(), &len), 0);
  EXPECT_EQ(last_error(), "data not a multiple of the block length (padding off)");
  // A wrong key length through the key-length parameter.
  EXPECT_EQ(EVP_CIPHER_CTX_set_key_length(x, 16), 0);
  EXPECT_EQ(last_error(), "invalid key length");
  // Bad padding on decryption: random ciphertext.
  ASSERT_EQ(EVP_DecryptInit_ex2(x, c, key.data(), iv.data(), nullptr), 1);
  ASSERT_EQ(EVP_CIPHER_CTX_set_padding(x, 1), 1);
  ASSERT_EQ(EVP_DecryptUpdate(x, out.data(), &len, msg.data(), 32), 1);
  int bad = 0;
  for (int i = 0; i < 4 && bad == 0; ++i) {  // 1 chance in ~256 that random padding is valid
    if (EVP_DecryptFinal_ex(x, out.data(), &len) == 0) bad = 1;
    ASSERT_EQ(EVP_DecryptInit_ex2(x, nullptr, nullptr, iv.data(), nullptr), 1);
    const Bytes r = random_bytes(32);
    ASSERT_EQ(EVP_DecryptUpdate(x, out.data(), &len, r.data(), 32), 1);
  }
  EXPECT_EQ(bad, 1);
  EXPECT_EQ(last_error(), "bad decrypt: invalid padding");
  // Decrypting a truncated message.
  ASSERT_EQ(EVP_DecryptInit_ex2(x, nullptr, nullptr, iv.data(), nullptr), 1);
  ASSERT_EQ(EVP_DecryptUpdate(x, out.data(), &len, msg.data(), 20), 1);
  EXPECT_EQ(EVP_DecryptFinal_ex(x, out.data(), &len), 0);
  EXPECT_EQ(last_error(), "data not a multiple of the block length (padding off)");
  EVP_CIPHER_CTX_free(x);
  EVP_CIPHER_free(c);

  // XTS: equal key halves, and a unit shorter than a block.
  c = fetch(ctxs().axiom, "SM4-XTS");
  x = EVP_CIPHER_CTX_new();
  Bytes xkey(32, 7);
  EXPECT_EQ(EVP_EncryptInit_ex2(x, c, xkey.data(), iv.data(), nullptr), 0);
  EXPECT_EQ(last_error(), "invalid parameter value");
  xkey[0] = 8;
  ASSERT_EQ(EVP_EncryptInit_ex2(x, c, xkey.data(), iv.data(), nullptr), 1);
  EXPECT_EQ(EVP_EncryptUpdate(x, out.data(), &len, msg.data(), 15), 0);
  EXPECT_EQ(last_error(), "data not a multiple of the block length (padding off)");
  char bad_standard[] = "ISO";
  OSSL_PARAM params[] = {OSSL_PARAM_utf8_string("xts_standard", bad_standard, 0), OSSL_PARAM_END};
  EXPECT_EQ(EVP_CIPHER_CTX_set_params(x, params), 0);
  EXPECT_EQ(last_error(), "invalid parameter value");
  EVP_CIPHER_CTX_free(x);
  EVP_CIPHER_free(c);
}

// ---- AEADs ----

struct AeadCase {
  Bytes key, nonce, aad, pt, ct, tag;
};

bool is_ccm(const char* name) { return std::string(name) == "SM4-CCM"; }

// feed runs in through EVP_CipherUpdate into out: at random splits, or in one update for CCM
// (its length comes first); out == NULL for AAD.
bool feed(EVP_CIPHER_CTX* x, const char* name, std::uint8_t* out, const Bytes& in) {
  int len = 0;
  for (std::size_t off = 0; off < in.size();) {
    const std::size_t n = out != nullptr && is_ccm(name)
                              ? in.size()
                              : std::min<std::size_t>(in.size() - off, rng()() % 40);
    if (EVP_CipherUpdate(x, out == nullptr ? nullptr : out + off, &len, in.data() + off,
                         static_cast<int>(n)) != 1 ||
        len != static_cast<int>(out == nullptr ? 0 : n))
      return false;
    off += n;
  }
  return true;
}

// seal: AAD and text in pieces, final, then the tag; returns the ciphertext and tag.
bool seal(const char* name, const AeadCase& k, Bytes& ct, Bytes& tag) {
  EVP_CIPHER* c = fetch(ctxs().axiom, name);
  EVP_CIPHER_CTX* x = EVP_CIPHER_CTX_new();
  bool ok =
      EVP_EncryptInit_ex2(x, c, nullptr, nullptr, nullptr) == 1 &&
      EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, static_cast<int>(k.nonce.size()), nullptr) ==
          1 &&
      EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, static_cast<int>(tag.size()), nullptr) == 1 &&
      EVP_EncryptInit_ex2(x, nullptr, k.key.data(), k.nonce.data(), nullptr) == 1;
  ct.assign(k.pt.size(), 0);
  ok = ok && feed(x, name, nullptr, k.aad) && feed(x, name, ct.data(), k.pt);
  int len = 0;
  ok = ok && EVP_EncryptFinal_ex(x, nullptr, &len) == 1 && len == 0;
  ok = ok &&
       EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, static_cast<int>(tag.size()), tag.data()) == 1;
  EVP_CIPHER_CTX_free(x);
  EVP_CIPHER_free(c);
  return ok;
}

// open: AAD and text in pieces, the expected tag before final (CCM: before the text); out
// holds what the updates released (CCM: all zero when the tag is wrong).
bool open(const char* name, const AeadCase& k, const Bytes& tag, Bytes& out) {
  EVP_CIPHER* c = fetch(ctxs().axiom, name);
  EVP_CIPHER_CTX* x = EVP_CIPHER_CTX_new();
  Bytes t = tag;
  const auto set_tag = [&] {
    return EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, static_cast<int>(t.size()), t.data()) == 1;
  };
  bool ok = EVP_DecryptInit_ex2(x, c, nullptr, nullptr, nullptr) == 1 &&
            EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, static_cast<int>(k.nonce.size()),
                                nullptr) == 1 &&
            EVP_DecryptInit_ex2(x, nullptr, k.key.data(), k.nonce.data(), nullptr) == 1;
  ok = ok && (!is_ccm(name) || set_tag());
  out.assign(k.ct.size(), 0xee);
  ok = ok && feed(x, name, nullptr, k.aad) && feed(x, name, out.data(), k.ct);
  ok = ok && (is_ccm(name) || set_tag());
  int len = 0;
  ok = ok && EVP_DecryptFinal_ex(x, nullptr, &len) == 1;
  EVP_CIPHER_CTX_free(x);
  EVP_CIPHER_free(c);
  return ok;
}

void check_aead(const char* file, const char* name, const char* nonce_field) {
  int n = 0;
  for (const auto& v : load_vectors(file)) {
    AeadCase k{v.bytes("Key"),       v.bytes(nonce_field),  v.bytes("AAD"),
               v.bytes("Plaintext"), v.bytes("Ciphertext"), v.bytes("Tag")};
    Bytes ct, tag(k.tag.size());
    ASSERT_TRUE(seal(name, k, ct, tag)) << v.where() << last_error();
    EXPECT_EQ(ct, k.ct) << v.where();
    EXPECT_EQ(tag, k.tag) << v.where();
    Bytes pt;
    ASSERT_TRUE(open(name, k, k.tag, pt)) << v.where() << last_error();
    EXPECT_EQ(pt, k.pt) << v.where();
    // Any tag bit changed: final (CCM: the text's update) fails with "authentication failed";
    // CCM releases nothing.
    Bytes bad = k.tag;
    bad[rng()() % bad.size()] ^= static_cast<std::uint8_t>(1u << (rng()() % 8));
    EXPECT_FALSE(open(name, k, bad, pt)) << v.where();
    EXPECT_EQ(last_error(), "authentication failed: the tag does not match");
    if (is_ccm(name)) {
      EXPECT_EQ(pt, Bytes(k.ct.size(), k.ct.empty() ? 0xee : 0)) << v.where();
    }
    ++n;
  }
  EXPECT_GT(n, 0) << file;
}

TEST(ProviderAead, Vectors) {
  check_aead("kat/mgm_kuznyechik.txt", "kuznyechik-mgm", "Nonce");
  check_aead("kat/mgm_magma.txt", "magma-mgm", "Nonce");
  check_aead("kat/sm4_gcm.txt", "SM4-GCM", "IV");
  check_aead("kat/sm4_ccm.txt", "SM4-CCM", "Nonce");
}

// Messages of awkward lengths at random splits equal the library's one-shot seal, and open.
template <class A>
void check_against_library(const char* name) {
  for (std::size_t n : {0u, 1u, 7u, 8u, 15u, 16u, 17u, 31u, 64u, 65u, 200u, 1000u, 4097u}) {
    AeadCase k{random_bytes(A::key_size),
               random_bytes(A::nonce_size),
               random_bytes(n % 37),
               random_bytes(n),
               {},
               {}};
    k.nonce[0] &= 0x7f;
    Bytes want(n + A::tag_size);
    ASSERT_TRUE(A(std::span<const std::uint8_t, A::key_size>(k.key.data(), A::key_size))
                    .seal(want, k.nonce, k.aad, k.pt)
                    .ok());
    Bytes ct, tag(A::tag_size);
    ASSERT_TRUE(seal(name, k, ct, tag)) << name << " " << n << last_error();
    ct.insert(ct.end(), tag.begin(), tag.end());
    EXPECT_EQ(ct, want) << name << " " << n;
    k.ct.assign(want.begin(), want.begin() + static_cast<long>(n));
    Bytes pt;
    ASSERT_TRUE(open(name, k, tag, pt)) << name << " " << n << last_error();
    EXPECT_EQ(pt, k.pt) << name << " " << n;
  }
}

TEST(ProviderAead, RandomSplitsEqualTheLibrary) {
  check_against_library<axiom::KuznyechikMgm>("kuznyechik-mgm");
  check_against_library<axiom::MagmaMgm>("magma-mgm");
  check_against_library<axiom::Sm4Gcm>("SM4-GCM");
}

TEST(ProviderAead, ErrorPaths) {
  const AeadCase k{random_bytes(32), random_bytes(16), random_bytes(5), random_bytes(40), {}, {}};
  AeadCase m = k;
  m.nonce[0] &= 0x7f;
  EVP_CIPHER* c = fetch(ctxs().axiom, "kuznyechik-mgm");
  EVP_CIPHER_CTX* x = EVP_CIPHER_CTX_new();
  Bytes out(100), tag(16);
  int len = 0;
  // No key, no nonce.
  ASSERT_EQ(EVP_EncryptInit_ex2(x, c, nullptr, nullptr, nullptr), 1);
  EXPECT_EQ(EVP_EncryptUpdate(x, out.data(), &len, m.pt.data(), 40), 0);
  EXPECT_EQ(last_error(), "no key set");
  ASSERT_EQ(EVP_EncryptInit_ex2(x, nullptr, m.key.data(), nullptr, nullptr), 1);
  EXPECT_EQ(EVP_EncryptUpdate(x, out.data(), &len, m.pt.data(), 40), 0);
  EXPECT_EQ(last_error(), "no IV set");
  // A nonce length MGM does not take, a tag length it does not make.
  EXPECT_EQ(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, 12, nullptr), 0);
  EXPECT_EQ(last_error(), "invalid IV length");
  EXPECT_EQ(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 17, nullptr), 0);
  ERR_clear_error();
  EXPECT_EQ(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 3, nullptr), 0);
  EXPECT_EQ(last_error(), "invalid tag length");
  // The tag before the message is sealed.
  ASSERT_EQ(EVP_EncryptInit_ex2(x, nullptr, nullptr, m.nonce.data(), nullptr), 1);
  EXPECT_EQ(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag.data()), 0);
  EXPECT_EQ(last_error(), "no tag yet: the message has not been encrypted");
  // A nonce with its first bit set.
  Bytes top = m.nonce;
  top[0] |= 0x80;
  ASSERT_EQ(EVP_EncryptInit_ex2(x, nullptr, nullptr, top.data(), nullptr), 1);
  EXPECT_EQ(EVP_EncryptUpdate(x, out.data(), &len, m.pt.data(), 40), 0);
  EXPECT_EQ(last_error(), "invalid IV length");
  // The message in two updates, then more after final, AAD after text.
  ASSERT_EQ(EVP_EncryptInit_ex2(x, nullptr, nullptr, m.nonce.data(), nullptr), 1);
  EXPECT_EQ(EVP_EncryptUpdate(x, out.data(), &len, m.pt.data(), 20), 1);
  EXPECT_EQ(EVP_EncryptUpdate(x, nullptr, &len, m.aad.data(), 5), 0);
  EXPECT_EQ(last_error(),
            "the AEAD message is finished (CCM's text goes in one update): set a new IV for the "
            "next");
  EXPECT_EQ(EVP_EncryptUpdate(x, out.data() + 20, &len, m.pt.data() + 20, 20), 1);
  EXPECT_EQ(EVP_EncryptFinal_ex(x, out.data(), &len), 1);
  EXPECT_EQ(EVP_EncryptUpdate(x, out.data(), &len, m.pt.data(), 20), 0);
  ERR_clear_error();
  EXPECT_EQ(EVP_EncryptFinal_ex(x, out.data(), &len), 0);
  ERR_clear_error();
  // Decryption without the expected tag: the text goes through, final fails.
  ASSERT_EQ(EVP_DecryptInit_ex2(x, nullptr, nullptr, m.nonce.data(), nullptr), 1);
  EXPECT_EQ(EVP_DecryptUpdate(x, out.data(), &len, m.pt.data(), 40), 1);
  EXPECT_EQ(EVP_DecryptFinal_ex(x, out.data(), &len), 0);
  EXPECT_EQ(last_error(),
            "set the expected tag (EVP_CTRL_AEAD_SET_TAG) before final (CCM: before "
            "the text)");
  // Encryption takes no tag.
  ASSERT_EQ(EVP_EncryptInit_ex2(x, nullptr, nullptr, m.nonce.data(), nullptr), 1);
  EXPECT_EQ(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 16, tag.data()), 0);
  EXPECT_EQ(last_error(), "invalid parameter value");
  // A wrong key length.
  EXPECT_EQ(EVP_EncryptInit_ex2(x, nullptr, nullptr, nullptr, nullptr), 1);
  EXPECT_EQ(EVP_CIPHER_CTX_set_key_length(x, 16), 0);
  EXPECT_EQ(last_error(), "invalid key length");
  EVP_CIPHER_CTX_free(x);
  EVP_CIPHER_free(c);
}

// CCM's tag length is chosen before the message (it is in CCM's first block): a shorter tag is
// computed, not cut from the longer one, and asking for another length is an error.
TEST(ProviderAead, CcmTagLengths) {
  const AeadCase k{random_bytes(16), random_bytes(12), random_bytes(7), random_bytes(33), {}, {}};
  Bytes ct16, tag16(16), ct8, tag8(8);
  ASSERT_TRUE(seal("SM4-CCM", k, ct16, tag16)) << last_error();
  ASSERT_TRUE(seal("SM4-CCM", k, ct8, tag8)) << last_error();
  EXPECT_EQ(ct8, ct16);
  EXPECT_NE(tag8, Bytes(tag16.begin(), tag16.begin() + 8));
  AeadCase opened = k;
  opened.ct = ct8;
  Bytes pt;
  ASSERT_TRUE(open("SM4-CCM", opened, tag8, pt)) << last_error();
  EXPECT_EQ(pt, k.pt);
  // After a 16-byte-tag message, 8 bytes of it are refused.
  EVP_CIPHER* c = fetch(ctxs().axiom, "SM4-CCM");
  EVP_CIPHER_CTX* x = EVP_CIPHER_CTX_new();
  int len = 0;
  ASSERT_EQ(EVP_EncryptInit_ex2(x, c, k.key.data(), k.nonce.data(), nullptr), 1);
  ASSERT_EQ(EVP_EncryptUpdate(x, ct16.data(), &len, k.pt.data(), static_cast<int>(k.pt.size())), 1);
  ASSERT_EQ(EVP_EncryptFinal_ex(x, nullptr, &len), 1);
  EXPECT_EQ(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 8, tag8.data()), 0);
  EXPECT_EQ(last_error(), "invalid tag length");
  EXPECT_EQ(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag16.data()), 1);
  EVP_CIPHER_CTX_free(x);
  EVP_CIPHER_free(c);
  // A length CCM does not have.
  Bytes odd(5);
  EXPECT_FALSE(seal("SM4-CCM", k, ct8, odd));
  EXPECT_EQ(last_error(), "invalid tag length");
}

// A copied AEAD context carries the key, nonce, AAD and text so far: both go on alone (the
// original freed first), for AAD and text cut anywhere.
void check_copy(const char* name, std::size_t key_size, std::size_t nonce_size,
                std::size_t tag_size) {
  AeadCase k{
      random_bytes(key_size), random_bytes(nonce_size), random_bytes(30), random_bytes(50), {}, {}};
  k.nonce[0] &= 0x7f;
  Bytes want_ct, want_tag(tag_size);
  ASSERT_TRUE(seal(name, k, want_ct, want_tag)) << name;
  EVP_CIPHER* c = fetch(ctxs().axiom, name);
  for (std::size_t cut : {5u, 17u, 30u, 33u, 47u}) {  // in the AAD, or after 3, 17 bytes of text
    EVP_CIPHER_CTX* a = EVP_CIPHER_CTX_new();
    EVP_CIPHER_CTX* b = EVP_CIPHER_CTX_new();
    int len = 0;
    Bytes ct_a(50), ct_b(50), tag_a(tag_size), tag_b(tag_size);
    const std::size_t aad_first = std::min<std::size_t>(cut, 30), text_first = cut - aad_first;
    ASSERT_EQ(EVP_EncryptInit_ex2(a, c, k.key.data(), k.nonce.data(), nullptr), 1);
    ASSERT_EQ(EVP_EncryptUpdate(a, nullptr, &len, k.aad.data(), static_cast<int>(aad_first)), 1);
    if (text_first == 0) {
      ASSERT_EQ(EVP_EncryptUpdate(a, nullptr, &len, k.aad.data() + aad_first,
                                  static_cast<int>(30 - aad_first)),
                1);
    }
    ASSERT_EQ(
        EVP_EncryptUpdate(a, ct_a.data(), &len, k.pt.data(), static_cast<int>(text_first + 3)), 1);
    ASSERT_EQ(EVP_CIPHER_CTX_copy(b, a), 1);
    ct_b = ct_a;
    for (EVP_CIPHER_CTX* x : {a, b}) {
      Bytes& ct = x == a ? ct_a : ct_b;
      Bytes& tag = x == a ? tag_a : tag_b;
      ASSERT_EQ(EVP_EncryptUpdate(x, ct.data() + text_first + 3, &len, k.pt.data() + text_first + 3,
                                  static_cast<int>(50 - text_first - 3)),
                1);
      ASSERT_EQ(EVP_EncryptFinal_ex(x, nullptr, &len), 1);
      ASSERT_EQ(
          EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, static_cast<int>(tag_size), tag.data()), 1);
      if (x == a) EVP_CIPHER_CTX_free(a);
    }
    EXPECT_EQ(ct_a, want_ct) << name << " cut " << cut;
    EXPECT_EQ(tag_a, want_tag) << name << " cut " << cut;
    EXPECT_EQ(ct_b, want_ct) << name << " cut " << cut;
    EXPECT_EQ(tag_b, want_tag) << name << " cut " << cut;
    EVP_CIPHER_CTX_free(b);
  }
  EVP_CIPHER_free(c);
}

TEST(ProviderAead, CopyMidMessage) {
  check_copy("kuznyechik-mgm", 32, 16, 16);
  check_copy("magma-mgm", 32, 8, 8);
  check_copy("SM4-GCM", 16, 12, 16);
}

// A new IV alone (EVP_*Init with only an IV) starts a new message under the same key, also
// after a message that failed to open or was left unfinished.
TEST(ProviderAead, NewIvStartsANewMessage) {
  for (const char* name : {"kuznyechik-mgm", "SM4-GCM", "SM4-CCM"}) {
    const std::size_t key_size = std::string(name) == "SM4-GCM" || is_ccm(name) ? 16 : 32;
    AeadCase k{random_bytes(key_size),
               random_bytes(std::string(name) == "kuznyechik-mgm" ? 16 : 12),
               random_bytes(9),
               random_bytes(40),
               {},
               {}};
    k.nonce[0] &= 0x7f;
    AeadCase k2 = k;
    k2.nonce[1] ^= 1;
    Bytes ct1, tag1(16), ct2, tag2(16);
    ASSERT_TRUE(seal(name, k, ct1, tag1));
    ASSERT_TRUE(seal(name, k2, ct2, tag2));
    EVP_CIPHER* c = fetch(ctxs().axiom, name);
    EVP_CIPHER_CTX* x = EVP_CIPHER_CTX_new();
    Bytes out(40), tag(16);
    int len = 0;
    ASSERT_EQ(EVP_EncryptInit_ex2(x, c, k.key.data(), k.nonce.data(), nullptr), 1);
    ASSERT_EQ(EVP_EncryptUpdate(x, out.data(), &len, k.pt.data(), 40), 1);  // left unfinished
    for (const AeadCase* m : {&k2, &k}) {
      ASSERT_EQ(EVP_EncryptInit_ex2(x, nullptr, nullptr, m->nonce.data(), nullptr), 1);
      ASSERT_EQ(EVP_EncryptUpdate(x, nullptr, &len, m->aad.data(), 9), 1);
      ASSERT_EQ(EVP_EncryptUpdate(x, out.data(), &len, m->pt.data(), 40), 1);
      ASSERT_EQ(EVP_EncryptFinal_ex(x, nullptr, &len), 1);
      ASSERT_EQ(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag.data()), 1);
      EXPECT_EQ(out, m == &k ? ct1 : ct2) << name;
      EXPECT_EQ(tag, m == &k ? tag1 : tag2) << name;
    }
    // Decryption: a wrong tag, then the right one under a new IV.
    Bytes bad = tag1;
    bad[0] ^= 1;
    for (const Bytes* t : {&bad, &tag1}) {
      ASSERT_EQ(EVP_DecryptInit_ex2(x, nullptr, nullptr, k.nonce.data(), nullptr), 1);
      ASSERT_EQ(
          EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 16, const_cast<std::uint8_t*>(t->data())),
          1);
      ASSERT_EQ(EVP_DecryptUpdate(x, nullptr, &len, k.aad.data(), 9), 1);
      const bool text_ok = EVP_DecryptUpdate(x, out.data(), &len, ct1.data(), 40) == 1;
      const bool ok = text_ok && EVP_DecryptFinal_ex(x, nullptr, &len) == 1;
      EXPECT_EQ(ok, t == &tag1) << name;
      EXPECT_EQ(text_ok, t == &tag1 || !is_ccm(name)) << name;
      ERR_clear_error();
    }
    EXPECT_EQ(out, k.pt) << name;
    EVP_CIPHER_CTX_free(x);
    EVP_CIPHER_free(c);
  }
}

// OpenSSL's CCM form: the text's length first, then AAD, then the text in one update.
TEST(ProviderAead, CcmLengthFirst) {
  const AeadCase k{random_bytes(16), random_bytes(12), random_bytes(7), random_bytes(33), {}, {}};
  Bytes want_ct, want_tag(16);
  ASSERT_TRUE(seal("SM4-CCM", k, want_ct, want_tag));
  EVP_CIPHER* c = fetch(ctxs().axiom, "SM4-CCM");
  EVP_CIPHER_CTX* x = EVP_CIPHER_CTX_new();
  Bytes ct(33), tag(16);
  int len = 0;
  ASSERT_EQ(EVP_EncryptInit_ex2(x, c, k.key.data(), k.nonce.data(), nullptr), 1);
  ASSERT_EQ(EVP_EncryptUpdate(x, nullptr, &len, nullptr, 33), 1);
  ASSERT_EQ(EVP_EncryptUpdate(x, nullptr, &len, k.aad.data(), 7), 1);
  ASSERT_EQ(EVP_EncryptUpdate(x, ct.data(), &len, k.pt.data(), 33), 1);
  ASSERT_EQ(EVP_EncryptFinal_ex(x, nullptr, &len), 1);
  ASSERT_EQ(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag.data()), 1);
  EXPECT_EQ(ct, want_ct);
  EXPECT_EQ(tag, want_tag);
  // Text of another length than announced; a second text update.
  ASSERT_EQ(EVP_EncryptInit_ex2(x, nullptr, nullptr, k.nonce.data(), nullptr), 1);
  ASSERT_EQ(EVP_EncryptUpdate(x, nullptr, &len, nullptr, 33), 1);
  EXPECT_EQ(EVP_EncryptUpdate(x, ct.data(), &len, k.pt.data(), 32), 0);
  EXPECT_EQ(last_error(), "invalid parameter value");
  ASSERT_EQ(EVP_EncryptInit_ex2(x, nullptr, nullptr, k.nonce.data(), nullptr), 1);
  ASSERT_EQ(EVP_EncryptUpdate(x, ct.data(), &len, k.pt.data(), 20), 1);
  EXPECT_EQ(EVP_EncryptUpdate(x, ct.data(), &len, k.pt.data() + 20, 13), 0);
  EXPECT_EQ(last_error(),
            "the AEAD message is finished (CCM's text goes in one update): set a new IV for the "
            "next");
  EVP_CIPHER_CTX_free(x);
  EVP_CIPHER_free(c);
}

// ---- CTR-ACPKM-OMAC (the GOST engine's CMS ciphers; evp_engine_test.cpp checks it both ways) --

// ukm_params: the DER of its ASN.1 parameters, SEQUENCE { OCTET STRING IV | seed }.
Bytes ukm_params(const Bytes& iv, const Bytes& seed) {
  Bytes der(4 + iv.size() + seed.size());
  der[0] = 0x30, der[1] = static_cast<std::uint8_t>(der.size() - 2);
  der[2] = 0x04, der[3] = static_cast<std::uint8_t>(der.size() - 4);
  std::copy(iv.begin(), iv.end(), der.begin() + 4);
  std::copy(seed.begin(), seed.end(), der.begin() + 4 + static_cast<long>(iv.size()));
  return der;
}

bool set_alg_params(EVP_CIPHER_CTX* x, Bytes der) {
  OSSL_PARAM p[] = {
      OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_ALGORITHM_ID_PARAMS, der.data(), der.size()),
      OSSL_PARAM_END};
  return EVP_CIPHER_CTX_set_params(x, p) == 1;
}

Bytes get_alg_params(EVP_CIPHER_CTX* x) {
  Bytes der(64);
  OSSL_PARAM p[] = {
      OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_ALGORITHM_ID_PARAMS, der.data(), der.size()),
      OSSL_PARAM_END};
  der.resize(EVP_CIPHER_CTX_get_params(x, p) == 1 ? p[0].return_size : 0);
  return der;
}

// omac_seal: key and IV, then the given parameters (a chosen seed), the text and the tag.
bool omac_seal(const char* name, const Bytes& key, const Bytes& iv, const Bytes& params,
               const Bytes& pt, Bytes& ct, Bytes& tag) {
  EVP_CIPHER* c = fetch(ctxs().axiom, name);
  EVP_CIPHER_CTX* x = EVP_CIPHER_CTX_new();
  int len = 0;
  ct.assign(pt.size(), 0);
  bool ok =
      EVP_EncryptInit_ex2(x, c, key.data(), iv.data(), nullptr) == 1 &&
      (params.empty() || set_alg_params(x, params)) && feed(x, name, ct.data(), pt) &&
      EVP_EncryptFinal_ex(x, nullptr, &len) == 1 &&
      EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, static_cast<int>(tag.size()), tag.data()) == 1;
  EVP_CIPHER_CTX_free(x);
  EVP_CIPHER_free(c);
  return ok;
}

// omac_open: the parameters first (CMS's order), then the key, the tag, the text, final.
bool omac_open(const char* name, const Bytes& key, const Bytes& params, const Bytes& ct, Bytes tag,
               Bytes& pt) {
  EVP_CIPHER* c = fetch(ctxs().axiom, name);
  EVP_CIPHER_CTX* x = EVP_CIPHER_CTX_new();
  int len = 0;
  pt.assign(ct.size(), 0);
  bool ok =
      EVP_DecryptInit_ex2(x, c, nullptr, nullptr, nullptr) == 1 && set_alg_params(x, params) &&
      EVP_DecryptInit_ex2(x, nullptr, key.data(), nullptr, nullptr) == 1 &&
      EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, static_cast<int>(tag.size()), tag.data()) ==
          1 &&
      feed(x, name, pt.data(), ct) && EVP_DecryptFinal_ex(x, nullptr, &len) == 1;
  EVP_CIPHER_CTX_free(x);
  EVP_CIPHER_free(c);
  return ok;
}

TEST(ProviderAead, CtrAcpkmOmacVectors) {
  int n = 0;
  for (const auto& v : load_vectors("kat/ctr_acpkm_omac.txt")) {
    const char* name = v.text("Cipher").c_str();
    const Bytes key = v.bytes("Key"), iv = v.bytes("IV"), pt = v.bytes("Plaintext");
    const Bytes params = ukm_params(iv, v.bytes("Seed")), want_tag = v.bytes("Tag");
    Bytes ct, tag(want_tag.size()), back;
    ASSERT_TRUE(omac_seal(name, key, iv, params, pt, ct, tag)) << v.where() << last_error();
    EXPECT_EQ(ct, v.bytes("Ciphertext")) << v.where();
    EXPECT_EQ(tag, want_tag) << v.where();
    ASSERT_TRUE(omac_open(name, key, params, ct, tag, back)) << v.where() << last_error();
    EXPECT_EQ(back, pt) << v.where();
    tag[rng()() % tag.size()] ^= static_cast<std::uint8_t>(1u << (rng()() % 8));
    EXPECT_FALSE(omac_open(name, key, params, ct, tag, back)) << v.where();
    EXPECT_EQ(last_error(), "authentication failed: the tag does not match");
    ++n;
  }
  EXPECT_EQ(n, 6);
}

// A random seed for every encryption, readable with the IV in the parameters; what they say
// opens the message, in a fresh context or a copy made mid-message.
TEST(ProviderAead, CtrAcpkmOmacSeedAndCopy) {
  for (const auto& [name, iv_size, tag_size] :
       {std::tuple{"kuznyechik-ctr-acpkm-omac", 8u, 16u}, {"magma-ctr-acpkm-omac", 4u, 8u}}) {
    const Bytes key = random_bytes(32), iv = random_bytes(iv_size), pt = random_bytes(3000);
    EVP_CIPHER* c = fetch(ctxs().axiom, name);
    Bytes seen[2], ct[2];
    for (int i = 0; i < 2; ++i) {
      EVP_CIPHER_CTX* x = EVP_CIPHER_CTX_new();
      ASSERT_EQ(EVP_EncryptInit_ex2(x, c, key.data(), iv.data(), nullptr), 1) << name;
      seen[i] = get_alg_params(x);
      ASSERT_EQ(seen[i].size(), 4 + iv_size + 8) << name;
      EXPECT_EQ(seen[i], ukm_params(iv, Bytes(seen[i].end() - 8, seen[i].end()))) << name;
      // Part of the text, then a copy finishes the message: both give the same.
      const Bytes head(pt.begin(), pt.begin() + 1234), tail(pt.begin() + 1234, pt.end());
      Bytes out[2] = {Bytes(pt.size()), Bytes(pt.size())},
            tag[2] = {Bytes(tag_size), Bytes(tag_size)};
      ASSERT_TRUE(feed(x, name, out[0].data(), head)) << name;
      out[1] = out[0];
      EVP_CIPHER_CTX* y = EVP_CIPHER_CTX_new();
      ASSERT_EQ(EVP_CIPHER_CTX_copy(y, x), 1) << name;
      EXPECT_EQ(get_alg_params(y), seen[i]) << name;
      EVP_CIPHER_CTX* both[2] = {x, y};
      for (int j = 0; j < 2; ++j) {
        int len = 0;
        ASSERT_TRUE(feed(both[j], name, out[j].data() + head.size(), tail)) << name;
        ASSERT_EQ(EVP_EncryptFinal_ex(both[j], nullptr, &len), 1) << name;
        ASSERT_EQ(EVP_CIPHER_CTX_ctrl(both[j], EVP_CTRL_AEAD_GET_TAG, static_cast<int>(tag_size),
                                      tag[j].data()),
                  1)
            << name;
      }
      EXPECT_EQ(out[0], out[1]) << name;
      EXPECT_EQ(tag[0], tag[1]) << name;
      ct[i] = out[0];
      Bytes back;
      ASSERT_TRUE(omac_open(name, key, seen[i], ct[i], tag[0], back)) << name << last_error();
      EXPECT_EQ(back, pt) << name;
      EVP_CIPHER_CTX_free(y);
      EVP_CIPHER_CTX_free(x);
    }
    EXPECT_NE(seen[0], seen[1]) << name << ": the same seed twice";
    EXPECT_NE(ct[0], ct[1]) << name;
    // A new IV alone is a new message: a new seed too.
    EVP_CIPHER_CTX* x = EVP_CIPHER_CTX_new();
    ASSERT_EQ(EVP_EncryptInit_ex2(x, c, key.data(), iv.data(), nullptr), 1) << name;
    const Bytes first = get_alg_params(x);
    ASSERT_EQ(EVP_EncryptInit_ex2(x, nullptr, nullptr, iv.data(), nullptr), 1) << name;
    EXPECT_NE(get_alg_params(x), first) << name;
    EVP_CIPHER_CTX_free(x);
    EVP_CIPHER_free(c);
  }
}

TEST(ProviderAead, CtrAcpkmOmacErrors) {
  const char* name = "kuznyechik-ctr-acpkm-omac";
  EVP_CIPHER* c = fetch(ctxs().axiom, name);
  const Bytes key = random_bytes(32), iv = random_bytes(8), seed = random_bytes(8);
  Bytes out(64), tag(16);
  int len = 0;
  EVP_CIPHER_CTX* x = EVP_CIPHER_CTX_new();
  // Decryption without the sender's parameters has no seed.
  ASSERT_EQ(EVP_DecryptInit_ex2(x, c, key.data(), iv.data(), nullptr), 1);
  EXPECT_EQ(EVP_DecryptUpdate(x, out.data(), &len, out.data(), 16), 0);
  EXPECT_EQ(last_error(), "no KDF seed: set the algorithm's parameters (alg_id_param) to decrypt");
  // Malformed parameters: cut short, Magma's IV length, a SET, a NULL inside, a wrong length.
  const Bytes good = ukm_params(iv, seed);
  std::vector<Bytes> bad(5, good);
  bad[0].pop_back();
  bad[1] = ukm_params(Bytes(4), seed);
  bad[2][0] = 0x31;
  bad[3][2] = 0x05;
  bad[4][1] += 1;
  for (const Bytes& b : bad) {
    EXPECT_FALSE(set_alg_params(x, b));
    EXPECT_EQ(last_error(), "invalid parameter value");
  }
  // No AAD; the tag is a whole block; no tag before final.
  ASSERT_TRUE(set_alg_params(x, good));
  EXPECT_EQ(EVP_DecryptUpdate(x, nullptr, &len, out.data(), 5), 0);
  EXPECT_EQ(last_error(), "this cipher takes no additional authenticated data");
  EXPECT_EQ(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 8, tag.data()), 0);
  EXPECT_EQ(last_error(), "invalid tag length");
  EXPECT_EQ(EVP_DecryptFinal_ex(x, out.data(), &len), 0);
  EXPECT_EQ(last_error(),
            "set the expected tag (EVP_CTRL_AEAD_SET_TAG) before final (CCM: before the text)");
  ASSERT_EQ(EVP_EncryptInit_ex2(x, nullptr, key.data(), iv.data(), nullptr), 1);
  EXPECT_EQ(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag.data()), 0);
  EXPECT_EQ(last_error(), "no tag yet: the message has not been encrypted");
  EVP_CIPHER_CTX_free(x);
  EVP_CIPHER_free(c);
}

// ---- MACs ----

Bytes mac(OSSL_LIB_CTX* lib, const char* name, const Bytes& key, const Bytes& msg, std::size_t size,
          bool split, std::size_t section = 0, std::size_t tstar = 0) {
  EVP_MAC* m = EVP_MAC_fetch(lib, name, nullptr);
  EXPECT_NE(m, nullptr);
  EVP_MAC_CTX* c = EVP_MAC_CTX_new(m);
  // The key as a parameter, as `openssl mac -macopt hexkey:` passes it.
  OSSL_PARAM params[] = {
      OSSL_PARAM_octet_string("key", const_cast<std::uint8_t*>(key.data()), key.size()),
      OSSL_PARAM_size_t("size", &size), OSSL_PARAM_END};
  if (size == 16) params[1] = OSSL_PARAM_construct_end();
  EXPECT_EQ(EVP_MAC_init(c, nullptr, 0, params), 1);
  // OMAC-ACPKM's sections after the key, as gostprov's tests set them.
  OSSL_PARAM sections[] = {OSSL_PARAM_size_t("key-mesh", &section),
                           OSSL_PARAM_size_t("cipher-key-mesh", &tstar), OSSL_PARAM_END};
  if (section != 0) {
    EXPECT_EQ(EVP_MAC_CTX_set_params(c, sections), 1);
  }
  for (std::size_t off = 0; off < msg.size();) {
    const std::size_t n =
        split ? std::min<std::size_t>(msg.size() - off, rng()() % 40) : msg.size();
    EXPECT_EQ(EVP_MAC_update(c, msg.data() + off, n), 1);
    off += n;
  }
  Bytes out(16);
  std::size_t len = 0;
  EXPECT_EQ(EVP_MAC_final(c, out.data(), &len, out.size()), 1);
  out.resize(len);
  EVP_MAC_CTX_free(c);
  EVP_MAC_free(m);
  return out;
}

// (cli_test.sh compares with the GOST provider: its MAC runs only in the default library context.)
TEST(ProviderMac, KuznyechikMacVectors) {
  for (const auto& v : load_vectors("kat/kuznyechik_mac.txt")) {
    const Bytes tag = v.bytes("Tag");
    for (bool split : {false, true})
      EXPECT_EQ(
          mac(ctxs().axiom, "kuznyechik-mac", v.bytes("Key"), v.bytes("Msg"), tag.size(), split),
          tag)
          << v.where();
  }
}

TEST(ProviderMac, MagmaMacVectors) {
  int n = 0;
  for (const auto& v : load_vectors("kat/magma_mac.txt")) {
    const Bytes tag = v.bytes("Tag");
    for (bool split : {false, true})
      EXPECT_EQ(mac(ctxs().axiom, "magma-mac", v.bytes("Key"), v.bytes("Msg"), tag.size(), split),
                tag)
          << v.where();
    ++n;
  }
  EXPECT_GE(n, 3);
}

TEST(ProviderMac, OmacAcpkmVectors) {
  for (const auto& [file, name] :
       {std::pair{"kat/kuznyechik_omac_acpkm.txt", "kuznyechik-ctr-acpkm-omac"},
        std::pair{"kat/magma_omac_acpkm.txt", "magma-ctr-acpkm-omac"}}) {
    int n = 0;
    for (const auto& v : load_vectors(file)) {
      const Bytes tag = v.bytes("Tag");
      const std::size_t section = std::stoul(v.text("SectionSize")),
                        tstar = std::stoul(v.text("TStar"));
      for (bool split : {false, true})
        EXPECT_EQ(mac(ctxs().axiom, name, v.bytes("Key"), v.bytes("Msg"), tag.size(), split,
                      section, tstar),
                  tag)
            << v.where();
      ++n;
    }
    EXPECT_GE(n, 2) << file;
  }
}

// OMAC-ACPKM's defaults, a copy mid-message, and section sizes it refuses.
TEST(ProviderMac, OmacAcpkmParams) {
  const Bytes key = random_bytes(32), msg = random_bytes(9000);
  for (const auto& [name, block, master] : {std::tuple{"kuznyechik-ctr-acpkm-omac", 16u, 4096u},
                                            std::tuple{"magma-ctr-acpkm-omac", 8u, 1024u}}) {
    EVP_MAC* m = EVP_MAC_fetch(ctxs().axiom, name, nullptr);
    ASSERT_NE(m, nullptr) << name;
    EVP_MAC_CTX* a = EVP_MAC_CTX_new(m);
    std::size_t section = 0, tstar = 0;
    OSSL_PARAM p[] = {OSSL_PARAM_size_t("key-mesh", &section),
                      OSSL_PARAM_size_t("cipher-key-mesh", &tstar), OSSL_PARAM_END};
    ASSERT_EQ(EVP_MAC_init(a, key.data(), 32, nullptr), 1);
    ASSERT_EQ(EVP_MAC_CTX_get_params(a, p), 1);
    EXPECT_EQ(section, 4096u) << name;
    EXPECT_EQ(tstar, master) << name;
    EXPECT_EQ(EVP_MAC_CTX_get_mac_size(a), block) << name;
    // The defaults written out give the same tag as none.
    EXPECT_EQ(mac(ctxs().axiom, name, key, msg, block, false, 4096, master),
              mac(ctxs().axiom, name, key, msg, block, false));
    // One-block sections use more key material than T*: then T* matters.
    EXPECT_NE(mac(ctxs().axiom, name, key, msg, block, false, block, 2 * master),
              mac(ctxs().axiom, name, key, msg, block, false, block, master));
    for (const auto& [s, t] :
         {std::pair{std::size_t{12}, std::size_t{96}}, std::pair{std::size_t{0}, std::size_t{96}},
          std::pair{std::size_t{32}, std::size_t{20}}}) {
      section = s, tstar = t;
      EXPECT_EQ(EVP_MAC_CTX_set_params(a, p), 0) << s << " " << t;
      EXPECT_EQ(last_error(), "invalid parameter value");
    }
    ASSERT_EQ(EVP_MAC_update(a, msg.data(), 5000), 1);
    section = 32, tstar = 96;
    EXPECT_EQ(EVP_MAC_CTX_set_params(a, p), 0);  // mid-message
    EXPECT_EQ(last_error(), "invalid parameter value");
    EVP_MAC_CTX* b = EVP_MAC_CTX_dup(a);
    ASSERT_NE(b, nullptr);
    Bytes ta(block), tb(block);
    std::size_t len = 0;
    ASSERT_EQ(EVP_MAC_update(a, msg.data() + 5000, 4000), 1);
    ASSERT_EQ(EVP_MAC_final(a, ta.data(), &len, block), 1);
    ASSERT_EQ(EVP_MAC_update(b, msg.data() + 5000, 4000), 1);
    ASSERT_EQ(EVP_MAC_final(b, tb.data(), &len, block), 1);
    const Bytes want = mac(ctxs().axiom, name, key, msg, block, true);
    EXPECT_EQ(ta, want) << name;
    EXPECT_EQ(tb, want) << name;
    // A new message under the same key.
    ASSERT_EQ(EVP_MAC_init(a, nullptr, 0, nullptr), 1);
    ASSERT_EQ(EVP_MAC_update(a, msg.data(), msg.size()), 1);
    ASSERT_EQ(EVP_MAC_final(a, ta.data(), &len, block), 1);
    EXPECT_EQ(ta, want) << name;
    EVP_MAC_CTX_free(a);
    EVP_MAC_CTX_free(b);
    EVP_MAC_free(m);
  }
}

TEST(ProviderMac, CopyAndErrors) {
  const Bytes key = random_bytes(32), msg = random_bytes(50);
  EVP_MAC* m = EVP_MAC_fetch(ctxs().axiom, "kuznyechik-mac", nullptr);
  EVP_MAC_CTX* a = EVP_MAC_CTX_new(m);
  Bytes out(16);
  std::size_t len = 0;
  std::size_t full = 0, block = 0;
  OSSL_PARAM sizes[] = {OSSL_PARAM_size_t("size", &full), OSSL_PARAM_size_t("block-size", &block),
                        OSSL_PARAM_END};
  ASSERT_EQ(EVP_MAC_get_params(m, sizes), 1);
  EXPECT_EQ(full, 16u);
  EXPECT_EQ(block, 16u);
  EXPECT_EQ(EVP_MAC_CTX_get_mac_size(a), 16u);
  EXPECT_EQ(EVP_MAC_update(a, msg.data(), 5), 0);
  EXPECT_EQ(last_error(), "no key set");
  EXPECT_EQ(EVP_MAC_init(a, key.data(), 16, nullptr), 0);
  EXPECT_EQ(last_error(), "invalid key length");
  ASSERT_EQ(EVP_MAC_init(a, key.data(), 32, nullptr), 1);
  ASSERT_EQ(EVP_MAC_update(a, msg.data(), 20), 1);
  EVP_MAC_CTX* b = EVP_MAC_CTX_dup(a);
  ASSERT_NE(b, nullptr);
  ASSERT_EQ(EVP_MAC_update(b, msg.data() + 20, 30), 1);
  ASSERT_EQ(EVP_MAC_final(b, out.data(), &len, 16), 1);
  EXPECT_EQ(out, mac(ctxs().axiom, "kuznyechik-mac", key, msg, 16, false));
  EXPECT_EQ(EVP_MAC_final(b, out.data(), &len, 8), 0);
  EXPECT_NE(last_error(), "");
  EVP_MAC_CTX_free(a);
  EVP_MAC_CTX_free(b);
  EVP_MAC_free(m);
}

}  // namespace
