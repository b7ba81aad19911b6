// block_modes.hpp: the modes' bulk functions over B-byte blocks, written once over a kernel's
// ECB functions (Ecb(ks, out, in, n): n blocks, any n, out == in allowed) and its single-block
// encryption (One(ks, b): one block in place), for the Kuznyechik (B = 16) and Magma (B = 8)
// kernels that need nothing more special.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/wipe.hpp"

namespace axiom::detail::block_modes {

inline void xor_bytes(std::uint8_t* out, const std::uint8_t* a, const std::uint8_t* b,
                      std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) out[i] = a[i] ^ b[i];
}

// Counter blocks are written Batch at a time by Fill(ctr, buf, m) (m blocks from ctr, which it
// advances past them), encrypted in place and XORed into the output.
template <std::size_t B, std::size_t Batch, auto Ecb, auto Fill>
void ctr_xor(const void* ks, std::uint8_t ctr[B], std::uint8_t* out, const std::uint8_t* in,
             std::size_t n) noexcept {
  alignas(64) std::uint8_t buf[Batch * B];
  while (n > 0) {
    const std::size_t m = n < Batch ? n : Batch;
    Fill(ctr, buf, m);
    Ecb(ks, buf, buf, m);
    xor_bytes(out, in, buf, B * m);
    n -= m, in += B * m, out += B * m;
  }
  wipe(buf);  // keystream
}

template <std::size_t B, auto One>
void cbc_encrypt(const void* ks, std::uint8_t iv[B], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  std::uint8_t b[B];
  std::memcpy(b, iv, B);
  for (; n > 0; --n, in += B, out += B) {
    xor_bytes(b, b, in, B);
    One(ks, b);
    std::memcpy(out, b, B);
  }
  std::memcpy(iv, b, B);
}

template <std::size_t B, auto One>
void cbc_mac(const void* ks, std::uint8_t state[B], const std::uint8_t* in,
             std::size_t n) noexcept {
  for (; n > 0; --n, in += B) {
    xor_bytes(state, state, in, B);
    One(ks, state);
  }
}

// CBC decryption Batch blocks at a time; the ciphertext is kept before an in-place call
// overwrites it.
template <std::size_t B, std::size_t Batch, auto DecEcb>
void cbc_decrypt(const void* ks, std::uint8_t iv[B], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  alignas(64) std::uint8_t c[Batch * B + B];
  std::memcpy(c, iv, B);
  while (n > 0) {
    const std::size_t m = n < Batch ? n : Batch;
    std::memcpy(c + B, in, B * m);
    DecEcb(ks, out, in, m);
    xor_bytes(out, out, c, B * m);
    std::memcpy(c, c + B * m, B);
    n -= m, in += B * m, out += B * m;
  }
  std::memcpy(iv, c, B);
}

}  // namespace axiom::detail::block_modes
