// Fuzz target: Poly1305 on every kernel against the portable one, streamed in random pieces,
// with a forked copy and verify (a flipped tag bit must fail); and, where libsodium is linked,
// against crypto_onetimeauth_poly1305.
#include <algorithm>
#include <cstdint>
#include <span>

#if AXIOM_FUZZ_SODIUM
#include <sodium.h>
#endif

#include "axiom/poly1305.hpp"
#include "fuzz_input.hpp"
#include "poly1305/poly1305_kernel.hpp"

using axiom::Poly1305;
using axiom::fuzz::Bytes;
using axiom::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Layout: [key, 32][flip][cuts length % 16][cuts][message].
  axiom::fuzz::Input in(data, size);
  const auto key = in.fixed<32>();
  const std::uint8_t flip = in.byte();
  const Bytes cuts = in.take(in.byte() % 16);
  const Bytes msg = in.rest();

  Poly1305 ref(key, axiom::detail::poly1305_portable);
  ref.update(msg);
  const Poly1305::Tag want = ref.finish();
  for (const axiom::detail::Poly1305Kernel* k : axiom::detail::poly1305_kernels()) {
    if (!axiom::fuzz::runnable(k->info)) continue;
    Poly1305 p(key, *k);
    const Bytes half = msg.first(msg.size() / 2);
    axiom::fuzz::update_in_pieces(p, half, cuts);
    Poly1305 fork = p;
    axiom::fuzz::update_in_pieces(p, msg.subspan(half.size()), cuts);
    fork.update(msg.subspan(half.size()));
    require(p.finish() == want);
    Poly1305::Tag bad = want;
    bad[flip % 16] ^= static_cast<std::uint8_t>(1u << (flip / 16 % 8));
    require(fork.verify(bad).error() == axiom::Error::authentication_failed);
    Poly1305 again(key, *k);
    again.update(msg);
    require(again.verify(want).ok());
  }
  require(Poly1305::mac(key, msg) == want);
#if AXIOM_FUZZ_SODIUM
  std::uint8_t theirs[16];
  crypto_onetimeauth_poly1305(theirs, msg.data(), msg.size(), key.data());
  require(std::equal(want.begin(), want.end(), theirs));
#endif
  return 0;
}
