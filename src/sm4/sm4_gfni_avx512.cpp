// The AVX-512 + GFNI SM4 kernel: the rounds of sm4_gfni_body.hpp on zmm registers, a group
// being 16 blocks (a 4x4 word transpose in each 128-bit lane: lane l of register r holds block
// 4r + l). A round per group: 1.5 vpternlogd for the S-box input (two rounds share one XOR),
// three vgf2p8affineinvqb, three vpshufb byte rotations and two vpternlogd: 9.5 instructions,
// 0.6 instructions per block and round. On Sapphire Rapids the 512-bit work shares ports 0
// and 5 (GFNI on 0, vpshufb on 5): about 4.75 cycles a round per group, 0.6 core cycles/byte.
// A round's dependency chain is about 9 cycles there (GFNI 5): `groups` groups are in flight
// where blocks are independent. The chains (CBC encryption, CBC-MAC) and the key schedule run
// one block in xmm registers, the three-input XORs as vpternlogd.
#include <immintrin.h>

#include <cstring>

#include "core/endian.hpp"
#include "core/wipe.hpp"
#include "sm4/sm4_kernel.hpp"

AXIOM_ISA_BEGIN(sm4, gfni_avx512)

namespace vec {
using V = __m512i;
constexpr std::size_t reg_blocks = 4;

inline V loadu(const std::uint8_t* p) noexcept { return _mm512_loadu_si512(p); }
inline void storeu(std::uint8_t* p, V v) noexcept { _mm512_storeu_si512(p, v); }
inline __mmask8 block_mask(std::size_t k) noexcept {
  return static_cast<__mmask8>((1u << (2 * k)) - 1);
}
inline V load_blocks(const std::uint8_t* p, std::size_t k) noexcept {
  return _mm512_maskz_loadu_epi64(block_mask(k), p);
}
inline void store_blocks(std::uint8_t* p, V v, std::size_t k) noexcept {
  _mm512_mask_storeu_epi64(p, block_mask(k), v);
}
inline V splat32(std::uint32_t w) noexcept { return _mm512_set1_epi32(static_cast<int>(w)); }
inline V splat64(std::uint64_t q) noexcept { return _mm512_set1_epi64(static_cast<long long>(q)); }
inline V table(const std::uint64_t (&t)[2]) noexcept {
  const auto lo = static_cast<long long>(t[0]), hi = static_cast<long long>(t[1]);
  return _mm512_set_epi64(hi, lo, hi, lo, hi, lo, hi, lo);
}
inline V add32(V a, V b) noexcept { return _mm512_add_epi32(a, b); }
inline V bswap32(V v) noexcept {
  return _mm512_shuffle_epi8(v, table(detail::sm4_tables::bswap32));
}
inline V unpacklo32(V a, V b) noexcept {
  return _mm512_maskz_unpacklo_epi32(static_cast<__mmask16>(-1), a, b);
}
inline V unpackhi32(V a, V b) noexcept {
  return _mm512_maskz_unpackhi_epi32(static_cast<__mmask16>(-1), a, b);
}
inline V unpacklo64(V a, V b) noexcept {
  return _mm512_maskz_unpacklo_epi64(static_cast<__mmask8>(-1), a, b);
}
inline V unpackhi64(V a, V b) noexcept {
  return _mm512_maskz_unpackhi_epi64(static_cast<__mmask8>(-1), a, b);
}
// Word j of lane l of a transposed register belongs to block 4j + l.
inline V block_index() noexcept {
  return _mm512_setr_epi32(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
}
// prev_blocks: the block before each block of cur, given the one before cur's first.
inline V prev_blocks(V cur, __m128i before) noexcept {
  return _mm512_permutex2var_epi64(_mm512_castsi128_si512(before),
                                   _mm512_setr_epi64(0, 1, 8, 9, 10, 11, 12, 13), cur);
}

constexpr bool ternary_xor = true;  // vpternlogd: the one-block chain keeps a rotated copy
inline V xor_(V a, V b) noexcept { return _mm512_xor_si512(a, b); }
inline V xor3(V a, V b, V c) noexcept { return _mm512_ternarylogic_epi32(a, b, c, 0x96); }
inline V xor5(V a, V b, V c, V d, V e) noexcept { return xor3(xor3(a, b, c), d, e); }
template <int C>
inline V affine(V x, V m) noexcept {
  return _mm512_gf2p8affine_epi64_epi8(x, m, C);
}
template <int C>
inline V affine_inv(V x, V m) noexcept {
  return _mm512_gf2p8affineinv_epi64_epi8(x, m, C);
}
// Byte rotations of each word by vpshufb (port 5 on Intel; vprord would queue behind GFNI on 0).
inline V ror8(V a) noexcept { return _mm512_shuffle_epi8(a, table(detail::sm4_tables::rotl24)); }
inline V ror16(V a) noexcept { return _mm512_shuffle_epi8(a, table(detail::sm4_tables::rotl16)); }
inline V ror24(V a) noexcept { return _mm512_shuffle_epi8(a, table(detail::sm4_tables::rotl8)); }

inline __m128i xor_(__m128i a, __m128i b) noexcept { return _mm_xor_si128(a, b); }
inline __m128i xor3(__m128i a, __m128i b, __m128i c) noexcept {
  return _mm_ternarylogic_epi32(a, b, c, 0x96);
}
inline __m128i xor5(__m128i a, __m128i b, __m128i c, __m128i d, __m128i e) noexcept {
  return xor3(xor3(a, b, c), d, e);
}
}  // namespace vec

#include "sm4/sm4_gfni_body.hpp"

AXIOM_ISA_END

namespace axiom::detail {
const Sm4Kernel sm4_gfni_avx512 = {
    {"sm4/gfni_avx512",
     cpu::Feature::avx512 | cpu::Feature::gfni | cpu::Feature::avx | cpu::Feature::avx2, true},
    {sm4_gfni_avx512::encrypt_blocks, sm4_gfni_avx512::decrypt_blocks, sm4_gfni_avx512::ctr_xor,
     sm4_gfni_avx512::cbc_encrypt, sm4_gfni_avx512::cbc_decrypt, sm4_gfni_avx512::cbc_mac},
    sm4_gfni_avx512::expand_key,
};
}  // namespace axiom::detail
