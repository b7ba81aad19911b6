// ghash_kernel.hpp: the GHASH kernel interface (GCM's universal hash, SP 800-38D) and the
// list of compiled-in kernels.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "axiom/gcm.hpp"
#include "core/isa.hpp"
#include "core/kernel.hpp"

namespace axiom::detail {

// A GHASH kernel: init derives its key layout (powers of H, ...) from the hash key H (16
// bytes, E_K(0)); blocks folds n whole blocks into y: y = (y ^ block) * H for each, with y
// and the blocks in GCM's byte order.
struct GhashKernel {
  KernelInfo info;
  void (*init)(GhashKey& key, const std::uint8_t h[16]) noexcept;
  void (*blocks)(const GhashKey& key, std::uint8_t y[16], const std::uint8_t* in,
                 std::size_t n) noexcept;
};

extern const GhashKernel ghash_portable;
#if AXIOM_X86_64
extern const GhashKernel ghash_vpclmul_avx512;
extern const GhashKernel ghash_vpclmul_avx2;
extern const GhashKernel ghash_pclmul;
#endif
#if AXIOM_AARCH64
extern const GhashKernel ghash_pmull;
#endif

// ghash_kernels lists the kernels compiled in, best first; the last is portable.
std::span<const GhashKernel* const> ghash_kernels() noexcept;

// ghash_select picks the kernel to use on a CPU with features f.
const GhashKernel& ghash_select(cpu::Features f) noexcept;

}  // namespace axiom::detail
