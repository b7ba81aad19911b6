// poly1305.hpp: the Poly1305 one-time authenticator (RFC 8439 section 2.5).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "axiom/result.hpp"

namespace axiom {

namespace detail {
struct Poly1305Kernel;
struct AeadAccess;

// Poly1305State is what a Poly1305 kernel works on (internal). h is the accumulator in base
// 2^64 (h[2] holds the top few bits), r the clamped key half. powers is kernel-private: a
// vector kernel keeps its precomputed powers of r there, computed on first use and valid
// while powers_ready is set.
struct Poly1305State {
  std::uint64_t h[3];
  std::uint64_t r[2];
  bool powers_ready;
  alignas(32) std::uint64_t powers[108];
};
}  // namespace detail

// Poly1305 computes the 16-byte tag of a message of any length under a 32-byte one-time key
// (r || s; r is clamped here). A key must authenticate one message only. Streaming: update()
// any number of times, then finish() or verify(), which wipe the key and state: the object
// then holds no key and must not be used again. It keeps a one-block buffer, allocates nothing
// and takes input at any alignment. Copyable (forks mid-stream); wiped on destruction. One
// object must not be used by two threads at once.
class Poly1305 {
 public:
  static constexpr std::size_t key_size = 32;
  static constexpr std::size_t tag_size = 16;
  static constexpr std::size_t block_size = 16;
  static constexpr std::string_view name = "poly1305";
  using Tag = std::array<std::uint8_t, tag_size>;

  // Poly1305(key) starts a message under the one-time key, with the kernel chosen for this CPU.
  explicit Poly1305(std::span<const std::uint8_t, key_size> key) noexcept;
  // Poly1305(key, kernel) uses the given kernel (internal: tests and benchmarks).
  Poly1305(std::span<const std::uint8_t, key_size> key,
           const detail::Poly1305Kernel& kernel) noexcept;
  Poly1305(const Poly1305&) noexcept = default;
  Poly1305& operator=(const Poly1305&) noexcept = default;
  ~Poly1305();

  // update appends data to the message.
  void update(std::span<const std::uint8_t> data) noexcept;
  // finish writes the tag to out (which may alias nothing the object holds) and wipes the key.
  void finish(std::span<std::uint8_t, tag_size> out) noexcept;
  Tag finish() noexcept;
  // verify finishes and compares the tag with `tag` in constant time, then wipes the key.
  // Errors: authentication_failed.
  Status verify(std::span<const std::uint8_t, tag_size> tag) noexcept;

  // mac writes Poly1305(key, data) to out. out may alias key or data.
  static void mac(std::span<std::uint8_t, tag_size> out,
                  std::span<const std::uint8_t, key_size> key,
                  std::span<const std::uint8_t> data) noexcept;
  static Tag mac(std::span<const std::uint8_t, key_size> key,
                 std::span<const std::uint8_t> data) noexcept;

  // kernel_name names the kernel this object uses, e.g. "poly1305/portable".
  std::string_view kernel_name() const noexcept;

 private:
  friend struct detail::AeadAccess;  // the fused ChaCha20-Poly1305 pass
  const detail::Poly1305Kernel* kernel_;
  detail::Poly1305State state_;  // accumulator, r and the kernel's powers of r
  std::uint64_t s_[2];           // s, added at the end
  std::size_t buffered_;         // bytes in buffer_
  std::uint8_t buffer_[block_size];
};

}  // namespace axiom
