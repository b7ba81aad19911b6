// XTS (IEEE 1619-2018 / SP 800-38E, and GB/T 17964-2021's tweak order) over any 128-bit block
// cipher kernel. The masks T_j of up to `batch` blocks are computed first, XORed into the data,
// the whole batch goes through one encrypt_blocks / decrypt_blocks call (so a wide kernel runs
// at its ECB speed), and the masks are XORed again; a kernel with a fused XTS path (IEEE order:
// the VAES AES kernel) takes the whole blocks itself, masks in registers. The masks come from
// E_K2: they are secret, so their computation has no branch and no index that depends on them.
#include <algorithm>
#include <bit>
#include <cstring>

#include "axiom/bytes.hpp"
#include "axiom/xts.hpp"
#include "core/endian.hpp"
#include "core/wipe.hpp"
#include "axiom/block_cipher.hpp"
#include "modes/mode_util.hpp"

namespace axiom::detail {

namespace {

// Blocks per kernel call: as many as the widest kernel has in flight (sm4/gfni_avx512: 64); the
// 1 KiB of masks stays in L1.
constexpr std::size_t batch = 64;

// A mask T as two 64-bit halves, lo holding the end where the multiplication by x starts.
struct Mask {
  std::uint64_t lo, hi;
};

// IEEE 1619: T is little-endian; T·x shifts left and folds bit 127 back as 0x87 into byte 0.
struct Ieee {
  static Mask load(const std::uint8_t* p) noexcept { return {load_le64(p), load_le64(p + 8)}; }
  // words: T's bytes 0..7 and 8..15 as little-endian words.
  static Mask words(Mask t) noexcept { return t; }
  static Mask times_x(Mask t) noexcept {
    const std::uint64_t carry = 0 - (t.hi >> 63);
    return {(t.lo << 1) ^ (carry & 0x87), (t.hi << 1) | (t.lo >> 63)};
  }
  // times_x2: T·x^2 in one step (bits 127 and 126 fold back as 0x10e and 0x87).
  static Mask times_x2(Mask t) noexcept {
    const std::uint64_t c = t.hi >> 62;
    return {(t.lo << 2) ^ ((0 - (c >> 1)) & 0x10e) ^ ((0 - (c & 1)) & 0x87),
            (t.hi << 2) | (t.lo >> 62)};
  }
};

// GB/T 17964-2021: T is big-endian with the bits reflected (GCM's order); T·x shifts right and
// folds the bit shifted out of byte 15 back as 0xe1 into byte 0.
struct Gb {
  static Mask load(const std::uint8_t* p) noexcept {
    return {__builtin_bswap64(load_le64(p + 8)), __builtin_bswap64(load_le64(p))};
  }
  static Mask words(Mask t) noexcept { return {__builtin_bswap64(t.hi), __builtin_bswap64(t.lo)}; }
  static Mask times_x(Mask t) noexcept {
    const std::uint64_t carry = 0 - (t.lo & 1);
    return {(t.lo >> 1) | (t.hi << 63), (t.hi >> 1) ^ (carry & (std::uint64_t{0xe1} << 56))};
  }
  // times_x2: T·x^2 in one step (bits 0 and 1 fold back as 0xe1 shifted once and not at all).
  static Mask times_x2(Mask t) noexcept {
    const std::uint64_t c = t.lo & 3;
    return {(t.lo >> 2) | (t.hi << 62), (t.hi >> 2) ^
                                            ((0 - (c & 1)) & (std::uint64_t{0xe1} << 55)) ^
                                            ((0 - (c >> 1)) & (std::uint64_t{0xe1} << 56))};
  }
};

// store_mask writes T to mask and in ^ T to out (16 bytes each) with one 16-byte store each:
// with two 8-byte stores the kernel's wider loads of out could not be forwarded from them
// (measured 1.9x slower on Zen 3).
template <class S>
void store_mask(std::uint8_t* mask, std::uint8_t* out, const std::uint8_t* in, Mask t) noexcept {
  using V = std::uint64_t __attribute__((vector_size(16)));
  Mask w = S::words(t);
  if constexpr (std::endian::native == std::endian::big)
    w = {__builtin_bswap64(w.lo), __builtin_bswap64(w.hi)};
  const V m = {w.lo, w.hi};
  V d;
  std::memcpy(&d, in, 16);
  d ^= m;
  std::memcpy(mask, &m, 16);
  std::memcpy(out, &d, 16);
}

void xor_bytes(std::uint8_t* out, const std::uint8_t* a, const std::uint8_t* b,
               std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::uint8_t>(a[i] ^ b[i]);
}

// run: n >= 16 bytes; first = the mask of the first block (T_0, or where a fused kernel left
// it). The whole blocks before a partial one go in batches; a partial last block steals from
// the last whole one (IEEE 1619 5.3.2 / 5.4.2).
template <class S>
void run(BlockCipherRef data, bool decrypt, std::uint8_t* out, const std::uint8_t* in,
         std::size_t n, const std::uint8_t first[16]) noexcept {
  const auto bulk = decrypt ? data.ops->decrypt_blocks : data.ops->encrypt_blocks;
  alignas(16) std::uint8_t masks[batch * 16];
  const std::size_t rest = n % 16;
  std::size_t blocks = n / 16 - (rest != 0);
  std::size_t used = 0;  // bytes of masks to wipe
  Mask t = S::load(first);
  for (; blocks > 0;) {
    const std::size_t k = std::min(blocks, batch);
    used = std::max(used, 16 * k);
    // Two chains, even and odd blocks, each stepped by x^2: half the latency of one chain.
    Mask even = t, odd = S::times_x(t);
    std::size_t i = 0;
    for (; i + 2 <= k; i += 2) {
      store_mask<S>(masks + 16 * i, out + 16 * i, in + 16 * i, even);
      store_mask<S>(masks + 16 * i + 16, out + 16 * i + 16, in + 16 * i + 16, odd);
      even = S::times_x2(even);
      odd = S::times_x2(odd);
    }
    if (i < k) {
      store_mask<S>(masks + 16 * i, out + 16 * i, in + 16 * i, even);
      even = odd;
    }
    t = even;
    bulk(data.schedule, out, out, k);
    xor_bytes(out, out, masks, 16 * k);
    out += 16 * k, in += 16 * k, blocks -= k;
  }
  if (rest != 0) {
    // The last whole block m-1 and the partial block m: encryption takes T_{m-1} then T_m,
    // decryption the other way round. in may be out: read each input before its output.
    const Mask a = S::words(t), b = S::words(S::times_x(t));
    store_le64(masks, a.lo);
    store_le64(masks + 8, a.hi);
    store_le64(masks + 16, b.lo);
    store_le64(masks + 24, b.hi);
    const std::uint8_t* mask_a = masks + (decrypt ? 16 : 0);
    const std::uint8_t* mask_b = masks + (decrypt ? 0 : 16);
    std::uint8_t* block = masks + 32;
    std::uint8_t* tail = masks + 48;
    used = std::max(used, std::size_t{64});
    xor_bytes(block, in, mask_a, 16);
    bulk(data.schedule, block, block, 1);
    xor_bytes(block, block, mask_a, 16);
    std::memcpy(tail, in + 16, rest);
    std::memcpy(out + 16, block, rest);  // the partial output: the head of that block
    std::memcpy(block, tail, rest);      // whose tail pads the partial input
    xor_bytes(block, block, mask_b, 16);
    bulk(data.schedule, block, block, 1);
    xor_bytes(out, block, mask_b, 16);
  }
  secure_wipe(masks, used);
  secure_wipe(&t, sizeof t);
}

}  // namespace

Status xts_run(BlockCipherRef data, BlockCipherRef tweak_cipher, XtsStandard standard, bool decrypt,
               std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
               std::span<const std::uint8_t, 16> tweak) noexcept {
  if (Status s = check_same(out, in); !s) return s;
  if (in.size() < 16) return Error::invalid_argument;
  if (in.size() > xts_max_unit) return Error::message_too_long;
  alignas(16) std::uint8_t first[16];  // T_0, then as the fused kernel leaves it
  tweak_cipher.ops->encrypt_blocks(tweak_cipher.schedule, first, tweak.data(), 1);
  std::uint8_t* o = out.data();
  const std::uint8_t* i = in.data();
  std::size_t n = in.size();
  // A kernel with a fused XTS path (IEEE order only) runs the whole blocks before a partial
  // one itself and steps T past them; run does the generic path and the stealing. The kernel
  // loads T as one 16-byte value from first as the tweak cipher wrote it (a copy made by two
  // 8-byte stores could not be forwarded to that load: a stall per call).
  const auto fused = decrypt ? data.ops->xts_decrypt : data.ops->xts_encrypt;
  if (standard == XtsStandard::ieee1619 && fused != nullptr) {
    const std::size_t blocks = n / 16 - (n % 16 != 0);
    fused(data.schedule, first, o, i, blocks);
    o += 16 * blocks, i += 16 * blocks, n -= 16 * blocks;
  }
  if (n != 0 && standard == XtsStandard::gb17964)
    run<Gb>(data, decrypt, o, i, n, first);
  else if (n != 0)
    run<Ieee>(data, decrypt, o, i, n, first);
  wipe(first);
  return {};
}

bool xts_halves_equal(std::span<const std::uint8_t> key) noexcept {
  const std::size_t half = key.size() / 2;
  return ct_equal(key.first(half), key.subspan(half, half));
}

}  // namespace axiom::detail
