#include "axiom/sha256.hpp"

#include <algorithm>
#include <cstring>

#include "core/in_pairs.hpp"
#include "core/wipe.hpp"
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

// The buffer is not cleared here: bytes of it are only read after update() has written them.
Sha256::Sha256(const detail::Sha256Kernel& kernel) noexcept : kernel_(&kernel), length_(0) {
  std::memcpy(state_, initial_state, sizeof state_);
}

Sha256::~Sha256() {
  detail::wipe(state_);
  detail::wipe(buffer_);
}

void Sha256::reset() noexcept {
  detail::wipe(buffer_);
  std::memcpy(state_, initial_state, sizeof state_);
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
  // The final block(s) are composed in place 16 bytes at a time in vector registers and
  // stored whole, so that the kernel's 16-byte loads are forwarded from those stores: byte
  // stores there would stall the loads and cost about a quarter of a 64-byte hash.
  using V16 = std::uint8_t __attribute__((vector_size(16)));
  using V2x64 = std::uint64_t __attribute__((vector_size(16)));
  const std::size_t used = static_cast<std::size_t>(length_ % block_size);
  const std::size_t nblocks = used < block_size - 8 ? 1 : 2;
  const V16 lane = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  const V16 end = static_cast<std::uint8_t>(used) + V16{};
  for (std::size_t i = 0; i < 2 * block_size; i += 16) {
    V16 v;
    std::memcpy(&v, buffer_ + i, 16);
    const V16 index = static_cast<std::uint8_t>(i) + lane;
    const V16 keep = reinterpret_cast<V16>(index < end);  // lanes of all ones or zeros
    const V16 mark = reinterpret_cast<V16>(index == end);
    v = (v & keep) | (mark & 0x80);
    if (i + 16 == nblocks * block_size)
      v |= reinterpret_cast<V16>(V2x64{0, __builtin_bswap64(length_ << 3)});
    std::memcpy(buffer_ + i, &v, 16);
  }
  kernel_->compress_blocks(state_, buffer_, nblocks);
  for (std::size_t i = 0; i < 8; ++i) {
    const std::uint32_t word = __builtin_bswap32(state_[i]);
    std::memcpy(out.data() + 4 * i, &word, 4);
  }
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

std::span<const std::uint8_t> Sha256::fill_block(std::span<const std::uint8_t> data) noexcept {
  const std::size_t used = static_cast<std::size_t>(length_ % block_size);
  if (used == 0) return data;
  const std::size_t take = std::min(data.size(), block_size - used);
  update(data.first(take));
  return data.subspan(take);
}

void Sha256::update_pair(Sha256& a, std::span<const std::uint8_t> da, Sha256& b,
                         std::span<const std::uint8_t> db) noexcept {
  // Once both partial blocks are full (or a message has run out), whole blocks remain.
  da = a.fill_block(da);
  db = b.fill_block(db);
  const std::size_t common = std::min(da.size(), db.size()) / block_size;
  if (common > 0) {
    std::uint32_t* const states[2] = {a.state_, b.state_};
    const std::uint8_t* const blocks[2] = {da.data(), db.data()};
    a.kernel_->compress_blocks_x2(states, blocks, common);
    a.length_ += common * block_size;
    b.length_ += common * block_size;
    da = da.subspan(common * block_size);
    db = db.subspan(common * block_size);
  }
  a.update(da);
  b.update(db);
}

Status Sha256::update_many(std::span<Sha256* const> hashers,
                           std::span<const std::span<const std::uint8_t>> data) noexcept {
  return detail::update_in_pairs(hashers, data, [](Sha256& a, std::span<const std::uint8_t> da, Sha256& b,
                                                   std::span<const std::uint8_t> db) {
    if (a.kernel_ == b.kernel_) {
      update_pair(a, da, b, db);
    } else {
      a.update(da);
      b.update(db);
    }
  });
}

Status Sha256::hash_many(std::span<Digest> out,
                         std::span<const std::span<const std::uint8_t>> messages) noexcept {
  return detail::hash_in_pairs<Sha256>(out, messages, update_pair);
}

std::string_view Sha256::kernel_name() const noexcept { return kernel_->info.name; }

}  // namespace axiom
