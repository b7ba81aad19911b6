// magma_modes.hpp: the modes' bulk functions over 8-byte blocks for the Magma kernels: those of
// core/block_modes.hpp, and MGM's counter mode.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/block_modes.hpp"
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

// The counter is the whole block, big-endian.
inline void fill_counters(std::uint8_t ctr[8], std::uint8_t* buf, std::size_t m) noexcept {
  std::uint64_t c = load_be64(ctr);
  for (std::size_t i = 0; i < m; ++i) store_be64(buf + 8 * i, c++);
  store_be64(ctr, c);
}

template <std::size_t Batch, auto Ecb>
inline constexpr auto ctr_xor = block_modes::ctr_xor<8, Batch, Ecb, fill_counters>;
template <auto One>
inline constexpr auto cbc_encrypt = block_modes::cbc_encrypt<8, One>;
template <auto One>
inline constexpr auto cbc_mac = block_modes::cbc_mac<8, One>;
template <std::size_t Batch, auto DecEcb>
inline constexpr auto cbc_decrypt = block_modes::cbc_decrypt<8, Batch, DecEcb>;

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
      block_modes::xor_bytes(out, in, buf, 8 * m);
      in += 8 * m;
    } else {
      std::memcpy(out, buf, 8 * m);
    }
    n -= m, out += 8 * m;
  }
  store_be32(ctr + half, c);
  wipe(buf);
}

}  // namespace axiom::detail::magma_modes
