// Fuzz target: every Streebog kernel against the portable one (256 and 512 bits), with the input
// cut into random streaming pieces; HMAC-Streebog-512 with a key taken from the input; and,
// where libgcrypt is linked, against libgcrypt. Any difference aborts.
#include <algorithm>
#include <cstdint>
#include <span>

#if AXIOM_FUZZ_LIBGCRYPT
#include <gcrypt.h>
#endif

#include "axiom/hmac.hpp"
#include "axiom/streebog.hpp"
#include "streebog/streebog_kernel.hpp"
#include "fuzz_input.hpp"

namespace {

using axiom::Streebog256;
using axiom::Streebog512;
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

  const auto& portable = axiom::detail::streebog_portable;
  Streebog256 ref256(portable);
  Streebog512 ref512(portable);
  ref256.update(msg);
  ref512.update(msg);
  const Streebog256::Digest want256 = ref256.finish();
  const Streebog512::Digest want512 = ref512.finish();
  const axiom::Hmac<Streebog512> keyed(key, Streebog512(portable));
  for (const axiom::detail::StreebogKernel* k : axiom::detail::streebog_kernels()) {
    if (!axiom::fuzz::runnable(k->info)) continue;
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
