// gf128_pmull.hpp: GHASH arithmetic with PMULL/PMULL2 (64x64 carry-less multiplies), shared by
// the PMULL GHASH kernel and the fused ARMv8 GCM kernel, and the key layout both read. Include
// it inside an AXIOM_ISA_BEGIN region whose target has aes (PMULL comes with it) and
// <arm_neon.h>, <cstring> and core/wipe.hpp before the region: each kernel gets its own copy.
//
// Field elements are kept reflected (bytes reversed), as in ghash_clmul.hpp: the 128-bit
// integer's bit 127 - i is the coefficient of x^i, and a carry-less product of two such
// integers is the 256-bit reflected product shifted right by one bit. The stored powers of H
// are multiplied by x^-1 once ("twisted"), which absorbs that shift: no shift per product.
#pragma once

namespace gf128_pmull {

using u8x16 = uint8x16_t;
using u64x2 = uint64x2_t;

inline u8x16 reverse_bytes(u8x16 v) noexcept {
  const u8x16 index =
      vcombine_u8(vcreate_u8(0x08090a0b0c0d0e0fULL), vcreate_u8(0x0001020304050607ULL));
  return vqtbl1q_u8(v, index);
}
inline u64x2 load_reflected(const std::uint8_t* p) noexcept {
  return vreinterpretq_u64_u8(reverse_bytes(vld1q_u8(p)));
}
inline void store_reflected(std::uint8_t* p, u64x2 v) noexcept {
  vst1q_u8(p, reverse_bytes(vreinterpretq_u8_u64(v)));
}

// The low halves' and the high halves' 128-bit products (PMULL, PMULL2).
inline u64x2 clmul_lo(u64x2 a, u64x2 b) noexcept {
  return vreinterpretq_u64_p128(vmull_p64(vgetq_lane_p64(vreinterpretq_p64_u64(a), 0),
                                          vgetq_lane_p64(vreinterpretq_p64_u64(b), 0)));
}
inline u64x2 clmul_hi(u64x2 a, u64x2 b) noexcept {
  return vreinterpretq_u64_p128(vmull_high_p64(vreinterpretq_p64_u64(a), vreinterpretq_p64_u64(b)));
}

// halves_xor: the xor of the two 64-bit halves (Karatsuba's middle operand), in both halves.
inline u64x2 halves_xor(u64x2 h) noexcept { return veorq_u64(h, vextq_u64(h, h, 1)); }

// Unreduced Karatsuba products, accumulated: lo = a0*b0, hi = a1*b1, mid = (a0^a1)*(b0^b1).
struct Acc {
  u64x2 lo, hi, mid;
};
inline Acc zero_acc() noexcept { return {vdupq_n_u64(0), vdupq_n_u64(0), vdupq_n_u64(0)}; }

// mul_acc adds x*h to a; hk is halves_xor(h).
inline void mul_acc(Acc& a, u64x2 x, u64x2 h, u64x2 hk) noexcept {
  a.lo = veorq_u64(a.lo, clmul_lo(x, h));
  a.hi = veorq_u64(a.hi, clmul_hi(x, h));
  a.mid = veorq_u64(a.mid, clmul_lo(halves_xor(x), hk));
}

// reduce: the field element of an accumulated product (one operand twisted): Karatsuba's
// middle term added, then the low 128 bits (the coefficients of x^128 and up) folded into the
// high ones by two multiplies by x^63 + x^62 + x^57 (each 64-bit half in turn), which is
// x^128 = x^7 + x^2 + x + 1 in the reflected order.
inline u64x2 reduce(const Acc& a) noexcept {
  const u64x2 zero = vdupq_n_u64(0);
  const u64x2 mid = veorq_u64(a.mid, veorq_u64(a.lo, a.hi));
  const u64x2 lo = veorq_u64(a.lo, vextq_u64(zero, mid, 1));  // + mid << 64
  const u64x2 hi = veorq_u64(a.hi, vextq_u64(mid, zero, 1));  // + mid >> 64
  const u64x2 poly = vdupq_n_u64(0xc200000000000000ULL);
  const u64x2 v = veorq_u64(vextq_u64(lo, lo, 1), clmul_lo(lo, poly));
  return veorq_u64(hi, veorq_u64(vextq_u64(v, v, 1), clmul_lo(v, poly)));
}

inline u64x2 multiply(u64x2 x, u64x2 h) noexcept {
  Acc a = zero_acc();
  mul_acc(a, x, h, halves_xor(h));
  return reduce(a);
}

// The key: twisted H^1..H^8, then for each the xor of its two halves.
struct Key {
  u64x2 power[8];
  u64x2 karatsuba[8];
};
static_assert(sizeof(Key) <= sizeof(axiom::detail::GhashKey::bytes));
inline const Key& key_of(const axiom::detail::GhashKey& key) noexcept {
  return *reinterpret_cast<const Key*>(key.bytes);
}

// twist: h * x^-1, a shift left by one of the reflected integer; the bit shifted out (x^0's
// coefficient) comes back as x^-1 = x^127 + x^6 + x + 1: bits 0, 121, 126 and 127.
inline u64x2 twist(u64x2 h) noexcept {
  const u64x2 carry = vshrq_n_u64(h, 63);
  const u64x2 shifted = vorrq_u64(vshlq_n_u64(h, 1), vextq_u64(vdupq_n_u64(0), carry, 1));
  const u64x2 top =
      vreinterpretq_u64_s64(vshrq_n_s64(vreinterpretq_s64_u64(vdupq_laneq_u64(h, 1)), 63));
  return veorq_u64(
      shifted, vandq_u64(top, vcombine_u64(vcreate_u64(1), vcreate_u64(0xc200000000000000ULL))));
}

inline void init(axiom::detail::GhashKey& key, const std::uint8_t h[16]) noexcept {
  Key k;
  k.power[0] = twist(load_reflected(h));
  for (int i = 1; i < 8; ++i) k.power[i] = multiply(k.power[i - 1], k.power[0]);
  for (int i = 0; i < 8; ++i) k.karatsuba[i] = halves_xor(k.power[i]);
  std::memcpy(key.bytes, &k, sizeof k);
  axiom::detail::wipe(k);
}

// blocks8 folds 8 blocks into acc: acc = (acc ^ b0) H^8 ^ b1 H^7 ^ ... ^ b7 H, one reduction.
inline u64x2 blocks8(const Key& k, u64x2 acc, const std::uint8_t* in) noexcept {
  Acc a = zero_acc();
  mul_acc(a, veorq_u64(acc, load_reflected(in)), k.power[7], k.karatsuba[7]);
  for (int i = 1; i < 8; ++i)
    mul_acc(a, load_reflected(in + 16 * i), k.power[7 - i], k.karatsuba[7 - i]);
  return reduce(a);
}

}  // namespace gf128_pmull
