// Kernel dispatch: detection, the AXIOM_CPU override, the selection policy and the inventory.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "axiom/cpu.hpp"
#include "core/isa.hpp"
#include "core/kernel.hpp"
#include "kernel_registry/kernel_registry.hpp"
#include "sha256/sha256_kernel.hpp"
#include "support/kernels.hpp"

namespace axiom::test {
namespace {

using cpu::Feature;
using cpu::Features;

// Two features of this build's architecture, for the override tests (names in mixed case too).
#if AXIOM_AARCH64
constexpr Feature kOne = Feature::aes, kTwo = Feature::sm4;
#define ONE "aes"
#define ONE_MIXED "Aes"
#define TWO "sm4"
#define TWO_MIXED "SM4"
#else
constexpr Feature kOne = Feature::avx2, kTwo = Feature::shani;
#define ONE "avx2"
#define ONE_MIXED "AVX2"
#define TWO "shani"
#define TWO_MIXED "ShaNi"
#endif

TEST(Override, OnlyClearsFeatures) {
  const Features all(0xffffffffu);
  EXPECT_EQ(cpu::apply_override(all, "portable").bits, 0u);
  const Features f = cpu::apply_override(all, "-" ONE ", -" TWO);
  EXPECT_EQ(f, all.without(kOne | kTwo));
  // Naming a feature without '-' never adds it.
  std::string unknown;
  EXPECT_EQ(cpu::apply_override(Features{}, ONE "," TWO ",-bogus", &unknown).bits, 0u);
  EXPECT_EQ(unknown, ONE "," TWO ",-bogus");
}

TEST(Override, NamesInEitherCaseSeparatedByCommasOrSpaces) {
  const Features all(0xffffffffu);
  EXPECT_EQ(cpu::apply_override(all, "Portable").bits, 0u);
  EXPECT_EQ(cpu::apply_override(all, "PORTABLE").bits, 0u);
  for (const char* spec : {"-" ONE_MIXED ",-" TWO_MIXED, "-" ONE " -" TWO, " -" ONE "\t-" TWO " ",
                           "-" ONE ", -" TWO_MIXED ","}) {
    std::string unknown;
    const Features f = cpu::apply_override(all, spec, &unknown);
    EXPECT_EQ(f, all.without(kOne | kTwo)) << spec;
    EXPECT_EQ(unknown, "") << spec;
    EXPECT_EQ(cpu::override_error(spec), "") << spec;
  }
}

TEST(Override, ErrorsNameWhatIsNotUnderstood) {
  EXPECT_EQ(cpu::override_error("portable"), "");
  EXPECT_EQ(cpu::override_error(""), "");
  for (const char* spec : {"protable", ONE, "-avx3", "+" ONE, "-", "--" ONE, "-" ONE " protable"}) {
    const std::string e = cpu::override_error(spec);
    EXPECT_NE(e.find("not understood"), std::string::npos) << spec;
    EXPECT_NE(e.find(" -" TWO), std::string::npos) << e;  // says what is valid
  }
  EXPECT_NE(cpu::override_error("-" ONE " protable").find("not understood: protable ("),
            std::string::npos);
}

void set_env(const char* name, const char* value) {
#if defined(_WIN32)
  _putenv_s(name, value);
#else
  setenv(name, value, 1);
#endif
}

// detected() reads AXIOM_CPU once per process: each case runs in a new one (the threadsafe
// death-test style starts the test binary afresh). A value not understood must clear every
// feature and say so on stderr, not leave the features as detected.
TEST(OverrideDeathTest, EnvironmentNotUnderstoodMeansPortable) {
  // Under qemu-user the child cannot re-execute the arm64 binary (no binfmt): fork only. ctest
  // runs each test in a process of its own, so detected() has not been cached before the fork.
  GTEST_FLAG_SET(death_test_style, AXIOM_TEST_UNDER_EMULATOR ? "fast" : "threadsafe");
  EXPECT_EXIT(
      {
        set_env("AXIOM_CPU", "protable");
        std::exit(cpu::detected().bits == 0 ? 0 : 1);
      },
      testing::ExitedWithCode(0),
      "axiom: AXIOM_CPU=\"protable\": not understood: protable .*portable kernels run");
  EXPECT_EXIT(
      {
        set_env("AXIOM_CPU", "-" ONE_MIXED " -" TWO);
        const Features f = cpu::detected();
        std::exit(f == cpu::hardware().without(kOne | kTwo) ? 0 : 1);
      },
      testing::ExitedWithCode(0), "^$");
}

TEST(Override, DetectedIsHardwareLessOverride) {
  EXPECT_EQ(cpu::detected().bits & ~cpu::hardware().bits, 0u);
  const char* spec = std::getenv("AXIOM_CPU");
  const Features expected = spec == nullptr ? cpu::hardware()
                            : cpu::override_error(spec).empty()
                                ? cpu::apply_override(cpu::hardware(), spec)
                                : Features{};
  EXPECT_EQ(cpu::detected(), expected);
}

TEST(Features, NamesAreUniqueAndRoundTrip) {
  std::set<std::string_view> names;
  std::uint32_t bits = 0;
  for (const auto& info : cpu::all_features()) {
    EXPECT_TRUE(names.insert(info.name).second) << info.name;
    EXPECT_EQ(bits & static_cast<std::uint32_t>(info.feature), 0u);
    bits |= static_cast<std::uint32_t>(info.feature);
  }
  EXPECT_EQ(cpu::to_string(kOne | kTwo), ONE " " TWO);
}

// Detection must agree with the kernel's own view in /proc/cpuinfo, so that a detection bug
// cannot silently hide (or wrongly enable) a kernel. Valgrind changes CPUID, so skip there.
// AArch64 lists the features on a "Features" line; qemu-user 7.2 shows the host's file instead
// (under qemu, the cpu.qemu_* tests check detection against the emulated CPU models).
TEST(Detection, AgreesWithProcCpuinfo) {
  std::ifstream in("/proc/cpuinfo");
  if (!in || running_on_valgrind()) GTEST_SKIP() << "no /proc/cpuinfo, or valgrind alters CPUID";
  const std::string key = AXIOM_AARCH64 ? "Features" : "flags";
  std::string line;
  std::set<std::string> flags;
  while (std::getline(in, line))
    if (line.rfind(key, 0) == 0) {
      std::istringstream words(line.substr(line.find(':') + 1));
      for (std::string w; words >> w;) flags.insert(w);
      break;
    }
  if (AXIOM_AARCH64 && flags.empty())
    GTEST_SKIP() << "/proc/cpuinfo has no Features line (qemu-user shows the host's file)";
  ASSERT_FALSE(flags.empty());
  for (const auto& info : cpu::all_features()) {
    std::istringstream need{std::string(info.cpuinfo_flags)};
    bool all = true;
    for (std::string w; need >> w;) all = all && flags.count(w);
    EXPECT_EQ(cpu::hardware().has(info.feature), all)
        << info.name << " (" << info.cpuinfo_flags << ")";
  }
}

// In each algorithm's list (best first) the last kernel is portable and needs nothing.
TEST(Selection, PortableIsLastAndNeedsNothing) {
  std::map<std::string_view, const detail::KernelInfo*> last;
  for (const auto* k : detail::all_kernels())
    if (k->algorithm() != "gcm") last[k->algorithm()] = k;  // fused GCM kernels are optional:
  // without one, GCM runs on its AES and GHASH kernels, each of which has a portable fallback.
  ASSERT_FALSE(last.empty());
  for (const auto& [algo, k] : last) {
    EXPECT_EQ(k->isa(), "portable") << algo;
    EXPECT_EQ(k->needs.bits, 0u) << algo;
  }
}

TEST(Selection, PicksBestRunnableConstantTimeKernel) {
  EXPECT_EQ(detail::sha256_select(Features{}).info.name, "sha256/portable");
  EXPECT_EQ(detail::sha256_select(Features(0xffffffffu)).info.name,
            detail::sha256_kernels()[0]->info.name);
  // The least demanding SIMD kernel (second to last) runs with exactly its features; without
  // any one of them the portable kernel does.
  const auto list = detail::sha256_kernels();
  if (list.size() < 2) return;
  const detail::Sha256Kernel& simd = *list[list.size() - 2];
  EXPECT_EQ(detail::sha256_select(simd.info.needs).info.name, simd.info.name);
  for (std::uint32_t bit = 1; bit != 0; bit <<= 1)
    if (simd.info.needs.bits & bit) {
      EXPECT_EQ(detail::sha256_select(simd.info.needs.without(Features(bit))).info.name,
                "sha256/portable");
    }
}

// A table kernel (constant_time = false) is chosen only when no constant-time kernel runs.
TEST(Selection, TableKernelOnlyWhenNoConstantTimeKernelRuns) {
  struct K {
    detail::KernelInfo info;
  };
  const K fast_tables{{"x/tables", Features{}, false}};
  const K simd{{"x/avx2", Feature::avx2, true}};
  const K portable{{"x/portable", Features{}, true}};
  const K* list[] = {&simd, &fast_tables, &portable};
  EXPECT_EQ(detail::select_kernel<K>(list, Feature::avx2).info.name, "x/avx2");
  EXPECT_EQ(detail::select_kernel<K>(list, Features{}).info.name, "x/portable");
  const K* no_ct[] = {&simd, &fast_tables};
  EXPECT_EQ(detail::select_kernel<K>(no_ct, Features{}).info.name, "x/tables");
}

// Every src/<algo>/<algo>_<isa>.cpp of this architecture is a kernel that the registry lists, and
// every registered kernel has its file; the per-kernel suites run over the registry, so each file
// is tested.
TEST(Inventory, EveryKernelFileIsRegistered) {
  std::set<std::string> files, registered;
  for (const auto* k : detail::all_kernels()) registered.insert(std::string(k->name));
  for (const auto& dir : std::filesystem::directory_iterator(AXIOM_SOURCE_DIR "/src")) {
    const std::string algo = dir.path().filename().string();
    if (!dir.is_directory() || algo == "core") continue;
    for (const auto& f : std::filesystem::directory_iterator(dir.path())) {
      const std::string name = f.path().filename().string();
      const std::string prefix = algo + "_";
      if (f.path().extension() != ".cpp" || name.rfind(prefix, 0) != 0) continue;
      const std::string isa = name.substr(prefix.size(), name.size() - prefix.size() - 4);
      if (isa == "tables" && !registered.count(algo + "/tables"))
        continue;  // constant data, not a kernel
      if (std::any_of(std::begin(detail::other_isa_targets), std::end(detail::other_isa_targets),
                      [&isa](const detail::IsaTarget& t) { return isa == t.isa; }))
        continue;  // a kernel of the other architecture
      files.insert(algo + "/" + isa);
    }
  }
  EXPECT_EQ(files, registered);
  EXPECT_TRUE(registered.count("sha256/portable"));
}

// The features a region's target string lets the compiler use, as cpu::Features. Tokens are
// separated by ',' (x86-64) or '+' (AArch64, where "arch=armv8.2-a" is the base of "+sm4").
Features target_features(std::string_view target) {
#if AXIOM_AARCH64
  static const std::map<std::string_view, Features> by_token = {
      {"simd", Feature::asimd},
      {"crypto", Feature::asimd | Feature::aes | Feature::pmull | Feature::sha2},
      {"arch=armv8.2-a", Feature::asimd},
      {"sm4", Feature::asimd | Feature::sm3 | Feature::sm4},
      {"sha3", Feature::asimd | Feature::sha2 | Feature::sha3}};
#else
  static const std::map<std::string_view, Features> by_token = {
      {"ssse3", Feature::ssse3},       {"sse4.1", Feature::sse41},
      {"aes", Feature::aesni},         {"pclmul", Feature::pclmul},
      {"avx", Feature::avx},           {"avx2", Feature::avx2},
      {"bmi2", Feature::bmi2},         {"sha", Feature::shani},
      {"vaes", Feature::vaes},         {"vpclmulqdq", Feature::vpclmul},
      {"avx512f", Feature::avx512},    {"avx512bw", Feature::avx512},
      {"avx512vl", Feature::avx512},   {"avx512vbmi", Feature::vbmi},
      {"avx512vbmi2", Feature::vbmi2}, {"avx512ifma", Feature::ifma},
      {"gfni", Feature::gfni}};
#endif
  Features f;
  while (!target.empty()) {
    const std::size_t sep = target.find_first_of(",+");
    const std::string_view token = target.substr(0, sep);
    if (!token.empty()) {
      const auto it = by_token.find(token);
      EXPECT_NE(it, by_token.end()) << "unknown target token " << token;
      if (it != by_token.end()) f = f | it->second;
    }
    target = sep == std::string_view::npos ? std::string_view{} : target.substr(sep + 1);
  }
  return f;
}

// with_implied adds what the compiler also enables for a target: avx brings the SSE levels, each
// AVX level the one below, the AVX-512 extensions AVX-512 F/BW/VL.
Features with_implied(Features f) {
  if (f.has(Feature::vbmi) || f.has(Feature::vbmi2) || f.has(Feature::ifma))
    f = f | Feature::avx512;
  if (f.has(Feature::avx512)) f = f | Feature::avx2;
  if (f.has(Feature::avx2)) f = f | Feature::avx;
  if (f.has(Feature::avx)) f = f | Feature::ssse3 | Feature::sse41;
  return f;
}

// A kernel "<algo>/<isa>" compiled in the region AXIOM_ISA_BEGIN(algo, isa) needs exactly the
// features of that region's target (up to what each implies): one missing is an illegal instruction
// where the CPU lacks it, one extra hides the kernel from CPUs that could run it.
TEST(Inventory, KernelNeedsAreTheirRegionTarget) {
  for (const auto* k : detail::all_kernels()) {
    if (k->needs == Features{}) continue;  // portable code, no region
    const detail::IsaTarget* row = nullptr;
    for (const auto& t : detail::isa_targets)
      if (k->isa() == t.isa) row = &t;
    ASSERT_NE(row, nullptr) << k->name << ": no AXIOM_TARGET_" << k->isa() << " in isa_targets";
    EXPECT_EQ(cpu::to_string(with_implied(k->needs)),
              cpu::to_string(with_implied(target_features(row->target))))
        << k->name;
  }
}

}  // namespace
}  // namespace axiom::test
