// OpenSSL (libcrypto 3.0): the fastest honest paths, measured on this machine at 64 B:
//  - hash: the low-level SHA256_Init/Update/Final on a stack context (~4 cpb). The one-shot
//    SHA256() goes through EVP_Q_digest and fetches the algorithm per call (~20-30 cpb), a
//    reused EVP_MD_CTX pays ~6-14 cpb;
//  - HMAC: one HMAC_CTX keyed once, restarted per message with HMAC_Init_ex(ctx, NULL key),
//    which copies the keyed inner state. It edges out EVP_MAC_init(NULL key) and beats the
//    re-keying one-shot HMAC() by ~6x.
// Those low-level calls are deprecated in OpenSSL 3 but still the ones a speed-minded user calls.
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>
#include <openssl/core_names.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

#include "peers/peers.hpp"

namespace axiom::bench::peers {

void add_openssl(std::vector<Subject>& out) {
  out.push_back({"sha256", "hash", "openssl", false, true, SHA256_DIGEST_LENGTH,
                 [](std::span<const std::uint8_t>) -> MessageFn {
                   return [](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     SHA256_CTX c;
                     SHA256_Init(&c);
                     SHA256_Update(&c, msg.data(), msg.size());
                     SHA256_Final(o, &c);
                   };
                 }});
  out.push_back({"hmac-sha256", "mac", "openssl", false, true, SHA256_DIGEST_LENGTH,
                 [](std::span<const std::uint8_t> key) -> MessageFn {
                   std::shared_ptr<HMAC_CTX> ctx(HMAC_CTX_new(), HMAC_CTX_free);
                   if (!ctx || HMAC_Init_ex(ctx.get(), key.data(), static_cast<int>(key.size()),
                                            EVP_sha256(), nullptr) != 1)
                     std::abort();
                   return [ctx](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     unsigned int len = 0;
                     if (HMAC_Init_ex(ctx.get(), nullptr, 0, nullptr, nullptr) != 1 ||
                         HMAC_Update(ctx.get(), msg.data(), msg.size()) != 1 ||
                         HMAC_Final(ctx.get(), o, &len) != 1)
                       std::abort();
                   };
                 }});
}

}  // namespace axiom::bench::peers

// ChaCha20 family through EVP: one cipher context keyed once, re-initialised with the IV per
// message (as a TLS stack does); Poly1305 through EVP_MAC, keyed per message (one-time keys).
namespace axiom::bench::peers {

namespace {
std::shared_ptr<EVP_CIPHER_CTX> keyed_ctx(const EVP_CIPHER* cipher,
                                          std::span<const std::uint8_t> key) {
  std::shared_ptr<EVP_CIPHER_CTX> ctx(EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_free);
  if (!ctx || EVP_CipherInit_ex(ctx.get(), cipher, nullptr, key.data(), nullptr, 1) != 1)
    std::abort();
  return ctx;
}
}  // namespace

void add_openssl_chacha20(std::vector<Subject>& out) {
  out.push_back(
      {"chacha20", "xor", "openssl", false, true, 0,
       [](std::span<const std::uint8_t> key) -> MessageFn {
         auto ctx = keyed_ctx(EVP_chacha20(), key);
         return [ctx](std::span<const std::uint8_t> msg, std::uint8_t* o) {
           std::uint8_t iv[16] = {};  // block counter 0, then the nonce
           std::memcpy(iv + 4, bench_nonce, 12);
           int len = 0;
           if (EVP_CipherInit_ex(ctx.get(), nullptr, nullptr, nullptr, iv, 1) != 1 ||
               EVP_CipherUpdate(ctx.get(), o, &len, msg.data(), static_cast<int>(msg.size())) != 1)
             std::abort();
         };
       },
       true});
  out.push_back({"poly1305", "mac", "openssl", false, true, 16,
                 [](std::span<const std::uint8_t> key) -> MessageFn {
                   std::shared_ptr<EVP_MAC> mac(EVP_MAC_fetch(nullptr, "POLY1305", nullptr),
                                                EVP_MAC_free);
                   if (!mac) std::abort();
                   std::shared_ptr<EVP_MAC_CTX> ctx(EVP_MAC_CTX_new(mac.get()), EVP_MAC_CTX_free);
                   auto k = std::make_shared<std::vector<std::uint8_t>>(key.begin(), key.end());
                   return [mac, ctx, k](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     std::size_t len = 0;
                     if (EVP_MAC_init(ctx.get(), k->data(), k->size(), nullptr) != 1 ||
                         EVP_MAC_update(ctx.get(), msg.data(), msg.size()) != 1 ||
                         EVP_MAC_final(ctx.get(), o, &len, 16) != 1)
                       std::abort();
                   };
                 }});
  out.push_back(
      {"chacha20-poly1305", "seal", "openssl", false, true, 16,
       [](std::span<const std::uint8_t> key) -> MessageFn {
         auto ctx = keyed_ctx(EVP_chacha20_poly1305(), key);
         return [ctx](std::span<const std::uint8_t> msg, std::uint8_t* o) {
           int len = 0;
           if (EVP_CipherInit_ex(ctx.get(), nullptr, nullptr, nullptr, bench_nonce, 1) != 1 ||
               (!msg.empty() && EVP_CipherUpdate(ctx.get(), o, &len, msg.data(),
                                                 static_cast<int>(msg.size())) != 1) ||
               EVP_CipherFinal_ex(ctx.get(), o + msg.size(), &len) != 1 ||
               EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_GET_TAG, 16, o + msg.size()) != 1)
             std::abort();
         };
       },
       true});
  out.push_back({"chacha20-poly1305", "open", "openssl", false, true, 0,
                 [](std::span<const std::uint8_t> key) -> MessageFn {
                   std::shared_ptr<EVP_CIPHER_CTX> ctx(EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_free);
                   if (!ctx || EVP_CipherInit_ex(ctx.get(), EVP_chacha20_poly1305(), nullptr,
                                                 key.data(), nullptr, 0) != 1)
                     std::abort();
                   auto k = std::make_shared<std::vector<std::uint8_t>>(key.begin(), key.end());
                   auto cache = std::make_shared<SealedCache>();
                   return [ctx, k, cache](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     const auto sealed = cache->get(*k, msg);
                     std::uint8_t tag[16];
                     std::memcpy(tag, sealed.data() + msg.size(), 16);
                     int len = 0;
                     if (EVP_CipherInit_ex(ctx.get(), nullptr, nullptr, nullptr, bench_nonce, 0) !=
                             1 ||
                         EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_TAG, 16, tag) != 1 ||
                         (!msg.empty() && EVP_CipherUpdate(ctx.get(), o, &len, sealed.data(),
                                                           static_cast<int>(msg.size())) != 1) ||
                         EVP_CipherFinal_ex(ctx.get(), o + msg.size(), &len) != 1)
                       std::abort();
                   };
                 },
                 true});
}

}  // namespace axiom::bench::peers
