// The AES-NI kernel: 8 blocks in flight where blocks are independent (ECB, CTR, CBC
// decryption), enough to cover the 4-cycle aesenc latency with 2 units; one block at a time
// for CBC encryption and CBC-MAC, whose chain is bound by that latency. The round count is a
// template parameter so that the rounds unroll and the keys stay in registers.
#include <immintrin.h>

#include <cstring>

#include "aes/aes_kernel.hpp"

AXIOM_ISA_BEGIN(aes, aesni)

#include "aes/aes_ni_common.hpp"

namespace {

using aes_ni::add_le128;
using aes_ni::dec_keys;
using aes_ni::decrypt_n;
using aes_ni::enc_keys;
using aes_ni::encrypt_n;
using aes_ni::loadu;
using aes_ni::reverse_bytes;
using aes_ni::storeu;

// ecb runs 8 blocks at a time, then a tail of 1..7 one block at a time.
template <unsigned R, bool Decrypt>
void ecb(const void* ks, std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  const __m128i* k = Decrypt ? dec_keys(ks) : enc_keys(ks);
  __m128i b[8];
  for (; n >= 8; n -= 8, in += 128, out += 128) {
    for (int i = 0; i < 8; ++i) b[i] = loadu(in + 16 * i);
    if (Decrypt)
      decrypt_n<R, 8>(k, b);
    else
      encrypt_n<R, 8>(k, b);
    for (int i = 0; i < 8; ++i) storeu(out + 16 * i, b[i]);
  }
  for (; n > 0; --n, in += 16, out += 16) {
    b[0] = loadu(in);
    if (Decrypt)
      decrypt_n<R, 1>(k, b);
    else
      encrypt_n<R, 1>(k, b);
    storeu(out, b[0]);
  }
}

// ctr_n: N counter blocks from c (little-endian: byte-reversed) through the rounds, the first
// m (<= N) xored from in to out. 64-bit adds make the counters, unless the low half wraps
// within them (once per 2^64 blocks).
template <unsigned R, int N>
inline void ctr_n(const __m128i* k, __m128i c, std::uint8_t* out, const std::uint8_t* in,
                  std::size_t m) noexcept {
  __m128i b[N];
  if (static_cast<std::uint64_t>(_mm_cvtsi128_si64(c)) <= ~std::uint64_t{0} - (N - 1)) {
    for (int i = 0; i < N; ++i) b[i] = reverse_bytes(_mm_add_epi64(c, _mm_set_epi64x(0, i)));
  } else {
    for (int i = 0; i < N; ++i) b[i] = reverse_bytes(add_le128(c, static_cast<std::uint64_t>(i)));
  }
  encrypt_n<R, N>(k, b);
  if (m == N) {
    for (int i = 0; i < N; ++i) storeu(out + 16 * i, _mm_xor_si128(b[i], loadu(in + 16 * i)));
  } else {
    for (std::size_t i = 0; i < m; ++i)
      storeu(out + 16 * i, _mm_xor_si128(b[i], loadu(in + 16 * i)));
  }
}

// ctr_xor: 8 blocks at a time; a tail of up to 4 blocks runs only 4 (a short message pays
// for the blocks it has, not for 8).
template <unsigned R>
void ctr_xor(const void* ks, std::uint8_t ctr[16], std::uint8_t* out, const std::uint8_t* in,
             std::size_t n) noexcept {
  const __m128i* k = enc_keys(ks);
  __m128i c = reverse_bytes(loadu(ctr));
  for (; n >= 8; n -= 8, in += 128, out += 128) {
    ctr_n<R, 8>(k, c, out, in, 8);
    c = add_le128(c, 8);
  }
  if (n > 4)
    ctr_n<R, 8>(k, c, out, in, n);
  else if (n > 0)
    ctr_n<R, 4>(k, c, out, in, n);
  storeu(ctr, reverse_bytes(add_le128(c, n)));
}

template <unsigned R>
void cbc_decrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  const __m128i* k = dec_keys(ks);
  __m128i prev = loadu(iv), b[8], c[8];
  for (; n >= 8; n -= 8, in += 128, out += 128) {
    for (int i = 0; i < 8; ++i) b[i] = c[i] = loadu(in + 16 * i);
    decrypt_n<R, 8>(k, b);
    storeu(out, _mm_xor_si128(b[0], prev));
    for (int i = 1; i < 8; ++i) storeu(out + 16 * i, _mm_xor_si128(b[i], c[i - 1]));
    prev = c[7];
  }
  for (; n > 0; --n, in += 16, out += 16) {
    b[0] = c[0] = loadu(in);
    decrypt_n<R, 1>(k, b);
    storeu(out, _mm_xor_si128(b[0], prev));
    prev = c[0];
  }
  storeu(iv, prev);
}

void encrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  switch (aes_ni::sched(ks).rounds) {
    case 10:
      return ecb<10, false>(ks, out, in, n);
    case 12:
      return ecb<12, false>(ks, out, in, n);
    default:
      return ecb<14, false>(ks, out, in, n);
  }
}
void decrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  switch (aes_ni::sched(ks).rounds) {
    case 10:
      return ecb<10, true>(ks, out, in, n);
    case 12:
      return ecb<12, true>(ks, out, in, n);
    default:
      return ecb<14, true>(ks, out, in, n);
  }
}
void ctr_entry(const void* ks, std::uint8_t ctr[16], std::uint8_t* out, const std::uint8_t* in,
               std::size_t n) noexcept {
  AXIOM_AES_BY_ROUNDS(ctr_xor, ks, ctr, out, in, n);
}
void cbc_decrypt_entry(const void* ks, std::uint8_t iv[16], std::uint8_t* out,
                       const std::uint8_t* in, std::size_t n) noexcept {
  AXIOM_AES_BY_ROUNDS(cbc_decrypt, ks, iv, out, in, n);
}
}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const AesKernel aes_aesni = {
    {"aes/aesni", cpu::Feature::aesni | cpu::Feature::ssse3 | cpu::Feature::sse41, true},
    aes_aesni::aes_ni::setup,
    {aes_aesni::encrypt_blocks, aes_aesni::decrypt_blocks, aes_aesni::ctr_entry,
     aes_aesni::aes_ni::cbc_encrypt_entry, aes_aesni::cbc_decrypt_entry,
     aes_aesni::aes_ni::cbc_mac_entry, aes_aesni::aes_ni::cbc_lanes_entry},
};
}  // namespace axiom::detail
