// Botan 2: HashFunction "SHA-256" (and "Streebog-256/512") and MessageAuthenticationCode
// "HMAC(SHA-256)", created and keyed once; final() restarts each for the next message (the MAC
// under the same key).
#include <botan/aead.h>
#include <botan/hash.h>
#include <botan/stream_cipher.h>
#include <botan/mac.h>

#include <cstring>
#include <memory>
#include <tuple>
#include <vector>

#include "peers/peers.hpp"

namespace axiom::bench::peers {

void add_botan(std::vector<Subject>& out) {
  out.push_back(
      {"sha256", "hash", "botan", false, true, 32, [](std::span<const std::uint8_t>) -> MessageFn {
         std::shared_ptr<Botan::HashFunction> h = Botan::HashFunction::create_or_throw("SHA-256");
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

// ChaCha20 family: StreamCipher "ChaCha(20)" keyed once, set_iv per message; Poly1305 keyed per
// message (one-time keys); the AEAD "ChaCha20Poly1305" keyed once, start(nonce) per message,
// the message processed in place in the output buffer and the tag from finish().
namespace axiom::bench::peers {

void add_botan_chacha20(std::vector<Subject>& out) {
  out.push_back({"chacha20", "xor", "botan", false, true, 0,
                 [](std::span<const std::uint8_t> key) -> MessageFn {
                   std::shared_ptr<Botan::StreamCipher> c =
                       Botan::StreamCipher::create_or_throw("ChaCha(20)");
                   c->set_key(key.data(), key.size());
                   return [c](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     c->set_iv(bench_nonce, 12);
                     c->cipher(msg.data(), o, msg.size());
                   };
                 },
                 true});
  out.push_back({"poly1305", "mac", "botan", false, true, 16,
                 [](std::span<const std::uint8_t> key) -> MessageFn {
                   std::shared_ptr<Botan::MessageAuthenticationCode> m =
                       Botan::MessageAuthenticationCode::create_or_throw("Poly1305");
                   auto k = std::make_shared<std::vector<std::uint8_t>>(key.begin(), key.end());
                   return [m, k](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     m->set_key(k->data(), k->size());
                     m->update(msg.data(), msg.size());
                     m->final(o);
                   };
                 }});
  for (const bool seal : {true, false}) {
    out.push_back(
        {"chacha20-poly1305", seal ? "seal" : "open", "botan", false, true, seal ? 16u : 0u,
         [seal](std::span<const std::uint8_t> key) -> MessageFn {
           std::shared_ptr<Botan::AEAD_Mode> a = Botan::AEAD_Mode::create_or_throw(
               "ChaCha20Poly1305", seal ? Botan::ENCRYPTION : Botan::DECRYPTION);
           a->set_key(key.data(), key.size());
           auto k = std::make_shared<std::vector<std::uint8_t>>(key.begin(), key.end());
           auto cache = std::make_shared<SealedCache>();
           auto tail = std::make_shared<Botan::secure_vector<std::uint8_t>>();
           return [a, seal, k, cache, tail](std::span<const std::uint8_t> msg, std::uint8_t* o) {
             const auto in = seal ? msg : cache->get(*k, msg);
             a->start(bench_nonce, 12);
             std::memcpy(o, in.data(), msg.size());
             // process() takes whole multiples of the update granularity; finish() the rest.
             const std::size_t whole =
                 msg.size() / a->update_granularity() * a->update_granularity();
             a->process(o, whole);
             tail->assign(in.begin() + static_cast<long>(whole), in.end());
             a->finish(*tail);
             std::memcpy(o + whole, tail->data(), tail->size());
           };
         },
         true});
  }
}

}  // namespace axiom::bench::peers
