// bench_main: axiom's comparative benchmark (DESIGN.md section 6): every subject of the bench
// registry (our kernels) and of the peers (bench_<family>.cpp), each checked against axiom's
// portable kernel before it is timed, all in one wall-time budget (registry/schedule.hpp:
// interleaved rounds, every figure min_reps repetitions, more for the noisy ones while time
// remains). Google Benchmark runs them: each round registers its figures in the round's order,
// each a benchmark of one iteration whose body is one repetition of our own measurement (TSC
// figures as counters, the repetition's wall time as manual time), and runs them with
// RunSpecifiedBenchmarks. Three kinds of figure:
//   <algo>/<op>/<impl>/<bytes>          throughput: whole messages in a loop; counters cpb
//                                       (TSC ticks per byte, serialized reads around the
//                                       loop), cpbl (per block), MBps (wall clock), and with
//                                       hardware counters core_cpb, ipb, llc_miss_kib, core_mhz
//   <algo>/<op>/<impl>/<bytes>/latency  calls each timed alone: p50, p75, p99, p99_5 (TSC
//                                       ticks per call, the empty bracket's ticks included),
//                                       outliers, cpb = p50/bytes
//   <algo>/<op>/<impl>/<bytes>/cold     the same, the buffers and tables flushed before each call
// (the last two for each algorithm's main ops only: per_call_figures). Each figure keys its
// subject once and makes one untimed call (which also seals the message of an open); each
// repetition of a figure whose calls are short makes one more untimed call first (the code
// warm; a cold figure's flushes then evict the data).
// Flags: Google Benchmark's --benchmark_filter=RE (only the figures RE selects) and
// --benchmark_list_tests (list them, run nothing); its flags of repetitions, time and output
// format are overridden by the schedule (--benchmark_out would hold the last round only). Ours:
//   --axiom_out=FILE    the results as JSON: "context", then "benchmarks", one entry per
//                       repetition (Google Benchmark's shape, which bench/report reads)
//   --axiom_budget=S    target wall time of the whole run in seconds (default 360)
//   --axiom_min_reps=N  repetitions of every figure (default 7), whatever the budget
//   --axiom_precision=P figures get more repetitions, while the budget lasts, until their
//                       median's relative standard error is at most P (default 0.01)
//   --axiom_sizes=LIST, --axiom_latency_sizes=LIST, --axiom_cold_sizes=LIST
//                       byte counts (K, M, G suffixes) of each kind; an empty list skips it
//   --axiom_pin=CPU     run on that CPU only;  --axiom_fifo  SCHED_FIFO (both when permitted)
// The environment (clocks, locking, scheduling, counters) and the progress go to stderr as
// "bench: ..." lines; the environment also into the JSON context.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include "bench_block_ciphers.hpp"
#include "core/kernel.hpp"
#include "peers/peers.hpp"
#include "registry/measure.hpp"
#include "registry/registry.hpp"
#include "registry/registry_block_cipher.hpp"
#include "registry/schedule.hpp"

namespace {

using axiom::bench::LockedBuffer;
using axiom::bench::Subject;
using Clock = std::chrono::steady_clock;
using Counters = std::vector<std::pair<const char*, double>>;

enum class Mode { throughput, latency, cold };

struct Figure {
  const Subject* subject;
  std::size_t size;
  Mode mode;
  std::string name;
  std::string error;           // from verification: not timed if set
  axiom::bench::MessageFn fn;  // keyed by calibrate
  bool warm_up = false;        // an untimed call before each repetition
  std::vector<Counters> reps;
};

// A call this long needs no untimed call before it: its own start-up is a negligible part.
constexpr double long_call = 1e-3;

// Per-call figures keep every call's ticks to take percentiles: at most this many calls a
// repetition (plenty for p99.5), and at least min_timed_calls, or as many as take
// min_timed_seconds if fewer (but 10): a repetition of one call would time the code's own
// cold start, not the figure.
constexpr std::uint64_t max_timed_calls = 10000, min_timed_calls = 200;
constexpr double min_timed_seconds = 0.02;

struct Options {
  std::vector<std::size_t> sizes{std::begin(axiom::bench::default_sizes),
                                 std::end(axiom::bench::default_sizes)};
  std::vector<std::size_t> latency_sizes{std::begin(axiom::bench::latency_sizes),
                                         std::end(axiom::bench::latency_sizes)};
  std::vector<std::size_t> cold_sizes{std::begin(axiom::bench::cold_sizes),
                                      std::end(axiom::bench::cold_sizes)};
  axiom::bench::ScheduleOptions schedule;
  std::string out;
  int pin = -1;
  bool fifo = false;
};

bool parse_seconds(std::string_view text, double& seconds, double max) {
  const std::string v(text);
  char* end = nullptr;
  seconds = std::strtod(v.c_str(), &end);
  return !v.empty() && *end == '\0' && seconds >= 0 && seconds <= max;
}

// parse_options reads our flags (Initialize took Google Benchmark's out of argv); false (after a
// message) on a bad or unknown one.
bool parse_options(int argc, char** argv, Options& o) {
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
    } else if (name == "--axiom_budget") {
      ok = parse_seconds(value, o.schedule.budget, 86400);
    } else if (name == "--axiom_precision") {
      ok = parse_seconds(value, o.schedule.precision, 1);
    } else if (name == "--axiom_min_reps") {
      ok = axiom::bench::parse_size(value, n) && n >= 1 && n <= 1000;
      o.schedule.min_reps = static_cast<int>(n);
      o.schedule.max_reps = 5 * o.schedule.min_reps;
    } else if (name == "--axiom_out" && !value.empty()) {
      o.out = value;
    } else if (name == "--axiom_pin") {
      ok = axiom::bench::parse_size(value, n) && n < 4096;
      o.pin = static_cast<int>(n);
    } else if (a == "--axiom_fifo") {
      o.fifo = true;
    } else {
      ok = false;
    }
    if (!ok) {
      std::fprintf(stderr, "axiom_bench: invalid or unknown argument '%s'\n", argv[i]);
      return false;
    }
  }
  return true;
}

// per_call_figures says whether s gets latency and cold-cache figures besides its throughput
// figures: the main op of each algorithm only (a block cipher's CTR and AEAD seal; every hash,
// MAC, stream cipher and AEAD seal); every op of every kernel and peer has throughput figures.
bool per_call_figures(const Subject& s) {
  static const std::string_view secondary[] = {
      "ecb",     "cbc-enc", "cbc-dec",     "gcm-open", "ccm-seal",    "cmac",
      "open",    "hash2",   "hash16",      "xts-enc",  "xts-dec",     "cbc-enc-x8",
      "cmac-x8", "mac-x8",  "cbc-enc-x16", "cmac-x16", "cbc-enc-x32", "cmac-x32"};
  if (s.op == "mac" && axiom::bench::is_block_cipher(s.algo)) return false;  // a GOST cipher's MAC
  return std::find(std::begin(secondary), std::end(secondary), s.op) == std::end(secondary);
}

// label: "peer", or "axiom" followed by "default" for the kernel axiom picks on this CPU and
// "not-ct" for a kernel that is not constant time (bench/report reads these words).
std::string label(const Subject& s) {
  if (!s.ours) return "peer";
  std::string l = "axiom";
  if (axiom::bench::is_default(s)) l += " default";
  if (const axiom::detail::KernelInfo* k = axiom::bench::kernel_of(s);
      k != nullptr && !k->constant_time)
    l += " not-ct";
  return l;
}

double cpb_of(const Counters& c) {
  return std::find_if(c.begin(), c.end(),
                      [](const auto& kv) { return std::string_view(kv.first) == "cpb"; })
      ->second;
}

inline void clobber_memory() { asm volatile("" ::: "memory"); }  // the output counts as used

// Buffers shared by every figure: the message of each size and one output buffer.
struct Buffers {
  std::map<std::size_t, LockedBuffer> msg;
  std::optional<LockedBuffer> out;
  std::vector<std::uint8_t> key = axiom::bench::random_bytes(axiom::bench::key_size, 1);
};

// One repetition of f: the untimed call if f.warm_up, then `calls` timed calls.
Counters repetition(const Figure& f, std::uint64_t calls, Buffers& b,
                    axiom::bench::HwCounters& hw) {
  const Subject& s = *f.subject;
  const std::span<const std::uint8_t> msg = b.msg.at(f.size).span();
  const std::span<std::uint8_t> out = b.out->span();
  const axiom::bench::MessageFn& fn = f.fn;
  if (f.warm_up) fn(msg, out.data());
  const double block = static_cast<double>(axiom::bench::block_size(s.algo));
  const double size = static_cast<double>(f.size);
  if (f.mode != Mode::throughput) {
    std::vector<double> ticks(calls);
    for (double& t : ticks) t = axiom::bench::time_call(s, fn, msg, out, f.mode == Mode::cold);
    std::sort(ticks.begin(), ticks.end());
    const double p50 = axiom::bench::percentile(ticks, 50);
    return {{"iterations", static_cast<double>(calls)},
            {"p50", p50},
            {"p75", axiom::bench::percentile(ticks, 75)},
            {"p99", axiom::bench::percentile(ticks, 99)},
            {"p99_5", axiom::bench::percentile(ticks, 99.5)},
            {"outliers",
             static_cast<double>(
                 axiom::bench::summarize(ticks, axiom::bench::clocks().resolution).outliers)},
            {"cpb", p50 / size},
            {"cpbl", p50 / size * block},
            {"MBps", size * axiom::bench::clocks().tsc_mhz / p50}};
  }
  hw.start();
  const auto t0 = Clock::now();
  const std::uint64_t c0 = axiom::bench::cycles_begin();
  for (std::uint64_t i = 0; i < calls; ++i) {
    fn(msg, out.data());
    clobber_memory();
  }
  const std::uint64_t c1 = axiom::bench::cycles_end();
  const auto t1 = Clock::now();
  const axiom::bench::HwCounters::Values v = hw.stop();
  const double bytes = static_cast<double>(calls) * size;
  const double seconds = std::chrono::duration<double>(t1 - t0).count();
  const double cpb = static_cast<double>(c1 - c0) / bytes;
  Counters c = {{"iterations", static_cast<double>(calls)},
                {"cpb", cpb},
                {"cpbl", cpb * block},
                {"MBps", bytes / seconds / 1e6}};
  if (hw.available())
    c.insert(c.end(), {{"core_cpb", v.cycles / bytes},
                       {"ipb", v.instructions / bytes},
                       {"llc_miss_kib", v.cache_misses / bytes * 1024},
                       {"core_mhz", v.cycles / seconds / 1e6}});
  return c;
}

// calibrate keys f's subject, makes the first call, and measures what a repetition of f costs:
// seconds per timed call (over at least 0.2 ms of calls; a cold call's flushes included) and,
// for the untimed call if any, about the same again. It adds the seconds it measured to
// `measured`.
axiom::bench::FigureCost calibrate(Figure& f, Buffers& b, double& measured) {
  const Subject& s = *f.subject;
  const std::span<const std::uint8_t> msg = b.msg.at(f.size).span();
  const std::span<std::uint8_t> out = b.out->span();
  f.fn = s.prepare(b.key);
  const axiom::bench::MessageFn& fn = f.fn;
  fn(msg, out.data());
  axiom::bench::FigureCost c;
  std::uint64_t calls = 0;
  double seconds = 0;
  for (std::uint64_t n = 1; seconds < 2e-4; n *= 2) {
    const auto a = Clock::now();
    for (std::uint64_t i = 0; i < n; ++i) {
      if (f.mode == Mode::throughput)
        fn(msg, out.data());
      else
        (void)axiom::bench::time_call(s, fn, msg, out, f.mode == Mode::cold);
    }
    seconds += std::chrono::duration<double>(Clock::now() - a).count();
    calls += n;
  }
  c.call = seconds / static_cast<double>(calls);
  measured += seconds + c.call;  // the first call took about one call
  if (f.mode != Mode::throughput) {
    c.max_calls = max_timed_calls;
    c.min_calls = std::clamp<std::uint64_t>(static_cast<std::uint64_t>(min_timed_seconds / c.call),
                                            10, min_timed_calls);
  }
  f.warm_up = c.call < long_call;
  c.overhead = f.warm_up ? c.call : 0;
  return c;
}

void note(std::vector<std::pair<std::string, std::string>>& context, const char* key,
          const std::string& line) {
  std::fprintf(stderr, "bench: %s\n", line.c_str());
  context.emplace_back(key, line);
}

std::string json_string(std::string_view s) {
  std::string r = "\"";
  for (const char ch : s) {
    if (ch == '"' || ch == '\\') {
      r += '\\';
      r += ch;
    } else if (static_cast<unsigned char>(ch) < 0x20) {
      char esc[8];
      std::snprintf(esc, sizeof esc, "\\u%04x", static_cast<unsigned>(ch));
      r += esc;
    } else {
      r += ch;
    }
  }
  return r + "\"";
}

std::string number(double x, const char* format = "%.9g") {
  char buf[40];
  std::snprintf(buf, sizeof buf, format, x);
  return buf;
}

bool write_json(const std::string& path,
                const std::vector<std::pair<std::string, std::string>>& context,
                const std::vector<Figure>& figures) {
  std::ofstream f(path);
  f << "{\n \"context\": {";
  for (std::size_t i = 0; i < context.size(); ++i)
    f << (i ? ",\n  " : "\n  ") << json_string(context[i].first) << ": "
      << json_string(context[i].second);
  f << "\n },\n \"benchmarks\": [";
  const char* sep = "\n  ";
  for (std::size_t i = 0; i < figures.size(); ++i) {
    const Figure& fig = figures[i];
    const std::string head =
        "{\"name\": " + json_string(fig.name) + ", \"run_name\": " + json_string(fig.name) +
        ", \"run_type\": \"iteration\", \"family_index\": " + std::to_string(i);
    if (!fig.error.empty()) {
      f << std::exchange(sep, ",\n  ") << head
        << ", \"error_occurred\": true, \"error_message\": " << json_string(fig.error) << "}";
      continue;
    }
    const std::string l = json_string(label(*fig.subject));
    for (std::size_t r = 0; r < fig.reps.size(); ++r) {
      f << std::exchange(sep, ",\n  ") << head << ", \"repetitions\": " << fig.reps.size()
        << ", \"repetition_index\": " << r << ", \"label\": " << l;
      for (const auto& [counter, value] : fig.reps[r])
        f << ", " << json_string(counter) << ": " << number(value);
      f << "}";
    }
  }
  f << "\n ]\n}\n";
  f.close();
  return static_cast<bool>(f);
}

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[40];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S+00:00", &tm);
  return buf;
}

// Google Benchmark's console, with the machine's description once (each round is a run of
// its own), without the figures the budget ended before their turn, and with our names (not
// Google Benchmark's suffixes for one iteration and manual time).
constexpr const char* budget_spent = "budget spent";
class RoundReporter : public benchmark::ConsoleReporter {
 public:
  RoundReporter() : ConsoleReporter(OO_None) {}
  bool ReportContext(const Context& context) override {
    return std::exchange(first_, false) ? ConsoleReporter::ReportContext(context) : true;
  }
  void ReportRuns(const std::vector<Run>& runs) override {
    std::vector<Run> timed;
    std::copy_if(runs.begin(), runs.end(), std::back_inserter(timed),
                 [](const Run& r) { return !r.error_occurred || r.error_message != budget_spent; });
    for (Run& r : timed) r.run_name.iterations = r.run_name.repetitions = r.run_name.time_type = "";
    if (!timed.empty()) ConsoleReporter::ReportRuns(timed);
  }

 private:
  bool first_ = true;
};

// Reports nothing: for the run that only finds which figures --benchmark_filter selects.
class SilentReporter : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>&) override {}
};

}  // namespace

int main(int argc, char** argv) {
  const auto start = Clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  benchmark::Initialize(&argc, argv);
  Options opt;
  if (!parse_options(argc, argv, opt)) return 2;
  if (!axiom::bench::can_flush && !opt.cold_sizes.empty()) {
    std::fprintf(stderr, "bench: cold-cache figures skipped: no clflush on this CPU\n");
    opt.cold_sizes.clear();
  }

  std::vector<Subject> all = axiom::bench::subjects();
  axiom::bench::peers::add_sha256_peers(all);
  axiom::bench::peers::add_chacha20_peers(all);
  axiom::bench::peers::add_block_cipher_peers(all);

  // Every figure in registration order (the report's order); --benchmark_filter picks among
  // them in a run whose benchmarks only note that they were selected and stop at once (or,
  // with --benchmark_list_tests, Google Benchmark lists them and runs none).
  std::vector<Figure> candidates;
  for (const Subject& s : all) {
    if (!s.runnable) {
      std::fprintf(stderr, "bench: %s skipped: this CPU lacks a feature it needs\n",
                   s.name().c_str());
      continue;
    }
    const auto add = [&](std::size_t n, Mode mode, const char* suffix) {
      candidates.push_back(
          {&s, n, mode, s.name() + "/" + std::to_string(n) + suffix, {}, {}, false, {}});
    };
    for (const std::size_t n : opt.sizes) add(n, Mode::throughput, "");
    if (!per_call_figures(s)) continue;
    for (const std::size_t n : opt.latency_sizes) add(n, Mode::latency, "/latency");
    for (const std::size_t n : opt.cold_sizes) add(n, Mode::cold, "/cold");
    if (const axiom::detail::KernelInfo* k = axiom::bench::kernel_of(s);
        !opt.cold_sizes.empty() && k != nullptr && !k->constant_time && s.tables.empty())
      std::fprintf(stderr,
                   "bench: %s: a table kernel without Subject::tables: its cold figures "
                   "flush only the buffers\n",
                   s.name().c_str());
  }
  std::vector<char> selected(candidates.size(), 0);
  for (std::size_t i = 0; i < candidates.size(); ++i)
    benchmark::RegisterBenchmark(candidates[i].name.c_str(),
                                 [&selected, i](benchmark::State& state) {
                                   selected[i] = 1;
                                   state.SkipWithError("selected");
                                 });
  SilentReporter silent;
  const std::size_t matched = benchmark::RunSpecifiedBenchmarks(&silent);
  benchmark::ClearRegisteredBenchmarks();
  if (matched == 0) return 2;  // Google Benchmark said that nothing matches
  if (std::find(selected.begin(), selected.end(), 1) == selected.end()) return 0;  // listed only
  if (opt.out.empty()) {
    std::fprintf(
        stderr,
        "usage: axiom_bench --axiom_out=FILE [--axiom_budget=S] [--benchmark_filter=RE] ...\n");
    return 2;
  }

  std::vector<std::pair<std::string, std::string>> context = {
      {"date", utc_now()}, {"num_cpus", std::to_string(std::thread::hardware_concurrency())}};
  if (opt.pin >= 0) note(context, "affinity", axiom::bench::pin_to_cpu(opt.pin));
  if (opt.fifo) note(context, "scheduling", axiom::bench::use_fifo());
  {
    const LockedBuffer probe(std::vector<std::uint8_t>(4096));
    note(context, "memory",
         probe.locked() ? "buffers locked in RAM (mlock)" : LockedBuffer::lock_error());
  }
  axiom::bench::HwCounters hw;
  note(context, "hw_counters", hw.why());
  const axiom::bench::Clocks& c = axiom::bench::clocks();
  context.insert(context.end(), {{"tsc_mhz", number(c.tsc_mhz, "%.0f")},
                                 {"core_mhz", number(c.core_mhz, "%.0f")},
                                 {"timer_overhead", number(c.timer_overhead, "%.0f")},
                                 {"tsc_resolution", number(c.resolution, "%.0f")}});
  std::fprintf(
      stderr,
      "bench: TSC %.0f MHz, read in steps of %.0f ticks; core clock ~%.0f MHz (estimated from "
      "dependent additions); an empty timed call reads %.0f TSC ticks\n",
      c.tsc_mhz, c.resolution, c.core_mhz, c.timer_overhead);

  // Each selected subject's answer is checked against the portable kernel once per size before
  // any timing: a benchmark of a wrong answer is worthless. Beyond 1 MiB (a large-buffer run)
  // the check runs at 1 MiB.
  std::vector<Figure> figures;
  Buffers buffers;
  std::size_t out_room = 1;
  std::map<std::tuple<std::string, std::string, std::size_t, std::size_t>,
           std::vector<std::uint8_t>>
      references;
  std::map<std::pair<const Subject*, std::size_t>, std::string> checked;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (!selected[i]) continue;
    Figure& f = figures.emplace_back(std::move(candidates[i]));
    const Subject& s = *f.subject;
    const std::size_t v = std::min<std::size_t>(f.size, 1 << 20);
    if (!checked.contains({&s, v})) {
      std::vector<std::uint8_t>& want = references[{s.algo, s.op, v, s.output_size(v)}];
      if (want.empty() && !axiom::bench::reference(s, v, want))
        checked[{&s, v}] = "no reference for algorithm " + s.algo;
      else
        checked[{&s, v}] = axiom::bench::verify(s, v, want);
    }
    f.error = checked[{&s, v}];
    if (!buffers.msg.contains(f.size))
      buffers.msg.emplace(f.size, axiom::bench::random_bytes(f.size, 2 + f.size));
    out_room = std::max(out_room, s.output_room(f.size));
  }
  references.clear();
  candidates.clear();
  buffers.out.emplace(std::vector<std::uint8_t>(out_room));

  // Calibration: what a repetition of each figure costs, from which the schedule picks the
  // repetition length.
  std::vector<std::size_t> timed;  // indices into figures
  std::vector<axiom::bench::FigureCost> costs;
  double measured = 0;
  const double calibration_start = elapsed();
  for (std::size_t i = 0; i < figures.size(); ++i) {
    if (!figures[i].error.empty()) continue;
    costs.push_back(calibrate(figures[i], buffers, measured));
    timed.push_back(i);
  }
  // On a loaded machine the calibration takes longer than the calls it timed, which were short
  // enough to run mostly unpreempted: the ratio plans the first round.
  const double slowdown = (elapsed() - calibration_start) / measured;
  const axiom::bench::ScheduleOptions& so = opt.schedule;
  axiom::bench::Schedule schedule(costs, so, elapsed(), slowdown, std::random_device{}());
  std::fprintf(
      stderr,
      "bench: %zu figures (%zu failed verification), %.0f s for verification and calibration; "
      "%d rounds over every figure until ~%.0f s, then rounds over the noisy ones until %.0f s\n",
      figures.size(), figures.size() - timed.size(), elapsed(), so.min_reps,
      schedule.first_rounds_end(), so.budget);
  // One repetition of figure t, run as a Google Benchmark benchmark of one iteration.
  std::size_t repetitions = 0;
  const auto body = [&](std::size_t t, benchmark::State& state) {
    if (schedule.stop_now(elapsed())) {
      state.SkipWithError(budget_spent);
      return;
    }
    Figure& f = figures[timed[t]];
    for (auto _ : state) {
      const auto t0 = Clock::now();
      f.reps.push_back(repetition(f, schedule.calls(t), buffers, hw));
      state.SetIterationTime(std::chrono::duration<double>(Clock::now() - t0).count());
    }
    for (const auto& [counter, value] : f.reps.back())
      if (std::string_view(counter) != "iterations") state.counters[counter] = value;
    schedule.record(t, cpb_of(f.reps.back()),
                    f.mode == Mode::throughput ? 0 : c.resolution / static_cast<double>(f.size));
    ++repetitions;
  };
  RoundReporter console;
  for (std::vector<std::size_t> round = schedule.next_round(elapsed()); !round.empty();
       round = schedule.next_round(elapsed())) {
    std::fprintf(stderr, "bench: round %d: %zu figures from %.0f s, repetitions of %.2f ms\n",
                 schedule.rounds(), round.size(), elapsed(), 1e3 * schedule.rep_seconds());
    for (const std::size_t t : round)
      benchmark::RegisterBenchmark(figures[timed[t]].name.c_str(),
                                   [&body, t](benchmark::State& state) { body(t, state); })
          ->Iterations(1)
          ->Repetitions(1)
          ->UseManualTime();
    benchmark::RunSpecifiedBenchmarks(&console, ".");  // in the order registered
    std::fflush(stdout);  // the console before the next round's line on stderr
    benchmark::ClearRegisteredBenchmarks();
  }
  benchmark::Shutdown();
  std::size_t precise = 0;
  for (std::size_t t = 0; t < timed.size(); ++t) precise += schedule.precise(t) ? 1 : 0;
  const double wall = elapsed();
  context.insert(context.end(), {{"budget_s", number(so.budget, "%.0f")},
                                 {"wall_s", number(wall, "%.0f")},
                                 {"rounds", std::to_string(schedule.rounds())},
                                 {"repetitions", std::to_string(repetitions)},
                                 {"min_reps", std::to_string(so.min_reps)},
                                 {"precision", number(so.precision, "%g")},
                                 {"precise_figures", std::to_string(precise)},
                                 {"timed_figures", std::to_string(timed.size())}});
  std::fprintf(stderr,
               "bench: %zu repetitions in %d rounds, %.0f s (budget %.0f s); %zu of %zu figures "
               "have a median within %.1f %% (relative standard error)\n",
               repetitions, schedule.rounds(), wall, so.budget, precise, timed.size(),
               100 * so.precision);
  if (!write_json(opt.out, context, figures)) {
    std::fprintf(stderr, "axiom_bench: cannot write %s\n", opt.out.c_str());
    return 1;
  }
  return 0;
}
