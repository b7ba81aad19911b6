// The benchmark registry and its measuring tools (tools/registry), without timing anything:
// every kernel of every algorithm has a subject, every subject computes the portable kernel's
// answer, table kernels name their tables for cold-cache runs, and the statistics, parsing and
// OS facilities behave. No assertion here depends on speed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <random>
#include <string>

#include "axiom/cpu.hpp"
#include "core/kernel.hpp"
#include "kernel_registry/kernel_registry.hpp"
#include "kuznyechik/kuznyechik_kernel.hpp"
#include "registry/measure.hpp"
#include "registry/registry.hpp"
#include "registry/schedule.hpp"
#include "sha256/sha256_kernel.hpp"
#include "streebog/streebog_kernel.hpp"

namespace axiom::bench {
namespace {

TEST(BenchRegistry, ListsEveryKernelOfEveryAlgorithm) {
  const std::vector<Subject> all = subjects();
  for (const detail::KernelInfo* k : detail::all_kernels()) {
    const bool found =
        std::any_of(all.begin(), all.end(), [&](const Subject& s) { return runs_kernel(s, *k); });
    EXPECT_TRUE(found) << k->name << " has no benchmark subject (tools/registry)";
  }
}

TEST(BenchRegistry, TheStreebogTableKernelNamesItsTables) {
  for (const Subject& s : subjects()) {
    if (const detail::KernelInfo* k = kernel_of(s);
        k != nullptr && k->name == "streebog/portable") {
      EXPECT_FALSE(s.tables.empty()) << s.name();
    }
  }
}

TEST(BenchRegistry, EverySubjectGivesThePortableAnswer) {
  for (const Subject& s : subjects()) {
    if (!s.runnable) continue;
    for (const std::size_t n : std::initializer_list<std::size_t>{16, 64, 256, 8192})
      EXPECT_EQ(verify(s, n), "") << s.name() << " at " << n;
  }
}

// The report compares the kernel users get by default: select_kernel's choice on this CPU,
// one per algorithm and op, constant time wherever a constant-time kernel runs (never
// kuznyechik/tables, or streebog/portable where a constant-time kernel runs).
TEST(BenchRegistry, TheDefaultIsTheKernelSelectKernelPicks) {
  const cpu::Features f = cpu::detected();
  EXPECT_EQ(default_kernel("kuznyechik", f),
            &detail::select_kernel(detail::kuznyechik_kernels(), f).info);
  EXPECT_EQ(default_kernel("streebog", f),
            &detail::select_kernel(detail::streebog_kernels(), f).info);
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
      const bool ct_runs = std::any_of(
          detail::all_kernels().begin(), detail::all_kernels().end(), [&](const auto* o) {
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
  for (const char* bad : {"", "K", "1X", "-1", "1.5K", "2048G", "1234567890123"})
    EXPECT_FALSE(parse_size(bad, n)) << bad;

  std::vector<std::size_t> sizes;
  EXPECT_TRUE(parse_sizes("64,1K,16K", sizes));
  EXPECT_EQ(sizes, (std::vector<std::size_t>{64, 1024, 16384}));
  EXPECT_TRUE(parse_sizes("", sizes));
  EXPECT_TRUE(sizes.empty());
  for (const char* bad : {"64,", ",64", "0", "64,,1K", "x"})
    EXPECT_FALSE(parse_sizes(bad, sizes)) << bad;
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
  EXPECT_EQ(std::vector<std::uint8_t>(b.span().begin(), b.span().end()),
            (std::vector<std::uint8_t>{1, 2, 3}));
  if (!b.locked()) {
    EXPECT_NE(LockedBuffer::lock_error(), "");
  }
}

// The schedule against a simulated run: 1000 figures of 10 ms a repetition, one in ten noisy
// (10 % spread), the others steady (0.1 %).
struct Simulated {
  double now = 0;
  std::vector<double> spread;
  std::vector<std::size_t> reps;
  double run(Schedule& s, double seconds_per_rep, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    for (std::vector<std::size_t> round = s.next_round(now); !round.empty();
         round = s.next_round(now)) {
      for (const std::size_t f : round) {
        if (s.stop_now(now)) break;
        std::normal_distribution<double> value(10.0, 10.0 * spread[f]);
        s.record(f, value(rng));
        now += seconds_per_rep;
      }
    }
    reps.assign(spread.size(), 0);
    for (std::size_t f = 0; f < spread.size(); ++f) reps[f] = s.reps(f);
    return now;
  }
};

std::vector<FigureCost> costs(std::size_t n, double overhead, double call) {
  return std::vector<FigureCost>(n, FigureCost{overhead, call, 1, ~std::uint64_t{0}});
}

TEST(BenchSchedule, TheBudgetHoldsAndGoesToTheNoisyFigures) {
  Simulated sim;
  for (std::size_t f = 0; f < 1000; ++f) sim.spread.push_back(f % 10 == 0 ? 0.1 : 0.001);
  ScheduleOptions o;
  o.budget = 85;
  Schedule s(costs(1000, 1e-4, 1e-3), o, 0, 1, 1);
  const double end = sim.run(s, 0.01, 2);  // 70 s for the first 7 rounds
  EXPECT_LE(end, o.budget + 0.01);
  EXPECT_GE(end, o.budget - 0.2);  // the noisy figures used the rest
  // 15 s / (100 figures * 10 ms) = 15 more for the noisy figures, but for the few whose first
  // 7 values happened to agree within 2 %.
  std::size_t noisy_more = 0;
  for (std::size_t f = 0; f < 1000; f += 10) noisy_more += sim.reps[f] >= 21 ? 1 : 0;
  EXPECT_GE(noisy_more, 90u);
  for (std::size_t f = 0; f < 1000; ++f) {
    if (f % 10 != 0) {
      EXPECT_EQ(sim.reps[f], 7u) << f;
    }
  }
  // With more time, max_reps caps the noisy figures and the run ends early.
  Simulated more;
  more.spread = sim.spread;
  o.budget = 200;
  Schedule capped(costs(1000, 1e-4, 1e-3), o, 0, 1, 1);
  const double capped_end = more.run(capped, 0.01, 2);
  EXPECT_LE(capped_end, 70 + 28 * 1.0 + 1e-6);
  EXPECT_GE(capped_end, 70 + 28 * 0.9);
  std::size_t at_max = 0;
  for (std::size_t f = 0; f < 1000; f += 10)
    at_max += more.reps[f] == static_cast<std::size_t>(o.max_reps) ? 1 : 0;
  EXPECT_GE(at_max, 90u);
}

TEST(BenchSchedule, SteadyFiguresEndTheRunEarly) {
  Simulated sim;
  sim.spread.assign(500, 0.001);
  Schedule s(costs(500, 1e-4, 1e-3), ScheduleOptions{}, 0, 1, 1);
  EXPECT_NEAR(sim.run(s, 0.01, 3), 35, 1e-6);  // 7 rounds of 500 * 10 ms, nothing more
  EXPECT_EQ(s.rounds(), 7);
}

TEST(BenchSchedule, MoreFiguresMakeShorterRepetitionsNotALongerRun) {
  ScheduleOptions o;
  o.budget = 10;  // the first 7 rounds in 60 % of it
  double last = 1;
  for (const std::size_t n : {2646u, 3440u}) {         // today's figures, and 30 % more
    std::vector<FigureCost> c = costs(n, 1e-4, 1e-6);  // 1 us calls
    const double rep = pick_rep_seconds(c, o.min_reps, o.share * o.budget);
    EXPECT_LE(o.min_reps * round_seconds(c, rep), o.share * o.budget) << n;
    EXPECT_GE(o.min_reps * round_seconds(c, rep), 0.99 * o.share * o.budget) << n;
    EXPECT_NEAR(rep, o.share * o.budget / o.min_reps / static_cast<double>(n) - 1e-4, 1e-5) << n;
    EXPECT_LT(rep, last);
    last = rep;
  }
  // Calls longer than the repetition: one call each, whatever the time.
  EXPECT_EQ(calls_for(FigureCost{0, 0.1, 1, ~std::uint64_t{0}}, 0.01), 1u);
  EXPECT_EQ(calls_for(FigureCost{0, 1e-6, 1, 100}, 0.01), 100u);
  EXPECT_EQ(calls_for(FigureCost{0, 1e-6, 1, ~std::uint64_t{0}}, 0.01), 10000u);
  EXPECT_EQ(calls_for(FigureCost{0, 1e-6, 200, 10000}, 1e-5), 200u);      // per call: never fewer
  EXPECT_EQ(pick_rep_seconds(costs(10, 0, 1.0), 5, 1), min_rep_seconds);  // too little time
  EXPECT_EQ(pick_rep_seconds(costs(10, 0, 1e-6), 5, 1000), max_rep_seconds);
}

// A machine twice as slow as calibrated (10000 figures): told so, the schedule plans the first
// round for it; not told, it shortens the repetitions after the first round. Either way the
// first 7 rounds end near their 60 % of the budget, and the budget holds.
TEST(BenchSchedule, ALoadedMachineShortensTheRepetitions) {
  for (const double told : {2.0, 1.0}) {
    ScheduleOptions o;
    o.budget = 100;
    Schedule s(costs(10000, 1e-5, 1e-5), o, 0, told, 1);
    std::mt19937_64 rng(4);
    double now = 0, first_round = 0, first_rounds = 0;
    for (std::vector<std::size_t> round = s.next_round(now); !round.empty();
         round = s.next_round(now)) {
      if (s.rounds() == 2) first_round = now;
      if (s.rounds() == o.min_reps + 1) first_rounds = now;
      for (const std::size_t f : round) {
        if (s.stop_now(now)) break;
        s.record(f, std::normal_distribution<double>(10, 0.5)(rng));
        now += 2 * (1e-5 + static_cast<double>(s.calls(f)) * 1e-5);  // twice what the costs say
      }
    }
    if (told == 2.0) {
      EXPECT_NEAR(first_round, 60.0 / 7, 0.1 * 60 / 7);
    }
    EXPECT_LE(first_rounds, 60 * 1.05) << told;
    EXPECT_GE(first_rounds, 60 * 0.9) << told;
    EXPECT_LE(now, o.budget + 0.1) << told;
  }
}

TEST(BenchSchedule, MedianError) {
  EXPECT_EQ(median_error({5.0}), 0);
  EXPECT_EQ(median_error({5.0, 5.0, 5.0}), 0);
  // CV 0.0791 over 5 values: 1.2533 * 0.0791 / sqrt(5).
  EXPECT_NEAR(median_error({10, 11, 9, 10.5, 9.5}), 1.2533 * 0.0791 / std::sqrt(5.0), 1e-3);
  // The outlier is dropped: the spread of the other four.
  EXPECT_LT(median_error({2.0, 2.02, 1.98, 5.0, 2.01}), 0.01);
}

}  // namespace
}  // namespace axiom::bench
