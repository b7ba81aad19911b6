// gost_kdf.hpp: the key derivation functions of RFC 7836 (R 50.1.113-2016) over
// HMAC-Streebog-256.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "axiom/bytes.hpp"
#include "axiom/hmac.hpp"
#include "axiom/result.hpp"
#include "axiom/streebog.hpp"

namespace axiom {

// KdfGostr3411_2012_256 is KDF_GOSTR3411_2012_256 (RFC 7836 section 4.4):
// HMAC-Streebog-256(key, 0x01 | label | 0x00 | seed | 0x01 0x00), a 32-byte key. Stateless and
// thread-safe; out must not overlap the inputs. The optional prototype (internal: tests and
// benchmarks) picks the Streebog kernel.
struct KdfGostr3411_2012_256 {
  static constexpr std::size_t output_size = 32;

  // derive writes the 32-byte derived key to out. Keys, labels and seeds of any length.
  static void derive(std::span<std::uint8_t, output_size> out, std::span<const std::uint8_t> key,
                     std::span<const std::uint8_t> label, std::span<const std::uint8_t> seed,
                     const Streebog256& prototype = Streebog256()) noexcept {
    const std::uint8_t one = 0x01, zero = 0x00, length[2] = {0x01, 0x00};
    Hmac<Streebog256> m(key, prototype);
    m.update(std::span(&one, 1));
    m.update(label);
    m.update(std::span(&zero, 1));
    m.update(seed);
    m.update(length);
    m.finish(out);
  }
};

// KdfTreeGostr3411_2012_256 is KDF_TREE_GOSTR3411_2012_256 (RFC 7836 section 4.5): out (L =
// 8 * out.size() bits) is K(1) | K(2) | ... truncated, where K(i) = HMAC-Streebog-256(key,
// [i]_R | label | 0x00 | seed | [L]), [i]_R is i as r big-endian bytes and [L] is L as
// big-endian bytes without leading zero bytes (0x0200 for 64 bytes), as in the RFC's example
// and the GOST engine. Stateless and thread-safe; out must not overlap the inputs.
struct KdfTreeGostr3411_2012_256 {
  // derive fills out. r (1 to 4) is the size of the counter. Errors: invalid_argument when r
  // is not 1..4 or out is empty; output_too_long when out needs 2^(8r) blocks of 32 bytes or
  // more, or L does not fit 32 bits. out is zeroed on failure.
  static Status derive(std::span<std::uint8_t> out, std::span<const std::uint8_t> key,
                       std::span<const std::uint8_t> label, std::span<const std::uint8_t> seed,
                       std::size_t r = 1, const Streebog256& prototype = Streebog256()) noexcept {
    constexpr std::size_t h = Hmac<Streebog256>::tag_size;
    const std::size_t blocks = (out.size() + h - 1) / h;
    Status s;
    if (r < 1 || r > 4 || out.empty())
      s = Error::invalid_argument;
    else if (out.size() > 0x1fffffffu || (r < 4 && blocks >= (std::size_t{1} << (8 * r))))
      s = Error::output_too_long;
    if (!s.ok()) {
      secure_wipe(out);
      return s;
    }
    const std::uint32_t bits = static_cast<std::uint32_t>(out.size() * 8);
    std::uint8_t length[4];
    std::size_t length_size = 0;
    for (int shift = 24; shift >= 0; shift -= 8) {
      const auto b = static_cast<std::uint8_t>(bits >> shift);
      if (b != 0 || length_size != 0) length[length_size++] = b;
    }
    const Hmac<Streebog256> keyed(key, prototype);
    typename Hmac<Streebog256>::Tag t{};
    const std::uint8_t zero = 0x00;
    std::size_t done = 0;
    for (std::uint32_t i = 1; done < out.size(); ++i) {
      std::uint8_t counter[4];
      for (std::size_t j = 0; j < r; ++j)
        counter[j] = static_cast<std::uint8_t>(i >> (8 * (r - 1 - j)));
      Hmac<Streebog256> m(keyed);
      m.update(std::span<const std::uint8_t>(counter, r));
      m.update(label);
      m.update(std::span(&zero, 1));
      m.update(seed);
      m.update(std::span<const std::uint8_t>(length, length_size));
      m.finish(t);
      const std::size_t n = out.size() - done < h ? out.size() - done : h;
      for (std::size_t j = 0; j < n; ++j) out[done + j] = t[j];
      done += n;
    }
    secure_wipe(t);
    return {};
  }
};

}  // namespace axiom
