// The AVX2 Magma kernel: 8 blocks per group, word-sliced (one ymm holds the a1 halves of 8
// blocks, another their a0 halves), up to four groups in flight.
//
// vpshufb looks up 16 entries and applies one table to every byte, but each byte position of a
// word has its own pair of S-boxes: a round per group makes the low- and high-nibble indices
// (vpand, vpsrld, vpand), ORs into each a mask with bit 7 set outside byte position j (vpshufb
// then writes 0 there) and looks up with position j's table, for j = 0..3 (8 vpor, 8 vpshufb),
// ORs the eight results (7 vpor), then vpaddd before and vpslld, vpsrld, vpor, vpxor after:
// 31 instructions for 8 blocks. Byte slicing (4 registers of bytes, one table lookup per byte
// position, the rotation folded into the tables) needs about 18 for the same work plus byte
// carries for the addition (about 6 more) and transposes; the word form was chosen for its
// simplicity here.
#include <cstddef>
#include <cstdint>

#include "core/wipe.hpp"
#include "magma/magma_constants.hpp"
#include "magma/magma_kernel.hpp"
#include "magma/magma_modes.hpp"

#include <immintrin.h>

namespace axiom::detail::magma_avx2_tables {

struct Bytes16 {
  alignas(16) std::uint8_t b[16];
};

// sbox[2 p + h][v] = pi_{2p+h}(v) << 4h: the table of byte position p, low (h = 0) or high
// (h = 1) nibble. positions[p]: 0 in byte p of every word, 0x80 in the others.
struct Tables {
  Bytes16 sbox[8];
  Bytes16 positions[4];
};
constexpr Tables make_tables() {
  Tables t{};
  for (int s = 0; s < 8; ++s)
    for (int v = 0; v < 16; ++v)
      t.sbox[s].b[v] = static_cast<std::uint8_t>(magma::pi[s][v] << (4 * (s & 1)));
  for (int p = 0; p < 4; ++p)
    for (int i = 0; i < 16; ++i) t.positions[p].b[i] = (i & 3) == p ? 0 : 0x80;
  return t;
}
inline constexpr Tables tables = make_tables();

// lane_order: a lane's two blocks as [a1, a1', a0, a0'] little-endian dwords, and back (the
// shuffle is its own inverse).
inline constexpr Bytes16 lane_order = {{3, 2, 1, 0, 11, 10, 9, 8, 7, 6, 5, 4, 15, 14, 13, 12}};

}  // namespace axiom::detail::magma_avx2_tables

AXIOM_ISA_BEGIN(magma, avx2)

namespace {

using V = __m256i;
namespace tables = detail::magma_avx2_tables;
using detail::MagmaSchedule;

inline V load16(const tables::Bytes16& t) noexcept {
  return _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(t.b)));
}

struct Consts {
  V sbox[8], positions[4], nibbles;
};

// f: t(x + k) <<< 11 on 8 words.
inline V f(const Consts& c, V x, V k) noexcept {
  x = _mm256_add_epi32(x, k);
  const V lo = _mm256_and_si256(x, c.nibbles),
          hi = _mm256_and_si256(_mm256_srli_epi32(x, 4), c.nibbles);
  V s = _mm256_or_si256(_mm256_shuffle_epi8(c.sbox[0], _mm256_or_si256(lo, c.positions[0])),
                        _mm256_shuffle_epi8(c.sbox[1], _mm256_or_si256(hi, c.positions[0])));
  for (int p = 1; p < 4; ++p) {
    s = _mm256_or_si256(s, _mm256_shuffle_epi8(c.sbox[2 * p], _mm256_or_si256(lo, c.positions[p])));
    s = _mm256_or_si256(
        s, _mm256_shuffle_epi8(c.sbox[2 * p + 1], _mm256_or_si256(hi, c.positions[p])));
  }
  return _mm256_or_si256(_mm256_slli_epi32(s, 11), _mm256_srli_epi32(s, 21));
}

// dword_mask: the first `dwords` (clamped to 0..8) dwords of a ymm.
inline V dword_mask(std::ptrdiff_t dwords) noexcept {
  return _mm256_cmpgt_epi32(_mm256_set1_epi32(static_cast<int>(dwords < 0   ? 0
                                                               : dwords > 8 ? 8
                                                                            : dwords)),
                            _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

inline V load_part(const std::uint8_t* p, std::ptrdiff_t dwords) noexcept {
  return _mm256_maskload_epi32(reinterpret_cast<const int*>(p), dword_mask(dwords));
}
inline void store_part(std::uint8_t* p, std::ptrdiff_t dwords, V v) noexcept {
  _mm256_maskstore_epi32(reinterpret_cast<int*>(p), dword_mask(dwords), v);
}

// crypt: the 32 rounds on n <= 8 G blocks with the round keys rk in order; a1, a0 as the
// registers a, b: after an even number of rounds without swaps the result is b || a.
template <int G>
void crypt(const std::uint32_t rk[32], std::uint8_t* out, const std::uint8_t* in,
           std::size_t n) noexcept {
  Consts c;
  for (int s = 0; s < 8; ++s) c.sbox[s] = load16(tables::tables.sbox[s]);
  for (int p = 0; p < 4; ++p) c.positions[p] = load16(tables::tables.positions[p]);
  c.nibbles = _mm256_set1_epi8(0x0f);
  const V order = load16(tables::lane_order);
  V a[G], b[G];
  for (int g = 0; g < G; ++g) {
    const std::ptrdiff_t dwords = 2 * (static_cast<std::ptrdiff_t>(n) - 8 * g);  // of this group
    const V x0 = _mm256_shuffle_epi8(load_part(in + 64 * g, dwords), order);
    const V x1 = _mm256_shuffle_epi8(load_part(in + 64 * g + 32, dwords - 8), order);
    a[g] = _mm256_unpacklo_epi64(x0, x1);
    b[g] = _mm256_unpackhi_epi64(x0, x1);
  }
  for (int i = 0; i < 32; i += 2) {
    const V k0 = _mm256_set1_epi32(static_cast<int>(rk[i])),
            k1 = _mm256_set1_epi32(static_cast<int>(rk[i + 1]));
    for (int g = 0; g < G; ++g) a[g] = _mm256_xor_si256(a[g], f(c, b[g], k0));
    for (int g = 0; g < G; ++g) b[g] = _mm256_xor_si256(b[g], f(c, a[g], k1));
  }
  for (int g = 0; g < G; ++g) {
    const std::ptrdiff_t dwords = 2 * (static_cast<std::ptrdiff_t>(n) - 8 * g);
    store_part(out + 64 * g, dwords, _mm256_shuffle_epi8(_mm256_unpacklo_epi64(b[g], a[g]), order));
    store_part(out + 64 * g + 32, dwords - 8,
               _mm256_shuffle_epi8(_mm256_unpackhi_epi64(b[g], a[g]), order));
  }
}

constexpr std::size_t kGroupBlocks = 8;  // blocks per crypt group
#include "magma/magma_simd_ecb.hpp"

void encrypt_one(const void* ks, std::uint8_t b[8]) noexcept { ecb<false>(ks, b, b, 1); }

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const MagmaKernel magma_avx2 = {
    {"magma/avx2", cpu::Feature::avx | cpu::Feature::avx2 | cpu::Feature::bmi2, true},
    {magma_avx2::encrypt_blocks, magma_avx2::decrypt_blocks,
     magma_modes::ctr_xor<32, magma_avx2::encrypt_blocks>,
     magma_modes::cbc_encrypt<magma_avx2::encrypt_one>,
     magma_modes::cbc_decrypt<32, magma_avx2::decrypt_blocks>,
     magma_modes::cbc_mac<magma_avx2::encrypt_one>, nullptr, nullptr, nullptr,
     magma_modes::ctr_half_xor<32, magma_avx2::encrypt_blocks>},
};
}  // namespace axiom::detail
