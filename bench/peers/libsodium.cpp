// libsodium: crypto_hash_sha256 (portable C, no SHA-NI) and HMAC-SHA256 from a keyed state.
#include <sodium.h>

#include <cstdlib>

#include "peers/peers.hpp"

namespace axiom::bench::peers {

void add_libsodium(std::vector<Subject>& out) {
  if (sodium_init() < 0) std::abort();
  out.push_back({"sha256", "hash", "libsodium", false, true, crypto_hash_sha256_BYTES,
                 [](std::span<const std::uint8_t>) -> MessageFn {
                   return [](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     crypto_hash_sha256(o, msg.data(), msg.size());
                   };
                 }});
  out.push_back({"hmac-sha256", "mac", "libsodium", false, true, crypto_auth_hmacsha256_BYTES,
                 [](std::span<const std::uint8_t> key) -> MessageFn {
                   crypto_auth_hmacsha256_state keyed;
                   crypto_auth_hmacsha256_init(&keyed, key.data(), key.size());
                   // The state is a plain struct: copying it restarts under the same key.
                   return [keyed](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     crypto_auth_hmacsha256_state st = keyed;
                     crypto_auth_hmacsha256_update(&st, msg.data(), msg.size());
                     crypto_auth_hmacsha256_final(&st, o);
                   };
                 }});
}

}  // namespace axiom::bench::peers
