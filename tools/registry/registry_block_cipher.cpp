#include "registry/registry_block_cipher.hpp"

#include <algorithm>
#include <array>
#include <type_traits>

#include "axiom/cpu.hpp"
#include "core/block_ciphers.hpp"
#include "gcm/gcm_kernel.hpp"
#include "ghash/ghash_kernel.hpp"
#include "mgm/mgm_kernel.hpp"
#include "mgm64/mgm64_kernel.hpp"
#include "registry/registry_kuznyechik.hpp"

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
    return [ccm](std::span<const std::uint8_t> m, std::uint8_t* o) {
      (void)ccm->seal({o, m.size() + 16}, nonce, {}, m);
    };
  }
  auto gcm = std::make_shared<const Gcm<C>>(cipher, g);
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

// xts: op "xts-enc" or "xts-dec" over the data cipher k1 and the tweak cipher k2.
template <class C>
MessageFn xts(const std::string& op, const C& k1, const C& k2) {
  auto x = std::make_shared<const Xts<C>>(k1, k2);
  const bool dec = op == "xts-dec";
  return [x, dec](std::span<const std::uint8_t> m, std::uint8_t* o) {
    (void)(dec ? x->decrypt({o, m.size()}, m, iv) : x->encrypt({o, m.size()}, m, iv));
  };
}

// make_nist keys C with kernel k outside the timing: the ops of block_cipher_ops.
template <class C, class Kernel>
MessageFn make_nist(const std::string& op, const Kernel& k, const detail::GhashKernel& g,
                    std::span<const std::uint8_t> key) {
  if (op.starts_with("xts-")) {
    const std::vector<std::uint8_t> both = xts_bench_key(key, C::key_size);
    return xts(
        op, C(std::span<const std::uint8_t, C::key_size>(both.data(), C::key_size), k),
        C(std::span<const std::uint8_t, C::key_size>(both.data() + C::key_size, C::key_size), k));
  }
  return make(op, C(key.first<C::key_size>(), k), g);
}

// make_gost keys the GOST cipher C with kernel k outside the timing: the ops of kuz_ops (GOST
// CTR from the IV kuz_bench_iv's first half block, then zeros; CBC from kuz_bench_iv; OMAC as
// "mac"; MGM with nonce kuz_bench_iv). portable: k is the row's portable kernel, which MGM
// pairs with the portable multiplication (the others get the best one).
template <class C, class Kernel>
MessageFn make_gost(const std::string& op, const Kernel& k, bool portable,
                    std::span<const std::uint8_t> key) {
  constexpr std::size_t B = C::block_size;
  const C cipher(key.first<C::key_size>(), k);
  const std::span<const std::uint8_t, B> gost_iv(kuz_bench_iv, B);
  if (op == "mgm-seal") {
    const auto& mul = [&]() -> const detail::MgmMul<B>& {
      if constexpr (B == 16)
        return portable ? detail::mgm_portable : detail::mgm_select(cpu::hardware());
      else
        return portable ? detail::mgm64_portable : detail::mgm64_select(cpu::hardware());
    }();
    auto m = std::make_shared<const Mgm<C>>(cipher, mul);
    return [m, gost_iv](std::span<const std::uint8_t> msg, std::uint8_t* o) {
      (void)m->seal({o, msg.size() + B}, gost_iv, {}, msg);
    };
  }
  static const std::array<std::uint8_t, B> c0 = [] {
    std::array<std::uint8_t, B> c{};
    std::copy(kuz_bench_iv, kuz_bench_iv + B / 2, c.begin());
    return c;
  }();
  return block_mode(op == "mac"      ? "cmac"
                    : op == "mac-x8" ? "cmac-x8"
                                     : op,
                    cipher, op == "ctr" ? std::span<const std::uint8_t, B>(c0) : gost_iv);
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

// make_subject: C's message function for op on kernel k of its row.
template <class Row, class C, class Kernel>
MessageFn make_subject(const std::string& op, const Kernel& k, std::span<const std::uint8_t> key) {
  const bool portable = &k == Row::kernels().back();
  if constexpr (Row::standard == detail::CipherStandard::gost) {
    return make_gost<C>(op, k, portable, key);
  } else {
    const detail::GhashKernel& g =
        portable ? detail::ghash_portable : ghash_for(k.ops, k.info.isa());
    return make_nist<C>(op, k, g, key);
  }
}

// for_each_benched calls f.template operator()<Row, C>() for each benchmarked cipher: the
// smallest and the largest key of each row of core/block_ciphers.h.
template <class F>
void for_each_benched(F&& f) {
  detail::for_each_type<detail::BlockCipherFamilies>([&]<class Row>() {
    using First = typename Row::ciphers::first;
    using Last = typename Row::ciphers::last;
    f.template operator()<Row, First>();
    if constexpr (!std::is_same_v<First, Last>) f.template operator()<Row, Last>();
  });
}

}  // namespace

std::vector<std::string> block_cipher_ops(const std::string& algo) {
  bool nist = false;
  for_each_benched([&]<class Row, class C>() {
    nist |= Row::standard == detail::CipherStandard::nist && detail::cipher_name<C>() == algo;
  });
  if (!nist) return {};
  std::vector<std::string> ops = {"ctr",      "ecb",         "cbc-enc", "cbc-dec",
                                  "gcm-seal", "gcm-open",    "cmac",    "xts-enc",
                                  "xts-dec",  "cbc-enc-x8",  "cmac-x8", "cbc-enc-x16",
                                  "cmac-x16", "cbc-enc-x32", "cmac-x32"};
  if (algo == "sm4") ops.push_back("ccm-seal");  // CCM: SM4's (RFC 8998) only
  return ops;
}

bool is_block_cipher(const std::string& algo) {
  bool found = false;
  for_each_benched([&]<class Row, class C>() { found |= detail::cipher_name<C>() == algo; });
  return found;
}

std::vector<std::uint8_t> xts_bench_key(std::span<const std::uint8_t> key, std::size_t n) {
  std::vector<std::uint8_t> both(key.begin(), key.begin() + static_cast<std::ptrdiff_t>(n));
  for (std::size_t i = 0; i < n; ++i) both.push_back(static_cast<std::uint8_t>(both[i] ^ 0x36));
  return both;
}

void add_block_cipher_subjects(std::vector<Subject>& out) {
  const cpu::Features hw = cpu::hardware();
  for_each_benched([&]<class Row, class C>() {
    const std::string algo = detail::cipher_name<C>();
    const bool gost = Row::standard == detail::CipherStandard::gost;
    for (const std::string& op : gost ? kuz_ops() : block_cipher_ops(algo))
      for (const auto* k : Row::kernels())
        out.push_back({algo, op, std::string(k->info.isa()), true, hw.has(k->info.needs),
                       gost ? kuz_out_size : block_out_size,
                       [op, k](std::span<const std::uint8_t> key) {
                         return make_subject<Row, C>(op, *k, key);
                       }});
  });
}

bool block_cipher_reference(const Subject& s, std::span<const std::uint8_t> key,
                            std::span<const std::uint8_t> msg, std::uint8_t* want) {
  bool found = false;
  for_each_benched([&]<class Row, class C>() {
    if (found || detail::cipher_name<C>() != s.algo) return;
    make_subject<Row, C>(s.op, *Row::kernels().back(), key)(msg, want);
    found = true;
  });
  return found;
}

}  // namespace axiom::bench
