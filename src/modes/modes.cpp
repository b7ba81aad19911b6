// ECB, CBC, CFB, OFB, CTR and CMAC, written once over any 128-bit block cipher kernel (block128.hpp).
// Buffering, padding, tails and argument checks live here; the kernels see whole blocks.
#include <algorithm>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>  // baseline on x86-64
#endif

#include "axiom/bytes.hpp"
#include "axiom/modes.hpp"
#include "core/wipe.hpp"
#include "modes/block128.hpp"
#include "modes/mode_util.hpp"

namespace axiom::detail {

void wipe_state(void* p, std::size_t n) noexcept { secure_wipe(p, n); }

namespace {
// copy16 copies a block with one 16-byte load and store. The kernels load a counter or IV as
// one 16-byte value, which two 8-byte stores (the compiler's choice for a 16-byte memcpy) cannot
// forward to: every short call would wait for those stores to retire.
void copy16(std::uint8_t* dst, const std::uint8_t* src) noexcept {
#if defined(__SSE2__)
  _mm_storeu_si128(reinterpret_cast<__m128i*>(dst), _mm_loadu_si128(reinterpret_cast<const __m128i*>(src)));
#else
  std::memcpy(dst, src, 16);
#endif
}

// xor16: dst = a ^ b for one block (dst may be a or b).
void xor16(std::uint8_t* dst, const std::uint8_t* a, const std::uint8_t* b) noexcept {
#if defined(__SSE2__)
  const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a));
  const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(dst), _mm_xor_si128(x, y));
#else
  for (int i = 0; i < 16; ++i) dst[i] = static_cast<std::uint8_t>(a[i] ^ b[i]);
#endif
}
}  // namespace

Status set_register(std::uint8_t reg[max_register], std::uint8_t& size,
                    std::span<const std::uint8_t> iv) noexcept {
  if (iv.empty() || iv.size() > max_register || iv.size() % 16 != 0) return Error::invalid_nonce_size;
  if (iv.size() == 16)
    copy16(reg, iv.data());  // the common IV, without a call to memmove
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

void xor_bytes(std::uint8_t* out, const std::uint8_t* a, const std::uint8_t* b, std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::uint8_t>(a[i] ^ b[i]);
}

// cbc_blocks: n whole blocks; z > 1 chains take turns, one block at a time.
void cbc_blocks(BlockCipherRef c, CbcState& s, bool decrypt, std::uint8_t* out, const std::uint8_t* in,
                std::size_t n) noexcept {
  const auto run = decrypt ? c.ops->cbc_decrypt : c.ops->cbc_encrypt;
  if (s.size == 16) {
    run(c.schedule, s.reg, out, in, n);
    return;
  }
  for (std::size_t i = 0; i < n; ++i) {
    run(c.schedule, s.reg + 16 * s.head, out + 16 * i, in + 16 * i, 1);
    s.head = static_cast<std::uint8_t>((s.head + 1) % (s.size / 16));
  }
}
}  // namespace

Status cbc_run(BlockCipherRef c, CbcState& s, bool decrypt, std::span<std::uint8_t> out,
               std::span<const std::uint8_t> in) noexcept {
  if (Status st = check_blocks(out, in); !st) return st;
  cbc_blocks(c, s, decrypt, out.data(), in.data(), in.size() / 16);
  return {};
}

namespace {
// Several independent CBC chains (CBC encryption, CMAC) step in lockstep: up to many_width
// lanes each hold one message's chaining value; every step xors each lane's next block in,
// runs all lanes through one encrypt_blocks call (the kernel's parallel ECB path) and copies
// the results out; a kernel with cbc_lanes
// (AES-NI: 8 chains per group, VAES: 16, on zmm 32 for CBC-MAC) keeps the chains in registers for a whole segment instead, since this gathering
// through memory costs about as much as the cipher (0.3 c/B for 8 AES lanes). A message is its whole
// input blocks, read in place, then an optional last block the mode builds (padding, CMAC's
// subkey). Lanes run in segments as long as the shortest lane's rest; a message that ends
// leaves its lane to the last lane, and the next message takes the free one, so the lanes
// stay full while messages remain, whatever their lengths. Only lengths decide (public).
constexpr std::size_t many_width = 32;  // the widest batch of our kernels (Kuznyechik/avx2)

struct Lanes {
  alignas(64) std::uint8_t chain[many_width * 16];  // chaining values, then cipher inputs
  alignas(16) std::uint8_t last[many_width * 16];   // each lane's built last block
  const std::uint8_t* in[many_width];               // the lane's next input block
  std::uint8_t* out[many_width];                    // where its next output goes (CBC)
  std::size_t left[many_width];                     // blocks left before a last block or the end
  bool has_last[many_width];                        // the built last block is still to come
  std::size_t job[many_width];
};

// Policy: start(j, chain, in, out, whole) sets message j's first chaining value, input and
// output and returns its whole blocks (read from in); build_last(j, block) returns whether j
// has a last block to build and builds it; finish(j, chain) takes the final chaining value;
// stores says whether each cipher output is copied out.
template <class Policy>
void lockstep(BlockCipherRef c, Policy& p, std::size_t count) noexcept {
  Lanes s;
  std::size_t live = 0, next = 0, used = 0;
  for (;;) {
    for (; live < many_width && next < count; ++next) {
      const std::size_t l = live;
      s.left[l] = p.start(next, s.chain + 16 * l, s.in[l], s.out[l]);
      s.has_last[l] = p.build_last(next, s.last + 16 * l);
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
        s.in[l] = s.last + 16 * l, s.left[l] = 1, s.has_last[l] = false;
        continue;
      }
      p.finish(s.job[l], s.chain + 16 * l);
      --live;
      if (l == live) continue;
      copy16(s.chain + 16 * l, s.chain + 16 * live);
      copy16(s.last + 16 * l, s.last + 16 * live);
      const bool at_last = s.in[live] == s.last + 16 * live;
      s.in[l] = at_last ? s.last + 16 * l : s.in[live];
      s.out[l] = s.out[live], s.left[l] = s.left[live], s.has_last[l] = s.has_last[live], s.job[l] = s.job[live];
    }
    if (live == 0) continue;  // refill
    std::size_t run = s.left[0];
    for (std::size_t l = 1; l < live; ++l) run = std::min(run, s.left[l]);
    if (c.ops->cbc_lanes) {
      c.ops->cbc_lanes(c.schedule, s.chain, s.in, Policy::stores ? s.out : nullptr, live, run);
    } else {
      for (std::size_t r = 0; r < run; ++r) {
        for (std::size_t l = 0; l < live; ++l) {
          xor16(s.chain + 16 * l, s.chain + 16 * l, s.in[l]);
          s.in[l] += 16;
        }
        c.ops->encrypt_blocks(c.schedule, s.chain, s.chain, live);
        if (Policy::stores)
          for (std::size_t l = 0; l < live; ++l) {
            copy16(s.out[l], s.chain + 16 * l);
            s.out[l] += 16;
          }
      }
    }
    for (std::size_t l = 0; l < live; ++l) s.left[l] -= run;
  }
  secure_wipe(s.chain, 16 * used);  // only the lanes used: a call on short messages is short
  secure_wipe(s.last, 16 * used);
}

// pad_block: the last (partial) block of a message, from its rest bytes, padded by PKCS#7
// (CBC) or by 0x80 and zeros (CMAC).
void pad_block(std::uint8_t out[16], const std::uint8_t* rest, std::size_t n, bool pkcs7) noexcept {
  if (n != 0) std::memcpy(out, rest, n);  // rest is null for an empty message
  if (pkcs7) {
    std::memset(out + n, static_cast<int>(16 - n), 16 - n);
  } else {
    out[n] = 0x80;
    std::memset(out + n + 1, 0, 15 - n);
  }
}

struct CbcMany {
  static constexpr bool stores = true;
  std::span<const CbcJob> jobs;
  bool pad;
  std::size_t start(std::size_t j, std::uint8_t* chain, const std::uint8_t*& in, std::uint8_t*& out) const noexcept {
    copy16(chain, jobs[j].iv.data());
    in = jobs[j].in.data(), out = jobs[j].out.data();
    return jobs[j].in.size() / 16;
  }
  bool build_last(std::size_t j, std::uint8_t* block) const noexcept {
    if (!pad) return false;
    const std::span<const std::uint8_t> in = jobs[j].in;
    const std::size_t whole = in.size() / 16 * 16;
    pad_block(block, in.data() + whole, in.size() - whole, true);
    return true;
  }
  void finish(std::size_t, const std::uint8_t*) const noexcept {}
};

struct CmacMany {
  static constexpr bool stores = false;
  std::span<std::array<std::uint8_t, 16>> tags;
  std::span<const std::span<const std::uint8_t>> messages;
  std::uint8_t k1[16], k2[16];
  // The whole blocks before the last block, which is the last 1 to 16 bytes (or empty).
  std::size_t start(std::size_t j, std::uint8_t* chain, const std::uint8_t*& in, std::uint8_t*& out) const noexcept {
    std::memset(chain, 0, 16);
    in = messages[j].data(), out = nullptr;
    return messages[j].empty() ? 0 : (messages[j].size() - 1) / 16;
  }
  bool build_last(std::size_t j, std::uint8_t* block) const noexcept {
    const std::span<const std::uint8_t> m = messages[j];
    const std::size_t head = m.empty() ? 0 : (m.size() - 1) / 16 * 16, n = m.size() - head;
    if (n == 16) {
      xor16(block, m.data() + head, k1);
    } else {
      pad_block(block, m.data() + head, n, false);
      xor16(block, block, k2);
    }
    return true;
  }
  void finish(std::size_t j, const std::uint8_t* chain) const noexcept { copy16(tags[j].data(), chain); }
};
}  // namespace

Status cbc_encrypt_many(BlockCipherRef c, std::span<const CbcJob> jobs, bool pad) noexcept {
  for (const CbcJob& j : jobs) {
    if (!pad) {
      if (Status s = check_blocks(j.out, j.in); !s) return s;
    } else {
      if (j.out.size() < padded_size(j.in.size())) return Error::output_size_mismatch;
      if (!overlap_ok(j.out.data(), j.in.data(), j.in.size())) return Error::overlapping_buffers;
    }
  }
  CbcMany p{jobs, pad};
  lockstep(c, p, jobs.size());
  return {};
}

// pad_encrypt: ECB (cbc == nullptr) or CBC with PKCS#7 padding.
Result<std::size_t> pad_encrypt(BlockCipherRef c, CbcState* cbc, std::span<std::uint8_t> out,
                                std::span<const std::uint8_t> in) noexcept {
  const std::size_t total = padded_size(in.size());
  if (out.size() < total) return Error::output_size_mismatch;
  if (!overlap_ok(out.data(), in.data(), in.size())) return Error::overlapping_buffers;
  const std::size_t whole = in.size() / 16 * 16;
  std::uint8_t last[16];
  const std::size_t rest = in.size() - whole;
  if (rest != 0) std::memcpy(last, in.data() + whole, rest);  // before an in-place bulk call overwrites it
  std::memset(last + rest, static_cast<int>(16 - rest), 16 - rest);
  if (cbc) {
    cbc_blocks(c, *cbc, false, out.data(), in.data(), whole / 16);
    cbc_blocks(c, *cbc, false, out.data() + whole, last, 1);
  } else {
    c.ops->encrypt_blocks(c.schedule, out.data(), in.data(), whole / 16);
    c.ops->encrypt_blocks(c.schedule, out.data() + whole, last, 1);
  }
  secure_wipe(last, sizeof last);
  return total;
}

// pad_decrypt: decrypts everything, then checks the padding without branching on its bytes;
// the verdict comes out as a mask too (the constant-time test sees no secret branch).
Status pad_decrypt(BlockCipherRef c, CbcState* cbc, std::span<std::uint8_t> out,
                   std::span<const std::uint8_t> in, std::size_t& length) noexcept {
  length = 0;
  if (in.empty() || in.size() % 16 != 0) return Error::invalid_padding;
  if (Status s = check_same(out, in); !s) return s;
  const std::size_t n = in.size() / 16;
  if (cbc)
    cbc_blocks(c, *cbc, true, out.data(), in.data(), n);
  else
    c.ops->decrypt_blocks(c.schedule, out.data(), in.data(), n);
  const std::uint8_t* last = out.data() + in.size() - 16;
  const std::uint32_t pad = last[15];
  // bad: bit 0 set if pad is 0 or above 16, or a padding byte differs from pad.
  std::uint32_t bad = ((pad - 1) >> 8) | ((16 - pad) >> 8);
  for (std::uint32_t i = 0; i < 16; ++i) {
    const std::uint32_t in_pad = ((i - (16 - pad)) >> 31) ^ 1;  // 1 when i >= 16 - pad
    const std::uint32_t differs = ((last[i] ^ pad) + 0xffu) >> 8;  // 1 when last[i] != pad
    bad |= in_pad & differs;
  }
  const std::uint32_t keep = (bad & 1) - 1;  // all ones when the padding is good
  for (std::uint8_t& b : out) b &= static_cast<std::uint8_t>(keep);
  length = (in.size() - pad) & keep;
  return static_cast<Error>(static_cast<std::uint8_t>(~keep) & static_cast<std::uint8_t>(Error::invalid_padding));
}

namespace {
void add_be128(std::uint8_t c[16], std::uint64_t k) noexcept {
  std::uint64_t carry = k;
  for (int i = 15; i >= 0 && carry != 0; --i) {
    const std::uint64_t v = c[i] + (carry & 0xff);
    c[i] = static_cast<std::uint8_t>(v);
    carry = (carry >> 8) + (v >> 8);
  }
}
}  // namespace

void ctr_start(BlockCipherRef c, CtrState& s, std::span<const std::uint8_t, 16> iv,
               std::uint64_t offset) noexcept {
  copy16(s.iv, iv.data());  // iv may be s.iv (seek)
  if (offset < 16) {
    copy16(s.counter, s.iv);
  } else {
    std::uint8_t counter[16];
    copy16(counter, s.iv);
    add_be128(counter, offset / 16);
    copy16(s.counter, counter);
  }
  s.used = 16;
  if (offset % 16 != 0) {
    std::memset(s.keystream, 0, 16);
    c.ops->ctr_xor(c.schedule, s.counter, s.keystream, s.keystream, 1);
    s.used = static_cast<std::uint8_t>(offset % 16);
  }
}

Status ctr_run(BlockCipherRef c, CtrState& s, std::span<std::uint8_t> out,
               std::span<const std::uint8_t> in) noexcept {
  if (Status st = check_same(out, in); !st) return st;
  std::uint8_t* o = out.data();
  const std::uint8_t* p = in.data();
  std::size_t n = in.size();
  for (; n > 0 && s.used < 16; --n) *o++ = *p++ ^ s.keystream[s.used++];
  if (n >= 16) {
    c.ops->ctr_xor(c.schedule, s.counter, o, p, n / 16);
    o += n / 16 * 16, p += n / 16 * 16, n %= 16;
  }
  if (n > 0) {
    std::memset(s.keystream, 0, 16);
    c.ops->ctr_xor(c.schedule, s.counter, s.keystream, s.keystream, 1);
    s.used = 0;
    for (; n > 0; --n) *o++ = *p++ ^ s.keystream[s.used++];
  }
  return {};
}

// cfb_run: segments of s bytes; R shifts by s and takes in each segment's ciphertext. Whole
// 16-byte segments go through the cipher in batches: encryption z blocks at a time (their
// inputs are all in R), decryption up to 32 (the ciphertext is known in advance).
Status cfb_run(BlockCipherRef c, CfbState& s, bool decrypt, std::span<std::uint8_t> out,
               std::span<const std::uint8_t> in) noexcept {
  if (Status st = check_same(out, in); !st) return st;
  std::uint8_t* o = out.data();
  const std::uint8_t* p = in.data();
  std::size_t n = in.size();
  alignas(16) std::uint8_t batch[32 * 16];
  while (n > 0) {
    if (s.used == s.s && s.s == 16 && n >= 16) {
      std::size_t k = decrypt ? n / 16 : s.size / 16u;
      k = std::min({k, n / 16, std::size_t{32}});
      // Block i's cipher input is block i of R || ciphertext.
      const std::size_t from_reg = std::min<std::size_t>(16 * k, s.size);
      std::memcpy(batch, s.reg, from_reg);
      std::memcpy(batch + from_reg, p, 16 * k - from_reg);
      c.ops->encrypt_blocks(c.schedule, batch, batch, k);
      if (decrypt) shift_in(s.reg, s.size, p, 16 * k);  // before an in-place xor overwrites p
      xor_bytes(o, p, batch, 16 * k);
      if (!decrypt) shift_in(s.reg, s.size, o, 16 * k);
      o += 16 * k, p += 16 * k, n -= 16 * k;
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
Status ofb_run(BlockCipherRef c, OfbState& s, std::span<std::uint8_t> out,
               std::span<const std::uint8_t> in) noexcept {
  if (Status st = check_same(out, in); !st) return st;
  std::uint8_t* o = out.data();
  const std::uint8_t* p = in.data();
  std::size_t n = in.size();
  while (n > 0) {
    if (s.used == s.size) {
      c.ops->encrypt_blocks(c.schedule, s.reg, s.reg, s.size / 16u);
      s.used = 0;
    }
    const std::size_t take = std::min<std::size_t>(n, s.size - s.used);
    xor_bytes(o, p, s.reg + s.used, take);
    s.used = static_cast<std::uint8_t>(s.used + take);
    o += take, p += take, n -= take;
  }
  return {};
}

namespace {
// double_block: multiplication by x in GF(2^128) for CMAC subkeys, without branches.
void double_block(std::uint8_t out[16], const std::uint8_t in[16]) noexcept {
  const std::uint8_t reduce = static_cast<std::uint8_t>(0x87 & -(in[0] >> 7));
  for (int i = 0; i < 15; ++i) out[i] = static_cast<std::uint8_t>((in[i] << 1) | (in[i + 1] >> 7));
  out[15] = static_cast<std::uint8_t>((in[15] << 1) ^ reduce);
}
}  // namespace

void cmac_start(BlockCipherRef c, CmacState& s) noexcept {
  std::uint8_t l[16] = {};
  c.ops->encrypt_blocks(c.schedule, l, l, 1);
  double_block(s.k1, l);
  double_block(s.k2, s.k1);
  secure_wipe(l, sizeof l);
  std::memset(s.state, 0, 16);
  s.used = 0;
}

Status cmac_many(BlockCipherRef c, std::span<std::array<std::uint8_t, 16>> tags,
                 std::span<const std::span<const std::uint8_t>> messages) noexcept {
  if (tags.size() != messages.size()) return Error::output_size_mismatch;
  CmacState keys;
  cmac_start(c, keys);
  CmacMany p{tags, messages, {}, {}};
  std::memcpy(p.k1, keys.k1, 16);
  std::memcpy(p.k2, keys.k2, 16);
  lockstep(c, p, messages.size());
  secure_wipe(&keys, sizeof keys);
  secure_wipe(&p, sizeof p);
  return {};
}

void cmac_update(BlockCipherRef c, CmacState& s, std::span<const std::uint8_t> data) noexcept {
  const std::uint8_t* p = data.data();
  std::size_t n = data.size();
  if (n == 0) return;
  if (s.used > 0) {
    const std::size_t take = n < 16u - s.used ? n : 16u - s.used;
    std::memcpy(s.buffer + s.used, p, take);
    s.used = static_cast<std::uint8_t>(s.used + take);
    p += take, n -= take;
    if (n == 0) return;  // a full buffer waits: it may be the last block
    c.ops->cbc_mac(c.schedule, s.state, s.buffer, 1);
    s.used = 0;
  }
  const std::size_t blocks = (n - 1) / 16;  // keep at least one byte for the buffer
  c.ops->cbc_mac(c.schedule, s.state, p, blocks);
  p += 16 * blocks, n -= 16 * blocks;
  std::memcpy(s.buffer, p, n);
  s.used = static_cast<std::uint8_t>(n);
}

void cmac_finish(BlockCipherRef c, CmacState& s, std::span<std::uint8_t, 16> tag) noexcept {
  const std::uint8_t* k = s.k1;
  if (s.used < 16) {
    s.buffer[s.used] = 0x80;
    std::memset(s.buffer + s.used + 1, 0, 15u - s.used);
    k = s.k2;
  }
  for (int i = 0; i < 16; ++i) s.buffer[i] ^= k[i];
  c.ops->cbc_mac(c.schedule, s.state, s.buffer, 1);
  std::memcpy(tag.data(), s.state, 16);
  std::memset(s.state, 0, 16);
  secure_wipe(s.buffer, 16);
  s.used = 0;
}

Status cmac_compare(std::span<std::uint8_t, 16> full, std::span<const std::uint8_t> tag) noexcept {
  if (tag.size() < 8 || tag.size() > 16) {
    secure_wipe(full);
    return Error::invalid_tag_size;
  }
  const bool same = ct_equal(full.first(tag.size()), tag);
  secure_wipe(full);
  // The verdict from a mask, not a branch (the constant-time test sees no secret branch).
  const auto fail = static_cast<std::uint8_t>(static_cast<unsigned>(same) - 1u);
  return static_cast<Error>(fail & static_cast<std::uint8_t>(Error::authentication_failed));
}

}  // namespace axiom::detail
