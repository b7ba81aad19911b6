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

#if defined(_WIN32)
namespace {

// ProcessPrng (bcryptprimitives.dll, Windows 10 and later) is the generator BCryptGenRandom
// itself draws from: no handle, no size limit, and documented never to fail. No import library
// has it, so it is looked up once at run time, in System32 only (never beside the program, where
// a planted DLL could answer). Older systems, and Wine 8 (no bcryptprimitives.dll), fall back
// to BCryptGenRandom.
using ProcessPrngFunction = BOOL(WINAPI*)(PBYTE, SIZE_T);

ProcessPrngFunction process_prng() noexcept {
  static const ProcessPrngFunction function = [] {
    HMODULE dll = LoadLibraryExW(L"bcryptprimitives.dll", nullptr, LOAD_LIBRARY_SEARCH_SYSTEM32);
    FARPROC found = dll ? GetProcAddress(dll, "ProcessPrng") : nullptr;
    // Through void (*)(), the one function pointer type GCC lets convert to any other unwarned.
    return reinterpret_cast<ProcessPrngFunction>(reinterpret_cast<void (*)()>(found));
  }();
  return function;
}

}  // namespace
#endif

void fill_random(std::span<std::uint8_t> out) noexcept {
#if defined(_WIN32)
  if (ProcessPrngFunction prng = process_prng()) {
    if (!prng(out.data(), out.size())) {
      std::fputs("axiom: ProcessPrng failed; refusing to continue without randomness\n", stderr);
      std::abort();
    }
    return;
  }
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
