// The AVX-512 + GFNI Kuznyechik kernel: constant time, π through vpermi2b on tables in
// registers, L through GF(2^8) products (vgf2p8affineqb, vgf2p8mulb).
//
// Bulk (ECB, CTR, CBC decryption, MGM's counter blocks; 64 blocks at a time, fewer padded):
// byte-sliced, register j holds byte j of 64 blocks. π is two vpermi2b over the 256 entries in
// four registers and a select on bit 7. L is the sixteen LFSR steps R of RFC 7801 on a ring of
// the sixteen registers (the shift is a renaming): each step sums 8 products by constants
// (vgf2p8affineqb, the matrix of the product) and the bytes whose coefficient is 1, pairs
// sharing a coefficient added first. The newest byte gets a product of its own, off the pairs,
// so that a step waits on it for one product and one XOR only. The next round key is merged
// into the ring as it forms: a step adds a constant derived from the key (setup) into one of
// its pairs, so that the ring ends holding L(x) ^ K with no XOR of its own. Per round and 64
// blocks: 128 products, 32 vpermi2b, 16 selects, 80 three-way XORs, 64 two-way XORs.
// Decryption is the same on R^-1 and π^-1 with the keys L^-1(K) (z = L^-1(y) form). Counter
// blocks are made byte-sliced in registers.
//
// Up to 32 blocks: one block per 128-bit lane, up to four registers' rounds interleaved. There
// the product is by a different constant in each byte, which vgf2p8mulb does, but in the AES
// field; the state is kept in an isomorphic image of Kuznyechik's field inside the AES field
// (phi, one vgf2p8affineqb each way), where L(x) is the sum over the 16 diagonals d of L of x
// rotated by d (vpalignr) times the diagonal (vgf2p8mulb), with a tree of eight three-way XORs
// that also adds the key. A CBC encryption or CMAC chain (one block at a time, latency-bound)
// stays in that image from block to block, spread over a zmm (see the one-block section).
#include <array>
#include <cstring>
#include <utility>

#include "core/endian.hpp"
#include "core/wipe.hpp"
#include "kuznyechik/kuznyechik_constants.hpp"
#include "kuznyechik/kuznyechik_kernel.hpp"

namespace axiom::detail {
namespace {

// aes_mul multiplies modulo x^8 + x^4 + x^3 + x + 1, as vgf2p8mulb does (compile time only).
constexpr std::uint8_t aes_mul(std::uint8_t a, std::uint8_t b) {
  std::uint8_t r = 0;
  for (int i = 0; i < 8; ++i) {
    if (b & 1) r ^= a;
    a = static_cast<std::uint8_t>((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
    b >>= 1;
  }
  return r;
}

// beta: a root of Kuznyechik's x^8 + x^7 + x^6 + x + 1 in the AES field. phi maps sum a_k x^k
// to sum a_k beta^k: linear, and multiplicative since x goes to a root of the same polynomial.
constexpr std::uint8_t find_beta() {
  for (unsigned b = 2; b < 256; ++b) {
    std::uint8_t p[9] = {1};
    for (int k = 1; k <= 8; ++k) p[k] = aes_mul(p[k - 1], static_cast<std::uint8_t>(b));
    if ((p[8] ^ p[7] ^ p[6] ^ p[1] ^ p[0]) == 0) return static_cast<std::uint8_t>(b);
  }
  return 0;
}

struct Phi {
  std::uint8_t to[256], from[256];
};

constexpr Phi make_phi() {
  Phi t{};
  const std::uint8_t beta = find_beta();
  std::uint8_t pow[8] = {1};
  for (int k = 1; k < 8; ++k) pow[k] = aes_mul(pow[k - 1], beta);
  for (unsigned a = 0; a < 256; ++a) {
    std::uint8_t v = 0;
    for (int k = 0; k < 8; ++k)
      if ((a >> k) & 1) v ^= pow[k];
    t.to[a] = v;
    t.from[v] = static_cast<std::uint8_t>(a);
  }
  return t;
}

constexpr Phi phi = make_phi();

constexpr bool phi_is_isomorphism() {
  for (unsigned y = 0; y < 256; ++y) {
    const auto x = static_cast<std::uint8_t>(y);
    if (phi.to[kuz::gf_mul(2, x)] != aes_mul(phi.to[2], phi.to[x]) || phi.from[phi.to[x]] != x)
      return false;
  }
  return true;
}
static_assert(phi_is_isomorphism());

// affine_matrix: the vgf2p8affineqb operand of the linear byte map f: byte 7 - i of the qword
// has bit j set when bit i of f(1 << j) is.
template <class F>
constexpr std::uint64_t affine_matrix(F f) {
  std::uint64_t m = 0;
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j)
      if ((f(static_cast<std::uint8_t>(1u << j)) >> i) & 1)
        m |= std::uint64_t{1} << (8 * (7 - i) + j);
  return m;
}

constexpr std::uint64_t times(std::uint8_t c) {
  return affine_matrix([c](std::uint8_t x) { return kuz::gf_mul(c, x); });
}

constexpr std::uint8_t gf_inverse(std::uint8_t a) {
  for (unsigned b = 1; b < 256; ++b)
    if (kuz::gf_mul(a, static_cast<std::uint8_t>(b)) == 1) return static_cast<std::uint8_t>(b);
  return 0;
}

// The LFSR step constants that merge a key into the ring (see the file comment): the step that
// forms output byte p adds k[p] to it; the later steps that read the bytes formed so far get
// back what those keys add to their sums. The constant goes into the pair with coefficient 16,
// so it is divided by 16 first. Forward (R): step t forms byte 15 - t, the ring shifts up, the
// newest byte is at 0. Inverse (R^-1): step t forms byte t, the newest byte is at 15. The
// oldest byte a step reads (forward 15, inverse 0) was never formed in the same pass.
constexpr kuz::Block step_constants(const kuz::Block& k, bool inverse) {
  const std::uint8_t inv16 = gf_inverse(16);
  kuz::Block err{}, c{};
  for (std::size_t t = 0; t < 16; ++t) {
    std::uint8_t e;
    if (!inverse) {
      e = k[15 - t];
      for (std::size_t j = 0; j < 15; ++j) e ^= kuz::gf_mul(kuz::coef[j], err[j]);
      for (std::size_t j = 15; j > 0; --j) err[j] = err[j - 1];
      err[0] = k[15 - t];
    } else {
      e = k[t];
      for (std::size_t j = 0; j < 15; ++j) e ^= kuz::gf_mul(kuz::coef[j], err[j + 1]);
      for (std::size_t j = 0; j < 15; ++j) err[j] = err[j + 1];
      err[15] = k[t];
    }
    c[t] = kuz::gf_mul(e, inv16);
  }
  return c;
}

// merge_matrix: the step constants as a matrix applied to a round key K (inverse: to L^-1(K)).
constexpr kuz::Matrix merge_matrix(bool inverse) {
  kuz::Matrix m{};
  for (std::size_t i = 0; i < 16; ++i) {
    kuz::Block e{};
    e[i] = 1;
    const kuz::Block c = step_constants(inverse ? kuz::l_inv_map(e) : e, inverse);
    for (std::size_t t = 0; t < 16; ++t) m[t][i] = c[t];
  }
  return m;
}

using Row64 = std::array<std::uint8_t, 64>;

enum Which { l_fwd, l_inv, merge_fwd, merge_inv };

struct GfniTables {
  alignas(64) std::uint8_t sbox[2][256];      // π, π^-1
  alignas(64) std::uint8_t sbox_phi[2][256];  // phi π phi^-1, phi π^-1 phi^-1
  alignas(64) Row64 diag[4][16];  // [Which][d]: phi(M[j][j + d mod 16]) at byte j of each lane
  alignas(64) Row64 slice_block;  // block number of each byte in the sliced layout
  alignas(64) Row64 dup4;         // vpermb index: byte b / 4
  // The spread layout of one block (chain path): byte 16 q + 4 t + u holds block byte 4 q + u.
  alignas(64) Row64 spread;     // vpermb index: block -> spread
  alignas(64) Row64 unspread;   // vpermb index: spread -> block (first 16 bytes)
  alignas(64) Row64 gather[4];  // [p]: byte 16 q + 4 t + u gets block byte 4 p + t
  alignas(64) Row64 coef[4];    // [p]: phi(L[4 q + u][4 p + t]) there
};

constexpr GfniTables make_tables() {
  GfniTables t{};
  for (std::size_t v = 0; v < 256; ++v) {
    t.sbox[0][v] = kuz::pi[v];
    t.sbox[1][v] = kuz::pi_inv[v];
    t.sbox_phi[0][phi.to[v]] = phi.to[kuz::pi[v]];
    t.sbox_phi[1][phi.to[v]] = phi.to[kuz::pi_inv[v]];
  }
  const kuz::Matrix ms[4] = {kuz::l_matrix, kuz::l_inv_matrix, merge_matrix(false),
                             merge_matrix(true)};
  for (std::size_t w = 0; w < 4; ++w)
    for (std::size_t d = 0; d < 16; ++d)
      for (std::size_t b = 0; b < 64; ++b) t.diag[w][d][b] = phi.to[ms[w][b % 16][(b + d) % 16]];
  // The transpose puts byte j of block 4m + l (lane l of source register m) at byte 16 l + m.
  for (std::size_t b = 0; b < 64; ++b) {
    t.slice_block[b] = static_cast<std::uint8_t>(4 * (b % 16) + b / 16);
    t.dup4[b] = static_cast<std::uint8_t>(b / 4);
    const std::size_t q = b / 16, tt = b / 4 % 4, u = b % 4;
    t.spread[b] = static_cast<std::uint8_t>(4 * q + u);
    t.unspread[b] = static_cast<std::uint8_t>(16 * (b / 4 % 4) + b % 4);
    for (std::size_t p = 0; p < 4; ++p) {
      t.gather[p][b] = static_cast<std::uint8_t>(16 * p + tt);
      t.coef[p][b] = phi.to[kuz::l_matrix[4 * q + u][4 * p + tt]];
    }
  }
  return t;
}

alignas(64) constexpr GfniTables tab = make_tables();

// The products of the LFSR step, by coefficient.
constexpr std::uint64_t m148 = times(148), m32 = times(32), m133 = times(133), m16 = times(16),
                        m194 = times(194), m192 = times(192), m251 = times(251);
constexpr std::uint64_t to_phi_matrix = affine_matrix([](std::uint8_t x) { return phi.to[x]; });
constexpr std::uint64_t from_phi_matrix = affine_matrix([](std::uint8_t x) { return phi.from[x]; });
constexpr std::uint64_t sign_matrix =
    affine_matrix([](std::uint8_t x) { return static_cast<std::uint8_t>(x & 0x80 ? 0xff : 0); });

// slot: where the byte with coefficient coef[j] of step t sits in the ring (the inverse
// mirrors the forward order: its byte 15 - j has the coefficient of forward byte j, and its
// ring turns the other way). The step writes its result over slot(15), which it reads last.
constexpr unsigned slot(bool inverse, unsigned t, unsigned j) {
  return inverse ? (t + 15 - j) & 15 : (16 - t + j) & 15;
}

// Bulk keys as the rounds read them: every byte in a dword (vpternlogd/vpxord broadcast).
struct BulkKeys {
  alignas(64) std::uint32_t first[16];     // XORed in before the rounds
  alignas(64) std::uint32_t steps[9][16];  // per round, per LFSR step
  alignas(64) std::uint32_t last[16];      // decryption: XORed in after the last π^-1
};

}  // namespace
}  // namespace axiom::detail

// GCC 12's AVX-512 intrinsics start from _mm512_undefined_epi32(), which its uninitialized
// warnings flag once inlined (GCC bug 105593): silenced for the header alone.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

AXIOM_ISA_BEGIN(kuznyechik, avx512_gfni)

namespace {

using Z = __m512i;
using X = __m128i;
using detail::BulkKeys;
using detail::KuznyechikSchedule;
using detail::tab;

inline const KuznyechikSchedule& sched(const void* ks) noexcept {
  return *static_cast<const KuznyechikSchedule*>(ks);
}
inline Z ld(const detail::Row64& r) noexcept { return _mm512_load_si512(r.data()); }
inline Z ld(const std::uint8_t* p) noexcept { return _mm512_load_si512(p); }
inline X loadu(const std::uint8_t* p) noexcept {
  return _mm_loadu_si128(reinterpret_cast<const X*>(p));
}
inline void storeu(std::uint8_t* p, X v) noexcept { _mm_storeu_si128(reinterpret_cast<X*>(p), v); }

// load_bytes / store_bytes: the first `bytes` (at most 64) of a zmm; masked-off memory is not
// touched.
inline std::uint64_t byte_mask(std::size_t bytes) noexcept {
  return bytes >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bytes) - 1;
}
inline Z load_bytes(const std::uint8_t* p, std::size_t bytes) noexcept {
  return bytes >= 64 ? _mm512_loadu_si512(p) : _mm512_maskz_loadu_epi8(byte_mask(bytes), p);
}
inline void store_bytes(std::uint8_t* p, Z v, std::size_t bytes) noexcept {
  if (bytes >= 64)
    _mm512_storeu_si512(p, v);
  else
    _mm512_mask_storeu_epi8(p, byte_mask(bytes), v);
}

inline Z vxor(Z a, Z b) noexcept { return _mm512_xor_si512(a, b); }
inline Z xor3(Z a, Z b, Z c) noexcept { return _mm512_ternarylogic_epi32(a, b, c, 0x96); }
inline Z bcast(const std::uint32_t& k) noexcept { return _mm512_set1_epi32(static_cast<int>(k)); }
inline Z times(Z x, std::uint64_t m) noexcept {
  return _mm512_gf2p8affine_epi64_epi8(x, _mm512_set1_epi64(static_cast<long long>(m)), 0);
}
inline Z to_phi(Z x) noexcept { return times(x, detail::to_phi_matrix); }
inline Z from_phi(Z x) noexcept { return times(x, detail::from_phi_matrix); }
inline X to_phi(X x) noexcept {
  return _mm_gf2p8affine_epi64_epi8(
      x, _mm_set1_epi64x(static_cast<long long>(detail::to_phi_matrix)), 0);
}
inline X from_phi(X x) noexcept {
  return _mm_gf2p8affine_epi64_epi8(
      x, _mm_set1_epi64x(static_cast<long long>(detail::from_phi_matrix)), 0);
}

// A 256-entry table in four registers.
struct Sbox {
  Z t[4];
  explicit Sbox(const std::uint8_t* table) noexcept {
    for (int q = 0; q < 4; ++q) t[q] = ld(table + 64 * q);
  }
};

// sub: table[x] for every byte: the entries of x's half (bits 0..6 pick one of 128), then a
// select on bit 7.
inline Z sub(Z x, const Sbox& s) noexcept {
  const Z lo = _mm512_permutex2var_epi8(s.t[0], x, s.t[1]);
  const Z hi = _mm512_permutex2var_epi8(s.t[2], x, s.t[3]);
  return _mm512_mask_blend_epi8(_mm512_movepi8_mask(x), lo, hi);
}

// ---- 64 blocks, byte-sliced ----

// step: one LFSR step (R, or R^-1 when Inverse) with step constant k.
template <bool Inverse, unsigned T>
inline void step(Z w[16], const std::uint32_t& k) noexcept {
  Z x[16];
  for (unsigned j = 0; j < 16; ++j) x[j] = w[detail::slot(Inverse, T, j)];
  const Z newest = times(x[0], detail::m148);
  const Z q1 = times(_mm512_xor_si512(x[1], x[13]), detail::m32);
  const Z a = xor3(times(x[14], detail::m148), times(_mm512_xor_si512(x[2], x[12]), detail::m133),
                   times(xor3(x[3], x[11], bcast(k)), detail::m16));
  const Z b = xor3(times(_mm512_xor_si512(x[4], x[10]), detail::m194),
                   times(_mm512_xor_si512(x[5], x[9]), detail::m192), times(x[7], detail::m251));
  // The two newest bytes' products come in last.
  w[detail::slot(Inverse, T, 15)] = xor3(xor3(a, b, xor3(x[6], x[8], x[15])), q1, newest);
}

template <bool Inverse, unsigned... T>
inline void linear(Z w[16], const std::uint32_t (&k)[16],
                   std::integer_sequence<unsigned, T...>) noexcept {
  (step<Inverse, T>(w, k[T]), ...);
}

inline void add_key(Z w[16], const std::uint32_t (&k)[16]) noexcept {
  for (int j = 0; j < 16; ++j) w[j] = _mm512_xor_si512(w[j], bcast(k[j]));
}

template <bool Decrypt>
inline void rounds(Z state[16], const BulkKeys& k) noexcept {
  // A local copy: the compiler keeps it in registers, where stores through state (vector
  // types may alias the keys) would go to memory every step.
  Z w[16];
  for (int j = 0; j < 16; ++j) w[j] = state[j];
  const Sbox s(tab.sbox[Decrypt]);
  add_key(w, k.first);
  for (int r = 0; r < 9; ++r) {
    if (Decrypt) {
      linear<true>(w, k.steps[r], std::make_integer_sequence<unsigned, 16>{});
      for (int j = 0; j < 16; ++j) w[j] = sub(w[j], s);
    } else {
      for (int j = 0; j < 16; ++j) w[j] = sub(w[j], s);
      linear<false>(w, k.steps[r], std::make_integer_sequence<unsigned, 16>{});
    }
  }
  if (Decrypt) add_key(w, k.last);
  for (int j = 0; j < 16; ++j) state[j] = w[j];
}

// transpose16: a 16 x 16 byte transpose in each 128-bit lane, its own inverse: lane l of
// register m (block 4m + l) becomes byte 16 l + m of the sixteen byte registers.
inline void transpose16(Z x[16]) noexcept {
  Z y[16];
  for (int m = 0; m < 8; ++m) {
    y[m] = _mm512_unpacklo_epi8(x[2 * m], x[2 * m + 1]);
    y[m + 8] = _mm512_unpackhi_epi8(x[2 * m], x[2 * m + 1]);
  }
  for (int m = 0; m < 8; ++m) {
    x[m] = _mm512_unpacklo_epi16(y[2 * m], y[2 * m + 1]);
    x[m + 8] = _mm512_unpackhi_epi16(y[2 * m], y[2 * m + 1]);
  }
  for (int m = 0; m < 8; ++m) {
    y[m] = _mm512_unpacklo_epi32(x[2 * m], x[2 * m + 1]);
    y[m + 8] = _mm512_unpackhi_epi32(x[2 * m], x[2 * m + 1]);
  }
  for (int m = 0; m < 8; ++m) {
    x[m] = _mm512_unpacklo_epi64(y[2 * m], y[2 * m + 1]);
    x[m + 8] = _mm512_unpackhi_epi64(y[2 * m], y[2 * m + 1]);
  }
  // Each stage moved the top index bit to the bottom: column j sits in x[bit-reversed j].
  constexpr int rev[16] = {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15};
  for (int j = 0; j < 16; ++j) y[j] = x[rev[j]];
  for (int j = 0; j < 16; ++j) x[j] = y[j];
}

inline void dup4(std::uint32_t (&out)[16], const std::uint8_t k[16]) noexcept {
  _mm512_store_si512(out, _mm512_permutexvar_epi8(ld(tab.dup4), _mm512_castsi128_si512(loadu(k))));
}

// bulk_keys: dec rows 0..8 hold the forward step constants of K2..K10, rows 9..16 the inverse
// ones of L^-1(K2..K9) (setup).
template <bool Decrypt>
void bulk_keys(BulkKeys& k, const KuznyechikSchedule& s) noexcept {
  if (!Decrypt) {
    dup4(k.first, s.enc[0]);
    for (int r = 0; r < 9; ++r) dup4(k.steps[r], s.dec[r]);
  } else {
    dup4(k.first, s.enc[9]);
    std::memset(k.steps[0], 0, sizeof k.steps[0]);  // L^-1(y ^ K10): the key went in before
    for (int r = 1; r < 9; ++r) dup4(k.steps[r], s.dec[17 - r]);
    dup4(k.last, s.enc[0]);
  }
}

inline std::size_t bytes_of(std::size_t n, int m) noexcept {
  const std::size_t start = 64 * static_cast<std::size_t>(m);
  return 16 * n > start ? 16 * n - start : 0;
}

// ecb64: n (at most 64) blocks.
template <bool Decrypt>
void ecb64(const BulkKeys& k, std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  Z w[16];
  for (int m = 0; m < 16; ++m) w[m] = load_bytes(in + 64 * m, bytes_of(n, m));
  transpose16(w);
  rounds<Decrypt>(w, k);
  transpose16(w);
  for (int m = 0; m < 16; ++m) store_bytes(out + 64 * m, w[m], bytes_of(n, m));
}

// A counter block (hi, lo as big-endian halves) whose field counts: all 128 bits (CTR), or
// one 64-bit half mod 2^64 with the other half fixed (MGM's incr_r: the low half, incr_l: the
// high one). No branch on its value (MGM's counters are secret).
enum class Field { whole, low_half, high_half };

template <Field F>
struct Counter {
  std::uint64_t hi, lo;
  std::uint64_t hi_at(std::uint64_t i) const noexcept {
    return F == Field::whole ? hi + (lo + i < lo) : F == Field::high_half ? hi + i : hi;
  }
  std::uint64_t lo_at(std::uint64_t i) const noexcept {
    return F == Field::high_half ? lo : lo + i;
  }
  void advance(std::uint64_t m) noexcept { hi = hi_at(m), lo = lo_at(m); }
};

// counter_blocks: the 64 counter blocks from c on, byte-sliced: the field's last byte plus the
// block number, each byte above it in the field adding the carry of the one below.
template <Field F>
void counter_blocks(Z w[16], const Counter<F>& c) noexcept {
  constexpr int first = F == Field::low_half ? 8 : 0, last = F == Field::high_half ? 7 : 15;
  const Z number = ld(tab.slice_block), ones = _mm512_set1_epi8(-1);
  for (int j = 0; j < 16; ++j)
    w[j] = _mm512_set1_epi8(static_cast<char>((j < 8 ? c.hi : c.lo) >> (8 * (7 - j % 8))));
  w[last] = _mm512_add_epi8(w[last], number);
  __mmask64 carry = _mm512_cmplt_epu8_mask(w[last], number);
  for (int j = last - 1; j >= first; --j) {
    w[j] = _mm512_mask_sub_epi8(w[j], carry, w[j], ones);
    carry = _mm512_mask_cmpeq_epi8_mask(carry, w[j], _mm512_setzero_si512());
  }
}

// ctr64: n (at most 64) blocks of out = in ^ E(c_i) (in null: out = E(c_i)).
template <Field F>
void ctr64(const BulkKeys& k, const Counter<F>& c, std::uint8_t* out, const std::uint8_t* in,
           std::size_t n) noexcept {
  Z w[16];
  counter_blocks(w, c);
  rounds<false>(w, k);
  transpose16(w);
  for (int m = 0; m < 16; ++m) {
    const std::size_t bytes = bytes_of(n, m);
    store_bytes(out + 64 * m, in ? _mm512_xor_si512(w[m], load_bytes(in + 64 * m, bytes)) : w[m],
                bytes);
  }
}

// before: the iv, then blocks 0..2 of c.
inline Z before(Z c, const std::uint8_t iv[16]) noexcept {
  return _mm512_alignr_epi64(c, _mm512_broadcast_i32x4(loadu(iv)), 6);
}

// cbc_dec64: n (at most 64) blocks; iv is replaced by the last ciphertext block. Each register
// of 4 blocks is XORed with the 4 blocks before it, from the last register down, so that an
// in-place call reads every ciphertext block before it is overwritten.
void cbc_dec64(const BulkKeys& k, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
               std::size_t n) noexcept {
  Z w[16];
  for (int m = 0; m < 16; ++m) w[m] = load_bytes(in + 64 * m, bytes_of(n, m));
  const X next_iv = loadu(in + 16 * (n - 1));
  transpose16(w);
  rounds<true>(w, k);
  transpose16(w);
  for (int m = 15; m >= 1; --m) {
    const std::size_t bytes = bytes_of(n, m);
    if (bytes == 0) continue;
    store_bytes(out + 64 * m, _mm512_xor_si512(w[m], load_bytes(in + 64 * m - 16, bytes)), bytes);
  }
  const std::size_t bytes = bytes_of(n, 0);
  store_bytes(out, _mm512_xor_si512(w[0], before(load_bytes(in, bytes), iv)), bytes);
  storeu(iv, next_iv);
}

// ---- one block per 128-bit lane, in the phi field ----

// rotate: byte j of each lane becomes byte j + D (mod 16) of the lane.
template <int D>
inline Z rotate(Z a) noexcept {
  return D == 0 ? a : _mm512_alignr_epi8(a, a, D);
}

template <int... D>
inline void diagonals(Z p[16], Z x, const detail::Row64 (&diag)[16],
                      std::integer_sequence<int, D...>) noexcept {
  ((p[D] = _mm512_gf2p8mul_epi8(rotate<D>(x), ld(diag[D]))), ...);
}

// matvec: M x ^ key for the matrix `which`, on each lane (phi field): the sum over the
// diagonals d of x rotated by d times diagonal d of M.
inline Z matvec(Z x, detail::Which which, Z key) noexcept {
  Z p[16];
  diagonals(p, x, tab.diag[which], std::make_integer_sequence<int, 16>{});
  const Z a = xor3(p[0], p[1], p[2]), b = xor3(p[3], p[4], p[5]), c = xor3(p[6], p[7], p[8]);
  const Z d = xor3(p[9], p[10], p[11]), e = xor3(p[12], p[13], p[14]);
  return xor3(xor3(a, b, c), xor3(d, e, p[15]), key);
}

// The round keys in the phi field, in every lane.
struct LaneKeys {
  Z k[10];
  explicit LaneKeys(const KuznyechikSchedule& s) noexcept {
    for (int r = 0; r < 10; ++r) k[r] = to_phi(_mm512_broadcast_i32x4(loadu(s.enc[r])));
  }
};

// Up to this many registers of 4 blocks go through the rounds together: one register's rounds
// are a chain of about 30 cycles each, four of them fill the two ports their 31 shuffles and
// products a round need.
constexpr std::size_t lane_group = 4;

// crypt_lanes: Count registers of 4 blocks each, their rounds interleaved (a local copy: the
// chains stay in registers, not in memory between rounds).
template <bool Decrypt, std::size_t Count>
void crypt_lanes(Z regs[lane_group], const LaneKeys& k, const Sbox& s) noexcept {
  Z x[Count];
  for (std::size_t i = 0; i < Count; ++i) x[i] = vxor(to_phi(regs[i]), k.k[Decrypt ? 9 : 0]);
  for (int r = 1; r < 10; ++r)
    for (std::size_t i = 0; i < Count; ++i)
      x[i] = Decrypt ? vxor(sub(matvec(x[i], detail::l_inv, _mm512_setzero_si512()), s), k.k[9 - r])
                     : matvec(sub(x[i], s), detail::l_fwd, k.k[r]);
  for (std::size_t i = 0; i < Count; ++i) regs[i] = from_phi(x[i]);
}

template <bool Decrypt>
void crypt_lanes(Z x[lane_group], std::size_t count, const LaneKeys& k, const Sbox& s) noexcept {
  static_assert(lane_group == 4);
  switch (count) {
    case 1:
      return crypt_lanes<Decrypt, 1>(x, k, s);
    case 2:
      return crypt_lanes<Decrypt, 2>(x, k, s);
    case 3:
      return crypt_lanes<Decrypt, 3>(x, k, s);
    default:
      return crypt_lanes<Decrypt, 4>(x, k, s);
  }
}

// Below this many blocks, the lanes beat a padded batch of 64.
constexpr std::size_t batch_min = 33;

template <bool Decrypt>
void ecb_lanes(const KuznyechikSchedule& ks, std::uint8_t* out, const std::uint8_t* in,
               std::size_t n) noexcept {
  const LaneKeys k(ks);
  const Sbox s(tab.sbox_phi[Decrypt]);
  for (; n > 0;) {
    const std::size_t m = n < 4 * lane_group ? n : 4 * lane_group, count = (m + 3) / 4;
    Z x[lane_group];
    for (std::size_t i = 0; i < count; ++i)
      x[i] = load_bytes(in + 64 * i, bytes_of(m, static_cast<int>(i)));
    crypt_lanes<Decrypt>(x, count, k, s);
    for (std::size_t i = 0; i < count; ++i)
      store_bytes(out + 64 * i, x[i], bytes_of(m, static_cast<int>(i)));
    n -= m, in += 16 * m, out += 16 * m;
  }
}

template <bool Decrypt>
void ecb(const void* ks, std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  const KuznyechikSchedule& s = sched(ks);
  if (n >= batch_min) {
    BulkKeys k;
    bulk_keys<Decrypt>(k, s);
    for (; n >= batch_min; n -= n < 64 ? n : 64, in += 1024, out += 1024)
      ecb64<Decrypt>(k, out, in, n < 64 ? n : 64);
    detail::wipe(k);
  }
  if (n > 0) ecb_lanes<Decrypt>(s, out, in, n);
}

void encrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  ecb<false>(ks, out, in, n);
}
void decrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  ecb<true>(ks, out, in, n);
}

inline std::uint64_t load_be64(const std::uint8_t* p) noexcept {
  return __builtin_bswap64(detail::load_le64(p));
}
inline void store_be64(std::uint8_t* p, std::uint64_t v) noexcept {
  detail::store_le64(p, __builtin_bswap64(v));
}

// ctr_blocks: out = in ^ E(c_i) (in null: out = E(c_i)) for n blocks from the counter block
// ctr on, which is advanced by n.
template <Field F>
void ctr_blocks(const void* ks, std::uint8_t ctr[16], std::uint8_t* out, const std::uint8_t* in,
                std::size_t n) noexcept {
  const KuznyechikSchedule& s = sched(ks);
  Counter<F> c{load_be64(ctr), load_be64(ctr + 8)};
  if (n >= batch_min) {
    BulkKeys k;
    bulk_keys<false>(k, s);
    for (; n >= batch_min;) {
      const std::size_t m = n < 64 ? n : 64;
      ctr64(k, c, out, in, m);
      c.advance(m);
      n -= m, out += 16 * m, in = in ? in + 16 * m : in;
    }
    detail::wipe(k);
  }
  if (n > 0) {
    const LaneKeys k(s);
    const Sbox sb(tab.sbox_phi[0]);
    for (; n > 0;) {
      const std::size_t m = n < 4 * lane_group ? n : 4 * lane_group, count = (m + 3) / 4;
      alignas(64) std::uint8_t blocks[64 * lane_group];
      for (std::size_t b = 0; b < 4 * count; ++b) {
        store_be64(blocks + 16 * b, c.hi_at(b));
        store_be64(blocks + 16 * b + 8, c.lo_at(b));
      }
      Z x[lane_group];
      for (std::size_t i = 0; i < count; ++i) x[i] = ld(blocks + 64 * i);
      crypt_lanes<false>(x, count, k, sb);
      for (std::size_t i = 0; i < count; ++i) {
        const std::size_t bytes = bytes_of(m, static_cast<int>(i));
        store_bytes(out + 64 * i,
                    in ? _mm512_xor_si512(x[i], load_bytes(in + 64 * i, bytes)) : x[i], bytes);
      }
      c.advance(m);
      n -= m, out += 16 * m, in = in ? in + 16 * m : in;
    }
  }
  store_be64(ctr, c.hi);
  store_be64(ctr + 8, c.lo);
}

void ctr_xor(const void* ks, std::uint8_t ctr[16], std::uint8_t* out, const std::uint8_t* in,
             std::size_t n) noexcept {
  ctr_blocks<Field::whole>(ks, ctr, out, in, n);
}

void ctr_half_xor(const void* ks, std::uint8_t ctr[16], std::size_t half, std::uint8_t* out,
                  const std::uint8_t* in, std::size_t n) noexcept {
  if (half == 0)
    ctr_blocks<Field::high_half>(ks, ctr, out, in, n);
  else
    ctr_blocks<Field::low_half>(ks, ctr, out, in, n);
}

void cbc_decrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  const KuznyechikSchedule& s = sched(ks);
  if (n >= batch_min) {
    BulkKeys k;
    bulk_keys<true>(k, s);
    for (; n >= batch_min;) {
      const std::size_t m = n < 64 ? n : 64;
      cbc_dec64(k, iv, out, in, m);
      n -= m, in += 16 * m, out += 16 * m;
    }
    detail::wipe(k);
  }
  if (n > 0) {
    const LaneKeys k(s);
    const Sbox sb(tab.sbox_phi[1]);
    // From the last group down, and the last register of a group down, as cbc_dec64, so that
    // in-place calls work.
    const X next_iv = loadu(in + 16 * (n - 1));
    const std::size_t group = 4 * lane_group;
    for (std::size_t g = (n - 1) / group + 1; g-- > 0;) {
      const std::size_t first = group * g, m = n - first < group ? n - first : group,
                        count = (m + 3) / 4;
      const std::uint8_t* src = in + 16 * first;
      Z x[lane_group];
      for (std::size_t i = 0; i < count; ++i)
        x[i] = load_bytes(src + 64 * i, bytes_of(m, static_cast<int>(i)));
      crypt_lanes<true>(x, count, k, sb);
      for (std::size_t i = count; i-- > 0;) {
        const std::size_t bytes = bytes_of(m, static_cast<int>(i));
        const Z prev = first + 4 * i == 0 ? before(load_bytes(src, bytes), iv)
                                          : load_bytes(src + 64 * i - 16, bytes);
        store_bytes(out + 16 * first + 64 * i, _mm512_xor_si512(x[i], prev), bytes);
      }
    }
    storeu(iv, next_iv);
  }
}

// ---- one block, latency-bound (CBC encryption, CMAC, the key schedule) ----
//
// A chain of blocks waits on every round, and there sixteen rotations and sixteen products in
// one xmm crowd the two ports that run them. Spread over a zmm, the round is 4 vpermb and 4
// vgf2p8mulb: the block is spread (byte 16 q + 4 t + u holds byte 4 q + u), vpermb p puts byte
// 4 p + t in dword t of every lane, the products by L[4 q + u][4 p + t] add up over p, and
// three vpshufd add the four dwords of each lane, which leaves the result spread again. The
// select of π's halves goes through a sign mask from vgf2p8affineqb, quicker than a k-mask.

inline Z spread(X x) noexcept {
  return _mm512_permutexvar_epi8(ld(tab.spread), _mm512_castsi128_si512(x));
}
inline X unspread(Z x) noexcept {
  return _mm512_castsi512_si128(_mm512_permutexvar_epi8(ld(tab.unspread), x));
}

inline Z sub_chain(Z x, const Sbox& s) noexcept {
  const Z lo = _mm512_permutex2var_epi8(s.t[0], x, s.t[1]);
  const Z hi = _mm512_permutex2var_epi8(s.t[2], x, s.t[3]);
  return _mm512_ternarylogic_epi32(times(x, detail::sign_matrix), hi, lo, 0xca);  // sign ? hi : lo
}

// lin_chain: L(s) ^ key, s and the result spread, key spread into dword 0 of each lane only.
inline Z lin_chain(Z s, Z key) noexcept {
  Z p[4];
  for (int q = 0; q < 4; ++q)
    p[q] = _mm512_gf2p8mul_epi8(_mm512_permutexvar_epi8(ld(tab.gather[q]), s), ld(tab.coef[q]));
  const Z z = xor3(xor3(p[0], p[1], p[2]), p[3], key);
  return vxor(xor3(z, _mm512_shuffle_epi32(z, static_cast<_MM_PERM_ENUM>(0xb1)),
                   _mm512_shuffle_epi32(z, static_cast<_MM_PERM_ENUM>(0x4e))),
              _mm512_shuffle_epi32(z, static_cast<_MM_PERM_ENUM>(0x1b)));
}

// The round keys spread, in the phi field: K1 in every dword, K2..K10 in dword 0 of each lane.
struct ChainKeys {
  Z first, k[9];
  explicit ChainKeys(const KuznyechikSchedule& s) noexcept {
    first = spread(to_phi(loadu(s.enc[0])));
    for (int r = 0; r < 9; ++r)
      k[r] = _mm512_maskz_permutexvar_epi8(0x000f000f000f000full, ld(tab.spread),
                                           _mm512_castsi128_si512(to_phi(loadu(s.enc[r + 1]))));
  }
};

// encrypt_chain: x already spread, in the phi field, and XORed with K1.
inline Z encrypt_chain(Z x, const ChainKeys& k, const Sbox& s) noexcept {
  for (int r = 0; r < 9; ++r) x = lin_chain(sub_chain(x, s), k.k[r]);
  return x;
}

// CBC encryption and CMAC: one chain, spread and in the phi field from block to block.
void cbc_encrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  const ChainKeys k(sched(ks));
  const Sbox s(tab.sbox_phi[0]);
  Z c = spread(to_phi(loadu(iv)));
  for (; n > 0; --n, in += 16, out += 16) {
    c = encrypt_chain(xor3(c, spread(to_phi(loadu(in))), k.first), k, s);
    storeu(out, from_phi(unspread(c)));
  }
  storeu(iv, from_phi(unspread(c)));
}

void cbc_mac(const void* ks, std::uint8_t state[16], const std::uint8_t* in,
             std::size_t n) noexcept {
  const ChainKeys k(sched(ks));
  const Sbox s(tab.sbox_phi[0]);
  Z c = spread(to_phi(loadu(state)));
  for (; n > 0; --n, in += 16) c = encrypt_chain(xor3(c, spread(to_phi(loadu(in))), k.first), k, s);
  storeu(state, from_phi(unspread(c)));
}

void ls(std::uint8_t block[16]) noexcept {
  const Sbox s(tab.sbox_phi[0]);
  const Z x = sub_chain(spread(to_phi(loadu(block))), s);
  storeu(block, from_phi(unspread(lin_chain(x, _mm512_setzero_si512()))));
}

// setup: dec rows 0..8 = the forward step constants of K2..K10, rows 9..16 = the inverse ones
// of L^-1(K2..K9), four keys per register (enc rows 1..4, 5..8, 9).
void setup(KuznyechikSchedule& ks) noexcept {
  const std::uint8_t* e = ks.enc[1];
  for (int g = 0; g < 3; ++g) {
    const std::size_t bytes = g < 2 ? 64 : 16;
    const Z x = to_phi(load_bytes(e + 64 * g, bytes));
    store_bytes(ks.dec[4 * g], from_phi(matvec(x, detail::merge_fwd, _mm512_setzero_si512())),
                bytes);
    if (g < 2)
      store_bytes(ks.dec[9 + 4 * g], from_phi(matvec(x, detail::merge_inv, _mm512_setzero_si512())),
                  64);
  }
}

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const KuznyechikKernel kuznyechik_avx512_gfni = {
    {"kuznyechik/avx512_gfni",
     cpu::Feature::avx | cpu::Feature::avx2 | cpu::Feature::bmi2 | cpu::Feature::avx512 |
         cpu::Feature::vbmi | cpu::Feature::gfni,
     true},
    kuznyechik_avx512_gfni::ls,
    kuznyechik_avx512_gfni::setup,
    {kuznyechik_avx512_gfni::encrypt_blocks, kuznyechik_avx512_gfni::decrypt_blocks,
     kuznyechik_avx512_gfni::ctr_xor, kuznyechik_avx512_gfni::cbc_encrypt,
     kuznyechik_avx512_gfni::cbc_decrypt, kuznyechik_avx512_gfni::cbc_mac, nullptr, nullptr,
     nullptr, kuznyechik_avx512_gfni::ctr_half_xor},
};
}  // namespace axiom::detail
