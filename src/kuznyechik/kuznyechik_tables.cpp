// The table kernel: the classic 16 x 256 lookup of L(S(x)) (each entry the contribution of one
// input byte value at one position, 16 bytes wide), and the same for L^-1(S^-1(x)) with the
// decryption keys moved through L^-1 (z = L^-1(y) turns each round into one lookup pass).
// NOT constant time: the loads are indexed by state bytes, so a cache-timing observer learns
// about keys and data. It is never the default where a constant-time kernel runs (README).
#include <array>
#include <cstring>

#include "core/endian.hpp"
#include "core/wipe.hpp"
#include "kuznyechik/kuznyechik_constants.hpp"
#include "kuznyechik/kuznyechik_kernel.hpp"

namespace axiom::detail {

namespace {

using u64 = std::uint64_t;

// Entry [i][v]: column i of the matrix times the substituted v, as two little-endian words.
struct LsTables {
  u64 enc[16][256][2];
  u64 dec[16][256][2];
};

// fill_tables: 128 KiB, computed once on first use (too much work for a compile-time
// constant under clang's evaluation limit); only public constants go in.
void fill_tables(LsTables& t) noexcept {
  for (std::size_t i = 0; i < 16; ++i)
    for (std::size_t v = 0; v < 256; ++v)
      for (std::size_t j = 0; j < 16; ++j) {
        const u64 e = kuz::gf_mul(kuz::l_matrix[j][i], kuz::pi[v]);
        const u64 d = kuz::gf_mul(kuz::l_inv_matrix[j][i], kuz::pi_inv[v]);
        t.enc[i][v][j / 8] |= e << (8 * (j % 8));
        t.dec[i][v][j / 8] |= d << (8 * (j % 8));
      }
}

const LsTables& ls_tables() noexcept {
  struct Holder {
    alignas(64) LsTables t{};
    Holder() noexcept { fill_tables(t); }
  };
  static const Holder h;
  return h.t;
}

struct State {
  u64 lo, hi;
};

inline State load(const std::uint8_t* p) noexcept { return {load_le64(p), load_le64(p + 8)}; }
inline void store(std::uint8_t* p, State s) noexcept {
  store_le64(p, s.lo);
  store_le64(p + 8, s.hi);
}
inline State operator^(State a, State b) noexcept { return {a.lo ^ b.lo, a.hi ^ b.hi}; }

inline State lookup(const u64 (&t)[16][256][2], State x) noexcept {
  State y{0, 0};
  for (int i = 0; i < 8; ++i) {
    const u64* e = t[i][(x.lo >> (8 * i)) & 0xff];
    y.lo ^= e[0], y.hi ^= e[1];
  }
  for (int i = 0; i < 8; ++i) {
    const u64* e = t[8 + i][(x.hi >> (8 * i)) & 0xff];
    y.lo ^= e[0], y.hi ^= e[1];
  }
  return y;
}

inline const KuznyechikSchedule& sched(const void* ks) noexcept {
  return *static_cast<const KuznyechikSchedule*>(ks);
}

void encrypt_one(const void* ks, std::uint8_t b[16]) noexcept {
  const KuznyechikSchedule& s = sched(ks);
  State x = load(b) ^ load(s.enc[0]);
  for (int r = 1; r < 10; ++r) x = lookup(ls_tables().enc, x) ^ load(s.enc[r]);
  store(b, x);
}

void encrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  const KuznyechikSchedule& s = sched(ks);
  const LsTables& tables = ls_tables();
  State k[10];
  for (int r = 0; r < 10; ++r) k[r] = load(s.enc[r]);
  for (; n > 0; --n, in += 16, out += 16) {
    State x = load(in) ^ k[0];
    for (int r = 1; r < 10; ++r) x = lookup(tables.enc, x) ^ k[r];
    store(out, x);
  }
}

// z = L^-1(y ^ K10) is the decryption table pass on S(y ^ K10); then each round is one pass
// with the key L^-1(K_i); the last S^-1 is a byte table.
void decrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  const KuznyechikSchedule& s = sched(ks);
  const LsTables& tables = ls_tables();
  State k[10];
  for (int r = 0; r < 10; ++r) k[r] = load(s.dec[r]);
  for (; n > 0; --n, in += 16, out += 16) {
    std::uint8_t b[16];
    store(b, load(in) ^ k[9]);
    for (std::uint8_t& v : b) v = kuz::pi[v];
    State z = lookup(tables.dec, load(b));
    for (int r = 8; r >= 1; --r) z = lookup(tables.dec, z) ^ k[r];
    store(b, z);
    for (std::uint8_t& v : b) v = kuz::pi_inv[v];
    store(out, load(b) ^ k[0]);
  }
}

// dec[0] = K1, dec[9] = K10 as they are; dec[1..8] = L^-1(K2..K9).
void setup(KuznyechikSchedule& ks) noexcept {
  std::memcpy(ks.dec[0], ks.enc[0], 16);
  std::memcpy(ks.dec[9], ks.enc[9], 16);
  for (int r = 1; r < 9; ++r) kuz::apply_matrix_ct(ks.dec[r], kuz::l_inv_matrix, ks.enc[r]);
}

constexpr std::size_t batch = 16;

}  // namespace

const KuznyechikKernel kuznyechik_tables = {
    {"kuznyechik/tables", cpu::Features{}, false},
    kuznyechik_portable_ls,  // the key schedule stays constant time
    setup,
    {encrypt_blocks, decrypt_blocks, kuz_modes::ctr_xor<batch, encrypt_blocks>,
     kuz_modes::cbc_encrypt<encrypt_one>, kuz_modes::cbc_decrypt<batch, decrypt_blocks>,
     kuz_modes::cbc_mac<encrypt_one>},
};

}  // namespace axiom::detail
