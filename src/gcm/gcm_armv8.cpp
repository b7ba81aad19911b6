// The fused GCM kernel for aes/armv8 + ghash/pmull: 8 counter blocks per iteration through the
// AES rounds and, in the same iteration, the GHASH of 8 ciphertext blocks (the previous
// group's when sealing, this group's when opening) with one reduction: the PMULLs and the
// AESE/AESMC pairs are independent and share the SIMD pipes, so the hash runs mostly in the
// AES chain's shadow instead of in a second pass over the data.
#include <cstring>

#include "aes/aes_kernel.hpp"
#include "core/wipe.hpp"
#include "gcm/gcm_kernel.hpp"

#include <arm_neon.h>

AXIOM_ISA_BEGIN(gcm, armv8)

#include "aes/aes_armv8_common.hpp"
#include "ghash/gf128_pmull.hpp"

namespace {

using aes_armv8_common::encrypt_n;
using aes_armv8_common::load;
using aes_armv8_common::load_keys;
using aes_armv8_common::store;
using aes_armv8_common::u64x2;
using aes_armv8_common::u8x16;
using detail::AesSchedule;
using detail::GhashKey;
using u32x4 = uint32x4_t;

// Counters: the block with its words byte-reversed, so that lane 3 is GCM's 32-bit counter
// and a 32-bit add steps it mod 2^32 exactly as inc32 does.
inline u8x16 counter(u32x4 c, std::uint32_t i) noexcept {
  return vrev32q_u8(vreinterpretq_u8_u32(vaddq_u32(c, vsetq_lane_u32(i, vdupq_n_u32(0), 3))));
}

// ctr_group: the first m (<= N) of N counter blocks from c encrypted and xored from in to out.
template <unsigned R, int N>
inline void ctr_group(const u8x16* k, u32x4 c, std::uint8_t* out, const std::uint8_t* in,
                      std::size_t m) noexcept {
  u8x16 b[N];
  for (int i = 0; i < N; ++i) b[i] = counter(c, static_cast<std::uint32_t>(i));
  encrypt_n<R, N>(k, b);
  for (std::size_t i = 0; i < m; ++i) store(out + 16 * i, veorq_u8(b[i], load(in + 16 * i)));
}

// hash: n blocks at p folded into acc, 8 per reduction, then last if given.
inline u64x2 hash(const gf128_pmull::Key& h, u64x2 acc, const std::uint8_t* p, std::size_t n,
                  const std::uint8_t* last) noexcept {
  for (; n >= 8; n -= 8, p += 128) acc = gf128_pmull::blocks8(h, acc, p);
  for (; n > 0; --n, p += 16)
    acc = gf128_pmull::multiply(veorq_u64(acc, gf128_pmull::load_reflected(p)), h.power[0]);
  if (last != nullptr)
    acc = gf128_pmull::multiply(veorq_u64(acc, gf128_pmull::load_reflected(last)), h.power[0]);
  return acc;
}

// gcm: Open hashes each group's input before writing its output (in place, they are the same
// bytes); sealing hashes the previous group's output, written an iteration earlier.
template <unsigned R, bool Open>
void gcm(const void* ks, const GhashKey& hk, std::uint8_t ctr[16], std::uint8_t y[16],
         std::uint8_t* out, const std::uint8_t* in, std::size_t n,
         const std::uint8_t* last) noexcept {
  const auto& h = gf128_pmull::key_of(hk);
  u8x16 k[R + 1];
  load_keys<R>(k, static_cast<const AesSchedule*>(ks)->enc);
  u32x4 c = vreinterpretq_u32_u8(vrev32q_u8(load(ctr)));
  u64x2 acc = gf128_pmull::load_reflected(y);
  const std::uint8_t* pending = nullptr;  // sealing: the group still to hash
  for (; n >= 8; n -= 8, in += 128, out += 128) {
    if (Open)
      acc = gf128_pmull::blocks8(h, acc, in);
    else if (pending != nullptr)
      acc = gf128_pmull::blocks8(h, acc, pending);
    ctr_group<R, 8>(k, c, out, in, 8);
    c = vaddq_u32(c, vsetq_lane_u32(8, vdupq_n_u32(0), 3));
    pending = out;
  }
  if (!Open && pending != nullptr) acc = gf128_pmull::blocks8(h, acc, pending);
  if (Open) acc = hash(h, acc, in, n, last);  // before an in-place tail overwrites it
  if (n > 4)
    ctr_group<R, 8>(k, c, out, in, n);
  else if (n > 0)
    ctr_group<R, 4>(k, c, out, in, n);
  if (!Open) acc = hash(h, acc, out, n, last);
  c = vaddq_u32(c, vsetq_lane_u32(static_cast<std::uint32_t>(n), vdupq_n_u32(0), 3));
  store(ctr, vrev32q_u8(vreinterpretq_u8_u32(c)));
  gf128_pmull::store_reflected(y, acc);
}

template <unsigned R>
void start(const void* ks, const std::uint8_t nonce[12], std::uint8_t ek[16],
           std::uint8_t ctr[16]) noexcept {
  u8x16 k[R + 1];
  load_keys<R>(k, static_cast<const AesSchedule*>(ks)->enc);
  std::uint8_t j0[16];
  std::memcpy(j0, nonce, 12);
  const u32x4 n = vreinterpretq_u32_u8(vld1q_u8(j0));
  u8x16 b[1] = {
      vreinterpretq_u8_u32(vsetq_lane_u32(0x01000000, n, 3))};  // last 4 bytes 00 00 00 01
  store(ctr, vreinterpretq_u8_u32(vsetq_lane_u32(0x02000000, n, 3)));
  encrypt_n<R, 1>(k, b);
  store(ek, b[0]);
}

#define AXIOM_GCM_ARMV8_BY_ROUNDS(f, ...)                \
  switch (static_cast<const AesSchedule*>(ks)->rounds) { \
    case 10:                                             \
      return f<10>(__VA_ARGS__);                         \
    case 12:                                             \
      return f<12>(__VA_ARGS__);                         \
    default:                                             \
      return f<14>(__VA_ARGS__);                         \
  }

template <unsigned R>
void seal_r(const void* ks, const GhashKey& hk, std::uint8_t ctr[16], std::uint8_t y[16],
            std::uint8_t* out, const std::uint8_t* in, std::size_t n,
            const std::uint8_t* last) noexcept {
  gcm<R, false>(ks, hk, ctr, y, out, in, n, last);
}
template <unsigned R>
void open_r(const void* ks, const GhashKey& hk, std::uint8_t ctr[16], std::uint8_t y[16],
            std::uint8_t* out, const std::uint8_t* in, std::size_t n,
            const std::uint8_t* last) noexcept {
  gcm<R, true>(ks, hk, ctr, y, out, in, n, last);
}
void seal(const void* ks, const GhashKey& hk, std::uint8_t ctr[16], std::uint8_t y[16],
          std::uint8_t* out, const std::uint8_t* in, std::size_t n,
          const std::uint8_t* last) noexcept {
  AXIOM_GCM_ARMV8_BY_ROUNDS(seal_r, ks, hk, ctr, y, out, in, n, last);
}
void open(const void* ks, const GhashKey& hk, std::uint8_t ctr[16], std::uint8_t y[16],
          std::uint8_t* out, const std::uint8_t* in, std::size_t n,
          const std::uint8_t* last) noexcept {
  AXIOM_GCM_ARMV8_BY_ROUNDS(open_r, ks, hk, ctr, y, out, in, n, last);
}
void start_entry(const void* ks, const std::uint8_t nonce[12], std::uint8_t ek[16],
                 std::uint8_t ctr[16]) noexcept {
  AXIOM_GCM_ARMV8_BY_ROUNDS(start, ks, nonce, ek, ctr);
}
#undef AXIOM_GCM_ARMV8_BY_ROUNDS

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const GcmFusedKernel gcm_armv8 = {
    {"gcm/armv8",
     cpu::Feature::asimd | cpu::Feature::aes | cpu::Feature::pmull | cpu::Feature::sha2, true},
    &aes_armv8.ops,
    &ghash_pmull,
    gcm_armv8::seal,
    gcm_armv8::open,
    gcm_armv8::start_entry,
};
}  // namespace axiom::detail
