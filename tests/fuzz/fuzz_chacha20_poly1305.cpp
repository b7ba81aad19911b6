// Fuzz target: ChaCha20-Poly1305 and XChaCha20-Poly1305 on every pair of ChaCha20 and Poly1305
// kernels against the portable pair: seal, open in place, the detached forms, and one flipped
// bit of ciphertext, tag or AAD that must fail with the output zeroed; and, where libsodium is
// linked, seal and open against crypto_aead_(x)chacha20poly1305_ietf.
#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#if AXIOM_FUZZ_SODIUM
#include <sodium.h>
#endif

#include "axiom/chacha20_poly1305.hpp"
#include "chacha20/chacha20_kernel.hpp"
#include "fuzz_input.hpp"
#include "poly1305/poly1305_kernel.hpp"

namespace {

using axiom::fuzz::Bytes;
using axiom::fuzz::require;
using Vec = std::vector<std::uint8_t>;

bool all_zero(const Vec& v) {
  return std::all_of(v.begin(), v.end(), [](std::uint8_t b) { return b == 0; });
}

template <class Aead>
void run(std::span<const std::uint8_t, 32> key,
         std::span<const std::uint8_t, Aead::nonce_size> nonce, std::size_t flip, Bytes aad,
         Bytes msg) {
  const Aead ref(key, axiom::detail::chacha20_portable, axiom::detail::poly1305_portable);
  Vec want(msg.size() + 16);
  require(ref.seal(want, nonce, msg, aad).ok());

  for (const axiom::detail::ChaCha20Kernel* c : axiom::detail::chacha20_kernels()) {
    if (!axiom::fuzz::runnable(c->info)) continue;
    for (const axiom::detail::Poly1305Kernel* p : axiom::detail::poly1305_kernels()) {
      if (!axiom::fuzz::runnable(p->info)) continue;
      const Aead aead(key, *c, *p);
      Vec buf(msg.size() + 16);
      std::copy(msg.begin(), msg.end(), buf.begin());
      require(aead.seal(buf, nonce, std::span(buf).first(msg.size()), aad).ok());
      require(buf == want);
      Vec plain(msg.size());
      require(aead.open(plain, nonce, buf, aad).ok());
      require(std::equal(plain.begin(), plain.end(), msg.begin()));
      Vec sealed = buf;
      require(aead.open(std::span(sealed).first(msg.size()), nonce, sealed, aad).ok());  // in place
      require(std::equal(msg.begin(), msg.end(), sealed.begin()));

      Vec ct(msg.size());
      std::array<std::uint8_t, 16> tag{};
      require(aead.seal_detached(ct, tag, nonce, msg, aad).ok());
      require(std::equal(ct.begin(), ct.end(), want.begin()));
      require(std::equal(tag.begin(), tag.end(), want.end() - 16));
      require(aead.open_detached(ct, nonce, ct, tag, aad).ok());
      require(std::equal(ct.begin(), ct.end(), msg.begin()));

      // One flipped bit of the ciphertext, the tag or the AAD fails and zeroes the output.
      Vec bad_aad(aad.begin(), aad.end());
      const std::size_t bits = (buf.size() + bad_aad.size()) * 8, bit = flip % bits;
      Vec& target = bit / 8 < buf.size() ? buf : bad_aad;
      const std::size_t at = bit / 8 < buf.size() ? bit / 8 : bit / 8 - buf.size();
      target[at] ^= static_cast<std::uint8_t>(1u << (bit % 8));
      std::fill(plain.begin(), plain.end(), std::uint8_t{0x55});
      require(aead.open(plain, nonce, buf, bad_aad).error() == axiom::Error::authentication_failed);
      require(all_zero(plain));
    }
  }
#if AXIOM_FUZZ_SODIUM
  Vec theirs(msg.size() + 16), back(msg.size() + 1);
  unsigned long long n = 0;
  constexpr bool x = Aead::nonce_size == 24;
  const auto seal =
      x ? crypto_aead_xchacha20poly1305_ietf_encrypt : crypto_aead_chacha20poly1305_ietf_encrypt;
  const auto open =
      x ? crypto_aead_xchacha20poly1305_ietf_decrypt : crypto_aead_chacha20poly1305_ietf_decrypt;
  require(seal(theirs.data(), &n, msg.data(), msg.size(), aad.data(), aad.size(), nullptr,
               nonce.data(), key.data()) == 0);
  require(n == theirs.size() && theirs == want);
  require(open(back.data(), &n, nullptr, want.data(), want.size(), aad.data(), aad.size(),
               nonce.data(), key.data()) == 0);
  require(n == msg.size() && std::equal(msg.begin(), msg.end(), back.begin()));
#endif
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Layout: [mode: bit 0 XChaCha20-Poly1305][key, 32][nonce, 24][flip, 2][aad length][aad]
  // [message].
  axiom::fuzz::Input in(data, size);
  const std::uint8_t mode = in.byte();
  const auto key = in.fixed<32>();
  const auto nonce = in.fixed<24>();
  const std::size_t flip = std::size_t{in.byte()} << 8 | in.byte();
  const Bytes aad = in.take(in.byte());
  const Bytes msg = in.rest();
  const std::span<const std::uint8_t, 24> n(nonce);
  if (mode & 1)
    run<axiom::XChaCha20Poly1305>(key, n, flip, aad, msg);
  else
    run<axiom::ChaCha20Poly1305>(key, n.first<12>(), flip, aad, msg);
  return 0;
}
