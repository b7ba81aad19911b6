// verdict.hpp: the end of every AEAD open, where the tag check's verdict becomes public.
#pragma once

#include <cstdint>
#include <span>

#include "axiom/bytes.hpp"
#include "axiom/result.hpp"

#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define AXIOM_DECLASSIFY(p, n) VALGRIND_MAKE_MEM_DEFINED(p, n)
#else
#define AXIOM_DECLASSIFY(p, n) ((void)(p), (void)(n))
#endif

namespace axiom::detail {

// release_if_authentic ends an open: it keeps the plaintext in out when the tag matched
// (same) and wipes it otherwise. The verdict is public (open returns it), so it may be
// branched on, which costs nothing on success; the valgrind constant-time test is told so
// (a no-op when the program does not run under valgrind).
inline Status release_if_authentic(std::span<std::uint8_t> out, bool same) noexcept {
  AXIOM_DECLASSIFY(&same, sizeof same);
  if (same) return {};
  secure_wipe(out);
  return Error::authentication_failed;
}

}  // namespace axiom::detail
