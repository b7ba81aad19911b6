// block_cipher.hpp: what the modes (modes.hpp, gcm.hpp) need from a block cipher: the bulk
// functions every block-cipher kernel provides (AES, SM4, Kuznyechik: 16-byte blocks; Magma:
// 8-byte blocks), and the modes' argument checks. Public (internal namespace) so that a short call through a mode
// can check and dispatch inline, without a call of its own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "axiom/result.hpp"

namespace axiom {

namespace detail {
// The modes are written once over BlockOps<N>, N the block size in bytes (8 or 16). All
// functions take whole blocks; out may equal in exactly (in place) but must not overlap it
// otherwise.
template <std::size_t N>
struct BlockOps {
  static constexpr std::size_t block_size = N;
  // encrypt_blocks / decrypt_blocks: ECB on n blocks.
  void (*encrypt_blocks)(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                         std::size_t n) noexcept;
  void (*decrypt_blocks)(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                         std::size_t n) noexcept;
  // ctr_xor: out = in ^ E(ctr), E(ctr+1), ... for n blocks; ctr is a 8N-bit big-endian
  // counter, advanced by n (mod 2^(8N)).
  void (*ctr_xor)(const void* ks, std::uint8_t ctr[N], std::uint8_t* out, const std::uint8_t* in,
                  std::size_t n) noexcept;
  // cbc_encrypt / cbc_decrypt: CBC on n blocks; iv is replaced by the last ciphertext block.
  void (*cbc_encrypt)(const void* ks, std::uint8_t iv[N], std::uint8_t* out,
                      const std::uint8_t* in, std::size_t n) noexcept;
  void (*cbc_decrypt)(const void* ks, std::uint8_t iv[N], std::uint8_t* out,
                      const std::uint8_t* in, std::size_t n) noexcept;
  // cbc_mac: state = E(state ^ block) for each of n blocks (CMAC's chain, no output).
  void (*cbc_mac)(const void* ks, std::uint8_t state[N], const std::uint8_t* in,
                  std::size_t n) noexcept;
  // cbc_lanes (optional: null where the modes' generic lanes over encrypt_blocks do as well):
  // n independent chains of `blocks` blocks each, chain l's value in chain[N l..], its input
  // at in[l] and, for CBC encryption, its output at out[l] (out null: CBC-MAC, no output);
  // the chaining values and pointers are advanced.
  void (*cbc_lanes)(const void* ks, std::uint8_t* chain, const std::uint8_t** in, std::uint8_t** out,
                    std::size_t n, std::size_t blocks) noexcept = nullptr;
  // xts_encrypt / xts_decrypt (optional, nullptr if the kernel has none; N = 16 only): XTS in IEEE 1619
  // order on n whole blocks, block j masked with T·x^j where T = tweak (already E_K2(i));
  // tweak is replaced by T·x^n. Ciphertext stealing stays with the caller (src/modes/xts.cpp).
  void (*xts_encrypt)(const void* ks, std::uint8_t tweak[N], std::uint8_t* out, const std::uint8_t* in,
                      std::size_t n) noexcept = nullptr;
  void (*xts_decrypt)(const void* ks, std::uint8_t tweak[N], std::uint8_t* out, const std::uint8_t* in,
                      std::size_t n) noexcept = nullptr;
  // ctr_half_xor (optional, nullptr where the modes make the counter blocks for encrypt_blocks):
  // out = in ^ E(c_0), E(c_1), ... for n blocks (in null: out = E(c_0), ...), where c_0 = ctr
  // and c_{i+1} is c_i with its (N/2)-byte big-endian half at byte offset `half` (0 or N/2)
  // plus one mod 2^(4N), the other half fixed (MGM's incr_l and incr_r); ctr is advanced by n.
  void (*ctr_half_xor)(const void* ks, std::uint8_t ctr[N], std::size_t half, std::uint8_t* out,
                    const std::uint8_t* in, std::size_t n) noexcept = nullptr;
};

using Block128Ops = BlockOps<16>;
using Block64Ops = BlockOps<8>;

// BlockRef<N> is a keyed block cipher as the modes see it: the kernel's bulk functions and the
// key schedule they read. It borrows the cipher object it came from.
template <std::size_t N>
struct BlockRef {
  const BlockOps<N>* ops;
  const void* schedule;
};
using BlockCipherRef = BlockRef<16>;

// overlap_ok: out and in are the same bytes (in place) or do not overlap at all, i.e. their
// distance either way is 0 or at least n (as addresses: a few instructions, which every short
// call pays).
inline bool overlap_ok(const std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  const std::uintptr_t d = reinterpret_cast<std::uintptr_t>(out) - reinterpret_cast<std::uintptr_t>(in);
  return d == 0 || (d >= n && 0 - d >= n);
}

// check_same: sizes equal and overlap rule.
inline Status check_same(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) noexcept {
  if (out.size() != in.size()) return Error::output_size_mismatch;
  if (!overlap_ok(out.data(), in.data(), in.size())) return Error::overlapping_buffers;
  return {};
}

// check_blocks: as check_same, and whole 16-byte blocks.
inline Status check_blocks(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) noexcept {
  if (Status s = check_same(out, in); !s) return s;
  if (in.size() % 16 != 0) return Error::invalid_argument;
  return {};
}
}  // namespace detail

}  // namespace axiom
