#include "registry/registry_magma.hpp"

#include <algorithm>

#include "axiom/cpu.hpp"
#include "mgm64/mgm64_kernel.hpp"

namespace axiom::bench {

namespace {

// mgm64/sum: MGM's GF(2^64) sum of products alone, the message's whole blocks as both factors.
MessageFn mgm64_sum(const detail::Mgm64Kernel& k) {
  return [&k](std::span<const std::uint8_t> m, std::uint8_t* o) {
    std::uint8_t acc[8] = {};
    k.mac(acc, m.data(), m.data(), m.size() / 8);
    std::copy(acc, acc + 8, o);
  };
}

}  // namespace

void add_mgm64_subjects(std::vector<Subject>& out) {
  const cpu::Features hw = cpu::hardware();
  for (const detail::Mgm64Kernel* k : detail::mgm64_kernels())
    out.push_back({"mgm64", "sum", std::string(k->info.isa()), true, hw.has(k->info.needs), 8,
                   [k](std::span<const std::uint8_t>) { return mgm64_sum(*k); }});
}

bool mgm64_reference(const Subject& s, std::span<const std::uint8_t> msg, std::uint8_t* want) {
  if (s.algo != "mgm64") return false;
  mgm64_sum(detail::mgm64_portable)(msg, want);
  return true;
}

}  // namespace axiom::bench
