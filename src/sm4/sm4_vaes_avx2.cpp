// The VAES-AVX2 SM4 kernel: the AES-NI kernel's method (sm4_aesni.cpp) on 256-bit registers.
// A group is four ymm registers, one per word, holding 8 blocks (a 4x4 word transpose in each
// 128-bit lane: blocks 0, 2, 4, 6 in the low lane, 1, 3, 5, 7 in the high one). Zen 3 runs
// 256-bit shuffles, shifts and vaesenclast at the 128-bit rate, so the bound halves: 28
// instructions per round and group, 12 on the two shuffle/shift ports, about 7 cycles per
// round per 8 blocks, 1.75 cycles/byte. A round's dependency chain (S-box with aesenclast,
// then L) is about 18 cycles, so four groups (32 blocks) are in flight where blocks are
// independent; two would leave the ports idle half the time. CBC encryption and CBC-MAC are chains of single blocks: they run the AES-NI
// kernel's code.
#include <immintrin.h>

#include <cstring>

#include "core/endian.hpp"
#include "core/wipe.hpp"
#include "sm4/sm4_kernel.hpp"

AXIOM_ISA_BEGIN(sm4, vaes_avx2)

namespace {

using detail::Sm4Schedule;

inline __m256i loadu(const std::uint8_t* p) noexcept { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
inline void storeu(std::uint8_t* p, __m256i v) noexcept { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v); }
inline const Sm4Schedule& sched(const void* ks) noexcept { return *static_cast<const Sm4Schedule*>(ks); }

// table: a 16-byte table in both lanes.
inline __m256i table(const std::uint64_t (&t)[2]) noexcept {
  return _mm256_set_epi64x(static_cast<long long>(t[1]), static_cast<long long>(t[0]),
                           static_cast<long long>(t[1]), static_cast<long long>(t[0]));
}

inline __m256i nibble_map(__m256i t, __m256i lo, __m256i hi) noexcept {
  const __m256i m = _mm256_set1_epi8(0x0f);
  return _mm256_xor_si256(_mm256_shuffle_epi8(lo, _mm256_and_si256(t, m)),
                          _mm256_shuffle_epi8(hi, _mm256_and_si256(_mm256_srli_epi32(t, 4), m)));
}

// sbox_shifted: the SM4 S-box of every byte, in AES ShiftRows order within each lane.
inline __m256i sbox_shifted(__m256i t) noexcept {
  namespace T = detail::sm4_tables;
  t = nibble_map(t, table(T::f_lo), table(T::f_hi));
  t = _mm256_aesenclast_epi128(t, _mm256_setzero_si256());
  return nibble_map(t, table(T::g_lo), table(T::g_hi));
}

template <int G, int W>
inline void round(__m256i (*x)[4], std::uint32_t rk) noexcept {
  namespace T = detail::sm4_tables;
  const __m256i k = _mm256_set1_epi32(static_cast<int>(rk));
  const __m256i r0 = table(T::rot0), r8 = table(T::rot8), r16 = table(T::rot16), r24 = table(T::rot24);
  for (int g = 0; g < G; ++g) {
    // X_{W+3} is the word the previous round wrote: XOR it last.
    const __m256i t = sbox_shifted(_mm256_xor_si256(_mm256_xor_si256(_mm256_xor_si256(x[g][(W + 1) % 4], x[g][(W + 2) % 4]), k),
                                                    x[g][(W + 3) % 4]));
    const __m256i y0 = _mm256_shuffle_epi8(t, r0);
    const __m256i a = _mm256_xor_si256(_mm256_xor_si256(y0, _mm256_shuffle_epi8(t, r8)), _mm256_shuffle_epi8(t, r16));
    const __m256i b = _mm256_xor_si256(y0, _mm256_shuffle_epi8(t, r24));
    x[g][W] = _mm256_xor_si256(_mm256_xor_si256(x[g][W], b), _mm256_xor_si256(_mm256_slli_epi32(a, 2), _mm256_srli_epi32(a, 30)));
  }
}

template <int G, bool Decrypt>
inline void rounds(const Sm4Schedule& ks, __m256i (*x)[4]) noexcept {
  for (int i = 0; i < 32; i += 4) {
    round<G, 0>(x, ks.rk[Decrypt ? 31 - i : i]);
    round<G, 1>(x, ks.rk[Decrypt ? 30 - i : i + 1]);
    round<G, 2>(x, ks.rk[Decrypt ? 29 - i : i + 2]);
    round<G, 3>(x, ks.rk[Decrypt ? 28 - i : i + 3]);
  }
}

inline void transpose4(__m256i& a, __m256i& b, __m256i& c, __m256i& d) noexcept {
  const __m256i t0 = _mm256_unpacklo_epi32(a, b), t1 = _mm256_unpacklo_epi32(c, d);
  const __m256i t2 = _mm256_unpackhi_epi32(a, b), t3 = _mm256_unpackhi_epi32(c, d);
  a = _mm256_unpacklo_epi64(t0, t1), b = _mm256_unpackhi_epi64(t0, t1);
  c = _mm256_unpacklo_epi64(t2, t3), d = _mm256_unpackhi_epi64(t2, t3);
}

inline __m256i bswap32(__m256i v) noexcept { return _mm256_shuffle_epi8(v, table(detail::sm4_tables::bswap32)); }

// load_group / store_group: 8 blocks (128 bytes) <-> one group.
inline void load_group(__m256i x[4], const std::uint8_t* in) noexcept {
  for (int w = 0; w < 4; ++w) x[w] = bswap32(loadu(in + 32 * w));
  transpose4(x[0], x[1], x[2], x[3]);
}
inline void store_group(std::uint8_t* out, __m256i x[4]) noexcept {
  transpose4(x[3], x[2], x[1], x[0]);
  for (int w = 0; w < 4; ++w) storeu(out + 32 * w, bswap32(x[3 - w]));
}

template <int G, bool Decrypt>
inline void crypt(const Sm4Schedule& ks, std::uint8_t* out, const std::uint8_t* in) noexcept {
  __m256i x[G][4];
  for (int g = 0; g < G; ++g) load_group(x[g], in + 128 * g);
  rounds<G, Decrypt>(ks, x);
  for (int g = 0; g < G; ++g) store_group(out + 128 * g, x[g]);
}

constexpr int groups = 4;                    // in flight
constexpr std::size_t batch = 8 * groups;    // blocks per batch

// crypt_tail: 1 to batch - 1 blocks through a zeroed stack copy, in as few groups as hold them.
template <bool Decrypt>
void crypt_tail(const Sm4Schedule& ks, std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  alignas(32) std::uint8_t buf[16 * batch] = {};
  std::memcpy(buf, in, 16 * n);
  switch ((n + 7) / 8) {
    case 1: crypt<1, Decrypt>(ks, buf, buf); break;
    case 2: crypt<2, Decrypt>(ks, buf, buf); break;
    case 3: crypt<3, Decrypt>(ks, buf, buf); break;
    default: crypt<4, Decrypt>(ks, buf, buf); break;
  }
  std::memcpy(out, buf, 16 * n);
  detail::wipe(buf);
}

template <bool Decrypt>
void ecb(const void* ks, std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  for (; n >= batch; n -= batch, in += 16 * batch, out += 16 * batch) crypt<groups, Decrypt>(sched(ks), out, in);
  if (n > 0) crypt_tail<Decrypt>(sched(ks), out, in, n);
}

void encrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  ecb<false>(ks, out, in, n);
}
void decrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  ecb<true>(ks, out, in, n);
}

// ctr_xor: a batch of counter blocks straight into the transposed layout (lane j of x3 = low word +
// the block's index) unless the low word wraps within the batch; the counter is public.
void ctr_xor(const void* ks, std::uint8_t ctr[16], std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  std::uint64_t hi = (std::uint64_t{detail::load_be32(ctr)} << 32) | detail::load_be32(ctr + 4);
  std::uint64_t lo = (std::uint64_t{detail::load_be32(ctr + 8)} << 32) | detail::load_be32(ctr + 12);
  alignas(32) std::uint8_t buf[16 * batch];
  while (n > 0) {
    const std::size_t m = n < batch ? n : batch;
    __m256i x[groups][4];
    if (static_cast<std::uint32_t>(lo) <= 0xffffffffu - batch) {
      for (int g = 0; g < groups; ++g) {
        x[g][0] = _mm256_set1_epi32(static_cast<int>(hi >> 32));
        x[g][1] = _mm256_set1_epi32(static_cast<int>(hi));
        x[g][2] = _mm256_set1_epi32(static_cast<int>(lo >> 32));
        x[g][3] = _mm256_add_epi32(_mm256_set1_epi32(static_cast<int>(lo)),
                                   _mm256_add_epi32(_mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7), _mm256_set1_epi32(8 * g)));
      }
    } else {
      std::uint64_t h = hi, l = lo;
      for (std::size_t j = 0; j < batch; ++j) {
        detail::store_be32(buf + 16 * j, static_cast<std::uint32_t>(h >> 32));
        detail::store_be32(buf + 16 * j + 4, static_cast<std::uint32_t>(h));
        detail::store_be32(buf + 16 * j + 8, static_cast<std::uint32_t>(l >> 32));
        detail::store_be32(buf + 16 * j + 12, static_cast<std::uint32_t>(l));
        h += (++l == 0);
      }
      for (int g = 0; g < groups; ++g) load_group(x[g], buf + 128 * g);
    }
    rounds<groups, false>(sched(ks), x);
    if (m == batch) {
      // Straight from the registers: transpose back and XOR with the input.
      for (int g = 0; g < groups; ++g) {
        transpose4(x[g][3], x[g][2], x[g][1], x[g][0]);
        for (int w = 0; w < 4; ++w) {
          const std::size_t at = 128 * static_cast<std::size_t>(g) + 32 * static_cast<std::size_t>(w);
          storeu(out + at, _mm256_xor_si256(bswap32(x[g][3 - w]), loadu(in + at)));
        }
      }
    } else {
      for (int g = 0; g < groups; ++g) store_group(buf + 128 * g, x[g]);
      for (std::size_t i = 0; i < 16 * m; ++i) out[i] = static_cast<std::uint8_t>(in[i] ^ buf[i]);
    }
    lo += m;
    hi += (lo < m);
    n -= m, in += 16 * m, out += 16 * m;
  }
  detail::store_be32(ctr, static_cast<std::uint32_t>(hi >> 32));
  detail::store_be32(ctr + 4, static_cast<std::uint32_t>(hi));
  detail::store_be32(ctr + 8, static_cast<std::uint32_t>(lo >> 32));
  detail::store_be32(ctr + 12, static_cast<std::uint32_t>(lo));
  detail::wipe(buf);
}

// cbc_decrypt: a batch at a time. The batch's ciphertext is copied behind its chaining
// value first (in place overwrites it), so block i is XORed with prev[i].
void cbc_decrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  alignas(32) std::uint8_t buf[16 * batch], prev[16 + 16 * batch];
  std::memcpy(prev, iv, 16);
  while (n > 0) {
    const std::size_t m = n < batch ? n : batch;
    std::memcpy(prev + 16, in, 16 * m);
    if (m == batch) crypt<groups, true>(sched(ks), buf, in); else crypt_tail<true>(sched(ks), buf, in, m);
    std::size_t i = 0;
    for (; i + 32 <= 16 * m; i += 32) storeu(out + i, _mm256_xor_si256(loadu(buf + i), loadu(prev + i)));
    if (i < 16 * m)
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i),
                       _mm_xor_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(buf + i)),
                                     _mm_loadu_si128(reinterpret_cast<const __m128i*>(prev + i))));
    std::memcpy(prev, prev + 16 * m, 16);
    n -= m, in += 16 * m, out += 16 * m;
  }
  std::memcpy(iv, prev, 16);
  detail::wipe(buf);
}

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
namespace {
// The chains run one block at a time: the AES-NI kernel's code is as fast for them.
void cbc_encrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  sm4_aesni.ops.cbc_encrypt(ks, iv, out, in, n);
}
void cbc_mac(const void* ks, std::uint8_t state[16], const std::uint8_t* in, std::size_t n) noexcept {
  sm4_aesni.ops.cbc_mac(ks, state, in, n);
}
}  // namespace

const Sm4Kernel sm4_vaes_avx2 = {
    {"sm4/vaes_avx2",
     cpu::Feature::vaes | cpu::Feature::avx2 | cpu::Feature::aesni | cpu::Feature::ssse3 | cpu::Feature::sse41, true},
    {sm4_vaes_avx2::encrypt_blocks, sm4_vaes_avx2::decrypt_blocks, sm4_vaes_avx2::ctr_xor, cbc_encrypt,
     sm4_vaes_avx2::cbc_decrypt, cbc_mac},
};
}  // namespace axiom::detail
