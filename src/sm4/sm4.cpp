#include "axiom/sm4.hpp"

#include <bit>

#include "core/endian.hpp"
#include "core/wipe.hpp"
#include "sm4/sm4_kernel.hpp"

namespace axiom {

namespace detail {

namespace {
constexpr const Sm4Kernel* kernel_list[] = {
#if AXIOM_X86_64
    &sm4_gfni_avx512, &sm4_gfni_avx2, &sm4_vaes_avx2, &sm4_aesni_avx, &sm4_aesni,
#endif
#if AXIOM_AARCH64
    &sm4_armv8_sm4,   &sm4_neon,
#endif
    &sm4_portable,
};
}  // namespace

std::span<const Sm4Kernel* const> sm4_kernels() noexcept { return kernel_list; }

const Sm4Kernel& sm4_select(cpu::Features f) noexcept {
  return select_kernel<Sm4Kernel>(kernel_list, f);
}

// The key schedule of GB/T 32907 section 7.3: K = MK ^ FK, then rk_i = K_{i+4} =
// K_i ^ L'(tau(K_{i+1} ^ K_{i+2} ^ K_{i+3} ^ CK_i)) with L'(B) = B ^ (B <<< 13) ^ (B <<< 23).
void sm4_expand_key(Sm4Schedule& ks, const std::uint8_t key[16]) noexcept {
  constexpr std::uint32_t fk[4] = {0xa3b1bac6u, 0x56aa3350u, 0x677d9197u, 0xb27022dcu};
  std::uint32_t k[4];
  for (int i = 0; i < 4; ++i) k[i] = load_be32(key + 4 * i) ^ fk[i];
  for (std::uint32_t i = 0; i < 32; ++i) {
    // CK_i: byte j is (4i + j) * 7 mod 256.
    std::uint32_t ck = 0;
    for (std::uint32_t j = 0; j < 4; ++j) ck = (ck << 8) | (((4 * i + j) * 7) & 0xffu);
    const std::uint32_t b = sm4_tau(k[(i + 1) % 4] ^ k[(i + 2) % 4] ^ k[(i + 3) % 4] ^ ck);
    k[i % 4] ^= b ^ std::rotl(b, 13) ^ std::rotl(b, 23);
    ks.rk[i] = k[i % 4];
  }
  wipe(k);
}

}  // namespace detail

namespace detail {

const Sm4Kernel& Sm4Traits::default_kernel() noexcept {
  static const Sm4Kernel& k = sm4_select(cpu::detected());
  return k;
}

const BlockOps<16>& Sm4Traits::ops(const Sm4Kernel& k) noexcept { return k.ops; }

void Sm4Traits::expand(Sm4Schedule& ks, const Sm4Kernel& k, const std::uint8_t* key) noexcept {
  if (k.expand_key != nullptr)
    k.expand_key(ks, key);
  else
    sm4_expand_key(ks, key);
}

std::string_view Sm4Traits::name(const Sm4Kernel& k) noexcept { return k.info.name; }

}  // namespace detail

}  // namespace axiom
