// cpu.hpp: the CPU features axiom's kernels use, detected once per process.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace axiom::cpu {

// Feature is one CPU capability a kernel may need. Each is reported only when both the CPU
// and the operating system support it (x86-64: CPUID, and the AVX state enabled in XCR0 for the
// VEX/EVEX ones; AArch64: the kernel's HWCAP bits). The values of both architectures share one
// enum; a build reports and accepts only those of its own.
enum class Feature : std::uint32_t {
  ssse3 = 1u << 0,
  sse41 = 1u << 1,
  aesni = 1u << 2,
  pclmul = 1u << 3,
  avx = 1u << 4,
  avx2 = 1u << 5,
  bmi2 = 1u << 6,
  shani = 1u << 7,
  vaes = 1u << 8,
  vpclmul = 1u << 9,
  avx512 = 1u << 10,  // AVX-512 F + BW + VL, with ZMM and opmask state enabled
  vbmi = 1u << 11,    // AVX-512 VBMI
  vbmi2 = 1u << 12,   // AVX-512 VBMI2
  ifma = 1u << 13,    // AVX-512 IFMA
  gfni = 1u << 14,
  // AArch64 (Linux HWCAP names)
  asimd = 1u << 15,  // Advanced SIMD (NEON)
  aes = 1u << 16,
  pmull = 1u << 17,  // 64x64 -> 128-bit polynomial multiply
  sha2 = 1u << 18,   // SHA-1 and SHA-256 (ARMv8 crypto's hash instructions come as a pair)
  sha3 = 1u << 19,
  sm3 = 1u << 20,
  sm4 = 1u << 21,
};

// Features is a set of Feature values. A plain value type, thread-safe to copy.
struct Features {
  std::uint32_t bits = 0;

  constexpr Features() noexcept = default;
  constexpr Features(Feature f) noexcept : bits(static_cast<std::uint32_t>(f)) {}  // NOLINT
  constexpr explicit Features(std::uint32_t b) noexcept : bits(b) {}

  // has returns whether every feature of need is in this set.
  constexpr bool has(Features need) const noexcept { return (bits & need.bits) == need.bits; }
  constexpr Features without(Features f) const noexcept { return Features(bits & ~f.bits); }
  friend constexpr Features operator|(Features a, Features b) noexcept {
    return Features(a.bits | b.bits);
  }
  friend constexpr bool operator==(Features, Features) noexcept = default;
};

constexpr Features operator|(Feature a, Feature b) noexcept { return Features(a) | Features(b); }

// FeatureInfo names a feature as axiom spells it and as Linux's /proc/cpuinfo does (one or more
// flags separated by spaces, all required).
struct FeatureInfo {
  Feature feature;
  std::string_view name;
  std::string_view cpuinfo_flags;
};

// all_features lists every Feature of the architecture the library was built for, with its
// names, in bit order.
std::span<const FeatureInfo> all_features() noexcept;

// hardware returns what CPUID and XGETBV (x86-64) or getauxval(AT_HWCAP) (AArch64 Linux) report,
// ignoring AXIOM_CPU. Computed once, thread-safe.
Features hardware() noexcept;

// detected returns hardware() less the features cleared by the AXIOM_CPU environment variable
// ("portable" clears all; "-avx512,-gfni" or "-avx512 -gfni" clears the listed ones; names in
// either case; it can never add a feature). An AXIOM_CPU that is not understood (a typo such
// as "protable", or "avx2" without the '-') clears every feature, so that someone forcing the
// checkable kernels never gets the fast ones by mistake, and says so once on stderr
// ("axiom: AXIOM_CPU=...: not understood: ..."). Read once per process on first use;
// thread-safe.
Features detected() noexcept;

// apply_override returns f less what the AXIOM_CPU-style text spec clears (items separated by
// commas or white space, names in either case). Unknown items are skipped and reported through
// *unknown (if given) as a comma-separated list.
Features apply_override(Features f, std::string_view spec, std::string* unknown = nullptr);

// override_error returns "" if spec is a valid AXIOM_CPU value, else a message saying what is
// not understood and what is valid (the axiom command refuses such a value: exit status 2).
std::string override_error(std::string_view spec);

// to_string lists the names of the features in f, separated by spaces.
std::string to_string(Features f);

}  // namespace axiom::cpu
