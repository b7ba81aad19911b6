// aes_vaes512_common.hpp: AES rounds on 512-bit registers (four blocks per zmm), shared by the
// vaes_avx512 AES kernel and the fused GCM kernel. Include it inside an AXIOM_ISA_BEGIN region
// whose target has avx512f/bw/vl and vaes, after core/zmm.hpp.
#pragma once

namespace aes_vaes512 {

inline __m512i loadu4(const std::uint8_t* p) noexcept { return _mm512_loadu_si512(p); }
inline void storeu4(std::uint8_t* p, __m512i v) noexcept { _mm512_storeu_si512(p, v); }

// qwords: the mask of the 64-bit elements of the first `blocks` (0..4) blocks of a zmm.
inline __mmask8 qwords(std::size_t blocks) noexcept {
  return static_cast<__mmask8>((1u << (2 * blocks)) - 1);
}
// The first `blocks` blocks at p; the other lanes are zero and their memory is not touched.
inline __m512i loadu_blocks(const std::uint8_t* p, std::size_t blocks) noexcept {
  return _mm512_maskz_loadu_epi64(qwords(blocks), p);
}
inline void storeu_blocks(std::uint8_t* p, __m512i v, std::size_t blocks) noexcept {
  _mm512_mask_storeu_epi64(p, qwords(blocks), v);
}

// key4: round key r in all four lanes (a broadcast load, no shuffle uop).
inline __m512i key4(const __m128i* k, unsigned r) noexcept {
  return zmm::broadcast4(_mm_load_si128(k + r));
}

// load_keys: the R + 1 round keys broadcast, for a loop that keeps them in registers.
template <unsigned R>
inline void load_keys(const __m128i* k, __m512i* rk) noexcept {
  for (unsigned r = 0; r <= R; ++r) rk[r] = key4(k, r);
}

// xor3: a ^ b ^ c in one vpternlogq.
inline __m512i xor3(__m512i a, __m512i b, __m512i c) noexcept {
  return _mm512_ternarylogic_epi64(a, b, c, 0x96);
}

// middle_rounds: rounds 1..R-1 of N zmm (Decrypt: the equivalent inverse cipher's aesdec).
template <unsigned R, int N, bool Decrypt>
inline void middle_rounds(const __m512i* rk, __m512i* b) noexcept {
  for (unsigned r = 1; r < R; ++r)
    for (int i = 0; i < N; ++i)
      b[i] = Decrypt ? _mm512_aesdec_epi128(b[i], rk[r]) : _mm512_aesenc_epi128(b[i], rk[r]);
}

// last_round: the last round with its key xored with v (zero for ECB, the input for CTR, the
// chaining value or mask for CBC and XTS): aes*last(x, k ^ v) = aes*last(x, k) ^ v, which saves
// the xor after it.
template <unsigned R, bool Decrypt>
inline __m512i last_round(const __m512i* rk, __m512i b, __m512i v) noexcept {
  const __m512i kl = _mm512_xor_si512(rk[R], v);
  return Decrypt ? _mm512_aesdeclast_epi128(b, kl) : _mm512_aesenclast_epi128(b, kl);
}

// encrypt_xor: out = in ^ E(b) for N zmm (counter mode).
template <unsigned R, int N>
inline void encrypt_xor(const __m512i* rk, __m512i* b, std::uint8_t* out,
                        const std::uint8_t* in) noexcept {
  for (int i = 0; i < N; ++i) b[i] = _mm512_xor_si512(b[i], rk[0]);
  middle_rounds<R, N, false>(rk, b);
  for (int i = 0; i < N; ++i)
    storeu4(out + 64 * i, last_round<R, false>(rk, b[i], loadu4(in + 64 * i)));
}

// reverse_bytes4: each block's bytes reversed (memory order <-> a little-endian number).
inline __m512i reverse_bytes4(__m512i v) noexcept {
  const __m128i m = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  return _mm512_shuffle_epi8(v, zmm::broadcast4(m));
}

}  // namespace aes_vaes512
