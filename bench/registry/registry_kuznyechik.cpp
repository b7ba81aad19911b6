#include "registry/registry_kuznyechik.hpp"

#include <algorithm>
#include <array>
#include <memory>

#include "axiom/cpu.hpp"
#include "axiom/kuznyechik.hpp"
#include "axiom/mgm.hpp"
#include "kuznyechik/kuznyechik_kernel.hpp"
#include "mgm/mgm_kernel.hpp"
#include "registry/registry_block_cipher.hpp"

namespace axiom::bench {

namespace {

const std::span<const std::uint8_t, 16> iv16(kuz_bench_iv, 16);

std::array<std::uint8_t, 16> ctr_block() {
  std::array<std::uint8_t, 16> c{};
  std::copy(kuz_bench_iv, kuz_bench_iv + 8, c.begin());
  return c;
}

// The modes of block_mode (GOST CTR from the counter block ctr_block(), CBC from iv16, OMAC as
// "mac") and MGM.
MessageFn make(const std::string& op, const detail::KuznyechikKernel& k, std::span<const std::uint8_t> key) {
  const Kuznyechik cipher(std::span<const std::uint8_t, 32>(key.data(), 32), k);
  if (op == "mgm-seal") {
    // The portable cipher with the portable multiplication, the others with the best one.
    const detail::MgmKernel& mul =
        &k == &detail::kuznyechik_portable ? detail::mgm_portable : detail::mgm_select(cpu::hardware());
    auto m = std::make_shared<const KuznyechikMgm>(cipher, mul);
    return [m](std::span<const std::uint8_t> msg, std::uint8_t* o) {
      (void)m->seal({o, msg.size() + 16}, std::span<const std::uint8_t>(kuz_bench_iv, 16), {}, msg);
    };
  }
  static const std::array<std::uint8_t, 16> c0 = ctr_block();
  return block_mode(op == "mac" ? "cmac" : op == "mac-x8" ? "cmac-x8" : op, cipher, op == "ctr" ? std::span<const std::uint8_t, 16>(c0) : iv16);
}

}  // namespace

void add_mgm_subjects(std::vector<Subject>& out);

std::vector<std::string> kuz_ops() { return {"ecb", "ctr", "cbc-enc", "cbc-dec", "mac", "mgm-seal", "cbc-enc-x8", "mac-x8"}; }

void add_kuznyechik_subjects(std::vector<Subject>& out) {
  add_mgm_subjects(out);
  const cpu::Features hw = cpu::hardware();
  for (const std::string& op : kuz_ops())
    for (const detail::KuznyechikKernel* k : detail::kuznyechik_kernels()) {
      const std::string isa(k->info.isa());
      out.push_back({"kuznyechik", op, isa, true, hw.has(k->info.needs), kuz_out_size,
                     [op, k](std::span<const std::uint8_t> key) { return make(op, *k, key); }});
    }
}

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

void add_mgm_subjects(std::vector<Subject>& out) {
  for (const detail::MgmKernel* k : detail::mgm_kernels())
    out.push_back({"mgm", "sum", std::string(k->info.isa()), true, cpu::hardware().has(k->info.needs), kuz_out_size,
                   [k](std::span<const std::uint8_t>) { return mgm_sum(*k); }});
}

bool kuznyechik_reference(const Subject& s, std::span<const std::uint8_t> key, std::span<const std::uint8_t> msg,
                          std::uint8_t* want) {
  if (s.algo == "mgm") {
    mgm_sum(detail::mgm_portable)(msg, want);
    return true;
  }
  if (s.algo != "kuznyechik") return false;
  make(s.op, detail::kuznyechik_tables, key)(msg, want);
  return true;
}

}  // namespace axiom::bench
