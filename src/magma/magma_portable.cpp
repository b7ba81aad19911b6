// The portable Magma kernel: constant time, no table indexed by data.
//
// Two blocks at a time, one per 32-bit lane of 64-bit words (L: the a1 halves, R: the a0
// halves). The eight 4-bit S-boxes run as SWAR selects: the four bits of every nibble are
// spread to whole-nibble masks, the 16 minterms are ANDs of those, and nibble i of the result
// is the OR over v of [nibble i == v] & pi_i(v), with the constants pi_i(v) for all i in one
// word per v. Addition mod 2^32 and the rotation by 11 are masked so that no carry or bit
// crosses from one lane into the other.
#include <array>
#include <cstring>

#include "core/endian.hpp"
#include "core/wipe.hpp"
#include "magma/magma_constants.hpp"
#include "magma/magma_kernel.hpp"
#include "magma/magma_modes.hpp"

namespace axiom::detail {

namespace {

using u64 = std::uint64_t;

constexpr u64 kLanes = 0x0000000100000001ULL;

// sbox_rows[v]: nibble i (of each lane) = pi_i(v).
constexpr std::array<u64, 16> make_sbox_rows() {
  std::array<u64, 16> rows{};
  for (unsigned v = 0; v < 16; ++v) {
    u64 w = 0;
    for (unsigned i = 0; i < 8; ++i) w |= u64{magma::pi[i][v]} << (4 * i);
    rows[v] = w * kLanes;
  }
  return rows;
}
constexpr std::array<u64, 16> sbox_rows = make_sbox_rows();

inline u64 substitute(u64 x) noexcept {
  constexpr u64 ones = 0x1111111111111111ULL;
  const u64 m0 = (x & ones) * 15, m1 = ((x >> 1) & ones) * 15;
  const u64 m2 = ((x >> 2) & ones) * 15, m3 = ((x >> 3) & ones) * 15;
  const u64 lo[4] = {~(m0 | m1), m0 & ~m1, m1 & ~m0, m0 & m1};
  const u64 hi[4] = {~(m2 | m3), m2 & ~m3, m3 & ~m2, m2 & m3};
  u64 r = 0;
  for (unsigned v = 0; v < 16; ++v) r |= lo[v & 3] & hi[v >> 2] & sbox_rows[v];
  return r;
}

inline u64 add_lanes(u64 x, u64 k) noexcept {
  constexpr u64 top = 0x8000000080000000ULL;
  return ((x & ~top) + (k & ~top)) ^ ((x ^ k) & top);
}

inline u64 rotl11_lanes(u64 x) noexcept {
  return ((x << 11) & 0xfffff800fffff800ULL) | ((x >> 21) & 0x000007ff000007ffULL);
}

inline const MagmaSchedule& sched(const void* ks) noexcept {
  return *static_cast<const MagmaSchedule*>(ks);
}

// crypt2: 32 rounds G on two blocks, then the last swap undone (G* = swap G).
template <bool Decrypt>
void crypt2(const MagmaSchedule& s, u64& l, u64& r) noexcept {
  for (int i = 0; i < 32; ++i) {
    const u64 k = u64{magma::round_key(s.k, i, Decrypt)} * kLanes;
    const u64 t = l ^ rotl11_lanes(substitute(add_lanes(r, k)));
    l = r;
    r = t;
  }
  const u64 t = l;
  l = r;
  r = t;
}

template <bool Decrypt>
void ecb(const void* ks, std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  while (n > 0) {
    const std::size_t m = n < 2 ? n : 2;
    std::uint8_t buf[16] = {};
    std::memcpy(buf, in, 8 * m);
    u64 l = load_be32(buf) | u64{load_be32(buf + 8)} << 32;
    u64 r = load_be32(buf + 4) | u64{load_be32(buf + 12)} << 32;
    crypt2<Decrypt>(sched(ks), l, r);
    store_be32(buf, static_cast<std::uint32_t>(l));
    store_be32(buf + 4, static_cast<std::uint32_t>(r));
    store_be32(buf + 8, static_cast<std::uint32_t>(l >> 32));
    store_be32(buf + 12, static_cast<std::uint32_t>(r >> 32));
    std::memcpy(out, buf, 8 * m);
    wipe(buf);
    n -= m, in += 8 * m, out += 8 * m;
  }
}

void encrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  ecb<false>(ks, out, in, n);
}

void decrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  ecb<true>(ks, out, in, n);
}

void encrypt_one(const void* ks, std::uint8_t b[8]) noexcept { ecb<false>(ks, b, b, 1); }

}  // namespace

const MagmaKernel magma_portable = {
    {"magma/portable", cpu::Features{}, true},
    {encrypt_blocks, decrypt_blocks, magma_modes::ctr_xor<16, encrypt_blocks>,
     magma_modes::cbc_encrypt<encrypt_one>, magma_modes::cbc_decrypt<16, decrypt_blocks>,
     magma_modes::cbc_mac<encrypt_one>, nullptr, nullptr, nullptr,
     magma_modes::ctr_half_xor<16, encrypt_blocks>},
};

}  // namespace axiom::detail
