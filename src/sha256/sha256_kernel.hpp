// sha256_kernel.hpp: the SHA-256 kernel interface and the list of compiled-in kernels.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "core/isa.hpp"
#include "core/kernel.hpp"

namespace axiom::detail {

// A SHA-256 kernel compresses whole 64-byte blocks into the 8-word state (FIPS 180-4 order).
// compress_blocks_x2 does the same for two independent messages of nblocks blocks each; a
// kernel that cannot interleave them simply runs one after the other. compress_blocks_x16, null
// in a kernel without it, does it for sixteen messages, one per 32-bit lane of a vector. A lane
// costs as much whether it is wanted or not; callers fill unused ones with copies of a used one
// (the same state and blocks pointers): every state is read before any is written, so the
// copies store the same result.
struct Sha256Kernel {
  KernelInfo info;
  void (*compress_blocks)(std::uint32_t state[8], const std::uint8_t* blocks,
                          std::size_t nblocks) noexcept;
  void (*compress_blocks_x2)(std::uint32_t* const state[2], const std::uint8_t* const blocks[2],
                             std::size_t nblocks) noexcept;
  void (*compress_blocks_x16)(std::uint32_t* const state[16], const std::uint8_t* const blocks[16],
                              std::size_t nblocks) noexcept;
};

extern const Sha256Kernel sha256_portable;
#if AXIOM_X86_64
extern const Sha256Kernel sha256_avx512_shani;
extern const Sha256Kernel sha256_shani;
#endif
#if AXIOM_AARCH64
extern const Sha256Kernel sha256_armv8;
#endif

// sha256_kernels lists the kernels compiled in, best first; the last is portable.
std::span<const Sha256Kernel* const> sha256_kernels() noexcept;

// sha256_select picks the kernel to use on a CPU with features f.
const Sha256Kernel& sha256_select(cpu::Features f) noexcept;

// The round constants, shared by the kernels.
AXIOM_HIDDEN extern const std::uint32_t sha256_round_constants[64];

}  // namespace axiom::detail
