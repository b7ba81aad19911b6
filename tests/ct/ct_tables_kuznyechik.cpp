// Proves that the valgrind check sees the leak of Kuznyechik's tables kernel (16 table loads
// per round, indexed by bytes of the secret state; constant_time = false): one block under a
// secret key and plaintext. ctest requires valgrind to report a secret memory index here.
#include <cstdio>

#include "axiom/kuznyechik.hpp"
#include "ct/ct.hpp"
#include "kuznyechik/kuznyechik_kernel.hpp"

int main() {
  std::uint8_t key[32] = {1, 2, 3}, block[16] = {4, 5, 6};
  axiom::ct::secret(std::span(key));
  axiom::ct::secret(std::span(block));
  const axiom::Kuznyechik k(key, axiom::detail::kuznyechik_tables);
  k.encrypt_block(block);
  axiom::ct::declassify(std::span(block));
  std::printf("%02x\n", block[0]);
  return 0;
}
