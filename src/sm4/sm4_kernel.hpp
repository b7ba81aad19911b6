// sm4_kernel.hpp: the SM4 kernel interface and the list of compiled-in kernels.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "axiom/sm4.hpp"
#include "core/isa.hpp"
#include "core/kernel.hpp"
#include "modes/block128.hpp"

namespace axiom::detail {

// An SM4 kernel: the bulk modes over the round keys of Sm4Schedule (one layout for all).
struct Sm4Kernel {
  KernelInfo info;
  Block128Ops ops;
};

extern const Sm4Kernel sm4_portable;
#if AXIOM_X86_64
extern const Sm4Kernel sm4_aesni;
extern const Sm4Kernel sm4_vaes_avx2;
#endif

// sm4_kernels lists the kernels compiled in, best first; the last is portable.
std::span<const Sm4Kernel* const> sm4_kernels() noexcept;

// sm4_select picks the kernel to use on a CPU with features f.
const Sm4Kernel& sm4_select(cpu::Features f) noexcept;

// sm4_tau applies the SM4 S-box to each byte of w, in constant time (a Boolean circuit on
// bit planes, no table). Used by the key schedule and the portable kernel's one-block path.
std::uint32_t sm4_tau(std::uint32_t w) noexcept;

// sm4_expand_key writes the 32 round keys of key. Constant time.
void sm4_expand_key(Sm4Schedule& ks, const std::uint8_t key[16]) noexcept;

}  // namespace axiom::detail
