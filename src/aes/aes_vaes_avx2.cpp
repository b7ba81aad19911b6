// The VAES kernel on 256-bit registers: each ymm holds two blocks and 8 of them (16 blocks)
// are in flight for ECB and CBC decryption, 12 (24 blocks) for CTR, which keeps both AES
// units of Zen 3 busy (latency 4, throughput 2 per cycle). CBC encryption and CBC-MAC are serial
// chains and run one block at a time in xmm registers, with the AES-NI kernel's code
// (aes_ni_common.hpp); independent chains (the many-stream calls) run 16 at a time, two per ymm.
// Tails of fewer than a group run a pair of blocks per ymm.
#include <immintrin.h>

#include <cstring>

#include "aes/aes_kernel.hpp"
#include "core/wipe.hpp"

AXIOM_ISA_BEGIN(aes, vaes_avx2)

#include "aes/aes_ni_common.hpp"
#include "aes/aes_vaes_common.hpp"

namespace {

using aes_ni::add_le128;
using aes_ni::crowded;
using aes_ni::loadu;
using aes_ni::reverse_bytes;
using aes_ni::sched;
using aes_ni::storeu;
using aes_vaes::decrypt_n;
using aes_vaes::encrypt_n;
using aes_vaes::loadu2;
using aes_vaes::storeu2;
using aes_vaes::xor_keystream;

inline const __m128i* keys(const std::uint8_t* k) noexcept {
  return reinterpret_cast<const __m128i*>(k);
}

template <unsigned R, bool Decrypt>
void ecb16(const __m128i* k, std::uint8_t* out, const std::uint8_t* in) noexcept {
  __m256i b[8];
  for (int i = 0; i < 8; ++i) b[i] = loadu2(in + 32 * i);
  if (Decrypt)
    decrypt_n<R, 8>(k, b);
  else
    encrypt_n<R, 8>(k, b);
  for (int i = 0; i < 8; ++i) storeu2(out + 32 * i, b[i]);
}

// crypt2_keys: one ymm (two blocks) through the rounds with the keys already in registers.
template <unsigned R, bool Decrypt>
inline __m256i crypt2_keys(const __m256i* rk, __m256i b) noexcept {
  b = _mm256_xor_si256(b, rk[0]);
  for (unsigned r = 1; r < R; ++r)
    b = Decrypt ? _mm256_aesdec_epi128(b, rk[r]) : _mm256_aesenc_epi128(b, rk[r]);
  return Decrypt ? _mm256_aesdeclast_epi128(b, rk[R]) : _mm256_aesenclast_epi128(b, rk[R]);
}

template <unsigned R, bool Decrypt>
void ecb(const void* ks, std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  const __m128i* k = keys(Decrypt ? sched(ks).dec : sched(ks).enc);
  for (; n >= 16; n -= 16, in += 256, out += 256) ecb16<R, Decrypt>(k, out, in);
  if (n == 0) return;
  if (n ==
      1) {  // one block (a tweak, a subkey): xmm rounds with the keys from memory, no broadcasts
    __m128i b = loadu(in);
    if (Decrypt)
      aes_ni::decrypt_n<R, 1>(k, &b);
    else
      aes_ni::encrypt_n<R, 1>(k, &b);
    storeu(out, b);
    return;
  }
  // The tail two blocks at a time: independent iterations that overlap out of order, the
  // round keys loaded once (a short message is mostly tail: fewer instructions per call).
  __m256i rk[R + 1];
  for (unsigned r = 0; r <= R; ++r) rk[r] = aes_vaes::key2(k, r);
  for (; n >= 2; n -= 2, in += 32, out += 32) storeu2(out, crypt2_keys<R, Decrypt>(rk, loadu2(in)));
  if (n == 1)
    storeu(out,
           _mm256_castsi256_si128(crypt2_keys<R, Decrypt>(rk, _mm256_zextsi128_si256(loadu(in)))));
}

inline __m256i reverse_bytes2(__m256i v) noexcept {
  const __m128i m = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  return _mm256_shuffle_epi8(v, _mm256_broadcastsi128_si256(m));
}

// CTR runs 24 blocks (12 ymm) per iteration, not 16: with 8 ymm exactly latency (4) x
// throughput (2) AES ops are in flight and any bubble costs a cycle; 12 leave slack.
constexpr int ctr_pairs = 12;
constexpr std::uint64_t ctr_group = 2 * ctr_pairs;

inline __m128i le128(std::uint64_t lo, std::uint64_t hi) noexcept {
  return _mm_set_epi64x(static_cast<long long>(hi), static_cast<long long>(lo));
}

// add_last_byte adds a to the last byte of v's low block and b to its high block's (blocks in
// memory order; the caller knows that the byte does not wrap).
inline __m256i add_last_byte(__m256i v, int a, int b) noexcept {
  return _mm256_add_epi8(
      v, _mm256_set_epi8(static_cast<char>(b), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                         static_cast<char>(a), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
}

// counters_carry writes the group of counter blocks starting at the little-endian number
// (lo, hi) to b when a carry leaves the last byte: 64-bit adds and a byte reverse per ymm, or
// across 2^64 (once per 2^64 blocks) one block at a time.
inline void counters_carry(std::uint64_t lo, std::uint64_t hi, __m256i* b) noexcept {
  if (lo <= ~std::uint64_t{0} - (ctr_group - 1)) {
    const __m256i v = _mm256_broadcastsi128_si256(le128(lo, hi));
    for (int i = 0; i < ctr_pairs; ++i)
      b[i] = reverse_bytes2(_mm256_add_epi64(v, _mm256_set_epi64x(0, 2 * i + 1, 0, 2 * i)));
  } else {
    const __m128i c = le128(lo, hi);
    for (int i = 0; i < ctr_pairs; ++i) {
      const auto j = static_cast<std::uint64_t>(2 * i);
      b[i] = reverse_bytes2(_mm256_set_m128i(add_le128(c, j + 1), add_le128(c, j)));
    }
  }
}

// one_block: out = in ^ E(x) for one counter block x (memory order).
template <unsigned R>
inline void one_block(const __m128i* k, __m128i x, std::uint8_t* out,
                      const std::uint8_t* in) noexcept {
  aes_ni::encrypt_n<R, 1>(k, &x);
  storeu(out, _mm_xor_si128(x, loadu(in)));
}

// The counter is kept twice: as the block in memory order (base, both lanes), from which each
// ymm of a group is one byte add when the last byte does not wrap within it (about 9 groups in
// 10), and as a 128-bit number in two general registers, whose low byte decides that early
// (no vector-to-scalar move on the way) and which rebuilds base after a carry. The counter is
// public, so are the branches.
template <unsigned R>
void ctr_xor(const void* ks, std::uint8_t ctr[16], std::uint8_t* out, const std::uint8_t* in,
             std::size_t n) noexcept {
  const __m128i* k = keys(sched(ks).enc);
  const __m128i c = reverse_bytes(loadu(ctr));
  std::uint64_t lo = static_cast<std::uint64_t>(_mm_cvtsi128_si64(c)),
                hi = static_cast<std::uint64_t>(_mm_extract_epi64(c, 1));
  __m256i base = _mm256_broadcastsi128_si256(loadu(ctr));
  for (; n >= ctr_group; n -= ctr_group, in += 16 * ctr_group, out += 16 * ctr_group) {
    __m256i b[ctr_pairs];
    const bool no_wrap = (lo & 0xff) <= 0xff - ctr_group;  // this group and base's step
    if (no_wrap) {
      for (int i = 0; i < ctr_pairs; ++i) b[i] = add_last_byte(base, 2 * i, 2 * i + 1);
      base = add_last_byte(base, ctr_group, ctr_group);
    } else {
      counters_carry(lo, hi, b);
    }
    lo += ctr_group;
    hi += lo < ctr_group ? 1 : 0;
    if (!no_wrap) base = _mm256_broadcastsi128_si256(reverse_bytes(le128(lo, hi)));
    xor_keystream<R, ctr_pairs>(k, b, out, in);
  }
  // The tail (up to 23 blocks), two per ymm. Its counters come from base by 64-bit adds
  // between byte reverses whatever the last byte is (a short message often starts at a
  // counter ending in 0xff): no branch on that byte and no trip through general registers on
  // the way into the rounds, so that a short call starts its rounds a few cycles after the
  // counter's load. Across 2^64 (once per 2^64 blocks) the counters are made one at a time.
  if (n == 0) {
    storeu(ctr, _mm256_castsi256_si128(base));
    return;
  }
  const std::size_t tail = n;
  const __m256i le = reverse_bytes2(base);
  if (lo <= ~std::uint64_t{0} - tail) {
    __m256i v = _mm256_add_epi64(le, _mm256_set_epi64x(0, 1, 0, 0));
    for (; n >= 2; n -= 2, in += 32, out += 32) {
      __m256i b = reverse_bytes2(v);
      xor_keystream<R, 1>(k, &b, out, in);
      v = _mm256_add_epi64(v, _mm256_set_epi64x(0, 2, 0, 2));
    }
    if (n == 1) one_block<R>(k, reverse_bytes(_mm256_castsi256_si128(v)), out, in);
    const __m128i next =
        _mm_add_epi64(_mm256_castsi256_si128(le), _mm_set_epi64x(0, static_cast<long long>(tail)));
    storeu(ctr, reverse_bytes(next));
    return;
  }
  __m256i b[ctr_pairs];
  counters_carry(lo, hi, b);
  int i = 0;
  for (; n >= 2; n -= 2, ++i, in += 32, out += 32) xor_keystream<R, 1>(k, &b[i], out, in);
  if (n == 1) one_block<R>(k, _mm256_castsi256_si128(b[i]), out, in);
  storeu(ctr, reverse_bytes(add_le128(le128(lo, hi), tail)));
}

// cbc_decrypt16: 16 blocks. The chaining values are the ciphertext shifted by one block;
// stores go from the last pair down, so that each chaining value is read before an in-place
// store can overwrite it, and only one of them is live at a time (16 ymm registers).
template <unsigned R>
inline __m128i cbc_decrypt16(const __m128i* k, __m128i iv, std::uint8_t* out,
                             const std::uint8_t* in) noexcept {
  __m256i b[8];
  const __m128i last = loadu(in + 240);
  for (int i = 0; i < 8; ++i) b[i] = loadu2(in + 32 * i);
  decrypt_n<R, 8>(k, b);
  for (int i = 7; i > 0; --i)
    storeu2(out + 32 * i, _mm256_xor_si256(b[i], loadu2(in + 32 * i - 16)));
  storeu2(out, _mm256_xor_si256(b[0], _mm256_set_m128i(loadu(in), iv)));
  return last;
}

template <unsigned R>
void cbc_decrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  const __m128i* k = keys(sched(ks).dec);
  __m128i prev = loadu(iv);
  for (; n >= 16; n -= 16, in += 256, out += 256) prev = cbc_decrypt16<R>(k, prev, out, in);
  // The tail one block at a time: the decryptions are independent (each chains only to a
  // ciphertext block), so they overlap out of order.
  for (; n > 0; --n, in += 16, out += 16) {
    const __m128i c = loadu(in);
    __m128i b = _mm_xor_si128(c, k[0]);
    for (unsigned r = 1; r < R; ++r) b = _mm_aesdec_si128(b, k[r]);
    storeu(out, _mm_xor_si128(_mm_aesdeclast_si128(b, k[R]), prev));
    prev = c;
  }
  storeu(iv, prev);
}

// XTS (IEEE 1619 order): each ymm holds the masks of two consecutive blocks, 8 of them the
// masks of a group of 16 blocks, each stepped by x^16 for the next group. The masks are secret
// (from E_K2), so their stepping has no branch: a 128-bit shift per lane and the carried-out
// bits folded back times 0x87 (x^128 = x^7 + x^2 + x + 1) with shifts and xors.

// fold87 multiplies c (in each lane a polynomial of at most 57 bits in the low qword) by 0x87.
// The doublings are adds, which run on all four FP pipes; shifts run on two, one of them an
// AES pipe (measured: 16 KiB XTS ~5% faster than with three shifts; the x^7 as three more
// adds measured no faster).
inline __m256i fold87(__m256i c) noexcept {
  const __m256i c2 = _mm256_add_epi64(c, c);
  const __m256i c4 = _mm256_add_epi64(c2, c2);
  return _mm256_xor_si256(_mm256_xor_si256(c, c2), _mm256_xor_si256(c4, _mm256_slli_epi64(c, 7)));
}

// times_x_by multiplies each qword pair (a lane's mask) by x^m, m the count in both of its
// qwords (0 <= m <= 57): variable shifts, so that the first group's 8 registers come straight
// from T instead of from a chain (a count of 64 shifts a qword out to 0).
inline __m256i times_x_by(__m256i t, __m256i m) noexcept {
  const __m256i carry = _mm256_srlv_epi64(t, _mm256_sub_epi64(_mm256_set1_epi64x(64), m));
  const __m256i shifted = _mm256_xor_si256(_mm256_sllv_epi64(t, m), _mm256_slli_si256(carry, 8));
  return _mm256_xor_si256(shifted, fold87(_mm256_srli_si256(carry, 8)));
}

// times_x16 multiplies the masks of a and b by x^16 (the step from one group to the next): a
// two-byte shift per lane, and the two bytes shifted out of a and of b folded back together,
// side by side in one register (the fold is most of the cost).
inline void times_x16(__m256i& a, __m256i& b) noexcept {
  const __m256i f = fold87(_mm256_srli_epi64(_mm256_unpackhi_epi64(a, b), 48));
  const __m256i zero = _mm256_setzero_si256();
  a = _mm256_xor_si256(_mm256_slli_si256(a, 2), _mm256_unpacklo_epi64(f, zero));
  b = _mm256_xor_si256(_mm256_slli_si256(b, 2), _mm256_unpackhi_epi64(f, zero));
}

// xts: the groups of 16 blocks with their 8 mask registers, then the tail of fewer than 16
// two at a time, each pair's masks made from the current T by the shifts it needs (a short
// message computes only the masks it uses). The masks stay in registers and the compiler's
// spill slots, as every kernel's round keys do: no buffer of them to wipe (wiping an array
// of them would only make the compiler store them there, about 15 cycles per call).
// In a group the next group's masks are stepped before the rounds, not after them: in program
// order behind 80 AES ops the step waited for scheduler room and delayed the next group's
// first xors. The output mask rides in the last round key (aes*last(x, kl ^ t) = aes*last(x, kl) ^
// t).
template <unsigned R, bool Decrypt>
void xts(const void* ks, std::uint8_t tweak[16], std::uint8_t* out, const std::uint8_t* in,
         std::size_t n) noexcept {
  const __m128i* k = keys(Decrypt ? sched(ks).dec : sched(ks).enc);
  __m256i base = _mm256_broadcastsi128_si256(loadu(tweak));  // T·x^(16 g) after g groups
  if (n >= 16) {
    __m256i t[8];
    for (int i = 0; i < 8; ++i)
      t[i] = times_x_by(base, _mm256_set_epi64x(2 * i + 1, 2 * i + 1, 2 * i, 2 * i));
    for (; n >= 16; n -= 16, in += 256, out += 256) {
      const __m256i k0 = aes_vaes::key2(k, 0);
      const __m256i kl = aes_vaes::key2(k, R);
      __m256i b[8], last[8];
      for (int i = 0; i < 8; ++i) {
        b[i] = _mm256_xor_si256(_mm256_xor_si256(loadu2(in + 32 * i), t[i]), k0);
        last[i] = _mm256_xor_si256(t[i], kl);
      }
      for (int i = 0; i < 8; i += 2) times_x16(t[i], t[i + 1]);
      for (unsigned r = 1; r < R; ++r) {
        const __m256i kr = aes_vaes::key2(k, r);
        for (int i = 0; i < 8; ++i)
          b[i] = Decrypt ? _mm256_aesdec_epi128(b[i], kr) : _mm256_aesenc_epi128(b[i], kr);
      }
      for (int i = 0; i < 8; ++i)
        storeu2(out + 32 * i, Decrypt ? _mm256_aesdeclast_epi128(b[i], last[i])
                                      : _mm256_aesenclast_epi128(b[i], last[i]));
    }
    base = _mm256_permute4x64_epi64(t[0], 0x44);  // its low lane in both
  }
  // count: the exponents of the next pair's masks (low lane, high lane); public, from n.
  __m256i count = _mm256_set_epi64x(1, 1, 0, 0);
  const __m256i step = _mm256_set1_epi64x(2);
  if (n > 0) {
    __m256i rk[R + 1];
    for (unsigned r = 0; r <= R; ++r) rk[r] = aes_vaes::key2(k, r);
    for (; n >= 2; n -= 2, in += 32, out += 32, count = _mm256_add_epi64(count, step)) {
      const __m256i m = times_x_by(base, count);
      storeu2(out,
              _mm256_xor_si256(crypt2_keys<R, Decrypt>(rk, _mm256_xor_si256(loadu2(in), m)), m));
    }
    if (n == 1) {
      const __m256i m = times_x_by(base, count);
      const __m256i b = _mm256_zextsi128_si256(_mm_xor_si128(loadu(in), _mm256_castsi256_si128(m)));
      storeu(out, _mm_xor_si128(_mm256_castsi256_si128(crypt2_keys<R, Decrypt>(rk, b)),
                                _mm256_castsi256_si128(m)));
      storeu(tweak, _mm256_extracti128_si256(m, 1));
      return;
    }
  }
  storeu(tweak, _mm256_castsi256_si128(times_x_by(base, count)));
}

// cbc_lanes: independent chains (CBC encryption or CBC-MAC), two per ymm. 8 ymm chains put
// 8 vaesenc in flight per round: with the 4-cycle latency and 2 AES units that fills both
// units, so a step of 16 blocks costs one chain's latency (R x 4 cycles), half of what the
// AES-NI kernel's 8 lanes get per block. As in cbc_chain, the next input block and round key
// 0 are folded into the last round's key, so the chain is the aesenc/aesenclast ops alone.
// A group's unused lanes repeat its first lane (the same loads, the same values stored to the
// same places): free, since the step's time is the latency either way.
inline __m256i load_pair(const std::uint8_t* lo, const std::uint8_t* hi) noexcept {
  return _mm256_inserti128_si256(_mm256_castsi128_si256(loadu(lo)), loadu(hi), 1);
}
inline void store_pair(std::uint8_t* lo, std::uint8_t* hi, __m256i v) noexcept {
  storeu(lo, _mm256_castsi256_si128(v));
  storeu(hi, _mm256_extracti128_si256(v, 1));
}

// lanes_group: lanes 0..m-1 (m <= 2G) of chain/in/out as G ymm chains for `blocks` steps.
template <unsigned R, bool Store, int G>
void lanes_group(const __m256i* rk, std::uint8_t* chain, const std::uint8_t** in,
                 std::uint8_t** out, std::size_t m, std::size_t blocks) noexcept {
  constexpr int L = 2 * G;
  std::size_t lane[L];
  const std::uint8_t* ip[L];
  std::uint8_t* op[L];
  for (int i = 0; i < L; ++i) {
    lane[i] = static_cast<std::size_t>(i) < m ? static_cast<std::size_t>(i) : 0;
    ip[i] = in[lane[i]];
    op[i] = Store ? out[lane[i]] : nullptr;
  }
  __m256i x[G], t[G];
  for (int j = 0; j < G; ++j) {
    t[j] = _mm256_xor_si256(load_pair(ip[2 * j], ip[2 * j + 1]), rk[0]);
    x[j] =
        _mm256_xor_si256(load_pair(chain + 16 * lane[2 * j], chain + 16 * lane[2 * j + 1]), t[j]);
  }
  for (std::size_t off = 0;; off += 16) {
    for (unsigned r = 1; r < R; ++r)
      for (int j = 0; j < G; ++j) x[j] = _mm256_aesenc_epi128(x[j], rk[r]);
    if (off + 16 == 16 * blocks) {
      for (int j = 0; j < G; ++j) x[j] = _mm256_aesenclast_epi128(x[j], rk[R]);
      if (Store)
        for (int j = 0; j < G; ++j) store_pair(op[2 * j] + off, op[2 * j + 1] + off, x[j]);
      break;
    }
    // x becomes E(block) ^ next input ^ rk[0]: the next step's state after its round 0; the
    // ciphertext is x ^ t, off the chain.
    for (int j = 0; j < G; ++j) {
      t[j] = _mm256_xor_si256(load_pair(ip[2 * j] + off + 16, ip[2 * j + 1] + off + 16), rk[0]);
      x[j] = _mm256_aesenclast_epi128(x[j], _mm256_xor_si256(rk[R], t[j]));
      if (Store) store_pair(op[2 * j] + off, op[2 * j + 1] + off, _mm256_xor_si256(x[j], t[j]));
    }
  }
  for (int j = 0; j < G; ++j)
    store_pair(chain + 16 * lane[2 * j], chain + 16 * lane[2 * j + 1], x[j]);
  for (std::size_t i = 0; i < m; ++i) {
    in[i] += 16 * blocks;
    if (Store) out[i] += 16 * blocks;
  }
  // x and t are not wiped here: taking their address would keep them in memory, and the store
  // and reload on each step's chain would cost more than the step (the caller wipes the chains).
}

// Groups of 16 lanes; a rest of up to 8 runs as 4 ymm, whose step costs the same latency as
// the AES-NI kernel's 8 xmm lanes (a straggler is no slower than there), and a rest of 9 to 15
// as a full group, one step instead of two, unless its lines crowd one L1 set (then 8 + 8).
template <unsigned R, bool Store>
void cbc_lanes(const void* ks, std::uint8_t* chain, const std::uint8_t** in, std::uint8_t** out,
               std::size_t n, std::size_t blocks) noexcept {
  if (blocks == 0) return;
  const __m128i* k = keys(sched(ks).enc);
  __m256i rk[R + 1];
  for (unsigned r = 0; r <= R; ++r) rk[r] = aes_vaes::key2(k, r);
  for (std::size_t g = 0; g < n;) {
    const std::size_t m = n - g;
    std::uint8_t** o = Store ? out + g : nullptr;
    if (m > 8 && !crowded(in + g, o, m < 16 ? m : 16)) {
      lanes_group<R, Store, 8>(rk, chain + 16 * g, in + g, o, m < 16 ? m : 16, blocks);
      g += 16;
    } else {
      lanes_group<R, Store, 4>(rk, chain + 16 * g, in + g, o, m < 8 ? m : 8, blocks);
      g += 8;
    }
  }
  axiom::detail::wipe(rk);
}

#include "aes/aes_vaes_entries.hpp"
}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const AesKernel aes_vaes_avx2 = {
    {"aes/vaes_avx2",
     cpu::Feature::aesni | cpu::Feature::pclmul | cpu::Feature::ssse3 | cpu::Feature::sse41 |
         cpu::Feature::avx | cpu::Feature::avx2 | cpu::Feature::bmi2 | cpu::Feature::vaes |
         cpu::Feature::vpclmul,
     true},
    aes_vaes_avx2::aes_ni::setup,
    {aes_vaes_avx2::encrypt_blocks, aes_vaes_avx2::decrypt_blocks, aes_vaes_avx2::ctr_entry,
     aes_vaes_avx2::aes_ni::cbc_encrypt_entry, aes_vaes_avx2::cbc_decrypt_entry,
     aes_vaes_avx2::aes_ni::cbc_mac_entry, aes_vaes_avx2::cbc_lanes_entry,
     aes_vaes_avx2::xts_encrypt, aes_vaes_avx2::xts_decrypt},
};
}  // namespace axiom::detail
