// bench_aes: the peer libraries' AES (CTR, ECB, CBC, GCM, CMAC) next to ours, on the contract
// of bench/registry/registry_aes.hpp (same key bytes, IV/nonce, outputs). Each peer is keyed
// once in prepare() and then runs its fastest documented per-message path: the context is
// reused and only the IV/nonce is reset per message. Built into axiom_bench; each part only
// when CMake found that peer (AXIOM_BENCH_PEER_<PEER>).
#include "bench_aes.hpp"

#include <cstdlib>
#include <cstring>
#include <memory>

#include "registry/registry_aes.hpp"

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

const std::uint8_t* const iv = aes_bench_iv;

std::size_t key_bytes(const std::string& algo) { return algo == "aes-128" ? 16 : 32; }

void check(bool ok) {
  if (!ok) std::abort();
}

// add_for_each_op registers peer subjects for every benchmarked algo/op; make(algo, op, key)
// returns the message function.
template <class Make>
void add_for_each_op(std::vector<Subject>& out, const char* impl, Make make) {
  for (const std::string algo : {"aes-128", "aes-256"})
    for (const std::string& op : aes_ops(algo))
      if (aes_timed(algo, op, impl))
        out.push_back({algo, op, impl, false, true, aes_out_size, [algo, op, make](std::span<const std::uint8_t> key) {
                         return make(algo, op, key.first(key_bytes(algo)));
                       }});
}

#if AXIOM_BENCH_PEER_OPENSSL
const EVP_CIPHER* evp(const std::string& algo, const std::string& op) {
  const std::string mode = op == "ctr" ? "ctr" : op == "ecb" ? "ecb" : op.rfind("gcm", 0) == 0 ? "gcm" : "cbc";
  return EVP_get_cipherbyname((algo + "-" + mode).c_str());
}

MessageFn openssl_fn(const std::string& algo, const std::string& op, std::span<const std::uint8_t> key) {
  if (op == "cmac") {
    std::shared_ptr<CMAC_CTX> ctx(CMAC_CTX_new(), CMAC_CTX_free);
    check(CMAC_Init(ctx.get(), key.data(), key.size(), evp(algo, "cbc-enc"), nullptr) == 1);
    return [ctx](std::span<const std::uint8_t> m, std::uint8_t* o) {
      std::size_t len = 0;
      check(CMAC_Init(ctx.get(), nullptr, 0, nullptr, nullptr) == 1 && CMAC_Update(ctx.get(), m.data(), m.size()) == 1 &&
            CMAC_Final(ctx.get(), o, &len) == 1);
    };
  }
  std::shared_ptr<EVP_CIPHER_CTX> ctx(EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_free);
  const bool decrypt = op == "cbc-dec" || op == "gcm-open";
  check(EVP_CipherInit_ex(ctx.get(), evp(algo, op), nullptr, key.data(), iv, decrypt ? 0 : 1) == 1);
  EVP_CIPHER_CTX_set_padding(ctx.get(), 0);
  if (op == "gcm-seal")
    return [ctx](std::span<const std::uint8_t> m, std::uint8_t* o) {
      int len = 0, fin = 0;
      check(EVP_EncryptInit_ex(ctx.get(), nullptr, nullptr, nullptr, iv) == 1 &&
            EVP_EncryptUpdate(ctx.get(), o, &len, m.data(), static_cast<int>(m.size())) == 1 &&
            EVP_EncryptFinal_ex(ctx.get(), o + len, &fin) == 1 &&
            EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_GET_TAG, 16, o + m.size()) == 1);
    };
  if (op == "gcm-open") {
    auto sealed = std::make_shared<std::vector<std::uint8_t>>();
    std::shared_ptr<EVP_CIPHER_CTX> enc(EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_free);
    check(EVP_EncryptInit_ex(enc.get(), evp(algo, op), nullptr, key.data(), iv) == 1);
    return [ctx, enc, sealed](std::span<const std::uint8_t> m, std::uint8_t* o) {
      int len = 0, fin = 0;
      if (sealed->size() != m.size() + 16) {
        sealed->resize(m.size() + 16);
        check(EVP_EncryptInit_ex(enc.get(), nullptr, nullptr, nullptr, iv) == 1 &&
              EVP_EncryptUpdate(enc.get(), sealed->data(), &len, m.data(), static_cast<int>(m.size())) == 1 &&
              EVP_EncryptFinal_ex(enc.get(), sealed->data() + len, &fin) == 1 &&
              EVP_CIPHER_CTX_ctrl(enc.get(), EVP_CTRL_GCM_GET_TAG, 16, sealed->data() + m.size()) == 1);
      }
      check(EVP_DecryptInit_ex(ctx.get(), nullptr, nullptr, nullptr, iv) == 1 &&
            EVP_DecryptUpdate(ctx.get(), o, &len, sealed->data(), static_cast<int>(m.size())) == 1 &&
            EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_TAG, 16, sealed->data() + m.size()) == 1 &&
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
#endif

#if AXIOM_BENCH_PEER_LIBGCRYPT
MessageFn gcrypt_fn(const std::string& algo, const std::string& op, std::span<const std::uint8_t> key) {
  const bool big = algo == "aes-256";
  if (op == "cmac") {
    gcry_mac_hd_t h = nullptr;
    check(gcry_mac_open(&h, GCRY_MAC_CMAC_AES, 0, nullptr) == 0 &&
          gcry_mac_setkey(h, key.data(), key.size()) == 0);
    std::shared_ptr<gcry_mac_handle> hd(h, gcry_mac_close);
    return [hd](std::span<const std::uint8_t> m, std::uint8_t* o) {
      std::size_t len = 16;
      check(gcry_mac_reset(hd.get()) == 0 && gcry_mac_write(hd.get(), m.data(), m.size()) == 0 &&
            gcry_mac_read(hd.get(), o, &len) == 0);
    };
  }
  const int mode = op == "ctr" ? GCRY_CIPHER_MODE_CTR : op == "ecb" ? GCRY_CIPHER_MODE_ECB
                   : op.rfind("gcm", 0) == 0 ? GCRY_CIPHER_MODE_GCM : GCRY_CIPHER_MODE_CBC;
  gcry_cipher_hd_t h = nullptr;
  check(gcry_cipher_open(&h, big ? GCRY_CIPHER_AES256 : GCRY_CIPHER_AES128, mode, 0) == 0 &&
        gcry_cipher_setkey(h, key.data(), key.size()) == 0);
  std::shared_ptr<gcry_cipher_handle> hd(h, gcry_cipher_close);
  if (op == "gcm-seal" || op == "gcm-open") {
    auto sealed = std::make_shared<std::vector<std::uint8_t>>();
    const bool open = op == "gcm-open";
    return [hd, sealed, open](std::span<const std::uint8_t> m, std::uint8_t* o) {
      if (!open) {
        check(gcry_cipher_setiv(hd.get(), iv, 12) == 0 && gcry_cipher_final(hd.get()) == 0 &&
              gcry_cipher_encrypt(hd.get(), o, m.size(), m.data(), m.size()) == 0 &&
              gcry_cipher_gettag(hd.get(), o + m.size(), 16) == 0);
        return;
      }
      if (sealed->size() != m.size() + 16) {
        sealed->resize(m.size() + 16);
        check(gcry_cipher_setiv(hd.get(), iv, 12) == 0 && gcry_cipher_final(hd.get()) == 0 &&
              gcry_cipher_encrypt(hd.get(), sealed->data(), m.size(), m.data(), m.size()) == 0 &&
              gcry_cipher_gettag(hd.get(), sealed->data() + m.size(), 16) == 0);
      }
      check(gcry_cipher_setiv(hd.get(), iv, 12) == 0 && gcry_cipher_final(hd.get()) == 0 &&
            gcry_cipher_decrypt(hd.get(), o, m.size(), sealed->data(), m.size()) == 0 &&
            gcry_cipher_checktag(hd.get(), sealed->data() + m.size(), 16) == 0);
    };
  }
  const bool ctr = op == "ctr", dec = op == "cbc-dec", ecb = op == "ecb";
  return [hd, ctr, dec, ecb](std::span<const std::uint8_t> m, std::uint8_t* o) {
    if (ctr) check(gcry_cipher_setctr(hd.get(), iv, 16) == 0);
    else if (!ecb) check(gcry_cipher_setiv(hd.get(), iv, 16) == 0);
    check((dec ? gcry_cipher_decrypt : gcry_cipher_encrypt)(hd.get(), o, m.size(), m.data(), m.size()) == 0);
  };
}
#endif

#if AXIOM_BENCH_PEER_BOTAN
MessageFn botan_fn(const std::string& algo, const std::string& op, std::span<const std::uint8_t> key) {
  const std::string aes = algo == "aes-128" ? "AES-128" : "AES-256";
  if (op == "cmac") {
    std::shared_ptr<Botan::MessageAuthenticationCode> mac = Botan::MessageAuthenticationCode::create_or_throw("CMAC(" + aes + ")");
    mac->set_key(key.data(), key.size());
    return [mac](std::span<const std::uint8_t> m, std::uint8_t* o) {
      mac->update(m.data(), m.size());
      mac->final(o);
    };
  }
  if (op == "ctr") {
    std::shared_ptr<Botan::StreamCipher> c = Botan::StreamCipher::create_or_throw("CTR-BE(" + aes + ")");
    c->set_key(key.data(), key.size());
    return [c](std::span<const std::uint8_t> m, std::uint8_t* o) {
      c->set_iv(iv, 16);
      c->cipher(m.data(), o, m.size());
    };
  }
  if (op == "ecb") {  // Debian's Botan 2 has no ECB mode; its block cipher API is ECB
    std::shared_ptr<Botan::BlockCipher> c = Botan::BlockCipher::create_or_throw(aes);
    c->set_key(key.data(), key.size());
    return [c](std::span<const std::uint8_t> m, std::uint8_t* o) { c->encrypt_n(m.data(), o, m.size() / 16); };
  }
  const std::string spec = op.rfind("cbc", 0) == 0 ? aes + "/CBC/NoPadding" : aes + "/GCM";
  const bool decrypt = op == "cbc-dec" || op == "gcm-open";
  std::shared_ptr<Botan::Cipher_Mode> c = Botan::Cipher_Mode::create_or_throw(spec, decrypt ? Botan::DECRYPTION : Botan::ENCRYPTION);
  c->set_key(key.data(), key.size());
  const std::size_t iv_len = op.rfind("gcm", 0) == 0 ? 12 : 16;
  auto buf = std::make_shared<Botan::secure_vector<std::uint8_t>>();
  if (op == "gcm-open") {
    std::shared_ptr<Botan::Cipher_Mode> enc = Botan::Cipher_Mode::create_or_throw(spec, Botan::ENCRYPTION);
    enc->set_key(key.data(), key.size());
    auto sealed = std::make_shared<Botan::secure_vector<std::uint8_t>>();
    return [c, enc, buf, sealed](std::span<const std::uint8_t> m, std::uint8_t* o) {
      if (sealed->size() != m.size() + 16) {
        sealed->assign(m.begin(), m.end());
        enc->start(iv, 12);
        enc->finish(*sealed);
      }
      buf->assign(sealed->begin(), sealed->end());
      c->start(iv, 12);
      c->finish(*buf);
      std::memcpy(o, buf->data(), m.size());
    };
  }
  return [c, buf, iv_len](std::span<const std::uint8_t> m, std::uint8_t* o) {
    buf->assign(m.begin(), m.end());
    c->start(iv, iv_len);
    c->finish(*buf);
    std::memcpy(o, buf->data(), buf->size());
  };
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
  nettle_cipher_func* enc() const { return big ? reinterpret_cast<nettle_cipher_func*>(aes256_encrypt) : reinterpret_cast<nettle_cipher_func*>(aes128_encrypt); }
  nettle_cipher_func* dec() const { return big ? reinterpret_cast<nettle_cipher_func*>(aes256_decrypt) : reinterpret_cast<nettle_cipher_func*>(aes128_decrypt); }
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

MessageFn nettle_fn(const std::string& algo, const std::string& op, std::span<const std::uint8_t> key) {
  auto x = std::make_shared<NettleAes>();
  x->big = algo == "aes-256";
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
    return [x](std::span<const std::uint8_t> m, std::uint8_t* o) { x->enc()(x->ectx(), m.size(), o, m.data()); };
  if (op == "cbc-enc" || op == "cbc-dec") {
    const bool dec = op == "cbc-dec";
    return [x, dec](std::span<const std::uint8_t> m, std::uint8_t* o) {
      std::uint8_t v[16];
      std::memcpy(v, iv, 16);
      if (dec) cbc_decrypt(x->dctx(), x->dec(), 16, v, m.size(), o, m.data());
      else cbc_encrypt(x->ectx(), x->enc(), 16, v, m.size(), o, m.data());
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
    return [x](std::span<const std::uint8_t> m, std::uint8_t* o) { x->gcm_seal(o, m.data(), m.size()); };
  auto sealed = std::make_shared<std::vector<std::uint8_t>>();
  return [x, sealed](std::span<const std::uint8_t> m, std::uint8_t* o) {
    if (sealed->size() != m.size() + 16) {
      sealed->resize(m.size() + 16);
      x->gcm_seal(sealed->data(), m.data(), m.size());
    }
    check(x->gcm_open(o, sealed->data(), m.size()));
  };
}
#endif

}  // namespace

void add_aes_peers(std::vector<Subject>& out) {
#if AXIOM_BENCH_PEER_OPENSSL
  add_for_each_op(out, "openssl", openssl_fn);
#endif
#if AXIOM_BENCH_PEER_LIBGCRYPT
  add_for_each_op(out, "libgcrypt", gcrypt_fn);
#endif
#if AXIOM_BENCH_PEER_BOTAN
  add_for_each_op(out, "botan", botan_fn);
#endif
#if AXIOM_BENCH_PEER_NETTLE
  add_for_each_op(out, "nettle", nettle_fn);
#endif
  (void)out;
}

}  // namespace axiom::bench::peers
