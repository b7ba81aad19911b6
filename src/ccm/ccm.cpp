// CCM (SP 800-38C, RFC 3610) over any 128-bit block cipher kernel: the CBC-MAC over B0, the
// encoded AAD and the message, and CTR from A1 with the tag masked by E(A0). Long messages go
// in chunks so that the MAC and CTR passes read the chunk while it is in the L1 cache.
#include <cstring>

#include "axiom/bytes.hpp"
#include "axiom/ccm.hpp"
#include "core/verdict.hpp"
#include "core/wipe.hpp"
#include "axiom/block_cipher.hpp"
#include "modes/mode_util.hpp"

namespace axiom::detail {

namespace {

constexpr std::size_t chunk = 4096;

Status check(std::span<std::uint8_t> out, std::size_t tag_len, std::span<const std::uint8_t> nonce,
             std::span<const std::uint8_t> in) noexcept {
  if (tag_len < 4 || tag_len > 16 || tag_len % 2 != 0) return Error::invalid_tag_size;
  if (nonce.size() < 7 || nonce.size() > 13) return Error::invalid_nonce_size;
  const std::size_t l = 15 - nonce.size();  // bytes of the length field
  if (l < 8 && static_cast<std::uint64_t>(in.size()) >> (8 * l) != 0)
    return Error::message_too_long;
  return check_same(out, in);
}

// Mac is the CBC-MAC state with a partial block of pending input.
struct Mac {
  BlockCipherRef c;
  std::uint8_t state[16];
  std::uint8_t buf[16];
  std::size_t used;

  void absorb(const std::uint8_t* p, std::size_t n) noexcept {
    if (used > 0) {
      const std::size_t take = n < 16 - used ? n : 16 - used;
      std::memcpy(buf + used, p, take);
      used += take, p += take, n -= take;
      if (used < 16) return;
      c.ops->cbc_mac(c.schedule, state, buf, 1);
      used = 0;
    }
    c.ops->cbc_mac(c.schedule, state, p, n / 16);
    p += n / 16 * 16;
    std::memcpy(buf, p, n % 16);
    used = n % 16;
  }
  // pad ends a field: zeros up to the block boundary.
  void pad() noexcept {
    if (used == 0) return;
    std::memset(buf + used, 0, 16 - used);
    c.ops->cbc_mac(c.schedule, state, buf, 1);
    used = 0;
  }
};

// start: B0 and the encoded AAD into the MAC; a0 = the counter block A0.
void start(Mac& m, std::uint8_t a0[16], std::size_t tag_len, std::span<const std::uint8_t> nonce,
           std::span<const std::uint8_t> aad, std::size_t msg_len) noexcept {
  const std::size_t l = 15 - nonce.size();
  std::uint8_t b0[16];
  b0[0] = static_cast<std::uint8_t>((aad.empty() ? 0 : 64) | ((tag_len - 2) / 2) << 3 | (l - 1));
  std::memcpy(b0 + 1, nonce.data(), nonce.size());
  std::uint64_t q = msg_len;
  for (std::size_t i = 0; i < l; ++i, q >>= 8) b0[15 - i] = static_cast<std::uint8_t>(q);
  std::memset(m.state, 0, 16);
  m.used = 0;
  m.c.ops->cbc_mac(m.c.schedule, m.state, b0, 1);
  if (!aad.empty()) {
    std::uint8_t len[10];
    std::size_t n = 0;
    const std::uint64_t a = aad.size();
    if (a < 0xff00) {
      n = 2;
    } else if (a >> 32 == 0) {
      len[0] = 0xff, len[1] = 0xfe, n = 6;
    } else {
      len[0] = 0xff, len[1] = 0xff, n = 10;
    }
    for (std::size_t i = 0, v = a; i < (n == 2 ? 2 : n - 2); ++i, v >>= 8)
      len[n - 1 - i] = static_cast<std::uint8_t>(v);
    m.absorb(len, n);
    m.absorb(aad.data(), aad.size());
    m.pad();
  }
  a0[0] = static_cast<std::uint8_t>(l - 1);
  std::memcpy(a0 + 1, nonce.data(), nonce.size());
  std::memset(a0 + 1 + nonce.size(), 0, l);
}

// crypt: CTR from A1 (the counter field never overflows: the length check bounds it).
void crypt(BlockCipherRef c, std::uint8_t ctr[16], std::uint8_t* out, const std::uint8_t* in,
           std::size_t n) noexcept {
  c.ops->ctr_xor(c.schedule, ctr, out, in, n / 16);
  if (n % 16 != 0) {
    const std::size_t whole = n / 16 * 16;
    std::uint8_t ks[16] = {};
    c.ops->ctr_xor(c.schedule, ctr, ks, ks, 1);
    for (std::size_t i = 0; i < n % 16; ++i)
      out[whole + i] = static_cast<std::uint8_t>(in[whole + i] ^ ks[i]);
    wipe(ks);
  }
}

// finish: T = MAC ^ E(A0), leaving A1 in a0.
void finish(Mac& m, std::uint8_t a0[16], std::uint8_t t[16]) noexcept {
  m.pad();
  std::uint8_t s0[16] = {};
  m.c.ops->ctr_xor(m.c.schedule, a0, s0, s0, 1);
  for (int i = 0; i < 16; ++i) t[i] = static_cast<std::uint8_t>(m.state[i] ^ s0[i]);
  wipe(s0);
  wipe(m.state);
  wipe(m.buf);
}

}  // namespace

Status ccm_seal(BlockCipherRef c, std::span<std::uint8_t> out, std::span<std::uint8_t> tag,
                std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                std::span<const std::uint8_t> in) noexcept {
  if (Status st = check(out, tag.size(), nonce, in); !st) return st;
  Mac m{c, {}, {}, 0};
  std::uint8_t ctr[16], a0[16];
  start(m, a0, tag.size(), nonce, aad, in.size());
  std::memcpy(ctr, a0, 16);
  ctr[15] = 1;  // A1 (the counter field of A0 is zero)
  // Each chunk is MACed before it is encrypted (in place overwrites it).
  for (std::size_t done = 0; done < in.size(); done += chunk) {
    const std::size_t n = in.size() - done < chunk ? in.size() - done : chunk;
    m.absorb(in.data() + done, n);
    crypt(c, ctr, out.data() + done, in.data() + done, n);
  }
  std::uint8_t t[16];
  finish(m, a0, t);
  std::memcpy(tag.data(), t, tag.size());
  wipe(t);
  return {};
}

Status ccm_open(BlockCipherRef c, std::span<std::uint8_t> out, std::span<const std::uint8_t> tag,
                std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                std::span<const std::uint8_t> in) noexcept {
  if (Status st = check(out, tag.size(), nonce, in); !st) {
    if (st.error() != Error::overlapping_buffers) secure_wipe(out);
    return st;
  }
  Mac m{c, {}, {}, 0};
  std::uint8_t ctr[16], a0[16];
  start(m, a0, tag.size(), nonce, aad, in.size());
  std::memcpy(ctr, a0, 16);
  ctr[15] = 1;
  for (std::size_t done = 0; done < in.size(); done += chunk) {
    const std::size_t n = in.size() - done < chunk ? in.size() - done : chunk;
    crypt(c, ctr, out.data() + done, in.data() + done, n);
    m.absorb(out.data() + done, n);
  }
  std::uint8_t t[16];
  finish(m, a0, t);
  const bool same = ct_equal(std::span<const std::uint8_t>(t, tag.size()), tag);
  wipe(t);
  return release_if_authentic(out, same);
}

}  // namespace axiom::detail
