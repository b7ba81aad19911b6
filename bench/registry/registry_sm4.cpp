#include "registry/registry_sm4.hpp"

#include <memory>

#include "axiom/ccm.hpp"
#include "axiom/cpu.hpp"
#include "axiom/gcm.hpp"
#include "axiom/modes.hpp"
#include "axiom/sm4.hpp"
#include "ghash/ghash_kernel.hpp"
#include "registry/registry_aes.hpp"
#include "sm4/sm4_kernel.hpp"

namespace axiom::bench {

namespace {

const std::span<const std::uint8_t, 16> iv(aes_bench_iv, 16);
const std::span<const std::uint8_t> nonce(aes_bench_iv, 12);

// One whole message per call on a keyed object (keying outside the timing), as for AES.
MessageFn make(const std::string& op, const detail::Sm4Kernel& k, const detail::GhashKernel& g,
               std::span<const std::uint8_t> key) {
  const Sm4 cipher(std::span<const std::uint8_t, 16>(key.data(), 16), k);
  if (op == "ctr") {
    auto c = std::make_shared<Ctr<Sm4>>(cipher, iv);
    return [c](std::span<const std::uint8_t> m, std::uint8_t* o) {
      c->set_iv(iv);
      (void)c->apply({o, m.size()}, m);
    };
  }
  if (op == "ecb") {
    auto c = std::make_shared<const Ecb<Sm4>>(cipher);
    return [c](std::span<const std::uint8_t> m, std::uint8_t* o) { (void)c->encrypt({o, m.size()}, m); };
  }
  if (op == "cbc-enc" || op == "cbc-dec") {
    auto c = std::make_shared<Cbc<Sm4>>(cipher, iv);
    const bool dec = op == "cbc-dec";
    return [c, dec](std::span<const std::uint8_t> m, std::uint8_t* o) {
      c->set_iv(iv);
      (void)(dec ? c->decrypt({o, m.size()}, m) : c->encrypt({o, m.size()}, m));
    };
  }
  if (op == "cmac") {
    auto c = std::make_shared<Cmac<Sm4>>(cipher);
    return [c](std::span<const std::uint8_t> m, std::uint8_t* o) {
      c->update(m);
      c->finish(std::span<std::uint8_t, 16>(o, 16));
    };
  }
  if (op == "ccm-seal") {
    auto ccm = std::make_shared<const Sm4Ccm>(cipher);
    return [ccm](std::span<const std::uint8_t> m, std::uint8_t* o) { (void)ccm->seal({o, m.size() + 16}, nonce, {}, m); };
  }
  auto gcm = std::make_shared<const Sm4Gcm>(cipher, g);
  if (op == "gcm-seal")
    return [gcm](std::span<const std::uint8_t> m, std::uint8_t* o) { (void)gcm->seal({o, m.size() + 16}, nonce, {}, m); };
  auto sealed = std::make_shared<std::vector<std::uint8_t>>();
  return [gcm, sealed](std::span<const std::uint8_t> m, std::uint8_t* o) {
    if (sealed->size() != m.size() + 16) {
      sealed->resize(m.size() + 16);
      (void)gcm->seal(*sealed, nonce, {}, m);
    }
    (void)gcm->open({o, m.size()}, nonce, {}, *sealed);
  };
}

}  // namespace

std::vector<std::string> sm4_ops() { return {"ctr", "ecb", "cbc-enc", "cbc-dec", "gcm-seal", "gcm-open", "ccm-seal", "cmac"}; }

bool sm4_timed(const std::string& op, const std::string& impl) {
  if (impl == "vaes_avx2" || impl == "libgcrypt") return true;
  const bool main_op = op == "ctr" || op == "ecb" || op == "gcm-seal";
  if (impl == "portable") return op == "ctr";
  if (impl == "aesni" || impl == "botan") return main_op;
  if (impl == "openssl") return op == "ctr" || op == "ecb" || op == "cbc-enc" || op == "cbc-dec" || op == "cmac";
  return false;
}

void add_sm4_subjects(std::vector<Subject>& out) {
  const cpu::Features hw = cpu::hardware();
  const detail::GhashKernel& best_ghash = detail::ghash_select(hw);
  for (const std::string& op : sm4_ops()) {
    for (const detail::Sm4Kernel* k : detail::sm4_kernels()) {
      const std::string isa(k->info.isa());
      if (!sm4_timed(op, isa)) continue;
      const detail::GhashKernel* g = isa == "portable" ? &detail::ghash_portable
                                     : isa == "aesni"  ? detail::ghash_kernels()[detail::ghash_kernels().size() - 2]
                                                       : &best_ghash;
      out.push_back({"sm4", op, isa, true, hw.has(k->info.needs), aes_out_size,
                     [op, k, g](std::span<const std::uint8_t> key) { return make(op, *k, *g, key); }});
    }
  }
}

bool sm4_reference(const Subject& s, std::span<const std::uint8_t> key, std::span<const std::uint8_t> msg,
                   std::uint8_t* want) {
  if (s.algo != "sm4") return false;
  make(s.op, detail::sm4_portable, detail::ghash_portable, key)(msg, want);
  return true;
}

}  // namespace axiom::bench
