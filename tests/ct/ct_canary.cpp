// Proves the valgrind constant-time check can fail: this program branches on a secret
// ("branch") or indexes memory with it ("index"). ctest expects valgrind to report it.
#include <cstdio>
#include <cstring>

#include "ct/ct.hpp"

static const unsigned char table[256] = {1};

int main(int argc, char** argv) {
  unsigned char key[16] = {3};
  axiom::ct::secret(std::span(key));
  int result = 0;
  if (argc > 1 && std::strcmp(argv[1], "index") == 0) {
    result = table[key[0]];  // secret-dependent memory index
  } else if (key[0] & 1) {   // secret-dependent branch
    result = 1;
  }
  axiom::ct::declassify(&result, sizeof result);
  std::printf("%d\n", result);
  return 0;
}
