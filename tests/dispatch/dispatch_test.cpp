// Kernel dispatch: detection, the AXIOM_CPU override, the selection policy and the inventory.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "axiom/cpu.hpp"
#include "core/kernel.hpp"
#include "sha256/sha256_kernel.hpp"
#include "support/kernels.hpp"

namespace axiom::test {
namespace {

using cpu::Feature;
using cpu::Features;

TEST(Override, OnlyClearsFeatures) {
  const Features all(0xffffffffu);
  EXPECT_EQ(cpu::apply_override(all, "portable").bits, 0u);
  const Features f = cpu::apply_override(all, "-avx512, -gfni");
  EXPECT_FALSE(f.has(Feature::avx512));
  EXPECT_FALSE(f.has(Feature::gfni));
  EXPECT_TRUE(f.has(Feature::avx2));
  // Naming a feature without '-' never adds it.
  std::string unknown;
  EXPECT_EQ(cpu::apply_override(Features{}, "avx2,shani,-bogus", &unknown).bits, 0u);
  EXPECT_EQ(unknown, "avx2,shani,-bogus");
}

TEST(Override, NamesInEitherCaseSeparatedByCommasOrSpaces) {
  const Features all(0xffffffffu);
  EXPECT_EQ(cpu::apply_override(all, "Portable").bits, 0u);
  EXPECT_EQ(cpu::apply_override(all, "PORTABLE").bits, 0u);
  for (const char* spec : {"-AVX2,-ShaNi", "-avx2 -shani", " -avx2\t-shani ", "-avx2, -SHANI,"}) {
    std::string unknown;
    const Features f = cpu::apply_override(all, spec, &unknown);
    EXPECT_EQ(f, all.without(Feature::avx2 | Feature::shani)) << spec;
    EXPECT_EQ(unknown, "") << spec;
    EXPECT_EQ(cpu::override_error(spec), "") << spec;
  }
}

TEST(Override, ErrorsNameWhatIsNotUnderstood) {
  EXPECT_EQ(cpu::override_error("portable"), "");
  EXPECT_EQ(cpu::override_error(""), "");
  for (const char* spec : {"protable", "avx2", "-avx3", "+avx2", "-", "--avx2", "-avx2 protable"}) {
    const std::string e = cpu::override_error(spec);
    EXPECT_NE(e.find("not understood"), std::string::npos) << spec;
    EXPECT_NE(e.find(" -shani"), std::string::npos) << e;  // says what is valid
  }
  EXPECT_NE(cpu::override_error("-avx2 protable").find("not understood: protable ("), std::string::npos);
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
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        set_env("AXIOM_CPU", "protable");
        std::exit(cpu::detected().bits == 0 ? 0 : 1);
      },
      testing::ExitedWithCode(0), "axiom: AXIOM_CPU=\"protable\": not understood: protable .*portable kernels run");
  EXPECT_EXIT(
      {
        set_env("AXIOM_CPU", "-AVX2 -shani");
        const Features f = cpu::detected();
        std::exit(f == cpu::hardware().without(Feature::avx2 | Feature::shani) ? 0 : 1);
      },
      testing::ExitedWithCode(0), "^$");
}

TEST(Override, DetectedIsHardwareLessOverride) {
  EXPECT_EQ(cpu::detected().bits & ~cpu::hardware().bits, 0u);
  const char* spec = std::getenv("AXIOM_CPU");
  const Features expected = spec == nullptr                        ? cpu::hardware()
                            : cpu::override_error(spec).empty() ? cpu::apply_override(cpu::hardware(), spec)
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
  EXPECT_EQ(cpu::to_string(Features(Feature::avx2) | Feature::shani), "avx2 shani");
}

// Detection must agree with the kernel's own view in /proc/cpuinfo, so that a detection bug
// cannot silently hide (or wrongly enable) a kernel. Valgrind changes CPUID, so skip there.
TEST(Detection, AgreesWithProcCpuinfo) {
  std::ifstream in("/proc/cpuinfo");
  if (!in || running_on_valgrind()) GTEST_SKIP() << "no /proc/cpuinfo, or valgrind alters CPUID";
  std::string line;
  std::set<std::string> flags;
  while (std::getline(in, line))
    if (line.rfind("flags", 0) == 0) {
      std::istringstream words(line.substr(line.find(':') + 1));
      for (std::string w; words >> w;) flags.insert(w);
      break;
    }
  ASSERT_FALSE(flags.empty());
  for (const auto& info : cpu::all_features()) {
    std::istringstream need{std::string(info.cpuinfo_flags)};
    bool all = true;
    for (std::string w; need >> w;) all = all && flags.count(w);
    EXPECT_EQ(cpu::hardware().has(info.feature), all) << info.name << " (" << info.cpuinfo_flags << ")";
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
  EXPECT_EQ(detail::sha256_select(Features(0xffffffffu)).info.name, detail::sha256_kernels()[0]->info.name);
  EXPECT_EQ(detail::sha256_select(detail::sha256_shani.info.needs).info.name, "sha256/shani");
  EXPECT_EQ(detail::sha256_select(detail::sha256_shani.info.needs.without(Feature::shani)).info.name,
            "sha256/portable");
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

// Every src/<algo>/<algo>_<isa>.cpp is a kernel that the registry lists, and every registered
// kernel has its file; the per-kernel suites run over the registry, so each file is tested.
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
      if (isa == "tables" && !registered.count(algo + "/tables")) continue;  // constant data, not a kernel
      files.insert(algo + "/" + isa);
    }
  }
  EXPECT_EQ(files, registered);
  EXPECT_TRUE(registered.count("sha256/portable"));
}

// The features a region's target string lets the compiler use, as cpu::Features.
Features target_features(std::string_view target) {
  static const std::map<std::string_view, Features> by_token = {
      {"ssse3", Feature::ssse3},   {"sse4.1", Feature::sse41},    {"aes", Feature::aesni},
      {"pclmul", Feature::pclmul}, {"avx", Feature::avx},         {"avx2", Feature::avx2},
      {"bmi2", Feature::bmi2},     {"sha", Feature::shani},       {"vaes", Feature::vaes},
      {"vpclmulqdq", Feature::vpclmul}, {"avx512f", Feature::avx512}, {"avx512bw", Feature::avx512},
      {"avx512vl", Feature::avx512}, {"avx512vbmi", Feature::vbmi}, {"avx512vbmi2", Feature::vbmi2},
      {"avx512ifma", Feature::ifma}, {"gfni", Feature::gfni}};
  Features f;
  while (!target.empty()) {
    const std::size_t comma = target.find(',');
    const std::string_view token = target.substr(0, comma);
    const auto it = by_token.find(token);
    EXPECT_NE(it, by_token.end()) << "unknown target token " << token;
    if (it != by_token.end()) f = f | it->second;
    target = comma == std::string_view::npos ? std::string_view{} : target.substr(comma + 1);
  }
  return f;
}

// with_implied adds what the compiler also enables for a target: avx brings the SSE levels, each
// AVX level the one below, the AVX-512 extensions AVX-512 F/BW/VL.
Features with_implied(Features f) {
  if (f.has(Feature::vbmi) || f.has(Feature::vbmi2) || f.has(Feature::ifma)) f = f | Feature::avx512;
  if (f.has(Feature::avx512)) f = f | Feature::avx2;
  if (f.has(Feature::avx2)) f = f | Feature::avx;
  if (f.has(Feature::avx)) f = f | Feature::ssse3 | Feature::sse41;
  return f;
}

// A kernel "<algo>/<isa>" compiled in the region AXIOM_ISA_BEGIN(algo, isa) needs exactly the
// features of that region's target (up to what each implies): one missing is an illegal instruction where the CPU lacks
// it, one extra hides the kernel from CPUs that could run it.
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
