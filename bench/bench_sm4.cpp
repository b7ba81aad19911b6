// bench_sm4: the peer libraries' SM4 next to ours, on the contract of
// bench/registry/registry_sm4.hpp. OpenSSL 3.0 (EVP: ECB, CBC, CTR; CMAC), libgcrypt 1.10 (its
// AES-NI/AVX2 SM4: every op but CCM) and Botan 2 (ECB, CBC, CTR, GCM). Each keyed once in
// prepare(); per message only the IV/nonce is reset.
#include "bench_sm4.hpp"

#include <cstdlib>
#include <cstring>
#include <memory>

#include "registry/registry_aes.hpp"
#include "registry/registry_sm4.hpp"

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
#include <botan/stream_cipher.h>
#endif

namespace axiom::bench::peers {

namespace {

const std::uint8_t* const iv = aes_bench_iv;

void check(bool ok) {
  if (!ok) std::abort();
}

template <class Make>
void add_each(std::vector<Subject>& out, const char* impl, Make make) {
  for (const std::string& op : sm4_ops())
    if (sm4_timed(op, impl))
      out.push_back({"sm4", op, impl, false, true, aes_out_size, [op, make](std::span<const std::uint8_t> key) {
                       return make(op, key.first(16));
                     }});
}

#if AXIOM_BENCH_PEER_OPENSSL
MessageFn openssl_fn(const std::string& op, std::span<const std::uint8_t> key) {
  if (op == "cmac") {
    std::shared_ptr<CMAC_CTX> ctx(CMAC_CTX_new(), CMAC_CTX_free);
    check(CMAC_Init(ctx.get(), key.data(), key.size(), EVP_get_cipherbyname("sm4-cbc"), nullptr) == 1);
    return [ctx](std::span<const std::uint8_t> m, std::uint8_t* o) {
      std::size_t len = 0;
      check(CMAC_Init(ctx.get(), nullptr, 0, nullptr, nullptr) == 1 && CMAC_Update(ctx.get(), m.data(), m.size()) == 1 &&
            CMAC_Final(ctx.get(), o, &len) == 1);
    };
  }
  const std::string mode = op == "ctr" ? "sm4-ctr" : op == "ecb" ? "sm4-ecb" : "sm4-cbc";
  std::shared_ptr<EVP_CIPHER_CTX> ctx(EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_free);
  const bool decrypt = op == "cbc-dec";
  check(EVP_CipherInit_ex(ctx.get(), EVP_get_cipherbyname(mode.c_str()), nullptr, key.data(), iv, decrypt ? 0 : 1) == 1);
  EVP_CIPHER_CTX_set_padding(ctx.get(), 0);
  return [ctx, decrypt](std::span<const std::uint8_t> m, std::uint8_t* o) {
    int len = 0, fin = 0;
    check(EVP_CipherInit_ex(ctx.get(), nullptr, nullptr, nullptr, iv, decrypt ? 0 : 1) == 1 &&
          EVP_CipherUpdate(ctx.get(), o, &len, m.data(), static_cast<int>(m.size())) == 1 &&
          EVP_CipherFinal_ex(ctx.get(), o + len, &fin) == 1);
  };
}
#endif

#if AXIOM_BENCH_PEER_LIBGCRYPT
MessageFn gcrypt_fn(const std::string& op, std::span<const std::uint8_t> key) {
  if (op == "cmac") {
    gcry_mac_hd_t h = nullptr;
    check(gcry_mac_open(&h, GCRY_MAC_CMAC_SM4, 0, nullptr) == 0 && gcry_mac_setkey(h, key.data(), key.size()) == 0);
    std::shared_ptr<gcry_mac_handle> hd(h, gcry_mac_close);
    return [hd](std::span<const std::uint8_t> m, std::uint8_t* o) {
      std::size_t len = 16;
      check(gcry_mac_reset(hd.get()) == 0 && gcry_mac_write(hd.get(), m.data(), m.size()) == 0 &&
            gcry_mac_read(hd.get(), o, &len) == 0);
    };
  }
  const bool gcm = op.rfind("gcm", 0) == 0, ccm = op == "ccm-seal";
  const int mode = op == "ctr" ? GCRY_CIPHER_MODE_CTR : op == "ecb" ? GCRY_CIPHER_MODE_ECB
                   : gcm ? GCRY_CIPHER_MODE_GCM : ccm ? GCRY_CIPHER_MODE_CCM : GCRY_CIPHER_MODE_CBC;
  gcry_cipher_hd_t h = nullptr;
  check(gcry_cipher_open(&h, GCRY_CIPHER_SM4, mode, 0) == 0 && gcry_cipher_setkey(h, key.data(), key.size()) == 0);
  std::shared_ptr<gcry_cipher_handle> hd(h, gcry_cipher_close);
  if (ccm)
    return [hd](std::span<const std::uint8_t> m, std::uint8_t* o) {
      // CCM needs the lengths first: message, AAD (none), tag.
      const std::uint64_t lengths[3] = {m.size(), 0, 16};
      check(gcry_cipher_setiv(hd.get(), iv, 12) == 0 &&
            gcry_cipher_ctl(hd.get(), GCRYCTL_SET_CCM_LENGTHS, const_cast<std::uint64_t*>(lengths), sizeof lengths) == 0 &&
            gcry_cipher_final(hd.get()) == 0 &&
            gcry_cipher_encrypt(hd.get(), o, m.size(), m.data(), m.size()) == 0 &&
            gcry_cipher_gettag(hd.get(), o + m.size(), 16) == 0);
    };
  if (gcm) {
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
MessageFn botan_fn(const std::string& op, std::span<const std::uint8_t> key) {
  if (op == "ctr") {
    std::shared_ptr<Botan::StreamCipher> c = Botan::StreamCipher::create_or_throw("CTR-BE(SM4)");
    c->set_key(key.data(), key.size());
    return [c](std::span<const std::uint8_t> m, std::uint8_t* o) {
      c->set_iv(iv, 16);
      c->cipher(m.data(), o, m.size());
    };
  }
  if (op == "ecb") {  // the block cipher API is ECB
    std::shared_ptr<Botan::BlockCipher> c = Botan::BlockCipher::create_or_throw("SM4");
    c->set_key(key.data(), key.size());
    return [c](std::span<const std::uint8_t> m, std::uint8_t* o) { c->encrypt_n(m.data(), o, m.size() / 16); };
  }
  const bool gcm = op == "gcm-seal";
  std::shared_ptr<Botan::Cipher_Mode> c = Botan::Cipher_Mode::create_or_throw(
      gcm ? "SM4/GCM" : "SM4/CBC/NoPadding", op == "cbc-dec" ? Botan::DECRYPTION : Botan::ENCRYPTION);
  c->set_key(key.data(), key.size());
  auto buf = std::make_shared<Botan::secure_vector<std::uint8_t>>();
  const std::size_t iv_len = gcm ? 12 : 16;
  return [c, buf, iv_len](std::span<const std::uint8_t> m, std::uint8_t* o) {
    buf->assign(m.begin(), m.end());
    c->start(iv, iv_len);
    c->finish(*buf);
    std::memcpy(o, buf->data(), buf->size());
  };
}
#endif

}  // namespace

void add_sm4_peers(std::vector<Subject>& out) {
#if AXIOM_BENCH_PEER_OPENSSL
  add_each(out, "openssl", openssl_fn);
#endif
#if AXIOM_BENCH_PEER_LIBGCRYPT
  add_each(out, "libgcrypt", gcrypt_fn);
#endif
#if AXIOM_BENCH_PEER_BOTAN
  add_each(out, "botan", botan_fn);
#endif
  (void)out;
}

}  // namespace axiom::bench::peers
