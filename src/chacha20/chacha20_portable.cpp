// Portable ChaCha20: plain C++, one block at a time, constant time (only additions, XORs and
// fixed rotations; no branch or index depends on the key or data).
#include <cstring>

#include "chacha20/chacha20_kernel.hpp"
#include "chacha20/chacha20_rounds.hpp"
#include "core/endian.hpp"

namespace axiom::detail {

namespace {

void xor_blocks(const std::uint32_t input[16], std::uint8_t* out, const std::uint8_t* in,
                std::size_t nblocks) noexcept {
  std::uint32_t counter = input[12];
  for (; nblocks > 0; --nblocks, in += 64, out += 64, ++counter) {
    std::uint32_t x[16];
    std::memcpy(x, input, sizeof x);
    x[12] = counter;
    chacha_rounds(x);
    for (int i = 0; i < 16; ++i) {
      const std::uint32_t k = x[i] + (i == 12 ? counter : input[i]);
      store_le32(out + 4 * i, load_le32(in + 4 * i) ^ k);
    }
  }
}

}  // namespace

const ChaCha20Kernel chacha20_portable = {
    {"chacha20/portable", cpu::Features{}, true},
    xor_blocks,
    nullptr,
};

}  // namespace axiom::detail
