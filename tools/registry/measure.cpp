#include "registry/measure.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <thread>

#if defined(__linux__)
#include <linux/perf_event.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#elif defined(_WIN32)
#include <windows.h>
#endif

namespace axiom::bench {

namespace {

double median_of_sorted(const std::vector<double>& v) {
  const std::size_t m = v.size() / 2;
  return v.size() % 2 != 0 ? v[m] : (v[m - 1] + v[m]) / 2;
}

}  // namespace

Stats summarize(std::vector<double> values, double mad_floor) {
  Stats st;
  st.n = values.size();
  if (values.empty()) return st;
  std::sort(values.begin(), values.end());
  const double med = median_of_sorted(values);
  std::vector<double> dev(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) dev[i] = std::fabs(values[i] - med);
  std::sort(dev.begin(), dev.end());
  // A MAD of 0 (most values equal, as per-call ticks often are) would make every other value
  // an outlier: floor it at 1 % of the median and at mad_floor.
  const double mad = std::max({median_of_sorted(dev), 1e-2 * std::fabs(med), mad_floor});
  std::vector<double> kept;
  for (const double v : values) {
    if (std::fabs(v - med) > 3.5 * 1.4826 * mad)
      ++st.outliers;
    else
      kept.push_back(v);
  }
  st.min = kept.front();
  st.median = median_of_sorted(kept);
  double sum = 0, sq = 0;
  for (const double v : kept) sum += v;
  const double mean = sum / static_cast<double>(kept.size());
  for (const double v : kept) sq += (v - mean) * (v - mean);
  st.cv = kept.size() > 1 && mean != 0 ? std::sqrt(sq / static_cast<double>(kept.size() - 1)) / mean
                                       : 0;
  return st;
}

double percentile(std::span<const double> sorted, double p) {
  const double rank = std::ceil(p / 100 * static_cast<double>(sorted.size()));
  const std::size_t i = rank < 1 ? 0 : static_cast<std::size_t>(rank) - 1;
  return sorted[std::min(i, sorted.size() - 1)];
}

std::size_t block_size(std::string_view algo) {
  // The 64-byte-block algorithms; everything else here has 128-bit blocks.
  for (const std::string_view a : {"sha256", "hmac-sha256", "streebog256", "streebog512",
                                   "hmac-streebog512", "chacha20", "chacha20-poly1305"})
    if (algo == a) return 64;
  return 16;
}

bool parse_size(std::string_view text, std::uint64_t& bytes) {
  int shift = 0;
  if (!text.empty()) {
    switch (text.back()) {
      case 'K':
      case 'k':
        shift = 10;
        break;
      case 'M':
      case 'm':
        shift = 20;
        break;
      case 'G':
      case 'g':
        shift = 30;
        break;
      default:
        break;
    }
  }
  if (shift != 0) text.remove_suffix(1);
  if (text.empty() || text.size() > 12) return false;  // at most 10^12: no overflow below
  bytes = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return false;
    bytes = bytes * 10 + static_cast<std::uint64_t>(c - '0');
  }
  if (bytes > (std::uint64_t{1} << 40) >> shift) return false;
  bytes <<= shift;
  return true;
}

bool parse_sizes(std::string_view text, std::vector<std::size_t>& sizes) {
  sizes.clear();
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    std::uint64_t n = 0;
    if (!parse_size(text.substr(0, comma), n) || n == 0) return false;
    sizes.push_back(static_cast<std::size_t>(n));
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
    if (text.empty()) return false;
  }
  return true;
}

namespace {

void flush(std::span<const std::uint8_t> bytes) noexcept {
#if defined(__x86_64__) || defined(_M_X64)
  for (std::size_t i = 0; i < bytes.size(); i += 64) _mm_clflush(bytes.data() + i);
  if (!bytes.empty()) _mm_clflush(bytes.data() + bytes.size() - 1);
#else
  (void)bytes;
#endif
}

}  // namespace

double time_call(const Subject& s, const MessageFn& fn, std::span<const std::uint8_t> msg,
                 std::span<std::uint8_t> out, bool cold) {
  if (cold) {
    flush(msg);
    flush(out);
    for (const std::span<const std::uint8_t> t : s.tables) flush(t);
#if defined(__x86_64__) || defined(_M_X64)
    _mm_mfence();  // the flushes complete before the timed call starts
#endif
  }
  const std::uint64_t c0 = cycles_begin();
  fn(msg, out.data());
  const std::uint64_t c1 = cycles_end();
  return static_cast<double>(c1 - c0);
}

std::vector<double> time_calls(const Subject& s, const MessageFn& fn,
                               std::span<const std::uint8_t> msg, std::span<std::uint8_t> out,
                               std::size_t calls, bool cold) {
  std::vector<double> ticks;
  ticks.reserve(calls);
  if (!cold) fn(msg, out.data());
  for (std::size_t i = 0; i < calls; ++i) ticks.push_back(time_call(s, fn, msg, out, cold));
  return ticks;
}

namespace {

double measure_tsc_mhz() {
  if (!have_tsc) return 1000;  // cycles_begin counts nanoseconds
  const auto t0 = std::chrono::steady_clock::now();
  const std::uint64_t c0 = cycles_begin();
  std::this_thread::sleep_for(std::chrono::milliseconds(50));  // the TSC is invariant
  const std::uint64_t c1 = cycles_end();
  const auto t1 = std::chrono::steady_clock::now();
  return static_cast<double>(c1 - c0) / std::chrono::duration<double, std::micro>(t1 - t0).count();
}

double measure_timer_overhead() {
  std::vector<double> t(1001);
  for (double& x : t) {
    const std::uint64_t c0 = cycles_begin();
    const std::uint64_t c1 = cycles_end();
    x = static_cast<double>(c1 - c0);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

// The smallest step between two different TSC readings, over 100 tries.
double measure_resolution() {
#if defined(__x86_64__) || defined(_M_X64)
  std::uint64_t best = ~std::uint64_t{0};
  for (int t = 0; t < 100; ++t) {
    const std::uint64_t a = __rdtsc();
    std::uint64_t b = a;
    while (b == a) b = __rdtsc();
    best = std::min(best, b - a);
  }
  return static_cast<double>(best);
#else
  return 1;
#endif
}

}  // namespace

const Clocks& clocks() {
  static const Clocks c = [] {
    Clocks k;
    k.tsc_mhz = measure_tsc_mhz();
    k.timer_overhead = measure_timer_overhead();
    k.resolution = measure_resolution();
    k.core_mhz = estimate_core_mhz(k.tsc_mhz);
    return k;
  }();
  return c;
}

double add_chain_ticks(std::uint64_t turns) {
#if (defined(__x86_64__) || defined(_M_X64)) && defined(__GNUC__)
  std::uint64_t best = ~std::uint64_t{0};
  const auto start = std::chrono::steady_clock::now();
  for (int tries = 0;
       tries < 10 || std::chrono::steady_clock::now() - start < std::chrono::milliseconds(30);
       ++tries) {
    std::uint64_t x = 0, step = 1;
    const std::uint64_t c0 = cycles_begin();
    for (std::uint64_t i = 0; i < turns; ++i)
      asm volatile(
          "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
          "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0"
          : "+r"(x)
          : "r"(step));
    best = std::min(best, cycles_end() - c0);
  }
  return static_cast<double>(best);
#else
  (void)turns;
  return 0;
#endif
}

double core_mhz_from(double cycles, double ticks, double tsc_mhz) {
  return ticks > 0 ? cycles / ticks * tsc_mhz : 0;
}

double estimate_core_mhz(double tsc_mhz) {
  constexpr std::uint64_t turns = std::uint64_t{1} << 18;
  return core_mhz_from(8.0 * static_cast<double>(turns), add_chain_ticks(turns), tsc_mhz);
}

#if defined(__linux__)
namespace {
int perf_open(std::uint64_t config, int group) {
  perf_event_attr a;
  std::memset(&a, 0, sizeof a);
  a.size = sizeof a;
  a.type = PERF_TYPE_HARDWARE;
  a.config = config;
  if (group < 0) a.disabled = 1;  // the group starts when the leader is enabled
  a.exclude_kernel = 1;
  a.exclude_hv = 1;
  a.read_format = PERF_FORMAT_GROUP;
  return static_cast<int>(syscall(SYS_perf_event_open, &a, 0, -1, group, 0));
}
}  // namespace

HwCounters::HwCounters() {
  const int leader = perf_open(PERF_COUNT_HW_CPU_CYCLES, -1);
  if (leader < 0) {
    why_ = std::string("hardware counters unavailable (perf_event_open cycles: ") +
           std::strerror(errno) + ")";
    return;
  }
  for (const std::uint64_t c : {PERF_COUNT_HW_INSTRUCTIONS, PERF_COUNT_HW_CACHE_MISSES}) {
    const int fd = perf_open(c, leader);
    if (fd < 0) {
      why_ = std::string("hardware counters unavailable (perf_event_open ") +
             (c == PERF_COUNT_HW_INSTRUCTIONS ? "instructions" : "cache-misses") + ": " +
             std::strerror(errno) + ")";
      for (const int m : members_) close(m);
      members_.clear();
      close(leader);
      return;
    }
    members_.push_back(fd);
  }
  fd_ = leader;
  why_ = "hardware counters: core cycles, instructions, last-level cache misses (perf_event_open)";
}

HwCounters::~HwCounters() {
  for (const int m : members_) close(m);
  if (fd_ >= 0) close(fd_);
}

void HwCounters::start() {
  if (fd_ < 0) return;
  ioctl(fd_, PERF_EVENT_IOC_RESET, PERF_IOC_FLAG_GROUP);
  ioctl(fd_, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
}

HwCounters::Values HwCounters::stop() {
  if (fd_ < 0) return {};
  ioctl(fd_, PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP);
  std::uint64_t buf[4] = {};  // nr, then one value per event in the group's order
  if (read(fd_, buf, sizeof buf) != static_cast<ssize_t>(sizeof buf)) return {};
  return {static_cast<double>(buf[1]), static_cast<double>(buf[2]), static_cast<double>(buf[3])};
}

namespace {
int& lock_errno() {
  static int e = 0;
  return e;
}
}  // namespace

LockedBuffer::LockedBuffer(std::vector<std::uint8_t> bytes) : bytes_(std::move(bytes)) {
  if (bytes_.empty()) return;
  locked_ = mlock(bytes_.data(), bytes_.size()) == 0;
  if (!locked_ && lock_errno() == 0) lock_errno() = errno;
}

LockedBuffer::~LockedBuffer() {
  if (locked_) munlock(bytes_.data(), bytes_.size());
}

std::string LockedBuffer::lock_error() {
  if (lock_errno() == 0) return {};
  return std::string("buffers not locked in RAM (mlock: ") + std::strerror(lock_errno()) +
         (lock_errno() == ENOMEM || lock_errno() == EPERM ? "; raise ulimit -l or run as root"
                                                          : "") +
         "): page faults may show in the timings";
}

std::string pin_to_cpu(int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  if (sched_setaffinity(0, sizeof set, &set) != 0)
    return "not pinned to CPU " + std::to_string(cpu) +
           " (sched_setaffinity: " + std::strerror(errno) + ")";
  return "pinned to CPU " + std::to_string(cpu);
}

std::string use_fifo() {
  sched_param p{};
  p.sched_priority = sched_get_priority_min(SCHED_FIFO);
  if (sched_setscheduler(0, SCHED_FIFO, &p) != 0)
    return std::string("SCHED_FIFO refused (sched_setscheduler: ") + std::strerror(errno) +
           "; needs root or CAP_SYS_NICE): default scheduling";
  return "SCHED_FIFO at priority " + std::to_string(p.sched_priority);
}
#else
HwCounters::HwCounters() : why_("hardware counters unavailable (no perf_event_open on this OS)") {}
HwCounters::~HwCounters() = default;
void HwCounters::start() {}
HwCounters::Values HwCounters::stop() { return {}; }
#endif

#if defined(_WIN32)
namespace {
DWORD& lock_error_code() {
  static DWORD e = 0;
  return e;
}
}  // namespace

LockedBuffer::LockedBuffer(std::vector<std::uint8_t> bytes) : bytes_(std::move(bytes)) {
  if (bytes_.empty()) return;
  locked_ = VirtualLock(bytes_.data(), bytes_.size()) != 0;
  if (!locked_ && lock_error_code() == 0) lock_error_code() = GetLastError();
}

LockedBuffer::~LockedBuffer() {
  if (locked_) VirtualUnlock(bytes_.data(), bytes_.size());
}

std::string LockedBuffer::lock_error() {
  if (lock_error_code() == 0) return {};
  // The usual failure: the process's minimum working set is smaller than the buffers.
  return "buffers not locked in RAM (VirtualLock: error " + std::to_string(lock_error_code()) +
         "): page faults may show in the timings";
}

std::string pin_to_cpu(int cpu) {
  if (cpu < 0 || cpu >= 64 || SetThreadAffinityMask(GetCurrentThread(), DWORD_PTR{1} << cpu) == 0)
    return "not pinned to CPU " + std::to_string(cpu) + " (SetThreadAffinityMask failed)";
  return "pinned to CPU " + std::to_string(cpu);
}

// Windows has no SCHED_FIFO; the nearest is the highest priority below the real-time class.
std::string use_fifo() {
  if (SetThreadPriority(GetCurrentThread(), THREAD_PRIORITY_HIGHEST) == 0)
    return "thread priority refused (SetThreadPriority: error " + std::to_string(GetLastError()) +
           "): default scheduling";
  return "no SCHED_FIFO on Windows: thread priority HIGHEST instead";
}
#elif !defined(__linux__)
LockedBuffer::LockedBuffer(std::vector<std::uint8_t> bytes) : bytes_(std::move(bytes)) {}
LockedBuffer::~LockedBuffer() = default;
std::string LockedBuffer::lock_error() { return "buffers not locked in RAM (no mlock on this OS)"; }
std::string pin_to_cpu(int cpu) {
  return "not pinned to CPU " + std::to_string(cpu) + " (not supported on this OS)";
}
std::string use_fifo() { return "SCHED_FIFO not supported on this OS: default scheduling"; }
#endif

}  // namespace axiom::bench
