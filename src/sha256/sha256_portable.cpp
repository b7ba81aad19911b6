// Portable SHA-256 compression: plain C++, constant time (no secret-dependent branch or index).
#include "core/endian.hpp"
#include "sha256/sha256_kernel.hpp"

namespace axiom::detail {

namespace {

inline std::uint32_t rotr(std::uint32_t x, int n) noexcept { return (x >> n) | (x << (32 - n)); }

void compress_blocks(std::uint32_t state[8], const std::uint8_t* blocks,
                     std::size_t nblocks) noexcept {
  const std::uint32_t* k = sha256_round_constants;
  for (; nblocks > 0; --nblocks, blocks += 64) {
    std::uint32_t w[64];
    for (int i = 0; i < 16; ++i) w[i] = load_be32(blocks + 4 * i);
    for (int i = 16; i < 64; ++i) {
      const std::uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
      const std::uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    std::uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    std::uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
    for (int i = 0; i < 64; ++i) {
      const std::uint32_t t1 =
          h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + k[i] + w[i];
      const std::uint32_t t2 =
          (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      h = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b;
      b = a;
      a = t1 + t2;
    }
    state[0] += a;
    state[1] += b;
    state[2] += c;
    state[3] += d;
    state[4] += e;
    state[5] += f;
    state[6] += g;
    state[7] += h;
  }
}

// Scalar code gains nothing from interleaving: the two messages go one after the other.
void compress_blocks_x2(std::uint32_t* const state[2], const std::uint8_t* const blocks[2],
                        std::size_t nblocks) noexcept {
  compress_blocks(state[0], blocks[0], nblocks);
  compress_blocks(state[1], blocks[1], nblocks);
}

}  // namespace

const Sha256Kernel sha256_portable = {
    {"sha256/portable", {}, true}, &compress_blocks, &compress_blocks_x2, nullptr};

}  // namespace axiom::detail
