#include "axiom/sha256.hpp"

#include <cstring>

#include "axiom/bytes.hpp"
#include "sha256/sha256_kernel.hpp"

namespace axiom {

namespace detail {

namespace {
constexpr const Sha256Kernel* kernel_list[] = {
#if AXIOM_X86_64
    &sha256_shani,
#endif
    &sha256_portable,
};
}  // namespace

std::span<const Sha256Kernel* const> sha256_kernels() noexcept { return kernel_list; }

const Sha256Kernel& sha256_select(cpu::Features f) noexcept {
  return select_kernel<Sha256Kernel>(kernel_list, f);
}

const std::uint32_t sha256_round_constants[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
    0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
    0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
    0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
    0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
    0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
    0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
    0xc67178f2,
};

}  // namespace detail

namespace {
constexpr std::uint32_t initial_state[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                            0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

const detail::Sha256Kernel& default_kernel() noexcept {
  static const detail::Sha256Kernel& k = detail::sha256_select(cpu::detected());
  return k;
}
}  // namespace

Sha256::Sha256() noexcept : Sha256(default_kernel()) {}

Sha256::Sha256(const detail::Sha256Kernel& kernel) noexcept : kernel_(&kernel) { reset(); }

Sha256::~Sha256() {
  secure_wipe(state_, sizeof state_);
  secure_wipe(buffer_, sizeof buffer_);
}

void Sha256::reset() noexcept {
  std::memcpy(state_, initial_state, sizeof state_);
  secure_wipe(buffer_, sizeof buffer_);
  length_ = 0;
}

void Sha256::update(std::span<const std::uint8_t> data) noexcept {
  const std::uint8_t* p = data.data();
  std::size_t n = data.size();
  if (n == 0) return;
  std::size_t used = static_cast<std::size_t>(length_ % block_size);
  length_ += n;
  if (used != 0) {
    const std::size_t take = n < block_size - used ? n : block_size - used;
    std::memcpy(buffer_ + used, p, take);
    p += take;
    n -= take;
    if (used + take < block_size) return;
    kernel_->compress_blocks(state_, buffer_, 1);
  }
  if (n >= block_size) {
    kernel_->compress_blocks(state_, p, n / block_size);
    p += n / block_size * block_size;
    n %= block_size;
  }
  if (n != 0) std::memcpy(buffer_, p, n);
}

void Sha256::finish(std::span<std::uint8_t, digest_size> out) noexcept {
  // Padding: 0x80, zeros, then the bit length as a 64-bit big-endian number, to a block edge.
  const std::size_t used = static_cast<std::size_t>(length_ % block_size);
  const std::uint64_t bits = length_ << 3;
  buffer_[used] = 0x80;
  std::memset(buffer_ + used + 1, 0, block_size - used - 1);
  if (used >= block_size - 8) {
    kernel_->compress_blocks(state_, buffer_, 1);
    std::memset(buffer_, 0, block_size);
  }
  for (std::size_t i = 0; i < 8; ++i)
    buffer_[block_size - 1 - i] = static_cast<std::uint8_t>(bits >> (8 * i));
  kernel_->compress_blocks(state_, buffer_, 1);
  for (std::size_t i = 0; i < 8; ++i)
    for (std::size_t j = 0; j < 4; ++j)
      out[4 * i + j] = static_cast<std::uint8_t>(state_[i] >> (24 - 8 * j));
  reset();
}

Sha256::Digest Sha256::finish() noexcept {
  Digest d;
  finish(d);
  return d;
}

void Sha256::hash(std::span<std::uint8_t, digest_size> out,
                  std::span<const std::uint8_t> data) noexcept {
  Sha256 h;
  h.update(data);
  h.finish(out);
}

Sha256::Digest Sha256::hash(std::span<const std::uint8_t> data) noexcept {
  Digest d;
  hash(d, data);
  return d;
}

std::string_view Sha256::kernel_name() const noexcept { return kernel_->info.name; }

}  // namespace axiom
