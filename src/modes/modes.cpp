// ECB, CBC, CTR and CMAC, written once over any 128-bit block cipher kernel (block128.hpp).
// Buffering, padding, tails and argument checks live here; the kernels see whole blocks.
#include <cstring>

#include "axiom/bytes.hpp"
#include "axiom/modes.hpp"
#include "core/wipe.hpp"
#include "modes/block128.hpp"
#include "modes/mode_util.hpp"

namespace axiom::detail {

void wipe_state(void* p, std::size_t n) noexcept { secure_wipe(p, n); }

Status ecb_run(BlockCipherRef c, bool decrypt, std::span<std::uint8_t> out,
               std::span<const std::uint8_t> in) noexcept {
  if (Status s = check_blocks(out, in); !s) return s;
  (decrypt ? c.ops->decrypt_blocks : c.ops->encrypt_blocks)(c.schedule, out.data(), in.data(), in.size() / 16);
  return {};
}

Status cbc_run(BlockCipherRef c, std::uint8_t iv[16], bool decrypt, std::span<std::uint8_t> out,
               std::span<const std::uint8_t> in) noexcept {
  if (Status s = check_blocks(out, in); !s) return s;
  (decrypt ? c.ops->cbc_decrypt : c.ops->cbc_encrypt)(c.schedule, iv, out.data(), in.data(), in.size() / 16);
  return {};
}

// pad_encrypt: ECB (iv == nullptr) or CBC with PKCS#7 padding.
Result<std::size_t> pad_encrypt(BlockCipherRef c, std::uint8_t* iv, std::span<std::uint8_t> out,
                                std::span<const std::uint8_t> in) noexcept {
  const std::size_t total = padded_size(in.size());
  if (out.size() < total) return Error::output_size_mismatch;
  if (!overlap_ok(out.data(), in.data(), in.size())) return Error::overlapping_buffers;
  const std::size_t whole = in.size() / 16 * 16;
  std::uint8_t last[16];
  const std::size_t rest = in.size() - whole;
  if (rest != 0) std::memcpy(last, in.data() + whole, rest);  // before an in-place bulk call overwrites it
  std::memset(last + rest, static_cast<int>(16 - rest), 16 - rest);
  if (iv) {
    c.ops->cbc_encrypt(c.schedule, iv, out.data(), in.data(), whole / 16);
    c.ops->cbc_encrypt(c.schedule, iv, out.data() + whole, last, 1);
  } else {
    c.ops->encrypt_blocks(c.schedule, out.data(), in.data(), whole / 16);
    c.ops->encrypt_blocks(c.schedule, out.data() + whole, last, 1);
  }
  secure_wipe(last, sizeof last);
  return total;
}

// pad_decrypt: decrypts everything, then checks the padding without branching on its bytes;
// the verdict comes out as a mask too (the constant-time test sees no secret branch).
Status pad_decrypt(BlockCipherRef c, std::uint8_t* iv, std::span<std::uint8_t> out,
                   std::span<const std::uint8_t> in, std::size_t& length) noexcept {
  length = 0;
  if (in.empty() || in.size() % 16 != 0) return Error::invalid_padding;
  if (Status s = check_same(out, in); !s) return s;
  const std::size_t n = in.size() / 16;
  if (iv)
    c.ops->cbc_decrypt(c.schedule, iv, out.data(), in.data(), n);
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
  std::memmove(s.iv, iv.data(), 16);
  std::memcpy(s.counter, s.iv, 16);
  add_be128(s.counter, offset / 16);
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
