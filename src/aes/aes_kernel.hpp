// aes_kernel.hpp: the AES kernel interface and the list of compiled-in kernels.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "axiom/aes.hpp"
#include "core/isa.hpp"
#include "core/kernel.hpp"
#include "axiom/block_cipher.hpp"

namespace axiom::detail {

// An AES kernel: setup turns the FIPS 197 round keys (4 * (rounds + 1) words as bytes, in
// order) into its own schedule layout; ops run the bulk modes over that schedule.
struct AesKernel {
  KernelInfo info;
  void (*setup)(AesSchedule& ks, const std::uint8_t* round_keys, std::uint32_t rounds) noexcept;
  Block128Ops ops;
};

extern const AesKernel aes_portable;
#if AXIOM_X86_64
extern const AesKernel aes_aesni;
extern const AesKernel aes_vaes_avx2;
extern const AesKernel aes_vaes_avx512;
#endif
#if AXIOM_AARCH64
extern const AesKernel aes_armv8;
#endif

// aes_kernels lists the kernels compiled in, best first; the last is portable.
std::span<const AesKernel* const> aes_kernels() noexcept;

// aes_select picks the kernel to use on a CPU with features f.
const AesKernel& aes_select(cpu::Features f) noexcept;

// aes_expand_key writes the FIPS 197 round keys of key (16, 24 or 32 bytes) to round_keys
// (up to 240 bytes) and returns the number of rounds. Constant time (bitsliced S-box).
std::uint32_t aes_expand_key(std::uint8_t round_keys[240], const std::uint8_t* key,
                             std::size_t key_size) noexcept;

// aes_sub_bytes64 applies the AES S-box (or its inverse) to 64 bytes in place, in constant
// time: a bitsliced Boolean circuit, no table.
void aes_sub_bytes64(std::uint8_t s[64], bool inverse) noexcept;

// aes_sbox_planes applies the AES S-box to bit planes x[0..7] (x[0] = least significant bit
// of every byte lane): the same circuit, for other bitsliced kernels (SM4).
void aes_sbox_planes(std::uint64_t x[8]) noexcept;

}  // namespace axiom::detail
