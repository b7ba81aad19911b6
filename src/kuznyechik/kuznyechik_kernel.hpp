// kuznyechik_kernel.hpp: the Kuznyechik kernel interface, the list of compiled-in kernels, and
// the mode drivers the kernels share.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "axiom/kuznyechik.hpp"
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

// The modes over a kernel's ECB and single-block functions, for kernels that need nothing
// more special: Ecb(ks, out, in, n) encrypts n blocks (any n, out == in allowed), One(ks, b)
// encrypts one block in place, DecEcb decrypts n blocks.
namespace kuz_modes {

inline void add_be128(std::uint8_t c[16], std::uint64_t k) noexcept {
  for (int i = 15; i >= 0 && k != 0; --i) {
    const std::uint64_t v = c[i] + (k & 0xff);
    c[i] = static_cast<std::uint8_t>(v);
    k = (k >> 8) + (v >> 8);
  }
}

inline void xor_bytes(std::uint8_t* out, const std::uint8_t* a, const std::uint8_t* b,
                      std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) out[i] = a[i] ^ b[i];
}

// Counter blocks are made and encrypted Batch blocks at a time.
template <std::size_t Batch, auto Ecb>
void ctr_xor(const void* ks, std::uint8_t ctr[16], std::uint8_t* out, const std::uint8_t* in,
             std::size_t n) noexcept {
  alignas(32) std::uint8_t buf[Batch * 16];
  while (n > 0) {
    const std::size_t m = n < Batch ? n : Batch;
    for (std::size_t i = 0; i < m; ++i) {
      std::memcpy(buf + 16 * i, ctr, 16);
      add_be128(ctr, 1);
    }
    Ecb(ks, buf, buf, m);
    xor_bytes(out, in, buf, 16 * m);
    n -= m, in += 16 * m, out += 16 * m;
  }
  std::memset(buf, 0, sizeof buf);  // keystream
  __asm__ __volatile__("" : : "r"(buf) : "memory");
}

template <auto One>
void cbc_encrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  std::uint8_t b[16];
  std::memcpy(b, iv, 16);
  for (; n > 0; --n, in += 16, out += 16) {
    xor_bytes(b, b, in, 16);
    One(ks, b);
    std::memcpy(out, b, 16);
  }
  std::memcpy(iv, b, 16);
}

template <auto One>
void cbc_mac(const void* ks, std::uint8_t state[16], const std::uint8_t* in,
             std::size_t n) noexcept {
  for (; n > 0; --n, in += 16) {
    xor_bytes(state, state, in, 16);
    One(ks, state);
  }
}

// CBC decryption Batch blocks at a time; the ciphertext is kept before an in-place call
// overwrites it.
template <std::size_t Batch, auto DecEcb>
void cbc_decrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  alignas(32) std::uint8_t c[Batch * 16 + 16];
  std::memcpy(c, iv, 16);
  while (n > 0) {
    const std::size_t m = n < Batch ? n : Batch;
    std::memcpy(c + 16, in, 16 * m);
    DecEcb(ks, out, in, m);
    xor_bytes(out, out, c, 16 * m);
    std::memcpy(c, c + 16 * m, 16);
    n -= m, in += 16 * m, out += 16 * m;
  }
  std::memcpy(iv, c, 16);
}

}  // namespace kuz_modes

}  // namespace axiom::detail
