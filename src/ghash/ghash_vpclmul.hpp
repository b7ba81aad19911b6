// ghash_vpclmul.hpp: GHASH on 256-bit registers (two blocks per ymm), shared by the
// VPCLMULQDQ GHASH kernel and the fused GCM kernel. Include it after ghash_clmul.hpp inside an
// AXIOM_ISA_BEGIN region whose target has avx2 and vpclmulqdq.
//
// Up to 16 blocks are folded per reduction (aggregated reduction): the blocks are multiplied by
// H^16..H^1 and the products summed before one reduction. Per ymm: 3 vpclmulqdq (Karatsuba).
#pragma once

namespace ghash_vpclmul {

using ghash_clmul::Acc;

// The key: pair[j] holds H^(16-2j) in its low lane and H^(15-2j) in its high lane, for the
// blocks 2j and 2j+1 of a group of 16; Karatsuba's middle operands are computed when used
// (two cheap ops per ymm), which keeps the key within GhashKey's 256 bytes.
struct Key {
  __m256i pair[8];
};
static_assert(sizeof(Key) <= sizeof(axiom::detail::GhashKey::bytes));

inline const Key& key_of(const axiom::detail::GhashKey& k) noexcept {
  return *reinterpret_cast<const Key*>(k.bytes);
}

inline void init(axiom::detail::GhashKey& key, const std::uint8_t h[16]) noexcept {
  __m128i power[16];  // power[i] = H^(i+1)
  power[0] = ghash_clmul::load_reflected(h);
  for (int i = 1; i < 16; ++i) power[i] = ghash_clmul::multiply(power[i - 1], power[0]);
  Key k;
  for (int j = 0; j < 8; ++j) k.pair[j] = _mm256_set_m128i(power[14 - 2 * j], power[15 - 2 * j]);
  std::memcpy(key.bytes, &k, sizeof k);
  axiom::detail::wipe(k);
  axiom::detail::wipe(power);
}

inline __m256i reverse_mask2() noexcept {
  return _mm256_broadcastsi128_si256(ghash_clmul::reverse_mask());
}

// Acc2: the accumulated products of both lanes.
struct Acc2 {
  __m256i lo, hi, mid;
};

inline Acc2 zero2() noexcept {
  return {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256()};
}

inline __m256i halves_xor2(__m256i v) noexcept {
  return _mm256_xor_si256(v, _mm256_shuffle_epi32(v, 0x4e));
}

// mul_acc2 adds x*h lane by lane (x reflected); hk is halves_xor2(h).
inline void mul_acc2(Acc2& a, __m256i x, __m256i h, __m256i hk) noexcept {
  a.lo = _mm256_xor_si256(a.lo, _mm256_clmulepi64_epi128(x, h, 0x00));
  a.hi = _mm256_xor_si256(a.hi, _mm256_clmulepi64_epi128(x, h, 0x11));
  a.mid = _mm256_xor_si256(a.mid, _mm256_clmulepi64_epi128(halves_xor2(x), hk, 0x00));
}

inline __m128i fold_lanes(__m256i v) noexcept {
  return _mm_xor_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
}

// reduce2: the sum of both lanes' products, reduced.
inline __m128i reduce2(const Acc2& a) noexcept {
  return ghash_clmul::reduce(Acc{fold_lanes(a.lo), fold_lanes(a.hi), fold_lanes(a.mid)});
}
inline __m128i reduce2_by_multiply(const Acc2& a) noexcept {
  return ghash_clmul::reduce_by_multiply(
      Acc{fold_lanes(a.lo), fold_lanes(a.hi), fold_lanes(a.mid)});
}

// step: the ymm j of a group of m = 2 * count ymm (the last count of the 16-block powers),
// loaded from p; the first one of a group carries the running hash y.
inline void step(Acc2& a, const Key& k, int first_pair, int j, const std::uint8_t* p,
                 __m128i y) noexcept {
  __m256i x =
      _mm256_shuffle_epi8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)), reverse_mask2());
  if (j == 0) x = _mm256_xor_si256(x, _mm256_zextsi128_si256(y));
  mul_acc2(a, x, k.pair[first_pair + j], halves_xor2(k.pair[first_pair + j]));
}

// blocks folds n blocks of in into y (reflected) and returns it: 16 blocks per reduction,
// then the rest (1..15 blocks) in one more: an odd first block in xmm with H^rest, the others
// in pairs with the matching lower powers.
inline __m128i blocks(const Key& k, __m128i y, const std::uint8_t* in, std::size_t n) noexcept {
  for (; n >= 16; n -= 16, in += 256) {
    Acc2 a = zero2();
    for (int j = 0; j < 8; ++j) step(a, k, 0, j, in + 32 * j, y);
    y = reduce2(a);
  }
  if (n == 0) return y;
  Acc odd{_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
  if (n % 2 != 0) {
    const __m128i h = _mm256_extracti128_si256(k.pair[(15 - n) / 2], 1);  // H^n
    ghash_clmul::mul_acc(odd, _mm_xor_si128(y, ghash_clmul::load_reflected(in)), h,
                         ghash_clmul::halves_xor(h));
    y = _mm_setzero_si128(), in += 16, --n;
  }
  const int pairs = static_cast<int>(n / 2), first = 8 - pairs;
  Acc2 a = zero2();
  for (int j = 0; j < pairs; ++j) step(a, k, first, j, in + 32 * j, y);
  return ghash_clmul::reduce(Acc{_mm_xor_si128(odd.lo, fold_lanes(a.lo)),
                                 _mm_xor_si128(odd.hi, fold_lanes(a.hi)),
                                 _mm_xor_si128(odd.mid, fold_lanes(a.mid))});
}

// blocks_then folds c < 16 blocks of p and then the block last into y in one reduction, each
// block in xmm times its power of H loaded straight from the key (the xmm halves of pair[j]
// are H^(16-2j) and H^(15-2j), so half m is H^(16-m)). No copy of the blocks next to last:
// for short messages a copy costs more than the multiplies, since 32-byte loads of 16-byte
// stores cannot be forwarded. last is loaded in 8-byte halves, as GCM's caller writes it.
inline __m128i blocks_then(const Key& k, __m128i y, const std::uint8_t* p, std::size_t c,
                           const std::uint8_t last[16]) noexcept {
  const auto* half = reinterpret_cast<const __m128i*>(k.pair);
  const std::size_t t = c + 1;
  Acc a{_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
  for (std::size_t i = 0; i < c; ++i) {
    const __m128i h = _mm_load_si128(half + (16 - (t - i)));
    ghash_clmul::mul_acc(a, _mm_xor_si128(ghash_clmul::load_reflected(p + 16 * i), y), h,
                         ghash_clmul::halves_xor(h));
    y = _mm_setzero_si128();
  }
  const __m128i l = _mm_unpacklo_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(last)),
                                       _mm_loadl_epi64(reinterpret_cast<const __m128i*>(last + 8)));
  const __m128i h1 = _mm_load_si128(half + 15);
  ghash_clmul::mul_acc(a, _mm_xor_si128(_mm_shuffle_epi8(l, ghash_clmul::reverse_mask()), y), h1,
                       ghash_clmul::halves_xor(h1));
  return ghash_clmul::reduce(a);
}

}  // namespace ghash_vpclmul
