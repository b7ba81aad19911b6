// ct_timing: a dudect-style statistical timing test (after Reparaz, Balasch and Verbauwhede,
// "Dude, is my code constant time?", 2017) for the kernels valgrind cannot run here: SHA-NI,
// VAES and VPCLMULQDQ (sha256/shani, aes/vaes_avx2, the fused gcm/vaes_avx2, sm4/vaes_avx2 and
// SM4-GCM over it with ghash/vpclmul_avx2). A tool, not a test (`make ct-timing`; never in
// ctest or CI): it measures time, which on a shared machine is noisy.
//
// For each target, measurements pick one of two classes of secret input at random: a fixed
// value, or a fresh random one. Welch's t statistic compares the TSC cycle counts of the two
// classes, over all measurements and over those below several percentiles (cropping the long
// tails that interrupts add, as dudect does). |t| above 4.5 says the time depends on the secret.
// A positive control, a comparison that stops at the first differing byte, must show such a
// leak, so the run shows that the method can see one.
//
// An A/A control runs a target's work with the fixed secret in both classes, so its classes
// differ in their label only: it must show no leak, and if it does, the run measured the tool
// or the machine, not the code.
//
// Usage: axiom_ct_timing [MEASUREMENTS per target, default 1000000] [FILTER [aa]]. With FILTER,
// only the targets whose name contains it run (and the positive control); with aa, each one is
// followed by its A/A control. Exit status 0 when the control leaks and no kernel does, else 1.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "aes/aes_kernel.hpp"
#include "axiom/aes.hpp"
#include "axiom/cpu.hpp"
#include "axiom/gcm.hpp"
#include "axiom/hmac.hpp"
#include "axiom/kuznyechik.hpp"
#include "axiom/mgm.hpp"
#include "axiom/modes.hpp"
#include "axiom/sha256.hpp"
#include "axiom/sm4.hpp"
#include "axiom/xts.hpp"
#include "gcm/gcm_kernel.hpp"
#include "ghash/ghash_kernel.hpp"
#include "kuznyechik/kuznyechik_kernel.hpp"
#include "mgm/mgm_kernel.hpp"
#include "registry/registry.hpp"
#include "sha256/sha256_kernel.hpp"
#include "sm4/sm4_kernel.hpp"

namespace {

constexpr double threshold = 4.5;

// Welch accumulates one class's samples (Welford's online mean and variance).
struct Moments {
  double n = 0, mean = 0, m2 = 0;
  void add(double x) {
    n += 1;
    const double d = x - mean;
    mean += d / n;
    m2 += d * (x - mean);
  }
  double variance() const { return n > 1 ? m2 / (n - 1) : 0; }
};

double welch_t(const Moments& a, const Moments& b) {
  const double se = std::sqrt(a.variance() / a.n + b.variance() / b.n);
  return se > 0 ? (a.mean - b.mean) / se : 0;
}

struct Target {
  std::string name;
  std::size_t secret_size;
  bool control;  // expected to leak
  // run is timed with the secret input of this measurement.
  std::function<void(const std::uint8_t* secret)> run;
  // The fixed class's secret; empty: a fixed pattern.
  std::vector<std::uint8_t> fixed = {};
  // An A/A control: the "random" class gets the fixed secret too (same work otherwise).
  bool same_classes = false;
};

struct Outcome {
  double max_t = 0;
  std::string crop;
};

Outcome measure(const Target& t, std::size_t measurements, std::mt19937_64& rng) {
  std::vector<std::uint8_t> fixed(t.fixed), input(t.secret_size);
  if (fixed.empty()) {
    fixed.resize(t.secret_size);
    for (std::size_t i = 0; i < fixed.size(); ++i) fixed[i] = static_cast<std::uint8_t>(i * 29 + 7);
  }
  std::vector<std::uint8_t> fresh(t.secret_size);
  std::vector<std::uint32_t> cycles(measurements);
  std::vector<std::uint8_t> cls(measurements);
  // Both classes do the same work before the clock starts: random bytes drawn, one copy into
  // the input, and every store drained (mfence), so that only the secret's value differs. The
  // copy's source is picked by an index, not a branch: a branch on the class just before the
  // clock made the class visible to the timed code (a mispredicted branch half the time, and
  // the class in the branch history the timed code's branches are predicted with); under load
  // that alone gave |t| up to 52 with the same secret in both classes.
  const std::uint8_t* const source[2] = {fixed.data(), fresh.data()};
  const unsigned use_fresh = t.same_classes ? 0 : 1;
  auto fill = [&](unsigned random_class) {
    for (auto& b : fresh) b = static_cast<std::uint8_t>(rng());
    std::memcpy(input.data(), source[random_class & use_fresh], input.size());
    _mm_mfence();
  };
  for (std::size_t i = 0; i < 1000; ++i) {  // warm up caches and the clock
    fill(i & 1);
    t.run(input.data());
  }
  for (std::size_t i = 0; i < measurements; ++i) {
    cls[i] = static_cast<std::uint8_t>(rng() & 1);
    fill(cls[i]);
    const std::uint64_t start = axiom::bench::cycles_begin();
    t.run(input.data());
    const std::uint64_t end = axiom::bench::cycles_end();
    cycles[i] = static_cast<std::uint32_t>(std::min<std::uint64_t>(end - start, UINT32_MAX));
  }
  // Crops: everything, then below the 99th ... 50th percentile of all measurements.
  std::vector<std::uint32_t> sorted(cycles);
  std::sort(sorted.begin(), sorted.end());
  const double percentiles[] = {100, 99, 95, 90, 75, 50};
  Outcome out;
  for (const double p : percentiles) {
    const std::uint32_t limit =
        p >= 100 ? UINT32_MAX : sorted[static_cast<std::size_t>(p / 100 * static_cast<double>(sorted.size() - 1))];
    Moments m[2];
    for (std::size_t i = 0; i < measurements; ++i)
      if (cycles[i] <= limit) m[cls[i]].add(cycles[i]);
    const double t_value = std::fabs(welch_t(m[0], m[1]));
    if (t_value >= out.max_t) {
      out.max_t = t_value;
      out.crop = p >= 100 ? "all" : "<p" + std::to_string(static_cast<int>(p));
    }
  }
  return out;
}

// The leaky control: stops at the first differing byte.
bool early_exit_equal(const std::uint8_t* a, const std::uint8_t* b, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (a[i] != b[i]) return false;
  return true;
}

volatile std::uint8_t sink;  // keeps results alive

// ECB of a secret 512-byte plaintext under a fixed key, the many-stream CBC and CMAC calls on
// secret messages, and the key schedule (portable code) plus CTR under a secret key (last: the
// A/A control reuses it).
template <class Cipher, class Kernel>
void add_block_cipher_targets(std::vector<Target>& targets, const std::string& label, const Kernel& kernel) {
  static constexpr std::uint8_t key[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  const auto cipher = std::make_shared<const Cipher>(key, kernel);
  targets.push_back({label + ": ECB of a secret 512-byte plaintext", 512, false, [cipher](const std::uint8_t* s) {
                       std::uint8_t out[512];
                       (void)cipher->encrypt_blocks(out, {s, 512});
                       sink = out[0];
                     }});
  // The many-stream calls (the kernel's cbc_lanes): 16 secret messages of 32 bytes side by side.
  targets.push_back({label + ": CBC encrypt_many of 16 secret 32-byte messages", 512, false,
                     [cipher](const std::uint8_t* s) {
                       std::uint8_t out[512];
                       axiom::CbcJob jobs[16];
                       for (std::size_t i = 0; i < 16; ++i) jobs[i] = {{out + 32 * i, 32}, {s + 32 * i, 32}, {}};
                       (void)axiom::Cbc<Cipher>::encrypt_many(*cipher, jobs);
                       sink = out[0];
                     }});
  targets.push_back({label + ": CMAC mac_many of 16 secret 32-byte messages", 512, false,
                     [cipher](const std::uint8_t* s) {
                       std::span<const std::uint8_t> msgs[16];
                       typename axiom::Cmac<Cipher>::Tag tags[16];
                       for (std::size_t i = 0; i < 16; ++i) msgs[i] = {s + 32 * i, 32};
                       (void)axiom::Cmac<Cipher>::mac_many(*cipher, tags, msgs);
                       sink = tags[0][0];
                     }});
  targets.push_back({label + ": key schedule (portable code) and CTR under a secret key", 16, false,
                     [&kernel](const std::uint8_t* s) {
                       static constexpr std::uint8_t iv[16] = {}, zeros[256] = {};
                       std::uint8_t out[256];
                       axiom::Ctr<Cipher> ctr(Cipher(std::span<const std::uint8_t, 16>(s, 16), kernel), iv);
                       (void)ctr.apply(out, zeros);
                       sink = out[0];
                     }});
}

// GCM seal of a secret 512 B, and the tag check: open with a tag wrong only in its last bit
// (the fixed class) against random tags. Both classes fail, so the public verdict is the same
// and only a comparison that stops at the first differing byte would tell them apart (a valid
// tag would differ by the plaintext release, which the verdict makes public anyway).
template <class Gcm>
void add_gcm_targets(std::vector<Target>& targets, const std::string& label, std::shared_ptr<const Gcm> gcm) {
  static constexpr std::uint8_t nonce[12] = {}, plain[256] = {};
  targets.push_back({label + ": seal of a secret 512 B", 512, false, [gcm](const std::uint8_t* s) {
                       std::uint8_t out[512 + 16];
                       (void)gcm->seal(out, nonce, {}, {s, 512});
                       sink = out[512];
                     }});
  auto sealed = std::make_shared<std::array<std::uint8_t, 256 + 16>>();
  (void)gcm->seal(*sealed, nonce, {}, plain);
  std::vector<std::uint8_t> almost(sealed->begin() + 256, sealed->end());
  almost.back() ^= 1;
  targets.push_back({label + ": open, last-bit-wrong vs random tag", 16, false,
                     [gcm, sealed](const std::uint8_t* s) {
                       std::uint8_t msg[256 + 16], out[256];
                       std::memcpy(msg, sealed->data(), 256);
                       std::memcpy(msg + 256, s, 16);
                       sink = static_cast<std::uint8_t>(gcm->open(out, nonce, {}, msg).ok());
                     },
                     almost});
}

// XTS (IEEE order, the kernel's fused path) of a secret 512-byte plaintext, and of a fixed one
// under a random tweak: the masks T·x^j come from E_K2(tweak), so they are secret and vary.
template <class Cipher, class Kernel>
void add_xts_targets(std::vector<Target>& targets, const std::string& label, const Kernel& kernel) {
  static constexpr std::uint8_t k1[16] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3},
                                k2[16] = {2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5, 9, 0, 4, 5};
  const auto xts = std::make_shared<const axiom::Xts<Cipher>>(Cipher(k1, kernel), Cipher(k2, kernel));
  targets.push_back({label + ": XTS of a secret 512-byte plaintext", 512, false, [xts](const std::uint8_t* s) {
                       static constexpr std::uint8_t tweak[16] = {};
                       std::uint8_t out[512];
                       (void)xts->encrypt(out, {s, 512}, tweak);
                       sink = out[0];
                     }});
  targets.push_back({label + ": XTS of 512 B under a random tweak (secret masks)", 16, false,
                     [xts](const std::uint8_t* s) {
                       static constexpr std::uint8_t plain[512] = {};
                       std::uint8_t out[512];
                       (void)xts->encrypt(out, plain, std::span<const std::uint8_t, 16>(s, 16));
                       sink = out[0];
                     }});
}

}  // namespace

int main(int argc, char** argv) {
  using namespace axiom;
  const std::size_t measurements = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000000;
  if (measurements < 1000) {
    std::fprintf(stderr, "usage: %s [MEASUREMENTS >= 1000] [FILTER [aa]]\n", argv[0]);
    return 2;
  }
  const std::string filter = argc > 2 ? argv[2] : "";
  const bool aa_all = argc > 3 && std::string(argv[3]) == "aa";
  const cpu::Features hw = cpu::hardware();
  std::vector<Target> targets;

  std::array<std::uint8_t, 64> reference{};
  for (std::size_t i = 0; i < reference.size(); ++i) reference[i] = static_cast<std::uint8_t>(i * 29 + 7);
  targets.push_back({"control/early-exit-compare (must leak)", 64, true, [&](const std::uint8_t* s) {
                       sink = early_exit_equal(s, reference.data(), 64);
                     }});

  if (hw.has(detail::sha256_shani.info.needs)) {
    targets.push_back({"sha256/shani: hash of a secret 256-byte message", 256, false, [](const std::uint8_t* s) {
                         Sha256 h(detail::sha256_shani);
                         h.update({s, 256});
                         sink = h.finish()[0];
                       }});
    targets.push_back({"sha256/shani: HMAC-SHA256 with a secret key", 32, false, [](const std::uint8_t* s) {
                         static const std::uint8_t msg[64] = {};
                         Hmac<Sha256> m({s, 32}, Sha256(detail::sha256_shani));
                         m.update(msg);
                         sink = m.finish()[0];
                       }});
  }
  if (hw.has(detail::aes_vaes_avx2.info.needs)) {
    add_block_cipher_targets<Aes128>(targets, "aes/vaes_avx2", detail::aes_vaes_avx2);
    targets.push_back({"aes/vaes_avx2 A/A control: key schedule and CTR, the fixed key in both classes", 16, false,
                       targets.back().run, {}, true});
    add_xts_targets<Aes128>(targets, "aes/vaes_avx2", detail::aes_vaes_avx2);
  }
  if (hw.has(detail::aes_vaes_avx2.info.needs) && hw.has(detail::ghash_vpclmul_avx2.info.needs)) {
    static const std::uint8_t key[16] = {9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6};
    add_gcm_targets(targets, "gcm/vaes_avx2 (fused aes/vaes_avx2 + ghash/vpclmul_avx2)",
                    std::make_shared<const AesGcm128>(key, detail::aes_vaes_avx2, detail::ghash_vpclmul_avx2));
  }
  if (hw.has(detail::aes_vaes_avx512.info.needs)) {
    add_block_cipher_targets<Aes128>(targets, "aes/vaes_avx512", detail::aes_vaes_avx512);
    add_xts_targets<Aes128>(targets, "aes/vaes_avx512", detail::aes_vaes_avx512);
    // The 32-lane group of cbc_lanes (8 zmm of four chains; CBC-MAC only).
    static constexpr std::uint8_t key[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    const auto aes = std::make_shared<const Aes128>(key, detail::aes_vaes_avx512);
    targets.push_back({"aes/vaes_avx512: CMAC mac_many of 32 secret 16-byte messages", 512, false,
                       [aes](const std::uint8_t* s) {
                         std::span<const std::uint8_t> msgs[32];
                         axiom::Cmac<Aes128>::Tag tags[32];
                         for (std::size_t i = 0; i < 32; ++i) msgs[i] = {s + 16 * i, 16};
                         (void)axiom::Cmac<Aes128>::mac_many(*aes, tags, msgs);
                         sink = tags[0][0];
                       }});
  }
  if (hw.has(detail::gcm_vaes_avx512.info.needs)) {
    static const std::uint8_t key[16] = {9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6};
    add_gcm_targets(targets, "gcm/vaes_avx512 (fused aes/vaes_avx512 + ghash/vpclmul_avx512)",
                    std::make_shared<const AesGcm128>(key, detail::aes_vaes_avx512, detail::ghash_vpclmul_avx512));
  }
  if (hw.has(detail::kuznyechik_avx2.info.needs) && hw.has(detail::mgm_vpclmul_avx512.info.needs)) {
    static const std::uint8_t key[32] = {5, 4, 3, 2, 1};
    const auto mgm = std::make_shared<const KuznyechikMgm>(Kuznyechik(key, detail::kuznyechik_avx2), detail::mgm_vpclmul_avx512);
    targets.push_back({"mgm/vpclmul_avx512 (Kuznyechik-MGM on kuznyechik/avx2): seal of a secret 512 B", 512, false,
                       [mgm](const std::uint8_t* s) {
                         static constexpr std::uint8_t nonce[16] = {};
                         std::uint8_t out[512 + 16];
                         (void)mgm->seal(out, nonce, {}, {s, 512});
                         sink = out[512];
                       }});
  }
  if (hw.has(detail::sm4_vaes_avx2.info.needs)) add_block_cipher_targets<Sm4>(targets, "sm4/vaes_avx2", detail::sm4_vaes_avx2);
  if (hw.has(detail::sm4_vaes_avx2.info.needs) && hw.has(detail::ghash_vpclmul_avx2.info.needs)) {
    static const std::uint8_t key[16] = {2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5, 9, 0, 4, 5};
    add_gcm_targets(targets, "SM4-GCM (sm4/vaes_avx2 + ghash/vpclmul_avx2)",
                    std::make_shared<const Sm4Gcm>(key, detail::sm4_vaes_avx2, detail::ghash_vpclmul_avx2));
  }
  if (hw.has(detail::sm4_vaes_avx2.info.needs) && hw.has(detail::ghash_vpclmul_avx512.info.needs)) {
    static const std::uint8_t key[16] = {2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5, 9, 0, 4, 5};
    add_gcm_targets(targets, "SM4-GCM (sm4/vaes_avx2 + ghash/vpclmul_avx512)",
                    std::make_shared<const Sm4Gcm>(key, detail::sm4_vaes_avx2, detail::ghash_vpclmul_avx512));
  }

  std::mt19937_64 rng(std::random_device{}());
  std::printf("dudect-style timing test: %zu measurements per target, fixed vs random secret, "
              "Welch's t (|t| > %.1f: a leak)\n\n",
              measurements, threshold);
  bool ok = true;
  std::vector<Target> selected;
  for (const Target& t : targets) {
    if (!t.control && t.name.find(filter) == std::string::npos) continue;
    selected.push_back(t);
    if (aa_all && !t.control && !t.same_classes) {  // its A/A control right after it
      selected.push_back(t);
      selected.back().name += " [A/A]";
      selected.back().same_classes = true;
    }
  }
  for (const Target& t : selected) {
    const Outcome o = measure(t, measurements, rng);
    const bool leak = o.max_t > threshold;
    ok = ok && leak == t.control;
    std::printf("%-82s max|t| = %7.2f (%s)  %s\n", t.name.c_str(), o.max_t, o.crop.c_str(),
                leak ? (t.control ? "leak seen, as planted" : "LEAK") : (t.control ? "CONTROL NOT DETECTED" : "no leak seen"));
    std::fflush(stdout);
  }
  if (targets.size() == 1) std::printf("\nthis CPU has none of SHA-NI, VAES, VPCLMULQDQ: nothing to measure\n");
  return ok ? 0 : 1;
}
