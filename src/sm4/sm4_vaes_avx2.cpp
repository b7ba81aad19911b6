// The VAES-AVX2 SM4 kernel: the rounds of sm4_simd_rounds.hpp on ymm registers, a group being
// 8 blocks (a 4x4 word transpose in each 128-bit lane: blocks 0, 2, 4, 6 in the low lane, 1,
// 3, 5, 7 in the high one). Zen 3 runs 256-bit shuffles, shifts and vaesenclast at the 128-bit
// rate, so the bound halves: 28 instructions per round and group, 12 on the two shuffle/shift
// ports, about 7 cycles per round per 8 blocks, 1.75 cycles/byte. A round's dependency chain
// is about 19 cycles, so four groups (32 blocks) are in flight where blocks are independent.
// CBC encryption and CBC-MAC are chains of single blocks: they run the AES-NI kernel's code.
#include <immintrin.h>

#include <cstring>
#include <utility>

#include "core/endian.hpp"
#include "core/wipe.hpp"
#include "sm4/sm4_kernel.hpp"

AXIOM_ISA_BEGIN(sm4, vaes_avx2)

namespace vec {
using V = __m256i;
inline V loadu(const std::uint8_t* p) noexcept {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}
inline void storeu(std::uint8_t* p, V v) noexcept {
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v);
}
// table: a 16-byte table in both lanes.
inline V table(const std::uint64_t (&t)[2]) noexcept {
  return _mm256_set_epi64x(static_cast<long long>(t[1]), static_cast<long long>(t[0]),
                           static_cast<long long>(t[1]), static_cast<long long>(t[0]));
}
inline V xor_(V a, V b) noexcept { return _mm256_xor_si256(a, b); }
inline V and_(V a, V b) noexcept { return _mm256_and_si256(a, b); }
inline V shuffle(V t, V idx) noexcept { return _mm256_shuffle_epi8(t, idx); }
template <int N>
inline V srl(V a) noexcept {
  return _mm256_srli_epi32(a, N);
}
template <int N>
inline V sll(V a) noexcept {
  return _mm256_slli_epi32(a, N);
}
inline V aeslast0(V a) noexcept { return _mm256_aesenclast_epi128(a, _mm256_setzero_si256()); }
inline V add32(V a, V b) noexcept { return _mm256_add_epi32(a, b); }
// Blocks 0, 2, 4, 6 are in the low lane, 1, 3, 5, 7 in the high one (the loads' order).
inline V block_index() noexcept { return _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7); }
inline V splat8(char c) noexcept { return _mm256_set1_epi8(c); }
inline V splat32(std::uint32_t w) noexcept { return _mm256_set1_epi32(static_cast<int>(w)); }
inline V unpacklo32(V a, V b) noexcept { return _mm256_unpacklo_epi32(a, b); }
inline V unpackhi32(V a, V b) noexcept { return _mm256_unpackhi_epi32(a, b); }
inline V unpacklo64(V a, V b) noexcept { return _mm256_unpacklo_epi64(a, b); }
inline V unpackhi64(V a, V b) noexcept { return _mm256_unpackhi_epi64(a, b); }
}  // namespace vec

#include "sm4/sm4_simd_rounds.hpp"

namespace {

constexpr int groups = 4;  // in flight where blocks are independent

void encrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  sm4_simd::ecb<groups, false>(ks, out, in, n);
}
void decrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  sm4_simd::ecb<groups, true>(ks, out, in, n);
}
void ctr_xor(const void* ks, std::uint8_t ctr[16], std::uint8_t* out, const std::uint8_t* in,
             std::size_t n) noexcept {
  sm4_simd::ctr_xor<groups>(ks, ctr, out, in, n);
}
void cbc_decrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  sm4_simd::cbc_decrypt<groups>(ks, iv, out, in, n);
}

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
namespace {
// The chains run one block at a time: the AES-NI kernel's code is as fast for them.
void cbc_encrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  sm4_aesni.ops.cbc_encrypt(ks, iv, out, in, n);
}
void cbc_mac(const void* ks, std::uint8_t state[16], const std::uint8_t* in,
             std::size_t n) noexcept {
  sm4_aesni.ops.cbc_mac(ks, state, in, n);
}
}  // namespace

const Sm4Kernel sm4_vaes_avx2 = {
    {"sm4/vaes_avx2",
     cpu::Feature::vaes | cpu::Feature::vpclmul | cpu::Feature::avx | cpu::Feature::avx2 |
         cpu::Feature::bmi2 | cpu::Feature::aesni | cpu::Feature::pclmul | cpu::Feature::ssse3 |
         cpu::Feature::sse41,
     true},
    {sm4_vaes_avx2::encrypt_blocks, sm4_vaes_avx2::decrypt_blocks, sm4_vaes_avx2::ctr_xor,
     cbc_encrypt, sm4_vaes_avx2::cbc_decrypt, cbc_mac},
};
}  // namespace axiom::detail
