// sm4.hpp: the SM4 block cipher (GB/T 32907-2016) with its 128-bit key.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "axiom/block_cipher.hpp"
#include "axiom/result.hpp"

namespace axiom {

namespace detail {
struct Sm4Kernel;

// Sm4Schedule holds the 32 round keys, as 32-bit words in encryption order (every kernel
// reads this layout; decryption walks it backwards).
struct Sm4Schedule {
  alignas(64) std::uint32_t rk[32];
};

struct Sm4Traits {
  static constexpr std::size_t key_size = 16;
  static constexpr std::size_t block_size = 16;
  using Kernel = Sm4Kernel;
  using Schedule = Sm4Schedule;
  static const Sm4Kernel& default_kernel() noexcept;
  static const BlockOps<16>& ops(const Sm4Kernel& k) noexcept;
  static void expand(Sm4Schedule& ks, const Sm4Kernel& k, const std::uint8_t* key) noexcept;
  static std::string_view name(const Sm4Kernel& k) noexcept;
};
}  // namespace detail

// Sm4 is the SM4 block cipher with a 16-byte key on 16-byte blocks; the modes of modes.hpp,
// gcm.hpp and ccm.hpp build on it (Ecb<Sm4>, Cbc<Sm4>, Ctr<Sm4>, Cmac<Sm4>, Sm4Gcm, Sm4Ccm).
// The key schedule is computed in constant time (the S-box is a Boolean circuit or GFNI, no
// table). See BlockCipher for the members.
using Sm4 = BlockCipher<detail::Sm4Traits>;

}  // namespace axiom
