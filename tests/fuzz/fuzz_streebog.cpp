// Fuzz target: every Streebog kernel against the portable one (256 and 512 bits), with the input
// cut into random streaming pieces; HMAC-Streebog-512 with a key taken from the input; and,
// where libgcrypt is linked, against libgcrypt. Any difference aborts.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <span>

#if AXIOM_FUZZ_LIBGCRYPT
#include <gcrypt.h>
#endif

#include "axiom/hmac.hpp"
#include "axiom/streebog.hpp"
#include "streebog/streebog_kernel.hpp"

namespace {

using axiom::Streebog256;
using axiom::Streebog512;
using Bytes = std::span<const std::uint8_t>;

void require(bool ok) {
  if (!ok) std::abort();
}

// Streams msg into h in pieces whose sizes come from the bytes of cuts.
template <class H>
void update_in_pieces(H& h, Bytes msg, Bytes cuts) {
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

  const auto& portable = axiom::detail::streebog_portable;
  Streebog256 ref256(portable);
  Streebog512 ref512(portable);
  ref256.update(msg);
  ref512.update(msg);
  const Streebog256::Digest want256 = ref256.finish();
  const Streebog512::Digest want512 = ref512.finish();
  const axiom::Hmac<Streebog512> keyed(key, Streebog512(portable));
  for (const axiom::detail::StreebogKernel* k : axiom::detail::streebog_kernels()) {
    if (!axiom::cpu::hardware().has(k->info.needs)) continue;
    Streebog256 h256(*k);
    Streebog512 h512(*k);
    update_in_pieces(h256, msg, cuts);
    update_in_pieces(h512, msg, cuts);
    require(h256.finish() == want256);
    require(h512.finish() == want512);
    axiom::Hmac<Streebog512> m(key, Streebog512(*k)), r(keyed);
    m.update(msg);
    r.update(msg);
    require(m.finish() == r.finish());
  }
#if AXIOM_FUZZ_LIBGCRYPT
  std::uint8_t theirs[64];
  gcry_md_hash_buffer(GCRY_MD_STRIBOG256, theirs, msg.data(), msg.size());
  require(std::equal(want256.begin(), want256.end(), theirs));
  gcry_md_hash_buffer(GCRY_MD_STRIBOG512, theirs, msg.data(), msg.size());
  require(std::equal(want512.begin(), want512.end(), theirs));
#endif
  return 0;
}
