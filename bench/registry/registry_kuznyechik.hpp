// registry_kuznyechik.hpp: Kuznyechik's benchmark subjects (bench registry, shared with
// `axiom bench`). Algorithm "kuznyechik"; ops "ecb" (encrypt), "ctr" (GOST CTR: the 8-byte IV
// kuz_bench_iv || 0^64 as the first counter block), "cbc-enc", "cbc-dec" (16-byte IV
// kuz_bench_iv), "mac" (OMAC, the full 16-byte tag) and "mgm-seal" (MGM, nonce kuz_bench_iv,
// no AAD: ciphertext || 16-byte tag). Every implementation uses the 32-byte benchmark key and
// writes the ciphertext, or the tag.
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

// add_kuznyechik_subjects appends our Kuznyechik kernels' subjects, and "mgm"/"sum" for each
// MGM kernel (the GF(2^128) sum of products over the message's whole blocks: a 16-byte output).
void add_kuznyechik_subjects(std::vector<Subject>& out);

// kuznyechik_reference computes with the table kernel (checked against the KATs and the
// portable kernel by the tests) what subject s must write for msg; false for another algorithm.
bool kuznyechik_reference(const Subject& s, std::span<const std::uint8_t> key,
                          std::span<const std::uint8_t> msg, std::uint8_t* want);

}  // namespace axiom::bench
