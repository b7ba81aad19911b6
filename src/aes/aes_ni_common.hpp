// aes_ni_common.hpp: the AES-NI code shared by the aesni and vaes_avx2 kernels (they use the
// same schedule layout): loads, the counter helpers, xmm rounds, the serial chains (CBC
// encryption, CBC-MAC) and the key setup. Include it inside an AXIOM_ISA_BEGIN region whose
// target has aes and sse4.1 (and <immintrin.h>, <cstring> and aes_kernel.hpp before the
// region): each kernel gets its own copy, compiled for its own target.
#pragma once

namespace aes_ni {

using detail::AesSchedule;

inline __m128i loadu(const std::uint8_t* p) noexcept {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}
inline void storeu(std::uint8_t* p, __m128i v) noexcept {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
}
inline const AesSchedule& sched(const void* ks) noexcept {
  return *static_cast<const AesSchedule*>(ks);
}
inline const __m128i* enc_keys(const void* ks) noexcept {
  return reinterpret_cast<const __m128i*>(sched(ks).enc);
}
inline const __m128i* dec_keys(const void* ks) noexcept {
  return reinterpret_cast<const __m128i*>(sched(ks).dec);
}

// The counter block as a little-endian 128-bit number (bytes reversed) so that the low half
// can be stepped with a 64-bit add; add_le128 carries into the high half.
inline __m128i reverse_bytes(__m128i v) noexcept {
  return _mm_shuffle_epi8(v, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}
inline __m128i add_le128(__m128i c, std::uint64_t k) noexcept {
  const std::uint64_t lo = static_cast<std::uint64_t>(_mm_cvtsi128_si64(c)) + k;
  const std::uint64_t hi = static_cast<std::uint64_t>(_mm_extract_epi64(c, 1)) + (lo < k ? 1 : 0);
  return _mm_set_epi64x(static_cast<long long>(hi), static_cast<long long>(lo));
}

template <unsigned R, int N>
inline void encrypt_n(const __m128i* rk, __m128i* b) noexcept {
  for (int i = 0; i < N; ++i) b[i] = _mm_xor_si128(b[i], rk[0]);
  for (unsigned r = 1; r < R; ++r) {
    const __m128i k = _mm_load_si128(rk + r);
    for (int i = 0; i < N; ++i) b[i] = _mm_aesenc_si128(b[i], k);
  }
  for (int i = 0; i < N; ++i) b[i] = _mm_aesenclast_si128(b[i], rk[R]);
}

template <unsigned R, int N>
inline void decrypt_n(const __m128i* dk, __m128i* b) noexcept {
  for (int i = 0; i < N; ++i) b[i] = _mm_xor_si128(b[i], dk[0]);
  for (unsigned r = 1; r < R; ++r) {
    const __m128i k = _mm_load_si128(dk + r);
    for (int i = 0; i < N; ++i) b[i] = _mm_aesdec_si128(b[i], k);
  }
  for (int i = 0; i < N; ++i) b[i] = _mm_aesdeclast_si128(b[i], dk[R]);
}

// cbc_chain: CBC encryption (Store) or CBC-MAC, one block at a time since each chains to the
// last. The chain is the R - 1 aesenc and the aesenclast only (R * 4 cycles per block, the
// latency bound): the next plaintext block and round key 0 are folded into the last round's
// key, so aesenclast gives C ^ P' ^ K0, which is already the next block after its round 0;
// C itself is recovered beside the chain.
template <unsigned R, bool Store>
inline void cbc_chain(const void* ks, std::uint8_t state[16], std::uint8_t* out,
                      const std::uint8_t* in, std::size_t n) noexcept {
  if (n == 0) return;
  const __m128i* k = enc_keys(ks);
  __m128i x = _mm_xor_si128(_mm_xor_si128(loadu(state), loadu(in)), k[0]), c;
  for (;; --n, in += 16) {
    for (unsigned r = 1; r < R; ++r) x = _mm_aesenc_si128(x, k[r]);
    if (n == 1) {
      c = _mm_aesenclast_si128(x, k[R]);
      if (Store) storeu(out, c);
      break;
    }
    const __m128i next = _mm_xor_si128(loadu(in + 16), k[0]);
    x = _mm_aesenclast_si128(x, _mm_xor_si128(k[R], next));
    if (Store) storeu(out, _mm_xor_si128(x, next)), out += 16;  // out is null for CBC-MAC
  }
  storeu(state, c);
}

template <unsigned R>
void cbc_encrypt(const void* ks, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  cbc_chain<R, true>(ks, iv, out, in, n);
}

template <unsigned R>
void cbc_mac(const void* ks, std::uint8_t state[16], const std::uint8_t* in,
             std::size_t n) noexcept {
  cbc_chain<R, false>(ks, state, nullptr, in, n);
}

// cbc_lanes: independent chains eight at a time, which covers the aesenc latency (4) with
// its throughput (2 per cycle): each step costs one chain's latency for eight blocks. A group
// of fewer than eight fills up with dummy lanes on a scratch block (free: the step's time is
// the latency either way). Store: CBC encryption, else CBC-MAC.
template <unsigned R, bool Store>
void cbc_lanes(const void* ks, std::uint8_t* chain, const std::uint8_t** in, std::uint8_t** out,
               std::size_t n, std::size_t blocks) noexcept {
  const __m128i* k = enc_keys(ks);
  alignas(16) std::uint8_t scratch[32] = {};  // a dummy lane's input, then its output
  for (std::size_t g = 0; g < n; g += 8) {
    const std::size_t m = n - g < 8 ? n - g : 8;
    const std::uint8_t* ip[8];
    std::uint8_t* op[8];
    std::size_t step[8];
    __m128i x[8];
    for (std::size_t i = 0; i < 8; ++i) {
      const bool real = i < m;
      ip[i] = real ? in[g + i] : scratch;
      op[i] = real && Store ? out[g + i] : scratch + 16;
      step[i] = real ? 16 : 0;
      x[i] = real ? loadu(chain + 16 * (g + i)) : _mm_setzero_si128();
    }
    for (std::size_t b = 0; b < blocks; ++b) {
      for (int i = 0; i < 8; ++i) {
        x[i] = _mm_xor_si128(x[i], _mm_xor_si128(loadu(ip[i]), k[0]));
        ip[i] += step[i];
      }
      for (unsigned r = 1; r < R; ++r) {
        const __m128i kr = _mm_load_si128(k + r);
        for (int i = 0; i < 8; ++i) x[i] = _mm_aesenc_si128(x[i], kr);
      }
      for (int i = 0; i < 8; ++i) x[i] = _mm_aesenclast_si128(x[i], k[R]);
      if (Store)
        for (int i = 0; i < 8; ++i) {
          storeu(op[i], x[i]);
          op[i] += step[i];
        }
    }
    for (std::size_t i = 0; i < m; ++i) {
      storeu(chain + 16 * (g + i), x[i]);
      in[g + i] = ip[i];
      if (Store) out[g + i] = op[i];
    }
  }
}

// crowded (for the VAES kernels' lanes): whether the m lanes' input and output lines (in lockstep,
// they keep their relative places) crowd one L1 set beyond its 8 ways. Buffers a multiple of 4 KiB
// apart share a set; lanes then evict one another's lines before their next block, and a 16-lane
// vaes_avx2 step runs at half speed or worse (measured: 16 messages 16 KiB apart, 0.56 c/B against
// 0.20 at 16 KiB + 64 B), slower than two 8-lane steps (0.32). Only addresses decide (public).
inline bool crowded(const std::uint8_t* const* in, std::uint8_t* const* out,
                    std::size_t m) noexcept {
  std::uint8_t lines[64] = {};  // lines per set
  bool over = false;
  for (std::size_t i = 0; i < 2 * m; ++i) {
    const std::uint8_t* p = i < m ? in[i] : out ? out[i - m] : nullptr;
    if (!p || (i >= m && p == in[i - m])) continue;  // no output, or in place
    over |= ++lines[(reinterpret_cast<std::uintptr_t>(p) >> 6) & 63] > 8;
  }
  return over;
}

// The kernels' entry points pick the instantiation for the key's round count.
#define AXIOM_AES_BY_ROUNDS(f, ...)   \
  switch (aes_ni::sched(ks).rounds) { \
    case 10:                          \
      return f<10>(__VA_ARGS__);      \
    case 12:                          \
      return f<12>(__VA_ARGS__);      \
    default:                          \
      return f<14>(__VA_ARGS__);      \
  }

inline void cbc_encrypt_entry(const void* ks, std::uint8_t iv[16], std::uint8_t* out,
                              const std::uint8_t* in, std::size_t n) noexcept {
  AXIOM_AES_BY_ROUNDS(cbc_encrypt, ks, iv, out, in, n);
}
template <unsigned R>
void cbc_lanes_any(const void* ks, std::uint8_t* chain, const std::uint8_t** in, std::uint8_t** out,
                   std::size_t n, std::size_t blocks) noexcept {
  if (out)
    cbc_lanes<R, true>(ks, chain, in, out, n, blocks);
  else
    cbc_lanes<R, false>(ks, chain, in, out, n, blocks);
}
inline void cbc_lanes_entry(const void* ks, std::uint8_t* chain, const std::uint8_t** in,
                            std::uint8_t** out, std::size_t n, std::size_t blocks) noexcept {
  AXIOM_AES_BY_ROUNDS(cbc_lanes_any, ks, chain, in, out, n, blocks);
}
inline void cbc_mac_entry(const void* ks, std::uint8_t state[16], const std::uint8_t* in,
                          std::size_t n) noexcept {
  AXIOM_AES_BY_ROUNDS(cbc_mac, ks, state, in, n);
}

// setup: encryption keys as FIPS 197 gives them; decryption keys for the equivalent inverse
// cipher (reversed, InvMixColumns applied to the inner ones), as aesdec expects.
inline void setup(AesSchedule& ks, const std::uint8_t* round_keys, std::uint32_t rounds) noexcept {
  std::memcpy(ks.enc, round_keys, 16 * (rounds + 1));
  ks.rounds = rounds;
  storeu(ks.dec, loadu(round_keys + 16 * rounds));
  for (std::uint32_t i = 1; i < rounds; ++i)
    storeu(ks.dec + 16 * i, _mm_aesimc_si128(loadu(round_keys + 16 * (rounds - i))));
  storeu(ks.dec + 16 * rounds, loadu(round_keys));
}

}  // namespace aes_ni
