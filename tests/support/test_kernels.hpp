// The kernels a per-kernel test runs: the library's list, then the emulated builds of the kernels
// for ISAs the machine may lack (tests/emulated), as "<algo>/<isa>~emul". An emulated kernel
// needs no CPU feature, so it runs on every machine; it is never constant time (SIMDe indexes
// memory by data), so no constant-time test takes it.
#pragma once

#include <span>

#include "sm4/sm4_kernel.hpp"
#include "streebog/streebog_kernel.hpp"

namespace axiom::test {

std::span<const detail::StreebogKernel* const> streebog_test_kernels();
std::span<const detail::Sm4Kernel* const> sm4_test_kernels();

// emulated: the kernel is an emulated build ("~emul"), for tests to size their loads by.
bool emulated(const detail::KernelInfo& info);

}  // namespace axiom::test
