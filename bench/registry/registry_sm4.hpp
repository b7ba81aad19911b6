// registry_sm4.hpp: the SM4 benchmark subjects (bench registry, shared with `axiom bench`).
// Algorithm "sm4"; ops "ctr", "ecb" (encrypt), "cbc-enc", "cbc-dec", "gcm-seal", "gcm-open",
// "ccm-seal", "cmac", on the contract of registry_aes.hpp: the first 16 bytes of the
// benchmark key, the IV aes_bench_iv (GCM and CCM: its first 12 bytes as the nonce), no AAD,
// 16-byte tags, the same outputs (ccm-seal: ciphertext || tag).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "registry/registry.hpp"

namespace axiom::bench {

// add_sm4_subjects appends our SM4 kernels' subjects.
void add_sm4_subjects(std::vector<Subject>& out);

// sm4_reference computes, with the portable kernels, what subject s must write for msg; false
// if s is not an SM4 subject.
bool sm4_reference(const Subject& s, std::span<const std::uint8_t> key, std::span<const std::uint8_t> msg,
                   std::uint8_t* want);

// sm4_ops lists the benchmarked SM4 ops.
std::vector<std::string> sm4_ops();

// sm4_timed says whether make bench times impl (our ISA name or a peer's name) on op: every op
// for our best kernel and libgcrypt (the fastest peer), the main modes for the others.
bool sm4_timed(const std::string& op, const std::string& impl);

}  // namespace axiom::bench
