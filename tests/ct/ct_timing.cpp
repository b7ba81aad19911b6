// ct_timing: a dudect-style statistical timing test (after Reparaz, Balasch and Verbauwhede,
// "Dude, is my code constant time?", 2017) for the kernels valgrind cannot run here: SHA-NI,
// VAES, VPCLMULQDQ, AVX-512 and GFNI (SECURITY.md lists the kernels and their figures). A tool,
// not a test (`make ct-timing`; never in ctest or CI): it measures time, which on a shared
// machine is noisy.
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
#include "axiom/chacha20.hpp"
#include "axiom/chacha20_poly1305.hpp"
#include "axiom/cpu.hpp"
#include "axiom/gcm.hpp"
#include "axiom/hmac.hpp"
#include "axiom/kuznyechik.hpp"
#include "axiom/mgm.hpp"
#include "axiom/modes.hpp"
#include "axiom/poly1305.hpp"
#include "axiom/sha256.hpp"
#include "axiom/sm4.hpp"
#include "axiom/streebog.hpp"
#include "axiom/xts.hpp"
#include "chacha20/chacha20_kernel.hpp"
#include "core/block_ciphers.hpp"
#include "ghash/ghash_kernel.hpp"
#include "poly1305/poly1305_kernel.hpp"
#include "gcm/gcm_kernel.hpp"
#include "kuznyechik/kuznyechik_kernel.hpp"
#include "magma/magma_kernel.hpp"
#include "mgm/mgm_kernel.hpp"
#include "registry/registry.hpp"
#include "sha256/sha256_kernel.hpp"
#include "sm4/sm4_kernel.hpp"
#include "streebog/streebog_kernel.hpp"

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
        p >= 100
            ? UINT32_MAX
            : sorted[static_cast<std::size_t>(p / 100 * static_cast<double>(sorted.size() - 1))];
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

// hidden_from_valgrind: a kernel needing one of these extensions cannot run under valgrind
// 3.19 (the ct tests), so it is timed here.
bool hidden_from_valgrind(axiom::cpu::Features needs) {
  using axiom::cpu::Feature;
  for (Feature f : {Feature::shani, Feature::vaes, Feature::vpclmul, Feature::avx512, Feature::vbmi,
                    Feature::vbmi2, Feature::ifma, Feature::gfni})
    if (needs.has(f)) return true;
  return false;
}

// ECB of a secret 512-byte plaintext under a fixed key, the many-stream CBC and CMAC calls on
// secret messages, and the key schedule plus CTR under a secret key (last: the A/A control
// reuses it).
template <class Cipher, class Kernel>
void add_block_cipher_targets(std::vector<Target>& targets, const std::string& label,
                              const Kernel& kernel) {
  static constexpr std::uint8_t key_bytes[32] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11,
                                                 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
                                                 23, 24, 25, 26, 27, 28, 29, 30, 31, 32};
  constexpr std::size_t key_size = Cipher::key_size;
  const auto cipher = std::make_shared<const Cipher>(
      std::span<const std::uint8_t, key_size>(key_bytes, key_size), kernel);
  targets.push_back(
      {label + ": ECB of a secret 512-byte plaintext", 512, false, [cipher](const std::uint8_t* s) {
         std::uint8_t out[512];
         (void)cipher->encrypt_blocks(out, {s, 512});
         sink = out[0];
       }});
  // The many-stream calls (the kernel's cbc_lanes): 16 secret messages of 32 bytes side by side.
  targets.push_back({label + ": CBC encrypt_many of 16 secret 32-byte messages", 512, false,
                     [cipher](const std::uint8_t* s) {
                       std::uint8_t out[512];
                       axiom::BasicCbcJob<Cipher::block_size> jobs[16];
                       for (std::size_t i = 0; i < 16; ++i)
                         jobs[i] = {{out + 32 * i, 32}, {s + 32 * i, 32}, {}};
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
  targets.push_back({label + ": key schedule and CTR under a secret key", key_size, false,
                     [&kernel](const std::uint8_t* s) {
                       static constexpr std::uint8_t iv[Cipher::block_size] = {}, zeros[256] = {};
                       std::uint8_t out[256];
                       axiom::Ctr<Cipher> ctr(
                           Cipher(std::span<const std::uint8_t, key_size>(s, key_size), kernel),
                           iv);
                       (void)ctr.apply(out, zeros);
                       sink = out[0];
                     }});
}

// GCM seal of a secret 512 B, and the tag check: open with a tag wrong only in its last bit
// (the fixed class) against random tags. Both classes fail, so the public verdict is the same
// and only a comparison that stops at the first differing byte would tell them apart (a valid
// tag would differ by the plaintext release, which the verdict makes public anyway).
template <class Gcm>
void add_gcm_targets(std::vector<Target>& targets, const std::string& label,
                     std::shared_ptr<const Gcm> gcm) {
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
  const auto xts =
      std::make_shared<const axiom::Xts<Cipher>>(Cipher(k1, kernel), Cipher(k2, kernel));
  targets.push_back(
      {label + ": XTS of a secret 512-byte plaintext", 512, false, [xts](const std::uint8_t* s) {
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

// ChaCha20 of a secret message under a secret key (the secret: key || message; 64 bytes take
// the one-block integer path, 1 KiB a group of sixteen), Poly1305 of a secret 1 KiB under a
// secret key (the powers of r, then the vector steps), and the AEAD: seal of a secret 1 KiB
// under a secret key, and the tag check as for GCM.
void add_chacha20_targets(std::vector<Target>& targets, const axiom::detail::ChaCha20Kernel& chacha,
                          const axiom::detail::Poly1305Kernel& poly) {
  const std::string label(chacha.info.name);
  for (const std::size_t n : {std::size_t{64}, std::size_t{1024}}) {
    targets.push_back({label + ": XOR of a secret " + std::to_string(n) + " B under a secret key",
                       32 + n, false, [&chacha, n](const std::uint8_t* s) {
                         static constexpr std::uint8_t nonce[12] = {};
                         std::uint8_t out[1024];
                         axiom::ChaCha20 c(std::span<const std::uint8_t, 32>(s, 32), nonce, 1,
                                           chacha);
                         (void)c.crypt({out, n}, {s + 32, n});
                         sink = out[0];
                       }});
  }
  targets.push_back({std::string(poly.info.name) + ": MAC of a secret 1 KiB under a secret key",
                     32 + 1024, false, [&poly](const std::uint8_t* s) {
                       axiom::Poly1305 m(std::span<const std::uint8_t, 32>(s, 32), poly);
                       m.update({s + 32, 1024});
                       sink = m.finish()[0];
                     }});
  const std::string aead =
      "ChaCha20-Poly1305 (" + label + " + " + std::string(poly.info.name) + ")";
  targets.push_back({aead + ": seal of a secret 1 KiB under a secret key", 32 + 1024, false,
                     [&chacha, &poly](const std::uint8_t* s) {
                       static constexpr std::uint8_t nonce[12] = {};
                       std::uint8_t out[1024 + 16];
                       const axiom::ChaCha20Poly1305 a(std::span<const std::uint8_t, 32>(s, 32),
                                                       chacha, poly);
                       (void)a.seal(out, nonce, {s + 32, 1024});
                       sink = out[1024];
                     }});
  static constexpr std::uint8_t key[32] = {7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5, 9, 0, 4, 5, 2,
                                           3, 5, 3, 6, 0, 2, 8, 7, 4, 7, 1, 3, 5, 2, 6, 6};
  const auto a = std::make_shared<const axiom::ChaCha20Poly1305>(key, chacha, poly);
  static constexpr std::uint8_t nonce[12] = {}, plain[1024] = {};
  auto sealed = std::make_shared<std::array<std::uint8_t, 1024 + 16>>();
  (void)a->seal(*sealed, nonce, plain);
  std::vector<std::uint8_t> almost(sealed->begin() + 1024, sealed->end());
  almost.back() ^= 1;
  targets.push_back({aead + ": open of 1 KiB, last-bit-wrong vs random tag", 16, false,
                     [a, sealed](const std::uint8_t* s) {
                       std::uint8_t msg[1024 + 16], out[1024];
                       std::memcpy(msg, sealed->data(), 1024);
                       std::memcpy(msg + 1024, s, 16);
                       sink = static_cast<std::uint8_t>(a->open(out, nonce, msg).ok());
                     },
                     almost});
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
  for (std::size_t i = 0; i < reference.size(); ++i)
    reference[i] = static_cast<std::uint8_t>(i * 29 + 7);
  targets.push_back(
      {"control/early-exit-compare (must leak)", 64, true,
       [&](const std::uint8_t* s) { sink = early_exit_equal(s, reference.data(), 64); }});

  if (hw.has(detail::sha256_shani.info.needs)) {
    targets.push_back(
        {"sha256/shani: hash of a secret 256-byte message", 256, false, [](const std::uint8_t* s) {
           Sha256 h(detail::sha256_shani);
           h.update({s, 256});
           sink = h.finish()[0];
         }});
    targets.push_back(
        {"sha256/shani: HMAC-SHA256 with a secret key", 32, false, [](const std::uint8_t* s) {
           static const std::uint8_t msg[64] = {};
           Hmac<Sha256> m({s, 32}, Sha256(detail::sha256_shani));
           m.update(msg);
           sink = m.finish()[0];
         }});
  }
  if (hw.has(detail::streebog_avx512_gfni.info.needs)) {
    targets.push_back({"streebog/avx512_gfni: Streebog-256 of a secret 256-byte message", 256,
                       false, [](const std::uint8_t* s) {
                         Streebog256 h(detail::streebog_avx512_gfni);
                         h.update({s, 256});
                         sink = h.finish()[0];
                       }});
    targets.push_back({"streebog/avx512_gfni: HMAC-Streebog-512 with a secret key", 64, false,
                       [](const std::uint8_t* s) {
                         static const std::uint8_t msg[64] = {};
                         Hmac<Streebog512> m({s, 64}, Streebog512(detail::streebog_avx512_gfni));
                         m.update(msg);
                         sink = m.finish()[0];
                       }});
    targets.push_back(
        {"streebog/avx512_gfni: update_many of two secret 256-byte messages (x2 path)", 512, false,
         [](const std::uint8_t* s) {
           Streebog256 a(detail::streebog_avx512_gfni), b(detail::streebog_avx512_gfni);
           Streebog256* hashers[] = {&a, &b};
           const std::span<const std::uint8_t> data[] = {{s, 256}, {s + 256, 256}};
           const bool ok = Streebog256::update_many(hashers, data).ok();
           sink = static_cast<std::uint8_t>(ok ^ a.finish()[0] ^ b.finish()[0]);
         }});
  }
  if (hw.has(detail::mgm_vpclmul_avx512.info.needs)) {
    // 15 pairs: three full zmm and the masked tail of three.
    targets.push_back({"mgm/vpclmul_avx512: sum of 15 products of secret blocks", 2 * 16 * 15,
                       false, [](const std::uint8_t* s) {
                         std::uint8_t acc[16] = {};
                         detail::mgm_vpclmul_avx512.mac(acc, s, s + 16 * 15, 15);
                         sink = acc[0];
                       }});
  }
  if (hw.has(detail::sha256_avx512_shani.info.needs)) {
    targets.push_back({"sha256/avx512_shani: sixteen secret 256-byte messages through update_many",
                       16 * 256, false, [](const std::uint8_t* s) {
                         const Sha256 one(detail::sha256_avx512_shani);
                         Sha256 h[16] = {one, one, one, one, one, one, one, one,
                                         one, one, one, one, one, one, one, one};
                         Sha256* hashers[16];
                         std::span<const std::uint8_t> data[16];
                         for (std::size_t i = 0; i < 16; ++i) {
                           hashers[i] = &h[i];
                           data[i] = {s + 256 * i, 256};
                         }
                         (void)Sha256::update_many(hashers, data);
                         std::uint8_t first = 0;
                         for (Sha256& x : h) first ^= x.finish()[0];
                         sink = first;
                       }});
    targets.push_back({"sha256/avx512_shani: hash of a secret 256-byte message", 256, false,
                       [](const std::uint8_t* s) {
                         Sha256 h(detail::sha256_avx512_shani);
                         h.update({s, 256});
                         sink = h.finish()[0];
                       }});
  }
  // Every block-cipher kernel of core/block_ciphers.h's rows that valgrind cannot run: ECB,
  // the many-stream calls, the key schedule and CTR under a secret key, and its A/A control.
  detail::for_each_type<detail::BlockCipherFamilies>([&]<class Row>() {
    using Cipher = typename Row::ciphers::first;
    for (const auto* k : Row::kernels()) {
      if (!hidden_from_valgrind(k->info.needs) || !hw.has(k->info.needs)) continue;
      const std::string name(k->info.name);
      add_block_cipher_targets<Cipher>(targets, name, *k);
      targets.push_back({name + " A/A control: key schedule and CTR, the fixed key in both classes",
                         Cipher::key_size,
                         false,
                         targets.back().run,
                         {},
                         true});
    }
  });
  if (hw.has(detail::aes_vaes_avx2.info.needs))
    add_xts_targets<Aes128>(targets, "aes/vaes_avx2", detail::aes_vaes_avx2);
  if (hw.has(detail::aes_vaes_avx2.info.needs) && hw.has(detail::ghash_vpclmul_avx2.info.needs)) {
    static const std::uint8_t key[16] = {9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6};
    add_gcm_targets(
        targets, "gcm/vaes_avx2 (fused aes/vaes_avx2 + ghash/vpclmul_avx2)",
        std::make_shared<const AesGcm128>(key, detail::aes_vaes_avx2, detail::ghash_vpclmul_avx2));
  }
  if (hw.has(detail::aes_vaes_avx512.info.needs)) {
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
                    std::make_shared<const AesGcm128>(key, detail::aes_vaes_avx512,
                                                      detail::ghash_vpclmul_avx512));
  }
  if (hw.has(detail::kuznyechik_avx2.info.needs) && hw.has(detail::mgm_vpclmul_avx512.info.needs)) {
    static const std::uint8_t key[32] = {5, 4, 3, 2, 1};
    const auto mgm = std::make_shared<const KuznyechikMgm>(Kuznyechik(key, detail::kuznyechik_avx2),
                                                           detail::mgm_vpclmul_avx512);
    targets.push_back(
        {"mgm/vpclmul_avx512 (Kuznyechik-MGM on kuznyechik/avx2): seal of a secret 512 B", 512,
         false, [mgm](const std::uint8_t* s) {
           static constexpr std::uint8_t nonce[16] = {};
           std::uint8_t out[512 + 16];
           (void)mgm->seal(out, nonce, {}, {s, 512});
           sink = out[512];
         }});
  }
  for (const detail::Sm4Kernel* k :
       {&detail::sm4_gfni_avx512, &detail::sm4_gfni_avx2, &detail::sm4_vaes_avx2}) {
    if (!hw.has(k->info.needs) || !hw.has(detail::ghash_vpclmul_avx2.info.needs)) continue;
    static const std::uint8_t key[16] = {2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5, 9, 0, 4, 5};
    add_gcm_targets(targets, "SM4-GCM (" + std::string(k->info.name) + " + ghash/vpclmul_avx2)",
                    std::make_shared<const Sm4Gcm>(key, *k, detail::ghash_vpclmul_avx2));
  }

  if (hw.has(detail::magma_avx512_vbmi.info.needs)) {
    const detail::Block64Ops* ops = &detail::magma_avx512_vbmi.ops;
    static constexpr std::uint8_t key[32] = {3, 1, 4, 1, 5, 9, 2, 6};
    const auto ks = std::make_shared<detail::MagmaSchedule>();
    detail::magma_schedule_from_key(*ks, key);
    // ECB and the key schedule are the block-cipher row's targets above; CBC encryption: the
    // kernel's one-block path.
    targets.push_back({"magma/avx512_vbmi: CBC encryption of a secret 64-byte plaintext", 64, false,
                       [ops, ks](const std::uint8_t* s) {
                         std::uint8_t out[64], iv[8] = {};
                         ops->cbc_encrypt(ks.get(), iv, out, s, 8);
                         sink = out[0];
                       }});
    targets.push_back({"magma/avx512_vbmi: key and CTR (and MGM's half counter) under a secret key",
                       32, false, [ops](const std::uint8_t* s) {
                         detail::MagmaSchedule secret_ks;
                         detail::magma_schedule_from_key(secret_ks, s);
                         std::uint8_t out[256] = {}, ctr[8] = {};
                         ops->ctr_xor(&secret_ks, ctr, out, out, 32);
                         ops->ctr_half_xor(&secret_ks, ctr, 4, out, nullptr, 32);
                         sink = out[0];
                       }});
  }
  if (hw.has(detail::chacha20_avx512.info.needs) && hw.has(detail::poly1305_avx512_ifma.info.needs))
    add_chacha20_targets(targets, detail::chacha20_avx512, detail::poly1305_avx512_ifma);
  if (hw.has(detail::kuznyechik_avx512_gfni.info.needs)) {
    const detail::KuznyechikKernel& k = detail::kuznyechik_avx512_gfni;
    static constexpr std::uint8_t key[32] = {5, 4, 3, 2, 1};
    const auto cipher = std::make_shared<const Kuznyechik>(key, k);
    // One chain (CBC encryption's own path) and 32 blocks in one batch (CBC decryption).
    for (const bool decrypt : {false, true})
      targets.push_back(
          {std::string("kuznyechik/avx512_gfni: CBC ") + (decrypt ? "decryption" : "encryption") +
               " of a secret 512-byte message",
           512, false, [cipher, decrypt](const std::uint8_t* s) {
             static constexpr std::uint8_t iv[16] = {};
             std::uint8_t out[512];
             Cbc<Kuznyechik> cbc(*cipher, iv);
             (void)(decrypt ? cbc.decrypt(out, {s, 512}) : cbc.encrypt(out, {s, 512}));
             sink = out[0];
           }});
  }
  if (hw.has(detail::kuznyechik_avx512_gfni.info.needs) &&
      hw.has(detail::mgm_vpclmul_avx512.info.needs)) {
    // Seal of a secret message, and open with a tag wrong in its last bit against random tags
    // (both fail: only a comparison that stops early would tell them apart).
    static constexpr std::uint8_t key[32] = {7, 7, 7}, nonce[16] = {0x12, 0x34};
    const auto mgm = std::make_shared<const KuznyechikMgm>(
        Kuznyechik(key, detail::kuznyechik_avx512_gfni), detail::mgm_vpclmul_avx512);
    const std::string label = "MGM (kuznyechik/avx512_gfni + mgm/vpclmul_avx512)";
    targets.push_back(
        {label + ": seal of a secret 512 B", 512, false, [mgm](const std::uint8_t* s) {
           std::uint8_t out[512 + 16];
           (void)mgm->seal(out, nonce, {}, {s, 512});
           sink = out[512];
         }});
    static constexpr std::uint8_t plain[256] = {};
    auto sealed = std::make_shared<std::array<std::uint8_t, 256 + 16>>();
    (void)mgm->seal(*sealed, nonce, {}, plain);
    std::vector<std::uint8_t> almost(sealed->begin() + 256, sealed->end());
    almost.back() ^= 1;
    targets.push_back({label + ": open, last-bit-wrong vs random tag", 16, false,
                       [mgm, sealed](const std::uint8_t* s) {
                         std::uint8_t msg[256 + 16], out[256];
                         std::memcpy(msg, sealed->data(), 256);
                         std::memcpy(msg + 256, s, 16);
                         sink = static_cast<std::uint8_t>(mgm->open(out, nonce, {}, msg).ok());
                       },
                       almost});
  }
  if (hw.has(detail::sm4_vaes_avx2.info.needs) && hw.has(detail::ghash_vpclmul_avx512.info.needs)) {
    static const std::uint8_t key[16] = {2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5, 9, 0, 4, 5};
    add_gcm_targets(
        targets, "SM4-GCM (sm4/vaes_avx2 + ghash/vpclmul_avx512)",
        std::make_shared<const Sm4Gcm>(key, detail::sm4_vaes_avx2, detail::ghash_vpclmul_avx512));
  }

  std::mt19937_64 rng(std::random_device{}());
  std::printf(
      "dudect-style timing test: %zu measurements per target, fixed vs random secret, "
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
                leak ? (t.control ? "leak seen, as planted" : "LEAK")
                     : (t.control ? "CONTROL NOT DETECTED" : "no leak seen"));
    std::fflush(stdout);
  }
  if (targets.size() == 1)
    std::printf("\nthis CPU has none of SHA-NI, VAES, VPCLMULQDQ, AVX-512: nothing to measure\n");
  return ok ? 0 : 1;
}
