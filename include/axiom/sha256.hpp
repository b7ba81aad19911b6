// sha256.hpp: SHA-256 (FIPS 180-4).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "axiom/result.hpp"

namespace axiom {

namespace detail {
struct Sha256Kernel;
}

// Sha256 hashes a message of any length (up to 2^61 - 1 bytes) into a 32-byte digest, in
// pieces: update() any number of times, then finish(). It keeps a one-block buffer, allocates
// nothing and takes input at any alignment. Copying an object forks the hash mid-stream.
// finish() wipes the state and leaves the object ready for a new message. One object must not
// be used by two threads at once; distinct objects are independent.
class Sha256 {
 public:
  static constexpr std::size_t digest_size = 32;
  static constexpr std::size_t block_size = 64;
  static constexpr std::string_view name = "sha256";
  using Digest = std::array<std::uint8_t, digest_size>;

  // Sha256() starts a new message with the fastest kernel this CPU runs (cpu::detected()).
  Sha256() noexcept;
  // Sha256(kernel) uses the given kernel (internal: tests and benchmarks).
  explicit Sha256(const detail::Sha256Kernel& kernel) noexcept;
  Sha256(const Sha256&) noexcept = default;
  Sha256& operator=(const Sha256&) noexcept = default;
  ~Sha256();

  // update appends data to the message.
  void update(std::span<const std::uint8_t> data) noexcept;
  // finish writes the digest to out, wipes the state and starts a new message.
  void finish(std::span<std::uint8_t, digest_size> out) noexcept;
  Digest finish() noexcept;
  // reset discards the message so far (wiping it) and starts a new one.
  void reset() noexcept;

  // hash writes SHA-256(data) to out. out may alias data.
  static void hash(std::span<std::uint8_t, digest_size> out,
                   std::span<const std::uint8_t> data) noexcept;
  static Digest hash(std::span<const std::uint8_t> data) noexcept;

  // update_many appends data[i] to *hashers[i] for every i: the same result as calling update
  // on each, but the messages go through the kernel together where it interleaves them,
  // sixteen at a time (sha256/avx512_shani) or two (sha256/shani: nearly twice the throughput
  // of one message). The hashers must be distinct objects. Error: output_size_mismatch if the
  // spans differ in size (nothing done).
  static Status update_many(std::span<Sha256* const> hashers,
                            std::span<const std::span<const std::uint8_t>> data) noexcept;

  // hash_many writes SHA-256(messages[i]) to out[i] for every i, the messages together as
  // update_many takes them, their final padded blocks too. Error: output_size_mismatch if the
  // spans differ in size (nothing done).
  static Status hash_many(std::span<Digest> out,
                          std::span<const std::span<const std::uint8_t>> messages) noexcept;

  // kernel_name names the kernel this object uses, e.g. "sha256/shani".
  std::string_view kernel_name() const noexcept;

 private:
  // fill_block completes a partial buffered block from data and returns the rest of data.
  std::span<const std::uint8_t> fill_block(std::span<const std::uint8_t> data) noexcept;
  // pad writes the final padded block(s) of the message to buffer_ and returns their number.
  std::size_t pad() noexcept;
  // output writes the digest of the state, after the padding, and starts a new message.
  void output(std::span<std::uint8_t, digest_size> out) noexcept;
  // update_batch is update_many for at most sixteen hashers.
  static void update_batch(std::span<Sha256* const> hashers,
                           std::span<const std::span<const std::uint8_t>> data) noexcept;

  const detail::Sha256Kernel* kernel_;
  std::uint32_t state_[8];
  std::uint64_t length_;                 // bytes hashed so far
  std::uint8_t buffer_[2 * block_size];  // the partial block; finish pads in place
};

}  // namespace axiom
