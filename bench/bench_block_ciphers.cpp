// bench_block_ciphers: the peer libraries' 128-bit block ciphers (AES-128, AES-256, SM4: CTR,
// ECB, CBC, GCM, CCM, CMAC, XTS) next to ours, on the contract of
// tools/registry/registry_block_cipher.hpp (same key bytes, IV/nonce, outputs). Each peer gets a
// subject for every op of block_cipher_ops() that it has (OpenSSL 3.0: no SM4-GCM/CCM/XTS;
// nettle: AES only, no XTS here), keyed once in prepare(), then runs its fastest documented
// per-message path: the context is reused and only the IV/nonce is reset per message. Each part is
// built only when CMake found that peer (AXIOM_BENCH_PEER_<PEER>).
#include "bench_block_ciphers.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "registry/registry_block_cipher.hpp"

#if AXIOM_BENCH_PEER_OPENSSL
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/cmac.h>
#include <openssl/evp.h>
#endif
#if AXIOM_BENCH_PEER_LIBGCRYPT
#include <gcrypt.h>
#endif
#if AXIOM_BENCH_PEER_BOTAN
#include <botan/block_cipher.h>
#include <botan/cipher_mode.h>
#include <botan/mac.h>
#include <botan/stream_cipher.h>
#endif
#if AXIOM_BENCH_PEER_NETTLE
#include <nettle/aes.h>
#include <nettle/cbc.h>
#include <nettle/cmac.h>
#include <nettle/ctr.h>
#include <nettle/gcm.h>
#include <nettle/memops.h>
#endif

namespace axiom::bench::peers {

namespace {

const std::uint8_t* const iv = block_bench_iv;

void check(bool ok) {
  if (!ok) std::abort();
}

bool is_gcm(const std::string& op) { return op == "gcm-seal" || op == "gcm-open"; }
bool decrypts(const std::string& op) {
  return op == "cbc-dec" || op == "gcm-open" || op == "xts-dec";
}
bool is_xts(const std::string& op) { return op == "xts-enc" || op == "xts-dec"; }

// The algorithms, with each key's length and the name the peers give the cipher.
struct Cipher {
  const char* algo;
  std::size_t key_len;
  const char* lower;  // OpenSSL's "aes-128", "sm4"
  const char* upper;  // Botan's "AES-128", "SM4"
};
constexpr Cipher ciphers[] = {{"aes-128", 16, "aes-128", "AES-128"},
                              {"aes-256", 32, "aes-256", "AES-256"},
                              {"sm4", 16, "sm4", "SM4"}};

// add_peer appends impl's subject for every op of every cipher that has(cipher, op) accepts
// (one line on stderr names those it lacks); make(cipher, op, key) returns the message function.
template <class Has, class Make>
void add_peer(std::vector<Subject>& out, const char* impl, Has has, Make make) {
  for (const Cipher& c : ciphers) {
    std::string missing;
    for (const std::string& op : block_cipher_ops(c.algo)) {
      if (ours_only(op)) continue;
      if (!has(c, op)) {
        missing += " " + op;
        continue;
      }
      out.push_back({c.algo, op, impl, false, true, block_out_size,
                     [c, op, make](std::span<const std::uint8_t> key) {
                       return make(c, op, key.first(c.key_len));
                     }});
    }
    if (!missing.empty())
      std::fprintf(stderr, "bench: %s has no %s%s: skipped\n", impl, c.algo, missing.c_str());
  }
}

#if AXIOM_BENCH_PEER_OPENSSL
// evp is the EVP cipher of op's mode, or nullptr (OpenSSL 3.0 has no SM4-GCM; no CCM wired here).
const EVP_CIPHER* evp(const Cipher& c, const std::string& op) {
  if (op == "ccm-seal") return nullptr;
  const char* mode = op == "ctr"   ? "ctr"
                     : op == "ecb" ? "ecb"
                     : is_gcm(op)  ? "gcm"
                     : is_xts(op)  ? "xts"
                                   : "cbc";
  return EVP_get_cipherbyname((std::string(c.lower) + "-" + mode).c_str());
}

// One GCM seal (ciphertext || tag) on a context keyed for encryption.
void openssl_gcm_seal(EVP_CIPHER_CTX* ctx, std::span<const std::uint8_t> m, std::uint8_t* o) {
  int len = 0, fin = 0;
  check(EVP_EncryptInit_ex(ctx, nullptr, nullptr, nullptr, iv) == 1 &&
        EVP_EncryptUpdate(ctx, o, &len, m.data(), static_cast<int>(m.size())) == 1 &&
        EVP_EncryptFinal_ex(ctx, o + len, &fin) == 1 &&
        EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16, o + m.size()) == 1);
}

MessageFn openssl_fn(const Cipher& c, const std::string& op, std::span<const std::uint8_t> key) {
  if (op == "cmac") {
    std::shared_ptr<CMAC_CTX> ctx(CMAC_CTX_new(), CMAC_CTX_free);
    check(CMAC_Init(ctx.get(), key.data(), key.size(), evp(c, "cbc-enc"), nullptr) == 1);
    return [ctx](std::span<const std::uint8_t> m, std::uint8_t* o) {
      std::size_t len = 0;
      check(CMAC_Init(ctx.get(), nullptr, 0, nullptr, nullptr) == 1 &&
            CMAC_Update(ctx.get(), m.data(), m.size()) == 1 && CMAC_Final(ctx.get(), o, &len) == 1);
    };
  }
  const EVP_CIPHER* cipher = evp(c, op);
  const bool decrypt = decrypts(op);
  if (is_xts(op)) {  // each EVP_CipherUpdate is one whole data unit
    const std::vector<std::uint8_t> both = xts_bench_key(key, key.size());
    std::shared_ptr<EVP_CIPHER_CTX> ctx(EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_free);
    check(EVP_CipherInit_ex(ctx.get(), cipher, nullptr, both.data(), iv, decrypt ? 0 : 1) == 1);
    return [ctx, decrypt](std::span<const std::uint8_t> m, std::uint8_t* o) {
      int len = 0;
      check(EVP_CipherInit_ex(ctx.get(), nullptr, nullptr, nullptr, iv, decrypt ? 0 : 1) == 1 &&
            EVP_CipherUpdate(ctx.get(), o, &len, m.data(), static_cast<int>(m.size())) == 1);
    };
  }
  auto new_ctx = [&](int enc) {
    std::shared_ptr<EVP_CIPHER_CTX> ctx(EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_free);
    check(EVP_CipherInit_ex(ctx.get(), cipher, nullptr, key.data(), iv, enc) == 1);
    EVP_CIPHER_CTX_set_padding(ctx.get(), 0);
    return ctx;
  };
  std::shared_ptr<EVP_CIPHER_CTX> ctx = new_ctx(decrypt ? 0 : 1);
  if (op == "gcm-seal")
    return [ctx](std::span<const std::uint8_t> m, std::uint8_t* o) {
      openssl_gcm_seal(ctx.get(), m, o);
    };
  if (op == "gcm-open") {
    auto sealed = std::make_shared<std::vector<std::uint8_t>>();
    std::shared_ptr<EVP_CIPHER_CTX> enc = new_ctx(1);
    return [ctx, enc, sealed](std::span<const std::uint8_t> m, std::uint8_t* o) {
      int len = 0, fin = 0;
      if (sealed->size() != m.size() + 16) {
        sealed->resize(m.size() + 16);
        openssl_gcm_seal(enc.get(), m, sealed->data());
      }
      check(EVP_DecryptInit_ex(ctx.get(), nullptr, nullptr, nullptr, iv) == 1 &&
            EVP_DecryptUpdate(ctx.get(), o, &len, sealed->data(), static_cast<int>(m.size())) ==
                1 &&
            EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_TAG, 16, sealed->data() + m.size()) ==
                1 &&
            EVP_DecryptFinal_ex(ctx.get(), o + len, &fin) == 1);
    };
  }
  return [ctx, decrypt](std::span<const std::uint8_t> m, std::uint8_t* o) {
    int len = 0, fin = 0;
    check(EVP_CipherInit_ex(ctx.get(), nullptr, nullptr, nullptr, iv, decrypt ? 0 : 1) == 1 &&
          EVP_CipherUpdate(ctx.get(), o, &len, m.data(), static_cast<int>(m.size())) == 1 &&
          EVP_CipherFinal_ex(ctx.get(), o + len, &fin) == 1);
  };
}

bool openssl_has(const Cipher& c, const std::string& op) {
  return evp(c, op == "cmac" ? "cbc-enc" : op) != nullptr;
}
#endif

#if AXIOM_BENCH_PEER_LIBGCRYPT
// One AEAD seal (ciphertext || tag; CCM given its lengths first: message, no AAD, tag).
void gcrypt_seal(gcry_cipher_hd_t hd, bool ccm, std::span<const std::uint8_t> m, std::uint8_t* o) {
  check(gcry_cipher_setiv(hd, iv, 12) == 0);
  if (ccm) {
    std::uint64_t lengths[3] = {m.size(), 0, 16};
    check(gcry_cipher_ctl(hd, GCRYCTL_SET_CCM_LENGTHS, lengths, sizeof lengths) == 0);
  }
  check(gcry_cipher_final(hd) == 0 &&
        gcry_cipher_encrypt(hd, o, m.size(), m.data(), m.size()) == 0 &&
        gcry_cipher_gettag(hd, o + m.size(), 16) == 0);
}

MessageFn gcrypt_fn(const Cipher& c, const std::string& op, std::span<const std::uint8_t> key) {
  const bool sm4 = std::string_view(c.algo) == "sm4";
  if (op == "cmac") {
    gcry_mac_hd_t h = nullptr;
    check(gcry_mac_open(&h, sm4 ? GCRY_MAC_CMAC_SM4 : GCRY_MAC_CMAC_AES, 0, nullptr) == 0 &&
          gcry_mac_setkey(h, key.data(), key.size()) == 0);
    std::shared_ptr<gcry_mac_handle> hd(h, gcry_mac_close);
    return [hd](std::span<const std::uint8_t> m, std::uint8_t* o) {
      std::size_t len = 16;
      check(gcry_mac_reset(hd.get()) == 0 && gcry_mac_write(hd.get(), m.data(), m.size()) == 0 &&
            gcry_mac_read(hd.get(), o, &len) == 0);
    };
  }
  const bool ccm = op == "ccm-seal";
  const int algo = sm4               ? GCRY_CIPHER_SM4
                   : c.key_len == 16 ? GCRY_CIPHER_AES128
                                     : GCRY_CIPHER_AES256;
  const int mode = op == "ctr"   ? GCRY_CIPHER_MODE_CTR
                   : op == "ecb" ? GCRY_CIPHER_MODE_ECB
                   : is_gcm(op)  ? GCRY_CIPHER_MODE_GCM
                   : ccm         ? GCRY_CIPHER_MODE_CCM
                   : is_xts(op)  ? GCRY_CIPHER_MODE_XTS
                                 : GCRY_CIPHER_MODE_CBC;
  const std::vector<std::uint8_t> k = is_xts(op)
                                          ? xts_bench_key(key, key.size())
                                          : std::vector<std::uint8_t>(key.begin(), key.end());
  gcry_cipher_hd_t h = nullptr;
  check(gcry_cipher_open(&h, algo, mode, 0) == 0 && gcry_cipher_setkey(h, k.data(), k.size()) == 0);
  std::shared_ptr<gcry_cipher_handle> hd(h, gcry_cipher_close);
  if (ccm || op == "gcm-seal")
    return [hd, ccm](std::span<const std::uint8_t> m, std::uint8_t* o) {
      gcrypt_seal(hd.get(), ccm, m, o);
    };
  if (op == "gcm-open") {
    auto sealed = std::make_shared<std::vector<std::uint8_t>>();
    return [hd, sealed](std::span<const std::uint8_t> m, std::uint8_t* o) {
      if (sealed->size() != m.size() + 16) {
        sealed->resize(m.size() + 16);
        gcrypt_seal(hd.get(), false, m, sealed->data());
      }
      check(gcry_cipher_setiv(hd.get(), iv, 12) == 0 && gcry_cipher_final(hd.get()) == 0 &&
            gcry_cipher_decrypt(hd.get(), o, m.size(), sealed->data(), m.size()) == 0 &&
            gcry_cipher_checktag(hd.get(), sealed->data() + m.size(), 16) == 0);
    };
  }
  const bool ctr = op == "ctr", dec = decrypts(op), ecb = op == "ecb";
  return [hd, ctr, dec, ecb](std::span<const std::uint8_t> m, std::uint8_t* o) {
    if (ctr)
      check(gcry_cipher_setctr(hd.get(), iv, 16) == 0);
    else if (!ecb)
      check(gcry_cipher_setiv(hd.get(), iv, 16) == 0);
    check((dec ? gcry_cipher_decrypt : gcry_cipher_encrypt)(hd.get(), o, m.size(), m.data(),
                                                            m.size()) == 0);
  };
}

bool gcrypt_has(const Cipher&, const std::string&) { return true; }
#endif

#if AXIOM_BENCH_PEER_BOTAN
// The Botan mode name of the CBC, GCM and CCM ops (CCM(16,3): 16-byte tag, 12-byte nonce).
std::string botan_mode(const Cipher& c, const std::string& op) {
  const std::string mode = is_gcm(op)         ? "/GCM"
                           : op == "ccm-seal" ? "/CCM(16,3)"
                           : is_xts(op)       ? "/XTS"
                                              : "/CBC/NoPadding";
  return c.upper + mode;
}

MessageFn botan_fn(const Cipher& c, const std::string& op, std::span<const std::uint8_t> key) {
  if (op == "cmac") {
    std::shared_ptr<Botan::MessageAuthenticationCode> mac =
        Botan::MessageAuthenticationCode::create_or_throw(std::string("CMAC(") + c.upper + ")");
    mac->set_key(key.data(), key.size());
    return [mac](std::span<const std::uint8_t> m, std::uint8_t* o) {
      mac->update(m.data(), m.size());
      mac->final(o);
    };
  }
  if (op == "ctr") {
    std::shared_ptr<Botan::StreamCipher> s =
        Botan::StreamCipher::create_or_throw(std::string("CTR-BE(") + c.upper + ")");
    s->set_key(key.data(), key.size());
    return [s](std::span<const std::uint8_t> m, std::uint8_t* o) {
      s->set_iv(iv, 16);
      s->cipher(m.data(), o, m.size());
    };
  }
  if (op == "ecb") {  // Debian's Botan 2 has no ECB mode; its block cipher API is ECB
    std::shared_ptr<Botan::BlockCipher> b = Botan::BlockCipher::create_or_throw(c.upper);
    b->set_key(key.data(), key.size());
    return [b](std::span<const std::uint8_t> m, std::uint8_t* o) {
      b->encrypt_n(m.data(), o, m.size() / 16);
    };
  }
  const std::string spec = botan_mode(c, op);
  const std::vector<std::uint8_t> k = is_xts(op)
                                          ? xts_bench_key(key, key.size())
                                          : std::vector<std::uint8_t>(key.begin(), key.end());
  auto mode = [&](Botan::Cipher_Dir dir) {
    std::shared_ptr<Botan::Cipher_Mode> m = Botan::Cipher_Mode::create_or_throw(spec, dir);
    m->set_key(k.data(), k.size());
    return m;
  };
  std::shared_ptr<Botan::Cipher_Mode> cm =
      mode(decrypts(op) ? Botan::DECRYPTION : Botan::ENCRYPTION);
  const std::size_t iv_len = op.rfind("cbc", 0) == 0 || is_xts(op) ? 16 : 12;
  auto buf = std::make_shared<Botan::secure_vector<std::uint8_t>>();
  if (op == "gcm-open") {
    std::shared_ptr<Botan::Cipher_Mode> enc = mode(Botan::ENCRYPTION);
    auto sealed = std::make_shared<Botan::secure_vector<std::uint8_t>>();
    return [cm, enc, buf, sealed](std::span<const std::uint8_t> m, std::uint8_t* o) {
      if (sealed->size() != m.size() + 16) {
        sealed->assign(m.begin(), m.end());
        enc->start(iv, 12);
        enc->finish(*sealed);
      }
      buf->assign(sealed->begin(), sealed->end());
      cm->start(iv, 12);
      cm->finish(*buf);
      std::memcpy(o, buf->data(), m.size());
    };
  }
  return [cm, buf, iv_len](std::span<const std::uint8_t> m, std::uint8_t* o) {
    buf->assign(m.begin(), m.end());
    cm->start(iv, iv_len);
    cm->finish(*buf);
    std::memcpy(o, buf->data(), buf->size());
  };
}

bool botan_has(const Cipher& c, const std::string& op) {
  if (op == "ctr" || op == "ecb" || op == "cmac") return true;
  return Botan::Cipher_Mode::create(botan_mode(c, op), Botan::ENCRYPTION) != nullptr;
}
#endif

#if AXIOM_BENCH_PEER_NETTLE
// nettle has a context type per key size; Ctx bundles what one algo needs.
struct NettleAes {
  bool big;
  aes128_ctx e128, d128;
  aes256_ctx e256, d256;
  gcm_aes128_ctx g128;
  gcm_aes256_ctx g256;
  cmac_aes128_ctx c128;
  cmac_aes256_ctx c256;
  nettle_cipher_func* enc() const {
    return big ? reinterpret_cast<nettle_cipher_func*>(aes256_encrypt)
               : reinterpret_cast<nettle_cipher_func*>(aes128_encrypt);
  }
  nettle_cipher_func* dec() const {
    return big ? reinterpret_cast<nettle_cipher_func*>(aes256_decrypt)
               : reinterpret_cast<nettle_cipher_func*>(aes128_decrypt);
  }
  const void* ectx() const { return big ? static_cast<const void*>(&e256) : &e128; }
  const void* dctx() const { return big ? static_cast<const void*>(&d256) : &d128; }
  void gcm_seal(std::uint8_t* o, const std::uint8_t* m, std::size_t n) {
    if (big) {
      gcm_aes256_set_iv(&g256, 12, iv);
      gcm_aes256_encrypt(&g256, n, o, m);
      gcm_aes256_digest(&g256, 16, o + n);
    } else {
      gcm_aes128_set_iv(&g128, 12, iv);
      gcm_aes128_encrypt(&g128, n, o, m);
      gcm_aes128_digest(&g128, 16, o + n);
    }
  }
  bool gcm_open(std::uint8_t* o, const std::uint8_t* c, std::size_t n) {
    std::uint8_t tag[16];
    if (big) {
      gcm_aes256_set_iv(&g256, 12, iv);
      gcm_aes256_decrypt(&g256, n, o, c);
      gcm_aes256_digest(&g256, 16, tag);
    } else {
      gcm_aes128_set_iv(&g128, 12, iv);
      gcm_aes128_decrypt(&g128, n, o, c);
      gcm_aes128_digest(&g128, 16, tag);
    }
    return memeql_sec(tag, c + n, 16) != 0;
  }
};

MessageFn nettle_fn(const Cipher& c, const std::string& op, std::span<const std::uint8_t> key) {
  auto x = std::make_shared<NettleAes>();
  x->big = c.key_len == 32;
  if (x->big) {
    aes256_set_encrypt_key(&x->e256, key.data());
    aes256_set_decrypt_key(&x->d256, key.data());
    gcm_aes256_set_key(&x->g256, key.data());
    cmac_aes256_set_key(&x->c256, key.data());
  } else {
    aes128_set_encrypt_key(&x->e128, key.data());
    aes128_set_decrypt_key(&x->d128, key.data());
    gcm_aes128_set_key(&x->g128, key.data());
    cmac_aes128_set_key(&x->c128, key.data());
  }
  if (op == "ctr")
    return [x](std::span<const std::uint8_t> m, std::uint8_t* o) {
      std::uint8_t ctr[16];
      std::memcpy(ctr, iv, 16);
      ctr_crypt(x->ectx(), x->enc(), 16, ctr, m.size(), o, m.data());
    };
  if (op == "ecb")
    return [x](std::span<const std::uint8_t> m, std::uint8_t* o) {
      x->enc()(x->ectx(), m.size(), o, m.data());
    };
  if (op == "cbc-enc" || op == "cbc-dec") {
    const bool dec = op == "cbc-dec";
    return [x, dec](std::span<const std::uint8_t> m, std::uint8_t* o) {
      std::uint8_t v[16];
      std::memcpy(v, iv, 16);
      if (dec)
        cbc_decrypt(x->dctx(), x->dec(), 16, v, m.size(), o, m.data());
      else
        cbc_encrypt(x->ectx(), x->enc(), 16, v, m.size(), o, m.data());
    };
  }
  if (op == "cmac")
    return [x](std::span<const std::uint8_t> m, std::uint8_t* o) {
      if (x->big) {
        cmac_aes256_update(&x->c256, m.size(), m.data());
        cmac_aes256_digest(&x->c256, 16, o);
      } else {
        cmac_aes128_update(&x->c128, m.size(), m.data());
        cmac_aes128_digest(&x->c128, 16, o);
      }
    };
  if (op == "gcm-seal")
    return [x](std::span<const std::uint8_t> m, std::uint8_t* o) {
      x->gcm_seal(o, m.data(), m.size());
    };
  auto sealed = std::make_shared<std::vector<std::uint8_t>>();
  return [x, sealed](std::span<const std::uint8_t> m, std::uint8_t* o) {
    if (sealed->size() != m.size() + 16) {
      sealed->resize(m.size() + 16);
      x->gcm_seal(sealed->data(), m.data(), m.size());
    }
    check(x->gcm_open(o, sealed->data(), m.size()));
  };
}

bool nettle_has(const Cipher& c,
                const std::string& op) {  // nettle 3.8: no SM4; its XTS is not wired here
  return std::string_view(c.algo) != "sm4" && !is_xts(op);
}
#endif

}  // namespace

void add_block_cipher_peers(std::vector<Subject>& out) {
#if AXIOM_BENCH_PEER_OPENSSL
  add_peer(out, "openssl", openssl_has, openssl_fn);
#endif
#if AXIOM_BENCH_PEER_LIBGCRYPT
  add_peer(out, "libgcrypt", gcrypt_has, gcrypt_fn);
#endif
#if AXIOM_BENCH_PEER_BOTAN
  add_peer(out, "botan", botan_has, botan_fn);
#endif
#if AXIOM_BENCH_PEER_NETTLE
  add_peer(out, "nettle", nettle_has, nettle_fn);
#endif
  (void)out;
}

}  // namespace axiom::bench::peers
