// Portable Streebog compression with the fused S+P+L tables: 8 loads per output word. Fast,
// but the table indices are bytes of the message and the chaining value (secret under HMAC),
// so it is not constant time.
#include "streebog/streebog_kernel.hpp"

namespace axiom::detail {

namespace {

// lps sets out = LPS(x ^ y). out may alias x or y. The input goes through memory and its bytes
// are read back one by one: a byte load costs a load-port slot but no ALU work, where shifting
// words costs two ALU instructions per byte. Either way an LPS is 64 table loads and 64 XORs,
// about 45 cycles on Zen 3 (load ports); measured, the two forms are within noise.
inline void lps(std::uint64_t out[8], const std::uint64_t x[8], const std::uint64_t y[8]) noexcept {
  std::uint64_t in[8];
  for (int i = 0; i < 8; ++i) in[i] = x[i] ^ y[i];
  std::uint8_t bytes[64];
  std::memcpy(bytes, in, sizeof bytes);
  // Byte w of word t, in memory order on either endianness.
  constexpr std::size_t flip = std::endian::native == std::endian::big ? 7 : 0;
  for (std::size_t w = 0; w < 8; ++w) {
    std::uint64_t r = 0;
    for (std::size_t t = 0; t < 8; ++t) r ^= streebog_lps[t][bytes[8 * t + (w ^ flip)]];
    out[w] = r;
  }
}

// compress sets h = g_n(h, m) = E(LPS(h ^ n), m) ^ h ^ m (RFC 6986 section 7), where
// E(K, m) = X[K_13] LPSX[K_12] ... LPSX[K_1](m) and K_{i+1} = LPS(K_i ^ C_i).
void compress(std::uint64_t h[8], const std::uint64_t n[8], const std::uint64_t m[8]) noexcept {
  std::uint64_t k[8], s[8];
  lps(k, h, n);
  for (int i = 0; i < 8; ++i) s[i] = m[i];
  for (int i = 0; i < 12; ++i) {
    lps(s, s, k);
    lps(k, k, streebog_c[i]);
  }
  for (int i = 0; i < 8; ++i) h[i] ^= s[i] ^ k[i] ^ m[i];
}

void compress_blocks(StreebogState& st, const std::uint8_t* blocks, std::size_t nblocks) noexcept {
  for (; nblocks > 0; --nblocks, blocks += 64) {
    std::uint64_t m[8];
    for (int i = 0; i < 8; ++i) m[i] = streebog_load64(blocks + 8 * i);
    compress(st.h, st.n, m);
    streebog_add_bits(st.n, 512);
    streebog_add512(st.sigma, m);
  }
}

}  // namespace

const StreebogKernel streebog_portable = {{"streebog/portable", {}, false},
                                          &compress_blocks,
                                          &compress,
                                          &streebog_compress_blocks_x2_serial<&compress_blocks>};

}  // namespace axiom::detail
