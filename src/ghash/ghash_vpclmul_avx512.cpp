// The VPCLMULQDQ GHASH kernel on 512-bit registers: 32 blocks per reduction as 8 zmm of 4
// blocks (16 for short inputs), each multiplied by its own power of H (Karatsuba: 3
// vpclmulqdq per zmm, 0.75 per block); the rest of a call (1..15 blocks) in one more
// reduction, its last zmm through masked loads. The key holds H^16 .. H^1 times x^-1; the
// arithmetic is in ghash_vpclmul512.hpp, shared with the fused GCM kernel (gcm_vaes_avx512.cpp).
#include <immintrin.h>

#include <cstring>

#include "core/wipe.hpp"
#include "ghash/ghash_kernel.hpp"

AXIOM_ISA_BEGIN(ghash, vpclmul_avx512)

#include "core/zmm.hpp"
#include "ghash/ghash_clmul.hpp"
#include "ghash/ghash_vpclmul512.hpp"

namespace {

void init(axiom::detail::GhashKey& key, const std::uint8_t h[16]) noexcept {
  ghash_vpclmul512::init(key, h);
}

void blocks(const axiom::detail::GhashKey& key, std::uint8_t y[16], const std::uint8_t* in,
            std::size_t n) noexcept {
  const __m128i acc = ghash_vpclmul512::blocks(ghash_vpclmul512::key_of(key),
                                               ghash_clmul::load_reflected(y), in, n);
  ghash_clmul::store_reflected(y, acc);
}

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const GhashKernel ghash_vpclmul_avx512 = {
    {"ghash/vpclmul_avx512",
     cpu::Feature::pclmul | cpu::Feature::ssse3 | cpu::Feature::sse41 | cpu::Feature::avx |
         cpu::Feature::avx2 | cpu::Feature::avx512 | cpu::Feature::vpclmul,
     true},
    ghash_vpclmul_avx512::init,
    ghash_vpclmul_avx512::blocks};
}  // namespace axiom::detail
