// ECB, CBC, CFB, OFB, CTR and CMAC, written once over any block cipher kernel (BlockOps<N>,
// axiom/block_cipher.hpp) with N-byte blocks, instantiated for N = 8 and 16 at the end.
// Buffering, padding, tails and argument checks live here; the kernels see whole blocks.
#include <algorithm>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>  // baseline on x86-64
#endif

#include "axiom/bytes.hpp"
#include "axiom/modes.hpp"
#include "core/wipe.hpp"
#include "modes/mode_util.hpp"

namespace axiom::detail {

void wipe_state(void* p, std::size_t n) noexcept { secure_wipe(p, n); }

namespace {
// copy_block copies a block with one load and store. The kernels load a counter or IV as one
// 16-byte value, which two 8-byte stores (the compiler's choice for a 16-byte memcpy) cannot
// forward to: every short call would wait for those stores to retire.
template <std::size_t N>
void copy_block(std::uint8_t* dst, const std::uint8_t* src) noexcept {
#if defined(__SSE2__)
  if constexpr (N == 16) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst),
                     _mm_loadu_si128(reinterpret_cast<const __m128i*>(src)));
    return;
  }
#endif
  std::memcpy(dst, src, N);
}

// xor_block: dst = a ^ b for one block (dst may be a or b).
template <std::size_t N>
void xor_block(std::uint8_t* dst, const std::uint8_t* a, const std::uint8_t* b) noexcept {
#if defined(__SSE2__)
  if constexpr (N == 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a));
    const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst), _mm_xor_si128(x, y));
    return;
  }
#endif
  for (std::size_t i = 0; i < N; ++i) dst[i] = static_cast<std::uint8_t>(a[i] ^ b[i]);
}
}  // namespace

template <std::size_t N>
Status set_register(std::uint8_t reg[max_register], std::uint8_t& size,
                    std::span<const std::uint8_t> iv) noexcept {
  if (iv.empty() || iv.size() > max_register || iv.size() % N != 0)
    return Error::invalid_nonce_size;
  if (iv.size() == N)
    copy_block<N>(reg, iv.data());  // the common IV, without a call to memmove
  else
    std::memmove(reg, iv.data(), iv.size());
  size = static_cast<std::uint8_t>(iv.size());
  return {};
}

namespace {
// shift_in: reg (m bytes) becomes the last m bytes of reg || data.
void shift_in(std::uint8_t* reg, std::size_t m, const std::uint8_t* data, std::size_t n) noexcept {
  if (n >= m) {
    std::memcpy(reg, data + n - m, m);
    return;
  }
  std::memmove(reg, reg + n, m - n);
  std::memcpy(reg + m - n, data, n);
}

void xor_bytes(std::uint8_t* out, const std::uint8_t* a, const std::uint8_t* b,
               std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::uint8_t>(a[i] ^ b[i]);
}

// cbc_blocks: n whole blocks; z > 1 chains take turns, one block at a time.
template <std::size_t N>
void cbc_blocks(BlockRef<N> c, CbcState& s, bool decrypt, std::uint8_t* out, const std::uint8_t* in,
                std::size_t n) noexcept {
  const auto run = decrypt ? c.ops->cbc_decrypt : c.ops->cbc_encrypt;
  if (s.size == N) {
    run(c.schedule, s.reg, out, in, n);
    return;
  }
  for (std::size_t i = 0; i < n; ++i) {
    run(c.schedule, s.reg + N * s.head, out + N * i, in + N * i, 1);
    s.head = static_cast<std::uint8_t>((s.head + 1) % (s.size / N));
  }
}
}  // namespace

template <std::size_t N>
Status cbc_run(BlockRef<N> c, CbcState& s, bool decrypt, std::span<std::uint8_t> out,
               std::span<const std::uint8_t> in) noexcept {
  if (Status st = check_blocks<N>(out, in); !st) return st;
  cbc_blocks(c, s, decrypt, out.data(), in.data(), in.size() / N);
  return {};
}

namespace {
// Several independent CBC chains (CBC encryption, CMAC) step in lockstep: up to many_width
// lanes each hold one message's chaining value; every step xors each lane's next block in,
// runs all lanes through one encrypt_blocks call (the kernel's parallel ECB path) and copies
// the results out; a kernel with cbc_lanes
// (AES-NI: 8 chains per group, VAES: 16, on zmm 32 for CBC-MAC) keeps the chains in registers for a
// whole segment instead, since this gathering through memory costs about as much as the cipher (0.3
// c/B for 8 AES lanes). A message is its whole input blocks, read in place, then an optional last
// block the mode builds (padding, CMAC's subkey). Lanes run in segments as long as the shortest
// lane's rest; a message that ends leaves its lane to the last lane, and the next message takes the
// free one, so the lanes stay full while messages remain, whatever their lengths. Only lengths
// decide (public).
constexpr std::size_t many_width = 32;  // the widest batch of our kernels (Kuznyechik/avx2)

template <std::size_t N>
struct Lanes {
  alignas(64) std::uint8_t chain[many_width * N];  // chaining values, then cipher inputs
  alignas(16) std::uint8_t last[many_width * N];   // each lane's built last block
  const std::uint8_t* in[many_width];              // the lane's next input block
  std::uint8_t* out[many_width];                   // where its next output goes (CBC)
  std::size_t left[many_width];                    // blocks left before a last block or the end
  bool has_last[many_width];                       // the built last block is still to come
  std::size_t job[many_width];
};

// Policy: start(j, chain, in, out, whole) sets message j's first chaining value, input and
// output and returns its whole blocks (read from in); build_last(j, block) returns whether j
// has a last block to build and builds it; finish(j, chain) takes the final chaining value;
// stores says whether each cipher output is copied out.
template <std::size_t N, class Policy>
void lockstep(BlockRef<N> c, Policy& p, std::size_t count) noexcept {
  Lanes<N> s;
  std::size_t live = 0, next = 0, used = 0;
  for (;;) {
    for (; live < many_width && next < count; ++next) {
      const std::size_t l = live;
      s.left[l] = p.start(next, s.chain + N * l, s.in[l], s.out[l]);
      s.has_last[l] = p.build_last(next, s.last + N * l);
      if (s.left[l] == 0 && !s.has_last[l]) continue;  // nothing to encrypt (empty raw CBC)
      s.job[l] = next;
      ++live;
    }
    if (live == 0) break;
    used = std::max(used, live);
    // Lanes at their last block switch to it; lanes done leave (backwards: the last lane,
    // moved into l, has been looked at).
    for (std::size_t l = live; l-- > 0;) {
      if (s.left[l] != 0) continue;
      if (s.has_last[l]) {
        s.in[l] = s.last + N * l, s.left[l] = 1, s.has_last[l] = false;
        continue;
      }
      p.finish(s.job[l], s.chain + N * l);
      --live;
      if (l == live) continue;
      copy_block<N>(s.chain + N * l, s.chain + N * live);
      copy_block<N>(s.last + N * l, s.last + N * live);
      const bool at_last = s.in[live] == s.last + N * live;
      s.in[l] = at_last ? s.last + N * l : s.in[live];
      s.out[l] = s.out[live], s.left[l] = s.left[live], s.has_last[l] = s.has_last[live],
      s.job[l] = s.job[live];
    }
    if (live == 0) continue;  // refill
    std::size_t run = s.left[0];
    for (std::size_t l = 1; l < live; ++l) run = std::min(run, s.left[l]);
    if (c.ops->cbc_lanes) {
      c.ops->cbc_lanes(c.schedule, s.chain, s.in, Policy::stores ? s.out : nullptr, live, run);
    } else {
      for (std::size_t r = 0; r < run; ++r) {
        for (std::size_t l = 0; l < live; ++l) {
          xor_block<N>(s.chain + N * l, s.chain + N * l, s.in[l]);
          s.in[l] += N;
        }
        c.ops->encrypt_blocks(c.schedule, s.chain, s.chain, live);
        if (Policy::stores)
          for (std::size_t l = 0; l < live; ++l) {
            copy_block<N>(s.out[l], s.chain + N * l);
            s.out[l] += N;
          }
      }
    }
    for (std::size_t l = 0; l < live; ++l) s.left[l] -= run;
  }
  secure_wipe(s.chain, N * used);  // only the lanes used: a call on short messages is short
  secure_wipe(s.last, N * used);
}

// pad_block: the last (partial) block of a message, from its rest bytes, padded by PKCS#7
// (CBC) or by 0x80 and zeros (CMAC).
template <std::size_t N>
void pad_block(std::uint8_t out[N], const std::uint8_t* rest, std::size_t n, bool pkcs7) noexcept {
  if (n != 0) std::memcpy(out, rest, n);  // rest is null for an empty message
  if (pkcs7) {
    std::memset(out + n, static_cast<int>(N - n), N - n);
  } else {
    out[n] = 0x80;
    std::memset(out + n + 1, 0, N - 1 - n);
  }
}

template <std::size_t N>
struct CbcMany {
  static constexpr bool stores = true;
  std::span<const BasicCbcJob<N>> jobs;
  bool pad;
  std::size_t start(std::size_t j, std::uint8_t* chain, const std::uint8_t*& in,
                    std::uint8_t*& out) const noexcept {
    copy_block<N>(chain, jobs[j].iv.data());
    in = jobs[j].in.data(), out = jobs[j].out.data();
    return jobs[j].in.size() / N;
  }
  bool build_last(std::size_t j, std::uint8_t* block) const noexcept {
    if (!pad) return false;
    const std::span<const std::uint8_t> in = jobs[j].in;
    const std::size_t whole = in.size() / N * N;
    pad_block<N>(block, in.data() + whole, in.size() - whole, true);
    return true;
  }
  void finish(std::size_t, const std::uint8_t*) const noexcept {}
};

template <std::size_t N>
struct CmacMany {
  static constexpr bool stores = false;
  std::span<std::array<std::uint8_t, N>> tags;
  std::span<const std::span<const std::uint8_t>> messages;
  std::uint8_t k1[N], k2[N];
  // The whole blocks before the last block, which is the last 1 to N bytes (or empty).
  std::size_t start(std::size_t j, std::uint8_t* chain, const std::uint8_t*& in,
                    std::uint8_t*& out) const noexcept {
    std::memset(chain, 0, N);
    in = messages[j].data(), out = nullptr;
    return messages[j].empty() ? 0 : (messages[j].size() - 1) / N;
  }
  bool build_last(std::size_t j, std::uint8_t* block) const noexcept {
    const std::span<const std::uint8_t> m = messages[j];
    const std::size_t head = m.empty() ? 0 : (m.size() - 1) / N * N, n = m.size() - head;
    if (n == N) {
      xor_block<N>(block, m.data() + head, k1);
    } else {
      pad_block<N>(block, m.data() + head, n, false);
      xor_block<N>(block, block, k2);
    }
    return true;
  }
  void finish(std::size_t j, const std::uint8_t* chain) const noexcept {
    copy_block<N>(tags[j].data(), chain);
  }
};
}  // namespace

template <std::size_t N>
Status cbc_encrypt_many(BlockRef<N> c, std::span<const BasicCbcJob<N>> jobs, bool pad) noexcept {
  for (const BasicCbcJob<N>& j : jobs) {
    if (!pad) {
      if (Status s = check_blocks<N>(j.out, j.in); !s) return s;
    } else {
      if (j.out.size() < padded_size(j.in.size(), N)) return Error::output_size_mismatch;
      if (!overlap_ok(j.out.data(), j.in.data(), j.in.size())) return Error::overlapping_buffers;
    }
  }
  CbcMany<N> p{jobs, pad};
  lockstep(c, p, jobs.size());
  return {};
}

// pad_encrypt: ECB (cbc == nullptr) or CBC with PKCS#7 padding.
template <std::size_t N>
Result<std::size_t> pad_encrypt(BlockRef<N> c, CbcState* cbc, std::span<std::uint8_t> out,
                                std::span<const std::uint8_t> in) noexcept {
  const std::size_t total = padded_size(in.size(), N);
  if (out.size() < total) return Error::output_size_mismatch;
  if (!overlap_ok(out.data(), in.data(), in.size())) return Error::overlapping_buffers;
  const std::size_t whole = in.size() / N * N;
  std::uint8_t last[N];
  const std::size_t rest = in.size() - whole;
  if (rest != 0)
    std::memcpy(last, in.data() + whole, rest);  // before an in-place bulk call overwrites it
  std::memset(last + rest, static_cast<int>(N - rest), N - rest);
  if (cbc) {
    cbc_blocks(c, *cbc, false, out.data(), in.data(), whole / N);
    cbc_blocks(c, *cbc, false, out.data() + whole, last, 1);
  } else {
    c.ops->encrypt_blocks(c.schedule, out.data(), in.data(), whole / N);
    c.ops->encrypt_blocks(c.schedule, out.data() + whole, last, 1);
  }
  secure_wipe(last, sizeof last);
  return total;
}

// pad_decrypt: decrypts everything, then checks the padding without branching on its bytes;
// the verdict comes out as a mask too (the constant-time test sees no secret branch).
template <std::size_t N>
Status pad_decrypt(BlockRef<N> c, CbcState* cbc, std::span<std::uint8_t> out,
                   std::span<const std::uint8_t> in, std::size_t& length) noexcept {
  length = 0;
  if (in.empty() || in.size() % N != 0) return Error::invalid_padding;
  if (Status s = check_same(out, in); !s) return s;
  const std::size_t n = in.size() / N;
  if (cbc)
    cbc_blocks(c, *cbc, true, out.data(), in.data(), n);
  else
    c.ops->decrypt_blocks(c.schedule, out.data(), in.data(), n);
  constexpr std::uint32_t block = N;
  const std::uint8_t* last = out.data() + in.size() - N;
  const std::uint32_t pad = last[N - 1];
  // bad: bit 0 set if pad is 0 or above N, or a padding byte differs from pad.
  std::uint32_t bad = ((pad - 1) >> 8) | ((block - pad) >> 8);
  for (std::uint32_t i = 0; i < block; ++i) {
    const std::uint32_t in_pad = ((i - (block - pad)) >> 31) ^ 1;  // 1 when i >= N - pad
    const std::uint32_t differs = ((last[i] ^ pad) + 0xffu) >> 8;  // 1 when last[i] != pad
    bad |= in_pad & differs;
  }
  const std::uint32_t keep = (bad & 1) - 1;  // all ones when the padding is good
  for (std::uint8_t& b : out) b &= static_cast<std::uint8_t>(keep);
  length = (in.size() - pad) & keep;
  return static_cast<Error>(static_cast<std::uint8_t>(~keep) &
                            static_cast<std::uint8_t>(Error::invalid_padding));
}

namespace {
// add_be: the N-byte big-endian counter c plus k, mod 2^(8N).
template <std::size_t N>
void add_be(std::uint8_t c[N], std::uint64_t k) noexcept {
  std::uint64_t carry = k;
  for (int i = static_cast<int>(N) - 1; i >= 0 && carry != 0; --i) {
    const std::uint64_t v = c[i] + (carry & 0xff);
    c[i] = static_cast<std::uint8_t>(v);
    carry = (carry >> 8) + (v >> 8);
  }
}
}  // namespace

template <std::size_t N>
void ctr_start(BlockRef<N> c, CtrState& s, std::span<const std::uint8_t, N> iv,
               std::uint64_t offset) noexcept {
  copy_block<N>(s.iv, iv.data());  // iv may be s.iv (seek)
  if (offset < N) {
    copy_block<N>(s.counter, s.iv);
  } else {
    std::uint8_t counter[N];
    copy_block<N>(counter, s.iv);
    add_be<N>(counter, offset / N);
    copy_block<N>(s.counter, counter);
  }
  s.used = N;
  if (offset % N != 0) {
    std::memset(s.keystream, 0, N);
    c.ops->ctr_xor(c.schedule, s.counter, s.keystream, s.keystream, 1);
    s.used = static_cast<std::uint8_t>(offset % N);
  }
}

template <std::size_t N>
Status ctr_run(BlockRef<N> c, CtrState& s, std::span<std::uint8_t> out,
               std::span<const std::uint8_t> in) noexcept {
  if (Status st = check_same(out, in); !st) return st;
  std::uint8_t* o = out.data();
  const std::uint8_t* p = in.data();
  std::size_t n = in.size();
  for (; n > 0 && s.used < N; --n) *o++ = *p++ ^ s.keystream[s.used++];
  if (n >= N) {
    c.ops->ctr_xor(c.schedule, s.counter, o, p, n / N);
    o += n / N * N, p += n / N * N, n %= N;
  }
  if (n > 0) {
    std::memset(s.keystream, 0, N);
    c.ops->ctr_xor(c.schedule, s.counter, s.keystream, s.keystream, 1);
    s.used = 0;
    for (; n > 0; --n) *o++ = *p++ ^ s.keystream[s.used++];
  }
  return {};
}

// cfb_run: segments of s bytes; R shifts by s and takes in each segment's ciphertext. Whole
// N-byte segments go through the cipher in batches: encryption z blocks at a time (their
// inputs are all in R), decryption up to 32 (the ciphertext is known in advance).
template <std::size_t N>
Status cfb_run(BlockRef<N> c, CfbState& s, bool decrypt, std::span<std::uint8_t> out,
               std::span<const std::uint8_t> in) noexcept {
  if (Status st = check_same(out, in); !st) return st;
  std::uint8_t* o = out.data();
  const std::uint8_t* p = in.data();
  std::size_t n = in.size();
  alignas(16) std::uint8_t batch[32 * N];
  while (n > 0) {
    if (s.used == s.s && s.s == N && n >= N) {
      std::size_t k = decrypt ? n / N : s.size / N;
      k = std::min({k, n / N, std::size_t{32}});
      // Block i's cipher input is block i of R || ciphertext.
      const std::size_t from_reg = std::min<std::size_t>(N * k, s.size);
      std::memcpy(batch, s.reg, from_reg);
      std::memcpy(batch + from_reg, p, N * k - from_reg);
      c.ops->encrypt_blocks(c.schedule, batch, batch, k);
      if (decrypt) shift_in(s.reg, s.size, p, N * k);  // before an in-place xor overwrites p
      xor_bytes(o, p, batch, N * k);
      if (!decrypt) shift_in(s.reg, s.size, o, N * k);
      o += N * k, p += N * k, n -= N * k;
      continue;
    }
    if (s.used == s.s) {
      c.ops->encrypt_blocks(c.schedule, s.keystream, s.reg, 1);
      s.used = 0;
    }
    for (; n > 0 && s.used < s.s; --n, ++o, ++p) {
      const std::uint8_t x = *p;
      *o = static_cast<std::uint8_t>(x ^ s.keystream[s.used]);
      s.segment[s.used++] = decrypt ? x : *o;
    }
    if (s.used == s.s) shift_in(s.reg, s.size, s.segment, s.s);
  }
  secure_wipe(batch, sizeof batch);
  return {};
}

// ofb_run: the keystream is R itself after each refill, R <- E(R) for all z blocks at once.
template <std::size_t N>
Status ofb_run(BlockRef<N> c, OfbState& s, std::span<std::uint8_t> out,
               std::span<const std::uint8_t> in) noexcept {
  if (Status st = check_same(out, in); !st) return st;
  std::uint8_t* o = out.data();
  const std::uint8_t* p = in.data();
  std::size_t n = in.size();
  while (n > 0) {
    if (s.used == s.size) {
      c.ops->encrypt_blocks(c.schedule, s.reg, s.reg, s.size / N);
      s.used = 0;
    }
    const std::size_t take = std::min<std::size_t>(n, s.size - s.used);
    xor_bytes(o, p, s.reg + s.used, take);
    s.used = static_cast<std::uint8_t>(s.used + take);
    o += take, p += take, n -= take;
  }
  return {};
}

// cmac_double: multiplication by x in GF(2^(8N)) for CMAC subkeys, without branches: the
// reduction x^128 = x^7 + x^2 + x + 1 (0x87) or x^64 = x^4 + x^3 + x + 1 (0x1b).
template <std::size_t N>
void cmac_double(std::uint8_t out[N], const std::uint8_t in[N]) noexcept {
  constexpr std::uint8_t poly = N == 16 ? 0x87 : 0x1b;
  const std::uint8_t reduce = static_cast<std::uint8_t>(poly & -(in[0] >> 7));
  for (std::size_t i = 0; i < N - 1; ++i)
    out[i] = static_cast<std::uint8_t>((in[i] << 1) | (in[i + 1] >> 7));
  out[N - 1] = static_cast<std::uint8_t>((in[N - 1] << 1) ^ reduce);
}

template <std::size_t N>
void cmac_start(BlockRef<N> c, CmacState& s) noexcept {
  std::uint8_t l[N] = {};
  c.ops->encrypt_blocks(c.schedule, l, l, 1);
  cmac_double<N>(s.k1, l);
  cmac_double<N>(s.k2, s.k1);
  secure_wipe(l, sizeof l);
  std::memset(s.state, 0, N);
  s.used = 0;
}

template <std::size_t N>
Status cmac_many(BlockRef<N> c, std::span<std::array<std::uint8_t, N>> tags,
                 std::span<const std::span<const std::uint8_t>> messages) noexcept {
  if (tags.size() != messages.size()) return Error::output_size_mismatch;
  CmacState keys;
  cmac_start(c, keys);
  CmacMany<N> p{tags, messages, {}, {}};
  std::memcpy(p.k1, keys.k1, N);
  std::memcpy(p.k2, keys.k2, N);
  lockstep(c, p, messages.size());
  secure_wipe(&keys, sizeof keys);
  secure_wipe(&p, sizeof p);
  return {};
}

template <std::size_t N>
void cmac_update(BlockRef<N> c, CmacState& s, std::span<const std::uint8_t> data) noexcept {
  const std::uint8_t* p = data.data();
  std::size_t n = data.size();
  if (n == 0) return;
  if (s.used > 0) {
    const std::size_t take = n < N - s.used ? n : N - s.used;
    std::memcpy(s.buffer + s.used, p, take);
    s.used = static_cast<std::uint8_t>(s.used + take);
    p += take, n -= take;
    if (n == 0) return;  // a full buffer waits: it may be the last block
    c.ops->cbc_mac(c.schedule, s.state, s.buffer, 1);
    s.used = 0;
  }
  const std::size_t blocks = (n - 1) / N;  // keep at least one byte for the buffer
  c.ops->cbc_mac(c.schedule, s.state, p, blocks);
  p += N * blocks, n -= N * blocks;
  std::memcpy(s.buffer, p, n);
  s.used = static_cast<std::uint8_t>(n);
}

template <std::size_t N>
void cmac_finish(BlockRef<N> c, CmacState& s, std::span<std::uint8_t, N> tag) noexcept {
  const std::uint8_t* k = s.k1;
  if (s.used < N) {
    s.buffer[s.used] = 0x80;
    std::memset(s.buffer + s.used + 1, 0, N - 1 - s.used);
    k = s.k2;
  }
  for (std::size_t i = 0; i < N; ++i) s.buffer[i] ^= k[i];
  c.ops->cbc_mac(c.schedule, s.state, s.buffer, 1);
  std::memcpy(tag.data(), s.state, N);
  std::memset(s.state, 0, N);
  secure_wipe(s.buffer, N);
  s.used = 0;
}

template <std::size_t N>
Status cmac_compare(std::span<std::uint8_t, N> full, std::span<const std::uint8_t> tag) noexcept {
  if (tag.size() < N / 2 || tag.size() > N) {
    secure_wipe(full);
    return Error::invalid_tag_size;
  }
  const bool same = ct_equal(full.first(tag.size()), tag);
  secure_wipe(full);
  // The verdict from a mask, not a branch (the constant-time test sees no secret branch).
  const auto fail = static_cast<std::uint8_t>(static_cast<unsigned>(same) - 1u);
  return static_cast<Error>(fail & static_cast<std::uint8_t>(Error::authentication_failed));
}

// The instantiations for 64- and 128-bit blocks.
#define AXIOM_MODES_FOR(N)                                                                       \
  template Status set_register<N>(std::uint8_t*, std::uint8_t&,                                  \
                                  std::span<const std::uint8_t>) noexcept;                       \
  template Status cbc_run<N>(BlockRef<N>, CbcState&, bool, std::span<std::uint8_t>,              \
                             std::span<const std::uint8_t>) noexcept;                            \
  template Status cbc_encrypt_many<N>(BlockRef<N>, std::span<const BasicCbcJob<N>>,              \
                                      bool) noexcept;                                            \
  template Result<std::size_t> pad_encrypt<N>(BlockRef<N>, CbcState*, std::span<std::uint8_t>,   \
                                              std::span<const std::uint8_t>) noexcept;           \
  template Status pad_decrypt<N>(BlockRef<N>, CbcState*, std::span<std::uint8_t>,                \
                                 std::span<const std::uint8_t>, std::size_t&) noexcept;          \
  template Status cfb_run<N>(BlockRef<N>, CfbState&, bool, std::span<std::uint8_t>,              \
                             std::span<const std::uint8_t>) noexcept;                            \
  template Status ofb_run<N>(BlockRef<N>, OfbState&, std::span<std::uint8_t>,                    \
                             std::span<const std::uint8_t>) noexcept;                            \
  template void ctr_start<N>(BlockRef<N>, CtrState&, std::span<const std::uint8_t, N>,           \
                             std::uint64_t) noexcept;                                            \
  template Status ctr_run<N>(BlockRef<N>, CtrState&, std::span<std::uint8_t>,                    \
                             std::span<const std::uint8_t>) noexcept;                            \
  template void cmac_start<N>(BlockRef<N>, CmacState&) noexcept;                                 \
  template Status cmac_many<N>(BlockRef<N>, std::span<std::array<std::uint8_t, N>>,              \
                               std::span<const std::span<const std::uint8_t>>) noexcept;         \
  template void cmac_update<N>(BlockRef<N>, CmacState&, std::span<const std::uint8_t>) noexcept; \
  template void cmac_finish<N>(BlockRef<N>, CmacState&, std::span<std::uint8_t, N>) noexcept;    \
  template void cmac_double<N>(std::uint8_t*, const std::uint8_t*) noexcept;                     \
  template Status cmac_compare<N>(std::span<std::uint8_t, N>,                                    \
                                  std::span<const std::uint8_t>) noexcept;
AXIOM_MODES_FOR(8)
AXIOM_MODES_FOR(16)
#undef AXIOM_MODES_FOR

}  // namespace axiom::detail
