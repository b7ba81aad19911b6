// bench_chacha20: the ChaCha20 family's peers. Our kernels come from the bench registry
// (tools/registry/chacha20.cpp: chacha20/xor, poly1305/mac, chacha20-poly1305/seal and /open,
// one per kernel); this adds the same four operations of every peer library found at build
// time. bench_sha256.cpp's main() registers and times them all, interleaved.
#include "peers/peers.hpp"

namespace axiom::bench::peers {

void add_chacha20_peers([[maybe_unused]] std::vector<Subject>& out) {
#ifdef AXIOM_BENCH_PEER_OPENSSL
  add_openssl_chacha20(out);
#endif
#ifdef AXIOM_BENCH_PEER_LIBGCRYPT
  add_libgcrypt_chacha20(out);
#endif
#ifdef AXIOM_BENCH_PEER_BOTAN
  add_botan_chacha20(out);
#endif
#ifdef AXIOM_BENCH_PEER_LIBSODIUM
  add_libsodium_chacha20(out);
#endif
#ifdef AXIOM_BENCH_PEER_NETTLE
  add_nettle_chacha20(out);
#endif
}

}  // namespace axiom::bench::peers
