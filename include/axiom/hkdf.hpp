// hkdf.hpp: HKDF (RFC 5869) over any axiom hash.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "axiom/bytes.hpp"
#include "axiom/hmac.hpp"
#include "axiom/result.hpp"

namespace axiom {

// Hkdf<H> derives keys with HMAC-H. All functions are stateless and thread-safe; outputs may
// not overlap inputs. The optional prototype (internal: tests and benchmarks) picks H's kernel.
template <class H>
struct Hkdf {
  static constexpr std::size_t prk_size = H::digest_size;
  static constexpr std::size_t max_output = 255 * H::digest_size;

  // extract writes PRK = HMAC-H(salt, ikm) to prk. An empty salt means H::digest_size zeros.
  static void extract(std::span<std::uint8_t, prk_size> prk, std::span<const std::uint8_t> salt,
                      std::span<const std::uint8_t> ikm, const H& prototype = H()) noexcept {
    Hmac<H> m(salt, prototype);
    m.update(ikm);
    m.finish(prk);
  }

  // expand fills okm (at most max_output bytes) from prk (at least prk_size bytes) and info.
  // Errors: output_too_long, invalid_key_size; okm is zeroed on failure.
  static Status expand(std::span<std::uint8_t> okm, std::span<const std::uint8_t> prk,
                       std::span<const std::uint8_t> info, const H& prototype = H()) noexcept {
    if (okm.size() > max_output || prk.size() < prk_size) {
      secure_wipe(okm);
      return okm.size() > max_output ? Error::output_too_long : Error::invalid_key_size;
    }
    const Hmac<H> keyed(prk, prototype);
    typename Hmac<H>::Tag t{};
    std::size_t done = 0;
    for (std::uint8_t counter = 1; done < okm.size(); ++counter) {
      Hmac<H> m(keyed);
      if (counter > 1) m.update(t);
      m.update(info);
      m.update(std::span<const std::uint8_t>(&counter, 1));
      m.finish(t);
      const std::size_t n = okm.size() - done < t.size() ? okm.size() - done : t.size();
      for (std::size_t i = 0; i < n; ++i) okm[done + i] = t[i];
      done += n;
    }
    secure_wipe(t);
    return {};
  }

  // derive is extract then expand: okm = HKDF(ikm, salt, info). Errors as expand.
  static Status derive(std::span<std::uint8_t> okm, std::span<const std::uint8_t> ikm,
                       std::span<const std::uint8_t> salt, std::span<const std::uint8_t> info,
                       const H& prototype = H()) noexcept {
    std::uint8_t prk[prk_size];
    extract(prk, salt, ikm, prototype);
    Status s = expand(okm, prk, info, prototype);
    secure_wipe(prk, sizeof prk);
    return s;
  }
};

}  // namespace axiom
