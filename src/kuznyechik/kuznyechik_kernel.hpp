// kuznyechik_kernel.hpp: the Kuznyechik kernel interface, the list of compiled-in kernels, and
// the mode drivers the kernels share.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "axiom/kuznyechik.hpp"
#include "core/block_modes.hpp"
#include "core/isa.hpp"
#include "core/kernel.hpp"
#include "axiom/block_cipher.hpp"

namespace axiom::detail {

// A Kuznyechik kernel. ls computes L(S(block)) of one block in place, in constant time (the
// key schedule runs on it; a kernel that is not constant time points it at the portable one).
// setup fills schedule.dec from schedule.enc in the kernel's own layout.
struct KuznyechikKernel {
  KernelInfo info;
  void (*ls)(std::uint8_t block[16]) noexcept;
  void (*setup)(KuznyechikSchedule& ks) noexcept;
  Block128Ops ops;
};

extern const KuznyechikKernel kuznyechik_portable;
// kuznyechik_portable_ls is the portable kernel's constant-time L(S(block)).
void kuznyechik_portable_ls(std::uint8_t block[16]) noexcept;
extern const KuznyechikKernel kuznyechik_tables;
#if AXIOM_X86_64
extern const KuznyechikKernel kuznyechik_avx512_gfni;
extern const KuznyechikKernel kuznyechik_avx2;
#endif
#if AXIOM_AARCH64
extern const KuznyechikKernel kuznyechik_neon;
#endif

// kuznyechik_kernels lists the kernels compiled in, best first; the last is portable.
std::span<const KuznyechikKernel* const> kuznyechik_kernels() noexcept;

// kuznyechik_select picks the kernel to use on a CPU with features f.
const KuznyechikKernel& kuznyechik_select(cpu::Features f) noexcept;

// kuznyechik_expand_key writes K1..K10 of key to ks.enc with ls (constant time when ls is).
void kuznyechik_expand_key(KuznyechikSchedule& ks, const std::uint8_t key[32],
                           void (*ls)(std::uint8_t block[16]) noexcept) noexcept;

// The modes over a kernel's ECB and single-block functions (core/block_modes.hpp), for
// kernels that need nothing more special; the counter is the whole block, big-endian.
namespace kuz_modes {

inline void add_be128(std::uint8_t c[16], std::uint64_t k) noexcept {
  for (int i = 15; i >= 0 && k != 0; --i) {
    const std::uint64_t v = c[i] + (k & 0xff);
    c[i] = static_cast<std::uint8_t>(v);
    k = (k >> 8) + (v >> 8);
  }
}

inline void fill_counters(std::uint8_t ctr[16], std::uint8_t* buf, std::size_t m) noexcept {
  for (std::size_t i = 0; i < m; ++i) {
    std::memcpy(buf + 16 * i, ctr, 16);
    add_be128(ctr, 1);
  }
}

template <std::size_t Batch, auto Ecb>
inline constexpr auto ctr_xor = block_modes::ctr_xor<16, Batch, Ecb, fill_counters>;
template <auto One>
inline constexpr auto cbc_encrypt = block_modes::cbc_encrypt<16, One>;
template <auto One>
inline constexpr auto cbc_mac = block_modes::cbc_mac<16, One>;
template <std::size_t Batch, auto DecEcb>
inline constexpr auto cbc_decrypt = block_modes::cbc_decrypt<16, Batch, DecEcb>;

}  // namespace kuz_modes

}  // namespace axiom::detail
