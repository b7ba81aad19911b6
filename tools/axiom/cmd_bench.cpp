// axiom bench: time our kernels (the subjects of bench/registry, the same code Google Benchmark
// times in `make bench`) with a simple loop: serialized TSC around a calibrated batch of
// messages, repetitions interleaved across subjects, medians reported.
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"
#include "io.hpp"
#include "registry/registry.hpp"

namespace axiom::cli {

namespace {

constexpr const char* usage_text =
    "Usage: axiom bench [-a ALG] [--size N] [--kernel K] [--repetitions R] [--json FILE]\n"
    "Time axiom's kernels on messages of 64 B, 1 KiB, 16 KiB and 1 MiB (one whole message at a\n"
    "time; a MAC is keyed once) and print the median cycles/byte and MB/s of R interleaved\n"
    "repetitions. Cycles are time-stamp-counter ticks, which run at the CPU's nominal clock.\n"
    "Every kernel is checked against the portable one before it is timed. Kernels the CPU\n"
    "cannot run are skipped; AXIOM_CPU does not apply (each kernel is chosen explicitly).\n"
    "For the comparison with other libraries, run 'make bench' in the source tree.\n"
    "\n"
    "  -a, --algorithm ALG  only ALG (sha256, hmac-sha256)\n"
    "  --size N             only messages of N bytes (N may end in K or M; at most 256M)\n"
    "  --kernel K           only kernel K (e.g. shani, portable)\n"
    "  --repetitions R      repetitions per measurement (default 5, at most 100)\n"
    "  --json FILE          also write the results to FILE as JSON\n"
    "  -h, --help           print this help\n";

constexpr std::uint64_t max_size = std::uint64_t{256} << 20;
// Each repetition runs about this long: long enough to swamp the timer reads, short enough
// that the default run (16 measurements) finishes in a few seconds.
constexpr double repetition_seconds = 0.02;

// Job is one subject at one size, ready to run: keyed, with its message and results.
struct Job {
  const bench::Subject* subject;
  std::size_t size;
  bench::MessageFn fn;
  std::vector<std::uint8_t> msg;
  std::vector<std::uint8_t> out;
  std::uint64_t iterations = 1;
  std::vector<double> cpb;
  std::vector<double> mbps;
};

struct Sample {
  std::uint64_t cycles;
  double seconds;
};

Sample run_batch(Job& j, std::uint64_t iterations) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::uint64_t c0 = bench::cycles_begin();
  for (std::uint64_t i = 0; i < iterations; ++i) j.fn(j.msg, j.out.data());
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

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  return v.size() % 2 != 0 ? v[m] : (v[m - 1] + v[m]) / 2;
}

bool write_json(const std::string& path, const std::vector<Job>& jobs, int reps) {
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (f == nullptr) return false;
  std::fprintf(f, "{\n  \"unit\": \"%s\",\n  \"repetitions\": %d,\n  \"results\": [",
               bench::have_tsc ? "tsc cycles/byte" : "ns/byte", reps);
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const Job& j = jobs[i];
    const bench::Subject& s = *j.subject;
    std::fprintf(f,
                 "%s\n    {\"subject\": \"%s\", \"algo\": \"%s\", \"op\": \"%s\", "
                 "\"kernel\": \"%s\", \"size\": %zu, \"cpb\": %.4f, \"mbps\": %.2f}",
                 i == 0 ? "" : ",", s.name().c_str(), s.algo.c_str(), s.op.c_str(),
                 s.impl.c_str(), j.size, median(j.cpb), median(j.mbps));
  }
  std::fprintf(f, "\n  ]\n}\n");
  const bool ok = std::ferror(f) == 0;
  return std::fclose(f) == 0 && ok;
}

}  // namespace

int cmd_bench(int argc, char** argv) {
  std::string algo, kernel, json;
  std::uint64_t only_size = 0, reps = 5;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "-h" || a == "--help") {
      std::fputs(usage_text, stdout);
      return finish_stdout(exit_ok);
    }
    const bool takes_value = a == "-a" || a == "--algorithm" || a == "--size" ||
                             a == "--kernel" || a == "--repetitions" || a == "--json";
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
      if (!parse_count(v, max_size, only_size) || only_size == 0)
        return usage_error("bench", "invalid size '" + std::string(v) +
                                        "' (a number of bytes, optionally with K or M, 1..256M)");
    } else if (!parse_count(v, 100, reps) || reps == 0) {
      return usage_error("bench", "invalid repetitions '" + std::string(v) + "' (1..100)");
    }
  }

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
  else
    sizes.assign(std::begin(bench::default_sizes), std::end(bench::default_sizes));

  const std::vector<std::uint8_t> key = bench::random_bytes(bench::key_size, 1);
  std::vector<Job> jobs;
  for (const bench::Subject& s : all) {
    if ((!algo.empty() && s.algo != algo) || (!kernel.empty() && s.impl != kernel)) continue;
    if (!s.runnable) {
      error("bench: skipping " + s.name() + ": this CPU lacks a feature it needs");
      continue;
    }
    for (const std::size_t size : sizes) {
      const std::string wrong = bench::verify(s, size);
      if (!wrong.empty()) {
        error("bench: " + wrong);
        return exit_failed;
      }
      jobs.push_back({&s, size, s.prepare(key), bench::random_bytes(size, 2 + size),
                      std::vector<std::uint8_t>(s.output_size(size)), 1, {}, {}});
    }
  }
  if (jobs.empty()) {
    error("bench: nothing to run: this CPU cannot run the selected kernels");
    return exit_usage;
  }

  for (Job& j : jobs) calibrate(j);
  // Interleaved (A B C A B C ...): on a shared machine the speed drifts, and drift then hits
  // every subject alike instead of whichever happened to run during a slow spell.
  for (std::uint64_t r = 0; r < reps; ++r) {
    for (Job& j : jobs) {
      const Sample s = run_batch(j, j.iterations);
      const double bytes = static_cast<double>(j.iterations) * static_cast<double>(j.size);
      j.cpb.push_back(static_cast<double>(s.cycles) / bytes);
      j.mbps.push_back(bytes / s.seconds / 1e6);
    }
  }

  std::printf("%-24s %10s %12s %10s\n", "subject", "bytes",
              bench::have_tsc ? "cycles/byte" : "ns/byte", "MB/s");
  for (const Job& j : jobs)
    std::printf("%-24s %10zu %12.2f %10.0f\n", j.subject->name().c_str(), j.size, median(j.cpb),
                median(j.mbps));
  if (!json.empty() && !write_json(json, jobs, static_cast<int>(reps))) {
    file_error(json, errno);
    return exit_usage;
  }
  return finish_stdout(exit_ok);
}

}  // namespace axiom::cli
