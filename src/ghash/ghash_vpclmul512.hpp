// ghash_vpclmul512.hpp: GHASH on 512-bit registers (four blocks per zmm), shared by the
// vpclmul_avx512 GHASH kernel and the fused vaes_avx512 GCM kernel. Include it after
// core/zmm.hpp and ghash_clmul.hpp inside an AXIOM_ISA_BEGIN region whose target has
// avx512f/bw/vl and vpclmulqdq.
//
// Field elements are reflected as in ghash_clmul.hpp. The key holds the powers of H times
// x^-1: the carry-less product of a and h x^-1 is then the reflected 256-bit a h itself,
// without the shift by one that ghash_clmul's products need before their reduction (fewer ops:
// on Zen 5 the four vector pipes, not the AES units or the multiplier, bound the fused GCM
// loop). Per zmm: 3 vpclmulqdq (Karatsuba), 0.75 per block. Long inputs take 32 blocks per
// reduction, with H^17 .. H^32 made at the start of the call (the key has room for 16 powers).
#pragma once

namespace ghash_vpclmul512 {

using ghash_clmul::Acc;

// Key: power[i] = H^(16-i) x^-1, so that the zmm q = power[4q .. 4q+3] holds the powers of the
// blocks 4q .. 4q+3 of a unit of 16.
struct Key {
  __m128i power[16];
};
static_assert(sizeof(Key) <= sizeof(axiom::detail::GhashKey::bytes));
inline const Key& key_of(const axiom::detail::GhashKey& k) noexcept {
  return *reinterpret_cast<const Key*>(k.bytes);
}

// times_x_inverse: a x^-1 (x^-1 = x^127 + x^6 + x + 1): the reflected value shifted up by one,
// the bit shifted out (a's x^0) folded back as 0xc2000000000000000000000000000001.
inline __m128i times_x_inverse(__m128i a) noexcept {
  const __m128i shifted =
      _mm_or_si128(_mm_slli_epi64(a, 1), _mm_slli_si128(_mm_srli_epi64(a, 63), 8));
  const __m128i top = _mm_shuffle_epi32(_mm_srai_epi32(a, 31), 0xff);  // a's bit 127 in every bit
  return _mm_xor_si128(
      shifted,
      _mm_and_si128(top, _mm_set_epi64x(static_cast<long long>(0xc200000000000000ULL), 1)));
}

inline void init(axiom::detail::GhashKey& key, const std::uint8_t h[16]) noexcept {
  const __m128i h1 = ghash_clmul::load_reflected(h);
  Key k;
  __m128i p = h1;
  for (int i = 15; i >= 0; --i) {
    k.power[i] = times_x_inverse(p);
    if (i > 0) p = ghash_clmul::multiply(p, h1);
  }
  std::memcpy(key.bytes, &k, sizeof k);
  axiom::detail::wipe(k);
  axiom::detail::wipe(p);
}

// quad: the key's powers of the blocks 4q .. 4q+3 of a unit of 16.
inline __m512i quad(const Key& k, int q) noexcept { return _mm512_loadu_si512(k.power + 4 * q); }

inline __m512i reverse_mask4() noexcept { return zmm::broadcast4(ghash_clmul::reverse_mask()); }
inline __m512i load_reflected4(const std::uint8_t* p) noexcept {
  return _mm512_shuffle_epi8(_mm512_loadu_si512(p), reverse_mask4());
}

// Acc4: the accumulated Karatsuba products of four lanes.
struct Acc4 {
  __m512i lo, hi, mid;
};
inline Acc4 zero4() noexcept {
  return {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()};
}

// halves_xor4: the xor of each lane's two qwords, in both (Karatsuba's middle operand).
inline __m512i halves_xor4(__m512i v) noexcept {
  return _mm512_xor_si512(v, zmm::shuffle32<_MM_PERM_BADC>(v));
}

inline __m512i xor3(__m512i a, __m512i b, __m512i c) noexcept {
  return _mm512_ternarylogic_epi64(a, b, c, 0x96);
}

// add: a ^ b as a vpternlogq, which the compiler does not reassociate: left to it, the xors of
// a group's products become a tree at the end, which holds them all live and spills them.
inline __m512i add(__m512i a, __m512i b) noexcept {
  return _mm512_ternarylogic_epi64(a, b, b, 0x3c);
}

// mul_acc4 adds x*h lane by lane (x reflected), in order; hk is halves_xor4(h).
inline void mul_acc4(Acc4& a, __m512i x, __m512i h, __m512i hk) noexcept {
  a.lo = add(a.lo, _mm512_clmulepi64_epi128(x, h, 0x00));
  a.hi = add(a.hi, _mm512_clmulepi64_epi128(x, h, 0x11));
  a.mid = add(a.mid, _mm512_clmulepi64_epi128(halves_xor4(x), hk, 0x00));
}

// mul_acc4_2 adds x1*h1 and x2*h2: one vpternlogq per term for both products.
inline void mul_acc4_2(Acc4& a, __m512i x1, __m512i h1, __m512i hk1, __m512i x2, __m512i h2,
                       __m512i hk2) noexcept {
  a.lo = xor3(a.lo, _mm512_clmulepi64_epi128(x1, h1, 0x00), _mm512_clmulepi64_epi128(x2, h2, 0x00));
  a.hi = xor3(a.hi, _mm512_clmulepi64_epi128(x1, h1, 0x11), _mm512_clmulepi64_epi128(x2, h2, 0x11));
  a.mid = xor3(a.mid, _mm512_clmulepi64_epi128(halves_xor4(x1), hk1, 0x00),
               _mm512_clmulepi64_epi128(halves_xor4(x2), hk2, 0x00));
}

inline __m128i fold_lanes4(__m512i v) noexcept {
  const __m256i h = _mm256_xor_si256(zmm::low256(v), zmm::extract8<1>(v));
  return _mm_xor_si128(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
}
// folded: the sum of the four lanes' products, unreduced.
inline Acc folded(const Acc4& a) noexcept {
  return {fold_lanes4(a.lo), fold_lanes4(a.hi), fold_lanes4(a.mid)};
}

// reduce_unshifted: the field element of an accumulated product (times x^-1 powers, so no shift):
// the Karatsuba terms joined into 256 bits, whose low half is folded in by two carry-less
// multiplies by x^63 + x^62 + x^57.
inline __m128i reduce_unshifted(const Acc& a) noexcept {
  const __m128i mid = _mm_xor_si128(a.mid, _mm_xor_si128(a.lo, a.hi));
  const __m128i lo = _mm_xor_si128(a.lo, _mm_slli_si128(mid, 8)),
                hi = _mm_xor_si128(a.hi, _mm_srli_si128(mid, 8));
  const __m128i poly = _mm_set_epi64x(0, static_cast<long long>(0xc200000000000000ULL));
  const __m128i v =
      _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4e), _mm_clmulepi64_si128(lo, poly, 0x00));
  return _mm_xor_si128(
      hi, _mm_xor_si128(_mm_shuffle_epi32(v, 0x4e), _mm_clmulepi64_si128(v, poly, 0x00)));
}
// reduce_unshifted4: the same lane by lane (the byte shifts by 8 as masked vpshufd).
inline __m512i reduce_unshifted4(const Acc4& a) noexcept {
  const __m512i mid = xor3(a.mid, a.lo, a.hi);
  const __m512i lo = _mm512_xor_si512(a.lo, _mm512_maskz_shuffle_epi32(0xcccc, mid, _MM_PERM_BADC));
  const __m512i hi = _mm512_xor_si512(a.hi, _mm512_maskz_shuffle_epi32(0x3333, mid, _MM_PERM_BADC));
  const __m512i poly = _mm512_set1_epi64(static_cast<long long>(0xc200000000000000ULL));
  const __m512i v =
      _mm512_xor_si512(zmm::shuffle32<_MM_PERM_BADC>(lo), _mm512_clmulepi64_epi128(lo, poly, 0x00));
  return xor3(hi, zmm::shuffle32<_MM_PERM_BADC>(v), _mm512_clmulepi64_epi128(v, poly, 0x00));
}

// Powers32: the powers of a unit of 32 blocks, h[q] those of the blocks 4q .. 4q+3 (H^(32-4q)
// .. H^(29-4q), times x^-1), and their Karatsuba operands: the key's 16, and H^16 times them.
struct Powers32 {
  __m512i h[8], hk[8];
  explicit Powers32(const Key& k) noexcept {
    const __m512i h16 = zmm::broadcast4(k.power[0]), h16k = halves_xor4(h16);
    for (int q = 0; q < 4; ++q) {
      h[q + 4] = quad(k, q);
      Acc4 a = zero4();
      mul_acc4(a, h[q + 4], h16, h16k);
      h[q] = reduce_unshifted4(a);
    }
    for (int q = 0; q < 8; ++q) hk[q] = halves_xor4(h[q]);
  }
};

// unit: the products of U zmm of blocks at p (a unit of 4U blocks) with their powers h, the
// first block carrying y; that zmm's product comes last, since y is the latest operand.
template <int U>
inline Acc4 unit(const __m512i* h, const __m512i* hk, __m128i y, const std::uint8_t* p) noexcept {
  Acc4 a = zero4();
  for (int q = 1; q < U - 1; q += 2)
    mul_acc4_2(a, load_reflected4(p + 64 * q), h[q], hk[q], load_reflected4(p + 64 * (q + 1)),
               h[q + 1], hk[q + 1]);
  const __m512i x0 = _mm512_xor_si512(load_reflected4(p), _mm512_zextsi128_si512(y));
  mul_acc4_2(a, load_reflected4(p + 64 * (U - 1)), h[U - 1], hk[U - 1], x0, h[0], hk[0]);
  return a;
}

// partial: m blocks at p (1 <= m <= 16) times the powers H^top .. H^(top-m+1) (top <= 16), the
// first block carrying y; the last zmm through masked loads of the blocks and of the powers
// (nothing past either is read).
inline void partial(Acc4& a, const Key& k, __m128i y, const std::uint8_t* p, std::size_t m,
                    std::size_t top) noexcept {
  const __m128i* h = k.power + (16 - top);
  for (std::size_t j = 0; j < m; j += 4) {
    const std::size_t c = m - j < 4 ? m - j : 4;
    const __mmask8 lanes = static_cast<__mmask8>((1u << (2 * c)) - 1);
    __m512i x = _mm512_shuffle_epi8(_mm512_maskz_loadu_epi64(lanes, p + 16 * j), reverse_mask4());
    if (j == 0) x = _mm512_xor_si512(x, _mm512_zextsi128_si512(y));
    const __m512i hj = _mm512_maskz_loadu_epi64(lanes, h + j);
    mul_acc4(a, x, hj, halves_xor4(hj));
  }
}

// blocks folds n blocks of in into y (reflected) and returns it: from 64 blocks on, 32 per
// reduction; then 16; the rest (1..15 blocks) in one more, with the matching lower powers.
inline __m128i blocks(const Key& k, __m128i y, const std::uint8_t* in, std::size_t n) noexcept {
  if (n >= 64) {
    const Powers32 pw(k);
    for (; n >= 32; n -= 32, in += 512) y = reduce_unshifted(folded(unit<8>(pw.h, pw.hk, y, in)));
  }
  if (n >= 16) {
    __m512i h[4], hk[4];
    for (int q = 0; q < 4; ++q) h[q] = quad(k, q), hk[q] = halves_xor4(h[q]);
    for (; n >= 16; n -= 16, in += 256) y = reduce_unshifted(folded(unit<4>(h, hk, y, in)));
  }
  if (n == 0) return y;
  Acc4 a = zero4();
  partial(a, k, y, in, n, n);
  return reduce_unshifted(folded(a));
}

// blocks_then folds c < 16 blocks of p and then the block last into y in one reduction. last
// is loaded in 8-byte halves, as GCM's caller writes it (store forwarding), and multiplied by
// H in xmm.
inline __m128i blocks_then(const Key& k, __m128i y, const std::uint8_t* p, std::size_t c,
                           const std::uint8_t last[16]) noexcept {
  Acc4 a = zero4();
  if (c > 0) partial(a, k, y, p, c, c + 1), y = _mm_setzero_si128();
  const __m128i l = _mm_unpacklo_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(last)),
                                       _mm_loadl_epi64(reinterpret_cast<const __m128i*>(last + 8)));
  const __m128i h1 = k.power[15];
  Acc x = folded(a);
  ghash_clmul::mul_acc(x, _mm_xor_si128(_mm_shuffle_epi8(l, ghash_clmul::reverse_mask()), y), h1,
                       ghash_clmul::halves_xor(h1));
  return reduce_unshifted(x);
}

}  // namespace ghash_vpclmul512
