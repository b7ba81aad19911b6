#include "support/test_kernels.hpp"

#include <deque>
#include <initializer_list>
#include <string>
#include <vector>

#include "support/kernels.hpp"

#if defined(AXIOM_TEST_EMULATED_KERNELS)
namespace axiom::detail {
// The emulated builds (tests/emulated/CMakeLists.txt renames <algo>_<isa> to <algo>_<isa>_emul).
extern const StreebogKernel streebog_avx512_gfni_emul;
extern const ChaCha20Kernel chacha20_avx512_emul;
extern const Poly1305Kernel poly1305_avx512_ifma_emul;
extern const MgmKernel mgm_vpclmul_avx512_emul;
extern const Sha256Kernel sha256_avx512_shani_emul;
extern const KuznyechikKernel kuznyechik_avx512_gfni_emul;
extern const Sm4Kernel sm4_gfni_avx512_emul;
extern const Sm4Kernel sm4_gfni_avx2_emul;
extern const AesKernel aes_vaes_avx512_emul;
extern const GhashKernel ghash_vpclmul_avx512_emul;
extern const GcmFusedKernel gcm_vaes_avx512_emul;
extern const MagmaKernel magma_avx512_vbmi_emul;
}  // namespace axiom::detail
#define AXIOM_EMULATED_KERNEL(k) &detail::k##_emul,
#else
#define AXIOM_EMULATED_KERNEL(k)
#endif

namespace axiom::test {
namespace {

// KernelList: the library's kernels followed by renamed copies of the emulated ones.
template <class K>
class KernelList {
 public:
  KernelList(std::span<const K* const> library, std::initializer_list<const K*> emulated) {
    list_.assign(library.begin(), library.end());
    for (const K* e : emulated) {
      const std::string& name = names_.emplace_back(std::string(e->info.name) + "~emul");
      K& copy = copies_.emplace_back(*e);
      copy.info = {name, cpu::Features{}, false};
      list_.push_back(&copy);
    }
  }
  std::span<const K* const> span() const { return list_; }

 private:
  std::deque<std::string> names_;  // a deque: the names and copies never move
  std::deque<K> copies_;
  std::vector<const K*> list_;
};

}  // namespace

bool emulated(const detail::KernelInfo& info) {
#ifdef AXIOM_TESTS_UNDER_EMULATOR
  (void)info;
  return true;
#else
  return info.name.ends_with("~emul");
#endif
}

std::span<const detail::StreebogKernel* const> streebog_test_kernels() {
  static const KernelList<detail::StreebogKernel> list(
      detail::streebog_kernels(), {AXIOM_EMULATED_KERNEL(streebog_avx512_gfni)});
  return list.span();
}

std::span<const detail::ChaCha20Kernel* const> chacha20_test_kernels() {
  static const KernelList<detail::ChaCha20Kernel> list(detail::chacha20_kernels(),
                                                       {AXIOM_EMULATED_KERNEL(chacha20_avx512)});
  return list.span();
}

std::span<const detail::Poly1305Kernel* const> poly1305_test_kernels() {
  static const KernelList<detail::Poly1305Kernel> list(
      detail::poly1305_kernels(), {AXIOM_EMULATED_KERNEL(poly1305_avx512_ifma)});
  return list.span();
}

std::span<const detail::MgmKernel* const> mgm_test_kernels() {
  static const KernelList<detail::MgmKernel> list(detail::mgm_kernels(),
                                                  {AXIOM_EMULATED_KERNEL(mgm_vpclmul_avx512)});
  return list.span();
}

std::span<const detail::Sha256Kernel* const> sha256_test_kernels() {
  static const KernelList<detail::Sha256Kernel> list(detail::sha256_kernels(),
                                                     {AXIOM_EMULATED_KERNEL(sha256_avx512_shani)});
  return list.span();
}

std::span<const detail::KuznyechikKernel* const> kuznyechik_test_kernels() {
  static const KernelList<detail::KuznyechikKernel> list(
      detail::kuznyechik_kernels(), {AXIOM_EMULATED_KERNEL(kuznyechik_avx512_gfni)});
  return list.span();
}

std::span<const detail::MagmaKernel* const> magma_test_kernels() {
  static const KernelList<detail::MagmaKernel> list(detail::magma_kernels(),
                                                    {AXIOM_EMULATED_KERNEL(magma_avx512_vbmi)});
  return list.span();
}

std::span<const detail::Mgm64Kernel* const> mgm64_test_kernels() { return detail::mgm64_kernels(); }

std::span<const detail::Sm4Kernel* const> sm4_test_kernels() {
  static const KernelList<detail::Sm4Kernel> list(
      detail::sm4_kernels(),
      {AXIOM_EMULATED_KERNEL(sm4_gfni_avx512) AXIOM_EMULATED_KERNEL(sm4_gfni_avx2)});
  return list.span();
}

std::span<const detail::AesKernel* const> aes_test_kernels() {
  static const KernelList<detail::AesKernel> list(detail::aes_kernels(),
                                                  {AXIOM_EMULATED_KERNEL(aes_vaes_avx512)});
  return list.span();
}

std::span<const detail::GhashKernel* const> ghash_test_kernels() {
  static const KernelList<detail::GhashKernel> list(detail::ghash_kernels(),
                                                    {AXIOM_EMULATED_KERNEL(ghash_vpclmul_avx512)});
  return list.span();
}

std::span<const detail::GcmFusedKernel* const> gcm_test_kernels() {
  static const KernelList<detail::GcmFusedKernel> list(detail::gcm_kernels(),
                                                       {AXIOM_EMULATED_KERNEL(gcm_vaes_avx512)});
  return list.span();
}

const detail::AesKernel* fused_cipher(const detail::GcmFusedKernel& f) {
  for (const detail::AesKernel* k : detail::aes_kernels())
    if (&k->ops == f.cipher) return k;
#if defined(AXIOM_TEST_EMULATED_KERNELS)
  if (f.cipher == &detail::aes_vaes_avx512_emul.ops)
    return &detail::aes_vaes_avx512_emul;  // the emulated fused kernel's
#endif
  return nullptr;
}

}  // namespace axiom::test
