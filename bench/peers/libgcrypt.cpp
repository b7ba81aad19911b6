// libgcrypt: gcry_md_hash_buffer for the hashes (SHA-256, Streebog); for HMAC one handle opened with
// GCRY_MD_FLAG_HMAC and keyed once, gcry_md_reset (which keeps the key) per message.
#include <gcrypt.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <tuple>

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
  for (const auto& [name, algo, size] :
       {std::tuple{"streebog256", GCRY_MD_STRIBOG256, 32}, {"streebog512", GCRY_MD_STRIBOG512, 64}}) {
    out.push_back({name, "hash", "libgcrypt", false, true, static_cast<std::size_t>(size),
                   [algo](std::span<const std::uint8_t>) -> MessageFn {
                     return [algo](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                       gcry_md_hash_buffer(algo, o, msg.data(), msg.size());
                     };
                   }});
  }
}

}  // namespace axiom::bench::peers
