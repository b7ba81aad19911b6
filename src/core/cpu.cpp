// CPU feature detection. x86-64: CPUID for what the CPU has, XGETBV for what the OS saves on a
// context switch (a feature whose registers the OS does not save is unusable). AArch64 Linux: the
// HWCAP bits, which the kernel sets only for what it supports.
#include "axiom/cpu.hpp"

#include <array>
#include <cstdio>
#include <cstdlib>

#include "core/isa.hpp"

#if AXIOM_X86_64
#include <cpuid.h>
#elif AXIOM_AARCH64 && defined(__linux__)
#include <asm/hwcap.h>
#include <sys/auxv.h>
#endif

namespace axiom::cpu {

namespace {

#if AXIOM_AARCH64
constexpr std::array<FeatureInfo, 7> feature_table = {{
    {Feature::asimd, "asimd", "asimd"},
    {Feature::aes, "aes", "aes"},
    {Feature::pmull, "pmull", "pmull"},
    {Feature::sha2, "sha2", "sha1 sha2"},
    {Feature::sha3, "sha3", "sha3"},
    {Feature::sm3, "sm3", "sm3"},
    {Feature::sm4, "sm4", "sm4"},
}};
#else
constexpr std::array<FeatureInfo, 15> feature_table = {{
    {Feature::ssse3, "ssse3", "ssse3"},
    {Feature::sse41, "sse41", "sse4_1"},
    {Feature::aesni, "aesni", "aes"},
    {Feature::pclmul, "pclmul", "pclmulqdq"},
    {Feature::avx, "avx", "avx"},
    {Feature::avx2, "avx2", "avx2"},
    {Feature::bmi2, "bmi2", "bmi2"},
    {Feature::shani, "shani", "sha_ni"},
    {Feature::vaes, "vaes", "vaes"},
    {Feature::vpclmul, "vpclmul", "vpclmulqdq"},
    {Feature::avx512, "avx512", "avx512f avx512bw avx512vl"},
    {Feature::vbmi, "vbmi", "avx512vbmi"},
    {Feature::vbmi2, "vbmi2", "avx512_vbmi2"},
    {Feature::ifma, "ifma", "avx512ifma"},
    {Feature::gfni, "gfni", "gfni"},
}};
#endif

#if AXIOM_X86_64
bool bit(unsigned reg, int n) { return (reg >> n) & 1u; }

Features query_hardware() noexcept {
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (__get_cpuid_max(0, nullptr) < 1) return {};
  __cpuid(1, a, b, c, d);
  const unsigned ecx1 = c;
  unsigned ebx7 = 0, ecx7 = 0;
  if (__get_cpuid_max(0, nullptr) >= 7) {
    __cpuid_count(7, 0, a, b, c, d);
    ebx7 = b;
    ecx7 = c;
  }
  // XCR0: bits 1-2 = XMM and YMM state; bits 5-7 = opmask, ZMM0-15 upper halves, ZMM16-31.
  std::uint64_t xcr0 = 0;
  if (bit(ecx1, 27)) {  // OSXSAVE: the OS enabled XSAVE, so XGETBV is available
    unsigned lo = 0, hi = 0;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    xcr0 = (static_cast<std::uint64_t>(hi) << 32) | lo;
  }
  const bool os_avx = (xcr0 & 0x6) == 0x6;
  const bool os_avx512 = os_avx && (xcr0 & 0xe0) == 0xe0;

  Features f;
  auto add = [&f](Feature x, bool yes) {
    if (yes) f = f | x;
  };
  add(Feature::ssse3, bit(ecx1, 9));
  add(Feature::sse41, bit(ecx1, 19));
  add(Feature::aesni, bit(ecx1, 25));
  add(Feature::pclmul, bit(ecx1, 1));
  add(Feature::shani, bit(ebx7, 29));
  add(Feature::avx, os_avx && bit(ecx1, 28));
  add(Feature::avx2, os_avx && bit(ebx7, 5));
  add(Feature::bmi2, bit(ebx7, 8));
  add(Feature::vaes, os_avx && bit(ecx7, 9));
  add(Feature::vpclmul, os_avx && bit(ecx7, 10));
  add(Feature::gfni, bit(ecx7, 8));
  const bool avx512 = os_avx512 && bit(ebx7, 16) && bit(ebx7, 30) && bit(ebx7, 31);
  add(Feature::avx512, avx512);
  add(Feature::vbmi, avx512 && bit(ecx7, 1));
  add(Feature::vbmi2, avx512 && bit(ecx7, 6));
  add(Feature::ifma, avx512 && bit(ebx7, 21));
  return f;
}
#elif AXIOM_AARCH64 && defined(__linux__)
Features query_hardware() noexcept {
  const unsigned long hwcap = getauxval(AT_HWCAP);
  Features f;
  auto add = [&f](Feature x, bool yes) {
    if (yes) f = f | x;
  };
  const bool asimd = (hwcap & HWCAP_ASIMD) != 0;
  add(Feature::asimd, asimd);
  add(Feature::aes, asimd && (hwcap & HWCAP_AES));
  add(Feature::pmull, asimd && (hwcap & HWCAP_PMULL));
  add(Feature::sha2, asimd && (hwcap & HWCAP_SHA1) && (hwcap & HWCAP_SHA2));
  add(Feature::sha3, asimd && (hwcap & HWCAP_SHA3));
  add(Feature::sm3, asimd && (hwcap & HWCAP_SM3));
  add(Feature::sm4, asimd && (hwcap & HWCAP_SM4));
  return f;
}
#else
Features query_hardware() noexcept { return {}; }
#endif

}  // namespace

std::span<const FeatureInfo> all_features() noexcept { return feature_table; }

Features hardware() noexcept {
  static const Features f = query_hardware();
  return f;
}

namespace {

bool same_letters(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto lower = [](char c) {
      return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

bool separator(char c) { return c == ',' || c == ' ' || c == '\t' || c == '\n'; }

}  // namespace

Features apply_override(Features f, std::string_view spec, std::string* unknown) {
  while (!spec.empty()) {
    std::size_t end = 0;
    while (end < spec.size() && !separator(spec[end])) ++end;
    const std::string_view item = spec.substr(0, end);
    spec.remove_prefix(end == spec.size() ? end : end + 1);
    if (item.empty()) continue;
    if (same_letters(item, "portable")) {
      f = Features{};
      continue;
    }
    bool known = false;
    if (item.front() == '-') {
      for (const FeatureInfo& info : feature_table)
        if (same_letters(info.name, item.substr(1))) {
          f = f.without(info.feature);
          known = true;
        }
    }
    if (!known && unknown) {
      if (!unknown->empty()) *unknown += ',';
      *unknown += item;
    }
  }
  return f;
}

std::string override_error(std::string_view spec) {
  std::string unknown;
  (void)apply_override(Features{}, spec, &unknown);
  if (unknown.empty()) return {};
  std::string names;
  for (const FeatureInfo& info : feature_table) names += " -" + std::string(info.name);
  return "AXIOM_CPU=\"" + std::string(spec) + "\": not understood: " + unknown +
         " (it takes portable, or -NAME to clear a feature:" + names +
         "; separated by commas or spaces, in either case)";
}

Features detected() noexcept {
  static const Features f = [] {
    const char* spec = std::getenv("AXIOM_CPU");
    if (spec == nullptr) return hardware();
    const std::string problem = override_error(spec);
    if (problem.empty()) return apply_override(hardware(), spec);
    // Whoever sets AXIOM_CPU wants fewer features; a typo must not leave all of them on.
    std::fprintf(stderr, "axiom: %s; every CPU feature is cleared: the portable kernels run\n",
                 problem.c_str());
    return Features{};
  }();
  return f;
}

std::string to_string(Features f) {
  std::string s;
  for (const FeatureInfo& info : feature_table)
    if (f.has(info.feature)) {
      if (!s.empty()) s += ' ';
      s += info.name;
    }
  return s;
}

}  // namespace axiom::cpu
