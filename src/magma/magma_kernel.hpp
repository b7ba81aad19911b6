// magma_kernel.hpp: the Magma kernel interface (GOST R 34.12-2015's 64-bit block cipher, RFC
// 8891), the key schedule layout every kernel reads, and the list of compiled-in kernels.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "axiom/block_cipher.hpp"
#include "core/isa.hpp"
#include "core/kernel.hpp"

namespace axiom::detail {

// MagmaSchedule: the key's eight 32-bit words K1..K8, K1 from the key's first four bytes read
// big-endian (the order RFC 8891 prints keys in). Round i (1..32) adds K_((i-1) mod 8 + 1) for
// i <= 24 and K_(33-i) after. Blocks are bytes in RFC 8891's order: a1 = the first four bytes
// read big-endian, a0 = the last four.
struct MagmaSchedule {
  alignas(32) std::uint32_t k[8];
};

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
