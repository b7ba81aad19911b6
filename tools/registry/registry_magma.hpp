// registry_magma.hpp: Magma's benchmark subjects over each kernel's ops (bench registry, shared
// with `axiom bench`). Algorithm "magma"; ops "ecb" (encrypt the message's whole blocks),
// "ctr" (GOST CTR: the first counter block is the 4-byte IV magma_bench_iv || 0^32; a last
// partial block takes the first bytes of its keystream block) and "cbc-enc" (the message's
// whole blocks, the 8-byte IV magma_bench_iv). Every implementation uses the 32-byte benchmark
// key and writes the ciphertext; bytes after the whole blocks of ecb and cbc-enc stay unwritten.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "registry/registry.hpp"

namespace axiom::bench {

inline constexpr std::uint8_t magma_bench_iv[8] = {0x12, 0x34, 0x56, 0x78, 0x90, 0xab, 0xcd, 0xef};

// magma_ops lists the benchmarked ops.
std::vector<std::string> magma_ops();

// add_magma_subjects appends a subject per Magma kernel and op, and per GF(2^64) MGM kernel.
void add_magma_subjects(std::vector<Subject>& out);

// magma_reference computes with the portable kernel (checked against the KATs) what subject s
// must write for msg; false for another algorithm.
bool magma_reference(const Subject& s, std::span<const std::uint8_t> key,
                     std::span<const std::uint8_t> msg, std::uint8_t* want);

}  // namespace axiom::bench
