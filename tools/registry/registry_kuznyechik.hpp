// registry_kuznyechik.hpp: what the benchmarks of the GOST block ciphers share (bench
// registry, shared with `axiom bench`; the subjects themselves are registry_block_cipher.cpp's).
// Algorithms "kuznyechik", "magma" (the GOST rows' cipher names); ops "ecb" (encrypt), "ctr" (GOST
// CTR: the IV of half a block, kuz_bench_iv's first bytes, then zeros as the first counter block),
// "cbc-enc", "cbc-dec" (IV: kuz_bench_iv's first block), "mac" (OMAC, the full tag of one
// block), "mgm-seal" (MGM, nonce kuz_bench_iv's first block, no AAD: ciphertext || tag of one
// block), "cbc-enc-x8" and "mac-x8" (ours only). Every implementation uses the first key-size
// bytes of the benchmark key and writes the ciphertext, or the tag. Also MGM's multiplication
// kernels alone ("mgm"/"sum").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "registry/registry.hpp"

namespace axiom::bench {

inline constexpr std::uint8_t kuz_bench_iv[16] = {0x12, 0x34, 0x56, 0x78, 0x90, 0xab, 0xce, 0xf0,
                                                  0xa1, 0xb2, 0xc3, 0xd4, 0xe5, 0xf0, 0x01, 0x12};
inline constexpr std::size_t kuz_out_size = 1048576 + 16;

// kuz_ops lists the benchmarked ops.
std::vector<std::string> kuz_ops();

// add_mgm_subjects appends "mgm"/"sum" for each MGM kernel (the GF(2^128) sum of products
// over the message's whole blocks: a 16-byte output).
void add_mgm_subjects(std::vector<Subject>& out);

// mgm_reference computes with the portable kernel what an "mgm" subject s must write for msg;
// false for another algorithm.
bool mgm_reference(const Subject& s, std::span<const std::uint8_t> msg, std::uint8_t* want);

}  // namespace axiom::bench
