// streebog_decomposition.hpp: π through its decomposition, for the constant-time kernels, and
// the tables they derive from it at compile time.
#pragma once

#include <cstdint>

#include "streebog/streebog_constants.hpp"

namespace axiom::detail::streebog_decomposition {

// π = ω ∘ (nibble steps) ∘ α (Biryukov, Perrin and Udovenko, "Reverse-engineering the S-box of
// Streebog, Kuznyechik and STRIBOBr1", 2016): with (l, r) the nibbles of α(x),
//   l' = r == 0 ? ν0(l) : ν1(l ⊙ r^-1),   r' = σ(r ⊙ φ(l')),   π(x) = ω(l' || r'),
// where ⊙ multiplies in GF(2^4) mod X^4 + X^3 + 1 and α, ω are linear over GF(2).
constexpr std::uint8_t nu0[16] = {2, 5, 3, 11, 6, 9, 14, 10, 0, 4, 15, 1, 8, 13, 12, 7};
constexpr std::uint8_t nu1[16] = {7, 6, 12, 9, 0, 15, 8, 1, 4, 5, 11, 14, 13, 2, 3, 10};
constexpr std::uint8_t sigma[16] = {12, 13, 0, 4, 8, 11, 10, 14, 3, 9, 5, 2, 15, 1, 6, 7};
constexpr std::uint8_t phi[16] = {11, 2, 11, 8, 12, 4, 1, 12, 6, 3, 5, 8, 14, 3, 6, 11};
// Column c of the matrix (bit 7 - c of the input) as the byte it adds to the output.
constexpr std::uint8_t alpha_cols[8] = {0x18, 0x74, 0x11, 0x02, 0x9a, 0x14, 0x3a, 0x70};
constexpr std::uint8_t omega_cols[8] = {0x12, 0x04, 0x20, 0x10, 0x98, 0x44, 0x92, 0x01};

constexpr std::uint8_t linear(const std::uint8_t cols[8], int x) {
  std::uint8_t r = 0;
  for (int c = 0; c < 8; ++c)
    if ((x >> (7 - c)) & 1) r ^= cols[c];
  return r;
}

constexpr int gf16_mul(int a, int b) {
  int p = 0;
  for (; b != 0; b >>= 1) {
    if (b & 1) p ^= a;
    a = (a & 8) ? ((a << 1) ^ 0x19) : (a << 1);
  }
  return p;
}

// Gf16Log::of[v]: the power of the generator 2 that gives v (v != 0).
struct Gf16Log {
  int of[16];
};
constexpr Gf16Log make_gf16_log() {
  Gf16Log log{};
  for (int e = 0, v = 1; e < 15; ++e, v = gf16_mul(v, 2)) log.of[v] = e;
  return log;
}
constexpr Gf16Log gf16_log_table = make_gf16_log();
constexpr int gf16_log(int v) { return gf16_log_table.of[v]; }
constexpr int gf16_exp(int e) {
  int v = 1;
  for (; e > 0; --e) v = gf16_mul(v, 2);
  return v;
}

constexpr std::uint8_t alpha(int x) { return linear(alpha_cols, x); }

constexpr std::uint8_t decomposed_pi(int x) {
  const int y = alpha(x), l = y >> 4, r = y & 15;
  const int inv_r = r == 0 ? 0 : gf16_exp((15 - gf16_log(r)) % 15);
  const int l2 = r == 0 ? nu0[l] : nu1[gf16_mul(l, inv_r)];
  const int r2 = sigma[gf16_mul(r, phi[l2])];
  return linear(omega_cols, (l2 << 4) | r2);
}

constexpr bool decomposition_holds() {
  for (int x = 0; x < 256; ++x)
    if (decomposed_pi(x) != streebog_pi[x]) return false;
  return true;
}
static_assert(decomposition_holds(), "the decomposition of π does not give π");

// alpha_inverse(y): the x with α(x) = y, from the preimages of the 8 unit vectors.
constexpr std::uint8_t alpha_inverse(int y) {
  std::uint8_t r = 0;
  for (int b = 0; b < 8; ++b) {
    if (((y >> b) & 1) == 0) continue;
    for (int x = 0; x < 256; ++x)
      if (alpha(x) == (1 << b)) r ^= static_cast<std::uint8_t>(x);
  }
  return r;
}

// The kernels keep every byte of the state and of the round keys through α ("α-domain"):
// α is linear, so XORs commute with it, the L tables give their output through α, and
// the S step starts from the nibbles l, r directly. The log tables mark 0 with 0xf0: a sum
// with it, reduced mod 15 as min(t, t - 15), keeps bit 7 set, and vpshufb (pshufb) gives 0 for it.
// Lookup results are stored XOR the value at a zero product, ν1(0) or σ(0), so that 0 is
// right; l'' = l' ^ ν1(0) and r'' = r' ^ σ(0), and the tables that read them undo it.
constexpr int nu1_0 = nu1[0], sigma_0 = sigma[0];
constexpr std::uint8_t zero_log = 0xf0;

// The 16-entry tables of the S step, indexed by a nibble.
struct StepTables {
  // log, log of the inverse, ν1(exp t) ^ ν1(0), ν0(l) ^ ν1(0), log φ(l'' ^ ν1(0)),
  // σ(exp u) ^ σ(0).
  std::uint8_t log[16], log_inv[16], nu1_exp[16], nu0[16], log_phi[16], sigma_exp[16];
  // α and its inverse by nibble: [0] for the low nibble, [1] for the high one.
  std::uint8_t to_alpha[2][16], from_alpha[2][16];
};

constexpr StepTables make_step_tables() {
  StepTables t{};
  for (int v = 0; v < 16; ++v) {
    t.log[v] = v == 0 ? zero_log : static_cast<std::uint8_t>(gf16_log(v));
    t.log_inv[v] = v == 0 ? zero_log : static_cast<std::uint8_t>((15 - gf16_log(v)) % 15);
    t.nu1_exp[v] = v == 15 ? 0 : static_cast<std::uint8_t>(nu1[gf16_exp(v)] ^ nu1_0);
    t.nu0[v] = static_cast<std::uint8_t>(nu0[v] ^ nu1_0);
    t.log_phi[v] = static_cast<std::uint8_t>(gf16_log(phi[v ^ nu1_0]));
    t.sigma_exp[v] = v == 15 ? 0 : static_cast<std::uint8_t>(sigma[gf16_exp(v)] ^ sigma_0);
    t.to_alpha[0][v] = alpha(v);
    t.to_alpha[1][v] = alpha(v << 4);
    t.from_alpha[0][v] = alpha_inverse(v);
    t.from_alpha[1][v] = alpha_inverse(v << 4);
  }
  return t;
}
constexpr StepTables step_tables = make_step_tables();

// l_alpha returns α of byte j of l(v << 8 word), where v is the π-part of nibble n (half 0:
// r'', half 1: l'').
constexpr std::uint8_t l_alpha(int word, int j, int half, int n) {
  const int part =
      half == 0 ? linear(omega_cols, n ^ sigma_0) : linear(omega_cols, (n ^ nu1_0) << 4);
  return alpha(static_cast<std::uint8_t>(
      streebog_l(static_cast<std::uint64_t>(part) << (8 * word)) >> (8 * j)));
}

// alpha_c returns word w of C_{i+1} through α, byte by byte.
constexpr std::uint64_t alpha_c(int i, int w) {
  std::uint64_t r = 0;
  for (int b = 0; b < 8; ++b)
    r |= static_cast<std::uint64_t>(alpha(static_cast<int>(streebog_c[i][w] >> (8 * b)) & 0xff))
         << (8 * b);
  return r;
}

}  // namespace axiom::detail::streebog_decomposition
