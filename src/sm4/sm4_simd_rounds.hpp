// sm4_simd_rounds.hpp: the SM4 rounds of the aesni and vaes_avx2 kernels, written once over
// a vector type. Include it inside an AXIOM_ISA_BEGIN region after defining, in namespace
// vec of that region: the type V (xmm or ymm) and the one-instruction helpers listed below.
// Each kernel gets its own copy compiled for its own target (include <cstring> and <utility>,
// core/endian.hpp, core/wipe.hpp and sm4_kernel.hpp before the region).
//
// A group is four registers, one per word of four (xmm) or eight (ymm) blocks: a 4x4 word
// transpose in each 128-bit lane. SM4's S-box is AES's between two affine maps, S(x) =
// G(AES(F(x))) (see sm4_portable.cpp); F and G are two pshufb nibble lookups each and
// aesenclast with a zero key does the inversion; its ShiftRows is undone inside the byte
// shuffles that L needs anyway.
#pragma once

namespace sm4_simd {

using detail::Sm4Schedule;
using namespace vec;  // V, loadu, storeu, table, xor_, and_, shuffle, srl, sll, aeslast0, splat8,
                      // splat32, unpack*

// round_step<N, W>: X_W ^= L(S(X_{W+1} ^ X_{W+2} ^ X_{W+3} ^ k)) in N groups, step by step
// across the groups: the instructions of independent chains sit side by side, so the
// scheduler, which sees a short stretch of the program, finds work for all four pipes.
template <int N, int W>
inline void round_step(V (*x)[4], V k) noexcept {
  namespace T = detail::sm4_tables;
  const V m = splat8(0x0f);
  V t[N], u[N];
  // X_{W+3} is the word the previous round wrote: XOR it last.
  for (int g = 0; g < N; ++g)
    t[g] = xor_(xor_(xor_(x[g][(W + 1) % 4], x[g][(W + 2) % 4]), k), x[g][(W + 3) % 4]);
  for (int g = 0; g < N; ++g) u[g] = and_(srl<4>(t[g]), m);
  for (int g = 0; g < N; ++g)
    t[g] = xor_(shuffle(table(T::f_lo), and_(t[g], m)), shuffle(table(T::f_hi), u[g]));
  for (int g = 0; g < N; ++g) t[g] = aeslast0(t[g]);
  for (int g = 0; g < N; ++g) u[g] = and_(srl<4>(t[g]), m);
  for (int g = 0; g < N; ++g)
    t[g] = xor_(shuffle(table(T::g_lo), and_(t[g], m)), shuffle(table(T::g_hi), u[g]));
  // L(B) = B ^ (B <<< 24) ^ ((B ^ (B <<< 8) ^ (B <<< 16)) <<< 2). Three shuffles undo ShiftRows
  // and rotate by 0, 8 and 16 bits; with C = B ^ (B <<< 8), B ^ (B <<< 24) is C <<< 24: one
  // XOR fewer than forming it from B <<< 24.
  for (int g = 0; g < N; ++g) {
    const V c = xor_(shuffle(t[g], table(T::rot0)), shuffle(t[g], table(T::rot8)));
    u[g] = xor_(c, shuffle(t[g], table(T::rot16)));
    t[g] = shuffle(c, table(T::rotl24));
  }
  for (int g = 0; g < N; ++g)
    x[g][W] = xor_(xor_(x[g][W], t[g]), xor_(sll<2>(u[g]), srl<30>(u[g])));
}

// round<G, W>: round W in each of G groups, two interleaved at a time (measured: 7% faster
// than one at a time in the aesni kernel, 3 or 4 at a time no better). The groups' rounds are
// independent: the core overlaps their dependency chains (about 20 cycles a round).
template <int G, int W>
inline void round(V (*x)[4], std::uint32_t rk) noexcept {
  const V k = splat32(rk);
  for (int g = 0; g + 2 <= G; g += 2) round_step<2, W>(x + g, k);
  if constexpr (G % 2 != 0) round_step<1, W>(x + G - 1, k);
}

template <int G, bool Decrypt>
inline void rounds(const Sm4Schedule& ks, V (*x)[4]) noexcept {
  for (int i = 0; i < 32; i += 4) {
    round<G, 0>(x, ks.rk[Decrypt ? 31 - i : i]);
    round<G, 1>(x, ks.rk[Decrypt ? 30 - i : i + 1]);
    round<G, 2>(x, ks.rk[Decrypt ? 29 - i : i + 2]);
    round<G, 3>(x, ks.rk[Decrypt ? 28 - i : i + 3]);
  }
}

// transpose4 turns four rows of four 32-bit words into four columns (in each 128-bit lane).
inline void transpose4(V& a, V& b, V& c, V& d) noexcept {
  const V t0 = unpacklo32(a, b), t1 = unpacklo32(c, d);
  const V t2 = unpackhi32(a, b), t3 = unpackhi32(c, d);
  a = unpacklo64(t0, t1), b = unpackhi64(t0, t1);
  c = unpacklo64(t2, t3), d = unpackhi64(t2, t3);
}

inline V bswap32(V v) noexcept { return shuffle(v, table(detail::sm4_tables::bswap32)); }

// load_group / store_group: the blocks of one group (4 * sizeof(V) bytes) <-> its registers.
// The output block is X35 || X34 || X33 || X32: the words in reverse order. With Xor, the
// stored blocks are XORed with those at mask (CTR: the keystream never goes to memory).
inline void load_group(V x[4], const std::uint8_t* in) noexcept {
  for (int w = 0; w < 4; ++w) x[w] = bswap32(loadu(in + sizeof(V) * static_cast<std::size_t>(w)));
  transpose4(x[0], x[1], x[2], x[3]);
}
template <bool Xor>
inline void store_group(std::uint8_t* out, V x[4], const std::uint8_t* mask) noexcept {
  transpose4(x[3], x[2], x[1], x[0]);
  for (int w = 0; w < 4; ++w) {
    const std::size_t at = sizeof(V) * static_cast<std::size_t>(w);
    if constexpr (Xor) {
      storeu(out + at, xor_(bswap32(x[3 - w]), loadu(mask + at)));
    } else {
      storeu(out + at, bswap32(x[3 - w]));
    }
  }
}

constexpr std::size_t group_blocks = sizeof(V) / 4;  // blocks per group: 4 (xmm) or 8 (ymm)
constexpr std::size_t group_bytes = 16 * group_blocks;

// crypt<G, Decrypt>: G groups from in to out (out may be in). Compiled on its own with
// everything inlined into it, as ctr_batch: the compiler's allocation of the spilled state
// otherwise changes with the caller (the aesni kernel's ECB ran at 4.1 to 7 c/B).
template <int G, bool Decrypt>
[[gnu::noinline, gnu::flatten]] void crypt(const Sm4Schedule& ks, std::uint8_t* out,
                                           const std::uint8_t* in) noexcept {
  V x[G][4];
  for (int g = 0; g < G; ++g) load_group(x[g], in + group_bytes * static_cast<std::size_t>(g));
  rounds<G, Decrypt>(ks, x);
  for (int g = 0; g < G; ++g)
    store_group<false>(out + group_bytes * static_cast<std::size_t>(g), x[g], nullptr);
}

// with_groups<Groups>(n, f): f.template operator()<G>() for the fewest groups G that hold n
// blocks (1 <= n <= Groups * group_blocks), so that a short input costs no more than it needs.
template <int Groups, class F>
inline void with_groups(std::size_t n, F&& f) noexcept {
  const std::size_t g = (n + group_blocks - 1) / group_blocks;
  [&]<int... G>(std::integer_sequence<int, G...>) {
    (void)((g == G + 1 ? (f.template operator()<G + 1>(), true) : false) || ...);
  }
  (std::make_integer_sequence<int, Groups>{});
}

// ecb<Groups, Decrypt>: whole batches of Groups groups, then the rest through a stack copy.
template <int Groups, bool Decrypt>
inline void ecb(const void* ks, std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  const auto& s = *static_cast<const Sm4Schedule*>(ks);
  constexpr std::size_t batch = Groups * group_blocks;
  for (; n >= batch; n -= batch, in += 16 * batch, out += 16 * batch)
    crypt<Groups, Decrypt>(s, out, in);
  if (n == 0) return;
  with_groups<Groups>(n, [&]<int G>() {
    alignas(32) std::uint8_t buf[G * group_bytes] = {};
    std::memcpy(buf, in, 16 * n);
    crypt<G, Decrypt>(s, buf, buf);
    std::memcpy(out, buf, 16 * n);
    detail::wipe(buf);
  });
}

// ctr_batch<G>: G groups of CTR whose counter's low word does not wrap: the counter's words
// go straight into the transposed layout (word 3 of block j = low word + j), and the
// keystream is XORed as it is stored. Compiled on its own, as crypt.
template <int G>
[[gnu::noinline, gnu::flatten]] void ctr_batch(const Sm4Schedule& ks, std::uint64_t hi,
                                               std::uint64_t lo, std::uint8_t* out,
                                               const std::uint8_t* in) noexcept {
  V x[G][4];
  for (int g = 0; g < G; ++g) {
    x[g][0] = splat32(static_cast<std::uint32_t>(hi >> 32));
    x[g][1] = splat32(static_cast<std::uint32_t>(hi));
    x[g][2] = splat32(static_cast<std::uint32_t>(lo >> 32));
    x[g][3] =
        add32(splat32(static_cast<std::uint32_t>(lo + group_blocks * static_cast<std::size_t>(g))),
              block_index());
  }
  rounds<G, false>(ks, x);
  for (int g = 0; g < G; ++g) {
    const std::size_t at = group_bytes * static_cast<std::size_t>(g);
    store_group<true>(out + at, x[g], in + at);
  }
}

// counter_blocks writes m counter blocks from (hi, lo) to buf and advances the counter by m:
// with 16-byte stores unless the low word wraps (narrower stores would stall the 16-byte loads
// that read them back). The counter is public.
inline void counter_blocks(std::uint8_t* buf, std::uint64_t& hi, std::uint64_t& lo,
                           std::size_t m) noexcept {
  if (static_cast<std::uint32_t>(lo) <= 0xffffffffu - m) {
    const __m128i words = _mm_setr_epi32(static_cast<int>(hi >> 32), static_cast<int>(hi),
                                         static_cast<int>(lo >> 32), static_cast<int>(lo));
    const __m128i bswap = _mm_set_epi64x(static_cast<long long>(detail::sm4_tables::bswap32[1]),
                                         static_cast<long long>(detail::sm4_tables::bswap32[0]));
    for (std::size_t j = 0; j < m; ++j)
      _mm_store_si128(
          reinterpret_cast<__m128i*>(buf + 16 * j),
          _mm_shuffle_epi8(_mm_add_epi32(words, _mm_setr_epi32(0, 0, 0, static_cast<int>(j))),
                           bswap));
    lo += m;
    hi += (lo < m);
    return;
  }
  for (std::size_t j = 0; j < m; ++j) {
    detail::store_be32(buf + 16 * j, static_cast<std::uint32_t>(hi >> 32));
    detail::store_be32(buf + 16 * j + 4, static_cast<std::uint32_t>(hi));
    detail::store_be32(buf + 16 * j + 8, static_cast<std::uint32_t>(lo >> 32));
    detail::store_be32(buf + 16 * j + 12, static_cast<std::uint32_t>(lo));
    hi += (++lo == 0);
  }
}

// ctr_xor<Groups>: whole batches by ctr_batch while the counter's low word does not wrap; the
// rest (a short tail, a batch across a wrap) from counter blocks in a stack buffer of as few
// groups as hold them.
template <int Groups>
inline void ctr_xor(const void* ks, std::uint8_t ctr[16], std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  const auto& s = *static_cast<const Sm4Schedule*>(ks);
  constexpr std::size_t batch = Groups * group_blocks;
  std::uint64_t hi = (std::uint64_t{detail::load_be32(ctr)} << 32) | detail::load_be32(ctr + 4);
  std::uint64_t lo =
      (std::uint64_t{detail::load_be32(ctr + 8)} << 32) | detail::load_be32(ctr + 12);
  for (; n >= batch && static_cast<std::uint32_t>(lo) <= 0xffffffffu - batch; n -= batch) {
    ctr_batch<Groups>(s, hi, lo, out, in);
    lo += batch;
    hi += (lo < batch);
    in += 16 * batch, out += 16 * batch;
  }
  while (n > 0) {
    const std::size_t m = n < batch ? n : batch;
    with_groups<Groups>(m, [&]<int G>() {
      alignas(32) std::uint8_t buf[G * group_bytes] = {};
      counter_blocks(buf, hi, lo, m);
      crypt<G, false>(s, buf, buf);
      for (std::size_t i = 0; i < 16 * m; i += 16)
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i),
                         _mm_xor_si128(_mm_load_si128(reinterpret_cast<const __m128i*>(buf + i)),
                                       _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i))));
      detail::wipe(buf);  // the keystream
    });
    n -= m, in += 16 * m, out += 16 * m;
  }
  detail::store_be32(ctr, static_cast<std::uint32_t>(hi >> 32));
  detail::store_be32(ctr + 4, static_cast<std::uint32_t>(hi));
  detail::store_be32(ctr + 8, static_cast<std::uint32_t>(lo >> 32));
  detail::store_be32(ctr + 12, static_cast<std::uint32_t>(lo));
}

// cbc_decrypt<Groups>: a batch at a time. The batch's ciphertext is copied behind its chaining
// value first (in place overwrites it), so block i is XORed with prev[i].
template <int Groups>
inline void cbc_decrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out,
                        const std::uint8_t* in, std::size_t n) noexcept {
  constexpr std::size_t batch = Groups * group_blocks;
  alignas(32) std::uint8_t buf[16 * batch], prev[16 + 16 * batch];
  std::memcpy(prev, iv, 16);
  while (n > 0) {
    const std::size_t m = n < batch ? n : batch;
    std::memcpy(prev + 16, in, 16 * m);
    ecb<Groups, true>(ks, buf, in, m);
    for (std::size_t i = 0; i < 16 * m; i += 16)
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i),
                       _mm_xor_si128(_mm_load_si128(reinterpret_cast<const __m128i*>(buf + i)),
                                     _mm_load_si128(reinterpret_cast<const __m128i*>(prev + i))));
    std::memcpy(prev, prev + 16 * m, 16);
    n -= m, in += 16 * m, out += 16 * m;
  }
  std::memcpy(iv, prev, 16);
  detail::wipe(buf);
}

}  // namespace sm4_simd
