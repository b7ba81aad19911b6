// nettle: sha256_ctx and hmac_sha256_ctx. Both digest functions reset the context (the HMAC one
// to its keyed inner state), so one context per subject serves every message.
#include <nettle/hmac.h>
#include <nettle/sha2.h>
#include <nettle/streebog.h>

#include <memory>

#include "peers/peers.hpp"

namespace axiom::bench::peers {

void add_nettle(std::vector<Subject>& out) {
  out.push_back({"sha256", "hash", "nettle", false, true, SHA256_DIGEST_SIZE,
                 [](std::span<const std::uint8_t>) -> MessageFn {
                   auto ctx = std::make_shared<sha256_ctx>();
                   sha256_init(ctx.get());
                   return [ctx](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     sha256_update(ctx.get(), msg.size(), msg.data());
                     sha256_digest(ctx.get(), SHA256_DIGEST_SIZE, o);
                   };
                 }});
  out.push_back({"hmac-sha256", "mac", "nettle", false, true, SHA256_DIGEST_SIZE,
                 [](std::span<const std::uint8_t> key) -> MessageFn {
                   auto ctx = std::make_shared<hmac_sha256_ctx>();
                   hmac_sha256_set_key(ctx.get(), key.size(), key.data());
                   return [ctx](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     hmac_sha256_update(ctx.get(), msg.size(), msg.data());
                     hmac_sha256_digest(ctx.get(), SHA256_DIGEST_SIZE, o);
                   };
                 }});
  out.push_back({"streebog256", "hash", "nettle", false, true, STREEBOG256_DIGEST_SIZE,
                 [](std::span<const std::uint8_t>) -> MessageFn {
                   auto ctx = std::make_shared<streebog256_ctx>();
                   streebog256_init(ctx.get());
                   return [ctx](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     streebog256_update(ctx.get(), msg.size(), msg.data());
                     streebog256_digest(ctx.get(), STREEBOG256_DIGEST_SIZE, o);
                   };
                 }});
  out.push_back({"streebog512", "hash", "nettle", false, true, STREEBOG512_DIGEST_SIZE,
                 [](std::span<const std::uint8_t>) -> MessageFn {
                   auto ctx = std::make_shared<streebog512_ctx>();
                   streebog512_init(ctx.get());
                   return [ctx](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     streebog512_update(ctx.get(), msg.size(), msg.data());
                     streebog512_digest(ctx.get(), STREEBOG512_DIGEST_SIZE, o);
                   };
                 }});
}

}  // namespace axiom::bench::peers
