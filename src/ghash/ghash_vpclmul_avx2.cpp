// The VPCLMULQDQ GHASH kernel on 256-bit registers: 16 blocks per reduction as 8 ymm of 2
// blocks, each multiplied by its own power of H (Karatsuba: 3 vpclmulqdq per ymm, so 1.5 per
// block instead of 3 with xmm); the arithmetic is in ghash_clmul.hpp and ghash_vpclmul.hpp,
// shared with the fused GCM kernel (gcm_vaes_avx2.cpp), which uses this kernel's key layout.
#include <immintrin.h>

#include <cstring>

#include "core/wipe.hpp"
#include "ghash/ghash_kernel.hpp"

AXIOM_ISA_BEGIN(ghash, vpclmul_avx2)

#include "ghash/ghash_clmul.hpp"
#include "ghash/ghash_vpclmul.hpp"

namespace {

void init(axiom::detail::GhashKey& key, const std::uint8_t h[16]) noexcept {
  ghash_vpclmul::init(key, h);
}

void blocks(const axiom::detail::GhashKey& key, std::uint8_t y[16], const std::uint8_t* in,
            std::size_t n) noexcept {
  const __m128i acc =
      ghash_vpclmul::blocks(ghash_vpclmul::key_of(key), ghash_clmul::load_reflected(y), in, n);
  ghash_clmul::store_reflected(y, acc);
}

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const GhashKernel ghash_vpclmul_avx2 = {
    {"ghash/vpclmul_avx2",
     cpu::Feature::pclmul | cpu::Feature::ssse3 | cpu::Feature::sse41 | cpu::Feature::avx |
         cpu::Feature::avx2 | cpu::Feature::vpclmul,
     true},
    ghash_vpclmul_avx2::init,
    ghash_vpclmul_avx2::blocks};
}  // namespace axiom::detail
