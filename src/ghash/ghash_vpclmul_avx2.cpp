// The VPCLMULQDQ GHASH kernel on 256-bit registers: 8 blocks per reduction as 4 ymm of 2
// blocks, each multiplied by its own power of H (Karatsuba: 3 vpclmulqdq per ymm, so 1.5 per
// block instead of 3 with xmm, which is the bound of the PCLMUL kernel on this CPU); the two
// lanes are folded and reduced once per 8 blocks as in ghash_pclmul.cpp.
#include <immintrin.h>

#include <cstring>

#include "core/wipe.hpp"
#include "ghash/ghash_kernel.hpp"

AXIOM_ISA_BEGIN(ghash, vpclmul_avx2)

namespace {

// The key: pair[j] holds H^(8-2j) (low lane) and H^(7-2j) (high lane), for the blocks 2j and
// 2j+1 of a group of 8; karatsuba[j] the xor of each power's halves.
struct VpclmulKey {
  __m256i pair[4];
  __m256i karatsuba[4];
};
static_assert(sizeof(VpclmulKey) <= sizeof(axiom::detail::GhashKey::bytes));

inline __m128i reverse_mask() noexcept {
  return _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}
inline __m128i load_reflected(const std::uint8_t* p) noexcept {
  return _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), reverse_mask());
}
inline void store_reflected(std::uint8_t* p, __m128i v) noexcept {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), _mm_shuffle_epi8(v, reverse_mask()));
}

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

// reduce: the field element of an accumulated Karatsuba product (see ghash_portable.cpp).
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
  __m128i power[8];  // power[i] = H^(i+1)
  power[0] = load_reflected(h);
  for (int i = 1; i < 8; ++i) power[i] = multiply(power[i - 1], power[0]);
  VpclmulKey k;
  for (int j = 0; j < 4; ++j) {
    k.pair[j] = _mm256_set_m128i(power[6 - 2 * j], power[7 - 2 * j]);
    k.karatsuba[j] = _mm256_set_m128i(halves_xor(power[6 - 2 * j]), halves_xor(power[7 - 2 * j]));
  }
  std::memcpy(key.bytes, &k, sizeof k);
  axiom::detail::wipe(k);
  axiom::detail::wipe(power);
}

void blocks(const axiom::detail::GhashKey& key, std::uint8_t y[16], const std::uint8_t* in,
            std::size_t n) noexcept {
  const auto* k = reinterpret_cast<const VpclmulKey*>(key.bytes);
  const __m256i mask = _mm256_broadcastsi128_si256(reverse_mask());
  __m128i acc = load_reflected(y);
  for (; n >= 8; n -= 8, in += 128) {
    __m256i lo = _mm256_setzero_si256(), hi = lo, mid = lo;
    for (int j = 0; j < 4; ++j) {
      __m256i x = _mm256_shuffle_epi8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + 32 * j)), mask);
      if (j == 0) x = _mm256_xor_si256(x, _mm256_zextsi128_si256(acc));
      lo = _mm256_xor_si256(lo, _mm256_clmulepi64_epi128(x, k->pair[j], 0x00));
      hi = _mm256_xor_si256(hi, _mm256_clmulepi64_epi128(x, k->pair[j], 0x11));
      const __m256i xk = _mm256_xor_si256(x, _mm256_shuffle_epi32(x, 0x4e));
      mid = _mm256_xor_si256(mid, _mm256_clmulepi64_epi128(xk, k->karatsuba[j], 0x00));
    }
    const Acc a{_mm_xor_si128(_mm256_castsi256_si128(lo), _mm256_extracti128_si256(lo, 1)),
                _mm_xor_si128(_mm256_castsi256_si128(hi), _mm256_extracti128_si256(hi, 1)),
                _mm_xor_si128(_mm256_castsi256_si128(mid), _mm256_extracti128_si256(mid, 1))};
    acc = reduce(a);
  }
  const __m128i h1 = _mm256_extracti128_si256(k->pair[3], 1), h1k = _mm256_extracti128_si256(k->karatsuba[3], 1);
  for (; n > 0; --n, in += 16) {
    Acc a{_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
    mul_acc(a, _mm_xor_si128(acc, load_reflected(in)), h1, h1k);
    acc = reduce(a);
  }
  store_reflected(y, acc);
}

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const GhashKernel ghash_vpclmul_avx2 = {
    {"ghash/vpclmul_avx2",
     cpu::Feature::pclmul | cpu::Feature::ssse3 | cpu::Feature::sse41 | cpu::Feature::avx | cpu::Feature::avx2 |
         cpu::Feature::vpclmul,
     true},
    ghash_vpclmul_avx2::init, ghash_vpclmul_avx2::blocks};
}  // namespace axiom::detail
