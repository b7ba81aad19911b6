#include "support/test_kernels.hpp"

#include <deque>
#include <initializer_list>
#include <string>
#include <vector>

#if AXIOM_X86_64
namespace axiom::detail {
// The emulated builds (tests/emulated/CMakeLists.txt renames <algo>_<isa> to <algo>_<isa>_emul).
extern const StreebogKernel streebog_avx2_emul;
extern const AesKernel aes_vaes_avx512_emul;
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

std::span<const detail::StreebogKernel* const> streebog_test_kernels() {
  static const KernelList<detail::StreebogKernel> list(detail::streebog_kernels(),
                                                       {AXIOM_EMULATED_KERNEL(streebog_avx2)});
  return list.span();
}

std::span<const detail::AesKernel* const> aes_test_kernels() {
  static const KernelList<detail::AesKernel> list(detail::aes_kernels(), {AXIOM_EMULATED_KERNEL(aes_vaes_avx512)});
  return list.span();
}

bool emulated(const detail::KernelInfo& info) { return info.name.ends_with("~emul"); }

}  // namespace axiom::test
