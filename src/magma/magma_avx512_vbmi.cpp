// The AVX-512 VBMI Magma kernel: 16 blocks per group, word-sliced (one zmm holds the a1 halves
// of 16 blocks, another their a0 halves), up to four groups in flight.
//
// A round per group: vpaddd (key), vpsrld and two vpternlogd that make the S-box indices
// (byte position << 4 | nibble: each byte position has its own two S-boxes), two vpermb over
// 64-byte tables (low nibbles, high nibbles), vpord, vprold by 11 and vpxord: 9 instructions
// for 16 blocks. The alternatives counted per 16 round-halves: byte slicing (4 registers of
// bytes, vpshufb S-boxes, byte carries and cross-byte shifts) about 12; vpshufb on words, where
// one table serves one byte position, about 20. Loading and storing (two vpermt2b each way per
// group) gathers the halves and swaps their bytes to big-endian words at once.
#include <cstddef>
#include <cstdint>

#include "core/endian.hpp"
#include "core/wipe.hpp"
#include "magma/magma_constants.hpp"
#include "magma/magma_kernel.hpp"
#include "magma/magma_modes.hpp"

#include <immintrin.h>

namespace axiom::detail::magma_avx512_tables {

struct Bytes64 {
  alignas(64) std::uint8_t b[64];
};

// sbox_lo[16 p + v] = pi_{2p}(v), sbox_hi[16 p + v] = pi_{2p+1}(v) << 4: byte p of a word.
constexpr Bytes64 make_sbox(int high) {
  Bytes64 t{};
  for (int p = 0; p < 4; ++p)
    for (int v = 0; v < 16; ++v)
      t.b[16 * p + v] = static_cast<std::uint8_t>(magma::pi[2 * p + high][v] << (4 * high));
  return t;
}
inline constexpr Bytes64 sbox_lo = make_sbox(0), sbox_hi = make_sbox(1);

// gather_a1 / gather_a0: vpermt2b indices taking, from 128 bytes = 16 blocks, the a1 (first
// four bytes) or a0 halves as little-endian dwords. scatter_lo / scatter_hi: from the a1 words
// (first operand) and a0 words, blocks 0..7 and 8..15 back in memory order.
constexpr Bytes64 make_gather(int half) {
  Bytes64 t{};
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 4; ++j)
      t.b[4 * i + j] = static_cast<std::uint8_t>(8 * i + 4 * half + 3 - j);
  return t;
}
constexpr Bytes64 make_scatter(int part) {
  Bytes64 t{};
  for (int i = 0; i < 8; ++i)
    for (int m = 0; m < 8; ++m)
      t.b[8 * i + m] =
          static_cast<std::uint8_t>((m < 4 ? 0 : 64) + 4 * (8 * part + i) + 3 - (m & 3));
  return t;
}
inline constexpr Bytes64 gather_a1 = make_gather(0), gather_a0 = make_gather(1);
inline constexpr Bytes64 scatter_lo = make_scatter(0), scatter_hi = make_scatter(1);

}  // namespace axiom::detail::magma_avx512_tables

AXIOM_ISA_BEGIN(magma, avx512_vbmi)

#include "core/zmm.hpp"

namespace {

using V = __m512i;
namespace tables = detail::magma_avx512_tables;
using detail::MagmaSchedule;

inline V load_table(const tables::Bytes64& t) noexcept { return _mm512_load_si512(t.b); }

inline __mmask64 byte_mask(std::size_t bytes) noexcept {
  return bytes >= 64 ? ~__mmask64{0} : (__mmask64{1} << bytes) - 1;
}

// The unmasked forms of these GCC 12 compiles with an undefined pass-through vector that
// -Wuninitialized flags (GCC bug 105593): the zero-masked forms with every lane selected.
template <int N>
inline V rol(V x) noexcept {
  return _mm512_maskz_rol_epi32(0xffff, x, N);
}
inline V lookup(V idx, V table) noexcept {
  return _mm512_maskz_permutexvar_epi8(~__mmask64{0}, idx, table);
}

struct Consts {
  V sbox_lo, sbox_hi, nibbles, positions;
};

// f: t(x + k) <<< 11 on 16 words.
inline V f(const Consts& c, V x, V k) noexcept {
  x = _mm512_add_epi32(x, k);
  const V lo = _mm512_ternarylogic_epi32(x, c.nibbles, c.positions, 0xea);  // (x & 0x0f) | pos
  // the high nibbles (a qword shift: what crosses into a byte from the next is masked off)
  const V hi = _mm512_ternarylogic_epi32(zmm::srli64<4>(x), c.nibbles, c.positions, 0xea);
  const V s = _mm512_or_si512(lookup(lo, c.sbox_lo), lookup(hi, c.sbox_hi));
  return rol<11>(s);
}

// acc ^ f(x, k) for a chain, where acc is ready long before x: acc is rotated back first (off
// the critical path) so that the XOR joins the OR of the lookups in one vpternlogd, and one
// rotation follows the lookups.
inline V xor_f(const Consts& c, V acc, V x, V k) noexcept {
  x = _mm512_add_epi32(x, k);
  const V lo = _mm512_ternarylogic_epi32(x, c.nibbles, c.positions, 0xea);
  const V hi = _mm512_ternarylogic_epi32(zmm::srli64<4>(x), c.nibbles, c.positions, 0xea);
  // A ^ (B | C)
  return rol<11>(
      _mm512_ternarylogic_epi32(rol<21>(acc), lookup(lo, c.sbox_lo), lookup(hi, c.sbox_hi), 0x1e));
}

// crypt: the 32 rounds on n <= 16 G blocks with the round keys rk in order; a1, a0 as the
// registers a, b: after an even number of rounds without swaps the result is b || a.
template <int G>
void crypt(const std::uint32_t rk[32], std::uint8_t* out, const std::uint8_t* in,
           std::size_t n) noexcept {
  const Consts c = {load_table(tables::sbox_lo), load_table(tables::sbox_hi),
                    _mm512_set1_epi8(0x0f), _mm512_set1_epi32(0x30201000)};
  const V gather_a1 = load_table(tables::gather_a1), gather_a0 = load_table(tables::gather_a0);
  V a[G], b[G];
  for (int g = 0; g < G; ++g) {
    const std::size_t bytes =
        n > 16 * static_cast<std::size_t>(g) ? 8 * (n - 16 * static_cast<std::size_t>(g)) : 0;
    const V x0 = _mm512_maskz_loadu_epi8(byte_mask(bytes), in + 128 * g);
    const V x1 = _mm512_maskz_loadu_epi8(byte_mask(bytes > 64 ? bytes - 64 : 0), in + 128 * g + 64);
    a[g] = _mm512_permutex2var_epi8(x0, gather_a1, x1);
    b[g] = _mm512_permutex2var_epi8(x0, gather_a0, x1);
  }
  for (int i = 0; i < 32; i += 2) {
    const V k0 = _mm512_set1_epi32(static_cast<int>(rk[i])),
            k1 = _mm512_set1_epi32(static_cast<int>(rk[i + 1]));
    for (int g = 0; g < G; ++g) a[g] = _mm512_xor_si512(a[g], f(c, b[g], k0));
    for (int g = 0; g < G; ++g) b[g] = _mm512_xor_si512(b[g], f(c, a[g], k1));
  }
  const V scatter_lo = load_table(tables::scatter_lo), scatter_hi = load_table(tables::scatter_hi);
  for (int g = 0; g < G; ++g) {
    const std::size_t bytes =
        n > 16 * static_cast<std::size_t>(g) ? 8 * (n - 16 * static_cast<std::size_t>(g)) : 0;
    _mm512_mask_storeu_epi8(out + 128 * g, byte_mask(bytes),
                            _mm512_permutex2var_epi8(b[g], scatter_lo, a[g]));
    _mm512_mask_storeu_epi8(out + 128 * g + 64, byte_mask(bytes > 64 ? bytes - 64 : 0),
                            _mm512_permutex2var_epi8(b[g], scatter_hi, a[g]));
  }
}

constexpr std::size_t kGroupBlocks = 16;  // blocks per crypt group
#include "magma/magma_simd_ecb.hpp"

// chain: CBC encryption (out non-null) or CBC-MAC of n blocks from the chaining value cv, one
// block in lane 0 with the constants and round keys loaded once. A chain is bound by a round's
// latency: only the XOR of the next block and the rounds are on it.
void chain(const void* ks, std::uint8_t cv[8], std::uint8_t* out, const std::uint8_t* in,
           std::size_t n) noexcept {
  const MagmaSchedule& s = *static_cast<const MagmaSchedule*>(ks);
  const Consts c = {load_table(tables::sbox_lo), load_table(tables::sbox_hi),
                    _mm512_set1_epi8(0x0f), _mm512_set1_epi32(0x30201000)};
  V k[8];
  for (int i = 0; i < 8; ++i) k[i] = _mm512_set1_epi32(static_cast<int>(s.k[i]));
  // the chaining value as a finished block leaves the rounds: a1 in b, a0 in a
  V b = _mm512_set1_epi32(static_cast<int>(detail::load_be32(cv)));
  V a = _mm512_set1_epi32(static_cast<int>(detail::load_be32(cv + 4)));
  for (; n > 0; --n, in += 8) {
    const V na = _mm512_xor_si512(b, _mm512_set1_epi32(static_cast<int>(detail::load_be32(in))));
    b = _mm512_xor_si512(a, _mm512_set1_epi32(static_cast<int>(detail::load_be32(in + 4))));
    a = na;
    for (int r = 0; r < 24; r += 2) {
      a = xor_f(c, a, b, k[r & 7]);
      b = xor_f(c, b, a, k[(r & 7) + 1]);
    }
    for (int r = 24; r < 32; r += 2) {
      a = xor_f(c, a, b, k[7 - (r & 7)]);
      b = xor_f(c, b, a, k[6 - (r & 7)]);
    }
    if (out != nullptr) {
      detail::store_be32(out, static_cast<std::uint32_t>(_mm_cvtsi128_si32(zmm::low128(b))));
      detail::store_be32(out + 4, static_cast<std::uint32_t>(_mm_cvtsi128_si32(zmm::low128(a))));
      out += 8;
    }
  }
  detail::store_be32(cv, static_cast<std::uint32_t>(_mm_cvtsi128_si32(zmm::low128(b))));
  detail::store_be32(cv + 4, static_cast<std::uint32_t>(_mm_cvtsi128_si32(zmm::low128(a))));
}

void cbc_encrypt(const void* ks, std::uint8_t iv[8], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  chain(ks, iv, out, in, n);
}
void cbc_mac(const void* ks, std::uint8_t state[8], const std::uint8_t* in,
             std::size_t n) noexcept {
  chain(ks, state, nullptr, in, n);
}

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const MagmaKernel magma_avx512_vbmi = {
    {"magma/avx512_vbmi",
     cpu::Feature::avx | cpu::Feature::avx2 | cpu::Feature::avx512 | cpu::Feature::vbmi, true},
    {magma_avx512_vbmi::encrypt_blocks, magma_avx512_vbmi::decrypt_blocks,
     magma_modes::ctr_xor<64, magma_avx512_vbmi::encrypt_blocks>, magma_avx512_vbmi::cbc_encrypt,
     magma_modes::cbc_decrypt<64, magma_avx512_vbmi::decrypt_blocks>, magma_avx512_vbmi::cbc_mac,
     nullptr, nullptr, nullptr, magma_modes::ctr_half_xor<64, magma_avx512_vbmi::encrypt_blocks>},
};
}  // namespace axiom::detail
