#include "registry/registry.hpp"

#include <cstring>

#include "axiom/cpu.hpp"
#include "axiom/hmac.hpp"
#include "axiom/sha256.hpp"
#include "axiom/streebog.hpp"
#include "core/kernel.hpp"
#include "kernel_registry/kernel_registry.hpp"
#include "registry/registry_block_cipher.hpp"
#include "registry/registry_kuznyechik.hpp"
#include "registry/registry_magma.hpp"
#include "sha256/sha256_kernel.hpp"
#include "streebog/streebog_kernel.hpp"

namespace axiom::bench {

namespace {

// One whole message per call, from a fresh object (the hash) or a copy of the keyed one (the
// MAC): that set-up is part of what a caller pays per message, so it is inside the timing.
MessageFn sha256_hash(const detail::Sha256Kernel& k) {
  return [&k](std::span<const std::uint8_t> msg, std::uint8_t* out) {
    Sha256 h(k);
    h.update(msg);
    h.finish(std::span<std::uint8_t, Sha256::digest_size>(out, Sha256::digest_size));
  };
}

// n <= 16 independent messages, msg cut into n parts (the last one takes the rest), through
// Sha256::update_many (together in the kernel where it can); out holds the n digests.
MessageFn sha256_hash_split(const detail::Sha256Kernel& k, std::size_t n) {
  return [&k, n](std::span<const std::uint8_t> msg, std::uint8_t* out) {
    const std::size_t part = msg.size() / n;
    Sha256 h[16] = {Sha256(k), Sha256(k), Sha256(k), Sha256(k), Sha256(k), Sha256(k),
                    Sha256(k), Sha256(k), Sha256(k), Sha256(k), Sha256(k), Sha256(k),
                    Sha256(k), Sha256(k), Sha256(k), Sha256(k)};
    Sha256* hashers[16];
    std::span<const std::uint8_t> parts[16];
    for (std::size_t i = 0; i < n; ++i) {
      hashers[i] = &h[i];
      parts[i] = i + 1 < n ? msg.subspan(i * part, part) : msg.subspan(i * part);
    }
    (void)Sha256::update_many(std::span(hashers, n), std::span(parts, n));
    for (std::size_t i = 0; i < n; ++i)
      h[i].finish(std::span<std::uint8_t, Sha256::digest_size>(out + i * Sha256::digest_size,
                                                               Sha256::digest_size));
  };
}

MessageFn hmac_sha256_mac(const detail::Sha256Kernel& k, std::span<const std::uint8_t> key) {
  return
      [keyed = Hmac<Sha256>(key, Sha256(k))](std::span<const std::uint8_t> msg, std::uint8_t* out) {
        Hmac<Sha256> m(keyed);
        m.update(msg);
        m.finish(std::span<std::uint8_t, Hmac<Sha256>::tag_size>(out, Hmac<Sha256>::tag_size));
      };
}

template <class H>
MessageFn streebog_hash(const detail::StreebogKernel& k) {
  return [&k](std::span<const std::uint8_t> msg, std::uint8_t* out) {
    H h(k);
    h.update(msg);
    h.finish(std::span<std::uint8_t, H::digest_size>(out, H::digest_size));
  };
}

// Two independent messages, the two halves of msg, through update_many (both chains in one
// set of registers where the kernel interleaves them); out holds both digests.
template <class H>
MessageFn streebog_hash_pair(const detail::StreebogKernel& k) {
  return [&k](std::span<const std::uint8_t> msg, std::uint8_t* out) {
    const std::size_t half = msg.size() / 2;
    H a(k), b(k);
    H* hashers[] = {&a, &b};
    const std::span<const std::uint8_t> parts[] = {msg.first(half), msg.subspan(half)};
    (void)H::update_many(hashers, parts);
    a.finish(std::span<std::uint8_t, H::digest_size>(out, H::digest_size));
    b.finish(std::span<std::uint8_t, H::digest_size>(out + H::digest_size, H::digest_size));
  };
}

}  // namespace

std::vector<Subject> subjects() {
  std::vector<Subject> out;
  const cpu::Features hw = cpu::hardware();
  for (const detail::Sha256Kernel* k : detail::sha256_kernels()) {
    const bool runnable = hw.has(k->info.needs);
    const std::string isa(k->info.isa());
    out.push_back({"sha256", "hash", isa, true, runnable, Sha256::digest_size,
                   [k](std::span<const std::uint8_t>) { return sha256_hash(*k); }});
    out.push_back({"sha256", "hash2", isa, true, runnable, 2 * Sha256::digest_size,
                   [k](std::span<const std::uint8_t>) { return sha256_hash_split(*k, 2); }});
    out.push_back({"sha256", "hash16", isa, true, runnable, 16 * Sha256::digest_size,
                   [k](std::span<const std::uint8_t>) { return sha256_hash_split(*k, 16); }});
    out.push_back({"hmac-sha256", "mac", isa, true, runnable, Hmac<Sha256>::tag_size,
                   [k](std::span<const std::uint8_t> key) { return hmac_sha256_mac(*k, key); }});
  }
  for (const detail::StreebogKernel* k : detail::streebog_kernels()) {
    const bool runnable = hw.has(k->info.needs);
    const std::string isa(k->info.isa());
    // The portable kernel looks its fused S+P+L tables up by message and state bytes.
    std::vector<std::span<const std::uint8_t>> tables;
    if (k == &detail::streebog_portable)
      tables.emplace_back(reinterpret_cast<const std::uint8_t*>(&detail::streebog_lps),
                          sizeof detail::streebog_lps);
    out.push_back({"streebog256", "hash", isa, true, runnable, Streebog256::digest_size,
                   [k](std::span<const std::uint8_t>) { return streebog_hash<Streebog256>(*k); },
                   false, tables});
    out.push_back({"streebog512", "hash", isa, true, runnable, Streebog512::digest_size,
                   [k](std::span<const std::uint8_t>) { return streebog_hash<Streebog512>(*k); },
                   false, tables});
    out.push_back(
        {"streebog256", "hash2", isa, true, runnable, 2 * Streebog256::digest_size,
         [k](std::span<const std::uint8_t>) { return streebog_hash_pair<Streebog256>(*k); }, false,
         tables});
    out.push_back(
        {"streebog512", "hash2", isa, true, runnable, 2 * Streebog512::digest_size,
         [k](std::span<const std::uint8_t>) { return streebog_hash_pair<Streebog512>(*k); }, false,
         tables});
  }
  add_chacha20_subjects(out);
  add_block_cipher_subjects(out);
  add_ghash_subjects(out);
  add_mgm_subjects(out);
  add_mgm64_subjects(out);
  return out;
}

bool runs_kernel(const Subject& s, const detail::KernelInfo& k) {
  return s.ours && s.impl == k.isa() &&
         (s.algo.find(k.algorithm()) != std::string::npos ||
          s.op.find(k.algorithm()) != std::string::npos);
}

const detail::KernelInfo* kernel_of(const Subject& s) {
  for (const detail::KernelInfo* k : detail::all_kernels())
    if (runs_kernel(s, *k)) return k;
  return nullptr;
}

const detail::KernelInfo* default_kernel(std::string_view algorithm, cpu::Features f) {
  struct Entry {  // what select_kernel reads of a kernel
    const detail::KernelInfo& info;
  };
  std::vector<Entry> entries;
  for (const detail::KernelInfo* k : detail::all_kernels())
    if (k->algorithm() == algorithm) entries.push_back({*k});
  if (entries.empty()) return nullptr;
  std::vector<const Entry*> list;
  for (const Entry& e : entries) list.push_back(&e);
  return &detail::select_kernel<Entry>(list, f).info;
}

bool is_default(const Subject& s) {
  const detail::KernelInfo* k = kernel_of(s);
  return k != nullptr && default_kernel(k->algorithm(), cpu::detected()) == k;
}

std::vector<std::uint8_t> random_bytes(std::size_t n, std::uint64_t seed) {
  // splitmix64: fast, good enough for test data, identical on every run.
  std::vector<std::uint8_t> v(n);
  std::uint64_t x = seed;
  for (std::size_t i = 0; i < n; i += 8) {
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    std::memcpy(v.data() + i, &z, n - i < 8 ? n - i : 8);
  }
  return v;
}

bool reference(const Subject& s, std::size_t size, std::vector<std::uint8_t>& want) {
  const std::vector<std::uint8_t> key = random_bytes(key_size, 1);
  const std::vector<std::uint8_t> msg = random_bytes(size, 2 + size);
  want.assign(s.output_size(size), 0);
  if (s.algo == "sha256" && (s.op == "hash2" || s.op == "hash16")) {
    const std::size_t n = s.op == "hash2" ? 2 : 16, part = msg.size() / n;
    for (std::size_t i = 0; i < n; ++i)
      sha256_hash(detail::sha256_portable)(
          i + 1 < n ? std::span(msg).subspan(i * part, part) : std::span(msg).subspan(i * part),
          want.data() + 32 * i);
  } else if (s.algo == "sha256") {
    sha256_hash(detail::sha256_portable)(msg, want.data());
  } else if (s.algo == "hmac-sha256") {
    hmac_sha256_mac(detail::sha256_portable, key)(msg, want.data());
  } else if (s.algo == "streebog256" && s.op == "hash2") {
    const std::size_t half = msg.size() / 2;
    streebog_hash<Streebog256>(detail::streebog_portable)(std::span(msg).first(half), want.data());
    streebog_hash<Streebog256>(detail::streebog_portable)(std::span(msg).subspan(half),
                                                          want.data() + 32);
  } else if (s.algo == "streebog512" && s.op == "hash2") {
    const std::size_t half = msg.size() / 2;
    streebog_hash<Streebog512>(detail::streebog_portable)(std::span(msg).first(half), want.data());
    streebog_hash<Streebog512>(detail::streebog_portable)(std::span(msg).subspan(half),
                                                          want.data() + 64);
  } else if (s.algo == "streebog256") {
    streebog_hash<Streebog256>(detail::streebog_portable)(msg, want.data());
  } else if (s.algo == "streebog512") {
    streebog_hash<Streebog512>(detail::streebog_portable)(msg, want.data());
  } else if (chacha20_reference(s, key, msg, want) || ghash_reference(s, key, msg, want.data())) {
  } else if (mgm_reference(s, msg, want.data()) || mgm64_reference(s, msg, want.data())) {
  } else if (!block_cipher_reference(s, key, msg, want.data())) {
    return false;
  }
  return true;
}

std::string verify(const Subject& s, std::size_t size, const std::vector<std::uint8_t>& want) {
  const std::vector<std::uint8_t> key = random_bytes(key_size, 1);
  const std::vector<std::uint8_t> msg = random_bytes(size, 2 + size);
  std::vector<std::uint8_t> got(s.output_size(size));
  s.prepare(key)(msg, got.data());
  if (got != want)
    return s.name() + " gives a wrong answer on a " + std::to_string(size) +
           "-byte message (differs from axiom's portable kernel)";
  return {};
}

std::string verify(const Subject& s, std::size_t size) {
  std::vector<std::uint8_t> want;
  if (!reference(s, size, want)) return "no reference for algorithm " + s.algo;
  return verify(s, size, want);
}

}  // namespace axiom::bench
