// Benchmark subjects of the ChaCha20 family: chacha20/xor, poly1305/mac, chacha20-poly1305/seal
// and /open, one per kernel (the AEAD with the Poly1305 kernel the library pairs it with: the
// scalar one inside the fused pass of chacha20/avx2).
#include <cstdlib>
#include <memory>
#include <vector>

#include "axiom/chacha20.hpp"
#include "axiom/chacha20_poly1305.hpp"
#include "axiom/cpu.hpp"
#include "axiom/poly1305.hpp"
#include "chacha20/chacha20_kernel.hpp"
#include "poly1305/poly1305_kernel.hpp"
#include "registry/registry.hpp"

namespace axiom::bench {

namespace {

using Key = std::span<const std::uint8_t, 32>;
const std::span<const std::uint8_t, 12> nonce12(bench_nonce, 12);

Key key32(std::span<const std::uint8_t> key) { return Key(key.data(), 32); }

// One whole message per call from a fresh cipher object (key set-up is part of a message).
MessageFn chacha20_xor(const detail::ChaCha20Kernel& k, std::span<const std::uint8_t> key) {
  return [&k, key = std::vector<std::uint8_t>(key.begin(), key.end())](
             std::span<const std::uint8_t> msg, std::uint8_t* out) {
    ChaCha20 c(key32(key), nonce12, 0, k);
    if (!c.crypt(std::span(out, msg.size()), msg).ok()) std::abort();
  };
}

MessageFn poly1305_mac(const detail::Poly1305Kernel& k, std::span<const std::uint8_t> key) {
  return [&k, key = std::vector<std::uint8_t>(key.begin(), key.end())](
             std::span<const std::uint8_t> msg, std::uint8_t* out) {
    Poly1305 m(key32(key), k);
    m.update(msg);
    m.finish(std::span<std::uint8_t, 16>(out, 16));
  };
}

MessageFn aead_seal(const detail::ChaCha20Kernel& c, const detail::Poly1305Kernel& p,
                    std::span<const std::uint8_t> key) {
  return [aead = ChaCha20Poly1305(key32(key), c, p)](std::span<const std::uint8_t> msg,
                                                     std::uint8_t* out) {
    if (!aead.seal(std::span(out, msg.size() + 16), nonce12, msg).ok()) std::abort();
  };
}

// Opens msg sealed once beforehand (SealedCache); the output is the plaintext, msg again.
MessageFn aead_open(const detail::ChaCha20Kernel& c, const detail::Poly1305Kernel& p,
                    std::span<const std::uint8_t> key) {
  return [aead = ChaCha20Poly1305(key32(key), c, p),
          key = std::vector<std::uint8_t>(key.begin(), key.end()),
          cache = std::make_shared<SealedCache>()](std::span<const std::uint8_t> msg,
                                                   std::uint8_t* out) {
    if (!aead.open(std::span(out, msg.size()), nonce12, cache->get(key, msg)).ok()) std::abort();
  };
}

}  // namespace

std::span<const std::uint8_t> SealedCache::get(std::span<const std::uint8_t> key,
                                               std::span<const std::uint8_t> msg) {
  if (msg.data() != for_data_ || msg.size() != for_size_ || sealed_.size() != msg.size() + 16) {
    sealed_.resize(msg.size() + 16);
    const ChaCha20Poly1305 aead(key32(key), detail::chacha20_portable, detail::poly1305_portable);
    if (!aead.seal(sealed_, nonce12, msg).ok()) std::abort();
    for_data_ = msg.data();
    for_size_ = msg.size();
  }
  return sealed_;
}

void add_chacha20_subjects(std::vector<Subject>& out) {
  const cpu::Features hw = cpu::hardware();
  for (const detail::ChaCha20Kernel* k : detail::chacha20_kernels()) {
    const bool runnable = hw.has(k->info.needs);
    const std::string isa(k->info.isa());
    out.push_back({"chacha20", "xor", isa, true, runnable, 0,
                   [k](std::span<const std::uint8_t> key) { return chacha20_xor(*k, key); }, true});
    out.push_back({"chacha20-poly1305", "seal", isa, true, runnable, 16,
                   [k](std::span<const std::uint8_t> key) {
                     return aead_seal(*k, detail::aead_poly1305(*k), key);
                   },
                   true});
    out.push_back({"chacha20-poly1305", "open", isa, true, runnable, 0,
                   [k](std::span<const std::uint8_t> key) {
                     return aead_open(*k, detail::aead_poly1305(*k), key);
                   },
                   true});
  }
  for (const detail::Poly1305Kernel* k : detail::poly1305_kernels())
    out.push_back({"poly1305", "mac", std::string(k->info.isa()), true, hw.has(k->info.needs), 16,
                   [k](std::span<const std::uint8_t> key) { return poly1305_mac(*k, key); }});
}

bool chacha20_reference(const Subject& s, std::span<const std::uint8_t> key,
                        std::span<const std::uint8_t> msg, std::vector<std::uint8_t>& want) {
  if (s.algo == "chacha20") {
    chacha20_xor(detail::chacha20_portable, key)(msg, want.data());
  } else if (s.algo == "poly1305") {
    poly1305_mac(detail::poly1305_portable, key)(msg, want.data());
  } else if (s.algo == "chacha20-poly1305" && s.op == "seal") {
    aead_seal(detail::chacha20_portable, detail::poly1305_portable, key)(msg, want.data());
  } else if (s.algo == "chacha20-poly1305" && s.op == "open") {
    want.assign(msg.begin(), msg.end());
  } else {
    return false;
  }
  return true;
}

}  // namespace axiom::bench
