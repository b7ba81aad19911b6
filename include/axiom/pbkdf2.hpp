// pbkdf2.hpp: PBKDF2 (RFC 8018 section 5.2) over any axiom MAC used as the PRF.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "axiom/bytes.hpp"
#include "axiom/hmac.hpp"
#include "axiom/result.hpp"

namespace axiom {

// Pbkdf2<Prf> derives a key from a password, e.g. Pbkdf2<Hmac<Sha256>>. Prf is a MAC keyed by the
// password (Hmac<H>). Stateless and thread-safe; out must not overlap the inputs.
template <class Prf>
struct Pbkdf2 {
  // derive fills out with PBKDF2(password, salt, iterations). Errors: invalid_argument when
  // iterations is 0, output_too_long past (2^32 - 1) blocks; out is zeroed on failure.
  // prototype (internal: tests and benchmarks) picks the hash kernel.
  static Status derive(std::span<std::uint8_t> out, std::span<const std::uint8_t> password,
                       std::span<const std::uint8_t> salt, std::uint32_t iterations,
                       const typename Prf::Hash& prototype = typename Prf::Hash()) noexcept {
    constexpr std::size_t h = Prf::tag_size;
    if (iterations == 0 || out.size() / h >= 0xffffffffu) {
      secure_wipe(out);
      return iterations == 0 ? Error::invalid_argument : Error::output_too_long;
    }
    const Prf keyed(password, prototype);
    typename Prf::Tag u{}, t{};
    std::size_t done = 0;
    for (std::uint32_t block = 1; done < out.size(); ++block) {
      const std::uint8_t index[4] = {
          static_cast<std::uint8_t>(block >> 24), static_cast<std::uint8_t>(block >> 16),
          static_cast<std::uint8_t>(block >> 8), static_cast<std::uint8_t>(block)};
      Prf m(keyed);
      m.update(salt);
      m.update(index);
      m.finish(u);
      t = u;
      for (std::uint32_t i = 1; i < iterations; ++i) {
        m.update(u);  // m is back in its keyed state after finish
        m.finish(u);
        for (std::size_t j = 0; j < h; ++j) t[j] ^= u[j];
      }
      const std::size_t n = out.size() - done < h ? out.size() - done : h;
      for (std::size_t j = 0; j < n; ++j) out[done + j] = t[j];
      done += n;
    }
    secure_wipe(u);
    secure_wipe(t);
    return {};
  }
};

}  // namespace axiom
