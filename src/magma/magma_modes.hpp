// magma_modes.hpp: the modes' bulk functions over 8-byte blocks, written once over a kernel's
// ECB functions (Ecb(ks, out, in, n): n blocks, out == in allowed) and its single-block
// encryption (One(ks, b): one block in place), for the Magma kernels.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/endian.hpp"
#include "core/wipe.hpp"

namespace axiom::detail::magma_modes {

inline std::uint64_t load_be64(const std::uint8_t* p) noexcept {
  return std::uint64_t{load_be32(p)} << 32 | load_be32(p + 4);
}

inline void store_be64(std::uint8_t* p, std::uint64_t v) noexcept {
  store_be32(p, static_cast<std::uint32_t>(v >> 32));
  store_be32(p + 4, static_cast<std::uint32_t>(v));
}

inline void xor_bytes(std::uint8_t* out, const std::uint8_t* a, const std::uint8_t* b,
                      std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) out[i] = a[i] ^ b[i];
}

// Counter blocks are written Batch at a time, encrypted in place and XORed into the output.
template <std::size_t Batch, auto Ecb>
void ctr_xor(const void* ks, std::uint8_t ctr[8], std::uint8_t* out, const std::uint8_t* in,
             std::size_t n) noexcept {
  alignas(64) std::uint8_t buf[Batch * 8];
  std::uint64_t c = load_be64(ctr);
  while (n > 0) {
    const std::size_t m = n < Batch ? n : Batch;
    for (std::size_t i = 0; i < m; ++i) store_be64(buf + 8 * i, c++);
    Ecb(ks, buf, buf, m);
    xor_bytes(out, in, buf, 8 * m);
    n -= m, in += 8 * m, out += 8 * m;
  }
  store_be64(ctr, c);
  wipe(buf);  // keystream
}

// MGM's counters: the 32-bit big-endian half at byte offset `half` counts, the other stays.
template <std::size_t Batch, auto Ecb>
void ctr_half_xor(const void* ks, std::uint8_t ctr[8], std::size_t half, std::uint8_t* out,
                  const std::uint8_t* in, std::size_t n) noexcept {
  alignas(64) std::uint8_t buf[Batch * 8];
  std::uint32_t c = load_be32(ctr + half);
  while (n > 0) {
    const std::size_t m = n < Batch ? n : Batch;
    // c + i, not c++: with c++ GCC 12 ends the loop on a comparison of the counter, which in
    // MGM is secret (E_K of the nonce), so valgrind sees a branch on a secret.
    for (std::size_t i = 0; i < m; ++i) {
      std::memcpy(buf + 8 * i, ctr, 8);
      store_be32(buf + 8 * i + half, c + static_cast<std::uint32_t>(i));
    }
    c += static_cast<std::uint32_t>(m);
    Ecb(ks, buf, buf, m);
    if (in != nullptr) {
      xor_bytes(out, in, buf, 8 * m);
      in += 8 * m;
    } else {
      std::memcpy(out, buf, 8 * m);
    }
    n -= m, out += 8 * m;
  }
  store_be32(ctr + half, c);
  wipe(buf);
}

template <auto One>
void cbc_encrypt(const void* ks, std::uint8_t iv[8], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  std::uint8_t b[8];
  std::memcpy(b, iv, 8);
  for (; n > 0; --n, in += 8, out += 8) {
    xor_bytes(b, b, in, 8);
    One(ks, b);
    std::memcpy(out, b, 8);
  }
  std::memcpy(iv, b, 8);
}

template <auto One>
void cbc_mac(const void* ks, std::uint8_t state[8], const std::uint8_t* in,
             std::size_t n) noexcept {
  for (; n > 0; --n, in += 8) {
    xor_bytes(state, state, in, 8);
    One(ks, state);
  }
}

// CBC decryption Batch blocks at a time; the ciphertext is kept before an in-place call
// overwrites it.
template <std::size_t Batch, auto DecEcb>
void cbc_decrypt(const void* ks, std::uint8_t iv[8], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  alignas(64) std::uint8_t c[Batch * 8 + 8];
  std::memcpy(c, iv, 8);
  while (n > 0) {
    const std::size_t m = n < Batch ? n : Batch;
    std::memcpy(c + 8, in, 8 * m);
    DecEcb(ks, out, in, m);
    xor_bytes(out, out, c, 8 * m);
    std::memcpy(c, c + 8 * m, 8);
    n -= m, in += 8 * m, out += 8 * m;
  }
  std::memcpy(iv, c, 8);
}

}  // namespace axiom::detail::magma_modes
