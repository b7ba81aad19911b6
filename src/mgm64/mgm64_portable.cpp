// The portable GF(2^64) MGM multiplication: shift-and-add over the 64 bits of one factor, each
// step selected by a mask, never a branch, so it is constant time on any CPU.
#include "core/endian.hpp"
#include "mgm64/mgm64_kernel.hpp"

namespace axiom::detail {

namespace {

using u64 = std::uint64_t;

inline u64 load_be64(const std::uint8_t* p) noexcept { return __builtin_bswap64(load_le64(p)); }
inline void store_be64(std::uint8_t* p, u64 v) noexcept { store_le64(p, __builtin_bswap64(v)); }

void mac(std::uint8_t acc[8], const std::uint8_t* h, const std::uint8_t* a,
         std::size_t n) noexcept {
  u64 r = load_be64(acc);
  for (; n > 0; --n, h += 8, a += 8) {
    u64 v = load_be64(h);
    const u64 b = load_be64(a);
    for (int i = 0; i < 64; ++i) {
      r ^= v & (0 - ((b >> i) & 1));
      v = (v << 1) ^ (0x1b & (0 - (v >> 63)));  // v = v * x mod x^64 + x^4 + x^3 + x + 1
    }
  }
  store_be64(acc, r);
}

}  // namespace

const Mgm64Kernel mgm64_portable = {{"mgm64/portable", cpu::Features{}, true}, mac};

}  // namespace axiom::detail
