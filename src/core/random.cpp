#include "axiom/random.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>

#if defined(_WIN32)
#include <windows.h>
// windows.h first: bcrypt.h needs its types.
#include <bcrypt.h>
#elif defined(__linux__)
#include <sys/random.h>
#else
#include <stdlib.h>  // arc4random_buf on the BSDs and macOS
#endif

namespace axiom {

void fill_random(std::span<std::uint8_t> out) noexcept {
#if defined(_WIN32)
  std::uint8_t* p = out.data();
  std::size_t left = out.size();
  while (left > 0) {
    // The system-preferred generator (no algorithm handle to open); a ULONG length per call.
    const ULONG n = left > 0x40000000 ? 0x40000000 : static_cast<ULONG>(left);
    if (BCryptGenRandom(nullptr, p, n, BCRYPT_USE_SYSTEM_PREFERRED_RNG) != 0) {
      std::fputs("axiom: BCryptGenRandom failed; refusing to continue without randomness\n",
                 stderr);
      std::abort();
    }
    p += n;
    left -= n;
  }
#elif defined(__linux__)
  std::uint8_t* p = out.data();
  std::size_t left = out.size();
  while (left > 0) {
    // getrandom returns at most 32 MiB - 1 per call and may be interrupted: loop until done.
    ssize_t n = getrandom(p, left, 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      std::fputs("axiom: getrandom failed; refusing to continue without randomness\n", stderr);
      std::abort();
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
#else
  arc4random_buf(out.data(), out.size());
#endif
}

}  // namespace axiom
