// libgcrypt: gcry_md_hash_buffer for the hashes (SHA-256, Streebog); for HMAC one handle opened
// with GCRY_MD_FLAG_HMAC and keyed once, gcry_md_reset (which keeps the key) per message.
#include <gcrypt.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <tuple>
#include <vector>

#include "peers/peers.hpp"

namespace axiom::bench::peers {

void add_libgcrypt(std::vector<Subject>& out) {
  if (!gcry_check_version(GCRYPT_VERSION)) std::abort();
  gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
  gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
  out.push_back({"sha256", "hash", "libgcrypt", false, true, 32,
                 [](std::span<const std::uint8_t>) -> MessageFn {
                   return [](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     gcry_md_hash_buffer(GCRY_MD_SHA256, o, msg.data(), msg.size());
                   };
                 }});
  out.push_back({"hmac-sha256", "mac", "libgcrypt", false, true, 32,
                 [](std::span<const std::uint8_t> key) -> MessageFn {
                   gcry_md_hd_t h = nullptr;
                   if (gcry_md_open(&h, GCRY_MD_SHA256, GCRY_MD_FLAG_HMAC) != 0 ||
                       gcry_md_setkey(h, key.data(), key.size()) != 0)
                     std::abort();
                   std::shared_ptr<gcry_md_handle> hd(h, gcry_md_close);
                   return [hd](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     gcry_md_reset(hd.get());
                     gcry_md_write(hd.get(), msg.data(), msg.size());
                     std::memcpy(o, gcry_md_read(hd.get(), GCRY_MD_SHA256), 32);
                   };
                 }});
  for (const auto& [name, algo, size] : {std::tuple{"streebog256", GCRY_MD_STRIBOG256, 32},
                                         {"streebog512", GCRY_MD_STRIBOG512, 64}}) {
    out.push_back({name, "hash", "libgcrypt", false, true, static_cast<std::size_t>(size),
                   [algo](std::span<const std::uint8_t>) -> MessageFn {
                     return [algo](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                       gcry_md_hash_buffer(algo, o, msg.data(), msg.size());
                     };
                   }});
  }
}

}  // namespace axiom::bench::peers

// ChaCha20 family: GCRY_CIPHER_CHACHA20 in stream mode and in Poly1305 (AEAD) mode, keyed once,
// nonce set per message; Poly1305 through gcry_mac, keyed per message (one-time keys).
namespace axiom::bench::peers {

namespace {
std::shared_ptr<gcry_cipher_handle> chacha_handle(int mode, std::span<const std::uint8_t> key) {
  gcry_cipher_hd_t h = nullptr;
  if (gcry_cipher_open(&h, GCRY_CIPHER_CHACHA20, mode, 0) != 0 ||
      gcry_cipher_setkey(h, key.data(), key.size()) != 0)
    std::abort();
  return std::shared_ptr<gcry_cipher_handle>(h, gcry_cipher_close);
}
}  // namespace

void add_libgcrypt_chacha20(std::vector<Subject>& out) {
  out.push_back({"chacha20", "xor", "libgcrypt", false, true, 0,
                 [](std::span<const std::uint8_t> key) -> MessageFn {
                   auto h = chacha_handle(GCRY_CIPHER_MODE_STREAM, key);
                   return [h](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     if (gcry_cipher_setiv(h.get(), bench_nonce, 12) != 0 ||
                         gcry_cipher_encrypt(h.get(), o, msg.size(), msg.data(), msg.size()) != 0)
                       std::abort();
                   };
                 },
                 true});
  out.push_back({"poly1305", "mac", "libgcrypt", false, true, 16,
                 [](std::span<const std::uint8_t> key) -> MessageFn {
                   gcry_mac_hd_t m = nullptr;
                   if (gcry_mac_open(&m, GCRY_MAC_POLY1305, 0, nullptr) != 0) std::abort();
                   std::shared_ptr<gcry_mac_handle> hd(m, gcry_mac_close);
                   auto k = std::make_shared<std::vector<std::uint8_t>>(key.begin(), key.end());
                   return [hd, k](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     std::size_t len = 16;
                     if (gcry_mac_setkey(hd.get(), k->data(), k->size()) != 0 ||
                         gcry_mac_write(hd.get(), msg.data(), msg.size()) != 0 ||
                         gcry_mac_read(hd.get(), o, &len) != 0)
                       std::abort();
                   };
                 }});
  out.push_back({"chacha20-poly1305", "seal", "libgcrypt", false, true, 16,
                 [](std::span<const std::uint8_t> key) -> MessageFn {
                   auto h = chacha_handle(GCRY_CIPHER_MODE_POLY1305, key);
                   return [h](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     if (gcry_cipher_setiv(h.get(), bench_nonce, 12) != 0 ||
                         gcry_cipher_final(h.get()) != 0 ||
                         gcry_cipher_encrypt(h.get(), o, msg.size(), msg.data(), msg.size()) != 0 ||
                         gcry_cipher_gettag(h.get(), o + msg.size(), 16) != 0)
                       std::abort();
                   };
                 },
                 true});
  out.push_back({"chacha20-poly1305", "open", "libgcrypt", false, true, 0,
                 [](std::span<const std::uint8_t> key) -> MessageFn {
                   auto h = chacha_handle(GCRY_CIPHER_MODE_POLY1305, key);
                   auto k = std::make_shared<std::vector<std::uint8_t>>(key.begin(), key.end());
                   auto cache = std::make_shared<SealedCache>();
                   return [h, k, cache](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     const auto sealed = cache->get(*k, msg);
                     if (gcry_cipher_setiv(h.get(), bench_nonce, 12) != 0 ||
                         gcry_cipher_final(h.get()) != 0 ||
                         gcry_cipher_decrypt(h.get(), o, msg.size(), sealed.data(), msg.size()) !=
                             0 ||
                         gcry_cipher_checktag(h.get(), sealed.data() + msg.size(), 16) != 0)
                       std::abort();
                   };
                 },
                 true});
}

}  // namespace axiom::bench::peers
