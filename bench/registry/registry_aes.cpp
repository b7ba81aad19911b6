#include "registry/registry_aes.hpp"

#include <memory>

#include "aes/aes_kernel.hpp"
#include "axiom/aes.hpp"
#include "axiom/cpu.hpp"
#include "axiom/gcm.hpp"
#include "axiom/modes.hpp"
#include "ghash/ghash_kernel.hpp"

namespace axiom::bench {

namespace {

const std::span<const std::uint8_t, 16> iv(aes_bench_iv, 16);
const std::span<const std::uint8_t> nonce(aes_bench_iv, 12);

// One whole message per call; the keyed object is reused and only its IV reset (set_iv), as
// a user with one key and many messages does and as the peers are timed. Keying is outside.
template <std::size_t K>
MessageFn make(const std::string& op, const detail::AesKernel& k, const detail::GhashKernel& g,
               std::span<const std::uint8_t> key) {
  using C = AesCipher<K>;
  const std::span<const std::uint8_t, K> kk(key.data(), K);
  const C cipher(kk, k);
  if (op == "ctr") {
    auto c = std::make_shared<Ctr<C>>(cipher, iv);
    return [c](std::span<const std::uint8_t> m, std::uint8_t* o) {
      c->set_iv(iv);
      (void)c->apply({o, m.size()}, m);
    };
  }
  if (op == "ecb") {
    auto c = std::make_shared<const Ecb<C>>(cipher);
    return [c](std::span<const std::uint8_t> m, std::uint8_t* o) { (void)c->encrypt({o, m.size()}, m); };
  }
  if (op == "cbc-enc" || op == "cbc-dec") {
    auto c = std::make_shared<Cbc<C>>(cipher, iv);
    const bool dec = op == "cbc-dec";
    return [c, dec](std::span<const std::uint8_t> m, std::uint8_t* o) {
      c->set_iv(iv);
      (void)(dec ? c->decrypt({o, m.size()}, m) : c->encrypt({o, m.size()}, m));
    };
  }
  if (op == "cmac") {
    auto c = std::make_shared<Cmac<C>>(cipher);
    return [c](std::span<const std::uint8_t> m, std::uint8_t* o) {
      c->update(m);
      c->finish(std::span<std::uint8_t, 16>(o, 16));
    };
  }
  auto gcm = std::make_shared<const AesGcm<K>>(kk, k, g);
  if (op == "gcm-seal")
    return [gcm](std::span<const std::uint8_t> m, std::uint8_t* o) {
      (void)gcm->seal({o, m.size() + 16}, nonce, {}, m);
    };
  // gcm-open: the message is sealed once (per message size), then opened on every call.
  auto sealed = std::make_shared<std::vector<std::uint8_t>>();
  return [gcm, sealed](std::span<const std::uint8_t> m, std::uint8_t* o) {
    if (sealed->size() != m.size() + 16) {
      sealed->resize(m.size() + 16);
      (void)gcm->seal(*sealed, nonce, {}, m);
    }
    (void)gcm->open({o, m.size()}, nonce, {}, *sealed);
  };
}

MessageFn make_any(const std::string& algo, const std::string& op, const detail::AesKernel& k,
                   const detail::GhashKernel& g, std::span<const std::uint8_t> key) {
  return algo == "aes-128" ? make<16>(op, k, g, key) : make<32>(op, k, g, key);
}

}  // namespace

std::vector<std::string> aes_ops(const std::string& algo) {
  if (algo == "aes-128") return {"ctr", "ecb", "cbc-enc", "cbc-dec", "gcm-seal", "gcm-open", "cmac"};
  return {"ctr", "gcm-seal"};
}

bool aes_timed(const std::string& algo, const std::string& op, const std::string& impl) {
  // Every op: our best kernel and the fastest peer here (libgcrypt). AES-128 CTR and GCM seal
  // also: the AES-NI kernel, OpenSSL, Botan and nettle (and portable for CTR); GCM open and ECB:
  // OpenSSL (libgcrypt has no fast ECB path).
  if (impl == "vaes_avx2" || impl == "libgcrypt") return true;
  const bool main_op = algo == "aes-128" && (op == "ctr" || op == "gcm-seal");
  if (impl == "portable") return algo == "aes-128" && op == "ctr";
  if (impl == "aesni" || impl == "nettle" || impl == "botan") return main_op;
  if (impl == "openssl") return main_op || (algo == "aes-128" && (op == "gcm-open" || op == "ecb"));
  return false;
}

void add_aes_subjects(std::vector<Subject>& out) {
  const cpu::Features hw = cpu::hardware();
  const detail::GhashKernel& best_ghash = detail::ghash_select(hw);
  for (const std::string algo : {"aes-128", "aes-256"}) {
    for (const std::string& op : aes_ops(algo)) {
      for (const detail::AesKernel* k : detail::aes_kernels()) {
        const std::string isa(k->info.isa());
        if (!aes_timed(algo, op, isa)) continue;
        // GCM pairs each AES kernel with the GHASH kernel of its generation.
        const detail::GhashKernel* g = isa == "portable" ? &detail::ghash_portable
                                       : isa == "aesni"  ? &detail::ghash_pclmul
                                                         : &best_ghash;
        out.push_back({algo, op, isa, true, hw.has(k->info.needs), aes_out_size,
                       [algo, op, k, g](std::span<const std::uint8_t> key) { return make_any(algo, op, *k, *g, key); }});
      }
    }
  }
}

bool aes_reference(const Subject& s, std::span<const std::uint8_t> key, std::span<const std::uint8_t> msg,
                   std::uint8_t* want) {
  if (s.algo != "aes-128" && s.algo != "aes-256") return false;
  make_any(s.algo, s.op, detail::aes_portable, detail::ghash_portable, key)(msg, want);
  return true;
}

}  // namespace axiom::bench
