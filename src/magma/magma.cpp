// The list of Magma kernels, the key schedule they share, and the Magma class's traits.
#include "core/endian.hpp"
#include "magma/magma_kernel.hpp"

namespace axiom::detail {

namespace {
constexpr const MagmaKernel* kernel_list[] = {
#if AXIOM_X86_64
    &magma_avx512_vbmi,
    &magma_avx2,
#endif
    &magma_portable,
};
}  // namespace

std::span<const MagmaKernel* const> magma_kernels() noexcept { return kernel_list; }

const MagmaKernel& magma_select(cpu::Features f) noexcept {
  return select_kernel<MagmaKernel>(kernel_list, f);
}

void magma_schedule_from_key(MagmaSchedule& ks, const std::uint8_t key[32]) noexcept {
  for (int i = 0; i < 8; ++i) ks.k[i] = load_be32(key + 4 * i);
}

const MagmaKernel& MagmaTraits::default_kernel() noexcept {
  static const MagmaKernel& k = magma_select(cpu::detected());
  return k;
}

const BlockOps<8>& MagmaTraits::ops(const MagmaKernel& k) noexcept { return k.ops; }

void MagmaTraits::expand(MagmaSchedule& ks, const MagmaKernel&, const std::uint8_t* key) noexcept {
  magma_schedule_from_key(ks, key);
}

std::string_view MagmaTraits::name(const MagmaKernel& k) noexcept { return k.info.name; }

}  // namespace axiom::detail
