#include "registry/registry_kuznyechik.hpp"

#include <algorithm>

#include "axiom/cpu.hpp"
#include "mgm/mgm_kernel.hpp"

namespace axiom::bench {

namespace {

// mgm/sum: MGM's GF(2^128) sum of products alone, the message's whole blocks as both factors.
MessageFn mgm_sum(const detail::MgmKernel& k) {
  return [&k](std::span<const std::uint8_t> m, std::uint8_t* o) {
    std::uint8_t acc[16] = {};
    k.mac(acc, m.data(), m.data(), m.size() / 16);
    std::copy(acc, acc + 16, o);
  };
}

}  // namespace

std::vector<std::string> kuz_ops() {
  return {"ecb", "ctr", "cbc-enc", "cbc-dec", "mac", "mgm-seal", "cbc-enc-x8", "mac-x8"};
}

void add_mgm_subjects(std::vector<Subject>& out) {
  for (const detail::MgmKernel* k : detail::mgm_kernels())
    out.push_back({"mgm", "sum", std::string(k->info.isa()), true,
                   cpu::hardware().has(k->info.needs), kuz_out_size,
                   [k](std::span<const std::uint8_t>) { return mgm_sum(*k); }});
}

bool mgm_reference(const Subject& s, std::span<const std::uint8_t> msg, std::uint8_t* want) {
  if (s.algo != "mgm") return false;
  mgm_sum(detail::mgm_portable)(msg, want);
  return true;
}

}  // namespace axiom::bench
