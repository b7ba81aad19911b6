// libsodium: crypto_hash_sha256 (portable C, no SHA-NI) and HMAC-SHA256 from a keyed state.
#include <sodium.h>

#include <cstdlib>
#include <memory>
#include <vector>

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

// ChaCha20 family: the IETF (96-bit nonce) stream, one-time Poly1305 and the IETF AEAD.
namespace axiom::bench::peers {

void add_libsodium_chacha20(std::vector<Subject>& out) {
  out.push_back({"chacha20", "xor", "libsodium", false, true, 0,
                 [](std::span<const std::uint8_t> key) -> MessageFn {
                   auto k = std::make_shared<std::vector<std::uint8_t>>(key.begin(), key.end());
                   return [k](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     crypto_stream_chacha20_ietf_xor_ic(o, msg.data(), msg.size(), bench_nonce, 0,
                                                        k->data());
                   };
                 },
                 true});
  out.push_back({"poly1305", "mac", "libsodium", false, true, 16,
                 [](std::span<const std::uint8_t> key) -> MessageFn {
                   auto k = std::make_shared<std::vector<std::uint8_t>>(key.begin(), key.end());
                   return [k](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     crypto_onetimeauth_poly1305(o, msg.data(), msg.size(), k->data());
                   };
                 }});
  out.push_back({"chacha20-poly1305", "seal", "libsodium", false, true, 16,
                 [](std::span<const std::uint8_t> key) -> MessageFn {
                   auto k = std::make_shared<std::vector<std::uint8_t>>(key.begin(), key.end());
                   return [k](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     crypto_aead_chacha20poly1305_ietf_encrypt(o, nullptr, msg.data(), msg.size(),
                                                               nullptr, 0, nullptr, bench_nonce,
                                                               k->data());
                   };
                 },
                 true});
  out.push_back({"chacha20-poly1305", "open", "libsodium", false, true, 0,
                 [](std::span<const std::uint8_t> key) -> MessageFn {
                   auto k = std::make_shared<std::vector<std::uint8_t>>(key.begin(), key.end());
                   auto cache = std::make_shared<SealedCache>();
                   return [k, cache](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     const auto sealed = cache->get(*k, msg);
                     if (crypto_aead_chacha20poly1305_ietf_decrypt(
                             o, nullptr, nullptr, sealed.data(), sealed.size(), nullptr, 0,
                             bench_nonce, k->data()) != 0)
                       std::abort();
                   };
                 },
                 true});
}

}  // namespace axiom::bench::peers
