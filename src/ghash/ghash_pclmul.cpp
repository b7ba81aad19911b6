// The PCLMULQDQ GHASH kernel: 8 blocks per reduction (Horner's rule unrolled with the powers
// H^8..H^1), Karatsuba (3 carry-less multiplies per block) and one shift-and-xor reduction per
// 8 blocks. Per block: 3 pclmulqdq, a byte reverse and 4 xors; the reduction (~20 simple ops)
// is shared by the 8 blocks.
#include <immintrin.h>

#include <cstring>

#include "core/wipe.hpp"
#include "ghash/ghash_kernel.hpp"

AXIOM_ISA_BEGIN(ghash, pclmul)

#include "ghash/ghash_clmul.hpp"

namespace {

using ghash_clmul::Acc;
using ghash_clmul::halves_xor;
using ghash_clmul::load_reflected;
using ghash_clmul::mul_acc;
using ghash_clmul::multiply;
using ghash_clmul::reduce;
using ghash_clmul::store_reflected;

// The key: H^1..H^8, then for each the xor of its two halves (Karatsuba's middle operand).
struct PclmulKey {
  __m128i power[8];
  __m128i karatsuba[8];
};
static_assert(sizeof(PclmulKey) <= sizeof(axiom::detail::GhashKey::bytes));

void init(axiom::detail::GhashKey& key, const std::uint8_t h[16]) noexcept {
  PclmulKey k;
  k.power[0] = load_reflected(h);
  for (int i = 1; i < 8; ++i) k.power[i] = multiply(k.power[i - 1], k.power[0]);
  for (int i = 0; i < 8; ++i) k.karatsuba[i] = halves_xor(k.power[i]);
  std::memcpy(key.bytes, &k, sizeof k);
  axiom::detail::wipe(k);
}

void blocks(const axiom::detail::GhashKey& key, std::uint8_t y[16], const std::uint8_t* in,
            std::size_t n) noexcept {
  const auto* k = reinterpret_cast<const PclmulKey*>(key.bytes);
  __m128i acc = load_reflected(y);
  for (; n >= 8; n -= 8, in += 128) {
    Acc a{_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
    mul_acc(a, _mm_xor_si128(acc, load_reflected(in)), k->power[7], k->karatsuba[7]);
    for (int i = 1; i < 8; ++i)
      mul_acc(a, load_reflected(in + 16 * i), k->power[7 - i], k->karatsuba[7 - i]);
    acc = reduce(a);
  }
  for (; n > 0; --n, in += 16) {
    Acc a{_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
    mul_acc(a, _mm_xor_si128(acc, load_reflected(in)), k->power[0], k->karatsuba[0]);
    acc = reduce(a);
  }
  store_reflected(y, acc);
}

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const GhashKernel ghash_pclmul = {
    {"ghash/pclmul", cpu::Feature::pclmul | cpu::Feature::ssse3 | cpu::Feature::sse41, true},
    ghash_pclmul::init,
    ghash_pclmul::blocks};
}  // namespace axiom::detail
