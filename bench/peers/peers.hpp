// peers.hpp: other libraries' SHA-256, HMAC-SHA256 and Streebog, timed next to ours. Each peer file
// (bench/peers/<peer>.cpp) is built only when CMake finds the library, and then defines
// AXIOM_BENCH_PEER_<PEER> for axiom_bench's sources. Each add_* appends Subjects with ours = false,
// impl = the peer's name, and the same per-message contract as our registry: keyed once in
// prepare(), one whole message per call.
#pragma once

#include <vector>

#include "registry/registry.hpp"

namespace axiom::bench::peers {

// add_sha256_peers (bench_sha256.cpp) adds the SHA-256, HMAC and Streebog subjects of every
// peer built, each through one of these.
void add_sha256_peers(std::vector<Subject>& out);
void add_openssl(std::vector<Subject>& out);
void add_libgcrypt(std::vector<Subject>& out);
void add_botan(std::vector<Subject>& out);
void add_cryptopp(std::vector<Subject>& out);
void add_libsodium(std::vector<Subject>& out);
void add_nettle(std::vector<Subject>& out);
void add_gnutls(std::vector<Subject>& out);
void add_gost_engine(std::vector<Subject>& out);
void add_rhash(std::vector<Subject>& out);

// The ChaCha20 family (chacha20/xor, poly1305/mac, chacha20-poly1305/seal and /open) of each
// peer that has it, and add_chacha20_peers (bench_chacha20.cpp) adding all those built.
void add_chacha20_peers(std::vector<Subject>& out);
void add_openssl_chacha20(std::vector<Subject>& out);
void add_libgcrypt_chacha20(std::vector<Subject>& out);
void add_botan_chacha20(std::vector<Subject>& out);
void add_libsodium_chacha20(std::vector<Subject>& out);
void add_nettle_chacha20(std::vector<Subject>& out);

}  // namespace axiom::bench::peers
