// nettle: sha256_ctx and hmac_sha256_ctx. Both digest functions reset the context (the HMAC one
// to its keyed inner state), so one context per subject serves every message.
#include <nettle/chacha-poly1305.h>
#include <nettle/chacha.h>
#include <nettle/hmac.h>
#include <nettle/memops.h>
#include <nettle/sha2.h>
#include <nettle/streebog.h>

#include <memory>
#include <vector>

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

// ChaCha20 family: chacha with the 96-bit nonce (chacha_set_nonce96, counter 0) and the
// chacha_poly1305 AEAD, keyed once, nonce per message. Nettle has no public bare Poly1305 (only
// poly1305-aes), so there is no poly1305/mac entry for it.
namespace axiom::bench::peers {

void add_nettle_chacha20(std::vector<Subject>& out) {
  out.push_back({"chacha20", "xor", "nettle", false, true, 0,
                 [](std::span<const std::uint8_t> key) -> MessageFn {
                   auto ctx = std::make_shared<chacha_ctx>();
                   chacha_set_key(ctx.get(), key.data());
                   return [ctx](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     chacha_set_nonce96(ctx.get(), bench_nonce);
                     chacha_crypt32(ctx.get(), msg.size(), o, msg.data());
                   };
                 },
                 true});
  out.push_back({"chacha20-poly1305", "seal", "nettle", false, true, 16,
                 [](std::span<const std::uint8_t> key) -> MessageFn {
                   auto ctx = std::make_shared<chacha_poly1305_ctx>();
                   chacha_poly1305_set_key(ctx.get(), key.data());
                   return [ctx](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     chacha_poly1305_set_nonce(ctx.get(), bench_nonce);
                     chacha_poly1305_encrypt(ctx.get(), msg.size(), o, msg.data());
                     chacha_poly1305_digest(ctx.get(), 16, o + msg.size());
                   };
                 },
                 true});
  out.push_back({"chacha20-poly1305", "open", "nettle", false, true, 0,
                 [](std::span<const std::uint8_t> key) -> MessageFn {
                   auto ctx = std::make_shared<chacha_poly1305_ctx>();
                   chacha_poly1305_set_key(ctx.get(), key.data());
                   auto k = std::make_shared<std::vector<std::uint8_t>>(key.begin(), key.end());
                   auto cache = std::make_shared<SealedCache>();
                   return [ctx, k, cache](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     const auto sealed = cache->get(*k, msg);
                     std::uint8_t tag[16];
                     chacha_poly1305_set_nonce(ctx.get(), bench_nonce);
                     chacha_poly1305_decrypt(ctx.get(), msg.size(), o, sealed.data());
                     chacha_poly1305_digest(ctx.get(), 16, tag);
                     if (!memeql_sec(tag, sealed.data() + msg.size(), 16)) std::abort();
                   };
                 },
                 true});
}

}  // namespace axiom::bench::peers
