// magma_simd_ecb.hpp: the avx2 and avx512_vbmi kernels' ECB entry points, which run n blocks
// through the kernel's crypt<G>(rk, out, in, n) (up to 4 groups of kGroupBlocks blocks, the
// last group partial). Include it inside the kernel's namespace, in its AXIOM_ISA_BEGIN region,
// after crypt and kGroupBlocks.
#pragma once

template <bool Decrypt>
void ecb(const void* ks, std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  constexpr std::size_t g = kGroupBlocks;
  const MagmaSchedule& s = *static_cast<const MagmaSchedule*>(ks);
  std::uint32_t rk[32];
  for (int i = 0; i < 32; ++i) rk[i] = detail::magma::round_key(s.k, i, Decrypt);
  for (; n >= 4 * g; n -= 4 * g, in += 32 * g, out += 32 * g) crypt<4>(rk, out, in, 4 * g);
  if (n > 3 * g)
    crypt<4>(rk, out, in, n);
  else if (n > 2 * g)
    crypt<3>(rk, out, in, n);
  else if (n > g)
    crypt<2>(rk, out, in, n);
  else if (n > 0)
    crypt<1>(rk, out, in, n);
  detail::wipe(rk);
}

void encrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  ecb<false>(ks, out, in, n);
}
void decrypt_blocks(const void* ks, std::uint8_t* out, const std::uint8_t* in,
                    std::size_t n) noexcept {
  ecb<true>(ks, out, in, n);
}
