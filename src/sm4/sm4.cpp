#include "axiom/sm4.hpp"

#include <bit>

#include "core/endian.hpp"
#include "core/wipe.hpp"
#include "modes/mode_util.hpp"
#include "sm4/sm4_kernel.hpp"

namespace axiom {

namespace detail {

namespace {
constexpr const Sm4Kernel* kernel_list[] = {
#if AXIOM_X86_64
    &sm4_gfni_avx512,
    &sm4_gfni_avx2,
    &sm4_vaes_avx2,
    &sm4_aesni_avx,
    &sm4_aesni,
#endif
#if AXIOM_AARCH64
    &sm4_armv8_sm4,
    &sm4_neon,
#endif
    &sm4_portable,
};
}  // namespace

std::span<const Sm4Kernel* const> sm4_kernels() noexcept { return kernel_list; }

const Sm4Kernel& sm4_select(cpu::Features f) noexcept { return select_kernel<Sm4Kernel>(kernel_list, f); }

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

namespace {
const detail::Sm4Kernel& default_kernel() noexcept {
  static const detail::Sm4Kernel& k = detail::sm4_select(cpu::detected());
  return k;
}
}  // namespace

Sm4::Sm4(std::span<const std::uint8_t, 16> key) noexcept : Sm4(key, default_kernel()) {}

Sm4::Sm4(std::span<const std::uint8_t, 16> key, const detail::Sm4Kernel& kernel) noexcept : kernel_(&kernel) {
  if (kernel.expand_key != nullptr) {
    kernel.expand_key(schedule_, key.data());
  } else {
    detail::sm4_expand_key(schedule_, key.data());
  }
}

Sm4::~Sm4() { detail::wipe(schedule_); }

Result<Sm4> Sm4::from_key(std::span<const std::uint8_t> key) noexcept {
  if (key.size() != 16) return Error::invalid_key_size;
  return Sm4(key.first<16>());
}

Status Sm4::encrypt_blocks(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) const noexcept {
  if (Status s = detail::check_blocks(out, in); !s) return s;
  kernel_->ops.encrypt_blocks(&schedule_, out.data(), in.data(), in.size() / 16);
  return {};
}

Status Sm4::decrypt_blocks(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) const noexcept {
  if (Status s = detail::check_blocks(out, in); !s) return s;
  kernel_->ops.decrypt_blocks(&schedule_, out.data(), in.data(), in.size() / 16);
  return {};
}

void Sm4::encrypt_block(std::span<std::uint8_t, 16> out, std::span<const std::uint8_t, 16> in) const noexcept {
  kernel_->ops.encrypt_blocks(&schedule_, out.data(), in.data(), 1);
}

void Sm4::decrypt_block(std::span<std::uint8_t, 16> out, std::span<const std::uint8_t, 16> in) const noexcept {
  kernel_->ops.decrypt_blocks(&schedule_, out.data(), in.data(), 1);
}

std::string_view Sm4::kernel_name() const noexcept { return kernel_->info.name; }

detail::BlockCipherRef Sm4::block_ref() const noexcept { return {&kernel_->ops, &schedule_}; }

}  // namespace axiom
