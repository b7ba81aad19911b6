// The GHASH kernels compiled in, best first, and the choice among them.
#include "ghash/ghash_kernel.hpp"

namespace axiom::detail {

namespace {
constexpr const GhashKernel* kernel_list[] = {
#if AXIOM_X86_64
    &ghash_vpclmul_avx512, &ghash_vpclmul_avx2, &ghash_pclmul,
#endif
#if AXIOM_AARCH64
    &ghash_pmull,
#endif
    &ghash_portable,
};
}  // namespace

std::span<const GhashKernel* const> ghash_kernels() noexcept { return kernel_list; }

const GhashKernel& ghash_select(cpu::Features f) noexcept {
  return select_kernel<GhashKernel>(kernel_list, f);
}

const GhashKernel& ghash_default() noexcept {
  static const GhashKernel& k = ghash_select(cpu::detected());
  return k;
}

std::string_view ghash_name(const GhashKernel& g) noexcept { return g.info.name; }

}  // namespace axiom::detail
