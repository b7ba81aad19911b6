// GnuTLS: gnutls_hash_fast for the hash. For HMAC, one handle keyed once with gnutls_hmac_init;
// gnutls_hmac_output returns the tag and resets the handle under the same key. (gnutls_hmac_fast
// would re-key per message, which is not what a caller MACing many messages does.)
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>

#include <cstdlib>
#include <memory>
#include <tuple>
#include <type_traits>

#include "peers/peers.hpp"

namespace axiom::bench::peers {

void add_gnutls(std::vector<Subject>& out) {
  out.push_back(
      {"sha256", "hash", "gnutls", false, true, 32, [](std::span<const std::uint8_t>) -> MessageFn {
         return [](std::span<const std::uint8_t> msg, std::uint8_t* o) {
           if (gnutls_hash_fast(GNUTLS_DIG_SHA256, msg.data(), msg.size(), o) < 0) std::abort();
         };
       }});
  out.push_back({"hmac-sha256", "mac", "gnutls", false, true, 32,
                 [](std::span<const std::uint8_t> key) -> MessageFn {
                   gnutls_hmac_hd_t h = nullptr;
                   if (gnutls_hmac_init(&h, GNUTLS_MAC_SHA256, key.data(), key.size()) < 0)
                     std::abort();
                   std::shared_ptr<std::remove_pointer_t<gnutls_hmac_hd_t>> hd(
                       h, [](gnutls_hmac_hd_t p) { gnutls_hmac_deinit(p, nullptr); });
                   return [hd](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     if (gnutls_hmac(hd.get(), msg.data(), msg.size()) < 0) std::abort();
                     gnutls_hmac_output(hd.get(), o);
                   };
                 }});
  for (const auto& [name, algo, size] : {std::tuple{"streebog256", GNUTLS_DIG_STREEBOG_256, 32},
                                         std::tuple{"streebog512", GNUTLS_DIG_STREEBOG_512, 64}}) {
    out.push_back({name, "hash", "gnutls", false, true, static_cast<std::size_t>(size),
                   [algo](std::span<const std::uint8_t>) -> MessageFn {
                     return [algo](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                       if (gnutls_hash_fast(algo, msg.data(), msg.size(), o) < 0) std::abort();
                     };
                   }});
  }
}

}  // namespace axiom::bench::peers
