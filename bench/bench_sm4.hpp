// bench_sm4.hpp: the peers' SM4 subjects (bench_sm4.cpp), added to axiom_bench's list.
#pragma once

#include <vector>

#include "registry/registry.hpp"

namespace axiom::bench::peers {

// add_sm4_peers appends every peer library's SM4 subjects that this build found.
void add_sm4_peers(std::vector<Subject>& out);

}  // namespace axiom::bench::peers
