// Proves that the valgrind check sees the table kernels' leak: Streebog's portable kernel (8
// table loads per output word, indexed by bytes of the state) hashes a secret message. ctest
// requires valgrind to report a secret memory index here, the way it would in any kernel that
// claims to be constant time.
#include <cstdio>

#include "axiom/streebog.hpp"
#include "ct/ct.hpp"
#include "streebog/streebog_kernel.hpp"

int main() {
  std::uint8_t msg[64] = {1, 2, 3};
  axiom::ct::secret(std::span(msg));
  axiom::Streebog512 h(axiom::detail::streebog_portable);
  h.update(msg);
  auto digest = h.finish();
  axiom::ct::declassify(std::span(digest));
  std::printf("%02x\n", digest[0]);
  return 0;
}
