// The fused GCM kernel for aes/vaes_avx512 + ghash/vpclmul_avx512: 32 blocks per iteration (8
// zmm of 4 blocks, enough in flight for the AES latency of 4 and its 2 per cycle), and in the
// same iteration the GHASH of 32 ciphertext blocks (the previous group when sealing, this group
// when opening) as two units of 16 blocks, one zmm between two AES rounds, each unit with one
// reduction (the key holds H^16 .. H^1). It takes every whole block of a message in one call.
//
// Bound on Zen 5 (measured with independent-op loops): vaesenc zmm issues 2 per cycle (latency
// 4); vpclmulqdq, zmm or xmm, one per 2 cycles (latency 5) on a unit of its own, beside the
// AES units. Per 32 blocks: 80 vaesenc for AES-128 (40 cycles), 112 for AES-256 (56), and 24
// vpclmulqdq (48 cycles; the reductions use shifts, not multiplies, to stay off that unit):
// 48 core cycles per 512 bytes for AES-128, 0.094 core cycles/byte, about 0.058 TSC
// cycles/byte at the core/TSC clock ratio of 1.6 measured here (AES-256: 56, 0.11, 0.068).
#include <immintrin.h>

#include <cstring>

#include "aes/aes_kernel.hpp"
#include "core/wipe.hpp"
#include "gcm/gcm_kernel.hpp"

AXIOM_ISA_BEGIN(gcm, vaes_avx512)

#include "core/zmm.hpp"
#include "aes/aes_vaes512_common.hpp"
#include "ghash/ghash_clmul.hpp"
#include "ghash/ghash_vpclmul512.hpp"

namespace {

using aes_vaes512::encrypt_xor;
using aes_vaes512::key4;
using aes_vaes512::load_keys;
using aes_vaes512::loadu4;
using aes_vaes512::loadu_blocks;
using aes_vaes512::storeu4;
using aes_vaes512::storeu_blocks;
using detail::AesSchedule;
using detail::GhashKey;
using ghash_vpclmul512::Acc4;

constexpr int group = 8;  // zmm per iteration: 32 blocks

// Counter blocks are kept byte-reversed, four per zmm (lanes c, c + 1, c + 2, c + 3): the
// counted last 4 bytes are then dword 0 of each lane, and a 32-bit add advances them mod 2^32
// exactly as inc32 does.
inline __m512i counters_start(const std::uint8_t ctr[16]) noexcept {
  const __m512i c = zmm::broadcast4(ghash_clmul::load_reflected(ctr));
  return _mm512_add_epi32(c, _mm512_set_epi32(0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0));
}
// in_dword0: v in dword 0 of every lane.
inline __m512i in_dword0(int v) noexcept {
  return _mm512_set_epi32(0, 0, 0, v, 0, 0, 0, v, 0, 0, 0, v, 0, 0, 0, v);
}

// counters32 writes the next 32 counter blocks to b (memory order). When the last byte does not
// wrap within the 32 (7 groups in 8), they are added to that byte in memory order: one byte
// reverse per group instead of one per zmm (vpshufb takes AES-unit cycles on Zen 5). The
// counter is public (12-byte nonces only), so is the branch.
inline void counters32(__m512i& next, __m512i* b) noexcept {
  const __m512i mask = ghash_vpclmul512::reverse_mask4();
  if ((_mm_cvtsi128_si32(zmm::low128(next)) & 0xff) <= 0xff - 4 * group + 1) {
    b[0] = _mm512_shuffle_epi8(next, mask);
    for (int i = 1; i < group; ++i) {
      const int v = (4 * i) << 24;  // the last byte is the top byte of dword 3
      b[i] =
          _mm512_add_epi32(b[0], _mm512_set_epi32(v, 0, 0, 0, v, 0, 0, 0, v, 0, 0, 0, v, 0, 0, 0));
    }
  } else {
    for (int i = 0; i < group; ++i)
      b[i] = _mm512_shuffle_epi8(_mm512_add_epi32(next, in_dword0(4 * i)), mask);
  }
  next = _mm512_add_epi32(next, in_dword0(4 * group));
}

using Powers = ghash_vpclmul512::Powers32;

// group32: the AES rounds of 8 zmm of counter blocks, with the GHASH of the 32 blocks at
// ghash_in between the rounds (two zmm after each of rounds 2, 4, 6 and 8; R >= 10) in one
// reduction. The previous group's sum (pending; the first group takes y, the running hash, instead)
// is reduced during round 1 and enters this group's sum with the block it carries, last, at round
// 8: the reduction and the multiply after it are off the path into this group's other
// products. Then out = in ^ keystream. ghash_in is read before out is written (in-place open).
template <unsigned R, bool First>
[[gnu::always_inline]] inline void group32(const __m128i* rk, const Powers& pw, __m512i& next,
                                           Acc4& pending, __m128i y, const std::uint8_t* ghash_in,
                                           std::uint8_t* out, const std::uint8_t* in) noexcept {
  static_assert(R >= 10, "the GHASH steps take rounds 1..8");
  __m512i b[group];
  counters32(next, b);
  const __m512i k0 = key4(rk, 0);
  for (int i = 0; i < group; ++i) b[i] = _mm512_xor_si512(b[i], k0);
  Acc4 a = ghash_vpclmul512::zero4();
  __m128i acc = y;
#pragma GCC unroll 16
  for (unsigned r = 1; r < R; ++r) {
    const __m512i k = key4(rk, r);
    for (int i = 0; i < group; ++i) b[i] = _mm512_aesenc_epi128(b[i], k);
    if (r == 1 && !First)
      acc = ghash_vpclmul512::reduce_unshifted(ghash_vpclmul512::folded(pending));
    if (r <= 8 &&
        r % 2 == 0) {  // two zmm after every other round: one vpternlogq per term for both
      const int q1 = static_cast<int>(r - 1), q2 = static_cast<int>(r % 8);
      __m512i x2 = ghash_vpclmul512::load_reflected4(ghash_in + 64 * q2);
      if (q2 == 0) x2 = _mm512_xor_si512(x2, _mm512_zextsi128_si512(acc));
      ghash_vpclmul512::mul_acc4_2(a, ghash_vpclmul512::load_reflected4(ghash_in + 64 * q1),
                                   pw.h[q1], pw.hk[q1], x2, pw.h[q2], pw.hk[q2]);
    }
  }
  pending = a;
  const __m512i kl = key4(rk, R);  // the last round's key xor the input: saves the xor after it
  for (int i = 0; i < group; ++i)
    storeu4(out + 64 * i,
            _mm512_aesenclast_epi128(b[i], _mm512_xor_si512(kl, loadu4(in + 64 * i))));
}

inline __m128i reduced(const Acc4& a) noexcept {
  return ghash_vpclmul512::reduce_unshifted(ghash_vpclmul512::folded(a));
}

// ctr32: the AES rounds only (the first group of a seal, whose ciphertext is not there yet).
template <unsigned R>
inline void ctr32(const __m128i* rk, __m512i& next, std::uint8_t* out,
                  const std::uint8_t* in) noexcept {
  __m512i b[group], keys[R + 1];
  counters32(next, b);
  load_keys<R>(rk, keys);
  encrypt_xor<R, group>(keys, b, out, in);
}

// ctr_tail: the last m < 32 blocks a zmm at a time, the last one masked, with the counters made
// as for a full group (no chain of counter steps, so the zmm overlap out of order).
template <unsigned R>
inline void ctr_tail(const __m128i* rk, __m512i next, std::uint8_t* out, const std::uint8_t* in,
                     std::size_t m) noexcept {
  __m512i keys[R + 1];
  load_keys<R>(rk, keys);
  const __m512i mask = ghash_vpclmul512::reverse_mask4();
  for (std::size_t j = 0; j < m; j += 4) {
    const std::size_t c = m - j < 4 ? m - j : 4;
    __m512i b = _mm512_shuffle_epi8(_mm512_add_epi32(next, in_dword0(static_cast<int>(j))), mask);
    b = _mm512_xor_si512(b, keys[0]);
    aes_vaes512::middle_rounds<R, 1, false>(keys, &b);
    storeu_blocks(out + 16 * j,
                  aes_vaes512::last_round<R, false>(keys, b, loadu_blocks(in + 16 * j, c)), c);
  }
}

inline void counters_store(std::uint8_t ctr[16], __m512i next, std::size_t m) noexcept {
  ghash_clmul::store_reflected(ctr,
                               zmm::low128(_mm512_add_epi32(next, in_dword0(static_cast<int>(m)))));
}

// seal_short: the last m < 16 blocks of a seal a zmm at a time, each zmm's ciphertext stored
// and hashed from its register (the hash's reload of a masked store waited for the store: no
// forwarding), then last if given, in one reduction.
template <unsigned R>
inline __m128i seal_short(const __m128i* rk, const ghash_vpclmul512::Key& hk, __m512i next,
                          __m128i acc, std::uint8_t* out, const std::uint8_t* in, std::size_t m,
                          const std::uint8_t* last) noexcept {
  __m512i keys[R + 1];
  load_keys<R>(rk, keys);
  const __m512i mask = ghash_vpclmul512::reverse_mask4();
  const std::size_t t = m + (last != nullptr ? 1 : 0);  // blocks hashed: powers H^t .. H^1
  Acc4 a = ghash_vpclmul512::zero4();
  for (std::size_t j = 0; j < m; j += 4) {
    const std::size_t c = m - j < 4 ? m - j : 4;
    const __mmask8 lanes = aes_vaes512::qwords(c);
    __m512i b = _mm512_xor_si512(
        _mm512_shuffle_epi8(_mm512_add_epi32(next, in_dword0(static_cast<int>(j))), mask), keys[0]);
    aes_vaes512::middle_rounds<R, 1, false>(keys, &b);
    const __m512i y = aes_vaes512::last_round<R, false>(keys, b, loadu_blocks(in + 16 * j, c));
    const __m512i ct = _mm512_maskz_mov_epi64(lanes, y);  // the lanes past m are zero for the hash
    storeu_blocks(out + 16 * j, ct, c);
    __m512i x = _mm512_shuffle_epi8(ct, mask);
    if (j == 0) x = _mm512_xor_si512(x, _mm512_zextsi128_si512(acc));
    const __m512i h = _mm512_maskz_loadu_epi64(lanes, hk.power + 16 - t + j);
    ghash_vpclmul512::mul_acc4(a, x, h, ghash_vpclmul512::halves_xor4(h));
  }
  ghash_clmul::Acc x = ghash_vpclmul512::folded(a);
  if (last != nullptr) {
    const __m128i l =
        _mm_unpacklo_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(last)),
                           _mm_loadl_epi64(reinterpret_cast<const __m128i*>(last + 8)));
    const __m128i h1 = hk.power[15];
    ghash_clmul::mul_acc(x, _mm_shuffle_epi8(l, ghash_clmul::reverse_mask()), h1,
                         ghash_clmul::halves_xor(h1));
  }
  return ghash_vpclmul512::reduce_unshifted(x);
}

// final_ghash: the tail's m < 32 blocks at p, then last if given, the last up to 16 in one
// reduction with last.
inline __m128i final_ghash(const ghash_vpclmul512::Key& hk, __m128i acc, const std::uint8_t* p,
                           std::size_t m, const std::uint8_t* last) noexcept {
  if (last == nullptr) return ghash_vpclmul512::blocks(hk, acc, p, m);
  if (m >= 16) acc = ghash_vpclmul512::blocks(hk, acc, p, 16), p += 256, m -= 16;
  return ghash_vpclmul512::blocks_then(hk, acc, p, m, last);
}

// seal_groups and open_groups: the whole groups of a call, in functions of their own so that
// the registers they need do not make the short path of a call spill. They advance next, in
// and out and return the running hash.
//
// seal: the GHASH of each group runs during the AES rounds of the next one (software
// pipelining); the last group's at the end.
template <unsigned R>
[[gnu::noinline]] __m128i seal_groups(const __m128i* rk, const ghash_vpclmul512::Key& hk,
                                      __m512i& counters, __m128i acc, std::uint8_t*& out_ref,
                                      const std::uint8_t*& in_ref, std::size_t groups) noexcept {
  // Locals: the stores through out could alias counters and the pointers.
  __m512i next = counters;
  std::uint8_t* out = out_ref;
  const std::uint8_t* in = in_ref;
  ctr32<R>(rk, next, out, in);
  if (groups > 1) {
    const Powers pw(hk);
    Acc4 pending;
    group32<R, true>(rk, pw, next, pending, acc, out, out + 512, in + 512);
    for (std::size_t g = 2; g < groups; ++g) {
      in += 512, out += 512;
      group32<R, false>(rk, pw, next, pending, acc, out, out + 512, in + 512);
    }
    in += 512, out += 512;
    acc = reduced(pending);
  }
  acc = ghash_vpclmul512::blocks(hk, acc, out, 32);
  counters = next, out_ref = out + 512, in_ref = in + 512;
  return acc;
}

template <unsigned R>
[[gnu::noinline]] __m128i open_groups(const __m128i* rk, const ghash_vpclmul512::Key& hk,
                                      __m512i& counters, __m128i acc, std::uint8_t*& out_ref,
                                      const std::uint8_t*& in_ref, std::size_t groups) noexcept {
  __m512i next = counters;
  std::uint8_t* out = out_ref;
  const std::uint8_t* in = in_ref;
  const Powers pw(hk);
  Acc4 pending;
  group32<R, true>(rk, pw, next, pending, acc, in, out, in);
  for (std::size_t g = 1; g < groups; ++g) {
    in += 512, out += 512;
    group32<R, false>(rk, pw, next, pending, acc, in, out, in);
  }
  counters = next, out_ref = out + 512, in_ref = in + 512;
  return reduced(pending);
}

template <unsigned R>
void seal(const AesSchedule& ks, const GhashKey& key, std::uint8_t ctr[16], std::uint8_t y[16],
          std::uint8_t* out, const std::uint8_t* in, std::size_t n,
          const std::uint8_t* last) noexcept {
  const auto* rk = reinterpret_cast<const __m128i*>(ks.enc);
  const ghash_vpclmul512::Key& hk = ghash_vpclmul512::key_of(key);
  __m512i next = counters_start(ctr);
  __m128i acc = ghash_clmul::load_reflected(y);
  const std::size_t groups = n / 32, m = n % 32;
  if (groups > 0) acc = seal_groups<R>(rk, hk, next, acc, out, in, groups);
  if (m > 0 && m < 16) {
    acc = seal_short<R>(rk, hk, next, acc, out, in, m, last);
  } else {
    if (m > 0) ctr_tail<R>(rk, next, out, in, m);
    acc = final_ghash(hk, acc, out, m, last);
  }
  counters_store(ctr, next, m);
  ghash_clmul::store_reflected(y, acc);
}

template <unsigned R>
void open(const AesSchedule& ks, const GhashKey& key, std::uint8_t ctr[16], std::uint8_t y[16],
          std::uint8_t* out, const std::uint8_t* in, std::size_t n,
          const std::uint8_t* last) noexcept {
  const auto* rk = reinterpret_cast<const __m128i*>(ks.enc);
  const ghash_vpclmul512::Key& hk = ghash_vpclmul512::key_of(key);
  __m512i next = counters_start(ctr);
  __m128i acc = ghash_clmul::load_reflected(y);
  const std::size_t groups = n / 32, m = n % 32;
  if (groups > 0) acc = open_groups<R>(rk, hk, next, acc, out, in, groups);
  acc = final_ghash(hk, acc, in, m, last);  // before an in-place tail overwrites it
  if (m > 0) ctr_tail<R>(rk, next, out, in, m);
  counters_store(ctr, next, m);
  ghash_clmul::store_reflected(y, acc);
}

#include "gcm/gcm_vaes_entries.hpp"
}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const GcmFusedKernel gcm_vaes_avx512 = {
    {"gcm/vaes_avx512",
     cpu::Feature::aesni | cpu::Feature::pclmul | cpu::Feature::ssse3 | cpu::Feature::sse41 |
         cpu::Feature::avx | cpu::Feature::avx2 | cpu::Feature::bmi2 | cpu::Feature::avx512 |
         cpu::Feature::vaes | cpu::Feature::vpclmul,
     true},
    &aes_vaes_avx512.ops,
    &ghash_vpclmul_avx512,
    gcm_vaes_avx512::seal_entry,
    gcm_vaes_avx512::open_entry,
    gcm_vaes_avx512::start_entry,
};
}  // namespace axiom::detail
