// A program that uses axiom the way a user would: installed headers and library only.
#include <axiom/axiom.hpp>

#include <cstdio>

int main() {
  const auto digest = axiom::Sha256::hash(axiom::as_bytes("abc"));
  const auto tag = axiom::Hmac<axiom::Sha256>::mac(axiom::as_bytes("key"), axiom::as_bytes("abc"));
  std::printf("%s %s\n", axiom::to_hex(digest).c_str(), axiom::to_hex(tag).substr(0, 8).c_str());
  return axiom::to_hex(digest) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
             ? 0
             : 1;
}
