// sm4_gfni_body.hpp: the rounds and modes of the GFNI SM4 kernels, written once over the
// vector helpers each kernel defines in its region: sm4_gfni_avx512.cpp (zmm, 4 blocks a
// register) and sm4_gfni_avx2.cpp (ymm, 2 blocks). Include it inside the region after namespace
// vec (include <immintrin.h>, <cstring>, core/endian.hpp, core/wipe.hpp and sm4/sm4_kernel.hpp
// before the region). vec provides, for V and (marked *) for __m128i: loadu, storeu,
// load_blocks / store_blocks (the first k < reg_blocks blocks of a register, nothing else
// touched), splat32, splat64, ternary_xor (a three-input XOR is one instruction), xor_*, xor3*,
// xor5* (the last two terms known last), affine<c>, affine_inv<c>, ror8, ror16, ror24 (each
// 32-bit word rotated right by bytes), bswap32, add32, unpack{lo,hi}{32,64}, block_index (the
// block of each word of a group's register) and prev_blocks (CBC decryption). This header adds
// the __m128i affine, affine_inv and rotations, which are the same for both, and defines the
// kernel's entry points.
//
// The state is kept in the basis Y = to_y·X (sm4_kernel.hpp, sm4_gfni), bytes in memory order:
// a round is x = Y1 ^ Y2 ^ Y3 ^ rk', three vgf2p8affineinvqb of x, three byte rotations and
// the XOR of five terms into Y0 (no bit rotation: the bits L moves across bytes are in the
// matrices). The basis changes once per block on the way in and out (one vgf2p8affineqb per
// register), and once per call for the round keys.
#pragma once

namespace vec {

template <int C>
inline __m128i affine(__m128i x, __m128i m) noexcept {
  return _mm_gf2p8affine_epi64_epi8(x, m, C);
}
template <int C>
inline __m128i affine_inv(__m128i x, __m128i m) noexcept {
  return _mm_gf2p8affineinv_epi64_epi8(x, m, C);
}
inline __m128i table128(const std::uint64_t (&t)[2]) noexcept {
  return _mm_set_epi64x(static_cast<long long>(t[1]), static_cast<long long>(t[0]));
}
inline __m128i ror8(__m128i a) noexcept {
  return _mm_shuffle_epi8(a, table128(detail::sm4_tables::rotl24));
}
inline __m128i ror16(__m128i a) noexcept {
  return _mm_shuffle_epi8(a, table128(detail::sm4_tables::rotl16));
}
inline __m128i ror24(__m128i a) noexcept {
  return _mm_shuffle_epi8(a, table128(detail::sm4_tables::rotl8));
}

}  // namespace vec

namespace sm4_gfni_rounds {

using detail::Sm4Schedule;
namespace K = detail::sm4_gfni;
using namespace vec;

constexpr std::size_t group_blocks = 4 * reg_blocks;  // a group: four registers
constexpr std::size_t group_bytes = 16 * group_blocks;

// RoundKeys: to_y·rk ^ 0x3e in memory byte order, in the order the rounds take them (backwards
// for decryption). On the stack of a call, wiped at its end.
struct RoundKeys {
  alignas(64) std::uint32_t k[32];
};

inline __m128i load128(const std::uint8_t* p) noexcept {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}
inline void store128(std::uint8_t* p, __m128i v) noexcept {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
}
inline __m128i matrix128(std::uint64_t m) noexcept {
  return _mm_set1_epi64x(static_cast<long long>(m));
}

inline __m128i bswap32_128() noexcept {
  return _mm_set_epi64x(static_cast<long long>(detail::sm4_tables::bswap32[1]),
                        static_cast<long long>(detail::sm4_tables::bswap32[0]));
}

inline void round_keys(const Sm4Schedule& ks, bool decrypt, RoundKeys& out) noexcept {
  const __m128i m = matrix128(K::to_y), swap = bswap32_128();
  for (std::size_t i = 0; i < 32; i += 4) {
    __m128i v = _mm_load_si128(reinterpret_cast<const __m128i*>(ks.rk + i));
    v = affine<K::to_y_const>(_mm_shuffle_epi8(v, swap), m);
    if (decrypt) {
      _mm_store_si128(reinterpret_cast<__m128i*>(out.k + 28 - i), _mm_shuffle_epi32(v, 0x1b));
    } else {
      _mm_store_si128(reinterpret_cast<__m128i*>(out.k + i), v);
    }
  }
}

// ---- Bulk: G groups side by side, four registers each (word w of every block in y[g][w]).

// mix<G, W>: y[g][W] ^= the round's output for the S-box inputs x[g] (in the Y basis).
template <int G, int W>
inline void mix(V (*y)[4], const V (&x)[G]) noexcept {
  const V m0 = splat64(K::enc_m0), m1 = splat64(K::enc_m1), m3 = splat64(K::enc_m3);
  V u0[G], u1[G], u3[G];
  for (int g = 0; g < G; ++g) u0[g] = affine_inv<K::enc_const>(x[g], m0);
  for (int g = 0; g < G; ++g) u1[g] = affine_inv<0>(x[g], m1);
  for (int g = 0; g < G; ++g) u3[g] = affine_inv<0>(x[g], m3);
  for (int g = 0; g < G; ++g)
    y[g][W] = xor5(y[g][W], u0[g], ror8(u1[g]), ror16(u1[g]), ror24(u3[g]));
}

// round_pair<G, W>: rounds W and W + 1 (W = 0 or 2) with round keys k[0], k[1]. Both read
// Y_{W+2} ^ Y_{W+3}: one XOR for the two.
template <int G, int W>
inline void round_pair(V (*y)[4], const std::uint32_t* k) noexcept {
  V d[G], x[G];
  const V k0 = splat32(k[0]), k1 = splat32(k[1]);
  for (int g = 0; g < G; ++g) d[g] = xor_(y[g][(W + 2) % 4], y[g][(W + 3) % 4]);
  for (int g = 0; g < G; ++g) x[g] = xor3(y[g][W + 1], d[g], k0);
  mix<G, W>(y, x);
  for (int g = 0; g < G; ++g) x[g] = xor3(y[g][W], d[g], k1);
  mix<G, W + 1>(y, x);
}

template <int G>
inline void rounds(const RoundKeys& rk, V (*y)[4]) noexcept {
  for (int i = 0; i < 32; i += 4) {
    round_pair<G, 0>(y, rk.k + i);
    round_pair<G, 2>(y, rk.k + i + 2);
  }
}

// transpose4 turns four rows of four 32-bit words into four columns (in each 128-bit lane).
inline void transpose4(V& a, V& b, V& c, V& d) noexcept {
  const V t0 = unpacklo32(a, b), t1 = unpacklo32(c, d);
  const V t2 = unpackhi32(a, b), t3 = unpackhi32(c, d);
  a = unpacklo64(t0, t1), b = unpackhi64(t0, t1);
  c = unpacklo64(t2, t3), d = unpackhi64(t2, t3);
}

// load_part / store_part: register r of a group at p whose blocks from `first` on are the
// n - first valid ones (0 to reg_blocks): a whole load or store, part of one, or none.
inline V load_part(const std::uint8_t* p, std::size_t n, std::size_t first) noexcept {
  if (n >= first + reg_blocks) return loadu(p);
  return n > first ? load_blocks(p, n - first) : splat32(0);
}
inline void store_part(std::uint8_t* p, V v, std::size_t n, std::size_t first) noexcept {
  if (n >= first + reg_blocks) return storeu(p, v);
  if (n > first) store_blocks(p, v, n - first);
}

// load_group: a group's first n blocks (n <= group_blocks; the rest as zeros) into Y words.
inline void load_group(V y[4], const std::uint8_t* in, std::size_t n) noexcept {
  for (std::size_t r = 0; r < 4; ++r) y[r] = load_part(in + 16 * reg_blocks * r, n, reg_blocks * r);
  transpose4(y[0], y[1], y[2], y[3]);
  const V m = splat64(K::to_y);
  for (int w = 0; w < 4; ++w) y[w] = affine<0>(y[w], m);
}

// output_blocks: the state after the rounds as the output blocks X35 || X34 || X33 || X32 in
// memory order: register r of the group's blocks is y[3 - r].
inline void output_blocks(V y[4]) noexcept {
  const V m = splat64(K::from_y);
  for (int w = 0; w < 4; ++w) y[w] = affine<0>(y[w], m);
  transpose4(y[3], y[2], y[1], y[0]);
}

inline std::size_t left_from(std::size_t n, std::size_t first) noexcept {
  return n > first ? n - first : 0;
}

// crypt<G>: n blocks (at most G groups) from in to out, which may be in. Compiled on its own,
// with its rounds inlined, so the state stays in registers whatever the caller.
template <int G>
[[gnu::noinline, gnu::flatten]] void crypt(const RoundKeys& rk, std::uint8_t* out,
                                           const std::uint8_t* in, std::size_t n) noexcept {
  V y[G][4];
  for (std::size_t g = 0; g < G; ++g)
    load_group(y[g], in + group_bytes * g, left_from(n, group_blocks * g));
  rounds<G>(rk, y);
  for (std::size_t g = 0; g < G; ++g) {
    output_blocks(y[g]);
    const std::size_t left = left_from(n, group_blocks * g);
    for (std::size_t r = 0; r < 4; ++r)
      store_part(out + group_bytes * g + 16 * reg_blocks * r, y[g][3 - r], left, reg_blocks * r);
  }
}

// crypt_fewest<G>: n blocks (1 to G groups' worth) in as few groups as hold them, so that a
// short call costs what it needs.
template <int G>
inline void crypt_fewest(const RoundKeys& rk, std::uint8_t* out, const std::uint8_t* in,
                         std::size_t n) noexcept {
  if constexpr (G > 1) {
    if (n <= (G - 1) * group_blocks) return crypt_fewest<G - 1>(rk, out, in, n);
  }
  crypt<G>(rk, out, in, n);
}

// ctr_groups<G>: n blocks (at most G groups) of CTR from the counter (hi, lo) whose low word
// does not wrap on the way: the counter's words go straight into the transposed layout (word 3
// of block j is the low word + j) and the keystream is XORed as it is stored.
template <int G>
[[gnu::noinline, gnu::flatten]] void ctr_groups(const RoundKeys& rk, std::uint64_t hi,
                                                std::uint64_t lo, std::uint8_t* out,
                                                const std::uint8_t* in, std::size_t n) noexcept {
  const V m = splat64(K::to_y);
  const V w0 = affine<0>(bswap32(splat32(static_cast<std::uint32_t>(hi >> 32))), m);
  const V w1 = affine<0>(bswap32(splat32(static_cast<std::uint32_t>(hi))), m);
  const V w2 = affine<0>(bswap32(splat32(static_cast<std::uint32_t>(lo >> 32))), m);
  V y[G][4];
  for (std::size_t g = 0; g < G; ++g) {
    y[g][0] = w0, y[g][1] = w1, y[g][2] = w2;
    const V low = add32(splat32(static_cast<std::uint32_t>(lo + group_blocks * g)), block_index());
    y[g][3] = affine<0>(bswap32(low), m);
  }
  rounds<G>(rk, y);
  for (std::size_t g = 0; g < G; ++g) {
    output_blocks(y[g]);
    const std::size_t left = left_from(n, group_blocks * g);
    for (std::size_t r = 0; r < 4; ++r) {
      const std::size_t at = group_bytes * g + 16 * reg_blocks * r, first = reg_blocks * r;
      store_part(out + at, xor_(y[g][3 - r], load_part(in + at, left, first)), left, first);
    }
  }
}

template <int G>
inline void ctr_fewest(const RoundKeys& rk, std::uint64_t hi, std::uint64_t lo, std::uint8_t* out,
                       const std::uint8_t* in, std::size_t n) noexcept {
  if constexpr (G > 1) {
    if (n <= (G - 1) * group_blocks) return ctr_fewest<G - 1>(rk, hi, lo, out, in, n);
  }
  ctr_groups<G>(rk, hi, lo, out, in, n);
}

// ctr_xor<Groups>: a batch at a time, straight from the counter unless its low word wraps
// within the batch; such a batch goes through counter blocks on the stack (the counter is
// public, the keystream is wiped).
template <int Groups>
inline void ctr_xor(const void* ks, std::uint8_t ctr[16], std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  if (n == 0) return;
  RoundKeys rk;
  round_keys(*static_cast<const Sm4Schedule*>(ks), false, rk);
  constexpr std::size_t batch = Groups * group_blocks;
  std::uint64_t hi = (std::uint64_t{detail::load_be32(ctr)} << 32) | detail::load_be32(ctr + 4);
  std::uint64_t lo =
      (std::uint64_t{detail::load_be32(ctr + 8)} << 32) | detail::load_be32(ctr + 12);
  while (n > 0) {
    const std::size_t m = n < batch ? n : batch;
    if (static_cast<std::uint32_t>(lo) <= 0xffffffffu - m) {
      ctr_fewest<Groups>(rk, hi, lo, out, in, m);
    } else {
      alignas(64) std::uint8_t buf[16 * batch];
      for (std::size_t j = 0; j < m; ++j) {
        const std::uint64_t l = lo + j, h = hi + (l < lo);
        detail::store_be32(buf + 16 * j, static_cast<std::uint32_t>(h >> 32));
        detail::store_be32(buf + 16 * j + 4, static_cast<std::uint32_t>(h));
        detail::store_be32(buf + 16 * j + 8, static_cast<std::uint32_t>(l >> 32));
        detail::store_be32(buf + 16 * j + 12, static_cast<std::uint32_t>(l));
      }
      crypt_fewest<Groups>(rk, buf, buf, m);
      for (std::size_t i = 0; i < 16 * m; i += 16)
        store128(out + i, _mm_xor_si128(load128(buf + i), load128(in + i)));
      detail::wipe(buf);
    }
    hi += (lo + m < lo);
    lo += m;
    n -= m, in += 16 * m, out += 16 * m;
  }
  detail::store_be32(ctr, static_cast<std::uint32_t>(hi >> 32));
  detail::store_be32(ctr + 4, static_cast<std::uint32_t>(hi));
  detail::store_be32(ctr + 8, static_cast<std::uint32_t>(lo >> 32));
  detail::store_be32(ctr + 12, static_cast<std::uint32_t>(lo));
  detail::wipe(rk);
}

// cbc_groups<G>: CBC decryption of n blocks (at most G groups); chain is the ciphertext block
// before them and becomes their last. Block j's output is XORed with ciphertext j - 1, loaded
// again after the rounds: the stores go from the last register to the first, each after the
// loads it needs, so in place works.
template <int G>
[[gnu::noinline, gnu::flatten]] void cbc_groups(const RoundKeys& rk, __m128i& chain,
                                                std::uint8_t* out, const std::uint8_t* in,
                                                std::size_t n) noexcept {
  V y[G][4];
  for (std::size_t g = 0; g < G; ++g)
    load_group(y[g], in + group_bytes * g, left_from(n, group_blocks * g));
  const __m128i last = load128(in + 16 * (n - 1));
  rounds<G>(rk, y);
  for (std::size_t g = G; g-- > 0;) {
    output_blocks(y[g]);
    const std::size_t left = left_from(n, group_blocks * g);
    for (std::size_t r = 4; r-- > 0;) {
      const std::size_t at = group_bytes * g + 16 * reg_blocks * r, first = reg_blocks * r;
      if (left <= first) continue;
      const V prev = at == 0 ? prev_blocks(load_part(in, left, 0), chain)
                             : load_part(in + at - 16, left, first);
      store_part(out + at, xor_(y[g][3 - r], prev), left, first);
    }
  }
  chain = last;
}

template <int G>
inline void cbc_fewest(const RoundKeys& rk, __m128i& chain, std::uint8_t* out,
                       const std::uint8_t* in, std::size_t n) noexcept {
  if constexpr (G > 1) {
    if (n <= (G - 1) * group_blocks) return cbc_fewest<G - 1>(rk, chain, out, in, n);
  }
  cbc_groups<G>(rk, chain, out, in, n);
}

template <int Groups>
inline void cbc_decrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out,
                        const std::uint8_t* in, std::size_t n) noexcept {
  if (n == 0) return;
  RoundKeys rk;
  round_keys(*static_cast<const Sm4Schedule*>(ks), true, rk);
  constexpr std::size_t batch = Groups * group_blocks;
  __m128i chain = load128(iv);
  for (; n > batch; n -= batch, in += 16 * batch, out += 16 * batch)
    cbc_groups<Groups>(rk, chain, out, in, batch);
  cbc_fewest<Groups>(rk, chain, out, in, n);
  store128(iv, chain);
  detail::wipe(rk);
}

// ---- One block at a time (CBC encryption, CBC-MAC, a single block, the key schedule):
// latency bound. Word w of the block is in every 32-bit lane of y[w]. Two S-box inputs in a row
// differ by x_{i+1} = x_i ^ (Y_i ^ Y_{i+1} ^ rk_i ^ rk_{i+1}) ^ T(x_i), where T(x_i) =
// Y_{i+4} ^ Y_i is the round's output: the bracket is old, so after the vgf2p8affineinvqb
// products come one byte rotation and two XOR levels, and the new word Y_{i+4} is formed off
// that chain.

// step1<Key, W>: round i (i % 4 = W) from x = x_i to x_{i+1}; kk = rk_i ^ rk_{i+1}. Key: the
// key schedule's L' (four products) instead of the cipher's L (three).
template <bool Key, int W>
inline void step1(__m128i y[4], __m128i& x, std::uint32_t kk) noexcept {
  const __m128i m0 = matrix128(Key ? K::key_m0 : K::enc_m0);
  const __m128i m1 = matrix128(Key ? K::key_m1 : K::enc_m1);
  const __m128i m3 = matrix128(Key ? K::key_m3 : K::enc_m3);
  const __m128i u0 = affine_inv < Key ? K::key_const : K::enc_const > (x, m0);
  const __m128i u1 = affine_inv<0>(x, m1);
  __m128i u2 = u1;
  if constexpr (Key) u2 = affine_inv<0>(x, matrix128(K::key_m2));
  const __m128i u3 = affine_inv<0>(x, m3);
  const __m128i s = xor_(y[(W + 1) % 4], _mm_set1_epi32(static_cast<int>(kk)));
  const __m128i a = xor3(y[W], s, x);
  const __m128i next = xor5(a, u0, ror8(u1), ror16(u2), ror24(u3));
  y[W] = xor3(next, s, x);  // Y_{i+4}
  x = next;
}

// step1_rotated<W>: step1 for the cipher with z = x rotated by a byte kept alongside x, where
// three-input XORs make it pay (AVX-512): the products act on bytes, so u(z) is u(x) rotated,
// and one of the three rotated terms comes straight from a vgf2p8affineinvqb of z. Both x and
// z then need one rotation and one XOR level after the products, not two.
template <int W>
inline void step1_rotated(__m128i y[4], __m128i& x, __m128i& z, std::uint32_t kk) noexcept {
  const __m128i m0 = matrix128(K::enc_m0), m1 = matrix128(K::enc_m1), m3 = matrix128(K::enc_m3);
  const __m128i u0x = affine_inv<K::enc_const>(x, m0), u3x = affine_inv<0>(x, m3);
  const __m128i u0z = affine_inv<K::enc_const>(z, m0), u1z = affine_inv<0>(z, m1);
  const __m128i s = xor_(y[(W + 1) % 4], _mm_set1_epi32(static_cast<int>(kk)));
  const __m128i e =
      xor_(y[W], s);  // x_{i+1} = e ^ x ^ T(x), T(x) = u0x ^ u1z ^ ror8(u1z) ^ ror24(u3x)
  const __m128i r = ror8(u1z);
  const __m128i next = xor5(xor_(e, x), u0x, u1z, r, ror24(u3x));
  z = xor5(xor_(ror8(e), z), u0z, u3x, r, ror16(u1z));
  y[W] = xor3(next, s, x);
  x = next;
}

// rounds1<Key>: the 32 rounds on y with round keys k (in the Y basis); Key: Y_{i+4} to out[i].
template <bool Key>
inline void rounds1(const std::uint32_t* k, __m128i y[4], std::uint32_t* out) noexcept {
  __m128i x = xor3(xor_(y[1], y[2]), y[3], _mm_set1_epi32(static_cast<int>(k[0])));
  if constexpr (!Key && ternary_xor) {
    __m128i z = ror8(x);
    for (int i = 0; i < 32; i += 4) {
      step1_rotated<0>(y, x, z, k[i] ^ k[i + 1]);
      step1_rotated<1>(y, x, z, k[i + 1] ^ k[i + 2]);
      step1_rotated<2>(y, x, z, k[i + 2] ^ k[i + 3]);
      step1_rotated<3>(y, x, z, k[i + 3] ^ k[(i + 4) % 32]);
    }
    return;
  }
  for (int i = 0; i < 32; i += 4) {
    step1<Key, 0>(y, x, k[i] ^ k[i + 1]);
    step1<Key, 1>(y, x, k[i + 1] ^ k[i + 2]);
    step1<Key, 2>(y, x, k[i + 2] ^ k[i + 3]);
    step1<Key, 3>(y, x, k[i + 3] ^ k[(i + 4) % 32]);  // the last x_{i+1} is not used
    if constexpr (Key) {
      for (int w = 0; w < 4; ++w) out[i + w] = static_cast<std::uint32_t>(_mm_cvtsi128_si32(y[w]));
    }
  }
}

// split / join: a block (in the Y basis) <-> its words, one per register.
inline void split(__m128i v, __m128i y[4]) noexcept {
  y[0] = _mm_shuffle_epi32(v, 0x00), y[1] = _mm_shuffle_epi32(v, 0x55);
  y[2] = _mm_shuffle_epi32(v, 0xaa), y[3] = _mm_shuffle_epi32(v, 0xff);
}
inline __m128i join(const __m128i c[4]) noexcept {
  return _mm_blend_epi32(_mm_blend_epi32(c[0], c[1], 0x2), _mm_blend_epi32(c[2], c[3], 0x8), 0xc);
}

// block1: one block (ECB of a single block: CFB, OFB, GCM's E(J0), ... call it so).
inline void block1(const RoundKeys& rk, std::uint8_t* out, const std::uint8_t* in) noexcept {
  __m128i y[4], c[4];
  split(affine<0>(load128(in), matrix128(K::to_y)), y);
  rounds1<false>(rk.k, y, nullptr);
  for (int w = 0; w < 4; ++w) c[w] = y[3 - w];
  store128(out, affine<0>(join(c), matrix128(K::from_y)));
}

// ecb<Groups>: batches of Groups groups, the rest in as few groups as hold it; a single block
// on the one-block path, whose chain is shorter.
template <int Groups>
inline void ecb(const void* ks, bool decrypt, std::uint8_t* out, const std::uint8_t* in,
                std::size_t n) noexcept {
  if (n == 0) return;
  RoundKeys rk;
  round_keys(*static_cast<const Sm4Schedule*>(ks), decrypt, rk);
  if (n == 1) {
    block1(rk, out, in);
  } else {
    constexpr std::size_t batch = Groups * group_blocks;
    for (; n > batch; n -= batch, in += 16 * batch, out += 16 * batch)
      crypt<Groups>(rk, out, in, batch);
    crypt_fewest<Groups>(rk, out, in, n);
  }
  detail::wipe(rk);
}

// chain: n blocks of CBC from c (the chaining value, as words in the Y basis), their output
// to out unless it is null (CBC-MAC). The words after the rounds are the output's in reverse;
// the next block's input is XORed onto them in the Y basis.
inline void chain(const RoundKeys& rk, __m128i c[4], std::uint8_t* out, const std::uint8_t* in,
                  std::size_t n) noexcept {
  const __m128i to = matrix128(K::to_y);
  const __m128i from = matrix128(K::from_y);
  for (; n > 0; --n, in += 16) {
    __m128i p[4], y[4];
    split(affine<0>(load128(in), to), p);
    for (int w = 0; w < 4; ++w) y[w] = xor_(c[w], p[w]);
    rounds1<false>(rk.k, y, nullptr);
    for (int w = 0; w < 4; ++w) c[w] = y[3 - w];
    if (out != nullptr) {
      store128(out, affine<0>(join(c), from));
      out += 16;
    }
  }
}

inline void chain_call(const void* ks, std::uint8_t state[16], std::uint8_t* out,
                       const std::uint8_t* in, std::size_t n) noexcept {
  RoundKeys rk;
  round_keys(*static_cast<const Sm4Schedule*>(ks), false, rk);
  __m128i c[4];
  split(affine<0>(load128(state), matrix128(K::to_y)), c);
  chain(rk, c, out, in, n);
  store128(state, affine<0>(join(c), matrix128(K::from_y)));
  detail::wipe(rk);
}

inline void cbc_encrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out,
                        const std::uint8_t* in, std::size_t n) noexcept {
  chain_call(ks, iv, out, in, n);
}
inline void cbc_mac(const void* ks, std::uint8_t state[16], const std::uint8_t* in,
                    std::size_t n) noexcept {
  chain_call(ks, state, nullptr, in, n);
}

// expand_key: GB/T 32907 7.3 on the one-block path: K = MK ^ FK into the Y basis, the rounds
// with L' and CK_i (byte j of CK_i is 7 (4i + j) mod 256, in memory order), every Y_{i+4} out
// of the Y basis as rk_i.
inline void expand_key(Sm4Schedule& ks, const std::uint8_t key[16]) noexcept {
  const __m128i to = matrix128(K::to_y);
  const __m128i from = matrix128(K::from_y);
  const __m128i fk =
      _mm_set_epi64x(static_cast<long long>(0xdc2270b297917d67ULL), 0x5033aa56c6bab1a3LL);
  __m128i y[4];
  split(affine<0>(_mm_xor_si128(load128(key), fk), to), y);
  alignas(16) std::uint32_t ck[32], ky[32];
  __m128i bytes = _mm_setr_epi8(0, 7, 14, 21, 28, 35, 42, 49, 56, 63, 70, 77, 84, 91, 98, 105);
  for (std::size_t i = 0; i < 32; i += 4, bytes = _mm_add_epi8(bytes, _mm_set1_epi8(112)))
    _mm_store_si128(reinterpret_cast<__m128i*>(ck + i), affine<K::to_y_const>(bytes, to));
  rounds1<true>(ck, y, ky);
  for (std::size_t i = 0; i < 32; i += 4) {
    const __m128i v = affine<0>(_mm_load_si128(reinterpret_cast<const __m128i*>(ky + i)), from);
    _mm_store_si128(reinterpret_cast<__m128i*>(ks.rk + i), _mm_shuffle_epi8(v, bswap32_128()));
  }
  detail::wipe(ky);
}

}  // namespace sm4_gfni_rounds

namespace {

constexpr int groups = 4;  // in flight where blocks are independent

void encrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  sm4_gfni_rounds::ecb<groups>(ks, false, out, in, n);
}
void decrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  sm4_gfni_rounds::ecb<groups>(ks, true, out, in, n);
}
void ctr_xor(const void* ks, std::uint8_t ctr[16], std::uint8_t* out, const std::uint8_t* in,
             std::size_t n) noexcept {
  sm4_gfni_rounds::ctr_xor<groups>(ks, ctr, out, in, n);
}
void cbc_decrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  sm4_gfni_rounds::cbc_decrypt<groups>(ks, iv, out, in, n);
}
void cbc_encrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  sm4_gfni_rounds::cbc_encrypt(ks, iv, out, in, n);
}
void cbc_mac(const void* ks, std::uint8_t state[16], const std::uint8_t* in,
             std::size_t n) noexcept {
  sm4_gfni_rounds::cbc_mac(ks, state, in, n);
}
void expand_key(detail::Sm4Schedule& ks, const std::uint8_t key[16]) noexcept {
  sm4_gfni_rounds::expand_key(ks, key);
}

}  // namespace
