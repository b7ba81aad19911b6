// kuznyechik.hpp: the Kuznyechik block cipher (GOST R 34.12-2015, RFC 7801): 128-bit blocks,
// 256-bit keys. The modes in modes.hpp (ECB, CBC, CTR, CMAC/OMAC, ...) work over it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "axiom/block_cipher.hpp"
#include "axiom/result.hpp"

namespace axiom {

namespace detail {
struct KuznyechikKernel;

// KuznyechikSchedule holds the round keys K1..K10 (enc) and what the kernel that wrote it
// derives from them at setup (dec): decryption keys, or the forms its rounds merge the keys in.
struct KuznyechikSchedule {
  alignas(32) std::uint8_t enc[10][16];
  alignas(32) std::uint8_t dec[17][16];
};

struct KuznyechikTraits {
  static constexpr std::size_t key_size = 32;
  static constexpr std::size_t block_size = 16;
  using Kernel = KuznyechikKernel;
  using Schedule = KuznyechikSchedule;
  static const KuznyechikKernel& default_kernel() noexcept;
  static const BlockOps<16>& ops(const KuznyechikKernel& k) noexcept;
  static void expand(KuznyechikSchedule& ks, const KuznyechikKernel& k,
                     const std::uint8_t* key) noexcept;
  static std::string_view name(const KuznyechikKernel& k) noexcept;
};
}  // namespace detail

// Kuznyechik is the GOST R 34.12-2015 128-bit block cipher with a 32-byte key. Blocks and keys
// are bytes in the order RFC 7801 prints them (as the GOST engine, Botan and GnuTLS store
// them). The key schedule runs in constant time. See BlockCipher for the members.
using Kuznyechik = BlockCipher<detail::KuznyechikTraits>;

}  // namespace axiom
