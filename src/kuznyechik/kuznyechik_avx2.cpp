// The AVX2 Kuznyechik kernel: constant time, all lookups are vpshufb on registers.
//
// Bulk (ECB, CTR, CBC decryption): 32 blocks at a time, transposed so that register j holds
// byte j of the 32 blocks. S is sixteen vpshufb row lookups on the low nibble, merged by a
// vpblendvb tree on bits 4..7. L is the sixteen LFSR steps R of RFC 7801, which in this layout
// cost only the new byte (the shift is a renaming): l groups the bytes that share a
// coefficient, so each step is 8 XORs and 7 multiplications by a constant, each two vpshufb
// nibble lookups. Per round and 32 blocks: 256 + 224 vpshufb, 240 vpblendvb and about 1000
// other vector ops, some 370 cycles on Zen 3's four vector pipes: ~0.73 cycles/byte a round.
//
// One block (CBC encryption, CMAC, short tails): the block in a xmm, duplicated in both lanes
// of a ymm. S: eight vpshufb (rows h and h + 8 side by side) and a blend tree. L as the
// matrix: out_j = XOR_i M_ji x_i = XOR over bits t of x_i of 2^t M_ji: eight byte masks
// (bit t set) ANDed with constant vectors, two output bytes per ymm, then a horizontal XOR.
#include <immintrin.h>

#include <array>
#include <cstring>

#include "core/wipe.hpp"
#include "kuznyechik/kuznyechik_constants.hpp"
#include "kuznyechik/kuznyechik_kernel.hpp"

namespace axiom::detail {
namespace {

using Row = std::array<std::uint8_t, 32>;

// The coefficients of l, grouped: l = 148 s0 + 32 s1 + 133 s2 + 16 s3 + 194 s4 + 192 s5 + s6
// + 251 s7 (see linear()).
constexpr std::uint8_t group_coef[8] = {148, 32, 133, 16, 194, 192, 1, 251};

struct Avx2Tables {
  Row sbox[2][16];           // [inverse][h]: row h of π (entries 16h..16h+15), in both lanes
  Row sbox_pair[2][8];       // [inverse][h]: row h in lane 0, row h + 8 in lane 1
  Row mul_lo[8], mul_hi[8];  // [g]: c_g * n and c_g * (n << 4), n = 0..15, both lanes
  Row lmask[2][8][8];        // [inverse][q][t]: lane 0 byte i = 2^t M[q][i], lane 1 = 2^t M[q+8][i]
};

constexpr Avx2Tables make_tables() {
  Avx2Tables t{};
  for (std::size_t inv = 0; inv < 2; ++inv) {
    const kuz::Matrix& m = inv ? kuz::l_inv_matrix : kuz::l_matrix;
    for (std::size_t h = 0; h < 16; ++h)
      for (std::size_t l = 0; l < 16; ++l) {
        const std::uint8_t v = inv ? kuz::pi_inv[16 * h + l] : kuz::pi[16 * h + l];
        t.sbox[inv][h][l] = t.sbox[inv][h][16 + l] = v;
        t.sbox_pair[inv][h % 8][16 * (h / 8) + l] = v;
      }
    for (std::size_t q = 0; q < 8; ++q)
      for (std::size_t b = 0; b < 8; ++b)
        for (std::size_t i = 0; i < 16; ++i) {
          const auto p = static_cast<std::uint8_t>(1u << b);
          t.lmask[inv][q][b][i] = kuz::gf_mul(m[q][i], p);
          t.lmask[inv][q][b][16 + i] = kuz::gf_mul(m[q + 8][i], p);
        }
  }
  for (std::size_t g = 0; g < 8; ++g)
    for (std::size_t n = 0; n < 16; ++n) {
      t.mul_lo[g][n] = t.mul_lo[g][16 + n] =
          kuz::gf_mul(group_coef[g], static_cast<std::uint8_t>(n));
      t.mul_hi[g][n] = t.mul_hi[g][16 + n] =
          kuz::gf_mul(group_coef[g], static_cast<std::uint8_t>(n << 4));
    }
  return t;
}

alignas(64) constexpr Avx2Tables tab = make_tables();

}  // namespace
}  // namespace axiom::detail

AXIOM_ISA_BEGIN(kuznyechik, avx2)

namespace {

using V = __m256i;
using detail::KuznyechikSchedule;
using detail::tab;

inline V ld(const detail::Row& r) noexcept {
  return _mm256_load_si256(reinterpret_cast<const V*>(r.data()));
}
inline const KuznyechikSchedule& sched(const void* ks) noexcept {
  return *static_cast<const KuznyechikSchedule*>(ks);
}
inline __m128i loadu(const std::uint8_t* p) noexcept {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}
inline void storeu(std::uint8_t* p, __m128i v) noexcept {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
}

// ---- 32 blocks, transposed ----

// sub: π (or π^-1) on 32 bytes: the row of the high nibble picked by a blend tree.
template <int Inv>
inline V sub(V x) noexcept {
  const V lo = _mm256_and_si256(x, _mm256_set1_epi8(0x0f));
  V r[16];
  for (int h = 0; h < 16; ++h) r[h] = _mm256_shuffle_epi8(ld(tab.sbox[Inv][h]), lo);
  const V b4 = _mm256_slli_epi16(x, 3), b5 = _mm256_slli_epi16(x, 2), b6 = _mm256_slli_epi16(x, 1);
  for (int h = 0; h < 8; ++h) r[h] = _mm256_blendv_epi8(r[2 * h], r[2 * h + 1], b4);
  for (int h = 0; h < 4; ++h) r[h] = _mm256_blendv_epi8(r[2 * h], r[2 * h + 1], b5);
  for (int h = 0; h < 2; ++h) r[h] = _mm256_blendv_epi8(r[2 * h], r[2 * h + 1], b6);
  return _mm256_blendv_epi8(r[0], r[1], x);
}

inline V mul(V v, int g) noexcept {
  const V mask = _mm256_set1_epi8(0x0f);
  const V lo = _mm256_and_si256(v, mask), hi = _mm256_and_si256(_mm256_srli_epi16(v, 4), mask);
  return _mm256_xor_si256(_mm256_shuffle_epi8(ld(tab.mul_lo[g]), lo),
                          _mm256_shuffle_epi8(ld(tab.mul_hi[g]), hi));
}

inline V l_of_groups(const V s[8]) noexcept {
  V acc = _mm256_xor_si256(s[6], mul(s[0], 0));
  for (int g : {1, 2, 3, 4, 5, 7}) acc = _mm256_xor_si256(acc, mul(s[g], g));
  return acc;
}

inline V x3(V a, V b, V c) noexcept { return _mm256_xor_si256(_mm256_xor_si256(a, b), c); }
inline V at(const V w[16], unsigned o, unsigned j) noexcept { return w[(o + j) & 15]; }
inline V x2(const V w[16], unsigned o, unsigned a, unsigned b) noexcept {
  return _mm256_xor_si256(at(w, o, a), at(w, o, b));
}

// linear: R sixteen times; w is a ring (byte j of the blocks in w[(o + j) & 15]), so each step
// only writes the new byte 0 over the old byte 15. Unrolled, the ring index is a constant.
inline void linear(V w[16]) noexcept {
#pragma GCC unroll 16
  for (unsigned step = 0; step < 16; ++step) {
    const unsigned o = (16 - step) & 15;
    const V s[8] = {x2(w, o, 0, 14),
                    x2(w, o, 1, 13),
                    x2(w, o, 2, 12),
                    x2(w, o, 3, 11),
                    x2(w, o, 4, 10),
                    x2(w, o, 5, 9),
                    x3(at(w, o, 6), at(w, o, 8), at(w, o, 15)),
                    at(w, o, 7)};
    w[(o + 15) & 15] = l_of_groups(s);
  }
}

inline void linear_inverse(V w[16]) noexcept {
#pragma GCC unroll 16
  for (unsigned step = 0; step < 16; ++step) {
    const unsigned o = step;
    const V s[8] = {x2(w, o, 1, 15),
                    x2(w, o, 2, 14),
                    x2(w, o, 3, 13),
                    x2(w, o, 4, 12),
                    x2(w, o, 5, 11),
                    x2(w, o, 6, 10),
                    x3(at(w, o, 7), at(w, o, 9), at(w, o, 0)),
                    at(w, o, 8)};
    w[o] = l_of_groups(s);
  }
}

// transpose16: a 16 x 16 byte transpose in each 128-bit lane (four unpack stages); an
// involution, so it goes both ways: rows x[k] (block k, and block k + 16 in lane 1) become
// columns x[j] (byte j of the blocks).
inline void transpose16(V x[16]) noexcept {
  V y[16];
  for (int m = 0; m < 8; ++m) {
    y[m] = _mm256_unpacklo_epi8(x[2 * m], x[2 * m + 1]);
    y[m + 8] = _mm256_unpackhi_epi8(x[2 * m], x[2 * m + 1]);
  }
  for (int m = 0; m < 8; ++m) {
    x[m] = _mm256_unpacklo_epi16(y[2 * m], y[2 * m + 1]);
    x[m + 8] = _mm256_unpackhi_epi16(y[2 * m], y[2 * m + 1]);
  }
  for (int m = 0; m < 8; ++m) {
    y[m] = _mm256_unpacklo_epi32(x[2 * m], x[2 * m + 1]);
    y[m + 8] = _mm256_unpackhi_epi32(x[2 * m], x[2 * m + 1]);
  }
  for (int m = 0; m < 8; ++m) {
    x[m] = _mm256_unpacklo_epi64(y[2 * m], y[2 * m + 1]);
    x[m + 8] = _mm256_unpackhi_epi64(y[2 * m], y[2 * m + 1]);
  }
  // Each stage moved the top index bit to the bottom: column j sits in x[bit-reversed j].
  constexpr int rev[16] = {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15};
  for (int j = 0; j < 16; ++j) y[j] = x[rev[j]];
  for (int j = 0; j < 16; ++j) x[j] = y[j];
}

inline void add_key(V w[16], const std::uint8_t k[16]) noexcept {
  for (int j = 0; j < 16; ++j)
    w[j] = _mm256_xor_si256(w[j], _mm256_set1_epi8(static_cast<char>(k[j])));
}

// crypt32: 32 whole blocks from in (block k and k + 16 share a register) to out.
template <bool Decrypt>
void crypt32(const KuznyechikSchedule& s, std::uint8_t* out, const std::uint8_t* in) noexcept {
  V w[16];
  for (int k = 0; k < 16; ++k)
    w[k] = _mm256_inserti128_si256(_mm256_castsi128_si256(loadu(in + 16 * k)),
                                   loadu(in + 16 * (k + 16)), 1);
  transpose16(w);
  if (!Decrypt) {
    for (int r = 0; r < 9; ++r) {
      add_key(w, s.enc[r]);
      for (int j = 0; j < 16; ++j) w[j] = sub<0>(w[j]);
      linear(w);
    }
    add_key(w, s.enc[9]);
  } else {
    add_key(w, s.enc[9]);
    for (int r = 8; r >= 0; --r) {
      linear_inverse(w);
      for (int j = 0; j < 16; ++j) w[j] = sub<1>(w[j]);
      add_key(w, s.enc[r]);
    }
  }
  transpose16(w);
  for (int k = 0; k < 16; ++k) {
    storeu(out + 16 * k, _mm256_castsi256_si128(w[k]));
    storeu(out + 16 * (k + 16), _mm256_extracti128_si256(w[k], 1));
  }
}

// ---- one block ----

inline V dup(__m128i x) noexcept {
  return _mm256_inserti128_si256(_mm256_castsi128_si256(x), x, 1);
}

// The one-block path is a serial chain: always inlined, so that no call (and vzeroupper) and no
// rebuilt constant sits between rounds.
template <int Inv>
[[gnu::always_inline]] inline __m128i sub1(__m128i x) noexcept {
  const V x2 = dup(x);
  const V lo = _mm256_and_si256(x2, _mm256_set1_epi8(0x0f));
  V r[8];
  for (int h = 0; h < 8; ++h) r[h] = _mm256_shuffle_epi8(ld(tab.sbox_pair[Inv][h]), lo);
  const V b4 = _mm256_slli_epi16(x2, 3), b5 = _mm256_slli_epi16(x2, 2),
          b6 = _mm256_slli_epi16(x2, 1);
  for (int h = 0; h < 4; ++h) r[h] = _mm256_blendv_epi8(r[2 * h], r[2 * h + 1], b4);
  for (int h = 0; h < 2; ++h) r[h] = _mm256_blendv_epi8(r[2 * h], r[2 * h + 1], b5);
  r[0] = _mm256_blendv_epi8(r[0], r[1], b6);
  return _mm_blendv_epi8(_mm256_castsi256_si128(r[0]), _mm256_extracti128_si256(r[0], 1), x);
}

template <int Inv>
[[gnu::always_inline]] inline __m128i lin1(__m128i x) noexcept {
  const V x2 = dup(x);
  V m[8];
  for (int t = 0; t < 8; ++t) {
    const V bit = _mm256_set1_epi8(static_cast<char>(1u << t));
    m[t] = _mm256_cmpeq_epi8(_mm256_and_si256(x2, bit), bit);
  }
  V acc[8];
  for (int q = 0; q < 8; ++q) {
    V a = _mm256_and_si256(m[0], ld(tab.lmask[Inv][q][0]));
    for (int t = 1; t < 8; ++t)
      a = _mm256_xor_si256(a, _mm256_and_si256(m[t], ld(tab.lmask[Inv][q][t])));
    acc[q] = a;
  }
  // Horizontal XOR of each acc lane: the unpack tree leaves output byte q (lane 0) and q + 8
  // (lane 1) in byte q of each lane.
  V z[4], z2[2];
  for (int p = 0; p < 4; ++p)
    z[p] = _mm256_xor_si256(_mm256_unpacklo_epi8(acc[2 * p], acc[2 * p + 1]),
                            _mm256_unpackhi_epi8(acc[2 * p], acc[2 * p + 1]));
  for (int u = 0; u < 2; ++u)
    z2[u] = _mm256_xor_si256(_mm256_unpacklo_epi16(z[2 * u], z[2 * u + 1]),
                             _mm256_unpackhi_epi16(z[2 * u], z[2 * u + 1]));
  V z3 = _mm256_xor_si256(_mm256_unpacklo_epi32(z2[0], z2[1]), _mm256_unpackhi_epi32(z2[0], z2[1]));
  z3 = _mm256_xor_si256(z3, _mm256_shuffle_epi32(z3, 0x4e));
  return _mm_unpacklo_epi64(_mm256_castsi256_si128(z3), _mm256_extracti128_si256(z3, 1));
}

inline __m128i key(const std::uint8_t k[16]) noexcept {
  return _mm_load_si128(reinterpret_cast<const __m128i*>(k));
}

inline __m128i encrypt1(const KuznyechikSchedule& s, __m128i x) noexcept {
  x = _mm_xor_si128(x, key(s.enc[0]));
  for (int r = 1; r < 10; ++r) x = _mm_xor_si128(lin1<0>(sub1<0>(x)), key(s.enc[r]));
  return x;
}

inline __m128i decrypt1(const KuznyechikSchedule& s, __m128i x) noexcept {
  x = _mm_xor_si128(x, key(s.enc[9]));
  for (int r = 8; r >= 0; --r) x = _mm_xor_si128(sub1<1>(lin1<1>(x)), key(s.enc[r]));
  return x;
}

// Below this many blocks the one-block path is cheaper than a padded batch of 32.
constexpr std::size_t batch_min = 8;

template <bool Decrypt>
void ecb(const void* ks, std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  const KuznyechikSchedule& s = sched(ks);
  for (; n >= 32; n -= 32, in += 512, out += 512) crypt32<Decrypt>(s, out, in);
  if (n >= batch_min) {
    alignas(32) std::uint8_t buf[512] = {};
    std::memcpy(buf, in, 16 * n);
    crypt32<Decrypt>(s, buf, buf);
    std::memcpy(out, buf, 16 * n);
    detail::wipe(buf);
    return;
  }
  for (; n > 0; --n, in += 16, out += 16)
    storeu(out, Decrypt ? decrypt1(s, loadu(in)) : encrypt1(s, loadu(in)));
}

void encrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  ecb<false>(ks, out, in, n);
}
void decrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  ecb<true>(ks, out, in, n);
}

// CBC encryption and CMAC keep the chaining value in a register.
void cbc_encrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  const KuznyechikSchedule& s = sched(ks);
  __m128i b = loadu(iv);
  for (; n > 0; --n, in += 16, out += 16) {
    b = encrypt1(s, _mm_xor_si128(b, loadu(in)));
    storeu(out, b);
  }
  storeu(iv, b);
}

void cbc_mac(const void* ks, std::uint8_t state[16], const std::uint8_t* in,
             std::size_t n) noexcept {
  const KuznyechikSchedule& s = sched(ks);
  __m128i b = loadu(state);
  for (; n > 0; --n, in += 16) b = encrypt1(s, _mm_xor_si128(b, loadu(in)));
  storeu(state, b);
}

void ls(std::uint8_t block[16]) noexcept { storeu(block, lin1<0>(sub1<0>(loadu(block)))); }

void setup(KuznyechikSchedule& ks) noexcept { std::memcpy(ks.dec, ks.enc, sizeof ks.enc); }

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const KuznyechikKernel kuznyechik_avx2 = {
    {"kuznyechik/avx2", cpu::Feature::avx | cpu::Feature::avx2 | cpu::Feature::bmi2, true},
    kuznyechik_avx2::ls,
    kuznyechik_avx2::setup,
    {kuznyechik_avx2::encrypt_blocks, kuznyechik_avx2::decrypt_blocks,
     kuz_modes::ctr_xor<32, kuznyechik_avx2::encrypt_blocks>, kuznyechik_avx2::cbc_encrypt,
     kuz_modes::cbc_decrypt<32, kuznyechik_avx2::decrypt_blocks>, kuznyechik_avx2::cbc_mac},
};
}  // namespace axiom::detail
