// chacha20_kernel.hpp: the ChaCha20 kernel interface and the list of compiled-in kernels.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "axiom/poly1305.hpp"
#include "core/isa.hpp"
#include "core/kernel.hpp"

namespace axiom::detail {

// A ChaCha20 kernel XORs whole 64-byte keystream blocks into data. input is the RFC 8439 state
// (constants, key, block counter, nonce); the blocks use counters input[12], input[12] + 1, ...
// and the caller guarantees input[12] + nblocks <= 2^32 (no wrap). out may equal in.
//
// xor_blocks_mac, where a kernel has it (else null), is xor_blocks fused with Poly1305: it also
// absorbs into mac, with the arithmetic of poly1305/portable (mac.powers unused), the
// 64 nblocks bytes of ciphertext: out when sealing, in otherwise (read before out is written,
// so in place works). nblocks is a multiple of 8.
struct ChaCha20Kernel {
  KernelInfo info;
  void (*xor_blocks)(const std::uint32_t input[16], std::uint8_t* out, const std::uint8_t* in,
                     std::size_t nblocks) noexcept;
  void (*xor_blocks_mac)(const std::uint32_t input[16], std::uint8_t* out, const std::uint8_t* in,
                         std::size_t nblocks, Poly1305State& mac, bool sealing) noexcept;
};

extern const ChaCha20Kernel chacha20_portable;
#if AXIOM_X86_64
extern const ChaCha20Kernel chacha20_avx512;
extern const ChaCha20Kernel chacha20_avx2;
#endif
#if AXIOM_AARCH64
extern const ChaCha20Kernel chacha20_neon;
#endif

// chacha20_kernels lists the kernels compiled in, best first; the last is portable.
std::span<const ChaCha20Kernel* const> chacha20_kernels() noexcept;

// chacha20_select picks the kernel to use on a CPU with features f.
const ChaCha20Kernel& chacha20_select(cpu::Features f) noexcept;

// chacha20_default is chacha20_select(cpu::detected()), computed once.
const ChaCha20Kernel& chacha20_default() noexcept;

// aead_poly1305 is the Poly1305 kernel ChaCha20Poly1305 pairs with chacha by default
// (defined with the AEAD).
const Poly1305Kernel& aead_poly1305(const ChaCha20Kernel& chacha) noexcept;

}  // namespace axiom::detail
