// OpenSSL (libcrypto 3.0): the fastest honest paths, measured on this machine at 64 B:
//  - hash: the low-level SHA256_Init/Update/Final on a stack context (~4 cpb). The one-shot
//    SHA256() goes through EVP_Q_digest and fetches the algorithm per call (~20-30 cpb), a
//    reused EVP_MD_CTX pays ~6-14 cpb;
//  - HMAC: one HMAC_CTX keyed once, restarted per message with HMAC_Init_ex(ctx, NULL key),
//    which copies the keyed inner state. It edges out EVP_MAC_init(NULL key) and beats the
//    re-keying one-shot HMAC() by ~6x.
// Those low-level calls are deprecated in OpenSSL 3 but still the ones a speed-minded user calls.
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#include <cstdlib>
#include <memory>

#include "peers/peers.hpp"

namespace axiom::bench::peers {

void add_openssl(std::vector<Subject>& out) {
  out.push_back({"sha256", "hash", "openssl", false, true, SHA256_DIGEST_LENGTH,
                 [](std::span<const std::uint8_t>) -> MessageFn {
                   return [](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     SHA256_CTX c;
                     SHA256_Init(&c);
                     SHA256_Update(&c, msg.data(), msg.size());
                     SHA256_Final(o, &c);
                   };
                 }});
  out.push_back({"hmac-sha256", "mac", "openssl", false, true, SHA256_DIGEST_LENGTH,
                 [](std::span<const std::uint8_t> key) -> MessageFn {
                   std::shared_ptr<HMAC_CTX> ctx(HMAC_CTX_new(), HMAC_CTX_free);
                   if (!ctx || HMAC_Init_ex(ctx.get(), key.data(), static_cast<int>(key.size()),
                                            EVP_sha256(), nullptr) != 1)
                     std::abort();
                   return [ctx](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                     unsigned int len = 0;
                     if (HMAC_Init_ex(ctx.get(), nullptr, 0, nullptr, nullptr) != 1 ||
                         HMAC_Update(ctx.get(), msg.data(), msg.size()) != 1 ||
                         HMAC_Final(ctx.get(), o, &len) != 1)
                       std::abort();
                   };
                 }});
}

}  // namespace axiom::bench::peers
