// Crypto++: SHA256 and HMAC<SHA256>, keyed once; CalculateDigest hashes one message and
// restarts the object (the HMAC under the same key).
#include <cryptopp/hmac.h>
#include <cryptopp/sha.h>

#include <memory>

#include "peers/peers.hpp"

namespace axiom::bench::peers {

void add_cryptopp(std::vector<Subject>& out) {
  out.push_back({"sha256", "hash", "cryptopp", false, true, CryptoPP::SHA256::DIGESTSIZE,
                 [](std::span<const std::uint8_t>) -> MessageFn {
                   auto h = std::make_shared<CryptoPP::SHA256>();
                   return [h](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     h->CalculateDigest(o, msg.data(), msg.size());
                   };
                 }});
  out.push_back({"hmac-sha256", "mac", "cryptopp", false, true, CryptoPP::SHA256::DIGESTSIZE,
                 [](std::span<const std::uint8_t> key) -> MessageFn {
                   auto m =
                       std::make_shared<CryptoPP::HMAC<CryptoPP::SHA256>>(key.data(), key.size());
                   return [m](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     m->CalculateDigest(o, msg.data(), msg.size());
                   };
                 }});
}

}  // namespace axiom::bench::peers
