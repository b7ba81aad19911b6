// chacha20_rounds.hpp: the ChaCha20 core permutation in plain C++, shared by the portable
// kernel and HChaCha20 (RFC 8439 section 2.1; draft-irtf-cfrg-xchacha section 2.2).
#pragma once

#include <cstdint>

namespace axiom::detail {

inline std::uint32_t chacha_rotl(std::uint32_t x, int n) noexcept {
  return (x << n) | (x >> (32 - n));
}

inline void chacha_quarter_round(std::uint32_t& a, std::uint32_t& b, std::uint32_t& c,
                                 std::uint32_t& d) noexcept {
  a += b;
  d ^= a;
  d = chacha_rotl(d, 16);
  c += d;
  b ^= c;
  b = chacha_rotl(b, 12);
  a += b;
  d ^= a;
  d = chacha_rotl(d, 8);
  c += d;
  b ^= c;
  b = chacha_rotl(b, 7);
}

// chacha_rounds applies the 20 rounds (10 column + diagonal double rounds) to x in place,
// without the final feed-forward.
inline void chacha_rounds(std::uint32_t x[16]) noexcept {
  for (int i = 0; i < 10; ++i) {
    chacha_quarter_round(x[0], x[4], x[8], x[12]);
    chacha_quarter_round(x[1], x[5], x[9], x[13]);
    chacha_quarter_round(x[2], x[6], x[10], x[14]);
    chacha_quarter_round(x[3], x[7], x[11], x[15]);
    chacha_quarter_round(x[0], x[5], x[10], x[15]);
    chacha_quarter_round(x[1], x[6], x[11], x[12]);
    chacha_quarter_round(x[2], x[7], x[8], x[13]);
    chacha_quarter_round(x[3], x[4], x[9], x[14]);
  }
}

}  // namespace axiom::detail
