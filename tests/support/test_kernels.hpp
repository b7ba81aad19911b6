// The kernels a per-kernel test runs: the library's list, then the emulated builds of the kernels
// for ISAs the machine may lack (tests/emulated), as "<algo>/<isa>~emul". An emulated kernel
// needs no CPU feature, so it runs on every machine; it is never constant time (SIMDe indexes
// memory by data), so no constant-time test takes it.
#pragma once

#include <span>

#include "aes/aes_kernel.hpp"
#include "streebog/streebog_kernel.hpp"

namespace axiom::test {

std::span<const detail::StreebogKernel* const> streebog_test_kernels();
std::span<const detail::AesKernel* const> aes_test_kernels();

// emulated: whether the kernel is an emulated build ("~emul"), for tests that size their work
// by it (emulation is 50 to 500 times slower).
bool emulated(const detail::KernelInfo& info);

}  // namespace axiom::test
