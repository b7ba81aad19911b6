// mgm_kernel.hpp: the MGM multiplication kernel interface (sums of products in GF(2^128),
// RFC 9058) and the list of compiled-in kernels.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "axiom/mgm.hpp"
#include "core/isa.hpp"
#include "core/kernel.hpp"

namespace axiom::detail {

// An MGM kernel: mac adds to acc the sum of h_i (x) a_i over n pairs of blocks (h: n blocks,
// a: n blocks), in GF(2^128) modulo x^128 + x^7 + x^2 + x + 1, every block and acc read as a
// big-endian number (RFC 9058). Constant time.
struct MgmKernel {
  KernelInfo info;
  void (*mac)(std::uint8_t acc[16], const std::uint8_t* h, const std::uint8_t* a,
              std::size_t n) noexcept;
};

extern const MgmKernel mgm_portable;
#if AXIOM_X86_64
extern const MgmKernel mgm_vpclmul_avx512;
extern const MgmKernel mgm_pclmul;
#endif

// mgm_kernels lists the kernels compiled in, best first; the last is portable.
std::span<const MgmKernel* const> mgm_kernels() noexcept;

// mgm_select picks the kernel to use on a CPU with features f.
const MgmKernel& mgm_select(cpu::Features f) noexcept;

}  // namespace axiom::detail
