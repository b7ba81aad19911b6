// bench_block_ciphers.hpp: the peers' AES and SM4 subjects (bench_block_ciphers.cpp), added to
// axiom_bench's list.
#pragma once

#include <vector>

#include "registry/registry.hpp"

namespace axiom::bench::peers {

// add_block_cipher_peers appends every peer library's AES and SM4 subjects that this build found.
void add_block_cipher_peers(std::vector<Subject>& out);

}  // namespace axiom::bench::peers
