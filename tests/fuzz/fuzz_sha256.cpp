// Fuzz target: every SHA-256 kernel against the portable one, with the input cut into random
// streaming pieces and hashed two and seventeen messages at a time; HMAC with a key taken from
// the input; and, where OpenSSL is linked, against OpenSSL. Any difference aborts.
#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#if AXIOM_FUZZ_OPENSSL
#include <openssl/evp.h>
#include <openssl/hmac.h>
#endif

#include "axiom/hmac.hpp"
#include "axiom/sha256.hpp"
#include "sha256/sha256_kernel.hpp"
#include "fuzz_input.hpp"

namespace {

using axiom::Sha256;
using axiom::fuzz::Bytes;
using axiom::fuzz::require;
using axiom::fuzz::update_in_pieces;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Layout: [cuts length % 16][cuts][key length % 100][key][message].
  axiom::fuzz::Input in(data, size);
  const Bytes cuts = in.take(in.byte() % 16);
  const Bytes key = in.take(in.byte() % 100);
  const Bytes msg = in.rest();

  Sha256 ref(axiom::detail::sha256_portable);
  ref.update(msg);
  const Sha256::Digest want = ref.finish();
  const auto want_tag = axiom::Hmac<Sha256>(key, Sha256(axiom::detail::sha256_portable));
  for (const axiom::detail::Sha256Kernel* k : axiom::detail::sha256_kernels()) {
    if (!axiom::fuzz::runnable(k->info)) continue;
    Sha256 h(*k);
    update_in_pieces(h, msg, cuts);
    require(h.finish() == want);
    Sha256 a(*k), b(*k);
    Sha256* pair[] = {&a, &b};
    const Bytes parts[] = {msg, msg.subspan(msg.size() / 2)};
    require(Sha256::update_many(pair, parts).ok());
    require(a.finish() == want);
    require(b.finish() == Sha256::hash(parts[1]));
    // Seventeen suffixes of the message at once: sixteen lanes where the kernel has them.
    Sha256 many[17] = {Sha256(*k), Sha256(*k), Sha256(*k), Sha256(*k), Sha256(*k), Sha256(*k),
                       Sha256(*k), Sha256(*k), Sha256(*k), Sha256(*k), Sha256(*k), Sha256(*k),
                       Sha256(*k), Sha256(*k), Sha256(*k), Sha256(*k), Sha256(*k)};
    Sha256* hashers[17];
    Bytes suffixes[17];
    for (std::size_t i = 0; i < 17; ++i) {
      hashers[i] = &many[i];
      suffixes[i] = msg.subspan(i * msg.size() / 17);
    }
    require(Sha256::update_many(hashers, suffixes).ok());
    for (std::size_t i = 0; i < 17; ++i) {
      Sha256 r(axiom::detail::sha256_portable);
      r.update(suffixes[i]);
      require(many[i].finish() == r.finish());
    }
    axiom::Hmac<Sha256> m(key, Sha256(*k)), r(want_tag);
    m.update(msg);
    r.update(msg);
    require(m.finish() == r.finish());
  }
#if AXIOM_FUZZ_OPENSSL
  std::uint8_t theirs[32];
  unsigned len = 0;
  require(EVP_Digest(msg.data(), msg.size(), theirs, &len, EVP_sha256(), nullptr) == 1);
  require(std::equal(want.begin(), want.end(), theirs));
  // OpenSSL refuses a null key pointer even with length 0.
  const std::uint8_t no_key = 0;
  require(HMAC(EVP_sha256(), key.empty() ? &no_key : key.data(), static_cast<int>(key.size()),
               msg.data(), msg.size(), theirs, &len) != nullptr);
  axiom::Hmac<Sha256> m(key);
  m.update(msg);
  const auto tag = m.finish();
  require(std::equal(tag.begin(), tag.end(), theirs));
#endif
  return 0;
}
