// RHash (librhash): rhash_msg for its GOST R 34.11-2012 digests, one call per message. Its
// OpenSSL hand-off is switched off so that RHash's own code is timed (it would pass some hashes
// to OpenSSL otherwise; OpenSSL has no Streebog, but the mask keeps the rule uniform).
#include <rhash.h>

#include <cstdlib>
#include <tuple>

#include "peers/peers.hpp"

namespace axiom::bench::peers {

void add_rhash(std::vector<Subject>& out) {
  rhash_library_init();
  rhash_set_openssl_mask(0);
  for (const auto& [name, id, size] : {std::tuple{"streebog256", RHASH_GOST12_256, 32},
                                       std::tuple{"streebog512", RHASH_GOST12_512, 64}}) {
    out.push_back({name, "hash", "rhash", false, true, static_cast<std::size_t>(size),
                   [id](std::span<const std::uint8_t>) -> MessageFn {
                     return [id](std::span<const std::uint8_t> msg, std::uint8_t* o) {
                       if (rhash_msg(static_cast<unsigned>(id), msg.data(), msg.size(), o) < 0)
                         std::abort();
                     };
                   }});
  }
}

}  // namespace axiom::bench::peers
