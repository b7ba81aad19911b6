// wipe.hpp: inline wiping of small fixed-size secret objects (hash states, key schedules).
#pragma once

#include <cstddef>
#include <cstring>

namespace axiom::detail {

// wipe zeroes obj with 16-byte stores the compiler must keep. Inline and without memset: for a
// state of a few dozen bytes, a call into memset (or the "rep stos" compilers pick for it)
// costs more than hashing a short message. The barrier in the loop keeps the stores from
// being merged back into such a call.
template <class T>
inline void wipe(T& obj) noexcept {
  using V16 = unsigned char __attribute__((vector_size(16)));
  auto* p = reinterpret_cast<unsigned char*>(&obj);
  std::size_t i = 0;
  for (; i + 16 <= sizeof obj; i += 16) {
    const V16 zero = {};
    std::memcpy(p + i, &zero, 16);
    __asm__ __volatile__("" : : "r"(p) : "memory");
  }
  for (; i < sizeof obj; ++i) p[i] = 0;
  __asm__ __volatile__("" : : "r"(p) : "memory");
}

}  // namespace axiom::detail
