// The PMULL GHASH kernel (ARMv8 Crypto Extension): 8 blocks per reduction (Horner's rule
// unrolled with the powers H^8..H^1), Karatsuba (3 64x64 carry-less multiplies per block:
// PMULL on the low halves, PMULL2 on the high ones) and one reduction per 8 blocks by two
// multiplies by the field polynomial. Per block: 3 PMULL, a byte reverse, an ext, 4 eors;
// the reduction (2 PMULL, ~8 simple ops) is shared by the 8 blocks. The arithmetic is in
// gf128_pmull.hpp, shared with the fused GCM kernel (gcm_armv8.cpp).
#include <cstring>

#include "core/wipe.hpp"
#include "ghash/ghash_kernel.hpp"

#include <arm_neon.h>

AXIOM_ISA_BEGIN(ghash, pmull)

#include "ghash/gf128_pmull.hpp"

namespace {

void init(axiom::detail::GhashKey& key, const std::uint8_t h[16]) noexcept {
  gf128_pmull::init(key, h);
}

void blocks(const axiom::detail::GhashKey& key, std::uint8_t y[16], const std::uint8_t* in,
            std::size_t n) noexcept {
  const auto& k = gf128_pmull::key_of(key);
  uint64x2_t acc = gf128_pmull::load_reflected(y);
  for (; n >= 8; n -= 8, in += 128) acc = gf128_pmull::blocks8(k, acc, in);
  for (; n > 0; --n, in += 16) {
    gf128_pmull::Acc a = gf128_pmull::zero_acc();
    gf128_pmull::mul_acc(a, veorq_u64(acc, gf128_pmull::load_reflected(in)), k.power[0],
                         k.karatsuba[0]);
    acc = gf128_pmull::reduce(a);
  }
  gf128_pmull::store_reflected(y, acc);
}

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const GhashKernel ghash_pmull = {
    {"ghash/pmull",
     cpu::Feature::asimd | cpu::Feature::aes | cpu::Feature::pmull | cpu::Feature::sha2, true},
    ghash_pmull::init,
    ghash_pmull::blocks};
}  // namespace axiom::detail
