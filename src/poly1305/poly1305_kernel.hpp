// poly1305_kernel.hpp: the Poly1305 kernel interface and the list of compiled-in kernels.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "axiom/poly1305.hpp"
#include "core/isa.hpp"
#include "core/kernel.hpp"

namespace axiom::detail {

// A Poly1305 kernel absorbs whole 16-byte blocks into st: h = (h + block + pad_bit * 2^128) *
// r mod 2^130 - 5, h kept partly reduced in base 2^64 (h[2] < 8), r clamped. pad_bit is 1 for
// full blocks and 0 for a final block already padded with 01 00 ... The kernel may fill
// st.powers (see Poly1305State); h and r are all it reads besides.
struct Poly1305Kernel {
  KernelInfo info;
  void (*blocks)(Poly1305State& st, const std::uint8_t* m, std::size_t nblocks,
                 std::uint64_t pad_bit) noexcept;
};

extern const Poly1305Kernel poly1305_portable;
#if AXIOM_X86_64
extern const Poly1305Kernel poly1305_avx512_ifma;
extern const Poly1305Kernel poly1305_avx2;
#endif

// poly1305_kernels lists the kernels compiled in, best first; the last is portable.
std::span<const Poly1305Kernel* const> poly1305_kernels() noexcept;

// poly1305_select picks the kernel to use on a CPU with features f.
const Poly1305Kernel& poly1305_select(cpu::Features f) noexcept;

// poly1305_default is poly1305_select(cpu::detected()), computed once.
const Poly1305Kernel& poly1305_default() noexcept;

}  // namespace axiom::detail
