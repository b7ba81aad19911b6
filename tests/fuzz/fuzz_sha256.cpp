// Fuzz target: every SHA-256 kernel against the portable one, with the input cut into random
// streaming pieces and hashed two messages at a time; HMAC with a key taken from the input;
// and, where OpenSSL is linked, against OpenSSL. Any difference aborts.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

#if AXIOM_FUZZ_OPENSSL
#include <openssl/evp.h>
#include <openssl/hmac.h>
#endif

#include "axiom/hmac.hpp"
#include "axiom/sha256.hpp"
#include "sha256/sha256_kernel.hpp"

namespace {

using axiom::Sha256;
using Bytes = std::span<const std::uint8_t>;

void require(bool ok) {
  if (!ok) std::abort();
}

// Streams msg into h in pieces whose sizes come from the bytes of cuts.
void update_in_pieces(Sha256& h, Bytes msg, Bytes cuts) {
  std::size_t pos = 0, c = 0;
  while (pos < msg.size()) {
    const std::size_t take = cuts.empty() ? msg.size() : 1 + cuts[c++ % cuts.size()] * 3u;
    const std::size_t n = take < msg.size() - pos ? take : msg.size() - pos;
    h.update(msg.subspan(pos, n));
    pos += n;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const Bytes in(data, size);
  // Layout: [cuts length][cuts][key length][key][message], all clamped to what is there.
  const std::size_t ncuts = size ? data[0] % 16 : 0;
  const Bytes cuts = in.subspan(size ? 1 : 0).first(std::min(ncuts, size ? size - 1 : 0));
  const Bytes rest = in.subspan(std::min(size, 1 + cuts.size()));
  const std::size_t nkey = rest.empty() ? 0 : rest[0] % 100;
  const Bytes key = rest.subspan(rest.empty() ? 0 : 1).first(std::min(nkey, rest.empty() ? 0 : rest.size() - 1));
  const Bytes msg = rest.subspan(std::min(rest.size(), 1 + key.size()));

  Sha256 ref(axiom::detail::sha256_portable);
  ref.update(msg);
  const Sha256::Digest want = ref.finish();
  const auto want_tag = axiom::Hmac<Sha256>(key, Sha256(axiom::detail::sha256_portable));
  for (const axiom::detail::Sha256Kernel* k : axiom::detail::sha256_kernels()) {
    if (!axiom::cpu::hardware().has(k->info.needs)) continue;
    Sha256 h(*k);
    update_in_pieces(h, msg, cuts);
    require(h.finish() == want);
    Sha256 a(*k), b(*k);
    Sha256* pair[] = {&a, &b};
    const Bytes parts[] = {msg, msg.subspan(msg.size() / 2)};
    require(Sha256::update_many(pair, parts).ok());
    require(a.finish() == want);
    require(b.finish() == Sha256::hash(parts[1]));
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
