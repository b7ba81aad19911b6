// magma.hpp: the Magma block cipher (GOST R 34.12-2015, RFC 8891): 64-bit blocks, 256-bit keys,
// the S-boxes of id-tc26-gost-28147-param-Z. Every mode of GOST R 34.13-2015 works over it
// (modes.hpp: Ecb<Magma>, Cbc<Magma>, Cfb<Magma>, Ofb<Magma>, Ctr<Magma>::gost, Cmac<Magma>),
// as do MGM (MagmaMgm, mgm.hpp), CTR-ACPKM and OMAC-ACPKM (acpkm.hpp) and KExp15 (kexp15.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "axiom/block_cipher.hpp"

namespace axiom {

namespace detail {
struct MagmaKernel;

// MagmaSchedule: the key's eight 32-bit words K1..K8, K1 from the key's first four bytes read
// big-endian (the order RFC 8891 prints keys in). Round i (1..32) adds K_((i-1) mod 8 + 1) for
// i <= 24 and K_(33-i) after. Blocks are bytes in RFC 8891's order: a1 = the first four bytes
// read big-endian, a0 = the last four.
struct MagmaSchedule {
  alignas(32) std::uint32_t k[8];
};

struct MagmaTraits {
  static constexpr std::size_t key_size = 32;
  static constexpr std::size_t block_size = 8;
  using Kernel = MagmaKernel;
  using Schedule = MagmaSchedule;
  static const MagmaKernel& default_kernel() noexcept;
  static const BlockOps<8>& ops(const MagmaKernel& k) noexcept;
  static void expand(MagmaSchedule& ks, const MagmaKernel& k, const std::uint8_t* key) noexcept;
  static std::string_view name(const MagmaKernel& k) noexcept;
};
}  // namespace detail

// Magma is the GOST R 34.12-2015 64-bit block cipher with a 32-byte key. Blocks and keys are
// bytes in the order RFC 8891 prints them (as the GOST engine, GnuTLS and pygost store them).
// See BlockCipher for the members.
using Magma = BlockCipher<detail::MagmaTraits>;

}  // namespace axiom
