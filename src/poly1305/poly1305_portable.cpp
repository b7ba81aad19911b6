// Portable Poly1305: h and r in 64-bit limbs, products in unsigned __int128. Constant time: 64 x
// 64 -> 128-bit multiplies, additions with carries, no branch or index on secrets.
//
// With h = h0 + h1 2^64 + h2 2^128 and r = r0 + r1 2^64, clamping makes r1 a multiple of 4, so
// 2^128 r1 = 2^130 (r1 / 4) = 5 (r1 / 4) mod p: the terms above 2^128 fold back multiplied by
// s1 = r1 + r1 / 4. Per block: 4 full multiplies and 2 small ones (h2 < 8). The critical path
// is h -> multiply -> carry -> fold -> h: about 13 cycles per 16-byte block. Written with 64-bit
// carries rather than 128-bit sums, which GCC 12 sent through the stack (1.70 -> 0.95 TSC
// cycles/byte on this machine; clang 0.77).
#include "core/endian.hpp"
#include "poly1305/poly1305_kernel.hpp"

namespace axiom::detail {

namespace {

__extension__ typedef unsigned __int128 u128;  // a GCC/clang extension, hence the marker

void blocks(Poly1305State& st, const std::uint8_t* m, std::size_t nblocks,
            std::uint64_t pad_bit) noexcept {
  const std::uint64_t r0 = st.r[0], r1 = st.r[1], s1 = r1 + (r1 >> 2);
  std::uint64_t h0 = st.h[0], h1 = st.h[1], h2 = st.h[2];
  for (; nblocks > 0; --nblocks, m += 16) {
    // h += m (+ 2^128 for a full block). Carries as comparisons: GCC keeps these in registers
    // (add/adc), where 128-bit sums of three terms went through the stack.
    const std::uint64_t m0 = load_le64(m), m1 = load_le64(m + 8);
    h0 += m0;
    std::uint64_t carry = h0 < m0;
    h1 += carry;
    std::uint64_t carry1 = h1 < carry;
    h1 += m1;
    carry1 += h1 < m1;
    h2 += carry1 + pad_bit;
    // h *= r mod p (partly reduced)
    u128 d0 = static_cast<u128>(h0) * r0;
    d0 += static_cast<u128>(h1) * s1;
    u128 d1 = static_cast<u128>(h0) * r1;
    d1 += static_cast<u128>(h1) * r0;
    d1 += h2 * s1;
    std::uint64_t d2 = h2 * r0;
    d1 += static_cast<std::uint64_t>(d0 >> 64);
    d2 += static_cast<std::uint64_t>(d1 >> 64);
    h0 = static_cast<std::uint64_t>(d0);
    h1 = static_cast<std::uint64_t>(d1);
    // Fold the bits at 2^130 and above back: 2^130 = 5 mod p.
    const std::uint64_t c = (d2 >> 2) + (d2 & ~std::uint64_t{3});
    h2 = d2 & 3;
    h0 += c;
    carry = h0 < c;
    h1 += carry;
    h2 += h1 < carry;
  }
  st.h[0] = h0;
  st.h[1] = h1;
  st.h[2] = h2;
}

}  // namespace

const Poly1305Kernel poly1305_portable = {
    {"poly1305/portable", cpu::Features{}, true},
    blocks,
};

}  // namespace axiom::detail
