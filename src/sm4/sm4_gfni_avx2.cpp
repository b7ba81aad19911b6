// The AVX2 + GFNI SM4 kernel (VEX-encoded GFNI: Intel client cores with GFNI and no AVX-512,
// such as Alder Lake): the rounds of sm4_gfni_body.hpp on ymm registers, a group being 8
// blocks (a 4x4 word transpose in each 128-bit lane: lane l of register r holds block 2r + l).
// A round per group: 2.5 vpxor for the S-box input (two rounds share one XOR), three
// vgf2p8affineinvqb, three vpshufb byte rotations and four vpxor: 12.5 instructions. Golden
// Cove runs 256-bit GFNI on ports 0 and 1, vpshufb on 1 and 5, vpxor on all three: about 4.2
// cycles a round per group, 1 core cycle/byte. The chains (CBC encryption, CBC-MAC) and the
// key schedule run one block in xmm registers.
#include <immintrin.h>

#include <cstring>

#include "core/endian.hpp"
#include "core/wipe.hpp"
#include "sm4/sm4_kernel.hpp"

AXIOM_ISA_BEGIN(sm4, gfni_avx2)

// GCC re-associates chains of vpxor as it likes: the one-block path's XOR trees (after the
// products, one rotation and two levels) would become one long chain. vpternlogd keeps them
// apart in the AVX-512 kernel; here the pass is off.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-reassoc")
#endif

namespace vec {
using V = __m256i;
constexpr std::size_t reg_blocks = 2;

inline V loadu(const std::uint8_t* p) noexcept {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}
inline void storeu(std::uint8_t* p, V v) noexcept {
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v);
}
// A part of a register is its first block (k = 1) or nothing.
inline V load_blocks(const std::uint8_t* p, std::size_t k) noexcept {
  return k == 0 ? _mm256_setzero_si256()
                : _mm256_zextsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
}
inline void store_blocks(std::uint8_t* p, V v, std::size_t k) noexcept {
  if (k != 0) _mm_storeu_si128(reinterpret_cast<__m128i*>(p), _mm256_castsi256_si128(v));
}
inline V splat32(std::uint32_t w) noexcept { return _mm256_set1_epi32(static_cast<int>(w)); }
inline V splat64(std::uint64_t q) noexcept { return _mm256_set1_epi64x(static_cast<long long>(q)); }
inline V table(const std::uint64_t (&t)[2]) noexcept {
  return _mm256_set_epi64x(static_cast<long long>(t[1]), static_cast<long long>(t[0]),
                           static_cast<long long>(t[1]), static_cast<long long>(t[0]));
}
inline V add32(V a, V b) noexcept { return _mm256_add_epi32(a, b); }
inline V bswap32(V v) noexcept {
  return _mm256_shuffle_epi8(v, table(detail::sm4_tables::bswap32));
}
inline V unpacklo32(V a, V b) noexcept { return _mm256_unpacklo_epi32(a, b); }
inline V unpackhi32(V a, V b) noexcept { return _mm256_unpackhi_epi32(a, b); }
inline V unpacklo64(V a, V b) noexcept { return _mm256_unpacklo_epi64(a, b); }
inline V unpackhi64(V a, V b) noexcept { return _mm256_unpackhi_epi64(a, b); }
// Word j of lane l of a transposed register belongs to block 2j + l.
inline V block_index() noexcept { return _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7); }
// prev_blocks: the block before each block of cur, given the one before cur's first.
inline V prev_blocks(V cur, __m128i before) noexcept {
  return _mm256_permute2x128_si256(_mm256_castsi128_si256(before), cur, 0x20);
}

constexpr bool ternary_xor = false;
inline V xor_(V a, V b) noexcept { return _mm256_xor_si256(a, b); }
inline V xor3(V a, V b, V c) noexcept { return _mm256_xor_si256(_mm256_xor_si256(a, b), c); }
// xor5: a, b, c first (the ones known first), d and e side by side.
inline V xor5(V a, V b, V c, V d, V e) noexcept { return xor_(xor3(a, b, c), xor_(d, e)); }
template <int C>
inline V affine(V x, V m) noexcept {
  return _mm256_gf2p8affine_epi64_epi8(x, m, C);
}
template <int C>
inline V affine_inv(V x, V m) noexcept {
  return _mm256_gf2p8affineinv_epi64_epi8(x, m, C);
}
inline V ror8(V a) noexcept { return _mm256_shuffle_epi8(a, table(detail::sm4_tables::rotl24)); }
inline V ror16(V a) noexcept { return _mm256_shuffle_epi8(a, table(detail::sm4_tables::rotl16)); }
inline V ror24(V a) noexcept { return _mm256_shuffle_epi8(a, table(detail::sm4_tables::rotl8)); }

inline __m128i xor_(__m128i a, __m128i b) noexcept { return _mm_xor_si128(a, b); }
inline __m128i xor3(__m128i a, __m128i b, __m128i c) noexcept {
  return _mm_xor_si128(_mm_xor_si128(a, b), c);
}
inline __m128i xor5(__m128i a, __m128i b, __m128i c, __m128i d, __m128i e) noexcept {
  return xor_(xor3(a, b, c), xor_(d, e));
}
}  // namespace vec

#include "sm4/sm4_gfni_body.hpp"

AXIOM_ISA_END

namespace axiom::detail {
const Sm4Kernel sm4_gfni_avx2 = {
    {"sm4/gfni_avx2", cpu::Feature::avx | cpu::Feature::avx2 | cpu::Feature::gfni, true},
    {sm4_gfni_avx2::encrypt_blocks, sm4_gfni_avx2::decrypt_blocks, sm4_gfni_avx2::ctr_xor,
     sm4_gfni_avx2::cbc_encrypt, sm4_gfni_avx2::cbc_decrypt, sm4_gfni_avx2::cbc_mac},
    sm4_gfni_avx2::expand_key,
};
}  // namespace axiom::detail
