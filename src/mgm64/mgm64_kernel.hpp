// mgm64_kernel.hpp: the MGM multiplication kernel interface for 64-bit blocks (sums of
// products in GF(2^64), RFC 9058 with Magma) and the list of compiled-in kernels. The mode
// itself is src/mgm/mgm.cpp, written once for both block sizes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "axiom/mgm.hpp"
#include "core/isa.hpp"
#include "core/kernel.hpp"

namespace axiom::detail {

// An MGM kernel for 64-bit blocks: mac adds to acc the sum of h_i (x) a_i over n pairs of
// 8-byte blocks, in GF(2^64) modulo x^64 + x^4 + x^3 + x + 1, every block and acc read as a
// big-endian number (RFC 9058). Constant time.
struct Mgm64Kernel {
  KernelInfo info;
  void (*mac)(std::uint8_t acc[8], const std::uint8_t* h, const std::uint8_t* a,
              std::size_t n) noexcept;
};

extern const Mgm64Kernel mgm64_portable;
#if AXIOM_X86_64
extern const Mgm64Kernel mgm64_pclmul;
#endif

// mgm64_kernels lists the kernels compiled in, best first; the last is portable.
std::span<const Mgm64Kernel* const> mgm64_kernels() noexcept;

// mgm64_select picks the kernel to use on a CPU with features f.
const Mgm64Kernel& mgm64_select(cpu::Features f) noexcept;

}  // namespace axiom::detail
