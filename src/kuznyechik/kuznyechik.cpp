#include "axiom/kuznyechik.hpp"

#include <cstring>

#include "core/wipe.hpp"
#include "kuznyechik/kuznyechik_constants.hpp"
#include "kuznyechik/kuznyechik_kernel.hpp"

namespace axiom {

namespace detail {

namespace {
constexpr const KuznyechikKernel* kernel_list[] = {
#if AXIOM_X86_64
    &kuznyechik_avx512_gfni, &kuznyechik_avx2,
#endif
#if AXIOM_AARCH64
    &kuznyechik_neon,
#endif
    &kuznyechik_tables,      &kuznyechik_portable,
};
}  // namespace

std::span<const KuznyechikKernel* const> kuznyechik_kernels() noexcept { return kernel_list; }

const KuznyechikKernel& kuznyechik_select(cpu::Features f) noexcept {
  return select_kernel<KuznyechikKernel>(kernel_list, f);
}

// The Feistel key schedule of RFC 7801 section 4.3: (K_{2i+1}, K_{2i+2}) come from
// (K_{2i-1}, K_{2i}) through eight rounds F[C] (a1, a0) = (LSX[C](a1) ^ a0, a1).
void kuznyechik_expand_key(KuznyechikSchedule& ks, const std::uint8_t key[32],
                           void (*ls)(std::uint8_t block[16]) noexcept) noexcept {
  std::uint8_t a1[16], a0[16], t[16];
  std::memcpy(a1, key, 16);
  std::memcpy(a0, key + 16, 16);
  std::memcpy(ks.enc[0], a1, 16);
  std::memcpy(ks.enc[1], a0, 16);
  for (int i = 0; i < 4; ++i) {
    for (int k = 0; k < 8; ++k) {
      const kuz::Block& c = kuz::round_constants[static_cast<std::size_t>(8 * i + k)];
      for (int j = 0; j < 16; ++j) t[j] = a1[j] ^ c[static_cast<std::size_t>(j)];
      ls(t);
      for (int j = 0; j < 16; ++j) t[j] ^= a0[j];
      std::memcpy(a0, a1, 16);
      std::memcpy(a1, t, 16);
    }
    std::memcpy(ks.enc[2 * i + 2], a1, 16);
    std::memcpy(ks.enc[2 * i + 3], a0, 16);
  }
  wipe(a1);
  wipe(a0);
  wipe(t);
}

}  // namespace detail

namespace detail {

const KuznyechikKernel& KuznyechikTraits::default_kernel() noexcept {
  static const KuznyechikKernel& k = kuznyechik_select(cpu::detected());
  return k;
}

const BlockOps<16>& KuznyechikTraits::ops(const KuznyechikKernel& k) noexcept { return k.ops; }

void KuznyechikTraits::expand(KuznyechikSchedule& ks, const KuznyechikKernel& k,
                              const std::uint8_t* key) noexcept {
  kuznyechik_expand_key(ks, key, k.ls);
  k.setup(ks);
}

std::string_view KuznyechikTraits::name(const KuznyechikKernel& k) noexcept { return k.info.name; }

}  // namespace detail

}  // namespace axiom
