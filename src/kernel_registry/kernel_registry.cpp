// The list of every kernel compiled in, for tests, the CLI and benchmarks.
#include <vector>

#include "kernel_registry/kernel_registry.hpp"

#include "chacha20/chacha20_kernel.hpp"
#include "poly1305/poly1305_kernel.hpp"
#include "aes/aes_kernel.hpp"
#include "ghash/ghash_kernel.hpp"
#include "gcm/gcm_kernel.hpp"
#include "sm4/sm4_kernel.hpp"
#include "kuznyechik/kuznyechik_kernel.hpp"
#include "mgm/mgm_kernel.hpp"
#include "magma/magma_kernel.hpp"
#include "mgm64/mgm64_kernel.hpp"
#include "sha256/sha256_kernel.hpp"
#include "streebog/streebog_kernel.hpp"

namespace axiom::detail {

namespace {
template <class Kernel>
void add_all(std::vector<const KernelInfo*>& out, std::span<const Kernel* const> list) {
  for (const Kernel* k : list) out.push_back(&k->info);
}
}  // namespace

std::span<const KernelInfo* const> all_kernels() noexcept {
  static const std::vector<const KernelInfo*> list = [] {
    std::vector<const KernelInfo*> v;
    add_all(v, sha256_kernels());
    add_all(v, streebog_kernels());
    add_all(v, chacha20_kernels());
    add_all(v, poly1305_kernels());
    add_all(v, aes_kernels());
    add_all(v, ghash_kernels());
    add_all(v, gcm_kernels());
    add_all(v, sm4_kernels());
    add_all(v, kuznyechik_kernels());
    add_all(v, mgm64_kernels());  // before mgm: the bench matches a subject's name by substring
    add_all(v, mgm_kernels());
    add_all(v, magma_kernels());
    return v;
  }();
  return list;
}

}  // namespace axiom::detail
