// gcm_kernel.hpp: fused GCM kernels, which run CTR and GHASH in one pass for one pair of a
// block-cipher kernel and a GHASH kernel (they read both kernels' key layouts). gcm.cpp uses
// one when the object's pair matches and the counter is public (12-byte nonces).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "axiom/gcm.hpp"
#include "core/isa.hpp"
#include "core/kernel.hpp"
#include "ghash/ghash_kernel.hpp"
#include "axiom/block_cipher.hpp"

namespace axiom::detail {

struct GcmFusedKernel {
  KernelInfo info;
  const Block128Ops* cipher;  // the block-cipher kernel whose schedule it reads
  const GhashKernel* ghash;   // the GHASH kernel whose key it reads
  // seal / open: GCTR over n whole blocks (ctr's last 4 bytes count, mod 2^32, as inc32;
  // ctr is advanced by n) with GHASH of the ciphertext folded into y, then the block last if
  // not null (GCM's lengths block, hashed in the same reduction as the message's end).
  void (*seal)(const void* ks, const GhashKey& hk, std::uint8_t ctr[16], std::uint8_t y[16],
               std::uint8_t* out, const std::uint8_t* in, std::size_t n,
               const std::uint8_t* last) noexcept;
  void (*open)(const void* ks, const GhashKey& hk, std::uint8_t ctr[16], std::uint8_t y[16],
               std::uint8_t* out, const std::uint8_t* in, std::size_t n,
               const std::uint8_t* last) noexcept;
  // start: for a 12-byte nonce, ek = E(J0) and ctr = inc32(J0) where J0 = nonce || 0^31 || 1,
  // each written with one 16-byte store (built byte by byte in memory, J0 would stall the
  // loads that read it whole: store forwarding needs one store to cover the load).
  void (*start)(const void* ks, const std::uint8_t nonce[12], std::uint8_t ek[16],
                std::uint8_t ctr[16]) noexcept;
};

#if AXIOM_X86_64
extern const GcmFusedKernel gcm_vaes_avx512;
extern const GcmFusedKernel gcm_vaes_avx2;
#endif
#if AXIOM_AARCH64
extern const GcmFusedKernel gcm_armv8;
#endif

// gcm_kernels lists the fused kernels compiled in (possibly none).
std::span<const GcmFusedKernel* const> gcm_kernels() noexcept;

}  // namespace axiom::detail
