// The AES-NI kernel: 8 blocks in flight where blocks are independent (ECB, CTR, CBC
// decryption), enough to cover the 4-cycle aesenc latency with 2 units; one block at a time
// for CBC encryption and CBC-MAC, whose chain is bound by that latency. The round count is a
// template parameter so that the rounds unroll and the keys stay in registers.
#include <immintrin.h>

#include <cstring>

#include "aes/aes_kernel.hpp"

AXIOM_ISA_BEGIN(aes, aesni)

namespace {

using detail::AesSchedule;

inline __m128i loadu(const std::uint8_t* p) noexcept {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}
inline void storeu(std::uint8_t* p, __m128i v) noexcept {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
}
inline const AesSchedule& sched(const void* ks) noexcept { return *static_cast<const AesSchedule*>(ks); }
inline const __m128i* enc_keys(const void* ks) noexcept {
  return reinterpret_cast<const __m128i*>(sched(ks).enc);
}
inline const __m128i* dec_keys(const void* ks) noexcept {
  return reinterpret_cast<const __m128i*>(sched(ks).dec);
}

template <unsigned R, int N>
inline void encrypt_n(const __m128i* rk, __m128i* b) noexcept {
  for (int i = 0; i < N; ++i) b[i] = _mm_xor_si128(b[i], rk[0]);
  for (unsigned r = 1; r < R; ++r) {
    const __m128i k = _mm_load_si128(rk + r);
    for (int i = 0; i < N; ++i) b[i] = _mm_aesenc_si128(b[i], k);
  }
  for (int i = 0; i < N; ++i) b[i] = _mm_aesenclast_si128(b[i], rk[R]);
}

template <unsigned R, int N>
inline void decrypt_n(const __m128i* dk, __m128i* b) noexcept {
  for (int i = 0; i < N; ++i) b[i] = _mm_xor_si128(b[i], dk[0]);
  for (unsigned r = 1; r < R; ++r) {
    const __m128i k = _mm_load_si128(dk + r);
    for (int i = 0; i < N; ++i) b[i] = _mm_aesdec_si128(b[i], k);
  }
  for (int i = 0; i < N; ++i) b[i] = _mm_aesdeclast_si128(b[i], dk[R]);
}

// ecb runs 8 blocks at a time; a tail of 1..7 blocks goes through a zeroed stack copy.
template <unsigned R, bool Decrypt>
void ecb(const void* ks, std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  const __m128i* k = Decrypt ? dec_keys(ks) : enc_keys(ks);
  __m128i b[8];
  for (; n >= 8; n -= 8, in += 128, out += 128) {
    for (int i = 0; i < 8; ++i) b[i] = loadu(in + 16 * i);
    if (Decrypt) decrypt_n<R, 8>(k, b); else encrypt_n<R, 8>(k, b);
    for (int i = 0; i < 8; ++i) storeu(out + 16 * i, b[i]);
  }
  for (; n > 0; --n, in += 16, out += 16) {
    b[0] = loadu(in);
    if (Decrypt) decrypt_n<R, 1>(k, b); else encrypt_n<R, 1>(k, b);
    storeu(out, b[0]);
  }
}

// The counter block as a little-endian 128-bit number (bytes reversed) so that the low half
// can be stepped with a 64-bit add; a carry out of it is handled one block at a time.
inline __m128i reverse_bytes(__m128i v) noexcept {
  return _mm_shuffle_epi8(v, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

inline __m128i add_le128(__m128i c, std::uint64_t k) noexcept {
  const std::uint64_t lo = static_cast<std::uint64_t>(_mm_cvtsi128_si64(c)) + k;
  const std::uint64_t hi = static_cast<std::uint64_t>(_mm_extract_epi64(c, 1)) + (lo < k ? 1 : 0);
  return _mm_set_epi64x(static_cast<long long>(hi), static_cast<long long>(lo));
}

template <unsigned R>
void ctr_xor(const void* ks, std::uint8_t ctr[16], std::uint8_t* out, const std::uint8_t* in,
             std::size_t n) noexcept {
  const __m128i* k = enc_keys(ks);
  __m128i c = reverse_bytes(loadu(ctr));
  __m128i b[8];
  while (n > 0) {
    const std::size_t m = n < 8 ? n : 8;
    const std::uint64_t lo = static_cast<std::uint64_t>(_mm_cvtsi128_si64(c));
    if (lo <= ~std::uint64_t{0} - 8) {
      for (int i = 0; i < 8; ++i) b[i] = reverse_bytes(_mm_add_epi64(c, _mm_set_epi64x(0, i)));
    } else {
      for (int i = 0; i < 8; ++i) b[i] = reverse_bytes(add_le128(c, static_cast<std::uint64_t>(i)));
    }
    c = add_le128(c, m);
    encrypt_n<R, 8>(k, b);
    if (m == 8) {
      for (int i = 0; i < 8; ++i) storeu(out + 16 * i, _mm_xor_si128(b[i], loadu(in + 16 * i)));
    } else {
      for (std::size_t i = 0; i < m; ++i) storeu(out + 16 * i, _mm_xor_si128(b[i], loadu(in + 16 * i)));
    }
    n -= m, in += 16 * m, out += 16 * m;
  }
  storeu(ctr, reverse_bytes(c));
}

template <unsigned R>
void cbc_encrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  const __m128i* k = enc_keys(ks);
  __m128i b = loadu(iv);
  for (; n > 0; --n, in += 16, out += 16) {
    b = _mm_xor_si128(b, loadu(in));
    encrypt_n<R, 1>(k, &b);
    storeu(out, b);
  }
  storeu(iv, b);
}

template <unsigned R>
void cbc_mac(const void* ks, std::uint8_t state[16], const std::uint8_t* in, std::size_t n) noexcept {
  const __m128i* k = enc_keys(ks);
  __m128i b = loadu(state);
  for (; n > 0; --n, in += 16) {
    b = _mm_xor_si128(b, loadu(in));
    encrypt_n<R, 1>(k, &b);
  }
  storeu(state, b);
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

// The kernel's entry points pick the instantiation for the key's round count.
#define AXIOM_AES_BY_ROUNDS(f, ...)            \
  switch (sched(ks).rounds) {                  \
    case 10: return f<10>(__VA_ARGS__);        \
    case 12: return f<12>(__VA_ARGS__);        \
    default: return f<14>(__VA_ARGS__);        \
  }

void encrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  switch (sched(ks).rounds) {
    case 10: return ecb<10, false>(ks, out, in, n);
    case 12: return ecb<12, false>(ks, out, in, n);
    default: return ecb<14, false>(ks, out, in, n);
  }
}
void decrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  switch (sched(ks).rounds) {
    case 10: return ecb<10, true>(ks, out, in, n);
    case 12: return ecb<12, true>(ks, out, in, n);
    default: return ecb<14, true>(ks, out, in, n);
  }
}
void ctr_entry(const void* ks, std::uint8_t ctr[16], std::uint8_t* out, const std::uint8_t* in,
               std::size_t n) noexcept {
  AXIOM_AES_BY_ROUNDS(ctr_xor, ks, ctr, out, in, n);
}
void cbc_encrypt_entry(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                       std::size_t n) noexcept {
  AXIOM_AES_BY_ROUNDS(cbc_encrypt, ks, iv, out, in, n);
}
void cbc_decrypt_entry(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                       std::size_t n) noexcept {
  AXIOM_AES_BY_ROUNDS(cbc_decrypt, ks, iv, out, in, n);
}
void cbc_mac_entry(const void* ks, std::uint8_t state[16], const std::uint8_t* in, std::size_t n) noexcept {
  AXIOM_AES_BY_ROUNDS(cbc_mac, ks, state, in, n);
}
#undef AXIOM_AES_BY_ROUNDS

// setup: encryption keys as FIPS 197 gives them; decryption keys for the equivalent inverse
// cipher (reversed, InvMixColumns applied to the inner ones), as aesdec expects.
void setup(AesSchedule& ks, const std::uint8_t* round_keys, std::uint32_t rounds) noexcept {
  std::memcpy(ks.enc, round_keys, 16 * (rounds + 1));
  ks.rounds = rounds;
  storeu(ks.dec, loadu(round_keys + 16 * rounds));
  for (std::uint32_t i = 1; i < rounds; ++i)
    storeu(ks.dec + 16 * i, _mm_aesimc_si128(loadu(round_keys + 16 * (rounds - i))));
  storeu(ks.dec + 16 * rounds, loadu(round_keys));
}

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const AesKernel aes_aesni = {
    {"aes/aesni", cpu::Feature::aesni | cpu::Feature::ssse3 | cpu::Feature::sse41, true},
    aes_aesni::setup,
    {aes_aesni::encrypt_blocks, aes_aesni::decrypt_blocks, aes_aesni::ctr_entry,
     aes_aesni::cbc_encrypt_entry, aes_aesni::cbc_decrypt_entry, aes_aesni::cbc_mac_entry},
};
}  // namespace axiom::detail
