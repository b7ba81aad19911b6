// kernel_registry.hpp: every kernel of every algorithm compiled into this build. It sits above
// every algorithm folder in the dependency graph (it includes their kernel headers), so nothing in
// an algorithm folder or in src/core includes it; the CLI, the bench and the tests do.
#pragma once

#include <span>

#include "core/kernel.hpp"

namespace axiom::detail {

// all_kernels lists every kernel of every algorithm compiled into this build, each algorithm's
// best first.
std::span<const KernelInfo* const> all_kernels() noexcept;

}  // namespace axiom::detail
