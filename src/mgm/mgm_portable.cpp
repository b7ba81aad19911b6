// The portable MGM multiplication: shift-and-add over the 128 bits of one factor, each step
// selected by a mask, never a branch, so it is constant time on any CPU (about 1300
// operations a block: correctness first; x86-64 uses mgm/pclmul).
#include "core/endian.hpp"
#include "mgm/mgm_kernel.hpp"

namespace axiom::detail {

namespace {

using u64 = std::uint64_t;

inline u64 load_be64(const std::uint8_t* p) noexcept { return __builtin_bswap64(load_le64(p)); }
inline void store_be64(std::uint8_t* p, u64 v) noexcept { store_le64(p, __builtin_bswap64(v)); }

void mac(std::uint8_t acc[16], const std::uint8_t* h, const std::uint8_t* a,
         std::size_t n) noexcept {
  u64 rh = load_be64(acc), rl = load_be64(acc + 8);
  for (; n > 0; --n, h += 16, a += 16) {
    u64 vh = load_be64(h), vl = load_be64(h + 8);
    const u64 b[2] = {load_be64(a + 8), load_be64(a)};  // low half first
    for (int i = 0; i < 128; ++i) {
      const u64 m = 0 - ((b[i >> 6] >> (i & 63)) & 1);
      rh ^= vh & m, rl ^= vl & m;
      const u64 carry = 0 - (vh >> 63);  // v = v * x mod x^128 + x^7 + x^2 + x + 1
      vh = (vh << 1) | (vl >> 63);
      vl = (vl << 1) ^ (0x87 & carry);
    }
  }
  store_be64(acc, rh);
  store_be64(acc + 8, rl);
}

}  // namespace

const MgmKernel mgm_portable = {{"mgm/portable", cpu::Features{}, true}, mac};

}  // namespace axiom::detail
