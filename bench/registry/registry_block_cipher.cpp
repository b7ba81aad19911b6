#include "registry/registry_block_cipher.hpp"

#include <type_traits>

#include "aes/aes_kernel.hpp"
#include "axiom/aes.hpp"
#include "axiom/ccm.hpp"
#include "axiom/cpu.hpp"
#include "axiom/gcm.hpp"
#include "axiom/sm4.hpp"
#include "axiom/xts.hpp"
#include "gcm/gcm_kernel.hpp"
#include "ghash/ghash_kernel.hpp"
#include "sm4/sm4_kernel.hpp"

namespace axiom::bench {

namespace {

const std::span<const std::uint8_t, 16> iv(block_bench_iv, 16);
const std::span<const std::uint8_t> nonce(block_bench_iv, 12);

// The modes of block_mode, and the AEADs: GCM with GHASH kernel g, CCM.
template <class C>
MessageFn make(const std::string& op, const C& cipher, const detail::GhashKernel& g) {
  if (MessageFn f = block_mode(op, cipher, iv)) return f;
  if (op == "ccm-seal") {
    auto ccm = std::make_shared<const Ccm<C>>(cipher);
    return [ccm](std::span<const std::uint8_t> m, std::uint8_t* o) { (void)ccm->seal({o, m.size() + 16}, nonce, {}, m); };
  }
  auto gcm = std::make_shared<const Gcm<C>>(cipher, g);
  if (op == "gcm-seal")
    return [gcm](std::span<const std::uint8_t> m, std::uint8_t* o) { (void)gcm->seal({o, m.size() + 16}, nonce, {}, m); };
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

// xts: op "xts-enc" or "xts-dec" over the data cipher k1 and the tweak cipher k2.
template <class C>
MessageFn xts(const std::string& op, const C& k1, const C& k2) {
  auto x = std::make_shared<const Xts<C>>(k1, k2);
  const bool dec = op == "xts-dec";
  return [x, dec](std::span<const std::uint8_t> m, std::uint8_t* o) {
    (void)(dec ? x->decrypt({o, m.size()}, m, iv) : x->encrypt({o, m.size()}, m, iv));
  };
}

// make_any keys algo's cipher with kernel k (an AesKernel or an Sm4Kernel) outside the timing.
template <class Kernel>
MessageFn make_any(const std::string& algo, const std::string& op, const Kernel& k, const detail::GhashKernel& g,
                   std::span<const std::uint8_t> key) {
  if (op.starts_with("xts-")) {
    const std::vector<std::uint8_t> both = xts_bench_key(key, algo == "aes-256" ? 32 : 16);
    const std::span<const std::uint8_t> k1(both.data(), both.size() / 2), k2(both.data() + both.size() / 2, both.size() / 2);
    if constexpr (std::is_same_v<Kernel, detail::Sm4Kernel>) {
      return xts(op, Sm4(k1.first<16>(), k), Sm4(k2.first<16>(), k));
    } else {
      if (algo == "aes-128") return xts(op, Aes128(k1.first<16>(), k), Aes128(k2.first<16>(), k));
      return xts(op, Aes256(k1.first<32>(), k), Aes256(k2.first<32>(), k));
    }
  }
  if constexpr (std::is_same_v<Kernel, detail::Sm4Kernel>) {
    return make(op, Sm4(key.first<16>(), k), g);
  } else {
    if (algo == "aes-128") return make(op, Aes128(key.first<16>(), k), g);
    return make(op, Aes256(key.first<32>(), k), g);
  }
}

// GCM pairs each cipher kernel with the GHASH kernel of its generation: that of its fused GCM
// kernel where it has one (vaes_avx2 with vpclmul_avx2, as a CPU without AVX-512 runs it).
const detail::GhashKernel& ghash_for(const detail::Block128Ops& ops, std::string_view isa) {
  for (const detail::GcmFusedKernel* f : detail::gcm_kernels())
    if (f->cipher == &ops) return *f->ghash;
  if (isa == "portable") return detail::ghash_portable;
#if AXIOM_X86_64
  if (isa == "aesni") return detail::ghash_pclmul;
#endif
  return detail::ghash_select(cpu::hardware());
}

template <class Kernel>
void add_kernels(std::vector<Subject>& out, const std::string& algo, std::span<const Kernel* const> kernels) {
  const cpu::Features hw = cpu::hardware();
  for (const std::string& op : block_cipher_ops(algo))
    for (const Kernel* k : kernels) {
      const detail::GhashKernel* g = &ghash_for(k->ops, k->info.isa());
      out.push_back({algo, op, std::string(k->info.isa()), true, hw.has(k->info.needs), block_out_size,
                     [algo, op, k, g](std::span<const std::uint8_t> key) { return make_any(algo, op, *k, *g, key); }});
    }
}

}  // namespace

std::vector<std::string> block_cipher_ops(const std::string& algo) {
  std::vector<std::string> ops = {"ctr", "ecb", "cbc-enc", "cbc-dec", "gcm-seal", "gcm-open", "cmac", "xts-enc", "xts-dec",
                                  "cbc-enc-x8", "cmac-x8", "cbc-enc-x16", "cmac-x16", "cbc-enc-x32", "cmac-x32"};
  if (algo == "sm4") ops.push_back("ccm-seal");
  else if (algo != "aes-128" && algo != "aes-256") ops.clear();
  return ops;
}

std::vector<std::uint8_t> xts_bench_key(std::span<const std::uint8_t> key, std::size_t n) {
  std::vector<std::uint8_t> both(key.begin(), key.begin() + static_cast<std::ptrdiff_t>(n));
  for (std::size_t i = 0; i < n; ++i) both.push_back(static_cast<std::uint8_t>(both[i] ^ 0x36));
  return both;
}

void add_block_cipher_subjects(std::vector<Subject>& out) {
  add_kernels(out, "aes-128", detail::aes_kernels());
  add_kernels(out, "aes-256", detail::aes_kernels());
  add_kernels(out, "sm4", detail::sm4_kernels());
}

bool block_cipher_reference(const Subject& s, std::span<const std::uint8_t> key, std::span<const std::uint8_t> msg,
                            std::uint8_t* want) {
  if (s.algo == "sm4")
    make_any(s.algo, s.op, detail::sm4_portable, detail::ghash_portable, key)(msg, want);
  else if (s.algo == "aes-128" || s.algo == "aes-256")
    make_any(s.algo, s.op, detail::aes_portable, detail::ghash_portable, key)(msg, want);
  else
    return false;
  return true;
}

}  // namespace axiom::bench
