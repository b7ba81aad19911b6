// registry_aes.hpp: the AES family's benchmark subjects (bench registry, shared with
// `axiom bench`). Algorithms "aes-128" and "aes-256"; ops "ctr", "ecb" (encrypt), "cbc-enc",
// "cbc-dec", "gcm-seal", "gcm-open", "cmac". Every implementation (ours and the peers') uses
// the first 16 or 32 bytes of the benchmark key, the IV aes_bench_iv (GCM: its first 12
// bytes as the nonce), no AAD, and writes: the ciphertext (ctr, ecb, cbc-*), ciphertext || tag
// (gcm-seal), the plaintext (gcm-open, which opens what gcm-seal gives for the message,
// sealed once outside the timing), or the 16-byte tag (cmac).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "registry/registry.hpp"

namespace axiom::bench {

inline constexpr std::uint8_t aes_bench_iv[16] = {0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7,
                                                  0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff};
// aes_out_size: the output buffer every AES subject gets (the largest message plus a tag).
inline constexpr std::size_t aes_out_size = 1048576 + 16;

// add_aes_subjects appends our AES kernels' subjects.
void add_aes_subjects(std::vector<Subject>& out);

// aes_reference computes, with the portable kernels, what subject s must write for msg; false
// if s is not an AES subject.
bool aes_reference(const Subject& s, std::span<const std::uint8_t> key,
                   std::span<const std::uint8_t> msg, std::uint8_t* want);

// aes_ops lists the ops of algo ("aes-128" or "aes-256").
std::vector<std::string> aes_ops(const std::string& algo);

// aes_timed says whether make bench times impl (our ISA name or a peer's name) on algo/op: all
// the fast ones on the main modes, fewer elsewhere, so that the AES part stays near 3 minutes.
bool aes_timed(const std::string& algo, const std::string& op, const std::string& impl);

}  // namespace axiom::bench
