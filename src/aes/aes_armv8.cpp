// The ARMv8 Crypto Extension AES kernel (AESE/AESMC, AESD/AESIMC): 8 blocks in flight where
// blocks are independent (ECB, CTR, CBC decryption, XTS, independent CBC chains), enough to
// cover the AES latency (2-3 cycles) with 2 to 4 AES pipes; one block at a time for CBC
// encryption and CBC-MAC, whose chain is bound by that latency. The round count is a template
// parameter so that the rounds unroll and the keys stay in registers (AArch64 has 32).
//
// AESE(x, k) is SubBytes(ShiftRows(x ^ k)): the round key comes first, so FIPS 197 round key r
// enters round r + 1's AESE and the last one is a plain eor; AESD(x, k) likewise for the
// inverse cipher. The schedule is therefore the AES-NI layout (aes_ni_common.hpp): the
// encryption keys in FIPS 197 order, the decryption keys of the equivalent inverse cipher
// (reversed, InvMixColumns on the inner ones).
#include <cstring>

#include "aes/aes_kernel.hpp"

#include <arm_neon.h>

AXIOM_ISA_BEGIN(aes, armv8)

#include "aes/aes_armv8_common.hpp"

namespace {

using aes_armv8_common::decrypt_n;
using aes_armv8_common::encrypt_n;
using aes_armv8_common::load;
using aes_armv8_common::load_keys;
using aes_armv8_common::sched;
using aes_armv8_common::store;
using aes_armv8_common::u64x2;
using aes_armv8_common::u8x16;
using detail::AesSchedule;

template <unsigned R, bool Decrypt>
void ecb(const void* ks, std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  u8x16 k[R + 1], b[8];
  load_keys<R>(k, Decrypt ? sched(ks).dec : sched(ks).enc);
  for (; n >= 8; n -= 8, in += 128, out += 128) {
    for (int i = 0; i < 8; ++i) b[i] = load(in + 16 * i);
    if (Decrypt)
      decrypt_n<R, 8>(k, b);
    else
      encrypt_n<R, 8>(k, b);
    for (int i = 0; i < 8; ++i) store(out + 16 * i, b[i]);
  }
  for (; n > 0; --n, in += 16, out += 16) {
    b[0] = load(in);
    if (Decrypt)
      decrypt_n<R, 1>(k, b);
    else
      encrypt_n<R, 1>(k, b);
    store(out, b[0]);
  }
}

// The counter block as a little-endian 128-bit number (bytes reversed: lane 0 the low half),
// so that it steps with 64-bit adds; add128 carries into the high half.
inline u8x16 reverse_bytes(u8x16 v) noexcept {
  const u8x16 index =
      vcombine_u8(vcreate_u8(0x08090a0b0c0d0e0fULL), vcreate_u8(0x0001020304050607ULL));
  return vqtbl1q_u8(v, index);
}
inline u64x2 add128(u64x2 c, std::uint64_t k) noexcept {
  const std::uint64_t lo = vgetq_lane_u64(c, 0) + k;
  const std::uint64_t hi = vgetq_lane_u64(c, 1) + (lo < k ? 1 : 0);
  return vcombine_u64(vcreate_u64(lo), vcreate_u64(hi));
}

// xor_out: out = in ^ b for the first m of N blocks; in null: out = b (MGM's bare keystream).
template <int N>
inline void xor_out(const u8x16* b, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t m) noexcept {
  if (in == nullptr) {
    for (std::size_t i = 0; i < m; ++i) store(out + 16 * i, b[i]);
  } else if (m == N) {
    for (int i = 0; i < N; ++i) store(out + 16 * i, veorq_u8(b[i], load(in + 16 * i)));
  } else {
    for (std::size_t i = 0; i < m; ++i) store(out + 16 * i, veorq_u8(b[i], load(in + 16 * i)));
  }
}

// ctr_n: N counter blocks from c through the rounds, the first m (<= N) xored from in to out.
// 64-bit adds make the counters, unless the low half wraps within them (the counter is
// public, so is the branch).
template <unsigned R, int N>
inline void ctr_n(const u8x16* k, u64x2 c, std::uint8_t* out, const std::uint8_t* in,
                  std::size_t m) noexcept {
  u8x16 b[N];
  if (vgetq_lane_u64(c, 0) <= ~std::uint64_t{0} - (N - 1)) {
    for (int i = 0; i < N; ++i)
      b[i] = reverse_bytes(
          vreinterpretq_u8_u64(vaddq_u64(c, vcombine_u64(vcreate_u64(i), vcreate_u64(0)))));
  } else {
    for (int i = 0; i < N; ++i)
      b[i] = reverse_bytes(vreinterpretq_u8_u64(add128(c, static_cast<std::uint64_t>(i))));
  }
  encrypt_n<R, N>(k, b);
  xor_out<N>(b, out, in, m);
}

// ctr_xor: 8 blocks at a time; a tail of up to 4 blocks runs only 4.
template <unsigned R>
void ctr_xor(const void* ks, std::uint8_t ctr[16], std::uint8_t* out, const std::uint8_t* in,
             std::size_t n) noexcept {
  u8x16 k[R + 1];
  load_keys<R>(k, sched(ks).enc);
  u64x2 c = vreinterpretq_u64_u8(reverse_bytes(load(ctr)));
  for (; n >= 8; n -= 8, in += 128, out += 128) {
    ctr_n<R, 8>(k, c, out, in, 8);
    c = add128(c, 8);
  }
  if (n > 4)
    ctr_n<R, 8>(k, c, out, in, n);
  else if (n > 0)
    ctr_n<R, 4>(k, c, out, in, n);
  store(ctr, reverse_bytes(vreinterpretq_u8_u64(add128(c, n))));
}

// ctr_half: MGM's counters. Each 8-byte half reversed on its own (vrev64) is a 64-bit lane, so
// one 64-bit add steps the counted half mod 2^64 and leaves the other alone.
template <unsigned R, int N>
inline void ctr_half_n(const u8x16* k, u64x2 c, u64x2 step, std::uint8_t* out,
                       const std::uint8_t* in, std::size_t m) noexcept {
  u8x16 b[N];
  for (int i = 0; i < N; ++i) {
    b[i] = vrev64q_u8(vreinterpretq_u8_u64(c));
    c = vaddq_u64(c, step);
  }
  encrypt_n<R, N>(k, b);
  xor_out<N>(b, out, in, m);
}

// in_half: v in the lane of the counted half (byte offset half: 0 or 8), 0 in the other.
inline u64x2 in_half(std::size_t half, std::uint64_t v) noexcept {
  return half == 0 ? vcombine_u64(vcreate_u64(v), vcreate_u64(0))
                   : vcombine_u64(vcreate_u64(0), vcreate_u64(v));
}

template <unsigned R>
void ctr_half_xor(const void* ks, std::uint8_t ctr[16], std::size_t half, std::uint8_t* out,
                  const std::uint8_t* in, std::size_t n) noexcept {
  u8x16 k[R + 1];
  load_keys<R>(k, sched(ks).enc);
  const u64x2 one = in_half(half, 1), eight = in_half(half, 8);
  u64x2 c = vreinterpretq_u64_u8(vrev64q_u8(load(ctr)));
  for (; n >= 8; n -= 8, out += 128, in = in ? in + 128 : in) {
    ctr_half_n<R, 8>(k, c, one, out, in, 8);
    c = vaddq_u64(c, eight);
  }
  if (n > 4)
    ctr_half_n<R, 8>(k, c, one, out, in, n);
  else if (n > 0)
    ctr_half_n<R, 4>(k, c, one, out, in, n);
  c = vaddq_u64(c, in_half(half, n));
  store(ctr, vrev64q_u8(vreinterpretq_u8_u64(c)));
}

template <unsigned R>
void cbc_decrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  u8x16 k[R + 1], b[8];
  load_keys<R>(k, sched(ks).dec);
  u8x16 prev = load(iv);
  for (; n >= 8; n -= 8, in += 128, out += 128) {
    for (int i = 0; i < 8; ++i) b[i] = load(in + 16 * i);
    const u8x16 last = b[7];
    decrypt_n<R, 8>(k, b);
    // From the last block down, so that in place the ciphertext is read before it is overwritten.
    for (int i = 7; i > 0; --i) store(out + 16 * i, veorq_u8(b[i], load(in + 16 * (i - 1))));
    store(out, veorq_u8(b[0], prev));
    prev = last;
  }
  for (; n > 0; --n, in += 16, out += 16) {
    const u8x16 c = b[0] = load(in);
    decrypt_n<R, 1>(k, b);
    store(out, veorq_u8(b[0], prev));
    prev = c;
  }
  store(iv, prev);
}

// cbc_chain: CBC encryption (Store) or CBC-MAC, one block at a time since each chains to the
// last. On the chain: the R AESE, R - 1 AESMC and one eor, which adds both the last round key
// and the next plaintext block (x = AESE(x, k[R-1]) ^ (k[R] ^ P')); the ciphertext is
// recovered beside the chain.
template <unsigned R, bool Store>
void cbc_chain(const void* ks, std::uint8_t state[16], std::uint8_t* out, const std::uint8_t* in,
               std::size_t n) noexcept {
  if (n == 0) return;
  u8x16 k[R + 1];
  load_keys<R>(k, sched(ks).enc);
  u8x16 x = veorq_u8(load(state), load(in)), c;
  for (;; --n, in += 16) {
    for (unsigned r = 0; r + 1 < R; ++r) x = vaesmcq_u8(vaeseq_u8(x, k[r]));
    const u8x16 t = vaeseq_u8(x, k[R - 1]);
    if (n == 1) {
      c = veorq_u8(t, k[R]);
      if (Store) store(out, c);
      break;
    }
    const u8x16 next = load(in + 16);
    x = veorq_u8(t, veorq_u8(k[R], next));
    if (Store) store(out, veorq_u8(x, next)), out += 16;  // out is null for CBC-MAC
  }
  store(state, c);
}

// cbc_lanes: independent chains eight at a time; a group of fewer than eight fills up with
// dummy lanes on a scratch block (the step's time is one chain's latency either way).
template <unsigned R, bool Store>
void cbc_lanes(const void* ks, std::uint8_t* chain, const std::uint8_t** in, std::uint8_t** out,
               std::size_t n, std::size_t blocks) noexcept {
  u8x16 k[R + 1];
  load_keys<R>(k, sched(ks).enc);
  alignas(16) std::uint8_t scratch[32] = {};  // a dummy lane's input, then its output
  for (std::size_t g = 0; g < n; g += 8) {
    const std::size_t m = n - g < 8 ? n - g : 8;
    const std::uint8_t* ip[8];
    std::uint8_t* op[8];
    std::size_t step[8];
    u8x16 x[8];
    for (std::size_t i = 0; i < 8; ++i) {
      const bool real = i < m;
      ip[i] = real ? in[g + i] : scratch;
      op[i] = real && Store ? out[g + i] : scratch + 16;
      step[i] = real ? 16 : 0;
      x[i] = real ? load(chain + 16 * (g + i)) : vdupq_n_u8(0);
    }
    for (std::size_t b = 0; b < blocks; ++b) {
      for (int i = 0; i < 8; ++i) {
        x[i] = veorq_u8(x[i], load(ip[i]));
        ip[i] += step[i];
      }
      encrypt_n<R, 8>(k, x);
      if (Store)
        for (int i = 0; i < 8; ++i) {
          store(op[i], x[i]);
          op[i] += step[i];
        }
    }
    for (std::size_t i = 0; i < m; ++i) {
      store(chain + 16 * (g + i), x[i]);
      in[g + i] = ip[i];
      if (Store) out[g + i] = op[i];
    }
  }
}

// times_x: the XTS tweak times x in GF(2^128), IEEE 1619's little-endian order: a 128-bit
// shift left by one, the bit shifted out of the top folded back as 0x87, with masks from the
// sign bits instead of a branch.
inline u64x2 times_x(u64x2 t) noexcept {
  const u64x2 sign = vreinterpretq_u64_s64(vshrq_n_s64(vreinterpretq_s64_u64(t), 63));
  const u64x2 carry =
      vandq_u64(vextq_u64(sign, sign, 1), vcombine_u64(vcreate_u64(0x87), vcreate_u64(1)));
  return veorq_u64(vshlq_n_u64(t, 1), carry);
}

// xts: 8 blocks at a time, each masked with its own T·x^j before and after the rounds, then
// the tail one block at a time.
template <unsigned R, bool Decrypt>
void xts(const void* ks, std::uint8_t tweak[16], std::uint8_t* out, const std::uint8_t* in,
         std::size_t n) noexcept {
  u8x16 k[R + 1], b[8];
  load_keys<R>(k, Decrypt ? sched(ks).dec : sched(ks).enc);
  u64x2 t = vreinterpretq_u64_u8(load(tweak));
  for (; n >= 8; n -= 8, in += 128, out += 128) {
    u8x16 m[8];
    for (int i = 0; i < 8; ++i) {
      m[i] = vreinterpretq_u8_u64(t);
      t = times_x(t);
      b[i] = veorq_u8(load(in + 16 * i), m[i]);
    }
    if (Decrypt)
      decrypt_n<R, 8>(k, b);
    else
      encrypt_n<R, 8>(k, b);
    for (int i = 0; i < 8; ++i) store(out + 16 * i, veorq_u8(b[i], m[i]));
  }
  for (; n > 0; --n, in += 16, out += 16) {
    const u8x16 m = vreinterpretq_u8_u64(t);
    t = times_x(t);
    b[0] = veorq_u8(load(in), m);
    if (Decrypt)
      decrypt_n<R, 1>(k, b);
    else
      encrypt_n<R, 1>(k, b);
    store(out, veorq_u8(b[0], m));
  }
  store(tweak, vreinterpretq_u8_u64(t));
}

// The entry points pick the instantiation for the key's round count.
#define AXIOM_AES_ARMV8_BY_ROUNDS(f, ...) \
  switch (sched(ks).rounds) {             \
    case 10:                              \
      return f<10>(__VA_ARGS__);          \
    case 12:                              \
      return f<12>(__VA_ARGS__);          \
    default:                              \
      return f<14>(__VA_ARGS__);          \
  }

template <unsigned R>
void ecb_encrypt(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  ecb<R, false>(ks, out, in, n);
}
template <unsigned R>
void ecb_decrypt(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  ecb<R, true>(ks, out, in, n);
}
template <unsigned R>
void cbc_lanes_any(const void* ks, std::uint8_t* chain, const std::uint8_t** in, std::uint8_t** out,
                   std::size_t n, std::size_t blocks) noexcept {
  if (out)
    cbc_lanes<R, true>(ks, chain, in, out, n, blocks);
  else
    cbc_lanes<R, false>(ks, chain, in, out, n, blocks);
}
template <unsigned R>
void cbc_mac(const void* ks, std::uint8_t state[16], const std::uint8_t* in,
             std::size_t n) noexcept {
  cbc_chain<R, false>(ks, state, nullptr, in, n);
}
template <unsigned R>
void cbc_encrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  cbc_chain<R, true>(ks, iv, out, in, n);
}
template <unsigned R>
void xts_enc(const void* ks, std::uint8_t tweak[16], std::uint8_t* out, const std::uint8_t* in,
             std::size_t n) noexcept {
  xts<R, false>(ks, tweak, out, in, n);
}
template <unsigned R>
void xts_dec(const void* ks, std::uint8_t tweak[16], std::uint8_t* out, const std::uint8_t* in,
             std::size_t n) noexcept {
  xts<R, true>(ks, tweak, out, in, n);
}

void encrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  AXIOM_AES_ARMV8_BY_ROUNDS(ecb_encrypt, ks, out, in, n);
}
void decrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  AXIOM_AES_ARMV8_BY_ROUNDS(ecb_decrypt, ks, out, in, n);
}
void ctr_entry(const void* ks, std::uint8_t ctr[16], std::uint8_t* out, const std::uint8_t* in,
               std::size_t n) noexcept {
  AXIOM_AES_ARMV8_BY_ROUNDS(ctr_xor, ks, ctr, out, in, n);
}
void cbc_encrypt_entry(const void* ks, std::uint8_t iv[16], std::uint8_t* out,
                       const std::uint8_t* in, std::size_t n) noexcept {
  AXIOM_AES_ARMV8_BY_ROUNDS(cbc_encrypt, ks, iv, out, in, n);
}
void cbc_decrypt_entry(const void* ks, std::uint8_t iv[16], std::uint8_t* out,
                       const std::uint8_t* in, std::size_t n) noexcept {
  AXIOM_AES_ARMV8_BY_ROUNDS(cbc_decrypt, ks, iv, out, in, n);
}
void cbc_mac_entry(const void* ks, std::uint8_t state[16], const std::uint8_t* in,
                   std::size_t n) noexcept {
  AXIOM_AES_ARMV8_BY_ROUNDS(cbc_mac, ks, state, in, n);
}
void cbc_lanes_entry(const void* ks, std::uint8_t* chain, const std::uint8_t** in,
                     std::uint8_t** out, std::size_t n, std::size_t blocks) noexcept {
  AXIOM_AES_ARMV8_BY_ROUNDS(cbc_lanes_any, ks, chain, in, out, n, blocks);
}
void xts_encrypt(const void* ks, std::uint8_t tweak[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  AXIOM_AES_ARMV8_BY_ROUNDS(xts_enc, ks, tweak, out, in, n);
}
void xts_decrypt(const void* ks, std::uint8_t tweak[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  AXIOM_AES_ARMV8_BY_ROUNDS(xts_dec, ks, tweak, out, in, n);
}
void ctr_half_entry(const void* ks, std::uint8_t ctr[16], std::size_t half, std::uint8_t* out,
                    const std::uint8_t* in, std::size_t n) noexcept {
  AXIOM_AES_ARMV8_BY_ROUNDS(ctr_half_xor, ks, ctr, half, out, in, n);
}
#undef AXIOM_AES_ARMV8_BY_ROUNDS

// setup: encryption keys as FIPS 197 gives them; decryption keys for the equivalent inverse
// cipher (reversed, InvMixColumns applied to the inner ones).
void setup(AesSchedule& ks, const std::uint8_t* round_keys, std::uint32_t rounds) noexcept {
  std::memcpy(ks.enc, round_keys, 16 * (rounds + 1));
  ks.rounds = rounds;
  store(ks.dec, load(round_keys + 16 * rounds));
  for (std::uint32_t i = 1; i < rounds; ++i)
    store(ks.dec + 16 * i, vaesimcq_u8(load(round_keys + 16 * (rounds - i))));
  store(ks.dec + 16 * rounds, load(round_keys));
}

}  // namespace

AXIOM_ISA_END

namespace axiom::detail {
const AesKernel aes_armv8 = {
    {"aes/armv8",
     cpu::Feature::asimd | cpu::Feature::aes | cpu::Feature::pmull | cpu::Feature::sha2, true},
    aes_armv8::setup,
    {aes_armv8::encrypt_blocks, aes_armv8::decrypt_blocks, aes_armv8::ctr_entry,
     aes_armv8::cbc_encrypt_entry, aes_armv8::cbc_decrypt_entry, aes_armv8::cbc_mac_entry,
     aes_armv8::cbc_lanes_entry, aes_armv8::xts_encrypt, aes_armv8::xts_decrypt,
     aes_armv8::ctr_half_entry},
};
}  // namespace axiom::detail
