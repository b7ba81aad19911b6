// bench_sha256: the SHA-256, HMAC-SHA256 and Streebog peers. Our kernels come from the bench
// registry (tools/registry/registry.cpp); this adds each peer library found at build time
// (bench/peers/<peer>.cpp). bench_main.cpp registers and times them all, interleaved.
#include "peers/peers.hpp"

namespace axiom::bench::peers {

void add_sha256_peers([[maybe_unused]] std::vector<Subject>& out) {
#ifdef AXIOM_BENCH_PEER_OPENSSL
  add_openssl(out);
#endif
#ifdef AXIOM_BENCH_PEER_LIBGCRYPT
  add_libgcrypt(out);
#endif
#ifdef AXIOM_BENCH_PEER_BOTAN
  add_botan(out);
#endif
#ifdef AXIOM_BENCH_PEER_CRYPTOPP
  add_cryptopp(out);
#endif
#ifdef AXIOM_BENCH_PEER_LIBSODIUM
  add_libsodium(out);
#endif
#ifdef AXIOM_BENCH_PEER_NETTLE
  add_nettle(out);
#endif
#ifdef AXIOM_BENCH_PEER_GNUTLS
  add_gnutls(out);
#endif
#ifdef AXIOM_BENCH_PEER_GOST_ENGINE
  add_gost_engine(out);
#endif
#ifdef AXIOM_BENCH_PEER_RHASH
  add_rhash(out);
#endif
}

}  // namespace axiom::bench::peers
