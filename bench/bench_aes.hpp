// bench_aes.hpp: the peers' AES subjects (bench_aes.cpp), added to axiom_bench's list.
#pragma once

#include <vector>

#include "registry/registry.hpp"

namespace axiom::bench::peers {

// add_aes_peers appends every peer library's AES subjects that this build found.
void add_aes_peers(std::vector<Subject>& out);

}  // namespace axiom::bench::peers
