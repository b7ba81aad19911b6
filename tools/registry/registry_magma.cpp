#include "registry/registry_magma.hpp"

#include <algorithm>
#include <cstring>
#include <memory>

#include "magma/magma_kernel.hpp"
#include "mgm64/mgm64_kernel.hpp"

namespace axiom::bench {

namespace {

MessageFn make(const std::string& op, const detail::MagmaKernel& k,
               std::span<const std::uint8_t> key) {
  auto ks = std::make_shared<detail::MagmaSchedule>();
  detail::magma_schedule_from_key(*ks, key.data());
  const detail::Block64Ops* ops = &k.ops;
  if (op == "ecb")
    return [ks, ops](std::span<const std::uint8_t> m, std::uint8_t* o) {
      ops->encrypt_blocks(ks.get(), o, m.data(), m.size() / 8);
    };
  if (op == "cbc-enc")
    return [ks, ops](std::span<const std::uint8_t> m, std::uint8_t* o) {
      std::uint8_t iv[8];
      std::memcpy(iv, magma_bench_iv, 8);
      ops->cbc_encrypt(ks.get(), iv, o, m.data(), m.size() / 8);
    };
  return [ks, ops](std::span<const std::uint8_t> m, std::uint8_t* o) {
    std::uint8_t ctr[8] = {
        magma_bench_iv[0], magma_bench_iv[1], magma_bench_iv[2], magma_bench_iv[3], 0, 0, 0, 0};
    const std::size_t whole = m.size() / 8, tail = m.size() % 8;
    ops->ctr_xor(ks.get(), ctr, o, m.data(), whole);
    if (tail != 0) {
      std::uint8_t b[8] = {};
      std::memcpy(b, m.data() + 8 * whole, tail);
      ops->ctr_xor(ks.get(), ctr, b, b, 1);
      std::memcpy(o + 8 * whole, b, tail);
    }
  };
}

// mgm64/sum: MGM's GF(2^64) sum of products alone, the message's whole blocks as both factors.
MessageFn mgm64_sum(const detail::Mgm64Kernel& k) {
  return [&k](std::span<const std::uint8_t> m, std::uint8_t* o) {
    std::uint8_t acc[8] = {};
    k.mac(acc, m.data(), m.data(), m.size() / 8);
    std::copy(acc, acc + 8, o);
  };
}

}  // namespace

std::vector<std::string> magma_ops() { return {"ecb", "ctr", "cbc-enc"}; }

void add_magma_subjects(std::vector<Subject>& out) {
  const cpu::Features hw = cpu::hardware();
  for (const std::string& op : magma_ops())
    for (const detail::MagmaKernel* k : detail::magma_kernels())
      out.push_back({"magma", op, std::string(k->info.isa()), true, hw.has(k->info.needs), 0,
                     [op, k](std::span<const std::uint8_t> key) { return make(op, *k, key); },
                     true});
  for (const detail::Mgm64Kernel* k : detail::mgm64_kernels())
    out.push_back({"mgm64", "sum", std::string(k->info.isa()), true, hw.has(k->info.needs), 8,
                   [k](std::span<const std::uint8_t>) { return mgm64_sum(*k); }});
}

bool magma_reference(const Subject& s, std::span<const std::uint8_t> key,
                     std::span<const std::uint8_t> msg, std::uint8_t* want) {
  if (s.algo == "mgm64") {
    mgm64_sum(detail::mgm64_portable)(msg, want);
    return true;
  }
  if (s.algo != "magma") return false;
  make(s.op, detail::magma_portable, key)(msg, want);
  return true;
}

}  // namespace axiom::bench
