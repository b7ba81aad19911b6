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
extern const Sm4Kernel sm4_aesni_avx;
extern const Sm4Kernel sm4_vaes_avx2;
#endif

// Byte tables of the SIMD kernels, as {low 8 bytes, high 8 bytes} (pshufb operands).
// f_*, g_*: SM4's S(x) = G(AES(F(x))) (see sm4_portable.cpp); F and G as lookups of the
// low and the high nibble, XORed. rot*: undo AES's ShiftRows (aesenclast) and rotate each
// 32-bit word left by 0, 8, 16 bits; rotl24: rotate each word left by 24 bits. bswap32:
// big-endian words.
namespace sm4_tables {
inline constexpr std::uint64_t f_lo[2] = {0x078b37bb820eb23eULL, 0x9814a8241d912da1ULL};
inline constexpr std::uint64_t f_hi[2] = {0x37eb19c5f22edc00ULL, 0x3fe311cdfa26d408ULL};
inline constexpr std::uint64_t g_lo[2] = {0x2098ea521ea6d46cULL, 0x47ff8d3579c1b30bULL};
inline constexpr std::uint64_t g_hi[2] = {0x2dcd7d9db050e000ULL, 0xed0dbd5d709020c0ULL};
inline constexpr std::uint64_t rot0[2] = {0x0b0e0104070a0d00ULL, 0x0306090c0f020508ULL};
inline constexpr std::uint64_t rot8[2] = {0x0e01040b0a0d0007ULL, 0x06090c030205080fULL};
inline constexpr std::uint64_t rot16[2] = {0x01040b0e0d00070aULL, 0x090c030605080f02ULL};
inline constexpr std::uint64_t rotl24[2] = {0x0407060500030201ULL, 0x0c0f0e0d080b0a09ULL};
inline constexpr std::uint64_t bswap32[2] = {0x0405060700010203ULL, 0x0c0d0e0f08090a0bULL};
}  // namespace sm4_tables

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
