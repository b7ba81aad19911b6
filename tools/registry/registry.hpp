// registry.hpp: the subjects of axiom's benchmarks, shared by make bench (bench/bench_main.cpp)
// and the `axiom bench` sub-command, so the two always measure the same code.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "axiom/cpu.hpp"

#if defined(__x86_64__) || defined(_M_X64)
#include <x86intrin.h>
#else
#include <chrono>
#endif

namespace axiom::detail {
struct KernelInfo;
}

namespace axiom::bench {

// MessageFn processes one whole message into out (Subject::output_size(msg.size()) bytes: a
// digest, a tag, or a ciphertext).
using MessageFn = std::function<void(std::span<const std::uint8_t> msg, std::uint8_t* out)>;

// Subject is one thing to time: an algorithm and operation ("sha256"/"hash",
// "sha256"/"hash2" = the message's two halves as two messages at once, "hash16" its sixteenths
// as sixteen, "hmac-sha256"/"mac") in one implementation (our kernel's ISA name, or a peer
// library's name).
struct Subject {
  std::string algo;
  std::string op;
  std::string impl;
  bool ours = true;
  bool runnable = true;      // false: the CPU lacks a feature the kernel needs
  std::size_t out_size = 0;  // the output's fixed part (digest, tag)
  // prepare does the per-key set-up (nothing for a hash) outside any timed loop and returns
  // the function that processes one message, as a user hashing many messages would.
  std::function<MessageFn(std::span<const std::uint8_t> key)> prepare;

  // out_grows: the output also holds one byte per message byte (a cipher).
  bool out_grows = false;
  // tables: memory the implementation reads besides its key and buffers (a table kernel's
  // tables), flushed with them before each call of a cold-cache run.
  std::vector<std::span<const std::uint8_t>> tables = {};

  // name is "<algo>/<op>/<impl>", e.g. "sha256/hash/shani".
  std::string name() const { return algo + "/" + op + "/" + impl; }
  // output_size is the size of the output for a message of n bytes.
  std::size_t output_size(std::size_t n) const { return out_size + (out_grows ? n : 0); }
  // output_room is the output buffer the timing harnesses give: output_size(n), and at least
  // the message plus a tag, so that a fixed out_size meant for sizes up to 1 MiB cannot
  // overflow in a large-buffer run.
  std::size_t output_room(std::size_t n) const { return std::max(output_size(n), n + 16); }
};

// ours_only: an op no peer has (the many-message calls, "<op>-x8", "<op>-x16", "<op>-x32"): peers
// skip it silently.
inline bool ours_only(const std::string& op) {
  return op.ends_with("-x8") || op.ends_with("-x16") || op.ends_with("-x32");
}

// The fixed nonce of the cipher and AEAD benchmarks (a benchmark reuses it; nothing else may).
inline constexpr std::uint8_t bench_nonce[24] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12,
                                                 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24};

// SealedCache holds msg sealed with ChaCha20-Poly1305 (key, bench_nonce, no AAD), so that an
// open benchmark opens a valid message: built on the first call for a message, reused after.
class SealedCache {
 public:
  std::span<const std::uint8_t> get(std::span<const std::uint8_t> key,
                                    std::span<const std::uint8_t> msg);

 private:
  const std::uint8_t* for_data_ = nullptr;
  std::size_t for_size_ = 0;
  std::vector<std::uint8_t> sealed_;
};

// add_ghash_subjects appends GHASH (GCM's universal hash, over the whole 16-byte blocks of a
// message, keyed with the first 16 key bytes as H; the output is the 16-byte hash) for each of
// our GHASH kernels (tools/registry/ghash.cpp), and ghash_reference writes the portable
// kernel's answer for s to want, or returns false if s is not GHASH.
void add_ghash_subjects(std::vector<Subject>& out);
bool ghash_reference(const Subject& s, std::span<const std::uint8_t> key,
                     std::span<const std::uint8_t> msg, std::uint8_t* want);

// add_chacha20_subjects appends ChaCha20, Poly1305 and ChaCha20-Poly1305 seal/open for each of
// our kernels (tools/registry/chacha20.cpp).
void add_chacha20_subjects(std::vector<Subject>& out);

// chacha20_reference writes to want the portable kernels' answer for s (one of the above
// algorithms) and returns true, or returns false for another algorithm.
bool chacha20_reference(const Subject& s, std::span<const std::uint8_t> key,
                        std::span<const std::uint8_t> msg, std::vector<std::uint8_t>& want);

// runs_kernel says whether subject s of ours runs kernel k: k's ISA is s.impl and k's
// algorithm is named in s.algo or s.op ("sha256" in "hmac-sha256", "aes" in "aes-128", "gcm"
// in "gcm-seal"). kernel_of returns the first such kernel of detail::all_kernels() (the
// subject's own algorithm's, e.g. aes/vaes_avx2 for aes-128/gcm-seal/vaes_avx2), or nullptr
// for a peer or a subject of no registered kernel.
bool runs_kernel(const Subject& s, const detail::KernelInfo& k);
const detail::KernelInfo* kernel_of(const Subject& s);

// default_kernel returns the kernel axiom uses for algorithm (a KernelInfo::algorithm(), e.g.
// "kuznyechik") on a CPU of features f: select_kernel over that algorithm's kernels in
// all_kernels() order (each algorithm's list, best first), as the library picks it; nullptr for
// an algorithm of no kernel. is_default says whether s runs its algorithm's default kernel on
// this CPU (cpu::detected(): AXIOM_CPU applied).
const detail::KernelInfo* default_kernel(std::string_view algorithm, cpu::Features f);
bool is_default(const Subject& s);

// subjects lists our implementations of every benchmarked algorithm, each algorithm's kernels
// best first, including those this CPU cannot run (runnable = false).
std::vector<Subject> subjects();

// default_sizes are the message sizes of the throughput figures (make bench, axiom bench);
// latency_sizes those of the per-call latency figures (a single block and small messages);
// cold_sizes those of the cold-cache figures.
inline constexpr std::size_t default_sizes[] = {64, 256, 1024, 8192, 16384, 1048576};
inline constexpr std::size_t latency_sizes[] = {16, 64, 256};
inline constexpr std::size_t cold_sizes[] = {64, 1024, 16384};

// key_size is the length of the random MAC key the benchmarks use.
inline constexpr std::size_t key_size = 32;

// random_bytes returns n bytes from a fixed-seed PRNG (not for keys: reproducible test data).
std::vector<std::uint8_t> random_bytes(std::size_t n, std::uint64_t seed);

// verify runs s on a random key and message of size bytes and compares its output with
// axiom's portable kernel. It returns an empty string on a match, else what went wrong.
// reference writes that portable answer to want (false for an algorithm of no reference), and
// verify(s, size, want) compares with it: subjects of one algorithm, op and output size share
// one reference.
std::string verify(const Subject& s, std::size_t size);
bool reference(const Subject& s, std::size_t size, std::vector<std::uint8_t>& want);
std::string verify(const Subject& s, std::size_t size, const std::vector<std::uint8_t>& want);

// cycles_begin / cycles_end read the time-stamp counter serialized against the code they
// bracket: lfence;rdtsc before (earlier instructions finish first) and rdtscp;lfence after
// (later instructions wait). TSC ticks run at the nominal clock, not the boosted core clock.
// Off x86-64 they return nanoseconds instead.
#if defined(__x86_64__) || defined(_M_X64)
inline constexpr bool have_tsc = true;
inline std::uint64_t cycles_begin() noexcept {
  _mm_lfence();
  const std::uint64_t t = __rdtsc();
  _mm_lfence();
  return t;
}
inline std::uint64_t cycles_end() noexcept {
  unsigned aux;
  const std::uint64_t t = __rdtscp(&aux);
  _mm_lfence();
  return t;
}
#else
inline constexpr bool have_tsc = false;
inline std::uint64_t cycles_begin() noexcept {
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                        std::chrono::steady_clock::now().time_since_epoch())
                                        .count());
}
inline std::uint64_t cycles_end() noexcept { return cycles_begin(); }
#endif

}  // namespace axiom::bench
