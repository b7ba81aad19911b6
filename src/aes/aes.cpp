#include "axiom/aes.hpp"

#include <cstring>

#include "aes/aes_kernel.hpp"
#include "core/wipe.hpp"
#include "modes/mode_util.hpp"

namespace axiom {

namespace detail {

namespace {
constexpr const AesKernel* kernel_list[] = {
#if AXIOM_X86_64
    &aes_vaes_avx512,
    &aes_vaes_avx2,
    &aes_aesni,
#endif
#if AXIOM_AARCH64
    &aes_armv8,
#endif
    &aes_portable,
};
}  // namespace

std::span<const AesKernel* const> aes_kernels() noexcept { return kernel_list; }

const AesKernel& aes_select(cpu::Features f) noexcept { return select_kernel<AesKernel>(kernel_list, f); }

}  // namespace detail

namespace {
const detail::AesKernel& default_kernel() noexcept {
  static const detail::AesKernel& k = detail::aes_select(cpu::detected());
  return k;
}
}  // namespace

template <std::size_t K>
AesCipher<K>::AesCipher(std::span<const std::uint8_t, K> key) noexcept : AesCipher(key, default_kernel()) {}

template <std::size_t K>
AesCipher<K>::AesCipher(std::span<const std::uint8_t, K> key, const detail::AesKernel& kernel) noexcept
    : kernel_(&kernel), ops_(&kernel.ops) {
  std::uint8_t round_keys[240];
  const std::uint32_t rounds = detail::aes_expand_key(round_keys, key.data(), K);
  kernel.setup(schedule_, round_keys, rounds);
  detail::wipe(round_keys);
}

template <std::size_t K>
AesCipher<K>::~AesCipher() {
  detail::wipe(schedule_);
}

template <std::size_t K>
Result<AesCipher<K>> AesCipher<K>::from_key(std::span<const std::uint8_t> key) noexcept {
  if (key.size() != K) return Error::invalid_key_size;
  return AesCipher(key.template first<K>());
}

template <std::size_t K>
Status AesCipher<K>::encrypt_blocks(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) const noexcept {
  if (Status s = detail::check_blocks(out, in); !s) return s;
  kernel_->ops.encrypt_blocks(&schedule_, out.data(), in.data(), in.size() / 16);
  return {};
}

template <std::size_t K>
Status AesCipher<K>::decrypt_blocks(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) const noexcept {
  if (Status s = detail::check_blocks(out, in); !s) return s;
  kernel_->ops.decrypt_blocks(&schedule_, out.data(), in.data(), in.size() / 16);
  return {};
}

template <std::size_t K>
void AesCipher<K>::encrypt_block(std::span<std::uint8_t, 16> out, std::span<const std::uint8_t, 16> in) const noexcept {
  kernel_->ops.encrypt_blocks(&schedule_, out.data(), in.data(), 1);
}

template <std::size_t K>
void AesCipher<K>::decrypt_block(std::span<std::uint8_t, 16> out, std::span<const std::uint8_t, 16> in) const noexcept {
  kernel_->ops.decrypt_blocks(&schedule_, out.data(), in.data(), 1);
}

template <std::size_t K>
std::string_view AesCipher<K>::kernel_name() const noexcept {
  return kernel_->info.name;
}

template class AesCipher<16>;
template class AesCipher<24>;
template class AesCipher<32>;

}  // namespace axiom
