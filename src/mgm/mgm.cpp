// MGM (RFC 9058) over any 128-bit block cipher kernel: counters, padding, lengths, tag and
// argument checks; the GF(2^128) sums run on an MGM kernel, the block encryptions on the
// cipher's kernel, a chunk of blocks per call.
//
// Y_1 = E(0 || nonce) starts the encryption counters (the low half counts: incr_r), Z_1 =
// E(1 || nonce) the authentication counters (the high half counts: incr_l); H_i = E(Z_i).
// The tag is the first bytes of E(sum H_i (x) A_i) over the padded AAD blocks, the padded
// ciphertext blocks and the block len(AAD) || len(C) in bits.
#include <cstring>

#include "axiom/bytes.hpp"
#include "axiom/mgm.hpp"
#include "core/endian.hpp"
#include "core/verdict.hpp"
#include "core/wipe.hpp"
#include "mgm/mgm_kernel.hpp"
#include "modes/block128.hpp"
#include "modes/mode_util.hpp"

namespace axiom::detail {

namespace {

constexpr const MgmKernel* kernel_list[] = {
#if AXIOM_X86_64
    &mgm_vpclmul_avx512,
    &mgm_pclmul,
#endif
    &mgm_portable,
};

constexpr std::size_t chunk = 64;  // blocks per call into the kernels
constexpr std::uint64_t max_bytes = (std::uint64_t{1} << 61) - 1;

inline std::uint64_t load_be64(const std::uint8_t* p) noexcept { return __builtin_bswap64(load_le64(p)); }
inline void store_be64(std::uint8_t* p, std::uint64_t v) noexcept { store_le64(p, __builtin_bswap64(v)); }

// counters writes m counter blocks from c on, the half at offset `half` (0: incr_l, 8:
// incr_r) counting mod 2^64, and advances c; no branch on the (secret) counter value.
void counters(std::uint8_t* out, std::uint8_t c[16], std::size_t half, std::size_t m) noexcept {
  std::uint64_t v = load_be64(c + half);
  for (std::size_t i = 0; i < m; ++i) {
    std::memcpy(out + 16 * i, c, 16);
    store_be64(out + 16 * i + half, v);
    ++v;
    // Keeps the loop counting i: the compiler would otherwise exit on a comparison of v.
    __asm__("" : "+r"(v));
  }
  store_be64(c + half, v);
}

// encrypt_counters: out = in ^ E(c_i) (in null: E(c_i)) for m blocks (at most chunk) from the
// counter c on, its half at `half` counting; on the kernel's own path where it has one.
void encrypt_counters(BlockCipherRef cipher, std::uint8_t c[16], std::size_t half, std::uint8_t* out,
                      const std::uint8_t* in, std::size_t m) noexcept {
  if (cipher.ops->ctr_half_xor != nullptr) {
    cipher.ops->ctr_half_xor(cipher.schedule, c, half, out, in, m);
    return;
  }
  alignas(32) std::uint8_t ks[16 * chunk];
  counters(ks, c, half, m);
  cipher.ops->encrypt_blocks(cipher.schedule, ks, ks, m);
  if (in == nullptr)
    std::memcpy(out, ks, 16 * m);
  else
    for (std::size_t i = 0; i < 16 * m; ++i) out[i] = in[i] ^ ks[i];
  wipe(ks);
}

// Mac accumulates sum H_i (x) A_i over a stream of blocks.
struct Mac {
  const MgmKey& k;
  std::uint8_t z[16];
  std::uint8_t acc[16];
  alignas(32) std::uint8_t h[16 * chunk];

  void blocks(const std::uint8_t* a, std::size_t n) noexcept {
    while (n > 0) {
      const std::size_t m = n < chunk ? n : chunk;
      encrypt_counters(k.cipher, z, 0, h, nullptr, m);
      k.mul->mac(acc, h, a, m);
      a += 16 * m, n -= m;
    }
  }
  // bytes: whole blocks, then a last partial block padded with zeros.
  void bytes(const std::uint8_t* p, std::size_t n) noexcept {
    blocks(p, n / 16);
    if (n % 16 != 0) {
      std::uint8_t last[16] = {};
      std::memcpy(last, p + n / 16 * 16, n % 16);
      blocks(last, 1);
      wipe(last);
    }
  }
  void lengths(std::size_t aad, std::size_t text) noexcept {
    std::uint8_t len[16];
    store_be64(len, static_cast<std::uint64_t>(aad) * 8);
    store_be64(len + 8, static_cast<std::uint64_t>(text) * 8);
    blocks(len, 1);
  }
  void tag(std::uint8_t full[16]) noexcept { k.cipher.ops->encrypt_blocks(k.cipher.schedule, full, acc, 1); }
  ~Mac() {
    wipe(z);
    wipe(acc);
    wipe(h);
  }
};

// Start: Y_1 and Z_1 from the nonce.
void start(const MgmKey& k, std::span<const std::uint8_t> nonce, std::uint8_t y[16], std::uint8_t z[16]) noexcept {
  std::uint8_t b[32];
  std::memcpy(b, nonce.data(), 16);
  std::memcpy(b + 16, nonce.data(), 16);
  b[16] |= 0x80;
  k.cipher.ops->encrypt_blocks(k.cipher.schedule, b, b, 2);
  std::memcpy(y, b, 16);
  std::memcpy(z, b + 16, 16);
  wipe(b);
}

// crypt: out = in ^ E(Y_i), E(Y_{i+1}), ... for n bytes (the last block may be partial).
void crypt(const MgmKey& k, std::uint8_t y[16], std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  while (n >= 16) {
    const std::size_t m = n / 16 < chunk ? n / 16 : chunk;
    encrypt_counters(k.cipher, y, 8, out, in, m);
    out += 16 * m, in += 16 * m, n -= 16 * m;
  }
  if (n > 0) {
    std::uint8_t last[16];
    encrypt_counters(k.cipher, y, 8, last, nullptr, 1);
    for (std::size_t i = 0; i < n; ++i) out[i] = in[i] ^ last[i];
    wipe(last);
  }
}

Status check(std::span<const std::uint8_t> out, std::size_t tag_size, std::span<const std::uint8_t> nonce,
             std::span<const std::uint8_t> aad, std::span<const std::uint8_t> in) noexcept {
  if (nonce.size() != 16 || (nonce[0] & 0x80) != 0) return Error::invalid_nonce_size;
  if (tag_size < 4 || tag_size > 16) return Error::invalid_tag_size;
  if (aad.size() > max_bytes || in.size() > max_bytes) return Error::message_too_long;
  if (out.size() != in.size()) return Error::output_size_mismatch;
  if (!overlap_ok(out.data(), in.data(), in.size())) return Error::overlapping_buffers;
  return {};
}

}  // namespace

std::span<const MgmKernel* const> mgm_kernels() noexcept { return kernel_list; }

const MgmKernel& mgm_select(cpu::Features f) noexcept { return select_kernel<MgmKernel>(kernel_list, f); }

const MgmKernel& mgm_default() noexcept {
  static const MgmKernel& k = mgm_select(cpu::detected());
  return k;
}

std::string_view mgm_name(const MgmKernel& k) noexcept { return k.info.name; }

Status mgm_seal(const MgmKey& k, std::span<std::uint8_t> out, std::span<std::uint8_t> tag,
                std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                std::span<const std::uint8_t> in) noexcept {
  if (Status st = check(out, tag.size(), nonce, aad, in); !st) return st;
  Mac mac{k, {}, {}, {}};
  std::uint8_t y[16], full[16];
  start(k, nonce, y, mac.z);
  mac.bytes(aad.data(), aad.size());
  // Encrypt a chunk, then hash it while it is in cache.
  for (std::size_t done = 0; done < in.size();) {
    const std::size_t m = in.size() - done < 16 * chunk ? in.size() - done : 16 * chunk;
    crypt(k, y, out.data() + done, in.data() + done, m);
    mac.bytes(out.data() + done, m);
    done += m;
  }
  mac.lengths(aad.size(), in.size());
  mac.tag(full);
  std::memcpy(tag.data(), full, tag.size());
  wipe(y);
  wipe(full);
  return {};
}

Status mgm_open(const MgmKey& k, std::span<std::uint8_t> out, std::span<const std::uint8_t> tag,
                std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                std::span<const std::uint8_t> in) noexcept {
  if (Status st = check(out, tag.size(), nonce, aad, in); !st) {
    if (st.error() != Error::overlapping_buffers) secure_wipe(out);
    return st;
  }
  Mac mac{k, {}, {}, {}};
  std::uint8_t y[16], full[16];
  start(k, nonce, y, mac.z);
  mac.bytes(aad.data(), aad.size());
  // Each chunk is hashed before it is decrypted (in place overwrites it).
  for (std::size_t done = 0; done < in.size();) {
    const std::size_t m = in.size() - done < 16 * chunk ? in.size() - done : 16 * chunk;
    mac.bytes(in.data() + done, m);
    crypt(k, y, out.data() + done, in.data() + done, m);
    done += m;
  }
  mac.lengths(aad.size(), in.size());
  mac.tag(full);
  const bool same = ct_equal(std::span<const std::uint8_t>(full, tag.size()), tag);
  wipe(y);
  wipe(full);
  return release_if_authentic(out, same);
}

}  // namespace axiom::detail
