#include "axiom/sha256.hpp"

#include <algorithm>
#include <cstring>

#include "core/wipe.hpp"
#include "sha256/sha256_kernel.hpp"

namespace axiom {

namespace detail {

namespace {
constexpr const Sha256Kernel* kernel_list[] = {
#if AXIOM_X86_64
    &sha256_avx512_shani,
    &sha256_shani,
#endif
#if AXIOM_AARCH64
    &sha256_armv8,
#endif
    &sha256_portable,
};
}  // namespace

std::span<const Sha256Kernel* const> sha256_kernels() noexcept { return kernel_list; }

const Sha256Kernel& sha256_select(cpu::Features f) noexcept {
  return select_kernel<Sha256Kernel>(kernel_list, f);
}

const std::uint32_t sha256_round_constants[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
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

std::size_t Sha256::pad() noexcept {
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
  return nblocks;
}

void Sha256::output(std::span<std::uint8_t, digest_size> out) noexcept {
  for (std::size_t i = 0; i < 8; ++i) {
    const std::uint32_t word = __builtin_bswap32(state_[i]);
    std::memcpy(out.data() + 4 * i, &word, 4);
  }
  reset();
}

void Sha256::finish(std::span<std::uint8_t, digest_size> out) noexcept {
  kernel_->compress_blocks(state_, buffer_, pad());
  output(out);
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

namespace {

// One message's whole blocks, waiting for the kernel.
struct Run {
  std::uint32_t* state;
  const std::uint8_t* blocks;
  std::size_t nblocks;
};

// update_many and hash_many take the messages sixteen at a time, the widest kernel call.
constexpr std::size_t batch = 16;

// A sixteen-lane call costs the same however many of its lanes are wanted: with fewer messages
// than this left, pairs through compress_blocks_x2 are about as fast or faster (the crossing
// point is lower for long runs than for one-block ones).
constexpr std::size_t x16_min_messages = 12;

void advance(Run& r, std::size_t nblocks) noexcept {
  r.blocks += nblocks * Sha256::block_size;
  r.nblocks -= nblocks;
}

// compress_runs compresses n <= batch runs with kernel k: sixteen at a time while at least
// x16_min_messages of them have blocks left (unused lanes repeat the first lane), then two at a
// time, then the last one alone. Each call takes as many blocks as the shortest run in it has
// left, and the runs that still have blocks go on.
void compress_runs(const detail::Sha256Kernel& k, Run* runs, std::size_t n) noexcept {
  std::size_t live = 0;
  for (std::size_t i = 0; i < n; ++i) live += runs[i].nblocks != 0 ? 1 : 0;
  while (k.compress_blocks_x16 != nullptr && live >= x16_min_messages) {
    std::uint32_t* states[16];
    const std::uint8_t* blocks[16];
    std::size_t lanes = 0, common = SIZE_MAX;
    for (std::size_t i = 0; i < n; ++i) {
      if (runs[i].nblocks == 0) continue;
      states[lanes] = runs[i].state;
      blocks[lanes++] = runs[i].blocks;
      common = std::min(common, runs[i].nblocks);
    }
    for (; lanes < 16; ++lanes) {
      states[lanes] = states[0];
      blocks[lanes] = blocks[0];
    }
    k.compress_blocks_x16(states, blocks, common);
    for (std::size_t i = 0; i < n; ++i) {
      if (runs[i].nblocks == 0) continue;
      advance(runs[i], common);
      live -= runs[i].nblocks == 0 ? 1 : 0;
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    Run& a = runs[i];
    std::size_t j = i + 1;
    while (a.nblocks != 0 && j < n) {
      Run& b = runs[j];
      if (b.nblocks != 0) {
        const std::size_t common = std::min(a.nblocks, b.nblocks);
        std::uint32_t* const states[2] = {a.state, b.state};
        const std::uint8_t* const blocks[2] = {a.blocks, b.blocks};
        k.compress_blocks_x2(states, blocks, common);
        advance(a, common);
        advance(b, common);
      }
      if (b.nblocks == 0) ++j;
    }
    if (a.nblocks != 0) {
      k.compress_blocks(a.state, a.blocks, a.nblocks);
      advance(a, a.nblocks);
    }
  }
}

}  // namespace

void Sha256::update_batch(std::span<Sha256* const> hashers,
                          std::span<const std::span<const std::uint8_t>> data) noexcept {
  // Once the partial blocks are full (or a message has run out), whole blocks remain; those of
  // the hashers sharing the first one's kernel go through it together.
  const detail::Sha256Kernel& k = *hashers[0]->kernel_;
  Run runs[batch];
  std::span<const std::uint8_t> rest[batch];
  for (std::size_t i = 0; i < hashers.size(); ++i) {
    rest[i] = hashers[i]->fill_block(data[i]);
    const std::size_t nblocks = hashers[i]->kernel_ == &k ? rest[i].size() / block_size : 0;
    runs[i] = {hashers[i]->state_, rest[i].data(), nblocks};
    hashers[i]->length_ += nblocks * block_size;
    rest[i] = rest[i].subspan(nblocks * block_size);
  }
  compress_runs(k, runs, hashers.size());
  for (std::size_t i = 0; i < hashers.size(); ++i) hashers[i]->update(rest[i]);
}

Status Sha256::update_many(std::span<Sha256* const> hashers,
                           std::span<const std::span<const std::uint8_t>> data) noexcept {
  if (hashers.size() != data.size()) return Error::output_size_mismatch;
  for (std::size_t i = 0; i < hashers.size(); i += batch) {
    const std::size_t n = std::min(batch, hashers.size() - i);
    update_batch(hashers.subspan(i, n), data.subspan(i, n));
  }
  return {};
}

Status Sha256::hash_many(std::span<Digest> out,
                         std::span<const std::span<const std::uint8_t>> messages) noexcept {
  if (out.size() != messages.size()) return Error::output_size_mismatch;
  const detail::Sha256Kernel& k = default_kernel();
  for (std::size_t first = 0; first < messages.size(); first += batch) {
    const std::size_t n = std::min(batch, messages.size() - first);
    Sha256 h[batch];
    Run runs[batch];
    // The whole blocks, then the final padded one or two of every message, each set in step.
    for (std::size_t i = 0; i < n; ++i) {
      const std::span<const std::uint8_t> m = messages[first + i];
      runs[i] = {h[i].state_, m.data(), m.size() / block_size};
      h[i].length_ = m.size() / block_size * block_size;
      h[i].update(m.subspan(h[i].length_));
    }
    compress_runs(k, runs, n);
    for (std::size_t i = 0; i < n; ++i) runs[i] = {h[i].state_, h[i].buffer_, h[i].pad()};
    compress_runs(k, runs, n);
    for (std::size_t i = 0; i < n; ++i) h[i].output(out[first + i]);
  }
  return {};
}

std::string_view Sha256::kernel_name() const noexcept { return kernel_->info.name; }

}  // namespace axiom
