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
#include <string>
#include <tuple>
#include <vector>

#include "peers/peers.hpp"
#include "registry/registry_kuznyechik.hpp"

namespace axiom::bench::peers {

namespace {
// The engine's control to key its MAC digests (gost_lcl.h; not in OpenSSL's headers).
constexpr int md_ctrl_set_key = EVP_MD_CTRL_ALG_CTRL + 4;
// cipher_subject: a block cipher mode of the engine keyed once. The engine 3.0.1's CTR keeps
// half of the previous counter when only the IV is reset (DESIGN.md section 6), so each CTR
// message starts from a copy of a context keyed once (re-keying costs the engine ~300 us); the
// other modes reset the IV only.
Subject cipher_subject(const char* algo, const std::string& op, const EVP_CIPHER* cipher, ENGINE* e,
                       const std::uint8_t* iv) {
  const bool decrypt = op == "cbc-dec", fresh_copy = op == "ctr";
  return {
      algo,
      op,
      "gost-engine",
      false,
      true,
      kuz_out_size,
      [cipher, e, iv, decrypt, fresh_copy](std::span<const std::uint8_t> key) -> MessageFn {
        std::shared_ptr<EVP_CIPHER_CTX> keyed(EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_free),
            ctx(EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_free);
        if (!keyed || !ctx ||
            EVP_CipherInit_ex(keyed.get(), cipher, e, key.data(), iv, decrypt ? 0 : 1) != 1 ||
            EVP_CIPHER_CTX_copy(ctx.get(), keyed.get()) != 1)
          std::abort();
        EVP_CIPHER_CTX_set_padding(ctx.get(), 0);
        return [keyed, ctx, iv, fresh_copy](std::span<const std::uint8_t> msg, std::uint8_t* o) {
          int len = 0;
          if ((fresh_copy ? EVP_CIPHER_CTX_copy(ctx.get(), keyed.get())
                          : EVP_CipherInit_ex(ctx.get(), nullptr, nullptr, nullptr, iv, -1)) != 1 ||
              EVP_CipherUpdate(ctx.get(), o, &len, msg.data(), static_cast<int>(msg.size())) != 1)
            std::abort();
        };
      }};
}
}  // namespace

void add_gost_engine(std::vector<Subject>& out) {
  ENGINE* e = ENGINE_by_id("gost");
  if (e == nullptr || ENGINE_init(e) != 1) {
    std::fprintf(stderr,
                 "bench: gost-engine skipped: the OpenSSL engine 'gost' does not load "
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
  // The GOST block ciphers on the registry's contract (registry_kuznyechik.hpp): the IVs are
  // kuz_bench_iv's first bytes (magma-ctr takes 4 bytes, kuznyechik-ctr 8, the CBCs a block);
  // the MAC copies a keyed context per message.
  struct GostCipher {
    const char* algo;
    int ecb, ctr, cbc, mac;
  };
  for (const GostCipher& g :
       {GostCipher{"kuznyechik", NID_kuznyechik_ecb, NID_kuznyechik_ctr, NID_kuznyechik_cbc,
                   NID_kuznyechik_mac},
        GostCipher{"magma", NID_magma_ecb, NID_magma_ctr, NID_magma_cbc, NID_magma_mac}}) {
    for (const std::string& op : kuz_ops()) {
      if (op == "mgm-seal" || ours_only(op)) continue;  // 3.0.1 has no MGM
      if (op == "mac") {
        const EVP_MD* md = ENGINE_get_digest(e, g.mac);
        if (md == nullptr) {
          std::fprintf(stderr, "bench: gost-engine %s mac skipped: the engine has no %s-mac\n",
                       g.algo, g.algo);
          continue;
        }
        out.push_back({g.algo, op, "gost-engine", false, true, kuz_out_size,
                       [md, e](std::span<const std::uint8_t> key) -> MessageFn {
                         // Keyed once; each message starts from a copy of the keyed context.
                         std::shared_ptr<EVP_MD_CTX> keyed(EVP_MD_CTX_new(), EVP_MD_CTX_free),
                             ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
                         std::vector<std::uint8_t> k(key.begin(), key.begin() + 32);
                         if (EVP_DigestInit_ex(keyed.get(), md, e) != 1 ||
                             EVP_MD_CTX_ctrl(keyed.get(), md_ctrl_set_key, 32, k.data()) != 1)
                           std::abort();
                         return [keyed, ctx](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                           if (EVP_MD_CTX_copy_ex(ctx.get(), keyed.get()) != 1 ||
                               EVP_DigestUpdate(ctx.get(), msg.data(), msg.size()) != 1 ||
                               EVP_DigestFinal_ex(ctx.get(), o, nullptr) != 1)
                             std::abort();
                         };
                       }});
        continue;
      }
      const int nid = op == "ecb" ? g.ecb : op == "ctr" ? g.ctr : g.cbc;
      const EVP_CIPHER* cipher = ENGINE_get_cipher(e, nid);
      if (cipher == nullptr) {
        std::fprintf(stderr, "bench: gost-engine %s %s skipped: the engine has no such cipher\n",
                     g.algo, op.c_str());
        continue;
      }
      out.push_back(cipher_subject(g.algo, op, cipher, e, kuz_bench_iv));
    }
  }
  // The engine stays loaded (and initialised) for the rest of the process.
}

}  // namespace axiom::bench::peers
