// bench_main: axiom's comparative benchmark (DESIGN.md section 6) on Google Benchmark: every
// subject of the bench registry (our kernels) and of the peers (bench_<family>.cpp), each
// checked against axiom's portable kernel before it is timed. Three kinds of figure:
//   <algo>/<op>/<impl>/<bytes>          throughput: whole messages in a loop; counters cpb
//                                       (TSC ticks per byte, serialized reads around the
//                                       loop), cpbl (per block), MBps (wall clock), and with
//                                       hardware counters core_cpb, ipb, llc_miss_kib, core_mhz
//   <algo>/<op>/<impl>/<bytes>/latency  calls for --axiom_call_time, each timed alone: p50,
//                                       p75, p99, p99_5 (TSC ticks per call, the empty bracket's
//                                       ticks included), outliers, cpb = p50/bytes
//   <algo>/<op>/<impl>/<bytes>/cold     the same, the buffers and tables flushed before each call
// (the last two for each algorithm's main ops only: per_call_figures).
// Own flags, besides Google Benchmark's:
//   --axiom_sizes=LIST, --axiom_latency_sizes=LIST, --axiom_cold_sizes=LIST
//                       byte counts (K, M, G suffixes) of each kind; an empty list skips it
//   --axiom_call_time=S seconds of calls per latency or cold repetition (default 0.01)
//   --axiom_big_min_time=S  minimum time of the throughput figures of big_size bytes and more
//                       (default: Google Benchmark's --benchmark_min_time): each call is long
//                       there, so a shorter time is as precise and keeps make bench short
//   --axiom_pin=CPU     run on that CPU only;  --axiom_fifo  SCHED_FIFO (both when permitted)
// The environment (clocks, locking, scheduling, counters) goes to stderr as "bench: ..." lines
// and into the JSON context.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "bench_block_ciphers.hpp"
#include "core/kernel.hpp"
#include "peers/peers.hpp"
#include "registry/measure.hpp"
#include "registry/registry.hpp"

namespace {

using axiom::bench::LockedBuffer;
using axiom::bench::Subject;

axiom::bench::HwCounters* hw = nullptr;  // opened in main

struct Setup {
  Setup(const Subject& s, std::size_t size)
      : msg(axiom::bench::random_bytes(size, 2 + size)),
        out(std::vector<std::uint8_t>(s.output_room(size))),
        fn(s.prepare(axiom::bench::random_bytes(axiom::bench::key_size, 1))) {}  // keying: untimed
  LockedBuffer msg, out;
  axiom::bench::MessageFn fn;
};

void run_throughput(benchmark::State& state, const Subject* s, std::size_t size,
                    const std::string* error) {
  if (!error->empty()) {
    state.SkipWithError(error->c_str());
    return;
  }
  Setup b(*s, size);
  std::uint8_t* const out = b.out.span().data();
  const std::span<const std::uint8_t> msg = b.msg.span();

  hw->start();
  const auto t0 = std::chrono::steady_clock::now();
  const std::uint64_t c0 = axiom::bench::cycles_begin();
  for (auto _ : state) {
    b.fn(msg, out);
    benchmark::ClobberMemory();  // the output counts as used
  }
  const std::uint64_t c1 = axiom::bench::cycles_end();
  const auto t1 = std::chrono::steady_clock::now();
  const axiom::bench::HwCounters::Values v = hw->stop();

  const double bytes = static_cast<double>(state.iterations()) * static_cast<double>(size);
  const double seconds = std::chrono::duration<double>(t1 - t0).count();
  const double cpb = static_cast<double>(c1 - c0) / bytes;
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes));
  state.counters["cpb"] = cpb;
  state.counters["cpbl"] = cpb * static_cast<double>(axiom::bench::block_size(s->algo));
  state.counters["MBps"] = bytes / seconds / 1e6;
  if (hw->available()) {
    state.counters["core_cpb"] = v.cycles / bytes;
    state.counters["ipb"] = v.instructions / bytes;
    state.counters["llc_miss_kib"] = v.cache_misses / bytes * 1024;
    state.counters["core_mhz"] = v.cycles / seconds / 1e6;
  }
  state.SetLabel(s->ours ? "axiom" : "peer");
}

// One call per iteration, each timed alone; Google Benchmark picks the number of calls.
void run_calls(benchmark::State& state, const Subject* s, std::size_t size,
               const std::string* error, bool cold) {
  if (!error->empty()) {
    state.SkipWithError(error->c_str());
    return;
  }
  Setup b(*s, size);
  std::vector<double> ticks;
  ticks.reserve(static_cast<std::size_t>(state.max_iterations));
  for (auto _ : state) ticks.push_back(axiom::bench::time_call(*s, b.fn, b.msg.span(), b.out.span(), cold));
  std::sort(ticks.begin(), ticks.end());
  const double p50 = axiom::bench::percentile(ticks, 50);
  state.counters["p50"] = p50;
  state.counters["p75"] = axiom::bench::percentile(ticks, 75);
  state.counters["p99"] = axiom::bench::percentile(ticks, 99);
  state.counters["p99_5"] = axiom::bench::percentile(ticks, 99.5);
  state.counters["outliers"] = static_cast<double>(
      axiom::bench::summarize(ticks, axiom::bench::clocks().resolution).outliers);
  state.counters["cpb"] = p50 / static_cast<double>(size);
  state.counters["cpbl"] = p50 / static_cast<double>(size) *
                           static_cast<double>(axiom::bench::block_size(s->algo));
  state.counters["MBps"] = static_cast<double>(size) * axiom::bench::clocks().tsc_mhz / p50;
  state.SetLabel(s->ours ? "axiom" : "peer");
}

struct Options {
  std::vector<std::size_t> sizes{std::begin(axiom::bench::default_sizes), std::end(axiom::bench::default_sizes)};
  std::vector<std::size_t> latency_sizes{std::begin(axiom::bench::latency_sizes), std::end(axiom::bench::latency_sizes)};
  std::vector<std::size_t> cold_sizes{std::begin(axiom::bench::cold_sizes), std::end(axiom::bench::cold_sizes)};
  double call_time = 0.01;
  double big_min_time = 0;  // 0: Google Benchmark's --benchmark_min_time
  int pin = -1;
  bool fifo = false;
};

// parse_options takes our --axiom_* flags out of argv; false (after a message) on a bad one.
bool parse_options(int& argc, char** argv, Options& o) {
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    const std::size_t eq = a.find('=');
    const std::string_view name = a.substr(0, eq), value = eq == a.npos ? "" : a.substr(eq + 1);
    std::uint64_t n = 0;
    bool ok = true;
    if (name == "--axiom_sizes") {
      ok = axiom::bench::parse_sizes(value, o.sizes);
    } else if (name == "--axiom_latency_sizes") {
      ok = axiom::bench::parse_sizes(value, o.latency_sizes);
    } else if (name == "--axiom_cold_sizes") {
      ok = axiom::bench::parse_sizes(value, o.cold_sizes);
    } else if (name == "--axiom_call_time" || name == "--axiom_big_min_time") {
      const std::string v(value);
      char* end = nullptr;
      double& seconds = name == "--axiom_call_time" ? o.call_time : o.big_min_time;
      seconds = std::strtod(v.c_str(), &end);
      ok = !v.empty() && *end == '\0' && seconds > 0 && seconds <= 10;
    } else if (name == "--axiom_pin") {
      ok = axiom::bench::parse_size(value, n) && n < 4096;
      o.pin = static_cast<int>(n);
    } else if (a == "--axiom_fifo") {
      o.fifo = true;
    } else {
      argv[kept++] = argv[i];
      continue;
    }
    if (!ok) {
      std::fprintf(stderr, "axiom_bench: invalid value in '%s'\n", argv[i]);
      return false;
    }
  }
  argc = kept;
  return true;
}

// big_size: the message size from which --axiom_big_min_time applies.
constexpr std::size_t big_size = 8192;

// per_call_figures says whether s gets latency and cold-cache figures besides its throughput
// figures: the main op of each algorithm only (a block cipher's CTR and AEAD seal; every hash,
// MAC, stream cipher and AEAD seal), which keeps make bench under 10 minutes with every op of
// every kernel and peer timed for throughput.
bool per_call_figures(const Subject& s) {
  static const std::string_view secondary[] = {"ecb", "cbc-enc", "cbc-dec", "gcm-open", "ccm-seal", "cmac", "open", "hash2",
                                               "xts-enc", "xts-dec", "cbc-enc-x8", "cmac-x8", "mac-x8",
                                               "cbc-enc-x16", "cmac-x16", "cbc-enc-x32", "cmac-x32"};
  if (s.algo == "kuznyechik" && s.op == "mac") return false;
  return std::find(std::begin(secondary), std::end(secondary), s.op) == std::end(secondary);
}

void note(const char* key, const std::string& line) {
  std::fprintf(stderr, "bench: %s\n", line.c_str());
  benchmark::AddCustomContext(key, line);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  Options opt;
  if (!parse_options(argc, argv, opt)) return 2;
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;

  if (opt.pin >= 0) note("affinity", axiom::bench::pin_to_cpu(opt.pin));
  if (opt.fifo) note("scheduling", axiom::bench::use_fifo());
  {
    const LockedBuffer probe(std::vector<std::uint8_t>(4096));
    note("memory", probe.locked() ? "buffers locked in RAM (mlock)" : LockedBuffer::lock_error());
  }
  axiom::bench::HwCounters counters;
  hw = &counters;
  note("hw_counters", counters.why());
  const axiom::bench::Clocks& c = axiom::bench::clocks();
  char line[200];
  std::snprintf(line, sizeof line, "%.0f", c.tsc_mhz);
  benchmark::AddCustomContext("tsc_mhz", line);
  std::snprintf(line, sizeof line, "%.0f", c.core_mhz);
  benchmark::AddCustomContext("core_mhz", line);
  std::snprintf(line, sizeof line, "%.0f", c.timer_overhead);
  benchmark::AddCustomContext("timer_overhead", line);
  std::snprintf(line, sizeof line, "%.0f", c.resolution);
  benchmark::AddCustomContext("tsc_resolution", line);
  std::snprintf(line, sizeof line,
                "TSC %.0f MHz, read in steps of %.0f ticks; core clock ~%.0f MHz (estimated from "
                "dependent additions); an empty timed call reads %.0f TSC ticks",
                c.tsc_mhz, c.resolution, c.core_mhz, c.timer_overhead);
  std::fprintf(stderr, "bench: %s\n", line);
  if (!axiom::bench::can_flush && !opt.cold_sizes.empty()) {
    std::fprintf(stderr, "bench: cold-cache figures skipped: no clflush on this CPU\n");
    opt.cold_sizes.clear();
  }

  // Registered benchmarks keep pointers into these lists until the end of main.
  std::vector<Subject> all = axiom::bench::subjects();
  axiom::bench::peers::add_sha256_peers(all);
  axiom::bench::peers::add_chacha20_peers(all);
  axiom::bench::peers::add_block_cipher_peers(all);

  std::vector<std::size_t> sizes;  // every size any figure uses, each verified once
  for (const auto* list : {&opt.sizes, &opt.latency_sizes, &opt.cold_sizes})
    for (const std::size_t n : *list)
      if (std::find(sizes.begin(), sizes.end(), n) == sizes.end()) sizes.push_back(n);
  std::vector<std::vector<std::string>> errors(all.size());
  for (std::size_t i = 0; i < all.size(); ++i) {
    const Subject& s = all[i];
    if (!s.runnable) {
      std::fprintf(stderr, "bench: %s skipped: this CPU lacks a feature it needs\n", s.name().c_str());
      continue;
    }
    // Every subject's answer is checked against axiom's portable kernel once per size, before
    // any timing: a benchmark of a wrong answer is worthless. Beyond 1 MiB (a large-buffer
    // run) the check runs at 1 MiB: the portable kernels would take minutes.
    for (const std::size_t n : sizes) errors[i].push_back(axiom::bench::verify(s, std::min<std::size_t>(n, 1 << 20)));
    const auto error_at = [&](std::size_t n) {
      return &errors[i][static_cast<std::size_t>(std::find(sizes.begin(), sizes.end(), n) - sizes.begin())];
    };
    if (const axiom::detail::KernelInfo* k = axiom::bench::kernel_of(s);
        !opt.cold_sizes.empty() && per_call_figures(s) && k != nullptr && !k->constant_time && s.tables.empty())
      std::fprintf(stderr, "bench: %s: a table kernel without Subject::tables: its cold figures "
                   "flush only the buffers\n", s.name().c_str());
    const std::string base = s.name() + "/";
    // Not UseRealTime(): it would append "/real_time" to the name; MBps is wall clock anyway.
    for (const std::size_t n : opt.sizes) {
      benchmark::internal::Benchmark* b =
          benchmark::RegisterBenchmark((base + std::to_string(n)).c_str(), run_throughput, &s, n, error_at(n));
      if (n >= big_size && opt.big_min_time > 0) b->MinTime(opt.big_min_time);
    }
    if (!per_call_figures(s)) continue;
    for (const std::size_t n : opt.latency_sizes)
      benchmark::RegisterBenchmark((base + std::to_string(n) + "/latency").c_str(), run_calls, &s, n,
                                   error_at(n), false)->MinTime(opt.call_time);
    for (const std::size_t n : opt.cold_sizes)
      benchmark::RegisterBenchmark((base + std::to_string(n) + "/cold").c_str(), run_calls, &s, n,
                                   error_at(n), true)->MinTime(opt.call_time);
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
