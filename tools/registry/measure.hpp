// measure.hpp: how axiom's benchmarks measure, shared by make bench (bench/) and the
// `axiom bench` sub-command: statistics over repetitions and per-call samples, per-call timing
// warm or with cold caches, the TSC and core clocks, hardware counters, locked memory and
// scheduling. Each facility that the OS may refuse reports why in one line instead of failing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "registry/registry.hpp"

namespace axiom::bench {

// Stats summarises repeated measurements of one figure. Outliers are the values whose modified
// z-score exceeds 3.5 (|x - median| > 3.5 * 1.4826 * MAD, Iglewicz and Hoaglin; the MAD
// taken as at least 1 % of the median and at least mad_floor, e.g. the timer's resolution,
// so that a spread below 5 % or a tick of the timer flags nothing): they are counted, and
// min, median and cv (standard deviation / mean) are over the others.
struct Stats {
  std::size_t n = 0;
  std::size_t outliers = 0;
  double min = 0;
  double median = 0;
  double cv = 0;
};
Stats summarize(std::vector<double> values, double mad_floor = 0);

// percentile returns the p-th percentile (0 < p <= 100, nearest rank) of sorted, which must
// not be empty.
double percentile(std::span<const double> sorted, double p);

// block_size is the block of algo in bytes (64 for the hashes and ChaCha20, 16 for the 128-bit
// block ciphers and Poly1305): cycles/block = cycles/byte * block_size.
std::size_t block_size(std::string_view algo);

// parse_size reads a byte count: digits, optionally followed by K, M or G (powers of 1024).
bool parse_size(std::string_view text, std::uint64_t& bytes);

// parse_sizes reads a comma-separated list of parse_size counts (empty text: an empty list).
bool parse_sizes(std::string_view text, std::vector<std::size_t>& sizes);

// time_call runs fn(msg, out) once and returns its TSC ticks (cycles_begin/cycles_end around
// the call alone). cold: first flush msg, out and s.tables from every cache level (clflush),
// outside the timed bracket. time_calls does it calls times, after one untimed call if warm.
double time_call(const Subject& s, const MessageFn& fn, std::span<const std::uint8_t> msg,
                 std::span<std::uint8_t> out, bool cold);
std::vector<double> time_calls(const Subject& s, const MessageFn& fn,
                               std::span<const std::uint8_t> msg, std::span<std::uint8_t> out,
                               std::size_t calls, bool cold);

// can_flush says whether cold-cache runs flush anything (clflush exists on x86-64 only).
#if defined(__x86_64__) || defined(_M_X64)
inline constexpr bool can_flush = true;
#else
inline constexpr bool can_flush = false;
#endif

// Clocks measures, once per process, the TSC frequency (against the OS clock over ~50 ms),
// the cost of an empty cycles_begin/cycles_end pair, the TSC's resolution (a VM may advance
// it in steps of many ticks), and the core clock estimated by estimate_core_mhz: the CPU in a
// VM reports no core clock (no APERF/MPERF), and turbo makes it differ from the TSC.
struct Clocks {
  double tsc_mhz = 0;
  double core_mhz = 0;        // 0: unknown (no x86-64)
  double timer_overhead = 0;  // TSC ticks
  double resolution = 1;      // TSC ticks
};
const Clocks& clocks();

// add_chain_ticks times `turns` loop turns of 8 dependent register-to-register additions (one
// core cycle each on every x86-64 core) and returns the TSC ticks taken, the least of several
// tries after ~30 ms of spinning (the clock ramps up first); 0 off x86-64. Register operands,
// not immediates: Intel cores since Golden Cove add small immediates at rename, several per
// cycle, which made an immediate chain read the core clock ~5x high there.
double add_chain_ticks(std::uint64_t turns);

// core_mhz_from: the core clock that runs `cycles` core cycles in `ticks` TSC ticks of a
// tsc_mhz clock. estimate_core_mhz applies it to add_chain_ticks (8 cycles a turn).
double core_mhz_from(double cycles, double ticks, double tsc_mhz);
double estimate_core_mhz(double tsc_mhz);

// HwCounters counts core cycles, instructions and last-level cache misses of this thread
// through perf_event_open. where the kernel or hypervisor refuses, available() is false and
// why() says so in one line.
class HwCounters {
 public:
  struct Values {
    double cycles = 0;
    double instructions = 0;
    double cache_misses = 0;
  };
  HwCounters();
  ~HwCounters();
  HwCounters(const HwCounters&) = delete;
  HwCounters& operator=(const HwCounters&) = delete;

  bool available() const { return fd_ >= 0; }
  const std::string& why() const { return why_; }
  void start();
  Values stop();

 private:
  int fd_ = -1;  // the group leader (cycles); the others read through it
  std::vector<int> members_;
  std::string why_;
};

// LockedBuffer holds bytes locked in RAM (mlock) while it lives, so that timing never meets a
// page fault or a swap-in. If the OS refuses, the bytes are still usable: locked() is false and
// lock_error() says why (once per process is enough to print).
class LockedBuffer {
 public:
  explicit LockedBuffer(std::vector<std::uint8_t> bytes);
  ~LockedBuffer();
  LockedBuffer(const LockedBuffer&) = delete;
  LockedBuffer& operator=(const LockedBuffer&) = delete;

  std::span<std::uint8_t> span() { return bytes_; }
  std::span<const std::uint8_t> span() const { return bytes_; }
  bool locked() const { return locked_; }
  static std::string lock_error();

 private:
  std::vector<std::uint8_t> bytes_;
  bool locked_ = false;
};

// pin_to_cpu binds this thread to one CPU; use_fifo gives it SCHED_FIFO at the lowest real-time
// priority. Each returns one line saying what was done or why not (then nothing changes).
std::string pin_to_cpu(int cpu);
std::string use_fifo();

}  // namespace axiom::bench
