// Fuzz target: ChaCha20 and XChaCha20 on every ChaCha20 kernel against the portable one: the
// message streamed in random pieces and in place, seek, and a start counter near the 2^32
// wrap (where every kernel must refuse alike); and, where libsodium is linked, against
// crypto_stream_chacha20_ietf_xor_ic and crypto_stream_xchacha20_xor_ic.
#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#if AXIOM_FUZZ_SODIUM
#include <sodium.h>
#endif

#include "axiom/chacha20.hpp"
#include "chacha20/chacha20_kernel.hpp"
#include "fuzz_input.hpp"

namespace {

using axiom::fuzz::Bytes;
using axiom::fuzz::for_each_piece;
using axiom::fuzz::require;
using Vec = std::vector<std::uint8_t>;

template <class Cipher>
void run(std::span<const std::uint8_t, 32> key,
         std::span<const std::uint8_t, Cipher::nonce_size> nonce, std::uint32_t counter,
         std::uint32_t seek_block, Bytes cuts, Bytes msg) {
  Cipher ref(key, nonce, counter, axiom::detail::chacha20_portable);
  Vec want(msg.size());
  const axiom::Status want_status = ref.crypt(want, msg);

  for (const axiom::detail::ChaCha20Kernel* k : axiom::detail::chacha20_kernels()) {
    if (!axiom::fuzz::runnable(k->info)) continue;
    Cipher c(key, nonce, counter, *k);
    Vec buf(msg.begin(), msg.end());
    if (!want_status.ok()) {  // past the counter: refused alike, nothing written
      require(c.crypt(buf, buf).error() == want_status.error());
      require(std::equal(buf.begin(), buf.end(), msg.begin()));
      continue;
    }
    bool ok = true;
    for_each_piece(msg.size(), cuts, [&](std::size_t at, std::size_t n) {
      const std::span<std::uint8_t> piece = std::span(buf).subspan(at, n);
      ok = ok && c.crypt(piece, piece).ok();
    });
    require(ok && buf == want);

    // seek to a block inside the message gives the same keystream from there.
    const std::size_t blocks = (msg.size() + 63) / 64;
    if (blocks > 0) {
      const std::uint32_t b = seek_block % static_cast<std::uint32_t>(blocks);
      c.seek(counter + b);
      Vec tail(msg.size() - std::size_t{b} * 64);
      require(c.crypt(tail, msg.subspan(std::size_t{b} * 64)).ok());
      require(std::equal(tail.begin(), tail.end(), want.begin() + std::ptrdiff_t{b} * 64));
    }
  }
#if AXIOM_FUZZ_SODIUM
  if (want_status.ok() && !msg.empty()) {
    Vec theirs(msg.size());
    if constexpr (Cipher::nonce_size == 12)
      crypto_stream_chacha20_ietf_xor_ic(theirs.data(), msg.data(), msg.size(), nonce.data(),
                                         counter, key.data());
    else
      crypto_stream_xchacha20_xor_ic(theirs.data(), msg.data(), msg.size(), nonce.data(), counter,
                                     key.data());
    require(theirs == want);
  }
#endif
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Layout: [mode: bit 0 XChaCha20, bit 1 counter near 2^32][key, 32][nonce, 24][counter, 2]
  // [seek, 2][cuts length % 16][cuts][message].
  axiom::fuzz::Input in(data, size);
  const std::uint8_t mode = in.byte();
  const auto key = in.fixed<32>();
  const auto nonce = in.fixed<24>();
  const std::uint32_t low = std::uint32_t{in.byte()} << 8 | in.byte();
  const std::uint32_t counter = (mode & 2) ? 0xffffffffu - (low & 0xff) : low;
  const std::uint32_t seek_block = std::uint32_t{in.byte()} << 8 | in.byte();
  const Bytes cuts = in.take(in.byte() % 16);
  const Bytes msg = in.rest();
  const std::span<const std::uint8_t, 24> n(nonce);
  if (mode & 1)
    run<axiom::XChaCha20>(key, n, counter, seek_block, cuts, msg);
  else
    run<axiom::ChaCha20>(key, n.first<12>(), counter, seek_block, cuts, msg);
  return 0;
}
