// The kernels a per-kernel test runs: the library's list, then the emulated builds of the kernels
// for ISAs the machine may lack (tests/emulated), as "<algo>/<isa>~emul". An emulated kernel
// needs no CPU feature, so it runs on every machine; it is never constant time (SIMDe indexes
// memory by data), so no constant-time test takes it.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "aes/aes_kernel.hpp"
#include "gcm/gcm_kernel.hpp"
#include "ghash/ghash_kernel.hpp"
#include "mgm/mgm_kernel.hpp"
#include "streebog/streebog_kernel.hpp"

namespace axiom::test {

std::span<const detail::StreebogKernel* const> streebog_test_kernels();
std::span<const detail::AesKernel* const> aes_test_kernels();
std::span<const detail::GhashKernel* const> ghash_test_kernels();
std::span<const detail::GcmFusedKernel* const> gcm_test_kernels();
std::span<const detail::MgmKernel* const> mgm_test_kernels();

// fused_cipher: the AES kernel whose schedule the fused GCM kernel f reads (library or emulated
// build), or null.
const detail::AesKernel* fused_cipher(const detail::GcmFusedKernel& f);

// emulated: whether the kernel is an emulated build ("~emul"), for tests that size their work
// by it (emulation is 50 to 500 times slower).
bool emulated(const detail::KernelInfo& info);

// test_lengths: the message lengths a differential test runs on the kernel named kernel_name:
// awkward_lengths(dense), or for an emulated kernel every length to 64 and then every block
// count to dense/16 at its boundary (n*16 - 1, n*16, n*16 + 1), with awkward_lengths' large ones.
std::vector<std::size_t> test_lengths(std::string_view kernel_name, std::size_t dense);

}  // namespace axiom::test
