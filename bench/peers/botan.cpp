// Botan 2: HashFunction "SHA-256" (and "Streebog-256/512") and MessageAuthenticationCode "HMAC(SHA-256)", created and
// keyed once; final() restarts each for the next message (the MAC under the same key).
#include <botan/hash.h>
#include <botan/mac.h>

#include <memory>
#include <tuple>

#include "peers/peers.hpp"

namespace axiom::bench::peers {

void add_botan(std::vector<Subject>& out) {
  out.push_back({"sha256", "hash", "botan", false, true, 32,
                 [](std::span<const std::uint8_t>) -> MessageFn {
                   std::shared_ptr<Botan::HashFunction> h =
                       Botan::HashFunction::create_or_throw("SHA-256");
                   return [h](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     h->update(msg.data(), msg.size());
                     h->final(o);
                   };
                 }});
  out.push_back({"hmac-sha256", "mac", "botan", false, true, 32,
                 [](std::span<const std::uint8_t> key) -> MessageFn {
                   std::shared_ptr<Botan::MessageAuthenticationCode> m =
                       Botan::MessageAuthenticationCode::create_or_throw("HMAC(SHA-256)");
                   m->set_key(key.data(), key.size());
                   return [m](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     m->update(msg.data(), msg.size());
                     m->final(o);
                   };
                 }});
  for (const auto& [name, botan_name, size] : {std::tuple{"streebog256", "Streebog-256", 32},
                                               std::tuple{"streebog512", "Streebog-512", 64}}) {
    out.push_back({name, "hash", "botan", false, true, static_cast<std::size_t>(size),
                   [botan_name](std::span<const std::uint8_t>) -> MessageFn {
                     std::shared_ptr<Botan::HashFunction> h =
                         Botan::HashFunction::create_or_throw(botan_name);
                     return [h](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                       h->update(msg.data(), msg.size());
                       h->final(o);
                     };
                   }});
  }
}

}  // namespace axiom::bench::peers
