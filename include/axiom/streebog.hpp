// streebog.hpp: Streebog-256 and Streebog-512 (GOST R 34.11-2012, RFC 6986).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "axiom/result.hpp"

namespace axiom {

namespace detail {
struct StreebogKernel;

// StreebogState is the chaining value h, the message length N in bits and the sum Σ of the
// blocks, each a 512-bit number as 8 little-endian 64-bit words (word 0 least significant):
// the byte order of messages and digests in memory.
struct StreebogState {
  std::uint64_t h[8];
  std::uint64_t n[8];
  std::uint64_t sigma[8];
};

struct StreebogTestAccess;
}  // namespace detail

// Streebog<Bits> hashes a message of any length (the standard counts its length modulo
// 2^512 bits) into a Bits / 8-byte digest, in pieces: update() any number of times, then
// finish(). Bits is 256 or 512; use the names Streebog256 and Streebog512. Digests are bytes
// in memory order, as gost12sum, OpenSSL, libgcrypt and Botan print them (RFC 6986 prints
// them reversed). It keeps a one-block buffer, allocates nothing and takes input at any
// alignment. Copying an object forks the hash mid-stream. finish() wipes the state and leaves
// the object ready for a new message. One object must not be used by two threads at once;
// distinct objects are independent.
template <std::size_t Bits>
class Streebog {
  static_assert(Bits == 256 || Bits == 512, "Streebog is Streebog<256> or Streebog<512>");

 public:
  static constexpr std::size_t digest_size = Bits / 8;
  static constexpr std::size_t block_size = 64;
  static constexpr std::string_view name = Bits == 256 ? "streebog256" : "streebog512";
  using Digest = std::array<std::uint8_t, digest_size>;

  // Streebog() starts a new message with the default kernel for this CPU (cpu::detected()):
  // the fastest constant-time one, or the table kernel where none runs.
  Streebog() noexcept;
  // Streebog(kernel) uses the given kernel (internal: tests and benchmarks).
  explicit Streebog(const detail::StreebogKernel& kernel) noexcept;
  Streebog(const Streebog&) noexcept = default;
  Streebog& operator=(const Streebog&) noexcept = default;
  ~Streebog();

  // update appends data to the message.
  void update(std::span<const std::uint8_t> data) noexcept;
  // finish writes the digest to out, wipes the state and starts a new message.
  void finish(std::span<std::uint8_t, digest_size> out) noexcept;
  Digest finish() noexcept;
  // reset discards the message so far (wiping it) and starts a new one.
  void reset() noexcept;

  // hash writes Streebog(data) to out. out may alias data.
  static void hash(std::span<std::uint8_t, digest_size> out,
                   std::span<const std::uint8_t> data) noexcept;
  static Digest hash(std::span<const std::uint8_t> data) noexcept;

  // update_many appends data[i] to *hashers[i] for every i: the same result as calling update
  // on each, but two messages at a time go through the kernel together where it interleaves
  // them (streebog/avx512_gfni runs both chains' rounds side by side, streebog/avx2 in one set
  // of registers). The hashers must be distinct objects. Error: output_size_mismatch if the
  // spans differ in size (nothing done).
  static Status update_many(std::span<Streebog* const> hashers,
                            std::span<const std::span<const std::uint8_t>> data) noexcept;

  // hash_many writes Streebog(messages[i]) to out[i] for every i, two messages at a time as
  // update_many does. Error: output_size_mismatch if the spans differ in size (nothing done).
  static Status hash_many(std::span<Digest> out,
                          std::span<const std::span<const std::uint8_t>> messages) noexcept;

  // kernel_name names the kernel this object uses, e.g. "streebog/portable".
  std::string_view kernel_name() const noexcept;

 private:
  friend struct detail::StreebogTestAccess;
  // fill_block completes a partial buffered block from data and returns the rest of data.
  std::span<const std::uint8_t> fill_block(std::span<const std::uint8_t> data) noexcept;
  static void update_pair(Streebog& a, std::span<const std::uint8_t> da, Streebog& b,
                          std::span<const std::uint8_t> db) noexcept;

  const detail::StreebogKernel* kernel_;
  detail::StreebogState state_;
  std::size_t used_;                 // bytes in buffer_
  std::uint8_t buffer_[block_size];  // the partial block
};

extern template class Streebog<256>;
extern template class Streebog<512>;

// Streebog256 is Streebog with a 32-byte digest (GOST R 34.11-2012, 256 bits).
using Streebog256 = Streebog<256>;
// Streebog512 is Streebog with a 64-byte digest (GOST R 34.11-2012, 512 bits).
using Streebog512 = Streebog<512>;

}  // namespace axiom
