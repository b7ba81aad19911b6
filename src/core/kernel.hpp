// kernel.hpp: what every kernel struct starts with, and how a list of kernels is chosen from.
// The list of all of them is src/registry/registry.hpp.
#pragma once

#include <span>
#include <string_view>

#include "axiom/cpu.hpp"

namespace axiom::detail {

// KernelInfo describes one compiled-in kernel: its name ("<algo>/<isa>"), the features it needs
// and whether it is free of secret-dependent branches and memory indices.
struct KernelInfo {
  std::string_view name;
  cpu::Features needs;
  bool constant_time;

  std::string_view algorithm() const noexcept { return name.substr(0, name.find('/')); }
  std::string_view isa() const noexcept { return name.substr(name.find('/') + 1); }
};

// select_kernel returns the first kernel of list (best first) that f can run and that is
// constant time; if none is, the first that f can run. The last entry of every list is the
// portable kernel, which needs nothing, so a kernel is always found.
template <class Kernel>
const Kernel& select_kernel(std::span<const Kernel* const> list, cpu::Features f) noexcept {
  for (const Kernel* k : list)
    if (k->info.constant_time && f.has(k->info.needs)) return *k;
  for (const Kernel* k : list)
    if (f.has(k->info.needs)) return *k;
  return *list.back();
}

}  // namespace axiom::detail
