// block_cipher.hpp: what the modes (modes.hpp, gcm.hpp) need from a block cipher: the bulk
// functions every block-cipher kernel provides (AES, SM4, Kuznyechik: 16-byte blocks; Magma:
// 8-byte blocks), and the modes' argument checks. Public (internal namespace) so that a short
// call through a mode can check and dispatch inline, without a call of its own. Also the class
// every block cipher of axiom is: BlockCipher<Traits>.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

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
  void (*cbc_encrypt)(const void* ks, std::uint8_t iv[N], std::uint8_t* out, const std::uint8_t* in,
                      std::size_t n) noexcept;
  void (*cbc_decrypt)(const void* ks, std::uint8_t iv[N], std::uint8_t* out, const std::uint8_t* in,
                      std::size_t n) noexcept;
  // cbc_mac: state = E(state ^ block) for each of n blocks (CMAC's chain, no output).
  void (*cbc_mac)(const void* ks, std::uint8_t state[N], const std::uint8_t* in,
                  std::size_t n) noexcept;
  // cbc_lanes (optional: null where the modes' generic lanes over encrypt_blocks do as well):
  // n independent chains of `blocks` blocks each, chain l's value in chain[N l..], its input
  // at in[l] and, for CBC encryption, its output at out[l] (out null: CBC-MAC, no output);
  // the chaining values and pointers are advanced.
  void (*cbc_lanes)(const void* ks, std::uint8_t* chain, const std::uint8_t** in,
                    std::uint8_t** out, std::size_t n, std::size_t blocks) noexcept = nullptr;
  // xts_encrypt / xts_decrypt (optional, nullptr if the kernel has none; N = 16 only): XTS in IEEE
  // 1619 order on n whole blocks, block j masked with T·x^j where T = tweak (already E_K2(i));
  // tweak is replaced by T·x^n. Ciphertext stealing stays with the caller (src/modes/xts.cpp).
  void (*xts_encrypt)(const void* ks, std::uint8_t tweak[N], std::uint8_t* out,
                      const std::uint8_t* in, std::size_t n) noexcept = nullptr;
  void (*xts_decrypt)(const void* ks, std::uint8_t tweak[N], std::uint8_t* out,
                      const std::uint8_t* in, std::size_t n) noexcept = nullptr;
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
  const std::uintptr_t d =
      reinterpret_cast<std::uintptr_t>(out) - reinterpret_cast<std::uintptr_t>(in);
  return d == 0 || (d >= n && 0 - d >= n);
}

// check_same: sizes equal and overlap rule.
inline Status check_same(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) noexcept {
  if (out.size() != in.size()) return Error::output_size_mismatch;
  if (!overlap_ok(out.data(), in.data(), in.size())) return Error::overlapping_buffers;
  return {};
}

// check_blocks: as check_same, and whole N-byte blocks.
template <std::size_t N = 16>
inline Status check_blocks(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) noexcept {
  if (Status s = check_same(out, in); !s) return s;
  if (in.size() % N != 0) return Error::invalid_argument;
  return {};
}

// wipe_state overwrites n bytes at p with zeros in a way the compiler keeps.
void wipe_state(void* p, std::size_t n) noexcept;
}  // namespace detail

// BlockCipher<Traits> is a block cipher keyed with a Traits::key_size-byte key, on
// Traits::block_size-byte blocks: the class behind Aes128/192/256, Sm4, Kuznyechik and Magma.
// Traits (detail::<Cipher>Traits, next to each cipher's header) names the kernel type, the key
// schedule every kernel of the cipher reads, and four functions defined with the cipher's
// kernels: default_kernel() (the fastest constant-time kernel this CPU runs, chosen once),
// ops(kernel), expand(schedule, kernel, key) and name(kernel).
//
// The kernel is chosen when the object is keyed and kept with the key schedule. Copyable; the
// schedule is wiped on destruction. A const object may be used by several threads at once.
// The modes (modes.hpp, gcm.hpp, mgm.hpp, ...) take it as their C.
template <class Traits>
class BlockCipher {
 public:
  static constexpr std::size_t key_size = Traits::key_size;
  static constexpr std::size_t block_size = Traits::block_size;
  using Kernel = typename Traits::Kernel;

  // BlockCipher(key) expands key with the fastest constant-time kernel this CPU runs.
  explicit BlockCipher(std::span<const std::uint8_t, key_size> key) noexcept
      : BlockCipher(key, Traits::default_kernel()) {}
  // BlockCipher(key, kernel) uses the given kernel (internal: tests and benchmarks).
  BlockCipher(std::span<const std::uint8_t, key_size> key, const Kernel& kernel) noexcept
      : kernel_(&kernel), ops_(&Traits::ops(kernel)) {
    Traits::expand(schedule_, kernel, key.data());
  }
  BlockCipher(const BlockCipher&) noexcept = default;
  BlockCipher& operator=(const BlockCipher&) noexcept = default;
  ~BlockCipher() { detail::wipe_state(&schedule_, sizeof schedule_); }

  // rekey expands a new key into this object with the same kernel (ACPKM's section keys).
  void rekey(std::span<const std::uint8_t, key_size> key) noexcept {
    Traits::expand(schedule_, *kernel_, key.data());
  }

  // from_key keys a cipher from a key of run-time size; Error::invalid_key_size unless it
  // holds exactly key_size bytes.
  static Result<BlockCipher> from_key(std::span<const std::uint8_t> key) noexcept {
    if (key.size() != key_size) return Error::invalid_key_size;
    return BlockCipher(key.template first<key_size>());
  }

  // encrypt_blocks / decrypt_blocks transform whole blocks (ECB): out.size() must equal
  // in.size() (else output_size_mismatch), a multiple of block_size (else invalid_argument);
  // out is untouched on error. out may be in exactly (in place) but must not overlap it
  // otherwise (overlapping_buffers).
  Status encrypt_blocks(std::span<std::uint8_t> out,
                        std::span<const std::uint8_t> in) const noexcept {
    if (Status s = detail::check_blocks<block_size>(out, in); !s) return s;
    ops_->encrypt_blocks(&schedule_, out.data(), in.data(), in.size() / block_size);
    return {};
  }
  Status decrypt_blocks(std::span<std::uint8_t> out,
                        std::span<const std::uint8_t> in) const noexcept {
    if (Status s = detail::check_blocks<block_size>(out, in); !s) return s;
    ops_->decrypt_blocks(&schedule_, out.data(), in.data(), in.size() / block_size);
    return {};
  }
  // encrypt_block / decrypt_block transform one block; out may alias in.
  void encrypt_block(std::span<std::uint8_t, block_size> out,
                     std::span<const std::uint8_t, block_size> in) const noexcept {
    ops_->encrypt_blocks(&schedule_, out.data(), in.data(), 1);
  }
  void decrypt_block(std::span<std::uint8_t, block_size> out,
                     std::span<const std::uint8_t, block_size> in) const noexcept {
    ops_->decrypt_blocks(&schedule_, out.data(), in.data(), 1);
  }
  // encrypt_block / decrypt_block with one argument transform the block in place.
  void encrypt_block(std::span<std::uint8_t, block_size> block) const noexcept {
    encrypt_block(block, block);
  }
  void decrypt_block(std::span<std::uint8_t, block_size> block) const noexcept {
    decrypt_block(block, block);
  }

  // kernel_name names the kernel in use, e.g. "kuznyechik/avx2".
  std::string_view kernel_name() const noexcept { return Traits::name(*kernel_); }
  // block_ref is the cipher as the modes use it (internal); valid while this object lives.
  // Inline: a short message's call through a mode pays for no extra call.
  detail::BlockRef<block_size> block_ref() const noexcept { return {ops_, &schedule_}; }

 private:
  const Kernel* kernel_;
  const detail::BlockOps<block_size>* ops_;  // &kernel_->ops
  typename Traits::Schedule schedule_;
};

}  // namespace axiom
