// The benchmark registry and its measuring tools (bench/registry), without timing anything:
// every kernel of every algorithm has a subject, every subject computes the portable kernel's
// answer, table kernels name their tables for cold-cache runs, and the statistics, parsing and
// OS facilities behave. No assertion here depends on speed.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <string>

#include "axiom/cpu.hpp"
#include "core/kernel.hpp"
#include "kuznyechik/kuznyechik_kernel.hpp"
#include "registry/measure.hpp"
#include "registry/registry.hpp"
#include "sha256/sha256_kernel.hpp"
#include "streebog/streebog_kernel.hpp"

namespace axiom::bench {
namespace {

TEST(BenchRegistry, ListsEveryKernelOfEveryAlgorithm) {
  const std::vector<Subject> all = subjects();
  for (const detail::KernelInfo* k : detail::all_kernels()) {
    const bool found = std::any_of(all.begin(), all.end(), [&](const Subject& s) { return runs_kernel(s, *k); });
    EXPECT_TRUE(found) << k->name << " has no benchmark subject (bench/registry)";
  }
}

TEST(BenchRegistry, TheStreebogTableKernelNamesItsTables) {
  for (const Subject& s : subjects()) {
    if (const detail::KernelInfo* k = kernel_of(s); k != nullptr && k->name == "streebog/portable") {
      EXPECT_FALSE(s.tables.empty()) << s.name();
    }
  }
}

TEST(BenchRegistry, EverySubjectGivesThePortableAnswer) {
  for (const Subject& s : subjects()) {
    if (!s.runnable) continue;
    for (const std::size_t n : std::initializer_list<std::size_t>{16, 64, 256, 8192}) EXPECT_EQ(verify(s, n), "") << s.name() << " at " << n;
  }
}

// The report compares the kernel users get by default: select_kernel's choice on this CPU,
// one per algorithm and op, constant time wherever a constant-time kernel runs (never
// kuznyechik/tables, or streebog/portable where a constant-time kernel runs).
TEST(BenchRegistry, TheDefaultIsTheKernelSelectKernelPicks) {
  const cpu::Features f = cpu::detected();
  EXPECT_EQ(default_kernel("kuznyechik", f), &detail::select_kernel(detail::kuznyechik_kernels(), f).info);
  EXPECT_EQ(default_kernel("streebog", f), &detail::select_kernel(detail::streebog_kernels(), f).info);
  EXPECT_EQ(default_kernel("sha256", f), &detail::select_kernel(detail::sha256_kernels(), f).info);
  EXPECT_EQ(default_kernel("no-such-algorithm", f), nullptr);
  // A CPU of no SIMD: Kuznyechik's table kernel runs there and comes before the portable one,
  // but is not constant time; Streebog's portable kernel is not either, but the only one left.
  EXPECT_EQ(default_kernel("kuznyechik", cpu::Features{}), &detail::kuznyechik_portable.info);
  EXPECT_EQ(default_kernel("streebog", cpu::Features{}), &detail::streebog_portable.info);
  EXPECT_EQ(default_kernel("sha256", cpu::Features{}), &detail::sha256_portable.info);

  std::map<std::string, int> defaults;  // "<algo>/<op>" -> subjects marked default
  for (const Subject& s : subjects()) {
    const detail::KernelInfo* k = kernel_of(s);
    ASSERT_NE(k, nullptr) << s.name();
    defaults[s.algo + "/" + s.op] += is_default(s) ? 1 : 0;
    if (is_default(s)) {
      EXPECT_TRUE(s.runnable) << s.name();
      const bool ct_runs = std::any_of(detail::all_kernels().begin(), detail::all_kernels().end(), [&](const auto* o) {
        return o->algorithm() == k->algorithm() && o->constant_time && f.has(o->needs);
      });
      EXPECT_TRUE(k->constant_time || !ct_runs) << s.name();
    }
  }
  for (const auto& [name, n] : defaults) EXPECT_EQ(n, 1) << name;
}

TEST(BenchRegistry, NamesAreUnique) {
  std::vector<std::string> names;
  for (const Subject& s : subjects()) names.push_back(s.name());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(std::adjacent_find(names.begin(), names.end()), names.end());
}

TEST(BenchMeasure, SummarizeDropsAndCountsOutliers) {
  const Stats st = summarize({2.0, 2.02, 1.98, 5.0, 2.01});
  EXPECT_EQ(st.n, 5u);
  EXPECT_EQ(st.outliers, 1u);
  EXPECT_DOUBLE_EQ(st.min, 1.98);
  EXPECT_DOUBLE_EQ(st.median, 2.005);
  EXPECT_LT(st.cv, 0.01);

  const Stats spread = summarize({10, 11, 9, 10.5, 9.5});
  EXPECT_EQ(spread.outliers, 0u);
  EXPECT_NEAR(spread.cv, 0.0791, 1e-3);

  // Equal values but one: the MAD floor (1 % of the median, or the timer's step) keeps a
  // one-step difference in.
  EXPECT_EQ(summarize({245, 245, 245, 269, 245}, 24).outliers, 0u);
  EXPECT_EQ(summarize({245, 245, 245, 2690, 245}, 24).outliers, 1u);
}

TEST(BenchMeasure, Percentiles) {
  std::vector<double> v(200);
  std::iota(v.begin(), v.end(), 1.0);
  EXPECT_EQ(percentile(v, 50), 100);
  EXPECT_EQ(percentile(v, 75), 150);
  EXPECT_EQ(percentile(v, 99), 198);
  EXPECT_EQ(percentile(v, 99.5), 199);
  EXPECT_EQ(percentile(v, 100), 200);
  EXPECT_EQ(percentile(std::vector<double>{7}, 99.5), 7);
}

TEST(BenchMeasure, Sizes) {
  std::uint64_t n = 0;
  EXPECT_TRUE(parse_size("64", n));
  EXPECT_EQ(n, 64u);
  EXPECT_TRUE(parse_size("8K", n));
  EXPECT_EQ(n, 8192u);
  EXPECT_TRUE(parse_size("1m", n));
  EXPECT_EQ(n, 1u << 20);
  EXPECT_TRUE(parse_size("2G", n));
  EXPECT_EQ(n, std::uint64_t{2} << 30);
  for (const char* bad : {"", "K", "1X", "-1", "1.5K", "2048G", "1234567890123"}) EXPECT_FALSE(parse_size(bad, n)) << bad;

  std::vector<std::size_t> sizes;
  EXPECT_TRUE(parse_sizes("64,1K,16K", sizes));
  EXPECT_EQ(sizes, (std::vector<std::size_t>{64, 1024, 16384}));
  EXPECT_TRUE(parse_sizes("", sizes));
  EXPECT_TRUE(sizes.empty());
  for (const char* bad : {"64,", ",64", "0", "64,,1K", "x"}) EXPECT_FALSE(parse_sizes(bad, sizes)) << bad;
}

TEST(BenchMeasure, BlockSizes) {
  EXPECT_EQ(block_size("sha256"), 64u);
  EXPECT_EQ(block_size("streebog512"), 64u);
  EXPECT_EQ(block_size("chacha20-poly1305"), 64u);
  EXPECT_EQ(block_size("aes-128"), 16u);
  EXPECT_EQ(block_size("poly1305"), 16u);
}

TEST(BenchMeasure, TimeCallsWarmAndCold) {
  const std::vector<Subject> all = subjects();
  const Subject& s = *std::find_if(all.begin(), all.end(), [](const Subject& x) {
    return x.name() == "streebog256/hash/portable";  // a table kernel: its tables get flushed
  });
  ASSERT_FALSE(s.tables.empty());
  const MessageFn fn = s.prepare(random_bytes(key_size, 1));
  const std::vector<std::uint8_t> msg = random_bytes(64, 2);
  std::vector<std::uint8_t> out(s.output_size(64)), want(out.size());
  fn(msg, want.data());
  for (const bool cold : {false, true}) {
    EXPECT_EQ(time_calls(s, fn, msg, out, 10, cold).size(), 10u);
    EXPECT_EQ(out, want);
  }
}

TEST(BenchMeasure, ClocksAreMeasured) {
  const Clocks& c = clocks();
  EXPECT_GT(c.tsc_mhz, 0);
  EXPECT_GE(c.resolution, 1);
  EXPECT_GE(c.timer_overhead, 0);
}

TEST(BenchMeasure, CoreClockArithmetic) {
  // 8000 one-cycle additions in 2000 ticks of a 2600 MHz TSC: 4 cycles a tick, 10400 MHz.
  EXPECT_DOUBLE_EQ(core_mhz_from(8000, 2000, 2600), 10400);
  EXPECT_DOUBLE_EQ(core_mhz_from(8000, 8000, 2445), 2445);
  EXPECT_EQ(core_mhz_from(8000, 0, 2600), 0);
}

#if defined(__x86_64__) && defined(__GNUC__)
// xor_chain_ticks: like add_chain_ticks, with a chain of 8 dependent register XORs a turn
// (one cycle each): another operation no core executes at rename.
double xor_chain_ticks(std::uint64_t turns) {
  std::uint64_t best = ~std::uint64_t{0};
  for (int t = 0; t < 20; ++t) {
    std::uint64_t x = 0, m = 0x5555;
    const std::uint64_t c0 = cycles_begin();
    for (std::uint64_t i = 0; i < turns; ++i)
      asm volatile(
          "xor %1, %0\n\txor %1, %0\n\txor %1, %0\n\txor %1, %0\n\t"
          "xor %1, %0\n\txor %1, %0\n\txor %1, %0\n\txor %1, %0"
          : "+r"(x)
          : "r"(m));
    best = std::min(best, cycles_end() - c0);
  }
  return static_cast<double>(best);
}

// The estimate against a known loop: it agrees with the XOR chain timed here (the chain of
// immediate additions it once used read 22302 MHz on a 4.2 GHz Sapphire Rapids, ~5x high), it
// scales with the chain's length (no folded loop), and it lies in the range of real x86 clocks.
TEST(BenchMeasure, CoreClockMatchesAKnownLoop) {
  const double tsc = clocks().tsc_mhz;
  constexpr std::uint64_t turns = std::uint64_t{1} << 18;
  const double xor_mhz = core_mhz_from(8.0 * turns, xor_chain_ticks(turns), tsc);
  const double core = estimate_core_mhz(tsc);
  EXPECT_GT(core, 0.75 * xor_mhz) << "xor chain: " << xor_mhz << " MHz";
  EXPECT_LT(core, 1.33 * xor_mhz) << "xor chain: " << xor_mhz << " MHz";
  const double ratio = add_chain_ticks(2 * turns) / add_chain_ticks(turns);
  EXPECT_GT(ratio, 1.6);
  EXPECT_LT(ratio, 2.4);
  EXPECT_GT(core, 400);
  EXPECT_LT(core, 7000);  // no x86 core runs faster
  EXPECT_NEAR(clocks().core_mhz, core, 0.33 * core);
}
#endif

TEST(BenchMeasure, HwCountersCountOrSayWhyNot) {
  HwCounters hw;
  if (!hw.available()) {
    EXPECT_NE(hw.why().find("unavailable"), std::string::npos) << hw.why();
    return;
  }
  hw.start();
  volatile std::uint64_t x = 0;
  for (int i = 0; i < 100000; ++i) x = x + 1;
  EXPECT_GT(hw.stop().instructions, 100000);
}

TEST(BenchMeasure, LockedBufferKeepsItsBytesOrSaysWhy) {
  LockedBuffer b(std::vector<std::uint8_t>{1, 2, 3});
  EXPECT_EQ(std::vector<std::uint8_t>(b.span().begin(), b.span().end()), (std::vector<std::uint8_t>{1, 2, 3}));
  if (!b.locked()) {
    EXPECT_NE(LockedBuffer::lock_error(), "");
  }
}

}  // namespace
}  // namespace axiom::bench
