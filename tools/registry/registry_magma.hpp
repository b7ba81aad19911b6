// registry_magma.hpp: the benchmark subjects of MGM over GF(2^64), Magma-MGM's multiplication
// (bench registry, shared with `axiom bench`); Magma's own subjects are the GOST row's of
// registry_block_cipher.cpp. Algorithm "mgm64", op "sum": the GF(2^64) sum of products over the
// message's whole 8-byte blocks as both factors, an 8-byte output.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "registry/registry.hpp"

namespace axiom::bench {

// add_mgm64_subjects appends a subject per GF(2^64) MGM kernel.
void add_mgm64_subjects(std::vector<Subject>& out);

// mgm64_reference computes with the portable kernel what an "mgm64" subject s must write for
// msg; false for another algorithm.
bool mgm64_reference(const Subject& s, std::span<const std::uint8_t> msg, std::uint8_t* want);

}  // namespace axiom::bench
