// aes_vaes_entries.hpp: the vaes_avx2 and vaes_avx512 kernels' entry points, which pick the
// kernel's templates by key size (10, 12 or 14 rounds): ecb<R, Decrypt>, ctr_xor<R>,
// cbc_decrypt<R>, cbc_lanes<R, Store> and xts<R, Decrypt>. Include it at the end of the
// kernel's namespace, inside its AXIOM_ISA_BEGIN region, after those templates.
#pragma once

template <unsigned R>
void cbc_lanes_any(const void* ks, std::uint8_t* chain, const std::uint8_t** in, std::uint8_t** out,
                   std::size_t n, std::size_t blocks) noexcept {
  if (out)
    cbc_lanes<R, true>(ks, chain, in, out, n, blocks);
  else
    cbc_lanes<R, false>(ks, chain, in, out, n, blocks);
}

void encrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  switch (sched(ks).rounds) {
    case 10:
      return ecb<10, false>(ks, out, in, n);
    case 12:
      return ecb<12, false>(ks, out, in, n);
    default:
      return ecb<14, false>(ks, out, in, n);
  }
}
void decrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  switch (sched(ks).rounds) {
    case 10:
      return ecb<10, true>(ks, out, in, n);
    case 12:
      return ecb<12, true>(ks, out, in, n);
    default:
      return ecb<14, true>(ks, out, in, n);
  }
}
void ctr_entry(const void* ks, std::uint8_t ctr[16], std::uint8_t* out, const std::uint8_t* in,
               std::size_t n) noexcept {
  AXIOM_AES_BY_ROUNDS(ctr_xor, ks, ctr, out, in, n);
}
void cbc_decrypt_entry(const void* ks, std::uint8_t iv[16], std::uint8_t* out,
                       const std::uint8_t* in, std::size_t n) noexcept {
  AXIOM_AES_BY_ROUNDS(cbc_decrypt, ks, iv, out, in, n);
}
void cbc_lanes_entry(const void* ks, std::uint8_t* chain, const std::uint8_t** in,
                     std::uint8_t** out, std::size_t n, std::size_t blocks) noexcept {
  AXIOM_AES_BY_ROUNDS(cbc_lanes_any, ks, chain, in, out, n, blocks);
}
void xts_encrypt(const void* ks, std::uint8_t tweak[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  switch (sched(ks).rounds) {
    case 10:
      return xts<10, false>(ks, tweak, out, in, n);
    case 12:
      return xts<12, false>(ks, tweak, out, in, n);
    default:
      return xts<14, false>(ks, tweak, out, in, n);
  }
}
void xts_decrypt(const void* ks, std::uint8_t tweak[16], std::uint8_t* out, const std::uint8_t* in,
                 std::size_t n) noexcept {
  switch (sched(ks).rounds) {
    case 10:
      return xts<10, true>(ks, tweak, out, in, n);
    case 12:
      return xts<12, true>(ks, tweak, out, in, n);
    default:
      return xts<14, true>(ks, tweak, out, in, n);
  }
}
