// GCM (SP 800-38D) over any 128-bit block cipher kernel and any GHASH kernel: argument
// checks, J0, the 32-bit counter (inc32), the length block and the tag. Long messages go in
// chunks so that GHASH reads what CTR just wrote while it is still in the L1 cache.
#include <cstring>

#include "axiom/bytes.hpp"
#include "axiom/gcm.hpp"
#include "core/aead_stream.hpp"
#include "core/verdict.hpp"
#include "core/wipe.hpp"
#include "gcm/gcm_kernel.hpp"
#include "ghash/ghash_kernel.hpp"
#include "axiom/block_cipher.hpp"
#include "modes/mode_util.hpp"

namespace axiom::detail {

namespace {
#if AXIOM_X86_64
constexpr const GcmFusedKernel* fused_list[] = {&gcm_vaes_avx512, &gcm_vaes_avx2};
#elif AXIOM_AARCH64
constexpr const GcmFusedKernel* fused_list[] = {&gcm_armv8};
#endif

constexpr std::size_t chunk_blocks = 256;  // 4 KiB

// fused_for: the fused kernel for k's pair of kernels, if there is one and the counter is
// public (a 12-byte nonce; a secret J0 goes through gctr's ECB path).
const GcmFusedKernel* fused_for(const GcmKey& k, std::size_t nonce_size) noexcept {
  if (nonce_size != 12) return nullptr;
  for (const GcmFusedKernel* f : gcm_kernels())
    if (f->cipher == k.cipher.ops && f->ghash == k.ghash) return f;
  return nullptr;
}

// ghash_bytes folds data into y, the last partial block padded with zeros.
void ghash_bytes(const GcmKey& k, std::uint8_t y[16], const std::uint8_t* p,
                 std::size_t n) noexcept {
  if (n >= 16) k.ghash->blocks(*k.hash_key, y, p, n / 16);
  if (n % 16 != 0) {
    std::uint8_t last[16] = {};
    std::memcpy(last, p + n / 16 * 16, n % 16);
    k.ghash->blocks(*k.hash_key, y, last, 1);
    wipe(last);
  }
}

// put_be64 writes v big-endian with one 8-byte store (the fused kernels load the lengths
// block in 8-byte halves, which store forwarding serves only from whole stores).
void put_be64(std::uint8_t* p, std::uint64_t v) noexcept {
  std::uint8_t b[8];
  for (int i = 7; i >= 0; --i, v >>= 8) b[i] = static_cast<std::uint8_t>(v);
  std::memcpy(p, b, 8);
}

// make_j0: nonce || 0^31 || 1 for 12-byte nonces, else GHASH(nonce || 0-pad || [0]64 || [bits]64).
void make_j0(const GcmKey& k, std::uint8_t j0[16], std::span<const std::uint8_t> nonce) noexcept {
  if (nonce.size() == 12) {
    std::memcpy(j0, nonce.data(), 12);
    j0[12] = 0, j0[13] = 0, j0[14] = 0, j0[15] = 1;
    return;
  }
  std::memset(j0, 0, 16);
  ghash_bytes(k, j0, nonce.data(), nonce.size());
  std::uint8_t len[16] = {};
  put_be64(len + 8, static_cast<std::uint64_t>(nonce.size()) * 8);
  k.ghash->blocks(*k.hash_key, j0, len, 1);
}

// gctr: CTR with inc32 (the last 32 bits count, mod 2^32). With a 12-byte nonce the counter
// is public and starts at 2, so a message (at most 2^32 - 2 blocks) never wraps it and the
// kernel's 128-bit counter gives the same blocks. Other nonce lengths make J0 = GHASH(nonce),
// a secret: their counter blocks are written out here without branches and go through ECB.
void gctr(const GcmKey& k, bool public_counter, std::uint8_t ctr[16], std::uint8_t* out,
          const std::uint8_t* in, std::size_t n) noexcept {
  const BlockCipherRef& c = k.cipher;
  if (public_counter) {
    c.ops->ctr_xor(c.schedule, ctr, out, in, n / 16);
  } else {
    std::uint8_t blocks[16 * 16];
    std::uint32_t low = (std::uint32_t{ctr[12]} << 24) | (std::uint32_t{ctr[13]} << 16) |
                        (std::uint32_t{ctr[14]} << 8) | ctr[15];
    for (std::size_t done = 0; done < n / 16 * 16; done += sizeof blocks) {
      const std::size_t m = n / 16 * 16 - done < sizeof blocks ? n / 16 * 16 - done : sizeof blocks;
      for (std::size_t i = 0; i < m; i += 16) {
        std::uint32_t v = low + static_cast<std::uint32_t>(i / 16);
        __asm__("" : "+r"(v));  // keeps the compiler from counting the loop on the secret
        std::memcpy(blocks + i, ctr, 12);
        for (int j = 0; j < 4; ++j)
          blocks[i + 12 + static_cast<std::size_t>(j)] =
              static_cast<std::uint8_t>(v >> (24 - 8 * j));
      }
      low += static_cast<std::uint32_t>(m / 16);
      c.ops->encrypt_blocks(c.schedule, blocks, blocks, m / 16);
      for (std::size_t i = 0; i < m; ++i)
        out[done + i] = static_cast<std::uint8_t>(in[done + i] ^ blocks[i]);
    }
    for (int j = 0; j < 4; ++j) ctr[12 + j] = static_cast<std::uint8_t>(low >> (24 - 8 * j));
    wipe(blocks);
  }
  if (n % 16 != 0) {
    const std::size_t whole = n / 16 * 16;
    std::uint8_t ks[16];
    std::memcpy(ks, ctr, 16);
    c.ops->encrypt_blocks(c.schedule, ks, ks, 1);
    for (std::size_t i = 0; i < n % 16; ++i)
      out[whole + i] = static_cast<std::uint8_t>(in[whole + i] ^ ks[i]);
    wipe(ks);
  }
}

// inc32 adds 1 to the last 32 bits, without branches (J0 may be secret).
void inc32(std::uint8_t c[16]) noexcept {
  std::uint32_t low = (std::uint32_t{c[12]} << 24) | (std::uint32_t{c[13]} << 16) |
                      (std::uint32_t{c[14]} << 8) | c[15];
  ++low;
  for (int j = 0; j < 4; ++j) c[12 + j] = static_cast<std::uint8_t>(low >> (24 - 8 * j));
}

// begin: E(J0), kept for the tag, and the first counter block inc32(J0); through the fused
// kernel f when there is one (12-byte nonces: the kernel builds J0 in a register).
void begin(const GcmKey& k, const GcmFusedKernel* f, std::span<const std::uint8_t> nonce,
           std::uint8_t ek[16], std::uint8_t ctr[16]) noexcept {
  if (f != nullptr) return f->start(k.cipher.schedule, nonce.data(), ek, ctr);
  make_j0(k, ctr, nonce);
  k.cipher.ops->encrypt_blocks(k.cipher.schedule, ek, ctr, 1);
  inc32(ctr);
}

// A short message with a 12-byte nonce and no fused kernel goes through the cipher in one call
// with J0: the counter is public and the message's blocks follow J0, so the cipher's latency
// is paid once, not twice (E(J0), then the message).
constexpr std::size_t short_max = 256;
bool is_short(const GcmFusedKernel* f, std::size_t nonce_size, std::size_t n) noexcept {
  return f == nullptr && nonce_size == 12 && n <= short_max;
}

// gctr_short: ek = E(J0) and out = in ^ E(J0 + 1) || E(J0 + 2) ..., n <= short_max bytes.
void gctr_short(const GcmKey& k, std::span<const std::uint8_t> nonce, std::uint8_t ek[16],
                std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  std::uint8_t buf[16 + short_max] = {}, ctr[16];
  make_j0(k, ctr, nonce);
  if (n > 0) std::memcpy(buf + 16, in, n);
  k.cipher.ops->ctr_xor(k.cipher.schedule, ctr, buf, buf, 1 + (n + 15) / 16);
  std::memcpy(ek, buf, 16);
  if (n > 0) std::memcpy(out, buf + 16, n);
  wipe(buf);
}

constexpr std::uint64_t max_text = (std::uint64_t{1} << 36) - 32;
constexpr std::uint64_t max_aad = (std::uint64_t{1} << 61) - 1;

Status check(std::span<std::uint8_t> out, std::size_t tag_len, std::span<const std::uint8_t> nonce,
             std::span<const std::uint8_t> aad, std::span<const std::uint8_t> in) noexcept {
  if (tag_len < 12 || tag_len > 16) return Error::invalid_tag_size;
  if (nonce.empty() || nonce.size() > max_aad) return Error::invalid_nonce_size;
  if (in.size() > max_text || aad.size() > max_aad) return Error::message_too_long;
  return check_same(out, in);
}

// lengths_block: [len(aad) in bits]64 || [len(ciphertext) in bits]64.
void lengths_block(std::uint8_t len[16], std::size_t aad_len, std::size_t ct_len) noexcept {
  put_be64(len, static_cast<std::uint64_t>(aad_len) * 8);
  put_be64(len + 8, static_cast<std::uint64_t>(ct_len) * 8);
}

// tag_of: S = GHASH(aad, ciphertext, lengths), T = E(J0) ^ S; len is the lengths block still
// to hash, or null when a fused kernel hashed it. ek is E(J0), computed before the message so
// that it overlaps the message's work instead of adding its latency after it.
void tag_of(const GcmKey& k, std::uint8_t s[16], std::uint8_t ek[16],
            const std::uint8_t* len) noexcept {
  if (len != nullptr) k.ghash->blocks(*k.hash_key, s, len, 1);
  for (int i = 0; i < 16; ++i) s[i] ^= ek[i];
  secure_wipe(ek, 16);
}

// Ops: GCM's operations for the stream (core/aead_stream.hpp) on a message's state.
struct Ops {
  const GcmKey& k;
  GcmState& st;

  void hash(const std::uint8_t* p, std::size_t n) noexcept {
    k.ghash->blocks(*k.hash_key, st.y, p, n);
  }
  // crypt: through the fused kernel when there is one, else a chunk at a time, encrypted then
  // hashed while it is in cache (sealing) or hashed then decrypted (opening: in place
  // overwrites it).
  void crypt(std::uint8_t* out, const std::uint8_t* in, std::size_t n, bool seal) noexcept {
    if (st.fused != nullptr)
      return (seal ? st.fused->seal : st.fused->open)(k.cipher.schedule, *k.hash_key, st.ctr, st.y,
                                                      out, in, n, nullptr);
    while (n > 0) {
      const std::size_t m = n < chunk_blocks ? n : chunk_blocks;
      if (!seal) hash(in, m);
      gctr(k, st.public_counter, st.ctr, out, in, 16 * m);
      if (seal) hash(out, m);
      out += 16 * m, in += 16 * m, n -= m;
    }
  }
  void key_stream(std::uint8_t ks[16]) noexcept {
    k.cipher.ops->encrypt_blocks(k.cipher.schedule, ks, st.ctr, 1);
    inc32(st.ctr);
  }
};

// finish: the message's tag in full; the state wiped, the message finished.
Status finish(const GcmKey& k, GcmState& st, std::size_t tag_size, bool seal,
              std::uint8_t full[16]) noexcept {
  if (tag_size < 12 || tag_size > 16) return Error::invalid_tag_size;
  Ops ops{k, st};
  if (Status s = stream_end(st.s, ops, seal); !s) return s;
  std::uint8_t len[16];
  lengths_block(len, st.s.aad_len, st.s.text_len);
  tag_of(k, st.y, st.ek, len);
  std::memcpy(full, st.y, 16);
  secure_wipe(&st, sizeof st);
  st.s.phase = phase_finished;
  return {};
}

}  // namespace

Status gcm_start(const GcmKey& k, GcmState& st, bool seal,
                 std::span<const std::uint8_t> nonce) noexcept {
  st.s.phase = phase_idle;
  if (nonce.empty() || nonce.size() > max_aad) return Error::invalid_nonce_size;
  stream_begin(st.s, seal);
  st.fused = fused_for(k, nonce.size());
  st.public_counter = nonce.size() == 12;
  std::memset(st.y, 0, 16);
  begin(k, st.fused, nonce, st.ek, st.ctr);
  return {};
}

Status gcm_aad(const GcmKey& k, GcmState& st, std::span<const std::uint8_t> aad) noexcept {
  Ops ops{k, st};
  return stream_aad(st.s, ops, aad, max_aad);
}

Status gcm_update(const GcmKey& k, GcmState& st, std::span<std::uint8_t> out,
                  std::span<const std::uint8_t> in) noexcept {
  Ops ops{k, st};
  return stream_update(st.s, ops, out, in, max_text);
}

Status gcm_finish_seal(const GcmKey& k, GcmState& st, std::span<std::uint8_t> tag) noexcept {
  std::uint8_t full[16];
  const Status s = finish(k, st, tag.size(), true, full);
  if (s) std::memcpy(tag.data(), full, tag.size());
  wipe(full);
  return s;
}

Status gcm_finish_open(const GcmKey& k, GcmState& st, std::span<const std::uint8_t> tag) noexcept {
  std::uint8_t full[16];
  if (Status s = finish(k, st, tag.size(), false, full); !s) return s;
  const bool same = ct_equal(std::span<const std::uint8_t>(full, tag.size()), tag);
  wipe(full);
  return release_if_authentic({}, same);
}

std::span<const GcmFusedKernel* const> gcm_kernels() noexcept {
#if AXIOM_X86_64 || AXIOM_AARCH64
  return fused_list;
#else
  return {};
#endif
}

void gcm_init(const GhashKernel& g, GhashKey& key, BlockCipherRef cipher) noexcept {
  std::uint8_t h[16] = {};
  cipher.ops->encrypt_blocks(cipher.schedule, h, h, 1);
  g.init(key, h);
  wipe(h);
}

Status gcm_seal(const GcmKey& k, std::span<std::uint8_t> out, std::span<std::uint8_t> tag,
                std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                std::span<const std::uint8_t> in) noexcept {
  if (Status st = check(out, tag.size(), nonce, aad, in); !st) return st;
  const GcmFusedKernel* f = fused_for(k, nonce.size());
  std::uint8_t ctr[16], s[16] = {}, ek[16];
  const std::uint8_t* p = in.data();
  std::uint8_t* o = out.data();
  std::size_t left = in.size();
  const bool short_msg = is_short(f, nonce.size(), left);
  if (short_msg)
    gctr_short(k, nonce, ek, o, p, left);
  else
    begin(k, f, nonce, ek, ctr);
  ghash_bytes(k, s, aad.data(), aad.size());
  if (short_msg) {
    ghash_bytes(k, s, o, left);
    left = 0;
  }
  std::uint8_t len[16];
  lengths_block(len, aad.size(), in.size());
  const std::uint8_t* len_left = len;
  if (f != nullptr) {
    // A message of whole blocks ends in the kernel, lengths block included.
    if (left % 16 == 0) len_left = nullptr;
    f->seal(k.cipher.schedule, *k.hash_key, ctr, s, o, p, left / 16,
            len_left == nullptr ? len : nullptr);
    p += left / 16 * 16, o += left / 16 * 16, left %= 16;
  }
  while (left > 0) {
    const std::size_t m = left < 16 * chunk_blocks ? left : 16 * chunk_blocks;
    gctr(k, nonce.size() == 12, ctr, o, p, m);
    ghash_bytes(k, s, o, m);
    p += m, o += m, left -= m;
  }
  tag_of(k, s, ek, len_left);
  std::memcpy(tag.data(), s, tag.size());
  wipe(s);
  return {};
}

Status gcm_open(const GcmKey& k, std::span<std::uint8_t> out, std::span<const std::uint8_t> tag,
                std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                std::span<const std::uint8_t> in) noexcept {
  if (Status st = check(out, tag.size(), nonce, aad, in); !st) {
    if (st.error() != Error::overlapping_buffers) secure_wipe(out);
    return st;
  }
  const GcmFusedKernel* f = fused_for(k, nonce.size());
  std::uint8_t ctr[16], s[16] = {}, ek[16];
  const std::uint8_t* p = in.data();
  std::uint8_t* o = out.data();
  std::size_t left = in.size();
  const bool short_msg = is_short(f, nonce.size(), left);
  if (!short_msg) begin(k, f, nonce, ek, ctr);
  ghash_bytes(k, s, aad.data(), aad.size());
  // Each chunk is hashed before it is decrypted (in place overwrites it); the plaintext is
  // wiped below if the tag is wrong.
  if (short_msg) {
    ghash_bytes(k, s, p, left);
    gctr_short(k, nonce, ek, o, p, left);
    left = 0;
  }
  std::uint8_t len[16];
  lengths_block(len, aad.size(), in.size());
  const std::uint8_t* len_left = len;
  if (f != nullptr) {
    // A message of whole blocks ends in the kernel, lengths block included.
    if (left % 16 == 0) len_left = nullptr;
    f->open(k.cipher.schedule, *k.hash_key, ctr, s, o, p, left / 16,
            len_left == nullptr ? len : nullptr);
    p += left / 16 * 16, o += left / 16 * 16, left %= 16;
  }
  while (left > 0) {
    const std::size_t m = left < 16 * chunk_blocks ? left : 16 * chunk_blocks;
    ghash_bytes(k, s, p, m);
    gctr(k, nonce.size() == 12, ctr, o, p, m);
    p += m, o += m, left -= m;
  }
  tag_of(k, s, ek, len_left);
  const bool same = ct_equal(std::span<const std::uint8_t>(s, tag.size()), tag);
  wipe(s);
  return release_if_authentic(out, same);
}

}  // namespace axiom::detail
