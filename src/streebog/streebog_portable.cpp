// Portable Streebog compression with the fused S+P+L tables: 8 loads per output word. Fast,
// but the table indices are bytes of the message and the chaining value (secret under HMAC),
// so it is not constant time.
#include "streebog/streebog_kernel.hpp"

namespace axiom::detail {

namespace {

// byte_pair_shift is 16, read through volatile so that the compiler cannot see it. With a
// constant it folds the successive shifts of a word into shifts of the original word, which
// costs a register copy and a shift per byte; with a count it cannot fold, each word is
// shifted in place and its two low bytes are taken as one low-byte and one high-byte register
// (movzx from bl and bh on x86-64). Read once per LPS (reading it once per block leaves GCC
// copying it into cl before every shift). On Zen 3: 9% fewer cycles than byte reloads (GCC).
const volatile unsigned byte_pair_shift = 16;

// lps sets out = LPS(x ^ y); out may alias x or y. Word w of the result is the XOR over t of
// streebog_lps[t][byte w of word t]: 64 table loads and 64 XORs, with the bytes taken from
// registers (on Zen 3 taking them from a stored copy measured slower, in every mix tried).
// Words are values here, so the byte order of the machine does not matter.
inline void lps(std::uint64_t out[8], const std::uint64_t x[8], const std::uint64_t y[8]) noexcept {
  const unsigned shift = byte_pair_shift;
  std::uint64_t r0 = 0, r1 = 0, r2 = 0, r3 = 0, r4 = 0, r5 = 0, r6 = 0, r7 = 0;
  for (std::size_t t = 0; t < 8; ++t) {
    const auto& table = streebog_lps[t];
    std::uint64_t v = x[t] ^ y[t];
    r0 ^= table[v & 0xff];
    r1 ^= table[(v >> 8) & 0xff];
    v >>= shift;
    r2 ^= table[v & 0xff];
    r3 ^= table[(v >> 8) & 0xff];
    v >>= shift;
    r4 ^= table[v & 0xff];
    r5 ^= table[(v >> 8) & 0xff];
    v >>= shift;
    r6 ^= table[v & 0xff];
    r7 ^= table[v >> 8];  // three shifts by 16 leave 16 bits: no mask needed
  }
  out[0] = r0;
  out[1] = r1;
  out[2] = r2;
  out[3] = r3;
  out[4] = r4;
  out[5] = r5;
  out[6] = r6;
  out[7] = r7;
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
