#include "axiom/poly1305.hpp"

#include <cstring>

#include "axiom/bytes.hpp"
#include "core/endian.hpp"
#include "core/wipe.hpp"
#include "poly1305/poly1305_kernel.hpp"

namespace axiom {

namespace detail {

namespace {
constexpr const Poly1305Kernel* kernel_list[] = {
#if AXIOM_X86_64
    &poly1305_avx512_ifma,
    &poly1305_avx2,
#endif
    &poly1305_portable,
};
}  // namespace

std::span<const Poly1305Kernel* const> poly1305_kernels() noexcept { return kernel_list; }

const Poly1305Kernel& poly1305_select(cpu::Features f) noexcept {
  return select_kernel<Poly1305Kernel>(kernel_list, f);
}

const Poly1305Kernel& poly1305_default() noexcept {
  static const Poly1305Kernel& k = poly1305_select(cpu::detected());
  return k;
}

}  // namespace detail

namespace {

using detail::load_le64;
using detail::store_le64;

__extension__ typedef unsigned __int128 u128;  // a GCC/clang extension, hence the marker

}  // namespace

Poly1305::Poly1305(std::span<const std::uint8_t, key_size> key) noexcept
    : Poly1305(key, detail::poly1305_default()) {}

Poly1305::Poly1305(std::span<const std::uint8_t, key_size> key,
                   const detail::Poly1305Kernel& kernel) noexcept
    : kernel_(&kernel), buffered_(0) {
  state_.h[0] = state_.h[1] = state_.h[2] = 0;
  state_.r[0] = load_le64(key.data()) & 0x0ffffffc0fffffffu;
  state_.r[1] = load_le64(key.data() + 8) & 0x0ffffffc0ffffffcu;
  state_.powers_ready = false;
  s_[0] = load_le64(key.data() + 16);
  s_[1] = load_le64(key.data() + 24);
}

namespace {
// The powers are wiped only if a kernel computed them: short messages skip those 384 bytes.
void wipe_state(detail::Poly1305State& st) noexcept {
  detail::wipe(st.h);
  detail::wipe(st.r);
  if (st.powers_ready) detail::wipe(st.powers);
  st.powers_ready = false;
}
}  // namespace

Poly1305::~Poly1305() {
  wipe_state(state_);
  detail::wipe(s_);
  detail::wipe(buffer_);
}

void Poly1305::update(std::span<const std::uint8_t> data) noexcept {
  const std::uint8_t* p = data.data();
  std::size_t n = data.size();
  if (n == 0) return;
  if (buffered_ != 0) {
    const std::size_t take = n < block_size - buffered_ ? n : block_size - buffered_;
    std::memcpy(buffer_ + buffered_, p, take);
    buffered_ += take;
    p += take;
    n -= take;
    if (buffered_ < block_size) return;
    kernel_->blocks(state_, buffer_, 1, 1);
    buffered_ = 0;
  }
  if (n >= block_size) {
    kernel_->blocks(state_, p, n / block_size, 1);
    p += n / block_size * block_size;
    n %= block_size;
  }
  if (n != 0) {
    std::memcpy(buffer_, p, n);
    buffered_ = n;
  }
}

void Poly1305::finish(std::span<std::uint8_t, tag_size> out) noexcept {
  if (buffered_ != 0) {
    // A short last block: its bytes, then 1, then zeros, and no 2^128 bit.
    buffer_[buffered_] = 1;
    std::memset(buffer_ + buffered_ + 1, 0, block_size - buffered_ - 1);
    kernel_->blocks(state_, buffer_, 1, 0);
  }
  // h < 2^131 here. Subtract p = 2^130 - 5 once if h >= p: g = h + 5 - 2^130, kept when it does
  // not borrow, chosen with a mask (no branch).
  const std::uint64_t* h = state_.h;
  const u128 g0 = static_cast<u128>(h[0]) + 5;
  const u128 g1 = static_cast<u128>(h[1]) + static_cast<std::uint64_t>(g0 >> 64);
  const std::uint64_t g2 = h[2] + static_cast<std::uint64_t>(g1 >> 64);
  const std::uint64_t use_g = 0 - (g2 >> 2);  // all ones when h + 5 >= 2^130
  const std::uint64_t h0 = (static_cast<std::uint64_t>(g0) & use_g) | (h[0] & ~use_g);
  const std::uint64_t h1 = (static_cast<std::uint64_t>(g1) & use_g) | (h[1] & ~use_g);
  // tag = h + s mod 2^128
  const u128 t0 = static_cast<u128>(h0) + s_[0];
  const std::uint64_t t1 = h1 + s_[1] + static_cast<std::uint64_t>(t0 >> 64);
  store_le64(out.data(), static_cast<std::uint64_t>(t0));
  store_le64(out.data() + 8, t1);
  wipe_state(state_);
  detail::wipe(s_);
  detail::wipe(buffer_);
  buffered_ = 0;
}

Poly1305::Tag Poly1305::finish() noexcept {
  Tag t;
  finish(t);
  return t;
}

Status Poly1305::verify(std::span<const std::uint8_t, tag_size> tag) noexcept {
  Tag mine = finish();
  const bool same = ct_equal(mine, tag);
  secure_wipe(mine);
  // The verdict from a mask, not a branch (the constant-time test sees no secret branch).
  const auto fail = static_cast<std::uint8_t>(static_cast<unsigned>(same) - 1u);
  return static_cast<Error>(fail & static_cast<std::uint8_t>(Error::authentication_failed));
}

void Poly1305::mac(std::span<std::uint8_t, tag_size> out,
                   std::span<const std::uint8_t, key_size> key,
                   std::span<const std::uint8_t> data) noexcept {
  Poly1305 m(key);
  m.update(data);
  m.finish(out);
}

Poly1305::Tag Poly1305::mac(std::span<const std::uint8_t, key_size> key,
                            std::span<const std::uint8_t> data) noexcept {
  Tag t;
  mac(t, key, data);
  return t;
}

std::string_view Poly1305::kernel_name() const noexcept { return kernel_->info.name; }

}  // namespace axiom
