#include "axiom/kuznyechik.hpp"

#include <cstring>

#include "core/wipe.hpp"
#include "kuznyechik/kuznyechik_constants.hpp"
#include "kuznyechik/kuznyechik_kernel.hpp"
#include "modes/mode_util.hpp"

namespace axiom {

namespace detail {

namespace {
constexpr const KuznyechikKernel* kernel_list[] = {
#if AXIOM_X86_64
    &kuznyechik_avx512_gfni,
    &kuznyechik_avx2,
#endif
#if AXIOM_AARCH64
    &kuznyechik_neon,
#endif
    &kuznyechik_tables,
    &kuznyechik_portable,
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

namespace {
const detail::KuznyechikKernel& default_kernel() noexcept {
  static const detail::KuznyechikKernel& k = detail::kuznyechik_select(cpu::detected());
  return k;
}
}  // namespace

Kuznyechik::Kuznyechik(std::span<const std::uint8_t, 32> key) noexcept : Kuznyechik(key, default_kernel()) {}

Kuznyechik::Kuznyechik(std::span<const std::uint8_t, 32> key, const detail::KuznyechikKernel& kernel) noexcept
    : kernel_(&kernel) {
  detail::kuznyechik_expand_key(schedule_, key.data(), kernel.ls);
  kernel.setup(schedule_);
}

void Kuznyechik::rekey(std::span<const std::uint8_t, 32> key) noexcept {
  detail::kuznyechik_expand_key(schedule_, key.data(), kernel_->ls);
  kernel_->setup(schedule_);
}

Kuznyechik::~Kuznyechik() { detail::wipe(schedule_); }

Result<Kuznyechik> Kuznyechik::from_key(std::span<const std::uint8_t> key) noexcept {
  if (key.size() != key_size) return Error::invalid_key_size;
  return Kuznyechik(key.first<32>());
}

Status Kuznyechik::encrypt_blocks(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) const noexcept {
  if (Status s = detail::check_blocks(out, in); !s) return s;
  kernel_->ops.encrypt_blocks(&schedule_, out.data(), in.data(), in.size() / 16);
  return {};
}

Status Kuznyechik::decrypt_blocks(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) const noexcept {
  if (Status s = detail::check_blocks(out, in); !s) return s;
  kernel_->ops.decrypt_blocks(&schedule_, out.data(), in.data(), in.size() / 16);
  return {};
}

void Kuznyechik::encrypt_block(std::span<std::uint8_t, 16> out, std::span<const std::uint8_t, 16> in) const noexcept {
  kernel_->ops.encrypt_blocks(&schedule_, out.data(), in.data(), 1);
}

void Kuznyechik::decrypt_block(std::span<std::uint8_t, 16> out, std::span<const std::uint8_t, 16> in) const noexcept {
  kernel_->ops.decrypt_blocks(&schedule_, out.data(), in.data(), 1);
}

std::string_view Kuznyechik::kernel_name() const noexcept { return kernel_->info.name; }

detail::BlockCipherRef Kuznyechik::block_ref() const noexcept { return {&kernel_->ops, &schedule_}; }

}  // namespace axiom
