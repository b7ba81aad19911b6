// axiom bench: time our kernels (the subjects of tools/registry, the same code Google Benchmark
// times in `make bench`) with the same measuring tools (tools/registry/measure.hpp): serialized
// TSC around a calibrated batch of messages, repetitions interleaved across subjects, outliers
// dropped and counted; or, with --latency or --cold, each call timed alone.
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"
#include "io.hpp"
#include "registry/measure.hpp"
#include "registry/registry.hpp"

namespace axiom::cli {

namespace {

constexpr const char* usage_text =
    "Usage: axiom bench [-a ALG] [--size N] [--kernel K] [--repetitions R] [--latency|--cold]\n"
    "                   [--json FILE]\n"
    "Time axiom's kernels, one whole message at a time (a MAC or cipher keyed once), and print\n"
    "per message size the median cycles/byte over R interleaved repetitions with their min,\n"
    "coefficient of variation and dropped outliers, cycles/block and MB/s. Cycles are\n"
    "time-stamp-counter ticks, which run at the CPU's nominal clock. Sizes: 64 B, 256 B, 1 KiB,\n"
    "8 KiB, 16 KiB and 1 MiB. Every kernel is checked against the portable one before it is\n"
    "timed. Kernels the CPU cannot run are skipped; AXIOM_CPU does not apply (each kernel is\n"
    "chosen explicitly). For the comparison with other libraries, run 'make bench' in the\n"
    "source tree.\n"
    "\n"
    "  -a, --algorithm ALG  only ALG (sha256, hmac-sha256, aes-128, chacha20, ...)\n"
    "  --size N             only messages of N bytes (N may end in K, M or G; at most 4G)\n"
    "  --kernel K           only kernel K (e.g. shani, portable)\n"
    "  --repetitions R      repetitions per measurement (default 5, at most 100)\n"
    "  --latency            time each call alone and print the percentiles p50, p75, p99 and\n"
    "                       p99.5 of TSC ticks per call (default sizes 16, 64 and 256 B)\n"
    "  --cold               the same, with the buffers and any tables flushed from the caches\n"
    "                       before each call (default sizes 64 B, 1 KiB and 16 KiB)\n"
    "  --json FILE          also write the results to FILE as JSON\n"
    "  -h, --help           print this help\n";

constexpr std::uint64_t max_size = std::uint64_t{4} << 30;
// Each repetition runs about this long: long enough to swamp the timer reads, short enough
// that the default run finishes in seconds.
constexpr double repetition_seconds = 0.02;

// Job is one subject at one size, ready to run: keyed, with its locked buffers and results.
struct Job {
  Job(const bench::Subject& s, std::size_t n, const std::vector<std::uint8_t>& key)
      : subject(&s),
        size(n),
        fn(s.prepare(key)),
        msg(bench::random_bytes(n, 2 + n)),
        out(std::vector<std::uint8_t>(s.output_room(n))) {}
  const bench::Subject* subject;
  std::size_t size;
  bench::MessageFn fn;
  bench::LockedBuffer msg, out;
  std::uint64_t iterations = 1;
  std::vector<double> cpb, mbps;  // throughput: one per repetition
  std::vector<double> ticks;      // per call: every call of every repetition
};

struct Sample {
  std::uint64_t cycles;
  double seconds;
};

Sample run_batch(Job& j, std::uint64_t iterations) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::uint64_t c0 = bench::cycles_begin();
  for (std::uint64_t i = 0; i < iterations; ++i) j.fn(j.msg.span(), j.out.span().data());
  const std::uint64_t c1 = bench::cycles_end();
  const auto t1 = std::chrono::steady_clock::now();
  return {c1 - c0, std::chrono::duration<double>(t1 - t0).count()};
}

// calibrate picks the iteration count of one repetition (also warming caches and clocks).
void calibrate(Job& j) {
  std::uint64_t n = 1;
  for (;;) {
    const double s = run_batch(j, n).seconds;
    if (s >= repetition_seconds / 10 || n >= (std::uint64_t{1} << 40)) {
      const double scaled = static_cast<double>(n) * repetition_seconds / std::max(s, 1e-9);
      j.iterations = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(scaled));
      return;
    }
    n *= 2;
  }
}

std::string join(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// Result is what gets printed and written for one job.
struct Result {
  bench::Stats cpb;  // throughput; per call: cpb.median = p50 / size
  double mbps = 0, cpbl = 0;
  double p[4] = {};  // per call: p50, p75, p99, p99.5 in TSC ticks
};
constexpr double percentiles[4] = {50, 75, 99, 99.5};

Result result(const Job& j, bool per_call) {
  Result r;
  const double block = static_cast<double>(bench::block_size(j.subject->algo));
  const double size = static_cast<double>(j.size);
  if (per_call) {
    std::vector<double> t = j.ticks;
    std::sort(t.begin(), t.end());
    for (int i = 0; i < 4; ++i) r.p[i] = bench::percentile(t, percentiles[i]);
    r.cpb = bench::summarize(t, bench::clocks().resolution);
    r.cpb.min /= size;
    r.cpb.median = r.p[0] / size;
    r.mbps = size * bench::clocks().tsc_mhz / r.p[0];
  } else {
    r.cpb = bench::summarize(j.cpb);
    std::vector<double> m = j.mbps;
    std::sort(m.begin(), m.end());
    r.mbps = bench::percentile(m, 50);
  }
  r.cpbl = r.cpb.median * block;
  return r;
}

std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

bool write_json(const std::string& path, const std::deque<Job>& jobs, int reps, const char* mode,
                const std::string& memory) {
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (f == nullptr) return false;
  const bench::Clocks& c = bench::clocks();
  const bool per_call = std::string_view(mode) != "throughput";
  std::fprintf(f,
               "{\n  \"unit\": \"%s\",\n  \"mode\": \"%s\",\n  \"repetitions\": %d,\n"
               "  \"tsc_mhz\": %.0f,\n  \"core_mhz\": %.0f,\n  \"timer_overhead\": %.0f,\n"
               "  \"memory\": %s,\n  \"results\": [",
               bench::have_tsc ? "tsc cycles/byte" : "ns/byte", mode, reps, c.tsc_mhz, c.core_mhz,
               c.timer_overhead, json_string(memory).c_str());
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const Job& j = jobs[i];
    const bench::Subject& s = *j.subject;
    const Result r = result(j, per_call);
    std::fprintf(f,
                 "%s\n    {\"subject\": %s, \"algo\": %s, \"op\": %s, \"kernel\": %s, "
                 "\"size\": %zu, \"cpb\": %.4f, \"min\": %.4f, \"cv\": %.4f, \"n\": %zu, "
                 "\"outliers\": %zu, \"cpbl\": %.2f, \"mbps\": %.2f",
                 i == 0 ? "" : ",", json_string(s.name()).c_str(), json_string(s.algo).c_str(),
                 json_string(s.op).c_str(), json_string(s.impl).c_str(), j.size, r.cpb.median,
                 r.cpb.min, r.cpb.cv, r.cpb.n, r.cpb.outliers, r.cpbl, r.mbps);
    if (per_call)
      std::fprintf(f, ", \"p50\": %.0f, \"p75\": %.0f, \"p99\": %.0f, \"p99_5\": %.0f", r.p[0],
                   r.p[1], r.p[2], r.p[3]);
    std::fputc('}', f);
  }
  std::fprintf(f, "\n  ]\n}\n");
  const bool ok = std::ferror(f) == 0;
  return std::fclose(f) == 0 && ok;
}

}  // namespace

int cmd_bench(int argc, char** argv) {
  std::string algo, kernel, json;
  std::uint64_t only_size = 0, reps = 5;
  bool latency = false, cold = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "-h" || a == "--help") {
      std::fputs(usage_text, stdout);
      return finish_stdout(exit_ok);
    }
    if (a == "--latency" || a == "--cold") {
      (a == "--cold" ? cold : latency) = true;
      continue;
    }
    const bool takes_value = a == "-a" || a == "--algorithm" || a == "--size" || a == "--kernel" ||
                             a == "--repetitions" || a == "--json";
    if (!takes_value) return usage_error("bench", "unrecognized argument '" + std::string(a) + "'");
    if (i + 1 == argc) return usage_error("bench", "option '" + std::string(a) + "' needs a value");
    const std::string_view v = argv[++i];
    if (a == "-a" || a == "--algorithm") {
      algo = v;
    } else if (a == "--kernel") {
      kernel = v;
    } else if (a == "--json") {
      json = v;
    } else if (a == "--size") {
      if (!bench::parse_size(v, only_size) || only_size == 0 || only_size > max_size)
        return usage_error("bench", "invalid size '" + std::string(v) +
                                        "' (a number of bytes, optionally with K, M or G, 1..4G)");
    } else if (!parse_count(v, 100, reps) || reps == 0) {
      return usage_error("bench", "invalid repetitions '" + std::string(v) + "' (1..100)");
    }
  }
  if (latency && cold) return usage_error("bench", "--latency and --cold exclude each other");
  const bool per_call = latency || cold;
  const char* mode = cold ? "cold" : latency ? "latency" : "throughput";

  const std::vector<bench::Subject> all = bench::subjects();
  std::vector<std::string> algos, kernels;
  for (const bench::Subject& s : all) {
    if (std::find(algos.begin(), algos.end(), s.algo) == algos.end()) algos.push_back(s.algo);
    if (std::find(kernels.begin(), kernels.end(), s.impl) == kernels.end())
      kernels.push_back(s.impl);
  }
  if (!algo.empty() && std::find(algos.begin(), algos.end(), algo) == algos.end())
    return usage_error("bench", "unknown algorithm '" + algo + "' (" + join(algos) + ")");
  if (!kernel.empty() && std::find(kernels.begin(), kernels.end(), kernel) == kernels.end())
    return usage_error("bench", "unknown kernel '" + kernel + "' (" + join(kernels) + ")");

  std::vector<std::size_t> sizes;
  if (only_size != 0)
    sizes.push_back(static_cast<std::size_t>(only_size));
  else if (cold)
    sizes.assign(std::begin(bench::cold_sizes), std::end(bench::cold_sizes));
  else if (latency)
    sizes.assign(std::begin(bench::latency_sizes), std::end(bench::latency_sizes));
  else
    sizes.assign(std::begin(bench::default_sizes), std::end(bench::default_sizes));

  const std::vector<std::uint8_t> key = bench::random_bytes(bench::key_size, 1);
  std::deque<Job> jobs;  // Job holds locked buffers: it never moves
  for (const bench::Subject& s : all) {
    if ((!algo.empty() && s.algo != algo) || (!kernel.empty() && s.impl != kernel)) continue;
    if (!s.runnable) {
      error("skipping " + s.name() + ": this CPU lacks a feature it needs");
      continue;
    }
    for (const std::size_t size : sizes) {
      // Beyond 1 MiB the check runs at 1 MiB: the portable kernels would take minutes.
      const std::string wrong = bench::verify(s, std::min<std::size_t>(size, 1 << 20));
      if (!wrong.empty()) {
        error(wrong);
        return exit_failed;
      }
      jobs.emplace_back(s, size, key);
    }
  }
  if (jobs.empty()) {
    error("nothing to run: this CPU cannot run the selected kernels");
    return exit_usage;
  }
  const std::string memory = jobs.front().msg.locked() ? "buffers locked in RAM (mlock)"
                                                       : bench::LockedBuffer::lock_error();
  if (!jobs.front().msg.locked()) error(memory);

  // Interleaved (A B C A B C ...): on a shared machine the speed drifts, and drift then hits
  // every subject alike instead of whichever happened to run during a slow spell.
  for (Job& j : jobs) calibrate(j);
  for (std::uint64_t r = 0; r < reps; ++r) {
    for (Job& j : jobs) {
      if (per_call) {
        // As many calls as one throughput repetition makes, at least 100.
        const std::vector<double> t =
            bench::time_calls(*j.subject, j.fn, j.msg.span(), j.out.span(),
                              std::max<std::uint64_t>(100, j.iterations), cold);
        j.ticks.insert(j.ticks.end(), t.begin(), t.end());
        continue;
      }
      const Sample s = run_batch(j, j.iterations);
      const double bytes = static_cast<double>(j.iterations) * static_cast<double>(j.size);
      j.cpb.push_back(static_cast<double>(s.cycles) / bytes);
      j.mbps.push_back(bytes / s.seconds / 1e6);
    }
  }

  const char* unit = bench::have_tsc ? "cycles/byte" : "ns/byte";
  if (per_call)
    std::printf("%-28s %10s %10s %10s %10s %10s %11s %9s\n", "subject", "bytes",
                bench::have_tsc ? "p50 ticks" : "p50 ns", "p75", "p99", "p99.5", unit, "outliers");
  else
    std::printf("%-28s %10s %11s %8s %6s %8s %11s %9s\n", "subject", "bytes", unit, "min", "cv",
                "outliers", "cycles/blk", "MB/s");
  for (const Job& j : jobs) {
    const Result r = result(j, per_call);
    if (per_call)
      std::printf("%-28s %10zu %10.0f %10.0f %10.0f %10.0f %11.2f %9zu\n",
                  j.subject->name().c_str(), j.size, r.p[0], r.p[1], r.p[2], r.p[3], r.cpb.median,
                  r.cpb.outliers);
    else
      std::printf("%-28s %10zu %11.2f %8.2f %5.1f%% %8zu %11.1f %9.0f\n", j.subject->name().c_str(),
                  j.size, r.cpb.median, r.cpb.min, 100 * r.cpb.cv, r.cpb.outliers, r.cpbl, r.mbps);
  }
  if (!json.empty() && !write_json(json, jobs, static_cast<int>(reps), mode, memory)) {
    file_error(json, errno);
    return exit_usage;
  }
  return finish_stdout(exit_ok);
}

}  // namespace axiom::cli
