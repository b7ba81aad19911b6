// The kernels a per-kernel test runs: the library's list, then the emulated builds of the kernels
// for ISAs the machine may lack (tests/emulated), as "<algo>/<isa>~emul". An emulated kernel
// needs no CPU feature, so it runs on every machine; it is never constant time (SIMDe indexes
// memory by data), so no constant-time test takes it.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "aes/aes_kernel.hpp"
#include "chacha20/chacha20_kernel.hpp"
#include "gcm/gcm_kernel.hpp"
#include "ghash/ghash_kernel.hpp"
#include "kuznyechik/kuznyechik_kernel.hpp"
#include "magma/magma_kernel.hpp"
#include "mgm64/mgm64_kernel.hpp"
#include "mgm/mgm_kernel.hpp"
#include "poly1305/poly1305_kernel.hpp"
#include "sha256/sha256_kernel.hpp"
#include "sm4/sm4_kernel.hpp"
#include "streebog/streebog_kernel.hpp"

namespace axiom::test {

std::span<const detail::StreebogKernel* const> streebog_test_kernels();
std::span<const detail::ChaCha20Kernel* const> chacha20_test_kernels();
std::span<const detail::Poly1305Kernel* const> poly1305_test_kernels();
std::span<const detail::MgmKernel* const> mgm_test_kernels();
std::span<const detail::Sha256Kernel* const> sha256_test_kernels();
std::span<const detail::KuznyechikKernel* const> kuznyechik_test_kernels();
std::span<const detail::MagmaKernel* const> magma_test_kernels();
std::span<const detail::Mgm64Kernel* const> mgm64_test_kernels();
std::span<const detail::Sm4Kernel* const> sm4_test_kernels();
std::span<const detail::AesKernel* const> aes_test_kernels();
std::span<const detail::GhashKernel* const> ghash_test_kernels();
std::span<const detail::GcmFusedKernel* const> gcm_test_kernels();

// fused_cipher: the AES kernel whose schedule the fused GCM kernel f reads (library or emulated
// build), or null.
const detail::AesKernel* fused_cipher(const detail::GcmFusedKernel& f);

// emulated: whether the kernel is an emulated build ("~emul"), or any kernel of a test binary
// that runs under an emulator (qemu, AXIOM_TESTS_UNDER_EMULATOR), for tests that size their work
// by it (emulation is 50 to 500 times slower). The portable kernels too: their full sweeps run
// natively on the same source, and under qemu they were the slowest tests.
bool emulated(const detail::KernelInfo& info);

}  // namespace axiom::test
