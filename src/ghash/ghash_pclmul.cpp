// The PCLMULQDQ GHASH kernel: 8 blocks per reduction (Horner's rule unrolled with the powers
// H^8..H^1), Karatsuba (3 carry-less multiplies per block) and one shift-and-xor reduction per
// 8 blocks. Per block: 3 pclmulqdq, a byte reverse and 4 xors; the reduction (~20 simple ops)
// is shared by the 8 blocks.
#include <immintrin.h>

#include <cstring>

#include "core/wipe.hpp"
#include "ghash/ghash_kernel.hpp"

AXIOM_ISA_BEGIN(ghash, pclmul)

namespace {

// The key: H^1..H^8, then for each the xor of its two halves (Karatsuba's middle operand).
struct PclmulKey {
  __m128i power[8];
  __m128i karatsuba[8];
};
static_assert(sizeof(PclmulKey) <= sizeof(axiom::detail::GhashKey::bytes));

inline __m128i load_reflected(const std::uint8_t* p) noexcept {
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  return _mm_shuffle_epi8(v, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}
inline void store_reflected(std::uint8_t* p, __m128i v) noexcept {
  v = _mm_shuffle_epi8(v, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
}

// Unreduced Karatsuba products, accumulated.
struct Acc {
  __m128i lo, hi, mid;
};

inline void mul_acc(Acc& a, __m128i x, __m128i h, __m128i hk) noexcept {
  a.lo = _mm_xor_si128(a.lo, _mm_clmulepi64_si128(x, h, 0x00));
  a.hi = _mm_xor_si128(a.hi, _mm_clmulepi64_si128(x, h, 0x11));
  a.mid = _mm_xor_si128(a.mid, _mm_clmulepi64_si128(_mm_xor_si128(x, _mm_shuffle_epi32(x, 0x4e)), hk, 0x00));
}

inline __m128i shift_right128(__m128i d, int k) noexcept {
  return _mm_or_si128(_mm_srli_epi64(d, k), _mm_slli_epi64(_mm_srli_si128(d, 8), 64 - k));
}

// reduce: the field element of the accumulated product (see ghash_portable.cpp for the math:
// shift the 256-bit product left by one, then fold the high-degree half).
inline __m128i reduce(const Acc& a) noexcept {
  const __m128i mid = _mm_xor_si128(a.mid, _mm_xor_si128(a.lo, a.hi));
  const __m128i lo = _mm_xor_si128(a.lo, _mm_slli_si128(mid, 8));
  const __m128i hi = _mm_xor_si128(a.hi, _mm_srli_si128(mid, 8));
  const __m128i carry_lo = _mm_srli_epi64(lo, 63), carry_hi = _mm_srli_epi64(hi, 63);
  const __m128i q_lo = _mm_or_si128(_mm_slli_epi64(lo, 1), _mm_slli_si128(carry_lo, 8));
  const __m128i q_hi = _mm_or_si128(_mm_or_si128(_mm_slli_epi64(hi, 1), _mm_slli_si128(carry_hi, 8)),
                                    _mm_srli_si128(carry_lo, 8));
  const __m128i t = _mm_xor_si128(_mm_xor_si128(_mm_slli_epi64(q_lo, 63), _mm_slli_epi64(q_lo, 62)),
                                  _mm_slli_epi64(q_lo, 57));
  const __m128i d = _mm_xor_si128(q_lo, _mm_slli_si128(t, 8));
  const __m128i f = _mm_xor_si128(_mm_xor_si128(d, shift_right128(d, 1)),
                                  _mm_xor_si128(shift_right128(d, 2), shift_right128(d, 7)));
  return _mm_xor_si128(q_hi, f);
}

inline __m128i halves_xor(__m128i h) noexcept { return _mm_xor_si128(h, _mm_shuffle_epi32(h, 0x4e)); }

inline __m128i multiply(__m128i x, __m128i h) noexcept {
  Acc a{_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
  mul_acc(a, x, h, halves_xor(h));
  return reduce(a);
}

void init(axiom::detail::GhashKey& key, const std::uint8_t h[16]) noexcept {
  PclmulKey k;
  k.power[0] = load_reflected(h);
  for (int i = 1; i < 8; ++i) k.power[i] = multiply(k.power[i - 1], k.power[0]);
  for (int i = 0; i < 8; ++i) k.karatsuba[i] = halves_xor(k.power[i]);
  std::memcpy(key.bytes, &k, sizeof k);
  axiom::detail::wipe(k);
}

void blocks(const axiom::detail::GhashKey& key, std::uint8_t y[16], const std::uint8_t* in,
            std::size_t n) noexcept {
  const auto* k = reinterpret_cast<const PclmulKey*>(key.bytes);
  __m128i acc = load_reflected(y);
  for (; n >= 8; n -= 8, in += 128) {
    Acc a{_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
    mul_acc(a, _mm_xor_si128(acc, load_reflected(in)), k->power[7], k->karatsuba[7]);
    for (int i = 1; i < 8; ++i) mul_acc(a, load_reflected(in + 16 * i), k->power[7 - i], k->karatsuba[7 - i]);
    acc = reduce(a);
  }
  for (; n > 0; --n, in += 16) {
    Acc a{_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
    mul_acc(a, _mm_xor_si128(acc, load_reflected(in)), k->power[0], k->karatsuba[0]);
    acc = reduce(a);
  }
  store_reflected(y, acc);
}

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const GhashKernel ghash_pclmul = {
    {"ghash/pclmul", cpu::Feature::pclmul | cpu::Feature::ssse3 | cpu::Feature::sse41, true},
    ghash_pclmul::init, ghash_pclmul::blocks};
}  // namespace axiom::detail
