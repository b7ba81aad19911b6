// The VAES kernel on 512-bit registers: each zmm holds four blocks and 8 of them (32 blocks) are
// in flight for ECB, CTR, CBC decryption and XTS, which fills both AES units (latency 4,
// throughput 2 zmm per cycle on Zen 5, so twice the bytes per cycle of vaes_avx2). A call's
// last partial group runs a zmm at a time with the round keys in registers, its last zmm
// through masked loads and stores (the bytes past the call's end are never touched). CBC
// encryption and CBC-MAC are serial chains and run one block at a time in xmm registers, with
// the AES-NI kernel's code (aes_ni_common.hpp); independent chains (the many-stream calls) run
// four per zmm, up to 32 at a time for CBC-MAC, 16 for CBC encryption.
#include <immintrin.h>

#include <cstring>

#include "aes/aes_kernel.hpp"
#include "core/wipe.hpp"

AXIOM_ISA_BEGIN(aes, vaes_avx512)

#include "aes/aes_ni_common.hpp"
#include "core/zmm.hpp"
#include "aes/aes_vaes512_common.hpp"

namespace {

using aes_ni::crowded;
using aes_ni::loadu;
using aes_ni::sched;
using aes_ni::storeu;
using aes_vaes512::last_round;
using aes_vaes512::load_keys;
using aes_vaes512::loadu4;
using aes_vaes512::loadu_blocks;
using aes_vaes512::middle_rounds;
using aes_vaes512::reverse_bytes4;
using aes_vaes512::storeu4;
using aes_vaes512::storeu_blocks;
using aes_vaes512::xor3;

inline const __m128i* keys(const std::uint8_t* k) noexcept {
  return reinterpret_cast<const __m128i*>(k);
}

constexpr int group = 8;  // zmm per group: 32 blocks
constexpr std::size_t group_blocks = 4 * group;

// one_zmm: up to four blocks (masked when fewer) through the cipher with the keys in registers,
// the last round's key xored with v.
template <unsigned R, bool Decrypt>
inline __m512i one_zmm(const __m512i* rk, __m512i b, __m512i v) noexcept {
  b = _mm512_xor_si512(b, rk[0]);
  middle_rounds<R, 1, Decrypt>(rk, &b);
  return last_round<R, Decrypt>(rk, b, v);
}

template <unsigned R, bool Decrypt>
void ecb(const void* ks, std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  const __m128i* k = keys(Decrypt ? sched(ks).dec : sched(ks).enc);
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
  __m512i rk[R + 1];
  load_keys<R>(k, rk);
  const __m512i zero = _mm512_setzero_si512();
  for (; n >= group_blocks; n -= group_blocks, in += 64 * group, out += 64 * group) {
    __m512i b[group];
    for (int i = 0; i < group; ++i) b[i] = _mm512_xor_si512(loadu4(in + 64 * i), rk[0]);
    middle_rounds<R, group, Decrypt>(rk, b);
    for (int i = 0; i < group; ++i) storeu4(out + 64 * i, last_round<R, Decrypt>(rk, b[i], zero));
  }
  // The tail a zmm at a time: independent iterations that overlap out of order.
  for (; n >= 4; n -= 4, in += 64, out += 64)
    storeu4(out, one_zmm<R, Decrypt>(rk, loadu4(in), zero));
  if (n > 0) storeu_blocks(out, one_zmm<R, Decrypt>(rk, loadu_blocks(in, n), zero), n);
}

// CTR. The counter is kept twice: as the block in memory order, broadcast to the four lanes
// (base), from which each zmm of a group is one byte add when the last byte does not wrap
// within the group (about 7 groups in 8); and as its low 64 bits in a general register (lo),
// which decides that early and whether a 64-bit carry can occur. The counter is public, so are
// the branches. Otherwise the counters are 64-bit adds on the byte-reversed block, with the
// carry into the high qword taken through a mask where lo says one can occur (once per 2^64
// blocks): the tail of a short call then starts its rounds a few ops after the counter's load.

// add128 adds the low qwords of a (non-negative counts) to each lane of the little-endian
// counters le, carrying into the high qwords (mod 2^128).
inline __m512i add128(__m512i le, __m512i a) noexcept {
  const __m512i s = _mm512_add_epi64(le, a);
  const __mmask8 carry = _mm512_cmplt_epu64_mask(s, a);  // only low qwords can carry
  return _mm512_mask_add_epi64(s, static_cast<__mmask8>(carry << 1), s, _mm512_set1_epi64(1));
}
// counts: first, first + 1, first + 2, first + 3 in the low qwords of the four lanes.
inline __m512i counts(std::size_t first) noexcept {
  const auto f = static_cast<long long>(first);
  return _mm512_set_epi64(0, f + 3, 0, f + 2, 0, f + 1, 0, f);
}
// counts_all: m in the low qword of every lane.
inline __m512i counts_all(std::size_t m) noexcept {
  const auto v = static_cast<long long>(m);
  return _mm512_set_epi64(0, v, 0, v, 0, v, 0, v);
}
// add_counts: le + a, Carry: with the carry into the high qwords.
template <bool Carry>
inline __m512i add_counts(__m512i le, __m512i a) noexcept {
  return Carry ? add128(le, a) : _mm512_add_epi64(le, a);
}

// last_byte_add: a0..a3 added to the last byte of lanes 0..3 (blocks in memory order; the
// caller knows that the byte does not wrap).
inline __m512i last_byte_add(std::uint64_t a0, std::uint64_t a1, std::uint64_t a2,
                             std::uint64_t a3) noexcept {
  return _mm512_set_epi64(static_cast<long long>(a3 << 56), 0, static_cast<long long>(a2 << 56), 0,
                          static_cast<long long>(a1 << 56), 0, static_cast<long long>(a0 << 56), 0);
}

// ctr_tail: the last n < 32 blocks a zmm at a time from the little-endian counter le, and the
// next counter to ctr.
template <unsigned R, bool Carry>
inline void ctr_tail(const __m512i* rk, __m512i le, std::uint8_t ctr[16], std::uint8_t* out,
                     const std::uint8_t* in, std::size_t n) noexcept {
  std::size_t j = 0;
  for (; n >= 4; n -= 4, j += 4, in += 64, out += 64)
    storeu4(out,
            one_zmm<R, false>(rk, reverse_bytes4(add_counts<Carry>(le, counts(j))), loadu4(in)));
  if (n > 0)
    storeu_blocks(out,
                  one_zmm<R, false>(rk, reverse_bytes4(add_counts<Carry>(le, counts(j))),
                                    loadu_blocks(in, n)),
                  n);
  storeu(ctr, zmm::low128(reverse_bytes4(add_counts<Carry>(le, counts_all(j + n)))));
}

template <unsigned R>
void ctr_xor(const void* ks, std::uint8_t ctr[16], std::uint8_t* out, const std::uint8_t* in,
             std::size_t n) noexcept {
  const __m128i* k = keys(sched(ks).enc);
  if (n == 1) {  // one block (a short message's tail): xmm rounds with the keys from memory, no
                 // broadcasts
    const __m128i c = loadu(ctr);
    __m128i x = c;
    aes_ni::encrypt_n<R, 1>(k, &x);
    storeu(out, _mm_xor_si128(x, loadu(in)));
    storeu(ctr,
           zmm::low128(reverse_bytes4(add128(reverse_bytes4(zmm::broadcast4(c)), counts_all(1)))));
    return;
  }
  __m512i rk[R + 1];
  load_keys<R>(k, rk);
  __m512i base = zmm::broadcast4(loadu(ctr));
  std::uint64_t lo;
  std::memcpy(&lo, ctr + 8, 8);
  lo = __builtin_bswap64(lo);
  for (; n >= group_blocks; n -= group_blocks, in += 64 * group, out += 64 * group) {
    __m512i b[group];
    if ((lo & 0xff) <= 0xff - group_blocks) {
      for (int i = 0; i < group; ++i) {
        const auto f = 4 * static_cast<std::uint64_t>(i);
        b[i] = _mm512_add_epi8(base, last_byte_add(f, f + 1, f + 2, f + 3));
      }
      base = _mm512_add_epi8(base,
                             last_byte_add(group_blocks, group_blocks, group_blocks, group_blocks));
    } else {
      const __m512i le = reverse_bytes4(base);
      for (int i = 0; i < group; ++i)
        b[i] = reverse_bytes4(add128(le, counts(4 * static_cast<std::size_t>(i))));
      base = reverse_bytes4(add128(le, counts_all(group_blocks)));
    }
    lo += group_blocks;
    aes_vaes512::encrypt_xor<R, group>(rk, b, out, in);
  }
  const __m512i le = reverse_bytes4(base);
  if (lo <= ~std::uint64_t{0} - n)
    ctr_tail<R, false>(rk, le, ctr, out, in, n);
  else
    ctr_tail<R, true>(rk, le, ctr, out, in, n);
}

// CBC decryption: the chaining values are the ciphertext shifted by one block. In a group they
// are loaded from in - 16 just before each store, and the stores go from the last zmm down, so
// that each is read before an in-place store can overwrite it; in the tail each zmm takes the
// block before it from the previous zmm (valignq) and the stores go forward.
template <unsigned R>
void cbc_decrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  if (n == 0) return;
  const __m128i* k = keys(sched(ks).dec);
  __m512i rk[R + 1];
  load_keys<R>(k, rk);
  const __m128i next_iv = loadu(in + 16 * (n - 1));  // before an in-place call overwrites it
  __m512i prev = zmm::broadcast4(loadu(iv));         // the block before the next zmm, in lane 3
  for (; n >= group_blocks; n -= group_blocks, in += 64 * group, out += 64 * group) {
    __m512i b[group];
    const __m512i first = loadu4(in);
    for (int i = 0; i < group; ++i) b[i] = _mm512_xor_si512(loadu4(in + 64 * i), rk[0]);
    const __m512i last = zmm::broadcast4(loadu(in + 64 * group - 16));
    middle_rounds<R, group, true>(rk, b);
    for (int i = group - 1; i > 0; --i)
      storeu4(out + 64 * i, last_round<R, true>(rk, b[i], loadu4(in + 64 * i - 16)));
    storeu4(out, last_round<R, true>(rk, b[0], zmm::alignr64<6>(first, prev)));
    prev = last;
  }
  for (; n >= 4; n -= 4, in += 64, out += 64) {
    const __m512i c = loadu4(in);
    storeu4(out, one_zmm<R, true>(rk, c, zmm::alignr64<6>(c, prev)));
    prev = c;
  }
  if (n > 0) {
    const __m512i c = loadu_blocks(in, n);
    storeu_blocks(out, one_zmm<R, true>(rk, c, zmm::alignr64<6>(c, prev)), n);
  }
  storeu(iv, next_iv);
}

// XTS (IEEE 1619 order): each zmm holds the masks of four consecutive blocks, 8 of them the
// masks of a group of 32 blocks, each stepped by x^32 for the next group. The masks are secret
// (from E_K2), so their stepping has no branch: the bits shifted out of each lane are folded
// back times 0x87 (x^128 = x^7 + x^2 + x + 1) by a vpclmulqdq. Only ops that leave the AES
// units alone on Zen 5 (shifts, vpshufd, xors; vpclmulqdq has its own unit there), not byte
// shifts or vpshufb, which take AES-unit cycles.

// times_x_by multiplies each lane's mask by x^m, m the count in both of its qwords
// (0 <= m <= 57; a count of 64 shifts a qword out to 0): each qword shifted left, the bits
// shifted out of the low qword xored into the high one and those of the high qword into the
// low one times 0x87, as that qword itself (the vpshufd) and times 0x86 (the vpclmulqdq).
// Variable counts, so that the first group's registers and the tail's come straight from T
// instead of from a chain.
inline __m512i times_x_by(__m512i t, __m512i m) noexcept {
  const __m512i carry = zmm::srlv64(t, _mm512_sub_epi64(_mm512_set1_epi64(64), m));
  const __m512i fold = _mm512_clmulepi64_epi128(carry, _mm512_set1_epi64(0x86), 0x01);
  return xor3(zmm::sllv64(t, m), zmm::shuffle32<_MM_PERM_BADC>(carry), fold);
}
// both_qwords: first .. first + 3 in both qwords of lanes 0..3.
inline __m512i both_qwords(long long first) noexcept {
  return _mm512_set_epi64(first + 3, first + 3, first + 2, first + 2, first + 1, first + 1, first,
                          first);
}

// times_x32: each lane's mask times x^32 (the step from one group to the next): its dwords
// rotated up by one (vpshufd), the top dword, now at the bottom, folded as in times_x_by.
inline __m512i times_x32(__m512i t) noexcept {
  const __m512i fold = _mm512_clmulepi64_epi128(zmm::srli64<32>(t), _mm512_set1_epi64(0x86), 0x01);
  return _mm512_xor_si512(zmm::shuffle32<_MM_PERM_CBAD>(t), fold);
}
static_assert(group_blocks == 32, "times_x32 steps a group");

// xts_group: one group of 32 blocks with the masks t, which are stepped to the next group's
// (Last: only t[0], which is all the tail needs).
template <unsigned R, bool Decrypt, bool Last>
inline void xts_group(const __m128i* k, __m512i* t, std::uint8_t* out,
                      const std::uint8_t* in) noexcept {
  __m512i rk[R + 1];
  load_keys<R>(k, rk);
  __m512i b[group], mask[group];
  for (int i = 0; i < group; ++i) {
    b[i] = xor3(loadu4(in + 64 * i), t[i], rk[0]);
    mask[i] = t[i];
  }
  for (int i = 0; i < (Last ? 1 : group); ++i) t[i] = times_x32(t[i]);
  middle_rounds<R, group, Decrypt>(rk, b);
  for (int i = 0; i < group; ++i) storeu4(out + 64 * i, last_round<R, Decrypt>(rk, b[i], mask[i]));
}

// xts: the groups of 32 blocks with their 8 mask registers, then the tail a zmm at a time,
// each zmm's masks made from the current T by the shifts it needs. The masks stay in registers
// and the compiler's spill slots, as every kernel's round keys do: no buffer of them to wipe.
// In a group the next group's masks are stepped before the rounds (the step then waits for no
// scheduler room behind the AES ops); the input mask and round key 0 are one vpternlogq, the
// output mask rides in the last round key. The last group steps only what the tail needs, which
// saves a 512-byte sector 7 of its 16 vpclmulqdq.
template <unsigned R, bool Decrypt>
void xts(const void* ks, std::uint8_t tweak[16], std::uint8_t* out, const std::uint8_t* in,
         std::size_t n) noexcept {
  const __m128i* k = keys(Decrypt ? sched(ks).dec : sched(ks).enc);
  if (n == 1) {  // one block (a data unit's last before stealing): xmm rounds, keys from memory
    const __m128i t = loadu(tweak);
    __m128i b = _mm_xor_si128(loadu(in), t);
    if (Decrypt)
      aes_ni::decrypt_n<R, 1>(k, &b);
    else
      aes_ni::encrypt_n<R, 1>(k, &b);
    storeu(out, _mm_xor_si128(b, t));
    storeu(tweak, zmm::low128(times_x_by(zmm::broadcast4(t), _mm512_set1_epi64(1))));
    return;
  }
  __m512i base = zmm::broadcast4(loadu(tweak));  // T·x^(32 g) after g groups
  if (n >= group_blocks) {
    __m512i t[group];
    for (int i = 0; i < group; ++i) t[i] = times_x_by(base, both_qwords(4 * i));
    for (; n >= 2 * group_blocks; n -= group_blocks, in += 64 * group, out += 64 * group)
      xts_group<R, Decrypt, false>(k, t, out, in);
    xts_group<R, Decrypt, true>(k, t, out, in);
    n -= group_blocks, in += 64 * group, out += 64 * group;
    base = zmm::broadcast4(zmm::low128(t[0]));
  }
  long long j = 0;
  if (n > 0) {
    __m512i rk[R + 1];
    load_keys<R>(k, rk);
    for (; n >= 4; n -= 4, j += 4, in += 64, out += 64) {
      const __m512i m = times_x_by(base, both_qwords(j));
      storeu4(out, one_zmm<R, Decrypt>(rk, _mm512_xor_si512(loadu4(in), m), m));
    }
    if (n > 0) {
      const __m512i m = times_x_by(base, both_qwords(j));
      storeu_blocks(out, one_zmm<R, Decrypt>(rk, _mm512_xor_si512(loadu_blocks(in, n), m), m), n);
      j += static_cast<long long>(n);
    }
  }
  storeu(tweak, zmm::low128(times_x_by(base, _mm512_set1_epi64(j))));
}

// cbc_lanes: independent chains (CBC encryption or CBC-MAC), four per zmm. 8 zmm chains put
// 8 vaesenc in flight per round, which fills both AES units (latency 4, 2 per cycle): a step of
// 32 blocks costs one chain's latency (R x 4 cycles), twice vaes_avx2's 16 lanes (CBC-MAC). As in
// cbc_chain, the next input block and round key 0 are folded into the last round's key, so the
// chain is the aesenc/aesenclast ops alone. A group's unused lanes repeat its first lane (the
// same loads, the same values stored to the same places): free, since the step's time is the
// latency either way.
inline __m512i load_lanes(const std::uint8_t* const* p, std::size_t off) noexcept {
  __m512i v = _mm512_castsi128_si512(loadu(p[0] + off));
  v = _mm512_inserti32x4(v, loadu(p[1] + off), 1);
  v = _mm512_inserti32x4(v, loadu(p[2] + off), 2);
  return _mm512_inserti32x4(v, loadu(p[3] + off), 3);
}
inline void store_lanes(std::uint8_t* const* p, std::size_t off, __m512i v) noexcept {
  storeu(p[0] + off, zmm::low128(v));
  storeu(p[1] + off, zmm::extract4<1>(v));
  storeu(p[2] + off, zmm::extract4<2>(v));
  storeu(p[3] + off, zmm::extract4<3>(v));
}

// lanes_group: lanes 0..m-1 (m <= 4G) of chain/in/out as G zmm chains for `blocks` steps.
template <unsigned R, bool Store, int G>
void lanes_group(const __m512i* rk, std::uint8_t* chain, const std::uint8_t** in,
                 std::uint8_t** out, std::size_t m, std::size_t blocks) noexcept {
  constexpr int L = 4 * G;
  const std::uint8_t* ip[L];
  std::uint8_t* op[L];
  std::uint8_t* cp[L];
  for (int i = 0; i < L; ++i) {
    const std::size_t lane = static_cast<std::size_t>(i) < m ? static_cast<std::size_t>(i) : 0;
    ip[i] = in[lane];
    op[i] = Store ? out[lane] : nullptr;
    cp[i] = chain + 16 * lane;
  }
  __m512i x[G], t[G];
  for (int j = 0; j < G; ++j) {
    t[j] = _mm512_xor_si512(load_lanes(ip + 4 * j, 0), rk[0]);
    x[j] = _mm512_xor_si512(load_lanes(cp + 4 * j, 0), t[j]);
  }
  for (std::size_t off = 0;; off += 16) {
    middle_rounds<R, G, false>(rk, x);
    if (off + 16 == 16 * blocks) {
      for (int j = 0; j < G; ++j) x[j] = _mm512_aesenclast_epi128(x[j], rk[R]);
      if (Store)
        for (int j = 0; j < G; ++j) store_lanes(op + 4 * j, off, x[j]);
      break;
    }
    // x becomes E(block) ^ next input ^ rk[0]: the next step's state after its round 0; the
    // ciphertext is x ^ t, off the chain.
    for (int j = 0; j < G; ++j) {
      t[j] = _mm512_xor_si512(load_lanes(ip + 4 * j, off + 16), rk[0]);
      x[j] = _mm512_aesenclast_epi128(x[j], _mm512_xor_si512(rk[R], t[j]));
      if (Store) store_lanes(op + 4 * j, off, _mm512_xor_si512(x[j], t[j]));
    }
  }
  for (int j = 0; j < G; ++j) store_lanes(cp + 4 * j, 0, x[j]);
  for (std::size_t i = 0; i < m; ++i) {
    in[i] += 16 * blocks;
    if (Store) out[i] += 16 * blocks;
  }
  // x and t are not wiped here: taking their address would keep them in memory, and the store
  // and reload on each step's chain would cost more than the step (the caller wipes the chains).
}

// Groups of 32 lanes (8 zmm), 16 (4 zmm) or 8 (2 zmm): each step costs one chain's latency
// whatever the group's width, so a rest of 17 to 31 lanes runs as one group of 32 (one step
// instead of two), unless its lines crowd one L1 set; then narrower groups. CBC encryption takes
// 16 at most: with 32 lanes a step also loads 32 output pointers and stores 32 blocks, about
// 1000 instructions for 40 cycles of AES latency (measured: 32 lanes 0.151 TSC c/B against 0.124
// for 16 + 16, at 16 KiB); CBC-MAC stores nothing.
template <unsigned R, bool Store>
void cbc_lanes(const void* ks, std::uint8_t* chain, const std::uint8_t** in, std::uint8_t** out,
               std::size_t n, std::size_t blocks) noexcept {
  if (blocks == 0) return;
  __m512i rk[R + 1];
  load_keys<R>(keys(sched(ks).enc), rk);
  for (std::size_t g = 0; g < n;) {
    const std::size_t m = n - g;
    std::uint8_t** o = Store ? out + g : nullptr;
    if (!Store && m > 16 && !crowded(in + g, o, m < 32 ? m : 32)) {
      lanes_group<R, Store, 8>(rk, chain + 16 * g, in + g, o, m < 32 ? m : 32, blocks);
      g += 32;
    } else if (m > 8 && !crowded(in + g, o, m < 16 ? m : 16)) {
      lanes_group<R, Store, 4>(rk, chain + 16 * g, in + g, o, m < 16 ? m : 16, blocks);
      g += 16;
    } else {
      lanes_group<R, Store, 2>(rk, chain + 16 * g, in + g, o, m < 8 ? m : 8, blocks);
      g += 8;
    }
  }
  axiom::detail::wipe(rk);
}

#include "aes/aes_vaes_entries.hpp"
}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const AesKernel aes_vaes_avx512 = {
    {"aes/vaes_avx512",
     cpu::Feature::aesni | cpu::Feature::pclmul | cpu::Feature::ssse3 | cpu::Feature::sse41 |
         cpu::Feature::avx | cpu::Feature::avx2 | cpu::Feature::bmi2 | cpu::Feature::avx512 |
         cpu::Feature::vaes | cpu::Feature::vpclmul,
     true},
    aes_vaes_avx512::aes_ni::setup,
    {aes_vaes_avx512::encrypt_blocks, aes_vaes_avx512::decrypt_blocks, aes_vaes_avx512::ctr_entry,
     aes_vaes_avx512::aes_ni::cbc_encrypt_entry, aes_vaes_avx512::cbc_decrypt_entry,
     aes_vaes_avx512::aes_ni::cbc_mac_entry, aes_vaes_avx512::cbc_lanes_entry,
     aes_vaes_avx512::xts_encrypt, aes_vaes_avx512::xts_decrypt},
};
}  // namespace axiom::detail
