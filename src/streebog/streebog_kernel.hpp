// streebog_kernel.hpp: the Streebog kernel interface, the shared 512-bit arithmetic and the
// list of compiled-in kernels.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "axiom/streebog.hpp"
#include "streebog/streebog_constants.hpp"
#include "core/isa.hpp"
#include "core/kernel.hpp"

namespace axiom::detail {

// A Streebog kernel. compress_blocks runs, for each whole 64-byte block m of blocks:
// h = g_N(h, m), N += 512, Σ += m. compress runs h = g_n(h, m) alone (for the padded last
// block and the two finalisation steps, which portable code drives). compress_blocks_x2 does
// what compress_blocks does for two independent messages of nblocks blocks each; a kernel that
// cannot interleave them runs one after the other (streebog_compress_blocks_x2_serial).
struct StreebogKernel {
  KernelInfo info;
  void (*compress_blocks)(StreebogState& s, const std::uint8_t* blocks,
                          std::size_t nblocks) noexcept;
  void (*compress)(std::uint64_t h[8], const std::uint64_t n[8], const std::uint64_t m[8]) noexcept;
  void (*compress_blocks_x2)(StreebogState* const s[2], const std::uint8_t* const blocks[2],
                             std::size_t nblocks) noexcept;
};

// streebog_compress_blocks_x2_serial is compress_blocks_x2 for a kernel whose compress_blocks
// is Blocks: the two messages one after the other.
template <void (*Blocks)(StreebogState&, const std::uint8_t*, std::size_t) noexcept>
void streebog_compress_blocks_x2_serial(StreebogState* const s[2],
                                        const std::uint8_t* const blocks[2],
                                        std::size_t nblocks) noexcept {
  Blocks(*s[0], blocks[0], nblocks);
  Blocks(*s[1], blocks[1], nblocks);
}

extern const StreebogKernel streebog_portable;
#if AXIOM_X86_64
extern const StreebogKernel streebog_avx512_gfni;
extern const StreebogKernel streebog_avx2;
extern const StreebogKernel streebog_sse41;
#endif
#if AXIOM_AARCH64
extern const StreebogKernel streebog_neon;
#endif

// streebog_kernels lists the kernels compiled in, best first; the last is portable.
std::span<const StreebogKernel* const> streebog_kernels() noexcept;

// streebog_select picks the kernel to use on a CPU with features f.
const StreebogKernel& streebog_select(cpu::Features f) noexcept;

// The fused S+P+L tables: word w of LPS(x) is the XOR over t of streebog_lps[t][byte w of
// word t of x]. π, A and the constants C_i are in streebog_constants.hpp. Hidden: the kernels
// reach them without a GOT load under -fPIC.
AXIOM_HIDDEN extern const std::array<std::array<std::uint64_t, 256>, 8> streebog_lps;

inline std::uint64_t streebog_load64(const std::uint8_t* p) noexcept {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap64(v);
  return v;
}

inline void streebog_store64(std::uint8_t* p, std::uint64_t v) noexcept {
  if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap64(v);
  std::memcpy(p, &v, 8);
}

// streebog_add512 sets a += b mod 2^512 without branches (Σ depends on the message).
inline void streebog_add512(std::uint64_t a[8], const std::uint64_t b[8]) noexcept {
  std::uint64_t carry = 0;
  for (int i = 0; i < 8; ++i) {
    const std::uint64_t s = a[i] + carry;
    const std::uint64_t c1 = static_cast<std::uint64_t>(s < carry);
    a[i] = s + b[i];
    carry = c1 | static_cast<std::uint64_t>(a[i] < b[i]);
  }
}

// streebog_add_bits sets n += bits mod 2^512 (the length counter).
inline void streebog_add_bits(std::uint64_t n[8], std::uint64_t bits) noexcept {
  const std::uint64_t b[8] = {bits, 0, 0, 0, 0, 0, 0, 0};
  streebog_add512(n, b);
}

}  // namespace axiom::detail
