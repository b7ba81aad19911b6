/* immintrin.h for the emulated build of a kernel (tests only; see tests/emulated/README.md).
 * This directory comes first on that build's include path, so a kernel's own
 * `#include <immintrin.h>` lands here: SIMDe with the Intel names, for baseline x86-64, plus the
 * project's shim for what SIMDe 0.7.4 lacks. Never GCC's immintrin.h after SIMDe: its headers
 * break on SIMDe's alias macros. */
#ifndef AXIOM_EMULATED_IMMINTRIN_H
#define AXIOM_EMULATED_IMMINTRIN_H

#ifndef AXIOM_EMULATED
#error "tests/emulated/include is only for the emulated build of a kernel"
#endif

#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/x86/avx512.h>
#include <simde/x86/clmul.h>
#include <simde/x86/gfni.h>

#include "axiom_shim.h"

#endif
