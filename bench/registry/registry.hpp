// registry.hpp: the subjects of axiom's benchmarks, shared by Google Benchmark (bench/) and the
// `axiom bench` sub-command, so the two always measure the same code. No Google Benchmark here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#if defined(__x86_64__) || defined(_M_X64)
#include <x86intrin.h>
#else
#include <chrono>
#endif

namespace axiom::bench {

// MessageFn processes one whole message into out (a digest or tag of Subject::out_size bytes).
using MessageFn = std::function<void(std::span<const std::uint8_t> msg, std::uint8_t* out)>;

// Subject is one thing to time: an algorithm and operation ("sha256"/"hash",
// "sha256"/"hash2" = the message's two halves as two messages at once, "hmac-sha256"/"mac") in one implementation (our kernel's ISA name, or a peer library's name).
struct Subject {
  std::string algo;
  std::string op;
  std::string impl;
  bool ours = true;
  bool runnable = true;  // false: the CPU lacks a feature the kernel needs
  std::size_t out_size = 0;
  // prepare does the per-key set-up (nothing for a hash) outside any timed loop and returns
  // the function that processes one message, as a user hashing many messages would.
  std::function<MessageFn(std::span<const std::uint8_t> key)> prepare;

  // name is "<algo>/<op>/<impl>", e.g. "sha256/hash/shani".
  std::string name() const { return algo + "/" + op + "/" + impl; }
};

// subjects lists our implementations of every benchmarked algorithm, each algorithm's kernels
// best first, including those this CPU cannot run (runnable = false).
std::vector<Subject> subjects();

// default_sizes are the message sizes every benchmark runs: 64 B to 1 MiB.
inline constexpr std::size_t default_sizes[] = {64, 1024, 16384, 1048576};

// key_size is the length of the random MAC key the benchmarks use.
inline constexpr std::size_t key_size = 32;

// random_bytes returns n bytes from a fixed-seed PRNG (not for keys: reproducible test data).
std::vector<std::uint8_t> random_bytes(std::size_t n, std::uint64_t seed);

// verify runs s on a random key and message of size bytes and compares its output with
// axiom's portable kernel. It returns an empty string on a match, else what went wrong.
std::string verify(const Subject& s, std::size_t size);

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
