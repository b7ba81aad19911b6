#include "axiom/aes.hpp"

#include <cstring>

#include "aes/aes_kernel.hpp"
#include "core/wipe.hpp"

namespace axiom {

namespace detail {

namespace {
constexpr const AesKernel* kernel_list[] = {
#if AXIOM_X86_64
    &aes_vaes_avx512, &aes_vaes_avx2, &aes_aesni,
#endif
#if AXIOM_AARCH64
    &aes_armv8,
#endif
    &aes_portable,
};
}  // namespace

std::span<const AesKernel* const> aes_kernels() noexcept { return kernel_list; }

const AesKernel& aes_select(cpu::Features f) noexcept {
  return select_kernel<AesKernel>(kernel_list, f);
}

}  // namespace detail

namespace detail {

template <std::size_t K>
const AesKernel& AesTraits<K>::default_kernel() noexcept {
  static const AesKernel& k = aes_select(cpu::detected());
  return k;
}

template <std::size_t K>
const BlockOps<16>& AesTraits<K>::ops(const AesKernel& k) noexcept {
  return k.ops;
}

template <std::size_t K>
void AesTraits<K>::expand(AesSchedule& ks, const AesKernel& k, const std::uint8_t* key) noexcept {
  std::uint8_t round_keys[240];
  const std::uint32_t rounds = aes_expand_key(round_keys, key, K);
  k.setup(ks, round_keys, rounds);
  wipe(round_keys);
}

template <std::size_t K>
std::string_view AesTraits<K>::name(const AesKernel& k) noexcept {
  return k.info.name;
}

template struct AesTraits<16>;
template struct AesTraits<24>;
template struct AesTraits<32>;

}  // namespace detail

}  // namespace axiom
