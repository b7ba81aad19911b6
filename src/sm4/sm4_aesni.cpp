// The AES-NI SM4 kernel. Four blocks share a group of four registers, one per word (a 4x4
// transpose of 32-bit words), and four groups are in flight (16 blocks) where blocks are
// independent: a round's dependency chain (S-box, then L) is about 18 cycles, which two
// groups' work (14 cycles of issue) would not cover. The S-box is AES's: SM4's S(x) = G(AES(F(x))) for two affine maps F and G
// (see sm4_portable.cpp), each applied as two pshufb nibble lookups; aesenclast with a zero
// key does the inversion, and its ShiftRows is undone inside the byte shuffles that L needs
// anyway. Per round and group: 28 instructions, 12 of them shuffles or shifts (2 ports on
// Zen 3), so the bound is about 7 cycles per round per 4 blocks: 3.5 cycles/byte.
#include <immintrin.h>

#include <cstring>

#include "core/endian.hpp"
#include "core/wipe.hpp"
#include "sm4/sm4_kernel.hpp"

AXIOM_ISA_BEGIN(sm4, aesni)

namespace {

using detail::Sm4Schedule;

inline __m128i loadu(const std::uint8_t* p) noexcept { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
inline void storeu(std::uint8_t* p, __m128i v) noexcept { _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v); }
inline const Sm4Schedule& sched(const void* ks) noexcept { return *static_cast<const Sm4Schedule*>(ks); }

inline __m128i table(const std::uint64_t (&t)[2]) noexcept {
  return _mm_set_epi64x(static_cast<long long>(t[1]), static_cast<long long>(t[0]));
}

// nibble_map applies the byte map given by its low- and high-nibble tables.
inline __m128i nibble_map(__m128i t, __m128i lo, __m128i hi) noexcept {
  const __m128i m = _mm_set1_epi8(0x0f);
  return _mm_xor_si128(_mm_shuffle_epi8(lo, _mm_and_si128(t, m)),
                       _mm_shuffle_epi8(hi, _mm_and_si128(_mm_srli_epi32(t, 4), m)));
}

// sbox_shifted: the SM4 S-box of every byte of t, in AES ShiftRows order.
inline __m128i sbox_shifted(__m128i t) noexcept {
  namespace T = detail::sm4_tables;
  t = nibble_map(t, table(T::f_lo), table(T::f_hi));
  t = _mm_aesenclast_si128(t, _mm_setzero_si128());
  return nibble_map(t, table(T::g_lo), table(T::g_hi));
}

// round<G, W>: X_W ^= L(S(X_{W+1} ^ X_{W+2} ^ X_{W+3} ^ rk)) in each of G groups, with
// L(B) = B ^ (B <<< 24) ^ ((B ^ (B <<< 8) ^ (B <<< 16)) <<< 2). The four shuffles undo
// ShiftRows and rotate by 0, 8, 16 and 24 bits.
template <int G, int W>
inline void round(__m128i (*x)[4], std::uint32_t rk) noexcept {
  const __m128i k = _mm_set1_epi32(static_cast<int>(rk));
  namespace T = detail::sm4_tables;
  const __m128i r0 = table(T::rot0), r8 = table(T::rot8), r16 = table(T::rot16), r24 = table(T::rot24);
  for (int g = 0; g < G; ++g) {
    // X_{W+3} is the word the previous round wrote: XOR it last.
    const __m128i t = sbox_shifted(
        _mm_xor_si128(_mm_xor_si128(_mm_xor_si128(x[g][(W + 1) % 4], x[g][(W + 2) % 4]), k), x[g][(W + 3) % 4]));
    const __m128i y0 = _mm_shuffle_epi8(t, r0);
    const __m128i a = _mm_xor_si128(_mm_xor_si128(y0, _mm_shuffle_epi8(t, r8)), _mm_shuffle_epi8(t, r16));
    const __m128i b = _mm_xor_si128(y0, _mm_shuffle_epi8(t, r24));
    x[g][W] = _mm_xor_si128(_mm_xor_si128(x[g][W], b), _mm_xor_si128(_mm_slli_epi32(a, 2), _mm_srli_epi32(a, 30)));
  }
}

template <int G, bool Decrypt>
inline void rounds(const Sm4Schedule& ks, __m128i (*x)[4]) noexcept {
  for (int i = 0; i < 32; i += 4) {
    round<G, 0>(x, ks.rk[Decrypt ? 31 - i : i]);
    round<G, 1>(x, ks.rk[Decrypt ? 30 - i : i + 1]);
    round<G, 2>(x, ks.rk[Decrypt ? 29 - i : i + 2]);
    round<G, 3>(x, ks.rk[Decrypt ? 28 - i : i + 3]);
  }
}

// transpose4 turns four rows of four 32-bit words into four columns.
inline void transpose4(__m128i& a, __m128i& b, __m128i& c, __m128i& d) noexcept {
  const __m128i t0 = _mm_unpacklo_epi32(a, b), t1 = _mm_unpacklo_epi32(c, d);
  const __m128i t2 = _mm_unpackhi_epi32(a, b), t3 = _mm_unpackhi_epi32(c, d);
  a = _mm_unpacklo_epi64(t0, t1), b = _mm_unpackhi_epi64(t0, t1);
  c = _mm_unpacklo_epi64(t2, t3), d = _mm_unpackhi_epi64(t2, t3);
}

inline __m128i bswap32(__m128i v) noexcept {
  return _mm_shuffle_epi8(v, table(detail::sm4_tables::bswap32));
}

// load_group / store_group: four blocks <-> one group (word w of block j in lane j of x[w]).
inline void load_group(__m128i x[4], const std::uint8_t* in) noexcept {
  for (int w = 0; w < 4; ++w) x[w] = bswap32(loadu(in + 16 * w));
  transpose4(x[0], x[1], x[2], x[3]);
}
// The output block is X35 || X34 || X33 || X32: the words in reverse order.
inline void store_group(std::uint8_t* out, __m128i x[4]) noexcept {
  transpose4(x[3], x[2], x[1], x[0]);
  for (int w = 0; w < 4; ++w) storeu(out + 16 * w, bswap32(x[3 - w]));
}

// crypt<G, D>: 4G blocks from in to out (out may be in).
template <int G, bool Decrypt>
inline void crypt(const Sm4Schedule& ks, std::uint8_t* out, const std::uint8_t* in) noexcept {
  __m128i x[G][4];
  for (int g = 0; g < G; ++g) load_group(x[g], in + 64 * g);
  rounds<G, Decrypt>(ks, x);
  for (int g = 0; g < G; ++g) store_group(out + 64 * g, x[g]);
}

constexpr int groups = 4;                    // in flight
constexpr std::size_t batch = 4 * groups;    // blocks per batch

// crypt_tail: 1 to batch - 1 blocks through a zeroed stack copy, in as few groups as hold them.
template <bool Decrypt>
void crypt_tail(const Sm4Schedule& ks, std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  alignas(16) std::uint8_t buf[16 * batch] = {};
  std::memcpy(buf, in, 16 * n);
  switch ((n + 3) / 4) {
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

// ctr_xor: the counter's words go straight into the transposed layout (x3 of lane j = low
// word + j) unless the low word would wrap within the batch, which builds the blocks in
// memory. The counter is public.
void ctr_xor(const void* ks, std::uint8_t ctr[16], std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  std::uint32_t c[4];
  for (int i = 0; i < 4; ++i) c[i] = detail::load_be32(ctr + 4 * i);
  std::uint64_t hi = (std::uint64_t{c[0]} << 32) | c[1], lo = (std::uint64_t{c[2]} << 32) | c[3];
  alignas(16) std::uint8_t buf[16 * batch];
  while (n > 0) {
    const std::size_t m = n < batch ? n : batch;
    __m128i x[groups][4];
    if (static_cast<std::uint32_t>(lo) <= 0xffffffffu - batch) {
      for (int g = 0; g < groups; ++g) {
        x[g][0] = _mm_set1_epi32(static_cast<int>(hi >> 32));
        x[g][1] = _mm_set1_epi32(static_cast<int>(hi));
        x[g][2] = _mm_set1_epi32(static_cast<int>(lo >> 32));
        x[g][3] = _mm_add_epi32(_mm_set1_epi32(static_cast<int>(lo)), _mm_setr_epi32(4 * g, 4 * g + 1, 4 * g + 2, 4 * g + 3));
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
      for (int g = 0; g < groups; ++g) load_group(x[g], buf + 64 * g);
    }
    rounds<groups, false>(sched(ks), x);
    for (int g = 0; g < groups; ++g) store_group(buf + 64 * g, x[g]);
    if (m == batch) {
      for (std::size_t i = 0; i < batch; ++i) storeu(out + 16 * i, _mm_xor_si128(loadu(buf + 16 * i), loadu(in + 16 * i)));
    } else {
      for (std::size_t i = 0; i < m; ++i) storeu(out + 16 * i, _mm_xor_si128(loadu(buf + 16 * i), loadu(in + 16 * i)));
    }
    lo += m;
    hi += (lo < m);
    n -= m, in += 16 * m, out += 16 * m;
  }
  for (int i = 0; i < 2; ++i) {
    detail::store_be32(ctr + 8 * i, static_cast<std::uint32_t>((i == 0 ? hi : lo) >> 32));
    detail::store_be32(ctr + 8 * i + 4, static_cast<std::uint32_t>(i == 0 ? hi : lo));
  }
  detail::wipe(buf);
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
  return bswap32(_mm_unpacklo_epi64(_mm_unpacklo_epi32(x[0][3], x[0][2]), _mm_unpacklo_epi32(x[0][1], x[0][0])));
}

void cbc_encrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  __m128i b = loadu(iv);
  for (; n > 0; --n, in += 16, out += 16) {
    b = encrypt1(sched(ks), _mm_xor_si128(b, loadu(in)));
    storeu(out, b);
  }
  storeu(iv, b);
}

void cbc_mac(const void* ks, std::uint8_t state[16], const std::uint8_t* in, std::size_t n) noexcept {
  __m128i b = loadu(state);
  for (; n > 0; --n, in += 16) b = encrypt1(sched(ks), _mm_xor_si128(b, loadu(in)));
  storeu(state, b);
}

// cbc_decrypt: a batch at a time; each chaining value is read before its block is stored.
void cbc_decrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  __m128i prev = loadu(iv);
  alignas(16) std::uint8_t buf[16 * batch];
  while (n > 0) {
    const std::size_t m = n < batch ? n : batch;
    __m128i c[batch];
    for (std::size_t i = 0; i < m; ++i) c[i] = loadu(in + 16 * i);
    if (m == batch) crypt<groups, true>(sched(ks), buf, in); else crypt_tail<true>(sched(ks), buf, in, m);
    storeu(out, _mm_xor_si128(loadu(buf), prev));
    for (std::size_t i = 1; i < m; ++i) storeu(out + 16 * i, _mm_xor_si128(loadu(buf + 16 * i), c[i - 1]));
    prev = c[m - 1];
    n -= m, in += 16 * m, out += 16 * m;
  }
  storeu(iv, prev);
  detail::wipe(buf);
}

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const Sm4Kernel sm4_aesni = {
    {"sm4/aesni", cpu::Feature::aesni | cpu::Feature::ssse3 | cpu::Feature::sse41, true},
    {sm4_aesni::encrypt_blocks, sm4_aesni::decrypt_blocks, sm4_aesni::ctr_xor, sm4_aesni::cbc_encrypt,
     sm4_aesni::cbc_decrypt, sm4_aesni::cbc_mac},
};
}  // namespace axiom::detail
