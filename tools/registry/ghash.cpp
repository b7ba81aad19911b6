// Benchmark subjects of GHASH ("ghash"/"hash", one per GHASH kernel): the kernel's bulk call
// alone, the part of AES-GCM that is not AES. No peer exposes it; the GCM figures compare.
#include <cstring>
#include <memory>

#include "axiom/cpu.hpp"
#include "ghash/ghash_kernel.hpp"
#include "registry/registry.hpp"

namespace axiom::bench {

namespace {

// H = the first 16 key bytes; y starts at zero; the message's whole blocks are hashed.
MessageFn ghash(const detail::GhashKernel& g, std::span<const std::uint8_t> key) {
  auto hk = std::make_shared<detail::GhashKey>();
  g.init(*hk, key.data());
  return [&g, hk](std::span<const std::uint8_t> msg, std::uint8_t* out) {
    std::memset(out, 0, 16);
    g.blocks(*hk, out, msg.data(), msg.size() / 16);
  };
}

}  // namespace

void add_ghash_subjects(std::vector<Subject>& out) {
  const cpu::Features hw = cpu::hardware();
  for (const detail::GhashKernel* g : detail::ghash_kernels())
    out.push_back({"ghash", "hash", std::string(g->info.isa()), true, hw.has(g->info.needs), 16,
                   [g](std::span<const std::uint8_t> key) { return ghash(*g, key); }});
}

bool ghash_reference(const Subject& s, std::span<const std::uint8_t> key,
                     std::span<const std::uint8_t> msg, std::uint8_t* want) {
  if (s.algo != "ghash") return false;
  ghash(detail::ghash_portable, key)(msg, want);
  return true;
}

}  // namespace axiom::bench
