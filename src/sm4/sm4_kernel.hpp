// sm4_kernel.hpp: the SM4 kernel interface and the list of compiled-in kernels.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "axiom/sm4.hpp"
#include "core/isa.hpp"
#include "core/kernel.hpp"
#include "axiom/block_cipher.hpp"

namespace axiom::detail {

// An SM4 kernel: the bulk modes over the round keys of Sm4Schedule (one layout for all), and
// optionally its own key schedule (null: sm4_expand_key's circuit).
struct Sm4Kernel {
  KernelInfo info;
  Block128Ops ops;
  void (*expand_key)(Sm4Schedule& ks, const std::uint8_t key[16]) noexcept = nullptr;
};

extern const Sm4Kernel sm4_portable;
#if AXIOM_X86_64
extern const Sm4Kernel sm4_aesni;
extern const Sm4Kernel sm4_aesni_avx;
extern const Sm4Kernel sm4_vaes_avx2;
extern const Sm4Kernel sm4_gfni_avx512;
extern const Sm4Kernel sm4_gfni_avx2;
#endif
#if AXIOM_AARCH64
extern const Sm4Kernel sm4_armv8_sm4;
extern const Sm4Kernel sm4_neon;
#endif

// Byte tables of the SIMD kernels, as {low 8 bytes, high 8 bytes} (pshufb operands).
// f_*, g_*: SM4's S(x) = G(AES(F(x))) (see sm4_portable.cpp); F and G as lookups of the
// low and the high nibble, XORed. rot*: undo AES's ShiftRows (aesenclast) and rotate each
// 32-bit word left by 0, 8, 16 bits; rotl24, rotl16, rotl8: rotate each word left by 24, 16,
// 8 bits (as little-endian words). bswap32: big-endian words.
namespace sm4_tables {
inline constexpr std::uint64_t f_lo[2] = {0x078b37bb820eb23eULL, 0x9814a8241d912da1ULL};
inline constexpr std::uint64_t f_hi[2] = {0x37eb19c5f22edc00ULL, 0x3fe311cdfa26d408ULL};
inline constexpr std::uint64_t g_lo[2] = {0x2098ea521ea6d46cULL, 0x47ff8d3579c1b30bULL};
inline constexpr std::uint64_t g_hi[2] = {0x2dcd7d9db050e000ULL, 0xed0dbd5d709020c0ULL};
inline constexpr std::uint64_t rot0[2] = {0x0b0e0104070a0d00ULL, 0x0306090c0f020508ULL};
inline constexpr std::uint64_t rot8[2] = {0x0e01040b0a0d0007ULL, 0x06090c030205080fULL};
inline constexpr std::uint64_t rot16[2] = {0x01040b0e0d00070aULL, 0x090c030605080f02ULL};
inline constexpr std::uint64_t rotl24[2] = {0x0407060500030201ULL, 0x0c0f0e0d080b0a09ULL};
inline constexpr std::uint64_t rotl16[2] = {0x0504070601000302ULL, 0x0d0c0f0e09080b0aULL};
inline constexpr std::uint64_t rotl8[2] = {0x0605040702010003ULL, 0x0e0d0c0f0a09080bULL};
inline constexpr std::uint64_t bswap32[2] = {0x0405060700010203ULL, 0x0c0d0e0f08090a0bULL};
}  // namespace sm4_tables

// The constants of the GFNI kernels: 8x8 bit matrices as vgf2p8affineqb operands (byte 7 - i is
// row i: the input bits whose parity is output bit i). S(x) = G(AES(F(x))) (sm4_portable.cpp)
// is M2·inv(F(x)) ^ 0xd3 with inv the AES field's inversion, F = to_y·x ^ 0x3e (SM4's input
// affine map and the isomorphism into the AES field) and M2 = G's linear part times AES's.
// The kernels keep every state word as Y = to_y·X, byte by byte, in memory byte order (a
// big-endian word loaded little-endian), so an S-box input is Y1 ^ Y2 ^ Y3 ^ (to_y·rk ^ 0x3e)
// with no map before vgf2p8affineinvqb. L then splits by bytes: a word rotation by 8d + s
// (s < 8) is the byte map x << s into the byte 8d above and x >> (8 - s) into the byte after
// that, so L = sum over d of rot(8d)·N_d with N_d linear on bytes, and in Y the round's output
// is sum over d of rot(8d)((to_y·N_d·M2)·inv(x)) plus to_y·L(0xd3d3d3d3): one
// vgf2p8affineinvqb per distinct N_d, then byte rotations (right by 8d in memory byte order).
// L's N_1 = N_2 (three products); the key schedule's L' has four. The test sm4_gfni_test
// checks every constant against the S-box table on all 256 inputs.
namespace sm4_gfni {
inline constexpr std::uint64_t to_y = 0x4c287db91a22505dULL;    // F's linear part
inline constexpr std::uint64_t from_y = 0xb3a4f5863284728bULL;  // its inverse
inline constexpr int to_y_const = 0x3e;                         // F's constant, in the round keys
// L: N_0 = 1 + (x << 2), N_1 = N_2 = (x >> 6) + (x << 2), N_3 = (x >> 6) + 1.
inline constexpr std::uint64_t enc_m0 = 0x040db891e9a481b7ULL;
inline constexpr std::uint64_t enc_m1 = 0x2c020425162040adULL;
inline constexpr std::uint64_t enc_m3 = 0x280fbcb4ff84c11aULL;
inline constexpr int enc_const = 0x63;  // to_y·L(0xd3d3d3d3), added with m0's product
// L'(B) = B ^ (B <<< 13) ^ (B <<< 23): N_0 = 1, N_1 = x << 5, N_2 = (x >> 3) + (x << 7),
// N_3 = x >> 1.
inline constexpr std::uint64_t key_m0 = 0x280f0901760dc1afULL;
inline constexpr std::uint64_t key_m1 = 0xabf358c700f3ababULL;
inline constexpr std::uint64_t key_m2 = 0x13b5336648748933ULL;
inline constexpr std::uint64_t key_m3 = 0x54c1eccce6812f59ULL;
inline constexpr int key_const = 0xc5;
}  // namespace sm4_gfni

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
