// poly1305_kernel.hpp: the Poly1305 kernel interface and the list of compiled-in kernels.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "core/isa.hpp"
#include "core/kernel.hpp"

namespace axiom::detail {

// A Poly1305 kernel absorbs whole 16-byte blocks: h = (h + block + pad_bit * 2^128) * r mod
// 2^130 - 5, h kept partly reduced in base 2^64 (h[2] < 8), r clamped. pad_bit is 1 for full
// blocks and 0 for a final block already padded with 01 00 ...
struct Poly1305Kernel {
  KernelInfo info;
  void (*blocks)(std::uint64_t h[3], const std::uint64_t r[2], const std::uint8_t* m,
                 std::size_t nblocks, std::uint64_t pad_bit) noexcept;
};

extern const Poly1305Kernel poly1305_portable;

// poly1305_kernels lists the kernels compiled in, best first; the last is portable.
std::span<const Poly1305Kernel* const> poly1305_kernels() noexcept;

// poly1305_select picks the kernel to use on a CPU with features f.
const Poly1305Kernel& poly1305_select(cpu::Features f) noexcept;

// poly1305_default is poly1305_select(cpu::detected()), computed once.
const Poly1305Kernel& poly1305_default() noexcept;

}  // namespace axiom::detail
