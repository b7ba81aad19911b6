// The OpenSSL GOST engine (Debian package libengine-gost-openssl): its Streebog digests through
// EVP, one context per subject, re-initialised per message with the same digest (EVP's per-call
// cost at 64 B is part of what a caller of the engine pays). Only the ENGINE is loaded, never
// the gostprov provider: the two cannot live in one process (DESIGN.md section 6).
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/engine.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <tuple>

#include "peers/peers.hpp"

namespace axiom::bench::peers {

void add_gost_engine(std::vector<Subject>& out) {
  ENGINE* e = ENGINE_by_id("gost");
  if (e == nullptr || ENGINE_init(e) != 1) {
    std::fprintf(stderr, "bench: gost-engine skipped: the OpenSSL engine 'gost' does not load "
                         "(install libengine-gost-openssl)\n");
    return;
  }
  for (const auto& [name, nid, size] : {std::tuple{"streebog256", NID_id_GostR3411_2012_256, 32},
                                        std::tuple{"streebog512", NID_id_GostR3411_2012_512, 64}}) {
    const EVP_MD* md = ENGINE_get_digest(e, nid);
    if (md == nullptr) {
      std::fprintf(stderr, "bench: gost-engine %s skipped: the engine has no such digest\n", name);
      continue;
    }
    out.push_back({name, "hash", "gost-engine", false, true, static_cast<std::size_t>(size),
                   [md, e](std::span<const std::uint8_t>) -> MessageFn {
                     std::shared_ptr<EVP_MD_CTX> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
                     if (!ctx || EVP_DigestInit_ex(ctx.get(), md, e) != 1) std::abort();
                     return [ctx](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                       if (EVP_DigestInit_ex(ctx.get(), nullptr, nullptr) != 1 ||
                           EVP_DigestUpdate(ctx.get(), msg.data(), msg.size()) != 1 ||
                           EVP_DigestFinal_ex(ctx.get(), o, nullptr) != 1)
                         std::abort();
                     };
                   }});
  }
  // The engine stays loaded (and initialised) for the rest of the process.
}

}  // namespace axiom::bench::peers
