// Constant-time validation with valgrind (DESIGN.md section 4): secrets are marked undefined, so
// memcheck reports any branch or memory index computed from them. Results are declassified
// (marked defined) before the test looks at them.
#pragma once

#include <valgrind/memcheck.h>
#include <valgrind/valgrind.h>

#include <cstddef>
#include <span>

namespace axiom::ct {

template <class T, std::size_t N>
void secret(std::span<T, N> s) {
  (void)VALGRIND_MAKE_MEM_UNDEFINED(s.data(), s.size_bytes());
}
template <class T, std::size_t N>
void declassify(std::span<T, N> s) {
  (void)VALGRIND_MAKE_MEM_DEFINED(s.data(), s.size_bytes());
}
inline void declassify(const void* p, std::size_t n) { (void)VALGRIND_MAKE_MEM_DEFINED(p, n); }

}  // namespace axiom::ct
