// hmac.hpp: HMAC (RFC 2104, FIPS 198-1) over any axiom hash.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "axiom/bytes.hpp"
#include "axiom/result.hpp"

namespace axiom {

// Hmac<H> computes HMAC-H with a key of any length (keys longer than H::block_size are hashed
// first, as RFC 2104 says). Streaming like the hash: update() any number of times, then
// finish() or verify(), after which the object is ready for a new message under the same key.
// Copyable (forks mid-stream); the key and states are wiped on destruction. One object must not
// be used by two threads at once.
template <class H>
class Hmac {
 public:
  using Hash = H;
  static constexpr std::size_t tag_size = H::digest_size;
  static constexpr std::size_t block_size = H::block_size;
  using Tag = std::array<std::uint8_t, tag_size>;

  // Hmac(key) keys a new MAC. prototype (internal: tests and benchmarks) picks H's kernel.
  explicit Hmac(std::span<const std::uint8_t> key, const H& prototype = H()) noexcept
      : inner_(prototype), outer_(prototype), keyed_inner_(prototype) {
    std::uint8_t block[block_size] = {};
    if (key.size() > block_size) {
      H h(prototype);
      h.update(key);
      h.finish(std::span<std::uint8_t, H::digest_size>(block, H::digest_size));
    } else {
      for (std::size_t i = 0; i < key.size(); ++i) block[i] = key[i];
    }
    for (std::uint8_t& b : block) b ^= 0x36;
    inner_.update(block);
    for (std::uint8_t& b : block) b ^= 0x36 ^ 0x5c;
    outer_.update(block);
    secure_wipe(block, sizeof block);
    keyed_inner_ = inner_;
  }

  // update appends data to the message.
  void update(std::span<const std::uint8_t> data) noexcept { inner_.update(data); }

  // finish writes the tag to out and starts a new message under the same key.
  void finish(std::span<std::uint8_t, tag_size> out) noexcept {
    inner_.finish(out);
    H outer(outer_);
    outer.update(out);
    outer.finish(out);
    inner_ = keyed_inner_;
  }
  Tag finish() noexcept {
    Tag t;
    finish(t);
    return t;
  }

  // verify finishes the message and compares its tag with tag in constant time. tag may be
  // truncated (its leading bytes, at least 4 and at most tag_size). Errors: invalid_tag_size,
  // authentication_failed.
  Status verify(std::span<const std::uint8_t> tag) noexcept {
    Tag mine = finish();
    Status s;
    if (tag.size() < 4 || tag.size() > tag_size)
      s = Error::invalid_tag_size;
    else if (!ct_equal(std::span<const std::uint8_t>(mine).first(tag.size()), tag))
      s = Error::authentication_failed;
    secure_wipe(mine);
    return s;
  }

  // mac writes HMAC-H(key, data) to out.
  static void mac(std::span<std::uint8_t, tag_size> out, std::span<const std::uint8_t> key,
                  std::span<const std::uint8_t> data) noexcept {
    Hmac m(key);
    m.update(data);
    m.finish(out);
  }
  static Tag mac(std::span<const std::uint8_t> key, std::span<const std::uint8_t> data) noexcept {
    Tag t;
    mac(t, key, data);
    return t;
  }

 private:
  H inner_;        // the message so far, after the inner key block
  H outer_;        // after the outer key block
  H keyed_inner_;  // after the inner key block, to restart after finish
};

}  // namespace axiom
