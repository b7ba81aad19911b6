// The fused GCM kernel for aes/vaes_avx2 + ghash/vpclmul_avx2: 16 blocks per iteration (8 ymm
// of 2 blocks, enough in flight for the AES latency of 4 and its 2 per cycle), and in the same
// iteration the GHASH of 16 ciphertext blocks (the previous group when sealing, this group
// when opening), one ymm between two AES rounds, with one reduction per 16 blocks. It takes
// every whole block of a message in one call (short messages are one call, not four).
//
// Bound on Zen 3 (measured with independent-op loops): vaesenc ymm issues 2 per cycle
// (latency 4); vpclmulqdq, ymm or xmm, one per 2 cycles (latency 4), and the two overlap: 20
// vaesenc + 6 vpclmulqdq take 15.3 cycles, so a vpclmulqdq holds one of the two AES pipes for
// about 2 cycles. Per 16 blocks of AES-128: 80 vaesenc + 26 vpclmulqdq (24 products, 2 for
// the reduction) = 132 pipe-cycles, 66 core cycles, 0.26 core cycles/byte, ~0.21 TSC cycles/
// byte at the core/TSC clock ratio of ~1.2 measured here (AES-256: 164, 82, 0.32, ~0.26).
// Measured ~0.32 / ~0.36 (about 65 % / 73 % of that); the same loop without GHASH runs at
// ~48 core cycles per 16 blocks (bound 40).
#include <immintrin.h>

#include <cstring>

#include "aes/aes_kernel.hpp"
#include "core/wipe.hpp"
#include "gcm/gcm_kernel.hpp"

AXIOM_ISA_BEGIN(gcm, vaes_avx2)

#include "aes/aes_vaes_common.hpp"
#include "ghash/ghash_clmul.hpp"
#include "ghash/ghash_vpclmul.hpp"

namespace {

using aes_vaes::key2;
using aes_vaes::loadu2;
using aes_vaes::storeu2;
using aes_vaes::xor_keystream;
using detail::AesSchedule;
using detail::GhashKey;

// Counter blocks are kept byte-reversed, two per ymm: the counted last 4 bytes are then dword
// 0 of each lane, and a 32-bit add advances them mod 2^32 exactly as inc32 does.
inline __m256i counters_start(const std::uint8_t ctr[16]) noexcept {
  const __m128i c = ghash_clmul::load_reflected(ctr);
  return _mm256_add_epi32(_mm256_broadcastsi128_si256(c), _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 0));
}
// counters16 writes the next 16 counter blocks to b. When the last byte does not wrap within
// the 16 (15 groups in 16), they are added to that byte in memory order: one byte reverse per
// group instead of one per ymm. The counter is public (12-byte nonces only), so is the branch.
inline void counters16(__m256i& next, __m256i* b) noexcept {
  const __m256i mask = ghash_vpclmul::reverse_mask2();
  if ((_mm256_cvtsi256_si32(next) & 0xff) <= 0xf0) {
    const __m256i two = _mm256_set_epi32(2 << 24, 0, 0, 0, 2 << 24, 0, 0, 0);
    b[0] = _mm256_shuffle_epi8(next, mask);
    for (int i = 1; i < 8; ++i) b[i] = _mm256_add_epi32(b[i - 1], two);
    next = _mm256_add_epi32(next, _mm256_set_epi32(0, 0, 0, 16, 0, 0, 0, 16));
    return;
  }
  const __m256i two = _mm256_set_epi32(0, 0, 0, 2, 0, 0, 0, 2);
  for (int i = 0; i < 8; ++i) {
    b[i] = _mm256_shuffle_epi8(next, mask);
    next = _mm256_add_epi32(next, two);
  }
}

// group16: the AES rounds of 8 ymm of counter blocks, with the GHASH of the 16 blocks at
// ghash_in between the rounds (one ymm after each of rounds 1..8); then out = in ^ keystream.
// The previous group's products (pending) are reduced during round 1 and the result enters
// this group's sum (the first group takes y, the running hash, instead) with the
// block it carries, last, at round 8: the reduction and the multiply after it are off the
// path into the next group's sum, which is left unreduced in pending. ghash_in is read before
// out is written (in-place open).
template <unsigned R>
inline void group16(const __m128i* rk, const ghash_vpclmul::Key& hk, __m256i& next,
                    ghash_vpclmul::Acc2& pending, bool first, __m128i y,
                    const std::uint8_t* ghash_in, std::uint8_t* out,
                    const std::uint8_t* in) noexcept {
  __m256i b[8];
  counters16(next, b);
  const __m256i k0 = key2(rk, 0);
  for (int i = 0; i < 8; ++i) b[i] = _mm256_xor_si256(b[i], k0);
  ghash_vpclmul::Acc2 a = ghash_vpclmul::zero2();
  __m128i acc = _mm_setzero_si128();
#pragma GCC unroll 16
  for (unsigned r = 1; r < R; ++r) {
    const __m256i k = key2(rk, r);
    for (int i = 0; i < 8; ++i) b[i] = _mm256_aesenc_epi128(b[i], k);
    if (r == 1) acc = first ? y : ghash_vpclmul::reduce2_by_multiply(pending);
    if (r <= 8) {
      const int j = static_cast<int>(r % 8);
      ghash_vpclmul::step(a, hk, 0, j, ghash_in + 32 * j, acc);
      // Sum in order, in three registers: left free, the compiler sums the products as a tree
      // at the end, which holds them all live and spills them.
      asm("" : "+x"(a.lo), "+x"(a.hi), "+x"(a.mid));
    }
  }
  pending = a;
  const __m256i kl = key2(rk, R);  // the last round's key xor the input: saves the xor after it
  for (int i = 0; i < 8; ++i)
    storeu2(out + 32 * i,
            _mm256_aesenclast_epi128(b[i], _mm256_xor_si256(kl, loadu2(in + 32 * i))));
}

// ctr16: the AES rounds only (the first group of a seal, whose ciphertext is not there yet).
template <unsigned R>
inline void ctr16(const __m128i* rk, __m256i& next, std::uint8_t* out,
                  const std::uint8_t* in) noexcept {
  __m256i b[8];
  counters16(next, b);
  xor_keystream<R, 8>(rk, b, out, in);
}

inline void counters_store(std::uint8_t ctr[16], __m256i next) noexcept {
  ghash_clmul::store_reflected(ctr, _mm256_castsi256_si128(next));
}

// ctr_tail: the last m < 16 blocks, a pair per ymm and an odd one in xmm, with the counters
// made as for a full group (no chain of counter steps, so the pairs overlap out of order).
template <unsigned R>
inline void ctr_tail(const __m128i* rk, __m256i next, std::uint8_t* out, const std::uint8_t* in,
                     std::size_t m) noexcept {
  __m256i b[8];
  counters16(next, b);
  std::size_t i = 0;
  for (; i < m / 2; ++i) xor_keystream<R, 1>(rk, &b[i], out + 32 * i, in + 32 * i);
  if (m % 2 != 0) {
    __m128i x = _mm_xor_si128(_mm256_castsi256_si128(b[i]), rk[0]);
    for (unsigned r = 1; r < R; ++r) x = _mm_aesenc_si128(x, rk[r]);
    const __m128i last =
        _mm_xor_si128(rk[R], _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + 32 * i)));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 32 * i), _mm_aesenclast_si128(x, last));
  }
}

// counters_after: the counter m blocks after next's first lane.
inline __m256i counters_after(__m256i next, std::size_t m) noexcept {
  return _mm256_add_epi32(
      next, _mm256_set_epi32(0, 0, 0, static_cast<int>(m), 0, 0, 0, static_cast<int>(m)));
}

// final_ghash: the tail's m blocks at p, then last if given, in one reduction.
inline __m128i final_ghash(const ghash_vpclmul::Key& hk, __m128i acc, const std::uint8_t* p,
                           std::size_t m, const std::uint8_t* last) noexcept {
  return last != nullptr ? ghash_vpclmul::blocks_then(hk, acc, p, m, last)
                         : ghash_vpclmul::blocks(hk, acc, p, m);
}

// seal_groups and open_groups: the whole groups of a call, in functions of their own so that
// the registers they need (and spill) do not make the short path of a call spill too (inline,
// the running hash of a 64-byte call went through the stack). A call costs less than the one
// 24-cycle rdtsc tick it saves at 64 B and at 512 B. They advance next, in and out and return
// the running hash.
//
// seal: the GHASH of each group runs during the AES rounds of the next one (software
// pipelining); the last group's at the end.
template <unsigned R>
[[gnu::noinline]] __m128i seal_groups(const __m128i* rk, const ghash_vpclmul::Key& hk,
                                      __m256i& next, __m128i acc, std::uint8_t*& out,
                                      const std::uint8_t*& in, std::size_t groups) noexcept {
  ctr16<R>(rk, next, out, in);
  ghash_vpclmul::Acc2 pending = ghash_vpclmul::zero2();
  for (std::size_t g = 1; g < groups; ++g, in += 256, out += 256) {
    // Load the previous group's ciphertext back from out: the compiler would keep it in
    // registers from the last group's stores instead, and spill.
    const std::uint8_t* previous = out;
    asm("" : "+r"(previous));
    group16<R>(rk, hk, next, pending, g == 1, acc, previous, out + 256, in + 256);
  }
  acc = ghash_vpclmul::blocks(hk, groups > 1 ? ghash_vpclmul::reduce2(pending) : acc, out, 16);
  in += 256, out += 256;
  return acc;
}

template <unsigned R>
[[gnu::noinline]] __m128i open_groups(const __m128i* rk, const ghash_vpclmul::Key& hk,
                                      __m256i& next, __m128i acc, std::uint8_t*& out,
                                      const std::uint8_t*& in, std::size_t groups) noexcept {
  ghash_vpclmul::Acc2 pending = ghash_vpclmul::zero2();
  for (std::size_t g = 0; g < groups; ++g, in += 256, out += 256)
    group16<R>(rk, hk, next, pending, g == 0, acc, in, out, in);
  return ghash_vpclmul::reduce2(pending);
}

template <unsigned R>
void seal(const AesSchedule& ks, const GhashKey& key, std::uint8_t ctr[16], std::uint8_t y[16],
          std::uint8_t* out, const std::uint8_t* in, std::size_t n,
          const std::uint8_t* last) noexcept {
  const auto* rk = reinterpret_cast<const __m128i*>(ks.enc);
  const ghash_vpclmul::Key& hk = ghash_vpclmul::key_of(key);
  __m256i next = counters_start(ctr);
  __m128i acc = ghash_clmul::load_reflected(y);
  const std::size_t groups = n / 16, m = n % 16;
  if (groups > 0) acc = seal_groups<R>(rk, hk, next, acc, out, in, groups);
  if (m > 0) {
    ctr_tail<R>(rk, next, out, in, m);
    next = counters_after(next, m);
  }
  acc = final_ghash(hk, acc, out, m, last);
  counters_store(ctr, next);
  ghash_clmul::store_reflected(y, acc);
}

template <unsigned R>
void open(const AesSchedule& ks, const GhashKey& key, std::uint8_t ctr[16], std::uint8_t y[16],
          std::uint8_t* out, const std::uint8_t* in, std::size_t n,
          const std::uint8_t* last) noexcept {
  const auto* rk = reinterpret_cast<const __m128i*>(ks.enc);
  const ghash_vpclmul::Key& hk = ghash_vpclmul::key_of(key);
  __m256i next = counters_start(ctr);
  __m128i acc = ghash_clmul::load_reflected(y);
  const std::size_t groups = n / 16, m = n % 16;
  if (groups > 0) acc = open_groups<R>(rk, hk, next, acc, out, in, groups);
  acc = final_ghash(hk, acc, in, m, last);  // before an in-place tail overwrites it
  if (m > 0) {
    ctr_tail<R>(rk, next, out, in, m);
    next = counters_after(next, m);
  }
  counters_store(ctr, next);
  ghash_clmul::store_reflected(y, acc);
}

#include "gcm/gcm_vaes_entries.hpp"
}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const GcmFusedKernel gcm_vaes_avx2 = {
    {"gcm/vaes_avx2",
     cpu::Feature::aesni | cpu::Feature::pclmul | cpu::Feature::ssse3 | cpu::Feature::sse41 |
         cpu::Feature::avx | cpu::Feature::avx2 | cpu::Feature::bmi2 | cpu::Feature::vaes |
         cpu::Feature::vpclmul,
     true},
    &aes_vaes_avx2.ops,
    &ghash_vpclmul_avx2,
    gcm_vaes_avx2::seal_entry,
    gcm_vaes_avx2::open_entry,
    gcm_vaes_avx2::start_entry,
};
}  // namespace axiom::detail
