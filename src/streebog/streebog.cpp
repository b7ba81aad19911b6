#include "axiom/streebog.hpp"

#include <algorithm>
#include <cstring>

#include "core/in_pairs.hpp"
#include "core/wipe.hpp"
#include "streebog/streebog_kernel.hpp"

namespace axiom {

namespace detail {

namespace {
// The constant-time kernels come first (AVX-512 with GFNI, AVX2, then SSE4.1 for older x86-64):
// the table kernel can be faster but is never the default where a constant-time kernel runs
// (select_kernel).
constexpr const StreebogKernel* kernel_list[] = {
#if AXIOM_X86_64
    &streebog_avx512_gfni, &streebog_avx2, &streebog_sse41,
#endif
#if AXIOM_AARCH64
    &streebog_neon,
#endif
    &streebog_portable,
};
}  // namespace

std::span<const StreebogKernel* const> streebog_kernels() noexcept { return kernel_list; }

const StreebogKernel& streebog_select(cpu::Features f) noexcept {
  return select_kernel<StreebogKernel>(kernel_list, f);
}

}  // namespace detail

namespace {

const detail::StreebogKernel& default_kernel() noexcept {
  static const detail::StreebogKernel& k = detail::streebog_select(cpu::detected());
  return k;
}

// The initial chaining value: all bytes 0x01 for 256 bits, zero for 512 (RFC 6986 section 5).
template <std::size_t Bits>
void start(detail::StreebogState& s) noexcept {
  const std::uint64_t iv = Bits == 256 ? 0x0101010101010101u : 0;
  for (int i = 0; i < 8; ++i) {
    s.h[i] = iv;
    s.n[i] = 0;
    s.sigma[i] = 0;
  }
}

}  // namespace

template <std::size_t Bits>
Streebog<Bits>::Streebog() noexcept : Streebog(default_kernel()) {}

// The buffer is not cleared here: bytes of it are only read after update() has written them.
template <std::size_t Bits>
Streebog<Bits>::Streebog(const detail::StreebogKernel& kernel) noexcept
    : kernel_(&kernel), used_(0) {
  start<Bits>(state_);
}

template <std::size_t Bits>
Streebog<Bits>::~Streebog() {
  detail::wipe(state_);
  detail::wipe(buffer_);
}

template <std::size_t Bits>
void Streebog<Bits>::reset() noexcept {
  detail::wipe(buffer_);
  start<Bits>(state_);
  used_ = 0;
}

template <std::size_t Bits>
void Streebog<Bits>::update(std::span<const std::uint8_t> data) noexcept {
  const std::uint8_t* p = data.data();
  std::size_t n = data.size();
  if (n == 0) return;
  if (used_ != 0) {
    const std::size_t take = n < block_size - used_ ? n : block_size - used_;
    std::memcpy(buffer_ + used_, p, take);
    p += take;
    n -= take;
    used_ += take;
    if (used_ < block_size) return;
    kernel_->compress_blocks(state_, buffer_, 1);
    used_ = 0;
  }
  // Whole blocks go straight to the kernel: unlike SHA-2, the padding always adds a block of
  // its own when the message ends at a block edge, so no block needs to be held back.
  if (n >= block_size) {
    kernel_->compress_blocks(state_, p, n / block_size);
    p += n / block_size * block_size;
    n %= block_size;
  }
  if (n != 0) std::memcpy(buffer_, p, n);
  used_ = n;
}

template <std::size_t Bits>
void Streebog<Bits>::finish(std::span<std::uint8_t, digest_size> out) noexcept {
  // The last block: the remaining bytes, then 0x01, then zeros (RFC 6986 section 8.3).
  std::memset(buffer_ + used_, 0, block_size - used_);
  buffer_[used_] = 0x01;
  std::uint64_t m[8];
  for (int i = 0; i < 8; ++i) m[i] = detail::streebog_load64(buffer_ + 8 * i);
  const std::uint64_t zero[8] = {};
  kernel_->compress(state_.h, state_.n, m);
  detail::streebog_add_bits(state_.n, 8 * used_);
  detail::streebog_add512(state_.sigma, m);
  kernel_->compress(state_.h, zero, state_.n);
  kernel_->compress(state_.h, zero, state_.sigma);
  // The 256-bit digest is the most significant half, which is the upper 32 bytes in memory.
  constexpr int first = Bits == 256 ? 4 : 0;
  for (int i = first; i < 8; ++i)
    detail::streebog_store64(out.data() + 8 * (i - first), state_.h[i]);
  detail::wipe(m);
  reset();
}

template <std::size_t Bits>
typename Streebog<Bits>::Digest Streebog<Bits>::finish() noexcept {
  Digest d;
  finish(d);
  return d;
}

template <std::size_t Bits>
void Streebog<Bits>::hash(std::span<std::uint8_t, digest_size> out,
                          std::span<const std::uint8_t> data) noexcept {
  Streebog h;
  h.update(data);
  h.finish(out);
}

template <std::size_t Bits>
typename Streebog<Bits>::Digest Streebog<Bits>::hash(std::span<const std::uint8_t> data) noexcept {
  Digest d;
  hash(d, data);
  return d;
}

template <std::size_t Bits>
std::span<const std::uint8_t> Streebog<Bits>::fill_block(
    std::span<const std::uint8_t> data) noexcept {
  if (used_ == 0) return data;
  const std::size_t take = std::min(data.size(), block_size - used_);
  update(data.first(take));
  return data.subspan(take);
}

template <std::size_t Bits>
void Streebog<Bits>::update_pair(Streebog& a, std::span<const std::uint8_t> da, Streebog& b,
                                 std::span<const std::uint8_t> db) noexcept {
  // Once both partial blocks are full (or a message has run out), whole blocks remain.
  da = a.fill_block(da);
  db = b.fill_block(db);
  const std::size_t common = std::min(da.size(), db.size()) / block_size;
  if (common > 0) {
    detail::StreebogState* const states[2] = {&a.state_, &b.state_};
    const std::uint8_t* const blocks[2] = {da.data(), db.data()};
    a.kernel_->compress_blocks_x2(states, blocks, common);
    da = da.subspan(common * block_size);
    db = db.subspan(common * block_size);
  }
  a.update(da);
  b.update(db);
}

template <std::size_t Bits>
Status Streebog<Bits>::update_many(std::span<Streebog* const> hashers,
                                   std::span<const std::span<const std::uint8_t>> data) noexcept {
  return detail::update_in_pairs(hashers, data,
                                 [](Streebog& a, std::span<const std::uint8_t> da, Streebog& b,
                                    std::span<const std::uint8_t> db) {
                                   if (a.kernel_ == b.kernel_) {
                                     update_pair(a, da, b, db);
                                   } else {
                                     a.update(da);
                                     b.update(db);
                                   }
                                 });
}

template <std::size_t Bits>
Status Streebog<Bits>::hash_many(std::span<Digest> out,
                                 std::span<const std::span<const std::uint8_t>> messages) noexcept {
  return detail::hash_in_pairs<Streebog>(out, messages, update_pair);
}

template <std::size_t Bits>
std::string_view Streebog<Bits>::kernel_name() const noexcept {
  return kernel_->info.name;
}

template class Streebog<256>;
template class Streebog<512>;

}  // namespace axiom
