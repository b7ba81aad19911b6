// sm4_aesni_body.hpp: the AES-NI SM4 kernel on xmm registers, a group being four blocks: the
// vector helpers of sm4_simd_rounds.hpp and the kernel's entry points. Compiled twice, each in
// its own ISA region: sm4_aesni.cpp (SSE encoding, for CPUs without AVX) and sm4_aesni_avx.cpp
// (the same intrinsics VEX-encoded: three operands, so none of the register copies that
// two-operand pshufb, pand and the shifts need, about a quarter of the SSE instructions).
// Include it after <immintrin.h>, <cstring>, <utility>, core/endian.hpp, core/wipe.hpp and
// sm4/sm4_kernel.hpp.
//
// Per round and group (4 blocks): 27 vector instructions (XOR of three words and the round
// key: 4; two nibble maps of and, shift, and, 2 pshufb, xor: 12; aesenclast; L: 4 pshufb,
// 2 shifts, 4 xor, and the XOR into the state), 12 of them shuffles or shifts, which Zen 3
// runs on 2 of its 4 FP pipes: the bound is 27/4 = 6.75 core cycles a round per 64 bytes,
// 3.4 core cycles/byte (2.7 TSC cycles/byte with the core at 1.25x the TSC). The SSE
// encoding adds about 10 register copies a round (eliminated at rename, but they take
// dispatch slots). A round's dependency chain (S-box, then L) is about 20 cycles, so six
// groups (24 blocks) are in flight where blocks are independent, two interleaved at a time
// (round_step): measured at 16 KiB, 4 groups are 15% slower, 8 no faster (the SSE encoding
// 10% slower), 12 and 16 the same as 6.
// The chains (CBC encryption, CBC-MAC) run one block in one group.
#pragma once

namespace vec {
using V = __m128i;
inline V loadu(const std::uint8_t* p) noexcept {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}
inline void storeu(std::uint8_t* p, V v) noexcept {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
}
inline V table(const std::uint64_t (&t)[2]) noexcept {
  return _mm_set_epi64x(static_cast<long long>(t[1]), static_cast<long long>(t[0]));
}
inline V xor_(V a, V b) noexcept { return _mm_xor_si128(a, b); }
inline V and_(V a, V b) noexcept { return _mm_and_si128(a, b); }
inline V shuffle(V t, V idx) noexcept { return _mm_shuffle_epi8(t, idx); }
template <int N>
inline V srl(V a) noexcept {
  return _mm_srli_epi32(a, N);
}
template <int N>
inline V sll(V a) noexcept {
  return _mm_slli_epi32(a, N);
}
inline V aeslast0(V a) noexcept { return _mm_aesenclast_si128(a, _mm_setzero_si128()); }
inline V add32(V a, V b) noexcept { return _mm_add_epi32(a, b); }
inline V block_index() noexcept { return _mm_setr_epi32(0, 1, 2, 3); }
inline V splat8(char c) noexcept { return _mm_set1_epi8(c); }
inline V splat32(std::uint32_t w) noexcept { return _mm_set1_epi32(static_cast<int>(w)); }
inline V unpacklo32(V a, V b) noexcept { return _mm_unpacklo_epi32(a, b); }
inline V unpackhi32(V a, V b) noexcept { return _mm_unpackhi_epi32(a, b); }
inline V unpacklo64(V a, V b) noexcept { return _mm_unpacklo_epi64(a, b); }
inline V unpackhi64(V a, V b) noexcept { return _mm_unpackhi_epi64(a, b); }
}  // namespace vec

#include "sm4/sm4_simd_rounds.hpp"

namespace {

using namespace sm4_simd;
constexpr int groups = 6;  // in flight where blocks are independent

inline const Sm4Schedule& sched(const void* ks) noexcept {
  return *static_cast<const Sm4Schedule*>(ks);
}

void encrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  ecb<groups, false>(ks, out, in, n);
}
void decrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  ecb<groups, true>(ks, out, in, n);
}
void ctr_xor(const void* ks, std::uint8_t ctr[16], std::uint8_t* out, const std::uint8_t* in,
             std::size_t n) noexcept {
  sm4_simd::ctr_xor<groups>(ks, ctr, out, in, n);
}
void cbc_decrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  sm4_simd::cbc_decrypt<groups>(ks, iv, out, in, n);
}

// encrypt1: one block in lane 0 of a group (CBC encryption and CBC-MAC are chains).
inline __m128i encrypt1(const Sm4Schedule& ks, __m128i block) noexcept {
  __m128i x[1][4];
  block = bswap32(block);
  x[0][0] = _mm_shuffle_epi32(block, 0x00);
  x[0][1] = _mm_shuffle_epi32(block, 0x55);
  x[0][2] = _mm_shuffle_epi32(block, 0xaa);
  x[0][3] = _mm_shuffle_epi32(block, 0xff);
  rounds<1, false>(ks, x);
  return bswap32(_mm_unpacklo_epi64(_mm_unpacklo_epi32(x[0][3], x[0][2]),
                                    _mm_unpacklo_epi32(x[0][1], x[0][0])));
}

void cbc_encrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  __m128i b = loadu(iv);
  for (; n > 0; --n, in += 16, out += 16) {
    b = encrypt1(sched(ks), _mm_xor_si128(b, loadu(in)));
    storeu(out, b);
  }
  storeu(iv, b);
}

void cbc_mac(const void* ks, std::uint8_t state[16], const std::uint8_t* in,
             std::size_t n) noexcept {
  __m128i b = loadu(state);
  for (; n > 0; --n, in += 16) b = encrypt1(sched(ks), _mm_xor_si128(b, loadu(in)));
  storeu(state, b);
}

}  // namespace
