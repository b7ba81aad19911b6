// magma_kernel.hpp: the Magma kernel interface (GOST R 34.12-2015's 64-bit block cipher, RFC
// 8891) and the list of compiled-in kernels; the key schedule layout every kernel reads,
// MagmaSchedule, is in axiom/magma.hpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "axiom/block_cipher.hpp"
#include "axiom/magma.hpp"
#include "core/isa.hpp"
#include "core/kernel.hpp"

namespace axiom::detail {

// A Magma kernel: the bulk functions of the modes over 8-byte blocks (BlockOps<8>), reading a
// MagmaSchedule. The S-boxes are the fixed ones of GOST R 34.12-2015 (id-tc26-gost-28147-param-Z).
struct MagmaKernel {
  KernelInfo info;
  Block64Ops ops;
};

extern const MagmaKernel magma_portable;
#if AXIOM_X86_64
extern const MagmaKernel magma_avx512_vbmi;
extern const MagmaKernel magma_avx2;
#endif

// magma_kernels lists the kernels compiled in, best first; the last is portable.
std::span<const MagmaKernel* const> magma_kernels() noexcept;

// magma_select picks the kernel to use on a CPU with features f.
const MagmaKernel& magma_select(cpu::Features f) noexcept;

// magma_schedule_from_key fills ks with the key's words K1..K8 (big-endian, K1 first).
void magma_schedule_from_key(MagmaSchedule& ks, const std::uint8_t key[32]) noexcept;

}  // namespace axiom::detail
